-- Server settings, reminders of daily matches and the live matches of a server (issue 25).
-- Written once for both databases: migrations/sqlite and migrations/postgres link here.

-- One row per server that changed a setting: its settings as JSON (the bot's defaults fill
-- in what is missing).
CREATE TABLE guild_settings (
    guild_id   BIGINT PRIMARY KEY,
    settings   TEXT   NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- Members who turned the reminders of their daily matches off.
CREATE TABLE reminder_optouts (
    player_id BIGINT PRIMARY KEY,
    at_ms     BIGINT NOT NULL
);

-- When the player to move of a daily match is to be reminded next (none: no reminder due).
ALTER TABLE matches ADD COLUMN remind_ms BIGINT;
CREATE INDEX matches_remind ON matches (remind_ms) WHERE live AND remind_ms IS NOT NULL;

-- A server's live matches, oldest first (/matches).
CREATE INDEX matches_guild_live ON matches (guild_id, created_ms) WHERE live;
