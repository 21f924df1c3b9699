//! The leaderboard's words: a page of a table (a server's lifetime ranking, the global
//! board, a season's table) as a picture view and its text for screen readers. The three
//! tables share one implementation ([`table`]) and differ only in their words.

use std::fmt::Write as _;

use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::words::{record_text, season_dates, season_name, shown_name};
use crate::game::{PlayerId, Variant};
use crate::rating::PROVISIONAL_GAMES;
use crate::render::{LeaderRow, LeaderboardView};
use crate::session::{Leaderboard, Ranked, SeasonBoard, SeasonLine, Standing};

/// The row of a member who stands in a table at `rank` (highlighted for `asker`).
fn standing_row(lang: Lang, rank: Option<u32>, st: &Standing, asker: PlayerId) -> LeaderRow {
    LeaderRow {
        rank,
        name: shown_name(lang, st.player, &st.name),
        rating: st.rating.shown().to_string(),
        record: record_text(&st.record),
        provisional: st.rating.games < PROVISIONAL_GAMES,
        highlight: st.player == asker,
    }
}

fn leader_row(lang: Lang, r: &Ranked, asker: PlayerId) -> LeaderRow {
    standing_row(lang, r.rank, &r.standing, asker)
}

fn season_row(lang: Lang, place: &SeasonLine, asker: PlayerId) -> LeaderRow {
    match &place.standing {
        Some(st) => standing_row(lang, place.rank, st, asker),
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

/// What a table says around its rows.
struct Words {
    title: String,
    subtitle: String,
    provisional_title: String,
    empty: String,
}

/// A page of a table as a picture view, and its text for screen readers: `alt` words the
/// rows' lines (`1. Ann 1520 (3–1–0); …`) when there are any, else the view's `empty`.
fn table(
    lang: Lang,
    rows: Vec<LeaderRow>,
    you: Option<LeaderRow>,
    words: Words,
    alt: impl FnOnce(String) -> String,
) -> (LeaderboardView, String) {
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
    let view = LeaderboardView {
        title: words.title,
        subtitle: words.subtitle,
        columns: [
            tr!(lang, "board-col-rank"),
            tr!(lang, "board-col-player"),
            tr!(lang, "board-col-rating"),
            tr!(lang, "board-col-record"),
        ],
        rows,
        provisional_title: words.provisional_title,
        you,
        empty: words.empty,
    };
    let alt = if view.rows.is_empty() {
        view.empty.clone()
    } else {
        alt(lines)
    };
    (view, alt)
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
    let rows = board
        .rows
        .iter()
        .map(|r| leader_row(lang, r, asker))
        .collect();
    let you = board.you.as_ref().map(|r| leader_row(lang, r, asker));
    let variant_text = variant_name(lang, variant);
    let (page, pages) = (board.page + 1, board.pages);
    let words = Words {
        title: tr!(lang, "board-title", variant = variant_text.clone()),
        subtitle: tr!(
            lang,
            "board-subtitle",
            server = server.to_owned(),
            page = page,
            pages = pages
        ),
        provisional_title: tr!(lang, "board-provisional"),
        empty: tr!(lang, "board-empty", variant = variant_text.clone()),
    };
    table(lang, rows, you, words, |lines| {
        tr!(
            lang,
            "board-alt",
            variant = variant_text,
            page = page,
            pages = pages,
            lines = lines
        )
    })
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
    let rows = board
        .rows
        .iter()
        .map(|r| season_row(lang, r, asker))
        .collect();
    let you = board.you.as_ref().map(|r| season_row(lang, r, asker));
    let variant_text = variant_name(lang, variant);
    let season = &board.season;
    let name = season_name(lang, season);
    let (page, pages) = (board.page + 1, board.pages);
    let words = Words {
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
            page = page,
            pages = pages
        ),
        provisional_title: tr!(lang, "board-season-provisional", games = PROVISIONAL_GAMES),
        empty: tr!(lang, "board-season-empty", variant = variant_text.clone()),
    };
    table(lang, rows, you, words, |lines| {
        tr!(
            lang,
            "board-season-alt",
            number = season.number,
            season = name,
            variant = variant_text,
            page = page,
            pages = pages,
            lines = lines
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::Record;
    use crate::session::Season;

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
}
