//! The statistics card and the leaderboard: fixed sizes whatever the content,
//! deterministic bytes, texts kept inside their room, the asking member's line in
//! gold, provisional lines muted, the chart drawn only from finite values, and no
//! input that makes them panic.

use broadside::render::{LeaderRow, LeaderboardView, Picture, Renderer, StatsCard, Tile};
use image::{Rgba, RgbaImage};
use proptest::prelude::*;

fn renderer() -> &'static Renderer {
    crate::engine::renderer()
}

fn tile(label: &str, value: &str) -> Tile {
    Tile {
        label: label.to_owned(),
        value: value.to_owned(),
    }
}

fn card() -> StatsCard {
    StatsCard {
        name: "Ann".to_owned(),
        subtitle: "Classic · rating".to_owned(),
        rating: "1 623".to_owned(),
        rating_note: "± 61".to_owned(),
        provisional: false,
        trend_title: "Last 20 rated games".to_owned(),
        trend: (0..20)
            .map(|i| 1500.0 + f64::from(i * 7 % 13) * 9.0)
            .collect(),
        trend_empty: "No rated games yet".to_owned(),
        tiles: vec![
            tile("Wins", "12"),
            tile("Losses", "3"),
            tile("Draws", "1"),
            tile("Accuracy", "47 %"),
            tile("Average shots to win", "38"),
            tile("Best game", "29"),
            tile("Current streak", "W 4"),
            tile("Best streak", "W 7"),
            tile("Games played", "16"),
        ],
        computer_title: "Against the computer".to_owned(),
        computer: vec![
            tile("Easy", "3 won · 1 lost"),
            tile("Normal", "2 won · 2 lost"),
            tile("Hard", "0 won · 4 lost"),
        ],
        computer_empty: "No games against the computer yet".to_owned(),
    }
}

fn line(i: u32) -> LeaderRow {
    LeaderRow {
        rank: Some(i + 1),
        name: format!("Player {}", i + 1),
        rating: format!("1 {}", 900 - i.min(40) * 20),
        record: format!("{}–{}–{}", 3 * i + 2, i, i % 3),
        provisional: false,
        highlight: false,
    }
}

fn board(rows: u32) -> LeaderboardView {
    LeaderboardView {
        title: "Leaderboard · Classic".to_owned(),
        subtitle: "The Harbour Tavern · page 1 of 1".to_owned(),
        columns: ["#", "Player", "Rating", "W–L–D"].map(str::to_owned),
        rows: (0..rows).map(line).collect(),
        provisional_title: "Provisional (fewer than 5 games)".to_owned(),
        you: None,
        empty: "No rated matches in this server yet".to_owned(),
    }
}

/// The picture through a PNG round trip, as the bot would send it.
fn decode(pic: &Picture) -> RgbaImage {
    let bytes = pic.to_png().expect("encodes");
    let img = image::load_from_memory(&bytes)
        .expect("valid PNG")
        .to_rgba8();
    assert_eq!((img.width(), img.height()), (pic.width(), pic.height()));
    img
}

fn png(pic: &Picture) -> Vec<u8> {
    pic.to_png().expect("encodes")
}

