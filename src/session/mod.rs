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

use std::sync::Arc;

use engine::{Change, Engine, Step};

use crate::game::Variant;
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
mod error;
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
mod seeds;
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
pub use daily_sea::{
    DailyError, DailyFired, DailyPlay, DailyReminder, DailyStandings, REMIND_STREAK,
    Scope as DailyScope, remind_before,
};
pub use editor::{EditStep, Editing};
pub use ends::Ended;
pub use engine::Registry;
pub use entry::{Computer, Entry, Home, NewEntry, Reminded, Reminder, Series};
pub use error::{Broken, OpenError, RuleError, SessionError};
pub use history::{Finished, LiveMatches, LiveRow, MATCHES_PAGE, PlayedMatch, ReplayError, Viewer};
pub use ids::{ChannelKey, GuildId, Locate, MatchId, MessageId, Place, TournamentId};
pub use pace::{Pace, Paces, Timeouts, UnknownPace};
pub use placement::{Preview, Readied};
pub use privacy::{DELETED_NAME, ForgetError};
pub use record::{from_millis, millis};
pub use rematch::{Rematch, RematchError, Restarted};
pub use reminders::{REMINDER_LEASE, Reminding};
pub use restore::{Resumed, SetAsideNote};
pub use seasons::{
    SEASON_TOP, Season, SeasonBoard, SeasonEnd, SeasonLine, SeasonTally, period_of, season_zone,
};
pub use seeds::Seeds;
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
    /// What this process keeps about tournaments: joins and leaves under way, steps
    /// running, tournaments woken (see [`tournament::Desk`]).
    tournament_desk: tournament::Desk,
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
            tournament_desk: tournament::Desk::default(),
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
