//! The names of game things in the players' languages: rule sets and phases.

use super::{Lang, tr};
use crate::ai::Difficulty;
use crate::game::{PhaseKind, Variant};

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
