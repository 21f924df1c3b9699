//! What each viewer may see. The Discord layer and the renderer only ever get
//! these, so a picture cannot show what its viewer does not know.
//!
//! A player's own board shows their fleet and every enemy shot; their view of the enemy
//! sea shows only what their shots told them; the reveal, with both fleets, exists only
//! once the match is over:
//!
//! ```
//! use broadside_game::{
//!     Confirmed, Coord, Fleet, Match, MatchOptions, OwnCell, PlayerId, TargetCell, Variant,
//!     parse_cells,
//! };
//!
//! let (ann, bo) = (PlayerId(1), PlayerId(2));
//! let mut game = Match::challenge(ann, bo, Variant::Classic, MatchOptions::default(), 7)?;
//! game.accept(bo)?;
//! let fleet = Fleet::parse(Variant::Classic, "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10")?;
//! game.set_fleet(ann, fleet.clone())?;
//! game.confirm(ann)?;
//! game.set_fleet(bo, fleet)?;
//! let Confirmed::BattleStarts { first } = game.confirm(bo)? else { unreachable!() };
//! let second = game.opponent_of(first).unwrap();
//! let a1: Coord = "A1".parse()?;
//! let a2: Coord = "A2".parse()?;
//!
//! // Before the first shot the shooter knows nothing of the enemy sea.
//! let target = game.target_view(first).unwrap();
//! assert_eq!(target.cell(a1), TargetCell::Unknown);
//! assert_eq!(target.open_cells().len(), 100);
//!
//! // A hit on A1: the shooter sees a hit there, and nothing of A2 (the rest of that ship).
//! game.fire(first, &parse_cells("A1", Variant::Classic)?)?;
//! let target = game.target_view(first).unwrap();
//! assert_eq!(target.cell(a1), TargetCell::Hit);
//! assert_eq!(target.cell(a2), TargetCell::Unknown);
//! assert_eq!(target.open_cells().len(), 99);
//!
//! // The other player's own board shows the hit on their battleship and its intact cells.
//! let own = game.own_view(second).unwrap();
//! assert_eq!(own.cell(a1), OwnCell::Hit);
//! assert_eq!(own.cell(a2), OwnCell::Ship);
//!
//! // Someone who does not play sees neither board, and nobody sees both fleets yet.
//! assert!(game.target_view(PlayerId(3)).is_none());
//! assert!(game.own_view(PlayerId(3)).is_none());
//! assert!(game.reveal().is_none());
//! game.forfeit(second)?;
//! assert!(game.reveal().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Serialize};

use super::coord::{CellSet, Coord};
use super::fleet::Ship;
use super::sea::{Report, Sea};
use super::state::{Ending, Match, Phase, PlayerId, PlayerStats, Side};
use super::variant::{ReportStyle, Variant};

/// A ship on its owner's board, with its damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipView {
    /// Where it lies.
    pub ship: Ship,
    /// Its cells that were hit.
    pub hits: CellSet,
    /// Whether every cell was hit.
    pub sunk: bool,
}

/// A cell of one's own board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OwnCell {
    /// Open water, not fired at.
    Water,
    /// Open water the enemy fired at.
    Miss,
    /// An intact ship cell.
    Ship,
    /// A hit ship cell of a ship still afloat.
    Hit,
    /// A cell of a sunk ship.
    Sunk,
}

/// A player's own board: their fleet, its damage and every enemy shot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnBoardView {
    /// The rule set (board size, labels).
    pub variant: Variant,
    /// The fleet with damage.
    pub ships: Vec<ShipView>,
    /// Cells the enemy fired at, each with the enemy turn of its first shot.
    pub shots: Vec<(Coord, u32)>,
}

impl OwnBoardView {
    /// A board with a fleet and no shots (the placement preview).
    #[must_use]
    pub fn preview(fleet: &super::fleet::Fleet) -> Self {
        Self::of_sea(&Sea::new(fleet.clone()))
    }

    /// The owner's view of `sea`.
    #[must_use]
    pub fn of_sea(sea: &Sea) -> Self {
        let fired = sea.fired();
        let ships = sea
            .fleet()
            .ships()
            .iter()
            .map(|&ship| {
                let hits = ship.cell_set().intersection(fired);
                ShipView {
                    ship,
                    hits,
                    sunk: hits == ship.cell_set(),
                }
            })
            .collect();
        let mut seen = CellSet::EMPTY;
        let shots = sea
            .log()
            .iter()
            .filter(|s| seen.insert(s.cell))
            .map(|s| (s.cell, s.turn))
            .collect();
        OwnBoardView {
            variant: sea.fleet().variant(),
            ships,
            shots,
        }
    }

