//! Statistics pictures: a member's card for one rule set and a page of a server's
//! leaderboard.
//!
//! Every word arrives already localised and formatted in the views; these functions
//! only lay it out. Both pictures have a fixed size whatever their content, so a card
//! or a page never changes shape from one request to the next. Lists are capped
//! ([`MAX_TILES`], [`MAX_COMPUTER`], [`MAX_TREND`], [`MAX_ROWS`]) and every text is
//! shortened with an ellipsis to its room, so no input can make them grow or panic.

use super::canvas::{Canvas, P};
use super::palette::{self, Rgb};
use super::text::{Fonts, Style};
use super::{PAD, Picture, Renderer};

/// One labelled figure on a statistics card, e.g. ("Wins", "12").
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// What the figure is ("Wins").
    pub label: String,
    /// The figure, formatted ("12").
    pub value: String,
}

/// A member's statistics for one rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsCard {
    /// The member's display name (shortened to fit).
    pub name: String,
    /// The line under the name, e.g. "Classic · rating".
    pub subtitle: String,
    /// The rating, formatted, e.g. "1 623".
    pub rating: String,
    /// The line under the rating, e.g. "± 84 · provisional (3 of 5 games)"; may be empty.
    pub rating_note: String,
    /// The rating is not settled yet: it is drawn muted, with a dashed marker.
    pub provisional: bool,
    /// The heading of the chart, e.g. "Last 20 rated games".
    pub trend_title: String,
    /// The rating after each of the last rated games, oldest first. Only the last
    /// [`MAX_TREND`] finite values are drawn.
    pub trend: Vec<f64>,
    /// Shown in the chart when fewer than two finite values are known.
    pub trend_empty: String,
    /// Figures laid out three to a row; at most [`MAX_TILES`] are drawn.
    pub tiles: Vec<Tile>,
    /// The heading of the games against the computer, e.g. "Against the computer".
    pub computer_title: String,
    /// One line per computer level ("Easy", "3 won · 1 lost"); at most [`MAX_COMPUTER`].
    pub computer: Vec<Tile>,
    /// Shown instead of the lines when `computer` is empty.
    pub computer_empty: String,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    /// The place on the board; `None` for a provisional player (listed apart, unranked).
    pub rank: Option<u32>,
    /// The member's display name (shortened to fit).
    pub name: String,
    /// The rating, formatted, e.g. "1 623".
    pub rating: String,
    /// Wins, losses and draws, formatted, e.g. "12–3–1".
    pub record: String,
    /// The rating is not settled yet: the line is drawn muted.
    pub provisional: bool,
    /// The member who asked: the line is drawn with a gold accent.
    pub highlight: bool,
}

/// A page of a server's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardView {
    /// The heading, e.g. "Leaderboard · Classic".
    pub title: String,
    /// The line under the heading, e.g. the server's name and "page 2 of 5".
    pub subtitle: String,
    /// Column headings: rank, player, rating, record.
    pub columns: [String; 4],
    /// The lines of the page, ranked ones first, then provisional ones; at most
    /// [`MAX_ROWS`] are drawn.
    pub rows: Vec<LeaderRow>,
    /// Drawn once, just above the first provisional line of the page.
    pub provisional_title: String,
    /// The asking member's own line when it is not among `rows`, drawn under a rule.
    pub you: Option<LeaderRow>,
    /// Shown when `rows` is empty.
    pub empty: String,
}

/// Figures drawn on a card at most (three rows of three).
pub const MAX_TILES: usize = 9;
/// Lines about games against the computer drawn at most.
pub const MAX_COMPUTER: usize = 3;
/// Points of the rating chart drawn at most (the newest ones).
pub const MAX_TREND: usize = 21;
/// Lines of a leaderboard page drawn at most.
pub const MAX_ROWS: usize = 10;

