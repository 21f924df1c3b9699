//! The SQL of [`PresenceStore`], compiled as a module of each back-end (see
//! `roles/sql.rs`).

use super::Handle;
use crate::store::{PresenceStore, StoreFuture, Timestamp};

impl PresenceStore for Handle {
    fn beat(&self, at: Timestamp) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO heartbeat (id, at_ms) VALUES (1, $1) \
                 ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
            )
            .bind(at)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn last_beat(&self) -> StoreFuture<'_, Option<Timestamp>> {
        Box::pin(async move {
            let at: Option<Timestamp> =
                sqlx::query_scalar("SELECT at_ms FROM heartbeat WHERE id = 1")
                    .fetch_optional(self.pool())
                    .await?;
            Ok(at)
        })
    }

    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1").execute(self.pool()).await?;
            Ok(())
        })
    }
}
