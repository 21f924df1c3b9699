//! The words and the card of `/stats`: a member's figures in a rule set, as a picture view
//! and its text for screen readers; the note when they played nothing; their season titles.

use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::bot::kit::words::{level_name, season_name};
use crate::game::Variant;
use crate::render::{StatsCard, Tile};
use crate::session::{Card, Season};

/// `x` with one decimal, with the language's decimal mark.
fn decimal(lang: Lang, x: f64) -> String {
    let text = format!("{x:.1}");
    if lang == Lang::EnUs {
        text
    } else {
        text.replace('.', ",")
    }
}

/// A share as a whole percentage.
fn percent(lang: Lang, share: f64) -> String {
    // A share of hits is within 0..=1.
    let n = (share * 100.0).round() as i64;
    tr!(lang, "stats-percent", n = n)
}

/// The statistics card of `name` in `variant`, and its text for screen readers.
// One flat list of the card's figures reads best as one function.
#[expect(clippy::too_many_lines)]
#[must_use]
pub fn card_view(lang: Lang, name: &str, variant: Variant, card: &Card) -> (StatsCard, String) {
    let s = &card.summary;
    let dash = || tr!(lang, "stats-none");
    let (rating, note, provisional) = match &card.rating {
        Some((r, _)) => {
            let mut note = tr!(
                lang,
                "stats-deviation",
                rd = format!("{}", r.deviation.round())
            );
            if r.is_provisional() {
                note.push_str(" · ");
                note.push_str(&tr!(lang, "stats-provisional", games = r.games));
            }
            (r.shown().to_string(), note, r.is_provisional())
        }
        None => (dash(), tr!(lang, "stats-provisional", games = 0), true),
    };
    let by_turns = variant == Variant::Game2000;
    let count = |n: u32| {
        if by_turns {
            tr!(lang, "stats-best-turns", n = n)
        } else {
            tr!(lang, "stats-best-shots", n = n)
        }
    };
    let tiles = vec![
        Tile {
            label: tr!(lang, "stats-wins"),
            value: s.record.wins.to_string(),
        },
        Tile {
            label: tr!(lang, "stats-losses"),
            value: s.record.losses.to_string(),
        },
        Tile {
            label: tr!(lang, "stats-draws"),
            value: s.record.draws.to_string(),
        },
        Tile {
            label: tr!(lang, "stats-accuracy"),
            value: s.accuracy.map_or_else(dash, |a| percent(lang, a)),
        },
        Tile {
            label: if by_turns {
                tr!(lang, "stats-to-win-turns")
            } else {
                tr!(lang, "stats-to-win-shots")
            },
            value: s.to_win.map_or_else(dash, |x| decimal(lang, x)),
        },
        Tile {
            label: tr!(lang, "stats-best"),
            value: s.best.map_or_else(dash, |(_, n)| count(n)),
        },
        Tile {
            label: tr!(lang, "stats-streak"),
            value: s.streak.to_string(),
        },
        Tile {
            label: tr!(lang, "stats-longest"),
            value: s.longest_streak.to_string(),
        },
        Tile {
            label: tr!(lang, "stats-games"),
            value: s.record.games().to_string(),
        },
    ];
    let computer = s
        .computer
        .iter()
        .map(|(level, r)| Tile {
            label: level_name(lang, level),
            value: tr!(
                lang,
                "stats-computer-line",
                won = r.wins,
                lost = r.losses,
                drawn = r.draws
            ),
        })
        .collect();
    let points = s.trend.len().saturating_sub(1);
    let view = StatsCard {
        name: name.to_owned(),
        subtitle: tr!(
            lang,
            "stats-subtitle",
            variant = variant_name(lang, variant)
        ),
        rating: rating.clone(),
        rating_note: note,
        provisional,
        trend_title: tr!(lang, "stats-trend", n = points.max(1)),
        trend: s.trend.clone(),
        trend_empty: tr!(lang, "stats-trend-empty"),
        tiles,
        computer_title: tr!(lang, "stats-computer"),
        computer,
        computer_empty: tr!(lang, "stats-computer-empty"),
    };
    let alt = tr!(
        lang,
        "stats-alt",
        name = name.to_owned(),
        variant = variant_name(lang, variant),
        rating = rating,
        provisional = if provisional { "yes" } else { "no" },
        wins = s.record.wins,
        losses = s.record.losses,
        draws = s.record.draws,
        accuracy = s.accuracy.map_or_else(dash, |a| percent(lang, a)),
        streak = s.streak,
        longest = s.longest_streak
    );
    (view, alt)
}

/// The note under a statistics card of `name`, who has played nothing in `variant`.
#[must_use]
pub fn nothing_text(lang: Lang, name: &str, variant: Variant) -> String {
    tr!(
        lang,
        "stats-nothing",
        name = plain(name),
        variant = variant_name(lang, variant)
    )
}

/// The line on a `/stats` card of a member who won seasons in `variant` ("Champion, March
/// 2027, Classic", the newest title, and how many more), in `lang`; `None` for no title.
#[must_use]
pub fn champion_line(lang: Lang, variant: Variant, titles: &[Season]) -> Option<String> {
    let newest = titles.first()?;
    let line = tr!(
        lang,
        "stats-champion",
        season = season_name(lang, newest),
        variant = variant_name(lang, variant)
    );
    Some(match titles.len() - 1 {
        0 => line,
        more => tr!(lang, "stats-champion-more", title = line, more = more),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::kit::words::a_season as row;
    use crate::bot::kit::words::record_text;
    use crate::rating::Record;

    #[test]
    fn decimals_follow_the_language() {
        assert_eq!(decimal(Lang::EnUs, 50.25), "50.2");
        assert_eq!(decimal(Lang::Nl, 34.5), "34,5");
        assert_eq!(
            record_text(&Record {
                wins: 3,
                losses: 2,
                draws: 1
            }),
            "3–2–1"
        );
    }

    #[test]
    fn a_champion_carries_the_newest_title() {
        assert_eq!(champion_line(Lang::EnUs, Variant::Classic, &[]), None);
        let one = champion_line(Lang::EnUs, Variant::Classic, &[row("2027-03")]).unwrap();
        assert_eq!(one, "Champion, March 2027, Classic");
        let two = champion_line(
            Lang::Nl,
            Variant::Classic,
            &[row("2027-Q2"), row("2027-03")],
        )
        .unwrap();
        assert!(two.contains("Q2 2027") && two.contains('1'), "{two}");
    }
}
