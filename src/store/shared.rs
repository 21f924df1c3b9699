//! The operations only a store that several processes share (PostgreSQL) has: the session
//! finds, reads and changes live matches through them rather than in its own memory. Their
//! SQL is the back-end's own (`postgres/mod.rs`).

use super::{MatchId, MatchRecord, Store, StoreFuture, StoredState, Timestamp};
use crate::game::PlayerId;
use crate::ids::ChannelKey;
#[cfg(doc)]
use crate::store::{OutboxStore, StoreError};

/// How a shared store finds a live match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveKey {
    /// The live match with this id.
    Id(MatchId),
    /// The live match in a channel.
    Channel(ChannelKey),
    /// The live match a member is bound to (has accepted, or challenged in).
    Player(PlayerId),
    /// Any live match with the member in a seat (also a challenge they have not answered).
    Seat(PlayerId),
}

/// What [`SharedStore::change`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The new record was written.
    Written,
    /// The change refused (it returned no record); nothing was written.
    Refused,
    /// No live match has that id.
    Missing,
    /// Another process is changing the match right now (only when asked to skip it).
    Locked,
}

/// A change of one live match, run by [`SharedStore::change`] while the match's row is locked:
/// given the stored state, the record to write, or `None` to leave the match as it is.
pub type Apply<'a> = &'a mut (dyn FnMut(&StoredState) -> Option<MatchRecord> + Send);

/// A store that several processes share (PostgreSQL): the database is the source of
/// truth for live matches, so the session finds, reads and changes them through these
/// operations rather than in its own memory.
pub trait SharedStore: Store {
    /// The id of the live match found by `key`.
    fn live_id(&self, key: LiveKey) -> StoreFuture<'_, Option<MatchId>>;

    /// Runs `apply` on the live match found by `at` while its row is locked and writes
    /// the record it returns, in one transaction (one statement finds and locks it). With
    /// `skip_locked`, a match another process is changing right now is left alone
    /// ([`Changed::Locked`]) instead of waited for.
    fn change<'a>(
        &'a self,
        at: LiveKey,
        skip_locked: bool,
        apply: Apply<'a>,
    ) -> StoreFuture<'a, Changed>;

    /// Writes a new live match, refused with [`StoreError::Taken`] when its channel has a
    /// live match or one of its claims (or a member of `unclaimed`, who must not play
    /// elsewhere) is bound to another.
    fn open_live<'a>(
        &'a self,
        record: &'a MatchRecord,
        unclaimed: &'a [PlayerId],
    ) -> StoreFuture<'a, ()>;

    /// Takes up to `limit` ends in servers that were written at or before `before` and
    /// never sent, marking them sent, so that one process announces each. Ends outside
    /// servers are left: they wait for an interaction ([`OutboxStore::waiting_ends_in`]).
    fn take_unannounced(&self, before: Timestamp, limit: u32) -> StoreFuture<'_, Vec<StoredState>>;

    /// How many live matches there are per `(phase, variant)` (as stored).
    fn census(&self) -> StoreFuture<'_, Vec<Census>>;

    /// Joins the processes that use the database. True when no other one is running
    /// (they were all down): this process then has the live matches to itself, to give
    /// the players their time back, until it calls [`SharedStore::settle`]; a process
    /// that starts meanwhile waits for that.
    fn arrive(&self) -> StoreFuture<'_, bool>;

    /// Ends the time alone that [`SharedStore::arrive`] gave (if it did); from now on
    /// this process counts as running, until the store is dropped.
    fn settle(&self) -> StoreFuture<'_, ()>;
}

/// How many live matches there are in one phase of one rule set ([`SharedStore::census`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// The phase, as stored (`challenge`, `placement`, `battle`).
    pub phase: String,
    /// The rule set, as stored (`classic`, `game2000`).
    pub variant: String,
    /// Live matches in it.
    pub matches: u64,
}
