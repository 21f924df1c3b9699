//! `/forfeit`: give up your match.

use crate::bot::error::user_lang;
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::tr;
use crate::bot::play::{self, EndSnapshot, player};
use crate::bot::{Context, Error};

/// Give up your current match; your opponent wins.
#[poise::command(slash_command, ephemeral)]
pub async fn forfeit(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let data = ctx.data();
    let end = data
        .registry
        .with_player(me, |e| -> Result<EndSnapshot, Error> {
            let variant = e.game.variant();
            e.game
                .forfeit(me)
                .map_err(|err| Error::user(err.explain(lang, variant)))?;
            EndSnapshot::of(e)
                .ok_or_else(|| Error::Internal(anyhow::anyhow!("forfeit did not end")))
        })
        .ok_or_else(|| Error::user(tr!(lang, "err-no-match")))??;
    play::end_by_command(ctx, end, tr!(lang, "forfeit-done")).await
}
