//! The computer's own fleet.
//!
//! Easy and normal place a random fleet ([`Fleet::random`]). Hard hides:
//!
//! 1. it draws [`HARD_CANDIDATES`] fleets, a third each from the generator,
//!    the [edge](Placer::Edge) and the [corner](Placer::Corner) placers;
//! 2. it keeps the [`HARD_SHORTLIST`] whose cells a density shooter would look
//!    at last before any shot (the lowest sum of first-shot density);
//! 3. it plays each of those, in a fast bit-set simulation, against the
//!    per-ship density shooter and the hunt-and-target shooter (classic:
//!    [`HARD_GAMES`] games each; Game 2000 keeps step 2's order, since its
//!    density shooter is too slow to simulate here);
//! 4. it picks at random among the [`HARD_PICK`] fleets that took the most
//!    shots, so that the choice is not predictable.
//!
//! The whole choice takes a few milliseconds; `ai_bench --placement hard`
//! prints its time and measures what it changes for each shooter.

use rand::{Rng, RngExt};

use super::Difficulty;
use super::density::density;
use super::habit::Board;
use super::placers::Placer;
use crate::game::random::placements;
use crate::game::{Fleet, Sea, TargetView, Variant};

/// Candidate fleets drawn by the hard placement.
pub const HARD_CANDIDATES: usize = 120;
/// Candidates played out in simulation (classic).
pub const HARD_SHORTLIST: usize = 16;
/// Simulated games per shortlisted fleet and shooter (classic).
pub const HARD_GAMES: usize = 2;
/// The hard fleet is drawn uniformly among this many of the best.
pub const HARD_PICK: usize = 4;
/// Weight of the hunt-and-target shooter's shots against the density
/// shooter's in a fleet's score.
pub const HUNT_WEIGHT: f64 = 0.5;

/// A fleet for the computer playing at `difficulty`.
#[must_use]
pub fn place_fleet(variant: Variant, difficulty: Difficulty, rng: &mut dyn Rng) -> Fleet {
    match difficulty {
        Difficulty::Easy | Difficulty::Normal => Fleet::random(variant, rng),
        Difficulty::Hard => hard_fleet(variant, rng),
    }
}

/// A fleet that is hard to find (see the [module documentation](self)).
#[must_use]
pub fn hard_fleet(variant: Variant, rng: &mut dyn Rng) -> Fleet {
    let sources = [Placer::Generator, Placer::Edge, Placer::Corner];
    let mut cands: Vec<Fleet> = (0..HARD_CANDIDATES)
        .map(|i| sources[i % sources.len()].place(variant, rng))
        .collect();
    // Before any shot the view is the same for every fleet.
    let first = density(&TargetView::of_sea(&Sea::new(cands[0].clone())));
    let cost = |f: &Fleet| -> f64 { f.cells().iter().map(|c| first[c.index()]).sum() };
    let mut ranked: Vec<(f64, u32, Fleet)> = cands
        .drain(..)
        .map(|f| (cost(&f), rng.next_u32(), f))
        .collect();
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    ranked.truncate(HARD_SHORTLIST);
    let mut scored: Vec<(f64, u32, Fleet)> = if variant.rules().shots_per_turn == 1 {
        ranked
            .into_iter()
            .map(|(_, tie, f)| {
                let sim = Sim::new(&f);
                let mut total = 0.0;
                for _ in 0..HARD_GAMES {
                    total += f64::from(sim.play(Shooter::Density, rng));
                    total += HUNT_WEIGHT * f64::from(sim.play(Shooter::Hunt, rng));
                }
                (-total, tie, f)
            })
            .collect()
    } else {
        ranked
    };
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let k = HARD_PICK.min(scored.len()).max(1);
    let pick = rng.random_range(0..k);
    scored.swap_remove(pick).2
}

/// Which shooter a simulation plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shooter {
    /// [`Density`](super::density::Density), classic rules.
    Density,
    /// [`HuntTarget`](super::hunt::HuntTarget), classic rules.
    Hunt,
}

/// A classic game against one fleet, in bit sets.
struct Sim {
    board: Board,
    ships: Vec<u128>,
    all: u128,
    /// Afloat ships per length at the start.
    counts: [u8; 5],
    variant: Variant,
}

impl Sim {
    fn new(fleet: &Fleet) -> Self {
        let variant = fleet.variant();
        let ships: Vec<u128> = fleet.ships().iter().map(|s| s.cell_set().bits()).collect();
        let mut counts = [0u8; 5];
        for s in fleet.ships() {
            counts[usize::from(s.len().min(4))] += 1;
        }
        Sim {
            board: Board::of(variant),
            all: ships.iter().fold(0, |m, s| m | s),
            ships,
            counts,
            variant,
        }
    }

