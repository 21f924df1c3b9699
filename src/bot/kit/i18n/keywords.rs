//! The words a member may type in a typed option, in every language the bot speaks: the
//! keywords `none`, `current` and `all`, and the start time of a tournament (`in 2h`,
//! `tomorrow 20:00`), so the texts can name the words of the reader's own language.

/// A keyword of a typed option, whichever language it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    /// Nothing, nowhere: `none`, `geen`, `ingen` (also `off`, `-`).
    Nothing,
    /// The current one: `current`, `huidig`, `nuværende`, `aktuell`.
    Current,
    /// Every one, all together: `all`, `alle`, `alla`, `samlet` (also `*`).
    All,
}

/// Each keyword and the words that mean it (lowercase), English first.
const WORDS: [(Keyword, &[&str]); 3] = [
    (
        Keyword::Nothing,
        &["none", "off", "-", "geen", "uit", "ingen", "fra", "av"],
    ),
    (
        Keyword::Current,
        &[
            "current",
            "huidig",
            "huidige",
            "nuværende",
            "aktuel",
            "aktuelle",
            "aktuell",
            "nuvarande",
            "pågående",
        ],
    ),
    (
        Keyword::All,
        &["all", "*", "alle", "alles", "alla", "samlet"],
    ),
];

/// The keyword `typed` is (any case, spaces around ignored), if it is one.
#[must_use]
pub fn keyword(typed: &str) -> Option<Keyword> {
    let typed = typed.trim().to_lowercase();
    WORDS
        .iter()
        .find(|(_, words)| words.contains(&typed.as_str()))
        .map(|(k, _)| *k)
}

/// A unit of a relative start time as the English reader takes it (`h`, `m`, `d`), from
/// the word in any of the languages; `None` for a word that is no unit.
fn unit(word: &str) -> Option<&'static str> {
    Some(match word {
        "h" | "hr" | "hrs" | "hour" | "hours" | "u" | "uur" | "uren" | "t" | "time" | "timer"
        | "tim" | "timme" | "timmar" => "h",
        "m" | "min" | "mins" | "minute" | "minutes" | "minuut" | "minuten" | "minut"
        | "minutter" | "minuter" => "m",
        "d" | "day" | "days" | "dag" | "dagen" | "dage" | "dagar" | "døgn" | "dygn" => "d",
        _ => return None,
    })
}

/// Words for "one" before a unit: `een uur`, `en time`, `ett dygn`.
const ONE: [&str; 5] = ["a", "an", "een", "en", "ett"];

/// A start time as written in any of the bot's languages, in the English words the start
/// time's reader takes: `over 2 uur`, `om 2 timer`, `om 30 min` become `in 2h`, `in 30m`;
/// `morgen 20:00`, `i morgen kl. 20.00`, `imorgon 20:00` become `tomorrow 20:00`;
/// `vandaag`, `i dag`, `idag` become `today`. Anything else is returned as it was
/// (lowercased), for the reader to take or refuse.
#[must_use]
pub fn start_in_english(text: &str) -> String {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    if let Some((first, rest)) = words.split_first()
        && ["in", "over", "om"].contains(first)
        && rest
            .first()
            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()) || ONE.contains(w))
        && !rest.iter().any(|w| w.contains([':', '.']))
    {
        return relative_in_english(rest).unwrap_or(lower);
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let next = words.get(i + 1).copied();
        match (words[i], next) {
            ("i", Some("morgen" | "morgon")) => {
                out.push("tomorrow".into());
                i += 2;
            }
            ("i", Some("dag")) => {
                out.push("today".into());
                i += 2;
            }
            ("morgen" | "imorgen" | "imorgon", _) => {
                out.push("tomorrow".into());
                i += 1;
            }
            ("vandaag" | "idag", _) => {
                out.push("today".into());
                i += 1;
            }
            // "morgen om 20:00", "i morgen kl. 20", "at 20:00": the clock alone.
            ("om" | "kl" | "kl." | "at", Some(_)) => i += 1,
            (w, _) => {
                out.push(clock_in_english(w));
                i += 1;
            }
        }
    }
    out.join(" ")
}

/// `20.00` (the Danish and Swedish way) as `20:00`; other words as they are.
fn clock_in_english(word: &str) -> String {
    match word.split_once('.') {
        Some((h, m))
            if (1..=2).contains(&h.len())
                && m.len() == 2
                && h.chars().chain(m.chars()).all(|c| c.is_ascii_digit()) =>
        {
            format!("{h}:{m}")
        }
        _ => word.to_owned(),
    }
}

