//! Human-like ways of placing a fleet, for measuring how well the computer
//! copes with (and learns) the habits of real players.
//!
//! Every placer but [`Placer::Uniform`] and [`Placer::Generator`] builds the
//! fleet like the generator does (longest ship first, each ship among the
//! positions still free) but draws each position with a weight
//! `exp(pull × feature)` instead of uniformly. The pulls are the constants of
//! this module; each variant of [`Placer`] names the feature it uses.

use std::fmt;
use std::str::FromStr;

use rand::{Rng, RngExt};

use super::habit::{Board, is_horizontal};
use crate::game::random::{Placement, placements};
use crate::game::{Fleet, Variant};

/// [`Placer::Edge`]: pull per ship cell on the border.
pub const EDGE_PULL: f64 = 1.0;
/// [`Placer::Center`]: push per ship cell on the border.
pub const CENTER_PUSH: f64 = 1.5;
/// [`Placer::Corner`]: pull per ship cell within two steps of a corner cell.
pub const CORNER_PULL: f64 = 1.2;
/// [`Placer::Cluster`]: pull per small ship already placed one water cell away.
pub const CLUSTER_PULL: f64 = 1.5;
/// [`Placer::Cluster`]: the longest ship counted as small.
pub const CLUSTER_MAX_LEN: u8 = 2;
/// [`Placer::Horizontal`]: pull for lying horizontally (ships of 2 or more).
pub const HORIZONTAL_PULL: f64 = 1.5;
/// [`Placer::Uniform`]: steps of the random walk per ship.
pub const UNIFORM_STEPS_PER_SHIP: usize = 300;

/// A way of placing a fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placer {
    /// Prefers border cells: weight `exp(EDGE_PULL × border cells)` per ship.
    Edge,
    /// Avoids border cells: weight `exp(-CENTER_PUSH × border cells)` per ship.
    Center,
    /// Ships in the corners: weight `exp(CORNER_PULL × cells within two steps
    /// of a corner cell)` per ship (Game 2000 forbids the corner cells themselves).
    Corner,
    /// Small ships (up to [`CLUSTER_MAX_LEN`] cells) near each other: weight
    /// `exp(CLUSTER_PULL × small ships already placed one water cell away)`;
    /// longer ships as the generator.
    Cluster,
    /// Orientation bias: weight `exp(HORIZONTAL_PULL)` for horizontal ships.
    Horizontal,
    /// Every valid fleet equally likely: a random walk that moves one ship at a
    /// time to a random legal position ([`UNIFORM_STEPS_PER_SHIP`] steps per ship,
    /// starting from a generator fleet). The walk is symmetric, so it tends to
    /// the uniform distribution.
    Uniform,
    /// The bot's own random fleets ([`Fleet::random`]).
    Generator,
}

impl Placer {
    /// Every placer.
    pub const ALL: [Placer; 7] = [
        Placer::Edge,
        Placer::Center,
        Placer::Corner,
        Placer::Cluster,
        Placer::Horizontal,
        Placer::Uniform,
        Placer::Generator,
    ];

    /// The machine name, as `ai_bench --placer` takes it.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Placer::Edge => "edge",
            Placer::Center => "center",
            Placer::Corner => "corner",
            Placer::Cluster => "cluster",
            Placer::Horizontal => "horizontal",
            Placer::Uniform => "uniform",
            Placer::Generator => "generator",
        }
    }

    /// A fleet placed this way.
    #[must_use]
    pub fn place(&self, variant: Variant, rng: &mut dyn Rng) -> Fleet {
        let board = Board::of(variant);
        match self {
            Placer::Generator => Fleet::random(variant, rng),
            Placer::Uniform => uniform(variant, rng),
            Placer::Edge => weighted(variant, rng, |p, _| {
                EDGE_PULL * f64::from((p.cells.bits() & board.border).count_ones())
            }),
            Placer::Center => weighted(variant, rng, |p, _| {
                -CENTER_PUSH * f64::from((p.cells.bits() & board.border).count_ones())
            }),
            Placer::Corner => weighted(variant, rng, |p, _| {
                CORNER_PULL * f64::from((p.cells.bits() & board.corner).count_ones())
            }),
            Placer::Horizontal => weighted(variant, rng, |p, _| {
                if is_horizontal(p.ship) {
                    HORIZONTAL_PULL
                } else {
                    0.0
                }
            }),
            Placer::Cluster => weighted(variant, rng, |p, placed| {
                if p.ship.len() > CLUSTER_MAX_LEN {
                    return 0.0;
                }
                let near = placed
                    .iter()
                    .filter(|q| {
                        q.ship.len() <= CLUSTER_MAX_LEN
                            && board.ring(q.cells.bits()) & p.cells.bits() != 0
                    })
                    .count();
                #[expect(clippy::cast_precision_loss)]
                let near = near as f64;
                CLUSTER_PULL * near
            }),
        }
    }
}

