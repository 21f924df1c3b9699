//! What the session's services share: the store, the engine that keeps the live matches,
//! the paces, the seeds, the members held, the hard computer's habit models and the
//! season clock, and the one way to change a match ([`Base::act`]) or read it
//! ([`Base::read`]). Each service borrows it; the [`Session`](super::Session) owns it.

use std::sync::{Arc, Mutex};

use crate::ai::Habits;
use crate::game::{PhaseKind, PlayerId, Variant};
use crate::rating::season::SeasonClock;
use crate::store::{Opened, Store, StoreError};

use super::ends::Ended;
use super::engine::{self, Change, Engine, Registry, Step};
use super::entry::Entry;
use super::error::SessionError;
use super::habits::HabitCache;
use super::ids::{ChannelKey, GuildId, Locate, MatchId};
use super::members::Members;
use super::pace::{Pace, Paces, Timeouts};
use super::seeds::Seeds;

/// A live match set aside at the restore because its state could not be read: kept as it
/// was stored (never ended or deleted), for the note in its channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAsideNote {
    /// The match.
    pub id: MatchId,
    /// Where its messages went.
    pub channel: ChannelKey,
    /// Its server.
    pub guild: Option<GuildId>,
    /// Why it cannot be read (for the log).
    pub why: String,
}

/// What every service of the session uses.
#[derive(Debug)]
pub(crate) struct Base {
    pub(super) store: Arc<dyn Store>,
    pub(super) engine: Engine,
    pub(super) paces: Paces,
    pub(super) seeds: Seeds,
    /// Matches whose computer turn is being played right now.
    pub(super) computer_busy: dashmap::DashMap<MatchId, ()>,
    /// Operations that must not overlap for one member (see [`Members`]).
    pub(super) members: Members,
    /// The hard computer's models of members' placement habits.
    pub(super) habits: HabitCache,
    /// How rating seasons are timed (the calendar, but for tests).
    pub(super) season_clock: SeasonClock,
    /// Matches set aside at the restore, unreadable, whose channels are still to be told
    /// (see [`Base::take_set_aside`]).
    pub(super) set_aside: Mutex<Vec<SetAsideNote>>,
}

impl Base {
    /// The base of a session with no live matches in memory, on the engine the store
    /// calls for: in memory for a store of this process's own, in the database for a
    /// shared one.
    pub(super) fn new(opened: Opened, paces: Paces, seeds: Seeds) -> Self {
        let store = opened.store();
        let engine = match opened {
            Opened::Local(store) => Engine::Local(engine::Local::new(store)),
            Opened::Shared(store) => Engine::Shared(engine::Shared::new(store)),
        };
        Self::with_engine(store, engine, paces, seeds)
    }

    /// The base of a session on `engine`, whose store is `store`.
    pub(super) fn with_engine(
        store: Arc<dyn Store>,
        engine: Engine,
        paces: Paces,
        seeds: Seeds,
    ) -> Self {
        Self {
            store,
            engine,
            paces,
            seeds,
            computer_busy: dashmap::DashMap::new(),
            members: Members::default(),
            habits: HabitCache::default(),
            season_clock: SeasonClock::Calendar,
            set_aside: Mutex::default(),
        }
    }

    /// This process's live matches in memory; `None` with a shared store.
    pub(super) fn live(&self) -> Option<&Registry> {
        self.engine.registry()
    }

    /// The standard pace's limits (also those of matches stored before paces).
    pub(super) const fn standard(&self) -> Timeouts {
        self.paces.of(Pace::Standard)
    }

    /// How many live matches there are of each phase and variant (zeros included).
    pub(super) async fn census(&self) -> Vec<((PhaseKind, Variant), usize)> {
        self.engine.census().await
    }

    /// Runs `f` on the located match as one change: if it succeeds, the version is
    /// bumped and the new state (with the moves `f` recorded) is written before this
    /// returns; if it fails, or the write does, the match stays as it was. `f` must leave
    /// the entry unchanged when it fails (the engine's operations do; it is restored from
    /// a copy anyway). Returns `f`'s value and, if this call ended the match, what to
    /// announce.
    pub(super) async fn act<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<R, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        self.engine.act(at, missing, false, f).await
    }

    /// [`Base::act`] for a step that may leave the match unchanged: only
    /// [`Step::Changed`] is bumped and written; [`Step::Unchanged`] writes nothing and
    /// hands its value back.
    pub(super) async fn step<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Result<(R, Option<Ended>), SessionError> {
        self.engine.step(at, missing, false, f).await
    }

    /// [`Base::read`], telling a database that could not be read (shared stores) from
    /// a match that is not there.
    pub(super) async fn try_read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        self.engine.read(at, f).await
    }

    /// Where to find the match `by` means in `channel` (see
    /// [`Session::here`](super::Session::here)).
    pub(super) async fn here(
        &self,
        channel: ChannelKey,
        by: PlayerId,
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
    /// see [`Base::try_read`].
    pub(super) async fn read<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        match self.engine.read(at, f).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a match");
                None
            }
        }
    }

    /// The hard computer's model of how `player` places a `variant` fleet (see
    /// [`HabitCache::model`]).
    pub(super) async fn habits(
        &self,
        player: PlayerId,
        variant: Variant,
        guild: Option<GuildId>,
    ) -> Option<Arc<Habits>> {
        self.habits
            .model(self.store.as_ref(), player, variant, guild)
            .await
    }

    /// Drops the habit models of `players`: a match of theirs ended, or they were
    /// forgotten.
    pub(super) fn drop_habits(&self, players: &[PlayerId]) {
        self.habits.forget_players(players);
    }
}
