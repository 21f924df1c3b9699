//! The match lifecycle without Discord: typed operations that return owned outcomes.
//!
//! Every change of a match happens here, in one pattern (`Session::act`): find the match
//! and lock it, apply the rule, bump its version and take an owned record of the new state
//! and an owned outcome of what to show, unlock, **write the record to the store**, and only
//! then hand the outcome back. The caller (the Discord layer) words, draws and sends it.
//! A rejected action leaves the match exactly as it was; so does a write that fails (the
//! change is rolled back and the caller is told). An ended match is removed from the live
//! set by the operation that ended it, and only that operation returns an [`Ended`], so an
//! end is announced exactly once.
//!
//! With a store that several processes share (PostgreSQL, [`Store::shared`]), the live
//! matches are not kept in memory at all: the same pattern runs inside one database
//! transaction that holds the match's row lock, and the database's constraints keep one
//! live match per channel and per member (see `Session::act_shared`).
//!
//! Deadlines are set here and nowhere else: a challenge waits `challenge`, placement takes
//! `placement`, and every turn (also the computer's) gets `turn` from its start.

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{
    AnswerError, ChallengeError, CoordError, EndError, FireError, FleetError, PlacementError,
    PlayerId, Variant,
};
use crate::store::{Changed, LiveKey, MatchRecord, Store, StoreError, Taken};

mod computer;
mod history;
pub mod live;
mod ops;
mod record;
mod rematch;
mod restore;
mod standings;

pub use computer::ComputerTurn;
pub use history::{Finished, ReplayError};
pub use live::{ChannelKey, Computer, Entry, MatchId, OpenError, Registry, Series};
pub use ops::{Accepted, Challenged, Ended, Fired, NewMatch, Preview, Readied};
pub use record::millis;
pub use rematch::{Rematch, RematchError, Restarted, played_out};
pub use restore::Resumed;
pub use standings::{Card, DELETED_NAME, ForgetError, Leaderboard, PAGE, Ranked};

/// How long each phase may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// An open challenge waits this long for an answer.
    pub challenge: Duration,
    /// Both players have this long to place their fleets.
    pub placement: Duration,
    /// One turn may take this long.
    pub turn: Duration,
}

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
        channel: Option<ChannelKey>,
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
    /// Something that should never happen.
    #[error("internal error: {0}")]
    Internal(String),
}

impl SessionError {
    fn rules(variant: Variant, error: impl Into<RuleError>) -> Self {
        Self::Rules {
            variant,
            error: error.into(),
        }
    }
}

/// The source of match seeds: fixed by `BROADSIDE_SEED` for replays, else random.
#[derive(Debug)]
pub struct Seeds(Mutex<ChaCha8Rng>);

impl Seeds {
    /// Seeds drawn from `seed`, or from the operating system when `None`.
    #[must_use]
    pub fn new(seed: Option<u64>) -> Self {
        let rng = match seed {
            Some(s) => ChaCha8Rng::seed_from_u64(s),
            None => ChaCha8Rng::from_rng(&mut rand::rng()),
        };
        Seeds(Mutex::new(rng))
    }

    /// The next match seed.
    pub fn next(&self) -> u64 {
        // A poisoned lock only means another thread panicked mid-draw; the RNG is still usable.
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.next_u64()
    }
}

/// How an operation finds its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locate {
    /// By id (buttons).
    Id(MatchId),
    /// The match in a channel.
    Channel(ChannelKey),
    /// A member's match, wherever it is.
    Player(PlayerId),
}

/// What one change adds besides the new state: the time and the moves played.
#[derive(Debug)]
pub(crate) struct Change {
    /// When the change happens.
    pub now: SystemTime,
    /// Moves played by it, in order.
    pub moves: Vec<crate::store::MoveRecord>,
}

/// What a change returns: its value and, if it ended the match, what to announce.
type Outcome<R> = Result<(R, Option<Ended>), SessionError>;

