//! Live matches in a database that several processes share: every change is one
//! transaction holding the match's row lock, and the database's constraints keep one live
//! match per channel and per member.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::game::PlayerId;
use crate::store::{Changed, LiveKey, MatchRecord, SharedStore, StoreError, Taken};

use super::{Applied, Ask, Change, Outcome, Step, apply, empty_census};
use crate::session::ends::Ended;
use crate::session::entry::Entry;
use crate::session::error::{Broken, OpenError, SessionError};
use crate::session::ids::{Locate, MatchId, Place};
use crate::session::record;
use crate::store::{Census, StoredState, Timestamp};

/// How many orphaned ends one sweep takes at most; the next takes the rest.
const ORPHANS_AT_ONCE: u32 = 500;

/// An end not sent this long after it was written is taken as orphaned by its process:
/// well past the longest an announcement may take (three tries of up to 30 s each, then
/// the DMs), with room for the processes' clocks to differ a little.
const UNSENT_AFTER: Duration = Duration::from_secs(300);

/// The longest a change waits in this process for the changes of the same match queued
/// before it (see [`Turns`]); then it is refused as pending (the member tries again).
const QUEUE_WAIT: Duration = Duration::from_secs(20);

/// The shared engine (see the parent module).
#[derive(Debug)]
pub(crate) struct Shared {
    store: Arc<dyn SharedStore>,
    /// Changes of one match in this process, one at a time.
    turns: Turns,
}

/// How a change finds its match, as [`Turns`] keys it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum TurnKey {
    Id(u64),
    Channel(u64),
    Player(u64),
}

impl TurnKey {
    const fn of(at: Locate) -> Self {
        match at {
            Locate::Id(id) => TurnKey::Id(id.0),
            Locate::Channel(c) => TurnKey::Channel(c.0),
            Locate::Player(p) => TurnKey::Player(p.0),
        }
    }
}

/// The changes of each match under way in this process, queued: the first one asks the
/// database (one pooled connection), the others wait here for their turn, holding none,
/// in the order they came (a fair async lock per match; the map's own guard is never held
/// across an `.await`). A burst of moves on one match therefore takes at most one
/// connection of this process, and other matches' moves find the pool free. Other
/// processes' changes of the match take turns at its row lock in the database (see the
/// PostgreSQL store's `change_in`). An entry is removed by the last change that held it.
#[derive(Debug, Default)]
struct Turns {
    queues: dashmap::DashMap<TurnKey, Arc<tokio::sync::Mutex<()>>>,
}

impl Turns {
    /// Runs `change` once the changes of `at` queued before it are done; `None` when its
    /// turn did not come within `limit`.
    async fn run<T>(
        &self,
        at: Locate,
        limit: Duration,
        change: impl std::future::Future<Output = T>,
    ) -> Option<T> {
        let key = TurnKey::of(at);
        let queue = Arc::clone(self.queues.entry(key).or_default().value());
        let done = match tokio::time::timeout(limit, Arc::clone(&queue).lock_owned()).await {
            Ok(turn) => {
                let done = change.await;
                drop(turn);
                Some(done)
            }
            Err(_) => None,
        };
        drop(queue);
        // The last one out removes the queue (a change queued meanwhile holds a clone).
        self.queues
            .remove_if(&key, |_, queue| Arc::strong_count(queue) == 1);
        done
    }

    /// How many matches have changes under way here (for tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.queues.len()
    }
}

/// The session's word for a channel or member the database found taken.
fn busy(taken: Taken) -> SessionError {
    match taken {
        Taken::Channel => SessionError::Busy {
            reason: OpenError::ChannelBusy,
            at: None,
        },
        Taken::Player {
            player,
            channel,
            guild,
        } => SessionError::Busy {
            reason: OpenError::PlayerBusy(player),
            at: Some(Place { channel, guild }),
        },
    }
}

/// How the database finds a located match.
const fn key(at: Locate) -> LiveKey {
    match at {
        Locate::Id(id) => LiveKey::Id(id),
        Locate::Channel(c) => LiveKey::Channel(c),
        Locate::Player(p) => LiveKey::Player(p),
    }
}

impl Shared {
    /// An engine over `store`.
    pub(crate) fn new(store: Arc<dyn SharedStore>) -> Self {
        Self {
            store,
            turns: Turns::default(),
        }
    }

