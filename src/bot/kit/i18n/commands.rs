//! Command, option and choice names and descriptions from the catalogues.
//!
//! The code only gives each command and option its (English) name; [`localize`] fills in
//! the descriptions and the Dutch, Danish and Swedish names from the catalogues, so the
//! `.ftl` files are the single source of every word Discord shows in the command picker.
//!
//! Keys: `cmd-<command>-name`, `cmd-<command>-desc`, `cmd-<command>-help` (the long text of
//! `/help <command>`), `cmd-<command>-opt-<option>-name`, `cmd-<command>-opt-<option>-desc`,
//! and `choice-<option>-<choice>` for choices.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::bot::kit::i18n::{Catalog, Lang};

/// Key of a command's localised name.
#[must_use]
pub fn name_key(command: &str) -> String {
    format!("cmd-{command}-name")
}

/// Key of a command's short description.
#[must_use]
pub fn desc_key(command: &str) -> String {
    format!("cmd-{command}-desc")
}

/// Key of a command's long help.
#[must_use]
pub fn help_key(command: &str) -> String {
    format!("cmd-{command}-help")
}

/// Key of an option's localised name.
#[must_use]
pub fn option_name_key(command: &str, option: &str) -> String {
    format!("cmd-{command}-opt-{option}-name")
}

/// Key of an option's description.
#[must_use]
pub fn option_desc_key(command: &str, option: &str) -> String {
    format!("cmd-{command}-opt-{option}-desc")
}

/// Key of a choice's display name.
#[must_use]
pub fn choice_key(option: &str, choice: &str) -> String {
    format!("choice-{option}-{choice}")
}

/// The name of `/command` as users of `lang` see it in the picker.
#[must_use]
pub fn command_name(lang: Lang, command: &str) -> String {
    Catalog::get()
        .own(lang, &name_key(command))
        .unwrap_or_else(|| command.to_owned())
}

/// The name of an option as users of `lang` see it.
#[must_use]
pub fn option_name(lang: Lang, command: &str, option: &str) -> String {
    Catalog::get()
        .own(lang, &option_name_key(command, option))
        .unwrap_or_else(|| option.to_owned())
}

/// The ids Discord gave the commands when they were registered, by (English) name.
#[derive(Debug, Default)]
pub struct CommandIds(Vec<(String, u64)>);

impl CommandIds {
    /// The ids of the registered commands (from the registration response).
    #[must_use]
    pub fn new(registered: impl IntoIterator<Item = (String, u64)>) -> Self {
        Self(registered.into_iter().collect())
    }

    /// `text` for a public message in `lang`: every code span that starts with a command
    /// as `lang` names it (`/vuur doelen:C4`) becomes Discord's clickable command mention
    /// (`</fire:123>`, which every reader sees in their own language) followed by the rest
    /// of the span (`doelen:C4`). Without registered ids the text is left as it is.
    #[must_use]
    pub fn clickable(&self, lang: Lang, text: &str) -> String {
        clickable_with(&self.0, lang, text)
    }
}

/// [`clickable`] with the given `(name, id)` pairs.
fn clickable_with(ids: &[(String, u64)], lang: Lang, text: &str) -> String {
    if ids.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        let span = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        let (name, args) = span
            .strip_prefix('/')
            .map(|s| s.split_once(' ').unwrap_or((s, "")))
            .unwrap_or_default();
        let found = ids
            .iter()
            .find(|(base, _)| !name.is_empty() && command_name(lang, base) == name);
        match found {
            Some((base, id)) => {
                let _ = write!(out, "</{base}:{id}>");
                if !args.trim().is_empty() {
                    let _ = write!(out, " `{}`", args.trim());
                }
            }
            None => out.push_str(&rest[open..=open + 1 + len]),
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// Localisations of `key` for every language but English (which is the default).
fn others(key: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    let catalog = Catalog::get();
    Lang::ALL[1..]
        .iter()
        .filter_map(|&lang| {
            catalog
                .own(lang, key)
                .map(|text| (Cow::Borrowed(lang.code()), Cow::Owned(text)))
        })
        .collect::<Vec<_>>()
        .into()
}

/// The English text of `key`, if the catalogue has it.
fn english(key: &str) -> Option<Cow<'static, str>> {
    Catalog::get().own(Lang::EnUs, key).map(Cow::Owned)
}

/// Applies the catalogues to `commands`: English descriptions and choice names, and the
/// other languages' names, descriptions and choice names as Discord localisations.
/// Subcommands use the keys of `<command>-<subcommand>` (`cmd-privacy-delete-name`).
pub fn localize<U, E>(commands: &mut [poise::Command<U, E>]) {
    for c in commands {
        let name = c.name.to_string();
        localize_one(c, &name);
    }
}

fn localize_one<U, E>(c: &mut poise::Command<U, E>, name: &str) {
    c.name_localizations = others(&name_key(name));
    if let Some(desc) = english(&desc_key(name)) {
        c.description = Some(desc);
    }
    c.description_localizations = others(&desc_key(name));
    if let Some(help) = english(&help_key(name)) {
        c.help_text = Some(help);
    }
    for p in &mut c.parameters {
        let option = p.name.to_string();
        p.name_localizations = others(&option_name_key(name, &option));
        if let Some(desc) = english(&option_desc_key(name, &option)) {
            p.description = Some(desc);
        }
        p.description_localizations = others(&option_desc_key(name, &option));
        for choice in p.choices.to_mut() {
            let key = choice_key(&option, &choice.name);
            if let Some(shown) = english(&key) {
                choice.name = shown;
            }
            choice.localizations = others(&key);
        }
    }
    for sub in &mut c.subcommands {
        let key = format!("{name}-{}", sub.name);
        localize_one(sub, &key);
    }
}

/// Whether `name` is a valid, lowercase Discord command or option name
/// (`^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, no upper-case letters).
#[must_use]
pub fn is_valid_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name
            .chars()
            .all(|c| (c == '-' || c == '_' || c.is_alphanumeric()) && !c.is_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_texts_name_commands_as_clickable_mentions() {
        let ids = vec![("fire".to_owned(), 11), ("board".to_owned(), 22)];
        let text = "Shoot with `/schieten doelen:C4`, see `/bord`, not `/elsewhere`, code `C4`.";
        assert_eq!(
            clickable_with(&ids, Lang::Nl, text),
            "Shoot with </fire:11> `doelen:C4`, see </board:22>, not `/elsewhere`, code `C4`."
        );
        // Without ids (registration not done) the text stays as it is; an unpaired
        // backtick is kept.
        assert_eq!(clickable_with(&[], Lang::Nl, text), text);
        assert_eq!(clickable_with(&ids, Lang::Nl, "a ` b"), "a ` b");
        let starts = crate::bot::kit::i18n::tr!(Lang::Da, "battle-how-classic");
        assert!(
            clickable_with(&ids, Lang::Da, &starts).starts_with("</fire:11> `mål:C4`"),
            "{starts}"
        );
    }

    #[test]
    fn the_name_check_follows_discord() {
        for ok in [
            "fire",
            "ge_upp",
            "hjælp",
            "spelplan",
            "förbjud-upprepningar",
            "a1",
        ] {
            assert!(is_valid_name(ok), "{ok}");
        }
        for bad in [
            "",
            "Fire",
            "two words",
            "x".repeat(33).as_str(),
            "fire!",
            "Søslag",
        ] {
            assert!(!is_valid_name(bad), "{bad}");
        }
    }
}
