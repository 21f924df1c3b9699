-- Every match, live or finished (the PostgreSQL twin of migrations/sqlite/0001). `state` is
-- the whole live entry as JSON bytes; the other columns are for queries. Discord ids and
-- match ids are stored as BIGINT, bit for bit (see store::to_sql).
CREATE TABLE matches (
    id            BIGINT PRIMARY KEY,
    version       BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    guild_id      BIGINT,
    challenger_id BIGINT  NOT NULL,
    opponent_id   BIGINT  NOT NULL,
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    computer      TEXT,
    phase         TEXT    NOT NULL,
    live          BOOLEAN NOT NULL,
    deadline_ms   BIGINT  NOT NULL,
    state         BYTEA   NOT NULL,
    how           TEXT,
    winner_id     BIGINT,
    loser_id      BIGINT,
    created_ms    BIGINT  NOT NULL,
    updated_ms    BIGINT  NOT NULL,
    ended_ms      BIGINT,
    announced     BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX matches_live ON matches (live) WHERE live;
CREATE INDEX matches_unannounced ON matches (announced) WHERE NOT live AND NOT announced;
CREATE INDEX matches_challenger ON matches (challenger_id, created_ms);
CREATE INDEX matches_opponent ON matches (opponent_id, created_ms);

CREATE TABLE moves (
    match_id  BIGINT  NOT NULL REFERENCES matches (id),
    seq       BIGINT  NOT NULL,
    player_id BIGINT  NOT NULL,
    turn      BIGINT  NOT NULL,
    cells     TEXT    NOT NULL,
    reports   TEXT    NOT NULL,
    at_ms     BIGINT  NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE heartbeat (
    id    BIGINT PRIMARY KEY CHECK (id = 1),
    at_ms BIGINT NOT NULL
);
