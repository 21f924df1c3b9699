//! The two rule sets, written down as data.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::coord::{Coord, CoordError};

/// A rule set.
///
/// Everything that differs between the two is data in its [`Rules`]; the
/// helpers below read it.
///
/// # Examples
///
/// ```
/// use broadside_game::{ReportStyle, Variant};
///
/// // The command names, and a few names people type.
/// let variant: Variant = "game2000".parse()?;
/// assert_eq!(variant, Variant::Game2000);
/// assert_eq!("Zeeslag".parse::<Variant>()?, Variant::Game2000);
/// assert_eq!("Søslag".parse::<Variant>()?, Variant::Classic);
/// assert!("chess".parse::<Variant>().is_err());
/// assert_eq!(variant.to_string(), "game2000");
///
/// // The board and the fleet.
/// assert_eq!((variant.size(), variant.last_col()), (9, 'I'));
/// assert_eq!(variant.ship_lengths().collect::<Vec<_>>(), [3, 3, 2, 2, 2, 1, 1]);
/// assert_eq!((variant.ship_count(), variant.fleet_cells()), (7, 14));
/// assert_eq!(Variant::Classic.fleet_cells(), 20);
///
/// // How a turn goes.
/// let rules = variant.rules();
/// assert_eq!(rules.shots_per_turn, 3);
/// assert_eq!(rules.report, ReportStyle::LengthOnly);
/// assert!(rules.equal_turns && !rules.shoot_again_on_hit);
/// assert!(Variant::Classic.rules().shoot_again_on_hit);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Danish *Søslag* / Swedish *Sjöslag*: 10×10, ten ships, a hit shoots again.
    Classic,
    /// Dutch *Zeeslag "Game 2000"*: 9×9, seven ships, salvos of three, length-only reports.
    Game2000,
}

/// One kind of ship in a fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShipClass {
    /// The English name used in messages ("battleship").
    pub name: &'static str,
    /// Cells it covers.
    pub len: u8,
    /// How many of them a fleet has.
    pub count: u8,
}

/// How the shooter is told what a shot did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReportStyle {
    /// Each shot is reported on its own cell: miss, hit, or sunk with the ship's name.
    PerCell,
    /// A salvo gets one entry per shot in processed order — water, "length L hit",
    /// "length L destroyed" — never saying which cell hit.
    LengthOnly,
}

/// What happens to a shot at a cell that was fired at before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RepeatShots {
    /// Refused with an error; the shot is not spent.
    Refused,
    /// Allowed, and always reported as water.
    Water,
}

/// Everything that makes a variant what it is.
// The rules are independent yes/no switches of the documents; an enum per switch would
// only rename `true`.
#[expect(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Columns and rows of the square board.
    pub size: u8,
    /// The ships of one fleet, longest first.
    pub fleet: &'static [ShipClass],
    /// Ships may not share a side or a corner.
    pub no_touching: bool,
    /// No ship may cover one of the four corner cells.
    pub no_corners: bool,
    /// A ship of two or more cells may not lie with its long side along the edge.
    pub no_long_side_on_edge: bool,
    /// Cells named in one turn.
    pub shots_per_turn: u8,
    /// A hit (or sink) lets the shooter fire again.
    pub shoot_again_on_hit: bool,
    /// The water around a sunk ship becomes known to the shooter.
    pub halo_on_sink: bool,
    /// How results are reported.
    pub report: ReportStyle,
    /// The default policy for repeated shots (a match option may make it stricter).
    pub repeat_shots: RepeatShots,
    /// Both players get the same number of turns, so a draw is possible.
    pub equal_turns: bool,
}

const CLASSIC_FLEET: &[ShipClass] = &[
    ShipClass {
        name: "battleship",
        len: 4,
        count: 1,
    },
    ShipClass {
        name: "cruiser",
        len: 3,
        count: 2,
    },
    ShipClass {
        name: "destroyer",
        len: 2,
        count: 3,
    },
    ShipClass {
        name: "torpedo boat",
        len: 1,
        count: 4,
    },
];

