//! A fleet placed ship by ship: the editor's model, pure.
//!
//! A [`Draft`] holds one slot per ship of the variant's fleet (longest first, as
//! [`Variant::ship_lengths`] lists them), each placed or not, and a [`Cursor`]: the
//! selected ship and the cell its bow goes on. A ship is placed with its bow on that cell,
//! running right or down; a ship already placed moves there. Every change is checked by
//! the fleet's own rules ([`PlacementProblem`], the same checks as a typed fleet) and a
//! refused one returns an [`EditError`] and changes nothing. [`Draft::blocked`] is the
//! set of cells where the selected ship's bow cannot go, from the same table of legal
//! positions random fleets are drawn from ([`super::random::placements`]).

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::coord::{CellSet, Coord};
use super::fleet::{Fleet, Orientation, PlacementProblem, Ship, placement_problems};
use super::random::{placements, random_rest};
use super::variant::Variant;

/// How many times Random rest draws before it says there is no room.
const REST_ATTEMPTS: u32 = 400;

/// The selected ship (its slot) and the cell for its bow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cursor {
    /// The ship's slot, `0..variant.ship_count()`.
    pub ship: u8,
    /// The cell its bow (top-left end) goes on.
    pub bow: Coord,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor {
            ship: 0,
            bow: Coord::new(0, 0).unwrap_or_else(|| unreachable!("A1 is on every board")),
        }
    }
}

/// Why an edit was refused. The draft is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The fleet has no ship in that slot.
    #[error("the fleet has no ship number {0}")]
    NoSuchShip(u8),
    /// A bow cell off this sea.
    #[error("{0} is off the sea")]
    BowOffSea(Coord),
    /// The ship would run off the sea.
    #[error("a ship of {len} cells from {bow} running {orientation:?} runs off the sea")]
    OffSea {
        /// Its bow.
        bow: Coord,
        /// Its length.
        len: u8,
        /// Which way it would run.
        orientation: Orientation,
        /// The rule set (its board).
        variant: Variant,
    },
    /// A placement rule: it overlaps or touches a placed ship, covers a corner or lies
    /// along the edge (Game 2000).
    #[error("{0}")]
    Rule(PlacementProblem),
    /// Removing a ship that is not placed.
    #[error("that ship is not placed")]
    NotPlaced,
    /// Random rest with every ship placed.
    #[error("every ship is placed already")]
    AllPlaced,
    /// Random rest found no room for the ships left.
    #[error("there is no room left for the other ships; move or remove some")]
    NoRoom,
    /// Ready with ships still to place.
    #[error("{missing} ships are still to be placed")]
    Incomplete {
        /// How many.
        missing: usize,
    },
}

/// A fleet being placed: each ship of the fleet in its slot, placed or not, and the
/// cursor. Every placed ship keeps every rule with every other one, so a draft with all
/// ships placed is a valid [`Fleet`].
///
/// # Examples
///
/// ```
/// use broadside_game::editor::{Cursor, Draft, EditError};
/// use broadside_game::{Orientation, Variant};
///
/// let mut draft = Draft::new(Variant::Game2000);
/// assert_eq!(draft.lengths().collect::<Vec<_>>(), [3, 3, 2, 2, 2, 1, 1]);
///
/// // The first 3-cell ship, bow on B3, running right.
/// draft.set_cursor(Cursor { ship: 0, bow: "B3".parse()? })?;
/// assert_eq!(draft.place(Orientation::Horizontal)?.to_string(), "B3-D3");
/// // The cursor moved on to the next ship not placed yet.
/// assert_eq!(draft.cursor().ship, 1);
///
/// // Touching it is refused, and nothing changes.
/// let before = draft.clone();
/// draft.set_cursor(Cursor { ship: 1, bow: "E3".parse()? })?;
/// assert!(matches!(draft.place(Orientation::Vertical), Err(EditError::Rule(_))));
/// assert_eq!(draft.slots(), before.slots());
/// // Its bow cannot go where it would touch: E3 is shaded for it.
/// assert!(draft.blocked().contains("E3".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "DraftRepr", into = "DraftRepr")]
pub struct Draft {
    variant: Variant,
    slots: Vec<Option<Ship>>,
    cursor: Cursor,
}

