//! Replays: a finished match as an animated GIF, one frame per move and the reveal last.
//!
//! Every frame has the reveal's layout (both seas side by side), so the last frame is the
//! reveal picture itself. A frame shows the move number and the shooter, the cells of the
//! move framed in gold, what they reported (in Game 2000 the salvo's report icons) and both
//! players' statistics so far. Frames are stored as the rectangle that changed since the
//! previous frame, with unchanged pixels inside it transparent, over one global palette.

use std::collections::HashMap;

use crate::game::{Replay, Report, ReportStyle, Step};

use super::board::Grid;
use super::canvas::Canvas;
use super::icons;
use super::labels::{Labels, fill};
use super::palette::{self, Rgb};
use super::report::{cells_text, report_words};
use super::reveal::{self, reveal_grids};
use super::text::Style;
use super::{PAD, Picture, Renderer};

/// The most frames a replay has, the reveal included. A classic match refuses repeated
/// shots, so it lasts at most 199 moves and is always shown whole; a Game 2000 match
/// that allows repeats can go on longer and is then shown one frame per few moves.
pub const MAX_FRAMES: usize = 240;

/// Hundredths of a second a frame stays after a miss, a hit and a sink: a classic shot,
/// then a Game 2000 salvo (which has a report to read); the reveal is held longest.
const DELAYS_SHOT: [u16; 3] = [60, 110, 180];
const DELAYS_SALVO: [u16; 3] = [130, 180, 250];
const DELAY_REVEAL: u16 = 800;

/// The delay of every image of a picture but its last (hundredths of a second): browsers
/// show delays of 0 and 1 as a tenth of a second, so 2 is the shortest that is kept.
const STEP_DELAY: u16 = 2;

/// The palette index that means "unchanged" in a frame rectangle.
const TRANSPARENT: u8 = 255;

/// An encoded replay.
#[derive(Clone, Debug)]
pub struct ReplayGif {
    /// The GIF file.
    pub bytes: Vec<u8>,
    /// Pictures shown, the reveal included: one per move (or per `every` moves) and one
    /// for the reveal.
    pub frames: usize,
    /// Images in the file: a picture is stored as one image per band of rows that
    /// changed, all but the last shown for a fiftieth of a second.
    pub images: usize,
    /// Moves in the match.
    pub moves: usize,
    /// One frame per this many moves (1 unless the match was too long).
    pub every: usize,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The GIF encoder failed (it writes to memory, so this is not expected).
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
}

impl Renderer {
    /// The frame after `step`, drawn on the reveal's layout. `every` > 1 notes on the
    /// picture that only one move in `every` has a frame.
    #[must_use]
    pub fn replay_frame(
        &self,
        replay: &Replay,
        step: &Step<'_>,
        names: &[String; 2],
        labels: &Labels,
        every: usize,
    ) -> Picture {
        let fonts = self.fonts();
        let grids = reveal_grids(replay.variant);
        let mut canvas = reveal::base(self, replay.variant);
        let w = canvas.width();
        let shooter = step.played.shooter.index();
        let cx = w as f32 / 2.0;

        let mut headline = fill(
            &labels.replay_move,
            &[
                ("n", &step.number.to_string()),
                ("total", &replay.len().to_string()),
                ("name", &names[shooter]),
            ],
        );
        if every > 1 {
            headline.push_str(" · ");
            headline.push_str(&fill(&labels.replay_sampled, &[("k", &every.to_string())]));
        }
        let headline = fonts.fit(Style::Heading, &headline, (w - 2 * PAD) as f32);
        fonts.draw_centred(
            &mut canvas,
            Style::Heading,
            &headline,
            cx,
            PAD as f32 + 12.0,
            palette::TEXT,
        );
        report_line(self, &mut canvas, replay, step, labels, cx);

        for (i, g) in grids.iter().enumerate() {
            let colour = if i == shooter {
                palette::GOLD
            } else {
                palette::TEXT
            };
            reveal::column(
                &mut canvas,
                fonts,
                *g,
                (&names[i], colour),
                &step.boards[i],
                step.stats[i],
                labels,
            );
        }
        let target = grids[step.played.shooter.other().index()];
        for shot in &step.played.shots {
            frame_cell(&mut canvas, target, shot.cell);
        }
        Picture {
            canvas,
            grids: grids.to_vec(),
        }
    }

