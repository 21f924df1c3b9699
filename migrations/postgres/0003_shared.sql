-- Several bot processes share one database: it is the source of truth for live matches.

-- A live match that clashes with a more recently changed one in the same channel (possible
-- only in a database written before this migration) gives way, as the restore used to do.
UPDATE matches SET live = FALSE, phase = 'finished', how = 'abandoned', ended_ms = updated_ms,
       announced = TRUE
 WHERE id IN (SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY channel_id ORDER BY updated_ms DESC, id) AS n
           FROM matches WHERE live) AS ranked
        WHERE n > 1);

-- One live match per channel.
CREATE UNIQUE INDEX matches_live_channel ON matches (channel_id) WHERE live;

-- The deadline sweep of every process reads due matches by deadline.
CREATE INDEX matches_due ON matches (deadline_ms) WHERE live;

-- The computer is to move (the sweep wakes a computer turn that stalled).
ALTER TABLE matches ADD COLUMN computer_next BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE matches SET computer_next = TRUE WHERE live AND computer IS NOT NULL AND phase = 'battle';
CREATE INDEX matches_computer_next ON matches (updated_ms) WHERE live AND computer_next;

-- One live match per member: the challenger from the challenge on, the opponent from their
-- Accept on (never the computer). Kept in the same transaction as the match's state.
CREATE TABLE live_players (
    player_id  BIGINT PRIMARY KEY,
    match_id   BIGINT NOT NULL REFERENCES matches (id),
    channel_id BIGINT NOT NULL
);
CREATE INDEX live_players_match ON live_players (match_id);

INSERT INTO live_players (player_id, match_id, channel_id)
SELECT challenger_id, id, channel_id FROM matches WHERE live
ON CONFLICT (player_id) DO NOTHING;
INSERT INTO live_players (player_id, match_id, channel_id)
SELECT opponent_id, id, channel_id FROM matches
 WHERE live AND phase <> 'challenge' AND computer IS NULL
ON CONFLICT (player_id) DO NOTHING;
