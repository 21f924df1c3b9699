//! Who an interaction speaks to, for both kinds of interaction (a slash command and a
//! click): the asker (their language, where they ask) and the language of the public
//! texts there. The language rule is written here once ([`public_locale`],
//! [`public_lang_of`]); the rest of the bot asks an [`Audience`] or a kept locale.

use poise::serenity_prelude::ComponentInteraction;

use crate::bot::kit::context::{Context, guild_key};
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::i18n::errors::Asker;
use crate::game::PlayerId;
use crate::session::{GuildId, Session};

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
}

impl Audience {
    /// The audience of slash command `ctx`.
    #[must_use]
    pub fn of_command(ctx: Context<'_>) -> Self {
        let guild_locale = match ctx {
            poise::Context::Application(a) => a.interaction.guild_locale.clone(),
            poise::Context::Prefix(_) => None,
        };
        Self {
            asker: Asker {
                lang: Lang::from_opt(ctx.locale()),
                player: PlayerId(ctx.author().id.get()),
                guild: ctx.guild_id().map(guild_key),
            },
            guild_locale,
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
