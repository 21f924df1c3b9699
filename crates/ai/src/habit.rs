//! A model of one player's placement habits, learned from their past fleets.
//!
//! [`Habits`] describes fleets as the bot's own generator ([`Fleet::random`])
//! would draw them, tilted: a fleet's chance is the generator's chance times
//! `exp(score)`, where the score adds, per ship, a weight for each cell it
//! covers, for each of its cells on the border, for each of its cells near a
//! corner and for lying horizontally, and per fleet a weight for every pair of
//! ships that stand as close as the no-touch rule allows (one water cell
//! between them). All weights zero is the generator itself.
//!
//! The weights are fitted so that fleets drawn from the model have, on
//! average, the same features as the player's fleets: per-cell occupancy,
//! border and corner cells, horizontal ships and close pairs. Those averages
//! are first shrunk towards the prior's (the server's population model if
//! there is one, otherwise the generator's), the more the fewer fleets there
//! are: each summary number keeps only as much of its deviation from the prior
//! as stands out of the noise of an average of that many fleets (a
//! James–Stein factor), and at most `n / (n + k)` of it with `k` =
//! [`SUMMARY_PRIOR_FLEETS`]. The summary weights are fitted first; the
//! per-cell occupancy is then shrunk the same way (all cells together, `k` =
//! [`CELL_PRIOR_FLEETS`]) towards what that first model expects, and
//! everything is fitted together.
//!
//! Learning only ever sees [`PastFleet`]s, and the only way to get one is
//! [`PastFleet::of`] a match that is over: no model can be learned from the
//! fleet of a match being played, the computer's own or another. It is
//! deterministic (a fixed internal seed) and takes a few milliseconds.

use std::sync::OnceLock;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::game::random::{Placement, placements};
use crate::game::{Fleet, Match, Orientation, Phase, PlayerId, Ship, Variant};

/// How many fleets the prior's per-cell occupancy counts as, at least.
pub const CELL_PRIOR_FLEETS: f64 = 10.0;

/// How many fleets the prior's summary features (border, corner, horizontal,
/// close pairs) count as, at least.
pub const SUMMARY_PRIOR_FLEETS: f64 = 1.0;

/// Largest weight (in either direction) of any one feature.
const MAX_WEIGHT: f64 = 4.0;

/// How [`Habits::learn_with`] shrinks and fits; [`Default`] is what
/// [`Habits::learn`] uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearnConfig {
    /// How many fleets the prior's per-cell occupancy counts as.
    pub cell_prior_fleets: f64,
    /// How many fleets the prior's summary features count as.
    pub summary_prior_fleets: f64,
    /// Fitting rounds, each drawing afresh from the current model.
    pub rounds: usize,
    /// Fleets drawn per round.
    pub draws: usize,
    /// Reweighting steps per round.
    pub steps: usize,
    /// Step size of the log-ratio updates.
    pub rate: f64,
}

impl Default for LearnConfig {
    fn default() -> Self {
        LearnConfig {
            cell_prior_fleets: CELL_PRIOR_FLEETS,
            summary_prior_fleets: SUMMARY_PRIOR_FLEETS,
            rounds: 4,
            draws: 300,
            steps: 6,
            rate: 0.4,
        }
    }
}

/// Bit sets (bit `row * 10 + col`) describing a board's regions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// Cells on the board.
    pub all: u128,
    /// Cells in the outermost row or column.
    pub border: u128,
    /// Cells within two steps (rows plus columns) of a corner cell.
    pub corner: u128,
}

impl Board {
    /// The regions of `variant`'s board.
    pub fn of(variant: Variant) -> Self {
        let size = variant.size();
        let last = size - 1;
        let mut b = Board {
            all: 0,
            border: 0,
            corner: 0,
        };
        for row in 0..size {
            for col in 0..size {
                let bit = 1u128 << (usize::from(row) * 10 + usize::from(col));
                b.all |= bit;
                if row == 0 || col == 0 || row == last || col == last {
                    b.border |= bit;
                }
                if col.min(last - col) + row.min(last - row) <= 2 {
                    b.corner |= bit;
                }
            }
        }
        b
    }

