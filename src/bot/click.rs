//! What every button handler shares: the [`Click`] it gets, the answer that replaces the
//! clicked message ([`update`]), the refusal of a button whose game is gone
//! ([`stale_button`]) and the end of every click ([`finish_click`]: counted, a refusal or
//! failure answered privately, waiting notes handed over). The handlers live with their
//! features in [`super::commands`]; [`super::components`] routes to them.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::answer::Answer;
use super::error::says;
use super::i18n::Lang;
use super::i18n::errors::Asker;
use super::play::player;
use super::{Data, Error};

/// What players are told when they click a button of a game that is gone.
#[must_use]
pub fn stale_button() -> Error {
    Error::user(says!("err-stale-button"))
}

/// Counts a click and answers a refused or failed one privately.
pub async fn finish_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    custom_id: &str,
    name: &str,
    started: std::time::Instant,
    outcome: Result<(), Error>,
) -> Result<(), Error> {
    let result = match &outcome {
        Ok(()) => "ok",
        Err(Error::User(_)) => "refused",
        Err(_) => "failed",
    };
    super::metrics::command_done(name, result, Some(started.elapsed().as_secs_f64()));
    if let Err(error) = outcome {
        match &error {
            Error::User(_) => {}
            other => tracing::error!(custom_id, error = %other, "button handler failed"),
        }
        if let Error::Discord(e) = &error {
            super::metrics::discord_error(e);
        }
        // The one place a click's error becomes words: the clicker's language.
        let asker = Asker {
            lang: Lang::from_discord(&click.locale),
            player: player(&click.user),
            guild: click.guild_id.map(serenity::GuildId::get),
        };
        let reply = CreateInteractionResponseMessage::new()
            .content(error.player_message(&asker, &data.commands))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        click
            .create_response(ctx, CreateInteractionResponse::Message(reply))
            .await?;
    }
    // What waits for this player where the bot can only answer goes with this click.
    super::answer::hand_over(&Answer::Click(&ctx.http, click), data).await;
    Ok(())
}

/// One click on one of our buttons, with what every action needs.
pub struct Click<'a> {
    /// The gateway's context.
    pub ctx: &'a serenity::Context,
    /// The bot's state.
    pub data: &'a Data,
    /// The click.
    pub interaction: &'a ComponentInteraction,
    /// The clicking user's language.
    pub lang: Lang,
}

impl Click<'_> {
    /// The member who clicked, as the words of an answer see them.
    #[must_use]
    pub fn asker(&self) -> Asker {
        Asker {
            lang: self.lang,
            player: player(&self.interaction.user),
            guild: self.interaction.guild_id.map(serenity::GuildId::get),
        }
    }

    /// The language of the server's public texts (its setting, else its locale; in a DM,
    /// the clicker's).
    pub async fn public_lang(&self) -> Lang {
        let click = self.interaction;
        let guild = click.guild_id.map(serenity::GuildId::get);
        let chosen = self.data.session.language(guild).await;
        chosen
            .as_deref()
            .or(click.guild_locale.as_deref())
            .map_or(self.lang, Lang::from_discord)
    }
}

/// Replaces the message the button sits on.
pub async fn update(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    message: CreateInteractionResponseMessage,
) -> Result<(), Error> {
    click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(message))
        .await?;
    Ok(())
}