    /// The whole replay as an animated GIF: one frame per move (or per `every` moves when
    /// the match has more than [`MAX_FRAMES`] − 1), then the reveal, held.
    pub fn replay(
        &self,
        replay: &Replay,
        names: &[String; 2],
        labels: &Labels,
    ) -> Result<ReplayGif, ReplayError> {
        let moves = replay.len();
        let every = moves.div_ceil(MAX_FRAMES - 1).max(1);
        let (width, height) = reveal::reveal_size(replay.variant);
        let mut gif = GifFrames::new(width, height);
        for step in replay.steps() {
            // The last move always has a frame; before it, one in `every`.
            if step.number % every != 0 && step.number != moves {
                continue;
            }
            let delay = delay(replay, &step);
            let frame = self.replay_frame(replay, &step, names, labels, every);
            gif.push(frame.canvas(), delay);
        }
        let end = self.reveal(&replay.reveal, names, labels);
        gif.push(end.canvas(), DELAY_REVEAL);
        let (frames, images) = (gif.shown, gif.frames.len());
        Ok(ReplayGif {
            bytes: gif.encode()?,
            frames,
            images,
            moves,
            every,
            width,
            height,
        })
    }
}

/// How long the frame after `step` stays.
fn delay(replay: &Replay, step: &Step<'_>) -> u16 {
    let delays = match replay.variant.rules().report {
        ReportStyle::LengthOnly => DELAYS_SALVO,
        ReportStyle::PerCell => DELAYS_SHOT,
    };
    let mv = step.played;
    delays[usize::from(mv.hit()) + usize::from(mv.sank())]
}

/// The second banner line: the cells of the move and what each shot reported (with the
/// report icons in Game 2000), centred on `cx`.
fn report_line(
    r: &Renderer,
    canvas: &mut Canvas,
    replay: &Replay,
    step: &Step<'_>,
    labels: &Labels,
    cx: f32,
) {
    const SEG: f32 = 11.0;
    const GAP: f32 = 14.0;
    let fonts = r.fonts();
    let mv = step.played;
    let icons = replay.variant.rules().report == ReportStyle::LengthOnly;
    let cells = format!("{}:", cells_text(&mv.cells()));
    let words: Vec<String> = mv
        .shots
        .iter()
        .map(|s| match s.report {
            _ if icons => report_words(s.report, labels),
            Report::Water => labels.miss.to_string(),
            Report::Hit { .. } => labels.hit.to_string(),
            Report::Sunk { len } => fill(&labels.sunk_len, &[("len", &len.to_string())]),
        })
        .collect();
    let icon_w = if icons { SEG * 3.0 + 5.0 } else { 0.0 };
    let width = |words: &[String]| {
        words
            .iter()
            .fold(fonts.width(Style::Label, &cells), |w, word| {
                w + GAP + icon_w + fonts.width(Style::Label, word)
            })
    };
    let room = canvas.width().saturating_sub(2 * PAD) as f32;
    let mut words = words;
    if icons && width(&words) > room {
        // Three long reports do not fit in every language: the icons say it all.
        words = vec![String::new(); words.len()];
    }
    let total = width(&words);
    let mid = PAD as f32 + 40.0;
    let baseline = mid + fonts.cap_height(Style::Label) / 2.0;
    let mut pen = cx - total / 2.0;
    fonts.draw(
        canvas,
        Style::Label,
        &cells,
        pen,
        baseline,
        palette::TEXT_DIM,
    );
    pen += fonts.width(Style::Label, &cells);
    for (shot, word) in mv.shots.iter().zip(&words) {
        pen += GAP;
        if icons {
            icons::report_icon(canvas, pen, mid - SEG / 2.0, SEG, shot.report);
            pen += icon_w;
        }
        let colour = if shot.report.is_hit() {
            palette::HIT
        } else {
            palette::TEXT
        };
        fonts.draw(canvas, Style::Label, word, pen, baseline, colour);
        pen += fonts.width(Style::Label, word);
    }
}

/// A gold frame around cell `c` of `g`, on the grid lines and just inside them.
fn frame_cell(canvas: &mut Canvas, g: Grid, c: crate::game::Coord) {
    let (x, y, w, h) = g.cell_rect(c);
    let (x, y, w, h) = (x as i32 - 1, y as i32 - 1, w as i32 + 2, h as i32 + 2);
    let t = 2;
    canvas.fill_rect(x, y, w, t, palette::GOLD);
    canvas.fill_rect(x, y + h - t, w, t, palette::GOLD);
    canvas.fill_rect(x, y, t, h, palette::GOLD);
    canvas.fill_rect(x + w - t, y, t, h, palette::GOLD);
}

/// One frame as stored: the changed rectangle in global palette indices.
struct Rect {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    pixels: Vec<u8>,
    delay: u16,
}

/// Frames mapped onto one palette of at most 255 colours (index 255 is "unchanged").
struct GifFrames {
    width: u32,
    height: u32,
    palette: Vec<Rgb>,
    lookup: HashMap<Rgb, u8>,
    previous: Option<Vec<u8>>,
    frames: Vec<Rect>,
    /// Pictures pushed (each one image or more).
    shown: usize,
}

impl GifFrames {
    fn new(width: u32, height: u32) -> Self {
        GifFrames {
            width,
            height,
            palette: Vec::with_capacity(255),
            lookup: HashMap::with_capacity(255),
            previous: None,
            frames: Vec::new(),
            shown: 0,
        }
    }

