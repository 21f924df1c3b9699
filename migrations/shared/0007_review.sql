-- Where live matches are found and reminders sent from (issue 36). Written once for both
-- databases: migrations/sqlite and migrations/postgres link here.

-- A live match that is not keyed by the channel its messages go to (a challenge waiting
-- for its thread, or an accepted one whose thread failed while that channel had a match):
-- that channel, where /status and /cancel find it. NULL for every other match.
ALTER TABLE matches ADD COLUMN post_channel_id BIGINT;
CREATE INDEX matches_live_post ON matches (post_channel_id, created_ms)
    WHERE live AND post_channel_id IS NOT NULL;

-- Reminders being sent: a row is taken by one process (until taken_ms and a lease) for the
-- reminder `which` of the turn that began after `moves` moves, and removed once the DM went
-- out and the match recorded it.
CREATE TABLE reminder_outbox (
    match_id BIGINT PRIMARY KEY,
    moves    BIGINT NOT NULL,
    which    TEXT   NOT NULL,
    taken_ms BIGINT NOT NULL
);
