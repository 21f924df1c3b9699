//! The embedded default: one SQLite file in WAL mode.
//!
//! `synchronous = NORMAL` with WAL: a committed write survives the bot being killed at
//! any moment (it is in the operating system's hands); only a power cut can lose the last
//! commits. The file is never replaced or overwritten: a damaged file or one from a newer
//! version stops the bot at start with a message naming it.

use crate::store::rows;
use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::{
    HistoryRow, LeaderPage, MatchRecord, MoveRecord, Store, StoreError, StoreFuture, StoredMatch,
    from_sql, to_sql,
};
use crate::rating::{Rating, Record, ResultRow};

mod ratings;

/// The schema migrations, compiled into the binary.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations/sqlite");

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
        let options = SqliteConnectOptions::from_str(url).map_err(|e| StoreError::BadUrl {
            url: url.to_owned(),
            reason: e.to_string(),
        })?;
        let file = options.get_filename().display().to_string();
        let lock = lock(&file)?;
        let options = options
            .create_if_missing(true)
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

    async fn write(&self, records: &[MatchRecord]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for r in records {
            let (how, winner, loser) = match &r.result {
                Some(res) => (Some(res.how), res.winner.map(to_sql), res.loser.map(to_sql)),
                None => (None, None, None),
            };
            let ended = r.result.as_ref().map(|_| r.updated_ms);
            let written = sqlx::query(
                "INSERT INTO matches (id, version, channel_id, guild_id, challenger_id, \
                 opponent_id, variant, options, computer, phase, live, deadline_ms, state, how, \
                 winner_id, loser_id, created_ms, updated_ms, ended_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
                 ?17, ?18, ?19) \
                 ON CONFLICT (id) DO UPDATE SET version = excluded.version, \
                 phase = excluded.phase, live = excluded.live, deadline_ms = excluded.deadline_ms, \
                 state = excluded.state, how = excluded.how, winner_id = excluded.winner_id, \
                 loser_id = excluded.loser_id, updated_ms = excluded.updated_ms, \
                 ended_ms = excluded.ended_ms \
                 WHERE matches.version < excluded.version",
            )
            .bind(to_sql(r.id))
            .bind(to_sql(r.version))
            .bind(to_sql(r.channel))
            .bind(r.guild.map(to_sql))
            .bind(to_sql(r.players[0]))
            .bind(to_sql(r.players[1]))
            .bind(r.variant)
            .bind(&r.options)
            .bind(r.computer)
            .bind(r.phase)
            .bind(r.result.is_none())
            .bind(r.deadline_ms)
            .bind(&r.state)
            .bind(how)
            .bind(winner)
            .bind(loser)
            .bind(r.created_ms)
            .bind(r.updated_ms)
            .bind(ended)
            .execute(&mut *tx)
            .await?;
            if written.rows_affected() == 0 {
                return Err(StoreError::Conflict {
                    id: r.id,
                    version: r.version,
                });
            }
            for m in &r.moves {
                sqlx::query(
                    "INSERT OR IGNORE INTO moves (match_id, seq, player_id, turn, cells, reports, \
                     at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )
                .bind(to_sql(r.id))
                .bind(i64::from(m.seq))
                .bind(to_sql(m.player))
                .bind(i64::from(m.turn))
                .bind(&m.cells)
                .bind(&m.reports)
                .bind(m.at_ms)
                .execute(&mut *tx)
                .await?;
            }
            ratings::record(&mut tx, r).await?;
        }
        tx.commit().await?;
        Ok(())
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

impl Store for SqliteStore {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(self.write(std::slice::from_ref(record)))
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(self.write(records))
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(async move {
            let rows: Vec<(i64, Vec<u8>)> = sqlx::query_as(
                "SELECT id, state FROM matches WHERE live = 1 ORDER BY updated_ms DESC, id",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(id, state)| (from_sql(id), state))
                .collect())
        })
    }

    fn unannounced(&self) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move {
            let states: Vec<Vec<u8>> = sqlx::query_scalar(
                "SELECT state FROM matches WHERE live = 0 AND announced = 0 ORDER BY ended_ms",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(states)
        })
    }

    fn mark_announced(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET announced = 1 WHERE id = ?1")
                .bind(to_sql(id))
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn retire(&self, id: u64, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE matches SET live = 0, phase = 'finished', how = 'abandoned', \
                 ended_ms = ?2, updated_ms = ?2, announced = 1 WHERE id = ?1 AND live = 1",
            )
            .bind(to_sql(id))
            .bind(at_ms)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn get(&self, id: u64) -> StoreFuture<'_, Option<StoredMatch>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT * FROM matches WHERE id = ?1")
                .bind(to_sql(id))
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(rows::stored).transpose()
        })
    }

    fn recent(&self, player: u64, limit: u32) -> StoreFuture<'_, Vec<StoredMatch>> {
        Box::pin(async move {
            // Two indexed lookups (one per seat) rather than an OR over both columns.
            let rows = sqlx::query(
                "SELECT * FROM matches WHERE id IN ( \
                   SELECT id FROM matches WHERE challenger_id = ?1 AND live = 0 \
                   UNION SELECT id FROM matches WHERE opponent_id = ?1 AND live = 0) \
                 AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
                 ORDER BY ended_ms DESC, id LIMIT ?2",
            )
            .bind(to_sql(player))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(rows::stored).collect()
        })
    }

    fn moves(&self, id: u64) -> StoreFuture<'_, Vec<MoveRecord>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT seq, player_id, turn, cells, reports, at_ms FROM moves \
                 WHERE match_id = ?1 ORDER BY seq",
            )
            .bind(to_sql(id))
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(rows::move_of).collect()
        })
    }

    fn beat(&self, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO heartbeat (id, at_ms) VALUES (1, ?1) \
                 ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
            )
            .bind(at_ms)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn last_beat(&self) -> StoreFuture<'_, Option<i64>> {
        Box::pin(async move {
            let at: Option<i64> = sqlx::query_scalar("SELECT at_ms FROM heartbeat WHERE id = 1")
                .fetch_optional(&self.pool)
                .await?;
            Ok(at)
        })
    }

    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1").execute(&self.pool).await?;
            Ok(())
        })
    }

    fn rating<'a>(
        &'a self,
        player: u64,
        variant: &'a str,
    ) -> StoreFuture<'a, Option<(Rating, Record)>> {
        Box::pin(ratings::rating(&self.pool, player, variant))
    }

    fn results<'a>(&'a self, player: u64, variant: &'a str) -> StoreFuture<'a, Vec<ResultRow>> {
        Box::pin(ratings::results(&self.pool, player, variant))
    }

    fn leaderboard<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, LeaderPage> {
        Box::pin(ratings::leaderboard(
            &self.pool, guild, variant, offset, limit,
        ))
    }

    fn place<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        player: u64,
    ) -> StoreFuture<'a, Option<super::Place>> {
        Box::pin(ratings::place(&self.pool, guild, variant, player))
    }

    fn history(&self, player: u64, limit: u32) -> StoreFuture<'_, Vec<HistoryRow>> {
        Box::pin(ratings::history(&self.pool, player, None, limit))
    }

    fn history_in(&self, player: u64, guild: u64, limit: u32) -> StoreFuture<'_, Vec<HistoryRow>> {
        Box::pin(ratings::history(&self.pool, player, Some(guild), limit))
    }

    fn matches_of(&self, player: u64) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(ratings::matches_of(&self.pool, player))
    }

    fn forget<'a>(
        &'a self,
        player: u64,
        renamed: &'a [(u64, Vec<u8>, u64)],
    ) -> StoreFuture<'a, ()> {
        Box::pin(ratings::forget(&self.pool, player, renamed))
    }

    fn vote_rematch(&self, id: u64, player: u64, at_ms: i64) -> StoreFuture<'_, (Vec<u64>, bool)> {
        Box::pin(ratings::vote_rematch(&self.pool, id, player, at_ms))
    }

    fn claim_rematch(&self, id: u64, new: u64, at_ms: i64) -> StoreFuture<'_, (u64, i64)> {
        Box::pin(ratings::claim_rematch(&self.pool, id, new, at_ms))
    }

    fn reclaim_rematch(&self, id: u64, old: u64, new: u64) -> StoreFuture<'_, bool> {
        Box::pin(ratings::reclaim_rematch(&self.pool, id, old, new))
    }

    fn release_rematch(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(ratings::release_rematch(&self.pool, id))
    }
}
