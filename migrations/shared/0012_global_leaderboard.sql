-- The global leaderboard (issue 38, item 5): `/leaderboard scope:global` ranks the members
-- who let their name be shown beyond their servers (`/privacy set leaderboard:visible`).
-- Hidden is the default: a member has a row here only after asking for it, and
-- `/privacy set leaderboard:hidden` or `/privacy delete` removes it.
-- Written once for both databases: migrations/sqlite and migrations/postgres link here.
CREATE TABLE leaderboard_optins (
    player_id BIGINT PRIMARY KEY,
    at_ms     BIGINT NOT NULL
);
-- The global leaderboard's places are the rows of guild_players with guild_id 0 (no server
-- has that id: Discord ids are never 0), one per opted-in member and rule set they have a
-- rating in, kept in the order of guild_players_order like every server's board: written
-- when the member opts in, updated with each rating change, deleted when they opt out.
-- No member who did not opt in is ever written there.
