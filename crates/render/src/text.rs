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
//! shares the baseline. Printable ASCII, Latin-1 (Nordic and other Western names, `½`)
//! and a few common punctuation marks take a fast path: where DejaVu Sans draws them,
//! their glyphs, advances and bitmaps are worked out once per style when the [`Fonts`]
//! are built. Any other character is looked up along the chain and rasterised when
//! drawn.

use std::borrow::Cow;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::canvas::{Canvas, LEVELS};
use super::palette::Rgb;

static REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The fallback fonts, in the order they are tried after DejaVu Sans.
static FALLBACKS: [(&str, &[u8]); 4] = [
    (
        "NotoEmoji-subset.ttf",
        include_bytes!("../../../assets/fonts/NotoEmoji-subset.ttf"),
    ),
    (
        "NotoSansSymbols-subset.ttf",
        include_bytes!("../../../assets/fonts/NotoSansSymbols-subset.ttf"),
    ),
    (
        "NotoSansMath-subset.ttf",
        include_bytes!("../../../assets/fonts/NotoSansMath-subset.ttf"),
    ),
    (
        "NotoSansCJKjp-subset.otf",
        include_bytes!("../../../assets/fonts/NotoSansCJKjp-subset.otf"),
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
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
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

/// One laid-out character: its font, glyph, pen x and advance, and its bitmap when it
/// is cached.
#[derive(Clone, Copy, Debug)]
struct Placed<'a> {
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
    ch: char,
    face: Face,
    id: GlyphId,
    x: f32,
    bitmap: Option<&'a Bitmap>,
}

/// Where the layout of a text has got to: the pen (not yet rounded), the glyph before
/// it for kerning, and the width so far.
#[derive(Clone, Copy, Debug, Default)]
struct Pen {
    x: f32,
    /// The glyph before, and its printable ASCII code (0 for any other character).
    prev: Option<(Face, GlyphId, u8)>,
    end: f32,
}

impl Pen {
    /// Lays out `ch` after what the pen has laid out; `None` for a character that is
    /// skipped or that no font has (it takes no room). Kerning applies between DejaVu
    /// Sans glyphs (the fallback subsets have no kerning).
    fn step<'a>(&mut self, fonts: &'a Fonts, style: Style, ch: char) -> Option<Placed<'a>> {
        let (face, id, adv, bitmap) = if let Some(glyph) = fonts.cached(style, ch) {
            // The fast path: DejaVu Sans, glyph, advance and bitmap known.
            (Face::Primary, glyph.id, glyph.adv, Some(&glyph.bitmap))
        } else {
            let (face, id) = fonts.resolve(style, ch)?;
            let (font, scale) = fonts.face(style, face);
            (face, id, font.as_scaled(scale).h_advance(id), None)
        };
        let ascii = if matches!(ch, ' '..='~') { ch as u8 } else { 0 };
        if face == Face::Primary
            && let Some((Face::Primary, p, before)) = self.prev
        {
            self.x += if before != 0 && ascii != 0 {
                fonts.kerning[style.slot()][usize::from(before - 32) * 95 + usize::from(ascii - 32)]
            } else {
                fonts
                    .font(style)
                    .as_scaled(PxScale::from(style.px()))
                    .kern(p, id)
            };
        }
        let x = round(self.x);
        self.x += adv;
        self.prev = Some((face, id, ascii));
        self.end = x + adv;
        Some(Placed {
            ch,
            face,
            id,
            x,
            bitmap,
        })
    }
}

/// `v` rounded half away from zero, as [`f32::round`] does, without its library call
/// (exact: below 2^23 the fraction `v - trunc(v)` is a float too, and above every
/// float is whole).
fn round(v: f32) -> f32 {
    if v.abs() < 8_388_608.0 {
        let whole = v as i32 as f32;
        let fraction = v - whole;
        if fraction >= 0.5 {
            whole + 1.0
        } else if fraction <= -0.5 {
            whole - 1.0
        } else {
            whole
        }
    } else {
        v
    }
}

/// Characters past Latin-1 whose DejaVu Sans glyphs are cached, as Latin-1's are.
const PUNCTUATION: [char; 14] = [
    '–', '—', '…', '→', '−', '✓', '‘', '’', '“', '”', '•', '€', '★', '⚓',
];

