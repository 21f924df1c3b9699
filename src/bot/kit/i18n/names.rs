//! The names of game things in the players' languages: rule sets and phases.

use crate::ai::Difficulty;
use crate::bot::kit::i18n::{Lang, tr};
use crate::game::{PhaseKind, Variant};
use crate::session::Pace;

/// The rule set's everyday name ("Classic", "Søslag", "Game 2000").
#[must_use]
pub fn variant_name(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Classic => tr!(lang, "variant-classic"),
        Variant::Game2000 => tr!(lang, "variant-game2000"),
    }
}

/// The rule set's full title ("Classic (Søslag / Sjöslag)").
#[must_use]
pub fn variant_title(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Classic => tr!(lang, "variant-classic-title"),
        Variant::Game2000 => tr!(lang, "variant-game2000-title"),
    }
}

/// The computer's level as the `/challenge` choice names it ("hard").
#[must_use]
pub fn difficulty(lang: Lang, level: Difficulty) -> String {
    tr!(
        lang,
        match level {
            Difficulty::Easy => "choice-difficulty-easy",
            Difficulty::Normal => "choice-difficulty-normal",
            Difficulty::Hard => "choice-difficulty-hard",
        }
    )
}

/// The pace's name ("Blitz").
#[must_use]
pub fn pace(lang: Lang, pace: Pace) -> String {
    tr!(
        lang,
        match pace {
            Pace::Blitz => "choice-pace-blitz",
            Pace::Standard => "choice-pace-standard",
            Pace::Daily => "choice-pace-daily",
        }
    )
}

/// A duration as a reader says it: "5 minutes", "24 hours", in the largest unit that
/// divides it ("90 seconds" stays seconds).
#[must_use]
pub fn duration(lang: Lang, d: std::time::Duration) -> String {
    let secs = d.as_secs();
    if secs >= 3600 && secs.is_multiple_of(3600) {
        tr!(lang, "duration-hours", n = secs / 3600)
    } else if secs >= 60 && secs.is_multiple_of(60) {
        tr!(lang, "duration-minutes", n = secs / 60)
    } else {
        tr!(lang, "duration-seconds", n = secs)
    }
}

/// What a match is doing, as the end of "the match is …".
#[must_use]
pub fn phase(lang: Lang, phase: PhaseKind) -> String {
    let key = match phase {
        PhaseKind::Challenge => "phase-challenge",
        PhaseKind::Placement => "phase-placement",
        PhaseKind::Battle => "phase-battle",
        PhaseKind::Finished => "phase-finished",
    };
    tr!(lang, key)
}
