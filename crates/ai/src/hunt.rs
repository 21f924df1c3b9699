//! Hunt/target: fire on a checkerboard until something is hit, then try the
//! cells next to the hit until the ship is finished.

use rand::Rng;

use super::{Shooter, complete_turn};
use crate::game::{CellSet, Coord, Report, ReportStyle, TargetCell, TargetView};

/// The classic hunt/target player.
#[derive(Clone, Copy, Debug, Default)]
pub struct HuntTarget;

impl Shooter for HuntTarget {
    fn name(&self) -> &'static str {
        "hunt/target"
    }

    fn choose(&mut self, view: &TargetView, rng: &mut dyn Rng) -> Vec<Coord> {
        let mut picks = shuffled(targets(view), rng);
        let open = view.open_cells().difference(diagonal_water(view));
        let even: CellSet = open
            .iter()
            .filter(|c| (c.row() + c.col()) % 2 == 0)
            .collect();
        picks.extend(shuffled(even, rng));
        picks.extend(shuffled(open.difference(even), rng));
        complete_turn(view, &picks, rng)
    }
}

/// Cells a hunt/target player would try next to finish a hit ship: in classic
/// the cells extending a line of hits (or the four neighbours of a lone hit);
/// in Game 2000 the neighbours of the cells of the latest salvo that hit a
/// ship still afloat. Empty while hunting.
#[must_use]
pub fn targets(view: &TargetView) -> CellSet {
    let size = view.variant.size();
    let open = view.open_cells();
    let mut out = CellSet::EMPTY;
    match view.variant.rules().report {
        ReportStyle::PerCell => {
            let hits: CellSet = Coord::all(size)
                .filter(|&c| view.cell(c) == TargetCell::Hit)
                .collect();
            for c in hits.iter() {
                let horizontal = [(-1, 0), (1, 0)]
                    .iter()
                    .any(|&(dc, dr)| c.offset(dc, dr, size).is_some_and(|n| hits.contains(n)));
                let vertical = [(0, -1), (0, 1)]
                    .iter()
                    .any(|&(dc, dr)| c.offset(dc, dr, size).is_some_and(|n| hits.contains(n)));
                let dirs: &[(i8, i8)] = match (horizontal, vertical) {
                    (true, false) => &[(-1, 0), (1, 0)],
                    (false, true) => &[(0, -1), (0, 1)],
                    _ => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
                };
                for &(dc, dr) in dirs {
                    if let Some(n) = c.offset(dc, dr, size) {
                        out.insert(n);
                    }
                }
            }
        }
        ReportStyle::LengthOnly => {
            for salvo in view.salvos.iter().rev() {
                if !salvo
                    .reports
                    .iter()
                    .any(|r| matches!(r, Report::Hit { .. }))
                {
                    continue;
                }
                for c in &salvo.cells {
                    for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        if let Some(n) = c.offset(dc, dr, size) {
                            out.insert(n);
                        }
                    }
                }
                if out.intersects(open) {
                    break;
                }
            }
        }
    }
    out.intersection(open)
}

/// Classic: cells diagonal to a hit are water (ships never touch).
fn diagonal_water(view: &TargetView) -> CellSet {
    let size = view.variant.size();
    let mut out = CellSet::EMPTY;
    if view.variant.rules().report == ReportStyle::PerCell {
        for c in Coord::all(size).filter(|&c| view.cell(c) == TargetCell::Hit) {
            for (dc, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                if let Some(n) = c.offset(dc, dr, size) {
                    out.insert(n);
                }
            }
        }
    }
    out
}

/// The cells of `set` in random order.
fn shuffled(set: CellSet, rng: &mut dyn Rng) -> Vec<Coord> {
    use rand::RngExt;
    let mut v: Vec<Coord> = set.iter().collect();
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
    v
}
