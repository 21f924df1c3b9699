//! Slash commands. Each command lives in its own file; [`all`] lists them for registration.
//!
//! The words Discord shows for a command (descriptions, option descriptions, choice names,
//! and the names in other languages) come from the catalogues, applied in [`all`]; see
//! [`crate::bot::i18n::commands`].

use super::{Data, Error};

pub mod board;
pub mod cancel;
pub mod challenge;
pub mod fire;
pub mod forfeit;
pub mod help;
pub mod history;
pub mod leaderboard;
pub mod matches;
pub mod place;
pub mod privacy;
pub mod reminders;
pub mod replay;
pub mod rules;
pub mod settings;
pub mod stats;
pub mod status;
pub mod tournament;

/// Every command the bot registers, in the order `/help` lists them, with the
/// descriptions and localisations of the catalogues.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        challenge::challenge(),
        place::place(),
        fire::fire(),
        board::board(),
        status::status(),
        forfeit::forfeit(),
        cancel::cancel(),
        replay::replay(),
        stats::stats(),
        leaderboard::leaderboard(),
        history::history(),
        matches::matches(),
        privacy::privacy(),
        reminders::reminders(),
        settings::settings(),
        tournament::tournament(),
        rules::rules(),
        help::help(),
    ];
    crate::bot::i18n::commands::localize(&mut commands);
    commands
}
