//! What a player sees of their fleet while placing it ([`Preview`], fingerprinted by
//! [`fleet_tag`]), and a challenge accepted ([`Accepted`]: placement begins, each player
//! with a preview). Made by the matches' service and by a tournament's boards alike.

use std::time::SystemTime;

use crate::game::{Fleet, OwnBoardView, PlayerId, Variant};

use super::entry::Entry;
use super::ids::{ChannelKey, MatchId};

/// A short fingerprint of a fleet, carried by the Ready button so that a stale
/// preview cannot confirm a fleet the player no longer has.
#[must_use]
pub fn fleet_tag(fleet: &Fleet) -> String {
    // FNV-1a over the canonical fleet text.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in fleet.to_string().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", hash & 0xffff_ffff)
}

/// A private placement preview: the fleet and its picture's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The match.
    pub id: MatchId,
    /// Whose fleet it is.
    pub player: PlayerId,
    /// Its channel.
    pub channel: ChannelKey,
    /// Its rules.
    pub variant: Variant,
    /// The fleet shown.
    pub fleet: Fleet,
    /// The picture's view.
    pub view: OwnBoardView,
    /// A rematch: the player's fleet of the last match can be taken again.
    pub offers_last: bool,
}

impl Preview {
    /// The preview of `player`'s current fleet in `entry`, if they have one.
    #[must_use]
    pub fn of(entry: &Entry, player: PlayerId) -> Option<Self> {
        let (fleet, _) = entry.game.placed_fleet(player)?;
        Some(Preview {
            id: entry.id,
            player,
            channel: entry.post_channel(),
            variant: entry.game.variant(),
            fleet: fleet.clone(),
            view: OwnBoardView::preview(fleet),
            offers_last: entry
                .game
                .side_of(player)
                .is_some_and(|s| entry.last_fleets[s.index()].is_some()),
        })
    }

    /// The fingerprint the Ready button carries.
    #[must_use]
    pub fn tag(&self) -> String {
        fleet_tag(&self.fleet)
    }
}

/// A player, their fleet preview, and the locale they last used (for private words).
pub type PlayerPreview = (PlayerId, Preview, Option<String>);

/// A challenge was accepted: placement begins with a random fleet for each player.
#[derive(Clone, Debug)]
pub struct Accepted {
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The rules.
    pub variant: Variant,
    /// The end of placement.
    pub deadline: SystemTime,
    /// Each player's preview and their last known locale.
    pub previews: Vec<PlayerPreview>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// Display names of `[challenger, opponent]`.
    pub names: [String; 2],
    /// Set when the match waits for a thread of its own under this channel (then
    /// [`Matches::settle_home`](super::services::Matches::settle_home) moves it there).
    pub wants_thread: Option<ChannelKey>,
}
