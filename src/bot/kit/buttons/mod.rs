//! The custom ids of the bot's buttons, typed: one [`ButtonId`] that wraps each feature's
//! own id ([`MatchButton`], [`BoardPage`], [`editor::Control`], [`TournamentButton`], and
//! the one-member confirmations), parsed once for the router.
//!
//! Every button carries `bs:<match>:<action>[:<arg>]`. Match ids are random and stored, so
//! a button keeps working after a restart as long as its match is live (a Replay button,
//! as long as the finished match is stored), and can never act on another match. Buttons
//! that belong to no match (leaderboard pages, the privacy confirmation) carry match `0`
//! and everything they need in the argument, so they too work after a restart. The ids on
//! the wire never change: a button on an old message must still work after an upgrade.

use std::fmt;
use std::str::FromStr;

use poise::serenity_prelude as serenity;

use crate::bot::kit::i18n::{Lang, tr};
use crate::game::PlayerId;
use crate::session::MatchId;
pub use board::{BoardPage, BoardTable};
pub use daily::DailyButton;
use editor::Control;
pub use matches::MatchButton;
pub use tournament::TournamentButton;
pub use wire::{NotOurs, PREFIX};

pub mod aim;
pub mod board;
pub mod daily;
pub mod editor;
pub mod matches;
pub mod tournament;
pub mod wire;

/// What a button of ours does: each feature's own id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ButtonId {
    /// A match's buttons: the challenge's, the preview's, the rematch, `/matches` pages.
    Match(MatchButton),
    /// A control of a member's placement editor (see [`editor`]).
    Editor(MatchId, Control),
    /// Watch a finished match again (works for as long as the match is stored).
    Replay(MatchId),
    /// Another page of a leaderboard (a server's is the message's server).
    Board(BoardPage),
    /// Confirms `/privacy delete`; only the member who asked may press it.
    Forget(PlayerId),
    /// Turns a member's reminders on or off (under a reminder); only they may press it.
    Reminders(PlayerId, bool),
    /// Confirms `/settings reset`; only the member who asked may press it.
    ResetSettings(PlayerId),
    /// Join or Leave under a tournament's sign-up message.
    Tournament(TournamentButton),
    /// The daily sea's aim panel and Share (see [`daily`]).
    Daily(DailyButton),
}

impl ButtonId {
    /// The button's name in the metrics (`button:accept`, …).
    #[must_use]
    pub fn metric_name(&self) -> &'static str {
        match self {
            ButtonId::Match(b) => b.metric_name(),
            ButtonId::Editor(..) => "button:editor",
            ButtonId::Replay(_) => "button:replay",
            ButtonId::Board(_) => "button:leaderboard",
            ButtonId::Forget(_) => "button:forget",
            ButtonId::Reminders(..) => "button:reminders",
            ButtonId::ResetSettings(_) => "button:settings-reset",
            ButtonId::Tournament(_) => "button:tournament",
            ButtonId::Daily(DailyButton::Share { .. }) => "button:daily-share",
            ButtonId::Daily(DailyButton::Aim { .. }) => "button:daily-aim",
        }
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Match(b) => b.fmt(f),
            ButtonId::Editor(id, control) => write!(f, "{PREFIX}{id}:ed:{control}"),
            ButtonId::Replay(id) => write!(f, "{PREFIX}{id}:replay"),
            ButtonId::Board(page) => page.fmt(f),
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
            ButtonId::Tournament(b) => b.fmt(f),
            ButtonId::Daily(b) => b.fmt(f),
        }
    }
}

impl FromStr for ButtonId {
    type Err = NotOurs;

