-- Rating seasons (issue 39). Written once for both databases: migrations/sqlite and
-- migrations/postgres link here.

-- The whole rating after a rated match (with rating_after): a member's rating as it stood
-- at any moment can be read back, which is where a season starts them from.
ALTER TABLE results ADD COLUMN deviation_after DOUBLE PRECISION;
ALTER TABLE results ADD COLUMN volatility_after DOUBLE PRECISION;

-- Results written before this migration: the latest rated one of each member and rule set
-- carries what `ratings` holds now (the rating after it), which is all a season that starts
-- from now on can need of them.
UPDATE results SET
    deviation_after = (SELECT r.deviation FROM ratings r
                       WHERE r.player_id = results.player_id AND r.variant = results.variant),
    volatility_after = (SELECT r.volatility FROM ratings r
                        WHERE r.player_id = results.player_id AND r.variant = results.variant)
WHERE rating_after IS NOT NULL
  AND rating_after = (SELECT r.rating FROM ratings r
                      WHERE r.player_id = results.player_id AND r.variant = results.variant)
  AND NOT EXISTS (SELECT 1 FROM results later
                  WHERE later.player_id = results.player_id AND later.variant = results.variant
                    AND later.rating_after IS NOT NULL
                    AND (later.ended_ms > results.ended_ms
                         OR (later.ended_ms = results.ended_ms AND later.match_id > results.match_id)));

-- A server's rated matches by when they ended (a season that opens late picks up the
-- matches that ended since its start).
CREATE INDEX results_guild_ended ON results (guild_id, ended_ms);

-- One row per season of a server: numbered 1, 2, 3 … there, each from start_ms (inclusive)
-- to end_ms (exclusive). closed_ms is set once, by the one transaction that closes it (its
-- final table is kept from then on); at most one season per server is open.
CREATE TABLE seasons (
    guild_id     BIGINT NOT NULL,
    number       BIGINT NOT NULL,
    cadence      TEXT   NOT NULL,           -- monthly | quarterly
    period       TEXT   NOT NULL,           -- the month or quarter it is named by: 2027-03 | 2027-Q1
    zone         TEXT   NOT NULL,           -- the time zone its dates are shown in
    start_ms     BIGINT NOT NULL,
    end_ms       BIGINT NOT NULL,
    closed_ms    BIGINT,                    -- NULL: the current season
    channel_id   BIGINT,                    -- where its end is announced (none: nowhere)
    announced_ms BIGINT,                    -- the announcement went out (or there is none)
    claimed_ms   BIGINT,                    -- a process is posting it since then
    PRIMARY KEY (guild_id, number)
);
CREATE UNIQUE INDEX seasons_current ON seasons (guild_id) WHERE closed_ms IS NULL;
CREATE INDEX seasons_due ON seasons (end_ms) WHERE closed_ms IS NULL;
CREATE INDEX seasons_outbox ON seasons (closed_ms) WHERE closed_ms IS NOT NULL AND announced_ms IS NULL;

-- Each member's season rating per rule set: from their rating as it stood at the season's
-- start, updated by the season's rated matches in the server. The order of the table
-- (established before provisional, the rating as shown, the member) is an index, as for
-- guild_players; final_position and final_rank are set when the season closes and never
-- change after (a member removed later leaves a gap).
CREATE TABLE season_players (
    guild_id       BIGINT           NOT NULL,
    number         BIGINT           NOT NULL,
    variant        TEXT             NOT NULL,
    player_id      BIGINT           NOT NULL,
    rating         DOUBLE PRECISION NOT NULL,
    deviation      DOUBLE PRECISION NOT NULL,
    volatility     DOUBLE PRECISION NOT NULL,
    games          BIGINT           NOT NULL,   -- rated matches in the season
    wins           BIGINT           NOT NULL,
    losses         BIGINT           NOT NULL,
    draws          BIGINT           NOT NULL,
    provisional    BOOLEAN          NOT NULL,   -- fewer than 5 matches in the season
    shown          BIGINT           NOT NULL,   -- the rating, rounded
    final_position BIGINT,                      -- 0-based place in the final table
    final_rank     BIGINT,                      -- the rank shown (NULL: provisional)
    PRIMARY KEY (guild_id, number, variant, player_id)
);
CREATE INDEX season_players_order ON season_players (guild_id, number, variant, provisional, shown DESC, player_id);
CREATE INDEX season_players_final ON season_players (guild_id, number, variant, final_position);
CREATE INDEX season_players_member ON season_players (player_id, variant);

-- The figures of a closed season per rule set, as they were at its end.
CREATE TABLE season_tables (
    guild_id     BIGINT NOT NULL,
    number       BIGINT NOT NULL,
    variant      TEXT   NOT NULL,
    places       BIGINT NOT NULL,           -- members in the final table
    established  BIGINT NOT NULL,
    matches      BIGINT NOT NULL,           -- rated matches played in it
    active_id    BIGINT,                    -- who played the most (NULL: removed since)
    active_games BIGINT NOT NULL,
    PRIMARY KEY (guild_id, number, variant)
);
