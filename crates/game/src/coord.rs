//! Board coordinates (`C4`: column C, row 4) and sets of cells.
//!
//! Parsing happens at the edge: a [`Coord`] that exists is always inside the
//! largest board (A–J, 1–10). Whether it fits a smaller board is checked against
//! the [`Variant`] with [`Coord::parse_for`] or [`Variant::contains`](super::Variant::contains).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Variant;

/// The widest and tallest board any variant uses.
pub const MAX_SIZE: u8 = 10;

/// One cell of a board. Column 0 is `A` (left), row 0 is `1` (top).
///
/// A `Coord` is always on the largest board (A–J, 1–10); whether it is on a
/// smaller one is a question for the [`Variant`].
///
/// # Examples
///
/// Cells are parsed from their usual name, in either case, and printed back in
/// capitals:
///
/// ```
/// use broadside_game::Coord;
///
/// let cell: Coord = "c4".parse()?;
/// assert_eq!(cell.col_letter(), 'C');
/// assert_eq!((cell.col(), cell.row()), (2, 3)); // both 0-based
/// assert_eq!(cell.to_string(), "C4");
/// assert_eq!(Coord::new(2, 3), Some(cell));
///
/// // Two-digit rows, and the largest board's far corner.
/// assert_eq!("J10".parse::<Coord>()?, Coord::new(9, 9).unwrap());
/// # Ok::<(), broadside_game::CoordError>(())
/// ```
///
/// Text that is not a cell is refused with a [`CoordError`] that says what is
/// wrong, and for a space inside a cell, what was probably meant:
///
/// ```
/// use broadside_game::{Coord, CoordError};
///
/// let err = "C 4".parse::<Coord>().unwrap_err();
/// assert_eq!(
///     err,
///     CoordError::SpaceInside { input: "C 4".into(), suggestion: "C4".into() }
/// );
/// assert_eq!(
///     err.to_string(),
///     "`C 4` has a space inside; write the cell without one, like C4"
/// );
///
/// assert!(matches!("4C".parse::<Coord>(), Err(CoordError::Malformed(_))));
/// assert!(matches!("K1".parse::<Coord>(), Err(CoordError::OffBoard { .. })));
/// assert_eq!("".parse::<Coord>(), Err(CoordError::Empty));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Coord {
    // Row first so that the derived order reads like a page: row by row, left to right.
    row: u8,
    col: u8,
}

impl Coord {
    /// The cell at `col`, `row` (both 0-based), if it lies on the largest board.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Self> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Self { row, col })
        } else {
            None
        }
    }

    /// The 0-based column (`A` is 0).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The 0-based row (`1` is 0).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column letter, `A`–`J`.
    #[must_use]
    pub const fn col_letter(self) -> char {
        (b'A' + self.col) as char
    }

    /// A dense index `row * 10 + col` in `0..100`, the same for every variant.
    #[must_use]
    pub const fn index(self) -> usize {
        self.row as usize * MAX_SIZE as usize + self.col as usize
    }

    /// The inverse of [`Coord::index`].
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < (MAX_SIZE as usize * MAX_SIZE as usize) {
            Some(Self {
                row: (index / MAX_SIZE as usize) as u8,
                col: (index % MAX_SIZE as usize) as u8,
            })
        } else {
            None
        }
    }

    /// The cell moved by (`dc`, `dr`), if that is still on a `size`×`size` board.
    #[must_use]
    pub fn offset(self, dc: i8, dr: i8, size: u8) -> Option<Self> {
        let col = self.col.checked_add_signed(dc)?;
        let row = self.row.checked_add_signed(dr)?;
        (col < size && row < size).then_some(Self { row, col })
    }

    /// The up to eight cells around this one on a `size`×`size` board.
    pub fn neighbours(self, size: u8) -> impl Iterator<Item = Coord> {
        const AROUND: [(i8, i8); 8] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        AROUND
            .into_iter()
            .filter_map(move |(dc, dr)| self.offset(dc, dr, size))
    }

    /// Every cell of a `size`×`size` board, row by row.
    pub fn all(size: u8) -> impl Iterator<Item = Coord> {
        (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }))
    }

    /// Parses one cell and checks that it lies on `variant`'s board.
    ///
    /// # Examples
    ///
    /// ```
    /// use broadside_game::{Coord, Variant};
    ///
    /// assert!(Coord::parse_for("J10", Variant::Classic).is_ok());
    ///
    /// // Game 2000's board is 9 × 9, and the error says so.
    /// let err = Coord::parse_for("J5", Variant::Game2000).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "`J5` is off the board; Game 2000 uses columns A–I and rows 1–9"
    /// );
    /// ```
    pub fn parse_for(text: &str, variant: Variant) -> Result<Self, CoordError> {
        let coord: Coord = text.parse()?;
        variant.check(coord)?;
        Ok(coord)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), self.row + 1)
    }
}

