//! The daily sea's controls: `bs:0:day:<action>.<rules>.<owner>.<cursor>[.<picked>]` for
//! the aim panel and `bs:0:day:share.<rules>.<owner>.<day>` for Share.
//!
//! An aim control carries what its message shows (the cell aimed at and, in Game 2000,
//! the cells of the salvo picked so far, written one after the other: `A1C3`; see
//! [`super::aim`]), so a click acts on what the member saw and the panel needs nothing kept
//! in memory; and the member it belongs to, so that nobody else's click fires. Share
//! carries the day, so a card is of the day it was won, whenever it is pressed.

use std::fmt;

pub use super::aim::Aim;
use super::aim::Sight;
use super::wire::NotOurs;
use crate::game::{PlayerId, Variant};

/// A button of the daily sea.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyButton {
    /// A control of a member's aim panel.
    Aim {
        /// What it does.
        action: Aim,
        /// The rule set of the sea.
        variant: Variant,
        /// The member whose panel it is.
        owner: PlayerId,
        /// Where the panel aims, and the salvo so far.
        sight: Sight,
    },
    /// Posts the finished day's card in the channel.
    Share {
        /// The rule set.
        variant: Variant,
        /// The member who finished.
        owner: PlayerId,
        /// The day.
        day: u64,
    },
}

impl DailyButton {
    /// The button an id's argument (after `bs:0:day:`) names.
    pub fn parse(arg: &str) -> Result<Self, NotOurs> {
        let mut parts = arg.split('.');
        let action = parts.next().ok_or(NotOurs)?;
        let variant = parts
            .next()
            .and_then(|k| Variant::ALL.into_iter().find(|v| v.key() == k))
            .ok_or(NotOurs)?;
        let owner = parts
            .next()
            .and_then(|p| p.parse().ok())
            .map(PlayerId)
            .ok_or(NotOurs)?;
        let button = if action == "share" {
            let day = parts.next().and_then(|d| d.parse().ok()).ok_or(NotOurs)?;
            DailyButton::Share {
                variant,
                owner,
                day,
            }
        } else {
            let action = Aim::parse(action)?;
            let sight = Sight::parse(&mut parts)?;
            DailyButton::Aim {
                action,
                variant,
                owner,
                sight,
            }
        };
        if parts.next().is_some() {
            return Err(NotOurs);
        }
        Ok(button)
    }
}

impl fmt::Display for DailyButton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(super::PREFIX)?;
        match self {
            DailyButton::Aim {
                action,
                variant,
                owner,
                sight,
            } => {
                write!(
                    f,
                    "0:day:{}.{}.{}.{sight}",
                    action.key(),
                    variant.key(),
                    owner.0
                )
            }
            DailyButton::Share {
                variant,
                owner,
                day,
            } => write!(f, "0:day:share.{}.{}.{day}", variant.key(), owner.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Coord;

    #[test]
    fn daily_ids_round_trip_and_junk_is_refused() {
        let cell = |s: &str| s.parse::<Coord>().unwrap();
        for b in [
            DailyButton::Aim {
                action: Aim::Fire,
                variant: Variant::Game2000,
                owner: PlayerId(u64::MAX),
                sight: Sight {
                    cursor: cell("I9"),
                    picked: vec![cell("A1"), cell("C9"), cell("B2")],
                },
            },
            DailyButton::Aim {
                action: Aim::Column,
                variant: Variant::Classic,
                owner: PlayerId(7),
                sight: Sight {
                    cursor: cell("J10"),
                    picked: Vec::new(),
                },
            },
            DailyButton::Share {
                variant: Variant::Classic,
                owner: PlayerId(7),
                day: 20_792,
            },
        ] {
            let id = b.to_string();
            assert!(id.len() <= 100, "{id}");
            let arg = id.strip_prefix("bs:0:day:").unwrap();
            assert_eq!(DailyButton::parse(arg), Ok(b.clone()), "{id}");
        }
        assert_eq!(
            DailyButton::Aim {
                action: Aim::Add,
                variant: Variant::Game2000,
                owner: PlayerId(5),
                sight: Sight {
                    cursor: cell("C4"),
                    picked: vec![cell("A1"), cell("J10")],
                },
            }
            .to_string(),
            "bs:0:day:add.game2000.5.C4.A1J10"
        );
        for bad in [
            "",
            "fire",
            "fire.classic",
            "fire.classic.5",
            "fire.chess.5.A1",
            "fly.classic.5.A1",
            "fire.classic.x.A1",
            "fire.classic.5.Z1",
            "fire.classic.5.A1.",
            "fire.classic.5.A1.A1B2C3D4",
            "fire.classic.5.A1.A1.x",
            "share.classic.5",
            "share.classic.5.x",
            "share.classic.5.3.4",
            "fire.classic.5.A1.é1",
        ] {
            assert_eq!(DailyButton::parse(bad), Err(NotOurs), "{bad:?}");
        }
    }
}
