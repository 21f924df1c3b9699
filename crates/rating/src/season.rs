//! Where a rating season starts and ends: pure calendar arithmetic, no clock, no store.
//!
//! A season runs from its start to the first day of the next month (`monthly`) or quarter
//! (`quarterly`, starting in January, April, July and October), 00:00 in the server's
//! time zone. That midnight is found with the zone's rules of that day: where a zone skips
//! midnight (a change to summer time at 00:00), the season starts at the first moment that
//! exists after it. The first season starts when seasons are turned on and ends at the next
//! boundary, so it may be short; each later one starts where the one before it ended.
//!
//! For end-to-end tests only, [`SeasonClock::Every`] makes each season last a fixed time
//! from its start instead (see `SEASON_SECONDS` in the README).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use jiff::tz::TimeZone;
use jiff::{Timestamp, civil};
use serde::{Deserialize, Serialize};

/// How often a server's seasons start again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cadence {
    /// On the first day of every month.
    Monthly,
    /// On the first day of January, April, July and October.
    Quarterly,
}

impl Cadence {
    /// Both, in the order `/settings` offers them.
    pub const ALL: [Cadence; 2] = [Cadence::Monthly, Cadence::Quarterly];

    /// How it is written in settings and stored: `monthly` or `quarterly`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Cadence::Monthly => "monthly",
            Cadence::Quarterly => "quarterly",
        }
    }

    /// Months in one period.
    const fn months(self) -> i8 {
        match self {
            Cadence::Monthly => 1,
            Cadence::Quarterly => 3,
        }
    }
}

impl fmt::Display for Cadence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A word that is no cadence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a season cadence (expected monthly or quarterly)")]
pub struct UnknownCadence(pub String);

impl FromStr for Cadence {
    type Err = UnknownCadence;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Cadence::ALL
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownCadence(s.to_owned()))
    }
}

/// The calendar month or quarter a season is named by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The year.
    pub year: i16,
    /// The month (1 to 12) of a monthly period, the quarter (1 to 4) of a quarterly one.
    pub index: i8,
    /// Which of the two.
    pub cadence: Cadence,
}

impl Period {
    /// The period of `cadence` that `at` falls in, in `zone`.
    #[must_use]
    pub fn containing(at: Timestamp, cadence: Cadence, zone: &TimeZone) -> Self {
        let date = at.to_zoned(zone.clone()).date();
        let index = match cadence {
            Cadence::Monthly => date.month(),
            Cadence::Quarterly => (date.month() - 1) / 3 + 1,
        };
        Period {
            year: date.year(),
            index,
            cadence,
        }
    }

    /// The first month of the period (1 to 12).
    #[must_use]
    pub const fn first_month(self) -> i8 {
        (self.index - 1) * self.cadence.months() + 1
    }

    /// The period after this one.
    #[must_use]
    pub const fn next(self) -> Self {
        let last = 12 / self.cadence.months();
        if self.index >= last {
            Period {
                year: self.year + 1,
                index: 1,
                ..self
            }
        } else {
            Period {
                index: self.index + 1,
                ..self
            }
        }
    }

    /// When the period starts: its first day, 00:00 in `zone` (or the first moment after
    /// it, where the zone skips midnight that day). `None` past the calendar's range.
    #[must_use]
    pub fn start(self, zone: &TimeZone) -> Option<Timestamp> {
        let midnight = civil::date(self.year, self.first_month(), 1).at(0, 0, 0, 0);
        // `to_zoned` resolves a skipped midnight to the moment after the gap, and a
        // repeated one to its first occurrence.
        midnight.to_zoned(zone.clone()).ok().map(|z| z.timestamp())
    }
}

/// How it is stored: `2027-03` (monthly) or `2027-Q1` (quarterly).
impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cadence {
            Cadence::Monthly => write!(f, "{:04}-{:02}", self.year, self.index),
            Cadence::Quarterly => write!(f, "{:04}-Q{}", self.year, self.index),
        }
    }
}

/// A stored period that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a season period (expected such as 2027-03 or 2027-Q1)")]
pub struct BadPeriod(pub String);

