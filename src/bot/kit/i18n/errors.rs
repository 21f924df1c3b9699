//! Every error a player meets, in their language: one place that turns the engine's,
//! the session's and the bot's refusals into words.
//!
//! Each typed error of the session becomes an `Error` here, once (`From`: the variant's
//! catalogue key and arguments, or a refusal of the rules kept as it is); the hooks word
//! it with [`words`] for the member who asked, in their language.
//!
//! The rules in `crate::game` explain their errors in English (`Display`). The bot does not
//! show those texts: [`Explain`] maps every variant to a catalogue key (`err-…`) and fills
//! its placeholders, so a refused shot or fleet reads naturally in every language.

use crate::bot::kit::error::{Arg, Error, UserError, generic_failure, says, tidy};
use crate::bot::kit::i18n::commands::CommandIds;
use crate::bot::kit::i18n::names::{phase, variant_name};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::{channel, mention};
use crate::bot::kit::pictures::ReplayRefusal;
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
    pub guild: Option<crate::session::GuildId>,
}

impl Error {
    /// The words the hooks answer with, for `asker` (their language, and where they ask):
    /// a refusal's or failure's own sentence, a generic one for anything internal. `ids`
    /// make the commands a sentence names clickable.
    #[must_use]
    pub fn player_message(&self, asker: &Asker, ids: &CommandIds) -> String {
        match self {
            Self::User(refusal) => words(refusal, asker, ids),
            Self::Failed(message) => message.words(asker.lang, ids),
            Self::Discord(_) | Self::Internal(_) => generic_failure(asker.lang),
        }
    }
}

/// The words of a refusal, for `asker`: a message of the catalogue in their language, the
/// rules' refusal explained for the match's board, a busy member named as the asker may
/// know. Only the hooks call it (through `Error::player_message`).
#[must_use]
pub fn words(refusal: &UserError, asker: &Asker, ids: &CommandIds) -> String {
    match refusal {
        UserError::Says(message) => message.words(asker.lang, ids),
        UserError::Rules { variant, error } => error.explain(asker.lang, *variant),
        UserError::Busy { reason, at } => busy(asker, *reason, *at),
    }
}

/// A refused session operation is a refusal for the player who tried it. Storage failures
/// and internal errors are not the player's doing: they are failures (logged; a failed
/// write says that nothing changed, a slow one to try again) or internal errors (the
/// player gets the generic apology).
impl From<SessionError> for Error {
    fn from(error: SessionError) -> Self {
        let key = match error {
            SessionError::Rules { variant, error } => {
                return Error::user(UserError::Rules { variant, error });
            }
            SessionError::NoMatchHere => "err-no-match-here",
            SessionError::SeveralHere => "err-several-here",
            SessionError::NoMatch => "err-no-match",
            SessionError::NotInThisMatch => "err-fire-not-here",
            SessionError::Stale => "err-stale-button",
            SessionError::NotYourButton => "err-not-your-button",
            SessionError::BattleBegun => "err-ready-battle-begun",
            SessionError::StaleFleet => "err-ready-stale",
            SessionError::Busy { reason, at } => {
                return Error::user(UserError::Busy { reason, at });
            }
            SessionError::Pending => return Error::Failed(says!("err-busy")),
            SessionError::TimeUp => "err-time-up",
            SessionError::NoLastFleet => "err-last-fleet",
            // The change was rolled back: nothing changed.
            SessionError::Storage(e) => return Error::unsaved(&e),
            e @ (SessionError::Unreadable(_)
            | SessionError::Unwritable { .. }
            | SessionError::Broken(_)) => return Error::Internal(e.into()),
        };
        Error::user(says!(key))
    }
}

/// The refusal for a busy channel or member, said to `asker`. Where the member plays is
/// named only when it is in the asker's own server: a channel of another server is none
/// of their business.
#[must_use]
fn busy(asker: &Asker, error: OpenError, at: Option<Place>) -> String {
    let lang = asker.lang;
    match error {
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
    }
}

/// Why there is no replay of match `id` for the member who asked.
#[must_use]
pub fn replay_error(id: MatchId, error: ReplayError) -> Error {
    match error {
        ReplayError::Hidden => Error::user(says!("err-replay-hidden", id = id.to_string())),
        ReplayError::StillPlaying => Error::user(says!("err-replay-live")),
        ReplayError::NoBattle => Error::user(says!("err-replay-no-battle")),
        ReplayError::Unreadable(why) => {
            Error::Internal(anyhow::anyhow!("match {id} is unreadable: {why}"))
        }
        ReplayError::Store(e) => {
            // Logged once, by `unread`; the span gives that line the match's id.
            let _match = tracing::error_span!("replay", match_id = %id).entered();
            Error::unread(&e)
        }
    }
}

