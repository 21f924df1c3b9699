//! Errors of the Discord layer (the hooks that answer them are `hook::on_error` for
//! commands and `click::finish_click` for buttons).
//!
//! An error says *what* went wrong, never in words: a [`UserError`] is a refusal meant for
//! the player who caused it (a message of the catalogue with its arguments, [`Message`],
//! or a refusal of the rules, worded by the hook); [`Error::Failed`] is our own failure
//! with what to tell the player; everything else is internal (logged with full detail,
//! the player only learns that something went wrong). Only the two hooks turn an error
//! into words ([`Error::player_message`]), privately, in the language of the member who
//! met it. The typed errors of the session become these errors in one place each
//! (`i18n::errors`: `From` conversions).

use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentValue};
use poise::CreateReply;
use poise::serenity_prelude as serenity;

use crate::bot::kit::i18n::commands::CommandIds;
use crate::bot::kit::i18n::{Lang, tr};
use crate::game::Variant;
use crate::session::{OpenError, Pace, Place, RuleError};

/// What players see when an internal error happened, in `lang`.
#[must_use]
pub fn generic_failure(lang: Lang) -> String {
    tr!(lang, "err-generic")
}

/// A value to fill into a [`Message`]: text as it is, or what is worded in the asker's
/// language when the message is.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text as it is (a mention, a number as typed, a name, tidied where a player typed it).
    Text(String),
    /// A number (which may pick a plural form).
    Number(FluentNumber),
    /// The name of a pace.
    Pace(Pace),
    /// The names of paces, joined by commas.
    Paces(Vec<Pace>),
    /// Messages without arguments, joined by commas (the permissions the bot lacks).
    Keys(Vec<&'static str>),
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

impl From<Pace> for Arg {
    fn from(pace: Pace) -> Self {
        Self::Pace(pace)
    }
}

macro_rules! number_args {
    ($($t:ty)+) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Self::Number(FluentNumber::from(n))
            }
        }
    )+};
}
number_args!(u8 u16 u32 u64 usize i64);

impl Arg {
    /// The value in `lang`.
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        match self {
            Self::Text(text) => FluentValue::from(text.clone()),
            Self::Number(n) => FluentValue::Number(n.clone()),
            Self::Pace(p) => FluentValue::from(crate::bot::kit::i18n::names::pace(lang, *p)),
            Self::Paces(paces) => {
                let names: Vec<String> = paces
                    .iter()
                    .map(|&p| crate::bot::kit::i18n::names::pace(lang, p))
                    .collect();
                FluentValue::from(names.join(", "))
            }
            Self::Keys(keys) => {
                let words: Vec<String> = keys.iter().map(|&k| lang.text(k)).collect();
                FluentValue::from(words.join(", "))
            }
        }
    }
}

/// A sentence of the catalogue, not yet worded: its key and its arguments. Write one with
/// `says!`: `says!("err-replay-cooldown", seconds = 3)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    key: &'static str,
    args: Vec<(&'static str, Arg)>,
    clickable: bool,
}

impl Message {
    /// The message `key` without arguments.
    #[must_use]
    pub const fn new(key: &'static str) -> Self {
        Self {
            key,
            args: Vec::new(),
            clickable: false,
        }
    }

    /// With the argument `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// With the commands it names (`` `/place` ``) made clickable.
    #[must_use]
    pub const fn clickable(mut self) -> Self {
        self.clickable = true;
        self
    }

    /// The catalogue's key.
    #[must_use]
    pub const fn key(&self) -> &'static str {
        self.key
    }

    /// The sentence in `lang` (`ids`: the commands' ids, for clickable names).
    #[must_use]
    pub fn words(&self, lang: Lang, ids: &CommandIds) -> String {
        let text = if self.args.is_empty() {
            lang.text(self.key)
        } else {
            let mut args = FluentArgs::new();
            for (name, value) in &self.args {
                args.set(*name, value.value(lang));
            }
            lang.text_with(self.key, &args)
        };
        if self.clickable {
            ids.clickable(lang, &text)
        } else {
            text
        }
    }
}

/// A [`Message`] of the catalogue with its arguments:
/// `says!("err-help-unknown", command = tidy(&typed))`. Values are anything that becomes
/// an [`Arg`] (text, numbers, a pace).
macro_rules! says {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::bot::kit::error::Message::new($key)$(.with(stringify!($name), $value))*
    };
}
pub(crate) use says;

/// A refusal meant for the player who caused it: what was refused, worded by the hooks
/// in that player's language.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UserError {
    /// A message of the catalogue.
    #[error("{}", .0.key)]
    Says(Message),
    /// The rules refused it, in a match of this variant (worded by `i18n::errors::Explain`).
    #[error("{error}")]
    Rules {
        /// The match's rule set (names the board's columns and rows).
        variant: Variant,
        /// What the rules said.
        error: RuleError,
    },
    /// The channel or a member already has a match. Where the member plays is named only
    /// to an asker of the same server.
    #[error("{reason}")]
    Busy {
        /// What is taken.
        reason: OpenError,
        /// Where the busy member plays, if known.
        at: Option<Place>,
    },
}

impl From<Message> for UserError {
    fn from(message: Message) -> Self {
        Self::Says(message)
    }
}

/// Any error raised by a command or an event handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An expected problem, told to the player.
    #[error(transparent)]
    User(#[from] UserError),
    /// A Discord request failed.
    #[error("Discord request failed: {0}")]
    Discord(Box<serenity::Error>),
    /// Anything else that should never happen.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    /// Our own failure (the store), with what to tell the player who met it (the cause is
    /// logged where it is known).
    #[error("failed: {}", .0.key)]
    Failed(Message),
}

impl Error {
    /// A refusal for the player: a [`Message`] (see `says!`) or another [`UserError`].
    pub fn user(refusal: impl Into<UserError>) -> Self {
        Self::User(refusal.into())
    }

    /// The store could not be read: logged here, and the player is told that stored
    /// matches could not be read (as `From<StoreError>` does).
    pub fn unread(error: &crate::store::StoreError) -> Self {
        tracing::error!(error = %error, "could not read the store");
        Self::Failed(says!("err-storage-read"))
    }

    /// The store could not write: logged here, and the player is told that nothing changed.
    pub fn unsaved(error: &crate::store::StoreError) -> Self {
        tracing::error!(error = %error, "could not write to the store");
        Self::Failed(says!("err-storage"))
    }
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(Box::new(error))
    }
}

/// A store that could not be read: the player is told so ([`Error::unread`]). A write that
/// failed says that nothing changed instead: map it with [`Error::unsaved`].
impl From<crate::store::StoreError> for Error {
    fn from(error: crate::store::StoreError) -> Self {
        Self::unread(&error)
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
    fn tidy_removes_backticks_and_limits_length() {
        assert_eq!(tidy("a`b\nc"), "abc");
        assert_eq!(tidy(&"x".repeat(60)), "x".repeat(60));
        assert_eq!(tidy(&"x".repeat(200)), format!("{}…", "x".repeat(60)));
    }
}
