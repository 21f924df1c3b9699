//! The computer's turns in a match against a member.
//!
//! Each move is chosen from a copy of what the computer may see (its view of the member's
//! sea and its own random numbers) on a blocking thread with no lock held, then played
//! through [`Session::act`] like a member's move (written before it is announced) if the
//! match is still where the copy saw it.

use std::sync::Arc;
use std::time::SystemTime;

use rand_chacha::ChaCha8Rng;

use crate::ai;
use crate::ai::habit::Habits;
use crate::game::{Coord, FireOutcome, PlayerId, Side, TargetView, Variant};

use super::ends::Ended;
use super::entry::Entry;
use super::error::{Broken, SessionError};
use super::ids::Locate;
use super::ids::{ChannelKey, GuildId, MatchId};
use super::pace::Pace;
use super::record;
use super::services::Matches;
use crate::store::Timestamp;

/// What the computer did in one go (a classic streak of hits is several shots).
#[derive(Clone, Debug)]
pub struct ComputerTurn {
    /// The match.
    pub id: MatchId,
    /// The rules.
    pub variant: Variant,
    /// Each shot or salvo, in order.
    pub outcomes: Vec<FireOutcome>,
    /// The computer's knowledge of the member's sea afterwards.
    pub view: TargetView,
    /// The member's new turn deadline.
    pub deadline: SystemTime,
    /// The end of the match, if the computer's move ended it.
    pub ended: Option<Ended>,
    /// Where to announce it.
    pub channel: ChannelKey,
    /// The server's locale.
    pub guild_locale: Option<String>,
    /// The server, if the match is in one; `None` where the bot can only answer (a DM, a
    /// group DM, a server without the bot), so nothing may be posted in `channel`.
    pub guild: Option<GuildId>,
    /// The member playing against the computer.
    pub member: PlayerId,
    /// The match's pace.
    pub pace: Pace,
}

/// Marks a match's computer turn as running until dropped.
struct Busy<'a>(&'a dashmap::DashMap<MatchId, ()>, MatchId);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.remove(&self.1);
    }
}

/// What the computer needs to choose one move, copied while the match is locked.
struct Plan {
    view: TargetView,
    difficulty: ai::Difficulty,
    rng: ChaCha8Rng,
    /// The member it plays against, where, and the rules: whose habits to weigh.
    member: PlayerId,
    guild: Option<GuildId>,
    variant: Variant,
    /// The member's placement habits (hard only), learned from their finished matches.
    habits: Option<Arc<Habits>>,
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
        member: entry.game.player(Side::Challenger),
        guild: entry.guild,
        variant: entry.game.variant(),
        habits: None,
    })
}

/// Chooses a move from the view and the random numbers only: pure computation.
fn think(mut plan: Plan) -> (Vec<Coord>, Plan) {
    let cells = ai::opponent_against(plan.difficulty, plan.habits.clone())
        .choose(&plan.view, &mut plan.rng);
    (cells, plan)
}

/// One move played: what it did and where the match stands.
struct Played {
    outcome: FireOutcome,
    view: TargetView,
    deadline: SystemTime,
    channel: ChannelKey,
    variant: Variant,
    guild_locale: Option<String>,
    guild: Option<GuildId>,
    member: PlayerId,
    pace: Pace,
}