const GAME2000_FLEET: &[ShipClass] = &[
    ShipClass {
        name: "3-cell ship",
        len: 3,
        count: 2,
    },
    ShipClass {
        name: "2-cell ship",
        len: 2,
        count: 3,
    },
    ShipClass {
        name: "1-cell ship",
        len: 1,
        count: 2,
    },
];

const CLASSIC: Rules = Rules {
    size: 10,
    fleet: CLASSIC_FLEET,
    no_touching: true,
    no_corners: false,
    no_long_side_on_edge: false,
    shots_per_turn: 1,
    shoot_again_on_hit: true,
    halo_on_sink: true,
    report: ReportStyle::PerCell,
    repeat_shots: RepeatShots::Refused,
    equal_turns: false,
};

const GAME2000: Rules = Rules {
    size: 9,
    fleet: GAME2000_FLEET,
    no_touching: true,
    no_corners: true,
    no_long_side_on_edge: true,
    shots_per_turn: 3,
    shoot_again_on_hit: false,
    halo_on_sink: false,
    report: ReportStyle::LengthOnly,
    repeat_shots: RepeatShots::Water,
    equal_turns: true,
};

impl Variant {
    /// Both variants, classic first.
    pub const ALL: [Variant; 2] = [Variant::Classic, Variant::Game2000];

    /// The rules of this variant.
    #[must_use]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Classic => &CLASSIC,
            Variant::Game2000 => &GAME2000,
        }
    }

    /// Columns and rows of the board.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.rules().size
    }

    /// The machine name used in commands: `classic` or `game2000`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Game2000 => "game2000",
        }
    }

    /// A human title.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Classic => "Classic (Søslag / Sjöslag)",
            Variant::Game2000 => "Game 2000 (Zeeslag)",
        }
    }

    /// The last column letter (`J` or `I`).
    #[must_use]
    pub const fn last_col(self) -> char {
        (b'A' + self.size() - 1) as char
    }

    /// Whether `c` lies on this variant's board.
    #[must_use]
    pub const fn contains(self, c: Coord) -> bool {
        c.col() < self.size() && c.row() < self.size()
    }

    /// `Ok` if `c` lies on the board, else an error that says which cells exist.
    pub fn check(self, c: Coord) -> Result<(), CoordError> {
        if self.contains(c) {
            Ok(())
        } else {
            Err(CoordError::OffBoard {
                input: c.to_string(),
                board: Some(self),
            })
        }
    }

    /// "Game 2000 uses columns A–I and rows 1–9".
    #[must_use]
    pub fn bounds_hint(self) -> String {
        format!(
            "{} uses columns A–{} and rows 1–{}",
            self.short_name(),
            self.last_col(),
            self.size()
        )
    }

    /// How many turns each player gets at most in a match with equal turns (Game 2000):
    /// as many as the sea has cells, so three times as many shots (243 on the 9 × 9 sea).
    /// Without repeat shots a fleet falls long before; with them, a match that reaches it
    /// ends as a draw ([`crate::Ending::TurnLimit`]).
    ///
    /// ```
    /// use broadside_game::Variant;
    /// assert_eq!(Variant::Game2000.turn_limit(), 81);
    /// ```
    #[must_use]
    pub const fn turn_limit(self) -> u32 {
        let size = self.rules().size as u32;
        size * size
    }

    /// "Classic" or "Game 2000".
    #[must_use]
    pub const fn short_name(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Game2000 => "Game 2000",
        }
    }

    /// The ship class of a given length, if the fleet has one.
    #[must_use]
    pub fn class_of_len(self, len: u8) -> Option<&'static ShipClass> {
        self.rules().fleet.iter().find(|c| c.len == len)
    }

    /// Number of ships in a fleet.
    #[must_use]
    pub fn ship_count(self) -> usize {
        self.rules()
            .fleet
            .iter()
            .map(|c| usize::from(c.count))
            .sum()
    }

    /// Number of ship cells in a fleet.
    #[must_use]
    pub fn fleet_cells(self) -> u32 {
        self.rules()
            .fleet
            .iter()
            .map(|c| u32::from(c.len) * u32::from(c.count))
            .sum()
    }

    /// The longest ship's length.
    #[must_use]
    pub fn longest_ship(self) -> u8 {
        self.rules().fleet.iter().map(|c| c.len).max().unwrap_or(1)
    }

    /// The fleet's ship lengths, one entry per ship, longest first.
    pub fn ship_lengths(self) -> impl Iterator<Item = u8> {
        self.rules()
            .fleet
            .iter()
            .flat_map(|c| std::iter::repeat_n(c.len, usize::from(c.count)))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text does not name a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}`; choose classic or game2000")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '-', '_'], "")
            .as_str()
        {
            "classic" | "soslag" | "søslag" | "sjoslag" | "sjöslag" => Ok(Variant::Classic),
            "game2000" | "g2000" | "zeeslag" => Ok(Variant::Game2000),
            _ => Err(UnknownVariant(s.to_owned())),
        }
    }
}

/// Options chosen when a match is created.
///
/// # Examples
///
/// ```
/// use broadside_game::{MatchOptions, RepeatShots, Variant};
///
/// // Game 2000 allows repeat shots (always water) unless the house rule is on.
/// let plain = MatchOptions::default();
/// let strict = MatchOptions { repeats_forbidden: true };
/// assert_eq!(plain.repeat_shots(Variant::Game2000), RepeatShots::Water);
/// assert_eq!(strict.repeat_shots(Variant::Game2000), RepeatShots::Refused);
///
/// // Classic refuses them either way.
/// assert_eq!(plain.repeat_shots(Variant::Classic), RepeatShots::Refused);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchOptions {
    /// Refuse shots at cells fired at before (the stricter Game 2000 house rule).
    /// Classic always refuses them.
    pub repeats_forbidden: bool,
}