    /// `cells` and every cell next to them (sides and corners).
    pub fn grow(&self, cells: u128) -> u128 {
        const COL0: u128 = {
            let mut m = 0u128;
            let mut r = 0;
            while r < 10 {
                m |= 1u128 << (r * 10);
                r += 1;
            }
            m
        };
        const COL9: u128 = COL0 << 9;
        let wide = cells | ((cells & !COL9) << 1) | ((cells & !COL0) >> 1);
        (wide | (wide << 10) | (wide >> 10)) & self.all
    }

    /// Cells exactly two steps away from `cells` (the closest another ship may
    /// come under the no-touch rule).
    pub fn ring(&self, cells: u128) -> u128 {
        let zone = self.grow(cells);
        self.grow(zone) & !zone
    }

    /// Pairs of ships (by their cells) with exactly one water cell between them.
    pub fn close_pairs(&self, ships: &[u128]) -> u32 {
        let mut n = 0;
        for (i, &a) in ships.iter().enumerate() {
            let ring = self.ring(a);
            n += ships[i + 1..].iter().filter(|&&b| b & ring != 0).count() as u32;
        }
        n
    }
}

/// Average features of fleets: what a model is fitted to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Moments {
    /// Chance that each cell holds a ship (index row * 10 + col; 100 entries).
    cell: Vec<f64>,
    /// Ship cells on the border, per fleet.
    border: f64,
    /// Ship cells near a corner, per fleet.
    corner: f64,
    /// Horizontal ships of length 2 or more, per fleet.
    horizontal: f64,
    /// Pairs of ships one water cell apart, per fleet.
    pairs: f64,
}

impl Moments {
    fn zero() -> Self {
        Moments {
            cell: vec![0.0; 100],
            border: 0.0,
            corner: 0.0,
            horizontal: 0.0,
            pairs: 0.0,
        }
    }

    fn add(&mut self, f: &Features, w: f64) {
        let mut bits = f.cells;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.cell[i] += w;
        }
        self.border += w * f64::from(f.border);
        self.corner += w * f64::from(f.corner);
        self.horizontal += w * f64::from(f.horizontal);
        self.pairs += w * f64::from(f.pairs);
    }

    fn scale(&mut self, k: f64) {
        for x in &mut self.cell {
            *x *= k;
        }
        self.border *= k;
        self.corner *= k;
        self.horizontal *= k;
        self.pairs *= k;
    }

    /// The four summary numbers, in a fixed order.
    fn summaries(&self) -> [f64; 4] {
        [self.border, self.corner, self.horizontal, self.pairs]
    }

    fn set_summaries(&mut self, v: [f64; 4]) {
        [self.border, self.corner, self.horizontal, self.pairs] = v;
    }
}

/// How much of the deviation `own - prior` to keep, from `n` fleets whose
/// average has variance `noise` (summed over the numbers compared): a
/// positive-part James–Stein factor, at most `n / (n + k)`. A deviation no
/// larger than the noise is not believed at all.
fn keep(deviation_sq: f64, noise: f64, n: f64, k: f64) -> f64 {
    let js = if deviation_sq > 0.0 {
        (1.0 - noise / deviation_sq).max(0.0)
    } else {
        0.0
    };
    js.min(n / (n + k))
}

/// The features of one whole fleet.
#[derive(Clone, Copy, Debug)]
struct Features {
    cells: u128,
    border: u32,
    corner: u32,
    horizontal: u32,
    pairs: u32,
}

impl Features {
    fn of_ships(board: &Board, ships: &[(u128, bool)]) -> Self {
        let mut f = Features {
            cells: 0,
            border: 0,
            corner: 0,
            horizontal: 0,
            pairs: 0,
        };
        for &(cells, horizontal) in ships {
            f.cells |= cells;
            f.horizontal += u32::from(horizontal);
        }
        f.border = (f.cells & board.border).count_ones();
        f.corner = (f.cells & board.corner).count_ones();
        let only: Vec<u128> = ships.iter().map(|s| s.0).collect();
        f.pairs = board.close_pairs(&only);
        f
    }

    fn of_fleet(board: &Board, fleet: &Fleet) -> Self {
        let ships: Vec<(u128, bool)> = fleet
            .ships()
            .iter()
            .map(|&s| (s.cell_set().bits(), is_horizontal(s)))
            .collect();
        Self::of_ships(board, &ships)
    }
}

/// Whether a ship counts as horizontal (a single cell has no direction).
pub(crate) fn is_horizontal(ship: Ship) -> bool {
    ship.len() >= 2 && ship.orientation() == Orientation::Horizontal
}

