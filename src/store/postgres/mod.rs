//! PostgreSQL, chosen by `DATABASE_URL=postgres://…`: the same behaviour as the SQLite
//! store (nothing lost, restore on start, history kept), for admins who already run a
//! PostgreSQL server or want the database off the bot's host.
//!
//! Several bot processes may share one database (each running some of the shards): the
//! database is the source of truth for live matches ([`Store::shared`]). Each change of a
//! match runs in one transaction that locks the match's row; one live match per channel
//! is a unique index, one per member the `live_players` table; the deadline sweep of every
//! process takes due matches with `FOR UPDATE SKIP LOCKED`.

use crate::store::rows;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgConnection, PgPool};

use super::{
    Apply, Changed, HistoryRow, LeaderPage, LiveKey, MatchRecord, MoveRecord, Store, StoreError,
    StoreFuture, StoredMatch, Taken, from_sql, to_sql,
};
use crate::rating::{Rating, Record, ResultRow};

mod presence;
mod ratings;

/// The schema migrations, compiled into the binary.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations/postgres");

/// How long an operation waits for a connection to the server.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// Settings of every connection: a change waits at most this long for a match's row lock
/// (another process changing the same match holds it for milliseconds), and a vanished
/// peer is noticed within about a minute rather than the system's two hours.
const SESSION_SETTINGS: [(&str, &str); 4] = [
    ("lock_timeout", "5s"),
    ("tcp_keepalives_idle", "30"),
    ("tcp_keepalives_interval", "10"),
    ("tcp_keepalives_count", "3"),
];

/// The unique index that keeps one live match per channel.
const LIVE_CHANNEL_INDEX: &str = "matches_live_channel";

