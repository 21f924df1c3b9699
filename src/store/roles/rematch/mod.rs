//! The rematch role: the votes for a rematch of a finished match and the claim on its
//! start, taken once across processes. Its SQL is `sql.rs`.

use crate::game::PlayerId;
use crate::store::{MatchId, StoreFuture, Timestamp};

/// The votes for rematches and the claims on their starts.
pub trait RematchStore: Send + Sync {
    /// Records that `player` asked for a rematch of match `id`; returns everyone who has,
    /// and whether this request was new ([`Votes`]).
    fn vote_rematch(&self, id: MatchId, player: PlayerId, at: Timestamp) -> StoreFuture<'_, Votes>;

    /// Claims the start of the rematch of match `id` for the new match `new`; returns the
    /// match the claim names (`new` for the first caller) and when it was claimed
    /// ([`RematchClaim`]).
    fn claim_rematch(
        &self,
        id: MatchId,
        new: MatchId,
        at: Timestamp,
    ) -> StoreFuture<'_, RematchClaim>;

    /// Moves a claim from `old` (a match that was never stored) to `new`; false when
    /// someone else moved it first.
    fn reclaim_rematch(&self, id: MatchId, old: MatchId, new: MatchId) -> StoreFuture<'_, bool>;

    /// Gives a claim back (the rematch could not start after all).
    fn release_rematch(&self, id: MatchId) -> StoreFuture<'_, ()>;
}

/// The votes for a rematch after one more ([`RematchStore::vote_rematch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Votes {
    /// Everyone who asked, in the order they did.
    pub voters: Vec<PlayerId>,
    /// Whether this request was new (not one the member had made already).
    pub new: bool,
}

/// The claim on a rematch's start ([`RematchStore::claim_rematch`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RematchClaim {
    /// The match the claim names (the caller's own when it was first).
    pub started: MatchId,
    /// When it was claimed.
    pub at: Timestamp,
}
