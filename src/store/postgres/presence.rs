//! Which processes use the database: each running one holds a shared advisory lock on its
//! own connection for as long as it runs. A process starting takes the lock exclusively if
//! it can, which it can only when no other one holds it: every process was down, so the
//! time until now is given back to the players, once, by this one (the others starting
//! meanwhile wait for their shared lock until it is done). A process that cannot is joining
//! others that never stopped, and gives nothing back.

use std::time::Duration;

use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, PgConnection};

use super::PgStore;
use crate::store::{Background, StoreError};

/// The advisory lock key of running processes ("BRDSIDE2" as bytes).
const KEY: i64 = 0x4252_4453_4944_4532;

/// How often the exclusive lock is tried at start (a process that has just stopped holds
/// its lock until the server notices its connection is gone), and the pause between tries.
const TRIES: u32 = 10;
const PAUSE: Duration = Duration::from_millis(100);

/// How often the presence connection is checked (and, if it was lost, made again).
const WATCH_EVERY: Duration = Duration::from_secs(5);

/// This process's presence: the connection that holds the exclusive lock between `arrive`
/// and `settle`, then the task that owns the one holding the shared lock.
#[derive(Debug, Default)]
pub(super) struct Presence {
    alone: Option<PgConnection>,
    watch: Option<Background>,
}

/// A new connection, with the store's settings (keepalives: a vanished peer's lock is
/// freed within about a minute).
async fn connect(options: &PgConnectOptions) -> Result<PgConnection, sqlx::Error> {
    PgConnection::connect_with(options).await
}

/// Takes the shared lock on `conn`, waiting (in `lock_timeout` steps) while a starting
/// process holds it exclusively to give time back.
async fn take_shared(conn: &mut PgConnection) -> Result<(), StoreError> {
    loop {
        match sqlx::query("SELECT pg_advisory_lock_shared($1)")
            .bind(KEY)
            .execute(&mut *conn)
            .await
        {
            Ok(_) => return Ok(()),
            Err(e) => {
                let e = StoreError::Query(e);
                if !e.is_contention() {
                    return Err(e);
                }
                tracing::info!("another process is giving the players their time back; waiting");
            }
        }
    }
}

/// Keeps the shared lock held: checks its connection every [`WATCH_EVERY`] and takes the
/// lock again on a new one if it was lost. (It holds no copy of the store, so dropping the
/// store stops it and frees the lock.)
async fn watch(mut conn: PgConnection, options: PgConnectOptions) {
    loop {
        tokio::time::sleep(WATCH_EVERY).await;
        if sqlx::query("SELECT 1").execute(&mut conn).await.is_ok() {
            continue;
        }
        tracing::warn!("lost the database connection that marks this process as running");
        conn = loop {
            let fresh = async {
                let mut c = connect(&options).await.map_err(StoreError::Query)?;
                take_shared(&mut c).await?;
                Ok::<_, StoreError>(c)
            };
            match fresh.await {
                Ok(c) => break c,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot mark this process as running again; retrying");
                    tokio::time::sleep(WATCH_EVERY).await;
                }
            }
        };
    }
}

/// Holds `conn` (with the shared lock) until the store is dropped.
fn keep(store: &PgStore, conn: PgConnection) {
    let task = Background::spawn(watch(conn, store.options.clone()));
    let mut presence = store
        .presence
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    presence.watch = Some(task);
}

/// [`crate::store::SharedStore::arrive`].
pub(super) async fn arrive(store: &PgStore) -> Result<bool, StoreError> {
    let mut conn = connect(&store.options).await?;
    for _ in 0..TRIES {
        let alone: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(KEY)
            .fetch_one(&mut conn)
            .await?;
        if alone {
            let mut presence = store
                .presence
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            presence.alone = Some(conn);
            return Ok(true);
        }
        tokio::time::sleep(PAUSE).await;
    }
    take_shared(&mut conn).await?;
    keep(store, conn);
    Ok(false)
}

/// [`crate::store::SharedStore::settle`].
pub(super) async fn settle(store: &PgStore) -> Result<(), StoreError> {
    let alone = store
        .presence
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .alone
        .take();
    let Some(mut conn) = alone else {
        return Ok(());
    };
    // Shared first (a session never waits for its own lock), then the exclusive one goes:
    // there is no moment without this process's lock.
    take_shared(&mut conn).await?;
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(KEY)
        .execute(&mut conn)
        .await?;
    keep(store, conn);
    Ok(())
}
