//! Announcing the computer's turns: the session plays them (see
//! [`crate::session::Session::computer_turn`]); this posts them in the style of a
//! member's move.

use poise::serenity_prelude as serenity;
use serenity::Http;

use super::Data;
use super::answer::Answer;
use super::deliver::{self, Post};
use super::play::{self, lang_of};
use crate::session::{ComputerTurn, MatchId};

/// If the computer is to move in match `id`, plays (and stores) its moves, then
/// announces them, and the end if they ended the match. Failures are logged: the
/// match goes on (or has ended) either way.
pub async fn take_turn(http: &Http, data: &Data, id: MatchId) {
    take_turn_answering(None, http, data, id).await;
}

/// [`take_turn`] right after `answer`'s interaction (the member's shot, or the click that
/// began the battle): where the bot can only answer, its moves and the end are further
/// public answers to that interaction.
pub async fn take_turn_answering(
    answer: Option<&Answer<'_>>,
    http: &Http,
    data: &Data,
    id: MatchId,
) {
    let Some(mut turn) = data.session.computer_turn(id).await else {
        return;
    };
    let ended = turn.ended.take();
    let message = announce(answer, http, data, &turn).await;
    match (ended, answer) {
        (Some(end), Some(answer)) => play::announce_answering(answer, http, data, &end).await,
        (Some(end), None) => play::announce(http, data, &end).await,
        (None, _) => play::shown(data, turn.id, turn.pace, message).await,
    }
}

/// Posts the computer's move, in the style of a member's (by DM if the channel refuses;
/// where the bot can only answer, as a follow-up of `answer`); the message's id when
/// known.
async fn announce(
    answer: Option<&Answer<'_>>,
    http: &Http,
    data: &Data,
    turn: &ComputerTurn,
) -> Option<poise::serenity_prelude::MessageId> {
    let lang = lang_of(turn.guild_locale.as_ref());
    let (content, files) = play::shot_announcement(
        lang,
        turn.variant,
        &turn.outcomes,
        &turn.view,
        turn.deadline,
    );
    let post = Post {
        content,
        files,
        ping: vec![serenity::UserId::new(turn.member.0)],
        about: Some(turn.id),
        ..Post::default()
    };
    if let Some(answer) = answer.filter(|a| !a.bot_is_there()) {
        match answer.follow_up(&post, false).await {
            Ok(message) => return message,
            Err(e) => {
                tracing::warn!(match_id = %turn.id, error = %e, "could not answer with the computer's move");
            }
        }
    }
    deliver::post_or_dm(http, &data.notes, turn.channel.0, &post, &[turn.member.0]).await
}
