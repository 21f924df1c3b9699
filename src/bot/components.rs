//! Button clicks, routed by custom id (see [`crate::bot::kit::buttons`]) in the framework's
//! global event handler. Routing by a stable id (instead of collectors) means no click is
//! missed and buttons keep working after a restart, as long as the match is live. Clicks on
//! ids without our prefix are not ours and are left alone.
//!
//! This is only the router, one line per feature: each button's handler lives with its
//! feature in [`crate::bot::features`], and what they share in [`crate::bot::kit::click`].

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use crate::bot::features::{
    daily, editor, leaderboard, r#match, privacy, reminders, replay, settings, tournament,
};
use crate::bot::kit::answer::Answer;
use crate::bot::kit::audience::Audience;
use crate::bot::kit::buttons::{ButtonId, PREFIX};
use crate::bot::kit::click::{Click, finish_click, on_its_message, stale_button};
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
    let lang = Audience::of_click(click).user_lang();
    let c = Click::new(ctx, data, click, lang);
    let started = std::time::Instant::now();
    let parsed = custom_id.parse::<ButtonId>();
    let name = parsed
        .as_ref()
        .map_or("button:unknown", ButtonId::metric_name);
    let outcome = match parsed {
        Err(_) => {
            tracing::warn!(custom_id, user = %click.user.id, "malformed component id");
            Err(stale_button())
        }
        Ok(_) if !on_its_message(click) => {
            // Not a button of the message it came with: answered privately, and nothing
            // (least of all that message) changes.
            tracing::warn!(custom_id, user = %click.user.id, message = %click.message.id, "a component id not on its message");
            Err(stale_button())
        }
        Ok(ButtonId::Match(b)) => r#match::button(&c, b).await,
        Ok(ButtonId::Editor(id, control)) => {
            editor::click(ctx, data, click, lang, id, control).await
        }
        Ok(ButtonId::Replay(id)) => replay::replay_button(&c, id).await,
        Ok(ButtonId::Board(page)) => leaderboard::page_button(&c, page).await,
        Ok(ButtonId::Forget(p)) => privacy::forget_button(&c, p).await,
        Ok(ButtonId::Reminders(p, on)) => reminders::reminders_button(&c, p, on).await,
        Ok(ButtonId::ResetSettings(p)) => settings::reset_button(&c, p).await,
        Ok(ButtonId::Tournament(b)) => tournament::button(&c, b).await,
        Ok(ButtonId::Daily(b)) => daily::button(&c, b).await,
    };
    finish_click(&c, name, started, outcome).await?;
    // What waits for the clicker where the bot can only answer goes with this click.
    let answer = Answer::Click(&ctx.http, click);
    r#match::waiting::hand_over(&answer, data).await;
    Ok(())
}
