//! Bringing live matches back after a restart or a crash.
//!
//! Time the bot was down never counts against a player: each deadline gets back the time
//! that was left at the last heartbeat (the last moment the bot was known to run), and at
//! least [`MIN_AFTER_RESTART`] (or the whole phase, where a phase is shorter).

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::game::{PhaseKind, PlayerId, Side};
use crate::store::{Opened, SharedStore, StoreError};

use super::base::{Base, SetAsideNote};
use super::ends::Ended;
use super::engine::{Engine, Local};
use super::entry::Entry;
use super::error::SessionError;
use super::ids::{ChannelKey, GuildId, Locate, MatchId};
use super::pace::{Pace, Paces, Timeouts};
use super::record;
use super::seeds::Seeds;
use crate::store::{MatchState, Timestamp};

/// The least time a restored deadline gives.
pub const MIN_AFTER_RESTART: Duration = Duration::from_secs(60);

/// A match that was brought back, for the note in its channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    /// The match.
    pub id: MatchId,
    /// Its channel.
    pub channel: ChannelKey,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// Its phase.
    pub phase: PhaseKind,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// In battle: who is to move.
    pub to_move: Option<PlayerId>,
    /// The new deadline.
    pub deadline: SystemTime,
    /// The computer is to move (it plays at once).
    pub computer_next: bool,
    /// The server it is played in; `None` outside servers (where the bot can only answer
    /// the players' interactions, so the note waits for one).
    pub guild: Option<GuildId>,
}

/// The deadline a match gets back: what was left at `last_seen`, but at least
/// [`MIN_AFTER_RESTART`] from `now`, or `whole` (the phase's full length) where that is
/// shorter: the minimum never gives more than a fresh phase.
#[must_use]
pub fn restored_deadline(
    deadline: SystemTime,
    last_seen: SystemTime,
    now: SystemTime,
    whole: Duration,
) -> SystemTime {
    let left = deadline.duration_since(last_seen).unwrap_or(Duration::ZERO);
    now + left.max(MIN_AFTER_RESTART.min(whole))
}

/// The full length of the phase `entry` is in, at its pace.
fn phase_length(entry: &Entry, standard: Timeouts) -> Duration {
    let limits = entry.timeouts(standard);
    match entry.game.phase_kind() {
        PhaseKind::Challenge => limits.challenge,
        PhaseKind::Placement => limits.placement,
        PhaseKind::Battle | PhaseKind::Finished => limits.turn,
    }
}

/// The note about `entry` coming back.
fn resumed_of(entry: &Entry) -> Resumed {
    let game = &entry.game;
    Resumed {
        id: entry.id,
        channel: entry.post_channel(),
        guild_locale: entry.guild_locale.clone(),
        phase: game.phase_kind(),
        players: game.players(),
        to_move: game.to_move(),
        deadline: entry.deadline,
        computer_next: entry.computer.is_some()
            && game.to_move() == Some(game.player(Side::Opponent)),
        guild: entry.guild,
    }
}

