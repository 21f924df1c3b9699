-- Ends outside servers (issue 53, finding 4). An end with no server (a DM, a group DM, a
-- server without the bot) waits for the next interaction of one of its players in its
-- channel; one that nobody comes back to see is dropped from the waiting set after 14 days
-- (marked announced; the match stays in history). Written once for both databases:
-- migrations/sqlite and migrations/postgres link here.

-- The old index held every unannounced end, in no useful order: a start, the sweep of
-- ends in servers and each interaction outside servers went through all of them.
DROP INDEX matches_unannounced;

-- The ends in servers still to announce, oldest first: what a SQLite start loads and the
-- PostgreSQL sweep takes, without the ends outside servers.
CREATE INDEX matches_unannounced_servers ON matches (ended_ms)
    WHERE NOT live AND NOT announced AND guild_id IS NOT NULL;

-- The ends outside servers waiting in a channel, oldest first: what an interaction there
-- reads.
CREATE INDEX matches_waiting_channel ON matches (channel_id, ended_ms)
    WHERE NOT live AND NOT announced AND guild_id IS NULL;

-- The same ends by age: what the sweep drops after 14 days.
CREATE INDEX matches_waiting_age ON matches (ended_ms)
    WHERE NOT live AND NOT announced AND guild_id IS NULL;
