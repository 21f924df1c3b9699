//! Which day it is.
//!
//! A day is a UTC calendar day: day `k` runs from `k × 86 400` to `(k + 1) × 86 400` seconds
//! of Unix time (which has no leap seconds). For tests, `DAILY_SECONDS = N` makes a day
//! last `N` seconds instead ([`DayClock::every`]), so that days roll within a test.
//!
//! ```
//! use broadside_daily::{Day, DayClock};
//! use std::num::NonZeroU64;
//!
//! let utc = DayClock::utc();
//! // 2026-12-05 06:00:00 UTC
//! assert_eq!(utc.day_at(1_796_450_400), Day(20_792));
//! assert_eq!(utc.starts(Day(20_792)), 1_796_428_800);
//! assert_eq!(utc.ends(Day(20_792)), 1_796_515_200);
//!
//! let fast = DayClock::every(NonZeroU64::new(60).unwrap());
//! assert_eq!(fast.day_at(119), Day(1));
//! assert_eq!(fast.day_at(120), Day(2));
//! ```

use std::fmt;
use std::num::NonZeroU64;

use serde::{Deserialize, Serialize};

/// Seconds in a UTC day.
pub const UTC_DAY_SECONDS: u64 = 86_400;

/// A day number: day `k` starts `k` day lengths after the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Day(pub u64);

impl Day {
    /// The day before, if there is one.
    #[must_use]
    pub const fn before(self) -> Option<Day> {
        match self.0.checked_sub(1) {
            Some(d) => Some(Day(d)),
            None => None,
        }
    }

    /// The day after.
    #[must_use]
    pub const fn after(self) -> Day {
        Day(self.0.saturating_add(1))
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// How long a day lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayClock {
    length: NonZeroU64,
}

impl Default for DayClock {
    fn default() -> Self {
        Self::utc()
    }
}

impl DayClock {
    /// UTC calendar days.
    #[must_use]
    pub const fn utc() -> Self {
        DayClock {
            length: NonZeroU64::MIN.saturating_add(UTC_DAY_SECONDS - 1),
        }
    }

    /// Days of `seconds` each (testing only: `DAILY_SECONDS`).
    #[must_use]
    pub const fn every(seconds: NonZeroU64) -> Self {
        DayClock { length: seconds }
    }

    /// The day's length in seconds.
    #[must_use]
    pub const fn length(self) -> u64 {
        self.length.get()
    }

    /// The day that `unix_seconds` falls in.
    #[must_use]
    pub const fn day_at(self, unix_seconds: u64) -> Day {
        Day(unix_seconds / self.length.get())
    }

    /// When `day` starts, in seconds of Unix time.
    #[must_use]
    pub const fn starts(self, day: Day) -> u64 {
        day.0.saturating_mul(self.length.get())
    }

    /// When `day` ends (and the next starts), in seconds of Unix time.
    #[must_use]
    pub const fn ends(self, day: Day) -> u64 {
        self.starts(day.after())
    }
}
