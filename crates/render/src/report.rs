//! Game 2000 reports: the salvo report picture, the report history beside the
//! target board, and the ships-left legend.

use crate::game::{Coord, Report, SalvoView, ShipsLeft};

use super::canvas::Canvas;
use super::icons;
use super::labels::{Labels, fill};
use super::palette;
use super::text::{Fonts, Style};
use super::{HEAD, PAD, Picture, Renderer};

/// Height of one history row.
pub const ROW_H: u32 = 26;
/// Width of one history column.
pub const COLUMN_W: u32 = 258;
/// Segment size of the icons in the history.
pub const HISTORY_SEG: f32 = 14.0;

/// How the history rows are split into columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HistoryLayout {
    /// Columns of rows.
    pub columns: u32,
    /// Rows per column.
    pub rows: u32,
}

impl HistoryLayout {
    /// The most turns the panel lists (the newest ones), so that a long game
    /// (repeats allowed) cannot make the picture grow without end.
    pub const MAX_TURNS: usize = 60;

    /// One column while the turns fit in `height` pixels, two (growing
    /// downwards) after that, up to [`Self::MAX_TURNS`].
    #[must_use]
    pub fn new(turns: usize, height: u32) -> Self {
        let turns = turns.clamp(1, Self::MAX_TURNS) as u32;
        let fit = (height / ROW_H).max(1);
        if turns <= fit {
            HistoryLayout {
                columns: 1,
                rows: turns.max(fit),
            }
        } else {
            HistoryLayout {
                columns: 2,
                rows: turns.div_ceil(2).max(fit),
            }
        }
    }

    /// Width of the panel.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.columns * COLUMN_W + (self.columns - 1) * 8
    }

    /// Height of the panel.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.rows * ROW_H
    }
}

