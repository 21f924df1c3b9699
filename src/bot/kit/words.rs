//! Words more than one feature says: a member's shown name, a tournament match's header,
//! a season's name and dates, a record, the computer's level, a ship's name.

use crate::ai::Difficulty;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::game::{PlayerId, Variant};
use crate::rating::Record;
use crate::session::{Cadence, Season, period_of, season_zone};

/// A name as stored, or "deleted player" in `lang` for a forgotten member.
#[must_use]
pub fn shown_name(lang: Lang, id: PlayerId, name: &str) -> String {
    if id.is_deleted() || name.is_empty() {
        tr!(lang, "deleted-player")
    } else {
        name.to_owned()
    }
}

/// "Tournament *name*, round *n*": what the texts of a tournament's match say first.
#[must_use]
pub fn tournament_header(lang: Lang, name: &str, round: u32) -> String {
    tr!(lang, "tournament-header", name = plain(name), round = round)
}

/// The name of a month (1 to 12) in `lang`.
fn month_name(lang: Lang, month: i8) -> String {
    tr!(
        lang,
        match month {
            1 => "month-1",
            2 => "month-2",
            3 => "month-3",
            4 => "month-4",
            5 => "month-5",
            6 => "month-6",
            7 => "month-7",
            8 => "month-8",
            9 => "month-9",
            10 => "month-10",
            11 => "month-11",
            _ => "month-12",
        }
    )
}

/// A season's name in `lang`: its month ("March 2027") or quarter ("Q1 2027"); the
/// stored period as written where it cannot be read.
#[must_use]
pub fn season_name(lang: Lang, season: &Season) -> String {
    let Some(period) = period_of(season) else {
        return season.period.clone();
    };
    match period.cadence {
        Cadence::Monthly => tr!(
            lang,
            "season-name-month",
            month = month_name(lang, period.index),
            year = period.year.to_string()
        ),
        Cadence::Quarterly => tr!(
            lang,
            "season-name-quarter",
            quarter = period.index.to_string(),
            year = period.year.to_string()
        ),
    }
}

/// A season's first and last day in its zone, as `2027-03-01 – 2027-03-31`.
#[must_use]
pub fn season_dates(season: &Season) -> String {
    let zone = season_zone(Some(season.zone.as_str()));
    let day = |ms: i64| {
        jiff::Timestamp::from_millisecond(ms)
            .map(|t| t.to_zoned(zone.clone()).date().to_string())
            .unwrap_or_default()
    };
    format!(
        "{} – {}",
        day(season.start_ms),
        day(season.end_ms.saturating_sub(1))
    )
}

/// A rated record as "W–L–D".
#[must_use]
pub fn record_text(r: &Record) -> String {
    format!("{}–{}–{}", r.wins, r.losses, r.draws)
}

/// The name of a difficulty key in `lang`.
#[must_use]
pub fn level_name(lang: Lang, key: &str) -> String {
    let level = Difficulty::ALL.into_iter().find(|d| d.key() == key);
    match level {
        Some(d) => crate::bot::kit::i18n::names::difficulty(lang, d),
        None => key.to_owned(),
    }
}

/// The name of the ship of `len` cells in `variant` ("slagskib", "3-cell ship").
#[must_use]
pub fn ship_name(lang: Lang, variant: Variant, len: u8) -> String {
    match variant {
        Variant::Classic => tr!(lang, "ship-classic", len = len),
        Variant::Game2000 => tr!(lang, "ship-game2000", len = len),
    }
}

/// A closed monthly or quarterly season of server 1 (`period`: `2027-03`, `2027-Q2`), for tests.
#[cfg(test)]
#[must_use]
pub fn a_season(period: &str) -> Season {
    Season {
        guild: crate::session::GuildId(1),
        number: 4,
        cadence: "monthly".into(),
        period: period.into(),
        zone: "UTC".into(),
        start_ms: 0,
        end_ms: 1,
        closed_ms: Some(1),
        channel: Some(crate::session::ChannelKey(9)),
        announced_ms: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forgotten_members_are_named_in_the_readers_language() {
        for lang in Lang::ALL {
            let shown = shown_name(lang, PlayerId::DELETED[1], "deleted player");
            assert_eq!(shown, tr!(lang, "deleted-player"));
        }
        assert_eq!(shown_name(Lang::Nl, PlayerId(77), "Ann"), "Ann");
    }
}
