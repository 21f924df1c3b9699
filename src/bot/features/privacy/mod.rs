//! `/privacy`: what the bot stores about members, whether their name may be shown on the
//! global leaderboard, and deleting it all.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::buttons::ButtonId;
use crate::bot::kit::click::{Click, Refusal};
use crate::bot::kit::context::player;
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};

// Descriptions, names in other languages and help: `cmd-privacy-*` in the catalogues.
/// What the bot stores about you, and how to delete it.
// Discord never runs a command that has subcommands; poise still wants a body.
#[expect(clippy::unused_async)]
#[poise::command(
    slash_command,
    subcommands("info", "set", "delete"),
    subcommand_required
)]
pub async fn privacy(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Explain what the bot stores about members and for how long.
#[poise::command(slash_command, ephemeral)]
pub async fn info(ctx: Context<'_>) -> Result<(), Error> {
    let listed = ctx
        .data()
        .session
        .privacy()
        .leaderboard_visible(player(ctx.author()))
        .await?;
    let lang = user_lang(ctx);
    let text = format!(
        "{}\n{}",
        tr!(lang, "privacy-info"),
        tr!(
            lang,
            if listed {
                "privacy-info-listed"
            } else {
                "privacy-info-hidden"
            }
        )
    );
    ctx.send(private_reply(ctx.data().commands.clickable(lang, &text)))
        .await?;
    Ok(())
}

/// Whether a member's name is shown on the global leaderboard, as offered in the command.
/// The names shown come from the catalogues (`choice-leaderboard-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ListedChoice {
    /// Listed on the global leaderboard, with name and rating.
    #[name = "visible"]
    Visible,
    /// Not listed there (the default); server boards are not affected.
    #[name = "hidden"]
    Hidden,
}

/// Choose whether your name and rating are shown on the global leaderboard.
#[poise::command(slash_command, ephemeral)]
pub async fn set(
    ctx: Context<'_>,
    #[description = "Show your name on the global leaderboard, or hide it"]
    leaderboard: ListedChoice,
) -> Result<(), Error> {
    let visible = leaderboard == ListedChoice::Visible;
    ctx.data()
        .session
        .privacy()
        .set_leaderboard_visible(player(ctx.author()), visible)
        .await
        .map_err(|e| Error::unsaved(&e))?;
    let lang = user_lang(ctx);
    let done = tr!(
        lang,
        if visible {
            "privacy-listed"
        } else {
            "privacy-hidden"
        }
    );
    ctx.send(private_reply(ctx.data().commands.clickable(lang, &done)))
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

// The confirmation of `/privacy delete`.

/// Confirms `/privacy delete`: forgets the member who asked (and only them).
pub(crate) async fn forget_button(c: &Click<'_>, who: crate::game::PlayerId) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    if me != who {
        return Err(Error::user(says!("err-privacy-not-yours").clickable()));
    }
    // Deleting reads and rewrites every finished match of the member, which may take
    // longer than Discord waits for an answer: acknowledge first, then fill it in. Done:
    // the button goes. Refused or failed: the refusal takes the confirmation's words and
    // the button stays, to press again later.
    c.acknowledge(Refusal::InPlace).await?;
    let renamed = c.data.session.privacy().forget(me).await?;
    // What was drawn of those matches shows the old names.
    c.data.replays.forget(&renamed);
    let edit = serenity::EditInteractionResponse::new()
        .content(tr!(c.lang, "privacy-done", n = renamed.len()))
        .components(vec![]);
    c.interaction.edit_response(c.ctx, edit).await?;
    Ok(())
}
