//! One player's waters under fire: their fleet and every shot the enemy fired at it.

use serde::{Deserialize, Serialize};

use super::coord::{CellSet, Coord};
use super::fleet::{Fleet, Ship};
use super::variant::{ReportStyle, Variant};

/// What the shooter is told about one shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Report {
    /// Nothing was hit (or, in Game 2000, the cell had been fired at before).
    Water,
    /// A ship was hit and is still afloat. `len` is told only where the rules say so
    /// (Game 2000); in classic it is `None`.
    Hit {
        /// The hit ship's length, if the variant reveals it.
        len: Option<u8>,
    },
    /// The shot hit the last intact cell of a ship; its length is always told.
    Sunk {
        /// The sunk ship's length.
        len: u8,
    },
}

impl Report {
    /// Whether the shot hit a ship.
    #[must_use]
    pub const fn is_hit(self) -> bool {
        !matches!(self, Report::Water)
    }

    /// A short English text: "water", "length 2 hit", "cruiser sunk (3 cells)".
    ///
    /// # Examples
    ///
    /// ```
    /// use broadside_game::{Report, Variant};
    ///
    /// let sunk = Report::Sunk { len: 3 };
    /// assert_eq!(sunk.describe(Variant::Classic), "cruiser sunk (3 cells)");
    /// assert_eq!(sunk.describe(Variant::Game2000), "length 3 destroyed");
    /// assert_eq!(Report::Hit { len: Some(2) }.describe(Variant::Game2000), "length 2 hit");
    /// assert_eq!(Report::Water.describe(Variant::Classic), "miss");
    /// assert_eq!(Report::Water.describe(Variant::Game2000), "water");
    /// ```
    #[must_use]
    pub fn describe(self, variant: Variant) -> String {
        match (self, variant.rules().report) {
            (Report::Water, ReportStyle::PerCell) => "miss".to_owned(),
            (Report::Water, ReportStyle::LengthOnly) => "water".to_owned(),
            (Report::Hit { len: Some(l) }, _) => format!("length {l} hit"),
            (Report::Hit { len: None }, _) => "hit".to_owned(),
            (Report::Sunk { len }, ReportStyle::LengthOnly) => format!("length {len} destroyed"),
            (Report::Sunk { len }, ReportStyle::PerCell) => {
                let name = variant.class_of_len(len).map_or("ship", |c| c.name);
                let cells = if len == 1 { "cell" } else { "cells" };
                format!("{name} sunk ({len} {cells})")
            }
        }
    }
}

/// One shot as it happened, with the full truth (for the end reveal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShotRecord {
    /// The shooter's turn number, from 1.
    pub turn: u32,
    /// Where it landed.
    pub cell: Coord,
    /// What the shooter was told.
    pub report: Report,
    /// The cell had been fired at before (Game 2000 only; always water).
    pub repeat: bool,
}

/// A fleet and the shots fired at it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sea {
    fleet: Fleet,
    fired: CellSet,
    log: Vec<ShotRecord>,
}

impl Sea {
    /// The waters as stored: `fleet`, the cells `fired` at and the shots in `log`.
    #[must_use]
    pub fn from_parts(fleet: Fleet, fired: CellSet, log: Vec<ShotRecord>) -> Self {
        Sea { fleet, fired, log }
    }

    /// Untouched waters around `fleet`.
    #[must_use]
    pub fn new(fleet: Fleet) -> Self {
        Sea {
            fleet,
            fired: CellSet::EMPTY,
            log: Vec::new(),
        }
    }