/// The smallest box (`x0, y0, x1, y1`, inclusive) holding every pixel that differs.
fn diff_box(a: &RgbaImage, b: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in a.enumerate_pixels() {
        if p != b.get_pixel(x, y) {
            found = Some(match found {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    found
}

/// Pixels in the box (inclusive) for which `want` holds.
fn count(
    img: &RgbaImage,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    want: fn(Rgba<u8>) -> bool,
) -> usize {
    let mut n = 0;
    for y in y0..=y1 {
        for x in x0..=x1 {
            if want(*img.get_pixel(x, y)) {
                n += 1;
            }
        }
    }
    n
}

fn whole(img: &RgbaImage) -> (u32, u32, u32, u32) {
    (0, 0, img.width() - 1, img.height() - 1)
}

/// Close to the palette's gold (0xF0E442).
fn gold(p: Rgba<u8>) -> bool {
    let [r, g, b, _] = p.0;
    r > 200 && g > 190 && b < 130
}

/// Close to the sky blue of the chart's line (0x56B4E9).
fn sky(p: Rgba<u8>) -> bool {
    let [r, g, b, _] = p.0;
    r < 130 && (150..215).contains(&g) && b > 200
}

/// Bright text (0xF2F5F8), as opposed to the dimmed text of quiet lines.
fn bright(p: Rgba<u8>) -> bool {
    p.0[..3].iter().all(|&c| c > 230)
}

/// The rows (y) holding a pixel for which `want` holds.
fn rows_with(img: &RgbaImage, want: fn(Rgba<u8>) -> bool) -> Vec<u32> {
    (0..img.height())
        .filter(|&y| (0..img.width()).any(|x| want(*img.get_pixel(x, y))))
        .collect()
}

#[test]
fn card_and_board_keep_their_size_whatever_the_content() {
    let r = renderer();
    let full = r.stats_card(&card());
    let size = (full.width(), full.height());
    assert!((640..=720).contains(&size.0), "card width {size:?}");
    let bare = StatsCard {
        name: String::new(),
        subtitle: String::new(),
        rating: String::new(),
        rating_note: String::new(),
        provisional: true,
        trend_title: String::new(),
        trend: Vec::new(),
        trend_empty: String::new(),
        tiles: Vec::new(),
        computer_title: String::new(),
        computer: Vec::new(),
        computer_empty: String::new(),
    };
    let mut crowded = card();
    crowded.tiles = (0..30)
        .map(|i| tile(&"x".repeat(i * 9), &i.to_string()))
        .collect();
    crowded.computer = (0..8).map(|i| tile("Level", &i.to_string())).collect();
    crowded.trend = (0..500).map(f64::from).collect();
    crowded.rating_note = "± 84 · ".repeat(40);
    for c in [bare, crowded] {
        let pic = r.stats_card(&c);
        assert_eq!((pic.width(), pic.height()), size);
    }

    let page = r.leaderboard(&board(10));
    let size = (page.width(), page.height());
    assert!((640..=720).contains(&size.0), "board width {size:?}");
    for rows in [0, 1, 4, 10, 25] {
        for you in [None, Some(line(40))] {
            let view = LeaderboardView { you, ..board(rows) };
            let pic = r.leaderboard(&view);
            assert_eq!((pic.width(), pic.height()), size, "{rows} rows");
        }
    }
}

#[test]
fn same_view_same_bytes() {
    let mut view = board(8);
    view.rows[6].provisional = true;
    view.rows[6].rank = None;
    view.rows[2].highlight = true;
    view.you = Some(line(30));
    let fresh = Renderer::new();
    assert_eq!(
        png(&renderer().stats_card(&card())),
        png(&fresh.stats_card(&card()))
    );
    assert_eq!(
        png(&renderer().stats_card(&card())),
        png(&renderer().stats_card(&card()))
    );
    assert_eq!(
        png(&renderer().leaderboard(&view)),
        png(&fresh.leaderboard(&view))
    );
    // Something else drawn in between changes nothing.
    let mut other = card();
    other.trend = vec![1.0, 1e6, -3.5, 42.0];
    let _ = renderer().stats_card(&other);
    assert_eq!(
        png(&renderer().leaderboard(&view)),
        png(&renderer().leaderboard(&view))
    );
}

#[test]
fn long_names_stay_inside_the_card() {
    let r = renderer();
    let short = decode(&r.stats_card(&StatsCard {
        name: String::new(),
        ..card()
    }));
    for name in [
        "Bjørn Kristoffersen-Vandermeulen".to_owned(),
        "W".repeat(500),
        "Søslagsturneringsmesterskabsranglisteudvalgsformand".repeat(3),
    ] {
        let pic = r.stats_card(&StatsCard {
            name: name.clone(),
            ..card()
        });
        let img = decode(&pic);
        assert_eq!(img.width(), short.width());
        let (x0, _, x1, _) = diff_box(&short, &img).expect("the name is drawn");
        assert!(x0 < 40, "{name}: starts at {x0}");
        // The right margin (14 px) stays clear.
        assert!(x1 < img.width() - 14, "{name}: reaches {x1}");
    }
}

#[test]
fn long_names_on_the_board_stop_before_the_rating() {
    let r = renderer();
    let with = |name: &str, rating: &str| {
        let mut view = board(1);
        view.rows[0].name = name.to_owned();
        view.rows[0].rating = rating.to_owned();
        view.rows[0].record = String::new();
        decode(&r.leaderboard(&view))
    };
    let rating = diff_box(&with("", ""), &with("", "99 999")).expect("rating drawn");
    for name in ["Bjørn Kristoffersen-Vandermeulen", &"M".repeat(300)] {
        let drawn = diff_box(&with("", ""), &with(name, "")).expect("name drawn");
        assert!(
            drawn.2 + 8 < rating.0,
            "name ends at {}, rating starts at {}",
            drawn.2,
            rating.0
        );
    }
}

#[test]
fn only_the_asking_members_line_is_gold() {
    let r = renderer();
    let plain = decode(&r.leaderboard(&board(10)));
    assert_eq!(count(&plain, whole(&plain), gold), 0);
    let mut last_centre = 0;
    for k in 0..10 {
        let mut view = board(10);
        view.rows[k].highlight = true;
        let img = decode(&r.leaderboard(&view));
        let ys = rows_with(&img, gold);
        let (top, bottom) = (ys[0], ys[ys.len() - 1]);
        assert!(bottom - top < 40, "line {k}: gold from {top} to {bottom}");
        let centre = u32::midpoint(top, bottom);
        assert!(
            centre > last_centre,
            "line {k} is below line {}",
            k.max(1) - 1
        );
        last_centre = centre;
        assert!(
            count(&img, whole(&img), gold) > 60,
            "line {k}: a visible accent"
        );
    }
    // The asking member's own line under the table: gold below every table line.
    let mut view = board(10);
    let mut you = line(41);
    you.highlight = true;
    view.you = Some(you);
    let img = decode(&r.leaderboard(&view));
    let ys = rows_with(&img, gold);
    assert!(
        ys[0] > last_centre + 20,
        "the own line lies under the table"
    );
}

#[test]
fn provisional_lines_are_muted() {
    let r = renderer();
    let established = board(3);
    let mut provisional = board(3);
    provisional.rows[2].provisional = true;
    provisional.rows[2].rank = None;
    let (a, b) = (
        decode(&r.leaderboard(&established)),
        decode(&r.leaderboard(&provisional)),
    );
    let changed = diff_box(&a, &b).expect("provisional lines look different");
    assert!(
        count(&b, changed, bright) < count(&a, changed, bright) / 2,
        "the provisional line's text is dimmed"
    );
    // The same holds with the rank kept: the flag alone mutes the line.
    let mut flagged = board(3);
    flagged.rows[2].provisional = true;
    let c = decode(&r.leaderboard(&flagged));
    assert!(count(&c, whole(&c), bright) < count(&a, whole(&a), bright));

    let settled = decode(&r.stats_card(&card()));
    let unsettled = decode(&r.stats_card(&StatsCard {
        provisional: true,
        ..card()
    }));
    let changed = diff_box(&settled, &unsettled).expect("a provisional rating looks different");
    assert!(count(&unsettled, changed, bright) < count(&settled, changed, bright));
}

#[test]
fn provisional_heading_only_above_provisional_lines() {
    let r = renderer();
    let retitled = |mut v: LeaderboardView| {
        let a = png(&r.leaderboard(&v));
        v.provisional_title = "Something else entirely".to_owned();
        (a, png(&r.leaderboard(&v)))
    };
    let (a, b) = retitled(board(6));
    assert_eq!(a, b, "no provisional line, no heading");
    let mut mixed = board(6);
    for row in &mut mixed.rows[4..] {
        row.provisional = true;
        row.rank = None;
    }
    let (a, b) = retitled(mixed);
    assert_ne!(a, b, "the heading is drawn");
}

#[test]
fn an_empty_trend_draws_no_line() {
    let r = renderer();
    let with = |trend: Vec<f64>| r.stats_card(&StatsCard { trend, ..card() });
    let line = decode(&with(card().trend));
    let empty = decode(&with(Vec::new()));
    let chart = diff_box(&line, &empty).expect("the chart differs");
    assert!(count(&line, chart, sky) > 100, "the line is drawn");
    assert_eq!(count(&empty, chart, sky), 0, "no line without points");
    // One point, or one finite value among others, is no line either: the card
    // shows the empty-chart text exactly as for no points.
    let empty_png = png(&with(Vec::new()));
    assert_eq!(png(&with(vec![1500.0])), empty_png);
    assert_eq!(png(&with(vec![f64::NAN, 1500.0, f64::INFINITY])), empty_png);
    // The empty-chart text is drawn.
    let unlabelled = decode(&r.stats_card(&StatsCard {
        trend: Vec::new(),
        trend_empty: String::new(),
        ..card()
    }));
    assert!(diff_box(&empty, &unlabelled).is_some());
}

#[test]
fn odd_numbers_in_the_trend_are_skipped() {
    let r = renderer();
    let size = {
        let p = r.stats_card(&card());
        (p.width(), p.height())
    };
    for trend in [
        vec![
            f64::NAN,
            1500.0,
            f64::INFINITY,
            1510.0,
            f64::NEG_INFINITY,
            1490.0,
        ],
        vec![f64::MAX, f64::MIN, f64::MAX],
        vec![-0.0, 0.0, 1e-300, -1e-300],
        vec![f64::NAN; 30],
        vec![1550.0; 21],
    ] {
        let pic = r.stats_card(&StatsCard {
            trend: trend.clone(),
            ..card()
        });
        assert_eq!((pic.width(), pic.height()), size, "{trend:?}");
        let _ = decode(&pic);
    }
    // NaN and infinities are left out, the finite values drawn as they are.
    let finite = png(&r.stats_card(&StatsCard {
        trend: vec![1500.0, 1510.0, 1490.0],
        ..card()
    }));
    let mixed = png(&r.stats_card(&StatsCard {
        trend: vec![
            f64::NAN,
            1500.0,
            f64::INFINITY,
            1510.0,
            f64::NEG_INFINITY,
            1490.0,
        ],
        ..card()
    }));
    assert_eq!(finite, mixed);
    // The widest span still gives a line.
    let wide = decode(&r.stats_card(&StatsCard {
        trend: vec![f64::MAX, f64::MIN, f64::MAX],
        ..card()
    }));
    assert!(count(&wide, whole(&wide), sky) > 100);
}

#[test]
fn lists_are_capped_to_their_newest_or_first_items() {
    let r = renderer();
    let long: Vec<f64> = (0..40)
        .map(|i| 1400.0 + f64::from(i * 17 % 23) * 5.0)
        .collect();
    let a = r.stats_card(&StatsCard {
        trend: long.clone(),
        ..card()
    });
    let b = r.stats_card(&StatsCard {
        trend: long[40 - 21..].to_vec(),
        ..card()
    });
    assert_eq!(png(&a), png(&b), "the newest 21 points");

    let mut many = card();
    many.tiles
        .extend((0..5).map(|i| tile("More", &i.to_string())));
    many.computer.push(tile("Impossible", "0 won · 9 lost"));
    assert_eq!(png(&r.stats_card(&many)), png(&r.stats_card(&card())));

    let mut long_page = board(10);
    long_page.rows.extend((10..14).map(line));
    assert_eq!(
        png(&r.leaderboard(&long_page)),
        png(&r.leaderboard(&board(10)))
    );
}

#[test]
fn no_lines_shows_the_empty_text() {
    let r = renderer();
    let with = |rows: u32, empty: &str| {
        r.leaderboard(&LeaderboardView {
            empty: empty.to_owned(),
            ..board(rows)
        })
    };
    let shown = decode(&with(0, "No rated matches in this server yet"));
    let blank = decode(&with(0, ""));
    let (x0, _, x1, _) = diff_box(&shown, &blank).expect("the empty text is drawn");
    // Centred: about as far from the left edge as from the right.
    let (left, right) = (x0, shown.width() - 1 - x1);
    assert!(left.abs_diff(right) < 8, "left {left}, right {right}");
    // With lines, the empty text is not drawn.
    assert_eq!(png(&with(3, "anything")), png(&with(3, "")));
}

#[test]
fn games_against_the_computer_or_the_empty_text() {
    let r = renderer();
    let with = |computer: Vec<Tile>, empty: &str| {
        png(&r.stats_card(&StatsCard {
            computer,
            computer_empty: empty.to_owned(),
            ..card()
        }))
    };
    assert_ne!(with(Vec::new(), "Nothing yet"), with(Vec::new(), ""));
    assert_eq!(
        with(card().computer, "Nothing yet"),
        with(card().computer, "")
    );
}

#[test]
fn pictures_decode_as_png() {
    let r = renderer();
    let mut view = board(10);
    view.rows[3].highlight = true;
    for pic in [r.stats_card(&card()), r.leaderboard(&view)] {
        let img = decode(&pic);
        assert_eq!(img, pic.to_rgba());
        assert!(img.pixels().all(|p| p.0[3] == 255), "opaque");
    }
}

#[test]
fn odd_unicode_never_panics() {
    let r = renderer();
    let odd = [
        "🐙 Kraken",
        "👨‍👩‍👧‍👦❤️‍🔥",
        "山田太郎",
        "محمد بن سلمان",
        "Zoe\u{308}",
        "\u{202E}desrever\u{202C}",
        "a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
        "\u{200B}\u{200B}\u{200B}",
        "tab\tnew\nline\r\0nul",
        "\u{FDFD}\u{FDFD}\u{FDFD}",
        "\u{10FFFF}\u{E000}",
    ];
    let size = {
        let p = r.stats_card(&card());
        (p.width(), p.height())
    };
    for s in odd {
        let mut c = card();
        c.name = s.repeat(20);
        c.rating = s.to_owned();
        c.rating_note = format!("{s} · {s} {s} · {s}");
        c.tiles[0] = tile(s, s);
        c.computer[0] = tile(s, s);
        let pic = r.stats_card(&c);
        assert_eq!((pic.width(), pic.height()), size);
        let mut view = board(10);
        view.rows[0].name = s.repeat(40);
        view.rows[1].record = s.to_owned();
        view.columns[1] = s.to_owned();
        view.title = s.to_owned();
        let _ = decode(&r.leaderboard(&view));
    }
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => ".{0,24}",
        2 => any::<String>(),
        1 => "[\\PC]{0,400}",
        1 => ("[a-zåøæ ]{1,3}", 50usize..900).prop_map(|(s, n)| s.repeat(n)),
    ]
}

fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 1000.0..2500.0f64,
        1 => any::<f64>(),
        1 => Just(f64::NAN),
    ]
}

prop_compose! {
    fn tiles(max: usize)(items in prop::collection::vec((text(), text()), 0..max)) -> Vec<Tile> {
        items.into_iter().map(|(label, value)| Tile { label, value }).collect()
    }
}

prop_compose! {
    fn any_card()(
        texts in prop::collection::vec(text(), 8),
        provisional in any::<bool>(),
        trend in prop::collection::vec(value(), 0..40),
        tiles in tiles(14),
        computer in tiles(6),
    ) -> StatsCard {
        let [name, subtitle, rating, rating_note, trend_title, trend_empty, computer_title, computer_empty] =
            <[String; 8]>::try_from(texts).expect("eight texts");
        StatsCard {
            name, subtitle, rating, rating_note, provisional, trend_title, trend, trend_empty,
            tiles, computer_title, computer, computer_empty,
        }
    }
}

prop_compose! {
    fn any_row()(
        rank in prop::option::of(any::<u32>()),
        name in text(),
        rating in text(),
        record in text(),
        provisional in any::<bool>(),
        highlight in any::<bool>(),
    ) -> LeaderRow {
        LeaderRow { rank, name, rating, record, provisional, highlight }
    }
}

prop_compose! {
    fn any_board()(
        texts in prop::collection::vec(text(), 8),
        rows in prop::collection::vec(any_row(), 0..14),
        you in prop::option::of(any_row()),
    ) -> LeaderboardView {
        let [title, subtitle, a, b, c, d, provisional_title, empty] =
            <[String; 8]>::try_from(texts).expect("eight texts");
        LeaderboardView { title, subtitle, columns: [a, b, c, d], rows, provisional_title, you, empty }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_card_draws_at_its_size(card in any_card()) {
        let reference = renderer().stats_card(&self::card());
        let pic = renderer().stats_card(&card);
        prop_assert_eq!((pic.width(), pic.height()), (reference.width(), reference.height()));
        prop_assert!(pic.to_png().is_ok());
    }

    #[test]
    fn any_board_draws_at_its_size(view in any_board()) {
        let reference = renderer().leaderboard(&board(10));
        let pic = renderer().leaderboard(&view);
        prop_assert_eq!((pic.width(), pic.height()), (reference.width(), reference.height()));
        prop_assert!(pic.to_png().is_ok());
    }
}
