//! The computer opponent: shooters of several strengths and fleet placement.
//!
//! Everything here is pure and deterministic given the random generator passed
//! in, and works only from what a player may know: a [`TargetView`] of the enemy
//! sea (never the hidden fleet).
//!
//! * [`random`] — random shots (and the beginner level, which targets a little);
//! * [`hunt`] — hunt/target: search, then finish what was hit;
//! * [`density`] — per-ship probability density;
//! * [`sampler`] — whole enemy fleets drawn consistent with every observation;
//! * [`strong`] — the strong player, deciding from those samples;
//! * [`placement`] — the computer's own fleet;
//! * [`habit`] — a model of one player's placement habits, learned from their
//!   past fleets, which the hard level uses to weigh the fleets it samples;
//! * [`placers`] — human-like placements, to measure all this against.
//!
//! Use [`opponent`] to get a [`Shooter`] for a [`Difficulty`], call
//! [`Shooter::choose`] once per turn (it returns exactly
//! [`Rules::shots_per_turn`](crate::game::Rules::shots_per_turn) cells), and
//! [`place_fleet`] for the computer's fleet.

pub mod density;
pub mod habit;
pub mod hunt;
pub mod placement;
pub mod placers;
pub mod random;
pub mod sampler;
pub mod strong;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use rand::{Rng, RngExt};

// The rules, under the name the rest of the house knows them by (`crate::game::…`).
use broadside_game as game;

use crate::game::{CellSet, Coord, TargetView};

pub use habit::{Habits, PastFleet};
pub use placement::place_fleet;
pub use placers::Placer;

/// How strong the computer plays.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Difficulty {
    /// Mostly random shots, sometimes following up a hit.
    Easy,
    /// Per-ship probability density.
    Normal,
    /// Sampling whole fleets consistent with everything observed.
    Hard,
}

impl Difficulty {
    /// All levels, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The machine name: `easy`, `normal` or `hard`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text does not name a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty `{0}`; choose easy, normal or hard")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "normal" => Ok(Difficulty::Normal),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(UnknownDifficulty(s.to_owned())),
        }
    }
}

/// A way of choosing where to fire.
pub trait Shooter {
    /// A short name for benchmarks and logs.
    fn name(&self) -> &'static str;

    /// The cells to fire at this turn, knowing only `view`.
    ///
    /// Always exactly `shots_per_turn` cells, all on the board; never a cell
    /// whose content is already known, and (Game 2000) never a cell fired at
    /// before or named twice, unless no unfired cell remains.
    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord>;
}

/// The shooter for a difficulty level.
#[must_use]
pub fn opponent(difficulty: Difficulty) -> Box<dyn Shooter + Send> {
    opponent_against(difficulty, None)
}

/// The shooter for a difficulty level, playing against an opponent whose
/// placement `habits` were learned from their past fleets. Only
/// [`Difficulty::Hard`] uses them; habits of another variant are ignored.
#[must_use]
pub fn opponent_against(
    difficulty: Difficulty,
    habits: Option<Arc<Habits>>,
) -> Box<dyn Shooter + Send> {
    match difficulty {
        Difficulty::Easy => Box::new(random::Easy::default()),
        Difficulty::Normal => Box::new(density::Density),
        Difficulty::Hard => Box::new(strong::Strong {
            habits,
            ..strong::Strong::default()
        }),
    }
}

/// Completes `chosen` into a valid turn: drops cells off the board, cells not
/// open and duplicates, then fills up with random open cells (and, only when
/// none is left, with any cells of the board) to exactly `shots_per_turn`.
#[must_use]
pub fn complete_turn(view: &TargetView, chosen: &[Coord], rng: &mut dyn Rng) -> Vec<Coord> {
    let variant = view.variant;
    let want = usize::from(variant.rules().shots_per_turn);
    let mut open = view.open_cells();
    let mut out = Vec::with_capacity(want);
    for &c in chosen {
        if out.len() == want {
            break;
        }
        if variant.contains(c) && open.contains(c) {
            open.remove(c);
            out.push(c);
        }
    }
    while out.len() < want {
        let left: Vec<Coord> = open.iter().collect();
        let pick = if left.is_empty() {
            // Nothing useful is left: any cell of the board will do.
            let size = variant.size();
            Coord::new(rng.random_range(0..size), rng.random_range(0..size))
        } else {
            Some(left[rng.random_range(0..left.len())])
        };
        if let Some(c) = pick {
            open.remove(c);
            out.push(c);
        }
    }
    out
}

/// The `k` best cells by `score` among `cells`, ties broken at random.
pub(crate) fn top_cells(
    cells: CellSet,
    score: &[f64; 100],
    k: usize,
    rng: &mut dyn Rng,
) -> Vec<Coord> {
    let mut ranked: Vec<(f64, u32, Coord)> = cells
        .iter()
        .map(|c| (score[c.index()], rng.next_u32(), c))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    ranked.into_iter().take(k).map(|(_, _, c)| c).collect()
}

#[cfg(test)]
mod tests;
