//! `/forfeit`: give up your match.

use crate::bot::error::private_reply;
use crate::bot::play::{self, EndSnapshot, player};
use crate::bot::{Context, Error, text};

/// Give up your current match; your opponent wins.
#[poise::command(slash_command, ephemeral)]
pub async fn forfeit(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let data = ctx.data();
    let channel = data
        .registry
        .channel_of(me)
        .ok_or_else(|| Error::user("You are not in a match."))?;
    let end = data
        .registry
        .with_channel(channel, |e| -> Result<EndSnapshot, Error> {
            e.game
                .forfeit(me)
                .map_err(|err| Error::user(text::sentence(&err.to_string())))?;
            EndSnapshot::of(e)
                .ok_or_else(|| Error::Internal(anyhow::anyhow!("forfeit did not end")))
        })
        .ok_or_else(|| Error::user("Your match is already over."))??;
    ctx.send(private_reply("You forfeited the match.")).await?;
    play::finish(ctx.http(), &data.registry, end).await
}
