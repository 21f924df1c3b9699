//! Slash commands. Each command lives in its own file; [`all`] lists them for registration.

use super::{Data, Error};

// `#[poise::command]` turns each command's doc comment into its Discord description and
// emits the constructor function without docs, so the lint cannot see them.
#[allow(missing_docs)]
pub mod help;

/// Every command the bot registers, in the order `/help` lists them.
#[must_use]
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![help::help()]
}
