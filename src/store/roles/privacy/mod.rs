//! The privacy role: forgetting a member (`/privacy delete`). Its SQL is `sql.rs`.

use crate::game::PlayerId;
#[cfg(doc)]
use crate::store::FinishedStore;
use crate::store::{MatchId, MatchState, StoreFuture, StoredState};

/// A finished match rewritten when a member is forgotten.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// The match.
    pub id: MatchId,
    /// Its state with the member replaced (`None`: the state is unreadable and stays; only
    /// its columns lose the member's id).
    pub state: Option<StoredState>,
    /// The placeholder id that takes the member's place in its columns.
    pub placeholder: PlayerId,
}

/// What [`PrivacyStore::forget`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgot {
    /// The member is forgotten.
    Done,
    /// They play a live match; nothing was written.
    Playing,
    /// A finished match of theirs is missing from the rewrite (it ended meanwhile);
    /// nothing was written.
    Changed,
}

/// Forgetting a member (`/privacy delete`): the finished matches to rewrite, and the
/// rewrite itself.
pub trait PrivacyStore: Send + Sync {
    /// The ids and states of every finished match `player` sat in.
    fn matches_of(&self, player: PlayerId) -> StoreFuture<'_, Vec<MatchState>>;

    /// The ids and states of every finished match that was cancelled (its ending names
    /// who called it off).
    fn cancelled(&self) -> StoreFuture<'_, Vec<MatchState>>;

    /// Forgets `player` in one transaction: deletes their ratings, statistics, name and
    /// rematch requests, and writes each match of `renamed` with the member replaced.
    /// Refused, with nothing written, while they play a live match
    /// ([`Forgot::Playing`]) or when `renamed` misses a finished match they sat in
    /// ([`Forgot::Changed`]: one ended meanwhile). A member forgotten bumps, in the same
    /// transaction, the epoch of their bucket (see [`FinishedStore::habit_epoch`]).
    fn forget<'a>(&'a self, player: PlayerId, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot>;
}
