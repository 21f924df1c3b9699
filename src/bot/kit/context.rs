//! What every command and handler shares ([`Data`]), the context commands receive, and
//! the languages of a context: the user's for private answers, the server's for public ones.

use std::sync::Arc;

use crate::bot::kit::deliver::Notes;
use crate::bot::kit::error::Error;
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::i18n::commands::CommandIds;
use crate::bot::kit::pictures::Replays;
use crate::game::PlayerId;
use crate::render::Renderer;
use crate::session::{ChannelKey, GuildId, Session};
use poise::serenity_prelude as serenity;

/// State shared by all commands, handlers and background tasks (cheap to clone: every
/// part is shared). Nothing of the bot's lives in statics; it is all here.
#[derive(Clone, Debug)]
pub struct Data {
    /// Live matches and their store: every change of a match goes through it.
    pub session: Arc<Session>,
    /// What could not be delivered to members yet (see [`Notes`]).
    pub notes: Arc<Notes>,
    /// Replays drawn and being drawn, and who asked for one lately (see [`Replays`]).
    pub replays: Arc<Replays>,
    /// How often each member asked for a page of `/matches` lately: each page may ask
    /// Discord who sees which channel.
    pub listings: Arc<crate::bot::kit::asks::Asks>,
    /// Draws every picture: one for the bot, so that its glyphs and static layers, drawn
    /// once, serve every picture (cloned into the blocking threads that draw replays).
    pub renderer: Arc<Renderer>,
    /// The ids Discord gave the commands, for clickable mentions in texts.
    pub commands: Arc<CommandIds>,
    /// What waits for a player's next interaction where the bot can only answer (see
    /// [`crate::bot::kit::held::Waiting`]).
    pub waiting: Arc<crate::bot::kit::held::Waiting>,
    /// The tokens of challenges made where the bot can only answer (see
    /// [`crate::bot::kit::held::Tokens`]).
    pub tokens: Arc<crate::bot::kit::held::Tokens>,
}

/// A Discord server's id as the session and the store take it.
#[must_use]
pub fn guild_key(guild: poise::serenity_prelude::GuildId) -> GuildId {
    GuildId(guild.get())
}

/// A Discord channel's (or thread's) id as the session and the store take it.
#[must_use]
pub fn channel_key(channel: poise::serenity_prelude::ChannelId) -> ChannelKey {
    ChannelKey(channel.get())
}

/// The context commands receive.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The engine's id for a Discord user.
#[must_use]
pub fn player(user: &serenity::User) -> PlayerId {
    PlayerId(user.id.get())
}

/// The language of public texts from the locale a match or a tournament kept (see
/// [`crate::bot::kit::audience::public_locale`]; English where none was kept).
#[must_use]
pub fn lang_of(locale: Option<&String>) -> Lang {
    Lang::from_opt(locale.map(String::as_str))
}

/// Discord user ids of `members`.
#[must_use]
pub fn user_ids(members: &[PlayerId]) -> Vec<u64> {
    members.iter().map(|p| p.0).collect()
}
