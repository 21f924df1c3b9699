//! What the hard computer knows of how a member hides a fleet: learned from the fleets of
//! their finished matches (never the match being played), with this server's members as
//! the prior, learned on a blocking thread and kept per member.
//!
//! A model is dropped when the end of a match of its member is announced here (the next
//! computer move learns it again, that match included; a model learned from rows read
//! before is not kept) and after [`FRESH_FOR`] at the latest, so that a match ended by
//! another process is taken in too. Nothing is stored: after a restart the models are
//! learned again from the database. `/privacy delete` leaves nothing to learn a member's
//! model from (their finished matches no longer carry their id); their fleets stay in the
//! server's population model only as anonymous fleets, as the matches themselves do.
//!
//! A member's model is kept with the epoch of their bucket ([`FinishedStore::habit_epoch`]), read
//! before the rows it is learned from, and used only while the store's epoch is still that
//! one: the forget bumps it in its own transaction, so a member forgotten by any process
//! has no model of their own used anywhere after it (issue 36, item 8). It costs one read
//! by the key per use.
//!
//! [`FinishedStore::habit_epoch`]: crate::store::FinishedStore::habit_epoch

use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use rand_chacha::ChaCha8Rng;

use crate::ai::{self, Difficulty, Habits, PastFleet};
use crate::game::{Fleet, PlayerId, Side, Variant};
use crate::ids::GuildId;
use crate::store::{FinishedMatch, FinishedOf, Store};

use super::entry::Entry;
use super::record;

/// How many of a member's latest finished matches of a rule set a model is learned from.
pub const MEMBER_MATCHES: u32 = 50;

/// How many of a server's latest finished matches of a rule set its population model is
/// learned from.
pub const SERVER_MATCHES: u32 = 200;

/// How long a model is used before it is learned again.
pub const FRESH_FOR: Duration = Duration::from_secs(600);

/// Whose habits, in one rule set: a member (with the prior of the server they play in), or
/// a server's members (`None`: matches outside servers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Whose {
    /// One member, against the prior of one server.
    Member(PlayerId, Option<GuildId>, Variant),
    /// The members of one server.
    Server(Option<GuildId>, Variant),
}

/// The learned models of this process.
#[derive(Debug)]
pub(crate) struct HabitCache {
    /// Each model, when it was learned and the epoch of its member's bucket read before
    /// its rows (0 for a server's).
    models: DashMap<Whose, (Arc<Habits>, Instant, i64)>,
    /// Per member, how many times their models were dropped: a model learned from rows
    /// read before a drop is not kept.
    generation: DashMap<PlayerId, u64>,
    /// How long a model is used before it is learned again ([`FRESH_FOR`] unless told).
    fresh_for: Duration,
}

impl Default for HabitCache {
    fn default() -> Self {
        Self {
            models: DashMap::new(),
            generation: DashMap::new(),
            fresh_for: FRESH_FOR,
        }
    }
}

impl HabitCache {
    /// The model, while fresh and learned under `epoch`; a stale one, or one learned under
    /// another epoch, is dropped.
    fn fresh(&self, whose: Whose, epoch: i64) -> Option<Arc<Habits>> {
        let found = self.models.get(&whose).map(|hit| {
            let usable = hit.1.elapsed() < self.fresh_for && hit.2 == epoch;
            (Arc::clone(&hit.0), usable)
        });
        match found {
            Some((model, true)) => Some(model),
            Some((_, false)) => {
                self.models.remove(&whose);
                None
            }
            None => None,
        }
    }

    /// The generation of `player`'s models now.
    fn generation(&self, player: PlayerId) -> u64 {
        self.generation.get(&player).map_or(0, |g| *g)
    }

    /// Keeps `model`, learned under `epoch`, unless `player`'s models were dropped here
    /// since `generation`.
    fn keep(
        &self,
        whose: Whose,
        player: Option<PlayerId>,
        generation: u64,
        epoch: i64,
        model: &Arc<Habits>,
    ) {
        if player.is_some_and(|p| self.generation(p) != generation) {
            return;
        }
        self.models
            .insert(whose, (Arc::clone(model), Instant::now(), epoch));
    }

