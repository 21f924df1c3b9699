//! How matches end and how each end is told once: the sweep that ends the matches out of
//! time ([`Session::expire`]), the ends still to show, and the mark that one was shown
//! ([`Session::mark_announced`]).

use std::time::SystemTime;

use crate::game::{Ending, PlayerId, RevealView};

use super::engine::Change;
use super::entry::{Entry, Series};
use super::error::SessionError;
use super::ids::{ChannelKey, GuildId, Locate, MatchId};
use super::pace::Pace;
use super::record;
use super::services::Matches;
use crate::store::{StoredState, Timestamp};

/// Ends the match in `entry` as a timeout (the sweep's step, and a tournament round's at
/// its deadline). [`SessionError::Stale`] when it has ended already or, with `due`, when
/// its deadline is later than `due` (it moved meanwhile).
pub(super) fn time_out(entry: &mut Entry, due: Option<SystemTime>) -> Result<(), SessionError> {
    if due.is_some_and(|due| entry.deadline > due) || entry.game.is_finished() {
        return Err(SessionError::Stale);
    }
    let variant = entry.game.variant();
    entry
        .game
        .timeout()
        .map(|_| ())
        .map_err(|err| SessionError::rules(variant, err))
}

/// The end of a match, to announce once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The match.
    pub id: MatchId,
    /// Where to announce.
    pub channel: ChannelKey,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Display names, for the picture.
    pub names: [String; 2],
    /// How it ended.
    pub ending: Ending,
    /// The full reveal, when a battle took place.
    pub reveal: Option<RevealView>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The members who played (not the computer).
    pub members: Vec<PlayerId>,
    /// In a rematch series: the score with this match counted.
    pub series: Option<Series>,
    /// Whether the players may ask for a rematch (the match was played out).
    pub rematch: bool,
    /// When it was played in a thread: the channel the thread hangs under (a one-line
    /// result goes there, and the thread is archived).
    pub parent: Option<ChannelKey>,
    /// Its pace.
    pub pace: Pace,
    /// How long a turn took at that pace (`None` for a match from before paces).
    pub turn: Option<std::time::Duration>,
    /// The server it was played in; `None` outside servers, where the bot can only answer
    /// the players' interactions (an end nobody asked for waits for the next one).
    pub guild: Option<GuildId>,
    /// The tournament round it was a match of (from the match itself: no read), whose
    /// next step follows its end.
    pub tournament: Option<super::entry::TournamentOf>,
}

impl Ended {
    /// The ends of the finished matches among stored `states` (a state that does not
    /// read is logged and left out).
    pub(crate) fn all_of(states: &[StoredState]) -> Vec<Self> {
        states
            .iter()
            .filter_map(|state| match record::entry_of(state) {
                Ok(entry) if entry.game.is_finished() => Some(Ended::of(&entry)),
                Ok(_) => None,
                Err(e) => {
                    tracing::error!(error = %e, "an unannounced end cannot be read");
                    None
                }
            })
            .collect()
    }

    /// The end of `entry`'s match. Call only once it is finished.
    pub(crate) fn of(entry: &Entry) -> Self {
        Ended {
            id: entry.id,
            channel: entry.post_channel(),
            parent: entry.thread_parent(),
            pace: entry.pace,
            turn: entry.limits.map(|l| l.turn),
            players: entry.game.players(),
            names: entry.names.clone(),
            // Callers check `is_finished` first; `Expired` is never shown for a battle.
            ending: entry.game.ending().unwrap_or(Ending::Expired),
            reveal: entry.game.reveal(),
            guild_locale: entry.guild_locale.clone(),
            members: entry.members(),
            series: entry.series.map(|s| s.after(&entry.game)),
            rematch: entry.game.ending().is_some_and(Ending::played_out),
            guild: entry.guild,
            tournament: entry.tournament.clone(),
        }
    }
}

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
    pub async fn unannounced_ends(self, now: SystemTime) -> Vec<Ended> {
        self.session.engine.orphaned_ends(now).await
    }

    /// The ends outside servers in `channel` not shown yet (ended by any process): there
    /// the bot can only answer, so each waits for the next interaction of one of its
    /// players there, which may reach any process. Nothing is taken or marked.
    pub async fn waiting_ends_in(
        self,
        channel: ChannelKey,
    ) -> Result<Vec<Ended>, crate::store::StoreError> {
        let states = self.session.store.outbox().waiting_ends_in(channel).await?;
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
            self.session.tournaments().match_ended(t.id).await;
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
