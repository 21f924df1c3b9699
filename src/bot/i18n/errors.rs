//! Every error a player meets, in their language: one place that turns the engine's,
//! the session's and the bot's refusals into words.
//!
//! The rules in `crate::game` explain their errors in English (`Display`). The bot does not
//! show those texts: [`Explain`] maps every variant to a catalogue key (`err-…`) and fills
//! its placeholders, so a refused shot or fleet reads naturally in every language.

use crate::bot::error::{Error, UserError, tidy};
use crate::bot::i18n::commands::CommandIds;
use crate::bot::i18n::names::{phase, variant_name};
use crate::bot::i18n::{Lang, tr};
use crate::bot::markup::{channel, mention};
use crate::bot::pictures::ReplayRefusal;
use crate::game::PlayerId;
use crate::game::fleet::{Edge, TouchKind};
use crate::game::{
    AnswerError, ChallengeError, CoordError, EndError, FireError, FleetError, PlacementError,
    PlacementProblem, ShipError, Variant,
};
use crate::session::{
    ForgetError, MatchId, OpenError, Place, RematchError, ReplayError, RuleError, SessionError,
    SettingsError,
};

/// At most this many placement problems are spelled out in one message.
const SHOWN_PROBLEMS: usize = 6;

/// An engine error as a sentence for players.
pub trait Explain {
    /// The text in `lang`. `variant` is the rule set of the match the error happened in;
    /// it names the board's columns and rows where that helps.
    fn explain(&self, lang: Lang, variant: Variant) -> String;
}

/// Which columns and rows the board of `variant` has.
#[must_use]
pub fn bounds(lang: Lang, variant: Variant) -> String {
    tr!(
        lang,
        "err-bounds",
        variant = variant_name(lang, variant),
        last = variant.last_col().to_string(),
        size = variant.size()
    )
}

/// The member an answer is for: their language, and where they ask (which says whether
/// a channel named in the answer is one they know).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asker {
    /// Their language.
    pub lang: Lang,
    /// The member.
    pub player: PlayerId,
    /// The server they ask in (`None` in a DM).
    pub guild: Option<u64>,
}

/// What a refused session operation means for the player who tried it, in their
/// language. Storage failures and internal errors are not the player's doing: they
/// become internal errors (logged; the player gets the generic apology), except a failed
/// write, which says that nothing changed.
#[must_use]
pub fn session_error(asker: &Asker, error: &SessionError) -> Error {
    let lang = asker.lang;
    let key = match error {
        SessionError::Rules { variant, error } => {
            return Error::user(error.explain(lang, *variant));
        }
        SessionError::NoMatchHere => "err-no-match-here",
        SessionError::SeveralHere => "err-several-here",
        SessionError::NoMatch => "err-no-match",
        SessionError::NotInThisMatch => "err-fire-not-here",
        SessionError::Stale => "err-stale-button",
        SessionError::NotYourButton => "err-not-your-button",
        SessionError::BattleBegun => "err-ready-battle-begun",
        SessionError::StaleFleet => "err-ready-stale",
        SessionError::Busy { reason, at } => return busy(asker, *reason, *at),
        SessionError::Pending => return Error::Failed(UserError(tr!(lang, "err-busy"))),
        SessionError::TimeUp => "err-time-up",
        SessionError::NoLastFleet => "err-last-fleet",
        SessionError::Storage(e) => {
            tracing::error!(error = %e, "a change could not be saved");
            return Error::Failed(UserError(tr!(lang, "err-storage")));
        }
        SessionError::Internal(e) => {
            return Error::Internal(anyhow::anyhow!("{e}"));
        }
    };
    Error::user(tr!(lang, key))
}

/// The refusal for a busy channel or member, said to `asker`. Where the member plays is
/// named only when it is in the asker's own server: a channel of another server is none
/// of their business.
#[must_use]
pub fn busy(asker: &Asker, error: OpenError, at: Option<Place>) -> Error {
    let lang = asker.lang;
    let text = match error {
        OpenError::ChannelBusy => tr!(lang, "err-channel-busy"),
        OpenError::PlayerBusy(p) => {
            let here = at
                .filter(|at| at.guild.is_some() && at.guild == asker.guild)
                .map(|at| channel(at.channel.0));
            match (p == asker.player, here) {
                (true, None) => tr!(lang, "err-you-busy"),
                (true, Some(channel)) => tr!(lang, "err-you-busy-in", channel = channel),
                (false, None) => tr!(lang, "err-other-busy", player = mention(p)),
                (false, Some(channel)) => tr!(
                    lang,
                    "err-other-busy-in",
                    player = mention(p),
                    channel = channel
                ),
            }
        }
    };
    Error::user(text)
}

