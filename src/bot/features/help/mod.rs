//! `/help`: what Broadside is and what each command does.

pub mod rules;

use std::fmt::Write as _;

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::error::{private_reply, says, tidy};
use crate::bot::kit::i18n::commands::{
    command_name, desc_key, help_key, option_desc_key, option_name,
};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Context, Data, Error};

/// Explain how to play and list the commands.
#[poise::command(slash_command, ephemeral)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "A command to explain"] command: Option<String>,
) -> Result<(), Error> {
    let commands = &ctx.framework().options().commands;
    let text = match command {
        None => overview(commands, user_lang(ctx)),
        Some(name) => {
            let wanted = name.trim().trim_start_matches('/').to_lowercase();
            // Players may name a command as registered or as their language shows it.
            let found = commands.iter().find(|c| {
                c.name == wanted.as_str() || c.name_localizations.iter().any(|(_, n)| *n == wanted)
            });
            match found {
                Some(c) => details(c, user_lang(ctx)),
                None => {
                    return Err(Error::user(says!(
                        "err-help-unknown",
                        command = tidy(&wanted)
                    )));
                }
            }
        }
    };
    ctx.send(private_reply(text)).await?;
    Ok(())
}

/// `/name` as shown to users of `lang`, with the registered name beside it when they differ.
fn shown_name(c: &poise::Command<Data, Error>, lang: Lang) -> (String, String) {
    let local = command_name(lang, &c.name);
    let also = if local == c.name {
        String::new()
    } else {
        format!(" (`/{}`)", c.name)
    };
    (local, also)
}

/// The short list of all commands, in `lang`: with each command's registered name beside
/// the local one, or, where that would pass Discord's 2 000 characters, without it.
#[must_use]
pub fn overview(commands: &[poise::Command<Data, Error>], lang: Lang) -> String {
    let with_names = overview_with(commands, lang, true);
    if crate::bot::kit::split::chars(&with_names) <= crate::bot::kit::split::MESSAGE_LIMIT {
        with_names
    } else {
        overview_with(commands, lang, false)
    }
}

/// [`overview`], with the registered names (`also`) or without.
fn overview_with(commands: &[poise::Command<Data, Error>], lang: Lang, also: bool) -> String {
    let mut text = tr!(lang, "help-intro");
    text.push_str("\n\n");
    text.push_str(&tr!(lang, "help-commands"));
    for c in commands {
        let (local, registered) = shown_name(c, lang);
        let registered = if also { registered } else { String::new() };
        let _ = write!(
            text,
            "\n`/{local}`{registered} — {}",
            tr!(lang, &desc_key(&c.name))
        );
    }
    text.push_str("\n\n");
    text.push_str(&tr!(lang, "help-more"));
    text
}

/// The long help of one command, with its options, in `lang`.
fn details(c: &poise::Command<Data, Error>, lang: Lang) -> String {
    let (local, also) = shown_name(c, lang);
    let mut text = format!("**/{local}**{also} — {}", tr!(lang, &desc_key(&c.name)));
    let _ = write!(text, "\n\n{}", tr!(lang, &help_key(&c.name)));
    if !c.parameters.is_empty() {
        text.push_str("\n\n");
        text.push_str(&tr!(lang, "help-options"));
        for p in &c.parameters {
            let need = tr!(
                lang,
                if p.required {
                    "help-required"
                } else {
                    "help-optional"
                }
            );
            let _ = write!(
                text,
                "\n`{}` ({need}) — {}",
                option_name(lang, &c.name, &p.name),
                tr!(lang, &option_desc_key(&c.name, &p.name))
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list of commands fits one message in every language, with room left for one
    /// more command of the longest description Discord allows.
    #[test]
    fn the_overview_fits_a_message_in_every_language() {
        let commands = crate::bot::commands::all();
        for lang in Lang::ALL {
            let text = overview(&commands, lang);
            assert!(
                crate::bot::kit::split::chars(&text) <= crate::bot::kit::split::MESSAGE_LIMIT,
                "{lang}: {text}"
            );
            assert!(text.contains(&format!("`/{}`", command_name(lang, "fire"))));
            let bare = overview_with(&commands, lang, false);
            let room = crate::bot::kit::split::MESSAGE_LIMIT - (100 + 20);
            assert!(
                crate::bot::kit::split::chars(&bare) <= room,
                "{lang}: no room for one more command: {bare}"
            );
        }
        assert!(overview(&commands, Lang::EnUs).contains("`/fire` — "));
    }

    #[test]
    fn details_show_options() {
        let text = details(&help(), Lang::EnUs);
        assert!(text.contains("`command` (optional)"), "{text}");
        assert!(text.contains("Name a command"), "{text}");
        let text = details(&help(), Lang::Nl);
        assert!(text.starts_with("**/hulp** (`/help`)"), "{text}");
        assert!(text.contains("`commando` (optioneel)"), "{text}");
    }
}
