//! The integration tests, in one test binary: it links once, and its tests run side by side
//! in one pool of threads (`RUST_TEST_THREADS`, see `.cargo/config.toml`) instead of one
//! binary after another. Pick a part with a filter, e.g. `cargo test --test suite e2e::`.
//!
//! - [`engine`]: the pure cores through their public API;
//! - [`store`]: the session and the stores on real SQLite files and PostgreSQL databases;
//! - [`e2e`]: the real bot binary against a fake Discord on loopback.

mod fleets;
mod pg;

mod e2e;
mod engine;
mod store;
