-- Ratings, statistics and history (the PostgreSQL twin of migrations/sqlite/0002).

CREATE TABLE players (
    player_id  BIGINT PRIMARY KEY,
    name       TEXT   NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE TABLE ratings (
    player_id  BIGINT           NOT NULL,
    variant    TEXT             NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT           NOT NULL,
    wins       BIGINT           NOT NULL,
    losses     BIGINT           NOT NULL,
    draws      BIGINT           NOT NULL,
    updated_ms BIGINT           NOT NULL,
    PRIMARY KEY (player_id, variant)
);

CREATE TABLE results (
    match_id      BIGINT  NOT NULL REFERENCES matches (id),
    player_id     BIGINT  NOT NULL,
    variant       TEXT    NOT NULL,
    guild_id      BIGINT,
    opponent_id   BIGINT  NOT NULL,
    computer      TEXT,
    outcome       TEXT    NOT NULL,
    how           TEXT    NOT NULL,
    shots         BIGINT  NOT NULL,
    hits          BIGINT  NOT NULL,
    turns         BIGINT  NOT NULL,
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    ended_ms      BIGINT  NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX results_player ON results (player_id, variant, ended_ms);
CREATE INDEX results_history ON results (player_id, ended_ms);

CREATE TABLE guild_players (
    guild_id    BIGINT  NOT NULL,
    variant     TEXT    NOT NULL,
    player_id   BIGINT  NOT NULL,
    provisional BOOLEAN NOT NULL,
    shown       BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, variant, player_id)
);
CREATE INDEX guild_players_order ON guild_players (guild_id, variant, provisional, shown DESC, player_id);
CREATE INDEX guild_players_member ON guild_players (player_id, variant);

CREATE TABLE rematch_votes (
    match_id  BIGINT NOT NULL REFERENCES matches (id),
    player_id BIGINT NOT NULL,
    at_ms     BIGINT NOT NULL,
    started   BIGINT,
    PRIMARY KEY (match_id, player_id)
);
