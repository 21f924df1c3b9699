//! How a match ends: out of time ([`time_out`]), and the end to announce once
//! ([`Ended`]). The sweep and the marks of ends told are in `announce.rs`.

use std::time::SystemTime;

use crate::game::{Ending, PlayerId, RevealView};

use super::entry::{Entry, Series};
use super::error::SessionError;
use super::ids::{ChannelKey, GuildId, MatchId};
use super::pace::Pace;
use super::record;
use crate::store::StoredState;

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
/// How long an end outside servers waits for one of its players to come back to its
/// channel; after that it is dropped from the waiting set (issue 53, finding 4).
pub const WAITING_KEPT: std::time::Duration = std::time::Duration::from_secs(14 * 24 * 60 * 60);
