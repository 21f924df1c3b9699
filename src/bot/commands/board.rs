//! `/board`: your own board and your picture of the enemy sea, privately.

use crate::bot::error::private_reply;
use crate::bot::play::player;
use crate::bot::{Context, Error, pictures};
use crate::game::{OwnBoardView, PhaseKind, TargetView};

/// Show your own fleet with its damage and your view of the enemy sea (only you see it).
///
/// Use it at any time during a match, also to get fresh pictures after Discord's
/// interaction messages have expired.
#[poise::command(slash_command, ephemeral)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let data = ctx.data();
    let channel = data
        .registry
        .channel_of(me)
        .ok_or_else(|| Error::user("You are not in a match. Start one with `/challenge`."))?;
    let snapshot: Option<(PhaseKind, Option<OwnBoardView>, Option<TargetView>)> =
        data.registry.with_channel(channel, |e| {
            (
                e.game.phase_kind(),
                e.game.own_view(me),
                e.game.target_view(me),
            )
        });
    let Some((phase, own, target)) = snapshot else {
        return Err(Error::user("Your match is over."));
    };
    let Some(own) = own else {
        let text = match phase {
            PhaseKind::Challenge => "The challenge has not been accepted yet.",
            _ => "You have not placed a fleet yet. Use `/place`.",
        };
        return Err(Error::user(text));
    };
    let mut reply = private_reply(match phase {
        PhaseKind::Placement => "Your fleet (not in battle yet).",
        _ => "Your fleet, and what you know of the enemy sea.",
    })
    .attachment(pictures::own_board(&own)?);
    if let Some(target) = target {
        reply = reply.attachment(pictures::target_board(&target)?);
    }
    ctx.send(reply).await?;
    Ok(())
}
