//! The store's roles, one folder each: `mod.rs` is the role's API (its trait and the types
//! it takes and returns), `sql.rs` its queries and the trait's `impl`, in SQL both
//! databases accept. The `sql.rs` files are not modules of this tree: `roles/sql.rs`
//! includes each once per back-end (see there).

pub mod daily;
pub mod finished;
pub mod live;
pub mod outbox;
pub mod presence;
pub mod privacy;
pub mod rematch;
pub mod seasons;
pub mod settings;
pub mod tournaments;
