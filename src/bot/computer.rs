//! The computer's turns in a match against a member.
//!
//! The moves are computed and applied while the match is locked, on a blocking
//! thread (a strong move takes milliseconds of pure computation); the message is
//! sent afterwards, like a human's move.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;
use serenity::{CreateMessage, Http};

use super::i18n::Lang;
use super::play::{self, EndSnapshot};
use super::{Error, pictures, text};
use crate::ai;
use crate::game::{FireOutcome, Side, TargetView, Variant};
use crate::registry::{ChannelKey, Entry, MatchId, Registry};

/// What the computer did in one go (a classic streak of hits is several shots).
#[derive(Clone, Debug)]
pub struct ComputerTurn {
    /// The rules.
    pub variant: Variant,
    /// Each shot or salvo, in order.
    pub outcomes: Vec<FireOutcome>,
    /// The computer's knowledge of the member's sea afterwards.
    pub view: TargetView,
    /// The member's new turn deadline.
    pub deadline: SystemTime,
    /// The end of the match, if the computer's move ended it.
    pub end: Option<EndSnapshot>,
    /// Where to announce it.
    pub channel: ChannelKey,
    /// The server's language.
    pub public: Lang,
}

/// Plays the computer's moves for as long as it is to move. `None` when it is not
/// the computer's turn (or there is no computer in this match).
pub fn play_turns(entry: &mut Entry, turn_timeout: Duration) -> Option<ComputerTurn> {
    let Entry { game, computer, .. } = entry;
    let computer = computer.as_mut()?;
    let me = game.player(Side::Opponent);
    let mut shooter = ai::opponent(computer.difficulty);
    let mut outcomes = Vec::new();
    while game.to_move() == Some(me) {
        let view = game.target_view(me)?;
        let cells = shooter.choose(&view, &mut computer.rng);
        let outcome = match game.fire(me, &cells) {
            Ok(outcome) => outcome,
            Err(e) => {
                // The shooters promise legal cells; never let a bug stall the match.
                tracing::error!(error = %e, ?cells, "the computer chose an illegal shot");
                let cells = ai::complete_turn(&view, &[], &mut computer.rng);
                game.fire(me, &cells).ok()?
            }
        };
        outcomes.push(outcome);
    }
    if outcomes.is_empty() {
        return None;
    }
    entry.deadline = play::now() + turn_timeout;
    Some(ComputerTurn {
        variant: entry.game.variant(),
        view: entry.game.target_view(me)?,
        deadline: entry.deadline,
        end: EndSnapshot::of(entry),
        channel: entry.channel,
        public: play::public_lang(entry),
        outcomes,
    })
}

/// If the computer is to move in match `id`, plays and announces its moves.
pub async fn take_turn(
    http: &Http,
    registry: &Arc<Registry>,
    id: MatchId,
    turn_timeout: Duration,
) -> Result<(), Error> {
    let reg = Arc::clone(registry);
    let turn = tokio::task::spawn_blocking(move || {
        reg.with_id(id, |e| play_turns(e, turn_timeout)).flatten()
    })
    .await
    .map_err(|e| Error::Internal(anyhow::anyhow!("the computer's move failed: {e}")))?;
    let Some(turn) = turn else {
        return Ok(());
    };
    let (channel, lang) = (turn.channel, turn.public);
    let mut lines: Vec<String> = turn
        .outcomes
        .iter()
        .map(|o| text::shot_line(lang, turn.variant, o))
        .collect();
    if let Some(last) = turn.outcomes.last() {
        let next = text::next_line(lang, last, turn.deadline);
        if !next.is_empty() {
            lines.push(next);
        }
    }
    let mut message = CreateMessage::new()
        .content(lines.join("\n"))
        .add_file(pictures::target_board(&turn.view, lang)?);
    if turn.variant == Variant::Game2000
        && let Some(salvo) = turn.view.salvos.last()
    {
        message = message.add_file(pictures::salvo_report(salvo, lang)?);
    }
    serenity::ChannelId::new(channel.0)
        .send_message(http, message)
        .await?;
    if let Some(end) = turn.end {
        play::finish(http, registry, end).await?;
    }
    Ok(())
}
