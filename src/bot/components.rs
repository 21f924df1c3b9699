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

use super::i18n::errors::Explain;
use super::i18n::{Lang, tr};
use super::play::{self, EndSnapshot, Preview, player};
use super::{Data, Error, computer, pictures, text};
use crate::game::{Confirmed, Variant};
use crate::registry::MatchId;

/// Prefix of every custom id this bot creates.
pub const PREFIX: &str = "bs:";

/// What players see when they click a button of a game that is gone, in `lang`.
#[must_use]
pub fn stale_button(lang: Lang) -> Error {
    Error::user(tr!(lang, "err-stale-button"))
}

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
    // Answers to the clicking user are in their language.
    let lang = Lang::from_discord(&click.locale);
    let outcome = match ComponentId::parse(custom_id) {
        None => {
            tracing::warn!(custom_id, user = %click.user.id, "malformed component id");
            Err(stale_button(lang))
        }
        Some(id) => route(ctx, data, click, &id, lang).await,
    };
    if let Err(error) = outcome {
        match &error {
            Error::User(_) => {}
            other => tracing::error!(custom_id, error = %other, "button handler failed"),
        }
        let reply = CreateInteractionResponseMessage::new()
            .content(error.player_message(lang))
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
    lang: Lang,
) -> Result<(), Error> {
    let Ok(match_id) = id.match_id.parse::<u64>().map(MatchId) else {
        return Err(stale_button(lang));
    };
    let click = Click {
        ctx,
        data,
        interaction: click,
        id: match_id,
        lang,
    };
    match id.action {
        "accept" => accept(&click).await,
        "decline" => decline(&click).await,
        "shuffle" => shuffle(&click).await,
        "ready" => ready(&click, id.arg.unwrap_or("")).await,
        other => {
            tracing::debug!(action = other, "unknown button action");
            Err(stale_button(lang))
        }
    }
}

/// One click on one of our buttons, with what every action needs.
struct Click<'a> {
    ctx: &'a serenity::Context,
    data: &'a Data,
    interaction: &'a ComponentInteraction,
    /// The match the button belongs to.
    id: MatchId,
    /// The clicking user's language.
    lang: Lang,
}

/// An engine error for the clicking user, in their language.
fn user_error(e: &impl Explain, lang: Lang, variant: Variant) -> Error {
    Error::user(e.explain(lang, variant))
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

async fn accept(c: &Click<'_>) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    let timeout = c.data.config.placement_timeout;
    let (players, variant, deadline, previews, public) = c
        .data
        .registry
        .with_id(c.id, |e| -> Result<_, Error> {
            let variant = e.game.variant();
            e.game
                .accept(me)
                .map_err(|err| user_error(&err, lang, variant))?;
            e.player_locales[1] = Some(click.locale.clone());
            e.deadline = play::now() + timeout;
            let players = e.game.players();
            let mut previews = Vec::new();
            for p in players {
                // Everyone starts with a random fleet they can keep, shuffle or replace.
                e.game
                    .shuffle_fleet(p)
                    .map_err(|err| user_error(&err, lang, variant))?;
                previews.extend(Preview::of(e, p).map(|v| (p, v, play::player_lang(e, p))));
            }
            Ok((players, variant, e.deadline, previews, play::public_lang(e)))
        })
        .ok_or_else(|| stale_button(lang))??;
    update(
        ctx,
        click,
        CreateInteractionResponseMessage::new()
            .content(text::accepted(public, players, variant, deadline))
            .components(vec![]),
    )
    .await?;
    // One player's failed DM must not cost the other theirs.
    for (p, preview, private) in previews {
        let delivered = play::dm_preview(&ctx.http, p, &preview, private)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "could not send a fleet preview by DM");
                false
            });
        if !delivered {
            let hint = serenity::ChannelId::new(preview.channel.0)
                .send_message(
                    &ctx.http,
                    CreateMessage::new()
                        .content(text::dm_closed_hint(public, p))
                        .allowed_mentions(
                            serenity::CreateAllowedMentions::new()
                                .users([serenity::UserId::new(p.0)]),
                        ),
                )
                .await;
            if let Err(e) = hint {
                tracing::warn!(error = %e, "could not post the /place hint");
            }
        }
    }
    Ok(())
}