    /// What one cell shows.
    #[must_use]
    pub fn cell(&self, c: Coord) -> OwnCell {
        let fired = self.shots.iter().any(|&(s, _)| s == c);
        match self.ships.iter().find(|s| s.ship.contains(c)) {
            Some(s) if s.sunk => OwnCell::Sunk,
            Some(_) if fired => OwnCell::Hit,
            Some(_) => OwnCell::Ship,
            None if fired => OwnCell::Miss,
            None => OwnCell::Water,
        }
    }

    /// The enemy turn in which `c` was first fired at.
    #[must_use]
    pub fn shot_turn(&self, c: Coord) -> Option<u32> {
        self.shots.iter().find(|&&(s, _)| s == c).map(|&(_, t)| t)
    }
}

/// A cell of the enemy sea as the shooter knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetCell {
    /// Not fired at and not known.
    Unknown,
    /// Classic: fired at, water.
    Miss,
    /// Classic: fired at, a ship still afloat.
    Hit,
    /// Classic: part of a sunk ship.
    Sunk,
    /// Classic: water known because it borders a sunk ship.
    Halo,
    /// Game 2000: fired at in this turn (first time); what it hit is not told.
    Fired {
        /// The shooter's turn number.
        turn: u32,
    },
}

/// One Game 2000 turn as the shooter knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SalvoView {
    /// The shooter's turn number.
    pub turn: u32,
    /// The cells named, in board reading order.
    pub cells: Vec<Coord>,
    /// The reports, in processing order (unrelated to the order of `cells`).
    pub reports: Vec<Report>,
}

/// How many ships of one length are still afloat, as far as the shooter knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipsLeft {
    /// Ship length.
    pub len: u8,
    /// Not yet sunk.
    pub afloat: u8,
    /// In the fleet.
    pub total: u8,
}

/// The shooter's knowledge of the enemy sea. It never holds an unhit enemy ship.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetView {
    /// The rule set.
    pub variant: Variant,
    /// One entry per cell, indexed by [`Coord::index`] (100 entries; cells off a
    /// smaller board stay `Unknown`).
    cells: Vec<TargetCell>,
    /// Classic: the ships sunk so far (their position is known).
    pub sunk: Vec<Ship>,
    /// Game 2000: every turn with its reports.
    pub salvos: Vec<SalvoView>,
    /// Ships left afloat per length.
    pub ships_left: Vec<ShipsLeft>,
}

impl TargetView {
    /// What the player shooting at `sea` knows of it.
    #[must_use]
    pub fn of_sea(sea: &Sea) -> Self {
        let variant = sea.fleet().variant();
        let size = variant.size();
        let mut cells = vec![TargetCell::Unknown; 100];
        let mut sunk = Vec::new();
        let mut salvos: Vec<SalvoView> = Vec::new();
        let mut sunk_per_len = [0u8; 8];
        for shot in sea.log() {
            if let Report::Sunk { len } = shot.report {
                sunk_per_len[usize::from(len)] += 1;
            }
        }
        match variant.rules().report {
            ReportStyle::PerCell => {
                // The first shot at a cell tells what it is; a repeat (only possible
                // when a `Sea` is driven directly) reports water and must not hide a hit.
                for shot in sea.log().iter().filter(|s| !s.repeat) {
                    cells[shot.cell.index()] = match shot.report {
                        Report::Water => TargetCell::Miss,
                        Report::Hit { .. } | Report::Sunk { .. } => TargetCell::Hit,
                    };
                }
                sunk.extend(sea.sunk_ships());
                for ship in &sunk {
                    let body = ship.cell_set();
                    for c in body.iter() {
                        cells[c.index()] = TargetCell::Sunk;
                    }
                    for c in body.halo(size).iter() {
                        if cells[c.index()] == TargetCell::Unknown {
                            cells[c.index()] = TargetCell::Halo;
                        }
                    }
                }
            }
            ReportStyle::LengthOnly => {
                for shot in sea.log() {
                    if cells[shot.cell.index()] == TargetCell::Unknown {
                        cells[shot.cell.index()] = TargetCell::Fired { turn: shot.turn };
                    }
                    match salvos.last_mut() {
                        Some(s) if s.turn == shot.turn => {
                            s.cells.push(shot.cell);
                            s.reports.push(shot.report);
                        }
                        _ => salvos.push(SalvoView {
                            turn: shot.turn,
                            cells: vec![shot.cell],
                            reports: vec![shot.report],
                        }),
                    }
                }
                // The log is in processing order; sorting the cells cuts the link
                // between a cell and its report.
                for s in &mut salvos {
                    s.cells.sort_unstable();
                }
            }
        }
        let ships_left = variant
            .rules()
            .fleet
            .iter()
            .map(|c| ShipsLeft {
                len: c.len,
                afloat: c.count.saturating_sub(sunk_per_len[usize::from(c.len)]),
                total: c.count,
            })
            .collect();
        TargetView {
            variant,
            cells,
            sunk,
            salvos,
            ships_left,
        }
    }

