//! `/privacy`: what the bot stores about members, and deleting it.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::buttons::ButtonId;
use crate::bot::context::user_lang;
use crate::bot::error::private_reply;
use crate::bot::i18n::tr;
use crate::bot::play::player;
use crate::bot::{Context, Error};

// Descriptions, names in other languages and help: `cmd-privacy-*` in the catalogues.
/// What the bot stores about you, and how to delete it.
// Discord never runs a command that has subcommands; poise still wants a body.
#[expect(clippy::unused_async)]
#[poise::command(slash_command, subcommands("info", "delete"), subcommand_required)]
pub async fn privacy(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Explain what the bot stores about members and for how long.
#[poise::command(slash_command, ephemeral)]
pub async fn info(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    ctx.send(private_reply(
        ctx.data()
            .commands
            .clickable(lang, &tr!(lang, "privacy-info")),
    ))
    .await?;
    Ok(())
}

/// Delete your ratings and statistics and your name from past matches.
#[poise::command(slash_command, ephemeral)]
pub async fn delete(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let button = CreateButton::new(ButtonId::Forget(player(ctx.author())).to_string())
        .label(tr!(lang, "button-privacy-delete"))
        .emoji('🗑')
        .style(serenity::ButtonStyle::Danger);
    ctx.send(
        private_reply(tr!(lang, "privacy-confirm"))
            .components(vec![CreateActionRow::Buttons(vec![button])]),
    )
    .await?;
    Ok(())
}
