//! `/cancel`: call off the match in this channel.

use poise::serenity_prelude as serenity;

use super::play;
use crate::bot::kit::audience::user_lang;
use crate::bot::kit::context::player;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};
use crate::game::{Ending, WinReason};
use crate::session::ChannelKey;

/// Call off this channel's match (the challenger before acceptance, or a moderator).
#[poise::command(slash_command, ephemeral)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let moderator = ctx
        .author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(serenity::Permissions::manage_messages);
    let channel = ChannelKey(ctx.channel_id().get());
    let end = ctx
        .data()
        .session
        .matches()
        .cancel(channel, me, moderator)
        .await?;
    // A moderator who plays cannot call their own match off: it was a forfeit.
    let gave_up = end.as_ref().is_some_and(|e| {
        matches!(
            e.ending,
            Ending::Won {
                reason: WinReason::Forfeit,
                ..
            }
        )
    });
    let done = if gave_up {
        "forfeit-done"
    } else {
        "cancel-done"
    };
    play::end_by_command(ctx, end, tr!(user_lang(ctx), done)).await
}