    /// Shots `shooter` needs to sink every ship.
    fn play(&self, shooter: Shooter, rng: &mut dyn Rng) -> u32 {
        let mut afloat = self.counts;
        let mut sunk_mask = vec![false; self.ships.len()];
        // Known content: water (misses and the halos of sunk ships), sunk ship
        // cells, and hits on ships still afloat.
        let mut water = 0u128;
        let mut sunk = 0u128;
        let mut hits = 0u128;
        let mut shots = 0u32;
        let mut left = self.ships.len();
        while left > 0 && shots < 100 {
            let open = self.board.all & !(water | sunk | hits);
            let cell = match shooter {
                Shooter::Density => self.density_pick(open, water | sunk, hits, afloat, rng),
                Shooter::Hunt => self.hunt_pick(open, hits, rng),
            };
            let bit = 1u128 << cell;
            shots += 1;
            if self.all & bit == 0 {
                water |= bit;
                continue;
            }
            hits |= bit;
            for (i, &s) in self.ships.iter().enumerate() {
                if !sunk_mask[i] && s & bit != 0 && s & !hits == 0 {
                    sunk_mask[i] = true;
                    left -= 1;
                    hits &= !s;
                    sunk |= s;
                    water |= self.board.grow(s) & !s;
                    afloat[(s.count_ones() as usize).min(4)] -= 1;
                }
            }
        }
        shots
    }

    /// The density shooter's cell (see [`density`](super::density)).
    fn density_pick(
        &self,
        open: u128,
        blocked: u128,
        hits: u128,
        afloat: [u8; 5],
        rng: &mut dyn Rng,
    ) -> usize {
        let mut hunt = [0u32; 100];
        let mut target = [0u32; 100];
        let mut targeting = false;
        for (len, &count) in afloat.iter().enumerate() {
            if count == 0 {
                continue;
            }
            for p in placements(self.variant, len as u8) {
                let cells = p.cells.bits();
                if cells & blocked != 0 || p.zone.bits() & hits & !cells != 0 || cells & open == 0 {
                    continue;
                }
                let covered = (cells & hits).count_ones();
                let (board, w) = if covered > 0 {
                    targeting = true;
                    (&mut target, u32::from(count) * covered)
                } else {
                    (&mut hunt, u32::from(count))
                };
                let mut bits = cells & open;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    board[i] += w;
                }
            }
        }
        let score = if targeting { &target } else { &hunt };
        best_of(open, |i| score[i], rng)
    }

    /// The hunt-and-target shooter's cell (see [`hunt`](super::hunt)).
    fn hunt_pick(&self, open: u128, hits: u128, rng: &mut dyn Rng) -> usize {
        let b = &self.board;
        let left = |s: u128| (s & !col_mask(0)) >> 1;
        let right = |s: u128| ((s & !col_mask(9)) << 1) & b.all;
        let up = |s: u128| s >> 10;
        let down = |s: u128| (s << 10) & b.all;
        let mut targets = 0u128;
        let mut diagonal = 0u128;
        let mut bits = hits;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = 1u128 << i;
            let horizontal = (left(c) | right(c)) & hits != 0;
            let vertical = (up(c) | down(c)) & hits != 0;
            targets |= match (horizontal, vertical) {
                (true, false) => left(c) | right(c),
                (false, true) => up(c) | down(c),
                _ => left(c) | right(c) | up(c) | down(c),
            };
            diagonal |= left(up(c)) | right(up(c)) | left(down(c)) | right(down(c));
        }
        let open = open & !diagonal;
        let targets = targets & open;
        if targets != 0 {
            return random_bit(targets, rng);
        }
        let even = open & parity_mask();
        if even != 0 {
            return random_bit(even, rng);
        }
        if open != 0 {
            return random_bit(open, rng);
        }
        random_bit(self.board.all, rng)
    }
}

/// Cells of column `col` (bit `row * 10 + col`).
const fn col_mask(col: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        m |= 1u128 << (r * 10 + col);
        r += 1;
    }
    m
}

/// Cells with an even sum of row and column.
const fn parity_mask() -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < 100 {
        if (i / 10 + i % 10) % 2 == 0 {
            m |= 1u128 << i;
        }
        i += 1;
    }
    m
}

/// A uniformly random cell of a non-empty set.
fn random_bit(set: u128, rng: &mut dyn Rng) -> usize {
    let n = set.count_ones();
    let mut k = rng.random_range(0..n.max(1));
    let mut bits = set;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if k == 0 {
            return i;
        }
        k -= 1;
        bits &= bits - 1;
    }
    0
}

/// The cell of `set` with the highest `score`, ties broken at random.
fn best_of(set: u128, score: impl Fn(usize) -> u32, rng: &mut dyn Rng) -> usize {
    let mut best = 0u32;
    let mut ties = 0u128;
    let mut bits = set;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let s = score(i);
        if s > best || ties == 0 {
            best = s;
            ties = 1u128 << i;
        } else if s == best {
            ties |= 1u128 << i;
        }
    }
    if ties == 0 { 0 } else { random_bit(ties, rng) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn hiding_fleets_are_valid_and_vary() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for variant in Variant::ALL {
            let a = hard_fleet(variant, &mut rng);
            let b = hard_fleet(variant, &mut rng);
            assert_eq!(Fleet::parse(variant, &a.to_string()), Ok(a.clone()));
            assert_ne!(a, b);
        }
    }

    #[test]
    fn the_simulated_shooters_sink_everything() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let fleet = Fleet::random(Variant::Classic, &mut rng);
        let sim = Sim::new(&fleet);
        for shooter in [Shooter::Density, Shooter::Hunt] {
            let n = sim.play(shooter, &mut rng);
            assert!((20..100).contains(&n), "{shooter:?}: {n} shots");
        }
    }
}