impl Matches<'_> {
    /// Matches where the computer is to move and nothing has happened for `stalled`
    /// (its move failed, or the bot restarted in the middle of it). With a shared store,
    /// of every process (one that stopped mid-turn leaves its matches to the others).
    pub async fn stalled_computer_turns(
        self,
        now: SystemTime,
        stalled: std::time::Duration,
    ) -> Vec<MatchId> {
        let before = Timestamp::of(now.checked_sub(stalled).unwrap_or(now));
        match self.session.store.live().computer_waiting(before).await {
            Ok(ids) => ids
                .into_iter()
                .filter(|id| !self.session.computer_busy.contains_key(id))
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "could not look for stalled computer turns");
                Vec::new()
            }
        }
    }

    /// If the computer is to move in match `id`, plays its moves (a classic streak of hits
    /// is several) and returns them to announce together. Each move is written before
    /// this returns; `None` when the computer had nothing to do.
    pub async fn computer_turn(self, id: MatchId) -> Option<ComputerTurn> {
        // One turn of the computer's at a time per match (the sweep may wake a slow one).
        if self.session.computer_busy.insert(id, ()).is_some() {
            return None;
        }
        let _done = Busy(&self.session.computer_busy, id);
        let mut turn: Option<ComputerTurn> = None;
        let mut habits: Option<Option<Arc<Habits>>> = None;
        loop {
            let Some(mut plan) = self.session.read(Locate::Id(id), plan).await.flatten() else {
                break;
            };
            if plan.difficulty == ai::Difficulty::Hard {
                // Learned (or taken from the cache) once per turn, with no lock held.
                if habits.is_none() {
                    habits = Some(
                        self.session
                            .habits(plan.member, plan.variant, plan.guild)
                            .await,
                    );
                }
                plan.habits = habits.clone().flatten();
            }
            let (cells, plan) = match tokio::task::spawn_blocking(move || think(plan)).await {
                Ok(thought) => thought,
                Err(e) => {
                    tracing::error!(match_id = %id, error = %e, "the computer's move failed");
                    break;
                }
            };
            let (played, ended) = match self.computer_move(id, plan, &cells).await {
                Ok(done) => done,
                Err(SessionError::Stale) => break,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "the computer could not move");
                    break;
                }
            };
            let t = turn.get_or_insert_with(|| ComputerTurn {
                id,
                variant: played.variant,
                outcomes: Vec::new(),
                view: played.view.clone(),
                deadline: played.deadline,
                ended: None,
                channel: played.channel,
                guild_locale: played.guild_locale.clone(),
                guild: played.guild,
                member: played.member,
                pace: played.pace,
            });
            t.outcomes.push(played.outcome);
            t.view = played.view;
            t.deadline = played.deadline;
            if ended.is_some() {
                t.ended = ended;
                break;
            }
        }
        turn
    }

    /// Plays `cells` chosen from `plan`, if the match is exactly where the plan saw it (a
    /// forfeit, a cancellation or a timeout may have come in between: `Stale`). Each move
    /// gives a fresh turn deadline, so a long streak never runs out of time; after the
    /// last move that deadline is the member's.
    async fn computer_move(
        self,
        id: MatchId,
        plan: Plan,
        cells: &[Coord],
    ) -> Result<(Played, Option<Ended>), SessionError> {
        let standard = self.session.standard();
        self.session.act(Locate::Id(id), SessionError::Stale, |e, change| {
            let me = e.game.player(Side::Opponent);
            if e.game.to_move() != Some(me) || e.game.target_view(me).as_ref() != Some(&plan.view) {
                return Err(SessionError::Stale);
            }
            let Entry { game, computer, .. } = e;
            let computer = computer.as_mut().ok_or(SessionError::Stale)?;
            computer.rng = plan.rng;
            let outcome = match game.fire(me, cells) {
                Ok(outcome) => outcome,
                Err(err) => {
                    // The shooters promise legal cells; never let a bug stall the match.
                    tracing::error!(match_id = %id, error = %err, ?cells, "the computer chose an illegal shot");
                    let cells = ai::complete_turn(&plan.view, &[], &mut computer.rng);
                    game.fire(me, &cells)
                        .map_err(Broken::ComputerCannotMove)?
                }
            };
            e.moves += 1;
            change
                .moves
                .push(record::move_of(e.moves, &outcome, change.now));
            e.deadline = change.now + e.timeouts(standard).turn;
            Ok(Played {
                view: e.game.target_view(me).ok_or(Broken::NoTargetView)?,
                deadline: e.deadline,
                channel: e.post_channel(),
                variant: e.game.variant(),
                guild_locale: e.guild_locale.clone(),
                guild: e.guild,
                member: e.game.player(Side::Challenger),
                pace: e.pace,
                outcome,
            })
        })
        .await
    }
}
