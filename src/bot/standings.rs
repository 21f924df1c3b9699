//! Words and views for ratings, statistics, leaderboards, history and rematch series:
//! turns what the session returns into texts and picture views in one language.

use std::fmt::Write as _;

use crate::ai::Difficulty;
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::bot::kit::words::{season_dates, season_name, shown_name};
use crate::game::{PlayerId, Variant};
use crate::rating::{Outcome, PROVISIONAL_GAMES, Record};
use crate::render::{LeaderRow, LeaderboardView, StatsCard, Tile};
use crate::session::PlayedMatch;
use crate::session::SeasonLine;
use crate::session::{Card, Leaderboard, Ranked, SeasonBoard, Series};

/// "Series: Ann 2 – 1 Bjørn", in `lang`.
#[must_use]
pub fn series_line(lang: Lang, names: &[String; 2], series: &Series) -> String {
    tr!(
        lang,
        "series-line",
        a = plain(&names[0]),
        wa = series.wins[0],
        wb = series.wins[1],
        b = plain(&names[1]),
        draws = series.draws
    )
}

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

/// A rated record as "W–L–D".
fn record_text(r: &Record) -> String {
    format!("{}–{}–{}", r.wins, r.losses, r.draws)
}

/// The name of a difficulty key in `lang`.
fn level_name(lang: Lang, key: &str) -> String {
    let level = Difficulty::ALL.into_iter().find(|d| d.key() == key);
    match level {
        Some(d) => crate::bot::kit::i18n::names::difficulty(lang, d),
        None => key.to_owned(),
    }
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

fn leader_row(lang: Lang, r: &Ranked, asker: PlayerId) -> LeaderRow {
    let st = &r.standing;
    LeaderRow {
        rank: r.rank,
        name: shown_name(lang, st.player, &st.name),
        rating: st.rating.shown().to_string(),
        record: record_text(&st.record),
        provisional: st.rating.games < PROVISIONAL_GAMES,
        highlight: st.player == asker,
    }
}

/// A leaderboard page as a picture view, and its text for screen readers.
#[must_use]
pub fn board_view(
    lang: Lang,
    server: &str,
    variant: Variant,
    board: &Leaderboard,
    asker: PlayerId,
) -> (LeaderboardView, String) {
    let rows: Vec<LeaderRow> = board
        .rows
        .iter()
        .map(|r| leader_row(lang, r, asker))
        .collect();
    let mut lines = String::new();
    for row in &rows {
        if !lines.is_empty() {
            lines.push_str("; ");
        }
        if let Some(rank) = row.rank {
            let _ = write!(lines, "{rank}. ");
        }
        let _ = write!(lines, "{} {} ({})", row.name, row.rating, row.record);
    }
    let variant_text = variant_name(lang, variant);
    let view = LeaderboardView {
        title: tr!(lang, "board-title", variant = variant_text.clone()),
        subtitle: tr!(
            lang,
            "board-subtitle",
            server = server.to_owned(),
            page = board.page + 1,
            pages = board.pages
        ),
        columns: [
            tr!(lang, "board-col-rank"),
            tr!(lang, "board-col-player"),
            tr!(lang, "board-col-rating"),
            tr!(lang, "board-col-record"),
        ],
        rows,
        provisional_title: tr!(lang, "board-provisional"),
        you: board.you.as_ref().map(|r| leader_row(lang, r, asker)),
        empty: tr!(lang, "board-empty", variant = variant_text.clone()),
    };
    let alt = if view.rows.is_empty() {
        view.empty.clone()
    } else {
        tr!(
            lang,
            "board-alt",
            variant = variant_text,
            page = board.page + 1,
            pages = board.pages,
            lines = lines
        )
    };
    (view, alt)
}

/// [`board_view`] for the global board: `name` in its subtitle, and its own words when
/// nobody is listed yet.
#[must_use]
pub fn global_view(
    lang: Lang,
    name: &str,
    variant: Variant,
    board: &Leaderboard,
    asker: PlayerId,
) -> (LeaderboardView, String) {
    let (mut view, mut alt) = board_view(lang, name, variant, board, asker);
    view.empty = tr!(
        lang,
        "board-global-empty",
        variant = variant_name(lang, variant)
    );
    // Said first, so that a screen reader tells which board it is.
    alt = if view.rows.is_empty() {
        format!("{name}: {}", view.empty)
    } else {
        format!("{name}: {alt}")
    };
    (view, alt)
}

fn season_row(lang: Lang, place: &SeasonLine, asker: PlayerId) -> LeaderRow {
    match &place.standing {
        Some(st) => LeaderRow {
            rank: place.rank,
            name: shown_name(lang, st.player, &st.name),
            rating: st.rating.shown().to_string(),
            record: record_text(&st.record),
            provisional: st.rating.games < PROVISIONAL_GAMES,
            highlight: st.player == asker,
        },
        // A member removed since the season closed: their place stays, marked.
        None => LeaderRow {
            rank: place.rank,
            name: tr!(lang, "board-season-gap"),
            rating: tr!(lang, "stats-none"),
            record: String::new(),
            provisional: false,
            highlight: false,
        },
    }
}

/// A page of a season's table as a picture view, and its text for screen readers: the
/// title names the season and its dates; members with fewer than
/// [`PROVISIONAL_GAMES`] matches in the season are listed as provisional.
#[must_use]
pub fn season_view(
    lang: Lang,
    server: &str,
    variant: Variant,
    board: &SeasonBoard,
    asker: PlayerId,
) -> (LeaderboardView, String) {
    let rows: Vec<LeaderRow> = board
        .rows
        .iter()
        .map(|r| season_row(lang, r, asker))
        .collect();
    let mut lines = String::new();
    for row in &rows {
        if !lines.is_empty() {
            lines.push_str("; ");
        }
        if let Some(rank) = row.rank {
            let _ = write!(lines, "{rank}. ");
        }
        let _ = write!(lines, "{} {} ({})", row.name, row.rating, row.record);
    }
    let variant_text = variant_name(lang, variant);
    let season = &board.season;
    let name = season_name(lang, season);
    let view = LeaderboardView {
        title: tr!(
            lang,
            "board-season-title",
            number = season.number,
            season = name.clone(),
            variant = variant_text.clone()
        ),
        subtitle: tr!(
            lang,
            if season.closed_ms.is_some() {
                "board-season-subtitle-final"
            } else {
                "board-season-subtitle"
            },
            server = server.to_owned(),
            dates = season_dates(season),
            page = board.page + 1,
            pages = board.pages
        ),
        columns: [
            tr!(lang, "board-col-rank"),
            tr!(lang, "board-col-player"),
            tr!(lang, "board-col-rating"),
            tr!(lang, "board-col-record"),
        ],
        rows,
        provisional_title: tr!(lang, "board-season-provisional", games = PROVISIONAL_GAMES),
        you: board.you.as_ref().map(|r| season_row(lang, r, asker)),
        empty: tr!(lang, "board-season-empty", variant = variant_text.clone()),
    };
    let alt = if view.rows.is_empty() {
        view.empty.clone()
    } else {
        tr!(
            lang,
            "board-season-alt",
            number = season.number,
            season = name,
            variant = variant_text,
            page = board.page + 1,
            pages = board.pages,
            lines = lines
        )
    };
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

/// The private `/history` answer for the member called `name`.
#[must_use]
pub fn history_text(lang: Lang, name: &str, rows: &[PlayedMatch]) -> String {
    history_text_tagged(lang, name, rows, &[])
}

/// [`history_text`] with a tag after each line (`tags[i]` for `rows[i]`, such as the
/// tournament and round the match was played in).
#[must_use]
pub fn history_text_tagged(
    lang: Lang,
    name: &str,
    rows: &[PlayedMatch],
    tags: &[Option<String>],
) -> String {
    if rows.is_empty() {
        return tr!(lang, "history-empty", name = plain(name));
    }
    let mut text = tr!(lang, "history-title", name = plain(name));
    for (i, row) in rows.iter().enumerate() {
        let r = &row.result;
        let variant = row.variant.parse().unwrap_or(Variant::Classic);
        let opponent = match &r.computer {
            Some(level) => tr!(lang, "history-computer", level = level_name(lang, level)),
            None => plain(&shown_name(
                lang,
                PlayerId(r.opponent),
                row.opponent_name.as_deref().unwrap_or_default(),
            )),
        };
        let result = match r.outcome {
            Outcome::Win => tr!(lang, "history-win"),
            Outcome::Loss => tr!(lang, "history-loss"),
            Outcome::Draw => tr!(lang, "history-draw"),
        };
        let how = match r.how.as_str() {
            "sunk" => tr!(lang, "history-how-sunk"),
            "draw" => tr!(lang, "history-how-draw"),
            "forfeit" => tr!(lang, "history-how-forfeit"),
            _ => tr!(lang, "history-how-timeout"),
        };
        let count = if variant == Variant::Game2000 {
            tr!(lang, "history-turns", n = r.turns)
        } else {
            tr!(lang, "history-shots", n = r.shots)
        };
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "history-line",
            date = format!("<t:{}:d>", r.ended_ms.max(0) / 1000),
            variant = variant_name(lang, variant),
            opponent = opponent,
            result = result,
            how = how,
            count = count,
            id = r.match_id.to_string()
        ));
        if let Some(Some(tag)) = tags.get(i) {
            text.push_str(" · ");
            text.push_str(tag);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Season;

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

    /// Issue 39, 2: a past season's table names the season and its dates in its zone,
    /// says it is final, keeps a removed member's place as a marked gap, and lists a
    /// member with fewer season matches than the documented count as provisional.
    #[test]
    fn a_season_table_names_its_season_dates_and_gaps() {
        use crate::rating::Rating;
        use crate::session::Standing;
        let season = Season {
            guild: crate::session::GuildId(1),
            number: 3,
            cadence: "monthly".into(),
            period: "2027-03".into(),
            zone: "Europe/Amsterdam".into(),
            // 2027-02-28T23:00Z and 2027-03-31T22:00Z: midnight in Amsterdam.
            start_ms: 1_803_855_600_000,
            end_ms: 1_806_530_400_000,
            closed_ms: Some(1_806_530_400_000),
            channel: None,
            announced_ms: None,
        };
        let standing = |player: u64, games: u32| Standing {
            player: PlayerId(player),
            name: format!("M{player}"),
            rating: Rating {
                games,
                ..Rating::default()
            },
            record: Record::default(),
        };
        let board = SeasonBoard {
            season,
            rows: vec![
                SeasonLine {
                    position: 0,
                    rank: Some(1),
                    standing: Some(standing(7, 6)),
                },
                SeasonLine {
                    position: 1,
                    rank: Some(2),
                    standing: None,
                },
                SeasonLine {
                    position: 2,
                    rank: None,
                    standing: Some(standing(8, PROVISIONAL_GAMES - 1)),
                },
            ],
            page: 0,
            pages: 1,
            you: None,
        };
        let (view, alt) = season_view(Lang::EnUs, "Harbour", Variant::Classic, &board, PlayerId(8));
        assert_eq!(view.title, "Season 3 · March 2027 · Classic");
        assert!(
            view.subtitle.contains("2027-03-01 – 2027-03-31"),
            "{}",
            view.subtitle
        );
        assert!(view.subtitle.contains("final table"), "{}", view.subtitle);
        assert_eq!(
            (view.rows[1].rank, view.rows[1].name.as_str()),
            (Some(2), "(removed)")
        );
        assert!(!view.rows[0].provisional && view.rows[2].provisional);
        assert!(view.rows[2].highlight);
        assert!(alt.contains("Season 3 (March 2027)"), "{alt}");
        for lang in Lang::ALL {
            let (view, _) = season_view(lang, "Harbour", Variant::Classic, &board, PlayerId(8));
            assert!(view.title.contains("2027"), "{lang}: {}", view.title);
        }
        let quarter = Season {
            period: "2027-Q2".into(),
            ..board.season.clone()
        };
        assert_eq!(season_name(Lang::EnUs, &quarter), "Q2 2027");
        assert_eq!(season_name(Lang::Da, &board.season), "marts 2027");
    }

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
    fn forgotten_members_are_named_in_the_readers_language() {
        for lang in Lang::ALL {
            let shown = shown_name(lang, PlayerId::DELETED[1], "deleted player");
            assert_eq!(shown, tr!(lang, "deleted-player"));
        }
        assert_eq!(shown_name(Lang::Nl, PlayerId(77), "Ann"), "Ann");
    }
}
