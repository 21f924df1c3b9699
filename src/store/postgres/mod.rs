//! PostgreSQL, chosen by `DATABASE_URL=postgres://…`: the same behaviour as the SQLite
//! store (nothing lost, restore on start, history kept), for admins who already run a
//! PostgreSQL server or want the database off the bot's host.
//!
//! One bot process per database: the store holds a session-level advisory lock for as
//! long as it lives, and a second process pointed at the same database refuses to start
//! (the live matches are kept in the process; sharing them between processes is the
//! multi-process design of issue 15, not built yet).

use crate::store::rows;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool};

use super::{
    HistoryRow, LeaderPage, MatchRecord, MoveRecord, Store, StoreError, StoreFuture, StoredMatch,
    from_sql, to_sql,
};
use crate::rating::{Rating, Record, ResultRow};

mod ratings;

/// The schema migrations, compiled into the binary.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations/postgres");

/// The advisory lock key that marks a database as in use by a Broadside process
/// ("BRDSIDE1" as bytes).
const LOCK_KEY: i64 = 0x4252_4453_4944_4531;

/// How often the lock is tried before a second process is refused, and the pause
/// between tries (2 s in all).
const LOCK_TRIES: u32 = 20;
const LOCK_PAUSE: Duration = Duration::from_millis(100);

/// How long an operation waits for a connection to the server.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// How often the connection that holds the lock is checked.
const WATCH_EVERY: Duration = Duration::from_secs(5);

/// Matches in one PostgreSQL database.
#[derive(Debug, Clone)]
pub struct PgStore {
    pool: PgPool,
    /// The task that owns the connection holding the advisory lock; stopping it (when the
    /// last copy of the store goes) closes that connection and frees the database.
    _lock: std::sync::Arc<super::Background>,
}

/// Connects and takes the one-process lock, looking again for 2 s (a process that just
/// stopped may hold it until the server notices its connection is gone). `Ok(None)`: held
/// by another process.
async fn take_lock(options: &PgConnectOptions) -> Result<Option<PgConnection>, sqlx::Error> {
    let mut conn = PgConnection::connect_with(options).await?;
    // Notice a vanished peer within about a minute rather than the system's two hours.
    for setting in [
        "SET tcp_keepalives_idle = 30",
        "SET tcp_keepalives_interval = 10",
        "SET tcp_keepalives_count = 3",
    ] {
        sqlx::query(setting).execute(&mut conn).await?;
    }
    for _ in 0..LOCK_TRIES {
        let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(LOCK_KEY)
            .fetch_one(&mut conn)
            .await?;
        if locked {
            return Ok(Some(conn));
        }
        tokio::time::sleep(LOCK_PAUSE).await;
    }
    Ok(None)
}

/// Owns the lock's connection: checks it every [`WATCH_EVERY`] and, if the connection was
/// lost (the server restarted, an administrator ended it, the network dropped it), takes
/// the lock again on a new one. If another process has taken the database meanwhile, two
/// bots would answer the same matches: this process stops at once, saying why.
async fn watch_lock(mut conn: PgConnection, options: PgConnectOptions, name: String) {
    loop {
        tokio::time::sleep(WATCH_EVERY).await;
        if sqlx::query("SELECT 1").execute(&mut conn).await.is_ok() {
            continue;
        }
        tracing::warn!(database = %name, "lost the connection that holds the database lock; taking it again");
        conn = loop {
            match take_lock(&options).await {
                Ok(Some(fresh)) => break fresh,
                Ok(None) => {
                    tracing::error!(database = %name, "another Broadside process took the database while this one had lost its connection; stopping this one");
                    eprintln!(
                        "broadside: another Broadside process took the database {name}; stopping"
                    );
                    std::process::exit(2);
                }
                Err(e) => {
                    tracing::warn!(database = %name, error = %e, "cannot reach the database to take its lock again; retrying");
                    tokio::time::sleep(WATCH_EVERY).await;
                }
            }
        };
        tracing::info!(database = %name, "database lock taken again");
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host/db`), takes the
    /// one-process lock and applies the migrations this build has.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let name = super::redacted(url);
        let options: PgConnectOptions =
            url.parse().map_err(|e: sqlx::Error| StoreError::BadUrl {
                url: name.clone(),
                reason: e.to_string(),
            })?;
        let open_failed = |e: sqlx::Error| StoreError::Open {
            file: name.clone(),
            reason: e.to_string(),
        };
        let Some(lock) = take_lock(&options).await.map_err(open_failed)? else {
            return Err(StoreError::InUse { file: name });
        };
        let pool = PgPoolOptions::new()
            .max_connections(8)
            .min_connections(1)
            // Discord waits 3 s for an answer: when the server is gone, say so in time
            // (a private apology) rather than wait for it.
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.clone())
            .await
            .map_err(open_failed)?;
        let known = MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0);
        match MIGRATOR.run(&pool).await {
            Ok(()) => {}
            Err(MigrateError::VersionMissing(found)) => {
                return Err(StoreError::NewerSchema {
                    file: name,
                    found,
                    known,
                });
            }
            Err(e) => {
                return Err(StoreError::Migrate {
                    file: name,
                    reason: e.to_string(),
                });
            }
        }
        tracing::info!(database = %name, schema = known, "database ready");
        Ok(Self {
            pool,
            _lock: std::sync::Arc::new(super::Background::spawn(watch_lock(lock, options, name))),
        })
    }

    /// The connection pool, for tests and tools.
    #[must_use]
    pub fn pool(&self) -> &PgPool {
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
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
                 $17, $18, $19) \
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
                    "INSERT INTO moves (match_id, seq, player_id, turn, cells, reports, at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
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

impl Store for PgStore {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(self.write(std::slice::from_ref(record)))
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(self.write(records))
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(async move {
            let rows: Vec<(i64, Vec<u8>)> = sqlx::query_as(
                "SELECT id, state FROM matches WHERE live ORDER BY updated_ms DESC, id",
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
                "SELECT state FROM matches WHERE NOT live AND NOT announced ORDER BY ended_ms",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(states)
        })
    }

    fn mark_announced(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET announced = TRUE WHERE id = $1")
                .bind(to_sql(id))
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn retire(&self, id: u64, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE matches SET live = FALSE, phase = 'finished', how = 'abandoned', \
                 ended_ms = $2, updated_ms = $2, announced = TRUE WHERE id = $1 AND live",
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
            let row = sqlx::query("SELECT * FROM matches WHERE id = $1")
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
                   SELECT id FROM matches WHERE challenger_id = $1 AND NOT live \
                   UNION SELECT id FROM matches WHERE opponent_id = $1 AND NOT live) \
                 AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
                 ORDER BY ended_ms DESC, id LIMIT $2",
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
                 WHERE match_id = $1 ORDER BY seq",
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
                "INSERT INTO heartbeat (id, at_ms) VALUES (1, $1) \
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