/// Why there is no replay of match `id` for the member who asked, in `lang`.
#[must_use]
pub fn replay_error(lang: Lang, id: MatchId, error: ReplayError) -> Error {
    match error {
        ReplayError::Hidden => Error::user(tr!(lang, "err-replay-hidden", id = id.to_string())),
        ReplayError::StillPlaying => Error::user(tr!(lang, "err-replay-live")),
        ReplayError::NoBattle => Error::user(tr!(lang, "err-replay-no-battle")),
        ReplayError::Unreadable(why) => {
            Error::Internal(anyhow::anyhow!("match {id} is unreadable: {why}"))
        }
        ReplayError::Store(e) => {
            tracing::error!(match_id = %id, error = %e, "could not read a finished match");
            Error::Failed(UserError(tr!(lang, "err-storage-read")))
        }
    }
}

/// Why a replay that may be watched is not drawn now, in `lang`.
#[must_use]
pub fn replay_refusal(lang: Lang, refusal: ReplayRefusal) -> Error {
    match refusal {
        ReplayRefusal::Cooldown(left) => Error::user(tr!(
            lang,
            "err-replay-cooldown",
            seconds = left.as_secs() + 1
        )),
        ReplayRefusal::TooOften(left) => Error::user(tr!(
            lang,
            "err-replay-too-often",
            seconds = left.as_secs() + 1
        )),
        ReplayRefusal::Busy => Error::Failed(UserError(tr!(lang, "err-replay-busy"))),
        ReplayRefusal::Failed(e) => e,
    }
}

/// Why a Rematch click was refused, said to the member who clicked.
#[must_use]
pub fn rematch_error(asker: &Asker, ids: &CommandIds, error: &RematchError) -> Error {
    let lang = asker.lang;
    match error {
        RematchError::Unavailable => Error::user(tr!(lang, "err-rematch-unavailable")),
        RematchError::NotAPlayer => Error::user(tr!(lang, "err-rematch-not-player")),
        RematchError::Expired => {
            Error::user(ids.clickable(lang, &tr!(lang, "err-rematch-expired")))
        }
        RematchError::AlreadyStarted => Error::user(tr!(lang, "err-rematch-started")),
        RematchError::ChannelNotAllowed(channels) => {
            let channels: Vec<String> = channels.iter().map(|&c| channel(c)).collect();
            Error::user(ids.clickable(
                lang,
                &tr!(lang, "err-rematch-channel", channels = channels.join(", ")),
            ))
        }
        RematchError::PaceNotAllowed(pace, paces) => {
            let paces: Vec<String> = paces.iter().map(|&p| super::names::pace(lang, p)).collect();
            Error::user(ids.clickable(
                lang,
                &tr!(
                    lang,
                    "err-rematch-pace",
                    pace = super::names::pace(lang, *pace),
                    paces = paces.join(", ")
                ),
            ))
        }
        RematchError::Session(e) => session_error(asker, e),
    }
}

/// Why a change of settings was refused, in `lang`.
#[must_use]
pub fn settings_error(lang: Lang, error: &SettingsError) -> Error {
    match error {
        SettingsError::Nothing => Error::user(tr!(lang, "err-settings-nothing")),
        SettingsError::NoPace => Error::user(tr!(lang, "err-settings-no-pace")),
        SettingsError::PaceNotAllowed(p) => Error::user(tr!(
            lang,
            "err-settings-pace-not-allowed",
            pace = super::names::pace(lang, *p)
        )),
        SettingsError::UnknownZone(given) => Error::user(tr!(
            lang,
            "err-settings-timezone",
            given = crate::bot::error::tidy(given)
        )),
        SettingsError::Store(e) => {
            tracing::error!(error = %e, "could not store the settings");
            Error::Failed(UserError(tr!(lang, "err-storage")))
        }
    }
}

/// The answer to a `/privacy delete` that was refused or failed, in `lang`.
#[must_use]
pub fn forget_error(lang: Lang, error: &ForgetError) -> String {
    match error {
        ForgetError::Playing => tr!(lang, "err-privacy-playing"),
        ForgetError::Store(e) => {
            tracing::error!(error = %e, "could not forget a member");
            tr!(lang, "err-storage")
        }
        ForgetError::Session(_) => tr!(lang, "err-busy"),
    }
}

