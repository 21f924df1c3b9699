//! An indexed-colour drawing surface.
//!
//! Pixels are palette indices. The palette starts with [`palette::BASE`] and
//! grows, in drawing order, with the blends that anti-aliased edges need; edge
//! coverage is quantised to [`LEVELS`] steps, so a picture needs only a few dozen
//! colours and maps exactly onto a palette PNG. The same drawing calls always
//! give the same palette and the same pixels.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::palette::{self, Rgb};

/// Coverage steps of an anti-aliased edge (full coverage included).
pub const LEVELS: u8 = 5;

/// An indexed image with its palette.
#[derive(Debug)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    palette: Vec<Rgb>,
    lookup: HashMap<Rgb, u8, BuildHasherDefault<Mix>>,
    /// Blends met so far, direct-mapped by (background, colour, level): each slot holds
    /// `key << 8 | index`, or [`NO_BLEND`]. A slot taken by another blend just means the
    /// mix is worked out again, which gives the same index.
    blends: Box<[u32; BLEND_SLOTS]>,
}

impl Clone for Canvas {
    fn clone(&self) -> Self {
        let mut pixels = spare_pixels(self.pixels.len());
        pixels.extend_from_slice(&self.pixels);
        Canvas {
            width: self.width,
            height: self.height,
            pixels,
            palette: self.palette.clone(),
            lookup: self.lookup.clone(),
            blends: self.blends.clone(),
        }
    }
}

impl Drop for Canvas {
    fn drop(&mut self) {
        let pixels = std::mem::take(&mut self.pixels);
        if (SPARE_MIN..=SPARE_MAX).contains(&pixels.capacity()) {
            // Fails only while the thread ends, when nothing is drawn any more.
            let _ = SPARE.try_with(|spare| {
                if let Ok(mut spare) = spare.try_borrow_mut() {
                    *spare = Some(pixels);
                }
            });
        }
    }
}

/// An empty pixel buffer with room for `len`: the thread's spare one if it is large
/// enough. A large picture's pixels are then memory already in use, not fresh pages that
/// the kernel must clear and map as they are first written (about a tenth of the time
/// of the standings picture).
fn spare_pixels(len: usize) -> Vec<u8> {
    if len >= SPARE_MIN
        && let Ok(Some(mut pixels)) = SPARE.try_with(|spare| {
            let mut spare = spare.try_borrow_mut().ok()?;
            spare.take_if(|p| p.capacity() >= len)
        })
    {
        pixels.clear();
        return pixels;
    }
    Vec::with_capacity(len)
}

/// Pixel buffers kept for the next canvas: from this size (smaller ones are cheap to
/// get from the allocator)…
const SPARE_MIN: usize = 64 * 1024;
/// …to this one (the largest picture, the standings, has 2.2 million pixels), one a
/// thread.
const SPARE_MAX: usize = 4 * 1024 * 1024;

