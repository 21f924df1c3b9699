-- The hard computer's reads of finished matches (issue 36, item 2), each along an index in
-- the order it wants them (newest first), with no scan of the matches and no sort: a
-- member's by seat (the newest of each, merged), a server's, and those outside servers
-- (their own index: PostgreSQL does not take the server index's order across
-- `guild_id IS NULL`). Written once for both databases: migrations/sqlite and
-- migrations/postgres link here.
DROP INDEX matches_guild_ended;
CREATE INDEX matches_guild_finished ON matches (guild_id, variant, ended_ms DESC, id)
    WHERE NOT live;
CREATE INDEX matches_outside_finished ON matches (variant, ended_ms DESC, id)
    WHERE NOT live AND guild_id IS NULL;
CREATE INDEX matches_challenger_finished ON matches (challenger_id, variant, ended_ms DESC, id)
    WHERE NOT live;
CREATE INDEX matches_opponent_finished ON matches (opponent_id, variant, ended_ms DESC, id)
    WHERE NOT live;
