//! Per-ship probability density: every legal position of every ship still to
//! be found that agrees with the observations counts once for each of its
//! unknown cells; the cells with the highest count are fired at.
//!
//! Positions are judged one ship at a time (not as whole fleets):
//!
//! * **Classic** — a position must avoid known water and sunk ships, must not
//!   touch a hit it does not cover, and must keep a cell unknown. While hits
//!   are unexplained only positions covering hits count, weighted by the number
//!   of hits they cover (target mode).
//! * **Game 2000** — a position of length `L` may cover a cell fired in a salvo
//!   only as often as that salvo reported hits on length `L`; a fully fired
//!   position needs a "destroyed" report. Positions explaining hits weigh more.

use rand::Rng;

use super::sampler::Model;
use super::{Shooter, complete_turn, top_cells};
use crate::game::random::placements;
use crate::game::{CellSet, Coord, Report, ReportStyle, TargetCell, TargetView};

/// The per-ship density player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Density;

impl Shooter for Density {
    fn name(&self) -> &'static str {
        "density"
    }

    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord> {
        let score = density(view);
        let open = view.open_cells();
        let k = usize::from(view.variant.rules().shots_per_turn);
        let picks = top_cells(open, &score, k, rng);
        complete_turn(view, &picks, rng)
    }
}

/// The density score of every cell (index [`Coord::index`]); only unknown cells
/// get a score above zero.
#[must_use]
pub fn density(view: &TargetView) -> [f64; 100] {
    match view.variant.rules().report {
        ReportStyle::PerCell => classic(view),
        ReportStyle::LengthOnly => game2000(view),
    }
}

fn classic(view: &TargetView) -> [f64; 100] {
    let size = view.variant.size();
    let mut hits = CellSet::EMPTY;
    let mut blocked = CellSet::EMPTY;
    let open = view.open_cells();
    for c in Coord::all(size) {
        match view.cell(c) {
            TargetCell::Hit => {
                hits.insert(c);
            }
            TargetCell::Unknown => {}
            _ => {
                blocked.insert(c);
            }
        }
    }
    let mut hunt = [0.0; 100];
    let mut target = [0.0; 100];
    let mut targeting = false;
    for left in view.ships_left.iter().filter(|l| l.afloat > 0) {
        let count = f64::from(left.afloat);
        for p in placements(view.variant, left.len) {
            if p.cells.intersects(blocked)
                || !p.zone.intersection(hits).is_subset(p.cells)
                || !p.cells.intersects(open)
            {
                continue;
            }
            let covered = p.cells.intersection(hits).len();
            let (board, weight) = if covered > 0 {
                targeting = true;
                (&mut target, count * f64::from(covered))
            } else {
                (&mut hunt, count)
            };
            for c in p.cells.intersection(open).iter() {
                board[c.index()] += weight;
            }
        }
    }
    if targeting { target } else { hunt }
}

fn game2000(view: &TargetView) -> [f64; 100] {
    // The sampler's model already holds, per length, the positions that agree
    // with every salvo taken alone; weigh them here without drawing fleets.
    let model = Model::new(view);
    let open = model.open();
    let pending = view
        .salvos
        .iter()
        .any(|s| s.reports.iter().any(|r| matches!(r, Report::Hit { .. })));
    let mut score = [0.0; 100];
    for (cells, hits, afloat) in model.positions() {
        if !afloat {
            continue;
        }
        let weight = if pending {
            1.0 + 4.0 * f64::from(hits)
        } else {
            1.0
        };
        for c in cells.intersection(open).iter() {
            score[c.index()] += weight;
        }
    }
    score
}