/// One change of a shared match: decodes `state`, runs `f`, and returns its outcome and
/// the record to write (none when it refused).
fn shared_step<R>(
    state: &[u8],
    f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError>,
) -> (Outcome<R>, Option<MatchRecord>) {
    let mut entry = match record::entry_of(state) {
        Ok(entry) => entry,
        Err(e) => {
            return (
                Err(SessionError::Internal(format!(
                    "a stored match is unreadable: {e}"
                ))),
                None,
            );
        }
    };
    let mut change = Change {
        now: SystemTime::now(),
        moves: Vec::new(),
    };
    let value = match f(&mut entry, &mut change) {
        Ok(value) => value,
        Err(err) => return (Err(err), None),
    };
    entry.version += 1;
    match record::of(&entry, change.now, change.moves) {
        Ok(record) => {
            let ended = entry.game.is_finished().then(|| Ended::of(&entry));
            (Ok((value, ended)), Some(record))
        }
        Err(e) => (
            Err(SessionError::Internal(format!(
                "cannot serialise match {}: {e}",
                entry.id
            ))),
            None,
        ),
    }
}

/// The session's word for a channel or member a shared store found taken.
fn busy(taken: Taken) -> SessionError {
    match taken {
        Taken::Channel => SessionError::Busy {
            reason: OpenError::ChannelBusy,
            channel: None,
        },
        Taken::Player { player, channel } => SessionError::Busy {
            reason: OpenError::PlayerBusy(PlayerId(player)),
            channel: Some(ChannelKey(channel)),
        },
    }
}

/// How long a change waits for the previous change of the same match to be written.
const WAIT_FOR_WRITE: Duration = Duration::from_secs(20);
/// How often a waiting change looks again.
const WAIT_STEP: Duration = Duration::from_millis(2);

/// How many times a failed write is tried in all, and the pauses between tries.
const WRITE_RETRIES: [Duration; 2] = [Duration::from_millis(20), Duration::from_millis(200)];

/// The live matches and their store.
#[derive(Debug)]
pub struct Session {
    live: Registry,
    store: Arc<dyn Store>,
    timeouts: Timeouts,
    seeds: Seeds,
    /// Matches whose computer turn is being played right now.
    computer_busy: dashmap::DashMap<MatchId, ()>,
}

impl Session {
    /// A session with no live matches (see [`Session::restore`] for a restart).
    #[must_use]
    pub fn new(store: Arc<dyn Store>, timeouts: Timeouts, seeds: Seeds) -> Self {
        Self {
            live: Registry::new(),
            store,
            timeouts,
            seeds,
            computer_busy: dashmap::DashMap::new(),
        }
    }