/// A fleet played in a match that is over: what [`Habits`] are learned from.
///
/// [`PastFleet::of`] is its only maker, and it gives one only for a [`Match`] in its
/// finished phase: a match being played never yields its fleets here, so nothing the
/// hard computer learns can come from one. (Measurements that need many fleets play
/// them out in a match first.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastFleet(Fleet);

impl PastFleet {
    /// The fleet `player` played in `game`, if `game` is over and its battle had begun;
    /// `None` for a match that is still going on (or ended before its battle, or that
    /// `player` did not play).
    #[must_use]
    pub fn of(game: &Match, player: PlayerId) -> Option<PastFleet> {
        let Phase::Finished {
            battle: Some(battle),
            ..
        } = game.phase()
        else {
            return None;
        };
        let side = game.side_of(player)?;
        Some(PastFleet(battle.sea(side).fleet().clone()))
    }

    /// The fleet.
    #[must_use]
    pub fn fleet(&self) -> &Fleet {
        &self.0
    }
}

/// A model of one player's (or one server's) placement habits in one variant.
///
/// Build it with [`Habits::learn`] or [`Habits::population`], from
/// [`PastFleet`]s only; give it to the hard computer with
/// [`opponent_against`](super::opponent_against).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Habits {
    variant: Variant,
    /// Fleets of this player it was learned from.
    fleets: usize,
    /// Fleets behind its prior (0: the generator).
    prior_fleets: usize,
    /// Weight per ship cell (index row * 10 + col; 100 entries).
    cell: Vec<f64>,
    /// Weight per ship cell on the border.
    border: f64,
    /// Weight per ship cell near a corner.
    corner: f64,
    /// Weight per horizontal ship of length 2 or more.
    horizontal: f64,
    /// Weight per pair of ships one water cell apart.
    pairs: f64,
    /// The average features the weights were fitted to.
    target: Moments,
}

impl Habits {
    /// The generator's own habits: every weight zero.
    #[must_use]
    pub fn generator(variant: Variant) -> Self {
        Habits {
            variant,
            fleets: 0,
            prior_fleets: 0,
            cell: vec![0.0; 100],
            border: 0.0,
            corner: 0.0,
            horizontal: 0.0,
            pairs: 0.0,
            target: generator_moments(variant).clone(),
        }
    }

    /// Learns a player's habits from their past `fleets` (fleets of another
    /// variant are ignored), shrunk towards `prior` (the server's population
    /// model; `None`: the generator) as far as the fleets are few. With no
    /// fleet at all the result places like the prior.
    #[must_use]
    pub fn learn(variant: Variant, fleets: &[PastFleet], prior: Option<&Habits>) -> Habits {
        Self::learn_with(variant, fleets, prior, &LearnConfig::default())
    }

    /// [`Habits::learn`] with other shrinking and fitting settings.
    #[must_use]
    pub fn learn_with(
        variant: Variant,
        fleets: &[PastFleet],
        prior: Option<&Habits>,
        config: &LearnConfig,
    ) -> Habits {
        let base = match prior {
            Some(p) if p.variant == variant => p.clone(),
            _ => Habits::generator(variant),
        };
        let own: Vec<&Fleet> = fleets
            .iter()
            .map(PastFleet::fleet)
            .filter(|f| f.variant() == variant)
            .collect();
        if own.is_empty() {
            return Habits {
                fleets: 0,
                prior_fleets: base.fleets + base.prior_fleets,
                ..base
            };
        }
        let board = Board::of(variant);
        let mut mean = Moments::zero();
        let mut square = [0.0; 4];
        for f in &own {
            let features = Features::of_fleet(&board, f);
            let mut one = Moments::zero();
            one.add(&features, 1.0);
            for (q, x) in square.iter_mut().zip(one.summaries()) {
                *q += x * x;
            }
            mean.add(&features, 1.0);
        }
        #[expect(clippy::cast_precision_loss)]
        let n = own.len() as f64;
        mean.scale(1.0 / n);
        // Each summary number on its own: keep as much of its deviation from
        // the prior as stands out of the noise of an average of n fleets.
        let mut target = base.target.clone();
        let prior = base.target.summaries();
        let own_mean = mean.summaries();
        let mut shrunk = [0.0; 4];
        for i in 0..4 {
            let var = if n > 1.0 {
                ((square[i] - n * own_mean[i] * own_mean[i]) / (n - 1.0)).max(0.0)
            } else {
                f64::INFINITY
            };
            let d = own_mean[i] - prior[i];
            shrunk[i] = prior[i] + d * keep(d * d, var / n, n, config.summary_prior_fleets);
        }
        target.set_summaries(shrunk);
        let mut out = Habits {
            variant,
            fleets: own.len(),
            prior_fleets: base.fleets + base.prior_fleets,
            target,
            ..base
        };
        // First the summary weights alone; then the cells, their targets
        // shrunk towards what that first model expects, so that the two
        // groups of targets agree.
        let mut rng = ChaCha8Rng::seed_from_u64(0x4AB1_7500 ^ out.fleets as u64);
        out.fit(config, false, &mut rng);
        let first = out.moments(config.draws * 2, &mut rng);
        let (deviation, noise) = mean
            .cell
            .iter()
            .zip(&first.cell)
            .fold((0.0, 0.0), |(d, v), (&own, &model)| {
                (d + (own - model).powi(2), v + model * (1.0 - model) / n)
            });
        let k = keep(deviation, noise, n, config.cell_prior_fleets);
        for ((t, &own), &model) in out.target.cell.iter_mut().zip(&mean.cell).zip(&first.cell) {
            *t = model + k * (own - model);
        }
        out.fit(config, true, &mut rng);
        out
    }

