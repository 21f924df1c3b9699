//! The rematch role: the votes for a rematch of a finished match and the claim on its
//! start, taken once across processes. Its SQL is `sql.rs`.

use crate::game::PlayerId;
use crate::store::{MatchId, StoreFuture};

/// The votes for rematches and the claims on their starts.
pub trait RematchStore: Send + Sync {
    /// Records that `player` asked for a rematch of match `id`; returns everyone who has,
    /// and whether this request was new.
    fn vote_rematch(
        &self,
        id: MatchId,
        player: PlayerId,
        at_ms: i64,
    ) -> StoreFuture<'_, (Vec<PlayerId>, bool)>;

    /// Claims the start of the rematch of match `id` for the new match `new`; returns the
    /// match the claim names (`new` for the first caller) and when it was claimed.
    fn claim_rematch(
        &self,
        id: MatchId,
        new: MatchId,
        at_ms: i64,
    ) -> StoreFuture<'_, (MatchId, i64)>;

    /// Moves a claim from `old` (a match that was never stored) to `new`; false when
    /// someone else moved it first.
    fn reclaim_rematch(&self, id: MatchId, old: MatchId, new: MatchId) -> StoreFuture<'_, bool>;

    /// Gives a claim back (the rematch could not start after all).
    fn release_rematch(&self, id: MatchId) -> StoreFuture<'_, ()>;
}
