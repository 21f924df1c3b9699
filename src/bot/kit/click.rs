//! What every button handler shares: the [`Click`] it gets (with the two ways of answering
//! it first and filling in later: [`Click::defer_private`], [`Click::acknowledge`]), the
//! answer that replaces the clicked message ([`update`]), the refusal of a button whose
//! game is gone ([`stale_button`]) and the end of every click ([`finish_click`]: counted,
//! a refusal or failure answered privately where the click's answer is). The handlers
//! live with their features; the router above them hands what waits for the clicker over
//! after each click.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

use crate::bot::kit::audience::Audience;
use crate::bot::kit::context::Data;
use crate::bot::kit::error::Error;
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::i18n::errors::Asker;

/// What players are told when they click a button of a game that is gone.
#[must_use]
pub fn stale_button() -> Error {
    Error::user(says!("err-stale-button"))
}

/// Counts a click and answers a refused or failed one privately: as the click's answer,
/// or, when the handler answered it first ([`Click::defer_private`],
/// [`Click::acknowledge`]), in that answer's place or beside it.
pub async fn finish_click(
    c: &Click<'_>,
    name: &str,
    started: std::time::Instant,
    outcome: Result<(), Error>,
) -> Result<(), Error> {
    let (ctx, data, click) = (c.ctx, c.data, c.interaction);
    let custom_id = click.data.custom_id.as_str();
    let result = match &outcome {
        Ok(()) => "ok",
        Err(Error::User(_)) => "refused",
        Err(_) => "failed",
    };
    crate::bot::kit::metrics::command_done(name, result, Some(started.elapsed().as_secs_f64()));
    if let Err(error) = outcome {
        match &error {
            Error::User(_) => {}
            other => tracing::error!(custom_id, error = %other, "button handler failed"),
        }
        if let Error::Discord(e) = &error {
            crate::bot::kit::metrics::discord_error(e);
        }
        // The one place a click's error becomes words: the clicker's language.
        let text = error.player_message(&c.asker(), &data.commands);
        let quiet = serenity::CreateAllowedMentions::new;
        match c.answered.get() {
            None => {
                let reply = CreateInteractionResponseMessage::new()
                    .content(text)
                    .ephemeral(true)
                    .allowed_mentions(quiet());
                click
                    .create_response(ctx, CreateInteractionResponse::Message(reply))
                    .await?;
            }
            Some(Refusal::InPlace) => {
                let edit = serenity::EditInteractionResponse::new()
                    .content(text)
                    .allowed_mentions(quiet());
                click.edit_response(ctx, edit).await?;
            }
            Some(Refusal::Beside) => {
                let note = serenity::CreateInteractionResponseFollowup::new()
                    .content(text)
                    .ephemeral(true)
                    .allowed_mentions(quiet());
                click.create_followup(ctx, note).await?;
            }
        }
    }
    Ok(())
}

/// Where a refusal goes once the handler answered the click first (Discord takes one
/// answer per click; the handler's own comes later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// In the answer's place: the private "thinking" is filled in with it, or the clicked
    /// (private) message's words become it, its buttons kept.
    InPlace,
    /// Beside the clicked message, which stays: a private message of its own.
    Beside,
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
    /// Set once the click is answered first: where [`finish_click`] says a refusal.
    answered: std::sync::OnceLock<Refusal>,
}

impl<'a> Click<'a> {
    /// The click `interaction`, by the user whose language is `lang`, not answered yet.
    #[must_use]
    pub fn new(
        ctx: &'a serenity::Context,
        data: &'a Data,
        interaction: &'a ComponentInteraction,
        lang: Lang,
    ) -> Self {
        Self {
            ctx,
            data,
            interaction,
            lang,
            answered: std::sync::OnceLock::new(),
        }
    }

    /// Answers "thinking", privately, for an answer that takes a while: the handler fills
    /// it in (`edit_response`), and a refusal takes its place.
    pub async fn defer_private(&self) -> Result<(), Error> {
        self.interaction
            .create_response(
                self.ctx,
                CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(true),
                ),
            )
            .await?;
        let _ = self.answered.set(Refusal::InPlace);
        Ok(())
    }

    /// Acknowledges the click (a deferred update of the clicked message) for work that
    /// may take longer than Discord waits; a refusal then goes where `refusal` says.
    pub async fn acknowledge(&self, refusal: Refusal) -> Result<(), Error> {
        self.interaction
            .create_response(self.ctx, CreateInteractionResponse::Acknowledge)
            .await?;
        let _ = self.answered.set(refusal);
        Ok(())
    }

    /// Who the click speaks to: the clicker, and the place's public texts.
    #[must_use]
    pub fn audience(&self) -> Audience {
        Audience::of_click(self.interaction)
    }

    /// The member who clicked, as the words of an answer see them.
    #[must_use]
    pub fn asker(&self) -> Asker {
        self.audience().asker
    }

    /// The language of the server's public texts (see [`Audience::public_lang`]).
    pub async fn public_lang(&self) -> Lang {
        self.audience().public_lang(&self.data.session).await
    }
}

/// Whether the component `click` names sits on the message it was clicked on (Discord
/// sends that message, with its components, in the click). A button's custom id belongs to
/// the message that carries it: a click on any other message was forged (a custom id can
/// be sent on any message), so the router answers it privately as a stale button and no
/// handler runs: nothing changes and the message is never edited (an end post or a
/// sign-up is not replaced by the clicker's own view).
#[must_use]
pub fn on_its_message(click: &ComponentInteraction) -> bool {
    let id = click.data.custom_id.as_str();
    click
        .message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .any(|component| custom_id(component) == Some(id))
}

/// The custom id of `component` (a link button has none).
fn custom_id(component: &serenity::ActionRowComponent) -> Option<&str> {
    match component {
        serenity::ActionRowComponent::Button(button) => match &button.data {
            serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id),
            _ => None,
        },
        serenity::ActionRowComponent::SelectMenu(menu) => menu.custom_id.as_deref(),
        serenity::ActionRowComponent::InputText(input) => Some(&input.custom_id),
        _ => None,
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