    /// The global index of `c`, added while there is room, else the nearest colour.
    fn index(&mut self, c: Rgb) -> u8 {
        if let Some(&i) = self.lookup.get(&c) {
            return i;
        }
        if self.palette.len() < usize::from(TRANSPARENT) {
            let i = self.palette.len() as u8;
            self.palette.push(c);
            self.lookup.insert(c, i);
            return i;
        }
        c.nearest(&self.palette) as u8
    }

    /// Adds `canvas` (of the replay's size) as the next picture, shown for `delay`.
    ///
    /// Only what changed is stored: the bands of rows that changed, each cut to the
    /// columns that changed, as separate images. All but the last are shown for
    /// [`STEP_DELAY`] (a fiftieth of a second, the shortest delay viewers honour), so the
    /// picture is complete at once and the total delay stays `delay`.
    fn push(&mut self, canvas: &Canvas, delay: u16) {
        debug_assert_eq!((canvas.width(), canvas.height()), (self.width, self.height));
        let table: Vec<u8> = canvas.palette().iter().map(|&c| self.index(c)).collect();
        let now: Vec<u8> = if table.iter().enumerate().all(|(i, &g)| usize::from(g) == i) {
            canvas.indices().to_vec()
        } else {
            canvas
                .indices()
                .iter()
                .map(|&i| table[usize::from(i)])
                .collect()
        };
        let w = self.width as usize;
        let mut rects = match &self.previous {
            None => vec![Rect {
                left: 0,
                top: 0,
                width: self.width as u16,
                height: self.height as u16,
                pixels: now.clone(),
                delay,
            }],
            Some(before) => changed(before, &now, w),
        };
        let n = rects.len() as u16;
        for (k, r) in rects.iter_mut().enumerate() {
            r.delay = if k + 1 == usize::from(n) {
                delay.saturating_sub(STEP_DELAY * (n - 1)).max(STEP_DELAY)
            } else {
                STEP_DELAY
            };
        }
        self.frames.extend(rects);
        self.shown += 1;
        self.previous = Some(now);
    }

    fn encode(self) -> Result<Vec<u8>, gif::EncodingError> {
        let mut palette: Vec<u8> = self.palette.iter().flat_map(|c| c.0).collect();
        palette.resize(256 * 3, 0);
        let mut out = Vec::with_capacity(256 * 1024);
        {
            let mut encoder =
                gif::Encoder::new(&mut out, self.width as u16, self.height as u16, &palette)?;
            encoder.set_repeat(gif::Repeat::Infinite)?;
            for (n, r) in self.frames.iter().enumerate() {
                let frame = gif::Frame {
                    delay: r.delay,
                    dispose: gif::DisposalMethod::Keep,
                    transparent: (n > 0).then_some(TRANSPARENT),
                    left: r.left,
                    top: r.top,
                    width: r.width,
                    height: r.height,
                    buffer: std::borrow::Cow::Borrowed(&r.pixels),
                    ..gif::Frame::default()
                };
                encoder.write_frame(&frame)?;
            }
        }
        Ok(out)
    }
}

/// Rows of no change that still join two changed bands into one image (an image costs
/// a few dozen bytes and one step of delay).
const BAND_GAP: usize = 12;

/// Where `now` differs from `before` (rows of `w` pixels): one rectangle per band of
/// changed rows, with unchanged pixels inside set to [`TRANSPARENT`]; a single transparent
/// pixel when nothing changed. Delays are set by the caller.
fn changed(before: &[u8], now: &[u8], w: usize) -> Vec<Rect> {
    // (first row, last row, first column, last column) of each band.
    let mut bands: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (y, (a, b)) in before.chunks_exact(w).zip(now.chunks_exact(w)).enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = w
            - 1
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        match bands.last_mut() {
            Some(band) if y - band.1 <= BAND_GAP => {
                band.1 = y;
                band.2 = band.2.min(first);
                band.3 = band.3.max(last);
            }
            _ => bands.push((y, y, first, last)),
        }
    }
    if bands.is_empty() {
        return vec![Rect {
            left: 0,
            top: 0,
            width: 1,
            height: 1,
            pixels: vec![TRANSPARENT],
            delay: 0,
        }];
    }
    bands
        .into_iter()
        .map(|(y0, y1, x0, x1)| {
            let mut pixels = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
            for y in y0..=y1 {
                let row = y * w;
                pixels.extend(
                    before[row + x0..=row + x1]
                        .iter()
                        .zip(&now[row + x0..=row + x1])
                        .map(|(&p, &q)| if p == q { TRANSPARENT } else { q }),
                );
            }
            Rect {
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0 + 1) as u16,
                height: (y1 - y0 + 1) as u16,
                pixels,
                delay: 0,
            }
        })
        .collect()
}
