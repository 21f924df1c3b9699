//! `/cancel`: call off the match in this channel.

use poise::serenity_prelude as serenity;

use crate::bot::context::user_lang;
use crate::bot::i18n::tr;
use crate::bot::play::{self, player, refusal};
use crate::bot::{Context, Error};
use crate::session::ChannelKey;

/// Call off this channel's match (the challenger before acceptance, or a moderator).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let moderator = ctx
        .author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(serenity::Permissions::manage_messages);
    let channel = ChannelKey(ctx.channel_id().get());
    let end = ctx
        .data()
        .session
        .cancel(channel, me, moderator)
        .await
        .map_err(|e| refusal(lang, &e))?;
    play::end_by_command(ctx, end, tr!(lang, "cancel-done")).await
}