async fn decline(c: &Click<'_>) -> Result<(), Error> {
    let lang = c.lang;
    let me = player(&c.interaction.user);
    let end = c
        .data
        .registry
        .with_id(c.id, |e| -> Result<EndSnapshot, Error> {
            let variant = e.game.variant();
            e.game
                .decline(me)
                .map_err(|err| user_error(&err, lang, variant))?;
            EndSnapshot::of(e)
                .ok_or_else(|| Error::Internal(anyhow::anyhow!("decline did not end the match")))
        })
        .ok_or_else(|| stale_button(lang))??;
    // Whoever frees the match announces its end (the sweeper may have, just now).
    let Some(end) = play::close(&c.data.registry, end) else {
        return Err(stale_button(lang));
    };
    update(
        c.ctx,
        c.interaction,
        CreateInteractionResponseMessage::new()
            .content(end.text())
            .components(vec![])
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await
}

async fn shuffle(c: &Click<'_>) -> Result<(), Error> {
    let lang = c.lang;
    let me = player(&c.interaction.user);
    let preview = c
        .data
        .registry
        .with_id(c.id, |e| -> Result<Preview, Error> {
            let variant = e.game.variant();
            e.game
                .shuffle_fleet(me)
                .map_err(|err| user_error(&err, lang, variant))?;
            Preview::of(e, me).ok_or_else(|| Error::user(tr!(lang, "err-no-fleet-yet")))
        })
        .ok_or_else(|| stale_button(lang))??;
    let picture = pictures::own_board(&preview.view, lang)?;
    update(
        c.ctx,
        c.interaction,
        CreateInteractionResponseMessage::new()
            .content(preview.text(lang))
            .files([picture])
            .components(preview.buttons(lang)),
    )
    .await
}

async fn ready(c: &Click<'_>, tag: &str) -> Result<(), Error> {
    let (ctx, click, lang) = (c.ctx, c.interaction, c.lang);
    let me = player(&click.user);
    let turn_timeout = c.data.config.turn_timeout;
    let (preview, confirmed, players, deadline, public) = c
        .data
        .registry
        .with_id(c.id, |e| -> Result<_, Error> {
            let preview = match Preview::of(e, me) {
                Some(p) => p,
                None if !e.has_player(me) => {
                    return Err(Error::user(tr!(lang, "err-not-your-button")));
                }
                None => return Err(Error::user(tr!(lang, "err-ready-battle-begun"))),
            };
            if play::fleet_tag(&preview.fleet) != tag {
                return Err(Error::user(tr!(lang, "err-ready-stale")));
            }
            let confirmed = e
                .game
                .confirm(me)
                .map_err(|err| user_error(&err, lang, preview.variant))?;
            if matches!(confirmed, Confirmed::BattleStarts { .. }) {
                e.deadline = play::now() + turn_timeout;
            }
            Ok((
                preview,
                confirmed,
                e.game.players(),
                e.deadline,
                play::public_lang(e),
            ))
        })
        .ok_or_else(|| stale_button(lang))??;
    let waiting_for = match confirmed {
        Confirmed::Waiting => players.into_iter().find(|&p| p != me),
        Confirmed::BattleStarts { .. } => None,
    };
    let confirmed_reply = async {
        update(
            ctx,
            click,
            CreateInteractionResponseMessage::new()
                .content(text::fleet_final(
                    lang,
                    &preview.fleet.to_string(),
                    waiting_for,
                ))
                .files([pictures::own_board(&preview.view, lang)?])
                .components(vec![])
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await
    }
    .await;
    if let Confirmed::BattleStarts { first } = confirmed {
        let started = serenity::ChannelId::new(preview.channel.0)
            .send_message(
                &ctx.http,
                CreateMessage::new()
                    .content(text::battle_starts(
                        public,
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
        if let Err(e) = started {
            tracing::warn!(match_id = %c.id, error = %e, "could not announce the battle");
        }
        // Against the computer, it may fire first (whatever got through above).
        computer::take_turn(&ctx.http, &c.data.registry, c.id, turn_timeout).await;
    }
    confirmed_reply
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