    /// This process's live matches in memory (empty with a shared store, which keeps them
    /// in the database). Change them only through the operations of this type.
    #[must_use]
    pub fn live(&self) -> &Registry {
        &self.live
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The phase timeouts.
    #[must_use]
    pub const fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    /// How many live matches there are of each phase and variant (zeros included): this
    /// process's, or with a shared store every process's.
    pub async fn census(&self) -> Vec<((crate::game::PhaseKind, Variant), usize)> {
        if !self.store.shared() {
            return self.live.census();
        }
        // The same keys, all zero, filled from the database.
        let mut counts = Registry::new().census();
        match self.store.census().await {
            Ok(rows) => {
                for (phase, variant, n) in rows {
                    let key = counts
                        .iter_mut()
                        .find(|((p, v), _)| record::phase_name(*p) == phase && v.key() == variant);
                    if let Some((_, count)) = key {
                        *count = usize::try_from(n).unwrap_or(usize::MAX);
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not count the live matches"),
        }
        counts
    }

    /// Records in the store that the bot is running now.
    pub async fn beat(&self) -> Result<(), StoreError> {
        self.store.beat(millis(SystemTime::now())).await
    }

    /// Runs `f` on the located match while it is locked; if it succeeds, bumps the
    /// version, writes the new state (and the moves `f` recorded) before returning, and
    /// frees the match if it ended. `f` must leave the entry unchanged when it fails (the
    /// engine's operations do); the entry is restored from a copy anyway.
    ///
    /// The changes of one match are written one at a time: while one is being written
    /// the match is marked pending, and another change waits (no lock is held while
    /// waiting) until the write is done or rolled back.
    ///
    /// Returns `f`'s value and, if this call ended the match, what to announce.
    ///
    /// With a shared store (PostgreSQL), the database holds the live matches: see
    /// [`Session::act_shared`].
    async fn act<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        if self.store.shared() {
            return self.act_shared(at, missing, false, f).await;
        }
        let mut f = Some(f);
        let waited_since = std::time::Instant::now();
        let (value, record, before, ended) = loop {
            let mut change = Change {
                now: SystemTime::now(),
                moves: Vec::new(),
            };
            let step = |e: &mut Entry| -> Result<Option<_>, SessionError> {
                if e.pending {
                    return Ok(None);
                }
                let Some(f) = f.take() else {
                    return Err(SessionError::Internal("an action ran twice".into()));
                };
                let before = e.clone();
                let value = match f(e, &mut change) {
                    Ok(value) => value,
                    Err(err) => {
                        *e = before;
                        return Err(err);
                    }
                };
                e.version += 1;
                let record = match record::of(e, change.now, std::mem::take(&mut change.moves)) {
                    Ok(record) => record,
                    Err(err) => {
                        *e = before;
                        return Err(SessionError::Internal(format!(
                            "cannot serialise match {}: {err}",
                            e.id
                        )));
                    }
                };
                e.pending = true;
                let ended = e.game.is_finished().then(|| Ended::of(e));
                Ok(Some((value, record, before, ended)))
            };
            let Some(found) = self.with_located(at, step) else {
                return Err(missing);
            };
            match found? {
                Some(done) => break done,
                None if waited_since.elapsed() > WAIT_FOR_WRITE => {
                    return Err(SessionError::Pending);
                }
                None => tokio::time::sleep(WAIT_STEP).await,
            }
        };
        // The guard is dropped: write before anything is said about the change.
        let (id, version) = (before.id, record.version);
        let written = self.write(&record).await;
        if let Err(err) = written {
            tracing::error!(match_id = %id, error = %err, "could not save a change; rolled back");
            self.live.with_id(id, |e| {
                if e.version == version {
                    // Back to the last stored state, but never reuse a version number:
                    // the failed write may have landed after all.
                    *e = before;
                    e.version = version;
                    e.pending = false;
                }
            });
            return Err(SessionError::Storage(err));
        }
        let ended = if let Some(end) = ended {
            self.live.close(end.channel, end.id).map(|_| end)
        } else {
            self.live.with_id(id, |e| e.pending = false);
            None
        };
        Ok((value, ended))
    }

    /// `act` on a shared store: finds the match's id in the database, then, in one
    /// transaction holding the match's row lock, reads its state, runs `f` on it and
    /// writes the new record (or, if `f` refuses, leaves it). Other processes' changes of
    /// the same match wait for the lock, so they apply one after another to the state
    /// each leaves. With `skip_locked` (the deadline sweep), a match another process is
    /// changing right now is left to it: [`SessionError::Pending`].
    async fn act_shared<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        skip_locked: bool,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        let key = match at {
            Locate::Id(id) => LiveKey::Id(id.0),
            Locate::Channel(c) => LiveKey::Channel(c.0),
            Locate::Player(p) => LiveKey::Player(p.0),
        };
        let mut f = Some(f);
        let mut outcome: Option<Outcome<R>> = None;
        // What this change wrote, to recognise it if its commit's answer is lost.
        let mut written = None;
        let mut apply = |state: &[u8]| -> Option<MatchRecord> {
            let f = f.take()?;
            let (result, record) = shared_step(state, f);
            if let Some(r) = &record {
                written = Some((MatchId(r.id), r.state.clone()));
            }
            outcome = Some(result);
            record
        };
        let changed = self.store.change(key, skip_locked, &mut apply).await;
        let id = written.as_ref().map_or(MatchId(0), |(id, _)| *id);
        let failed = |e| SessionError::Internal(format!("match at {at:?}: {e}"));
        match changed {
            Ok(Changed::Written | Changed::Refused) => {
                outcome.unwrap_or_else(|| Err(failed("the change did not run")))
            }
            Ok(Changed::Missing) => Err(missing),
            Ok(Changed::Locked) => Err(SessionError::Pending),
            Err(StoreError::Taken(taken)) => Err(busy(taken)),
            Err(err) if err.is_contention() => {
                tracing::warn!(at = ?at, error = %err, "a change gave up waiting for the match");
                Err(SessionError::Pending)
            }
            Err(err) => {
                // The commit may have landed although its answer was lost: then the stored
                // state is this change's (another process's change of the same version
                // would differ, if only in its time).
                let landed = matches!(outcome, Some(Ok(_)))
                    && self
                        .store
                        .get(id.0)
                        .await
                        .ok()
                        .flatten()
                        .is_some_and(|m| written.as_ref().is_some_and(|(_, w)| m.state == *w));
                match outcome {
                    Some(Ok(done)) if landed => {
                        tracing::info!(match_id = %id, "a change whose answer was lost had landed");
                        Ok(done)
                    }
                    _ => {
                        tracing::error!(match_id = %id, error = %err, "could not save a change; rolled back");
                        Err(SessionError::Storage(err))
                    }
                }
            }
        }
    }

    /// The id of the located live match in a shared store.
    async fn locate_shared(&self, at: Locate) -> Result<Option<MatchId>, SessionError> {
        let key = match at {
            Locate::Id(id) => return Ok(Some(id)),
            Locate::Channel(c) => LiveKey::Channel(c.0),
            Locate::Player(p) => LiveKey::Player(p.0),
        };
        Ok(self.store.live_id(key).await?.map(MatchId))
    }

    /// [`Session::read`], telling a database that could not be read (shared stores) from
    /// a match that is not there.
    pub async fn try_read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        if self.store.shared() {
            self.read_shared(at, f).await
        } else {
            Ok(self.read_local(at, f).await)
        }
    }

    /// `try_read` on a shared store: the match as last written.
    async fn read_shared<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        let id = match self.locate_shared(at).await {
            Ok(Some(id)) => id,
            Ok(None) => return Ok(None),
            Err(SessionError::Storage(e)) => return Err(e),
            Err(e) => return Err(StoreError::Data(e.to_string())),
        };
        let Some(stored) = self.store.get(id.0).await? else {
            return Ok(None);
        };
        if !stored.live {
            return Ok(None);
        }
        let entry = record::entry_of(&stored.state).map_err(|e| StoreError::Data(e.to_string()))?;
        Ok(Some(f(&entry)))
    }