impl From<Coord> for String {
    fn from(c: Coord) -> Self {
        c.to_string()
    }
}

impl TryFrom<String> for Coord {
    type Error = CoordError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// Why a text is not a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// Nothing was given.
    #[error("no cell given; write a column letter and a row number, like C4")]
    Empty,
    /// `C 4`: a space (or comma) inside one cell.
    #[error("`{input}` has a space inside; write the cell without one, like {suggestion}")]
    SpaceInside {
        /// What was typed.
        input: String,
        /// What was probably meant.
        suggestion: String,
    },
    /// The text does not start with a column letter.
    #[error("`{0}` is not a cell; a cell is a column letter then a row number, like C4")]
    Malformed(String),
    /// A letter and a number, but outside the board.
    #[error("`{input}` is off the board; {}", board.map_or_else(|| "the largest board has columns A–J and rows 1–10".to_owned(), Variant::bounds_hint))]
    OffBoard {
        /// What was typed, as written.
        input: String,
        /// The board it is off; `None` when it is off even the largest board.
        board: Option<Variant>,
    },
}

impl FromStr for Coord {
    type Err = CoordError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let input = text.trim();
        if input.is_empty() {
            return Err(CoordError::Empty);
        }
        let mut chars = input.chars();
        let letter = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        if !letter.is_ascii_alphabetic() {
            return Err(CoordError::Malformed(input.to_owned()));
        }
        let digits = rest.trim_start();
        if digits.len() != rest.len() && !digits.is_empty() {
            let suggestion = format!("{}{}", letter.to_ascii_uppercase(), digits);
            if digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CoordError::SpaceInside {
                    input: input.to_owned(),
                    suggestion,
                });
            }
        }
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 3 {
            return Err(CoordError::Malformed(input.to_owned()));
        }
        let col = letter.to_ascii_uppercase() as u8 - b'A';
        // At most three digits were checked above, so this fits in a u16.
        let row: u16 = rest
            .parse()
            .map_err(|_| CoordError::Malformed(input.to_owned()))?;
        match (u8::try_from(row).ok(), col) {
            (Some(row @ 1..=MAX_SIZE), col) if col < MAX_SIZE => Ok(Coord { row: row - 1, col }),
            _ => Err(CoordError::OffBoard {
                input: input.to_owned(),
                board: None,
            }),
        }
    }
}

/// Parses a list of cells such as `c4, d5 E6` for `variant`.
///
/// Cells are separated by spaces, commas or semicolons; a space inside a cell
/// (`C 4`) is an error that names the cell that was probably meant. The cells
/// come back in the order written, repeats included (whether a repeat may be
/// fired is for [`Match::fire`](super::Match::fire) to decide).
///
/// # Examples
///
/// ```
/// use broadside_game::{Coord, Variant, parse_cells};
///
/// let salvo = parse_cells("c4, d5 E6", Variant::Game2000)?;
/// let names: Vec<String> = salvo.iter().map(Coord::to_string).collect();
/// assert_eq!(names, ["C4", "D5", "E6"]);
///
/// let err = parse_cells("C 4 D5 E6", Variant::Game2000).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "`C 4` has a space inside; write the cell without one, like C4"
/// );
///
/// // Every cell is checked against the variant's board.
/// assert!(parse_cells("A1 J10", Variant::Classic).is_ok());
/// assert!(parse_cells("A1 J10", Variant::Game2000).is_err());
/// # Ok::<(), broadside_game::CoordError>(())
/// ```
pub fn parse_cells(text: &str, variant: Variant) -> Result<Vec<Coord>, CoordError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return Err(CoordError::Empty);
    }
    let mut cells = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let lone_letter = token.len() == 1 && token.as_bytes()[0].is_ascii_alphabetic();
        if lone_letter
            && let Some(next) = tokens.get(i + 1)
            && next.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(CoordError::SpaceInside {
                input: format!("{token} {next}"),
                suggestion: format!("{}{}", token.to_ascii_uppercase(), next),
            });
        }
        cells.push(Coord::parse_for(token, variant)?);
        i += 1;
    }
    Ok(cells)
}

