//! Guard rails for the wording reviews of the catalogues: the patterns the reviews removed do
//! not come back, counts take their plural, the values the texts tell members to type are
//! values the bot takes in their language, and the long texts stay within Discord's limits.

use super::keywords::{Keyword, keyword, start_in_english};
use super::{Lang, tr};

/// Phrases the reviews removed (a permission label used as a verb, the server made the
/// player, "`x` names no channel"), as they were written in each catalogue.
const REMOVED: [&str; 25] = [
    "who may manage messages",
    "berichten mogen beheren",
    "må administrere beskeder",
    "får hantera meddelanden",
    "who may **Manage Server**",
    "who may manage the server",
    "server mogen beheren",
    "administrere serveren",
    "hantera servern",
    "This server plays",
    "This server starts",
    "Deze server speelt",
    "Deze server start",
    "Denne server spiller",
    "Denne server starter",
    "Den här servern spelar",
    "Den här servern startar",
    "names no",
    "names none",
    "noemt niet",
    "noemt geen",
    "nævner ikke",
    "nævner ingen",
    "nämner inte",
    "anger ingen",
];

#[test]
fn the_patterns_the_reviews_removed_do_not_come_back() {
    for lang in Lang::ALL {
        let source = lang.source();
        for phrase in REMOVED {
            assert!(!source.contains(phrase), "{lang}: {phrase}");
        }
    }
}

/// The first word of a choice as Discord shows it (`Zichtbaar` of "Zichtbaar: zet mij …").
fn shown(lang: Lang, key: &str) -> String {
    let name = lang.text(key);
    name.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn texts_name_choices_as_discord_shows_them_in_the_readers_language() {
    for lang in Lang::ALL {
        let visible = shown(lang, "choice-leaderboard-visible");
        let hidden = shown(lang, "choice-leaderboard-hidden");
        let global = shown(lang, "choice-scope-global");
        for (key, value) in [
            ("privacy-info-listed", &hidden),
            ("privacy-listed", &hidden),
            ("privacy-info-hidden", &visible),
            ("board-global-note", &visible),
            ("board-global-note", &hidden),
            ("err-leaderboard-dm", &global),
            ("cmd-leaderboard-help", &global),
        ] {
            let text = lang.text(key).to_lowercase();
            let typed = format!(":{}", value.to_lowercase());
            assert!(text.contains(&typed), "{lang} {key}: {typed} in {text}");
        }
    }
}

#[test]
fn counts_of_one_are_singular() {
    for lang in Lang::ALL {
        let rules = tr!(
            lang,
            "tournament-signup-rules",
            variant = "x",
            pace = "y",
            rounds = 1_u32
        );
        let final_ = tr!(
            lang,
            "tournament-standings-final",
            name = "T",
            round = 1_u32,
            rounds = 1_u32
        );
        let figures = tr!(
            lang,
            "season-end-figures",
            matches = 1_u32,
            players = 1_u32,
            active = "z"
        );
        let active = tr!(lang, "season-end-active", name = "A", games = 1_u32);
        let tournaments = tr!(lang, "stats-tournaments", played = 1_u32, won = 1_u32);
        let missing = tr!(lang, "err-editor-incomplete", missing = 1_u32);
        let points = tr!(
            lang,
            "tournament-standings-alt-line",
            rank = 1_u32,
            player = "A",
            points = "1",
            count = 1.0_f64
        );
        for plural in [
            "1 rounds",
            "1 rondes",
            "1 runder",
            "1 ronder",
            "1 matches",
            "1 partijen",
            "1 partier",
            "1 members",
            "1 leden",
            "1 medlemmer",
            "1 medlemmar",
            "1 points",
            "1 punten",
            "1 spelade",
            "1 vunna",
        ] {
            for text in [&rules, &final_, &figures, &active, &points, &tournaments] {
                assert!(!text.contains(plural), "{lang}: {text}");
            }
        }
        // One ship is "it", not "them".
        for them in ["place them", "plaats ze", "placér dem", "placera dem"] {
            assert!(!missing.contains(them), "{lang}: {missing}");
        }
        let many = tr!(lang, "err-editor-incomplete", missing = 3_u32);
        assert!(many.contains('3'), "{lang}: {many}");
    }
}

/// The words between backticks in `text`.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

#[test]
fn the_keywords_the_texts_name_are_taken_in_their_language() {
    for lang in Lang::ALL {
        let season = tr!(lang, "err-leaderboard-season-unknown", given = "x");
        let spans = code_spans(&season);
        assert_eq!(
            keyword(spans[1]),
            Some(Keyword::Current),
            "{lang}: {season}"
        );
        assert_eq!(keyword(spans[2]), Some(Keyword::All), "{lang}: {season}");
        let off = tr!(lang, "err-leaderboard-season-off");
        let all = code_spans(&off)[0].rsplit(':').next().unwrap_or_default();
        assert_eq!(keyword(all), Some(Keyword::All), "{lang}: {off}");
        let channel = tr!(lang, "err-settings-season-channel", given = "x");
        let none = *code_spans(&channel).last().expect("a keyword");
        assert_eq!(keyword(none), Some(Keyword::Nothing), "{lang}: {channel}");
        for key in ["err-settings-channels", "err-settings-channels-many"] {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("given", "x");
            args.set("most", 25_u32);
            let text = lang.text_with(key, &args);
            let all = *code_spans(&text).last().expect("a keyword");
            assert_eq!(keyword(all), Some(Keyword::All), "{lang}: {text}");
        }
        // Every start time an example names is one the bot takes.
        let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_780_000_000);
        for key in ["err-tournament-when", "err-tournament-when-past"] {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("given", "x");
            args.set("zone", "UTC");
            let text = lang.text_with(key, &args);
            for example in code_spans(&text)
                .into_iter()
                .filter(|s| *s != "x" && !s.starts_with("<t:"))
            {
                let english = start_in_english(example);
                let read = crate::session::tournament::parse_start(
                    &english,
                    now,
                    &jiff::tz::TimeZone::UTC,
                );
                assert!(read.is_ok(), "{lang}: `{example}` ({english}) in {text}");
            }
        }
        let desc = tr!(lang, "cmd-tournament-create-opt-starts-desc");
        for example in desc
            .split(": ")
            .nth(1)
            .unwrap_or_default()
            .split(", ")
            .skip(1)
        {
            let read = crate::session::tournament::parse_start(
                &start_in_english(example),
                now,
                &jiff::tz::TimeZone::UTC,
            );
            assert!(read.is_ok(), "{lang}: `{example}` in {desc}");
        }
    }
}

#[test]
fn the_privacy_notice_fits_a_message_with_clickable_commands() {
    let ids = super::commands::CommandIds::new([("privacy".to_owned(), u64::MAX)]);
    for lang in Lang::ALL {
        for line in ["privacy-info-listed", "privacy-info-hidden"] {
            let text = format!("{}\n{}", tr!(lang, "privacy-info"), lang.text(line));
            let sent = ids.clickable(lang, &text);
            let n = sent.chars().count().max(text.chars().count());
            assert!(n <= 2000, "{lang} {line}: {n} characters");
        }
    }
}