    /// The model of a whole server's members, from their fleets, shrunk
    /// towards the generator. Use it as the prior of [`Habits::learn`].
    #[must_use]
    pub fn population(variant: Variant, fleets: &[PastFleet]) -> Habits {
        Self::learn(variant, fleets, None)
    }

    /// The variant it describes.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How many of this player's fleets it was learned from.
    #[must_use]
    pub fn fleets(&self) -> usize {
        self.fleets
    }

    /// How many fleets its prior was learned from (0: the generator).
    #[must_use]
    pub fn prior_fleets(&self) -> usize {
        self.prior_fleets
    }

    /// How much more likely than the generator this model finds `fleet`, as
    /// a logarithm up to a constant: the score described in the
    /// [module documentation](self). Zero for every fleet of the generator's
    /// model.
    #[must_use]
    pub fn score(&self, fleet: &Fleet) -> f64 {
        let board = Board::of(self.variant);
        let ships: Vec<u128> = fleet.ships().iter().map(|s| s.cell_set().bits()).collect();
        let per_ship: f64 = fleet
            .ships()
            .iter()
            .map(|&s| self.ship_score(&board, s.cell_set().bits(), is_horizontal(s)))
            .sum();
        per_ship + self.pairs * f64::from(board.close_pairs(&ships))
    }