/// Width of both pictures.
const W: u32 = 680;
/// Room between the margins.
const INNER: u32 = W - 2 * PAD;
/// Space between panels.
const GAP: u32 = 12;
/// Corner radius of panels.
const RADIUS: f32 = 7.0;
/// Characters of a text looked at before shortening it: a line is at most about
/// 650 pixels and no glyph that takes room is narrower than 3, so anything after
/// these could never be drawn (and measuring it would only cost time).
const MAX_CHARS: usize = 240;

/// Top of the panels under the heading and its subtitle.
const BODY: u32 = 74;

// The card: the rating and the chart side by side, then the figures, then the games
// against the computer.
const TOP_H: u32 = 128;
const RATING_W: u32 = 214;
const TILES_Y: u32 = BODY + TOP_H + GAP;
const TILE_W: u32 = (INNER - 2 * TILE_GAP) / 3;
const TILE_H: u32 = 56;
const TILE_GAP: u32 = 11;
const COMPUTER_Y: u32 = TILES_Y + 3 * TILE_H + 2 * TILE_GAP + GAP;
const COMPUTER_ROW: u32 = 28;
const COMPUTER_H: u32 = 38 + MAX_COMPUTER as u32 * COMPUTER_ROW + 8;
const CARD_H: u32 = COMPUTER_Y + COMPUTER_H + PAD;

// The leaderboard: a header line, ten lines and the provisional heading, then the rule
// and the asking member's line.
const TABLE_HEAD: u32 = 30;
const ROW_H: u32 = 32;
const SECTION_H: u32 = 30;
const TABLE_H: u32 = TABLE_HEAD + MAX_ROWS as u32 * ROW_H + SECTION_H + 6;
const YOU_Y: u32 = BODY + TABLE_H + 17;
const BOARD_H: u32 = YOU_Y + ROW_H + PAD;

/// Columns of the leaderboard, from the left edge of the picture.
const RANK_RIGHT: f32 = (PAD + 52) as f32;
const RANK_W: f32 = 42.0;
const NAME_X: f32 = (PAD + 68) as f32;
const RECORD_RIGHT: f32 = (W - PAD - 16) as f32;
const RECORD_W: f32 = 112.0;
const RATING_RIGHT: f32 = RECORD_RIGHT - RECORD_W - 22.0;
const RATING_COL_W: f32 = 96.0;
const NAME_W: f32 = RATING_RIGHT - RATING_COL_W - 18.0 - NAME_X;

/// Quiet lines inside panels: guides of the chart, rules between lines.
const RULE: Rgb = Rgb::hex(0x3C_4250);
/// Alternate lines of the leaderboard and empty tiles.
const STRIPE: Rgb = Rgb::hex(0x25_2933);
/// The shading of the asking member's line.
const HIGHLIGHT: Rgb = Rgb::hex(0x3A_3A2E);
/// The shading under the rating line.
const AREA: Rgb = Rgb::hex(0x2B_3A4A);

impl Renderer {
    /// A member's statistics card: name, rating, the rating over the last games,
    /// up to nine figures and the games against the computer. Always 680 × 560
    /// pixels, whatever the card holds.
    #[must_use]
    pub fn stats_card(&self, card: &StatsCard) -> Picture {
        let fonts = self.fonts();
        let mut canvas = Canvas::new(W, CARD_H, palette::BACKGROUND);
        title(&mut canvas, fonts, &card.name, &card.subtitle);
        rating_panel(&mut canvas, fonts, card);
        let chart_x = PAD + RATING_W + GAP;
        trend_panel(
            &mut canvas,
            fonts,
            (chart_x, BODY, W - PAD - chart_x, TOP_H),
            card,
        );
        tiles(&mut canvas, fonts, &card.tiles);
        computer_panel(&mut canvas, fonts, card);
        Picture {
            canvas,
            grids: Vec::new(),
        }
    }

