//! `/fire`: shoot at the enemy sea.

use poise::serenity_prelude as serenity;

use crate::bot::context::user_lang;
use crate::bot::deliver::{self, Post};
use crate::bot::play::{self, lang_of, player, refusal};
use crate::bot::{Context, Error, computer};
use crate::game::Next;
use crate::session::ChannelKey;

/// Fire at the enemy: one cell in classic (`C4`), three in Game 2000 (`C4 D5 E6`).
///
/// Only the player whose turn it is can fire, in the match's channel. The result is
/// public, with your picture of the enemy sea.
#[poise::command(slash_command, guild_only)]
pub async fn fire(
    ctx: Context<'_>,
    #[description = "Cells to fire at"] targets: String,
) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    // The shot is played and stored here; everything below only shows it.
    let shot = data
        .session
        .fire(channel, me, &targets)
        .await
        .map_err(|e| refusal(lang, &e))?;
    let public = lang_of(shot.guild_locale.as_ref());
    let (content, files) = play::shot_announcement(
        public,
        shot.variant,
        std::slice::from_ref(&shot.outcome),
        &shot.view,
        shot.deadline,
    );
    let post = Post {
        content,
        files,
        ping: match shot.outcome.next {
            Next::Turn { player, .. } | Next::Again(player) => {
                vec![serenity::UserId::new(player.0)]
            }
            Next::Over(_) => vec![],
        },
        about: Some(shot.id),
        ..Post::default()
    };
    let mut reply = poise::CreateReply::default()
        .content(post.content.clone())
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(post.ping.clone()));
    for file in &post.files {
        reply = reply.attachment(file.clone());
    }
    if let Err(e) = ctx.send(reply).await {
        // The shot counted: unless the answer did arrive after all (a timeout), show it
        // in the channel (or to the players) instead. The shooter is not told of an
        // error: their shot is shown.
        tracing::warn!(match_id = %shot.id, error = %e, "the answer to /fire failed");
        if !answer_arrived(ctx, &e).await {
            deliver::post_or_dm(ctx.http(), channel.0, &post, &play::user_ids(&shot.members)).await;
        }
    }
    // The match goes on (or ends) whether or not the reply got through.
    if let Some(end) = &shot.ended {
        play::announce(ctx.http(), &data.session, end).await;
    } else if shot.computer_next {
        computer::take_turn(ctx.http(), &data.session, shot.id).await;
    }
    Ok(())
}

/// After a failed answer: whether it reached Discord anyway. A refusal (4xx) means it did
/// not; after a server error, a timeout or a broken connection, Discord is asked.
async fn answer_arrived(ctx: Context<'_>, error: &serenity::Error) -> bool {
    if !deliver::may_have_arrived(error) {
        return false;
    }
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    ctx.http()
        .get_original_interaction_response(&a.interaction.token)
        .await
        .is_ok()
}
