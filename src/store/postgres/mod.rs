//! PostgreSQL, chosen by `DATABASE_URL=postgres://…`: the same behaviour as the SQLite
//! store (nothing lost, restore on start, history kept), for admins who already run a
//! PostgreSQL server or want the database off the bot's host.
//!
//! Several bot processes may share one database (each running some of the shards): the
//! database is the source of truth for live matches ([`SharedStore`]). Each change of a
//! match runs in one transaction that locks the match's row; one live match per channel
//! is a unique index, one per member the `live_players` table; the deadline sweep of every
//! process takes due matches with `FOR UPDATE SKIP LOCKED`.

use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgConnection, PgPool};

use crate::game::PlayerId;
use crate::ids::{ChannelKey, GuildId, MatchId};

use super::{
    Apply, Census, Changed, LiveKey, MatchRecord, SharedStore, StoreError, StoreFuture,
    StoredState, Taken, Timestamp, from_sql, to_sql,
};

mod presence;
mod turns;

/// The schema migrations, compiled into the binary.
static MIGRATOR: std::sync::LazyLock<Migrator> =
    std::sync::LazyLock::new(crate::store::migrations::postgres);

/// How long an operation waits for a connection to the server.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a statement waits for a lock (a tournament's or season's row, an advisory lock)
/// before it fails: another process holds such locks for milliseconds.
const LOCK_TIMEOUT: &str = "5s";

