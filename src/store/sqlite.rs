//! The embedded default: one SQLite file in WAL mode.
//!
//! `synchronous = NORMAL` with WAL: a committed write survives the bot being killed at
//! any moment (it is in the operating system's hands); only a power cut can lose the last
//! commits. The file is never replaced or overwritten: a damaged file or one from a newer
//! version stops the bot at start with a message naming it.

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{SqliteConnection, SqlitePool};

use super::{MatchRecord, StoreError};

/// The schema migrations, compiled into the binary.
static MIGRATOR: std::sync::LazyLock<Migrator> =
    std::sync::LazyLock::new(super::migrations::sqlite);

/// Matches in one SQLite file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    /// Held for as long as the store lives: a second process on the same file is refused.
    _lock: std::sync::Arc<std::fs::File>,
    /// The background checkpoints, stopped when the last copy of the store goes.
    _checkpoints: std::sync::Arc<super::Background>,
}

/// How often the write-ahead log is copied into the database file in the background.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);
/// Pages the log may grow to before a write copies it itself (a backstop for when the
/// background task cannot keep up; SQLite's default is 1000).
const AUTOCHECKPOINT_PAGES: &str = "20000";

/// Copies the write-ahead log into the database file every [`CHECKPOINT_EVERY`], so
/// that no write waits for it: left to SQLite, the write that fills 1000 pages of log
/// copies them itself (measured: a finished match's write then took 11 ms instead of
/// 0.5 ms, once in a hundred).
async fn checkpoints(pool: SqlitePool) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        // PASSIVE: copies what it can without waiting for readers or writers.
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            tracing::warn!(error = %e, "background checkpoint failed");
        }
    }
}

impl SqliteStore {
    /// Opens (or creates) the database at `url` (`sqlite://FILE`), checks it and applies
    /// the migrations this build has.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        Self::open_with(url, true).await
    }

    /// [`SqliteStore::open`] of a database that must exist already (`migrate-store`'s
    /// source): a path that names no file is refused, and no file is made.
    pub async fn open_existing(url: &str) -> Result<Self, StoreError> {
        Self::open_with(url, false).await
    }

    async fn open_with(url: &str, create: bool) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url).map_err(|e| StoreError::BadUrl {
            url: url.to_owned(),
            reason: e.to_string(),
        })?;
        let file = options.get_filename().display().to_string();
        // Checked before the lock file is made beside it, which would otherwise stay.
        let path = options.get_filename();
        if path.is_dir() {
            return Err(StoreError::Directory { file });
        }
        if !create && !path.exists() {
            return Err(StoreError::Missing { file });
        }
        let lock = lock(&file)?;
        let options = options
            .create_if_missing(create)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true)
            .pragma("wal_autocheckpoint", AUTOCHECKPOINT_PAGES);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .min_connections(1)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open {
                file: file.clone(),
                reason: e.to_string(),
            })?;
        let check: Result<String, sqlx::Error> = sqlx::query_scalar("PRAGMA quick_check")
            .fetch_one(&pool)
            .await;
        match check {
            Ok(ok) if ok == "ok" => {}
            Ok(reason) => return Err(StoreError::Corrupt { file, reason }),
            Err(e) => {
                return Err(StoreError::Open {
                    file,
                    reason: e.to_string(),
                });
            }
        }
        let known = MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0);
        match MIGRATOR.run(&pool).await {
            Ok(()) => {}
            Err(MigrateError::VersionMissing(found)) => {
                return Err(StoreError::NewerSchema { file, found, known });
            }
            Err(e) => {
                return Err(StoreError::Migrate {
                    file,
                    reason: e.to_string(),
                });
            }
        }
        tracing::info!(%file, schema = known, "database ready");
        Ok(Self {
            _checkpoints: std::sync::Arc::new(super::Background::spawn(checkpoints(pool.clone()))),
            pool,
            _lock: std::sync::Arc::new(lock),
        })
    }

    /// The connection pool, for tests and tools.
    #[must_use]
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// Takes the lock file beside the database (`FILE.lock`), so that two bots never share one
/// database: the second would answer the same buttons and announce the same ends.
fn lock(file: &str) -> Result<std::fs::File, StoreError> {
    let path = format!("{file}.lock");
    let handle = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| StoreError::Open {
            file: path.clone(),
            reason: e.to_string(),
        })?;
    match handle.try_lock() {
        Ok(()) => Ok(handle),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse {
            file: file.to_owned(),
        }),
        Err(std::fs::TryLockError::Error(e)) => Err(StoreError::Open {
            file: path,
            reason: e.to_string(),
        }),
    }
}

/// The roles' SQL, compiled for SQLite (see `roles/sql.rs`).
#[path = "roles/sql.rs"]
#[expect(
    clippy::duplicate_mod,
    reason = "written once, compiled for each back-end"
)]
mod sql;

/// The database the shared queries run on.
type Db = sqlx::Sqlite;
/// The store the shared queries implement [`super::Store`] for.
type Handle = SqliteStore;

/// No row locks: SQLite's writers take turns (one write transaction at a time).
const FOR_UPDATE: &str = "";
/// See [`FOR_UPDATE`].
const FOR_SHARE: &str = "";

/// Nothing to wait for at once: SQLite's writers take turns.
type Done = std::future::Ready<Result<(), StoreError>>;

/// No lock: writers take turns.
fn lock_ratings(_: &mut SqliteConnection, _: [crate::game::PlayerId; 2]) -> Done {
    std::future::ready(Ok(()))
}

/// No lock: writers take turns.
fn lock_rematch(_: &mut SqliteConnection, _: super::MatchId) -> Done {
    std::future::ready(Ok(()))
}

/// Shared: nothing (writers take turns). Exclusive (opening or closing a season, first in
/// its transaction): a write that changes nothing, so the transaction is the writer from
/// its first statement on, and what it reads next cannot be overtaken by another writer's
/// commit (which would refuse its writes as "database is locked").
async fn lock_seasons(
    tx: &mut SqliteConnection,
    guild: super::GuildId,
    exclusive: bool,
) -> Result<(), StoreError> {
    if exclusive {
        sqlx::query("UPDATE seasons SET number = number WHERE guild_id = $1 AND number < 0")
            .bind(super::to_sql(guild))
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Tournament `id`, first in a transaction that reads it and then writes (joining,
/// leaving, a step): a write that changes nothing, so the transaction is the writer from
/// its first statement on (it waits its turn, as `busy_timeout` says) and what it reads
/// next cannot be overtaken by another writer's commit, which would refuse its writes as
/// "database is locked" (code 517) at once, whatever the busy timeout.
async fn lock_tournament(
    tx: &mut SqliteConnection,
    id: super::TournamentId,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET version = version WHERE id = $1")
        .bind(super::to_sql(id))
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Nothing is kept beside a match: the session binds members in memory.
fn after_write(_: &mut SqliteConnection, _: &MatchRecord) -> Done {
    std::future::ready(Ok(()))
}

/// See [`after_write`].
fn after_retire(_: &mut SqliteConnection, _: super::MatchId) -> Done {
    std::future::ready(Ok(()))
}

/// A failed write of a match, as a store error.
fn write_error(e: sqlx::Error) -> StoreError {
    StoreError::Query(e)
}