    /// A page of a leaderboard: up to ten lines with rank, name, rating and record,
    /// provisional players apart under their heading, and the asking member's own
    /// line under a rule. Always 680 × 523 pixels, however many lines the page has.
    #[must_use]
    pub fn leaderboard(&self, view: &LeaderboardView) -> Picture {
        let fonts = self.fonts();
        let mut canvas = Canvas::new(W, BOARD_H, palette::BACKGROUND);
        title(&mut canvas, fonts, &view.title, &view.subtitle);
        table(&mut canvas, fonts, view);
        if let Some(you) = &view.you {
            let y = YOU_Y as f32 - 9.0;
            dashes(&mut canvas, PAD as f32, (W - PAD) as f32, y, RULE);
            row(&mut canvas, fonts, you, YOU_Y, None);
        }
        Picture {
            canvas,
            grids: Vec::new(),
        }
    }
}

/// The big heading and its subtitle at the top of a picture.
fn title(canvas: &mut Canvas, fonts: &Fonts, heading: &str, subtitle: &str) {
    let base = PAD as f32 + fonts.cap_height(Style::Banner) + 4.0;
    let heading = fit(fonts, Style::Banner, heading, INNER as f32);
    let x = PAD as f32 + 2.0;
    fonts.draw(canvas, Style::Banner, &heading, x, base, palette::TEXT);
    let subtitle = fit(fonts, Style::Label, subtitle, INNER as f32);
    fonts.draw(
        canvas,
        Style::Label,
        &subtitle,
        x,
        base + 23.0,
        palette::TEXT_DIM,
    );
}

/// The rating with its note, in the panel at the left under the heading.
fn rating_panel(canvas: &mut Canvas, fonts: &Fonts, card: &StatsCard) {
    let (x, y, w, h) = (PAD as f32, BODY as f32, RATING_W as f32, TOP_H as f32);
    canvas.rounded_rect(x, y, w, h, RADIUS, palette::PANEL);
    let text_x = x + 26.0;
    let room = x + w - 14.0 - text_x;
    let notes = wrap(fonts, Style::Label, &card.rating_note, room, 3);
    // The figure and the note lines, centred as one block.
    let cap = fonts.cap_height(Style::Banner);
    let line = 18.0;
    let block = cap + if notes.is_empty() { 0.0 } else { 14.0 } + line * notes.len() as f32;
    let top = (y + (h - block) / 2.0).round();
    let base = top + cap;
    let colour = if card.provisional {
        palette::TEXT_DIM
    } else {
        palette::TEXT
    };
    let figure = fit(fonts, Style::Banner, &card.rating, room);
    fonts.draw(canvas, Style::Banner, &figure, text_x, base, colour);
    // The marker beside the block: solid for a settled rating, dashed for a
    // provisional one (so the difference is not told by colour alone).
    let (bar_top, bar_bottom) = (top - 2.0, top + block + 2.0);
    let bar_x = x + 13.0;
    if card.provisional {
        let mut t = bar_top;
        while t < bar_bottom {
            let end = (t + 5.0).min(bar_bottom);
            canvas.rounded_rect(bar_x, t, 4.0, end - t, 1.5, palette::TEXT_DIM);
            t += 9.0;
        }
    } else {
        canvas.rounded_rect(
            bar_x,
            bar_top,
            4.0,
            bar_bottom - bar_top,
            2.0,
            palette::SPLASH,
        );
    }
    let mut note_base = base + 14.0 + line - 4.0;
    for note in &notes {
        fonts.draw(
            canvas,
            Style::Label,
            note,
            text_x,
            note_base,
            palette::TEXT_DIM,
        );
        note_base += line;
    }
}

/// The finite values of `trend`, the newest [`MAX_TREND`] of them.
fn trend_points(trend: &[f64]) -> Vec<f64> {
    let finite: Vec<f64> = trend.iter().copied().filter(|v| v.is_finite()).collect();
    finite[finite.len().saturating_sub(MAX_TREND)..].to_vec()
}

/// A rating of the chart as a whole number.
fn whole(v: f64) -> String {
    let v = v.round();
    if v == 0.0 {
        // No "-0".
        "0".to_owned()
    } else {
        format!("{v:.0}")
    }
}

