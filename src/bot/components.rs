//! Button clicks, routed by custom id (see [`crate::bot::kit::buttons`]) in the framework's global
//! event handler. Routing by a stable id (instead of collectors) means no click is missed
//! and buttons keep working after a restart, as long as the match is live. Clicks on ids
//! without our prefix are not ours and are left alone.
//!
//! This is only the router: each button's handler lives with its feature's command in
//! [`crate::bot::commands`] (Accept, Decline and Rematch in `challenge`; Shuffle, Last fleet and
//! Ready in `place`; Replay in `replay`; the confirmations in `privacy` and `settings`;
//! the reminder switch in `reminders`; the pages in `matches`), the editor's controls in
//! [`crate::bot::editor`], and what they share in [`crate::bot::kit::click`].

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponseMessage};

use crate::bot::commands::{challenge, matches, place, privacy, reminders, replay, settings};
use crate::bot::kit::buttons::{ButtonId, PREFIX};
use crate::bot::kit::click::{Click, finish_click, stale_button, update};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Data, Error};

/// Handles a component interaction if its custom id carries our prefix.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let custom_id = click.data.custom_id.as_str();
    if !custom_id.starts_with(PREFIX) {
        tracing::debug!(custom_id, "ignoring a component that is not ours");
        return Ok(());
    }
    // Answers to the clicking user are in their language.
    let lang = Lang::from_discord(&click.locale);
    let c = Click::new(ctx, data, click, lang);
    let started = std::time::Instant::now();
    if let Some(which) = crate::bot::commands::tournament::Button::parse(custom_id) {
        let outcome = crate::bot::commands::tournament::button(&c, which).await;
        finish_click(&c, "button:tournament", started, outcome).await?;
        return hand_over(&c).await;
    }
    let parsed = custom_id.parse::<ButtonId>();
    let name = match &parsed {
        Ok(ButtonId::Accept(_)) => "button:accept",
        Ok(ButtonId::Decline(_)) => "button:decline",
        Ok(ButtonId::Shuffle(_)) => "button:shuffle",
        Ok(ButtonId::Ready(..)) => "button:ready",
        Ok(ButtonId::Replay(_)) => "button:replay",
        Ok(ButtonId::Rematch(_)) => "button:rematch",
        Ok(ButtonId::LastFleet(_)) => "button:last-fleet",
        Ok(ButtonId::Board { .. }) => "button:leaderboard",
        Ok(ButtonId::Forget(_)) => "button:forget",
        Ok(ButtonId::Reminders(..)) => "button:reminders",
        Ok(ButtonId::ResetSettings(_)) => "button:settings-reset",
        Ok(ButtonId::Matches { .. }) => "button:matches",
        Ok(ButtonId::Editor(..)) => "button:editor",
        Err(_) => "button:unknown",
    };
    let outcome = match parsed {
        Err(_) => {
            tracing::warn!(custom_id, user = %click.user.id, "malformed component id");
            Err(stale_button())
        }
        Ok(ButtonId::Accept(id)) => challenge::accept_button(&c, id).await,
        Ok(ButtonId::Decline(id)) => challenge::decline_button(&c, id).await,
        Ok(ButtonId::Shuffle(id)) => place::shuffle_button(&c, id).await,
        Ok(ButtonId::Ready(id, tag)) => place::ready_button(&c, id, &tag).await,
        Ok(ButtonId::Replay(id)) => replay::replay_button(&c, id).await,
        Ok(ButtonId::Rematch(id)) => challenge::rematch_button(&c, id).await,
        Ok(ButtonId::LastFleet(id)) => place::last_fleet_button(&c, id).await,
        Ok(ButtonId::Board {
            variant,
            page,
            asker,
            table,
        }) => board_page(&c, variant, page, asker, table).await,
        Ok(ButtonId::Forget(p)) => privacy::forget_button(&c, p).await,
        Ok(ButtonId::Reminders(p, on)) => reminders::reminders_button(&c, p, on).await,
        Ok(ButtonId::ResetSettings(p)) => settings::reset_button(&c, p).await,
        Ok(ButtonId::Matches { page }) => matches::page_button(&c, page).await,
        Ok(ButtonId::Editor(id, control)) => {
            crate::bot::editor::click(ctx, data, click, lang, id, control).await
        }
    };
    finish_click(&c, name, started, outcome).await?;
    hand_over(&c).await
}

/// What waits for the clicker where the bot can only answer goes with this click.
async fn hand_over(c: &Click<'_>) -> Result<(), Error> {
    let answer = crate::bot::kit::answer::Answer::Click(&c.ctx.http, c.interaction);
    crate::bot::waiting::hand_over(&answer, c.data).await;
    Ok(())
}

/// Another page of a leaderboard: the message shows it, for everyone.
async fn board_page(
    c: &Click<'_>,
    variant: crate::game::Variant,
    page: u32,
    asker: crate::game::PlayerId,
    table: crate::bot::kit::buttons::BoardTable,
) -> Result<(), Error> {
    use crate::bot::commands::leaderboard::{Page, draw, server_name};
    let click = c.interaction;
    let public = c.public_lang().await;
    // A server's board is the message's server's; the global board belongs to none.
    let (guild, name) = if table == crate::bot::kit::buttons::BoardTable::Global {
        (None, tr!(public, "board-global"))
    } else {
        let Some(guild) = click.guild_id else {
            return Err(stale_button());
        };
        (
            Some(crate::bot::kit::context::guild_key(guild)),
            server_name(c.ctx, guild, public),
        )
    };
    let page = Page {
        guild,
        variant,
        page,
        asker,
        lang: public,
        table,
    };
    let (picture, buttons) = draw(c.data, &name, &page).await?;
    update(
        c.ctx,
        click,
        CreateInteractionResponseMessage::new()
            .files([picture])
            .components(buttons),
    )
    .await
}
