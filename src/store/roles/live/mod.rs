//! The live role: the write of every accepted change, the live states at a start, set
//! aside / bring back / retire, and the live matches that are due or found by a channel or
//! server. Its SQL is `sql.rs`.

#[cfg(doc)]
use crate::store::StoreError;
use crate::store::{
    ChannelKey, GuildId, MatchId, MatchRecord, StoreFuture, StoredState, Timestamp,
};

/// Live matches, for the engines, the restore and the sweeps: the write of every accepted
/// change, the live states to bring back at a start, and the live matches that are due
/// (deadline, computer to move) or are found by a channel or server.
pub trait LiveStore: Send + Sync {
    /// Writes `record` (state, columns and its moves) in one transaction. A record whose
    /// version is not newer than the stored one is refused with [`StoreError::Conflict`].
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()>;

    /// Writes many records in one transaction (used at start-up).
    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()>;

    /// The ids and states of every live match, the most recently changed first.
    fn live_states(&self) -> StoreFuture<'_, Vec<MatchState>>;

    /// Ends a live match that cannot be brought back (unreadable, or clashing with
    /// another), as `abandoned`, without touching its state; its members are free again.
    fn retire(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, ()>;

    /// Sets aside a live match whose state this build cannot read: it is no longer live
    /// (its channel and members are free), never ended, and its row and state are kept as
    /// they were (phase [`crate::store::format::SET_ASIDE`]) for a build that reads them. `false` when it
    /// was not live (set aside before, or ended meanwhile).
    fn set_aside(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, bool>;

    /// The matches set aside, oldest first.
    fn set_aside_matches(&self) -> StoreFuture<'_, Vec<SetAside>>;

    /// Makes match `id`, set aside, live again (its state reads now); the caller writes its
    /// record at once. `false` when it is not set aside.
    fn bring_back(&self, id: MatchId) -> StoreFuture<'_, bool>;

    /// Up to `limit` live matches whose deadline is at or before `at`, the most
    /// overdue first.
    fn due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// Live matches where the computer is to move and that have not changed since
    /// `before`.
    fn computer_waiting(&self, before: Timestamp) -> StoreFuture<'_, Vec<MatchId>>;

    /// The live matches (up to `limit`, oldest first) whose messages go to `channel`
    /// although they are not keyed by it ([`MatchRecord::post_channel`]).
    fn posted_in(&self, channel: ChannelKey, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// The states of `guild`'s live matches from the `offset`-th (oldest first), at most
    /// `limit`, and how many there are in all ([`LivePage`]).
    fn live_in(&self, guild: GuildId, offset: u32, limit: u32) -> StoreFuture<'_, LivePage>;
}

/// A match set aside because its state could not be read ([`LiveStore::set_aside`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The match's id.
    pub id: MatchId,
    /// Where its messages went (its channel, or the one a challenge waited in).
    pub channel: ChannelKey,
    /// Its server.
    pub guild: Option<GuildId>,
    /// Its state, as it was stored.
    pub state: StoredState,
}

/// A match's id and its stored state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    /// The match.
    pub id: MatchId,
    /// Its state.
    pub state: StoredState,
}

/// A page of a server's live matches ([`LiveStore::live_in`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LivePage {
    /// The page's states, oldest match first.
    pub states: Vec<StoredState>,
    /// The server's live matches in all.
    pub total: u32,
}