impl FromStr for Period {
    type Err = BadPeriod;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadPeriod(s.to_owned());
        let (year, rest) = s.split_once('-').ok_or_else(bad)?;
        let year: i16 = year.parse().map_err(|_| bad())?;
        let (index, cadence) = match rest.strip_prefix('Q') {
            Some(q) => (q.parse::<i8>().map_err(|_| bad())?, Cadence::Quarterly),
            None => (rest.parse::<i8>().map_err(|_| bad())?, Cadence::Monthly),
        };
        let last = 12 / cadence.months();
        if !(1..=last).contains(&index) || !(1..=9999).contains(&year) {
            return Err(bad());
        }
        Ok(Period {
            year,
            index,
            cadence,
        })
    }
}

/// How seasons are timed: by the calendar (as shipped), or, for tests only, each a fixed
/// length from its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeasonClock {
    /// Months and quarters in the server's time zone.
    #[default]
    Calendar,
    /// Testing only: every season lasts this long from its start.
    Every(Duration),
}

/// One season's span: from `start_ms` (inclusive) to `end_ms` (exclusive), named by
/// `period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The first moment, in ms since the Unix epoch.
    pub start_ms: i64,
    /// The first moment after it.
    pub end_ms: i64,
    /// The month or quarter it is named by (the one it starts in).
    pub period: Period,
}

impl SeasonClock {
    /// The season of `cadence` that starts at `start_ms` in `zone`: it ends at the next
    /// boundary after its start (see the module's documentation).
    #[must_use]
    pub fn window(self, start_ms: i64, cadence: Cadence, zone: &TimeZone) -> Window {
        let start = Timestamp::from_millisecond(start_ms).unwrap_or(Timestamp::UNIX_EPOCH);
        let period = Period::containing(start, cadence, zone);
        let end_ms = match self {
            SeasonClock::Calendar => period
                .next()
                .start(zone)
                .map_or(i64::MAX, Timestamp::as_millisecond),
            SeasonClock::Every(length) => {
                let length = i64::try_from(length.as_millis()).unwrap_or(i64::MAX).max(1);
                start_ms.saturating_add(length)
            }
        };
        Window {
            start_ms,
            end_ms: end_ms.max(start_ms.saturating_add(1)),
            period,
        }
    }

