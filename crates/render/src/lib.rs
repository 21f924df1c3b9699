//! Pictures of boards and reports.
//!
//! Pure functions from the engine's views ([`OwnBoardView`], [`TargetView`],
//! [`SalvoView`], [`RevealView`]) to [`Picture`]s, which turn into palette PNG
//! bytes ([`Picture::to_png`]) or an [`image::RgbaImage`]. A picture only ever
//! shows what its view holds, so it cannot show what its viewer may not know.
//!
//! Build one [`Renderer`] (it loads the bundled fonts and rasterises their
//! glyphs) and share it: the bot holds one in its state and hands it down, so its
//! glyphs and static layers serve every picture. Every word
//! drawn comes from a [`Labels`] parameter, and every picture kind has an alt
//! text in [`alt`]. The same view always gives the same bytes.

// Pixel arithmetic: coordinates are small (a picture is well under 4096 pixels
// a side), so the casts between f32, i32 and u32 below cannot lose anything
// that matters, and negative values are clamped before any unsigned cast.
// Geometry reads best with its usual names: x, y, w, h, r, p, c.
#![expect(
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::many_single_char_names
)]

pub mod alt;
pub mod board;
pub mod canvas;
pub mod crosstable;
pub mod daily;
pub mod editor;
pub mod icons;
pub mod labels;
pub mod palette;
pub mod png;
pub mod replay;
pub mod report;
pub mod reveal;
pub mod stats;
pub mod text;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use image::RgbaImage;

// The rules, under the name the rest of the house knows them by (`crate::game::…`).
use broadside_game as game;

use crate::game::{OwnBoardView, ReportStyle, RevealView, SalvoView, TargetView, Variant};

pub use board::Grid;
pub use canvas::Canvas;
pub use crosstable::{CellTone, CrossCell, CrossLine, CrosstableView};
pub use daily::{DailyCard, StripMark};
pub use labels::Labels;
pub use palette::Rgb;
pub use png::RenderError;
pub use replay::{MAX_FRAMES, ReplayError, ReplayGif};
pub use stats::{LeaderRow, LeaderboardView, StatsCard, Tile};

use board::{COL_LABELS, ROW_LABELS};
use text::{Fonts, Style};

/// Margin around every picture.
pub const PAD: u32 = 14;
/// Height of a heading line.
pub const HEAD: u32 = 28;

/// A finished picture with the position of its boards.
#[derive(Clone, Debug)]
pub struct Picture {
    canvas: Canvas,
    grids: Vec<Grid>,
}

impl Picture {
    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.canvas.width()
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.canvas.height()
    }

    /// The boards in the picture (none for a salvo report; two for the reveal,
    /// challenger first).
    #[must_use]
    pub fn grids(&self) -> &[Grid] {
        &self.grids
    }

    /// The drawing itself.
    #[must_use]
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// The picture as an opaque RGBA image.
    #[must_use]
    pub fn to_rgba(&self) -> RgbaImage {
        png::rgba(&self.canvas)
    }

    /// The picture as palette PNG bytes.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        png::encode(&self.canvas)
    }
}

/// Draws pictures. Build once and share: construction loads the fonts.
///
/// The parts of a picture that never change for a rule set, a language and a size
/// (background, water, grid lines, coordinates, headings) are drawn once and kept; each
/// picture starts from a copy of its layer and draws only what its view adds.
#[derive(Debug, Default)]
pub struct Renderer {
    fonts: Fonts,
    layers: Mutex<HashMap<Layer, Arc<Canvas>>>,
}

/// The static layer of one picture kind: everything that does not depend on the view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Layer {
    /// Own board: heading and water.
    Own { variant: Variant, heading: String },
    /// Target board: heading, water and, in Game 2000, the history heading at its size.
    Target {
        variant: Variant,
        heading: String,
        history: Option<(report::HistoryLayout, String)>,
    },
    /// Reveal and replay frames: both waters.
    Reveal { variant: Variant },
}

/// Static layers kept at most. A layer is a whole picture (up to about 320 KB), so this
/// bounds the cache near 15 MB. The Game 2000 target board has one size per history
/// length, so a busy bot in four languages may fill it; it is then emptied and refilled,
/// at the cost of drawing a layer again (about 0.1 ms).
const MAX_LAYERS: usize = 48;

impl Renderer {
    /// A renderer with the bundled fonts.
    #[must_use]
    pub fn new() -> Self {
        Renderer {
            fonts: Fonts::new(),
            layers: Mutex::default(),
        }
    }

