//! Ships and fleets. A [`Fleet`] value is always a valid fleet for its variant.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::coord::{CellSet, Coord, CoordError};
use super::variant::{ShipClass, Variant};

/// Which way a ship lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Orientation {
    /// Along a row, growing to the right.
    Horizontal,
    /// Along a column, growing downwards.
    Vertical,
}

/// A straight ship: its top-left cell, length and orientation.
///
/// A one-cell ship is always stored as horizontal, so two equal ships compare equal.
///
/// # Examples
///
/// ```
/// use broadside_game::{Orientation, Ship, ShipError};
///
/// // Either end first; printed from the top-left.
/// let ship: Ship = "A4-A1".parse()?;
/// assert_eq!(ship.to_string(), "A1-A4");
/// assert_eq!((ship.len(), ship.orientation()), (4, Orientation::Vertical));
/// assert!(ship.contains("A3".parse()?));
///
/// // A one-cell ship is written as its cell.
/// assert_eq!("J10".parse::<Ship>()?.len(), 1);
///
/// assert!(matches!("A1-B2".parse::<Ship>(), Err(ShipError::NotStraight(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Ship {
    origin: Coord,
    len: u8,
    orientation: Orientation,
}

/// Why a text is not a ship.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShipError {
    /// One of its ends is not a cell.
    #[error("{0}")]
    Cell(#[from] CoordError),
    /// The two ends are neither in one row nor in one column.
    #[error("`{0}` is not a straight line; a ship runs along one row or one column, like A1-A4")]
    NotStraight(String),
    /// The ship would run past the largest board.
    #[error("`{0}` runs off the board")]
    OffBoard(String),
    /// Zero cells.
    #[error("a ship needs at least one cell")]
    Empty,
}

// A ship always has at least one cell, so an `is_empty` would always be false.
#[expect(clippy::len_without_is_empty)]
impl Ship {
    /// A ship from its top-left cell, if all its cells fit the largest board.
    /// A length of 0 is refused.
    pub fn new(origin: Coord, len: u8, orientation: Orientation) -> Result<Self, ShipError> {
        if len == 0 {
            return Err(ShipError::Empty);
        }
        let orientation = if len == 1 {
            Orientation::Horizontal
        } else {
            orientation
        };
        let (dc, dr) = step(orientation);
        let last = i8::try_from(len - 1).map_err(|_| ShipError::OffBoard(origin.to_string()))?;
        origin
            .offset(dc * last, dr * last, super::coord::MAX_SIZE)
            .ok_or_else(|| ShipError::OffBoard(format!("{origin}+{len}")))?;
        Ok(Ship {
            origin,
            len,
            orientation,
        })
    }

    /// The ship whose two end cells are `a` and `b` (in either order).
    pub fn between(a: Coord, b: Coord) -> Result<Self, ShipError> {
        let (start, end) = if a <= b { (a, b) } else { (b, a) };
        if start.row() == end.row() {
            Ship::new(start, end.col() - start.col() + 1, Orientation::Horizontal)
        } else if start.col() == end.col() {
            Ship::new(start, end.row() - start.row() + 1, Orientation::Vertical)
        } else {
            Err(ShipError::NotStraight(format!("{a}-{b}")))
        }
    }

    /// The top-left cell.
    #[must_use]
    pub const fn origin(self) -> Coord {
        self.origin
    }

    /// The bottom-right cell.
    #[must_use]
    pub fn end(self) -> Coord {
        self.cells().last().unwrap_or(self.origin)
    }

    /// Number of cells.
    #[must_use]
    pub const fn len(self) -> u8 {
        self.len
    }

    /// Which way it lies (one-cell ships count as horizontal).
    #[must_use]
    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// Its cells, from the top-left.
    pub fn cells(self) -> impl Iterator<Item = Coord> + Clone {
        let (dc, dr) = step(self.orientation);
        (0..self.len).filter_map(move |i| {
            let i = i8::try_from(i).ok()?;
            self.origin.offset(dc * i, dr * i, super::coord::MAX_SIZE)
        })
    }

    /// Its cells as a set.
    #[must_use]
    pub fn cell_set(self) -> CellSet {
        self.cells().collect()
    }