impl Explain for RuleError {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            RuleError::Challenge(e) => e.explain(lang, variant),
            RuleError::Answer(e) => e.explain(lang, variant),
            RuleError::Placement(e) => e.explain(lang, variant),
            RuleError::Fleet(e) => e.explain(lang, variant),
            RuleError::Cells(e) => {
                let expected = match variant {
                    Variant::Classic => tr!(lang, "fire-expect-classic"),
                    Variant::Game2000 => tr!(lang, "fire-expect-game2000"),
                };
                format!("{} {expected}", e.explain(lang, variant))
            }
            RuleError::Fire(e) => e.explain(lang, variant),
            RuleError::End(e) => e.explain(lang, variant),
        }
    }
}

impl Explain for CoordError {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            CoordError::Empty => tr!(lang, "err-coord-empty"),
            CoordError::SpaceInside { input, suggestion } => tr!(
                lang,
                "err-coord-space",
                input = tidy(input),
                suggestion = tidy(suggestion)
            ),
            CoordError::Malformed(input) => {
                tr!(lang, "err-coord-malformed", input = tidy(input))
            }
            CoordError::OffBoard { input, .. } => tr!(
                lang,
                "err-coord-off-board",
                input = tidy(input),
                bounds = bounds(lang, variant)
            ),
        }
    }
}

impl Explain for ShipError {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            ShipError::Cell(e) => e.explain(lang, variant),
            ShipError::NotStraight(ship) => {
                tr!(lang, "err-ship-not-straight", ship = tidy(ship))
            }
            ShipError::OffBoard(ship) => tr!(lang, "err-ship-off-board", ship = tidy(ship)),
            ShipError::Empty => tr!(lang, "err-ship-empty"),
        }
    }
}

impl Explain for PlacementProblem {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            PlacementProblem::OffBoard { ship, .. } => tr!(
                lang,
                "err-problem-off-board",
                ship = ship.to_string(),
                bounds = bounds(lang, variant)
            ),
            PlacementProblem::TooLong { ship, len, max } => tr!(
                lang,
                "err-problem-too-long",
                ship = ship.to_string(),
                len = *len,
                max = *max
            ),
            PlacementProblem::Overlap { a, b, at } => tr!(
                lang,
                "err-problem-overlap",
                a = a.to_string(),
                b = b.to_string(),
                at = at.to_string()
            ),
            PlacementProblem::Touch { a, b, how } => tr!(
                lang,
                "err-problem-touch",
                a = a.to_string(),
                b = b.to_string(),
                how = match how {
                    TouchKind::SideBySide => "side",
                    TouchKind::Diagonally => "corner",
                }
            ),
            PlacementProblem::Corner { ship, cell } if ship.len() == 1 => {
                tr!(lang, "err-problem-corner-single", cell = cell.to_string())
            }
            PlacementProblem::Corner { ship, cell } => tr!(
                lang,
                "err-problem-corner",
                ship = ship.to_string(),
                cell = cell.to_string()
            ),
            PlacementProblem::AlongEdge { ship, edge } => tr!(
                lang,
                "err-problem-along-edge",
                ship = ship.to_string(),
                edge = match edge {
                    Edge::Top => "top",
                    Edge::Bottom => "bottom",
                    Edge::Left => "left",
                    Edge::Right => "right",
                }
            ),
            PlacementProblem::Count { class, have } => tr!(
                lang,
                "err-problem-count",
                len = class.len,
                have = *have,
                need = class.count
            ),
        }
    }
}

impl Explain for FleetError {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            FleetError::Empty => tr!(lang, "err-fleet-empty"),
            FleetError::Syntax { token, error } => tr!(
                lang,
                "err-fleet-syntax",
                token = tidy(token),
                reason = error.explain(lang, variant)
            ),
            FleetError::Rules(problems) => {
                let mut list: Vec<String> = problems
                    .iter()
                    .take(SHOWN_PROBLEMS)
                    .map(|p| p.explain(lang, variant))
                    .collect();
                if problems.len() > SHOWN_PROBLEMS {
                    list.push(tr!(
                        lang,
                        "err-fleet-more",
                        count = problems.len() - SHOWN_PROBLEMS
                    ));
                }
                tr!(lang, "err-fleet-rules", problems = list.join("; "))
            }
        }
    }
}

impl Explain for ChallengeError {
    fn explain(&self, lang: Lang, _: Variant) -> String {
        match self {
            ChallengeError::SelfChallenge => tr!(lang, "err-challenge-self"),
        }
    }
}

impl Explain for AnswerError {
    fn explain(&self, lang: Lang, _: Variant) -> String {
        match self {
            AnswerError::NotChallenged => tr!(lang, "err-answer-not-challenged"),
            AnswerError::NotPending(p) => {
                tr!(lang, "err-answer-not-pending", phase = phase(lang, *p))
            }
        }
    }
}