/// Settings of every connection: a statement waits at most [`LOCK_TIMEOUT`] for a lock, and
/// a vanished peer is noticed within about a minute rather than the system's two hours. (A
/// change of a live match waits for the match's row otherwise: see [`PgStore::change_in`].)
const SESSION_SETTINGS: [(&str, &str); 4] = [
    ("lock_timeout", LOCK_TIMEOUT),
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
        let open_failed = |e: sqlx::Error| StoreError::Connect {
            database: name.clone(),
            // No such database (3D000), or the credentials were refused (28P01, 28000).
            refused: e
                .as_database_error()
                .and_then(sqlx::error::DatabaseError::code)
                .is_some_and(|code| matches!(code.as_ref(), "3D000" | "28P01" | "28000")),
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

    /// [`SharedStore::change`]: the match is found and locked by one statement.
    ///
    /// A change does not hold a pooled connection while another process changes the same
    /// match: its first try takes the match's row lock at once or not at all (`NOWAIT`);
    /// when the row is held, it gives its connection back, pauses (a few milliseconds,
    /// doubling up to [`turns::MAX_PAUSE`], with jitter) and tries again, then queueing at
    /// the row for at most [`turns::QUEUE_AT_ROW`] each time (so that the processes take
    /// turns, in the order they queued), until [`turns::TURN_WAIT`] has passed; then it
    /// answers [`Changed::Locked`] (the change is refused as pending). (In one process, changes of one match wait for each other
    /// before they ask for a connection: the shared engine queues them.)
    async fn change_in(
        &self,
        at: LiveKey,
        skip_locked: bool,
        apply: Apply<'_>,
    ) -> Result<Changed, StoreError> {
        if skip_locked {
            return self.change_once(at, turns::Wait::Skip, apply).await;
        }
        let mut turn = turns::Turn::new(std::time::Instant::now());
        let mut wait = turns::Wait::Now;
        loop {
            // `Locked`: the row was not had, and nothing ran.
            match self.change_once(at, wait, &mut *apply).await? {
                Changed::Locked => {
                    let Some(pause) = turn.pause(std::time::Instant::now()) else {
                        // Its turn never came: the member is told to try again.
                        tracing::warn!(at = ?at, "a change gave up waiting for its match");
                        return Ok(Changed::Locked);
                    };
                    tokio::time::sleep(pause).await;
                    wait = turns::Wait::Briefly;
                }
                done => return Ok(done),
            }
        }
    }

    /// One try of [`Self::change_in`], waiting for the match's row lock as `wait` says:
    /// [`Changed::Locked`], with nothing run and the transaction rolled back (its
    /// connection given back clean), when the row is not had.
    async fn change_once(
        &self,
        at: LiveKey,
        wait: turns::Wait,
        apply: Apply<'_>,
    ) -> Result<Changed, StoreError> {
        let skip_locked = wait == turns::Wait::Skip;
        let mut tx = self.pool.begin().await?;
        if wait == turns::Wait::Briefly {
            sqlx::query(&turns::queue_at_row_sql())
                .execute(&mut *tx)
                .await?;
        }
        let (query, key) = match at {
            LiveKey::Id(id) if skip_locked => (
                "SELECT state FROM matches WHERE id = $1 AND live FOR UPDATE SKIP LOCKED",
                id.0,
            ),
            LiveKey::Id(id) => (
                "SELECT state FROM matches WHERE id = $1 AND live FOR UPDATE",
                id.0,
            ),
            LiveKey::Channel(c) => (
                "SELECT state FROM matches WHERE channel_id = $1 AND live FOR UPDATE",
                c.0,
            ),
            LiveKey::Player(p) => (
                "SELECT m.state FROM live_players l JOIN matches m ON m.id = l.match_id \
                 WHERE l.player_id = $1 AND m.live FOR UPDATE OF m",
                p.0,
            ),
            LiveKey::Seat(p) => (
                "SELECT state FROM matches WHERE live AND (challenger_id = $1 OR opponent_id = $1) \
                 LIMIT 1 FOR UPDATE",
                p.0,
            ),
        };
        let query = match wait {
            turns::Wait::Now => std::borrow::Cow::Owned(format!("{query} NOWAIT")),
            turns::Wait::Briefly | turns::Wait::Skip => std::borrow::Cow::Borrowed(query),
        };
        let state: Option<StoredState> = match sqlx::query_scalar(&query)
            .bind(to_sql(key))
            .fetch_optional(&mut *tx)
            .await
        {
            Ok(state) => state,
            Err(e) => {
                // Given back clean at once, not with the connection's next use.
                let _ = tx.rollback().await;
                let e = StoreError::from(e);
                return if turns::lock_unavailable(&e) {
                    Ok(Changed::Locked)
                } else {
                    Err(e)
                };
            }
        };
        if wait == turns::Wait::Briefly {
            // Had: the rest of the change waits for its other locks as every statement does.
            sqlx::query(&turns::lock_timeout_sql())
                .execute(&mut *tx)
                .await?;
        }
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
        if let Err(e) = sql::live::write_in(&mut tx, &record).await {
            let _ = tx.rollback().await;
            return Err(e);
        }
        tx.commit().await?;
        Ok(Changed::Written)
    }

    /// [`SharedStore::open_live`].
    async fn open_in(
        &self,
        record: &MatchRecord,
        unclaimed: &[PlayerId],
    ) -> Result<(), StoreError> {
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
        if let Err(e) = sql::live::write_in(&mut tx, record).await {
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
    players: &[PlayerId],
    except: Option<MatchId>,
) -> Result<Option<Taken>, StoreError> {
    if players.is_empty() {
        return Ok(None);
    }
    let ids: Vec<i64> = players.iter().copied().map(to_sql).collect();
    let row: Option<(i64, i64, Option<i64>)> = sqlx::query_as(
        "SELECT l.player_id, COALESCE(m.post_channel_id, l.channel_id), m.guild_id \
         FROM live_players l \
         JOIN matches m ON m.id = l.match_id AND m.live \
         WHERE l.player_id = ANY($1) AND l.match_id IS DISTINCT FROM $2 LIMIT 1",
    )
    .bind(&ids)
    .bind(except.map(to_sql))
    .fetch_optional(&mut *tx)
    .await?;
    Ok(row.map(|(player, channel, guild)| Taken::Player {
        player: PlayerId(from_sql(player)),
        channel: ChannelKey(from_sql(channel)),
        guild: guild.map(|g| GuildId(from_sql(g))),
    }))
}

/// The store the shared queries implement [`Store`] for, and its database.
type Handle = PgStore;
/// See [`Handle`].
type Db = sqlx::Postgres;

/// The roles' SQL, compiled for PostgreSQL (see `roles/sql.rs`).
#[path = "../roles/sql.rs"]
#[expect(
    clippy::duplicate_mod,
    reason = "written once, compiled for each back-end"
)]
mod sql;

/// The first half of the transaction-level advisory locks of ratings and rematch votes
/// (the two-key form, a key space apart from the presence lock).
const KEY_RATING: i32 = 0x4252_0001;
/// See [`KEY_RATING`].
const KEY_REMATCH: i32 = 0x4252_0002;
/// See [`KEY_RATING`]: a server's seasons (issue 39).
const KEY_SEASON: i32 = 0x4252_0009;

/// Takes the transaction-level lock `(space, id)` (ids folded to 32 bits: a collision only
/// makes two unrelated writes wait for each other).
async fn lock_key(tx: &mut PgConnection, space: i32, id: u64) -> Result<(), StoreError> {
    let folded = i32::from_ne_bytes(((id ^ (id >> 32)) as u32).to_ne_bytes());
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(space)
        .bind(folded)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Locks both members' ratings, in id order, for the rest of the transaction: two ends of
/// the same member's matches never read the same old rating.
async fn lock_ratings(tx: &mut PgConnection, players: [PlayerId; 2]) -> Result<(), StoreError> {
    let mut members = players;
    members.sort_unstable();
    for p in members {
        lock_key(tx, KEY_RATING, p.0).await?;
    }
    Ok(())
}

/// Takes a server's seasons for the rest of the transaction: `exclusive` to open or close
/// one, shared to count a match's end in one (ends never wait for each other).
async fn lock_seasons(
    tx: &mut PgConnection,
    guild: super::GuildId,
    exclusive: bool,
) -> Result<(), StoreError> {
    let guild = guild.0;
    let folded = i32::from_ne_bytes(((guild ^ (guild >> 32)) as u32).to_ne_bytes());
    let query = if exclusive {
        "SELECT pg_advisory_xact_lock($1, $2)"
    } else {
        "SELECT pg_advisory_xact_lock_shared($1, $2)"
    };
    sqlx::query(query)
        .bind(KEY_SEASON)
        .bind(folded)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Takes the rematch votes of match `id` for the rest of the transaction.
async fn lock_rematch(tx: &mut PgConnection, id: MatchId) -> Result<(), StoreError> {
    lock_key(tx, KEY_REMATCH, id.0).await
}

/// Nothing more for tournament `id`: the `SELECT … FOR UPDATE` of its row that follows
/// is its lock.
fn lock_tournament(
    _: &mut PgConnection,
    _: super::TournamentId,
) -> std::future::Ready<Result<(), StoreError>> {
    std::future::ready(Ok(()))
}

/// A failed write of a match, as a store error: the unique index of live channels is a
/// channel that is taken.
fn write_error(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.constraint() == Some(LIVE_CHANNEL_INDEX) => {
            StoreError::Taken(Taken::Channel)
        }
        _ => StoreError::Query(e),
    }
}

/// Locks the rows a query reads until the transaction ends.
const FOR_UPDATE: &str = " FOR UPDATE";
/// Keeps the rows a query reads from changing until the transaction ends.
const FOR_SHARE: &str = " FOR SHARE";

/// A retired match frees its members.
async fn after_retire(tx: &mut PgConnection, id: MatchId) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM live_players WHERE match_id = $1")
        .bind(to_sql(id))
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Keeps `live_players` in step with `r`: its claims bound to it while it is live, none
/// once it ended. A claim another live match holds refuses the whole write. Members are
/// inserted in id order, so two transactions binding the same two members cannot wait on
/// each other crosswise. Claims change
/// only when a match opens, is accepted or ends, so a change in battle skips this.
async fn after_write(tx: &mut PgConnection, r: &MatchRecord) -> Result<(), StoreError> {
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
    // A match that moved into its thread: its members play there now.
    sqlx::query("UPDATE live_players SET channel_id = $2 WHERE match_id = $1 AND channel_id <> $2")
        .bind(to_sql(r.id))
        .bind(to_sql(r.channel))
        .execute(&mut *tx)
        .await?;
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

/// The query of [`SharedStore::take_unannounced`] (public so that tests can ask the
/// database how it runs it): up to `$2` ends in servers that ended at or before `$1` and
/// were never sent, marked sent and handed out (along the index
/// `matches_unannounced_servers`; the ends outside servers are never read).
pub const TAKE_UNANNOUNCED: &str = "UPDATE matches SET announced = TRUE WHERE id IN ( \
       SELECT id FROM matches WHERE NOT live AND NOT announced AND guild_id IS NOT NULL \
       AND ended_ms <= $1 ORDER BY ended_ms LIMIT $2 FOR UPDATE SKIP LOCKED) \
     RETURNING state";

impl SharedStore for PgStore {
    fn live_id(&self, key: LiveKey) -> StoreFuture<'_, Option<MatchId>> {
        Box::pin(async move {
            let (query, who) = match key {
                LiveKey::Id(id) => ("SELECT id FROM matches WHERE live AND id = $1", id.0),
                LiveKey::Channel(c) => {
                    ("SELECT id FROM matches WHERE live AND channel_id = $1", c.0)
                }
                LiveKey::Player(p) => (
                    "SELECT l.match_id FROM live_players l \
                     JOIN matches m ON m.id = l.match_id AND m.live WHERE l.player_id = $1",
                    p.0,
                ),
                LiveKey::Seat(p) => (
                    "SELECT id FROM matches WHERE live AND (challenger_id = $1 OR opponent_id = $1) \
                     LIMIT 1",
                    p.0,
                ),
            };
            let id: Option<i64> = sqlx::query_scalar(query)
                .bind(to_sql(who))
                .fetch_optional(&self.pool)
                .await?;
            Ok(id.map(|id| MatchId(from_sql(id))))
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
        unclaimed: &'a [PlayerId],
    ) -> StoreFuture<'a, ()> {
        Box::pin(self.open_in(record, unclaimed))
    }

    fn take_unannounced(&self, before: Timestamp, limit: u32) -> StoreFuture<'_, Vec<StoredState>> {
        Box::pin(async move {
            let states: Vec<StoredState> = sqlx::query_scalar(TAKE_UNANNOUNCED)
                .bind(before)
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await?;
            Ok(states)
        })
    }

    fn census(&self) -> StoreFuture<'_, Vec<Census>> {
        Box::pin(async move {
            let rows: Vec<(String, String, i64)> = sqlx::query_as(
                "SELECT phase, variant, COUNT(*) FROM matches WHERE live GROUP BY phase, variant",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .into_iter()
                .map(|(phase, variant, n)| Census {
                    phase,
                    variant,
                    matches: u64::try_from(n).unwrap_or(0),
                })
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
