//! `/help`: what Broadside is and what each command does.

use std::fmt::Write as _;

use crate::bot::error::{private_reply, tidy};
use crate::bot::{Context, Data, Error};

/// Explain how to play and list the commands.
///
/// Without an option it lists every command. Name a command to see its options.
#[poise::command(slash_command, ephemeral)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "A command to explain in detail, for example: help"] command: Option<String>,
) -> Result<(), Error> {
    let commands = &ctx.framework().options().commands;
    let text = match command {
        None => overview(commands),
        Some(name) => {
            let wanted = name.trim().trim_start_matches('/').to_lowercase();
            let found = commands.iter().find(|c| c.name == wanted.as_str());
            match found {
                Some(c) => details(c),
                None => {
                    return Err(Error::user(format!(
                        "There is no command called `/{}`. Use `/help` to see them all.",
                        tidy(&wanted)
                    )));
                }
            }
        }
    };
    ctx.send(private_reply(text)).await?;
    Ok(())
}

/// The short list of all commands.
fn overview(commands: &[poise::Command<Data, Error>]) -> String {
    let mut text = String::from(
        "**Broadside** is sea battle for two players: hide your fleet, \
         then take turns firing at the other player's grid until one fleet is sunk.\n\n\
         **Commands**\n",
    );
    for c in commands {
        let _ = writeln!(
            text,
            "`/{}` — {}",
            c.name,
            c.description.as_deref().unwrap_or("")
        );
    }
    text.push_str("\nUse `/help command:<name>` for details about one command.");
    text
}

/// The long help of one command, with its options.
fn details(c: &poise::Command<Data, Error>) -> String {
    let mut text = format!(
        "**/{}** — {}",
        c.name,
        c.description.as_deref().unwrap_or("")
    );
    if let Some(long) = c.help_text.as_deref() {
        let _ = write!(text, "\n\n{long}");
    }
    if !c.parameters.is_empty() {
        text.push_str("\n\n**Options**");
        for p in &c.parameters {
            let need = if p.required { "required" } else { "optional" };
            let _ = write!(
                text,
                "\n`{}` ({need}) — {}",
                p.name,
                p.description.as_deref().unwrap_or("")
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overview_lists_every_command() {
        let commands = crate::bot::commands::all();
        let text = overview(&commands);
        for c in &commands {
            assert!(text.contains(&format!("`/{}`", c.name)), "{text}");
        }
    }

    #[test]
    fn details_show_options() {
        let text = details(&help());
        assert!(text.contains("`command` (optional)"), "{text}");
        assert!(text.contains("Name a command"), "{text}");
    }

    #[test]
    fn every_command_has_a_fitting_description() {
        for c in crate::bot::commands::all() {
            let d = c.description.as_deref().unwrap_or("");
            assert!(
                !d.is_empty() && d.chars().count() <= 100,
                "/{}: {d:?}",
                c.name
            );
            for p in &c.parameters {
                let d = p.description.as_deref().unwrap_or("");
                assert!(
                    !d.is_empty() && d.chars().count() <= 100,
                    "/{} {}",
                    c.name,
                    p.name
                );
            }
        }
    }
}