    /// A copy of the static layer `key`, drawn by `draw` the first time.
    fn layer(&self, key: Layer, draw: impl FnOnce() -> Canvas) -> Canvas {
        let cached = self
            .layers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        if let Some(canvas) = cached {
            return Canvas::clone(&canvas);
        }
        // Drawn without the lock: two threads may both draw a new layer once, which is
        // harmless (the same key always gives the same canvas).
        let canvas = draw();
        let mut layers = self.layers.lock().unwrap_or_else(PoisonError::into_inner);
        if layers.len() >= MAX_LAYERS {
            layers.clear();
        }
        layers.insert(key, Arc::new(canvas.clone()));
        canvas
    }

    /// The fonts, for callers that compose their own pictures.
    #[must_use]
    pub fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// A player's own board: their fleet, its damage and every enemy shot.
    /// Also the private placement preview (a view with no shots).
    #[must_use]
    pub fn own_board(&self, view: &OwnBoardView, labels: &Labels) -> Picture {
        let g = board_grid(view.variant);
        let key = Layer::Own {
            variant: view.variant,
            heading: labels.your_fleet.to_string(),
        };
        let mut canvas = self.layer(key, || {
            let (w, h) = (g.x + g.extent() + PAD, g.y + g.extent() + PAD);
            let mut canvas = Canvas::new(w, h, palette::BACKGROUND);
            self.heading(
                &mut canvas,
                &labels.your_fleet,
                PAD,
                g.extent() + ROW_LABELS,
            );
            board::water(&mut canvas, &self.fonts, g);
            canvas
        });
        board::own_marks(&mut canvas, g, view);
        Picture {
            canvas,
            grids: vec![g],
        }
    }

    /// What the viewer knows of the enemy sea, with the ships-left legend and,
    /// in Game 2000, the report history beside the board.
    #[must_use]
    pub fn target_board(&self, view: &TargetView, labels: &Labels) -> Picture {
        let g = board_grid(view.variant);
        let legend_top = g.y + g.extent() + 10;
        let legend_h = 40;
        let mut w = g.x + g.extent() + PAD;
        let mut h = legend_top + legend_h + PAD;
        let history = view.variant.rules().report == ReportStyle::LengthOnly;
        let panel =
            report::HistoryLayout::new(view.salvos.len(), g.extent() + COL_LABELS + legend_h);
        let panel_x = w + 4;
        if history {
            w = panel_x + panel.width() + PAD;
            h = h.max(g.y - COL_LABELS + panel.height() + PAD);
        }
        let key = Layer::Target {
            variant: view.variant,
            heading: labels.enemy_waters.to_string(),
            history: history.then(|| (panel, labels.history.to_string())),
        };
        let mut canvas = self.layer(key, || {
            let mut canvas = Canvas::new(w, h, palette::BACKGROUND);
            self.heading(
                &mut canvas,
                &labels.enemy_waters,
                PAD,
                g.extent() + ROW_LABELS,
            );
            board::water(&mut canvas, &self.fonts, g);
            if history {
                self.heading(&mut canvas, &labels.history, panel_x, panel.width());
            }
            canvas
        });
        board::target_marks(&mut canvas, &self.fonts, g, view);
        report::ships_left_legend(
            &mut canvas,
            &self.fonts,
            (g.x, legend_top, g.extent()),
            &view.ships_left,
            labels,
        );
        if history {
            report::history(
                &mut canvas,
                &self.fonts,
                (panel_x, g.y - COL_LABELS),
                &panel,
                &view.salvos,
            );
        }
        Picture {
            canvas,
            grids: vec![g],
        }
    }

    /// The three report icons of one Game 2000 turn, in processed order.
    #[must_use]
    pub fn salvo_report(&self, salvo: &SalvoView, labels: &Labels) -> Picture {
        report::salvo(self, salvo, labels)
    }

    /// The end of the match: both fleets with every shot, the result and the
    /// statistics. `names` are the display names, challenger first.
    #[must_use]
    pub fn reveal(&self, view: &RevealView, names: &[String; 2], labels: &Labels) -> Picture {
        reveal::draw(self, view, names, labels)
    }

    /// A heading at the top of the picture, `x` from the left, at most `max` wide.
    fn heading(&self, canvas: &mut Canvas, text: &str, x: u32, max: u32) {
        let t = self.fonts.fit(Style::Heading, text, max as f32);
        let baseline = PAD as f32 + self.fonts.cap_height(Style::Heading) + 4.0;
        self.fonts.draw(
            canvas,
            Style::Heading,
            &t,
            x as f32,
            baseline,
            palette::TEXT,
        );
    }
}

/// Where the board lies in the own-board and target-board pictures.
#[must_use]
pub const fn board_grid(variant: Variant) -> Grid {
    Grid {
        x: PAD + ROW_LABELS,
        y: PAD + HEAD + COL_LABELS,
        cell: board::board_cell(variant),
        size: variant.size(),
    }
}
