-- The daily sea (issue 52): one hidden fleet a day per rule set for every member of this
-- bot. Written once for both databases: migrations/sqlite and migrations/postgres link here.

-- The bot's own key for the daily seas, made at its first start (one row, id 1; the first
-- process to write it wins, the others read it back). Without it nobody can compute a day's
-- fleet; backups keep it. Hex of 32 bytes.
CREATE TABLE daily_secret (
    id     BIGINT PRIMARY KEY,
    secret TEXT   NOT NULL,
    at_ms  BIGINT NOT NULL
);

-- One attempt per member, rule set and day: `shots` volleys fired so far (classic: shots;
-- Game 2000: turns), `finished_ms` set by the volley that sank the last ship. A volley is
-- written only over the count it was fired at (`shots = n`), so one that two processes
-- fire at once is written once. Days that are over stay, for `/daily standings day:`.
CREATE TABLE daily_attempts (
    variant     TEXT   NOT NULL,
    day         BIGINT NOT NULL,
    player_id   BIGINT NOT NULL,
    shots       BIGINT NOT NULL,
    started_ms  BIGINT NOT NULL,
    finished_ms BIGINT,
    PRIMARY KEY (variant, day, player_id)
);
-- A day's table: finished first, by shots, then by when.
CREATE INDEX daily_attempts_table ON daily_attempts (variant, day, shots, finished_ms);

-- Every volley of an attempt, numbered from 0 in the order fired: its cells as typed
-- ("A1", "B2 C3 D4").
CREATE TABLE daily_volleys (
    variant   TEXT   NOT NULL,
    day       BIGINT NOT NULL,
    player_id BIGINT NOT NULL,
    n         BIGINT NOT NULL,
    cells     TEXT   NOT NULL,
    at_ms     BIGINT NOT NULL,
    PRIMARY KEY (variant, day, player_id, n)
);

-- The servers a member played the daily in: a server's table lists them.
CREATE TABLE daily_members (
    guild_id  BIGINT NOT NULL,
    player_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, player_id)
);
CREATE INDEX daily_members_player ON daily_members (player_id);

-- Streaks per member and rule set: consecutive days finished up to `last_day`, and the best.
CREATE TABLE daily_streaks (
    variant   TEXT   NOT NULL,
    player_id BIGINT NOT NULL,
    current   BIGINT NOT NULL,
    best      BIGINT NOT NULL,
    last_day  BIGINT NOT NULL,
    PRIMARY KEY (variant, player_id)
);

-- Members who asked for a reminder DM (`/daily remind on:true`); `sent_day` is the last day
-- one went out.
CREATE TABLE daily_reminders (
    player_id BIGINT PRIMARY KEY,
    at_ms     BIGINT NOT NULL,
    sent_day  BIGINT
);