impl MatchOptions {
    /// The repeat-shot policy in force for `variant` with these options.
    #[must_use]
    pub const fn repeat_shots(self, variant: Variant) -> RepeatShots {
        if self.repeats_forbidden {
            RepeatShots::Refused
        } else {
            variant.rules().repeat_shots
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fleets_match_the_documents() {
        assert_eq!(Variant::Classic.ship_count(), 10);
        assert_eq!(Variant::Classic.fleet_cells(), 20);
        assert_eq!(Variant::Game2000.ship_count(), 7);
        // 2 × 1 + 3 × 2 + 2 × 3 = 14 (RULES.md's "15 cells" is an addition slip;
        // the Dutch document's ship counts are what we follow).
        assert_eq!(Variant::Game2000.fleet_cells(), 14);
        assert_eq!(
            Variant::Classic.ship_lengths().collect::<Vec<_>>(),
            [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
        );
    }

    #[test]
    fn variant_names_parse() {
        for v in Variant::ALL {
            assert_eq!(v.key().parse::<Variant>().unwrap(), v);
        }
        assert_eq!("Game 2000".parse::<Variant>().unwrap(), Variant::Game2000);
        assert_eq!("Søslag".parse::<Variant>().unwrap(), Variant::Classic);
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn repeat_policy_follows_options() {
        let strict = MatchOptions {
            repeats_forbidden: true,
        };
        assert_eq!(
            MatchOptions::default().repeat_shots(Variant::Game2000),
            RepeatShots::Water
        );
        assert_eq!(strict.repeat_shots(Variant::Game2000), RepeatShots::Refused);
        assert_eq!(
            MatchOptions::default().repeat_shots(Variant::Classic),
            RepeatShots::Refused
        );
    }
}
