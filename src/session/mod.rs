//! The match lifecycle without Discord: typed operations that return owned outcomes.
//!
//! Every change of a match happens here, in one pattern (`Session::act`): find the match
//! and take its turn, apply the rule, bump its version and take an owned record of the
//! new state and an owned outcome of what to show, **write the record to the store**, and
//! only then hand the outcome back. The caller (the Discord layer) words, draws and sends
//! it. A rejected action leaves the match exactly as it was; so does a write that fails
//! (the change is rolled back and the caller is told). An ended match is removed from the
//! live set by the operation that ended it, and only that operation returns an [`Ended`],
//! so an end is announced exactly once.
//!
//! The session runs on one of two engines, picked when it is made from the kind of store
//! ([`Opened`]): in this process's memory, written through (SQLite), or in a database
//! that several processes share (PostgreSQL), where the same pattern runs inside one
//! transaction holding the match's row lock. The operations never know which.
//!
//! Deadlines are set here and nowhere else: a challenge waits `challenge`, placement takes
//! `placement`, and every turn (also the computer's) gets `turn` from its start.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::{Change, Engine, Step};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{
    AnswerError, ChallengeError, CoordError, EndError, FireError, FleetError, PlacementError,
    Variant,
};
use crate::store::{Opened, Store, StoreError};

mod aim;
mod battle;
mod challenge;
mod computer;
mod daily_sea;
mod editor;
mod ends;
mod engine;
mod entry;
mod habits;
mod history;
mod ids;
mod members;
mod pace;
mod placement;
mod privacy;
mod record;
mod rematch;
mod reminders;
mod restore;
mod seasons;
pub mod services;
mod settings;
mod standings;
pub mod stored;
pub mod tournament;

pub use crate::rating::season::{BadPeriod, Cadence, Period, SeasonClock, UnknownCadence, Window};
pub use aim::{Aim, AimError};
pub use battle::Fired;
pub use challenge::{Accepted, Challenged, NewMatch, PlayerPreview};
pub use computer::ComputerTurn;
pub use daily_sea::{DailyError, DailyFired, DailyPlay, DailyStandings, REMIND_STREAK};
pub use editor::{EditStep, Editing};
pub use ends::Ended;
pub use engine::{OpenError, Registry};
pub use entry::{Computer, Entry, Home, NewEntry, Reminded, Reminder, Series};
pub use history::{Finished, LiveMatches, LiveRow, MATCHES_PAGE, PlayedMatch, ReplayError, Viewer};
pub use ids::{ChannelKey, GuildId, Locate, MatchId, MessageId, Place, TournamentId};
pub use pace::{Pace, Paces, UnknownPace};
pub use placement::{Preview, Readied};
pub use privacy::{DELETED_NAME, ForgetError};
pub use record::{from_millis, millis};
pub use rematch::{Rematch, RematchError, Restarted};
pub use reminders::{REMINDER_LEASE, Reminding};
pub use restore::{Resumed, SetAsideNote};
pub use seasons::{
    SEASON_TOP, Season, SeasonBoard, SeasonEnd, SeasonLine, SeasonTally, period_of, season_zone,
};
pub use settings::{Settings, SettingsChange, SettingsError};
pub use standings::{Card, Leaderboard, PAGE, Ranked, Standing};

/// The live match's types under the path they had before they got files of their own
/// (`session::live::ChannelKey`); the same as `session::ChannelKey` and the others.
pub mod live {
    pub use super::{
        ChannelKey, Computer, Entry, Home, Locate, MatchId, OpenError, Place, Reminded, Reminder,
        Series,
    };
}

/// How long each phase may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// The live matches and their store.
#[derive(Debug)]
pub struct Session {
    store: Arc<dyn Store>,
    engine: Engine,
    paces: Paces,
    seeds: Seeds,
    /// Matches whose computer turn is being played right now.
    computer_busy: dashmap::DashMap<MatchId, ()>,
    /// Operations that must not overlap for one member (see [`members::Members`]).
    members: members::Members,
    /// The hard computer's models of members' placement habits.
    habits: habits::HabitCache,
    /// How rating seasons are timed (the calendar, but for tests).
    season_clock: SeasonClock,
    /// Matches set aside at the restore, unreadable, whose channels are still to be told
    /// (see [`Session::take_set_aside`]).
    set_aside: std::sync::Mutex<Vec<restore::SetAsideNote>>,
    /// Tournament joins and leaves under way (see [`tournament::SignUps`]).
    signups: tournament::SignUps,
    /// The daily sea's clock, secret and seas (see [`services::DailySea`]).
    daily_sea: daily_sea::DailyCache,
}

