//! The daily sea's pictures: a member's sea so far with the cells they are aiming at
//! ([`Renderer::daily_sea`]), and the spoiler-free card they may share
//! ([`Renderer::daily_card`]), which shows figures and a hit/miss strip in shot order and
//! never a cell.
//!
//! Every word arrives already localised in the views; the card has a fixed size whatever
//! it holds, and its strip is capped at [`MAX_STRIP`] marks (a sea has at most 100 cells,
//! so every shot of an attempt fits).

use crate::canvas::{Canvas, P};
use crate::game::{Coord, TargetView};
use crate::palette::{self, Rgb};
use crate::stats::Tile;
use crate::text::Style;
use crate::{Labels, PAD, Picture, Renderer};

/// What one shot did, as the share card's strip shows it (no cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StripMark {
    /// Water.
    Miss,
    /// A ship hit, still afloat.
    Hit,
    /// A ship sunk.
    Sunk,
}

/// The share card of one finished daily sea.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyCard {
    /// The heading, e.g. "Daily sea · Classic".
    pub title: String,
    /// The line under it, e.g. the day.
    pub subtitle: String,
    /// Up to [`MAX_FIGURES`] figures side by side: shots, par, streak.
    pub figures: Vec<Tile>,
    /// Every shot in order; at most [`MAX_STRIP`] are drawn.
    pub strip: Vec<StripMark>,
}

/// Figures drawn at most.
pub const MAX_FIGURES: usize = 3;
/// Marks of the strip drawn at most (every cell of the largest sea once).
pub const MAX_STRIP: usize = 100;

/// Width of the card.
const W: u32 = 540;
/// Marks in a row of the strip.
const PER_ROW: u32 = 20;
/// A mark's side and the room between marks.
const MARK: u32 = 19;
const MARK_GAP: u32 = 5;
/// Top of the figures, under the heading and its subtitle.
const FIGURES_Y: u32 = 74;
const FIGURE_H: u32 = 60;
const FIGURE_GAP: u32 = 11;
/// Top of the strip.
const STRIP_Y: u32 = FIGURES_Y + FIGURE_H + 16;
/// Rows of the strip.
const STRIP_ROWS: u32 = MAX_STRIP as u32 / PER_ROW;
/// Height of the card.
const H: u32 = STRIP_Y + STRIP_ROWS * (MARK + MARK_GAP) - MARK_GAP + PAD;
/// A strip slot not used.
const EMPTY: Rgb = Rgb::hex(0x25_2933);

impl Renderer {
    /// A member's sea so far (the target board, with its history in Game 2000), with a
    /// gold ring on each cell in `picked` (a salvo being put together) and a dim one on
    /// `cursor`, the cell the aim panel points at.
    #[must_use]
    pub fn daily_sea(
        &self,
        view: &TargetView,
        picked: &[Coord],
        cursor: Option<Coord>,
        labels: &Labels,
    ) -> Picture {
        let mut picture = self.target_board(view, labels);
        let Some(&g) = picture.grids.first() else {
            return picture;
        };
        let r = g.cell as f32 * 0.42;
        if let Some(c) = cursor.filter(|c| view.variant.contains(*c)) {
            let (x, y) = g.centre(c);
            picture.canvas.ring(P(x, y), r, 2.0, palette::TEXT_DIM);
        }
        for &c in picked.iter().filter(|c| view.variant.contains(**c)) {
            let (x, y) = g.centre(c);
            picture.canvas.ring(P(x, y), r, 3.0, palette::GOLD);
        }
        picture
    }

    /// The share card: heading, up to three figures and the strip. Always the same size.
    #[must_use]
    pub fn daily_card(&self, card: &DailyCard) -> Picture {
        let fonts = self.fonts();
        let mut canvas = Canvas::new(W, H, palette::BACKGROUND);
        let inner = (W - 2 * PAD) as f32;
        let x = PAD as f32 + 2.0;
        let base = PAD as f32 + fonts.cap_height(Style::Banner) + 4.0;
        let title = fonts.fit(Style::Banner, &card.title, inner);
        fonts.draw(&mut canvas, Style::Banner, &title, x, base, palette::TEXT);
        let subtitle = fonts.fit(Style::Label, &card.subtitle, inner);
        fonts.draw(
            &mut canvas,
            Style::Label,
            &subtitle,
            x,
            base + 23.0,
            palette::TEXT_DIM,
        );
        figures(&mut canvas, self, &card.figures);
        strip(&mut canvas, &card.strip);
        Picture {
            canvas,
            grids: Vec::new(),
        }
    }
}

