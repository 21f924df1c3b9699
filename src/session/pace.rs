//! How fast a match goes: blitz (a minute a turn), today's standard, or one move a day.
//!
//! | pace | challenge | placement | turn |
//! |---|---|---|---|
//! | blitz | 2 min | 3 min | 60 s |
//! | standard | 5 min | 10 min | 5 min (or the `*_TIMEOUT_SECS` settings) |
//! | daily | 24 h | 24 h | 24 h |
//!
//! ```
//! use broadside::session::{Pace, Paces, Timeouts};
//! use std::time::Duration;
//!
//! let paces = Paces::from(Timeouts::STANDARD);
//! assert_eq!(paces.of(Pace::Blitz).turn, Duration::from_secs(60));
//! assert_eq!(paces.of(Pace::Daily).turn, Duration::from_secs(24 * 3600));
//! assert_eq!("daily".parse::<Pace>(), Ok(Pace::Daily));
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How long each phase may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Timeouts {
    /// An open challenge waits this long for an answer.
    pub challenge: Duration,
    /// Both players have this long to place their fleets.
    pub placement: Duration,
    /// One turn may take this long.
    pub turn: Duration,
}

/// How fast a match goes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Minutes for everything: 60 s a turn.
    Blitz,
    /// Today's pace: 5 minutes a turn.
    #[default]
    Standard,
    /// Correspondence: a day a turn, with reminders.
    Daily,
}

impl Pace {
    /// Every pace, fastest first.
    pub const ALL: [Pace; 3] = [Pace::Blitz, Pace::Standard, Pace::Daily];

    /// The machine name: `blitz`, `standard` or `daily`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Pace::Blitz => "blitz",
            Pace::Standard => "standard",
            Pace::Daily => "daily",
        }
    }

    /// Whether the player to move is reminded by DM (half of the turn left, and an hour
    /// before its end).
    #[must_use]
    pub const fn reminds(self) -> bool {
        matches!(self, Pace::Daily)
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text names no pace.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown pace `{0}`; choose blitz, standard or daily")]
pub struct UnknownPace(pub String);

impl FromStr for Pace {
    type Err = UnknownPace;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Pace::ALL
            .into_iter()
            .find(|p| p.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownPace(s.trim().to_owned()))
    }
}

/// The time limits of every pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paces {
    blitz: Timeouts,
    standard: Timeouts,
    daily: Timeouts,
}

impl Timeouts {
    /// The standard pace as shipped: 5 minutes to answer, 10 to place, 5 a turn.
    pub const STANDARD: Timeouts = Timeouts {
        challenge: Duration::from_secs(300),
        placement: Duration::from_secs(600),
        turn: Duration::from_secs(300),
    };
    /// The blitz pace.
    pub const BLITZ: Timeouts = Timeouts {
        challenge: Duration::from_secs(120),
        placement: Duration::from_secs(180),
        turn: Duration::from_secs(60),
    };
    /// The daily pace.
    pub const DAILY: Timeouts = Timeouts {
        challenge: Duration::from_secs(24 * 3600),
        placement: Duration::from_secs(24 * 3600),
        turn: Duration::from_secs(24 * 3600),
    };

    /// Every limit divided by `by` (for tests: a day in seconds).
    #[must_use]
    pub fn scaled_down(self, by: u32) -> Timeouts {
        let by = by.max(1);
        Timeouts {
            challenge: self.challenge / by,
            placement: self.placement / by,
            turn: self.turn / by,
        }
    }
}

impl Paces {
    /// `standard` as given (the `*_TIMEOUT_SECS` settings), blitz and daily as shipped but
    /// divided by `scale` (1 for real play; tests make a day pass in seconds).
    #[must_use]
    pub fn new(standard: Timeouts, scale: u32) -> Self {
        Self {
            blitz: Timeouts::BLITZ.scaled_down(scale),
            standard,
            daily: Timeouts::DAILY.scaled_down(scale),
        }
    }

    /// The limits of `pace`.
    #[must_use]
    pub const fn of(&self, pace: Pace) -> Timeouts {
        match pace {
            Pace::Blitz => self.blitz,
            Pace::Standard => self.standard,
            Pace::Daily => self.daily,
        }
    }
}

impl From<Timeouts> for Paces {
    fn from(standard: Timeouts) -> Self {
        Self::new(standard, 1)
    }
}
