-- Ratings, statistics and history (issue 13). Filled when a match ends, in the same
-- transaction that stores its end.

-- The last display name seen of each member, for leaderboards. Deleted on request.
CREATE TABLE players (
    player_id  INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    updated_ms INTEGER NOT NULL
);

-- One Glicko-2 rating per member and rule set, with the rated record.
CREATE TABLE ratings (
    player_id  INTEGER NOT NULL,
    variant    TEXT    NOT NULL,             -- classic | game2000
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,             -- rated games
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, variant)
) WITHOUT ROWID;

-- One row per member and finished match that was played out (sunk, draw, forfeit or
-- timeout), rated or against the computer.
CREATE TABLE results (
    match_id        INTEGER NOT NULL REFERENCES matches (id),
    player_id       INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    guild_id        INTEGER,
    opponent_id     INTEGER NOT NULL,
    computer        TEXT,                    -- the difficulty when the opponent was the computer
    outcome         TEXT    NOT NULL,        -- win | loss | draw
    how             TEXT    NOT NULL,        -- sunk | draw | forfeit | timeout
    shots           INTEGER NOT NULL,
    hits            INTEGER NOT NULL,
    turns           INTEGER NOT NULL,
    rating_before   REAL,                    -- rated matches only
    rating_after    REAL,
    ended_ms        INTEGER NOT NULL,
    PRIMARY KEY (match_id, player_id)
) WITHOUT ROWID;
CREATE INDEX results_player ON results (player_id, variant, ended_ms);
CREATE INDEX results_history ON results (player_id, ended_ms);

-- Who played a rated match in which server, per rule set: that server's leaderboard.
-- The order of the leaderboard (established before provisional, then the rating as
-- shown, rounded) is copied here whenever a rating changes, so that a page, a count and
-- a member's place are ranges of one index.
CREATE TABLE guild_players (
    guild_id    INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    player_id   INTEGER NOT NULL,
    provisional INTEGER NOT NULL,            -- 1 while fewer than 5 rated games
    shown       INTEGER NOT NULL,            -- the rating, rounded
    PRIMARY KEY (guild_id, variant, player_id)
) WITHOUT ROWID;
CREATE INDEX guild_players_order ON guild_players (guild_id, variant, provisional, shown DESC, player_id);
CREATE INDEX guild_players_member ON guild_players (player_id, variant);

-- Rematch requests: who has clicked Rematch under the end of a match. The row of
-- "player 0" is the claim of the rematch's start and names the new match.
CREATE TABLE rematch_votes (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    player_id INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    started   INTEGER,                       -- the claim: the new match's id
    PRIMARY KEY (match_id, player_id)
) WITHOUT ROWID;