/// A draft as stored. Read back leniently: a ship that no longer fits its slot or the
/// others is left unplaced, so a stored draft never makes a match unreadable.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct DraftRepr {
    variant: Variant,
    ships: Vec<Option<Ship>>,
    #[serde(default)]
    cursor: Cursor,
}

impl From<DraftRepr> for Draft {
    fn from(r: DraftRepr) -> Self {
        Draft::restored(r.variant, r.ships, r.cursor)
    }
}

impl From<Draft> for DraftRepr {
    fn from(d: Draft) -> Self {
        DraftRepr {
            variant: d.variant,
            ships: d.slots,
            cursor: d.cursor,
        }
    }
}

impl Draft {
    /// An empty draft: no ship placed, the first ship selected, its bow on A1.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        Draft {
            variant,
            slots: vec![None; variant.ship_count()],
            cursor: Cursor::default(),
        }
    }

    /// A draft as stored, read back leniently: a ship that no longer fits its slot or the
    /// others is left unplaced, and a cursor that does not fit is put back at the start, so
    /// a stored draft never makes a match unreadable.
    #[must_use]
    pub fn restored(variant: Variant, ships: Vec<Option<Ship>>, cursor: Cursor) -> Self {
        let mut draft = Draft::new(variant);
        for (slot, ship) in ships.into_iter().enumerate().take(draft.slots.len()) {
            if let Some(ship) = ship
                && draft.len_of(slot) == Some(ship.len())
                && draft.check(slot, ship).is_ok()
            {
                draft.slots[slot] = Some(ship);
            }
        }
        let _ = draft.set_cursor(cursor);
        draft
    }

    /// A draft with every ship of `fleet` placed, the first ship selected with its bow
    /// on that ship's bow.
    #[must_use]
    pub fn from_fleet(fleet: &Fleet) -> Self {
        let mut draft = Draft::new(fleet.variant());
        for &ship in fleet.ships() {
            if let Some(slot) = draft
                .lengths()
                .enumerate()
                .position(|(i, len)| len == ship.len() && draft.slots[i].is_none())
            {
                draft.slots[slot] = Some(ship);
            }
        }
        if let Some(ship) = draft.slots[0] {
            draft.cursor.bow = ship.origin();
        }
        draft
    }

    /// The rule set.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Each slot's ship, if placed, longest first.
    #[must_use]
    pub fn slots(&self) -> &[Option<Ship>] {
        &self.slots
    }

    /// The length of each slot's ship.
    pub fn lengths(&self) -> impl Iterator<Item = u8> + use<> {
        self.variant.ship_lengths()
    }

    /// The length of the ship in `slot`, if there is one.
    #[must_use]
    pub fn len_of(&self, slot: usize) -> Option<u8> {
        self.lengths().nth(slot)
    }

    /// The selected ship and bow cell.
    #[must_use]
    pub const fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// The ships placed so far.
    pub fn placed(&self) -> impl Iterator<Item = Ship> + '_ {
        self.slots.iter().flatten().copied()
    }

    /// How many ships are still to be placed.
    #[must_use]
    pub fn missing(&self) -> usize {
        self.slots.iter().filter(|s| s.is_none()).count()
    }

    /// The fleet, once every ship is placed.
    pub fn fleet(&self) -> Result<Fleet, EditError> {
        match self.missing() {
            0 => Ok(Fleet::from_valid_parts(
                self.variant,
                self.placed().collect(),
            )),
            missing => Err(EditError::Incomplete { missing }),
        }
    }

    /// Selects a ship and a bow cell.
    pub fn set_cursor(&mut self, cursor: Cursor) -> Result<(), EditError> {
        if usize::from(cursor.ship) >= self.slots.len() {
            return Err(EditError::NoSuchShip(cursor.ship));
        }
        if !self.variant.contains(cursor.bow) {
            return Err(EditError::BowOffSea(cursor.bow));
        }
        self.cursor = cursor;
        Ok(())
    }

    /// Puts the selected ship with its bow on the cursor's cell, running `orientation`
    /// (a ship already placed moves there). Then selects the next ship not placed yet,
    /// if any. Returns the ship as placed.
    pub fn place(&mut self, orientation: Orientation) -> Result<Ship, EditError> {
        let Cursor { ship: slot, bow } = self.cursor;
        let slot = usize::from(slot);
        let len = self
            .len_of(slot)
            .ok_or(EditError::NoSuchShip(self.cursor.ship))?;
        let off_sea = EditError::OffSea {
            bow,
            len,
            orientation,
            variant: self.variant,
        };
        let ship = Ship::new(bow, len, orientation).map_err(|_| off_sea.clone())?;
        self.check(slot, ship).map_err(|problem| match problem {
            PlacementProblem::OffBoard { .. } => off_sea,
            other => EditError::Rule(other),
        })?;
        self.slots[slot] = Some(ship);
        let count = self.slots.len();
        if let Some(next) = (1..count)
            .map(|step| (slot + step) % count)
            .find(|&i| self.slots[i].is_none())
        {
            self.cursor.ship = next as u8;
        }
        Ok(ship)
    }

    /// Takes the selected ship off the sea.
    pub fn remove(&mut self) -> Result<Ship, EditError> {
        let slot = usize::from(self.cursor.ship);
        self.slots
            .get_mut(slot)
            .ok_or(EditError::NoSuchShip(self.cursor.ship))?
            .take()
            .ok_or(EditError::NotPlaced)
    }

    /// Takes every ship off the sea.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// Places every ship not placed yet at random around the placed ones (which stay
    /// where they are), drawn with `rng`.
    pub fn fill<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), EditError> {
        let open: Vec<usize> = (0..self.slots.len())
            .filter(|&i| self.slots[i].is_none())
            .collect();
        if open.is_empty() {
            return Err(EditError::AllPlaced);
        }
        let lengths: Vec<u8> = open.iter().filter_map(|&i| self.len_of(i)).collect();
        let placed: Vec<Ship> = self.placed().collect();
        let drawn = random_rest(self.variant, &placed, &lengths, rng, REST_ATTEMPTS)
            .ok_or(EditError::NoRoom)?;
        // Drawn in the order of `lengths`, which is the order of the open slots.
        for (slot, ship) in open.into_iter().zip(drawn) {
            self.slots[slot] = Some(ship);
        }
        Ok(())
    }

    /// The cells where the selected ship's bow cannot go, neither running right nor
    /// down: it would run off the sea, touch or overlap another placed ship, or (Game
    /// 2000) cover a corner or lie along the edge.
    #[must_use]
    pub fn blocked(&self) -> CellSet {
        self.blocked_for(usize::from(self.cursor.ship))
    }

    /// [`Draft::blocked`] for the ship in `slot`.
    #[must_use]
    pub fn blocked_for(&self, slot: usize) -> CellSet {
        let sea: CellSet = Coord::all(self.variant.size()).collect();
        let Some(len) = self.len_of(slot) else {
            return sea;
        };
        let size = self.variant.size();
        let taken = self
            .slots
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != slot)
            .filter_map(|(_, s)| *s)
            .fold(CellSet::EMPTY, |acc, s| {
                let cells = s.cell_set();
                acc.union(cells).union(cells.halo(size))
            });
        let possible: CellSet = placements(self.variant, len)
            .iter()
            .filter(|p| !p.cells.intersects(taken))
            .map(|p| p.ship.origin())
            .collect();
        sea.difference(possible)
    }

    /// The first rule `ship` would break in `slot`, with the other placed ships.
    fn check(&self, slot: usize, ship: Ship) -> Result<(), PlacementProblem> {
        let mut ships: Vec<Ship> = self
            .slots
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != slot)
            .filter_map(|(_, s)| *s)
            .collect();
        ships.push(ship);
        // The placed ships keep every rule with each other: anything found concerns
        // `ship`. The fleet's counts are not the editor's business.
        match placement_problems(self.variant, &ships)
            .into_iter()
            .find(|p| !matches!(p, PlacementProblem::Count { .. }))
        {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Draft {
    /// The ships placed so far as a fleet string, longest first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut ships: Vec<Ship> = self.placed().collect();
        ships.sort_by_key(|s| (std::cmp::Reverse(s.len()), s.origin()));
        for (i, ship) in ships.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{ship}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::fleet::{Edge, TouchKind};

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    fn at(draft: &mut Draft, ship: u8, bow: &str) {
        draft.set_cursor(Cursor { ship, bow: c(bow) }).unwrap();
    }

    /// Places `ships` ("slot bow r|d") one by one.
    fn placed(variant: Variant, ships: &[(u8, &str, Orientation)]) -> Draft {
        let mut d = Draft::new(variant);
        for &(slot, bow, o) in ships {
            at(&mut d, slot, bow);
            d.place(o)
                .unwrap_or_else(|e| panic!("{slot} at {bow}: {e}"));
        }
        d
    }

    use Orientation::{Horizontal as Right, Vertical as Down};

    /// A ship, its bow, which way, and what the refusal must be.
    type Case = (u8, &'static str, Orientation, fn(&EditError) -> bool);

    #[test]
    fn a_whole_classic_fleet_by_clicks_is_the_typed_fleet() {
        let d = placed(
            Variant::Classic,
            &[
                (0, "A1", Down),
                (1, "C1", Down),
                (2, "E1", Down),
                (3, "G1", Down),
                (4, "I1", Down),
                (5, "A6", Right),
                (6, "D6", Right),
                (7, "F6", Right),
                (8, "H6", Right),
                (9, "J10", Right),
            ],
        );
        let typed = Fleet::parse(
            Variant::Classic,
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        )
        .unwrap();
        assert_eq!(d.fleet().unwrap(), typed);
        assert_eq!(d.to_string(), typed.to_string());
    }

    #[test]
    fn every_refusal_leaves_the_draft_as_it_was() {
        let mut d = placed(Variant::Classic, &[(0, "A1", Down)]);
        let cases: [Case; 4] = [
            // Side by side with the battleship A1-A4.
            (1, "B2", Down, |e| {
                matches!(
                    e,
                    EditError::Rule(PlacementProblem::Touch {
                        how: TouchKind::SideBySide,
                        ..
                    })
                )
            }),
            // Corner to corner: B5 touches A4 diagonally.
            (1, "B5", Right, |e| {
                matches!(
                    e,
                    EditError::Rule(PlacementProblem::Touch {
                        how: TouchKind::Diagonally,
                        ..
                    })
                )
            }),
            // Overlapping it.
            (1, "A3", Right, |e| {
                matches!(e, EditError::Rule(PlacementProblem::Overlap { .. }))
            }),
            // I1 running right with three cells ends past J: off the sea.
            (1, "I1", Right, |e| {
                matches!(e, EditError::OffSea { len: 3, .. })
            }),
        ];
        for (slot, bow, o, expected) in cases {
            let before = d.slots().to_vec();
            at(&mut d, slot, bow);
            let err = d.place(o).unwrap_err();
            assert!(expected(&err), "{bow}: {err:?}");
            assert_eq!(d.slots(), before.as_slice(), "{bow}");
        }
        // Boundary: one empty column between them is enough.
        at(&mut d, 1, "C1");
        assert!(d.place(Down).is_ok());
    }

    #[test]
    fn game2000_refuses_corners_and_long_sides_on_the_edge() {
        let mut d = Draft::new(Variant::Game2000);
        // A 3-cell ship from A1 covers the corner.
        at(&mut d, 0, "A1");
        assert!(matches!(
            d.place(Down),
            Err(EditError::Rule(PlacementProblem::Corner { cell, .. })) if cell == c("A1")
        ));
        // A one-cell ship in the corner I9.
        at(&mut d, 5, "I9");
        assert!(matches!(
            d.place(Right),
            Err(EditError::Rule(PlacementProblem::Corner { .. }))
        ));
        // Along the top edge: refused; standing on it with its short end: fine.
        at(&mut d, 0, "C1");
        assert!(matches!(
            d.place(Right),
            Err(EditError::Rule(PlacementProblem::AlongEdge {
                edge: Edge::Top,
                ..
            }))
        ));
        assert!(d.slots().iter().all(Option::is_none));
        assert_eq!(d.place(Down).unwrap().to_string(), "C1-C3");
        // The 9 × 9 sea: G5 running right with three cells ends on I, H5 past it.
        at(&mut d, 1, "G5");
        assert!(d.place(Right).is_ok());
        at(&mut d, 1, "H5");
        assert!(matches!(d.place(Right), Err(EditError::OffSea { .. })));
        // A bow past the 9 × 9 sea is refused as such.
        assert_eq!(
            d.set_cursor(Cursor {
                ship: 1,
                bow: c("J5")
            }),
            Err(EditError::BowOffSea(c("J5")))
        );
    }

    #[test]
    fn placing_a_placed_ship_moves_it_and_removing_frees_its_slot() {
        let mut d = placed(Variant::Classic, &[(0, "A1", Down)]);
        at(&mut d, 0, "F5");
        assert_eq!(d.place(Right).unwrap().to_string(), "F5-I5");
        assert_eq!(d.placed().count(), 1);
        // Moving within its own old zone is no touch with itself.
        at(&mut d, 0, "F6");
        assert!(d.place(Right).is_ok());
        // The cursor moved on to the first ship not placed.
        assert_eq!(d.cursor().ship, 1);
        assert_eq!(d.remove(), Err(EditError::NotPlaced));
        at(&mut d, 0, "A1");
        assert_eq!(d.remove().unwrap().to_string(), "F6-I6");
        assert_eq!(d.remove(), Err(EditError::NotPlaced));
        assert_eq!(d.missing(), 10);
        assert_eq!(d.fleet(), Err(EditError::Incomplete { missing: 10 }));
    }

    #[test]
    fn random_rest_keeps_the_placed_ships() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for variant in Variant::ALL {
            let mut d = placed(variant, &[(0, "C3", Right), (2, "G6", Down)]);
            let kept = [d.slots()[0], d.slots()[2]];
            d.fill(&mut rng).unwrap();
            assert_eq!([d.slots()[0], d.slots()[2]], kept);
            let fleet = d.fleet().unwrap();
            assert_eq!(Fleet::new(variant, fleet.ships().to_vec()), Ok(fleet));
            assert_eq!(d.fill(&mut rng), Err(EditError::AllPlaced));
        }
    }

    #[test]
    fn blocked_cells_are_exactly_the_bows_that_place_nowhere() {
        for variant in Variant::ALL {
            let d = placed(variant, &[(0, "D4", Right)]);
            for slot in 1..variant.ship_count() {
                let blocked = d.blocked_for(slot);
                for bow in Coord::all(variant.size()) {
                    let mut probe = d.clone();
                    probe
                        .set_cursor(Cursor {
                            ship: slot as u8,
                            bow,
                        })
                        .unwrap();
                    let fits = [Right, Down]
                        .into_iter()
                        .any(|o| probe.clone().place(o).is_ok());
                    assert_eq!(blocked.contains(bow), !fits, "{variant} slot {slot} {bow}");
                }
            }
        }
        // The ship itself does not block its own moves.
        let d = placed(Variant::Classic, &[(0, "D4", Right)]);
        assert!(!d.blocked_for(0).contains(c("D5")));
        assert!(d.blocked_for(1).contains(c("D5")));
    }

    #[test]
    fn a_stored_draft_reads_back_and_a_broken_one_is_repaired() {
        let d = placed(Variant::Game2000, &[(0, "B3", Right), (5, "H1", Right)]);
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Draft>(&json).unwrap(), d);
        // A ship that touches another, and one in a slot of the wrong length, are dropped.
        let broken = r#"{"variant":"game2000","ships":["B3-D3","C4-E4",null,null,null,"H1-H2",null],"cursor":{"ship":9,"bow":"A1"}}"#;
        let read: Draft = serde_json::from_str(broken).unwrap();
        assert_eq!(read.to_string(), "B3-D3");
        assert_eq!(read.cursor(), Cursor::default());
        // From a fleet: every ship in a slot of its length.
        let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap();
        let from = Draft::from_fleet(&fleet);
        assert_eq!(from.missing(), 0);
        assert_eq!(from.fleet().unwrap(), fleet);
        assert_eq!(from.cursor().bow, c("B3"));
    }
}
