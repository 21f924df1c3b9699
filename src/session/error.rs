//! Why a change of a match was refused or failed: [`SessionError`], the rules' refusals
//! ([`RuleError`]), a match that could not be opened ([`OpenError`]) and what must never
//! happen ([`Broken`]). Each wraps the error it comes from, typed; none is a string.

use crate::game::{
    AnswerError, ChallengeError, CoordError, EndError, FireError, FleetError, PlacementError,
    PlayerId, Variant,
};
use crate::store::StoreError;
use crate::store::format::FormatError;

use super::ids::{Locate, MatchId, Place};

/// A rule of the game refused the action (the match is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// See [`ChallengeError`].
    #[error(transparent)]
    Challenge(#[from] ChallengeError),
    /// See [`AnswerError`].
    #[error(transparent)]
    Answer(#[from] AnswerError),
    /// See [`PlacementError`].
    #[error(transparent)]
    Placement(#[from] PlacementError),
    /// See [`FleetError`].
    #[error(transparent)]
    Fleet(#[from] FleetError),
    /// The cells could not be read.
    #[error(transparent)]
    Cells(#[from] CoordError),
    /// See [`FireError`].
    #[error(transparent)]
    Fire(#[from] FireError),
    /// See [`EndError`].
    #[error(transparent)]
    End(#[from] EndError),
}

/// Why a match could not be opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The channel already has a match.
    #[error("this channel already has a match")]
    ChannelBusy,
    /// One of the players is already in a match (somewhere).
    #[error("a player is already in a match")]
    PlayerBusy(PlayerId),
}

/// Something that should never happen: a promise of the rules or of the engine was
/// broken. The match is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Broken {
    /// A change's step was taken from the engine but gave no outcome (it ran twice, or
    /// not at all).
    #[error("an action ran twice")]
    RanTwice,
    /// The store's transaction ran without running the change's step.
    #[error("match at {0:?}: the change did not run")]
    DidNotRun(Locate),
    /// A computer's match could not be set up by the rules.
    #[error("could not set up a match against the computer")]
    ComputerSetUp,
    /// The rules refused even the computer's fallback shot.
    #[error("the computer cannot move: {0}")]
    ComputerCannotMove(FireError),
    /// A seat had no fleet right after its fleet was placed.
    #[error("no fleet after placing")]
    NoFleet,
    /// A seat had no view of the enemy sea right after a shot.
    #[error("no target view after a shot")]
    NoTargetView,
}

/// Why an operation was refused or failed. Every variant leaves the match as it was.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The rules refused it, in a match of this variant.
    #[error("{error}")]
    Rules {
        /// The match's rule set (for wording).
        variant: Variant,
        /// What the rules said.
        error: RuleError,
    },
    /// There is no live match in this channel.
    #[error("there is no match in this channel")]
    NoMatchHere,
    /// Several challenges wait in this channel for their threads, and nothing tells which
    /// one is meant.
    #[error("several matches wait in this channel")]
    SeveralHere,
    /// The member is not in any live match.
    #[error("you are not in a match")]
    NoMatch,
    /// The member does not play in this channel's match.
    #[error("you are not playing in this channel's match")]
    NotInThisMatch,
    /// The button's match is over or unknown.
    #[error("that match is over")]
    Stale,
    /// The button belongs to another player.
    #[error("that button is not yours")]
    NotYourButton,
    /// Ready clicked after the battle began.
    #[error("the battle has already begun")]
    BattleBegun,
    /// Ready clicked on an older preview than the player's current fleet.
    #[error("that preview is out of date")]
    StaleFleet,
    /// The channel or a player already has a match.
    #[error("{reason}")]
    Busy {
        /// What is taken.
        reason: OpenError,
        /// Where the busy player plays, if known.
        at: Option<Place>,
    },
    /// No fleet of a previous match to take again (not a rematch, or the seat had none).
    #[error("there is no fleet from a last match")]
    NoLastFleet,
    /// The current phase's deadline has passed; the match ends by the deadline rules.
    #[error("time is up")]
    TimeUp,
    /// The previous change of this match is still being written (the store is slow).
    #[error("the match is busy; try again")]
    Pending,
    /// The change could not be written; it was rolled back.
    #[error("the match could not be saved: {0}")]
    Storage(#[from] StoreError),
    /// A stored match does not read as any stored format this build knows.
    #[error("a stored match is unreadable: {0}")]
    Unreadable(#[source] FormatError),
    /// A match could not be written as a stored document.
    #[error("cannot serialise match {id}: {error}")]
    Unwritable {
        /// The match.
        id: MatchId,
        /// Why.
        #[source]
        error: FormatError,
    },
    /// Something that should never happen.
    #[error("internal error: {0}")]
    Broken(#[from] Broken),
}

impl SessionError {
    /// The rules' refusal `error` in a match of `variant`.
    pub(crate) fn rules(variant: Variant, error: impl Into<RuleError>) -> Self {
        Self::Rules {
            variant,
            error: error.into(),
        }
    }

    /// Match `id` could not be written as a stored document.
    pub(crate) const fn unwritable(id: MatchId, error: FormatError) -> Self {
        Self::Unwritable { id, error }
    }

    /// Not the member's doing, nor the store's: a stored match that does not read, one
    /// that could not be written as a document, or a broken promise.
    #[must_use]
    pub const fn is_internal(&self) -> bool {
        matches!(
            self,
            Self::Unreadable(_) | Self::Unwritable { .. } | Self::Broken(_)
        )
    }
}
