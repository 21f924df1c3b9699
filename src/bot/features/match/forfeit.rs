//! `/forfeit`: give up your match.

use super::play;
use crate::bot::kit::audience::user_lang;
use crate::bot::kit::context::player;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};

/// Give up your current match; your opponent wins.
#[poise::command(slash_command, ephemeral)]
pub async fn forfeit(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let end = ctx.data().session.matches().forfeit(me).await?;
    play::end_by_command(ctx, end, tr!(user_lang(ctx), "forfeit-done")).await
}
