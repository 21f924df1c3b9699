//! The typed ids of live matches (shared with the store: [`crate::ids`]), and the addresses
//! built from them: where a match is played ([`Place`]) and how an operation finds it
//! ([`Locate`]).

use crate::game::PlayerId;
pub use crate::ids::{ChannelKey, GuildId, MatchId, MessageId, TournamentId};

/// Where a live match is played: its channel (or thread) and server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The channel or thread.
    pub channel: ChannelKey,
    /// The server, if any.
    pub guild: Option<GuildId>,
}

/// How an operation finds its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locate {
    /// By id (buttons).
    Id(MatchId),
    /// The match in a channel.
    Channel(ChannelKey),
    /// A member's match, wherever it is.
    Player(PlayerId),
}
