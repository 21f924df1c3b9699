//! How each end is told once: the sweep that ends the matches out of time
//! ([`Matches::expire`]), the ends still to show, and the mark that one was shown
//! ([`Matches::mark_announced`]).

use std::time::SystemTime;

use super::ends::{Ended, WAITING_KEPT, time_out};
use super::engine::Change;
use super::entry::Entry;
use super::error::SessionError;
use super::ids::{ChannelKey, Locate, MatchId};
use super::services::Matches;
use super::tournament::Tournaments;
use crate::store::Timestamp;

impl Matches<'_> {
    /// The sweep: ends every match whose deadline is at or before `now` (a challenge
    /// expires, an unfinished placement loses or is abandoned, a skipped turn loses).
    /// Returns the ends to announce. A match whose deadline moved meanwhile is left alone.
    pub async fn expire(self, now: SystemTime) -> Vec<Ended> {
        // The store has every live match's deadline as last written, whichever engine
        // runs; each is checked again under the match's lock before it ends.
        let due = match self
            .session
            .store
            .live()
            .due(Timestamp::of(now), DUE_AT_ONCE)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for matches out of time");
                return Vec::new();
            }
        };
        let mut ends = Vec::new();
        for id in due {
            let time_out = |e: &mut Entry, _: &mut Change| time_out(e, Some(now));
            // Every process sweeps a shared store: a match another one is ending (or
            // changing) right now is skipped, and one it has ended is no longer live.
            let result = self
                .session
                .engine
                .act(Locate::Id(id), SessionError::Stale, true, time_out)
                .await;
            match result {
                Ok(((), Some(end))) => {
                    tracing::info!(match_id = %end.id, ending = ?end.ending, "match ended by its deadline");
                    ends.push(end);
                }
                Ok(((), None)) | Err(SessionError::Stale | SessionError::Pending) => {}
                Err(err) => {
                    tracing::warn!(match_id = %id, error = %err, "could not end a match on time");
                }
            }
        }
        ends
    }

    /// Ends that were written a while ago and never sent, because the process that wrote
    /// them stopped first (with several processes; one process sends its own at restart).
    /// Each is handed to one process.
    /// The same sweep drops the ends outside servers that nobody came back to see within
    /// [`WAITING_KEPT`] from the waiting set (their matches stay in history).
    pub async fn unannounced_ends(self, now: SystemTime) -> Vec<Ended> {
        let before = Timestamp::of(now.checked_sub(WAITING_KEPT).unwrap_or(now));
        match self
            .session
            .store
            .outbox()
            .drop_waiting(before, DUE_AT_ONCE)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(
                ends = n,
                "ends outside servers nobody came back to see are no longer kept waiting"
            ),
            Err(e) => {
                tracing::warn!(error = %e, "could not drop the ends outside servers that waited too long");
            }
        }
        self.session.engine.orphaned_ends(now).await
    }

    /// The ends outside servers in `channel` not shown yet (ended by any process): there
    /// the bot can only answer, so each waits for the next interaction of one of its
    /// players there, which may reach any process. Nothing is taken or marked.
    pub async fn waiting_ends_in(
        self,
        channel: ChannelKey,
    ) -> Result<Vec<Ended>, crate::store::StoreError> {
        let now = SystemTime::now();
        let since = Timestamp::of(now.checked_sub(WAITING_KEPT).unwrap_or(now));
        let states = self
            .session
            .store
            .outbox()
            .waiting_ends_in(channel, since)
            .await?;
        Ok(Ended::all_of(&states))
    }

    /// Whether `end` still waits to be shown: another process may have shown it since this
    /// one kept it. When the store cannot tell, it is shown (twice rather than never).
    pub async fn still_unannounced(self, end: &Ended) -> bool {
        match self.session.store.outbox().is_announced(end.id).await {
            Ok(announced) => !announced,
            Err(e) => {
                tracing::warn!(match_id = %end.id, error = %e, "could not check whether an end was shown");
                true
            }
        }
    }

    /// Records that the end `end` was sent (or could not be sent anywhere), so
    /// that it is not sent again after a restart.
    pub async fn mark_announced(self, end: &Ended) {
        // What the computer learned of these members' fleets is out of date now.
        self.session.drop_habits(&end.members);
        self.mark_announced_id(end.id).await;
        // A tournament's match: its tournament takes its next step.
        if let Some(t) = &end.tournament {
            Tournaments::new(self.session, self.desk)
                .match_ended(t.id)
                .await;
        }
    }

    /// Records that match `id`'s end needs no announcement (any more).
    pub(super) async fn mark_announced_id(self, id: MatchId) {
        if let Err(e) = self.session.store.outbox().mark_announced(id).await {
            tracing::warn!(match_id = %id, error = %e, "could not record that an end was announced");
        }
    }
}

/// How many due matches one sweep takes at most; the next takes the rest.
const DUE_AT_ONCE: u32 = 500;
