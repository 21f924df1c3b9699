//! `/forfeit`: give up your match.

use crate::bot::context::user_lang;
use crate::bot::i18n::tr;
use crate::bot::play::{self, player};
use crate::bot::{Context, Error};

/// Give up your current match; your opponent wins.
#[poise::command(slash_command, ephemeral)]
pub async fn forfeit(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let end = ctx.data().session.forfeit(me).await?;
    play::end_by_command(ctx, end, tr!(user_lang(ctx), "forfeit-done")).await
}
