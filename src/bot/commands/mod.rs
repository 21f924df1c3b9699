//! Slash commands. Each command lives in its own file; [`all`] lists them for registration.
//!
//! The words Discord shows for a command (descriptions, option descriptions, choice names,
//! and the names in other languages) come from the catalogues, applied in [`all`]; see
//! [`crate::bot::kit::i18n::commands`].

use poise::serenity_prelude as serenity;

use crate::bot::kit::{Data, Error};

use crate::bot::features::r#match::{
    board, cancel, challenge, fire, forfeit, matches, place, status,
};
use crate::bot::features::{
    daily, help, help::rules, history, leaderboard, privacy, reminders, replay, settings, stats,
    tournament,
};

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
        daily::daily(),
        rules::rules(),
        help::help(),
    ];
    for command in &mut commands {
        let (installs, contexts) = reach(&command.name);
        command.install_context = Some(installs);
        command.interaction_context = Some(contexts);
    }
    crate::bot::kit::i18n::commands::localize(&mut commands);
    commands
}

/// The commands only a server that added the bot offers, and only in the server: its
/// settings and its tournaments belong to the server.
pub const SERVER_ONLY: [&str; 2] = ["settings", "tournament"];

/// The commands that are about one server's matches: offered in servers only, whether the
/// server or the member installed the bot.
pub const IN_SERVERS: [&str; 1] = ["matches"];

/// Where command `name` can be installed (`integration_types`) and used (`contexts`).
/// Everything else is offered wherever the app is: installed to a server or to a member's
/// account, in servers, in the bot's DM and in other DMs and group DMs (where the bot can
/// only answer). Discord applies both to global commands only, and without `contexts` it
/// leaves group DMs out, so each command names them.
#[must_use]
pub fn reach(
    name: &str,
) -> (
    Vec<serenity::InstallationContext>,
    Vec<serenity::InteractionContext>,
) {
    use serenity::InstallationContext as Install;
    use serenity::InteractionContext as Used;
    if SERVER_ONLY.contains(&name) {
        (vec![Install::Guild], vec![Used::Guild])
    } else if IN_SERVERS.contains(&name) {
        (vec![Install::Guild, Install::User], vec![Used::Guild])
    } else {
        (
            vec![Install::Guild, Install::User],
            vec![Used::Guild, Used::BotDm, Used::PrivateChannel],
        )
    }
}

#[cfg(test)]
mod tests;
