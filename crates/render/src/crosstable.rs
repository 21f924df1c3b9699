//! The standings of a Swiss tournament as a crosstable picture: one line per player with
//! rank, name, points, tiebreaks and W–D–L, and one cell per round with the opponent's
//! rank and the result.
//!
//! Every word arrives already localised and formatted in the view; this only lays it
//! out. The width follows the number of rounds (at most [`MAX_ROUNDS`]) and the height
//! the number of lines (at most [`MAX_LINES`]: 64 players stay legible on a phone, a
//! line being as tall as a tap target there once the picture is fitted to the screen).
//! Every text is shortened with an ellipsis to its room, so no input can make the picture
//! grow or panic. The result is also told by the cell's text (`+`, `=`, `-`), never by
//! its colour alone.

use super::canvas::Canvas;
use super::palette::{self, Rgb};
use super::text::Style;
use super::{PAD, Picture, Renderer};

/// Lines drawn at most.
pub const MAX_LINES: usize = 64;
/// Round cells drawn at most.
pub const MAX_ROUNDS: usize = 15;

/// How a round went for the player, for the colour of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellTone {
    /// Won (on the board, by forfeit, or the bye).
    Won,
    /// Drew.
    Drew,
    /// Lost (also by forfeit).
    Lost,
    /// Not paired.
    Absent,
    /// Being played.
    Playing,
}

/// One round cell: its text (`3w+`, `bye`, …) and tone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossCell {
    /// As written in the cell.
    pub text: String,
    /// Its colour.
    pub tone: CellTone,
}

/// One line of the crosstable, every figure already written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossLine {
    /// Place.
    pub rank: String,
    /// Name (shortened to its column).
    pub name: String,
    /// Points.
    pub points: String,
    /// Buchholz Cut-1.
    pub cut1: String,
    /// Sonneborn–Berger.
    pub sb: String,
    /// Wins–draws–losses.
    pub record: String,
    /// One per round.
    pub cells: Vec<CrossCell>,
    /// Out of the tournament (drawn muted, the name struck through).
    pub out: bool,
}

/// What the crosstable shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrosstableView {
    /// The heading (the tournament's name).
    pub title: String,
    /// Under it (after which round, the page).
    pub subtitle: String,
    /// Column heads: place, name, points, Buchholz Cut-1, Sonneborn–Berger, W–D–L.
    pub columns: [String; 6],
    /// Heads of the round columns (`R1`, …).
    pub rounds: Vec<String>,
    /// The lines, best first.
    pub lines: Vec<CrossLine>,
}

const RANK_W: f32 = 34.0;
const NAME_W: f32 = 190.0;
const POINTS_W: f32 = 46.0;
const CUT_W: f32 = 50.0;
const SB_W: f32 = 58.0;
const RECORD_W: f32 = 66.0;
const CELL_W: f32 = 52.0;
const GAP: f32 = 8.0;
const HEAD_H: u32 = 28;
const LINE_H: u32 = 24;
const TITLE_H: u32 = 62;
const RADIUS: f32 = 7.0;
/// Alternate lines.
const STRIPE: Rgb = Rgb::hex(0x31_3644);
const WON: Rgb = Rgb::hex(0x1F_5B45);
const DREW: Rgb = Rgb::hex(0x4A_4F5C);
const LOST: Rgb = Rgb::hex(0x5A_2E2E);

