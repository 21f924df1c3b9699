//! Button clicks, routed by `custom_id` in the framework's global event handler.
//!
//! Every component the bot creates carries a custom id `bs:<match>:<action>[:<arg>]`. Routing
//! by a stable id (instead of collectors) means no click is missed and buttons keep working
//! after a restart, as long as the match still exists. Clicks on ids without the `bs:` prefix
//! are not ours and are left alone.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::{Data, Error};

/// Prefix of every custom id this bot creates.
pub const PREFIX: &str = "bs:";

/// What players see when they click a button of a game that is gone.
pub const STALE_BUTTON: &str = "This button no longer does anything: its game is over or unknown.";

/// A parsed `bs:<match>:<action>[:<arg>]` custom id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentId<'a> {
    /// The match the button belongs to.
    pub match_id: &'a str,
    /// What the button does, e.g. `accept`.
    pub action: &'a str,
    /// Optional extra data, e.g. a cell.
    pub arg: Option<&'a str>,
}

impl<'a> ComponentId<'a> {
    /// Parses a custom id; `None` if it is not ours or is malformed.
    #[must_use]
    pub fn parse(custom_id: &'a str) -> Option<Self> {
        let rest = custom_id.strip_prefix(PREFIX)?;
        let mut parts = rest.splitn(3, ':');
        let match_id = parts.next().filter(|s| !s.is_empty())?;
        let action = parts.next().filter(|s| !s.is_empty())?;
        let arg = parts.next();
        Some(Self {
            match_id,
            action,
            arg,
        })
    }
}

/// Handles a component interaction if its custom id carries our prefix.
pub async fn handle(
    ctx: &serenity::Context,
    _data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let custom_id = click.data.custom_id.as_str();
    if !custom_id.starts_with(PREFIX) {
        tracing::debug!(custom_id, "ignoring a component that is not ours");
        return Ok(());
    }
    let outcome = match ComponentId::parse(custom_id) {
        None => {
            tracing::warn!(custom_id, user = %click.user.id, "malformed component id");
            Err(Error::user(STALE_BUTTON))
        }
        Some(id) => route(&id),
    };
    if let Err(error) = outcome {
        match &error {
            Error::User(_) => {}
            other => tracing::error!(custom_id, error = %other, "button handler failed"),
        }
        let reply = CreateInteractionResponseMessage::new()
            .content(error.player_message())
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        click
            .create_response(ctx, CreateInteractionResponse::Message(reply))
            .await?;
    }
    Ok(())
}

/// Dispatches a parsed click. No game exists yet, so every button is stale.
fn route(id: &ComponentId<'_>) -> Result<(), Error> {
    tracing::debug!(?id, "click on a button of an unknown match");
    Err(Error::user(STALE_BUTTON))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_well_formed_ids() {
        assert_eq!(
            ComponentId::parse("bs:42:fire:C4"),
            Some(ComponentId {
                match_id: "42",
                action: "fire",
                arg: Some("C4")
            })
        );
        assert_eq!(
            ComponentId::parse("bs:7:accept"),
            Some(ComponentId {
                match_id: "7",
                action: "accept",
                arg: None
            })
        );
        assert_eq!(
            ComponentId::parse("bs:7:note:a:b").unwrap().arg,
            Some("a:b")
        );
    }

    #[test]
    fn rejects_foreign_and_malformed_ids() {
        for bad in [
            "",
            "bs:",
            "bs:42",
            "bs::fire",
            "bs:42:",
            "xx:42:fire",
            "BS:1:a",
        ] {
            assert_eq!(ComponentId::parse(bad), None, "{bad:?}");
        }
    }
}
