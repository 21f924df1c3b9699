//! Slash commands. Each command lives in its own file; [`all`] lists them for registration.

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
pub mod place;
#[allow(missing_docs)]
pub mod rules;
#[allow(missing_docs)]
pub mod status;

/// Every command the bot registers, in the order `/help` lists them.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge::challenge(),
        place::place(),
        fire::fire(),
        board::board(),
        status::status(),
        forfeit::forfeit(),
        cancel::cancel(),
        rules::rules(),
        help::help(),
    ]
}