/// The rating over the last games: a line through the points, the newest one
/// marked, the lowest and highest value at the left.
fn trend_panel(
    canvas: &mut Canvas,
    fonts: &Fonts,
    (x, y, w, h): (u32, u32, u32, u32),
    card: &StatsCard,
) {
    let (x, y, w, h) = (x as f32, y as f32, w as f32, h as f32);
    canvas.rounded_rect(x, y, w, h, RADIUS, palette::PANEL);
    let heading = fit(fonts, Style::Label, &card.trend_title, w - 28.0);
    fonts.draw(
        canvas,
        Style::Label,
        &heading,
        x + 14.0,
        y + 24.0,
        palette::TEXT_DIM,
    );
    let (top, bottom) = (y + 46.0, y + h - 18.0);
    let points = trend_points(&card.trend);
    if points.len() < 2 {
        let text = fit(fonts, Style::Label, &card.trend_empty, w - 28.0);
        fonts.draw_centred(
            canvas,
            Style::Label,
            &text,
            x + w / 2.0,
            f32::midpoint(top, bottom),
            palette::TEXT_DIM,
        );
        return;
    }
    // Halves, so that the span of any two finite values is finite too.
    let lo = points.iter().copied().fold(f64::INFINITY, f64::min) / 2.0;
    let hi = points.iter().copied().fold(f64::NEG_INFINITY, f64::max) / 2.0;
    let span = hi - lo;
    let flat = span < 0.5;
    let labels: Vec<(String, f32)> = if flat {
        vec![(whole(points[0]), f32::midpoint(top, bottom))]
    } else {
        vec![(whole(hi * 2.0), top), (whole(lo * 2.0), bottom)]
    };
    let label_w = labels
        .iter()
        .map(|(s, _)| fonts.width(Style::Small, s))
        .fold(0.0, f32::max)
        .min(72.0);
    let left = x + 14.0 + label_w + 12.0;
    let right = x + w - 20.0;
    for (text, at) in &labels {
        let text = fit(fonts, Style::Small, text, label_w);
        let tw = fonts.width(Style::Small, &text);
        let base = at + fonts.cap_height(Style::Small) / 2.0;
        fonts.draw(
            canvas,
            Style::Small,
            &text,
            left - 12.0 - tw,
            base,
            palette::TEXT_DIM,
        );
        canvas.fill_rect(
            (left - 4.0) as i32,
            at.round() as i32,
            (right - left + 8.0) as i32,
            1,
            RULE,
        );
    }
    let step = (right - left) / (points.len() - 1) as f32;
    let at: Vec<P> = points
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let t = if flat { 0.5 } else { (v / 2.0 - lo) / span };
            P(left + step * i as f32, bottom - t as f32 * (bottom - top))
        })
        .collect();
    // Shade under a rising or falling line, a pixel column at a time; the line covers
    // the ragged top. (Under a flat line it would only be a grey block.)
    let shaded = if flat { 0 } else { right.floor() as i32 + 1 };
    for px in left.ceil() as i32..shaded {
        let fx = px as f32 + 0.5;
        let i = (((fx - left) / step) as usize).min(at.len() - 2);
        let (a, b) = (at[i], at[i + 1]);
        let t = ((fx - a.0) / (b.0 - a.0)).clamp(0.0, 1.0);
        let ly = a.1 + (b.1 - a.1) * t;
        canvas.fill_rect(px, ly.round() as i32, 1, (bottom - ly).round() as i32, AREA);
    }
    for pair in at.windows(2) {
        canvas.line(pair[0], pair[1], 2.2, palette::SPLASH);
    }
    let (last, rest) = at.split_last().unwrap_or((&at[0], &[]));
    for &p in rest {
        canvas.disc(p, 2.6, palette::SPLASH);
    }
    canvas.disc(*last, 6.0, palette::PANEL);
    canvas.disc(*last, 4.6, palette::SPLASH);
    canvas.disc(*last, 2.0, palette::TEXT);
}

