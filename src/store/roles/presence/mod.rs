//! The presence role: whether the bot runs and the store answers. Its SQL is `sql.rs`.

use crate::store::{StoreFuture, Timestamp};

/// Whether the bot runs and the store answers: the heartbeat and a ping.
pub trait PresenceStore: Send + Sync {
    /// Records that the bot is running at `at`.
    fn beat(&self, at: Timestamp) -> StoreFuture<'_, ()>;

    /// The last recorded heartbeat.
    fn last_beat(&self) -> StoreFuture<'_, Option<Timestamp>>;

    /// Answers when the store is reachable (a trivial query).
    fn ping(&self) -> StoreFuture<'_, ()>;
}