/// Matches in one PostgreSQL database, shared by every process pointed at it.
#[derive(Debug, Clone)]
pub struct PgStore {
    pool: PgPool,
    /// How to connect (for the presence lock's own connection).
    options: PgConnectOptions,
    /// This process's presence among those using the database (see `presence`).
    presence: std::sync::Arc<std::sync::Mutex<presence::Presence>>,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host/db`) and applies the
    /// migrations this build has (PostgreSQL's migration lock lets one process at a time
    /// do that).
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let name = super::redacted(url);
        let options: PgConnectOptions =
            url.parse().map_err(|e: sqlx::Error| StoreError::BadUrl {
                url: name.clone(),
                reason: e.to_string(),
            })?;
        let options = options.options(SESSION_SETTINGS);
        let open_failed = |e: sqlx::Error| StoreError::Open {
            file: name.clone(),
            reason: e.to_string(),
        };
        let pool = PgPoolOptions::new()
            // A change waiting for a busy match's row lock holds its connection meanwhile
            // (at most `lock_timeout`): room for a burst on one match and the rest.
            .max_connections(16)
            // A few kept open, so a burst does not wait for new connections to be made.
            .min_connections(4)
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
            options,
            presence: std::sync::Arc::default(),
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
            write_in(&mut tx, r).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// [`Store::change`]: the match is found and locked by one statement.
    async fn change_in(
        &self,
        at: LiveKey,
        skip_locked: bool,
        apply: Apply<'_>,
    ) -> Result<Changed, StoreError> {
        let mut tx = self.pool.begin().await?;
        let (query, key) = match at {
            LiveKey::Id(id) if skip_locked => (
                "SELECT state FROM matches WHERE id = $1 AND live FOR UPDATE SKIP LOCKED",
                id,
            ),
            LiveKey::Id(id) => (
                "SELECT state FROM matches WHERE id = $1 AND live FOR UPDATE",
                id,
            ),
            LiveKey::Channel(c) => (
                "SELECT state FROM matches WHERE channel_id = $1 AND live FOR UPDATE",
                c,
            ),
            LiveKey::Player(p) => (
                "SELECT m.state FROM live_players l JOIN matches m ON m.id = l.match_id \
                 WHERE l.player_id = $1 AND m.live FOR UPDATE OF m",
                p,
            ),
            LiveKey::Seat(p) => (
                "SELECT state FROM matches WHERE live AND (challenger_id = $1 OR opponent_id = $1) \
                 LIMIT 1 FOR UPDATE",
                p,
            ),
        };
        let state: Option<Vec<u8>> = sqlx::query_scalar(query)
            .bind(to_sql(key))
            .fetch_optional(&mut *tx)
            .await?;
        let Some(state) = state else {
            let LiveKey::Id(id) = at else {
                return Ok(Changed::Missing);
            };
            if !skip_locked {
                return Ok(Changed::Missing);
            }
            let live: Option<bool> = sqlx::query_scalar("SELECT live FROM matches WHERE id = $1")
                .bind(to_sql(id))
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(if live == Some(true) {
                Changed::Locked
            } else {
                Changed::Missing
            });
        };
        // Rolled back explicitly, here and on a failed write: a transaction that is only
        // dropped sends its ROLLBACK with the connection's next use, and keeps the match's
        // row locked until then (the sweep would skip the match meanwhile).
        let Some(record) = apply(&state) else {
            tx.rollback().await?;
            return Ok(Changed::Refused);
        };
        if let Err(e) = write_in(&mut tx, &record).await {
            let _ = tx.rollback().await;
            return Err(e);
        }
        tx.commit().await?;
        Ok(Changed::Written)
    }

    /// [`Store::open_live`].
    async fn open_in(&self, record: &MatchRecord, unclaimed: &[u64]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        // The channel first, as the in-process registry does.
        let busy: Option<i64> =
            sqlx::query_scalar("SELECT id FROM matches WHERE live AND channel_id = $1")
                .bind(to_sql(record.channel))
                .fetch_optional(&mut *tx)
                .await?;
        if busy.is_some() {
            return Err(StoreError::Taken(Taken::Channel));
        }
        if let Some(taken) = bound(&mut tx, unclaimed, None).await? {
            return Err(StoreError::Taken(taken));
        }
        // A failed insert holds its index entries until the rollback: send it now.
        if let Err(e) = write_in(&mut tx, record).await {
            let _ = tx.rollback().await;
            return Err(e);
        }
        tx.commit().await?;
        Ok(())
    }
}

/// A member of `players` bound to a live match other than `except`, if any.
async fn bound(
    tx: &mut PgConnection,
    players: &[u64],
    except: Option<u64>,
) -> Result<Option<Taken>, StoreError> {
    if players.is_empty() {
        return Ok(None);
    }
    let ids: Vec<i64> = players.iter().copied().map(to_sql).collect();
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT l.player_id, l.channel_id FROM live_players l \
         JOIN matches m ON m.id = l.match_id AND m.live \
         WHERE l.player_id = ANY($1) AND l.match_id IS DISTINCT FROM $2 LIMIT 1",
    )
    .bind(&ids)
    .bind(except.map(to_sql))
    .fetch_optional(&mut *tx)
    .await?;
    Ok(row.map(|(player, channel)| Taken::Player {
        player: from_sql(player),
        channel: from_sql(channel),
    }))
}

/// Writes one record in `tx`: the match (only over an older version), its moves, the
/// members it binds, and (at a rated end) the ratings.
async fn write_in(tx: &mut PgConnection, r: &MatchRecord) -> Result<(), StoreError> {
    let (how, winner, loser) = match &r.result {
        Some(res) => (Some(res.how), res.winner.map(to_sql), res.loser.map(to_sql)),
        None => (None, None, None),
    };
    let ended = r.result.as_ref().map(|_| r.updated_ms);
    let written = sqlx::query(
        "INSERT INTO matches (id, version, channel_id, guild_id, challenger_id, \
             opponent_id, variant, options, computer, phase, live, deadline_ms, state, how, \
             winner_id, loser_id, created_ms, updated_ms, ended_ms, computer_next) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
             $17, $18, $19, $20) \
             ON CONFLICT (id) DO UPDATE SET version = excluded.version, \
             phase = excluded.phase, live = excluded.live, deadline_ms = excluded.deadline_ms, \
             state = excluded.state, how = excluded.how, winner_id = excluded.winner_id, \
             loser_id = excluded.loser_id, updated_ms = excluded.updated_ms, \
             ended_ms = excluded.ended_ms, computer_next = excluded.computer_next \
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
    .bind(r.computer_next)
    .execute(&mut *tx)
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(db) if db.constraint() == Some(LIVE_CHANNEL_INDEX) => {
            StoreError::Taken(Taken::Channel)
        }
        _ => StoreError::Query(e),
    })?;
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
    sync_claims(tx, r).await?;
    ratings::record(tx, r).await?;
    Ok(())
}

/// Keeps `live_players` in step with `r`: its claims bound to it while it is live, none
/// once it ended. A claim another live match holds refuses the whole write. Members are
/// inserted in id order, so two transactions binding the same two members cannot wait on
/// each other crosswise. Claims change
/// only when a match opens, is accepted or ends, so a change in battle skips this.
async fn sync_claims(tx: &mut PgConnection, r: &MatchRecord) -> Result<(), StoreError> {
    let live = r.result.is_none();
    if live && r.phase == "battle" {
        return Ok(());
    }
    let claims: Vec<i64> = if live {
        r.claims.iter().copied().map(to_sql).collect()
    } else {
        Vec::new()
    };
    sqlx::query("DELETE FROM live_players WHERE match_id = $1 AND NOT (player_id = ANY($2))")
        .bind(to_sql(r.id))
        .bind(&claims)
        .execute(&mut *tx)
        .await?;
    if claims.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO live_players (player_id, match_id, channel_id) \
         SELECT p, $2, $3 FROM unnest($1::BIGINT[]) AS p ORDER BY p \
         ON CONFLICT (player_id) DO NOTHING",
    )
    .bind(&claims)
    .bind(to_sql(r.id))
    .bind(to_sql(r.channel))
    .execute(&mut *tx)
    .await?;
    match bound(tx, &r.claims, Some(r.id)).await? {
        Some(taken) => Err(StoreError::Taken(taken)),
        None => Ok(()),
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
            let mut tx = self.pool.begin().await?;
            sqlx::query(
                "UPDATE matches SET live = FALSE, phase = 'finished', how = 'abandoned', \
                 ended_ms = $2, updated_ms = $2, announced = TRUE WHERE id = $1 AND live",
            )
            .bind(to_sql(id))
            .bind(at_ms)
            .execute(&mut *tx)
            .await?;
            // Its members are free again.
            sqlx::query("DELETE FROM live_players WHERE match_id = $1")
                .bind(to_sql(id))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
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

    fn shared(&self) -> bool {
        true
    }

    fn live_id(&self, key: LiveKey) -> StoreFuture<'_, Option<u64>> {
        Box::pin(async move {
            let (query, who) = match key {
                LiveKey::Id(id) => ("SELECT id FROM matches WHERE live AND id = $1", id),
                LiveKey::Channel(c) => ("SELECT id FROM matches WHERE live AND channel_id = $1", c),
                LiveKey::Player(p) => (
                    "SELECT l.match_id FROM live_players l \
                     JOIN matches m ON m.id = l.match_id AND m.live WHERE l.player_id = $1",
                    p,
                ),
                LiveKey::Seat(p) => (
                    "SELECT id FROM matches WHERE live AND (challenger_id = $1 OR opponent_id = $1) \
                     LIMIT 1",
                    p,
                ),
            };
            let id: Option<i64> = sqlx::query_scalar(query)
                .bind(to_sql(who))
                .fetch_optional(&self.pool)
                .await?;
            Ok(id.map(from_sql))
        })
    }

    fn change<'a>(
        &'a self,
        at: LiveKey,
        skip_locked: bool,
        apply: Apply<'a>,
    ) -> StoreFuture<'a, Changed> {
        Box::pin(self.change_in(at, skip_locked, apply))
    }

    fn open_live<'a>(
        &'a self,
        record: &'a MatchRecord,
        unclaimed: &'a [u64],
    ) -> StoreFuture<'a, ()> {
        Box::pin(self.open_in(record, unclaimed))
    }

    fn due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND deadline_ms <= $1 \
                 ORDER BY deadline_ms LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn computer_waiting(&self, before_ms: i64) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND computer_next AND updated_ms <= $1",
            )
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn take_unannounced(&self, before_ms: i64, limit: u32) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move {
            let states: Vec<Vec<u8>> = sqlx::query_scalar(
                "UPDATE matches SET announced = TRUE WHERE id IN ( \
                   SELECT id FROM matches WHERE NOT live AND NOT announced AND ended_ms <= $1 \
                   ORDER BY ended_ms LIMIT $2 FOR UPDATE SKIP LOCKED) \
                 RETURNING state",
            )
            .bind(before_ms)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
            Ok(states)
        })
    }

    fn census(&self) -> StoreFuture<'_, Vec<(String, String, u64)>> {
        Box::pin(async move {
            let rows: Vec<(String, String, i64)> = sqlx::query_as(
                "SELECT phase, variant, COUNT(*) FROM matches WHERE live GROUP BY phase, variant",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(p, v, n)| (p, v, u64::try_from(n).unwrap_or(0)))
                .collect())
        })
    }

    fn arrive(&self) -> StoreFuture<'_, bool> {
        Box::pin(presence::arrive(self))
    }

    fn settle(&self) -> StoreFuture<'_, ()> {
        Box::pin(presence::settle(self))
    }
}