/// The cache slot of `ch`: printable ASCII and the rest of Latin-1 by code, then
/// [`PUNCTUATION`].
fn slot(ch: char) -> Option<usize> {
    match ch {
        ' '..='\u{FF}' => Some(ch as usize - 32),
        _ => PUNCTUATION.iter().position(|&p| p == ch).map(|i| 224 + i),
    }
}

/// A fallback font and the ratio of its line height to its em (`ab_glyph` scales a font
/// by its line height; the chain matches ems).
struct Fallback {
    font: FontRef<'static>,
    height_per_em: f32,
}

/// A cached character in one style, ready to lay out and draw.
#[derive(Clone, Debug)]
struct Cached {
    id: GlyphId,
    adv: f32,
    bitmap: Bitmap,
}

/// The fonts with their glyph cache.
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    fallbacks: Vec<Fallback>,
    /// `cached[style][slot(ch)]`: `None` where DejaVu Sans does not draw the character
    /// itself (controls, ignorable characters, a glyph from a fallback), which then takes
    /// the slow path.
    cached: [Vec<Option<Cached>>; 4],
    /// `kerning[style][(a - 32) * 95 + (b - 32)]`: DejaVu Sans' kerning between two
    /// printable ASCII characters `a` and `b`, worked out once as the other pairs are
    /// when laid out.
    kerning: [Box<[f32]>; 4],
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
    /// Loads the bundled fonts and rasterises the cached characters (printable ASCII,
    /// Latin-1, common punctuation) in every style.
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
            cached: Default::default(),
            kerning: Default::default(),
        };
        let chars = (' '..='\u{FF}').chain(PUNCTUATION);
        for style in Style::ALL {
            let glyphs = chars
                .clone()
                .map(|ch| {
                    let Some((Face::Primary, id)) = fonts.resolve(style, ch) else {
                        return None;
                    };
                    Some(Cached {
                        id,
                        adv: fonts
                            .font(style)
                            .as_scaled(PxScale::from(style.px()))
                            .h_advance(id),
                        bitmap: fonts.rasterise(style, Face::Primary, id),
                    })
                })
                .collect();
            fonts.cached[style.slot()] = glyphs;
            let font = fonts.font(style).as_scaled(PxScale::from(style.px()));
            let ids: Vec<GlyphId> = (' '..='~').map(|ch| font.glyph_id(ch)).collect();
            fonts.kerning[style.slot()] = ids
                .iter()
                .flat_map(|&a| ids.iter().map(move |&b| font.kern(a, b)))
                .collect();
        }
        fonts
    }

    /// The cached glyph of `ch` in `style`, if it has one.
    fn cached(&self, style: Style, ch: char) -> Option<&Cached> {
        self.cached[style.slot()].get(slot(ch)?)?.as_ref()
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
        let mut pen = Pen::default();
        for ch in text.chars() {
            pen.step(self, style, ch);
        }
        pen.end
    }

    /// Each drawn char's font, glyph, pen x and advance; characters that are skipped or
    /// that no font has take no room.
    #[cfg(test)]
    fn layout(&self, style: Style, text: &str) -> Vec<Placed<'_>> {
        let mut pen = Pen::default();
        text.chars()
            .filter_map(|ch| pen.step(self, style, ch))
            .collect()
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
        let top = round(baseline) as i32;
        let mut pen = Pen::default();
        for ch in text.chars() {
            let Some(placed) = pen.step(self, style, ch) else {
                continue;
            };
            let owned;
            let bitmap = if let Some(bitmap) = placed.bitmap {
                bitmap
            } else {
                owned = self.rasterise(style, placed.face, placed.id);
                &owned
            };
            let ox = round(x + placed.x) as i32 + bitmap.dx;
            canvas.cover(ox, top + bitmap.dy, bitmap.w, &bitmap.cover, fg);
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
        self.fit_width(style, text, max).0.into_owned()
    }

    /// `text` shortened as [`Fonts::fit`] does, and its width, from one layout: the
    /// longest start of `text` that fits with an ellipsis after it.
    #[must_use]
    pub fn fit_width<'t>(&self, style: Style, text: &'t str, max: f32) -> (Cow<'t, str>, f32) {
        // The pen before each character: a start of the text is laid out as the whole
        // is, up to where it stops.
        let mut pens = Vec::with_capacity(text.len());
        let mut pen = Pen::default();
        for (at, ch) in text.char_indices() {
            pens.push((at, pen));
            pen.step(self, style, ch);
        }
        if pen.end <= max {
            return (Cow::Borrowed(text), pen.end);
        }
        for &(at, mut pen) in pens.iter().rev() {
            pen.step(self, style, '…');
            if pen.end <= max {
                return (Cow::Owned(format!("{}…", &text[..at])), pen.end);
            }
        }
        (Cow::Borrowed(""), 0.0)
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
    use crate::palette;

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
    fn cached_characters_take_the_glyphs_of_the_chain() {
        let f = fonts();
        for style in Style::ALL {
            for ch in (' '..='\u{FF}').chain(PUNCTUATION) {
                let cached = f.cached(style, ch).map(|g| (Face::Primary, g.id));
                let resolved = f
                    .resolve(style, ch)
                    .filter(|&(face, _)| face == Face::Primary);
                assert_eq!(cached, resolved, "U+{:04X}", u32::from(ch));
            }
            // Latin-1 letters and the marks are all DejaVu Sans' own.
            for ch in "½øØåÅæÆäöüßéñ–—…→−✓".chars() {
                assert!(f.cached(style, ch).is_some(), "{ch}");
            }
            for ch in ['\u{AD}', '\u{85}', '🐙', '田'] {
                assert!(f.cached(style, ch).is_none(), "U+{:04X}", u32::from(ch));
            }
            // The kerning table is the font's.
            let font = f.font(style).as_scaled(PxScale::from(style.px()));
            let mut kerned = 0;
            for a in ' '..='~' {
                for b in ' '..='~' {
                    let (ia, ib) = (font.glyph_id(a), font.glyph_id(b));
                    let table = f.kerning[style.slot()][(a as usize - 32) * 95 + b as usize - 32];
                    assert!((table - font.kern(ia, ib)).abs() < f32::EPSILON, "{a}{b}");
                    kerned += usize::from(table != 0.0);
                }
            }
            assert!(kerned > 100, "{kerned}");
        }
    }

    #[test]
    fn fitting_in_one_layout_is_fitting_char_by_char() {
        let f = fonts();
        // The former way: the whole, then ever shorter starts with an ellipsis.
        let slow = |style, text: &str, max| {
            if f.width(style, text) <= max {
                return text.to_owned();
            }
            let mut chars: Vec<char> = text.chars().collect();
            while !chars.is_empty() {
                chars.pop();
                let s: String = chars.iter().collect::<String>() + "…";
                if f.width(style, &s) <= max {
                    return s;
                }
            }
            String::new()
        };
        for style in Style::ALL {
            for text in [
                "Admiral number 12 of the fleet",
                "AVAVAVAV To.Ty",
                "Bjørn Ærøskøbing 10½",
                "🐙 Kraken ✨ 田中 さくら",
                "Kr\u{FE0F}a\u{200B}ken\u{200D}",
                "",
                "W",
            ] {
                for max in [0.0, 4.0, 9.0, 20.0, 37.5, 60.0, 120.0, 400.0] {
                    let (fitted, width) = f.fit_width(style, text, max);
                    let want = slow(style, text, max);
                    assert_eq!(fitted, want, "{text:?} in {max}");
                    assert!((width - f.width(style, &want)).abs() < f32::EPSILON);
                }
            }
        }
    }

    #[test]
    fn rounding_is_the_librarys() {
        for v in [
            0.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            0.499_999_97,
            -0.499_999_97,
            12.49,
            12.5,
            -7.5,
            1e7 + 0.5,
            8_388_607.5,
            1e9,
            -1e9,
        ] {
            assert_eq!(round(v) as i64, v.round() as i64, "{v}");
        }
        let mut v = -300.0f32;
        while v < 300.0 {
            assert_eq!(round(v) as i64, v.round() as i64, "{v}");
            v += 0.062_5 / 3.0;
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