    /// Whether the ship covers `c`.
    #[must_use]
    pub fn contains(self, c: Coord) -> bool {
        let o = self.origin;
        match self.orientation {
            Orientation::Horizontal => {
                c.row() == o.row() && c.col() >= o.col() && c.col() < o.col() + self.len
            }
            Orientation::Vertical => {
                c.col() == o.col() && c.row() >= o.row() && c.row() < o.row() + self.len
            }
        }
    }
}

const fn step(o: Orientation) -> (i8, i8) {
    match o {
        Orientation::Horizontal => (1, 0),
        Orientation::Vertical => (0, 1),
    }
}

impl fmt::Display for Ship {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 1 {
            write!(f, "{}", self.origin)
        } else {
            write!(f, "{}-{}", self.origin, self.end())
        }
    }
}

impl FromStr for Ship {
    type Err = ShipError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        match s.split_once('-') {
            Some((a, b)) => Ship::between(a.trim().parse()?, b.trim().parse()?),
            None => Ship::new(s.parse()?, 1, Orientation::Horizontal),
        }
    }
}

impl From<Ship> for String {
    fn from(s: Ship) -> Self {
        s.to_string()
    }
}

impl TryFrom<String> for Ship {
    type Error = ShipError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// An edge of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Row 1.
    Top,
    /// The last row.
    Bottom,
    /// Column A.
    Left,
    /// The last column.
    Right,
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::Top => "top",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Right => "right",
        })
    }
}

/// One broken placement rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementProblem {
    /// Part of the ship is off this variant's board.
    #[error("{ship} is off the board ({})", variant.bounds_hint())]
    OffBoard {
        /// The ship.
        ship: Ship,
        /// The board's rule set.
        variant: Variant,
    },
    /// Longer than any ship of the fleet.
    #[error("{ship} is {len} cells long; the longest ship is {max} cells")]
    TooLong {
        /// The ship.
        ship: Ship,
        /// Its length.
        len: u8,
        /// The longest allowed.
        max: u8,
    },
    /// Two ships share a cell.
    #[error("{a} and {b} overlap at {at}")]
    Overlap {
        /// One ship.
        a: Ship,
        /// The other.
        b: Ship,
        /// A shared cell.
        at: Coord,
    },
    /// Two ships touch.
    #[error("{a} touches {b} {how}")]
    Touch {
        /// One ship.
        a: Ship,
        /// The other.
        b: Ship,
        /// "side by side" or "diagonally".
        how: TouchKind,
    },
    /// A ship covers a corner cell (Game 2000).
    #[error("{}", corner_text(*ship, *cell))]
    Corner {
        /// The ship.
        ship: Ship,
        /// The corner it covers.
        cell: Coord,
    },
    /// A long ship lies along the edge (Game 2000).
    #[error("{ship} lies along the {edge} edge (Game 2000 forbids that for ships of 2 or 3 cells)")]
    AlongEdge {
        /// The ship.
        ship: Ship,
        /// The edge.
        edge: Edge,
    },
    /// The number of ships of one class is wrong.
    #[error("{} count is {have}, need {}", class.name, class.count)]
    Count {
        /// The class.
        class: &'static ShipClass,
        /// How many the fleet has.
        have: usize,
    },
}

fn corner_text(ship: Ship, cell: Coord) -> String {
    if ship.len() == 1 {
        format!("{cell} is a corner cell (Game 2000 forbids ships there)")
    } else {
        format!("{ship} covers the corner cell {cell} (Game 2000 forbids ships there)")
    }
}

/// How two ships touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchKind {
    /// They share a side.
    SideBySide,
    /// They only share a corner.
    Diagonally,
}

impl fmt::Display for TouchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TouchKind::SideBySide => "side by side",
            TouchKind::Diagonally => "diagonally",
        })
    }
}

/// Why a fleet was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FleetError {
    /// The text held no ships at all.
    #[error("no ships given; write ships like `A1-A4 C1-C3 J10`, separated by spaces or commas")]
    Empty,
    /// A piece of the text is not a ship.
    #[error("`{token}` is not a ship: {error}")]
    Syntax {
        /// The piece of text.
        token: String,
        /// What is wrong with it.
        error: ShipError,
    },
    /// The ships break placement rules; every problem found is listed.
    #[error("{}", list_problems(.0))]
    Rules(Vec<PlacementProblem>),
}

/// At most this many problems are spelled out in one message.
const SHOWN_PROBLEMS: usize = 6;

