//! Tests across the features' words.

use crate::bot::features::history::words::history_text;
use crate::bot::features::r#match::words::series_line;
use crate::bot::features::stats::words::nothing_text;
use crate::bot::kit::i18n::Lang;
use crate::bot::kit::markup::plain;
use crate::game::{PlayerId, Variant};
use crate::rating::Outcome;
use crate::session::{PlayedMatch, Series};

/// A name that would be markup: bold, a masked link, a role mention, a time.
const HOSTILE: &str = "**Kraken** [won](https://evil.example) <@&42> <t:1:R>";

/// Whether `text` shows `HOSTILE` only as plain text (every markup character escaped).
fn shown_plainly(text: &str) -> bool {
    text.contains(&plain(HOSTILE))
        && !text.contains("**Kraken**")
        && !text.contains("[won](")
        && !text.contains(" <@&42>")
        && !text.contains(" <t:1:R>")
}

/// Issue 30, 6: every text that shows a member's name shows it as written, never as
/// markup, in every language.
#[test]
fn every_text_that_shows_a_name_escapes_its_markup() {
    use crate::session::{Finished, MatchId};
    let names = [HOSTILE.to_owned(), "Bo".to_owned()];
    let row = PlayedMatch {
        result: crate::rating::ResultRow {
            match_id: 1,
            ended_ms: 0,
            outcome: Outcome::Win,
            how: "sunk".into(),
            computer: None,
            opponent: 7,
            shots: 30,
            hits: 20,
            turns: 12,
            rating: None,
        },
        variant: "classic".into(),
        opponent_name: Some(HOSTILE.to_owned()),
    };
    let done = Finished {
        id: MatchId(5),
        guild: None,
        players: [PlayerId(1), PlayerId(2)],
        names: names.clone(),
        variant: Variant::Classic,
        ended: std::time::SystemTime::UNIX_EPOCH,
        replay: None,
    };
    for lang in Lang::ALL {
        let texts = [
            series_line(lang, &names, &Series::default()),
            history_text(lang, HOSTILE, &[]),
            history_text(lang, HOSTILE, std::slice::from_ref(&row)),
            history_text(lang, "Bo", std::slice::from_ref(&row)),
            nothing_text(lang, HOSTILE, Variant::Game2000),
            crate::bot::kit::pictures::replay_caption(lang, &done, 40, 1),
        ];
        for text in texts {
            assert!(shown_plainly(&text), "{lang}: {text}");
        }
    }
}