/// Why a replay that may be watched is not drawn now.
impl From<ReplayRefusal> for Error {
    fn from(refusal: ReplayRefusal) -> Self {
        match refusal {
            ReplayRefusal::Cooldown(left) => {
                Error::user(says!("err-replay-cooldown", seconds = left.as_secs() + 1))
            }
            ReplayRefusal::TooOften(left) => {
                Error::user(says!("err-replay-too-often", seconds = left.as_secs() + 1))
            }
            ReplayRefusal::Busy => Error::Failed(says!("err-replay-busy")),
            ReplayRefusal::Failed(e) => e,
        }
    }
}

/// Why a Rematch click was refused.
impl From<RematchError> for Error {
    fn from(error: RematchError) -> Self {
        match error {
            RematchError::Unavailable => Error::user(says!("err-rematch-unavailable")),
            RematchError::NotAPlayer => Error::user(says!("err-rematch-not-player")),
            RematchError::Expired => Error::user(says!("err-rematch-expired").clickable()),
            RematchError::AlreadyStarted => Error::user(says!("err-rematch-started")),
            RematchError::ChannelNotAllowed(channels) => {
                let channels: Vec<String> = channels.iter().map(|&c| channel(c.0)).collect();
                Error::user(
                    says!("err-rematch-channel", channels = channels.join(", ")).clickable(),
                )
            }
            RematchError::PaceNotAllowed(pace, paces) => Error::user(
                says!("err-rematch-pace", pace = pace, paces = Arg::Paces(paces)).clickable(),
            ),
            RematchError::Session(e) => e.into(),
        }
    }
}

/// Why a change of settings was refused.
impl From<SettingsError> for Error {
    fn from(error: SettingsError) -> Self {
        match error {
            SettingsError::Nothing => Error::user(says!("err-settings-nothing")),
            SettingsError::NoPace => Error::user(says!("err-settings-no-pace")),
            SettingsError::PaceNotAllowed(p) => {
                Error::user(says!("err-settings-pace-not-allowed", pace = p))
            }
            SettingsError::UnknownZone(given) => {
                Error::user(says!("err-settings-timezone", given = tidy(&given)))
            }
            SettingsError::Store(e) => Error::unsaved(&e),
        }
    }
}

