//! The framework's hooks: every command's error answered privately, in the player's
//! language (internal errors logged with full detail, the player told only that something
//! went wrong), and what could not be delivered to a member earlier handed over after
//! their next command.

use poise::FrameworkError;

use crate::bot::kit::audience::{asker, user_lang};
use crate::bot::kit::error::{Error, generic_failure, private_reply, tidy};
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Data};

/// The framework's error hook: answers the player privately, in their language, and logs
/// internal errors.
pub async fn on_error(error: FrameworkError<'_, Data, Error>) {
    match error {
        FrameworkError::Setup { error, .. } => {
            tracing::error!(error = %error, "bot setup failed");
        }
        FrameworkError::EventHandler { error, event, .. } => {
            tracing::error!(error = %error, event = event.snake_case_name(), "event handler failed");
        }
        FrameworkError::Command { error, ctx, .. } => {
            let command = ctx.command().qualified_name.clone();
            let took = ctx
                .invocation_data::<std::time::Instant>()
                .await
                .map(|t| t.elapsed().as_secs_f64());
            match &error {
                Error::User(e) => {
                    tracing::debug!(%command, reason = %e, "command refused");
                    crate::bot::kit::metrics::command_done(&command, "refused", took);
                }
                other => {
                    tracing::error!(%command, error = %other, "command failed");
                    crate::bot::kit::metrics::command_done(&command, "failed", took);
                    if let Error::Discord(e) = other {
                        crate::bot::kit::metrics::discord_error(e);
                    }
                }
            }
            // The one place a command's error becomes words: the asker's language.
            let text = error.player_message(&asker(ctx), &ctx.data().commands);
            tell(ctx, &text).await;
            hand_over(ctx).await;
        }
        FrameworkError::CommandPanic { payload, ctx, .. } => {
            let command = ctx.command().qualified_name.clone();
            tracing::error!(%command, panic = payload.as_deref().unwrap_or("?"), "command panicked");
            crate::bot::kit::metrics::command_done(&command, "failed", None);
            tell(ctx, &generic_failure(user_lang(ctx))).await;
        }
        FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            crate::bot::kit::metrics::command_done(&ctx.command().qualified_name, "refused", None);
            let lang = user_lang(ctx);
            let error = error.to_string();
            let text = if let Some(input) = input {
                tr!(lang, "err-parse-input", input = tidy(&input), error = error)
            } else {
                tr!(lang, "err-parse", error = error)
            };
            tell(ctx, &text).await;
        }
        FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            tracing::error!(
                command = %ctx.command().qualified_name,
                %description,
                "registered command differs from the code; re-register the commands"
            );
            let ctx = poise::Context::Application(ctx);
            tell(ctx, &generic_failure(user_lang(ctx))).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "could not report a framework error");
            }
        }
    }
}

/// Sends a private message to the user of `ctx`, logging (not returning) failures.
async fn tell(ctx: poise::Context<'_, Data, Error>, text: &str) {
    if let Err(e) = ctx.send(private_reply(text)).await {
        tracing::warn!(error = %e, "could not send an error message to the player");
    }
}

/// Hands `ctx`'s member what waits for them in this channel where the bot can only answer
/// ([`crate::bot::features::r#match::waiting::hand_over`]), then, privately, what could not be delivered to them
/// earlier (the channel refused the post and their DMs are closed). Runs after every
/// command.
pub async fn hand_over(ctx: Context<'_>) {
    // Where the bot can only answer, what waits for this player in this channel comes
    // with this command (publicly, as it would have been posted).
    crate::bot::features::r#match::waiting::hand_over(
        &crate::bot::kit::answer::Answer::Command(ctx),
        ctx.data(),
    )
    .await;
    let member = ctx.author().id.get();
    let notes = ctx.data().notes.take(member);
    if notes.is_empty() {
        return;
    }
    let text = notes.join("\n\n");
    if let Err(e) = ctx.send(private_reply(text)).await {
        tracing::warn!(error = %e, "could not hand over undelivered notes; keeping them");
        crate::bot::kit::metrics::discord_error(&e);
        for note in notes {
            ctx.data().notes.keep(member, &note);
        }
    }
}
