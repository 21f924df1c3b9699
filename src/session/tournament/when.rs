//! When a tournament starts, as a member writes it: a Discord timestamp (`<t:1767225600>`),
//! `in 2h`, `in 30m`, `in 1h30m`, `in 2d`, `tomorrow 20:00`, `today 20:00`, `20:00` (the next
//! time the clock shows it) or `2026-06-01 20:00`, the clock times in the server's time
//! zone. Pure: the time now and the zone are given.

use std::time::{Duration, SystemTime};

/// The furthest ahead a tournament may be set to start.
pub const FURTHEST: Duration = Duration::from_secs(90 * 24 * 3600);

/// Why a start time was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WhenError {
    /// Not a form this reads.
    #[error("not a time this bot reads")]
    Unreadable,
    /// The time has passed.
    #[error("that time has passed")]
    Past,
    /// More than [`FURTHEST`] ahead.
    #[error("that is more than 90 days ahead")]
    TooFar,
}

/// The time `text` means, written at `now` in time zone `zone`.
pub fn parse_start(
    text: &str,
    now: SystemTime,
    zone: &jiff::tz::TimeZone,
) -> Result<SystemTime, WhenError> {
    let text = text.trim().to_lowercase();
    // A time too large for the clock to hold is, at the least, too far ahead.
    let at = match discord_timestamp(&text) {
        Some(secs) => SystemTime::UNIX_EPOCH
            .checked_add(secs)
            .ok_or(WhenError::TooFar)?,
        None => match relative(&text) {
            Some(d) => now.checked_add(d).ok_or(WhenError::TooFar)?,
            None => clock(&text, now, zone)?,
        },
    };
    if at <= now {
        return Err(WhenError::Past);
    }
    if at.duration_since(now).unwrap_or_default() > FURTHEST {
        return Err(WhenError::TooFar);
    }
    Ok(at)
}

/// `<t:SECONDS>` or `<t:SECONDS:STYLE>`: the time since the Unix epoch it names.
fn discord_timestamp(text: &str) -> Option<Duration> {
    let inner = text.strip_prefix("<t:")?.strip_suffix('>')?;
    let secs = inner.split(':').next()?;
    let secs: u64 = secs.parse().ok()?;
    Some(Duration::from_secs(secs))
}

/// `in 2h`, `in 30m`, `in 1h30m`, `in 2 d`, `in 45 min`: a sum of amounts with units.
fn relative(text: &str) -> Option<Duration> {
    let rest = text.strip_prefix("in")?.trim();
    let mut total = 0u64;
    let mut number = String::new();
    let mut unit = String::new();
    let mut parts = 0;
    let mut flush = |number: &mut String, unit: &mut String| -> Option<()> {
        if number.is_empty() {
            return None;
        }
        let n: u64 = number.parse().ok()?;
        let secs = match unit.as_str() {
            "d" | "day" | "days" => 86_400,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3_600,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            _ => return None,
        };
        total = total.checked_add(n.checked_mul(secs)?)?;
        parts += 1;
        number.clear();
        unit.clear();
        Some(())
    };
    for c in rest.chars() {
        if c.is_ascii_digit() {
            if !unit.is_empty() {
                flush(&mut number, &mut unit)?;
            }
            number.push(c);
        } else if c.is_alphabetic() {
            unit.push(c);
        } else if !c.is_whitespace() {
            return None;
        }
    }
    flush(&mut number, &mut unit)?;
    (parts > 0 && total > 0).then(|| Duration::from_secs(total))
}

/// `tomorrow 20:00`, `today 20:00`, `20:00` or `2026-06-01 20:00` in `zone`.
fn clock(text: &str, now: SystemTime, zone: &jiff::tz::TimeZone) -> Result<SystemTime, WhenError> {
    let now_ts = jiff::Timestamp::try_from(now).map_err(|_| WhenError::Unreadable)?;
    let today = now_ts.to_zoned(zone.clone()).date();
    let words: Vec<&str> = text.split_whitespace().collect();
    let (date, time, next_if_past) = match words.as_slice() {
        ["tomorrow", t] => (
            today.tomorrow().map_err(|_| WhenError::Unreadable)?,
            *t,
            false,
        ),
        ["today", t] => (today, *t, false),
        [d, t] if d.contains('-') => (
            d.parse::<jiff::civil::Date>()
                .map_err(|_| WhenError::Unreadable)?,
            *t,
            false,
        ),
        [t] => (today, *t, true),
        _ => return Err(WhenError::Unreadable),
    };
    let (h, m) = time.split_once(':').ok_or(WhenError::Unreadable)?;
    let (h, m): (i8, i8) = (
        h.parse().map_err(|_| WhenError::Unreadable)?,
        m.parse().map_err(|_| WhenError::Unreadable)?,
    );
    let at = |date: jiff::civil::Date| -> Result<SystemTime, WhenError> {
        let civil = date
            .at(h, m, 0, 0)
            .to_zoned(zone.clone())
            .map_err(|_| WhenError::Unreadable)?;
        Ok(SystemTime::from(civil.timestamp()))
    };
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return Err(WhenError::Unreadable);
    }
    let first = at(date)?;
    if next_if_past && first <= now {
        return at(date.tomorrow().map_err(|_| WhenError::Unreadable)?);
    }
    Ok(first)
}

