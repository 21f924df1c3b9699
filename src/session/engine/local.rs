//! Live matches in this process's memory ([`Registry`], which only this engine changes),
//! written through to a store of its own.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::PlayerId;
use crate::store::{MatchRecord, Store, StoreError};

use super::{Applied, Ask, Change, Outcome, Step, apply};
use crate::session::entry::Entry;
use crate::session::error::{Broken, OpenError, SessionError};
use crate::session::ids::{Locate, MatchId};

mod registry;

pub use registry::Registry;

/// How long a change waits for the previous change of the same match to be written.
const WAIT_FOR_WRITE: Duration = Duration::from_secs(20);

/// How many times a failed write is tried in all, and the pauses between tries.
const WRITE_RETRIES: [Duration; 2] = [Duration::from_millis(20), Duration::from_millis(200)];

/// The in-memory engine (see the parent module).
#[derive(Debug)]
pub(crate) struct Local {
    live: Registry,
    store: Arc<dyn Store>,
}

impl Local {
    /// An engine with no live matches, writing to `store`.
    pub(crate) fn new(store: Arc<dyn Store>) -> Self {
        Self {
            live: Registry::new(),
            store,
        }
    }

    /// The live matches (to count them: only this engine changes them).
    pub(crate) fn live(&self) -> &Registry {
        &self.live
    }

    /// How many live matches there are of each phase and variant (zeros included).
    pub(crate) fn census(&self) -> Vec<((crate::game::PhaseKind, crate::game::Variant), usize)> {
        self.live.census()
    }

    /// Takes back a match of the store at the restore, binding `claims` to it: refused when
    /// its channel or a claim is taken. Nothing is written (the restore writes the matches
    /// it takes back all at once).
    pub(crate) fn take_back(&self, entry: Entry, claims: &[PlayerId]) -> Result<(), OpenError> {
        self.live.open(entry, claims, &[]).map(drop)
    }

    /// The refusal for a channel or member that is taken.
    fn busy(&self, reason: OpenError) -> SessionError {
        let at = match reason {
            OpenError::PlayerBusy(p) => self.live.place_of(p),
            OpenError::ChannelBusy => None,
        };
        SessionError::Busy { reason, at }
    }

