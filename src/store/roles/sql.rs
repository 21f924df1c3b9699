//! Every role's SQL, written once for both databases.
//!
//! This file is compiled twice, as a module of each back-end (`#[path]` in `sqlite.rs`
//! and `postgres/mod.rs`), and includes each role's `sql.rs` as a module of its own, so
//! the same text is checked against each dialect's concrete types. `super` is the back-end
//! (and so is `super` of a role's SQL, through the names brought in here), which provides
//!
//! * `Db`, the `sqlx` database, and `Handle`, its store type (with `pool()`);
//! * `FOR_UPDATE` and `FOR_SHARE`, the row-lock clauses (empty for SQLite, whose writers
//!   take turns anyway);
//! * `lock_ratings`, `lock_rematch` and `lock_seasons`, transaction-level locks
//!   (PostgreSQL's advisory locks; nothing for SQLite), and `lock_tournament` (SQLite's
//!   write first, so that a read-then-write transaction is not overtaken; nothing for
//!   PostgreSQL, whose `FOR UPDATE` locks the row);
//! * `after_write` and `after_retire`, what a back-end keeps beside a match (PostgreSQL's
//!   `live_players`; nothing for SQLite), and `write_error`.
//!
//! The SQL itself is the dialect both accept: `$N` placeholders, `ON CONFLICT … DO
//! NOTHING`, `FILTER`, `CAST(… AS BIGINT)` and flags read as `live` / `NOT live`.
//! Everything that really differs (row locks, `SKIP LOCKED`, presence, checkpoints, the
//! lock file) stays in the back-end's own module.

use super::{
    Db, FOR_SHARE, FOR_UPDATE, Handle, after_retire, after_write, lock_ratings, lock_rematch,
    lock_seasons, lock_tournament, write_error,
};
use crate::store::{
    DailyStore, FinishedStore, LiveStore, MatchId, MatchState, OutboxStore, PresenceStore,
    PrivacyStore, RematchStore, SeasonStore, SettingsStore, Store, StoreError, StoredState,
    TournamentStore, from_sql,
};

/// A connection (or an open transaction, through `&mut *tx`).
type Conn = <Db as sqlx::Database>::Connection;
/// The pool.
type Pool = sqlx::Pool<Db>;

/// [`crate::store::DailyStore`]'s SQL.
#[path = "daily/sql.rs"]
mod daily;
/// [`crate::store::FinishedStore`]'s SQL.
#[path = "finished/sql.rs"]
mod finished;
/// [`crate::store::LiveStore`]'s SQL.
#[path = "live/sql.rs"]
pub(super) mod live;
/// [`crate::store::OutboxStore`]'s SQL.
#[path = "outbox/sql.rs"]
mod outbox;
/// [`crate::store::PresenceStore`]'s SQL.
#[path = "presence/sql.rs"]
mod presence;
/// [`crate::store::PrivacyStore`]'s SQL.
#[path = "privacy/sql.rs"]
mod privacy;
/// [`crate::store::RematchStore`]'s SQL.
#[path = "rematch/sql.rs"]
mod rematch;
/// The pages and places of a season's table.
#[path = "seasons/table.rs"]
mod season_table;
/// [`crate::store::SeasonStore`]'s SQL: seasons opened and closed, their figures.
#[path = "seasons/sql.rs"]
mod seasons;
/// [`crate::store::SettingsStore`]'s SQL.
#[path = "settings/sql.rs"]
mod settings;
/// What the write of an end played out adds to ratings, leaderboards and the season.
#[path = "finished/settle.rs"]
mod settle;
/// Forgetting a member in the tournaments.
#[path = "tournaments/forget.rs"]
mod tournament_forget;
/// [`crate::store::TournamentStore`]'s SQL.
#[path = "tournaments/sql.rs"]
mod tournaments;

impl Store for Handle {
    fn live(&self) -> &dyn LiveStore {
        self
    }

    fn outbox(&self) -> &dyn OutboxStore {
        self
    }

    fn rematches(&self) -> &dyn RematchStore {
        self
    }

    fn finished(&self) -> &dyn FinishedStore {
        self
    }

    fn settings(&self) -> &dyn SettingsStore {
        self
    }

    fn privacy(&self) -> &dyn PrivacyStore {
        self
    }

    fn presence(&self) -> &dyn PresenceStore {
        self
    }

    fn tournaments(&self) -> Option<&dyn TournamentStore> {
        Some(self)
    }

    fn seasons(&self) -> Option<&dyn SeasonStore> {
        Some(self)
    }

    fn daily(&self) -> Option<&dyn DailyStore> {
        Some(self)
    }
}

/// The `id, state` rows of `sql`, with `key` as its `$1` if given.
async fn states(pool: &Pool, sql: &str, key: Option<i64>) -> Result<Vec<MatchState>, StoreError> {
    let mut query = sqlx::query_as(sql);
    if let Some(key) = key {
        query = query.bind(key);
    }
    let rows: Vec<(i64, StoredState)> = query.fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(|(id, state)| MatchState {
            id: MatchId(from_sql(id)),
            state,
        })
        .collect())
}