impl Base {
    /// The base of [`Session::restore`](super::Session::restore): every live match of
    /// `opened`'s store brought back, and the ends never sent.
    pub(super) async fn restore(
        opened: Opened,
        paces: Paces,
        seeds: Seeds,
    ) -> Result<(Self, Vec<Resumed>, Vec<Ended>), StoreError> {
        let store = match &opened {
            Opened::Local(store) => Arc::clone(store),
            Opened::Shared(store) => {
                return Self::join(Arc::clone(store), paces, seeds).await;
            }
        };
        let standard = paces.of(Pace::Standard);
        let mut states = store.live().live_states().await?;
        let now = SystemTime::now();
        // Matches set aside by an earlier start come back once they read (after them, as
        // the least recently changed).
        let mut brought_back = Vec::new();
        for kept in store.live().set_aside_matches().await? {
            if record::entry_of(&kept.state).is_ok() && store.live().bring_back(kept.id).await? {
                tracing::info!(match_id = kept.id.0, "a match set aside reads now: back");
                brought_back.push(kept.id);
                states.push(MatchState {
                    id: kept.id,
                    state: kept.state,
                });
            }
        }
        let mut set_aside = Vec::new();
        // Without a heartbeat (a crash before the first one), the clock is all we have.
        let last_seen =
            (store.presence().last_beat().await?).map_or(now, Timestamp::to_system_time);
        let live = Local::new(Arc::clone(&store));
        let mut records = Vec::with_capacity(states.len());
        let mut resumed = Vec::with_capacity(states.len());
        for MatchState { id, state } in &states {
            let mut entry: Entry = match record::entry_of(state) {
                Ok(entry) => entry,
                Err(e) => {
                    if let Some(note) = set_aside_one(store.as_ref(), *id, &e, now).await? {
                        set_aside.push(note);
                    }
                    continue;
                }
            };
            let whole = phase_length(&entry, standard);
            let back = brought_back.contains(id);
            entry.deadline = if back {
                // Frozen for as long as it was set aside, which the heartbeat does not
                // tell (the builds meanwhile kept beating): a whole phase, not a loss on
                // time.
                now + whole
            } else {
                restored_deadline(entry.deadline, last_seen, now, whole)
            };
            entry.version += 1;
            let rec =
                record::of(&entry, now, Vec::new()).map_err(|e| StoreError::Data(e.to_string()))?;
            let info = resumed_of(&entry);
            // Everything the running bot allows comes back: also a challenge to a member
            // who began to play elsewhere after it was made.
            let claims = entry.claims();
            if let Err(e) = live.take_back(entry, &claims) {
                if back {
                    // Its channel or players were free to take while it was set aside:
                    // kept aside, never ended, until a start finds them free.
                    tracing::warn!(match_id = %info.id, error = %e, "a match set aside reads now, but its channel or players are in another match; kept aside");
                    store.live().set_aside(info.id, Timestamp::of(now)).await?;
                    continue;
                }
                // Rows come most recently changed first: the older one gives way.
                tracing::error!(match_id = %info.id, error = %e, "a stored live match clashes with a newer one; ended as abandoned");
                store.live().retire(info.id, Timestamp::of(now)).await?;
                continue;
            }
            records.push(rec);
            resumed.push(info);
        }
        store.live().save_all(&records).await?;
        store.presence().beat(Timestamp::of(now)).await?;
        let mut unsent = Vec::new();
        for state in store.outbox().unannounced().await? {
            match record::entry_of(&state) {
                Ok(entry) if entry.game.is_finished() => unsent.push(Ended::of(&entry)),
                Ok(entry) => store.outbox().mark_announced(entry.id).await?,
                Err(e) => tracing::error!(error = %e, "an unannounced end cannot be read"),
            }
        }
        resumed.sort_by_key(|r| r.id);
        if !resumed.is_empty() || !unsent.is_empty() {
            tracing::info!(
                matches = resumed.len(),
                unannounced_ends = unsent.len(),
                "live matches restored"
            );
        }
        let session = Base::with_engine(store, Engine::Local(live), paces, seeds);
        session.note_set_aside(set_aside);
        Ok((session, resumed, unsent))
    }

    /// `restore` on a shared store, which other processes may be using right now: the live
    /// matches stay in the database. Only when every process was down
    /// ([`SharedStore::arrive`]) do the players get the time back, from this process,
    /// before any other sweeps. Ends never sent are taken by the sweep
    /// ([`Matches::unannounced_ends`](super::services::Matches::unannounced_ends)), so none is returned here.
    async fn join(
        store: Arc<dyn SharedStore>,
        paces: Paces,
        seeds: Seeds,
    ) -> Result<(Self, Vec<Resumed>, Vec<Ended>), StoreError> {
        let session = Base::new(Opened::Shared(Arc::clone(&store)), paces, seeds);
        let alone = store.arrive().await?;
        let resumed = if alone {
            let given = session.give_time_back().await;
            // Whatever happened, the others must not wait for this one any longer.
            store.settle().await?;
            given?
        } else {
            Vec::new()
        };
        Ok((session, resumed, Vec::new()))
    }