    fn from_str(custom_id: &str) -> Result<Self, Self::Err> {
        // The tournament's ids (`bs:0:tour:<what>.<id>`) have their own argument form.
        if let Some(b) = TournamentButton::parse(custom_id) {
            return Ok(ButtonId::Tournament(b));
        }
        let rest = custom_id.strip_prefix(PREFIX).ok_or(NotOurs)?;
        let mut parts = rest.splitn(3, ':');
        let id: MatchId = parts.next().and_then(|s| s.parse().ok()).ok_or(NotOurs)?;
        let action = parts.next().ok_or(NotOurs)?;
        let arg = parts.next();
        if let Some(b) = MatchButton::parse(id, action, arg) {
            return Ok(ButtonId::Match(b));
        }
        let player = |p: &str| p.parse().map(PlayerId).map_err(|_| NotOurs);
        match (action, arg) {
            ("replay", None) => Ok(ButtonId::Replay(id)),
            ("board", Some(arg)) if id.0 == 0 => BoardPage::parse(arg).map(ButtonId::Board),
            ("forget", Some(p)) if id.0 == 0 => player(p).map(ButtonId::Forget),
            ("remind", Some(arg)) if id.0 == 0 => {
                let (p, on) = arg.split_once('.').ok_or(NotOurs)?;
                let on = match on {
                    "on" => true,
                    "off" => false,
                    _ => return Err(NotOurs),
                };
                Ok(ButtonId::Reminders(player(p)?, on))
            }
            ("reset", Some(p)) if id.0 == 0 => player(p).map(ButtonId::ResetSettings),
            ("day", Some(arg)) if id.0 == 0 => DailyButton::parse(arg).map(ButtonId::Daily),
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
    use crate::game::Variant;

    #[test]
    fn ids_round_trip() {
        let id = MatchId(4_611_686_018_427_387_904);
        for b in [
            ButtonId::Match(MatchButton::Accept(id)),
            ButtonId::Match(MatchButton::Decline(id)),
            ButtonId::Match(MatchButton::Shuffle(MatchId(7))),
            ButtonId::Match(MatchButton::Ready(id, "0badf00d".into())),
            ButtonId::Replay(id),
            ButtonId::Match(MatchButton::Rematch(id)),
            ButtonId::Match(MatchButton::LastFleet(id)),
            ButtonId::Board(BoardPage {
                variant: Variant::Game2000,
                page: 3,
                asker: PlayerId(u64::MAX),
                table: BoardTable::Lifetime,
            }),
            ButtonId::Board(BoardPage {
                variant: Variant::Classic,
                page: 0,
                asker: PlayerId(8),
                table: BoardTable::Season(12),
            }),
            ButtonId::Board(BoardPage {
                variant: Variant::Classic,
                page: 4,
                asker: PlayerId(8),
                table: BoardTable::Global,
            }),
            ButtonId::Forget(PlayerId(123_456_789_012_345_678)),
            ButtonId::Reminders(PlayerId(5), false),
            ButtonId::Reminders(PlayerId(5), true),
            ButtonId::ResetSettings(PlayerId(9)),
            ButtonId::Daily(DailyButton::Share {
                variant: Variant::Game2000,
                owner: PlayerId(9),
                day: 3,
            }),
            ButtonId::Match(MatchButton::Page { page: 2 }),
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
        assert_eq!(
            ButtonId::Match(MatchButton::Accept(MatchId(42))).to_string(),
            "bs:42:accept"
        );
        // A page made before seasons (and before the global board) still reads as the
        // server's lifetime ranking.
        assert_eq!(
            "bs:0:board:classic.2.7".parse::<ButtonId>(),
            Ok(ButtonId::Board(BoardPage {
                variant: Variant::Classic,
                page: 2,
                asker: PlayerId(7),
                table: BoardTable::Lifetime,
            }))
        );
        assert_eq!(
            "bs:0:board:game2000.0.7.g".parse::<ButtonId>(),
            Ok(ButtonId::Board(BoardPage {
                variant: Variant::Game2000,
                page: 0,
                asker: PlayerId(7),
                table: BoardTable::Global,
            }))
        );
        assert_eq!(
            ButtonId::Match(MatchButton::Ready(MatchId(1), "ab".into())).to_string(),
            "bs:1:ready:ab"
        );
    }

    #[test]
    fn fire_and_aim_ids_round_trip_within_discords_limit() {
        let id = MatchId(4_611_686_018_427_387_904);
        for b in [
            ButtonId::Match(MatchButton::Fire(id)),
            ButtonId::Match(MatchButton::Aim(
                MatchId(u64::MAX),
                matches::AimControl {
                    action: aim::Aim::Add,
                    owner: PlayerId(u64::MAX),
                    sight: aim::Sight {
                        cursor: "J10".parse().unwrap(),
                        picked: ["J10", "A10", "I9"].map(|c| c.parse().unwrap()).to_vec(),
                    },
                },
            )),
            ButtonId::Match(MatchButton::Aim(
                id,
                matches::AimControl {
                    action: aim::Aim::Fire,
                    owner: PlayerId(3),
                    sight: aim::Sight {
                        cursor: "A1".parse().unwrap(),
                        picked: Vec::new(),
                    },
                },
            )),
        ] {
            assert_eq!(b.to_string().parse::<ButtonId>(), Ok(b.clone()), "{b}");
            assert!(b.to_string().len() <= 100, "{b}");
        }
        assert_eq!(
            ButtonId::Match(MatchButton::Fire(MatchId(42))).to_string(),
            "bs:42:fire"
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
            "bs:0:fire",
            "bs:1:aim",
            "bs:0:aim:fire.5.A1",
            "bs:1:aim:fire.5",
            "bs:1:aim:fly.5.A1",
            "bs:1:aim:fire.x.A1",
            "bs:1:aim:fire.5.Z1",
            "bs:1:aim:fire.5.A1.A1B1C1D1",
            "bs:1:aim:fire.5.A1.B1.C1",
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
            "bs:1:day:share.classic.5.3",
            "bs:0:day:share.classic.5",
        ] {
            assert_eq!(bad.parse::<ButtonId>(), Err(NotOurs), "{bad:?}");
        }
    }
}
