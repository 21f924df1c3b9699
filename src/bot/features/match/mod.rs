//! A match, from challenge to end: `/challenge` (and its Accept, Decline and Rematch
//! buttons), `/place` (Shuffle, Last fleet, Ready), `/fire` (and the Fire button with its
//! aim panel, [`aim`]), `/board`, `/status`, `/forfeit`, `/cancel`, `/matches`; what
//! follows a move ([`moves`]), the public flows
//! ([`play`]), a match's end ([`ending`]), what waits where the bot can only answer
//! ([`waiting`]) and the words of a match ([`words`]).

pub mod accept;
pub mod aim;
pub mod board;
pub mod cancel;
pub mod challenge;
pub mod ending;
pub mod fire;
pub mod forfeit;
pub mod matches;
pub mod moves;
pub mod place;
pub mod play;
pub mod previews;
pub mod rematch;
pub mod status;
pub mod waiting;
pub mod words;

use crate::bot::kit::Error;
use crate::bot::kit::buttons::MatchButton;
use crate::bot::kit::click::Click;

/// A click on one of a match's buttons, to its handler.
pub async fn button(c: &Click<'_>, button: MatchButton) -> Result<(), Error> {
    match button {
        MatchButton::Accept(id) => accept::accept_button(c, id).await,
        MatchButton::Decline(id) => accept::decline_button(c, id).await,
        MatchButton::Rematch(id) => rematch::rematch_button(c, id).await,
        MatchButton::Shuffle(id) => place::shuffle_button(c, id).await,
        MatchButton::Ready(id, tag) => place::ready_button(c, id, &tag).await,
        MatchButton::LastFleet(id) => place::last_fleet_button(c, id).await,
        MatchButton::Page { page } => matches::page_button(c, page).await,
        MatchButton::Fire(id) => aim::fire_button(c, id).await,
        MatchButton::Aim(id, control) => aim::aim_button(c, id, control).await,
    }
}
