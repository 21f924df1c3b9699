//! Announcing the computer's turns: the session plays them (see
//! [`crate::session::Session::computer_turn`]); this posts them in the style of a
//! member's move.

use poise::serenity_prelude as serenity;
use serenity::Http;

use super::Data;
use super::deliver::{self, Post};
use super::play::{self, lang_of};
use crate::session::{ComputerTurn, MatchId};

/// If the computer is to move in match `id`, plays (and stores) its moves, then
/// announces them, and the end if they ended the match. Failures are logged: the
/// match goes on (or has ended) either way.
pub async fn take_turn(http: &Http, data: &Data, id: MatchId) {
    let Some(mut turn) = data.session.computer_turn(id).await else {
        return;
    };
    let ended = turn.ended.take();
    let message = announce(http, data, &turn).await;
    match ended {
        Some(end) => play::announce(http, data, &end).await,
        None => play::shown(data, turn.id, turn.pace, message).await,
    }
}

/// Posts the computer's move, in the style of a member's (by DM if the channel refuses);
/// the channel message's id when it went there.
async fn announce(
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
    deliver::post_or_dm(http, &data.notes, turn.channel.0, &post, &[turn.member.0]).await
}
