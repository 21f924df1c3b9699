//! The end reveal: both fleets with every shot, the result and the statistics.

use crate::game::{Ending, PlayerStats, RevealView, Variant, WinReason};

use super::board::{self, COL_LABELS, Grid, ROW_LABELS};
use super::canvas::Canvas;
use super::labels::{Labels, fill};
use super::palette::{self, Rgb};
use super::text::{Fonts, Style};
use super::{HEAD, PAD, Picture, Renderer};

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
        _ => (labels.cancelled.to_string(), String::new()),
    }
}

/// Accuracy as a whole percentage.
#[must_use]
pub fn percent(stats: PlayerStats) -> u32 {
    (stats.accuracy() * 100.0).round() as u32
}

fn pairs(canvas: &mut Canvas, fonts: &Fonts, x: f32, baseline: f32, items: &[(&str, String)]) {
    let mut pen = x;
    for (key, value) in items {
        fonts.draw(canvas, Style::Label, key, pen, baseline, palette::TEXT_DIM);
        pen += fonts.width(Style::Label, key) + 5.0;
        fonts.draw(canvas, Style::Label, value, pen, baseline, palette::TEXT);
        pen += fonts.width(Style::Label, value) + 16.0;
    }
}

pub(super) fn draw(
    r: &Renderer,
    view: &RevealView,
    names: &[String; 2],
    labels: &Labels,
) -> Picture {
    let fonts = r.fonts();
    let grids = reveal_grids(view.variant);
    let ext = grids[0].extent();
    let stats_top = grids[0].y + ext + 12;
    let (w, h) = (grids[1].x + ext + PAD, stats_top + STATS + PAD);
    let mut canvas = Canvas::new(w, h, palette::BACKGROUND);

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
        let name = fonts.fit(Style::Heading, &name, (ext + ROW_LABELS) as f32);
        let base = (PAD + BANNER) as f32 + fonts.cap_height(Style::Heading) + 4.0;
        fonts.draw(
            &mut canvas,
            Style::Heading,
            &name,
            (g.x - ROW_LABELS) as f32,
            base,
            colour,
        );
        board::water(&mut canvas, fonts, *g);
        board::own_marks(&mut canvas, *g, &view.boards[i]);
        let s = view.stats[i];
        let x = (g.x - ROW_LABELS) as f32;
        let line = stats_top as f32 + fonts.cap_height(Style::Label);
        pairs(
            &mut canvas,
            fonts,
            x,
            line,
            &[
                (&labels.shots, s.shots.to_string()),
                (&labels.hits, s.hits.to_string()),
            ],
        );
        pairs(
            &mut canvas,
            fonts,
            x,
            line + 20.0,
            &[
                (&labels.accuracy, format!("{}%", percent(s))),
                (&labels.turns, s.turns.to_string()),
            ],
        );
    }
    Picture {
        canvas,
        grids: grids.to_vec(),
    }
}
