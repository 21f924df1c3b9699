//! The outbox role: what goes out once, whichever process sends it (the ends to announce
//! and the reminders of daily matches). Its SQL is `sql.rs`, but for the three queries
//! of the ends below, which tests ask each database to explain.

use crate::store::{ChannelKey, MatchId, StoreFuture, StoredState, Timestamp};

/// The query of [`OutboxStore::unannounced`]: the ends in servers never sent, oldest first (along
/// the index `matches_unannounced_servers`).
pub const UNANNOUNCED: &str = "SELECT state FROM matches \
     WHERE NOT live AND NOT announced AND guild_id IS NOT NULL ORDER BY ended_ms";

/// The query of [`OutboxStore::waiting_ends_in`]: the ends outside servers waiting in
/// channel `$1` that ended at or after `$2`, oldest first (along the index `matches_waiting_channel`).
pub const WAITING_IN_CHANNEL: &str = "SELECT state FROM matches \
     WHERE NOT live AND NOT announced AND guild_id IS NULL \
     AND channel_id = $1 AND ended_ms >= $2 ORDER BY ended_ms";

/// The first query of [`OutboxStore::drop_waiting`]: up to
/// `$2` ids of ends outside servers still waiting that ended before `$1`, oldest
/// first (along the index `matches_waiting_age`).
pub const WAITING_BEFORE: &str = "SELECT id FROM matches \
     WHERE NOT live AND NOT announced AND guild_id IS NULL AND ended_ms < $1 \
     ORDER BY ended_ms LIMIT $2";

/// What goes out once, whichever process sends it: the ends to announce, the reminders of
/// daily matches and the claims of rematches.
pub trait OutboxStore: Send + Sync {
    /// The states of finished matches in servers whose end was never sent (a crash came
    /// between the write and the announcement), oldest first. The ends outside servers are
    /// not among them: they wait in their channels ([`OutboxStore::waiting_ends_in`]).
    fn unannounced(&self) -> StoreFuture<'_, Vec<StoredState>>;

    /// Records that the end of match `id` was sent.
    fn mark_announced(&self, id: MatchId) -> StoreFuture<'_, ()>;

    /// The states of the finished matches outside servers (no guild: a DM, a group DM, a
    /// server without the bot) in `channel` whose end was not shown yet, oldest first.
    /// There the bot can only answer, so such an end waits for the next interaction of
    /// one of its players there, in whichever process receives it. Ends before `since`
    /// no longer wait (see [`OutboxStore::drop_waiting`]). Read along the index of the
    /// waiting ends by channel: the ends waiting in other channels are never read.
    fn waiting_ends_in(
        &self,
        channel: ChannelKey,
        since: Timestamp,
    ) -> StoreFuture<'_, Vec<StoredState>>;

    /// Drops up to `limit` of the ends outside servers that ended before `before` from the
    /// waiting set: nobody came back to see them, so they are marked announced (the
    /// matches stay in history). Returns how many were dropped; the next call takes the
    /// rest.
    fn drop_waiting(&self, before: Timestamp, limit: u32) -> StoreFuture<'_, u64>;

    /// Whether the end of match `id` was sent (or needs none: a match that is not stored
    /// or still live has no end to show).
    fn is_announced(&self, id: MatchId) -> StoreFuture<'_, bool>;

    /// Up to `limit` live matches whose next reminder is due at or before `at`.
    fn reminders_due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// Takes `reminder` from the outbox for this process, at `at`: `false` when it (or a
    /// later one of the match) was taken after `stale_before` and not given back.
    fn take_reminder(
        &self,
        reminder: ReminderKey,
        at: Timestamp,
        stale_before: Timestamp,
    ) -> StoreFuture<'_, bool>;

    /// Marks that reminder as sent in the outbox (it went out and was marked in its
    /// match): the row stays, so that reminder can never be taken again, by any sweep or
    /// process, while a later one of the match still can.
    fn reminder_sent(&self, reminder: ReminderKey) -> StoreFuture<'_, ()>;
}

/// One reminder of a daily match: the reminder `which` of the turn after `moves` moves of
/// match `match_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderKey {
    /// The match.
    pub match_id: MatchId,
    /// How many moves were made before the turn it reminds of.
    pub moves: u32,
    /// Which of the turn's reminders.
    pub which: ReminderKind,
}

/// Which reminder of a daily match's turn: half its time gone, or an hour left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReminderKind {
    /// Half the turn's time is gone.
    Half,
    /// An hour is left.
    Hour,
}

impl ReminderKind {
    /// As stored in `reminder_outbox.which`: `half` or `hour`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            ReminderKind::Half => "half",
            ReminderKind::Hour => "hour",
        }
    }
}