/// Up to nine figures, three to a row; the places of missing ones are left as
/// quiet empty tiles so the grid keeps its shape.
fn tiles(canvas: &mut Canvas, fonts: &Fonts, tiles: &[Tile]) {
    for i in 0..MAX_TILES {
        let (col, row) = ((i % 3) as u32, (i / 3) as u32);
        let x = (PAD + col * (TILE_W + TILE_GAP)) as f32;
        let y = (TILES_Y + row * (TILE_H + TILE_GAP)) as f32;
        let (w, h) = (TILE_W as f32, TILE_H as f32);
        let Some(tile) = tiles.get(i) else {
            canvas.rounded_rect(x, y, w, h, RADIUS, STRIPE);
            continue;
        };
        canvas.rounded_rect(x, y, w, h, RADIUS, palette::PANEL);
        let room = w - 28.0;
        let label = fit(fonts, Style::Small, &tile.label, room);
        fonts.draw(
            canvas,
            Style::Small,
            &label,
            x + 14.0,
            y + 21.0,
            palette::TEXT_DIM,
        );
        let value = fit(fonts, Style::Heading, &tile.value, room);
        fonts.draw(
            canvas,
            Style::Heading,
            &value,
            x + 14.0,
            y + 43.0,
            palette::TEXT,
        );
    }
}

/// The games against the computer: one line per level, or a quiet sentence.
fn computer_panel(canvas: &mut Canvas, fonts: &Fonts, card: &StatsCard) {
    let (x, y, w, h) = (
        PAD as f32,
        COMPUTER_Y as f32,
        INNER as f32,
        COMPUTER_H as f32,
    );
    canvas.rounded_rect(x, y, w, h, RADIUS, palette::PANEL);
    let heading = fit(fonts, Style::Label, &card.computer_title, w - 28.0);
    fonts.draw(
        canvas,
        Style::Label,
        &heading,
        x + 14.0,
        y + 24.0,
        palette::TEXT_DIM,
    );
    let top = y + 38.0;
    let lines = &card.computer[..card.computer.len().min(MAX_COMPUTER)];
    if lines.is_empty() {
        let text = fit(fonts, Style::Label, &card.computer_empty, w - 28.0);
        let mid = top + (MAX_COMPUTER as u32 * COMPUTER_ROW) as f32 / 2.0;
        fonts.draw_centred(
            canvas,
            Style::Label,
            &text,
            x + w / 2.0,
            mid,
            palette::TEXT_DIM,
        );
        return;
    }
    // The levels in a column as wide as the widest of them (within reason), the
    // results after it.
    let label_w = lines
        .iter()
        .map(|t| fonts.width(Style::Label, &clean(&t.label).0))
        .fold(0.0, f32::max)
        .min(w * 0.4);
    let value_x = x + 14.0 + label_w + 24.0;
    for (i, line) in lines.iter().enumerate() {
        let ry = top + (i as u32 * COMPUTER_ROW) as f32;
        canvas.fill_rect((x + 14.0) as i32, ry as i32, (w - 28.0) as i32, 1, RULE);
        let base = ry + COMPUTER_ROW as f32 / 2.0 + fonts.cap_height(Style::Label) / 2.0;
        let label = fit(fonts, Style::Label, &line.label, label_w);
        fonts.draw(canvas, Style::Label, &label, x + 14.0, base, palette::TEXT);
        let value = fit(fonts, Style::Label, &line.value, x + w - 14.0 - value_x);
        fonts.draw(
            canvas,
            Style::Label,
            &value,
            value_x,
            base,
            palette::TEXT_DIM,
        );
    }
}