/// The time zone called `name` (an IANA name such as `Europe/Amsterdam`), from the
/// database built into the binary.
#[must_use]
pub fn zone(name: &str) -> Option<jiff::tz::TimeZone> {
    jiff::tz::db().get(name).ok()
}

/// Up to `limit` IANA zone names containing `typed` (any case), the closest first: those
/// that begin with it, then the rest, each alphabetically.
#[must_use]
pub fn zones_like(typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_lowercase().replace(' ', "_");
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|n| n.as_str().to_owned())
        .filter(|n| n.to_lowercase().contains(&typed))
        .collect();
    names.sort_by_key(|n| {
        let lower = n.to_lowercase();
        let city = lower.rsplit('/').next().unwrap_or(&lower).to_owned();
        (
            !(lower.starts_with(&typed) || city.starts_with(&typed)),
            n.clone(),
        )
    });
    names.truncate(limit);
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: u64) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
    }

    // 2026-01-01 12:00:00 UTC.
    const NOON: u64 = 1_767_268_800;

    #[test]
    fn every_form_reads_as_the_time_it_says() {
        let utc = jiff::tz::TimeZone::UTC;
        let now = at(NOON);
        assert_eq!(parse_start("in 2h", now, &utc), Ok(at(NOON + 7200)));
        assert_eq!(parse_start("In 30m", now, &utc), Ok(at(NOON + 1800)));
        assert_eq!(parse_start("in 1h30m", now, &utc), Ok(at(NOON + 5400)));
        assert_eq!(
            parse_start("in 2 days", now, &utc),
            Ok(at(NOON + 2 * 86_400))
        );
        assert_eq!(
            parse_start("<t:1767300000:R>", now, &utc),
            Ok(at(1_767_300_000))
        );
        assert_eq!(
            parse_start("tomorrow 20:00", now, &utc),
            Ok(at(NOON + 86_400 + 8 * 3600))
        );
        assert_eq!(
            parse_start("today 20:00", now, &utc),
            Ok(at(NOON + 8 * 3600))
        );
        // A bare clock time that has passed today means tomorrow.
        assert_eq!(parse_start("11:00", now, &utc), Ok(at(NOON + 23 * 3600)));
        assert_eq!(
            parse_start("2026-01-02 09:30", now, &utc),
            Ok(at(NOON + 86_400 - 3 * 3600 + 1800))
        );
    }

    #[test]
    fn clock_times_are_in_the_servers_zone() {
        let amsterdam = zone("Europe/Amsterdam").unwrap();
        // 20:00 in Amsterdam in winter is 19:00 UTC.
        assert_eq!(
            parse_start("tomorrow 20:00", at(NOON), &amsterdam),
            Ok(at(NOON + 86_400 + 7 * 3600))
        );
        assert!(zone("Mars/Olympus").is_none());
        assert!(zones_like("amster", 25).contains(&"Europe/Amsterdam".to_owned()));
        assert_eq!(zones_like("europe/", 25).len(), 25);
    }

    #[test]
    fn bad_times_are_refused_with_the_reason() {
        let utc = jiff::tz::TimeZone::UTC;
        let now = at(NOON);
        for bad in [
            "soon",
            "in",
            "in 2x",
            "tomorrow",
            "25:00",
            "tomorrow 8pm",
            "in -2h",
            "",
        ] {
            assert_eq!(
                parse_start(bad, now, &utc),
                Err(WhenError::Unreadable),
                "{bad}"
            );
        }
        assert_eq!(parse_start("today 09:00", now, &utc), Err(WhenError::Past));
        assert_eq!(parse_start("<t:100>", now, &utc), Err(WhenError::Past));
        assert_eq!(parse_start("in 100d", now, &utc), Err(WhenError::TooFar));
    }

    #[test]
    fn times_too_large_for_the_clock_are_too_far_not_a_panic() {
        let utc = jiff::tz::TimeZone::UTC;
        let now = at(NOON);
        for huge in [
            "<t:10000000000000000000>",
            "<t:18446744073709551615:R>",
            "in 200000000000000000m",
            "in 5000000000000d",
        ] {
            assert_eq!(
                parse_start(huge, now, &utc),
                Err(WhenError::TooFar),
                "{huge}"
            );
        }
    }
}
