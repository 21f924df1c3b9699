//! What a shooter may aim at: the facts `/fire`'s autocomplete completes cells from, read
//! (never changed) from the match as last written, in memory or with one read of the store.

use std::time::SystemTime;

use crate::game::{CellSet, MatchOptions, PhaseKind, PlayerId, Variant};

use super::ids::{ChannelKey, Locate};
use super::services::Matches;

/// What the player to move knows that completing their targets needs: the rule set, the
/// match's options and the cells they fired at themselves. Nothing else of the enemy sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The rule set.
    pub variant: Variant,
    /// The match's options (`forbid_repeats`).
    pub options: MatchOptions,
    /// The cells of the enemy sea this player fired at.
    pub fired: CellSet,
}

/// Why a member has nothing to aim at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AimError {
    /// They play no match in this channel.
    #[error("you are not playing a match in this channel")]
    NoMatchHere,
    /// Their match has no battle yet.
    #[error("the battle has not begun")]
    NotInBattle,
    /// The other player is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The turn's time is up.
    #[error("time is up")]
    TimeUp,
}

impl Matches<'_> {
    /// What `by` may aim at in `channel`'s match now, if they are to move there.
    pub async fn aim(self, channel: ChannelKey, by: PlayerId) -> Result<Aim, AimError> {
        let now = SystemTime::now();
        self.session
            .read(Locate::Player(by), |e| {
                if e.post_channel() != channel && e.channel != channel {
                    return Err(AimError::NoMatchHere);
                }
                let (Some(battle), PhaseKind::Battle) = (e.game.battle(), e.game.phase_kind())
                else {
                    return Err(AimError::NotInBattle);
                };
                let side = e.game.side_of(by).ok_or(AimError::NoMatchHere)?;
                if e.game.to_move() != Some(by) {
                    return Err(AimError::NotYourTurn);
                }
                if e.deadline <= now {
                    return Err(AimError::TimeUp);
                }
                Ok(Aim {
                    variant: e.game.variant(),
                    options: e.game.options(),
                    fired: battle.sea(side.other()).fired(),
                })
            })
            .await
            .unwrap_or(Err(AimError::NoMatchHere))
    }
}