/// The figures side by side, each a panel with its label above its value.
fn figures(canvas: &mut Canvas, renderer: &Renderer, figures: &[Tile]) {
    let fonts = renderer.fonts();
    let n = MAX_FIGURES as u32;
    let w = (W - 2 * PAD - (n - 1) * FIGURE_GAP) / n;
    for (i, tile) in figures.iter().take(MAX_FIGURES).enumerate() {
        let x = (PAD + i as u32 * (w + FIGURE_GAP)) as f32;
        let y = FIGURES_Y as f32;
        canvas.rounded_rect(x, y, w as f32, FIGURE_H as f32, 7.0, palette::PANEL);
        let room = w as f32 - 20.0;
        let label = fonts.fit(Style::Label, &tile.label, room);
        fonts.draw(
            canvas,
            Style::Label,
            &label,
            x + 10.0,
            y + 20.0,
            palette::TEXT_DIM,
        );
        let value = fonts.fit(Style::Banner, &tile.value, room);
        fonts.draw(
            canvas,
            Style::Banner,
            &value,
            x + 10.0,
            y + 50.0,
            palette::TEXT,
        );
    }
}

/// The strip: one square per shot, in order, row by row; unused slots faint.
fn strip(canvas: &mut Canvas, marks: &[StripMark]) {
    let width = PER_ROW * (MARK + MARK_GAP) - MARK_GAP;
    let left = (W - width) / 2;
    for slot in 0..MAX_STRIP as u32 {
        let x = (left + (slot % PER_ROW) * (MARK + MARK_GAP)) as f32;
        let y = (STRIP_Y + (slot / PER_ROW) * (MARK + MARK_GAP)) as f32;
        let colour = match marks.get(slot as usize) {
            None => EMPTY,
            Some(StripMark::Miss) => palette::FIRED,
            Some(StripMark::Hit) => palette::HIT,
            Some(StripMark::Sunk) => palette::SUNK,
        };
        canvas.rounded_rect(x, y, MARK as f32, MARK as f32, 4.0, colour);
        if marks.get(slot as usize) == Some(&StripMark::Sunk) {
            // A sunk mark also differs by its shape, not only its colour.
            let c = P(x + MARK as f32 / 2.0, y + MARK as f32 / 2.0);
            canvas.disc(c, 3.5, palette::INK);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Fleet, Sea, Variant};

    fn card(strip: Vec<StripMark>) -> DailyCard {
        DailyCard {
            title: "Daily sea · Classic".into(),
            subtitle: "2026-12-05".into(),
            figures: vec![
                Tile {
                    label: "Shots".into(),
                    value: "42".into(),
                },
                Tile {
                    label: "Par".into(),
                    value: "47".into(),
                },
                Tile {
                    label: "Streak".into(),
                    value: "5".into(),
                },
            ],
            strip,
        }
    }

    #[test]
    fn the_card_keeps_its_size_whatever_it_holds() {
        let r = Renderer::new();
        let empty = r.daily_card(&card(Vec::new()));
        let full = r.daily_card(&card(vec![StripMark::Hit; 500]));
        assert_eq!(
            (empty.width(), empty.height()),
            (full.width(), full.height())
        );
        assert!(full.to_png().is_ok());
        // The strip is drawn: a full card differs from an empty one.
        assert_ne!(empty.canvas().indices(), full.canvas().indices());
    }

    #[test]
    fn the_sea_rings_the_picked_cells_only() {
        let r = Renderer::new();
        let fleet = Fleet::parse(
            Variant::Classic,
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
        )
        .unwrap();
        let view = TargetView::of_sea(&Sea::new(fleet));
        assert_eq!(view.variant, Variant::Classic);
        let labels = Labels::default();
        let plain = r.daily_sea(&view, &[], None, &labels);
        let picked = r.daily_sea(&view, &["E5".parse().unwrap()], None, &labels);
        assert_ne!(plain.canvas().indices(), picked.canvas().indices());
        let g = picked.grids()[0];
        let (x, y, w, _) = g.cell_rect("E5".parse().unwrap());
        let far = g.cell_rect("A1".parse().unwrap());
        assert_eq!(
            plain.canvas().get(far.0 + 2, far.1 + 2),
            picked.canvas().get(far.0 + 2, far.1 + 2)
        );
        let golden = (x..x + w).any(|px| picked.canvas().get(px, y + w / 2) == Some(palette::GOLD));
        assert!(golden, "the picked cell is ringed in gold");
    }
}
