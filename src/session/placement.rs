//! Placing the fleets: a random fleet (Shuffle), a fleet typed in, and Ready, which makes
//! a fleet final and begins the battle once both are.

use std::time::SystemTime;

use crate::game::{Confirmed, Fleet, PlayerId};

use super::battle::computer_to_move;
use super::error::{Broken, SessionError};
use super::ids::Locate;
use super::ids::MatchId;
use super::pace::Pace;
use super::preview::Preview;
use super::services::Matches;

/// A fleet was made final.
#[derive(Clone, Debug)]
pub struct Readied {
    /// The final fleet.
    pub preview: Preview,
    /// Whether the battle began.
    pub confirmed: Confirmed,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The deadline now running (the first turn's, if the battle began).
    pub deadline: SystemTime,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The computer moves first.
    pub computer_next: bool,
    /// The members who play (not the computer).
    pub members: Vec<PlayerId>,
    /// The match's pace.
    pub pace: Pace,
    /// How long a turn takes at that pace.
    pub turn: std::time::Duration,
}

impl Matches<'_> {
    /// A new random fleet for `by` in match `id` (the Shuffle button).
    pub async fn shuffle(self, id: MatchId, by: PlayerId) -> Result<Preview, SessionError> {
        self.session
            .act(Locate::Id(id), SessionError::Stale, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                e.game
                    .shuffle_fleet(by)
                    .map_err(|err| SessionError::rules(variant, err))?;
                // A new fleet replaces what the editor had (its Edit starts from this one).
                if let Some(side) = e.game.side_of(by) {
                    e.drafts[side.index()] = None;
                }
                Preview::of(e, by).ok_or(SessionError::NotYourButton)
            })
            .await
            .map(|(p, _)| p)
    }

    /// `/place`: `by` sets the fleet written in `fleet`, or a random one, in their match.
    pub async fn place(self, by: PlayerId, fleet: Option<&str>) -> Result<Preview, SessionError> {
        self.session
            .act(Locate::Player(by), SessionError::NoMatch, |e, change| {
                e.in_time(change.now)?;
                let variant = e.game.variant();
                match fleet {
                    Some(text) => {
                        let fleet = Fleet::parse(variant, text)
                            .map_err(|err| SessionError::rules(variant, err))?;
                        e.game
                            .set_fleet(by, fleet)
                            .map_err(|err| SessionError::rules(variant, err))?;
                    }
                    None => {
                        e.game
                            .shuffle_fleet(by)
                            .map_err(|err| SessionError::rules(variant, err))?;
                    }
                }
                // A typed or random fleet replaces what the editor had.
                if let Some(side) = e.game.side_of(by) {
                    e.drafts[side.index()] = None;
                }
                Preview::of(e, by).ok_or_else(|| Broken::NoFleet.into())
            })
            .await
            .map(|(p, _)| p)
    }

    /// The Ready button: `by` makes the fleet with fingerprint `tag` final. When both
    /// fleets are final the battle begins and the first turn's deadline runs.
    pub async fn ready(
        self,
        id: MatchId,
        by: PlayerId,
        tag: &str,
    ) -> Result<Readied, SessionError> {
        let standard = self.session.standard();
        self.session
            .act(Locate::Id(id), SessionError::Stale, |e, change| {
                e.in_time(change.now)?;
                let preview = match Preview::of(e, by) {
                    Some(p) => p,
                    None if e.game.side_of(by).is_none() => {
                        return Err(SessionError::NotYourButton);
                    }
                    None => return Err(SessionError::BattleBegun),
                };
                if preview.tag() != tag {
                    return Err(SessionError::StaleFleet);
                }
                let confirmed = e
                    .game
                    .confirm(by)
                    .map_err(|err| SessionError::rules(preview.variant, err))?;
                // A final fleet has nothing left to edit.
                if let Some(side) = e.game.side_of(by) {
                    e.drafts[side.index()] = None;
                }
                if matches!(confirmed, Confirmed::BattleStarts { .. }) {
                    e.deadline = change.now + e.timeouts(standard).turn;
                }
                Ok(Readied {
                    preview,
                    confirmed,
                    players: e.game.players(),
                    deadline: e.deadline,
                    guild_locale: e.guild_locale.clone(),
                    computer_next: computer_to_move(e),
                    members: e.members(),
                    pace: e.pace,
                    turn: e.timeouts(standard).turn,
                })
            })
            .await
            .map(|(r, _)| r)
    }
}
