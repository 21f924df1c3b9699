//! `/fire`: shoot at the enemy sea.

use poise::serenity_prelude as serenity;

use crate::bot::error::user_lang;
use crate::bot::i18n::errors::Explain;
use crate::bot::i18n::{Lang, tr};
use crate::bot::play::{self, EndSnapshot, player};
use crate::bot::{Context, Error, computer, pictures, text};
use crate::game::{FireOutcome, Next, Side, TargetView, Variant, parse_cells};
use crate::registry::ChannelKey;

/// What a successful shot leaves to show, taken under the registry lock.
struct Shot {
    id: crate::registry::MatchId,
    /// The computer is to move next.
    computer_next: bool,
    variant: Variant,
    outcome: FireOutcome,
    view: TargetView,
    deadline: std::time::SystemTime,
    end: Option<EndSnapshot>,
    /// The server's language, for the public result.
    public: Lang,
}

/// Fire at the enemy: one cell in classic (`C4`), three in Game 2000 (`C4 D5 E6`).
///
/// Only the player whose turn it is can fire, in the match's channel. The result is
/// public, with your picture of the enemy sea.
#[poise::command(slash_command, guild_only)]
pub async fn fire(
    ctx: Context<'_>,
    #[description = "Cells to fire at"] targets: String,
) -> Result<(), Error> {
    let me = player(ctx.author());
    let lang = user_lang(ctx);
    let data = ctx.data();
    let channel = ChannelKey(ctx.channel_id().get());
    let turn_timeout = data.config.turn_timeout;

    let shot =
        data.registry
            .with_channel(channel, |e| -> Result<Shot, Error> {
                if !e.has_player(me) {
                    return Err(Error::user(tr!(lang, "err-fire-not-here")));
                }
                let variant = e.game.variant();
                let cells = parse_cells(&targets, variant).map_err(|err| {
                    Error::user(format!(
                        "{} {}",
                        err.explain(lang, variant),
                        expected_cells(lang, variant)
                    ))
                })?;
                let outcome = e
                    .game
                    .fire(me, &cells)
                    .map_err(|err| Error::user(err.explain(lang, variant)))?;
                e.deadline = play::now() + turn_timeout;
                let view = e.game.target_view(me).ok_or_else(|| {
                    Error::Internal(anyhow::anyhow!("no target view after a shot"))
                })?;
                let computer_next = e.computer.is_some()
                    && matches!(outcome.next, Next::Turn { player, .. }
                        if player == e.game.player(Side::Opponent));
                Ok(Shot {
                    id: e.id,
                    computer_next,
                    variant,
                    view,
                    deadline: e.deadline,
                    end: EndSnapshot::of(e),
                    outcome,
                    public: play::public_lang(e),
                })
            })
            .ok_or_else(|| Error::user(tr!(lang, "err-no-match-here")))??;

    // Free the channel before anything is sent: a failed message must not leave
    // an ended match behind.
    let end = shot.end.and_then(|end| play::close(&data.registry, end));
    let public = shot.public;
    let sent = async {
        let mut reply = poise::CreateReply::default()
            .content(text::fired(
                public,
                shot.variant,
                &shot.outcome,
                shot.deadline,
            ))
            .attachment(pictures::target_board(&shot.view, public)?);
        if shot.variant == Variant::Game2000
            && let Some(salvo) = shot.view.salvos.last()
        {
            reply = reply.attachment(pictures::salvo_report(salvo, public)?);
        }
        let mentioned = match shot.outcome.next {
            Next::Turn { player, .. } | Next::Again(player) => {
                vec![serenity::UserId::new(player.0)]
            }
            Next::Over(_) => vec![],
        };
        reply = reply.allowed_mentions(serenity::CreateAllowedMentions::new().users(mentioned));
        ctx.send(reply).await?;
        Ok::<(), Error>(())
    }
    .await;
    // The match goes on (or ends) whether or not the reply got through.
    if let Some(end) = end {
        play::announce(ctx.http(), &end).await;
    } else if shot.computer_next {
        computer::take_turn(ctx.http(), &data.registry, shot.id, turn_timeout).await;
    }
    sent
}

fn expected_cells(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Classic => tr!(lang, "fire-expect-classic"),
        Variant::Game2000 => tr!(lang, "fire-expect-game2000"),
    }
}
