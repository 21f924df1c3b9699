//! `/fire`: shoot at the enemy sea.

use poise::serenity_prelude as serenity;

use crate::bot::context::asker;
use crate::bot::deliver::{self, Post};
use crate::bot::i18n::errors::session_error;
use crate::bot::play::{self, lang_of, player};
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
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    // The shot is played and stored here; everything below only shows it.
    let shot = data
        .session
        .fire(channel, me, &targets)
        .await
        .map_err(|e| session_error(&asker(ctx), &e))?;
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
    match ctx.send(reply).await {
        Ok(handle) if shot.ended.is_none() && shot.pace.reminds() => {
            // A daily match: its reminders link to this answer.
            let message = tokio::time::timeout(deliver::ATTEMPT, handle.message())
                .await
                .ok()
                .and_then(Result::ok)
                .map(|m| m.id);
            play::shown(data, shot.id, shot.pace, message).await;
        }
        Ok(_) => {}
        Err(e) => {
            // The shot counted: it is shown elsewhere if the answer did not arrive. The
            // shooter is not told of an error: their shot is shown.
            tracing::warn!(match_id = %shot.id, error = %e, "the answer to /fire failed");
            let members = play::user_ids(&shot.members);
            deliver::answer_failed(
                ctx.http(),
                &data.notes,
                token(ctx),
                &e,
                channel.0,
                &post,
                &members,
            )
            .await;
        }
    }
    // The match goes on (or ends) whether or not the reply got through.
    if let Some(end) = &shot.ended {
        play::announce(ctx.http(), data, end).await;
    } else if shot.computer_next {
        computer::take_turn(ctx.http(), data, shot.id).await;
    }
    Ok(())
}

/// The interaction token of a slash command.
fn token(ctx: Context<'_>) -> Option<&str> {
    match ctx {
        poise::Context::Application(a) => Some(a.interaction.token.as_str()),
        poise::Context::Prefix(_) => None,
    }
}