impl Explain for PlacementError {
    fn explain(&self, lang: Lang, _: Variant) -> String {
        match self {
            PlacementError::NotAPlayer => tr!(lang, "err-not-a-player"),
            PlacementError::NotPlacing(p) => {
                tr!(lang, "err-place-not-placing", phase = phase(lang, *p))
            }
            PlacementError::AlreadyReady => tr!(lang, "err-place-already-ready"),
            PlacementError::NoFleet => tr!(lang, "err-place-no-fleet"),
            PlacementError::WrongVariant { fleet, variant } => tr!(
                lang,
                "err-place-wrong-variant",
                fleet = variant_name(lang, *fleet),
                variant = variant_name(lang, *variant)
            ),
        }
    }
}

impl Explain for FireError {
    fn explain(&self, lang: Lang, variant: Variant) -> String {
        match self {
            FireError::NotAPlayer => tr!(lang, "err-not-a-player"),
            FireError::NotInBattle(p) => {
                tr!(lang, "err-fire-not-in-battle", phase = phase(lang, *p))
            }
            FireError::NotYourTurn(p) => {
                tr!(lang, "err-fire-not-your-turn", player = mention(*p))
            }
            FireError::WrongShotCount {
                expected, given, ..
            } => tr!(
                lang,
                "err-fire-shot-count",
                variant = variant_name(lang, variant),
                expected = *expected,
                given = *given
            ),
            FireError::OffBoard { cell, .. } => tr!(
                lang,
                "err-fire-off-board",
                cell = cell.to_string(),
                bounds = bounds(lang, variant)
            ),
            FireError::AlreadyFired(c) => tr!(lang, "err-fire-already", cell = c.to_string()),
            FireError::Duplicate(c) => tr!(lang, "err-fire-duplicate", cell = c.to_string()),
        }
    }
}

impl Explain for EndError {
    fn explain(&self, lang: Lang, _: Variant) -> String {
        match self {
            EndError::NotAPlayer => tr!(lang, "err-not-a-player"),
            EndError::AlreadyOver => tr!(lang, "err-end-over"),
            EndError::NotStarted => tr!(lang, "err-end-not-started"),
            EndError::NotAllowed => tr!(lang, "err-end-not-allowed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Fleet, PhaseKind, PlayerId, parse_cells};

    #[test]
    fn cell_errors_name_the_board_in_every_language() {
        let err = parse_cells("K1", Variant::Classic).unwrap_err();
        assert!(
            err.explain(Lang::EnUs, Variant::Classic)
                .contains("off the board")
        );
        for lang in Lang::ALL {
            let text = err.explain(lang, Variant::Classic);
            assert!(
                text.contains("K1") && text.contains("A–J"),
                "{lang}: {text}"
            );
        }
        let err = parse_cells("E 8", Variant::Classic).unwrap_err();
        assert!(
            err.explain(Lang::EnUs, Variant::Classic)
                .contains("like E8")
        );
        assert!(err.explain(Lang::SvSe, Variant::Classic).contains("E8"));
    }

    #[test]
    fn fleet_problems_are_listed_in_the_players_language() {
        let err = Fleet::parse(Variant::Classic, "A1-A4 B1-B3").unwrap_err();
        let en = err.explain(Lang::EnUs, Variant::Classic);
        assert!(en.contains("touches"), "{en}");
        let da = err.explain(Lang::Da, Variant::Classic);
        assert!(da.contains("A1-A4") && !da.contains("touches"), "{da}");
        let err = Fleet::parse(Variant::Game2000, "A1-A3").unwrap_err();
        for lang in Lang::ALL {
            let text = err.explain(lang, Variant::Game2000);
            assert!(text.contains("A1"), "{lang}: {text}");
        }
    }

    #[test]
    fn turn_errors_mention_the_player_to_move() {
        let err = FireError::NotYourTurn(PlayerId(42));
        for lang in Lang::ALL {
            assert!(
                err.explain(lang, Variant::Classic).contains("<@42>"),
                "{lang}"
            );
        }
        let err = FireError::WrongShotCount {
            variant: "Game 2000",
            expected: 3,
            given: 2,
        };
        assert!(
            err.explain(Lang::EnUs, Variant::Game2000)
                .contains("exactly 3 cells")
        );
        assert!(
            err.explain(Lang::Nl, Variant::Game2000)
                .contains("precies 3 vakjes")
        );
    }

    #[test]
    fn every_phase_has_words() {
        for lang in Lang::ALL {
            for p in [
                PhaseKind::Challenge,
                PhaseKind::Placement,
                PhaseKind::Battle,
                PhaseKind::Finished,
            ] {
                let text = AnswerError::NotPending(p).explain(lang, Variant::Classic);
                assert!(!text.contains("phase-"), "{lang}: {text}");
            }
        }
    }
}
