//! An indexed-colour drawing surface.
//!
//! Pixels are palette indices. The palette starts with [`palette::BASE`] and
//! grows, in drawing order, with the blends that anti-aliased edges need; edge
//! coverage is quantised to [`LEVELS`] steps, so a picture needs only a few dozen
//! colours and maps exactly onto a palette PNG. The same drawing calls always
//! give the same palette and the same pixels.

use std::collections::HashMap;

use super::palette::{self, Rgb};

/// Coverage steps of an anti-aliased edge (full coverage included).
pub const LEVELS: u8 = 5;

/// An indexed image with its palette.
#[derive(Clone, Debug)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    palette: Vec<Rgb>,
    lookup: HashMap<Rgb, u8>,
    blends: HashMap<(u8, u8, u8), u8>,
}

/// A point in pixel space (pixel centres are at `.5`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct P(pub f32, pub f32);

impl Canvas {
    /// A canvas filled with `background`.
    #[must_use]
    pub fn new(width: u32, height: u32, background: Rgb) -> Self {
        let mut canvas = Canvas {
            width,
            height,
            pixels: Vec::new(),
            palette: Vec::with_capacity(96),
            lookup: HashMap::with_capacity(96),
            blends: HashMap::with_capacity(128),
        };
        for c in palette::BASE {
            canvas.index_of(c);
        }
        let bg = canvas.index_of(background);
        canvas.pixels = vec![bg; width as usize * height as usize];
        canvas
    }

    /// Width in pixels.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The palette indices, row by row.
    #[must_use]
    pub fn indices(&self) -> &[u8] {
        &self.pixels
    }

    /// The colours the indices refer to.
    #[must_use]
    pub fn palette(&self) -> &[Rgb] {
        &self.palette
    }

    /// The colour at (`x`, `y`), if inside.
    #[must_use]
    pub fn get(&self, x: u32, y: u32) -> Option<Rgb> {
        (x < self.width && y < self.height)
            .then(|| self.palette[usize::from(self.pixels[self.offset(x, y)])])
    }

    const fn offset(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The palette index of `c`, adding it if there is room; a full palette
    /// (256 colours) answers with the nearest colour instead.
    pub fn index_of(&mut self, c: Rgb) -> u8 {
        if let Some(&i) = self.lookup.get(&c) {
            return i;
        }
        if self.palette.len() < 256 {
            let i = self.palette.len() as u8;
            self.palette.push(c);
            self.lookup.insert(c, i);
            return i;
        }
        let dist = |p: &Rgb| {
            p.0.iter()
                .zip(c.0.iter())
                .map(|(&a, &b)| (i32::from(a) - i32::from(b)).pow(2))
                .sum::<i32>()
        };
        let mut best = 0;
        for (i, p) in self.palette.iter().enumerate() {
            if dist(p) < dist(&self.palette[best]) {
                best = i;
            }
        }
        best as u8
    }

    /// Fills a rectangle (clipped to the canvas).
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Rgb) {
        let i = self.index_of(c);
        let (x0, y0) = (x.max(0) as u32, y.max(0) as u32);
        let x1 = (x + w).clamp(0, self.width as i32) as u32;
        let y1 = (y + h).clamp(0, self.height as i32) as u32;
        if x0 >= x1 {
            return;
        }
        for row in y0..y1 {
            let start = self.offset(x0, row);
            let end = self.offset(x1, row);
            self.pixels[start..end].fill(i);
        }
    }

    /// Covers pixel (`x`, `y`) with colour index `fg` at `level` of [`LEVELS`].
    pub fn blend(&mut self, x: u32, y: u32, fg: u8, level: u8) {
        if level == 0 || x >= self.width || y >= self.height {
            return;
        }
        let at = self.offset(x, y);
        if level >= LEVELS {
            self.pixels[at] = fg;
            return;
        }
        let bg = self.pixels[at];
        if bg == fg {
            return;
        }
        let key = (bg, fg, level);
        let i = if let Some(&i) = self.blends.get(&key) {
            i
        } else {
            let c = self.palette[usize::from(bg)].mix(self.palette[usize::from(fg)], level, LEVELS);
            let i = self.index_of(c);
            self.blends.insert(key, i);
            i
        };
        self.pixels[at] = i;
    }

