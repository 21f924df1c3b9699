//! What the hard computer knows of how a member hides a fleet: learned from the fleets of
//! their finished matches (never the match being played), with this server's members as
//! the prior, learned on a blocking thread and kept per member.
//!
//! A model is dropped when a match of its member ends here (the next computer move learns
//! it again, this match included) and after [`FRESH_FOR`] at the latest, so that a match
//! ended by another process is taken in too. Nothing is stored: after a restart the models
//! are learned again from the database, and `/privacy delete` leaves nothing to learn from
//! (the member's finished matches no longer carry their id).

use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Difficulty, habit::Habits};
use crate::game::{Fleet, PlayerId, Side, Variant};
use crate::store::StoredMatch;

use super::Session;
use super::live::Entry;
use super::record;

/// How many of a member's latest finished matches a model is learned from.
pub const MEMBER_MATCHES: u32 = 50;

/// How many of a server's latest finished matches its population model is learned from.
pub const SERVER_MATCHES: u32 = 200;

/// How long a model is used before it is learned again.
pub const FRESH_FOR: Duration = Duration::from_secs(600);

/// Whose habits: a member in one rule set, or a server's members in one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Whose {
    /// One member.
    Member(PlayerId, Variant),
    /// The members of one server (`None`: matches outside servers).
    Server(Option<u64>, Variant),
}

/// The learned models of this process.
#[derive(Debug, Default)]
pub(crate) struct HabitCache {
    models: DashMap<Whose, (Arc<Habits>, Instant)>,
}

impl HabitCache {
    /// The model, while fresh.
    fn fresh(&self, whose: Whose) -> Option<Arc<Habits>> {
        let hit = self.models.get(&whose)?;
        let (model, at) = &*hit;
        (at.elapsed() < FRESH_FOR).then(|| Arc::clone(model))
    }

    /// Drops the models of `players` (a match of theirs ended).
    pub(crate) fn forget_players(&self, players: &[PlayerId]) {
        self.models
            .retain(|whose, _| !matches!(whose, Whose::Member(p, _) if players.contains(p)));
    }
}

/// The fleets `player` played in the finished matches among `rows`, of `variant` only.
/// Live rows are skipped: the fleet of a match being played is never learned from.
fn fleets_of(rows: &[StoredMatch], player: Option<PlayerId>, variant: Variant) -> Vec<Fleet> {
    rows.iter()
        .filter(|row| !row.live)
        .filter_map(|row| record::entry_of(&row.state).ok())
        .filter(|entry: &Entry| entry.game.variant() == variant)
        .flat_map(|entry| {
            let seats: Vec<PlayerId> = match player {
                Some(p) => vec![p],
                None => entry
                    .game
                    .players()
                    .into_iter()
                    .filter(|p| entry.computer.is_none() || *p != entry.game.player(Side::Opponent))
                    .collect(),
            };
            let crate::game::Phase::Finished {
                battle: Some(battle),
                ..
            } = entry.game.phase()
            else {
                return Vec::new();
            };
            seats
                .into_iter()
                .filter_map(|p| entry.game.side_of(p))
                .map(|side| battle.sea(side).fleet().clone())
                .collect::<Vec<_>>()
        })
        .collect()
}

impl Session {
    /// The hard computer's model of how `player` places a `variant` fleet, learned from
    /// their finished matches with `guild`'s members as the prior; `None` when nothing
    /// could be read (the computer then plays without one).
    pub async fn habits(
        &self,
        player: PlayerId,
        variant: Variant,
        guild: Option<u64>,
    ) -> Option<Arc<Habits>> {
        let member = Whose::Member(player, variant);
        if let Some(model) = self.habits.fresh(member) {
            return Some(model);
        }
        let server = self.server_habits(guild, variant).await;
        let rows = match self.store.recent(player.0, MEMBER_MATCHES).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a member's finished matches");
                return server;
            }
        };
        let model = tokio::task::spawn_blocking(move || {
            let fleets = fleets_of(&rows, Some(player), variant);
            Habits::learn(variant, &fleets, server.as_deref())
        })
        .await
        .ok()?;
        let model = Arc::new(model);
        self.habits
            .models
            .insert(member, (Arc::clone(&model), Instant::now()));
        Some(model)
    }

    /// The model of `guild`'s members, the prior of each member's.
    async fn server_habits(&self, guild: Option<u64>, variant: Variant) -> Option<Arc<Habits>> {
        let whose = Whose::Server(guild, variant);
        if let Some(model) = self.habits.fresh(whose) {
            return Some(model);
        }
        let rows = match self.store.finished_in(guild, SERVER_MATCHES).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a server's finished matches");
                return None;
            }
        };
        let model = tokio::task::spawn_blocking(move || {
            let fleets = fleets_of(&rows, None, variant);
            Habits::population(variant, &fleets)
        })
        .await
        .ok()?;
        let model = Arc::new(model);
        self.habits
            .models
            .insert(whose, (Arc::clone(&model), Instant::now()));
        Some(model)
    }
}

/// The computer's fleet at `level`, chosen on a blocking thread (the hard computer tries
/// many fleets to find one hard to hit), with its random numbers after the choice.
pub(crate) async fn computer_fleet(
    variant: Variant,
    level: Difficulty,
    mut rng: ChaCha8Rng,
) -> (Fleet, ChaCha8Rng) {
    let mut fallback = rng.clone();
    match tokio::task::spawn_blocking(move || {
        let fleet = ai::place_fleet(variant, level, &mut rng);
        (fleet, rng)
    })
    .await
    {
        Ok(chosen) => chosen,
        Err(e) => {
            tracing::error!(error = %e, "choosing the computer's fleet failed");
            let fleet = crate::game::random::random_fleet(variant, &mut fallback);
            (fleet, fallback)
        }
    }
}
