//! The computer's own fleet.
//!
//! Easy and normal place a uniformly drawn random fleet. Hard draws a number
//! of random fleets and keeps the one whose cells a density-based shooter
//! would look at last (the lowest sum of first-shot density over its cells);
//! `ai_bench --placement hard` measures what that changes.

use rand::Rng;

use super::Difficulty;
use super::density::density;
use crate::game::{Fleet, Sea, TargetView, Variant};

/// Random fleets compared by the hard placement.
pub const HARD_CANDIDATES: usize = 24;

/// A fleet for the computer playing at `difficulty`.
#[must_use]
pub fn place_fleet(variant: Variant, difficulty: Difficulty, rng: &mut dyn Rng) -> Fleet {
    match difficulty {
        Difficulty::Easy | Difficulty::Normal => Fleet::random(variant, rng),
        Difficulty::Hard => hard_fleet(variant, rng),
    }
}

/// The least conspicuous of [`HARD_CANDIDATES`] random fleets.
#[must_use]
pub fn hard_fleet(variant: Variant, rng: &mut dyn Rng) -> Fleet {
    let first = Fleet::random(variant, rng);
    // Before any shot the view is the same for every fleet.
    let prior = density(&TargetView::of_sea(&Sea::new(first.clone())));
    let cost = |f: &Fleet| -> f64 { f.cells().iter().map(|c| prior[c.index()]).sum() };
    let mut best_cost = cost(&first);
    let mut best = first;
    for _ in 1..HARD_CANDIDATES {
        let f = Fleet::random(variant, rng);
        let c = cost(&f);
        if c < best_cost {
            best_cost = c;
            best = f;
        }
    }
    best
}
