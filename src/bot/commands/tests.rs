//! The registered commands checked against the catalogues: every name and description
//! fits Discord in every language, and every command a text names is the registered one.

use crate::bot::features::help::overview;
use crate::bot::kit::i18n::commands::{command_name, is_valid_name, option_name};
use crate::bot::kit::i18n::{Catalog, Lang};

#[test]
fn every_command_named_in_a_text_is_the_one_registered_in_that_language() {
    let commands = super::all();
    for lang in Lang::ALL {
        let ast = fluent_syntax::parser::parse(lang.source()).unwrap_or_else(|(ast, _)| ast);
        let mut checked = 0;
        for entry in ast.body {
            let fluent_syntax::ast::Entry::Message(m) = entry else {
                continue;
            };
            let key = m.id.name;
            let text = Catalog::get().format(lang, key, None);
            for span in text.split('`').skip(1).step_by(2) {
                let Some(call) = span.strip_prefix('/') else {
                    continue;
                };
                let (name, rest) = call.split_once(' ').unwrap_or((call, ""));
                if name.starts_with('{') {
                    continue; // a placeholder: `/{ $command }` names what the user typed
                }
                let command = commands
                    .iter()
                    .find(|c| command_name(lang, &c.name) == name)
                    .unwrap_or_else(|| {
                        panic!("{lang} {key}: `/{name}` is no command's name in {lang}")
                    });
                // `/privacy set leaderboard:…`: a subcommand's options are its own.
                let mut words = rest.split_whitespace().peekable();
                let sub = words.peek().and_then(|first| {
                    command.subcommands.iter().find(|sub| {
                        command_name(lang, &format!("{}-{}", command.name, sub.name)) == *first
                    })
                });
                let (command, path) = match sub {
                    Some(sub) => {
                        words.next();
                        (sub, format!("{}-{}", command.name, sub.name))
                    }
                    None => (command, command.name.to_string()),
                };
                for word in words {
                    let Some((option, _)) = word.split_once(':') else {
                        continue;
                    };
                    assert!(
                        command
                            .parameters
                            .iter()
                            .any(|p| option_name(lang, &path, &p.name) == option),
                        "{lang} {key}: `{option}:` is no option of /{name} in {lang}"
                    );
                }
                checked += 1;
            }
        }
        assert!(
            checked >= 15,
            "{lang}: only {checked} commands named in texts"
        );
    }
}

#[test]
fn every_name_and_description_fits_discord_in_every_language() {
    let commands = super::all();
    let fits = |d: &str| !d.is_empty() && d.chars().count() <= 100;
    for c in &commands {
        assert_eq!(
            command_name(Lang::EnUs, &c.name),
            c.name,
            "the English name in the catalogue is the registered one"
        );
        assert_eq!(c.name_localizations.len(), 3, "/{}", c.name);
        for (lang, name) in c.name_localizations.iter() {
            assert!(is_valid_name(name), "/{} in {lang}: {name:?}", c.name);
        }
        assert!(fits(c.description.as_deref().unwrap_or("")), "/{}", c.name);
        assert_eq!(c.description_localizations.len(), 3, "/{}", c.name);
        for (lang, d) in c.description_localizations.iter() {
            assert!(fits(d), "/{} in {lang}: {d:?}", c.name);
        }
        for p in &c.parameters {
            assert_eq!(option_name(Lang::EnUs, &c.name, &p.name), p.name);
            assert_eq!(p.name_localizations.len(), 3, "/{} {}", c.name, p.name);
            for (lang, name) in p.name_localizations.iter() {
                assert!(
                    is_valid_name(name),
                    "/{} {} in {lang}: {name:?}",
                    c.name,
                    p.name
                );
            }
            assert!(
                fits(p.description.as_deref().unwrap_or("")),
                "/{} {}",
                c.name,
                p.name
            );
            assert_eq!(
                p.description_localizations.len(),
                3,
                "/{} {}",
                c.name,
                p.name
            );
            for (lang, d) in p.description_localizations.iter() {
                assert!(fits(d), "/{} {} in {lang}: {d:?}", c.name, p.name);
            }
            for choice in p.choices.iter() {
                assert!(fits(&choice.name));
                assert_eq!(choice.localizations.len(), 3, "{}", choice.name);
                for (lang, shown) in choice.localizations.iter() {
                    assert!(fits(shown), "{} in {lang}", choice.name);
                }
            }
        }
    }
}

#[test]
fn option_names_are_unique_within_a_command_in_every_language() {
    for c in super::all() {
        for lang in Lang::ALL {
            let mut names: Vec<_> = c
                .parameters
                .iter()
                .map(|p| option_name(lang, &c.name, &p.name))
                .collect();
            let before = names.len();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), before, "/{} in {lang}", c.name);
        }
    }
    let mut names: Vec<_> = super::all()
        .iter()
        .map(|c| command_name(Lang::Da, &c.name))
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), super::all().len());
}

#[test]
fn no_option_name_begins_with_a_command_name() {
    // The Dutch house-rule option was `herhaling_verbieden` while `/herhaling` is the
    // replay: an option must not read as a command of its own. (A command's name later
    // in an option name is fine: `dubbel_schieten_verbieden` is about `/schieten`.)
    let commands = super::all();
    for lang in Lang::ALL {
        let command_names: Vec<String> = commands
            .iter()
            .map(|c| command_name(lang, &c.name))
            .collect();
        for c in &commands {
            for p in &c.parameters {
                let name = option_name(lang, &c.name, &p.name);
                let first = name.split(['_', '-']).next().unwrap_or_default();
                assert!(
                    !command_names.iter().any(|n| n == first),
                    "/{} {} in {lang}: {name:?} begins with the command /{first}",
                    c.name,
                    p.name
                );
            }
        }
    }
    let nl = option_name(Lang::Nl, "challenge", "forbid_repeats");
    assert_eq!(nl, "dubbel_schieten_verbieden");
    assert!(is_valid_name(&nl));
}

#[test]
fn variant_choices_show_the_local_game_names() {
    let commands = super::all();
    let challenge = commands.iter().find(|c| c.name == "challenge").unwrap();
    let variant = challenge
        .parameters
        .iter()
        .find(|p| p.name == "variant")
        .unwrap();
    let classic = &variant.choices[0];
    let shown = |lang: &str| {
        classic
            .localizations
            .iter()
            .find(|(l, _)| l == lang)
            .map(|(_, n)| n.to_string())
            .unwrap()
    };
    assert!(shown("da").contains("Søslag"), "{}", shown("da"));
    assert!(shown("sv-SE").contains("Sjöslag"), "{}", shown("sv-SE"));
    assert!(
        variant.choices[1]
            .localizations
            .iter()
            .any(|(l, n)| l == "nl" && n.contains("Zeeslag"))
    );
}

#[test]
fn overview_lists_every_command() {
    let commands = super::all();
    let text = overview(&commands, Lang::EnUs);
    for c in &commands {
        assert!(text.contains(&format!("`/{}`", c.name)), "{text}");
    }
    let text = overview(&commands, Lang::SvSe);
    assert!(text.contains("`/skjut` (`/fire`)"), "{text}");
    assert!(
        text.contains("`/status` —"),
        "same name, shown once: {text}"
    );
}

#[test]
fn every_command_has_a_fitting_description() {
    for c in super::all() {
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