thread_local! {
    static SPARE: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Slots of the blend memo.
const BLEND_SLOTS: usize = 4096;
/// An empty slot of the blend memo (no key is that large).
const NO_BLEND: u32 = u32::MAX;

/// A hasher for the small keys of the colour lookup and the stamp cache (a rotate and a
/// multiply per word, no `SipHash`: the keys are ours, not an attacker's).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(8) ^ u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
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
            lookup: HashMap::with_capacity_and_hasher(96, BuildHasherDefault::default()),
            blends: Box::new([NO_BLEND; BLEND_SLOTS]),
        };
        for c in palette::BASE {
            canvas.index_of(c);
        }
        let bg = canvas.index_of(background);
        let len = width as usize * height as usize;
        canvas.pixels = spare_pixels(len);
        canvas.pixels.resize(len, bg);
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
        c.nearest(&self.palette) as u8
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
    #[inline]
    pub fn blend(&mut self, x: u32, y: u32, fg: u8, level: u8) {
        if level == 0 || x >= self.width || y >= self.height {
            return;
        }
        let at = self.offset(x, y);
        if level >= LEVELS {
            self.pixels[at] = fg;
        } else {
            self.mix_at(at, fg, level);
        }
    }

    /// Covers the pixels of a coverage bitmap (`width` levels a row, row by row) with
    /// colour index `fg`, its top-left at (`x`, `y`): as [`Canvas::blend`] on each pixel,
    /// in the same order, but clipped once for the whole bitmap.
    pub fn cover(&mut self, x: i32, y: i32, width: u32, levels: &[u8], fg: u8) {
        if width == 0 {
            return;
        }
        let (x, y, w) = (i64::from(x), i64::from(y), i64::from(width));
        let h = levels.len() as i64 / w;
        let (canvas_w, canvas_h) = (i64::from(self.width), i64::from(self.height));
        let (c0, c1) = ((-x).max(0), (canvas_w - x).min(w));
        let (r0, r1) = ((-y).max(0), (canvas_h - y).min(h));
        if c0 >= c1 || r0 >= r1 {
            return;
        }
        for r in r0..r1 {
            let row = &levels[(r * w + c0) as usize..(r * w + c1) as usize];
            let start = ((y + r) * canvas_w + x + c0) as usize;
            for (at, &level) in (start..).zip(row) {
                if level >= LEVELS {
                    self.pixels[at] = fg;
                } else if level > 0 {
                    self.mix_at(at, fg, level);
                }
            }
        }
    }

    /// Covers the pixel at offset `at` with `fg` at a partial `level`.
    #[inline]
    fn mix_at(&mut self, at: usize, fg: u8, level: u8) {
        let bg = self.pixels[at];
        if bg == fg {
            return;
        }
        let key = u32::from(bg) << 11 | u32::from(fg) << 3 | u32::from(level);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % BLEND_SLOTS;
        let held = self.blends[slot];
        let i = if held >> 8 == key {
            held as u8
        } else {
            let c = self.palette[usize::from(bg)].mix(self.palette[usize::from(fg)], level, LEVELS);
            let i = self.index_of(c);
            self.blends[slot] = key << 8 | u32::from(i);
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
                self.blend(x, y, fg, level_of(d));
            }
        }
    }

    /// Paints a shape through the stamp cache: `bbox` and `at` are in canvas pixels,
    /// `sdf` takes points relative to the integer origin the stamp is cut at, and
    /// `params` (the shape's coordinates relative to that origin, and its sizes) say
    /// which shapes are the same. Pixels equal those of [`Canvas::shape`] for the same
    /// distance function: the translation by whole pixels is exact in `f32`.
    fn stamped(
        &mut self,
        kind: u8,
        bbox: (f32, f32, f32, f32),
        c: Rgb,
        params: impl Fn(f32, f32) -> [f32; 6],
        sdf: impl Fn(P, &[f32; 6]) -> f32,
    ) {
        let (x0, y0, x1, y1) = bbox;
        let (ox, oy) = ((x0 - 1.0).floor(), (y0 - 1.0).floor());
        let local = params(ox, oy);
        let key = StampKey {
            kind,
            params: local.map(f32::to_bits),
            size: [(x1 - x0).to_bits(), (y1 - y0).to_bits(), 0, 0],
        };
        let (lx0, ly0, lx1, ly1) = (x0 - ox, y0 - oy, x1 - ox, y1 - oy);
        let range = (
            (lx0 - 1.0).floor() as i32,
            (ly0 - 1.0).floor() as i32,
            (lx1 + 1.0).ceil() as i32,
            (ly1 + 1.0).ceil() as i32,
        );
        let stamp = stamp(key, range, |p| level_of(sdf(p, &local)));
        let fg = self.index_of(c);
        self.paint(&stamp, (ox as i32, oy as i32), fg);
    }

    /// Paints the spans of `stamp` cut at `origin` in colour index `fg`.
    fn paint(&mut self, stamp: &Stamp, origin: (i32, i32), fg: u8) {
        let (width, height) = (self.width as i32, self.height as i32);
        for span in &stamp.spans {
            let y = origin.1 + span.y;
            let x0 = (origin.0 + span.x).max(0);
            let x1 = (origin.0 + span.x + i32::from(span.len)).min(width);
            if y < 0 || y >= height || x0 >= x1 {
                continue;
            }
            let row = y as usize * self.width as usize;
            let (a, b) = (row + x0 as usize, row + x1 as usize);
            if span.level >= LEVELS {
                self.pixels[a..b].fill(fg);
            } else {
                for at in a..b {
                    self.mix_at(at, fg, span.level);
                }
            }
        }
    }

    /// A filled disc.
    pub fn disc(&mut self, centre: P, r: f32, c: Rgb) {
        let P(cx, cy) = centre;
        self.stamped(
            0,
            (cx - r, cy - r, cx + r, cy + r),
            c,
            |ox, oy| [cx - ox, cy - oy, r, 0.0, 0.0, 0.0],
            |p, &[cx, cy, r, ..]| len(p.0 - cx, p.1 - cy) - r,
        );
    }

    /// A ring of radius `r` and stroke width `w`.
    pub fn ring(&mut self, centre: P, r: f32, w: f32, c: Rgb) {
        let P(cx, cy) = centre;
        let e = r + w;
        self.stamped(
            1,
            (cx - e, cy - e, cx + e, cy + e),
            c,
            |ox, oy| [cx - ox, cy - oy, r, w, 0.0, 0.0],
            |p, &[cx, cy, r, w, ..]| (len(p.0 - cx, p.1 - cy) - r).abs() - w / 2.0,
        );
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
        self.stamped(
            2,
            bbox,
            c,
            |ox, oy| [a.0 - ox, a.1 - oy, b.0 - ox, b.1 - oy, h, 0.0],
            |p, &[ax, ay, bx, by, h, _]| seg_dist(p, P(ax, ay), P(bx, by)) - h,
        );
    }

    /// A filled rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb) {
        // The centre is taken in canvas pixels first, then moved to the stamp's origin,
        // so that the distances are the very same `f32` values wherever the box lies.
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
        self.stamped(
            3,
            (x, y, x + w, y + h),
            c,
            |ox, oy| [cx - ox, cy - oy, hx, hy, r, 0.0],
            |p, &[cx, cy, hx, hy, r, _]| rounded_box_sdf(p, (cx, cy), (hx, hy), r),
        );
    }

    /// Paints `c` on every pixel inside the rounded rectangle where
    /// `(x + y) mod period < width`: diagonal hatching, crisp, no blending.
    #[expect(clippy::too_many_arguments)]
    pub fn hatch(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, period: u32, c: Rgb) {
        let i = self.index_of(c);
        let (ox, oy) = (x.floor() - 1.0, y.floor() - 1.0);
        // The stripes follow the canvas, so the stamp is also keyed by where they start.
        let period = period.max(1);
        let phase = (ox as i64 + oy as i64).rem_euclid(i64::from(period)) as u32;
        let (cx, cy) = (x + w / 2.0 - ox, y + h / 2.0 - oy);
        let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
        let key = StampKey {
            kind: 4,
            params: [cx, cy, hx, hy, r, 0.0].map(f32::to_bits),
            size: [w.to_bits(), h.to_bits(), period, phase],
        };
        let range = (
            (x - ox).floor() as i32,
            (y - oy).floor() as i32,
            (x + w - ox).ceil() as i32,
            (y + h - oy).ceil() as i32,
        );
        let stamp = stamp(key, range, |p| {
            let (px, py) = ((p.0 - 0.5) as u32, (p.1 - 0.5) as u32);
            let on =
                (px + py + phase) % period < 2 && rounded_box_sdf(p, (cx, cy), (hx, hy), r) < -0.5;
            if on { LEVELS } else { 0 }
        });
        self.paint(&stamp, (ox as i32, oy as i32), i);
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

/// The distance to a box with centre `c`, straight half-sides `half` and corner radius `r`.
fn rounded_box_sdf(p: P, c: (f32, f32), half: (f32, f32), r: f32) -> f32 {
    let qx = (p.0 - c.0).abs() - half.0;
    let qy = (p.1 - c.1).abs() - half.1;
    len(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

/// The coverage level of a pixel whose centre lies `d` pixels outside a shape's edge.
fn level_of(d: f32) -> u8 {
    let cover = (0.5 - d).clamp(0.0, 1.0);
    // `cover` is never negative, so adding a half and truncating rounds like `round`
    // (which is a library call, not an instruction).
    (cover * f32::from(LEVELS) + 0.5) as u8
}

/// The coverage of one shape, cut at an integer origin: runs of equal coverage.
struct Stamp {
    spans: Vec<Span>,
}

/// A run of pixels of one row with the same coverage.
struct Span {
    /// Row and first column, from the origin.
    y: i32,
    x: i32,
    /// Pixels in the run.
    len: u16,
    /// Coverage, `1..=LEVELS`.
    level: u8,
}

/// The cached stamp `key`, measured by `level` over the pixels of `range` (columns
/// `x0..x1`, rows `y0..y1` from the origin; `level` gets pixel centres).
fn stamp(key: StampKey, range: (i32, i32, i32, i32), level: impl Fn(P) -> u8) -> Rc<Stamp> {
    STAMPS.with(|cache| {
        if let Some(s) = cache.borrow().get(&key) {
            return Rc::clone(s);
        }
        let (x0, y0, x1, y1) = range;
        let mut spans = Vec::new();
        for y in y0..y1 {
            let mut run: Option<Span> = None;
            for x in x0..x1 {
                let l = level(P(x as f32 + 0.5, y as f32 + 0.5));
                match &mut run {
                    Some(s) if s.level == l => s.len += 1,
                    _ => {
                        if let Some(s) = run.take().filter(|s| s.level > 0) {
                            spans.push(s);
                        }
                        run = Some(Span {
                            y,
                            x,
                            len: 1,
                            level: l,
                        });
                    }
                }
            }
            if let Some(s) = run.filter(|s| s.level > 0) {
                spans.push(s);
            }
        }
        let stamp = Rc::new(Stamp { spans });
        let mut cache = cache.borrow_mut();
        if cache.len() >= MAX_STAMPS {
            cache.clear();
        }
        cache.insert(key, Rc::clone(&stamp));
        stamp
    })
}

/// Which shape a stamp is: the kind, its coordinates relative to the stamp's origin and
/// its sizes, as bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StampKey {
    kind: u8,
    params: [u32; 6],
    size: [u32; 4],
}

/// Stamps kept per thread; the pictures use a few hundred.
const MAX_STAMPS: usize = 4096;

thread_local! {
    static STAMPS: RefCell<HashMap<StampKey, Rc<Stamp>, BuildHasherDefault<Mix>>> =
        RefCell::new(HashMap::default());
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