fn list_problems(problems: &[PlacementProblem]) -> String {
    let mut text = problems
        .iter()
        .take(SHOWN_PROBLEMS)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > SHOWN_PROBLEMS {
        let _ = write!(text, "; and {} more", problems.len() - SHOWN_PROBLEMS);
    }
    text
}

/// A complete, valid fleet for one variant.
///
/// The only ways to get one are [`Fleet::parse`], [`Fleet::new`] and
/// [`Fleet::random`], and all of them check every placement rule, so a `Fleet`
/// that exists is one a player may use.
///
/// # Examples
///
/// A fleet string lists the ships, separated by spaces or commas:
///
/// ```
/// use broadside_game::{Fleet, Variant};
///
/// let classic = Fleet::parse(
///     Variant::Classic,
///     "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
/// )?;
/// assert_eq!(classic.ships().len(), 10);
/// assert_eq!(classic.cells().len(), 20);
///
/// // Game 2000: no corner cells, no long side on the edge. Case, order, commas
/// // and either end first do not matter; the fleet prints in one canonical form.
/// let game2000 = Fleet::parse(Variant::Game2000, "f5-f3, b3-d3, H1 E1 B5-B6 D7-E7 H7-H8")?;
/// assert_eq!(game2000.to_string(), "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 E1 H1");
/// assert_eq!(game2000.ship_at("F4".parse()?), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A fleet that breaks a rule is refused with every problem found:
///
/// ```
/// use broadside_game::{Fleet, FleetError, PlacementProblem, Variant};
///
/// // The cruiser B1-B3 lies right next to the battleship A1-A4.
/// let err = Fleet::parse(
///     Variant::Classic,
///     "A1-A4 B1-B3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
/// )
/// .unwrap_err();
/// assert_eq!(err.to_string(), "A1-A4 touches B1-B3 side by side");
///
/// // Game 2000: D9-E9 lies along the bottom edge, A1 is a corner cell.
/// let Err(FleetError::Rules(problems)) =
///     Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D9-E9 H7-H8 A1 E1")
/// else {
///     panic!("the fleet breaks two rules");
/// };
/// assert!(matches!(
///     problems[..],
///     [PlacementProblem::AlongEdge { .. }, PlacementProblem::Corner { .. }]
/// ));
/// assert_eq!(
///     problems[1].to_string(),
///     "A1 is a corner cell (Game 2000 forbids ships there)"
/// );
///
/// // Too few ships is a count problem, per ship length.
/// let err = Fleet::parse(Variant::Classic, "A1-A4").unwrap_err();
/// assert!(err.to_string().contains("cruiser count is 0, need 2"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "FleetRepr", into = "FleetRepr")]
pub struct Fleet {
    variant: Variant,
    ships: Vec<Ship>,
}

#[derive(Serialize, Deserialize)]
struct FleetRepr {
    variant: Variant,
    ships: Vec<Ship>,
}

impl TryFrom<FleetRepr> for Fleet {
    type Error = FleetError;
    fn try_from(r: FleetRepr) -> Result<Self, Self::Error> {
        Fleet::new(r.variant, r.ships)
    }
}

impl From<Fleet> for FleetRepr {
    fn from(f: Fleet) -> Self {
        FleetRepr {
            variant: f.variant,
            ships: f.ships,
        }
    }
}

impl Fleet {
    /// Checks `ships` against every placement rule of `variant`.
    ///
    /// The ships are stored longest first, then in reading order.
    pub fn new(variant: Variant, mut ships: Vec<Ship>) -> Result<Self, FleetError> {
        if ships.is_empty() {
            return Err(FleetError::Empty);
        }
        let problems = placement_problems(variant, &ships);
        if !problems.is_empty() {
            return Err(FleetError::Rules(problems));
        }
        ships.sort_by_key(|s| (std::cmp::Reverse(s.len()), s.origin()));
        Ok(Fleet { variant, ships })
    }

    /// Parses a fleet string: ships like `A1-A4` or `J10`, either end first,
    /// separated by spaces and/or commas.
    pub fn parse(variant: Variant, text: &str) -> Result<Self, FleetError> {
        let normalised = normalise_dashes(text);
        let mut ships = Vec::new();
        for token in normalised
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
        {
            let ship = token.parse::<Ship>().map_err(|error| FleetError::Syntax {
                token: token.to_owned(),
                error,
            })?;
            ships.push(ship);
        }
        Fleet::new(variant, ships)
    }