    /// Reads the located match once no change of it is being written (after at most
    /// a few seconds, whatever is there). With a shared store, as last written (and
    /// `None`, logged, if the database cannot be read: see [`Session::try_read`]).
    pub async fn read<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        if !self.store.shared() {
            return self.read_local(at, f).await;
        }
        match self.read_shared(at, f).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a match");
                None
            }
        }
    }

    /// `read` from this process's live matches.
    async fn read_local<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        let mut f = Some(f);
        let waited_since = std::time::Instant::now();
        loop {
            let step = |e: &mut Entry| {
                if e.pending && waited_since.elapsed() <= WAIT_FOR_WRITE {
                    return None;
                }
                f.take().map(|f| f(e))
            };
            let found = self.with_located(at, step)?;
            match found {
                Some(value) => return Some(value),
                None => tokio::time::sleep(WAIT_STEP).await,
            }
        }
    }

    /// Runs `f` on the located match while it is locked.
    fn with_located<R>(&self, at: Locate, f: impl FnOnce(&mut Entry) -> R) -> Option<R> {
        match at {
            Locate::Id(id) => self.live.with_id(id, f),
            Locate::Channel(c) => self.live.with_channel(c, f),
            Locate::Player(p) => self.live.with_player(p, f),
        }
    }

    /// Writes `record`, trying again a few times over a short while.
    async fn write(&self, record: &MatchRecord) -> Result<(), StoreError> {
        let mut pauses = WRITE_RETRIES.iter();
        let mut failed_before = false;
        loop {
            let started = std::time::Instant::now();
            let saved = self.store.save(record).await;
            metrics::histogram!("broadside_store_write_seconds")
                .record(started.elapsed().as_secs_f64());
            match saved {
                Ok(()) => return Ok(()),
                // A try that failed may have committed after all (its answer was lost): if
                // the stored version is this one, it is written.
                Err(StoreError::Conflict { .. })
                    if failed_before
                        && self
                            .store
                            .get(record.id)
                            .await
                            .ok()
                            .flatten()
                            .is_some_and(|m| m.version == record.version) =>
                {
                    tracing::info!(match_id = record.id, "a retried write had landed before");
                    return Ok(());
                }
                Err(err) => match pauses.next() {
                    Some(pause) => {
                        failed_before = true;
                        tracing::warn!(match_id = record.id, error = %err, "write failed; trying again");
                        tokio::time::sleep(*pause).await;
                    }
                    None => return Err(err),
                },
            }
        }
    }
}
