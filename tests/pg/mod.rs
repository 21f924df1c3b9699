//! A fresh PostgreSQL database per test, on the server named by
//! `BROADSIDE_TEST_DATABASE_URL` (`.ci/run` sets it to a database it just created). Without
//! the variable the PostgreSQL tests are skipped, and say so.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use sqlx::{Connection, Executor, PgConnection};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The variable that names the test server's database.
pub const VAR: &str = "BROADSIDE_TEST_DATABASE_URL";

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// Test databases in use at once. The suite runs 16 tests at a time, and a PostgreSQL test
/// may open several processes' pools of up to 16 connections each: more than a few at once
/// exhaust the server's 100 connections, and their pools then time out. A test waits here
/// for its turn (other tests go on meanwhile).
const AT_ONCE: usize = 6;

/// The turns of [`AT_ONCE`] (a tokio semaphore works across the tests' runtimes).
static TURNS: LazyLock<std::sync::Arc<Semaphore>> =
    LazyLock::new(|| std::sync::Arc::new(Semaphore::new(AT_ONCE)));

/// A database of one test, dropped at the end.
pub struct PgDb {
    /// Its URL.
    pub url: String,
    admin: String,
    name: String,
    /// This test's turn, given back after the database is dropped (fields drop after
    /// [`Drop::drop`]).
    _turn: OwnedSemaphorePermit,
}

impl PgDb {
    /// A new empty database, or `None` (with a note on stderr) when no server is given.
    pub async fn create(test: &str) -> Option<Self> {
        let Ok(admin) = std::env::var(VAR) else {
            eprintln!("skipped {test} on PostgreSQL: {VAR} is not set");
            return None;
        };
        let (server, base) = admin.rsplit_once('/').unwrap_or_else(|| {
            panic!(
                "{VAR} must end in /DATABASE: {}",
                broadside::store::redacted(&admin)
            )
        });
        // The base name first (so leftovers can be found by it), then what makes the name
        // unique, then the test's name, cut to PostgreSQL's 63 bytes.
        let mut name = format!(
            "{base}_{}_{}_{test}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        )
        .to_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        name.truncate(63);
        // Bounded, so that a test holding two databases at once fails instead of hanging.
        let turn = tokio::time::timeout(
            std::time::Duration::from_secs(300),
            TURNS.clone().acquire_owned(),
        )
        .await
        .unwrap_or_else(|_| panic!("{test}: no turn for a test database in 300 s"))
        .expect("the semaphore is never closed");
        let mut conn = PgConnection::connect(&admin).await.unwrap_or_else(|e| {
            panic!(
                "{VAR}={}: cannot connect: {e}",
                broadside::store::redacted(&admin)
            )
        });
        conn.execute(format!("CREATE DATABASE \"{name}\"").as_str())
            .await
            .expect("create a test database");
        let _ = conn.close().await;
        Some(PgDb {
            url: format!("{server}/{name}"),
            admin,
            name,
            _turn: turn,
        })
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        // Dropped from async tests: a thread of its own with its own runtime.
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            rt.block_on(async move {
                if let Ok(mut conn) = PgConnection::connect(&admin).await {
                    let _ = conn
                        .execute(
                            format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)").as_str(),
                        )
                        .await;
                }
            });
        });
        let _ = done.join();
    }
}