/// The leaderboard's table: column headings, the lines and the provisional heading.
fn table(canvas: &mut Canvas, fonts: &Fonts, view: &LeaderboardView) {
    let (x, y, w) = (PAD as f32, BODY as f32, INNER as f32);
    canvas.rounded_rect(x, y, w, TABLE_H as f32, RADIUS, palette::PANEL);
    let base = y + TABLE_HEAD as f32 / 2.0 + fonts.cap_height(Style::Small) / 2.0 + 1.0;
    let [rank, player, rating, record] = &view.columns;
    let dim = palette::TEXT_DIM;
    right_text(
        canvas,
        fonts,
        Style::Small,
        rank,
        (RANK_RIGHT, RANK_W),
        base,
        dim,
    );
    let player = fit(fonts, Style::Small, player, NAME_W);
    fonts.draw(canvas, Style::Small, &player, NAME_X, base, dim);
    right_text(
        canvas,
        fonts,
        Style::Small,
        rating,
        (RATING_RIGHT, RATING_COL_W),
        base,
        dim,
    );
    right_text(
        canvas,
        fonts,
        Style::Small,
        record,
        (RECORD_RIGHT, RECORD_W),
        base,
        dim,
    );
    let body = BODY + TABLE_HEAD;
    canvas.fill_rect(PAD as i32, body as i32 - 1, INNER as i32, 1, RULE);
    let rows = &view.rows[..view.rows.len().min(MAX_ROWS)];
    if rows.is_empty() {
        let text = fit(fonts, Style::Heading, &view.empty, w - 40.0);
        let mid = body as f32 + (TABLE_H - TABLE_HEAD) as f32 / 2.0;
        fonts.draw_centred(canvas, Style::Heading, &text, x + w / 2.0, mid, dim);
        return;
    }
    let mut top = body;
    let mut section = false;
    for (i, r) in rows.iter().enumerate() {
        if r.provisional && !section {
            section = true;
            let text = fit(fonts, Style::Small, &view.provisional_title, w - 60.0);
            let tb = top as f32 + SECTION_H as f32 / 2.0 + 8.0;
            fonts.draw(canvas, Style::Small, &text, x + 16.0, tb, dim);
            let after = x + 16.0 + fonts.width(Style::Small, &text) + 10.0;
            let mid = tb - fonts.cap_height(Style::Small) / 2.0;
            dashes(canvas, after, x + w - 16.0, mid.round(), RULE);
            top += SECTION_H;
        }
        row(canvas, fonts, r, top, Some(i));
        top += ROW_H;
    }
}

/// One line of the leaderboard with its top at `top`; `stripe` is its place in the
/// table (odd places are shaded), `None` for the asking member's line under it.
fn row(canvas: &mut Canvas, fonts: &Fonts, r: &LeaderRow, top: u32, stripe: Option<usize>) {
    let (x, w) = (PAD as f32, INNER as f32);
    let (y, h) = (top as f32, ROW_H as f32);
    let shade = if r.highlight { HIGHLIGHT } else { STRIPE };
    match stripe {
        // The asking member's own line stands alone, as a panel of its own.
        None => canvas.rounded_rect(
            x,
            y,
            w,
            h,
            RADIUS,
            if r.highlight {
                HIGHLIGHT
            } else {
                palette::PANEL
            },
        ),
        Some(i) if r.highlight || i % 2 == 1 => {
            canvas.fill_rect(x as i32, top as i32, w as i32, ROW_H as i32, shade);
        }
        Some(_) => {}
    }
    if r.highlight {
        canvas.rounded_rect(x + 4.0, y + 6.0, 4.0, h - 12.0, 2.0, palette::GOLD);
    }
    let base = y + h / 2.0 + fonts.cap_height(Style::Heading) / 2.0;
    // Provisional lines are muted; the asking member's name is gold either way.
    let figures = if r.provisional {
        palette::TEXT_DIM
    } else {
        palette::TEXT
    };
    let name_colour = if r.highlight { palette::GOLD } else { figures };
    if let Some(rank) = r.rank {
        let place = (RANK_RIGHT, RANK_W);
        let rank = rank.to_string();
        right_text(
            canvas,
            fonts,
            Style::Label,
            &rank,
            place,
            base - 1.0,
            figures,
        );
    } else {
        // Unranked: a small open ring where the place would be.
        let cy = base - fonts.cap_height(Style::Heading) / 2.0;
        canvas.ring(P(RANK_RIGHT - 5.0, cy), 3.5, 1.5, palette::TEXT_DIM);
    }
    let name = fit(fonts, Style::Heading, &r.name, NAME_W);
    fonts.draw(canvas, Style::Heading, &name, NAME_X, base, name_colour);
    let rating = (RATING_RIGHT, RATING_COL_W);
    right_text(
        canvas,
        fonts,
        Style::Heading,
        &r.rating,
        rating,
        base,
        figures,
    );
    let record = (RECORD_RIGHT, RECORD_W);
    right_text(
        canvas,
        fonts,
        Style::Label,
        &r.record,
        record,
        base - 1.0,
        figures,
    );
}

