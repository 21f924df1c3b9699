//! The typed ids of live matches, and the addresses built from them: where a match is
//! played ([`Place`]) and how an operation finds it ([`Locate`]).

use serde::{Deserialize, Serialize};

use crate::game::PlayerId;

/// A Discord channel or thread id: the place a match lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey(pub u64);

/// A match's own id, used in button ids so a button can only act on its own match.
/// Drawn at random (63 bits), so ids never repeat across restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchId(pub u64);

impl MatchId {
    /// A fresh random id in `1..2^63` (it fits a signed 64-bit database integer).
    #[must_use]
    pub fn random() -> Self {
        use rand::RngExt as _;
        MatchId(rand::rng().random_range(1..=(1_u64 << 63) - 1))
    }
}

impl std::str::FromStr for MatchId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(MatchId)
    }
}

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a live match is played: its channel (or thread) and server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The channel or thread.
    pub channel: ChannelKey,
    /// The server, if any.
    pub guild: Option<u64>,
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
