//! The custom ids of the bot's buttons, typed.
//!
//! Every button carries `bs:<match>:<action>[:<arg>]`. Match ids are random and stored, so
//! a button keeps working after a restart as long as its match is live (a Replay button,
//! as long as the finished match is stored), and can never act on another match. Buttons
//! that belong to no match (leaderboard pages, the privacy confirmation) carry match `0`
//! and everything they need in the argument, so they too work after a restart.

use std::fmt;
use std::str::FromStr;

use poise::serenity_prelude as serenity;

use crate::bot::kit::i18n::{Lang, tr};
use crate::game::{PlayerId, Variant};
use crate::session::MatchId;
use editor::Control;

pub mod editor;

/// Prefix of every custom id this bot creates.
pub const PREFIX: &str = "bs:";

/// What a button of ours does, and to which match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ButtonId {
    /// Accept a challenge.
    Accept(MatchId),
    /// Decline a challenge.
    Decline(MatchId),
    /// A new random fleet in the preview.
    Shuffle(MatchId),
    /// Make the previewed fleet final; carries the preview's fleet fingerprint.
    Ready(MatchId, String),
    /// Watch a finished match again (works for as long as the match is stored).
    Replay(MatchId),
    /// Ask for a rematch under a match's end.
    Rematch(MatchId),
    /// In a rematch's preview: take the last match's fleet again.
    LastFleet(MatchId),
    /// Another page of a leaderboard (a server's is the message's server).
    Board {
        /// The rule set.
        variant: Variant,
        /// The page to show, 0-based.
        page: u32,
        /// The member who asked (their own line stays on every page).
        asker: PlayerId,
        /// Which table it is.
        table: BoardTable,
    },
    /// Confirms `/privacy delete`; only the member who asked may press it.
    Forget(PlayerId),
    /// Turns a member's reminders on or off (under a reminder); only they may press it.
    Reminders(PlayerId, bool),
    /// Confirms `/settings reset`; only the member who asked may press it.
    ResetSettings(PlayerId),
    /// Another page of a server's live matches (the server is the message's).
    Matches {
        /// The page to show, 0-based.
        page: u32,
    },
    /// A control of a member's placement editor (see [`crate::bot::editor`]).
    Editor(MatchId, Control),
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Accept(id) => write!(f, "{PREFIX}{id}:accept"),
            ButtonId::Decline(id) => write!(f, "{PREFIX}{id}:decline"),
            ButtonId::Shuffle(id) => write!(f, "{PREFIX}{id}:shuffle"),
            ButtonId::Ready(id, tag) => write!(f, "{PREFIX}{id}:ready:{tag}"),
            ButtonId::Replay(id) => write!(f, "{PREFIX}{id}:replay"),
            ButtonId::Rematch(id) => write!(f, "{PREFIX}{id}:rematch"),
            ButtonId::LastFleet(id) => write!(f, "{PREFIX}{id}:last"),
            ButtonId::Board {
                variant,
                page,
                asker,
                table,
            } => {
                write!(f, "{PREFIX}0:board:{}.{page}.{}", variant.key(), asker.0)?;
                match table {
                    BoardTable::Lifetime => Ok(()),
                    BoardTable::Season(n) => write!(f, ".s{n}"),
                    BoardTable::Global => write!(f, ".g"),
                }
            }
            ButtonId::Forget(p) => write!(f, "{PREFIX}0:forget:{}", p.0),
            ButtonId::Reminders(p, on) => {
                write!(
                    f,
                    "{PREFIX}0:remind:{}.{}",
                    p.0,
                    if *on { "on" } else { "off" }
                )
            }
            ButtonId::ResetSettings(p) => write!(f, "{PREFIX}0:reset:{}", p.0),
            ButtonId::Matches { page } => write!(f, "{PREFIX}0:matches:{page}"),
            ButtonId::Editor(id, control) => write!(f, "{PREFIX}{id}:ed:{control}"),
        }
    }
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

/// A custom id that is not one of ours, or is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Broadside button id")]
pub struct NotOurs;

impl FromStr for ButtonId {
    type Err = NotOurs;

    fn from_str(custom_id: &str) -> Result<Self, Self::Err> {
        let rest = custom_id.strip_prefix(PREFIX).ok_or(NotOurs)?;
        let mut parts = rest.splitn(3, ':');
        let id: MatchId = parts.next().and_then(|s| s.parse().ok()).ok_or(NotOurs)?;
        let action = parts.next().ok_or(NotOurs)?;
        let arg = parts.next();
        match (action, arg) {
            ("accept", None) => Ok(ButtonId::Accept(id)),
            ("decline", None) => Ok(ButtonId::Decline(id)),
            ("shuffle", None) => Ok(ButtonId::Shuffle(id)),
            ("replay", None) => Ok(ButtonId::Replay(id)),
            ("rematch", None) => Ok(ButtonId::Rematch(id)),
            ("last", None) => Ok(ButtonId::LastFleet(id)),
            ("board", Some(arg)) if id.0 == 0 => {
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
                Ok(ButtonId::Board {
                    variant,
                    page,
                    asker: PlayerId(asker),
                    table,
                })
            }
            ("forget", Some(p)) if id.0 == 0 => p
                .parse()
                .map(|p| ButtonId::Forget(PlayerId(p)))
                .map_err(|_| NotOurs),
            ("ready", Some(tag)) if !tag.is_empty() => Ok(ButtonId::Ready(id, tag.to_owned())),
            ("remind", Some(arg)) if id.0 == 0 => {
                let (p, on) = arg.split_once('.').ok_or(NotOurs)?;
                let p = p.parse().map_err(|_| NotOurs)?;
                let on = match on {
                    "on" => true,
                    "off" => false,
                    _ => return Err(NotOurs),
                };
                Ok(ButtonId::Reminders(PlayerId(p), on))
            }
            ("reset", Some(p)) if id.0 == 0 => p
                .parse()
                .map(|p| ButtonId::ResetSettings(PlayerId(p)))
                .map_err(|_| NotOurs),
            ("matches", Some(page)) if id.0 == 0 => page
                .parse()
                .map(|page| ButtonId::Matches { page })
                .map_err(|_| NotOurs),
            ("ed", Some(control)) if id.0 != 0 => control
                .parse()
                .map(|control| ButtonId::Editor(id, control))
                .map_err(|_| NotOurs),
            _ => Err(NotOurs),
        }
    }
}

