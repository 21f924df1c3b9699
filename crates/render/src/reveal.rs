//! The end reveal: both fleets with every shot, the result and the statistics.

use crate::game::{Ending, OwnBoardView, PlayerStats, RevealView, Variant, WinReason};

use super::board::{self, COL_LABELS, Grid, ROW_LABELS};
use super::canvas::Canvas;
use super::labels::{Labels, fill};
use super::palette::{self, Rgb};
use super::text::{Fonts, Style};
use super::{HEAD, Layer, PAD, Picture, Renderer};

/// Height of the result banner.
pub const BANNER: u32 = 58;
/// Space between the two boards.
pub const GAP: u32 = 26;
/// Height of the statistics under each board.
pub const STATS: u32 = 46;

/// Cell pitch of the reveal boards.
#[must_use]
pub const fn reveal_cell(variant: Variant) -> u32 {
    match variant {
        Variant::Classic => 28,
        Variant::Game2000 => 30,
    }
}

/// Where the two boards lie in the reveal picture, challenger first.
#[must_use]
pub const fn reveal_grids(variant: Variant) -> [Grid; 2] {
    let cell = reveal_cell(variant);
    let size = variant.size();
    let ext = cell * size as u32 + 1;
    let y = PAD + BANNER + HEAD + COL_LABELS;
    let left = Grid {
        x: PAD + ROW_LABELS,
        y,
        cell,
        size,
    };
    let right = Grid {
        x: left.x + ext + GAP + ROW_LABELS,
        y,
        cell,
        size,
    };
    [left, right]
}

/// The result in words: the headline and the reason.
#[must_use]
pub fn result_words(view: &RevealView, names: &[String; 2], labels: &Labels) -> (String, String) {
    let name_of = |id| {
        view.players
            .iter()
            .position(|&p| p == id)
            .map_or_else(String::new, |i| names[i].clone())
    };
    match view.ending {
        Ending::Won { winner, reason, .. } => {
            let why = match reason {
                WinReason::FleetDestroyed => &labels.reason_fleet,
                WinReason::Forfeit => &labels.reason_forfeit,
                WinReason::Timeout => &labels.reason_timeout,
            };
            (
                fill(&labels.wins, &[("name", &name_of(winner))]),
                why.to_string(),
            )
        }
        Ending::Draw => (labels.draw.to_string(), labels.reason_fleet.to_string()),
        Ending::TurnLimit => (
            labels.draw.to_string(),
            labels.reason_turn_limit.to_string(),
        ),
        _ => (labels.cancelled.to_string(), String::new()),
    }
}

/// Accuracy as a whole percentage.
#[must_use]
pub fn percent(stats: PlayerStats) -> u32 {
    (stats.accuracy() * 100.0).round() as u32
}

/// Accuracy as a whole percentage, written the way `labels` write one ("50%", "50 %").
#[must_use]
pub fn percent_text(stats: PlayerStats, labels: &Labels) -> String {
    fill(&labels.percent, &[("n", &percent(stats).to_string())])
}

/// Draws `key value` pairs on one line, keys dimmed.
pub(super) fn pairs(
    canvas: &mut Canvas,
    fonts: &Fonts,
    x: f32,
    baseline: f32,
    items: &[(&str, String)],
) {
    let mut pen = x;
    for (key, value) in items {
        fonts.draw(canvas, Style::Label, key, pen, baseline, palette::TEXT_DIM);
        pen += fonts.width(Style::Label, key) + 5.0;
        fonts.draw(canvas, Style::Label, value, pen, baseline, palette::TEXT);
        pen += fonts.width(Style::Label, value) + 16.0;
    }
}

/// The size of the reveal picture (and of replay frames).
#[must_use]
pub fn reveal_size(variant: Variant) -> (u32, u32) {
    let grids = reveal_grids(variant);
    let ext = grids[0].extent();
    (grids[1].x + ext + PAD, stats_top(variant) + STATS + PAD)
}

/// Top of the statistics under the boards.
fn stats_top(variant: Variant) -> u32 {
    let g = reveal_grids(variant)[0];
    g.y + g.extent() + 12
}

/// A copy of the reveal's static layer: background and both waters.
pub(super) fn base(r: &Renderer, variant: Variant) -> Canvas {
    r.layer(Layer::Reveal { variant }, || {
        let (w, h) = reveal_size(variant);
        let mut canvas = Canvas::new(w, h, palette::BACKGROUND);
        for g in reveal_grids(variant) {
            board::water(&mut canvas, r.fonts(), g);
        }
        canvas
    })
}

/// One player's column: name above the board, the board, statistics under it.
pub(super) fn column(
    canvas: &mut Canvas,
    fonts: &Fonts,
    g: Grid,
    (name, colour): (&str, Rgb),
    board: &OwnBoardView,
    s: PlayerStats,
    labels: &Labels,
) {
    let name = fonts.fit(Style::Heading, name, (g.extent() + ROW_LABELS) as f32);
    let base = (PAD + BANNER) as f32 + fonts.cap_height(Style::Heading) + 4.0;
    let x = (g.x - ROW_LABELS) as f32;
    fonts.draw(canvas, Style::Heading, &name, x, base, colour);
    board::own_marks(canvas, g, board);
    let line = stats_top(board.variant) as f32 + fonts.cap_height(Style::Label);
    pairs(
        canvas,
        fonts,
        x,
        line,
        &[
            (&labels.shots, s.shots.to_string()),
            (&labels.hits, s.hits.to_string()),
        ],
    );
    pairs(
        canvas,
        fonts,
        x,
        line + 20.0,
        &[
            (&labels.accuracy, percent_text(s, labels)),
            (&labels.turns, s.turns.to_string()),
        ],
    );
}

pub(super) fn draw(
    r: &Renderer,
    view: &RevealView,
    names: &[String; 2],
    labels: &Labels,
) -> Picture {
    let fonts = r.fonts();
    let grids = reveal_grids(view.variant);
    let mut canvas = base(r, view.variant);
    let w = canvas.width();

    let (headline, reason) = result_words(view, names, labels);
    let colour = if matches!(view.ending, Ending::Won { .. }) {
        palette::GOLD
    } else {
        palette::TEXT
    };
    let cx = w as f32 / 2.0;
    let headline = fonts.fit(Style::Banner, &headline, (w - 2 * PAD) as f32);
    fonts.draw_centred(
        &mut canvas,
        Style::Banner,
        &headline,
        cx,
        PAD as f32 + 14.0,
        colour,
    );
    fonts.draw_centred(
        &mut canvas,
        Style::Label,
        &reason,
        cx,
        PAD as f32 + 42.0,
        palette::TEXT_DIM,
    );

    let winner = match view.ending {
        Ending::Won { winner, .. } => Some(winner),
        _ => None,
    };
    for (i, g) in grids.iter().enumerate() {
        let is_winner = winner == Some(view.players[i]);
        let (name, colour): (String, Rgb) = if is_winner {
            (format!("★ {}", names[i]), palette::GOLD)
        } else {
            (names[i].clone(), palette::TEXT)
        };
        column(
            &mut canvas,
            fonts,
            *g,
            (&name, colour),
            &view.boards[i],
            view.stats[i],
            labels,
        );
    }
    Picture {
        canvas,
        grids: grids.to_vec(),
    }
}
