//! `/status`: a public summary of a match.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use crate::bot::play::player;
use crate::bot::{Context, Error, text};
use crate::game::PhaseKind;
use crate::registry::ChannelKey;

/// Show this channel's match (or your own): players, rules, turn, shots and deadline.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let here = ChannelKey(ctx.channel_id().get());
    let channel = if data.registry.with_channel(here, |_| ()).is_some() {
        here
    } else {
        data.registry
            .channel_of(player(ctx.author()))
            .ok_or_else(|| {
                Error::user("There is no match in this channel, and you are not in one.")
            })?
    };
    let summary = data
        .registry
        .with_channel(channel, |e| {
            let [a, b] = e.game.players();
            let mut s = format!(
                "**{}** — {} vs {} in {}\n",
                e.game.variant().title(),
                text::mention(a),
                text::mention(b),
                text::channel(channel.0)
            );
            if e.game.options().repeats_forbidden {
                s.push_str("House rule: repeat shots refused.\n");
            }
            match e.game.phase_kind() {
                PhaseKind::Challenge => {
                    let _ = write!(
                        s,
                        "Waiting for {} to answer — expires {}.",
                        text::mention(b),
                        text::relative(e.deadline)
                    );
                }
                PhaseKind::Placement => {
                    let ready = e.game.ready().unwrap_or_default();
                    let word = |r: bool| if r { "ready" } else { "placing" };
                    let _ = write!(
                        s,
                        "Placing fleets: {} {}, {} {} — placement ends {}.",
                        text::mention(a),
                        word(ready[0]),
                        text::mention(b),
                        word(ready[1]),
                        text::relative(e.deadline)
                    );
                }
                PhaseKind::Battle => {
                    if let (Some(to_move), Some(turn)) = (e.game.to_move(), e.game.turn_number()) {
                        let _ = writeln!(
                            s,
                            "Turn {turn}: {} to move — turn ends {}.",
                            text::mention(to_move),
                            text::relative(e.deadline)
                        );
                    }
                    s.push_str(&text::stats_lines(
                        [a, b],
                        [e.game.stats(a), e.game.stats(b)],
                    ));
                }
                PhaseKind::Finished => s.push_str("The match is over."),
            }
            s
        })
        .ok_or_else(|| Error::user("That match has just ended."))?;
    ctx.send(
        poise::CreateReply::default()
            .content(summary)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}