    /// Every process was down: each live match gets back the time it had left at the last
    /// heartbeat. A match that cannot be changed is logged and left as it is.
    async fn give_time_back(&self) -> Result<Vec<Resumed>, StoreError> {
        let now = SystemTime::now();
        let standard = self.standard();
        let now_ms = Timestamp::of(now);
        let last_seen = self
            .store
            .presence()
            .last_beat()
            .await?
            .map_or(now, Timestamp::to_system_time);
        let mut resumed = Vec::new();
        for MatchState { id, .. } in self.store.live().live_states().await? {
            let moved = self
                .act(Locate::Id(id), SessionError::Stale, |e, change| {
                    let whole = phase_length(e, standard);
                    e.deadline = restored_deadline(e.deadline, last_seen, change.now, whole);
                    Ok(resumed_of(e))
                })
                .await;
            match moved {
                Ok((info, _)) => resumed.push(info),
                Err(SessionError::Stale) => {}
                Err(e) if e.is_internal() => {
                    // Set aside if its state does not read; otherwise left as it is.
                    let unread = self
                        .store
                        .finished()
                        .get(id)
                        .await?
                        .and_then(|row| record::entry_of(&row.state).err());
                    match unread {
                        Some(why) => {
                            if let Some(note) =
                                set_aside_one(self.store.as_ref(), id, &why, now).await?
                            {
                                self.note_set_aside(vec![note]);
                            }
                        }
                        None => {
                            tracing::error!(match_id = %id, error = %e, "could not give a match its time back");
                        }
                    }
                }
                Err(e) => {
                    tracing::error!(match_id = %id, error = %e, "could not give a match its time back");
                }
            }
        }
        self.store.presence().beat(now_ms).await?;
        resumed.sort_by_key(|r| r.id);
        tracing::info!(
            matches = resumed.len(),
            "every process was down: live matches resumed"
        );
        Ok(resumed)
    }

    /// Records in the store that the bot is running now.
    pub(super) async fn beat(&self) -> Result<(), StoreError> {
        self.store
            .presence()
            .beat(Timestamp::of(SystemTime::now()))
            .await
    }

    /// Keeps `notes` for [`Base::take_set_aside`].
    fn note_set_aside(&self, notes: Vec<SetAsideNote>) {
        if !notes.is_empty() {
            self.set_aside
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .extend(notes);
        }
    }

    /// The matches this process set aside at its start because their states could not be
    /// read, each handed out once (to tell its channel once).
    pub(super) fn take_set_aside(&self) -> Vec<SetAsideNote> {
        std::mem::take(
            &mut *self
                .set_aside
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// The match set aside (unreadable) whose messages went to `channel`, if there is one.
    pub(super) async fn set_aside_in(
        &self,
        channel: ChannelKey,
    ) -> Result<Option<MatchId>, StoreError> {
        let kept = self.store.live().set_aside_matches().await?;
        Ok(kept
            .iter()
            .rev()
            .find(|m| m.channel == channel)
            .map(|m| m.id))
    }
}

/// Sets live match `id` aside because its state does not read (`why`), and logs it; the
/// note for its channel, the first time only.
async fn set_aside_one(
    store: &dyn crate::store::Store,
    id: MatchId,
    why: &crate::store::format::FormatError,
    now: SystemTime,
) -> Result<Option<SetAsideNote>, StoreError> {
    tracing::error!(match_id = id.0, error = %why, "a live match cannot be read; set aside, kept as it was stored");
    if !store.live().set_aside(id, Timestamp::of(now)).await? {
        return Ok(None);
    }
    let kept = store.live().set_aside_matches().await?;
    Ok(kept.into_iter().find(|m| m.id == id).map(|m| SetAsideNote {
        id,
        channel: m.channel,
        guild: m.guild,
        why: why.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downtime_is_given_back() {
        let t = |s| SystemTime::UNIX_EPOCH + Duration::from_secs(s);
        // 200 s were left when the bot was last seen; it came back 1000 s later.
        let turn = Duration::from_secs(300);
        assert_eq!(restored_deadline(t(1200), t(1000), t(2000), turn), t(2200));
        // Only 10 s were left: at least a minute.
        assert_eq!(restored_deadline(t(1010), t(1000), t(2000), turn), t(2060));
        // Already past when the bot went down: a minute.
        assert_eq!(restored_deadline(t(900), t(1000), t(2000), turn), t(2060));
        // Never more than the whole phase, where that is shorter than a minute.
        let short = Duration::from_secs(30);
        assert_eq!(restored_deadline(t(900), t(1000), t(2000), short), t(2030));
        // What was left is given back in full, even past a phase shortened since.
        assert_eq!(restored_deadline(t(1040), t(1000), t(2000), short), t(2040));
    }
}
