-- `/privacy delete` reaches every process (issue 36, item 8): each forget bumps the epoch of
-- the member's bucket (their id modulo 1024) in the transaction that forgets them, and a
-- process uses a cached habit model only while the epoch it was learned under is the
-- bucket's epoch now (one read by the key). Buckets, not members: the table never holds the
-- id of a member who was forgotten, and it stays at 1024 rows at most; a member who shares
-- a bucket has their model learned once more. A bucket without a row is at epoch 0.
-- Written once for both databases: migrations/sqlite and migrations/postgres link here.
CREATE TABLE habit_epochs (
    bucket INTEGER PRIMARY KEY,
    epoch BIGINT NOT NULL
);
