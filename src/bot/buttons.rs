//! The custom ids of the bot's buttons, typed.
//!
//! Every button carries `bs:<match>:<action>[:<arg>]`. Match ids are random and stored, so
//! a button keeps working after a restart as long as its match is live (a Replay button,
//! as long as the finished match is stored), and can never act on another match. Buttons
//! that belong to no match (leaderboard pages, the privacy confirmation) carry match `0`
//! and everything they need in the argument, so they too work after a restart.

use std::fmt;
use std::str::FromStr;

use super::editor::id::Control;
use crate::game::{PlayerId, Variant};
use crate::session::MatchId;

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
    /// Another page of a server's leaderboard (the server is the message's).
    Board {
        /// The rule set.
        variant: Variant,
        /// The page to show, 0-based.
        page: u32,
        /// The member who asked (their own line stays on every page).
        asker: PlayerId,
        /// The rating season whose table it is (by its number in the server); `None`: the
        /// lifetime ranking (as every board before seasons).
        season: Option<u32>,
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
    /// A control of a member's placement editor (see [`super::editor`]).
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
                season,
            } => {
                write!(f, "{PREFIX}0:board:{}.{page}.{}", variant.key(), asker.0)?;
                match season {
                    Some(n) => write!(f, ".s{n}"),
                    None => Ok(()),
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
                // A season's table carries `.s<number>`; a board made before seasons has
                // none and stays the lifetime ranking.
                let season = match parts.next() {
                    None => None,
                    Some(s) => Some(
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
                    season,
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
                season: None,
            },
            ButtonId::Board {
                variant: Variant::Classic,
                page: 0,
                asker: PlayerId(8),
                season: Some(12),
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
                    action: crate::bot::editor::id::Action::Down,
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
