//! The battle and the ways a match is ended by hand: a shot or salvo, a forfeit, and a
//! moderator's cancel.

use std::time::SystemTime;

use crate::game::{FireOutcome, Next, PlayerId, Side, TargetView, Variant, parse_cells};

use super::ends::Ended;
use super::entry::Entry;
use super::error::{Broken, SessionError};
use super::ids::Locate;
use super::ids::{ChannelKey, MatchId};
use super::pace::Pace;
use super::record;
use super::services::Matches;

/// A shot or salvo was fired.
#[derive(Clone, Debug)]
pub struct Fired {
    /// The match.
    pub id: MatchId,
    /// The rules.
    pub variant: Variant,
    /// What happened.
    pub outcome: FireOutcome,
    /// The shooter's picture of the enemy sea afterwards.
    pub view: TargetView,
    /// The next turn's deadline.
    pub deadline: SystemTime,
    /// The end, if this shot ended the match (and this call freed it).
    pub ended: Option<Ended>,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The computer is to move next.
    pub computer_next: bool,
    /// The members of the match (not the computer).
    pub members: Vec<PlayerId>,
    /// The match's pace.
    pub pace: Pace,
}

/// Whether the computer plays `entry`'s opponent seat and is to move.
pub(super) fn computer_to_move(entry: &Entry) -> bool {
    entry.computer.is_some() && entry.game.to_move() == Some(entry.game.player(Side::Opponent))
}

impl Matches<'_> {
    /// `/fire`: `by` fires at the cells written in `targets`, in `channel`'s match.
    pub async fn fire(
        self,
        channel: ChannelKey,
        by: PlayerId,
        targets: &str,
    ) -> Result<Fired, SessionError> {
        self.shoot(channel, None, by, targets).await
    }

    /// The aim panel's Fire: `by` fires at `targets` in match `id` (played in `channel`),
    /// as `/fire` does; refused as not in this match when `by`'s match is another one (a
    /// panel of an earlier match, after a rematch in the same channel).
    pub async fn fire_in(
        self,
        id: MatchId,
        channel: ChannelKey,
        by: PlayerId,
        targets: &str,
    ) -> Result<Fired, SessionError> {
        self.shoot(channel, Some(id), by, targets).await
    }

    /// `by` fires at `targets` in their match, if it is played in `channel` (and is match
    /// `id` where given).
    async fn shoot(
        self,
        channel: ChannelKey,
        id: Option<MatchId>,
        by: PlayerId,
        targets: &str,
    ) -> Result<Fired, SessionError> {
        let standard = self.session.standard();
        // The shooter's own match, wherever its key (a challenge waiting for its thread
        // is found by its id), if it is played here.
        let shot = self
            .session
            .act(Locate::Player(by), SessionError::NoMatch, |e, change| {
                let elsewhere = e.post_channel() != channel && e.channel != channel;
                if elsewhere || id.is_some_and(|id| id != e.id) {
                    return Err(SessionError::NotInThisMatch);
                }
                e.in_time(change.now)?;
                let variant = e.game.variant();
                let cells = parse_cells(targets, variant)
                    .map_err(|err| SessionError::rules(variant, err))?;
                let outcome = e
                    .game
                    .fire(by, &cells)
                    .map_err(|err| SessionError::rules(variant, err))?;
                e.moves += 1;
                change
                    .moves
                    .push(record::move_of(e.moves, &outcome, change.now));
                e.deadline = change.now + e.timeouts(standard).turn;
                let view = e.game.target_view(by).ok_or(Broken::NoTargetView)?;
                Ok(Fired {
                    id: e.id,
                    variant,
                    computer_next: computer_to_move(e),
                    view,
                    deadline: e.deadline,
                    ended: None,
                    guild_locale: e.guild_locale.clone(),
                    members: e.members(),
                    pace: e.pace,
                    outcome,
                })
            })
            .await;
        let (mut fired, ended) = match shot {
            Err(SessionError::NoMatch) => {
                let here = self
                    .session
                    .read(Locate::Channel(channel), |_| ())
                    .await
                    .is_some();
                return Err(if here {
                    SessionError::NotInThisMatch
                } else {
                    SessionError::NoMatchHere
                });
            }
            other => other?,
        };
        fired.ended = ended;
        // A shot that ends the match hands the turn to nobody.
        if matches!(fired.outcome.next, Next::Over(_)) {
            fired.computer_next = false;
        }
        Ok(fired)
    }

    /// `/forfeit`: `by` gives up their match. `Ok(None)` if someone else ended it first.
    pub async fn forfeit(self, by: PlayerId) -> Result<Option<Ended>, SessionError> {
        self.session
            .act(Locate::Player(by), SessionError::NoMatch, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                e.game
                    .forfeit(by)
                    .map(|_| ())
                    .map_err(|err| SessionError::rules(variant, err))
            })
            .await
            .map(|((), ended)| ended)
    }

    /// `/cancel`: `by` calls off `channel`'s match (`moderator`: may always).
    pub async fn cancel(
        self,
        channel: ChannelKey,
        by: PlayerId,
        moderator: bool,
    ) -> Result<Option<Ended>, SessionError> {
        let here = self.session.here(channel, by).await?;
        self.session
            .act(here, SessionError::NoMatchHere, |e, _| {
                if e.post_channel() != channel && e.channel != channel {
                    return Err(SessionError::NoMatchHere);
                }
                let variant = e.game.variant();
                e.game
                    .cancel(by, moderator)
                    .map(|_| ())
                    .map_err(|err| SessionError::rules(variant, err))
            })
            .await
            .map(|((), ended)| ended)
    }
}
