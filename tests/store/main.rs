//! Tests of the session and the stores on real databases: SQLite files, and PostgreSQL
//! where `BROADSIDE_TEST_DATABASE_URL` names a server. One test binary.

#[path = "../fleets/mod.rs"]
mod fleets;
#[path = "../pg/mod.rs"]
mod pg;

mod db;
mod findings;
mod format;
mod global_board;
mod habits;
mod migrate_store;
mod seasons;
mod servers;
mod session;
mod shared;
mod standings;
mod tournament;
