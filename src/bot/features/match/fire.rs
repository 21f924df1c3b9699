//! `/fire`: shoot at the enemy sea.

use poise::serenity_prelude as serenity;

use super::moves::{self, Moved};
use super::play;
use crate::bot::kit::answer::Answer;
use crate::bot::kit::audience::{Audience, user_lang};
use crate::bot::kit::context::{lang_of, player};
use crate::bot::kit::deliver::{self, Post};
use crate::bot::kit::i18n::errors::Explain;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::outbox::Outbox;
use crate::bot::kit::venue::Venue;
use crate::bot::kit::{Context, Error};
use crate::game::Next;
use crate::game::complete::{CompleteError, complete};
use crate::render::Renderer;
use crate::session::{AimError, ChannelKey, Fired};

/// Completions offered at most while targets are typed (Discord's limit).
const CHOICES: usize = 25;

/// Fire at the enemy: one cell in classic (`C4`), three in Game 2000 (`C4 D5 E6`).
///
/// Only the player whose turn it is can fire, in the match's channel. The result is
/// public, with your picture of the enemy sea.
#[poise::command(slash_command)]
pub async fn fire(
    ctx: Context<'_>,
    #[description = "Cells to fire at"]
    #[autocomplete = "open_cells"]
    targets: String,
) -> Result<(), Error> {
    let me = player(ctx.author());
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    // The shot is played and stored here; everything below only shows it.
    let shot = data.session.matches().fire(channel, me, &targets).await?;
    let post = shot_post(&data.renderer, &shot);
    let mut reply = poise::CreateReply::default()
        .content(post.content.clone())
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(post.ping.clone()));
    for file in &post.files {
        reply = reply.attachment(file.clone());
    }
    if !post.components.is_empty() {
        reply = reply.components(post.components.clone());
    }
    let message = match ctx.send(reply).await {
        Ok(handle) if shot.ended.is_none() && shot.pace.reminds() => {
            // A daily match: its reminders link to this answer.
            tokio::time::timeout(deliver::ATTEMPT, handle.message())
                .await
                .ok()
                .and_then(Result::ok)
                .map(|m| m.id)
        }
        Ok(_) => None,
        Err(e) => {
            // The shot counted: it is shown elsewhere if the answer did not arrive. The
            // shooter is not told of an error: their shot is shown.
            tracing::warn!(match_id = %shot.id, error = %e, "the answer to /fire failed");
            let members = crate::bot::kit::context::user_ids(&shot.members);
            let venue = Venue::here(&Audience::of_command(ctx), channel, None);
            Outbox::new(ctx.http(), data)
                .answer_failed(token(ctx), &e, venue, &post, &members)
                .await;
            None
        }
    };
    // The match goes on (or ends) whether or not the reply got through.
    let moved = Moved::shot(shot, message);
    moves::after_move(Some(&Answer::Command(ctx)), ctx.http(), data, moved).await;
    Ok(())
}

/// The public announcement of `shot` in the server's language: what it did, who moves
/// next (pinged) and, when a member is to move, the Fire button that opens their aim
/// panel; the shooter's picture of the enemy sea. `/fire` answers with it, and so does
/// the aim panel's Fire.
pub fn shot_post(renderer: &Renderer, shot: &Fired) -> Post {
    let public = lang_of(shot.guild_locale.as_ref());
    let (content, files) = play::shot_announcement(
        renderer,
        public,
        shot.variant,
        std::slice::from_ref(&shot.outcome),
        &shot.view,
        shot.deadline,
    );
    let next = match shot.outcome.next {
        Next::Turn { player, .. } | Next::Again(player) => Some(player),
        Next::Over(_) => None,
    };
    let components = if next.is_some() && !shot.computer_next {
        play::fire_row(public, shot.id)
    } else {
        Vec::new()
    };
    Post {
        content,
        files,
        ping: next
            .map(|p| serenity::UserId::new(p.0))
            .into_iter()
            .collect(),
        components,
        about: Some(shot.id),
    }
}

/// While targets are typed: the open cells that fit, in sea order (in Game 2000 after the
/// cells typed so far), from what the player may know only (see
/// [`crate::game::complete`]). Outside their turn, one entry that says why, in their
/// language. One read of the match, in memory (or of the store, when it is shared).
async fn open_cells(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let channel = ChannelKey(ctx.channel_id().get());
    let aimed = ctx
        .data()
        .session
        .matches()
        .aim(channel, player(ctx.author()))
        .await;
    let lang = user_lang(ctx);
    serenity::CreateAutocompleteResponse::new().set_choices(choices(lang, aimed, partial))
}

/// The choices for `partial`, given what the member may aim at.
fn choices(
    lang: Lang,
    aimed: Result<crate::session::Aim, AimError>,
    partial: &str,
) -> Vec<serenity::AutocompleteChoice> {
    let aim = match aimed {
        Ok(aim) => aim,
        Err(why) => {
            let reason = match why {
                AimError::NoMatchHere => tr!(lang, "fire-complete-no-match"),
                AimError::NotInBattle => tr!(lang, "fire-complete-not-battle"),
                AimError::NotYourTurn => tr!(lang, "fire-complete-not-your-turn"),
                AimError::TimeUp => tr!(lang, "fire-complete-time-up"),
            };
            return vec![reason_choice(&reason, partial)];
        }
    };
    match complete(aim.variant, aim.options, aim.fired, partial, CHOICES) {
        Ok(values) => values
            .into_iter()
            .map(|v| serenity::AutocompleteChoice::new(v.clone(), v))
            .collect(),
        Err(CompleteError::Cell(e)) => vec![reason_choice(&e.explain(lang, aim.variant), partial)],
        Err(CompleteError::Fire(e)) => vec![reason_choice(&e.explain(lang, aim.variant), partial)],
    }
}

/// One entry that says `reason`; picking it keeps what was typed.
fn reason_choice(reason: &str, partial: &str) -> serenity::AutocompleteChoice {
    let cut = |s: &str| -> String {
        if s.chars().count() > 100 {
            s.chars().take(99).chain(['…']).collect()
        } else {
            s.to_owned()
        }
    };
    let name = cut(reason);
    let typed = partial.trim();
    let value = if typed.is_empty() {
        name.clone()
    } else {
        cut(typed)
    };
    serenity::AutocompleteChoice::new(name, value)
}

/// The interaction token of a slash command.
fn token(ctx: Context<'_>) -> Option<&str> {
    match ctx {
        poise::Context::Application(a) => Some(a.interaction.token.as_str()),
        poise::Context::Prefix(_) => None,
    }
}
