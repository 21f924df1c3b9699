//! One member's attempt at a day's sea: every volley under the rule set's own rules.
//!
//! A volley is one shot in classic and three in Game 2000 (the rule set's
//! [`shots_per_turn`](broadside_game::Rules::shots_per_turn)); the score counts volleys,
//! so classic counts shots and Game 2000 turns. Each shot is resolved by the game core
//! ([`Sea::resolve`]). A cell fired at before is refused and not counted, in both rule
//! sets (for Game 2000 this is the forbid-repeats house rule). A Game 2000 volley's reports
//! come sorted, so that, as in a match, they say how many of which length were hit, never
//! which cell did.

use broadside_game::{CellSet, Coord, Fleet, Report, Sea, TargetView, Variant};
use serde::{Deserialize, Serialize};

/// Why a volley was refused (nothing was fired, nothing counted).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FireError {
    /// Every ship is already sunk.
    #[error("today's sea is already cleared")]
    Finished,
    /// Not as many cells as the rule set fires per turn.
    #[error("{variant} fires {expected} cell(s) at a time, not {given}")]
    WrongCount {
        /// The rule set's short name.
        variant: &'static str,
        /// Cells per volley.
        expected: u8,
        /// Cells given.
        given: usize,
    },
    /// A cell off the rule set's board.
    #[error("{0} is not on the board")]
    OffBoard(Coord),
    /// A cell fired at before today.
    #[error("{0} was already fired at")]
    AlreadyFired(Coord),
    /// The same cell twice in one volley.
    #[error("{0} is named twice")]
    Duplicate(Coord),
}

/// What one shot did, for the spoiler-free strip of the share card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// Water.
    Miss,
    /// A ship hit, still afloat.
    Hit,
    /// A ship sunk.
    Sunk,
}

impl From<Report> for Mark {
    fn from(report: Report) -> Self {
        match report {
            Report::Water => Mark::Miss,
            Report::Hit { .. } => Mark::Hit,
            Report::Sunk { .. } => Mark::Sunk,
        }
    }
}

/// One volley and what it was told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Volley {
    /// The cells, in the order given.
    pub cells: Vec<Coord>,
    /// The reports: classic one, for its cell; Game 2000 three, sorted (sunk first, then
    /// hits, then water; longer ships first), so they name no cell.
    pub reports: Vec<Report>,
}

/// One member's attempt at one day's sea.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    sea: Sea,
    volleys: Vec<Volley>,
}

impl Attempt {
    /// An attempt with no shot yet at `fleet`.
    #[must_use]
    pub fn new(fleet: Fleet) -> Self {
        Attempt {
            sea: Sea::new(fleet),
            volleys: Vec::new(),
        }
    }

    /// The attempt after `volleys` (as stored), fired in order.
    pub fn replay<'a>(
        fleet: Fleet,
        volleys: impl IntoIterator<Item = &'a [Coord]>,
    ) -> Result<Self, FireError> {
        let mut attempt = Attempt::new(fleet);
        for cells in volleys {
            attempt.fire(cells)?;
        }
        Ok(attempt)
    }

    /// The rule set.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.sea.fleet().variant()
    }

    /// Checks a volley without firing it.
    pub fn check(&self, cells: &[Coord]) -> Result<(), FireError> {
        let variant = self.variant();
        if self.is_finished() {
            return Err(FireError::Finished);
        }
        let expected = variant.rules().shots_per_turn;
        if cells.len() != usize::from(expected) {
            return Err(FireError::WrongCount {
                variant: variant.short_name(),
                expected,
                given: cells.len(),
            });
        }
        let mut seen = CellSet::EMPTY;
        for &cell in cells {
            if !variant.contains(cell) {
                return Err(FireError::OffBoard(cell));
            }
            if self.sea.was_fired(cell) {
                return Err(FireError::AlreadyFired(cell));
            }
            if !seen.insert(cell) {
                return Err(FireError::Duplicate(cell));
            }
        }
        Ok(())
    }

    /// Fires a volley (after [`Attempt::check`]) and hands back what it was told.
    pub fn fire(&mut self, cells: &[Coord]) -> Result<&Volley, FireError> {
        self.check(cells)?;
        let turn = u32::try_from(self.volleys.len()).unwrap_or(u32::MAX - 1) + 1;
        let mut reports: Vec<Report> = cells.iter().map(|&c| self.sea.resolve(c, turn)).collect();
        reports.sort_by_key(|r| match *r {
            Report::Sunk { len } => (0, u8::MAX - len),
            Report::Hit { len } => (1, u8::MAX - len.unwrap_or(0)),
            Report::Water => (2, 0),
        });
        let at = self.volleys.len();
        self.volleys.push(Volley {
            cells: cells.to_vec(),
            reports,
        });
        Ok(&self.volleys[at])
    }

    /// Volleys fired: the score (classic: shots; Game 2000: turns).
    #[must_use]
    pub fn shots(&self) -> u32 {
        u32::try_from(self.volleys.len()).unwrap_or(u32::MAX)
    }

    /// Every volley so far, in order.
    #[must_use]
    pub fn volleys(&self) -> &[Volley] {
        &self.volleys
    }

    /// Whether every ship is sunk.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.sea.all_sunk()
    }

    /// What the member knows of the sea (for the picture of their sea so far).
    #[must_use]
    pub fn view(&self) -> TargetView {
        TargetView::of_sea(&self.sea)
    }

    /// The sea with its hidden fleet (show it only once the day is over).
    #[must_use]
    pub fn sea(&self) -> &Sea {
        &self.sea
    }

    /// The hit/miss strip in shot order, naming no cell (a Game 2000 volley's marks in
    /// the order of its sorted reports).
    #[must_use]
    pub fn strip(&self) -> Vec<Mark> {
        self.volleys
            .iter()
            .flat_map(|v| v.reports.iter().map(|&r| Mark::from(r)))
            .collect()
    }
}

/// A volley as stored: its cells joined by spaces (`"A1"`, `"B2 C3 D4"`).
#[must_use]
pub fn volley_text(cells: &[Coord]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cells of a stored volley ([`volley_text`]); `None` if a cell does not read.
#[must_use]
pub fn parse_volley(text: &str) -> Option<Vec<Coord>> {
    text.split_whitespace().map(|c| c.parse().ok()).collect()
}