    /// The part of the score one ship contributes.
    pub(crate) fn ship_score(&self, board: &Board, cells: u128, horizontal: bool) -> f64 {
        let mut s = 0.0;
        let mut bits = cells;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            s += self.cell[i];
        }
        s += self.border * f64::from((cells & board.border).count_ones());
        s += self.corner * f64::from((cells & board.corner).count_ones());
        if horizontal {
            s += self.horizontal;
        }
        s
    }

    /// A one-line account of the summary weights and of how well the model
    /// matches what it was fitted to (average features of fleets drawn from
    /// it, against the targets), for logs and benchmarks.
    #[must_use]
    pub fn summary(&self) -> String {
        let m = self.moments(2000, &mut ChaCha8Rng::seed_from_u64(0x5EE));
        let t = &self.target;
        let cell_gap: f64 = m
            .cell
            .iter()
            .zip(&t.cell)
            .map(|(a, b)| (a - b).abs())
            .sum::<f64>();
        format!(
            "fleets {} (prior {}); weights border {:.2} corner {:.2} horizontal {:.2} pairs {:.2}; \
             fitted/target border {:.2}/{:.2} corner {:.2}/{:.2} horizontal {:.2}/{:.2} \
             pairs {:.2}/{:.2}, cells off by {:.2} in all",
            self.fleets,
            self.prior_fleets,
            self.border,
            self.corner,
            self.horizontal,
            self.pairs,
            m.border,
            t.border,
            m.corner,
            t.corner,
            m.horizontal,
            t.horizontal,
            m.pairs,
            t.pairs,
            cell_gap
        )
    }

    /// Average features of `n` fleets drawn from the model (weighted).
    fn moments(&self, n: usize, rng: &mut ChaCha8Rng) -> Moments {
        let drawn = draw_many(self, &Board::of(self.variant), n, rng);
        let max = drawn.iter().map(|d| d.1).fold(f64::NEG_INFINITY, f64::max);
        let w: Vec<f64> = drawn.iter().map(|d| (d.1 - max).exp()).collect();
        let total: f64 = w.iter().sum();
        let mut m = Moments::zero();
        for ((f, _), wi) in drawn.iter().zip(&w) {
            m.add(f, wi / total);
        }
        m
    }

    /// The weight of each close pair of ships.
    pub(crate) fn pair_weight(&self) -> f64 {
        self.pairs
    }

    /// Whether every weight is zero (the generator).
    pub(crate) fn is_flat(&self) -> bool {
        self.border == 0.0
            && self.corner == 0.0
            && self.horizontal == 0.0
            && self.pairs == 0.0
            && self.cell.iter().all(|&w| w == 0.0)
    }

    /// Fits the weights to `self.target` by rounds of draws from the current
    /// model, each followed by a few log-ratio steps on the reweighted draws.
    fn fit(&mut self, config: &LearnConfig, cells: bool, rng: &mut ChaCha8Rng) {
        let board = Board::of(self.variant);
        let legal = if cells { legal_cells(self.variant) } else { 0 };
        for _ in 0..config.rounds {
            let drawn = draw_many(self, &board, config.draws, rng);
            if drawn.is_empty() {
                return;
            }
            let start = self.clone();
            for _ in 0..config.steps {
                // Weights of the draws under the current model, relative to the
                // one they were drawn from.
                let logs: Vec<f64> = drawn
                    .iter()
                    .map(|(f, lw)| lw + self.delta(&start, f))
                    .collect();
                let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let w: Vec<f64> = logs.iter().map(|l| (l - max).exp()).collect();
                let total: f64 = w.iter().sum();
                let mut m = Moments::zero();
                for ((f, _), wi) in drawn.iter().zip(&w) {
                    m.add(f, wi / total);
                }
                self.step(&m, legal, config.rate);
            }
        }
    }

    /// The score difference of `f` between `self` and `other`.
    fn delta(&self, other: &Habits, f: &Features) -> f64 {
        let mut d = 0.0;
        let mut bits = f.cells;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            d += self.cell[i] - other.cell[i];
        }
        d += (self.border - other.border) * f64::from(f.border);
        d += (self.corner - other.corner) * f64::from(f.corner);
        d += (self.horizontal - other.horizontal) * f64::from(f.horizontal);
        d += (self.pairs - other.pairs) * f64::from(f.pairs);
        d
    }

    /// One log-ratio step of every weight towards the target moments.
    fn step(&mut self, m: &Moments, legal: u128, rate: f64) {
        let nudge = |w: &mut f64, want: f64, got: f64, floor: f64| {
            let d = rate * ((want + floor).ln() - (got + floor).ln());
            *w = (*w + d).clamp(-MAX_WEIGHT, MAX_WEIGHT);
        };
        for i in 0..100 {
            if legal & (1u128 << i) != 0 {
                nudge(&mut self.cell[i], self.target.cell[i], m.cell[i], 0.01);
            }
        }
        nudge(&mut self.border, self.target.border, m.border, 0.1);
        nudge(&mut self.corner, self.target.corner, m.corner, 0.1);
        nudge(
            &mut self.horizontal,
            self.target.horizontal,
            m.horizontal,
            0.1,
        );
        nudge(&mut self.pairs, self.target.pairs, m.pairs, 0.1);
    }
}

/// Cells some ship may cover.
fn legal_cells(variant: Variant) -> u128 {
    placements(variant, 1)
        .iter()
        .fold(0u128, |m, p| m | p.cells.bits())
}

/// The generator's average features, measured once per variant on fixed-seed
/// fleets.
fn generator_moments(variant: Variant) -> &'static Moments {
    static CELLS: [OnceLock<Moments>; 2] = [OnceLock::new(), OnceLock::new()];
    CELLS[variant as usize].get_or_init(|| {
        let board = Board::of(variant);
        let mut rng = ChaCha8Rng::seed_from_u64(0x6E4E_4A70 + variant as u64);
        let n = 4000;
        let mut m = Moments::zero();
        for _ in 0..n {
            m.add(
                &Features::of_fleet(&board, &Fleet::random(variant, &mut rng)),
                1.0,
            );
        }
        m.scale(1.0 / f64::from(n));
        m
    })
}

