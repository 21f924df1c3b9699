//! Button clicks, routed by `custom_id` in the framework's global event handler.
//!
//! Every component the bot creates carries a custom id `bs:<match>:<action>[:<arg>]`. Routing
//! by a stable id (instead of collectors) means no click is missed and buttons keep working
//! after a restart, as long as the match still exists. Clicks on ids without the `bs:` prefix
//! are not ours and are left alone.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateMessage,
};

use super::play::{self, EndSnapshot, Preview, player};
use super::{Data, Error, computer, pictures, text};
use crate::game::Confirmed;
use crate::registry::MatchId;

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
    data: &Data,
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
        Some(id) => route(ctx, data, click, &id).await,
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

/// Dispatches a parsed click to its match.
async fn route(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: &ComponentId<'_>,
) -> Result<(), Error> {
    let Ok(match_id) = id.match_id.parse::<u64>().map(MatchId) else {
        return Err(Error::user(STALE_BUTTON));
    };
    match id.action {
        "accept" => accept(ctx, data, click, match_id).await,
        "decline" => decline(ctx, data, click, match_id).await,
        "shuffle" => shuffle(ctx, data, click, match_id).await,
        "ready" => ready(ctx, data, click, match_id, id.arg.unwrap_or("")).await,
        other => {
            tracing::debug!(action = other, "unknown button action");
            Err(Error::user(STALE_BUTTON))
        }
    }
}

fn user_error(e: &impl ToString) -> Error {
    Error::user(text::sentence(&e.to_string()))
}

/// Replaces the message the button sits on.
async fn update(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    message: CreateInteractionResponseMessage,
) -> Result<(), Error> {
    click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(message))
        .await?;
    Ok(())
}

async fn accept(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: MatchId,
) -> Result<(), Error> {
    let me = player(&click.user);
    let timeout = data.config.placement_timeout;
    let (players, variant, deadline, previews) = data
        .registry
        .with_id(id, |e| -> Result<_, Error> {
            e.game.accept(me).map_err(|err| user_error(&err))?;
            e.deadline = play::now() + timeout;
            let players = e.game.players();
            let mut previews = Vec::new();
            for p in players {
                // Everyone starts with a random fleet they can keep, shuffle or replace.
                e.game.shuffle_fleet(p).map_err(|err| user_error(&err))?;
                previews.extend(Preview::of(e, p).map(|v| (p, v)));
            }
            Ok((players, e.game.variant(), e.deadline, previews))
        })
        .ok_or_else(|| Error::user(STALE_BUTTON))??;
    update(
        ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(text::accepted(players, variant, deadline))
            .components(vec![]),
    )
    .await?;
    for (p, preview) in previews {
        if !play::dm_preview(&ctx.http, p, &preview).await? {
            serenity::ChannelId::new(preview.channel.0)
                .send_message(
                    &ctx.http,
                    CreateMessage::new()
                        .content(text::dm_closed_hint(p))
                        .allowed_mentions(
                            serenity::CreateAllowedMentions::new()
                                .users([serenity::UserId::new(p.0)]),
                        ),
                )
                .await?;
        }
    }
    Ok(())
}

async fn decline(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: MatchId,
) -> Result<(), Error> {
    let me = player(&click.user);
    let end = data
        .registry
        .with_id(id, |e| -> Result<EndSnapshot, Error> {
            e.game.decline(me).map_err(|err| user_error(&err))?;
            EndSnapshot::of(e)
                .ok_or_else(|| Error::Internal(anyhow::anyhow!("decline did not end the match")))
        })
        .ok_or_else(|| Error::user(STALE_BUTTON))??;
    data.registry.close(end.channel, end.id);
    update(
        ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(end.text())
            .components(vec![])
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await
}

async fn shuffle(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: MatchId,
) -> Result<(), Error> {
    let me = player(&click.user);
    let preview = data
        .registry
        .with_id(id, |e| -> Result<Preview, Error> {
            e.game.shuffle_fleet(me).map_err(|err| user_error(&err))?;
            Preview::of(e, me).ok_or_else(|| Error::user("You have no fleet yet."))
        })
        .ok_or_else(|| Error::user(STALE_BUTTON))??;
    let picture = pictures::own_board(&preview.view)?;
    update(
        ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(preview.text())
            .files([picture])
            .components(play::placement_buttons(preview.id, &preview.fleet)),
    )
    .await
}

async fn ready(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: MatchId,
    tag: &str,
) -> Result<(), Error> {
    let me = player(&click.user);
    let turn_timeout = data.config.turn_timeout;
    let (preview, confirmed, players, deadline) = data
        .registry
        .with_id(id, |e| -> Result<_, Error> {
            let preview = match Preview::of(e, me) {
                Some(p) => p,
                None if !e.has_player(me) => {
                    return Err(Error::user("This button belongs to another player."));
                }
                None => {
                    return Err(Error::user(
                        "There is no fleet to make final any more: the battle has begun.",
                    ));
                }
            };
            if play::fleet_tag(&preview.fleet) != tag {
                return Err(Error::user(
                    "This preview is out of date: your fleet changed since (by Shuffle or \
                     `/place`). Use Ready on the latest preview, or `/board` to see your fleet.",
                ));
            }
            let confirmed = e.game.confirm(me).map_err(|err| user_error(&err))?;
            if matches!(confirmed, Confirmed::BattleStarts { .. }) {
                e.deadline = play::now() + turn_timeout;
            }
            Ok((preview, confirmed, e.game.players(), e.deadline))
        })
        .ok_or_else(|| Error::user(STALE_BUTTON))??;
    let waiting_for = match confirmed {
        Confirmed::Waiting => players.into_iter().find(|&p| p != me),
        Confirmed::BattleStarts { .. } => None,
    };
    update(
        ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(text::fleet_final(&preview.fleet.to_string(), waiting_for))
            .files([pictures::own_board(&preview.view)?])
            .components(vec![])
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    if let Confirmed::BattleStarts { first } = confirmed {
        let start = serenity::ChannelId::new(preview.channel.0)
            .send_message(
                &ctx.http,
                CreateMessage::new()
                    .content(text::battle_starts(
                        players,
                        first,
                        preview.variant,
                        deadline,
                    ))
                    .allowed_mentions(
                        serenity::CreateAllowedMentions::new()
                            .users(players.map(|p| serenity::UserId::new(p.0))),
                    ),
            )
            .await;
        start?;
        // Against the computer, it may fire first.
        computer::take_turn(&ctx.http, &data.registry, id, turn_timeout).await?;
    }
    Ok(())
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
