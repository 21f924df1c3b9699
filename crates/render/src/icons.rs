//! Hulls, marks and the Game 2000 report icons. Each mark has its own shape as
//! well as its own colour: a cross for a hit, a dot for a miss, a ring for halo
//! water, a dark hatched hull for a sunk ship, waves for a water report.

use crate::game::{Orientation, Report, ShipsLeft};

use super::canvas::{Canvas, P};
use super::palette;

/// Whether a hull is still afloat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HullState {
    /// Afloat (possibly hit).
    Afloat,
    /// Sunk: dark, hatched, rimmed in vermillion.
    Sunk,
}

/// A hull of `segments` cells filling the box (`x`, `y`, `w`, `h`), lying along
/// `orientation`, with seams between its segments.
pub fn hull(
    canvas: &mut Canvas,
    (x, y, w, h): (f32, f32, f32, f32),
    segments: u8,
    orientation: Orientation,
    state: HullState,
) {
    let thick = w.min(h);
    let r = thick * 0.45;
    let (rim, body) = match state {
        HullState::Afloat => (palette::HULL_EDGE, palette::HULL),
        HullState::Sunk => (palette::SUNK, palette::WRECK),
    };
    let e = (thick * 0.09).max(1.5);
    canvas.rounded_rect(x, y, w, h, r, rim);
    canvas.rounded_rect(x + e, y + e, w - 2.0 * e, h - 2.0 * e, r - e, body);
    if state == HullState::Sunk {
        let period = (thick / 4.0).round().max(4.0) as u32;
        canvas.hatch(
            x + e,
            y + e,
            w - 2.0 * e,
            h - 2.0 * e,
            r - e,
            period,
            palette::WRECK_HATCH,
        );
    }
    let seam = (thick * 0.06).max(1.0);
    for i in 1..segments {
        let f = f32::from(i) / f32::from(segments);
        match orientation {
            Orientation::Horizontal => {
                let sx = x + w * f;
                canvas.line(P(sx, y + e), P(sx, y + h - e), seam, rim);
            }
            Orientation::Vertical => {
                let sy = y + h * f;
                canvas.line(P(x + e, sy), P(x + w - e, sy), seam, rim);
            }
        }
    }
}

/// A hit: a cross with a dark outline, `size` pixels across.
pub fn hit_mark(canvas: &mut Canvas, c: P, size: f32) {
    cross(canvas, c, size * 0.32, (size * 0.15).max(2.0), 3.0);
}

/// A cell of a sunk hull: a smaller cross, so the dark hull shows around it.
pub fn sunk_mark(canvas: &mut Canvas, c: P, size: f32) {
    cross(canvas, c, size * 0.2, (size * 0.1).max(1.6), 2.0);
}

/// A cross of half-width `arm` and stroke `width` in the hit colour, on a dark outline
/// `outline` pixels wider.
fn cross(canvas: &mut Canvas, c: P, arm: f32, width: f32, outline: f32) {
    let strokes = [((-arm, -arm), (arm, arm)), ((-arm, arm), (arm, -arm))];
    for (w, colour) in [(width + outline, palette::INK), (width, palette::HIT)] {
        for (d1, d2) in strokes {
            canvas.line(
                P(c.0 + d1.0, c.1 + d1.1),
                P(c.0 + d2.0, c.1 + d2.1),
                w,
                colour,
            );
        }
    }
}

/// A miss: a pale dot.
pub fn miss_mark(canvas: &mut Canvas, c: P, size: f32) {
    canvas.disc(c, size * 0.15, palette::MISS);
}

/// Water known from a sink's halo: a thin dim ring.
pub fn halo_mark(canvas: &mut Canvas, c: P, size: f32) {
    canvas.ring(c, size * 0.13, 1.5, palette::HALO);
}

/// Waves: a water report.
pub fn waves(canvas: &mut Canvas, (x, y, w, h): (f32, f32, f32, f32)) {
    let stroke = (h * 0.13).max(1.6);
    let amp = h * 0.12;
    let waves = 3;
    for (k, fy) in [0.38f32, 0.72].into_iter().enumerate() {
        let base = y + h * fy;
        let inset = if k == 0 { w * 0.12 } else { w * 0.04 };
        let (x0, x1) = (x + inset, x + w - inset);
        let steps = 24;
        let mut prev = None;
        for i in 0..=steps {
            let t = i as f32 / steps as f32;
            let px = x0 + (x1 - x0) * t;
            let py = base - amp * (t * std::f32::consts::TAU * waves as f32 / 2.0).sin();
            if let Some(p) = prev {
                canvas.line(p, P(px, py), stroke, palette::SPLASH);
            }
            prev = Some(P(px, py));
        }
    }
}

/// The icon of one Game 2000 report in a box `seg * 3` wide and `seg` high:
/// waves for water, a hull of `len` segments with a cross for "hit", a dark
/// hatched hull crossed on every segment for "destroyed".
pub fn report_icon(canvas: &mut Canvas, x: f32, y: f32, seg: f32, report: Report) {
    let boxw = seg * 3.0;
    let (len, state) = match report {
        Report::Water => {
            waves(canvas, (x, y, boxw, seg));
            return;
        }
        Report::Hit { len } => (len.unwrap_or(1), HullState::Afloat),
        Report::Sunk { len } => (len, HullState::Sunk),
    };
    let len = len.clamp(1, 3);
    let w = seg * f32::from(len);
    let hx = x + (boxw - w) / 2.0;
    let t = seg * 0.78;
    let hy = y + (seg - t) / 2.0;
    hull(canvas, (hx, hy, w, t), len, Orientation::Horizontal, state);
    let centre = |i: u8| P(hx + seg * (f32::from(i) + 0.5), y + seg / 2.0);
    match state {
        HullState::Afloat => hit_mark(canvas, centre(len / 2), seg),
        HullState::Sunk => {
            for i in 0..len {
                sunk_mark(canvas, centre(i), seg);
            }
        }
    }
}

/// Width of the ships-left strip for these classes at segment size `seg`.
#[must_use]
pub fn ships_left_width(ships: &[ShipsLeft], seg: f32) -> f32 {
    let gap = seg * 0.5;
    let mut w = 0.0;
    for s in ships {
        w += f32::from(s.total) * (f32::from(s.len) * seg + gap) + gap;
    }
    w - 2.0 * gap
}

/// The ships of a fleet as small hulls: afloat ones light, sunk ones dark and
/// struck through.
pub fn ships_left(canvas: &mut Canvas, x: f32, y: f32, seg: f32, ships: &[ShipsLeft]) {
    let gap = seg * 0.5;
    let t = seg * 0.8;
    let mut cx = x;
    for s in ships {
        for k in 0..s.total {
            let w = f32::from(s.len) * seg;
            let state = if k < s.afloat {
                HullState::Afloat
            } else {
                HullState::Sunk
            };
            hull(canvas, (cx, y, w, t), s.len, Orientation::Horizontal, state);
            if state == HullState::Sunk {
                let (a, b) = (P(cx + 1.0, y + t - 1.0), P(cx + w - 1.0, y + 1.0));
                canvas.line(a, b, 4.0, palette::INK);
                canvas.line(a, b, 2.0, palette::HIT);
            }
            cx += w + gap;
        }
        cx += gap;
    }
}
