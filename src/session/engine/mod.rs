//! The two ways the session keeps live matches, picked once when it is made:
//!
//! * [`Local`]: this process alone uses the store (SQLite). The live matches are in memory
//!   (a registry private to it); a change takes its match's turn (an async lock per match), applies
//!   the rule, writes the record and only then gives the turn to the next change.
//! * [`Shared`]: several processes share the store (PostgreSQL). The database holds the
//!   live matches; a change runs in one transaction holding the match's row lock.
//!
//! Both run the same step on an entry ([`apply`]): the operations (`challenge.rs`,
//! `placement.rs`, `battle.rs`, `rematch.rs` and the others) never know which engine runs
//! them.

use std::time::SystemTime;

use crate::store::MatchRecord;

use super::ends::Ended;
use super::entry::Entry;
use super::error::SessionError;
use super::ids::{Locate, MatchId};
use super::record;

mod local;
mod shared;

pub(super) use local::Local;
pub use local::Registry;
pub(super) use shared::Shared;

/// Every phase of a live match and variant, each counted 0.
#[must_use]
fn empty_census() -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
    use crate::game::{PhaseKind, Variant};
    [
        PhaseKind::Challenge,
        PhaseKind::Placement,
        PhaseKind::Battle,
    ]
    .into_iter()
    .flat_map(|p| [Variant::Classic, Variant::Game2000].map(|v| ((p, v), 0)))
    .collect()
}

/// What one change adds besides the new state: the time and the moves played.
#[derive(Debug)]
pub(crate) struct Change {
    /// When the change happens.
    pub now: SystemTime,
    /// Moves played by it, in order.
    pub moves: Vec<crate::store::MoveRecord>,
}

/// Which match a change is for, what to answer when it is not there, and whether a match
/// being changed right now is left alone (the sweep) instead of waited for.
pub(super) struct Ask {
    /// The match.
    pub at: Locate,
    /// The answer when there is no such match.
    pub missing: SessionError,
    /// Leave a match that is being changed right now alone.
    pub skip_locked: bool,
}

/// What a change returns: its value and, if it ended the match, what to announce.
pub(super) type Outcome<R> = Result<(R, Option<Ended>), SessionError>;

/// What a change's rule decided about its match, when it did not refuse it outright (an
/// `Err`, which also writes nothing and leaves the match as it was).
///
/// Only [`Step::Changed`] is written. [`Step::Unchanged`] hands its value back and writes
/// nothing: a step that has nothing to keep (an editor's cursor move, a message already
/// noted), or a refusal that carries the state as it is (an editor's refused click, whose
/// [`super::Editing`] says why), as a move refused by a chess position hands the position
/// back.
#[derive(Debug)]
pub(crate) enum Step<R> {
    /// The entry changed: bump its version, write it, then hand `R` back.
    Changed(R),
    /// Nothing to write: the entry stays as it was (any change to it is undone) and `R`
    /// is handed back.
    Unchanged(R),
}

/// One step applied to an entry: a change to write, or a value to hand back as is.
#[expect(
    clippy::large_enum_variant,
    reason = "made once per change and taken apart at once; boxing the record would cost an allocation per change"
)]
pub(super) enum Applied<R> {
    /// A change, not yet written.
    Changed {
        /// The operation's value.
        value: R,
        /// The record to write.
        record: MatchRecord,
        /// Set when the change ended the match.
        ended: Option<Ended>,
    },
    /// Nothing to write (the entry must be put back as it was).
    Unchanged(R),
}

/// Runs `f` on `entry` as one step: on a change bumps the version and returns `f`'s
/// value, the record to write and, if the match ended, what to announce. On a refusal or
/// [`Step::Unchanged`] the entry may be changed in part: callers keep a copy.
pub(super) fn apply<R>(
    entry: &mut Entry,
    f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError>,
) -> Result<Applied<R>, SessionError> {
    let mut change = Change {
        now: SystemTime::now(),
        moves: Vec::new(),
    };
    let value = match f(entry, &mut change)? {
        Step::Changed(value) => value,
        Step::Unchanged(value) => return Ok(Applied::Unchanged(value)),
    };
    entry.version += 1;
    let record = record::of(entry, change.now, change.moves)
        .map_err(|e| SessionError::unwritable(entry.id, e))?;
    let ended = entry.game.is_finished().then(|| Ended::of(entry));
    Ok(Applied::Changed {
        value,
        record,
        ended,
    })
}

/// The engine a session runs on.
#[derive(Debug)]
pub(super) enum Engine {
    /// Live matches in this process's memory.
    Local(Local),
    /// Live matches in a database several processes share.
    Shared(Shared),
}

impl Engine {
    /// Runs `f` on the located match as one change and writes it before returning (see
    /// the module's doc). With `skip_locked` (the sweep), a match another process is
    /// (or, in memory, this process is writing) right now is left alone
    /// ([`SessionError::Pending`]); otherwise the change waits for its turn.
    pub(super) async fn act<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        skip_locked: bool,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError> + Send,
    ) -> Outcome<R> {
        self.step(at, missing, skip_locked, move |e, change| {
            f(e, change).map(Step::Changed)
        })
        .await
    }

    /// [`Engine::act`] for a step that may leave the match unchanged: only
    /// [`Step::Changed`] is written; [`Step::Unchanged`] writes nothing and hands its
    /// value back (with no end).
    pub(super) async fn step<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        skip_locked: bool,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Outcome<R> {
        let ask = Ask {
            at,
            missing,
            skip_locked,
        };
        match self {
            Engine::Local(l) => l.act(ask, f).await,
            Engine::Shared(s) => s.act(ask, f).await,
        }
    }

    /// Reads the located match as last written; `Err` when the database cannot be read.
    pub(super) async fn read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, crate::store::StoreError> {
        match self {
            Engine::Local(l) => Ok(l.read(at, f).await),
            Engine::Shared(s) => s.read(at, f).await,
        }
    }

    /// Opens a new match and writes its first record: refused when its channel has a
    /// match, one of its claims is bound to another, or a member of `unclaimed` (a
    /// challenged member, who must not be playing) is bound at all.
    pub(super) async fn open(
        &self,
        entry: Entry,
        record: &MatchRecord,
        unclaimed: &[crate::game::PlayerId],
    ) -> Result<MatchId, SessionError> {
        match self {
            Engine::Local(l) => l.open(entry, record, unclaimed).await,
            Engine::Shared(s) => s.open(record, unclaimed).await,
        }
    }

    /// How many live matches there are of each phase and variant (zeros included).
    pub(super) async fn census(
        &self,
    ) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
        match self {
            Engine::Local(l) => l.census(),
            Engine::Shared(s) => s.census().await,
        }
    }

    /// Ends that were written a while ago by a process that stopped before sending them
    /// (only several processes leave them to each other; one process sends its own
    /// after a restart).
    pub(super) async fn orphaned_ends(&self, now: SystemTime) -> Vec<Ended> {
        match self {
            Engine::Local(_) => Vec::new(),
            Engine::Shared(s) => s.orphaned_ends(now).await,
        }
    }

    /// This process's live matches in memory, when it keeps them.
    pub(super) fn registry(&self) -> Option<&Registry> {
        match self {
            Engine::Local(l) => Some(l.live()),
            Engine::Shared(_) => None,
        }
    }
}