/// Why a `/privacy delete` was refused or failed.
impl From<ForgetError> for Error {
    fn from(error: ForgetError) -> Self {
        match error {
            ForgetError::Playing => Error::user(says!("err-privacy-playing")),
            // Nothing was deleted.
            ForgetError::Store(e) => Error::unsaved(&e),
            ForgetError::Session(_) => Error::Failed(says!("err-busy")),
        }
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
    use crate::game::{Fleet, PhaseKind, parse_cells};
    use crate::session::Pace;

    #[test]
    fn refusals_are_worded_in_the_askers_language() {
        let ids = CommandIds::default();
        let e = Error::user(says!("err-fire-already", cell = "C4"));
        assert_eq!(
            e.player_message(&asker(Lang::EnUs), &ids),
            "You already fired at C4; pick a cell you have not tried."
        );
        assert_eq!(
            e.player_message(&asker(Lang::Da), &ids),
            "Du har allerede skudt på C4; vælg et felt, du ikke har prøvet."
        );
        let e = Error::Failed(says!("err-storage"));
        assert_eq!(
            e.player_message(&asker(Lang::SvSe), &ids),
            "Jag kunde inte spara det, så ingenting har ändrats. Försök igen om en stund."
        );
    }

    #[test]
    fn internal_errors_stay_hidden() {
        let ids = CommandIds::default();
        let e = Error::from(anyhow::anyhow!("database password is hunter2"));
        assert_eq!(
            e.player_message(&asker(Lang::EnUs), &ids),
            generic_failure(Lang::EnUs)
        );
        assert!(
            e.player_message(&asker(Lang::Nl), &ids).contains("mis"),
            "Dutch"
        );
        assert!(
            e.to_string().contains("hunter2"),
            "the log keeps the detail"
        );
        let e = Error::from(serenity::Error::Other("socket closed"));
        assert_eq!(
            e.player_message(&asker(Lang::SvSe), &ids),
            generic_failure(Lang::SvSe)
        );
    }

    fn asker(lang: Lang) -> Asker {
        Asker {
            lang,
            player: PlayerId(1),
            guild: Some(crate::session::GuildId(7)),
        }
    }

    /// What a player reads for `error`, as the hooks answer it.
    fn said(error: impl Into<Error>, asker: &Asker, ids: &CommandIds) -> String {
        error.into().player_message(asker, ids)
    }

    /// Issue 37, item 3: a session's typed error becomes words only in the hook, in the
    /// asker's language (the sentences as the catalogues write them).
    #[test]
    fn typed_errors_are_worded_in_each_language_by_the_hook() {
        let ids = CommandIds::default();
        let expected = [
            (
                Lang::EnUs,
                "There is no match in this channel. Start one with `/challenge`.",
            ),
            (
                Lang::Nl,
                "In dit kanaal loopt geen partij. Begin er een met `/uitdagen`.",
            ),
            (
                Lang::Da,
                "Der er intet spil i denne kanal. Start et med `/udfordr`.",
            ),
            (
                Lang::SvSe,
                "Det finns inget parti i den här kanalen. Starta ett med `/utmana`.",
            ),
        ];
        for (lang, text) in expected {
            let error = Error::from(SessionError::NoMatchHere);
            assert!(matches!(error, Error::User(_)), "a refusal");
            assert_eq!(said(error, &asker(lang), &ids), text, "{lang}");
        }
        // A stored failure is ours, not the player's: counted as failed, worded alike.
        let error = Error::from(SessionError::Storage(crate::store::StoreError::Forgotten));
        assert!(matches!(error, Error::Failed(_)));
        assert_eq!(
            said(error, &asker(Lang::Da), &ids),
            "Jeg kunne ikke gemme det, så intet er ændret. Prøv igen om lidt."
        );
        let error = Error::from(crate::store::StoreError::Forgotten);
        assert!(matches!(error, Error::Failed(_)));
        assert_eq!(
            said(error, &asker(Lang::Nl), &ids),
            "Ik kon de opgeslagen partijen nu niet lezen. Probeer het zo nog eens."
        );
        assert!(matches!(
            Error::from(SessionError::Pending),
            Error::Failed(_)
        ));
    }

    #[test]
    fn a_busy_member_is_named_as_the_asker_may_know() {
        let ids = CommandIds::default();
        let busy = |who: u64, guild: Option<u64>| SessionError::Busy {
            reason: OpenError::PlayerBusy(PlayerId(who)),
            at: Some(Place {
                channel: crate::session::ChannelKey(5),
                guild: guild.map(crate::session::GuildId),
            }),
        };
        assert_eq!(
            said(busy(1, Some(7)), &asker(Lang::EnUs), &ids),
            "You are already playing a match in <#5>. A member plays one match at a time."
        );
        // Another server's channel is none of the asker's business.
        assert_eq!(
            said(busy(1, Some(8)), &asker(Lang::EnUs), &ids),
            "You are already playing a match. A member plays one match at a time."
        );
        assert_eq!(
            said(busy(2, Some(8)), &asker(Lang::Da), &ids),
            "<@2> er allerede i gang med et spil. Hvert medlem spiller ét spil ad gangen."
        );
    }

    #[test]
    fn arguments_are_worded_in_the_askers_language_and_commands_made_clickable() {
        let ids = CommandIds::default();
        let refusal = Error::user(says!(
            "err-pace-not-allowed",
            pace = Pace::Daily,
            paces = Arg::Paces(vec![Pace::Blitz, Pace::Standard])
        ));
        assert_eq!(
            refusal.player_message(&asker(Lang::EnUs), &ids),
            "This server does not allow the Daily pace. Pick one of: Blitz, Standard."
        );
        assert_eq!(
            refusal.player_message(&asker(Lang::Da), &ids),
            "På denne server spilles der ikke i tempoet Daglig. Vælg mellem: Lyn, Standard."
        );
        let ids = CommandIds::new([("challenge".to_owned(), 99)]);
        assert_eq!(
            said(RematchError::Expired, &asker(Lang::SvSe), &ids),
            "Tiden för att begära revansch har gått ut. Starta ett nytt parti med </challenge:99>."
        );
        assert_eq!(
            said(RematchError::Expired, &asker(Lang::EnUs), &ids),
            "The time to ask for a rematch has run out. Start a new match with </challenge:99>."
        );
    }

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
