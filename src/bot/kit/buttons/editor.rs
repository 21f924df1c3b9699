//! The editor's part of a custom id: `<action>.<owner>[.<ship>.<bow>]`, after
//! `bs:<match>:ed:` (see [`crate::bot::kit::buttons::ButtonId::Editor`]).
//!
//! Each control carries the cursor its message shows (the selected ship's slot and the bow
//! cell), so a click acts on what the player saw, and the member the editor belongs to, so
//! that nobody else's click can change it or see it.

use std::fmt;
use std::str::FromStr;

use crate::game::PlayerId;
use crate::game::editor::Cursor;

/// What an editor control does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The preview's Edit button: show the editor.
    Open,
    /// The ship select (its value: the slot).
    Ship,
    /// The column select (its value: the column, 0-based).
    Column,
    /// The row select (its value: the row, 0-based).
    Row,
    /// → : the selected ship, bow on the cursor, running right.
    Right,
    /// ↓ : the same, running down.
    Down,
    /// Take the selected ship off the sea.
    Remove,
    /// Place the other ships at random.
    Rest,
    /// Take every ship off the sea.
    Clear,
    /// Make the fleet final (refused while ships are missing).
    Ready,
}

impl Action {
    const ALL: [(Action, &'static str); 10] = [
        (Action::Open, "open"),
        (Action::Ship, "ship"),
        (Action::Column, "col"),
        (Action::Row, "row"),
        (Action::Right, "right"),
        (Action::Down, "down"),
        (Action::Remove, "remove"),
        (Action::Rest, "rest"),
        (Action::Clear, "clear"),
        (Action::Ready, "ready"),
    ];

    fn key(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(a, _)| *a == self)
            .map_or("open", |(_, k)| k)
    }
}

/// One editor control of one member's editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// What it does.
    pub action: Action,
    /// The member whose editor it is.
    pub owner: PlayerId,
    /// The cursor its message shows (`None` on the preview's Edit button).
    pub cursor: Option<Cursor>,
}

impl Control {
    /// The preview's Edit button for `owner`.
    #[must_use]
    pub const fn open(owner: PlayerId) -> Self {
        Control {
            action: Action::Open,
            owner,
            cursor: None,
        }
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.action.key(), self.owner.0)?;
        if let Some(c) = self.cursor {
            write!(f, ".{}.{}", c.ship, c.bow)?;
        }
        Ok(())
    }
}

/// Text that is not an editor control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an editor control")]
pub struct NotAControl;

impl FromStr for Control {
    type Err = NotAControl;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.split('.');
        let key = parts.next().ok_or(NotAControl)?;
        let action = Action::ALL
            .iter()
            .find(|(_, k)| *k == key)
            .map(|(a, _)| *a)
            .ok_or(NotAControl)?;
        let owner = parts
            .next()
            .and_then(|p| p.parse().ok())
            .map(PlayerId)
            .ok_or(NotAControl)?;
        let cursor = match (parts.next(), parts.next()) {
            (None, None) => None,
            (Some(ship), Some(bow)) => Some(Cursor {
                ship: ship.parse().map_err(|_| NotAControl)?,
                bow: bow.parse().map_err(|_| NotAControl)?,
            }),
            _ => return Err(NotAControl),
        };
        if parts.next().is_some() || (cursor.is_none() && action != Action::Open) {
            return Err(NotAControl);
        }
        Ok(Control {
            action,
            owner,
            cursor,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_round_trip_and_junk_is_refused() {
        let cursor = Cursor {
            ship: 9,
            bow: "J10".parse().unwrap(),
        };
        for (action, _) in Action::ALL {
            let c = Control {
                action,
                owner: PlayerId(u64::MAX),
                cursor: Some(cursor),
            };
            assert_eq!(c.to_string().parse(), Ok(c), "{c}");
        }
        let open = Control::open(PlayerId(7));
        assert_eq!(open.to_string(), "open.7");
        assert_eq!("open.7".parse(), Ok(open));
        assert_eq!(
            Control {
                action: Action::Right,
                owner: PlayerId(5),
                cursor: Some(Cursor {
                    ship: 2,
                    bow: "C4".parse().unwrap()
                }),
            }
            .to_string(),
            "right.5.2.C4"
        );
        for bad in [
            "",
            "open",
            "open.x",
            "fly.5.2.C4",
            "right.5",
            "right.5.2",
            "right.5.2.Z4",
            "right.5.x.C4",
            "right.5.2.C4.1",
        ] {
            assert_eq!(bad.parse::<Control>(), Err(NotAControl), "{bad:?}");
        }
    }
}
