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

use crate::game::Variant;
use crate::store::{Opened, Store, StoreError};

mod aim;
mod announce;
mod base;
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
mod preview;
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
pub use base::SetAsideNote;
pub use battle::Fired;
pub use challenge::{Challenged, NewMatch};
pub use computer::ComputerTurn;
pub use daily_sea::{
    DailyError, DailyFired, DailyPlay, DailyReminder, DailySea, DailyStandings, REMIND_STREAK,
    Scope as DailyScope, remind_before,
};
pub use editor::{EditStep, Editing};
pub use ends::{Ended, WAITING_KEPT};
pub use engine::Registry;
pub use entry::{Computer, Entry, Home, NewEntry, Reminded, Reminder, Series};
pub use error::{Broken, OpenError, RuleError, SessionError};
pub use history::{Finished, LiveMatches, LiveRow, MATCHES_PAGE, PlayedMatch, ReplayError, Viewer};
pub use ids::{ChannelKey, GuildId, Locate, MatchId, MessageId, Place, TournamentId};
pub use pace::{Pace, Paces, Timeouts, UnknownPace};
pub use placement::Readied;
pub use preview::{Accepted, PlayerPreview, Preview};
pub use privacy::{DELETED_NAME, ForgetError};
pub use record::{from_millis, millis};
pub use rematch::{Rematch, RematchError, Restarted};
pub use reminders::{REMINDER_LEASE, Reminding};
pub use restore::Resumed;
pub use seasons::{
    SEASON_TOP, Season, SeasonBoard, SeasonEnd, SeasonLine, SeasonTally, period_of, season_zone,
};
pub use seeds::Seeds;
pub use settings::{Settings, SettingsChange, SettingsError};
pub use standings::{Card, Leaderboard, PAGE, Ranked, Standing};

use base::Base;
use services::{Daily, Matches, Played, Privacy, Seasons, Standings};
use tournament::Tournaments;

/// The live match's types under the path they had before they got files of their own
/// (`session::live::ChannelKey`); the same as `session::ChannelKey` and the others.
pub mod live {
    pub use super::{
        ChannelKey, Computer, Entry, Home, Locate, MatchId, OpenError, Place, Reminded, Reminder,
        Series,
    };
}

/// The live matches and their store: the base every service shares (`base.rs`), and
/// what only one service keeps (the tournaments' desk, the daily sea's cache). Its
/// operations sit on its services, one per job ([`Session::matches`] and the others);
/// it keeps making a session and finding and reading a match.
#[derive(Debug)]
pub struct Session {
    base: Base,
    /// What this process keeps about tournaments: joins and leaves under way, steps
    /// running, tournaments woken (see [`tournament::Desk`]).
    tournament_desk: tournament::Desk,
    /// The daily sea's clock, secret and seas (see [`DailySea`]).
    daily_sea: daily_sea::DailyCache,
}

impl Session {
    /// A session with no live matches in memory (see [`Session::restore`] for a restart),
    /// on the engine the store calls for: in memory for a store of this process's own,
    /// in the database for a shared one.
    #[must_use]
    pub fn new(opened: Opened, paces: impl Into<Paces>, seeds: Seeds) -> Self {
        Self::of(Base::new(opened, paces.into(), seeds))
    }

    /// A session on `base`.
    fn of(base: Base) -> Self {
        Self {
            base,
            tournament_desk: tournament::Desk::default(),
            daily_sea: daily_sea::DailyCache::default(),
        }
    }

    /// Opens a session on `store` with every live match it holds, their deadlines moved
    /// by the time the bot was down, and writes those deadlines back. Returns the matches
    /// brought back and the ends that were stored but never sent (a crash came between
    /// the two), to announce now.
    ///
    /// A live match whose state cannot be read is set aside (logged, kept as it was,
    /// never ended; its channel is told once, [`Session::take_set_aside`]); one set aside
    /// before that reads now comes back with a whole phase to play, unless its channel or
    /// players are in another match meanwhile: then it stays aside. A live match that
    /// claims a channel or player another, more recently changed live match holds is ended
    /// as abandoned (and logged).
    /// Neither stops the others from coming back.
    pub async fn restore(
        opened: Opened,
        paces: impl Into<Paces>,
        seeds: Seeds,
    ) -> Result<(Self, Vec<Resumed>, Vec<Ended>), StoreError> {
        let (base, resumed, ended) = Base::restore(opened, paces.into(), seeds).await?;
        Ok((Self::of(base), resumed, ended))
    }

    /// This session with its rating seasons timed by `clock` (testing only: the calendar
    /// otherwise).
    #[must_use]
    pub fn with_season_clock(mut self, clock: SeasonClock) -> Self {
        self.base.season_clock = clock;
        self
    }

