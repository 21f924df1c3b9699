//! The choices the commands offer (rule set, the computer's level, pace), shared by
//! `/challenge`, `/tournament`, `/settings`, `/stats`, `/leaderboard` and `/rules`.

use crate::ai::Difficulty;
use crate::game::Variant;
use crate::session::Pace;

/// The rule set, as offered in the command. The names shown in Discord come from the
/// catalogues (`choice-variant-classic`, `choice-variant-game2000`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// Søslag / Sjöslag: 10×10, one shot, a hit fires again.
    #[name = "classic"]
    Classic,
    /// Zeeslag "Game 2000": 9×9, salvos of three, length-only reports.
    #[name = "game2000"]
    Game2000,
}

/// How strong the computer plays, as offered in the command. The names shown come from
/// the catalogues (`choice-difficulty-*`).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DifficultyChoice {
    /// Beginner: mostly random shots.
    #[name = "easy"]
    Easy,
    /// Solid: aims where ships are most likely.
    #[name = "normal"]
    Normal,
    /// Strong: reasons about every fleet that fits what it has seen.
    #[name = "hard"]
    Hard,
}

/// How fast the match goes, as offered in the command (and in `/settings`). The names
/// shown come from the catalogues (`choice-pace-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PaceChoice {
    /// 60 s a turn.
    #[name = "blitz"]
    Blitz,
    /// 5 minutes a turn.
    #[name = "standard"]
    Standard,
    /// A day a turn, with reminders.
    #[name = "daily"]
    Daily,
}

impl From<PaceChoice> for Pace {
    fn from(p: PaceChoice) -> Self {
        match p {
            PaceChoice::Blitz => Pace::Blitz,
            PaceChoice::Standard => Pace::Standard,
            PaceChoice::Daily => Pace::Daily,
        }
    }
}

impl From<DifficultyChoice> for Difficulty {
    fn from(d: DifficultyChoice) -> Self {
        match d {
            DifficultyChoice::Easy => Difficulty::Easy,
            DifficultyChoice::Normal => Difficulty::Normal,
            DifficultyChoice::Hard => Difficulty::Hard,
        }
    }
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Self {
        match v {
            VariantChoice::Classic => Variant::Classic,
            VariantChoice::Game2000 => Variant::Game2000,
        }
    }
}