/// The Edit button of a placement preview, for `owner`, labelled in `lang`.
pub fn edit_button(
    lang: Lang,
    id: MatchId,
    owner: crate::game::PlayerId,
) -> serenity::CreateButton {
    serenity::CreateButton::new(ButtonId::Editor(id, Control::open(owner)).to_string())
        .label(tr!(lang, "button-edit"))
        .emoji('✏')
        .style(serenity::ButtonStyle::Primary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        let id = MatchId(4_611_686_018_427_387_904);
        for b in [
            ButtonId::Accept(id),
            ButtonId::Decline(id),
            ButtonId::Shuffle(MatchId(7)),
            ButtonId::Ready(id, "0badf00d".into()),
            ButtonId::Replay(id),
            ButtonId::Rematch(id),
            ButtonId::LastFleet(id),
            ButtonId::Board {
                variant: Variant::Game2000,
                page: 3,
                asker: PlayerId(u64::MAX),
                table: BoardTable::Lifetime,
            },
            ButtonId::Board {
                variant: Variant::Classic,
                page: 0,
                asker: PlayerId(8),
                table: BoardTable::Season(12),
            },
            ButtonId::Board {
                variant: Variant::Classic,
                page: 4,
                asker: PlayerId(8),
                table: BoardTable::Global,
            },
            ButtonId::Forget(PlayerId(123_456_789_012_345_678)),
            ButtonId::Reminders(PlayerId(5), false),
            ButtonId::Reminders(PlayerId(5), true),
            ButtonId::ResetSettings(PlayerId(9)),
            ButtonId::Matches { page: 2 },
            ButtonId::Editor(id, Control::open(PlayerId(3))),
            ButtonId::Editor(
                MatchId(9),
                Control {
                    action: crate::bot::kit::buttons::editor::Action::Down,
                    owner: PlayerId(u64::MAX),
                    cursor: Some(crate::game::editor::Cursor {
                        ship: 9,
                        bow: "J10".parse().unwrap(),
                    }),
                },
            ),
        ] {
            assert_eq!(b.to_string().parse::<ButtonId>(), Ok(b.clone()), "{b}");
        }
        assert_eq!(ButtonId::Accept(MatchId(42)).to_string(), "bs:42:accept");
        // A page made before seasons (and before the global board) still reads as the
        // server's lifetime ranking.
        assert_eq!(
            "bs:0:board:classic.2.7".parse::<ButtonId>(),
            Ok(ButtonId::Board {
                variant: Variant::Classic,
                page: 2,
                asker: PlayerId(7),
                table: BoardTable::Lifetime,
            })
        );
        assert_eq!(
            "bs:0:board:game2000.0.7.g".parse::<ButtonId>(),
            Ok(ButtonId::Board {
                variant: Variant::Game2000,
                page: 0,
                asker: PlayerId(7),
                table: BoardTable::Global,
            })
        );
        assert_eq!(
            ButtonId::Ready(MatchId(1), "ab".into()).to_string(),
            "bs:1:ready:ab"
        );
    }

    #[test]
    fn rejects_foreign_and_malformed_ids() {
        for bad in [
            "",
            "bs:",
            "bs:42",
            "bs::accept",
            "bs:42:",
            "bs:x:accept",
            "bs:-1:accept",
            "xx:42:accept",
            "BS:1:accept",
            "bs:1:accept:extra",
            "bs:1:ready",
            "bs:1:ready:",
            "bs:1:fire:C4",
            "bs:1:replay:x",
            "bs:1:rematch:x",
            "bs:1:board:classic.0.5",
            "bs:0:board:chess.0.5",
            "bs:0:board:classic.x.5",
            "bs:0:board:classic.1",
            "bs:0:board:classic.1.5.6",
            "bs:0:board:classic.1.5.g.s2",
            "bs:0:board:classic.1.5.gx",
            "bs:0:forget",
            "bs:0:forget:x",
            "bs:2:forget:5",
            "bs:0:remind:5",
            "bs:0:remind:5.maybe",
            "bs:3:reset:5",
            "bs:0:matches:x",
            "bs:0:ed:open.5",
            "bs:1:ed:right.5",
            "bs:1:ed",
        ] {
            assert_eq!(bad.parse::<ButtonId>(), Err(NotOurs), "{bad:?}");
        }
    }
}