    /// What the shooter knows of `c`.
    #[must_use]
    pub fn cell(&self, c: Coord) -> TargetCell {
        self.cells[c.index()]
    }

    /// Cells the shooter may still usefully fire at (not fired, not known water).
    #[must_use]
    pub fn open_cells(&self) -> CellSet {
        Coord::all(self.variant.size())
            .filter(|&c| self.cell(c) == TargetCell::Unknown)
            .collect()
    }
}

/// The whole truth, for the end of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealView {
    /// The rule set.
    pub variant: Variant,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Each player's own board with every shot fired at it.
    pub boards: [OwnBoardView; 2],
    /// Each player's shooting.
    pub stats: [PlayerStats; 2],
    /// How it ended.
    pub ending: Ending,
    /// Who fired first.
    pub first: PlayerId,
}

impl Match {
    /// `id`'s own board, once the battle has begun (or the placement preview before).
    #[must_use]
    pub fn own_view(&self, id: PlayerId) -> Option<OwnBoardView> {
        let side = self.side_of(id)?;
        if let Some(battle) = self.battle() {
            return Some(OwnBoardView::of_sea(battle.sea(side)));
        }
        self.placed_fleet(id).map(|(f, _)| OwnBoardView::preview(f))
    }

    /// What `id` knows of the enemy sea, once the battle has begun.
    #[must_use]
    pub fn target_view(&self, id: PlayerId) -> Option<TargetView> {
        let side = self.side_of(id)?;
        self.battle()
            .map(|b| TargetView::of_sea(b.sea(side.other())))
    }

    /// Everything, but only once the match is over and a battle took place.
    #[must_use]
    pub fn reveal(&self) -> Option<RevealView> {
        let Phase::Finished {
            ending,
            battle: Some(battle),
        } = self.phase()
        else {
            return None;
        };
        let sides = [Side::Challenger, Side::Opponent];
        Some(RevealView {
            variant: self.variant(),
            players: self.players(),
            boards: sides.map(|s| OwnBoardView::of_sea(battle.sea(s))),
            stats: sides.map(|s| battle.stats(s)),
            ending: *ending,
            first: self.player(battle.first()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fleet::Fleet;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    #[test]
    fn classic_target_view_marks_halo_after_a_sink() {
        let fleet = Fleet::parse(
            Variant::Classic,
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        )
        .unwrap();
        let mut sea = Sea::new(fleet);
        sea.resolve(c("A6"), 1);
        sea.resolve(c("B6"), 1);
        sea.resolve(c("C4"), 1);
        let view = TargetView::of_sea(&sea);
        assert_eq!(view.cell(c("A6")), TargetCell::Sunk);
        assert_eq!(view.cell(c("C7")), TargetCell::Halo);
        assert_eq!(view.cell(c("A5")), TargetCell::Halo);
        assert_eq!(view.cell(c("C4")), TargetCell::Miss);
        assert_eq!(
            view.cell(c("A1")),
            TargetCell::Unknown,
            "unhit ship stays unknown"
        );
        assert_eq!(view.sunk, vec!["A6-B6".parse::<Ship>().unwrap()]);
        let destroyers = view.ships_left.iter().find(|s| s.len == 2).unwrap();
        assert_eq!((destroyers.afloat, destroyers.total), (2, 3));
    }

    #[test]
    fn a_repeated_shot_does_not_hide_a_hit() {
        let fleet = Fleet::parse(
            Variant::Classic,
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        )
        .unwrap();
        let mut sea = Sea::new(fleet);
        sea.resolve(c("A1"), 1);
        sea.resolve(c("A1"), 2);
        assert_eq!(TargetView::of_sea(&sea).cell(c("A1")), TargetCell::Hit);
    }

    #[test]
    fn game2000_target_view_hides_which_cell_hit() {
        let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap();
        let mut sea = Sea::new(fleet);
        // Processing order: the hit comes last, but the view lists cells sorted.
        sea.resolve(c("A9"), 1);
        sea.resolve(c("I5"), 1);
        sea.resolve(c("H1"), 1);
        let view = TargetView::of_sea(&sea);
        assert_eq!(view.cell(c("H1")), TargetCell::Fired { turn: 1 });
        assert_eq!(view.cell(c("A9")), TargetCell::Fired { turn: 1 });
        assert_eq!(view.salvos.len(), 1);
        assert_eq!(view.salvos[0].cells, vec![c("H1"), c("I5"), c("A9")]);
        assert_eq!(
            view.salvos[0].reports,
            vec![Report::Water, Report::Water, Report::Sunk { len: 1 }]
        );
        assert!(
            view.sunk.is_empty(),
            "Game 2000 never tells where a ship was"
        );
    }
}
