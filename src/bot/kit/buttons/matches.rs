//! The match feature's buttons: a challenge's Accept and Decline, a preview's Shuffle,
//! Last fleet and Ready, the Fire under a turn's message and the controls of the aim panel
//! it opens (`bs:<match>:aim:<action>.<owner>.<cursor>[.<picked>]`, see [`super::aim`]),
//! the Rematch under an end, and the pages of `/matches`.

use std::fmt;

use super::aim::{Aim, Sight};
use super::wire::PREFIX;
use crate::game::PlayerId;
use crate::session::MatchId;

/// A control of a member's aim panel in a match: what it does, whose panel it is and
/// what the panel showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AimControl {
    /// What it does.
    pub action: Aim,
    /// The member whose panel it is.
    pub owner: PlayerId,
    /// Where the panel aimed and the salvo it showed.
    pub sight: Sight,
}

impl AimControl {
    /// The control an id's argument (after `bs:<match>:aim:`) names.
    fn parse(arg: &str) -> Option<Self> {
        let mut parts = arg.split('.');
        let action = Aim::parse(parts.next()?).ok()?;
        let owner = PlayerId(parts.next()?.parse().ok()?);
        let sight = Sight::parse(&mut parts).ok()?;
        parts.next().is_none().then_some(AimControl {
            action,
            owner,
            sight,
        })
    }
}

impl fmt::Display for AimControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.action.key(), self.owner.0, self.sight)
    }
}

/// A button of a match (or of `/matches`, which belongs to no match: match `0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchButton {
    /// Accept a challenge.
    Accept(MatchId),
    /// Decline a challenge.
    Decline(MatchId),
    /// A new random fleet in the preview.
    Shuffle(MatchId),
    /// Make the previewed fleet final; carries the preview's fleet fingerprint.
    Ready(MatchId, String),
    /// Under a turn's public message: opens the aim panel for the player to move.
    Fire(MatchId),
    /// A control of a member's aim panel (a private message).
    Aim(MatchId, AimControl),
    /// Ask for a rematch under a match's end.
    Rematch(MatchId),
    /// In a rematch's preview: take the last match's fleet again.
    LastFleet(MatchId),
    /// Another page of a server's live matches (the server is the message's).
    Page {
        /// The page to show, 0-based.
        page: u32,
    },
}

impl MatchButton {
    /// The button's name in the metrics.
    #[must_use]
    pub fn metric_name(&self) -> &'static str {
        match self {
            MatchButton::Accept(_) => "button:accept",
            MatchButton::Decline(_) => "button:decline",
            MatchButton::Shuffle(_) => "button:shuffle",
            MatchButton::Ready(..) => "button:ready",
            MatchButton::Fire(_) => "button:fire",
            MatchButton::Aim(..) => "button:aim",
            MatchButton::Rematch(_) => "button:rematch",
            MatchButton::LastFleet(_) => "button:last-fleet",
            MatchButton::Page { .. } => "button:matches",
        }
    }

    /// The button of match `id` whose action is `action` (with `arg` after it), if it is
    /// one of these.
    #[must_use]
    pub fn parse(id: MatchId, action: &str, arg: Option<&str>) -> Option<Self> {
        match (action, arg) {
            ("accept", None) => Some(MatchButton::Accept(id)),
            ("decline", None) => Some(MatchButton::Decline(id)),
            ("shuffle", None) => Some(MatchButton::Shuffle(id)),
            ("rematch", None) => Some(MatchButton::Rematch(id)),
            ("fire", None) if id.0 != 0 => Some(MatchButton::Fire(id)),
            ("aim", Some(arg)) if id.0 != 0 => {
                AimControl::parse(arg).map(|control| MatchButton::Aim(id, control))
            }
            ("last", None) => Some(MatchButton::LastFleet(id)),
            ("ready", Some(tag)) if !tag.is_empty() => Some(MatchButton::Ready(id, tag.to_owned())),
            ("matches", Some(page)) if id.0 == 0 => {
                page.parse().ok().map(|page| MatchButton::Page { page })
            }
            _ => None,
        }
    }
}

impl fmt::Display for MatchButton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchButton::Accept(id) => write!(f, "{PREFIX}{id}:accept"),
            MatchButton::Decline(id) => write!(f, "{PREFIX}{id}:decline"),
            MatchButton::Shuffle(id) => write!(f, "{PREFIX}{id}:shuffle"),
            MatchButton::Ready(id, tag) => write!(f, "{PREFIX}{id}:ready:{tag}"),
            MatchButton::Fire(id) => write!(f, "{PREFIX}{id}:fire"),
            MatchButton::Aim(id, control) => write!(f, "{PREFIX}{id}:aim:{control}"),
            MatchButton::Rematch(id) => write!(f, "{PREFIX}{id}:rematch"),
            MatchButton::LastFleet(id) => write!(f, "{PREFIX}{id}:last"),
            MatchButton::Page { page } => write!(f, "{PREFIX}0:matches:{page}"),
        }
    }
}
