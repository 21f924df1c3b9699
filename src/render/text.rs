//! The bundled fonts and text drawing.
//!
//! Every text in the pictures is drawn and measured through one chain of fonts, so a
//! width used for centring or shortening is the width that is drawn:
//!
//! 1. DejaVu Sans (regular for [`Style::Small`], bold for the other styles): Latin,
//!    Greek, Cyrillic, Hebrew, Arabic letters, many symbols and some emoji.
//! 2. The fallback fonts, tried in this order (subsets of Noto fonts under the SIL Open
//!    Font License; `assets/fonts/README.md` says where each comes from and what it
//!    keeps):
//!    - Noto Emoji (monochrome): the emoji DejaVu Sans lacks (🐙, ✨, 🫠, …);
//!    - Noto Sans Symbols: circled, parenthesised and squared letters (Ⓚ, 🄺, 🅺);
//!    - Noto Sans Math: the mathematical letters of "fancy text" names (𝓚, 𝕂, 𝔎, 𝐊);
//!    - Noto Sans CJK JP: kana, Bopomofo, CJK punctuation, full-width forms, the 2 350
//!      common Hangul syllables and the 5 000 or so everyday ideographs (GB 2312 level 1
//!      and JIS X 0208 level 1). The whole CJK set would be over 15 MB; this subset is
//!      1.4 MB and covers names written in everyday Chinese, Japanese and Korean.
//! 3. Anything else is left out: never the font's missing-glyph box. Variation
//!    selectors, joiners, skin-tone modifiers, the keycap frame, tags and the other
//!    invisible characters are skipped on purpose, so an emoji sequence (👨‍👩‍👧, ❤️,
//!    🏴‍☠️) shows its parts side by side and in one colour. Scripts that need shaping
//!    (Devanagari, Thai, …) and rare ideographs are left out.
//!
//! Each fallback is scaled so that its em is DejaVu Sans' em at the style's size, and
//! shares the baseline. Printable ASCII (which DejaVu Sans always has) takes a fast
//! path: its glyphs, advances and bitmaps are worked out once per style when the
//! [`Fonts`] are built. Any other character is looked up along the chain and
//! rasterised when drawn.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::canvas::{Canvas, LEVELS};
use super::palette::Rgb;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The fallback fonts, in the order they are tried after DejaVu Sans.
static FALLBACKS: [(&str, &[u8]); 4] = [
    (
        "NotoEmoji-subset.ttf",
        include_bytes!("../../assets/fonts/NotoEmoji-subset.ttf"),
    ),
    (
        "NotoSansSymbols-subset.ttf",
        include_bytes!("../../assets/fonts/NotoSansSymbols-subset.ttf"),
    ),
    (
        "NotoSansMath-subset.ttf",
        include_bytes!("../../assets/fonts/NotoSansMath-subset.ttf"),
    ),
    (
        "NotoSansCJKjp-subset.otf",
        include_bytes!("../../assets/fonts/NotoSansCJKjp-subset.otf"),
    ),
];

/// Characters that are never drawn, whatever a font has for them: controls and
/// Unicode's default-ignorable characters (joiners, variation selectors, bidi marks,
/// tags, fillers), and the parts of emoji sequences that a one-colour font cannot
/// show: skin-tone modifiers (a colour swatch beside the emoji) and the combining
/// keycap (an empty frame beside the digit).
#[must_use]
pub fn ignorable(ch: char) -> bool {
    matches!(
        ch,
        '\u{0}'..='\u{1F}'
            | '\u{7F}'..='\u{9F}'
            | '\u{AD}'
            | '\u{34F}'
            | '\u{61C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{20E3}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{1F3FB}'..='\u{1F3FF}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

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

/// Where a character's glyph comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Face {
    /// DejaVu Sans in the style's weight.
    Primary,
    /// `FALLBACKS[i]`.
    Fallback(u8),
}

/// One laid-out character: its font, glyph, pen x and advance.
#[derive(Clone, Copy, Debug)]
struct Placed {
    ch: char,
    face: Face,
    id: GlyphId,
    x: f32,
    adv: f32,
}

/// A fallback font and the ratio of its line height to its em (`ab_glyph` scales a font
/// by its line height; the chain matches ems).
struct Fallback {
    font: FontRef<'static>,
    height_per_em: f32,
}

/// A printable ASCII character in one style, ready to lay out and draw.
#[derive(Clone, Debug)]
struct Ascii {
    id: GlyphId,
    adv: f32,
    bitmap: Bitmap,
}

/// The fonts with their glyph cache.
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    fallbacks: Vec<Fallback>,
    /// `ascii[style][ch - 32]`.
    ascii: [Vec<Ascii>; 4],
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fonts").finish_non_exhaustive()
    }
}