/// `text` shortened to `room` and drawn with its right end at `right`.
fn right_text(
    canvas: &mut Canvas,
    fonts: &Fonts,
    style: Style,
    text: &str,
    (right, room): (f32, f32),
    baseline: f32,
    c: Rgb,
) {
    let text = fit(fonts, style, text, room);
    let tw = fonts.width(style, &text);
    fonts.draw(canvas, style, &text, right - tw, baseline, c);
}

/// A dashed horizontal rule from `x0` to `x1` at height `y`.
fn dashes(canvas: &mut Canvas, x0: f32, x1: f32, y: f32, c: Rgb) {
    let mut x = x0.round() as i32;
    let end = x1.round() as i32;
    while x < end {
        canvas.fill_rect(x, y.round() as i32, 4.min(end - x), 1, c);
        x += 8;
    }
}

/// The drawable part of `text`: tabs and line breaks as spaces, other control
/// characters dropped, at most [`MAX_CHARS`] characters; and whether anything was cut.
fn clean(text: &str) -> (String, bool) {
    let mut chars = text.chars().filter_map(|c| match c {
        c if c.is_control() && c.is_whitespace() => Some(' '),
        c if c.is_control() => None,
        c => Some(c),
    });
    let kept: String = chars.by_ref().take(MAX_CHARS).collect();
    let cut = chars.next().is_some();
    (kept, cut)
}

/// `text` shortened with an ellipsis so that it fits in `max` pixels (empty if not
/// even the ellipsis fits). Unlike [`Fonts::fit`] it measures a bounded number of
/// times, so a text of any length costs about the same.
fn fit(fonts: &Fonts, style: Style, text: &str, max: f32) -> String {
    let (text, cut) = clean(text);
    if !cut && fonts.width(style, &text) <= max {
        return text;
    }
    let chars: Vec<char> = text.chars().collect();
    let with_ellipsis = |n: usize| {
        let mut s: String = chars[..n].iter().collect::<String>().trim_end().to_owned();
        s.push('…');
        s
    };
    // The longest prefix that fits with its ellipsis (widths grow with the prefix).
    let (mut lo, mut hi) = (0usize, chars.len());
    if fonts.width(style, &with_ellipsis(0)) > max {
        return String::new();
    }
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fonts.width(style, &with_ellipsis(mid)) <= max {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    with_ellipsis(lo)
}

/// `text` broken into at most `lines` lines of at most `max` pixels: first at " · ",
/// then between words; the last line is shortened if the text does not fit.
fn wrap(fonts: &Fonts, style: Style, text: &str, max: f32, lines: usize) -> Vec<String> {
    let (text, _) = clean(text);
    if lines == 0 {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for part in text.split(" · ") {
        let joined = if current.is_empty() {
            part.to_owned()
        } else {
            format!("{current} · {part}")
        };
        if fonts.width(style, &joined) <= max {
            current = joined;
            continue;
        }
        if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        // The part alone: between words if it is too wide by itself.
        for word in part.split(' ') {
            let joined = if current.is_empty() {
                word.to_owned()
            } else {
                format!("{current} {word}")
            };
            if current.is_empty() || fonts.width(style, &joined) <= max {
                current = joined;
            } else {
                out.push(std::mem::replace(&mut current, word.to_owned()));
            }
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    if out.len() > lines {
        let rest = out[lines - 1..].join(" ");
        out.truncate(lines - 1);
        out.push(rest);
    }
    out.into_iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| fit(fonts, style, &l, max))
        .collect()
}
