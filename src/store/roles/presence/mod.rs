//! The presence role: whether the bot runs and the store answers. Its SQL is `sql.rs`.

use crate::store::StoreFuture;

/// Whether the bot runs and the store answers: the heartbeat and a ping.
pub trait PresenceStore: Send + Sync {
    /// Records that the bot is running at `at_ms`.
    fn beat(&self, at_ms: i64) -> StoreFuture<'_, ()>;

    /// The last recorded heartbeat.
    fn last_beat(&self) -> StoreFuture<'_, Option<i64>>;

    /// Answers when the store is reachable (a trivial query).
    fn ping(&self) -> StoreFuture<'_, ()>;
}
