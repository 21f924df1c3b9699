//! Tests of the session and the stores on real databases: SQLite files, and PostgreSQL
//! where `BROADSIDE_TEST_DATABASE_URL` names a server. Part of the one test binary
//! (`tests/suite.rs`).

mod aim;
mod daily;
mod daily_tables;
mod db;
mod editor;
mod findings;
pub(crate) mod fixtures;
mod format;
mod global_board;
mod habits;
mod migrate_store;
mod season_edges;
mod seasons;
mod seasons_at_edges;
mod servers;
mod session;
mod shared;
mod shared_burst;
mod standings;
mod tournament;
mod tournament_scoring;
mod tournament_signup;
mod tournament_sweep;
mod waiting_ends;
