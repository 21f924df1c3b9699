//! The leaderboard's page buttons: `bs:0:board:<rules>.<page>.<asker>[.s<n>|.g]`.

use std::fmt;

use super::wire::{NotOurs, PREFIX};
use crate::game::{PlayerId, Variant};

/// Another page of a leaderboard (a server's is the message's server).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPage {
    /// The rule set.
    pub variant: Variant,
    /// The page to show, 0-based.
    pub page: u32,
    /// The member who asked (their own line stays on every page).
    pub asker: PlayerId,
    /// Which table it is.
    pub table: BoardTable,
}

/// Which table a leaderboard shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardTable {
    /// A server's lifetime ranking (every board before seasons was one).
    Lifetime,
    /// A server's rating season, by its number in the server.
    Season(u32),
    /// The global board: the members anywhere who chose to be listed on it.
    Global,
}

impl BoardPage {
    /// The page an id's argument (after `bs:0:board:`) names.
    pub fn parse(arg: &str) -> Result<Self, NotOurs> {
        let mut parts = arg.split('.');
        let key = parts.next().ok_or(NotOurs)?;
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.key() == key)
            .ok_or(NotOurs)?;
        let page = parts.next().and_then(|p| p.parse().ok()).ok_or(NotOurs)?;
        let asker = parts.next().and_then(|p| p.parse().ok()).ok_or(NotOurs)?;
        // A season's table carries `.s<number>`, the global board `.g`; a board
        // made before seasons has neither and stays the lifetime ranking.
        let table = match parts.next() {
            None => BoardTable::Lifetime,
            Some("g") => BoardTable::Global,
            Some(s) => BoardTable::Season(
                s.strip_prefix('s')
                    .and_then(|n| n.parse().ok())
                    .ok_or(NotOurs)?,
            ),
        };
        if parts.next().is_some() {
            return Err(NotOurs);
        }
        Ok(BoardPage {
            variant,
            page,
            asker: PlayerId(asker),
            table,
        })
    }
}

impl fmt::Display for BoardPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BoardPage {
            variant,
            page,
            asker,
            table,
        } = self;
        write!(f, "{PREFIX}0:board:{}.{page}.{}", variant.key(), asker.0)?;
        match table {
            BoardTable::Lifetime => Ok(()),
            BoardTable::Season(n) => write!(f, ".s{n}"),
            BoardTable::Global => write!(f, ".g"),
        }
    }
}
