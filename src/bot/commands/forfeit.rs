//! `/forfeit`: give up your match.

use crate::bot::context::{asker, user_lang};
use crate::bot::i18n::errors::session_error;
use crate::bot::i18n::tr;
use crate::bot::play::{self, player};
use crate::bot::{Context, Error};

/// Give up your current match; your opponent wins.
#[poise::command(slash_command, ephemeral)]
pub async fn forfeit(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let end = ctx
        .data()
        .session
        .forfeit(me)
        .await
        .map_err(|e| session_error(&asker(ctx), &e))?;
    play::end_by_command(ctx, end, tr!(lang, "forfeit-done")).await
}
