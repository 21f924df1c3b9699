//! Live matches in a database that several processes share: every change is one
//! transaction holding the match's row lock, and the database's constraints keep one live
//! match per channel and per member.

use std::sync::Arc;
use std::time::SystemTime;

use crate::game::PlayerId;
use crate::store::{Changed, LiveKey, MatchRecord, SharedStore, StoreError, Taken};

use super::{Applied, Change, OpenError, Outcome, Step, apply, empty_census};
use crate::session::ends::Ended;
use crate::session::entry::Entry;
use crate::session::ids::{Locate, MatchId, Place};
use crate::session::{SessionError, record};
use crate::store::{Census, StoredState, Timestamp};

/// How many orphaned ends one sweep takes at most; the next takes the rest.
const ORPHANS_AT_ONCE: u32 = 500;

/// An end not sent this long after it was written is taken as orphaned by its process:
/// well past the longest an announcement may take (three tries of up to 30 s each, then
/// the DMs), with room for the processes' clocks to differ a little.
const UNSENT_AFTER: std::time::Duration = std::time::Duration::from_secs(300);

/// The shared engine (see the parent module).
#[derive(Debug)]
pub(crate) struct Shared {
    store: Arc<dyn SharedStore>,
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
        Self { store }
    }

    /// [`super::Engine::act`] on the database: in one transaction holding the match's row
    /// lock, reads its state, applies `f` and writes the new record (or, if `f` refuses,
    /// leaves it). Other processes' changes of the same match wait for the lock, so they
    /// apply one after another to the state each leaves.
    pub(crate) async fn act<R: Send>(
        &self,
        at: Locate,
        missing: SessionError,
        skip_locked: bool,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Outcome<R> {
        let mut f = Some(f);
        let mut outcome: Option<Outcome<R>> = None;
        // What this change wrote, to recognise it if its commit's answer is lost.
        let mut written: Option<(MatchId, StoredState)> = None;
        let mut run = |state: &StoredState| -> Option<MatchRecord> {
            let f = f.take()?;
            let mut entry = match record::entry_of(state) {
                Ok(entry) => entry,
                Err(e) => {
                    outcome = Some(Err(SessionError::Internal(format!(
                        "a stored match is unreadable: {e}"
                    ))));
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
        let changed = self.store.change(key(at), skip_locked, &mut run).await;
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
            // A step that wrote nothing has nothing to lose with its transaction.
            Err(_) if written.is_none() && matches!(outcome, Some(Ok(_))) => {
                outcome.unwrap_or_else(|| Err(failed("the change did not run")))
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
