//! The computer's turns in a match against a member.
//!
//! Each move is computed from a copy of the match on a blocking thread (a strong
//! move takes milliseconds of pure computation) with no lock held, then applied
//! under the lock if the match is unchanged; the message is sent afterwards,
//! like a human's move.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;
use serenity::{CreateMessage, Http};

use super::i18n::Lang;
use super::play::{self, EndSnapshot};
use super::{Error, pictures, text};
use crate::ai;
use crate::game::{Coord, FireOutcome, Side, TargetView, Variant};
use crate::registry::{ChannelKey, Entry, MatchId, Registry};
use rand_chacha::ChaCha8Rng;

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

/// What the computer needs to choose one move, copied while the match is locked.
struct Plan {
    view: TargetView,
    difficulty: ai::Difficulty,
    rng: ChaCha8Rng,
}

/// The computer's next move to think about, if it is to move in this match.
fn plan(entry: &Entry) -> Option<Plan> {
    let computer = entry.computer.as_ref()?;
    let me = entry.game.player(Side::Opponent);
    if entry.game.to_move() != Some(me) {
        return None;
    }
    Some(Plan {
        view: entry.game.target_view(me)?,
        difficulty: computer.difficulty,
        rng: computer.rng.clone(),
    })
}

/// Chooses a move: pure computation, done without holding any lock.
fn think(mut plan: Plan) -> (Vec<Coord>, Plan) {
    let cells = ai::opponent(plan.difficulty).choose(&plan.view, &mut plan.rng);
    (cells, plan)
}

/// Plays a move chosen from `plan`, if the match is still exactly where the plan
/// saw it (a forfeit, a cancellation or a timeout may have come in between).
///
/// Each move played gives the computer a fresh deadline, so that a long streak
/// of hits never runs out of time (after its last move, that deadline is the
/// member's); a computer that cannot move at all still loses on time.
fn apply(
    entry: &mut Entry,
    plan: Plan,
    cells: &[Coord],
    turn_timeout: Duration,
) -> Option<FireOutcome> {
    let me = entry.game.player(Side::Opponent);
    if entry.game.to_move() != Some(me) || entry.game.target_view(me)? != plan.view {
        return None;
    }
    let Entry { game, computer, .. } = entry;
    let computer = computer.as_mut()?;
    computer.rng = plan.rng;
    let outcome = match game.fire(me, cells) {
        Ok(outcome) => outcome,
        Err(e) => {
            // The shooters promise legal cells; never let a bug stall the match.
            tracing::error!(error = %e, ?cells, "the computer chose an illegal shot");
            let cells = ai::complete_turn(&plan.view, &[], &mut computer.rng);
            game.fire(me, &cells)
                .inspect_err(|e| tracing::error!(error = %e, ?cells, "the computer cannot move"))
                .ok()?
        }
    };
    entry.deadline = play::now() + turn_timeout;
    Some(outcome)
}

/// Once the computer has moved: what to announce. The member's deadline is the
/// one the computer's last move set (see [`apply`]).
fn conclude(entry: &Entry, outcomes: Vec<FireOutcome>) -> Option<ComputerTurn> {
    if outcomes.is_empty() {
        return None;
    }
    let me = entry.game.player(Side::Opponent);
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

/// If the computer is to move in match `id`, plays and announces its moves
/// (a classic streak of hits is several moves, announced together).
///
/// Each move is thought out on a blocking thread from a copy of the match, with
/// no lock held, and applied only if the match has not changed meanwhile.
/// Failures are logged: the match goes on (or has ended) either way.
pub async fn take_turn(http: &Http, registry: &Arc<Registry>, id: MatchId, turn_timeout: Duration) {
    let mut outcomes = Vec::new();
    loop {
        let Some(plan) = registry.with_id(id, |e| plan(e)).flatten() else {
            break;
        };
        let (cells, plan) = match tokio::task::spawn_blocking(move || think(plan)).await {
            Ok(thought) => thought,
            Err(e) => {
                tracing::error!(match_id = %id, error = %e, "the computer's move failed");
                break;
            }
        };
        match registry
            .with_id(id, |e| apply(e, plan, &cells, turn_timeout))
            .flatten()
        {
            Some(outcome) => outcomes.push(outcome),
            None => break,
        }
    }
    let Some(mut turn) = registry.with_id(id, |e| conclude(e, outcomes)).flatten() else {
        return;
    };
    // Free the channel before anything is sent (see `play::close`).
    let end = turn.end.take().and_then(|end| play::close(registry, end));
    if let Err(e) = announce(http, &turn).await {
        tracing::warn!(match_id = %id, error = %e, "could not announce the computer's move");
    }
    if let Some(end) = end {
        play::announce(http, &end).await;
    }
}

/// Posts the computer's move, in the style of a member's.
async fn announce(http: &Http, turn: &ComputerTurn) -> Result<(), Error> {
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
    Ok(())
}