    /// A fleet from ships already known to make a legal fleet of `variant` (the random
    /// generators, the editor and the computer's placers check as they place): the same
    /// fleet [`Fleet::new`] would give, without checking again. Debug builds assert that
    /// the ships have no [`PlacementProblem`].
    #[must_use]
    pub fn from_valid_parts(variant: Variant, ships: Vec<Ship>) -> Self {
        debug_assert!(placement_problems(variant, &ships).is_empty());
        let mut ships = ships;
        ships.sort_by_key(|s| (std::cmp::Reverse(s.len()), s.origin()));
        Fleet { variant, ships }
    }

    /// The variant this fleet is valid for.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The ships, longest first.
    #[must_use]
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// The index of the ship covering `c`, if any.
    #[must_use]
    pub fn ship_at(&self, c: Coord) -> Option<usize> {
        self.ships.iter().position(|s| s.contains(c))
    }

    /// Every ship cell.
    #[must_use]
    pub fn cells(&self) -> CellSet {
        self.ships
            .iter()
            .fold(CellSet::EMPTY, |acc, s| acc.union(s.cell_set()))
    }
}

impl fmt::Display for Fleet {
    /// The canonical fleet string, which [`Fleet::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, ship) in self.ships.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{ship}")?;
        }
        Ok(())
    }
}