    /// This session, with each learned habit model used for `lifetime` before it is
    /// learned again, instead of ten minutes.
    #[must_use]
    pub fn with_habits_fresh_for(mut self, lifetime: std::time::Duration) -> Self {
        self.base.habits.set_fresh_for(lifetime);
        self
    }

    /// This session with its daily days timed by `clock` (testing only: `DAILY_SECONDS`;
    /// UTC days otherwise).
    #[must_use]
    pub fn with_day_clock(mut self, clock: crate::daily::DayClock) -> Self {
        self.daily_sea.set_clock(clock);
        self
    }

    /// This process's live matches in memory; `None` with a shared store, which keeps
    /// them in the database. Change them only through the operations of this type.
    #[must_use]
    pub fn live(&self) -> Option<&Registry> {
        self.base.live()
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.base.store
    }

    /// The time limits of every pace.
    #[must_use]
    pub const fn paces(&self) -> Paces {
        self.base.paces
    }

    /// The standard pace's limits (also those of matches stored before paces).
    #[must_use]
    pub const fn standard(&self) -> Timeouts {
        self.base.standard()
    }

    /// How many live matches there are of each phase and variant (zeros included): this
    /// process's, or with a shared store every process's.
    pub async fn census(&self) -> Vec<((crate::game::PhaseKind, Variant), usize)> {
        self.base.census().await
    }

    /// [`Session::read`], telling a database that could not be read (shared stores) from
    /// a match that is not there.
    pub async fn try_read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        self.base.try_read(at, f).await
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
        self.base.here(channel, by).await
    }

    /// Reads the located match as last written (in memory, once no change of it is being
    /// written). `None` when there is none, or (logged) when the database cannot be read:
    /// see [`Session::try_read`].
    pub async fn read<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        self.base.read(at, f).await
    }

    /// The hard computer's model of how `player` places a `variant` fleet, learned from
    /// their finished matches (never a live one) with `guild`'s members as the prior, on
    /// a blocking thread, and kept for ten minutes or until a match of theirs ends or a
    /// member of their bucket is forgotten (by any process: the bucket's epoch is read
    /// first); `None` when nothing could be read (the computer then plays without one).
    pub async fn habits(
        &self,
        player: crate::game::PlayerId,
        variant: Variant,
        guild: Option<GuildId>,
    ) -> Option<Arc<crate::ai::Habits>> {
        self.base.habits(player, variant, guild).await
    }

    /// Records in the store that the bot is running now.
    pub async fn beat(&self) -> Result<(), StoreError> {
        self.base.beat().await
    }

    /// The matches this process set aside at its start because their states could not be
    /// read, each handed out once (to tell its channel once).
    pub fn take_set_aside(&self) -> Vec<SetAsideNote> {
        self.base.take_set_aside()
    }

    /// The match set aside (unreadable) whose messages went to `channel`, if there is one.
    pub async fn set_aside_in(&self, channel: ChannelKey) -> Result<Option<MatchId>, StoreError> {
        self.base.set_aside_in(channel).await
    }

    /// The [`Matches`] service of this session.
    #[must_use]
    pub const fn matches(&self) -> Matches<'_> {
        Matches::new(&self.base, &self.tournament_desk)
    }

    /// The [`Daily`] service of this session.
    #[must_use]
    pub const fn daily(&self) -> Daily<'_> {
        self.base.daily()
    }

    /// The [`DailySea`] service of this session.
    #[must_use]
    pub const fn daily_sea(&self) -> DailySea<'_> {
        DailySea::new(&self.base, &self.daily_sea)
    }

    /// The [`Seasons`] service of this session.
    #[must_use]
    pub const fn seasons(&self) -> Seasons<'_> {
        self.base.seasons()
    }

    /// The [`Standings`] service of this session.
    #[must_use]
    pub const fn standings(&self) -> Standings<'_> {
        self.base.standings()
    }

    /// The [`Played`] service of this session.
    #[must_use]
    pub const fn played(&self) -> Played<'_> {
        self.base.played()
    }

    /// The [`Settings`](services::Settings) service of this session.
    #[must_use]
    pub const fn settings(&self) -> services::Settings<'_> {
        self.base.settings()
    }

    /// The [`Privacy`] service of this session.
    #[must_use]
    pub const fn privacy(&self) -> Privacy<'_> {
        self.base.privacy()
    }

    /// The [`Tournaments`] service of this session.
    #[must_use]
    pub const fn tournaments(&self) -> Tournaments<'_> {
        Tournaments::new(&self.base, &self.tournament_desk)
    }
}