    /// The fleet (the truth; never give it to the other player before the end).
    #[must_use]
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
    }

    /// Cells fired at so far.
    #[must_use]
    pub fn fired(&self) -> CellSet {
        self.fired
    }

    /// Every shot, in the order it was processed.
    #[must_use]
    pub fn log(&self) -> &[ShotRecord] {
        &self.log
    }

    /// Whether `c` has been fired at.
    #[must_use]
    pub fn was_fired(&self, c: Coord) -> bool {
        self.fired.contains(c)
    }

    /// Whether the ship with index `i` has lost all its cells.
    #[must_use]
    pub fn is_sunk(&self, i: usize) -> bool {
        self.fleet
            .ships()
            .get(i)
            .is_some_and(|s| s.cell_set().is_subset(self.fired))
    }

    /// The ships that are sunk.
    pub fn sunk_ships(&self) -> impl Iterator<Item = Ship> + '_ {
        self.fleet
            .ships()
            .iter()
            .copied()
            .filter(|s| s.cell_set().is_subset(self.fired))
    }

    /// Whether every ship is sunk.
    #[must_use]
    pub fn all_sunk(&self) -> bool {
        self.fleet.cells().is_subset(self.fired)
    }

    /// Applies one shot and reports it the way the fleet's variant says.
    ///
    /// A shot at a cell fired at before is water (the caller refuses it first
    /// where the rules forbid repeats). This is the bare mechanism: turn order,
    /// salvo shuffling and refusals live in [`Match::fire`](super::Match::fire);
    /// simulations (the computer opponent's benchmarks) may drive a `Sea` directly.
    pub fn resolve(&mut self, cell: Coord, turn: u32) -> Report {
        let variant = self.fleet.variant();
        let repeat = !self.fired.insert(cell);
        let report = if repeat {
            Report::Water
        } else {
            match self.fleet.ship_at(cell) {
                None => Report::Water,
                Some(i) => {
                    let ship = self.fleet.ships()[i];
                    if ship.cell_set().is_subset(self.fired) {
                        Report::Sunk { len: ship.len() }
                    } else {
                        let len = match variant.rules().report {
                            ReportStyle::LengthOnly => Some(ship.len()),
                            ReportStyle::PerCell => None,
                        };
                        Report::Hit { len }
                    }
                }
            }
        };
        self.log.push(ShotRecord {
            turn,
            cell,
            report,
            repeat,
        });
        report
    }

    /// The ship sunk by the shot that hit `cell`, if that shot sank one.
    #[must_use]
    pub fn sunk_ship_at(&self, cell: Coord) -> Option<Ship> {
        let i = self.fleet.ship_at(cell)?;
        self.is_sunk(i).then(|| self.fleet.ships()[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    fn g2000() -> Sea {
        Sea::new(Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap())
    }

    #[test]
    fn two_shots_finish_a_fresh_two_cell_ship_as_hit_then_destroyed() {
        let mut sea = g2000();
        assert_eq!(sea.resolve(c("B6"), 1), Report::Hit { len: Some(2) });
        assert_eq!(sea.resolve(c("B5"), 1), Report::Sunk { len: 2 });
        // Firing again at a sunk ship's cell is water, never a second "destroyed".
        assert_eq!(sea.resolve(c("B5"), 2), Report::Water);
        assert!(sea.log()[2].repeat);
    }

    #[test]
    fn classic_hits_do_not_reveal_length() {
        let fleet = Fleet::parse(
            Variant::Classic,
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        )
        .unwrap();
        let mut sea = Sea::new(fleet);
        assert_eq!(sea.resolve(c("A1"), 1), Report::Hit { len: None });
        assert_eq!(sea.resolve(c("B1"), 1), Report::Water);
        assert_eq!(sea.resolve(c("J10"), 2), Report::Sunk { len: 1 });
        assert_eq!(sea.sunk_ship_at(c("J10")), Some("J10".parse().unwrap()));
        assert_eq!(
            Report::Sunk { len: 1 }.describe(Variant::Classic),
            "torpedo boat sunk (1 cell)"
        );
        assert_eq!(
            Report::Sunk { len: 3 }.describe(Variant::Game2000),
            "length 3 destroyed"
        );
    }

    #[test]
    fn all_sunk_only_after_every_cell() {
        let mut sea = g2000();
        let cells: Vec<Coord> = sea.fleet().cells().iter().collect();
        for (i, &cell) in cells.iter().enumerate() {
            assert!(!sea.all_sunk());
            sea.resolve(cell, u32::try_from(i).unwrap() + 1);
        }
        assert!(sea.all_sunk());
        assert_eq!(sea.sunk_ships().count(), 7);
    }
}
