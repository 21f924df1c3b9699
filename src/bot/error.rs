//! Errors of the Discord layer (the hook that answers them is in `hook`).
//!
//! Two kinds exist. A [`UserError`] carries a sentence written for players ("that cell was
//! already shot at"), already in the language of the player who caused it; it is shown to
//! that player, privately. Everything else is internal: it is logged with full detail, and
//! the player only learns that something went wrong, also privately and in their language.

use poise::CreateReply;
use poise::serenity_prelude as serenity;

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
