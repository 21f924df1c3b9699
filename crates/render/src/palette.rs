//! The colours of every picture: a dark theme for Discord's dark mode, built on
//! the Okabe–Ito palette so that colour-blind players can tell the marks apart.
//! Colour is never the only signal: every mark also has its own shape.

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub [u8; 3]);

impl Rgb {
    /// The colour from a `0xRRGGBB` value.
    #[must_use]
    pub const fn hex(v: u32) -> Self {
        Rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8])
    }

    /// `self` moved towards `other` by `num / den`, rounded.
    #[must_use]
    pub fn mix(self, other: Rgb, num: u8, den: u8) -> Rgb {
        let (n, d) = (u16::from(num), u16::from(den));
        let mut out = [0u8; 3];
        for (o, (&a, &b)) in out.iter_mut().zip(self.0.iter().zip(other.0.iter())) {
            let v = (u16::from(a) * (d - n) + u16::from(b) * n + d / 2) / d;
            *o = v as u8;
        }
        Rgb(out)
    }

    /// The index of the colour of `palette` nearest to `self` (squared distance; the
    /// first of equals), 0 for an empty palette.
    #[must_use]
    pub fn nearest(self, palette: &[Rgb]) -> usize {
        let dist = |p: &Rgb| {
            p.0.iter()
                .zip(self.0)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2))
                .sum::<i32>()
        };
        (0..palette.len())
            .min_by_key(|&i| dist(&palette[i]))
            .unwrap_or(0)
    }
}

/// Picture background, a little darker than Discord's dark chat.
pub const BACKGROUND: Rgb = Rgb::hex(0x1E_2129);
/// Panels drawn on the background (history, stats).
pub const PANEL: Rgb = Rgb::hex(0x2A_2E38);
/// Open or unknown water.
pub const WATER: Rgb = Rgb::hex(0x17_3A5C);
/// Lines between water cells.
pub const GRID: Rgb = Rgb::hex(0x2B_5478);
/// Game 2000: a cell fired at (what it hit is not told).
pub const FIRED: Rgb = Rgb::hex(0x3D_6E99);
/// Coordinates and quiet text.
pub const TEXT_DIM: Rgb = Rgb::hex(0xA9_B4C2);
/// Titles and numbers.
pub const TEXT: Rgb = Rgb::hex(0xF2_F5F8);
/// An intact hull.
pub const HULL: Rgb = Rgb::hex(0xB8_C2CC);
/// The rim and seams of an intact hull.
pub const HULL_EDGE: Rgb = Rgb::hex(0x5F_6B78);
/// A sunk hull.
pub const WRECK: Rgb = Rgb::hex(0x35_3A42);
/// Hatching on a sunk hull.
pub const WRECK_HATCH: Rgb = Rgb::hex(0x58_606C);
/// Hits: Okabe–Ito orange.
pub const HIT: Rgb = Rgb::hex(0xE6_9F00);
/// Sunk rims and destroyed marks: Okabe–Ito vermillion.
pub const SUNK: Rgb = Rgb::hex(0xD5_5E00);
/// Outline under marks, so they stand out on any ground.
pub const INK: Rgb = Rgb::hex(0x10_1216);
/// Misses: a pale dot.
pub const MISS: Rgb = Rgb::hex(0xDD_E9F3);
/// Water known from a sink's halo: a dim ring.
pub const HALO: Rgb = Rgb::hex(0x7F_A3C4);
/// Splashes in the water icon: Okabe–Ito sky blue.
pub const SPLASH: Rgb = Rgb::hex(0x56_B4E9);
/// The winner's name: Okabe–Ito yellow.
pub const GOLD: Rgb = Rgb::hex(0xF0_E442);

/// Every named colour, in a fixed order: the start of every picture's palette.
pub const BASE: [Rgb; 20] = [
    BACKGROUND,
    PANEL,
    WATER,
    GRID,
    FIRED,
    TEXT_DIM,
    TEXT,
    HULL,
    HULL_EDGE,
    WRECK,
    WRECK_HATCH,
    HIT,
    SUNK,
    INK,
    MISS,
    HALO,
    SPLASH,
    GOLD,
    Rgb::hex(0x00_0000),
    Rgb::hex(0xFF_FFFF),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_colours_are_distinct() {
        for (i, a) in BASE.iter().enumerate() {
            assert!(!BASE[i + 1..].contains(a), "{a:?} twice");
        }
    }

    #[test]
    fn mix_ends() {
        assert_eq!(WATER.mix(TEXT, 0, 4), WATER);
        assert_eq!(WATER.mix(TEXT, 4, 4), TEXT);
    }
}
