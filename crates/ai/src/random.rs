//! Random shots, and the beginner level built on them.

use rand::{Rng, RngExt};

use super::{Shooter, complete_turn, hunt};
use crate::game::{Coord, TargetView};

/// Fires at random cells it has not tried yet. The baseline every other
/// strategy must beat.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomShots;

impl Shooter for RandomShots {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord> {
        complete_turn(view, &[], rng)
    }
}

/// The beginner level: random shots, but after a hit it follows up with
/// hunt/target moves only some of the time (`follow_up` chance per turn).
#[derive(Clone, Copy, Debug)]
pub struct Easy {
    /// Chance, per turn, of playing the hunt/target move instead of a random one.
    pub follow_up: f64,
}

impl Default for Easy {
    fn default() -> Self {
        Easy { follow_up: 0.5 }
    }
}

impl Shooter for Easy {
    fn name(&self) -> &'static str {
        "easy"
    }

    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord> {
        let follow = self.follow_up.clamp(0.0, 1.0);
        if rng.random_bool(follow) {
            let targets = hunt::targets(view);
            if !targets.is_empty() {
                let mut picks: Vec<Coord> = targets.iter().collect();
                // A beginner does not know which neighbour is best: any will do.
                for i in (1..picks.len()).rev() {
                    picks.swap(i, rng.random_range(0..=i));
                }
                return complete_turn(view, &picks, rng);
            }
        }
        complete_turn(view, &[], rng)
    }
}
