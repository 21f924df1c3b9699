//! Announcing the computer's turns: the session plays them (see
//! [`crate::session::Session::computer_turn`]); this posts them in the style of a
//! member's move.

use poise::serenity_prelude as serenity;
use serenity::{CreateMessage, Http};

use super::play::{self, lang_of};
use super::{Error, pictures, text};
use crate::game::Variant;
use crate::session::{ComputerTurn, MatchId, Session};

/// If the computer is to move in match `id`, plays (and stores) its moves, then
/// announces them, and the end if they ended the match. Failures are logged: the
/// match goes on (or has ended) either way.
pub async fn take_turn(http: &Http, session: &Session, id: MatchId) {
    let Some(mut turn) = session.computer_turn(id).await else {
        return;
    };
    let ended = turn.ended.take();
    if let Err(e) = announce(http, &turn).await {
        tracing::warn!(match_id = %id, error = %e, "could not announce the computer's move");
    }
    if let Some(end) = ended {
        play::announce(http, &end).await;
    }
}

/// Posts the computer's move, in the style of a member's.
async fn announce(http: &Http, turn: &ComputerTurn) -> Result<(), Error> {
    let lang = lang_of(turn.guild_locale.as_ref());
    let mut lines: Vec<String> = turn
        .outcomes
        .iter()
        .map(|o| text::shot_line(lang, turn.variant, o))
        .collect();
    if let Some(last) = turn.outcomes.last() {
        let next = text::next_line(lang, last, turn.deadline);
        if !next.is_empty() {
            lines.push(next);
        }
    }
    let mut message = CreateMessage::new()
        .content(lines.join("\n"))
        .add_file(pictures::target_board(&turn.view, lang)?);
    if turn.variant == Variant::Game2000
        && let Some(salvo) = turn.view.salvos.last()
    {
        message = message.add_file(pictures::salvo_report(salvo, lang)?);
    }
    serenity::ChannelId::new(turn.channel.0)
        .send_message(http, message)
        .await?;
    Ok(())
}