    /// The season that follows the one that ended at `end_ms`, skipping every one that
    /// would have ended by `now_ms` (the bot was down for a whole season or more): it
    /// starts at the last boundary at or before `now_ms`.
    #[must_use]
    pub fn next_after(self, end_ms: i64, now_ms: i64, cadence: Cadence, zone: &TimeZone) -> Window {
        let mut next = self.window(end_ms, cadence, zone);
        while next.end_ms <= now_ms {
            next = self.window(next.end_ms, cadence, zone);
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_millisecond()
    }

    fn zone(name: &str) -> TimeZone {
        TimeZone::get(name).unwrap()
    }

    #[test]
    fn a_monthly_season_ends_at_the_next_first_of_the_month_in_the_zone() {
        let utc = TimeZone::UTC;
        let w = SeasonClock::Calendar.window(ms("2027-03-14T15:00:00Z"), Cadence::Monthly, &utc);
        assert_eq!(w.end_ms, ms("2027-04-01T00:00:00Z"));
        assert_eq!(w.period.to_string(), "2027-03");
        // Amsterdam is an hour ahead in March (CET) and two in April (CEST): the season
        // ends at midnight there, 22:00 UTC the day before.
        let ams = zone("Europe/Amsterdam");
        let w = SeasonClock::Calendar.window(ms("2027-03-31T21:59:59Z"), Cadence::Monthly, &ams);
        assert_eq!(w.end_ms, ms("2027-03-31T22:00:00Z"));
        // A minute later it is April there already.
        let w = SeasonClock::Calendar.window(ms("2027-03-31T22:00:00Z"), Cadence::Monthly, &ams);
        assert_eq!(w.period.to_string(), "2027-04");
        assert_eq!(w.end_ms, ms("2027-04-30T22:00:00Z"));
        // December rolls over into the next year.
        let w = SeasonClock::Calendar.window(ms("2027-12-01T00:00:00Z"), Cadence::Monthly, &utc);
        assert_eq!(w.end_ms, ms("2028-01-01T00:00:00Z"));
    }

    #[test]
    fn a_quarterly_season_ends_with_its_quarter() {
        let utc = TimeZone::UTC;
        for (at, end, name) in [
            ("2027-01-01T00:00:00Z", "2027-04-01T00:00:00Z", "2027-Q1"),
            ("2027-05-20T10:00:00Z", "2027-07-01T00:00:00Z", "2027-Q2"),
            ("2027-09-30T23:59:59Z", "2027-10-01T00:00:00Z", "2027-Q3"),
            ("2027-11-11T00:00:00Z", "2028-01-01T00:00:00Z", "2027-Q4"),
        ] {
            let w = SeasonClock::Calendar.window(ms(at), Cadence::Quarterly, &utc);
            assert_eq!(
                (w.end_ms, w.period.to_string()),
                (ms(end), name.to_owned()),
                "{at}"
            );
        }
        let tokyo = zone("Asia/Tokyo");
        let w =
            SeasonClock::Calendar.window(ms("2027-06-30T15:00:00Z"), Cadence::Quarterly, &tokyo);
        assert_eq!(w.period.to_string(), "2027-Q3", "already July in Tokyo");
    }

    #[test]
    fn a_skipped_midnight_starts_the_season_after_the_gap() {
        // A zone built for it: summer time starts at 00:00 on the first Thursday of
        // April, which in 2027 is April 1, so that midnight never happens there.
        let posix = TimeZone::posix("XST3XDT,M4.1.4/0,M10.5.0/1").unwrap();
        // The first Thursday of April 2027 is April 1.
        let w = SeasonClock::Calendar.window(ms("2027-03-10T12:00:00Z"), Cadence::Monthly, &posix);
        // 00:00 local does not exist: 01:00 daylight time (UTC-2) is 03:00 UTC.
        assert_eq!(w.end_ms, ms("2027-04-01T03:00:00Z"));
    }

    #[test]
    fn seasons_missed_while_the_bot_was_down_are_skipped() {
        let utc = TimeZone::UTC;
        let clock = SeasonClock::Calendar;
        let next = clock.next_after(
            ms("2027-02-01T00:00:00Z"),
            ms("2027-05-03T08:00:00Z"),
            Cadence::Monthly,
            &utc,
        );
        assert_eq!(next.start_ms, ms("2027-05-01T00:00:00Z"));
        assert_eq!(next.end_ms, ms("2027-06-01T00:00:00Z"));
        // On time: the next season starts where the last one ended.
        let next = clock.next_after(
            ms("2027-02-01T00:00:00Z"),
            ms("2027-02-01T00:00:01Z"),
            Cadence::Monthly,
            &utc,
        );
        assert_eq!(next.start_ms, ms("2027-02-01T00:00:00Z"));
        assert_eq!(next.period.to_string(), "2027-02");
    }

    #[test]
    fn a_test_clock_makes_seasons_a_fixed_length() {
        let clock = SeasonClock::Every(Duration::from_secs(30));
        let w = clock.window(1_000, Cadence::Monthly, &TimeZone::UTC);
        assert_eq!((w.start_ms, w.end_ms), (1_000, 31_000));
        let next = clock.next_after(31_000, 95_000, Cadence::Monthly, &TimeZone::UTC);
        assert_eq!((next.start_ms, next.end_ms), (91_000, 121_000));
    }

    #[test]
    fn periods_read_back_as_written() {
        for text in ["2027-03", "2027-12", "1999-Q1", "2030-Q4"] {
            assert_eq!(text.parse::<Period>().unwrap().to_string(), text);
        }
        for bad in [
            "2027-13", "2027-00", "2027-Q5", "2027", "x-03", "2027-Q", "",
        ] {
            assert!(bad.parse::<Period>().is_err(), "{bad}");
        }
        assert_eq!("Quarterly".parse::<Cadence>(), Ok(Cadence::Quarterly));
        assert!("weekly".parse::<Cadence>().is_err());
    }
}
