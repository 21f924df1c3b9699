//! A fresh PostgreSQL database per test, on the server named by
//! `BROADSIDE_TEST_DATABASE_URL` (`.ci/run` sets it to a database it just created). Without
//! the variable the PostgreSQL tests are skipped, and say so.

use std::sync::atomic::{AtomicUsize, Ordering};

use sqlx::{Connection, Executor, PgConnection};

/// The variable that names the test server's database.
pub const VAR: &str = "BROADSIDE_TEST_DATABASE_URL";

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A database of one test, dropped at the end.
pub struct PgDb {
    /// Its URL.
    pub url: String,
    admin: String,
    name: String,
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