    /// Paints the shape whose signed distance (negative inside, in pixels) is
    /// `sdf`, anti-aliased over one pixel, within the box `x0,y0`–`x1,y1`.
    pub fn shape(&mut self, bbox: (f32, f32, f32, f32), c: Rgb, sdf: impl Fn(P) -> f32) {
        let fg = self.index_of(c);
        let (x0, y0, x1, y1) = bbox;
        let xa = (x0 - 1.0).floor().max(0.0) as u32;
        let ya = (y0 - 1.0).floor().max(0.0) as u32;
        let xb = ((x1 + 1.0).ceil().max(0.0) as u32).min(self.width);
        let yb = ((y1 + 1.0).ceil().max(0.0) as u32).min(self.height);
        for y in ya..yb {
            for x in xa..xb {
                let d = sdf(P(x as f32 + 0.5, y as f32 + 0.5));
                let cover = (0.5 - d).clamp(0.0, 1.0);
                let level = (cover * f32::from(LEVELS)).round() as u8;
                self.blend(x, y, fg, level);
            }
        }
    }

    /// A filled disc.
    pub fn disc(&mut self, centre: P, r: f32, c: Rgb) {
        let P(cx, cy) = centre;
        self.shape((cx - r, cy - r, cx + r, cy + r), c, |p| {
            len(p.0 - cx, p.1 - cy) - r
        });
    }

    /// A ring of radius `r` and stroke width `w`.
    pub fn ring(&mut self, centre: P, r: f32, w: f32, c: Rgb) {
        let P(cx, cy) = centre;
        let e = r + w;
        self.shape((cx - e, cy - e, cx + e, cy + e), c, |p| {
            (len(p.0 - cx, p.1 - cy) - r).abs() - w / 2.0
        });
    }

    /// A straight stroke with round ends.
    pub fn line(&mut self, a: P, b: P, w: f32, c: Rgb) {
        let h = w / 2.0;
        let bbox = (
            a.0.min(b.0) - h,
            a.1.min(b.1) - h,
            a.0.max(b.0) + h,
            a.1.max(b.1) + h,
        );
        self.shape(bbox, c, |p| seg_dist(p, a, b) - h);
    }

    /// A filled rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb) {
        self.shape((x, y, x + w, y + h), c, |p| {
            rounded_rect_sdf(p, x, y, w, h, r)
        });
    }

    /// Paints `c` on every pixel inside the rounded rectangle where
    /// `(x + y) mod period < width`: diagonal hatching, crisp, no blending.
    #[allow(clippy::too_many_arguments)]
    pub fn hatch(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, period: u32, c: Rgb) {
        let i = self.index_of(c);
        let xa = x.floor().max(0.0) as u32;
        let ya = y.floor().max(0.0) as u32;
        let xb = ((x + w).ceil().max(0.0) as u32).min(self.width);
        let yb = ((y + h).ceil().max(0.0) as u32).min(self.height);
        for py in ya..yb {
            for px in xa..xb {
                if (px + py) % period < 2
                    && rounded_rect_sdf(P(px as f32 + 0.5, py as f32 + 0.5), x, y, w, h, r) < -0.5
                {
                    let at = self.offset(px, py);
                    self.pixels[at] = i;
                }
            }
        }
    }
}

fn len(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

fn seg_dist(p: P, a: P, b: P) -> f32 {
    let (px, py) = (p.0 - a.0, p.1 - a.1);
    let (bx, by) = (b.0 - a.0, b.1 - a.1);
    let ll = bx * bx + by * by;
    let t = if ll > 0.0 {
        ((px * bx + py * by) / ll).clamp(0.0, 1.0)
    } else {
        0.0
    };
    len(px - bx * t, py - by * t)
}

fn rounded_rect_sdf(p: P, x: f32, y: f32, w: f32, h: f32, r: f32) -> f32 {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let qx = (p.0 - cx).abs() - (w / 2.0 - r);
    let qy = (p.1 - cy).abs() - (h / 2.0 - r);
    len(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blends_grow_the_palette_deterministically() {
        let draw = || {
            let mut c = Canvas::new(40, 40, palette::WATER);
            c.disc(P(20.0, 20.0), 9.5, palette::HIT);
            c.line(P(2.0, 2.0), P(38.0, 30.0), 3.0, palette::MISS);
            c
        };
        let (a, b) = (draw(), draw());
        assert_eq!(a.indices(), b.indices());
        assert_eq!(a.palette(), b.palette());
        assert!(a.palette().len() > palette::BASE.len());
        assert_eq!(a.get(20, 20), Some(palette::HIT));
        assert_eq!(a.get(39, 0), Some(palette::WATER));
    }

    #[test]
    fn clipping_never_panics() {
        let mut c = Canvas::new(10, 10, palette::WATER);
        c.fill_rect(-5, -5, 30, 30, palette::HIT);
        c.disc(P(-3.0, 12.0), 6.0, palette::MISS);
        c.hatch(-4.0, -4.0, 30.0, 30.0, 2.0, 5, palette::INK);
        assert_eq!(c.get(0, 9), Some(palette::MISS));
    }
}
