//! Names with emoji and with letters beyond DejaVu Sans: every picture that shows a
//! name draws them from the fallback fonts, and none ever shows the font's
//! missing-glyph box. Glyph shapes are rasterised here straight from the font files
//! with `ab_glyph`, so the expected pixels do not come from the renderer.

use crate::engine::scenes;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, point};
use broadside::game::Variant;
use broadside::render::{LeaderRow, LeaderboardView, Picture, StatsCard, Tile, palette};
use image::RgbaImage;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
static EMOJI: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-subset.ttf");

/// The pixel sizes of the four text styles (small and label, heading, banner): the
/// small style is regular, the others bold.
const SIZES: [(f32, bool); 4] = [(12.0, false), (13.0, true), (16.0, true), (24.0, true)];

fn font(bytes: &'static [u8]) -> FontRef<'static> {
    FontRef::try_from_slice(bytes).expect("bundled font")
}

/// A glyph's shape as the canvas draws it: each pixel of its box with its coverage
/// quantised to fifths (the canvas's `LEVELS`), as offsets from the box's corner.
#[derive(Debug)]
struct Mask {
    what: String,
    w: u32,
    h: u32,
    levels: Vec<u8>,
    /// The pixels checked first: a fully covered one and an untouched one, which
    /// together rule out a plain background at once.
    first: [usize; 2],
}

/// The glyph `id` of `font` at `px` (`ab_glyph`'s scale: the line height in pixels).
fn mask(what: &str, font: &FontRef<'_>, id: GlyphId, px: f32) -> Mask {
    let glyph = id.with_scale_and_position(PxScale::from(px), point(0.0, 0.0));
    let outline = font.outline_glyph(glyph).expect("the glyph has an outline");
    let b = outline.px_bounds();
    #[expect(clippy::cast_sign_loss, reason = "pixel bounds are not negative")]
    let (w, h) = (b.width() as u32, b.height() as u32);
    let mut levels = vec![0u8; (w * h) as usize];
    outline.draw(|x, y, c| {
        if x < w && y < h {
            #[expect(clippy::cast_sign_loss, reason = "coverage is clamped to 0..=1")]
            let level = (c.clamp(0.0, 1.0) * 5.0).round() as u8;
            levels[(y * w + x) as usize] = level;
        }
    });
    let inked = levels.iter().filter(|&&l| l > 0).count();
    assert!(
        inked >= 8 && inked < levels.len(),
        "{what}: {w}×{h}, {inked} inked"
    );
    let covered = levels.iter().position(|&l| l == 5).unwrap_or(0);
    let untouched = levels.iter().position(|&l| l == 0).unwrap_or(0);
    Mask {
        what: what.to_owned(),
        w,
        h,
        levels,
        first: [covered, untouched],
    }
}

/// The missing-glyph box (`.notdef`, glyph 0) of DejaVu Sans in every text style.
fn boxes() -> Vec<Mask> {
    let (regular, bold) = (font(REGULAR), font(BOLD));
    SIZES
        .iter()
        .map(|&(px, is_bold)| {
            let f = if is_bold { &bold } else { &regular };
            mask(&format!("the box at {px} px"), f, GlyphId(0), px)
        })
        .collect()
}

/// An emoji as the fallback font draws it in a bold style of `px`: scaled so that its
/// em is DejaVu Sans' em.
fn emoji(ch: char, px: f32) -> Mask {
    let (e, bold) = (font(EMOJI), font(BOLD));
    let per_em = |f: &FontRef<'_>| f.height_unscaled() / f.units_per_em().expect("upem");
    let id = e.glyph_id(ch);
    assert_ne!(id.0, 0, "the emoji font has {ch}");
    mask(&ch.to_string(), &e, id, px * per_em(&e) / per_em(&bold))
}

/// The picture's colours, row by row, packed for a quick search.
fn packed(img: &RgbaImage) -> Vec<u32> {
    img.pixels()
        .map(|p| u32::from_be_bytes([0, p.0[0], p.0[1], p.0[2]]))
        .collect()
}

/// Whether `m` is drawn with its corner at (`ox`, `oy`) on a plain background: its
/// untouched pixels in one colour, and each coverage level in a colour of its own
/// (the same text colour blended over the same background always gives the same
/// colour), different from the background's.
fn drawn_at(px: &[u32], width: u32, m: &Mask, ox: u32, oy: u32) -> bool {
    let mut colours: [Option<u32>; 6] = [None; 6];
    for i in m.first.into_iter().chain(0..m.levels.len()) {
        let (x, y) = (i as u32 % m.w, i as u32 / m.w);
        let level = usize::from(m.levels[i]);
        let c = px[((oy + y) * width + ox + x) as usize];
        match colours[level] {
            Some(want) if want != c => return false,
            Some(_) => {}
            None if colours.contains(&Some(c)) => return false,
            None => colours[level] = Some(c),
        }
    }
    true
}

/// Every top-left corner where `m` is drawn.
fn find(img: &RgbaImage, m: &Mask) -> Vec<(u32, u32)> {
    let px = packed(img);
    let width = img.width();
    // `drawn_at` first compares the two `first` pixels: being of different levels, they
    // must differ in colour. That one test rules out almost every corner, so it is made
    // here first, as two reads (the search is most of this file's time).
    let [a, b] = m.first.map(|i| i as u32 % m.w + i as u32 / m.w * width);
    let levels_differ = m.levels[m.first[0]] != m.levels[m.first[1]];
    let mut at = Vec::new();
    for oy in 0..=img.height().saturating_sub(m.h) {
        for ox in 0..=img.width().saturating_sub(m.w) {
            let corner = oy * width + ox;
            if levels_differ && px[(corner + a) as usize] == px[(corner + b) as usize] {
                continue;
            }
            if drawn_at(&px, width, m, ox, oy) {
                at.push((ox, oy));
            }
        }
    }
    at
}

/// `img` with `m` drawn at (`ox`, `oy`): white text over the panel colour, a level
/// of coverage at a time.
fn paint(img: &RgbaImage, m: &Mask, (ox, oy): (u32, u32)) -> RgbaImage {
    let mut out = img.clone();
    let (bg, fg) = (palette::PANEL.0, palette::TEXT.0);
    for y in 0..m.h {
        for x in 0..m.w {
            let l = u16::from(m.levels[(y * m.w + x) as usize]);
            let mix = |i: usize| ((u16::from(bg[i]) * (5 - l) + u16::from(fg[i]) * l) / 5) as u8;
            out.put_pixel(ox + x, oy + y, image::Rgba([mix(0), mix(1), mix(2), 255]));
        }
    }
    out
}

fn decode(pic: &Picture) -> RgbaImage {
    let bytes = pic.to_png().expect("encodes");
    image::load_from_memory(&bytes)
        .expect("valid PNG")
        .to_rgba8()
}

/// Names as Discord members write them: emoji alone, in sequences and with
/// selectors, flags, keycaps, skin tones, "fancy" letters, CJK, and characters no
/// bundled font has.
const NAMES: [&str; 12] = [
    "🐙 Kraken",
    "Ann ✨",
    "👨‍👩‍👧 Family",
    "❤️ Love ❤️",
    "🇸🇪 Sven",
    "1️⃣ Number one",
    "👍🏽 Thumbs",
    "🏴‍☠️ Pirate",
    "𝓚𝓻𝓪𝓴𝓮𝓷 Ⓚ 🅺",
    "田中 さくら 김민준",
    "ꕥ Vai ꕥ ᛗᚨᚱᚲ",
    "\u{10FFFD}\u{E000}\u{F8FF}\u{1FFFD} end",
];

fn row(i: usize, name: &str) -> LeaderRow {
    LeaderRow {
        rank: Some(i as u32 + 1),
        name: name.to_owned(),
        rating: "1 600".to_owned(),
        record: "3–1–0".to_owned(),
        provisional: i > 7,
        highlight: i == 1,
    }
}

fn leaderboard(names: &[&str]) -> LeaderboardView {
    LeaderboardView {
        title: "🏆 Leaderboard · Classic".to_owned(),
        subtitle: "🏴‍☠️ The Harbour Tavern 🍺 · page 1 of 1".to_owned(),
        columns: ["#", "Player", "Rating", "W–L–D"].map(str::to_owned),
        rows: names.iter().enumerate().map(|(i, n)| row(i, n)).collect(),
        provisional_title: "Provisional ⏳".to_owned(),
        you: Some(row(11, NAMES[11])),
        empty: "No rated matches 🌊".to_owned(),
    }
}

fn card(name: &str) -> StatsCard {
    let tile = |label: &str, value: &str| Tile {
        label: label.to_owned(),
        value: value.to_owned(),
    };
    StatsCard {
        name: name.to_owned(),
        subtitle: "Classic · 🏴‍☠️ The Harbour Tavern".to_owned(),
        rating: "1 623".to_owned(),
        rating_note: "± 61 · 🔥 on a streak".to_owned(),
        provisional: false,
        trend_title: "Last 20 rated games 📈".to_owned(),
        trend: (0..20)
            .map(|i| 1500.0 + f64::from(i * 7 % 13) * 9.0)
            .collect(),
        trend_empty: String::new(),
        tiles: vec![tile("Wins 🏅", "12"), tile("Best ✨", "29 🎯")],
        computer_title: "Against the computer 🤖".to_owned(),
        computer: vec![tile("Easy 🐣", "3 won · 1 lost")],
        computer_empty: String::new(),
    }
}

/// Every picture kind that shows a name, with emoji names.
fn pictures() -> Vec<(String, RgbaImage)> {
    let r = crate::engine::renderer();
    let labels = broadside::render::Labels::default();
    let mut out = vec![(
        "leaderboard".to_owned(),
        r.leaderboard(&leaderboard(&NAMES[..10])).to_rgba(),
    )];
    for name in NAMES {
        out.push((
            format!("card of {name}"),
            r.stats_card(&card(name)).to_rgba(),
        ));
    }
    for variant in Variant::ALL {
        let end = scenes::finished(variant);
        let reveal = end.reveal().expect("finished");
        let replay = end.replay().expect("finished");
        let step = replay.steps().last().expect("moves");
        let key = variant.key();
        for pair in NAMES.chunks(2) {
            let names = [pair[0].to_owned(), pair[1].to_owned()];
            out.push((
                format!("{key} reveal of {names:?}"),
                r.reveal(&reveal, &names, &labels).to_rgba(),
            ));
            out.push((
                format!("{key} replay frame of {names:?}"),
                r.replay_frame(&replay, &step, &names, &labels, 1).to_rgba(),
            ));
        }
    }
    out
}

#[test]
fn no_picture_draws_the_missing_glyph_box() {
    let boxes = boxes();
    let pictures = pictures();
    // The search finds a box wherever one is drawn: in each picture, painted where
    // the first name's text begins.
    let (_, board) = &pictures[0];
    for b in &boxes {
        let found = find(&paint(board, b, (82, 110)), b);
        assert!(found.contains(&(82, 110)), "{}: found at {found:?}", b.what);
    }
    for (what, img) in &pictures {
        for b in &boxes {
            let found = find(img, b);
            assert!(found.is_empty(), "{what}: {} at {found:?}", b.what);
        }
    }
}

#[test]
fn emoji_in_names_are_drawn_where_the_name_is() {
    let r = crate::engine::renderer();
    // The leaderboard's names are 16 px bold, from x = 82; the first line spans
    // y 104..136, the second 136..168.
    let board = decode(&r.leaderboard(&leaderboard(&NAMES[..2])));
    let octopus = find(&board, &emoji('🐙', 16.0));
    assert_eq!(octopus.len(), 1, "one octopus: {octopus:?}");
    let (x, y) = octopus[0];
    assert!(
        (82..86).contains(&x) && (104..136).contains(&y),
        "at {x},{y}"
    );
    // "Ann ✨": the sparkles after the name, on the second line.
    let sparkles = find(&board, &emoji('✨', 16.0));
    assert_eq!(sparkles.len(), 1, "one ✨: {sparkles:?}");
    let (x, y) = sparkles[0];
    assert!(
        (110..150).contains(&x) && (136..168).contains(&y),
        "at {x},{y}"
    );
    // The card's name is 24 px bold, from x = 16.
    let card = decode(&r.stats_card(&card("🐙 Kraken")));
    let octopus = find(&card, &emoji('🐙', 24.0));
    assert_eq!(octopus.len(), 1, "one octopus on the card: {octopus:?}");
    assert!((16..20).contains(&octopus[0].0), "at {:?}", octopus[0]);
}

/// The smallest box (`x0, y0, x1, y1`, inclusive) of pixels in rows `y0..y1` that
/// differ between `a` and `b`.
fn drawn(a: &RgbaImage, b: &RgbaImage, rows: std::ops::Range<u32>) -> (u32, u32) {
    let xs: Vec<u32> = rows
        .flat_map(|y| (0..a.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| a.get_pixel(x, y) != b.get_pixel(x, y))
        .map(|(x, _)| x)
        .collect();
    (
        *xs.iter().min().expect("something drawn"),
        *xs.iter().max().expect("something drawn"),
    )
}

#[test]
fn names_with_emoji_are_measured_as_they_are_drawn() {
    let r = crate::engine::renderer();
    let labels = broadside::render::Labels::default();
    let end = scenes::finished(Variant::Classic);
    let reveal = end.reveal().expect("finished");
    let names = |a: &str| [a.to_owned(), a.to_owned()];
    // The banner's headline is centred: with emoji (and skipped selectors and
    // joiners) in the name, its ink stays centred on the picture.
    let blank = decode(&r.reveal(&reveal, &names(""), &labels));
    for name in ["🐙🐙🐙 Kraken", "❤️‍🔥 Ann ✨✨", "田中さくら🌸", "𝓚𝓻𝓪𝓴𝓮𝓷 🫠"]
    {
        let img = decode(&r.reveal(&reveal, &names(name), &labels));
        // The headline's line (the reason under it does not change).
        let (x0, x1) = drawn(&blank, &img, 0..48);
        let centre = f64::from(x0 + x1 + 1) / 2.0;
        let mid = f64::from(img.width()) / 2.0;
        assert!(
            (centre - mid).abs() <= 2.0,
            "{name}: centred at {centre}, not {mid}"
        );
    }
    // A long name of emoji is shortened before the rating column, as a long name of
    // letters is.
    let with = |name: &str, rating: &str| {
        let mut view = leaderboard(&[name]);
        view.rows[0].rating = rating.to_owned();
        view.rows[0].record = String::new();
        view.you = None;
        decode(&r.leaderboard(&view))
    };
    let line = 104..136;
    let rating = drawn(&with("", ""), &with("", "99 999"), line.clone());
    for name in ["🐙".repeat(80), "🐙‍".repeat(80), "田".repeat(80)] {
        let name_ink = drawn(&with("", ""), &with(&name, ""), line.clone());
        assert!(
            name_ink.1 + 8 < rating.0,
            "name ends at {}, rating starts at {}",
            name_ink.1,
            rating.0
        );
        // The name's room ends at x = 402.
        assert!(name_ink.1 > 370, "the room is used: {}", name_ink.1);
    }
}
