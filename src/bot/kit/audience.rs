//! Who an interaction speaks to, for both kinds of interaction (a slash command and a
//! click): the asker (their language, where they ask), the language of the public texts
//! there, and where the bot is ([`Presence`]: a member of the place, or only an app a
//! member brought along). The language rule ([`public_locale`], [`public_lang_of`]) and the
//! presence rule ([`crate::bot::kit::presence`]) are each read here once; the rest of the
//! bot asks an [`Audience`] or a kept locale.

use poise::serenity_prelude::ComponentInteraction;

use crate::bot::kit::context::{Context, guild_key};
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::i18n::errors::Asker;
use crate::bot::kit::presence::Presence;
use crate::game::PlayerId;
use crate::session::{ChannelKey, GuildId, Session};

/// The locale of a place's public texts, as a match or a tournament keeps it from its
/// start: the server's `language` setting, else the server's locale as Discord sent it.
#[must_use]
pub fn public_locale(chosen: Option<String>, guild_locale: Option<String>) -> Option<String> {
    chosen.or(guild_locale)
}

/// The language of public texts: the one of [`public_locale`], else (a DM, which only the
/// member sees) the member's own.
#[must_use]
pub fn public_lang_of(chosen: Option<&str>, guild_locale: Option<&str>, member: Lang) -> Lang {
    chosen.or(guild_locale).map_or(member, Lang::from_discord)
}

/// The people an interaction speaks to: the asker privately, the place publicly.
#[derive(Clone, Debug)]
pub struct Audience {
    /// The member who asked or clicked, in their language.
    pub asker: Asker,
    /// The server's locale as Discord sent it with the interaction (`None` in a DM).
    pub guild_locale: Option<String>,
    /// The channel (or thread) the interaction happened in.
    pub channel: ChannelKey,
    /// Where the bot is there.
    pub presence: Presence,
}

impl Audience {
    /// The audience of slash command `ctx`.
    #[must_use]
    pub fn of_command(ctx: Context<'_>) -> Self {
        let (guild_locale, presence) = match ctx {
            poise::Context::Application(a) => (
                a.interaction.guild_locale.clone(),
                Presence::of(
                    a.interaction.context,
                    &a.interaction.authorizing_integration_owners,
                    a.interaction.member.as_ref().and_then(|m| m.permissions),
                ),
            ),
            poise::Context::Prefix(_) => (None, Presence::MEMBER),
        };
        Self {
            asker: Asker {
                lang: Lang::from_opt(ctx.locale()),
                player: PlayerId(ctx.author().id.get()),
                guild: ctx.guild_id().map(guild_key),
            },
            guild_locale,
            channel: ChannelKey(ctx.channel_id().get()),
            presence,
        }
    }

    /// The audience of a click.
    #[must_use]
    pub fn of_click(click: &ComponentInteraction) -> Self {
        Self {
            asker: Asker {
                lang: Lang::from_discord(&click.locale),
                player: PlayerId(click.user.id.get()),
                guild: click.guild_id.map(guild_key),
            },
            guild_locale: click.guild_locale.clone(),
            channel: ChannelKey(click.channel_id.get()),
            presence: Presence::of(
                click.context,
                &click.authorizing_integration_owners,
                click.member.as_ref().and_then(|m| m.permissions),
            ),
        }
    }

    /// The asker's language (private answers).
    #[must_use]
    pub fn user_lang(&self) -> Lang {
        self.asker.lang
    }

    /// The server the interaction happened in (`None` in a DM).
    #[must_use]
    pub fn guild(&self) -> Option<GuildId> {
        self.asker.guild
    }

    /// Whether the bot itself is where the interaction happened (see
    /// [`Presence::bot_is_there`]); where it is not, only answers reach the players.
    #[must_use]
    pub fn bot_is_there(&self) -> bool {
        self.presence.bot_is_there
    }

    /// Whether the interaction happened in the member's own DM with the bot, where nobody
    /// else sees what the bot answers.
    #[must_use]
    pub fn in_bot_dm(&self) -> bool {
        self.presence.in_bot_dm
    }

    /// Whether Discord shows every answer here privately (see [`Presence`]).
    #[must_use]
    pub fn answers_forced_private(&self) -> bool {
        self.presence.answers_forced_private
    }

    /// The server a match or a listing here counts for: the interaction's, where the
    /// server installed the bot; `None` in DMs and group DMs, and in a server reached only
    /// through a member's own install (whose settings the bot cannot know: nobody there
    /// could run `/settings`). A match there is keyed by its channel and, having no server,
    /// is answered only through interactions.
    #[must_use]
    pub fn match_guild(&self) -> Option<GuildId> {
        self.guild().filter(|_| self.bot_is_there())
    }

    /// Whether the interaction is outside servers the bot is in (a DM, a group DM, a
    /// server without the bot): where matches have no server and their ends wait for an
    /// interaction.
    #[must_use]
    pub fn outside_servers(&self) -> bool {
        self.match_guild().is_none()
    }

    /// The language of the public texts here: the server's setting, else its locale, else
    /// (a DM) the asker's. One read of the settings.
    pub async fn public_lang(&self, session: &Session) -> Lang {
        let chosen = session.settings().language(self.guild()).await;
        public_lang_of(
            chosen.as_deref(),
            self.guild_locale.as_deref(),
            self.user_lang(),
        )
    }
}

/// The member behind `ctx` as the words of an answer see them.
#[must_use]
pub fn asker(ctx: Context<'_>) -> Asker {
    Audience::of_command(ctx).asker
}

/// The language of the user behind `ctx` (English outside interactions).
#[must_use]
pub fn user_lang(ctx: Context<'_>) -> Lang {
    Audience::of_command(ctx).user_lang()
}

/// The language of the public texts where `ctx` was used (see [`Audience::public_lang`]).
pub async fn public_lang(ctx: Context<'_>) -> Lang {
    Audience::of_command(ctx)
        .public_lang(&ctx.data().session)
        .await
}

/// The server's locale as Discord sent it with an application command.
#[must_use]
pub fn guild_locale(ctx: Context<'_>) -> Option<String> {
    Audience::of_command(ctx).guild_locale
}
