-- Every match, live or finished. `state` is the whole live entry (rules state, names,
-- locales, the computer's random numbers) as JSON; the other columns are for queries.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,      -- random 63-bit id, never reused
    version       INTEGER NOT NULL,         -- bumped by every accepted change
    channel_id    INTEGER NOT NULL,
    guild_id      INTEGER,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    variant       TEXT    NOT NULL,         -- classic | game2000
    options       TEXT    NOT NULL,         -- JSON
    computer      TEXT,                     -- difficulty when the opponent is the computer
    phase         TEXT    NOT NULL,         -- challenge | placement | battle | finished
    live          INTEGER NOT NULL,         -- 1 until the match ends
    deadline_ms   INTEGER NOT NULL,
    state         BLOB    NOT NULL,
    how           TEXT,                     -- sunk | draw | forfeit | timeout | cancelled | declined | expired | abandoned
    winner_id     INTEGER,
    loser_id      INTEGER,
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL,
    ended_ms      INTEGER,
    announced     INTEGER NOT NULL DEFAULT 0 -- 1 once the end was sent (an outbox for ends)
);
CREATE INDEX matches_live ON matches (live) WHERE live = 1;
CREATE INDEX matches_unannounced ON matches (announced) WHERE live = 0 AND announced = 0;
CREATE INDEX matches_challenger ON matches (challenger_id, created_ms);
CREATE INDEX matches_opponent ON matches (opponent_id, created_ms);

-- Every shot (classic) or salvo (game2000), in the order it was played.
CREATE TABLE moves (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    seq       INTEGER NOT NULL,             -- 1, 2, 3 … within the match
    player_id INTEGER NOT NULL,
    turn      INTEGER NOT NULL,             -- the shooter's turn number
    cells     TEXT    NOT NULL,             -- cells in board order, e.g. "C4 D5 E6"
    reports   TEXT    NOT NULL,             -- JSON, one report per shot in processing order
    at_ms     INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

-- The last moment the bot was known to run, so that downtime never counts against a player.
CREATE TABLE heartbeat (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