    /// Drops the models of `players` (a match of theirs ended, or they were forgotten).
    pub(crate) fn forget_players(&self, players: &[PlayerId]) {
        for p in players {
            *self.generation.entry(*p).or_insert(0) += 1;
        }
        self.models
            .retain(|whose, _| !matches!(whose, Whose::Member(p, ..) if players.contains(p)));
    }
}

/// The fleets `player` (or, `None`, every member) played in the finished matches `rows`,
/// of `variant` only. Nothing else can be learned from: the store makes a
/// [`FinishedMatch`] only of a match that is not live, and a [`PastFleet`] comes only
/// from a match that is over.
fn fleets_of(rows: &[FinishedMatch], player: Option<PlayerId>, variant: Variant) -> Vec<PastFleet> {
    rows.iter()
        .filter_map(|row| record::entry_of(row.state()).ok())
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
            seats
                .into_iter()
                .filter_map(|p| PastFleet::of(&entry.game, p))
                .collect::<Vec<_>>()
        })
        .collect()
}

impl HabitCache {
    /// This cache, with each learned habit model used for `lifetime` before it is learned
    /// again, instead of ten minutes.
    pub(super) fn set_fresh_for(&mut self, lifetime: Duration) {
        self.fresh_for = lifetime;
    }

    /// The hard computer's model of how `player` places a `variant` fleet, learned from
    /// their finished matches in `store` (never a live one) with `guild`'s members as the
    /// prior, on a blocking thread, and kept for ten minutes or until a match of theirs
    /// ends or a member of their bucket is forgotten (by any process: the bucket's epoch
    /// is read first); `None` when nothing could be read (the computer then plays without
    /// one).
    pub(super) async fn model(
        &self,
        store: &dyn Store,
        player: PlayerId,
        variant: Variant,
        guild: Option<GuildId>,
    ) -> Option<Arc<Habits>> {
        let member = Whose::Member(player, guild, variant);
        // Read before the rows: a forget committed after it is seen at the next use.
        let epoch = match store.finished().habit_epoch(player).await {
            Ok(epoch) => Some(epoch),
            Err(e) => {
                tracing::warn!(error = %e, "could not read a member's habit epoch");
                None
            }
        };
        if let Some(model) = epoch.and_then(|epoch| self.fresh(member, epoch)) {
            return Some(model);
        }
        let generation = self.generation(player);
        let server = self.server_model(store, guild, variant).await;
        let rows = match store
            .finished()
            .latest(FinishedOf::Member(player), variant.key(), MEMBER_MATCHES)
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a member's finished matches");
                return server;
            }
        };
        let model = learn(move || {
            let fleets = fleets_of(&rows, Some(player), variant);
            Habits::learn(variant, &fleets, server.as_deref())
        })
        .await?;
        // Without an epoch it cannot be checked later: used once, not kept.
        if let Some(epoch) = epoch {
            self.keep(member, Some(player), generation, epoch, &model);
        }
        Some(model)
    }

    /// The model of `guild`'s members, the prior of each member's.
    async fn server_model(
        &self,
        store: &dyn Store,
        guild: Option<GuildId>,
        variant: Variant,
    ) -> Option<Arc<Habits>> {
        let whose = Whose::Server(guild, variant);
        if let Some(model) = self.fresh(whose, 0) {
            return Some(model);
        }
        let rows = match store
            .finished()
            .latest(
                guild.map_or(FinishedOf::OutsideServers, FinishedOf::Server),
                variant.key(),
                SERVER_MATCHES,
            )
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a server's finished matches");
                return None;
            }
        };
        let model =
            learn(move || Habits::population(variant, &fleets_of(&rows, None, variant))).await?;
        self.keep(whose, None, 0, 0, &model);
        Some(model)
    }
}

/// Runs `work` on a blocking thread; a failure is logged and gives no model.
async fn learn(work: impl FnOnce() -> Habits + Send + 'static) -> Option<Arc<Habits>> {
    match tokio::task::spawn_blocking(work).await {
        Ok(model) => Some(Arc::new(model)),
        Err(e) => {
            tracing::error!(error = %e, "learning placement habits failed");
            None
        }
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
