//! Errors of the Discord layer and how they reach the player.
//!
//! Two kinds exist. A [`UserError`] carries a sentence written for players ("that cell was
//! already shot at"), already in the language of the player who caused it; it is shown to
//! that player, privately. Everything else is internal: it is logged with full detail, and
//! the player only learns that something went wrong, also privately and in their language.

use poise::serenity_prelude as serenity;
use poise::{CreateReply, FrameworkError};

use super::Data;
use super::context::user_lang;
use super::i18n::{Lang, tr};

/// What players see when an internal error happened, in `lang`.
#[must_use]
pub fn generic_failure(lang: Lang) -> String {
    tr!(lang, "err-generic")
}

/// An error whose text is meant for the player who triggered it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

/// Any error raised by a command or an event handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An expected problem; the text is shown to the player.
    #[error(transparent)]
    User(#[from] UserError),
    /// A Discord request failed.
    #[error("Discord request failed: {0}")]
    Discord(Box<serenity::Error>),
    /// Anything else that should never happen.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    /// Our own failure (the store), with a sentence for the player who met it.
    #[error("failed: {0}")]
    Failed(UserError),
}

impl Error {
    /// A player-facing error with the given text.
    pub fn user(message: impl Into<String>) -> Self {
        Self::User(UserError(message.into()))
    }

    /// The text a player may see for this error: its own text for a [`UserError`] (written
    /// in the player's language when it was raised), a generic sentence in `lang` for
    /// anything internal.
    #[must_use]
    pub fn player_message(&self, lang: Lang) -> String {
        match self {
            Self::User(UserError(text)) | Self::Failed(UserError(text)) => text.clone(),
            Self::Discord(_) | Self::Internal(_) => generic_failure(lang),
        }
    }
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(Box::new(error))
    }
}

/// A private reply that pings nobody.
#[must_use]
pub fn private_reply(text: impl Into<String>) -> CreateReply {
    CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

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
                    super::health::command_done(&command, "refused", took);
                }
                other => {
                    tracing::error!(%command, error = %other, "command failed");
                    super::health::command_done(&command, "failed", took);
                    if let Error::Discord(e) = other {
                        super::health::discord_error(e);
                    }
                }
            }
            tell(ctx, &error.player_message(user_lang(ctx))).await;
            super::play::hand_over_undelivered(ctx).await;
        }
        FrameworkError::CommandPanic { payload, ctx, .. } => {
            let command = ctx.command().qualified_name.clone();
            tracing::error!(%command, panic = payload.as_deref().unwrap_or("?"), "command panicked");
            super::health::command_done(&command, "failed", None);
            tell(ctx, &generic_failure(user_lang(ctx))).await;
        }
        FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            super::health::command_done(&ctx.command().qualified_name, "refused", None);
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

/// Makes player input safe to quote inside inline code.
#[must_use]
pub fn tidy(input: &str) -> String {
    const KEEP: usize = 60;
    let mut kept = input.chars().filter(|c| *c != '`' && !c.is_control());
    let mut out: String = kept.by_ref().take(KEEP).collect();
    if kept.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_errors_show_their_text() {
        let e = Error::user("That cell was already shot at.");
        assert_eq!(e.player_message(Lang::Da), "That cell was already shot at.");
    }

    #[test]
    fn internal_errors_stay_hidden() {
        let e = Error::from(anyhow::anyhow!("database password is hunter2"));
        assert_eq!(e.player_message(Lang::EnUs), generic_failure(Lang::EnUs));
        assert!(e.player_message(Lang::Nl).contains("mis"), "Dutch");
        assert!(
            e.to_string().contains("hunter2"),
            "the log keeps the detail"
        );
        let e = Error::from(serenity::Error::Other("socket closed"));
        assert_eq!(e.player_message(Lang::SvSe), generic_failure(Lang::SvSe));
    }

    #[test]
    fn tidy_removes_backticks_and_limits_length() {
        assert_eq!(tidy("a`b\nc"), "abc");
        assert_eq!(tidy(&"x".repeat(60)), "x".repeat(60));
        assert_eq!(tidy(&"x".repeat(200)), format!("{}…", "x".repeat(60)));
    }
}