/// The cells of a salvo as text: "B2 C5 H7".
#[must_use]
pub fn cells_text(cells: &[Coord]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One row per turn: turn number, its cells, its report icons.
pub fn history(
    canvas: &mut Canvas,
    fonts: &Fonts,
    (x, y): (u32, u32),
    layout: &HistoryLayout,
    salvos: &[SalvoView],
) {
    for col in 0..layout.columns {
        let cx = x + col * (COLUMN_W + 8);
        canvas.fill_rect(
            cx as i32,
            y as i32,
            COLUMN_W as i32,
            layout.height() as i32,
            palette::PANEL,
        );
    }
    // The newest turns that fit, oldest of them first.
    let room = ((layout.columns * layout.rows) as usize).min(HistoryLayout::MAX_TURNS);
    let shown = &salvos[salvos.len().saturating_sub(room)..];
    for (i, s) in shown.iter().enumerate() {
        let i = i as u32;
        let (col, row) = (i / layout.rows, i % layout.rows);
        let rx = x + col * (COLUMN_W + 8);
        let ry = y + row * ROW_H;
        if row % 2 == 1 {
            canvas.fill_rect(
                rx as i32,
                ry as i32,
                COLUMN_W as i32,
                ROW_H as i32,
                palette::BACKGROUND.mix(palette::PANEL, 1, 2),
            );
        }
        let mid = ry as f32 + ROW_H as f32 / 2.0;
        let num = s.turn.to_string();
        let nw = fonts.width(Style::Label, &num);
        let base = mid + fonts.cap_height(Style::Label) / 2.0;
        fonts.draw(
            canvas,
            Style::Label,
            &num,
            rx as f32 + 26.0 - nw,
            base,
            palette::TEXT,
        );
        let cells = fonts.fit(Style::Small, &cells_text(&s.cells), 72.0);
        fonts.draw(
            canvas,
            Style::Small,
            &cells,
            rx as f32 + 34.0,
            base,
            palette::TEXT_DIM,
        );
        for (k, &r) in s.reports.iter().take(3).enumerate() {
            let ix = rx as f32 + 110.0 + k as f32 * (HISTORY_SEG * 3.0 + 6.0);
            icons::report_icon(canvas, ix, mid - HISTORY_SEG / 2.0, HISTORY_SEG, r);
        }
    }
}

/// The "Ships left" legend in the box (`x`, `y`, width `w`).
pub fn ships_left_legend(
    canvas: &mut Canvas,
    fonts: &Fonts,
    (x, y, w): (u32, u32, u32),
    ships: &[ShipsLeft],
    labels: &Labels,
) {
    let afloat: u32 = ships.iter().map(|s| u32::from(s.afloat)).sum();
    let total: u32 = ships.iter().map(|s| u32::from(s.total)).sum();
    let head = format!("{}: {afloat}/{total}", labels.ships_left);
    let head = fonts.fit(Style::Small, &head, w as f32);
    let base = y as f32 + fonts.cap_height(Style::Small);
    fonts.draw(
        canvas,
        Style::Small,
        &head,
        x as f32,
        base,
        palette::TEXT_DIM,
    );
    let mut seg = 13.0;
    while seg > 6.0 && icons::ships_left_width(ships, seg) > w as f32 {
        seg -= 1.0;
    }
    icons::ships_left(canvas, x as f32, y as f32 + 18.0, seg, ships);
}

/// Width of one icon tile in the salvo picture.
pub const TILE_W: u32 = 132;
/// Height of one icon tile in the salvo picture.
pub const TILE_H: u32 = 78;
/// Segment size of the icons in the salvo picture.
pub const SALVO_SEG: f32 = 30.0;

/// The caption of one report ("length 2 hit").
#[must_use]
pub fn report_words(report: Report, labels: &Labels) -> String {
    match report {
        Report::Water => labels.water.to_string(),
        Report::Hit { len: Some(len) } => fill(&labels.hit_len, &[("len", &len.to_string())]),
        Report::Hit { len: None } => labels.hit.to_string(),
        Report::Sunk { len } => fill(&labels.destroyed_len, &[("len", &len.to_string())]),
    }
}

/// The salvo report picture: "Turn n", the cells, and one tile per report.
pub(super) fn salvo(r: &Renderer, salvo: &SalvoView, labels: &Labels) -> Picture {
    let fonts = r.fonts();
    let n = salvo.reports.len().max(1) as u32;
    let w = PAD * 2 + n * TILE_W + (n - 1) * 8;
    let h = PAD + HEAD + TILE_H + PAD;
    let mut canvas = Canvas::new(w, h, palette::BACKGROUND);
    let title = fill(&labels.turn, &[("n", &salvo.turn.to_string())]);
    let base = PAD as f32 + fonts.cap_height(Style::Heading) + 4.0;
    fonts.draw(
        &mut canvas,
        Style::Heading,
        &title,
        PAD as f32,
        base,
        palette::TEXT,
    );
    let cells = cells_text(&salvo.cells);
    let tw = fonts.width(Style::Label, &cells);
    fonts.draw(
        &mut canvas,
        Style::Label,
        &cells,
        (w - PAD) as f32 - tw,
        base,
        palette::TEXT_DIM,
    );
    let top = PAD + HEAD;
    for (k, &report) in salvo.reports.iter().enumerate() {
        let tx = PAD + k as u32 * (TILE_W + 8);
        canvas.rounded_rect(
            tx as f32,
            top as f32,
            TILE_W as f32,
            TILE_H as f32,
            8.0,
            palette::PANEL,
        );
        let ix = tx as f32 + (TILE_W as f32 - SALVO_SEG * 3.0) / 2.0;
        icons::report_icon(&mut canvas, ix, top as f32 + 10.0, SALVO_SEG, report);
        let words = fonts.fit(
            Style::Label,
            &report_words(report, labels),
            TILE_W as f32 - 8.0,
        );
        let cx = tx as f32 + TILE_W as f32 / 2.0;
        fonts.draw_centred(
            &mut canvas,
            Style::Label,
            &words,
            cx,
            (top + TILE_H - 16) as f32,
            palette::TEXT,
        );
    }
    Picture {
        canvas,
        grids: Vec::new(),
    }
}
