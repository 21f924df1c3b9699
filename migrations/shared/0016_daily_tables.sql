-- The daily sea's tables at scale, and the reminder's language (issue 52). Written once for
-- both databases: migrations/sqlite and migrations/postgres link here.

-- A day's table reads only its first lines along one index, in table order: those who
-- finished (`playing` false) by shots, then by when, then those still playing by shots.
-- `playing` is the stored form of `finished_ms IS NULL`, set by the volley that finishes.
ALTER TABLE daily_attempts ADD COLUMN playing BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE daily_attempts SET playing = FALSE WHERE finished_ms IS NOT NULL;
DROP INDEX daily_attempts_table;
CREATE INDEX daily_attempts_order
    ON daily_attempts (variant, day, playing, shots, finished_ms, player_id);
-- A member's attempts: what a server they join adds to its counts, and what forgetting
-- them takes out.
CREATE INDEX daily_attempts_player ON daily_attempts (player_id);

-- How many attempts a day's table has, and how many of them finished, kept as they change
-- so that a table counts none of its rows: per rule set, day and server (`guild_id`, the
-- members in daily_members), and for every member of the bot (`guild_id` 0: no server has
-- that id). A member's attempt counts in each server they played the daily in.
CREATE TABLE daily_counts (
    variant  TEXT   NOT NULL,
    day      BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    total    BIGINT NOT NULL,
    finished BIGINT NOT NULL,
    PRIMARY KEY (variant, day, guild_id)
);
INSERT INTO daily_counts (variant, day, guild_id, total, finished)
    SELECT variant, day, 0, COUNT(*), COUNT(finished_ms)
    FROM daily_attempts GROUP BY variant, day;
INSERT INTO daily_counts (variant, day, guild_id, total, finished)
    SELECT a.variant, a.day, m.guild_id, COUNT(*), COUNT(a.finished_ms)
    FROM daily_attempts a JOIN daily_members m ON m.player_id = a.player_id
    GROUP BY a.variant, a.day, m.guild_id;

-- The language of the member's reminder DM: their Discord locale when they last turned
-- reminders on. None for those who did before it was kept (the DM falls back to English).
ALTER TABLE daily_reminders ADD COLUMN locale TEXT;
