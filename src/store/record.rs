//! What one accepted change of a match writes: a [`MatchRecord`], with its moves, its
//! result and, at an end played out, what it adds to ratings and statistics.

use super::{ChannelKey, GuildId, MatchId, StoredState, Timestamp};
use crate::game::PlayerId;
#[cfg(doc)]
use crate::store::LiveStore;

/// How a finished match ended, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// `sunk`, `draw`, `forfeit`, `timeout`, `cancelled`, `declined`, `expired` or `abandoned`.
    pub how: &'static str,
    /// The winner, if there was one.
    pub winner: Option<PlayerId>,
    /// The loser, if there was one.
    pub loser: Option<PlayerId>,
}

/// One shot (classic) or salvo (game2000), as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1, 2, 3 … within the match.
    pub seq: u32,
    /// The shooter.
    pub player: PlayerId,
    /// The shooter's turn number.
    pub turn: u32,
    /// The cells in board order, e.g. `C4 D5 E6`.
    pub cells: String,
    /// JSON: one report per shot, in processing order.
    pub reports: String,
    /// When it was played.
    pub at_ms: Timestamp,
}

/// One accepted change of one match: its whole new state and what it added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match id.
    pub id: MatchId,
    /// The state's version; a write with a lower version than the stored one is ignored.
    pub version: u64,
    /// Where it is played.
    pub channel: ChannelKey,
    /// The server, if known.
    pub guild: Option<GuildId>,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// `classic` or `game2000`.
    pub variant: &'static str,
    /// The options as JSON.
    pub options: String,
    /// The computer's difficulty, when it plays.
    pub computer: Option<&'static str>,
    /// `challenge`, `placement`, `battle` or `finished`.
    pub phase: &'static str,
    /// The deadline of the current phase.
    pub deadline_ms: Timestamp,
    /// The whole state, opaque to the store.
    pub state: StoredState,
    /// Set once the match is over.
    pub result: Option<MatchResult>,
    /// When the match was opened.
    pub created_ms: Timestamp,
    /// When this change happened.
    pub updated_ms: Timestamp,
    /// Moves this change added (usually none or one).
    pub moves: Vec<MoveRecord>,
    /// The members bound to this match while it is live: the challenger from the
    /// challenge on, the opponent once they accept (never the computer). A shared store
    /// keeps each member bound to at most one live match.
    pub claims: Vec<PlayerId>,
    /// The computer is to move (a shared store finds stalled computer turns by it).
    pub computer_next: bool,
    /// Set on the change that ends a match that was played out: what it adds to ratings,
    /// statistics and history, written in the same transaction as the end.
    pub played: Option<Played>,
    /// Set on a rematch's first record.
    pub rematch_of: Option<RematchOf>,
    /// When the player to move is to be reminded next (daily matches).
    pub remind_ms: Option<Timestamp>,
    /// A live match not keyed by the channel its messages go to (a challenge waiting for
    /// its thread): that channel, through which it is found ([`LiveStore::posted_in`]).
    pub post_channel: Option<ChannelKey>,
}

impl MatchRecord {
    /// How the match ended, for the settlement of ratings and statistics
    /// ([`crate::rating::settle`]), when this record ends a match that was played out.
    #[must_use]
    pub fn end(&self) -> Option<crate::rating::settle::MatchEnd> {
        let (played, result) = (self.played.as_ref()?, self.result.as_ref()?);
        // The rating core counts in plain numbers.
        let seat = |i: usize| crate::rating::settle::Seat {
            player: self.players[i].0,
            name: played.names[i].clone(),
            shots: played.stats[i].shots,
            hits: played.stats[i].hits,
            turns: played.stats[i].turns,
        };
        Some(crate::rating::settle::MatchEnd {
            id: self.id.0,
            variant: self.variant,
            guild: self.guild.map(u64::from),
            how: result.how,
            winner: result.winner.map(u64::from),
            seats: [seat(0), seat(1)],
            computer: self.computer,
            rated: played.rated,
            ended_ms: self.updated_ms.millis(),
        })
    }
}

/// What a match played out adds to ratings and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Display names of `[challenger, opponent]` at the end (kept for leaderboards).
    pub names: [String; 2],
    /// Shots, hits and turns of `[challenger, opponent]`.
    pub stats: [crate::game::PlayerStats; 2],
    /// Whether it counts for ratings (member against member, where matches are rated).
    pub rated: bool,
}

/// The match a rematch follows, and its players: the rematch is written only while that
/// match still names them (a member forgotten meanwhile is not brought back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RematchOf {
    /// The finished match.
    pub id: MatchId,
    /// Its `[challenger, opponent]`.
    pub players: [PlayerId; 2],
}