    /// [`super::Engine::step`] in memory: takes the match's turn (waiting, at most
    /// [`WAIT_FOR_WRITE`], for the change before it to be written), applies `f`, binds
    /// the members the new state binds, writes the record, and gives the turn back. A
    /// refused or failed change leaves the match (and who is bound) as it was; so does a
    /// step that changes nothing, which writes nothing.
    pub(crate) async fn act<R: Send>(
        &self,
        ask: Ask,
        f: impl FnOnce(&mut Entry, &mut Change) -> Result<Step<R>, SessionError> + Send,
    ) -> Outcome<R> {
        let until = Instant::now() + WAIT_FOR_WRITE;
        let mut f = Some(f);
        let (_turn, value, record, ended, before, now_in) = loop {
            let Some((id, turn)) = self.live.turn(ask.at) else {
                return Err(ask.missing);
            };
            let held = if ask.skip_locked {
                // The sweep does not wait for a match being changed: the next one looks.
                turn.try_lock_owned().map_err(|_| SessionError::Pending)?
            } else {
                let Ok(held) = tokio::time::timeout_at(until.into(), turn.lock_owned()).await
                else {
                    return Err(SessionError::Pending);
                };
                held
            };
            // While this change waited, the match may have ended, or the located one be
            // another by now: then look again.
            let step = self.live.with(ask.at, |e| {
                if e.id != id {
                    return None;
                }
                let f = f.take()?;
                let before = e.clone();
                Some(match apply(e, f) {
                    Ok(Applied::Changed {
                        value,
                        record,
                        ended,
                    }) => Ok((value, record, ended, before, e.channel)),
                    Ok(Applied::Unchanged(value)) => {
                        *e = before;
                        Err(Ok(value))
                    }
                    Err(err) => {
                        *e = before;
                        Err(Err(err))
                    }
                })
            });
            match step.flatten() {
                Some(Ok((value, record, ended, before, now_in))) => {
                    break (held, value, record, ended, before, now_in);
                }
                // Nothing to write (`Ok`) or refused: handed back as it is.
                Some(Err(kept)) => return kept.map(|value| (value, None)),
                None if f.is_none() => {
                    return Err(Broken::RanTwice.into());
                }
                None => {}
            }
        };
        let (id, channel, version) = (before.id, before.channel, record.version);
        // Who the new state binds (an Accept binds the challenged member): all or none.
        let bound = before.claims();
        let added: Vec<PlayerId> = record
            .claims
            .iter()
            .copied()
            .filter(|p| !bound.contains(p))
            .collect();
        if let Err(reason) = self.live.claim_all(&added, channel) {
            self.live.with(Locate::Id(id), |e| *e = before);
            return Err(self.busy(reason));
        }
        // A match that moves (into its thread, or back into its channel) is found there
        // from now on: moved before the write, so a channel that has a match refuses it.
        let moved = now_in != channel;
        if moved && !self.live.rekey(id, channel, now_in) {
            self.live.release_all(&added, channel);
            self.live.with(Locate::Id(id), |e| *e = before);
            return Err(self.busy(OpenError::ChannelBusy));
        }
        // No guard is held: write before anything is said about the change.
        if let Err(err) = self.write(&record).await {
            tracing::error!(match_id = %id, error = %err, "could not save a change; rolled back");
            if moved && !self.live.rekey(id, now_in, channel) {
                tracing::error!(match_id = %id, "a match could not move back to its channel");
            }
            self.live.release_all(&added, channel);
            self.live.with(Locate::Id(id), |e| {
                // Back to the last stored state, but never reuse a version number: the
                // failed write may have landed after all.
                *e = before;
                e.version = version;
            });
            return Err(SessionError::Storage(err));
        }
        let ended = ended.and_then(|end| self.live.close(now_in, id).map(|_| end));
        Ok((value, ended))
    }

    /// [`super::Engine::read`] in memory, once no change of the match is being written
    /// (after [`WAIT_FOR_WRITE`], whatever is there).
    pub(crate) async fn read<R>(&self, at: Locate, f: impl FnOnce(&Entry) -> R) -> Option<R> {
        let (_, turn) = self.live.turn(at)?;
        let _held = tokio::time::timeout(WAIT_FOR_WRITE, turn.lock_owned())
            .await
            .ok();
        self.live.with(at, |e| f(e))
    }

    /// [`super::Engine::open`] in memory: registered with its turn held, so nobody acts on
    /// it before its first record is written; taken back if that write fails.
    pub(crate) async fn open(
        &self,
        entry: Entry,
        record: &MatchRecord,
        unclaimed: &[PlayerId],
    ) -> Result<MatchId, SessionError> {
        let (id, channel) = (entry.id, entry.channel);
        let _turn = self
            .live
            .open(entry, &record.claims, unclaimed)
            .map_err(|reason| self.busy(reason))?;
        if let Err(err) = self.write(record).await {
            let _ = self.live.close(channel, id);
            return Err(SessionError::Storage(err));
        }
        Ok(id)
    }

    /// Writes `record`, trying again a few times over a short while.
    async fn write(&self, record: &MatchRecord) -> Result<(), StoreError> {
        let mut pauses = WRITE_RETRIES.iter();
        let mut failed_before = false;
        loop {
            let started = Instant::now();
            let saved = self.store.live().save(record).await;
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
                            .finished()
                            .get(record.id)
                            .await
                            .ok()
                            .flatten()
                            .is_some_and(|m| m.version == record.version) =>
                {
                    tracing::info!(match_id = %record.id, "a retried write had landed before");
                    return Ok(());
                }
                // A rematch of a member forgotten meanwhile stays refused.
                Err(err @ StoreError::Forgotten) => return Err(err),
                Err(err) => match pauses.next() {
                    Some(pause) => {
                        failed_before = true;
                        tracing::warn!(match_id = %record.id, error = %err, "write failed; trying again");
                        tokio::time::sleep(*pause).await;
                    }
                    None => return Err(err),
                },
            }
        }
    }
}