    /// [`super::Engine::act`] on the database: in one transaction holding the match's row
    /// lock, reads its state, applies `f` and writes the new record (or, if `f` refuses,
    /// leaves it). Changes of the same match apply one after another to the state each
    /// leaves: in this process they queue before they take a connection ([`Turns`], at
    /// most [`QUEUE_WAIT`]); other processes' take turns at the row lock. With
    /// `skip_locked` (the sweep), a match being changed is left alone at once.
    pub(crate) async fn act<R: Send>(
        &self,
        ask: Ask,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Outcome<R> {
        let Ask {
            at,
            missing,
            skip_locked,
        } = ask;
        let mut f = Some(f);
        let mut outcome: Option<Outcome<R>> = None;
        // What this change wrote, to recognise it if its commit's answer is lost.
        let mut written: Option<(MatchId, StoredState)> = None;
        let mut run = |state: &StoredState| -> Option<MatchRecord> {
            let f = f.take()?;
            let mut entry = match record::entry_of(state) {
                Ok(entry) => entry,
                Err(e) => {
                    outcome = Some(Err(SessionError::Unreadable(e)));
                    return None;
                }
            };
            match apply(&mut entry, f) {
                Ok(Applied::Changed {
                    value,
                    record,
                    ended,
                }) => {
                    written = Some((record.id, record.state.clone()));
                    outcome = Some(Ok((value, ended)));
                    Some(record)
                }
                // Nothing to write: the transaction ends without one.
                Ok(Applied::Unchanged(value)) => {
                    outcome = Some(Ok((value, None)));
                    None
                }
                Err(err) => {
                    outcome = Some(Err(err));
                    None
                }
            }
        };
        let changed = if skip_locked {
            self.store.change(key(at), true, &mut run).await
        } else {
            let change = self.store.change(key(at), false, &mut run);
            let Some(changed) = self.turns.run(at, QUEUE_WAIT, change).await else {
                tracing::warn!(at = ?at, "a change gave up waiting for its turn at the match");
                return Err(SessionError::Pending);
            };
            changed
        };
        let id = written.as_ref().map_or(MatchId(0), |(id, _)| *id);
        let failed = || SessionError::from(Broken::DidNotRun(at));
        match changed {
            Ok(Changed::Written | Changed::Refused) => outcome.unwrap_or_else(|| Err(failed())),
            Ok(Changed::Missing) => Err(missing),
            Ok(Changed::Locked) => Err(SessionError::Pending),
            Err(StoreError::Taken(taken)) => Err(busy(taken)),
            Err(err) if err.is_contention() => {
                tracing::warn!(at = ?at, error = %err, "a change gave up waiting for the match");
                Err(SessionError::Pending)
            }
            // A step that wrote nothing has nothing to lose with its transaction.
            Err(_) if written.is_none() && matches!(outcome, Some(Ok(_))) => {
                outcome.unwrap_or_else(|| Err(failed()))
            }
            Err(err) => {
                // The commit may have landed although its answer was lost: then the stored
                // state is this change's (another process's change of the same version
                // would differ, if only in its time).
                let landed = matches!(outcome, Some(Ok(_)))
                    && self
                        .store
                        .finished()
                        .get(id)
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

    /// [`super::Engine::read`] on the database: the match as last written.
    pub(crate) async fn read<R>(
        &self,
        at: Locate,
        f: impl FnOnce(&Entry) -> R,
    ) -> Result<Option<R>, StoreError> {
        let id = match at {
            Locate::Id(id) => Some(id),
            _ => self.store.live_id(key(at)).await?,
        };
        let Some(id) = id else {
            return Ok(None);
        };
        let Some(stored) = self.store.finished().get(id).await? else {
            return Ok(None);
        };
        if !stored.live {
            return Ok(None);
        }
        let entry = record::entry_of(&stored.state).map_err(|e| StoreError::Data(e.to_string()))?;
        Ok(Some(f(&entry)))
    }

    /// [`super::Engine::open`] on the database.
    pub(crate) async fn open(
        &self,
        record: &MatchRecord,
        unclaimed: &[PlayerId],
    ) -> Result<MatchId, SessionError> {
        match self.store.open_live(record, unclaimed).await {
            Ok(()) => Ok(record.id),
            Err(StoreError::Taken(taken)) => Err(busy(taken)),
            Err(err @ StoreError::Forgotten) => Err(SessionError::Storage(err)),
            // Its answer may have been lost after it landed.
            Err(err) => match self.store.finished().get(record.id).await {
                Ok(Some(stored)) if stored.version == record.version => Ok(record.id),
                _ => Err(SessionError::Storage(err)),
            },
        }
    }

    /// Every process's live matches, counted by the database.
    pub(crate) async fn census(
        &self,
    ) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
        let mut counts = empty_census();
        match self.store.census().await {
            Ok(rows) => {
                for Census {
                    phase,
                    variant,
                    matches: n,
                } in rows
                {
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

    /// Ends that were written a while ago (by any process) and never sent, because the
    /// process that wrote them stopped first. Each is handed to one process.
    pub(crate) async fn orphaned_ends(&self, now: SystemTime) -> Vec<Ended> {
        let before = Timestamp::of(now.checked_sub(UNSENT_AFTER).unwrap_or(now));
        let states = match self.store.take_unannounced(before, ORPHANS_AT_ONCE).await {
            Ok(states) => states,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for ends never sent");
                return Vec::new();
            }
        };
        Ended::all_of(&states)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::ids::ChannelKey;

    #[tokio::test]
    async fn changes_of_one_match_take_turns_and_others_do_not_wait() {
        let turns = Arc::new(Turns::default());
        let here = Locate::Channel(ChannelKey(1));
        let (release, held) = tokio::sync::oneshot::channel::<()>();
        let first = {
            let turns = Arc::clone(&turns);
            tokio::spawn(async move {
                turns
                    .run(here, Duration::from_secs(30), async {
                        held.await.ok();
                    })
                    .await
            })
        };
        // The first holds the match: a second change of it waits, and gives up at its limit.
        while turns.len() == 0 {
            tokio::task::yield_now().await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let second = turns
            .run(here, Duration::from_millis(30), async { 2 })
            .await;
        assert_eq!(second, None, "its turn never came");
        // Another match's change does not wait.
        let other = tokio::time::timeout(
            Duration::from_secs(30),
            turns.run(
                Locate::Channel(ChannelKey(2)),
                Duration::from_millis(30),
                async { 3 },
            ),
        )
        .await
        .expect("not queued behind another match");
        assert_eq!(other, Some(3));
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap(), Some(()));
        assert_eq!(
            turns.run(here, Duration::from_secs(30), async { 4 }).await,
            Some(4)
        );
        assert_eq!(turns.len(), 0, "the last one out removes the queue");
    }
}
