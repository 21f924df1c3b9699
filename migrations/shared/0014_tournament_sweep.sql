-- Tournaments that hold at their size (issue 51). Written once for both databases:
-- migrations/sqlite and migrations/postgres link here.

-- When the sweep looks at a tournament next (none: never by itself). Sign-up: its start
-- time; running: its round deadline, or sooner while a match of the round is still to
-- open; a match's end of the tournament sets it to that moment. The sweep reads only the
-- tournaments due, by this index, and moves each one it takes a little ahead (a lease), so
-- that one process steps it. Running tournaments are due at once after this migration:
-- their first step sets the time.
ALTER TABLE tournaments ADD COLUMN due_ms BIGINT;
UPDATE tournaments SET due_ms = CASE
    WHEN state = 'signup' THEN starts_ms
    WHEN state = 'running' THEN 0
    ELSE NULL END;
CREATE INDEX tournaments_due ON tournaments (due_ms);

-- The round that was being played when this migration ran: its matches were opened
-- without their tournament in the match, so their ends do not step it, and the sweep
-- looks at the tournament every half minute until that round closes (as it did before).
ALTER TABLE tournaments ADD COLUMN legacy_round BIGINT;
UPDATE tournaments SET legacy_round = round WHERE state = 'running';

-- A tournament's announcements still to post, written in the transaction of the step
-- that made them, in order (`seq`), and deleted once posted: 'called-off', 'paired'
-- (the round's pairings; round 1 also closes the sign-up message), 'standings' (after
-- the round), 'winner', 'paused'. `taken_ms`: when a process took it to post (the step's
-- own process at once); one taken longer ago than a lease is taken again by the sweep,
-- so a post is lost to no crash.
CREATE TABLE tournament_posts (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    seq           BIGINT NOT NULL,
    kind          TEXT   NOT NULL,
    round         BIGINT NOT NULL,
    taken_ms      BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
CREATE INDEX tournament_posts_taken ON tournament_posts (taken_ms);
