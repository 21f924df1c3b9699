//! `/board`: your own board and your picture of the enemy sea, privately.

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::context::player;
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error, pictures};
use crate::game::{OwnBoardView, PhaseKind, TargetView};
use crate::session::Locate;

/// What `/board` needs of a match: its phase and the member's two views.
type Snapshot = (PhaseKind, Option<OwnBoardView>, Option<TargetView>);

/// Show your own fleet with its damage and your view of the enemy sea (only you see it).
///
/// Use it at any time during a match, also to see your boards again after the earlier
/// private answers have disappeared.
#[poise::command(slash_command, ephemeral)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let me = player(ctx.author());
    let data = ctx.data();
    let snapshot: Result<Option<Snapshot>, _> = data
        .session
        .try_read(Locate::Player(me), |e| {
            (
                e.game.phase_kind(),
                e.game.own_view(me),
                e.game.target_view(me),
            )
        })
        .await;
    let snapshot = snapshot?;
    let Some((phase, own, target)) = snapshot else {
        return Err(Error::user(says!("err-no-match")));
    };
    let Some(own) = own else {
        let key = match phase {
            PhaseKind::Challenge => "err-board-not-accepted",
            _ => "err-board-no-fleet",
        };
        return Err(Error::user(says!(key)));
    };
    let lang = user_lang(ctx);
    let mut reply = private_reply(match phase {
        PhaseKind::Placement => tr!(lang, "board-placement"),
        _ => tr!(lang, "board-battle"),
    })
    .attachment(pictures::own_board(&data.renderer, &own, lang)?);
    if let Some(target) = target {
        reply = reply.attachment(pictures::target_board(&data.renderer, &target, lang)?);
    }
    ctx.send(reply).await?;
    Ok(())
}