/// A set of cells on a board of at most 10×10, stored as one bit per cell.
///
/// # Examples
///
/// ```
/// use broadside_game::{CellSet, Coord};
///
/// let c = |name: &str| name.parse::<Coord>().unwrap();
/// let ship: CellSet = [c("A1"), c("A2")].into_iter().collect();
/// assert!(ship.contains(c("A2")));
/// assert_eq!(ship.len(), 2);
///
/// // The water around a ship in a corner, on a 10 × 10 board.
/// let around: Vec<String> = ship.halo(10).iter().map(|c| c.to_string()).collect();
/// assert_eq!(around, ["B1", "B2", "A3", "B3"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellSet(u128);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);

    /// A set holding one cell.
    #[must_use]
    pub const fn single(c: Coord) -> Self {
        CellSet(1u128 << c.index())
    }

    /// Whether `c` is in the set.
    #[must_use]
    pub const fn contains(self, c: Coord) -> bool {
        self.0 & (1u128 << c.index()) != 0
    }

    /// Adds `c`; returns whether it was new.
    pub fn insert(&mut self, c: Coord) -> bool {
        let new = !self.contains(c);
        self.0 |= 1u128 << c.index();
        new
    }

    /// Removes `c`.
    pub fn remove(&mut self, c: Coord) {
        self.0 &= !(1u128 << c.index());
    }

    /// The number of cells.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cells in either set.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        CellSet(self.0 | other.0)
    }

    /// Cells in both sets.
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        CellSet(self.0 & other.0)
    }

    /// Cells in `self` but not in `other`.
    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        CellSet(self.0 & !other.0)
    }

    /// Whether the sets share a cell.
    #[must_use]
    pub const fn intersects(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every cell of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set of the raw `bits` (bit `row * 10 + col`), as [`CellSet::bits`] gives them.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Self {
        CellSet(bits)
    }

    /// The raw bits (bit `row * 10 + col`).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The cells, row by row.
    pub fn iter(self) -> impl Iterator<Item = Coord> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Coord::from_index(i)
        })
    }

    /// The cells around the set (sides and corners) on a `size`×`size` board,
    /// not including the set itself.
    #[must_use]
    pub fn halo(self, size: u8) -> Self {
        let mut out = CellSet::EMPTY;
        for c in self.iter() {
            for n in c.neighbours(size) {
                out.insert(n);
            }
        }
        out.difference(self)
    }
}

impl FromIterator<Coord> for CellSet {
    fn from_iter<I: IntoIterator<Item = Coord>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    #[test]
    fn parses_both_cases_and_two_digit_rows() {
        assert_eq!(c("c4"), Coord::new(2, 3).unwrap());
        assert_eq!(c("C4"), Coord::new(2, 3).unwrap());
        assert_eq!(c("J10"), Coord::new(9, 9).unwrap());
        assert_eq!(c(" a1 "), Coord::new(0, 0).unwrap());
    }

    #[test]
    fn display_round_trips_every_cell() {
        for coord in Coord::all(MAX_SIZE) {
            assert_eq!(coord.to_string().parse::<Coord>().unwrap(), coord);
        }
        assert_eq!(Coord::new(9, 9).unwrap().to_string(), "J10");
    }

    #[test]
    fn rejects_off_board_and_malformed_cells() {
        assert!(matches!(
            "K1".parse::<Coord>(),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            "A11".parse::<Coord>(),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            "A0".parse::<Coord>(),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            "4C".parse::<Coord>(),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            "C".parse::<Coord>(),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            "C4x".parse::<Coord>(),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            "C99999".parse::<Coord>(),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            "ÄÖ".parse::<Coord>(),
            Err(CoordError::Malformed(_))
        ));
        assert_eq!("".parse::<Coord>(), Err(CoordError::Empty));
    }

    #[test]
    fn space_inside_a_cell_names_the_meant_cell() {
        let err = "c 4".parse::<Coord>().unwrap_err();
        assert_eq!(
            err,
            CoordError::SpaceInside {
                input: "c 4".into(),
                suggestion: "C4".into()
            }
        );
        let err = parse_cells("C 4 D5", Variant::Classic).unwrap_err();
        assert!(err.to_string().contains("like C4"), "{err}");
    }

    #[test]
    fn cell_lists_accept_spaces_and_commas() {
        let cells = parse_cells("c4, d5 E6", Variant::Game2000).unwrap();
        assert_eq!(cells, vec![c("C4"), c("D5"), c("E6")]);
        assert_eq!(
            parse_cells(" ,, ", Variant::Classic),
            Err(CoordError::Empty)
        );
    }

    #[test]
    fn variant_bounds_apply() {
        assert!(Coord::parse_for("J10", Variant::Classic).is_ok());
        let err = Coord::parse_for("J5", Variant::Game2000).unwrap_err();
        assert!(err.to_string().contains("A–I"), "{err}");
        assert!(Coord::parse_for("A10", Variant::Game2000).is_err());
        assert!(Coord::parse_for("I9", Variant::Game2000).is_ok());
    }

    #[test]
    fn halo_of_a_corner_ship_stays_on_the_board() {
        let ship: CellSet = [c("A1"), c("A2")].into_iter().collect();
        let halo = ship.halo(10);
        let expected: CellSet = [c("B1"), c("B2"), c("A3"), c("B3")].into_iter().collect();
        assert_eq!(halo, expected);
    }

    #[test]
    fn cellset_iterates_in_reading_order() {
        let set: CellSet = [c("B2"), c("A1"), c("J10"), c("C1")].into_iter().collect();
        let cells: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        assert_eq!(cells, ["A1", "C1", "B2", "J10"]);
        assert_eq!(set.len(), 4);
    }
}