/// A font's line height (ascent to descent) per em.
fn height_per_em(font: &FontRef<'_>) -> f32 {
    font.height_unscaled() / font.units_per_em().unwrap_or(1000.0)
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
        let fallbacks = FALLBACKS
            .iter()
            .map(|&(name, bytes)| {
                let font = FontRef::try_from_slice(bytes)
                    .unwrap_or_else(|e| panic!("bundled {name} is a valid font: {e}"));
                Fallback {
                    height_per_em: height_per_em(&font),
                    font,
                }
            })
            .collect();
        let mut fonts = Fonts {
            regular,
            bold,
            fallbacks,
            ascii: Default::default(),
        };
        for style in Style::ALL {
            let glyphs = (32u8..127)
                .map(|b| {
                    let font = fonts.font(style);
                    let id = font.glyph_id(char::from(b));
                    Ascii {
                        id,
                        adv: font.as_scaled(PxScale::from(style.px())).h_advance(id),
                        bitmap: fonts.rasterise(style, Face::Primary, id),
                    }
                })
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

    /// The font of `face` in `style` and the scale that gives it the style's em.
    fn face(&self, style: Style, face: Face) -> (&FontRef<'static>, PxScale) {
        let primary = self.font(style);
        match face {
            Face::Primary => (primary, PxScale::from(style.px())),
            Face::Fallback(i) => {
                let fallback = &self.fallbacks[usize::from(i)];
                let px = style.px() * fallback.height_per_em / height_per_em(primary);
                (&fallback.font, PxScale::from(px))
            }
        }
    }

    /// The first font of the chain that has `ch`, and its glyph; `None` for a
    /// character that is skipped or that no font has.
    fn resolve(&self, style: Style, ch: char) -> Option<(Face, GlyphId)> {
        let primary = self.font(style);
        if matches!(ch, ' '..='~') {
            // DejaVu Sans has every printable ASCII character.
            return Some((Face::Primary, primary.glyph_id(ch)));
        }
        if ignorable(ch) {
            return None;
        }
        let id = primary.glyph_id(ch);
        if id.0 != 0 {
            return Some((Face::Primary, id));
        }
        self.fallbacks.iter().zip(0u8..).find_map(|(f, i)| {
            let id = f.font.glyph_id(ch);
            (id.0 != 0).then_some((Face::Fallback(i), id))
        })
    }

    /// Whether some font of the chain draws `ch` in `style` (a character that is
    /// skipped or that no font has is left out of the text).
    #[must_use]
    pub fn has_glyph(&self, style: Style, ch: char) -> bool {
        self.resolve(style, ch).is_some()
    }

    fn rasterise(&self, style: Style, face: Face, id: GlyphId) -> Bitmap {
        let (font, scale) = self.face(style, face);
        let glyph = id.with_scale_and_position(scale, point(0.0, 0.0));
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
        self.layout(style, text).last().map_or(0.0, |p| p.x + p.adv)
    }

    /// Each drawn char's font, glyph, pen x and advance; characters that are skipped or
    /// that no font has take no room. Kerning applies between DejaVu Sans glyphs (the
    /// fallback subsets have no kerning).
    fn layout(&self, style: Style, text: &str) -> Vec<Placed> {
        let primary = self.font(style).as_scaled(PxScale::from(style.px()));
        let mut out = Vec::with_capacity(text.len());
        let mut x = 0.0f32;
        let mut prev: Option<(Face, GlyphId)> = None;
        let ascii = &self.ascii[style.slot()];
        for ch in text.chars() {
            let (face, id, adv) = if let Ok(b @ 32..127) = u8::try_from(ch) {
                // The fast path: DejaVu Sans, glyph and advance known.
                let glyph = &ascii[usize::from(b - 32)];
                (Face::Primary, glyph.id, glyph.adv)
            } else {
                let Some((face, id)) = self.resolve(style, ch) else {
                    continue;
                };
                let (font, scale) = self.face(style, face);
                (face, id, font.as_scaled(scale).h_advance(id))
            };
            if face == Face::Primary
                && let Some((Face::Primary, p)) = prev
            {
                x += primary.kern(p, id);
            }
            out.push(Placed {
                ch,
                face,
                id,
                x: x.round(),
                adv,
            });
            x += adv;
            prev = Some((face, id));
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
        for placed in self.layout(style, text) {
            let owned;
            let bitmap = if let Ok(b @ 32..127) = u8::try_from(placed.ch) {
                &self.ascii[style.slot()][usize::from(b - 32)].bitmap
            } else {
                owned = self.rasterise(style, placed.face, placed.id);
                &owned
            };
            let ox = (x + placed.x).round() as i32 + bitmap.dx;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;

    fn fonts() -> Fonts {
        Fonts::new()
    }

    /// The canvas's pixels (palette indices) after drawing `text` in `style`.
    fn drawn(f: &Fonts, style: Style, text: &str) -> Canvas {
        let mut canvas = Canvas::new(200, 40, palette::BACKGROUND);
        f.draw(&mut canvas, style, text, 4.0, 28.0, palette::TEXT);
        canvas
    }

    fn ink(canvas: &Canvas) -> usize {
        let bg = canvas.indices()[0];
        canvas.indices().iter().filter(|&&i| i != bg).count()
    }

    #[test]
    fn the_chain_picks_dejavu_then_each_fallback_in_turn() {
        let f = fonts();
        let face = |ch| f.resolve(Style::Heading, ch).map(|(face, _)| face);
        // DejaVu Sans first, also for the emoji it has.
        for ch in ['A', 'ø', 'Ж', 'λ', '★', '😀', '☠'] {
            assert_eq!(face(ch), Some(Face::Primary), "{ch}");
        }
        assert_eq!(face('🐙'), Some(Face::Fallback(0)));
        assert_eq!(face('✨'), Some(Face::Fallback(0)));
        assert_eq!(face('Ⓚ'), Some(Face::Fallback(1)));
        assert_eq!(face('𝓚'), Some(Face::Fallback(2)));
        for ch in ['さ', 'サ', '田', '김', 'ｋ'] {
            assert_eq!(face(ch), Some(Face::Fallback(3)), "{ch}");
        }
        // No bundled font has Vai or runes; selectors and joiners are skipped.
        for ch in [
            'ꕥ',
            'ᛗ',
            '\u{FE0F}',
            '\u{200D}',
            '\u{1F3FD}',
            '\u{20E3}',
            '\u{E0067}',
        ] {
            assert_eq!(face(ch), None, "U+{:04X}", u32::from(ch));
        }
    }

    #[test]
    fn printable_ascii_takes_the_same_glyphs_as_before() {
        let f = fonts();
        for style in Style::ALL {
            for b in 32u8..127 {
                let ch = char::from(b);
                let id = f.font(style).glyph_id(ch);
                assert_ne!(id.0, 0, "{ch}");
                assert_eq!(f.resolve(style, ch), Some((Face::Primary, id)));
            }
        }
    }

    #[test]
    fn no_glyph_is_the_missing_glyph_box() {
        let f = fonts();
        for style in Style::ALL {
            for text in [
                "🐙 Kraken",
                "Ann ✨",
                "❤️‍🔥",
                "1️⃣",
                "ꕥ\u{10FFFD}\u{E000}x",
                "👍🏽",
            ] {
                for p in f.layout(style, text) {
                    assert_ne!(p.id.0, 0, "{text}: {:?}", p.ch);
                }
            }
        }
    }

    #[test]
    fn characters_no_font_has_take_no_room_and_draw_nothing() {
        let f = fonts();
        for style in Style::ALL {
            assert!(f.layout(style, "ꕥᛗ\u{10FFFD}").is_empty());
            assert_eq!(ink(&drawn(&f, style, "ꕥᛗ\u{10FFFD}")), 0);
            // Selectors and joiners between letters change nothing.
            let (with, without) = (f.width(style, "A\u{FE0F}\u{200D}V"), f.width(style, "AV"));
            assert!((with - without).abs() < f32::EPSILON, "{with} vs {without}");
            assert_eq!(
                drawn(&f, style, "Kr\u{FE0F}a\u{200B}ken").indices(),
                drawn(&f, style, "Kraken").indices()
            );
        }
    }

    #[test]
    fn an_emoji_is_its_fonts_glyph_at_the_styles_em() {
        let f = fonts();
        let (font, scale) = f.face(Style::Heading, Face::Fallback(0));
        let dejavu = f.font(Style::Heading);
        // Both fonts at one em: the emoji font scaled by its line height per em.
        let em = |font: &FontRef<'_>, scale: PxScale| {
            scale.y * font.units_per_em().expect("upem") / font.height_unscaled()
        };
        let want = em(dejavu, PxScale::from(Style::Heading.px()));
        assert!((em(font, scale) - want).abs() < 1e-3);
        // Drawn, the octopus covers the pixels of its outline.
        let canvas = drawn(&f, Style::Heading, "🐙");
        let bitmap = f.rasterise(Style::Heading, Face::Fallback(0), font.glyph_id('🐙'));
        let covered = bitmap.cover.iter().filter(|&&c| c > 0).count();
        assert!(covered > 40, "{covered}");
        assert_eq!(ink(&canvas), covered);
        // About an em tall, not a thumbnail nor a giant.
        assert!(
            (want * 0.7..=want * 1.2).contains(&(bitmap.h as f32)),
            "{}",
            bitmap.h
        );
    }

    #[test]
    fn widths_add_up_across_fonts() {
        let f = fonts();
        for style in Style::ALL {
            let parts = f.width(style, "🐙") + f.width(style, " Kraken");
            let whole = f.width(style, "🐙 Kraken");
            assert!((whole - parts).abs() <= 1.0, "{whole} vs {parts}");
            assert!(f.width(style, "🐙") > style.px() * 0.6);
            assert!(f.width(style, "田中") > f.width(style, "田"));
        }
    }
}
