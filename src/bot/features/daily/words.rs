//! The daily sea's words: the day, counts, what a volley was told, the result, refusals.
//! Every key is in `assets/locales/<locale>/daily.ftl`.

use crate::bot::kit::error::{Error, says};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::words::ship_name;
use crate::daily::{Day, DayClock, FireError, Volley};
use crate::game::{Report, Variant};
use crate::render::report::report_words;
use crate::session::{DailyError, DailyPlay};

/// The day as players read it: its UTC date (`2026-12-05`), or, with a testing clock
/// (`DAILY_SECONDS`), its number.
#[must_use]
pub fn day_label(clock: DayClock, day: Day) -> String {
    match civil(day.0) {
        Some(date) if clock == DayClock::utc() => date,
        _ => format!("#{}", day.0),
    }
}

/// The day `text` names: a date (`2026-12-04`, UTC days only) or a day number (`20791`,
/// also `#20791`); `None` if it is neither.
#[must_use]
pub fn parse_day(clock: DayClock, text: &str) -> Option<Day> {
    let text = text.trim();
    if let Ok(n) = text.trim_start_matches('#').parse::<u64>() {
        return Some(Day(n));
    }
    if clock != DayClock::utc() {
        return None;
    }
    let date: jiff::civil::Date = text.parse().ok()?;
    let days = EPOCH.until(date).ok()?.get_days();
    u64::try_from(days).ok().map(Day)
}

/// Day 0.
const EPOCH: jiff::civil::Date = jiff::civil::date(1970, 1, 1);

/// The civil date of day `n`: `2026-12-05` (a day past the calendar's end shows its number).
fn civil(n: u64) -> Option<String> {
    let days = i64::try_from(n).ok()?;
    let date = EPOCH
        .checked_add(jiff::Span::new().try_days(days).ok()?)
        .ok()?;
    Some(date.to_string())
}

/// "12 shots" (Game 2000: "12 turns").
#[must_use]
pub fn count(lang: Lang, variant: Variant, n: u32) -> String {
    tr!(lang, "daily-count", n = n, rules = variant.key())
}

/// The heading of every daily answer: the rule set and the day.
#[must_use]
pub fn heading(lang: Lang, variant: Variant, day: &str) -> String {
    tr!(
        lang,
        "daily-heading",
        variant = variant_name(lang, variant),
        day = day.to_owned()
    )
}

/// The line under it: shots so far, the par, the streak and when the day ends.
#[must_use]
pub fn progress(lang: Lang, variant: Variant, play: &DailyPlay) -> String {
    tr!(
        lang,
        "daily-progress",
        fired = count(lang, variant, play.attempt.shots()),
        par = count(lang, variant, play.par),
        streak = play.streak.current,
        ends = format!("<t:{}:R>", play.ends_at)
    )
}

/// What one volley was told: classic "C4: hit and sunk, a cruiser!", Game 2000 the three
/// reports in their sorted order, naming no cell of them.
#[must_use]
pub fn volley_line(lang: Lang, variant: Variant, volley: &Volley) -> String {
    let cells = volley
        .cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    match (variant, volley.reports.as_slice()) {
        (Variant::Classic, [report]) => match *report {
            Report::Water => tr!(lang, "daily-shot-miss", cell = cells),
            Report::Hit { .. } => tr!(lang, "daily-shot-hit", cell = cells),
            Report::Sunk { len } => tr!(
                lang,
                "daily-shot-sunk",
                cell = cells,
                ship = ship_name(lang, variant, len)
            ),
        },
        (_, reports) => {
            let labels = lang.labels();
            let said = reports
                .iter()
                .map(|&r| report_words(r, labels))
                .collect::<Vec<_>>()
                .join(" · ");
            tr!(lang, "daily-salvo", cells = cells, reports = said)
        }
    }
}

/// The result, once the last ship sank: the count, the par, the places and the streak.
#[must_use]
pub fn result(lang: Lang, variant: Variant, play: &DailyPlay) -> String {
    let mut text = tr!(
        lang,
        "daily-cleared",
        fired = count(lang, variant, play.attempt.shots()),
        par = count(lang, variant, play.par),
        under = i64::from(play.par) - i64::from(play.attempt.shots())
    );
    if let Some(place) = play.server_place {
        text.push('\n');
        text.push_str(&tr!(lang, "daily-place-server", place = place));
    }
    if let Some(place) = play.place {
        text.push('\n');
        text.push_str(&tr!(lang, "daily-place-everyone", place = place));
    }
    text.push('\n');
    text.push_str(&tr!(
        lang,
        "daily-streak",
        streak = play.streak.current,
        best = play.streak.best
    ));
    text
}

/// Why a volley was refused, in `lang` (nothing was fired or counted).
#[must_use]
pub fn fire_refusal(lang: Lang, error: &FireError) -> String {
    match error {
        FireError::Finished => tr!(lang, "err-daily-finished"),
        FireError::WrongCount {
            expected, given, ..
        } => tr!(
            lang,
            "err-daily-count",
            expected = *expected,
            given = *given
        ),
        FireError::OffBoard(cell) => tr!(lang, "err-daily-off-board", cell = cell.to_string()),
        FireError::AlreadyFired(cell) => tr!(lang, "err-daily-repeat", cell = cell.to_string()),
        FireError::Duplicate(cell) => tr!(lang, "err-daily-twice", cell = cell.to_string()),
    }
}

/// A daily operation's failure as the bot's error (worded by the hooks, privately).
impl From<DailyError> for Error {
    fn from(error: DailyError) -> Self {
        match error {
            DailyError::Fire(e) => Error::user(match e {
                FireError::Finished => says!("err-daily-finished"),
                FireError::WrongCount {
                    expected, given, ..
                } => says!("err-daily-count", expected = expected, given = given),
                FireError::OffBoard(c) => says!("err-daily-off-board", cell = c.to_string()),
                FireError::AlreadyFired(c) => says!("err-daily-repeat", cell = c.to_string()),
                FireError::Duplicate(c) => says!("err-daily-twice", cell = c.to_string()),
            }),
            DailyError::NotYet(day) => Error::user(says!("err-daily-not-yet", day = day.0)),
            DailyError::Busy => Error::user(says!("err-daily-busy")),
            DailyError::Store(e) => Error::unread(&e),
            other => {
                tracing::error!(error = %other, "the daily sea failed");
                Error::Failed(says!("err-daily-unavailable"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_and_show_as_dates() {
        let utc = DayClock::utc();
        assert_eq!(day_label(utc, Day(0)), "1970-01-01");
        assert_eq!(day_label(utc, Day(20_792)), "2026-12-05");
        assert_eq!(day_label(utc, Day(11_016)), "2000-02-29");
        for n in [0, 59, 60, 365, 11_016, 20_792, 2_932_896] {
            let label = day_label(utc, Day(n));
            assert_eq!(parse_day(utc, &label), Some(Day(n)), "{label}");
        }
        assert_eq!(parse_day(utc, "20791"), Some(Day(20_791)));
        assert_eq!(parse_day(utc, "#7"), Some(Day(7)));
        for bad in [
            "",
            "yesterday",
            "2026-02-30",
            "2026-13-01",
            "2026-1",
            "1969-12-31",
            "-3",
        ] {
            assert_eq!(parse_day(utc, bad), None, "{bad}");
        }
        let fast = DayClock::every(std::num::NonZeroU64::new(60).unwrap());
        assert_eq!(day_label(fast, Day(9)), "#9");
        assert_eq!(parse_day(fast, "#9"), Some(Day(9)));
        assert_eq!(parse_day(fast, "2026-12-05"), None);
    }
}
