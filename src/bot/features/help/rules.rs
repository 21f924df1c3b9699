//! `/rules`: the rules of a variant.

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::choices::VariantChoice;
use crate::bot::kit::error::private_reply;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Context, Error};
use crate::game::Variant;

/// Explain the rules of classic or Game 2000 (only you see the answer).
#[poise::command(slash_command, ephemeral)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which rule set"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let body = match variant {
        Some(v) => rules_text(lang, v.into()),
        None => Variant::ALL
            .iter()
            .map(|&v| rules_text(lang, v))
            .collect::<Vec<_>>()
            .join("\n\n"),
    };
    ctx.send(private_reply(body)).await?;
    Ok(())
}

/// `/rules` for one variant.
#[must_use]
pub fn rules_text(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Classic => tr!(lang, "rules-classic"),
        Variant::Game2000 => tr!(lang, "rules-game2000"),
    }
}
