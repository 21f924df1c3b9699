//! The id newtypes that the session and the store share: a match's own id, a tournament's,
//! a Discord channel's, a Discord server's and a Discord message's. (A member is a
//! [`crate::game::PlayerId`], the rules' own id of a Discord user.) The store turns them
//! into database integers only at its SQL ([`crate::store::to_sql`]); in stored JSON each
//! is its plain integer (serde writes a newtype struct as what it wraps).

use serde::{Deserialize, Serialize};

/// `Display` (the plain number), `From<$id> for u64` and, unless told `own_parse`,
/// `FromStr` (the plain number) for each id newtype.
macro_rules! plain_id {
    ($id:ident) => {
        impl std::str::FromStr for $id {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($id)
            }
        }

        plain_id!($id, own_parse);
    };
    ($id:ident, own_parse) => {
        impl std::fmt::Display for $id {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl From<$id> for u64 {
            fn from(id: $id) -> Self {
                id.0
            }
        }
    };
}

/// A Discord channel or thread id: the place a match lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChannelKey(pub u64);

plain_id!(ChannelKey);

/// A fresh random id in `1..2^63` (it fits a signed 64-bit database integer).
fn random_id() -> u64 {
    use rand::RngExt as _;
    rand::rng().random_range(1..=(1_u64 << 63) - 1)
}

/// A match's own id, used in button ids so a button can only act on its own match.
/// Drawn at random (63 bits), so ids never repeat across restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchId(pub u64);

impl MatchId {
    /// A fresh random id in `1..2^63` (it fits a signed 64-bit database integer).
    #[must_use]
    pub fn random() -> Self {
        MatchId(random_id())
    }
}

plain_id!(MatchId);

/// A tournament's id, drawn at random (63 bits) like a match's; it is in the tournament's
/// buttons and in the `tournament:` option members type or pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TournamentId(pub u64);

impl TournamentId {
    /// A fresh random id in `1..2^63` (it fits a signed 64-bit database integer).
    #[must_use]
    pub fn random() -> Self {
        TournamentId(random_id())
    }
}

/// The number, with any spaces around it (as a member may type it).
impl std::str::FromStr for TournamentId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse().map(TournamentId)
    }
}

plain_id!(TournamentId, own_parse);

/// A Discord server (guild) id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GuildId(pub u64);

plain_id!(GuildId);

/// A Discord message id: a tournament's public sign-up message, a match's last shown
/// message (the one a reminder links to).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MessageId(pub u64);

plain_id!(MessageId);

#[cfg(test)]
mod tests {
    use super::{ChannelKey, GuildId, MatchId, MessageId, TournamentId};

    #[test]
    fn ids_read_back_what_they_show() {
        let id = MatchId(9_007_199_254_740_993);
        assert_eq!(id.to_string().parse::<MatchId>(), Ok(id));
        let guild = GuildId(123_456_789_012_345_678);
        assert_eq!(guild.to_string().parse::<GuildId>(), Ok(guild));
        assert!("x".parse::<GuildId>().is_err());
        assert_eq!("77".parse::<ChannelKey>(), Ok(ChannelKey(77)));
        assert_eq!(u64::from(guild), guild.0);
        let tournament = TournamentId(4_611_686_018_427_387_903);
        assert_eq!(tournament.to_string().parse(), Ok(tournament));
        assert_eq!(" 42 ".parse::<TournamentId>(), Ok(TournamentId(42)));
        assert!("4 2".parse::<TournamentId>().is_err());
        assert_eq!(u64::from(tournament), tournament.0);
        let message = MessageId(1_150_000_000_000_000_001);
        assert_eq!(message.to_string().parse::<MessageId>(), Ok(message));
        assert_eq!(u64::from(message), message.0);
    }

    /// In stored JSON an id is its plain integer, so typing a field of a stored document
    /// changes no byte of it.
    #[test]
    fn ids_are_plain_integers_in_json() {
        let ids = (
            MatchId(1),
            TournamentId(2),
            ChannelKey(3),
            GuildId(4),
            MessageId(5),
        );
        let json = serde_json::to_string(&ids).expect("ids serialise");
        assert_eq!(json, "[1,2,3,4,5]");
        assert_eq!(
            serde_json::from_str::<(MatchId, TournamentId, ChannelKey, GuildId, MessageId)>(&json)
                .ok(),
            Some(ids)
        );
        assert_eq!(
            serde_json::to_string(&Some(GuildId(u64::MAX)))
                .ok()
                .as_deref(),
            Some("18446744073709551615")
        );
    }
}