/// The amounts of a relative start time (`2 uur 30 min`, `2t30m`, `en time`) as `in 2h30m`;
/// `None` when a piece is no amount or no unit.
fn relative_in_english(words: &[&str]) -> Option<String> {
    let mut out = String::from("in ");
    let mut number = String::new();
    let mut word = String::new();
    let flush = |number: &mut String, word: &mut String, out: &mut String| -> Option<()> {
        if !word.is_empty() {
            out.push_str(number);
            out.push_str(unit(word)?);
            number.clear();
            word.clear();
        }
        Some(())
    };
    for w in words {
        if ONE.contains(w) && number.is_empty() && word.is_empty() {
            number.push('1');
            continue;
        }
        for c in w.chars() {
            if c.is_ascii_digit() {
                flush(&mut number, &mut word, &mut out)?;
                number.push(c);
            } else if c.is_alphabetic() {
                word.push(c);
            } else {
                return None;
            }
        }
    }
    if word.is_empty() {
        // A bare number ("in 2"): left for the reader to refuse.
        out.push_str(&number);
        return Some(out);
    }
    flush(&mut number, &mut word, &mut out)?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_s_keywords_are_known() {
        for (typed, meant) in [
            ("none", Keyword::Nothing),
            ("Geen", Keyword::Nothing),
            (" ingen ", Keyword::Nothing),
            ("current", Keyword::Current),
            ("huidig", Keyword::Current),
            ("Nuværende", Keyword::Current),
            ("aktuell", Keyword::Current),
            ("ALL", Keyword::All),
            ("alle", Keyword::All),
            ("alla", Keyword::All),
            ("*", Keyword::All),
        ] {
            assert_eq!(keyword(typed), Some(meant), "{typed}");
        }
        for other in ["", "3", "#results", "nothing", "allemaal"] {
            assert_eq!(keyword(other), None, "{other}");
        }
    }

    #[test]
    fn start_times_in_every_language_read_as_the_english_ones() {
        for (typed, english) in [
            ("in 2h", "in 2h"),
            ("In 1h30m", "in 1h30m"),
            ("over 2 uur", "in 2h"),
            ("over 30 min", "in 30m"),
            ("over een uur", "in 1h"),
            ("over 2 dagen", "in 2d"),
            ("om 2 timer", "in 2h"),
            ("om 2t30m", "in 2h30m"),
            ("om en time", "in 1h"),
            ("om 30 minutter", "in 30m"),
            ("om 2 timmar", "in 2h"),
            ("om 45 minuter", "in 45m"),
            ("om ett dygn", "in 1d"),
            ("tomorrow 20:00", "tomorrow 20:00"),
            ("morgen 20:00", "tomorrow 20:00"),
            ("morgen om 20:00", "tomorrow 20:00"),
            ("om 20:00", "20:00"),
            ("i morgen kl. 20.00", "tomorrow 20:00"),
            ("imorgon 20:00", "tomorrow 20:00"),
            ("I morgon 8.30", "tomorrow 8:30"),
            ("vandaag 21:00", "today 21:00"),
            ("i dag 21:00", "today 21:00"),
            ("idag 21.00", "today 21:00"),
            ("20:00", "20:00"),
            ("2026-06-01 20:00", "2026-06-01 20:00"),
            ("<t:1767225600:F>", "<t:1767225600:f>"),
        ] {
            assert_eq!(start_in_english(typed), english, "{typed}");
        }
        // What is no time in any language stays as it was, for the reader to refuse.
        for other in ["om 2 lichtjaar", "over de brug", "soon"] {
            assert_eq!(start_in_english(other), other, "{other}");
        }
    }

    #[test]
    fn the_english_reader_takes_every_language_s_start_times() {
        use crate::session::tournament::parse_start;
        let now = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_780_000_000);
        let zone = jiff::tz::TimeZone::UTC;
        let read = |t: &str| parse_start(&start_in_english(t), now, &zone);
        assert_eq!(read("over 2 uur"), read("in 2h"));
        assert_eq!(read("om 2 timer"), read("in 2h"));
        assert_eq!(read("om 2 timmar"), read("in 2h"));
        assert_eq!(read("morgen 20:00"), read("tomorrow 20:00"));
        assert_eq!(read("i morgen kl. 20.00"), read("tomorrow 20:00"));
        assert_eq!(read("i morgon 20:00"), read("tomorrow 20:00"));
        assert!(read("in 2h").is_ok());
        assert!(read("tomorrow 20:00").is_ok());
    }
}
