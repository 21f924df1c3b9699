//! `/cancel`: call off the match in this channel.

use poise::serenity_prelude as serenity;

use crate::bot::error::user_lang;
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::tr;
use crate::bot::play::{self, EndSnapshot, player};
use crate::bot::{Context, Error};
use crate::registry::ChannelKey;

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
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    let end = data
        .registry
        .with_channel(channel, |e| -> Result<EndSnapshot, Error> {
            let variant = e.game.variant();
            e.game
                .cancel(me, moderator)
                .map_err(|err| Error::user(err.explain(lang, variant)))?;
            EndSnapshot::of(e).ok_or_else(|| Error::Internal(anyhow::anyhow!("cancel did not end")))
        })
        .ok_or_else(|| Error::user(tr!(lang, "err-no-match-here")))??;
    play::end_by_command(ctx, end, tr!(lang, "cancel-done")).await
}