/// Turns `A1 - A4` and `A1 -A4` into `A1-A4`, and unicode dashes into `-`.
fn normalise_dashes(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| match c {
            '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if c == ' ' {
            pending_space = true;
            continue;
        }
        if pending_space && c != '-' && !out.ends_with('-') {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

/// Every rule `ships` break for `variant`, in a stable order.
pub(crate) fn placement_problems(variant: Variant, ships: &[Ship]) -> Vec<PlacementProblem> {
    let rules = variant.rules();
    let size = rules.size;
    let max = variant.longest_ship();
    let mut problems = Vec::new();
    // Per-ship rules.
    for &ship in ships {
        if !ship.cells().all(|c| variant.contains(c)) {
            problems.push(PlacementProblem::OffBoard { ship, variant });
            continue;
        }
        if ship.len() > max {
            problems.push(PlacementProblem::TooLong {
                ship,
                len: ship.len(),
                max,
            });
        }
        if rules.no_corners {
            let last = size - 1;
            if let Some(cell) = ship
                .cells()
                .find(|c| (c.col() == 0 || c.col() == last) && (c.row() == 0 || c.row() == last))
            {
                problems.push(PlacementProblem::Corner { ship, cell });
            }
        }
        if rules.no_long_side_on_edge
            && ship.len() >= 2
            && let Some(edge) = long_side_edge(ship, size)
        {
            problems.push(PlacementProblem::AlongEdge { ship, edge });
        }
    }
    // Pairwise rules, unless there are far too many ships to be worth it (their
    // count is reported below, and a long text must not cost quadratic time).
    let expected: usize = rules.fleet.iter().map(|c| usize::from(c.count)).sum();
    let pairwise = if ships.len() <= 2 * expected {
        ships
    } else {
        &[]
    };
    for (i, &a) in pairwise.iter().enumerate() {
        for &b in &pairwise[i + 1..] {
            if let Some(at) = a.cells().find(|&c| b.contains(c)) {
                problems.push(PlacementProblem::Overlap { a, b, at });
            } else if rules.no_touching
                && let Some(how) = touch(a, b)
            {
                problems.push(PlacementProblem::Touch { a, b, how });
            }
        }
    }
    // Fleet composition.
    for class in rules.fleet {
        let have = ships.iter().filter(|s| s.len() == class.len).count();
        if have != usize::from(class.count) {
            problems.push(PlacementProblem::Count { class, have });
        }
    }
    problems
}

fn long_side_edge(ship: Ship, size: u8) -> Option<Edge> {
    let o = ship.origin();
    let last = size - 1;
    match ship.orientation() {
        Orientation::Horizontal if o.row() == 0 => Some(Edge::Top),
        Orientation::Horizontal if o.row() == last => Some(Edge::Bottom),
        Orientation::Vertical if o.col() == 0 => Some(Edge::Left),
        Orientation::Vertical if o.col() == last => Some(Edge::Right),
        _ => None,
    }
}

/// How two non-overlapping ships touch, side contact taking precedence.
fn touch(a: Ship, b: Ship) -> Option<TouchKind> {
    let mut diagonal = false;
    for ca in a.cells() {
        for cb in b.cells() {
            let dc = ca.col().abs_diff(cb.col());
            let dr = ca.row().abs_diff(cb.row());
            if dc + dr == 1 {
                return Some(TouchKind::SideBySide);
            }
            if dc == 1 && dr == 1 {
                diagonal = true;
            }
        }
    }
    diagonal.then_some(TouchKind::Diagonally)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC_OK: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
    const G2000_OK: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";

    fn ship(s: &str) -> Ship {
        s.parse().unwrap()
    }

    fn problems(variant: Variant, text: &str) -> Vec<PlacementProblem> {
        match Fleet::parse(variant, text) {
            Err(FleetError::Rules(p)) => p,
            other => panic!("expected rule problems for {text}, got {other:?}"),
        }
    }

    #[test]
    fn far_too_many_ships_get_their_count_refused_without_pairwise_checks() {
        let text = "A1,".repeat(3000);
        let found = problems(Variant::Classic, &text);
        // A1 is a fine cell on its own: only the counts are wrong, and the
        // 3000 × 2999 / 2 overlaps are not listed.
        assert!(
            found
                .iter()
                .all(|p| matches!(p, PlacementProblem::Count { .. })),
            "{found:?}"
        );
        assert!(found.contains(&PlacementProblem::Count {
            class: &Variant::Classic.rules().fleet[3],
            have: 3000
        }));
        // Up to twice the fleet size, ships are still checked against each other.
        let overlaps = problems(Variant::Classic, &"A1 ".repeat(20));
        assert!(
            overlaps
                .iter()
                .any(|p| matches!(p, PlacementProblem::Overlap { .. }))
        );
    }

    #[test]
    fn ships_parse_either_end_first() {
        assert_eq!(ship("A1-A4"), ship("a4-a1"));
        assert_eq!(ship("C3-A3").to_string(), "A3-C3");
        assert_eq!(ship("J10").to_string(), "J10");
        assert_eq!(ship("J10").len(), 1);
        assert_eq!(ship("B2-B4").cells().count(), 3);
        assert!(matches!(
            "A1-B2".parse::<Ship>(),
            Err(ShipError::NotStraight(_))
        ));
    }

    #[test]
    fn valid_fleets_are_accepted_and_round_trip() {
        for (variant, text) in [
            (Variant::Classic, CLASSIC_OK),
            (Variant::Game2000, G2000_OK),
        ] {
            let fleet = Fleet::parse(variant, text).unwrap();
            assert_eq!(fleet.ships().len(), variant.ship_count());
            assert_eq!(fleet.cells().len(), variant.fleet_cells());
            let again = Fleet::parse(variant, &fleet.to_string()).unwrap();
            assert_eq!(again, fleet);
        }
    }

    #[test]
    fn separators_and_spaced_dashes_are_tolerated() {
        let messy = "a1 - a4, C1-C3,E1 -E3  g1-g2;I1–I2 A6-B6 D6 F6 H6 J10";
        let fleet = Fleet::parse(Variant::Classic, messy).unwrap();
        assert_eq!(fleet, Fleet::parse(Variant::Classic, CLASSIC_OK).unwrap());
    }

    #[test]
    fn touching_diagonally_is_named() {
        // B2-B4 and C5 share only the corner between B4 and C5.
        let p = problems(
            Variant::Classic,
            "B2-B4 C5 E1-E4 G1-G3 G5-G6 I1-I2 A7-A8 A10 C10 E10 J10",
        );
        let texts: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert!(
            texts.contains(&"B2-B4 touches C5 diagonally".to_owned()),
            "{texts:?}"
        );
    }

    #[test]
    fn touching_at_a_side_and_overlap_are_named() {
        let p = problems(
            Variant::Classic,
            "A1-A4 B1-B3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        );
        assert!(p.contains(&PlacementProblem::Touch {
            a: ship("A1-A4"),
            b: ship("B1-B3"),
            how: TouchKind::SideBySide
        }));
        let p = problems(
            Variant::Classic,
            "A1-A4 A3-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        );
        assert!(p.contains(&PlacementProblem::Overlap {
            a: ship("A1-A4"),
            b: ship("A3-C3"),
            at: "A3".parse().unwrap()
        }));
    }

    #[test]
    fn one_empty_cell_between_ships_is_enough() {
        // Boundary: C1 is one cell away from A1-A4's column B gap: allowed.
        assert!(Fleet::parse(Variant::Classic, CLASSIC_OK).is_ok());
        // Boundary: moving C1-C3 one column left to B makes it touch.
        assert!(
            Fleet::parse(
                Variant::Classic,
                "A1-A4 B1-B3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10"
            )
            .is_err()
        );
    }

    #[test]
    fn counts_are_checked_by_class() {
        let p = problems(
            Variant::Classic,
            "A1-A3 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        );
        let texts: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert!(
            texts.contains(&"battleship count is 0, need 1".to_owned()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"cruiser count is 3, need 2".to_owned()),
            "{texts:?}"
        );
    }

    #[test]
    fn too_long_and_off_board_ships_are_named() {
        let p = problems(Variant::Classic, "A1-A5");
        assert!(
            p.iter()
                .any(|p| p.to_string() == "A1-A5 is 5 cells long; the longest ship is 4 cells")
        );
        let p = problems(Variant::Game2000, "J1-J2");
        assert!(matches!(p[0], PlacementProblem::OffBoard { .. }), "{p:?}");
        assert!(p[0].to_string().contains("A–I"));
    }

    #[test]
    fn game2000_corners_are_forbidden_but_edges_allowed_for_singles() {
        // A1 single in a corner: refused with the documented wording.
        let p = problems(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 A1 E1");
        assert!(
            p.iter()
                .any(|p| p.to_string().starts_with("A1 is a corner cell")),
            "{p:?}"
        );
        // A 1-cell ship next to the corner on the edge is fine (the boundary).
        assert!(Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 B1").is_ok());
        // Each of the four corners.
        for corner in ["A1", "I1", "A9", "I9"] {
            let text = format!("C3-E3 G3-G5 C5-C6 D8-E8 G7-G8 E5 {corner}");
            let p = problems(Variant::Game2000, &text);
            assert!(
                p.iter()
                    .any(|p| matches!(p, PlacementProblem::Corner { .. })),
                "{corner}: {p:?}"
            );
        }
        // Classic has no corner rule.
        assert!(
            Fleet::parse(
                Variant::Classic,
                "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10"
            )
            .is_ok()
        );
    }

    #[test]
    fn game2000_long_side_on_edge_is_forbidden() {
        let cases = [
            ("D1-E1", Edge::Top),
            ("D9-E9", Edge::Bottom),
            ("A4-A5", Edge::Left),
            ("I4-I6", Edge::Right),
        ];
        for (bad, edge) in cases {
            let text = format!("C3-E3 G3-G5 C5-C6 E7-F7 {bad}");
            let p = problems(Variant::Game2000, &text);
            assert!(
                p.contains(&PlacementProblem::AlongEdge {
                    ship: ship(bad),
                    edge
                }),
                "{bad}: {p:?}"
            );
        }
        let p = problems(Variant::Game2000, "D1-E1");
        assert!(p.iter().any(|p| p.to_string()
            == "D1-E1 lies along the top edge (Game 2000 forbids that for ships of 2 or 3 cells)"));
        // Boundary: a ship touching the edge with its short end is allowed.
        let ok = Fleet::parse(Variant::Game2000, "B1-B3 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9");
        assert!(ok.is_ok(), "{ok:?}");
    }

    #[test]
    fn syntax_errors_name_the_token() {
        let err = Fleet::parse(Variant::Classic, "A1-A4 C1-D2").unwrap_err();
        assert!(err.to_string().contains("`C1-D2`"), "{err}");
        assert_eq!(Fleet::parse(Variant::Classic, "  "), Err(FleetError::Empty));
        let err = Fleet::parse(Variant::Classic, "A1-A4 Z9").unwrap_err();
        assert!(err.to_string().contains("Z9"), "{err}");
    }

    #[test]
    fn serde_refuses_invalid_fleets() {
        let fleet = Fleet::parse(Variant::Game2000, G2000_OK).unwrap();
        let json = serde_json::to_string(&fleet).unwrap();
        assert_eq!(serde_json::from_str::<Fleet>(&json).unwrap(), fleet);
        let bad = json.replace("H1", "I1");
        assert!(serde_json::from_str::<Fleet>(&bad).is_err());
    }
}
