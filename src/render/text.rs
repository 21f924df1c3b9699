//! The bundled fonts (`DejaVu Sans`, see `assets/fonts/LICENSE-DejaVu.txt`) and
//! text drawing. Glyphs of printable ASCII are rasterised once per style when
//! the [`Fonts`] are built; any other character is rasterised when drawn.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::canvas::{Canvas, LEVELS};
use super::palette::Rgb;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A font and size used in the pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Turn numbers inside cells and small captions.
    Small,
    /// Coordinates and panel text.
    Label,
    /// Headings above boards and panels.
    Heading,
    /// The big banner of the end reveal.
    Banner,
}

impl Style {
    const ALL: [Style; 4] = [Style::Small, Style::Label, Style::Heading, Style::Banner];

    const fn px(self) -> f32 {
        match self {
            Style::Small => 12.0,
            Style::Label => 13.0,
            Style::Heading => 16.0,
            Style::Banner => 24.0,
        }
    }

    const fn bold(self) -> bool {
        !matches!(self, Style::Small)
    }

    const fn slot(self) -> usize {
        self as usize
    }
}

/// One rasterised glyph: quantised coverage and where it sits from the pen.
#[derive(Clone, Debug)]
struct Bitmap {
    /// Offset from the pen position (baseline) to the top-left of the bitmap.
    dx: i32,
    dy: i32,
    w: u32,
    h: u32,
    /// Coverage levels `0..=LEVELS`, row by row.
    cover: Vec<u8>,
}

/// The fonts with their glyph cache.
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// `ascii[style][ch - 32]`.
    ascii: [Vec<Bitmap>; 4],
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fonts").finish_non_exhaustive()
    }
}

impl Fonts {
    /// Loads the bundled fonts and rasterises printable ASCII in every style.
    ///
    /// # Panics
    /// Only if the fonts compiled into the binary are broken.
    #[must_use]
    pub fn new() -> Self {
        let regular =
            FontRef::try_from_slice(REGULAR).expect("bundled DejaVuSans.ttf is a valid font");
        let bold =
            FontRef::try_from_slice(BOLD).expect("bundled DejaVuSans-Bold.ttf is a valid font");
        let mut fonts = Fonts {
            regular,
            bold,
            ascii: Default::default(),
        };
        for style in Style::ALL {
            let glyphs = (32u8..127)
                .map(|b| fonts.rasterise(style, fonts.font(style).glyph_id(char::from(b))))
                .collect();
            fonts.ascii[style.slot()] = glyphs;
        }
        fonts
    }

    fn font(&self, style: Style) -> &FontRef<'static> {
        if style.bold() {
            &self.bold
        } else {
            &self.regular
        }
    }

    fn rasterise(&self, style: Style, id: GlyphId) -> Bitmap {
        let font = self.font(style);
        let glyph = id.with_scale_and_position(PxScale::from(style.px()), point(0.0, 0.0));
        let Some(outline) = font.outline_glyph(glyph) else {
            return Bitmap {
                dx: 0,
                dy: 0,
                w: 0,
                h: 0,
                cover: Vec::new(),
            };
        };
        let b = outline.px_bounds();
        let (w, h) = (b.width() as u32, b.height() as u32);
        let mut cover = vec![0u8; w as usize * h as usize];
        outline.draw(|x, y, c| {
            if x < w && y < h {
                cover[(y * w + x) as usize] = (c.clamp(0.0, 1.0) * f32::from(LEVELS)).round() as u8;
            }
        });
        Bitmap {
            dx: b.min.x as i32,
            dy: b.min.y as i32,
            w,
            h,
            cover,
        }
    }

    /// Pixels from the top of a line to its baseline.
    #[must_use]
    pub fn ascent(&self, style: Style) -> f32 {
        self.font(style)
            .as_scaled(PxScale::from(style.px()))
            .ascent()
    }

    /// Height of a capital letter, for centring labels.
    #[must_use]
    pub fn cap_height(&self, style: Style) -> f32 {
        // DejaVu Sans: caps are 0.729 em.
        style.px() * 0.729
    }

    /// Width of `text` in pixels.
    #[must_use]
    pub fn width(&self, style: Style, text: &str) -> f32 {
        self.layout(style, text)
            .last()
            .map_or(0.0, |&(_, x, adv)| x + adv)
    }

    /// Each char's glyph, pen x and advance.
    fn layout(&self, style: Style, text: &str) -> Vec<(GlyphId, f32, f32)> {
        let font = self.font(style).as_scaled(PxScale::from(style.px()));
        let mut out = Vec::with_capacity(text.len());
        let mut x = 0.0f32;
        let mut prev: Option<GlyphId> = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                x += font.kern(p, id);
            }
            let adv = font.h_advance(id);
            out.push((id, x.round(), adv));
            x += adv;
            prev = Some(id);
        }
        out
    }

    /// Draws `text` with its baseline starting at (`x`, `baseline`).
    pub fn draw(
        &self,
        canvas: &mut Canvas,
        style: Style,
        text: &str,
        x: f32,
        baseline: f32,
        c: Rgb,
    ) {
        let fg = canvas.index_of(c);
        for (ch, (id, gx, _)) in text.chars().zip(self.layout(style, text)) {
            let owned;
            let bitmap = if let Ok(b @ 32..127) = u8::try_from(ch) {
                &self.ascii[style.slot()][usize::from(b - 32)]
            } else {
                owned = self.rasterise(style, id);
                &owned
            };
            let ox = (x + gx).round() as i32 + bitmap.dx;
            let oy = baseline.round() as i32 + bitmap.dy;
            for row in 0..bitmap.h {
                for col in 0..bitmap.w {
                    let level = bitmap.cover[(row * bitmap.w + col) as usize];
                    let (px, py) = (ox + col as i32, oy + row as i32);
                    if level > 0 && px >= 0 && py >= 0 {
                        canvas.blend(px as u32, py as u32, fg, level);
                    }
                }
            }
        }
    }

    /// Draws `text` centred on (`cx`, `cy`) (caps centred vertically).
    pub fn draw_centred(
        &self,
        canvas: &mut Canvas,
        style: Style,
        text: &str,
        cx: f32,
        cy: f32,
        c: Rgb,
    ) {
        let w = self.width(style, text);
        let baseline = cy + self.cap_height(style) / 2.0;
        self.draw(canvas, style, text, cx - w / 2.0, baseline, c);
    }

    /// `text`, shortened with an ellipsis so that it fits in `max` pixels.
    #[must_use]
    pub fn fit(&self, style: Style, text: &str, max: f32) -> String {
        if self.width(style, text) <= max {
            return text.to_owned();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let s: String = chars.iter().collect::<String>() + "…";
            if self.width(style, &s) <= max {
                return s;
            }
        }
        String::new()
    }
}

impl Default for Fonts {
    fn default() -> Self {
        Self::new()
    }
}
