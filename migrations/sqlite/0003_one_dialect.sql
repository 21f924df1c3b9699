-- The queries are written once for SQLite and PostgreSQL (src/store/queries.rs): the
-- column PostgreSQL's 0003 added, and partial indexes whose conditions are the queries'
-- own (`live`, `NOT live AND NOT announced`), so that SQLite's planner uses them.
ALTER TABLE matches ADD COLUMN computer_next INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET computer_next = 1 WHERE live AND computer IS NOT NULL AND phase = 'battle';
DROP INDEX matches_live;
CREATE INDEX matches_live ON matches (live) WHERE live;
DROP INDEX matches_unannounced;
CREATE INDEX matches_unannounced ON matches (announced) WHERE NOT live AND NOT announced;
-- The sweep reads due matches by deadline, and stalled computer turns (as PostgreSQL's).
CREATE INDEX matches_due ON matches (deadline_ms) WHERE live;
CREATE INDEX matches_computer_next ON matches (updated_ms) WHERE live AND computer_next;