impl Renderer {
    /// The crosstable of `view`: at most [`MAX_LINES`] lines and [`MAX_ROUNDS`] rounds.
    #[must_use]
    #[expect(
        clippy::too_many_lines,
        reason = "the heading, the heads, then each line"
    )]
    pub fn crosstable(&self, view: &CrosstableView) -> Picture {
        let fonts = self.fonts();
        let rounds = view.rounds.len().min(MAX_ROUNDS);
        let lines = &view.lines[..view.lines.len().min(MAX_LINES)];
        let fixed = RANK_W + NAME_W + POINTS_W + CUT_W + SB_W + RECORD_W + 6.0 * GAP;
        let w = (2 * PAD) as f32 + 16.0 + fixed + rounds as f32 * CELL_W;
        let table_h = HEAD_H + lines.len().max(1) as u32 * LINE_H + 8;
        let h = PAD + TITLE_H + table_h + PAD;
        let mut canvas = Canvas::new(w.ceil() as u32, h, palette::BACKGROUND);
        let inner = w - (2 * PAD) as f32;
        let x0 = PAD as f32 + 2.0;
        let base = PAD as f32 + fonts.cap_height(Style::Banner) + 4.0;
        let (title, _) = fonts.fit_width(Style::Banner, &view.title, inner);
        fonts.draw(&mut canvas, Style::Banner, &title, x0, base, palette::TEXT);
        let (subtitle, _) = fonts.fit_width(Style::Label, &view.subtitle, inner);
        fonts.draw(
            &mut canvas,
            Style::Label,
            &subtitle,
            x0,
            base + 23.0,
            palette::TEXT_DIM,
        );
        let top = (PAD + TITLE_H) as f32;
        canvas.rounded_rect(
            PAD as f32,
            top,
            inner,
            table_h as f32,
            RADIUS,
            palette::PANEL,
        );
        // Column lefts and widths; text is right-aligned in figures, left in the name.
        let mut cols = Vec::with_capacity(6 + rounds);
        let mut x = PAD as f32 + 8.0;
        for width in [RANK_W, NAME_W, POINTS_W, CUT_W, SB_W, RECORD_W] {
            cols.push((x, width));
            x += width + GAP;
        }
        for _ in 0..rounds {
            cols.push((x, CELL_W - 4.0));
            x += CELL_W;
        }
        let head_base = top + HEAD_H as f32 / 2.0 + fonts.cap_height(Style::Small) / 2.0 + 1.0;
        let heads = view.columns.iter().chain(view.rounds.iter().take(rounds));
        for (i, (head, &(cx, cw))) in heads.zip(&cols).enumerate() {
            let (head, hw) = fonts.fit_width(Style::Small, head, cw);
            let at = if i == 1 {
                cx
            } else if i >= 6 {
                cx + (cw - hw) / 2.0
            } else {
                cx + cw - hw
            };
            fonts.draw(
                &mut canvas,
                Style::Small,
                &head,
                at,
                head_base,
                palette::TEXT_DIM,
            );
        }
        for (n, line) in lines.iter().enumerate() {
            let y = top + (HEAD_H + n as u32 * LINE_H) as f32;
            if n % 2 == 1 {
                canvas.fill_rect(
                    PAD as i32 + 4,
                    y as i32,
                    inner as i32 - 8,
                    LINE_H as i32,
                    STRIPE,
                );
            }
            let text_base = y + LINE_H as f32 / 2.0 + fonts.cap_height(Style::Label) / 2.0;
            let colour = if line.out {
                palette::TEXT_DIM
            } else {
                palette::TEXT
            };
            let figures = [
                &line.rank,
                &line.name,
                &line.points,
                &line.cut1,
                &line.sb,
                &line.record,
            ];
            for (i, (text, &(cx, cw))) in figures.into_iter().zip(&cols).enumerate() {
                let style = if i == 2 { Style::Heading } else { Style::Label };
                let (text, tw) = fonts.fit_width(style, text, cw);
                let at = if i == 1 { cx } else { cx + cw - tw };
                let b = if i == 2 {
                    y + LINE_H as f32 / 2.0 + fonts.cap_height(Style::Heading) / 2.0
                } else {
                    text_base
                };
                fonts.draw(&mut canvas, style, &text, at, b, colour);
                if i == 1 && line.out {
                    // Struck through: out of the later rounds.
                    canvas.fill_rect(
                        cx as i32,
                        (text_base - fonts.cap_height(Style::Label) / 2.0) as i32,
                        tw as i32,
                        1,
                        palette::TEXT_DIM,
                    );
                }
            }
            for (cell, &(cx, cw)) in line.cells.iter().take(rounds).zip(&cols[6..]) {
                let fill = match cell.tone {
                    CellTone::Won => Some(WON),
                    CellTone::Drew => Some(DREW),
                    CellTone::Lost => Some(LOST),
                    CellTone::Absent => None,
                    CellTone::Playing => Some(STRIPE),
                };
                if let Some(fill) = fill {
                    canvas.rounded_rect(cx, y + 3.0, cw, LINE_H as f32 - 6.0, 4.0, fill);
                }
                let (text, tw) = fonts.fit_width(Style::Label, &cell.text, cw - 4.0);
                fonts.draw(
                    &mut canvas,
                    Style::Label,
                    &text,
                    cx + (cw - tw) / 2.0,
                    text_base,
                    if cell.tone == CellTone::Absent {
                        palette::TEXT_DIM
                    } else {
                        palette::TEXT
                    },
                );
            }
        }
        Picture {
            canvas,
            grids: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view of `players` lines and `rounds` rounds with long, hostile names.
    pub(crate) fn view(players: usize, rounds: usize) -> CrosstableView {
        CrosstableView {
            title: "Spring Cup".into(),
            subtitle: "after round 3 of 5".into(),
            columns: ["#", "Name", "Pts", "BH-1", "SB", "W-D-L"].map(str::to_owned),
            rounds: (1..=rounds).map(|r| format!("R{r}")).collect(),
            lines: (1..=players)
                .map(|i| CrossLine {
                    rank: i.to_string(),
                    name: format!("Player number {i} with a very long name indeed"),
                    points: "2½".into(),
                    cut1: "4½".into(),
                    sb: "3.25".into(),
                    record: "2-1-0".into(),
                    cells: (0..rounds)
                        .map(|r| CrossCell {
                            text: format!("{}w+", (i + r) % players + 1),
                            tone: [CellTone::Won, CellTone::Drew, CellTone::Lost][r % 3],
                        })
                        .collect(),
                    out: i % 7 == 0,
                })
                .collect(),
        }
    }

    #[test]
    fn the_size_follows_lines_and_rounds_and_stops_at_the_caps() {
        let r = Renderer::new();
        let small = r.crosstable(&view(6, 3));
        let big = r.crosstable(&view(64, 15));
        assert!(big.width() > small.width() && big.height() > small.height());
        let over = r.crosstable(&view(200, 40));
        assert_eq!((over.width(), over.height()), (big.width(), big.height()));
        // 64 lines of at least 24 pixels: legible once fitted to a phone's width.
        assert!(big.height() >= 64 * 24);
        assert!(big.to_png().is_ok());
    }
}