/// `n` fleets drawn from the model `h` (generator order, each ship chosen in
/// proportion to `exp(ship score)` among the free positions), with the log of
/// each one's importance weight.
fn draw_many(h: &Habits, board: &Board, n: usize, rng: &mut ChaCha8Rng) -> Vec<(Features, f64)> {
    let mut lengths: Vec<u8> = h.variant.ship_lengths().collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let tables: Vec<(&[Placement], Vec<f64>)> = lengths
        .iter()
        .map(|&len| {
            let table = placements(h.variant, len);
            let u = table
                .iter()
                .map(|p| {
                    h.ship_score(board, p.cells.bits(), is_horizontal(p.ship))
                        .exp()
                })
                .collect();
            (table, u)
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    let mut ships: Vec<(u128, bool)> = Vec::with_capacity(lengths.len());
    let mut attempts = 0;
    'draw: while out.len() < n && attempts < 20 * n {
        attempts += 1;
        ships.clear();
        let mut blocked = 0u128;
        let mut log_w = 0.0;
        for (table, u) in &tables {
            let mut total = 0.0;
            let mut free = 0usize;
            for (p, &x) in table.iter().zip(u) {
                if p.cells.bits() & blocked == 0 {
                    total += x;
                    free += 1;
                }
            }
            if free == 0 {
                continue 'draw;
            }
            let mut r = rng.random_range(0.0..total);
            let mut chosen = None;
            for (p, &x) in table.iter().zip(u) {
                if p.cells.bits() & blocked == 0 {
                    chosen = Some(p);
                    r -= x;
                    if r < 0.0 {
                        break;
                    }
                }
            }
            let Some(p) = chosen else { continue 'draw };
            #[expect(clippy::cast_precision_loss)]
            let ratio = total / free as f64;
            log_w += ratio.ln();
            blocked |= p.zone.bits();
            ships.push((p.cells.bits(), is_horizontal(p.ship)));
        }
        let f = Features::of_ships(board, &ships);
        log_w += h.pairs * f64::from(f.pairs);
        out.push((f, log_w));
    }
    out
}

/// `fleet`, played out: a match in which both sides place it and one forfeits at once
/// (for the tests of what is learned from fleets drawn by the placers).
#[cfg(test)]
pub(crate) fn played(fleet: &Fleet) -> PastFleet {
    let (a, b) = (PlayerId(1), PlayerId(2));
    let options = crate::game::MatchOptions::default();
    let mut game = Match::challenge(a, b, fleet.variant(), options, 0).expect("two players");
    game.accept(b).expect("accepted");
    for p in [a, b] {
        game.set_fleet(p, fleet.clone()).expect("a legal fleet");
        game.confirm(p).expect("made final");
    }
    game.forfeit(b).expect("over");
    PastFleet::of(&game, a).expect("a finished battle")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MatchOptions;
    use crate::placers::Placer;

    /// Issue 40: a match gives its fleets only once it is over.
    #[test]
    fn only_a_finished_match_gives_its_fleets() {
        let v = Variant::Classic;
        let (a, b, c) = (PlayerId(1), PlayerId(2), PlayerId(3));
        let fs = fleets(Placer::Edge, v, 2, 12);
        let mut game = Match::challenge(a, b, v, MatchOptions::default(), 5).expect("a match");
        assert_eq!(PastFleet::of(&game, a), None, "a challenge");
        game.accept(b).expect("accepted");
        for (p, f) in [(a, &fs[0]), (b, &fs[1])] {
            game.set_fleet(p, f.clone()).expect("a legal fleet");
            game.confirm(p).expect("made final");
        }
        let first = game.to_move().expect("a battle");
        let cell = crate::game::Coord::new(0, 0).expect("A1");
        game.fire(first, &[cell]).expect("a shot");
        assert!(game.battle().is_some());
        for p in [a, b] {
            assert_eq!(PastFleet::of(&game, p), None, "a battle being played");
        }
        game.forfeit(b).expect("over");
        assert_eq!(
            PastFleet::of(&game, a).as_ref().map(PastFleet::fleet),
            Some(&fs[0])
        );
        assert_eq!(
            PastFleet::of(&game, b).as_ref().map(PastFleet::fleet),
            Some(&fs[1])
        );
        assert_eq!(PastFleet::of(&game, c), None, "not a player");
        // Over before its battle: nothing was played.
        let mut early = Match::challenge(a, b, v, MatchOptions::default(), 6).expect("a match");
        early.accept(b).expect("accepted");
        early.set_fleet(a, fs[0].clone()).expect("a legal fleet");
        early.forfeit(b).expect("over");
        assert_eq!(PastFleet::of(&early, a), None, "no battle");
    }

    fn fleets(placer: Placer, variant: Variant, n: usize, seed: u64) -> Vec<Fleet> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n).map(|_| placer.place(variant, &mut rng)).collect()
    }

    /// [`fleets`], played out.
    fn past(placer: Placer, variant: Variant, n: usize, seed: u64) -> Vec<PastFleet> {
        fleets(placer, variant, n, seed)
            .iter()
            .map(played)
            .collect()
    }

    #[test]
    fn the_board_regions_are_right() {
        let b = Board::of(Variant::Classic);
        assert_eq!(b.all.count_ones(), 100);
        assert_eq!(b.border.count_ones(), 36);
        assert_eq!(b.corner.count_ones(), 24);
        let g = Board::of(Variant::Game2000);
        assert_eq!(g.all.count_ones(), 81);
        assert_eq!(g.border.count_ones(), 32);
        // A1 and its ring: C1..C3, A3, B3.
        assert_eq!(b.grow(1).count_ones(), 4);
        assert_eq!(b.ring(1).count_ones(), 5);
    }

    #[test]
    fn nothing_learned_is_the_prior() {
        for variant in Variant::ALL {
            let none = Habits::learn(variant, &[], None);
            assert!(none.is_flat());
            assert_eq!(none, Habits::generator(variant));
            let pop = Habits::population(variant, &past(Placer::Edge, variant, 40, 1));
            let member = Habits::learn(variant, &[], Some(&pop));
            assert_eq!(member.fleets(), 0);
            assert_eq!(member.prior_fleets(), 40);
            let probe = fleets(Placer::Generator, variant, 5, 2);
            for f in &probe {
                assert!((member.score(f) - pop.score(f)).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn edge_fleets_teach_border_weight() {
        for variant in Variant::ALL {
            let edge = Habits::learn(variant, &past(Placer::Edge, variant, 20, 3), None);
            let center = Habits::learn(variant, &past(Placer::Center, variant, 20, 4), None);
            assert_eq!(edge.fleets(), 20);
            assert!(
                edge.border > 0.3,
                "{variant}: border weight {}",
                edge.border
            );
            assert!(center.border < -0.3, "{variant}: {}", center.border);
            // The model prefers fleets with many border cells over fleets with few.
            let probe_edge = fleets(Placer::Edge, variant, 30, 5);
            let probe_center = fleets(Placer::Center, variant, 30, 6);
            let mean = |h: &Habits, fs: &[Fleet]| -> f64 {
                fs.iter().map(|f| h.score(f)).sum::<f64>() / 30.0
            };
            assert!(mean(&edge, &probe_edge) > mean(&edge, &probe_center) + 1.0);
        }
    }

    #[test]
    fn habits_follow_their_placers() {
        let v = Variant::Classic;
        let h = Habits::learn(v, &past(Placer::Horizontal, v, 20, 7), None);
        assert!(h.horizontal > 0.5, "horizontal weight {}", h.horizontal);
        let c = Habits::learn(v, &past(Placer::Cluster, v, 20, 8), None);
        assert!(c.pairs > 0.1, "pair weight {}", c.pairs);
        let k = Habits::learn(v, &past(Placer::Corner, v, 20, 9), None);
        assert!(k.corner > 0.2, "corner weight {}", k.corner);
    }

    #[test]
    fn few_fleets_stay_near_the_prior() {
        let v = Variant::Classic;
        let all = past(Placer::Edge, v, 40, 10);
        let one = Habits::learn(v, &all[..1], None);
        let many = Habits::learn(v, &all, None);
        assert!(one.border.abs() < many.border.abs());
    }

    #[test]
    fn learning_is_deterministic_and_round_trips() {
        let v = Variant::Game2000;
        let fs = past(Placer::Corner, v, 12, 11);
        let a = Habits::learn(v, &fs, None);
        assert_eq!(a, Habits::learn(v, &fs, None));
        let json = serde_json::to_string(&a).expect("serialise");
        let back: Habits = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(back.fleets(), 12);
        assert_eq!(back.variant(), v);
    }
}
