//! The tournament's buttons: Join and Leave under a sign-up message,
//! `bs:0:tour:join.<id>` and `bs:0:tour:leave.<id>`.

use std::fmt;

use super::wire::PREFIX;
use crate::session::tournament::TournamentId;

/// A Join or Leave button of a sign-up message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentButton {
    /// Join the tournament.
    Join(TournamentId),
    /// Leave it.
    Leave(TournamentId),
}

impl TournamentButton {
    /// The button a custom id names, if it is one of these.
    #[must_use]
    pub fn parse(custom_id: &str) -> Option<Self> {
        let rest = custom_id.strip_prefix(PREFIX)?.strip_prefix("0:tour:")?;
        let (what, id) = rest.split_once('.')?;
        let id: TournamentId = id.parse().ok()?;
        match what {
            "join" => Some(TournamentButton::Join(id)),
            "leave" => Some(TournamentButton::Leave(id)),
            _ => None,
        }
    }
}

impl fmt::Display for TournamentButton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentButton::Join(t) => write!(f, "{PREFIX}0:tour:join.{t}"),
            TournamentButton::Leave(t) => write!(f, "{PREFIX}0:tour:leave.{t}"),
        }
    }
}