impl fmt::Display for Placer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text does not name a placer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown placer `{0}`; choose edge, center, corner, cluster, horizontal, uniform or generator"
)]
pub struct UnknownPlacer(pub String);

impl FromStr for Placer {
    type Err = UnknownPlacer;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        Placer::ALL
            .into_iter()
            .find(|p| p.key() == key)
            .ok_or_else(|| UnknownPlacer(s.to_owned()))
    }
}

/// Longest ship first, each drawn among the free positions in proportion to
/// `exp(pull(position, ships placed so far))`; starts over on a dead end.
fn weighted(
    variant: Variant,
    rng: &mut dyn Rng,
    pull: impl Fn(&Placement, &[&Placement]) -> f64,
) -> Fleet {
    let mut lengths: Vec<u8> = variant.ship_lengths().collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let mut placed: Vec<&Placement> = Vec::with_capacity(lengths.len());
    let mut free: Vec<(&Placement, f64)> = Vec::with_capacity(200);
    'attempt: loop {
        placed.clear();
        let mut blocked = 0u128;
        for &len in &lengths {
            free.clear();
            let mut total = 0.0;
            for p in placements(variant, len) {
                if p.cells.bits() & blocked == 0 {
                    let w = pull(p, &placed).exp();
                    total += w;
                    free.push((p, w));
                }
            }
            if free.is_empty() {
                continue 'attempt;
            }
            let mut r = rng.random_range(0.0..total);
            let mut pick = free[free.len() - 1].0;
            for &(p, w) in &free {
                r -= w;
                if r < 0.0 {
                    pick = p;
                    break;
                }
            }
            blocked |= pick.zone.bits();
            placed.push(pick);
        }
        return Fleet::from_valid_parts(variant, placed.iter().map(|p| p.ship).collect());
    }
}

/// A fleet close to uniform over all valid fleets: a symmetric random walk
/// (move one random ship to a random position of its length; keep the move if
/// the fleet stays valid).
fn uniform(variant: Variant, rng: &mut dyn Rng) -> Fleet {
    let start = Fleet::random(variant, rng);
    let mut ships: Vec<&Placement> = start
        .ships()
        .iter()
        .filter_map(|s| {
            placements(variant, s.len())
                .iter()
                .find(|p| p.ship.cells().eq(s.cells()))
        })
        .collect();
    if ships.len() != start.ships().len() {
        return start;
    }
    for _ in 0..UNIFORM_STEPS_PER_SHIP * ships.len() {
        let i = rng.random_range(0..ships.len());
        let table = placements(variant, ships[i].ship.len());
        let to = &table[rng.random_range(0..table.len())];
        let others = ships
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0u128, |m, (_, p)| m | p.cells.bits());
        if to.zone.bits() & others == 0 {
            ships[i] = to;
        }
    }
    Fleet::from_valid_parts(variant, ships.iter().map(|p| p.ship).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn mean_of(placer: Placer, variant: Variant, f: impl Fn(&Fleet) -> u32) -> f64 {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let n = 200;
        let total: u32 = (0..n).map(|_| f(&placer.place(variant, &mut rng))).sum();
        f64::from(total) / f64::from(n)
    }

    #[test]
    fn placers_make_valid_fleets_and_round_trip_their_names() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for variant in Variant::ALL {
            for p in Placer::ALL {
                let f = p.place(variant, &mut rng);
                assert_eq!(Fleet::parse(variant, &f.to_string()), Ok(f), "{p}");
                assert_eq!(p.to_string().parse::<Placer>(), Ok(p));
            }
        }
        assert!("sideways".parse::<Placer>().is_err());
    }

    #[test]
    fn placers_have_their_habits() {
        for variant in Variant::ALL {
            let board = Board::of(variant);
            let border = |f: &Fleet| (f.cells().bits() & board.border).count_ones();
            let corner = |f: &Fleet| (f.cells().bits() & board.corner).count_ones();
            let horizontal =
                |f: &Fleet| f.ships().iter().filter(|s| is_horizontal(**s)).count() as u32;
            let pairs = |f: &Fleet| {
                let cells: Vec<u128> = f.ships().iter().map(|s| s.cell_set().bits()).collect();
                board.close_pairs(&cells)
            };
            let g = |f: &dyn Fn(&Fleet) -> u32| mean_of(Placer::Generator, variant, f);
            let check = |p: Placer, f: &dyn Fn(&Fleet) -> u32, ratio: f64| {
                let (got, base) = (mean_of(p, variant, f), g(f));
                let ok = if ratio > 1.0 {
                    got > ratio * base
                } else {
                    got < ratio * base
                };
                assert!(
                    ok,
                    "{variant} {p}: {got:.2} against the generator's {base:.2}"
                );
            };
            check(Placer::Edge, &border, 1.3);
            check(Placer::Center, &border, 0.7);
            check(Placer::Corner, &corner, 1.3);
            check(Placer::Horizontal, &horizontal, 1.3);
            check(Placer::Cluster, &pairs, 1.1);
        }
    }
}
