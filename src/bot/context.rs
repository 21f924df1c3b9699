//! What every command and handler shares ([`Data`]), the context commands receive, and
//! the languages of a context: the user's for private answers, the server's for public ones.

use std::sync::Arc;

use super::Error;
use super::config::Config;
use super::i18n::Lang;
use crate::session::Session;

/// State shared by all commands and handlers.
#[derive(Debug)]
pub struct Data {
    /// The configuration the bot was started with.
    pub config: Arc<Config>,
    /// Live matches and their store: every change of a match goes through it.
    pub session: Arc<Session>,
}

/// The context commands receive.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The language of the user behind `ctx` (English outside interactions).
#[must_use]
pub fn user_lang(ctx: Context<'_>) -> Lang {
    Lang::from_opt(ctx.locale())
}

/// The language for public messages in `ctx`'s channel: the server's, or in a DM (which
/// only the user sees) the user's.
#[must_use]
pub fn guild_lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(a) => match &a.interaction.guild_locale {
            Some(locale) => Lang::from_discord(locale),
            None => Lang::from_discord(&a.interaction.locale),
        },
        poise::Context::Prefix(_) => Lang::EnUs,
    }
}

/// The server's locale as Discord sent it with an application command.
#[must_use]
pub fn guild_locale(ctx: Context<'_>) -> Option<String> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    }
}
