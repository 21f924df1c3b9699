//! The id newtypes that the session and the store share: a match's own id, a Discord
//! channel's and a Discord server's. (A member is a [`crate::game::PlayerId`], the rules'
//! own id of a Discord user.) The store turns them into database integers only at its SQL
//! ([`crate::store::to_sql`]).

use serde::{Deserialize, Serialize};

use crate::game::PlayerId;

/// A Discord channel or thread id: the place a match lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey(pub u64);

impl std::str::FromStr for ChannelKey {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(ChannelKey)
    }
}

impl std::fmt::Display for ChannelKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<ChannelKey> for u64 {
    fn from(id: ChannelKey) -> Self {
        id.0
    }
}

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

impl From<MatchId> for u64 {
    fn from(id: MatchId) -> Self {
        id.0
    }
}

/// A Discord server (guild) id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GuildId(pub u64);

impl std::str::FromStr for GuildId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(GuildId)
    }
}

impl std::fmt::Display for GuildId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<GuildId> for u64 {
    fn from(id: GuildId) -> Self {
        id.0
    }
}

impl From<PlayerId> for u64 {
    fn from(id: PlayerId) -> Self {
        id.0
    }
}

#[cfg(test)]
mod tests {
    use super::{ChannelKey, GuildId, MatchId};

    #[test]
    fn ids_read_back_what_they_show() {
        let id = MatchId(9_007_199_254_740_993);
        assert_eq!(id.to_string().parse::<MatchId>(), Ok(id));
        let guild = GuildId(123_456_789_012_345_678);
        assert_eq!(guild.to_string().parse::<GuildId>(), Ok(guild));
        assert!("x".parse::<GuildId>().is_err());
        assert_eq!("77".parse::<ChannelKey>(), Ok(ChannelKey(77)));
        assert_eq!(u64::from(guild), guild.0);
    }
}