impl Session {
    /// A session with no live matches in memory (see [`Session::restore`] for a restart),
    /// on the engine the store calls for: in memory for a store of this process's own,
    /// in the database for a shared one.
    #[must_use]
    pub fn new(opened: Opened, paces: impl Into<Paces>, seeds: Seeds) -> Self {
        let store = opened.store();
        let engine = match opened {
            Opened::Local(store) => Engine::Local(engine::Local::new(store)),
            Opened::Shared(store) => Engine::Shared(engine::Shared::new(store)),
        };
        Self::with_engine(store, engine, paces.into(), seeds)
    }

    /// A session on `engine`, whose store is `store`.
    fn with_engine(store: Arc<dyn Store>, engine: Engine, paces: Paces, seeds: Seeds) -> Self {
        Self {
            store,
            engine,
            paces,
            seeds,
            computer_busy: dashmap::DashMap::new(),
            members: members::Members::default(),
            habits: habits::HabitCache::default(),
            season_clock: SeasonClock::Calendar,
            set_aside: std::sync::Mutex::default(),
            signups: tournament::SignUps::default(),
            daily_sea: daily_sea::DailyCache::default(),
        }
    }

    /// This session with its rating seasons timed by `clock` (testing only: the calendar
    /// otherwise).
    #[must_use]
    pub fn with_season_clock(mut self, clock: SeasonClock) -> Self {
        self.season_clock = clock;
        self
    }

    /// This process's live matches in memory; `None` with a shared store, which keeps
    /// them in the database. Change them only through the operations of this type.
    #[must_use]
    pub fn live(&self) -> Option<&Registry> {
        self.engine.registry()
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The time limits of every pace.
    #[must_use]
    pub const fn paces(&self) -> Paces {
        self.paces
    }

    /// The standard pace's limits (also those of matches stored before paces).
    #[must_use]
    pub const fn standard(&self) -> Timeouts {
        self.paces.of(Pace::Standard)
    }

    /// How many live matches there are of each phase and variant (zeros included): this
    /// process's, or with a shared store every process's.
    pub async fn census(&self) -> Vec<((crate::game::PhaseKind, Variant), usize)> {
        self.engine.census().await
    }

    /// Runs `f` on the located match as one change: if it succeeds, the version is
    /// bumped and the new state (with the moves `f` recorded) is written before this
    /// returns; if it fails, or the write does, the match stays as it was. `f` must leave
    /// the entry unchanged when it fails (the engine's operations do; it is restored from
    /// a copy anyway). Returns `f`'s value and, if this call ended the match, what to
    /// announce.
    async fn act<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        self.engine.act(at, missing, false, f).await
    }

    /// [`Session::act`] for a step that may leave the match unchanged: only
    /// [`Step::Changed`] is bumped and written; [`Step::Unchanged`] writes nothing and
    /// hands its value back.
    async fn step<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        self.engine.step(at, missing, false, f).await
    }

    /// [`Session::read`], telling a database that could not be read (shared stores) from
    /// a match that is not there.
    pub async fn try_read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        self.engine.read(at, f).await
    }

    /// Where to find the match `by` means in `channel`: their own match when it is played
    /// there, else the channel's; else the one match played there that is not keyed by it
    /// (a challenge waiting for its thread, or a match whose thread could not be opened
    /// while the channel had a match). [`SessionError::SeveralHere`] when there are
    /// several of those; the channel's (none) when there are none.
    pub async fn here(
        &self,
        channel: ChannelKey,
        by: crate::game::PlayerId,
    ) -> Result<Locate, SessionError> {
        let theirs = self
            .try_read(Locate::Player(by), |e| e.post_channel() == channel)
            .await?;
        if theirs == Some(true) {
            return Ok(Locate::Player(by));
        }
        if self
            .try_read(Locate::Channel(channel), |_| ())
            .await?
            .is_some()
        {
            return Ok(Locate::Channel(channel));
        }
        match self.store.live().posted_in(channel, 2).await?.as_slice() {
            [] => Ok(Locate::Channel(channel)),
            [one] => Ok(Locate::Id(*one)),
            _ => Err(SessionError::SeveralHere),
        }
    }

    /// Reads the located match as last written (in memory, once no change of it is being
    /// written). `None` when there is none, or (logged) when the database cannot be read:
    /// see [`Session::try_read`].
    pub async fn read<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        match self.engine.read(at, f).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a match");
                None
            }
        }
    }
}
