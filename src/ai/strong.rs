//! The strong player: decides from whole enemy fleets sampled consistent with
//! everything observed (see [`sampler`](super::sampler)).
//!
//! * **Classic** — fires at the cell most likely to hold a ship, with a small
//!   bonus for shots whose outcome (miss / hit / sunk) is most uncertain.
//! * **Game 2000** — chooses the salvo as a set: among the best cells it scores
//!   every three-cell salvo by the expected number of new hits, the information
//!   its report (a multiset of lengths) will give, and the chance that it
//!   finishes the game, all estimated over the same samples.
//!
//! Sample counts and attempt budgets are fixed, so a move depends only on the
//! view and the random generator. If no consistent fleet can be drawn the move
//! falls back to the per-ship density player.

use rand::Rng;

use super::density::Density;
use super::sampler::{Model, Prior, Sample, weights};
use super::{Shooter, complete_turn, top_cells};
use crate::game::{CellSet, Coord, ReportStyle, TargetView};

/// The strong player and its tuning.
#[derive(Clone, Copy, Debug)]
pub struct Strong {
    /// Fleets to draw per move.
    pub samples: usize,
    /// Draw attempts per move at most (dead ends included).
    pub attempts: usize,
    /// Weight of the outcome entropy (in bits) against the hit chance.
    pub info_weight: f64,
    /// Game 2000: weight of the chance that the salvo ends the game.
    pub finish_weight: f64,
    /// Game 2000: how many of the best cells are combined into salvos.
    pub candidates: usize,
    /// What the sampler assumes about fleets before any shot.
    pub prior: Prior,
}

impl Default for Strong {
    fn default() -> Self {
        Strong {
            samples: 1500,
            attempts: 15_000,
            info_weight: 0.0,
            finish_weight: 1.0,
            candidates: 12,
            prior: Prior::default(),
        }
    }
}

impl Shooter for Strong {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord> {
        let model = Model::new(view).with_prior(self.prior);
        let samples = model.sample(self.samples, self.attempts, rng);
        let w = weights(&samples);
        if w.is_empty() {
            return Density.choose(view, rng);
        }
        let picks = match view.variant.rules().report {
            ReportStyle::PerCell => self.classic(&model, &samples, &w, rng),
            ReportStyle::LengthOnly => self.salvo(&model, &samples, &w, rng),
        };
        complete_turn(view, &picks, rng)
    }
}

/// Chance that each open cell holds a ship still afloat, over weighted samples.
fn marginals(open: CellSet, samples: &[Sample], w: &[f64]) -> [f64; 100] {
    let mut p = [0.0; 100];
    for (s, &wt) in samples.iter().zip(w) {
        for cells in s.ship_cells() {
            for c in cells.intersection(open).iter() {
                p[c.index()] += wt;
            }
        }
    }
    p
}

fn entropy(probs: &[f64]) -> f64 {
    probs
        .iter()
        .filter(|&&p| p > 1e-12)
        .map(|&p| -p * p.log2())
        .sum()
}

impl Strong {
    fn classic(
        &self,
        model: &Model,
        samples: &[Sample],
        w: &[f64],
        rng: &mut dyn Rng,
    ) -> Vec<Coord> {
        let open = model.open();
        let hit = marginals(open, samples, w);
        let mut score = hit;
        if self.info_weight > 0.0 {
            let mut sink = [0.0; 100];
            for (s, &wt) in samples.iter().zip(w) {
                for cells in s.ship_cells() {
                    let left = cells.intersection(open);
                    if left.len() == 1 {
                        for c in left.iter() {
                            sink[c.index()] += wt;
                        }
                    }
                }
            }
            for c in open.iter() {
                let i = c.index();
                let h = entropy(&[1.0 - hit[i], hit[i] - sink[i], sink[i]]);
                score[i] = hit[i] + self.info_weight * h;
            }
        }
        top_cells(open, &score, 1, rng)
    }

    fn salvo(&self, model: &Model, samples: &[Sample], w: &[f64], rng: &mut dyn Rng) -> Vec<Coord> {
        let open = model.open();
        let hit = marginals(open, samples, w);
        let cands = top_cells(open, &hit, self.candidates.max(3), rng);
        if cands.len() <= 3 {
            return cands;
        }
        let k = cands.len();
        // Per sample: which ship (if any) lies under each candidate, and per ship
        // its length and unfired cells.
        let mut under: Vec<[u8; 16]> = Vec::with_capacity(samples.len());
        let mut ships: Vec<[(u8, u8); 10]> = Vec::with_capacity(samples.len());
        let mut unfired_total: Vec<u8> = Vec::with_capacity(samples.len());
        for s in samples {
            let mut u = [u8::MAX; 16];
            let mut info = [(0u8, 0u8); 10];
            let mut total = 0u8;
            for (j, (ship, cells)) in s.ships().iter().zip(s.ship_cells()).enumerate() {
                let left = cells.intersection(open).len() as u8;
                info[j] = (ship.len(), left);
                total += left;
                for (ci, &c) in cands.iter().enumerate().take(16) {
                    if cells.contains(c) {
                        u[ci] = j as u8;
                    }
                }
            }
            under.push(u);
            ships.push(info);
            unfired_total.push(total);
        }
        let mut best: Option<(f64, [usize; 3])> = None;
        let mut outcomes: Vec<(u16, f64)> = Vec::with_capacity(32);
        for a in 0..k {
            for b in a + 1..k {
                for c in b + 1..k {
                    let trio = [a, b, c];
                    outcomes.clear();
                    let mut finish = 0.0;
                    for (si, &wt) in w.iter().enumerate() {
                        let u = &under[si];
                        let mut hit_ships = [(u8::MAX, 0u8); 3];
                        let mut n_hit = 0u8;
                        for &x in &trio {
                            let j = u[x];
                            if j == u8::MAX {
                                continue;
                            }
                            n_hit += 1;
                            if let Some(e) = hit_ships.iter_mut().find(|e| e.0 == j) {
                                e.1 += 1;
                            } else if let Some(e) = hit_ships.iter_mut().find(|e| e.0 == u8::MAX) {
                                *e = (j, 1);
                            }
                        }
                        let mut key: u16 = 0;
                        for &(j, kk) in &hit_ships {
                            if j == u8::MAX {
                                continue;
                            }
                            let (len, left) = ships[si][usize::from(j)];
                            let len = u16::from(len.min(3));
                            let kk16 = u16::from(kk);
                            if kk == left {
                                key += (kk16 - 1) * 4u16.pow(u32::from(len - 1));
                                key += 64 * 4u16.pow(u32::from(len - 1));
                            } else {
                                key += kk16 * 4u16.pow(u32::from(len - 1));
                            }
                        }
                        if n_hit == unfired_total[si] {
                            finish += wt;
                        }
                        if let Some(e) = outcomes.iter_mut().find(|e| e.0 == key) {
                            e.1 += wt;
                        } else {
                            outcomes.push((key, wt));
                        }
                    }
                    let expected: f64 = trio.iter().map(|&x| hit[cands[x].index()]).sum();
                    let probs: Vec<f64> = outcomes.iter().map(|e| e.1).collect();
                    let score = expected
                        + self.info_weight * entropy(&probs)
                        + self.finish_weight * finish;
                    if best.is_none_or(|(s, _)| score > s + 1e-12) {
                        best = Some((score, trio));
                    }
                }
            }
        }
        best.map_or(cands[..3].to_vec(), |(_, t)| t.iter().map(|&x| cands[x]).collect())
    }
}
