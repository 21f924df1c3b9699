-- Swiss tournaments (issue 33). Written once for both databases: migrations/sqlite and
-- migrations/postgres link here. Everything is columns and rows (never the serde layout of
-- an in-memory type), so a refactor of the code never makes a stored tournament unreadable.

-- One row per tournament.
CREATE TABLE tournaments (
    id                BIGINT  PRIMARY KEY,
    guild_id          BIGINT  NOT NULL,
    -- The channel it belongs to (its sign-up message, standings and match threads).
    channel_id        BIGINT  NOT NULL,
    creator_id        BIGINT  NOT NULL,
    name              TEXT    NOT NULL,
    -- 'classic' or 'game2000'.
    variant           TEXT    NOT NULL,
    -- 'blitz', 'standard' or 'daily'.
    pace              TEXT    NOT NULL,
    rounds            BIGINT  NOT NULL,
    max_players       BIGINT  NOT NULL,
    -- When round 1 is paired by itself (none: only on /tournament start).
    starts_ms         BIGINT,
    -- 'signup', 'running', 'paused', 'finished' or 'cancelled'.
    state             TEXT    NOT NULL,
    -- The round being played (0 before the start).
    round             BIGINT  NOT NULL,
    -- When the stragglers of the current round end as timeouts.
    round_deadline_ms BIGINT,
    -- Whether the top seed fires first in round 1 (drawn at random when it is created).
    top_white         BOOLEAN NOT NULL,
    -- The language of its public texts (a Discord locale), as the server had it.
    locale            TEXT,
    -- The public sign-up message.
    signup_message_id BIGINT,
    -- Why it was paused or called off ('too-few', 'pairing', …).
    note              TEXT,
    -- Who won it (set when it finishes).
    winner_id         BIGINT,
    -- When the sweep looks at it next (recovery of a step a stopped process left).
    check_ms          BIGINT,
    -- Bumped by every change of its state: a round is paired by the one change that
    -- finds the version it read.
    version           BIGINT  NOT NULL,
    created_ms        BIGINT  NOT NULL,
    updated_ms        BIGINT  NOT NULL
);
CREATE INDEX tournaments_channel ON tournaments (channel_id, created_ms);
CREATE INDEX tournaments_open ON tournaments (state, starts_ms, check_ms);

-- Who plays: the rating is the one in the tournament's rule set at the start.
CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    player_id     BIGINT NOT NULL,
    name          TEXT   NOT NULL,
    rating        BIGINT NOT NULL,
    joined_ms     BIGINT NOT NULL,
    -- Out from this round on (none: plays every round).
    withdrawn     BIGINT,
    -- Why: 'left' or 'no-show'.
    reason        TEXT,
    PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

-- Each round's pairings, board 1 first; a pairing bye has no black player and no match.
CREATE TABLE tournament_pairings (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         BIGINT  NOT NULL,
    board         BIGINT  NOT NULL,
    -- Fires first.
    white_id      BIGINT  NOT NULL,
    black_id      BIGINT,
    -- The match's id, drawn when the round is paired: opening it twice is refused.
    match_id      BIGINT,
    -- A process is opening the match (since when).
    claim_ms      BIGINT,
    -- The match is stored and was given its thread.
    opened        BOOLEAN NOT NULL,
    -- Set when the round closes: 'white', 'black', 'draw', 'white-forfeit',
    -- 'black-forfeit', 'none' (neither played) or 'bye'.
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_pairings_match ON tournament_pairings (match_id);
