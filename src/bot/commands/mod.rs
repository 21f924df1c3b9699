//! Slash commands. Each command lives in its own file; [`all`] lists them for registration.
//!
//! The words Discord shows for a command (descriptions, option descriptions, choice names,
//! and the names in other languages) come from the catalogues, applied in [`all`]; see
//! [`crate::bot::i18n::commands`].

use super::{Data, Error};

// `#[poise::command]` turns each command's doc comment into its Discord description and
// emits the constructor function without docs, so the lint cannot see them.
#[allow(missing_docs)]
pub mod board;
#[allow(missing_docs)]
pub mod cancel;
#[allow(missing_docs)]
pub mod challenge;
#[allow(missing_docs)]
pub mod fire;
#[allow(missing_docs)]
pub mod forfeit;
#[allow(missing_docs)]
pub mod help;
#[allow(missing_docs)]
pub mod history;
#[allow(missing_docs)]
pub mod leaderboard;
#[allow(missing_docs)]
pub mod place;
#[allow(missing_docs)]
pub mod privacy;
#[allow(missing_docs)]
pub mod replay;
#[allow(missing_docs)]
pub mod rules;
#[allow(missing_docs)]
pub mod stats;
#[allow(missing_docs)]
pub mod status;

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
        privacy::privacy(),
        rules::rules(),
        help::help(),
    ];
    crate::bot::i18n::commands::localize(&mut commands);
    commands
}
