//! What every aim panel's control carries (the daily sea's, [`super::daily`], and a
//! match's, [`super::matches`]): its action, and the panel's [`Sight`] written
//! `<cursor>[.<picked>]`, the cells of the salvo one after the other (`A1C3`). A click
//! acts on what its member saw, and a panel needs nothing kept in memory.

use std::fmt;

use super::wire::NotOurs;
use crate::game::Coord;

/// At most this many cells in a salvo (Game 2000's three).
pub const SALVO: usize = 3;

/// What an aim control does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// The column select (its value: the column, 0-based).
    Column,
    /// The row select (its value: the row, 0-based).
    Row,
    /// Game 2000: add the cell aimed at to the salvo, or take it out if it is in.
    Add,
    /// Game 2000: empty the salvo.
    Clear,
    /// Fire: the cell aimed at (classic) or the salvo of three (Game 2000).
    Fire,
}

impl Aim {
    /// Its word in a custom id.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Aim::Column => "col",
            Aim::Row => "row",
            Aim::Add => "add",
            Aim::Clear => "clear",
            Aim::Fire => "fire",
        }
    }

    /// The action whose word is `key`.
    pub fn parse(key: &str) -> Result<Self, NotOurs> {
        match key {
            "col" => Ok(Aim::Column),
            "row" => Ok(Aim::Row),
            "add" => Ok(Aim::Add),
            "clear" => Ok(Aim::Clear),
            "fire" => Ok(Aim::Fire),
            _ => Err(NotOurs),
        }
    }
}

/// Where a panel aims and the salvo picked so far, as its controls carry them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// The cell aimed at.
    pub cursor: Coord,
    /// Game 2000: the salvo so far (at most [`SALVO`] cells).
    pub picked: Vec<Coord>,
}

impl Sight {
    /// The sight written in the next one or two of `parts` (`<cursor>[.<picked>]`); the
    /// parts after it are left.
    pub fn parse<'a>(parts: &mut impl Iterator<Item = &'a str>) -> Result<Self, NotOurs> {
        let cursor = parts.next().and_then(|c| c.parse().ok()).ok_or(NotOurs)?;
        let picked = match parts.next() {
            None => Vec::new(),
            Some(cells) => cells_of(cells).ok_or(NotOurs)?,
        };
        if picked.len() > SALVO {
            return Err(NotOurs);
        }
        Ok(Sight { cursor, picked })
    }
}

impl fmt::Display for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cursor)?;
        if !self.picked.is_empty() {
            f.write_str(".")?;
            for c in &self.picked {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// The cells of `text` written one after the other (`A1C10B2`); `None` if it is not that.
fn cells_of(text: &str) -> Option<Vec<Coord>> {
    if !text.is_ascii() {
        return None;
    }
    let mut cells = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |n| n + 1);
        cells.push(rest.get(..digits)?.parse().ok()?);
        rest = &rest[digits..];
    }
    (!cells.is_empty()).then_some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sights_round_trip_and_junk_is_refused() {
        let cells: Vec<Coord> = ["J10", "A1", "C3"].map(|c| c.parse().unwrap()).to_vec();
        let empty = Sight {
            cursor: cells[0],
            picked: Vec::new(),
        };
        let full = Sight {
            cursor: cells[1],
            picked: cells.clone(),
        };
        assert_eq!(full.to_string(), "A1.J10A1C3");
        for sight in [empty, full] {
            let text = sight.to_string();
            let mut parts = text.split('.');
            assert_eq!(Sight::parse(&mut parts), Ok(sight.clone()), "{text}");
            assert_eq!(parts.next(), None);
        }
        for bad in ["", "Z1", "A1.", "A1.A1B2C3D4", "A1.é1", "A1.x"] {
            assert_eq!(Sight::parse(&mut bad.split('.')), Err(NotOurs), "{bad:?}");
        }
        for action in [Aim::Column, Aim::Row, Aim::Add, Aim::Clear, Aim::Fire] {
            assert_eq!(Aim::parse(action.key()), Ok(action));
        }
        assert_eq!(Aim::parse("fly"), Err(NotOurs));
    }
}
