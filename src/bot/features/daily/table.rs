//! `/daily standings`' table: those who cleared the sea first (by shots, then by when they
//! finished), then those still playing with their shot count; a past day's also shows
//! that day's fleet. At most [`LINES`] lines, so the table fits a message at any size
//! (the longest member mention, count and language: the unit test below).

use std::fmt::Write as _;

use super::words::{count, day_label, heading};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::mention;
use crate::daily::DayClock;
use crate::game::Variant;
use crate::session::{DailyScope, DailyStandings};

/// Lines of a table at most.
pub const LINES: u32 = 20;

/// The table in `lang`.
#[must_use]
pub fn text(
    lang: Lang,
    clock: DayClock,
    variant: Variant,
    scope: DailyScope,
    standings: &DailyStandings,
) -> String {
    let mut text = heading(lang, variant, &day_label(clock, standings.day));
    text.push('\n');
    let table = &standings.table;
    text.push_str(&tr!(
        lang,
        match scope {
            DailyScope::Server(_) => "daily-table-server",
            _ => "daily-table-global",
        },
        finished = table.finished,
        total = table.total,
        par = count(lang, variant, standings.par)
    ));
    if table.lines.is_empty() {
        text.push('\n');
        text.push_str(&tr!(lang, "daily-table-empty"));
    }
    let mut place = 0u32;
    for line in &table.lines {
        text.push('\n');
        let fired = count(lang, variant, line.shots);
        if line.finished_ms.is_some() {
            place += 1;
            let _ = write!(text, "**{place}.** {} — {fired}", mention(line.player));
        } else {
            let _ = write!(
                text,
                "⏳ {} — {}",
                mention(line.player),
                tr!(lang, "daily-table-playing", fired = fired)
            );
        }
    }
    let shown = u32::try_from(table.lines.len()).unwrap_or(u32::MAX);
    if table.total > shown {
        text.push('\n');
        text.push_str(&tr!(lang, "daily-table-more", n = table.total - shown));
    }
    if matches!(scope, DailyScope::Global) {
        text.push('\n');
        text.push_str(&tr!(lang, "daily-table-global-note"));
    }
    match &standings.fleet {
        Some(fleet) => {
            text.push('\n');
            text.push_str(&tr!(lang, "daily-table-fleet", fleet = fleet.to_string()));
        }
        None if standings.today => {
            text.push('\n');
            text.push_str(&tr!(lang, "daily-table-today"));
        }
        None => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daily::{DailySea, Day, Secret};
    use crate::game::PlayerId;
    use crate::session::GuildId;
    use crate::store::{DailyLine, DailyTable};

    fn standings(variant: Variant, finished: usize, today: bool) -> DailyStandings {
        let secret = Secret::from_bytes(&[3; 32]).unwrap();
        let lines = (0..LINES as usize)
            .map(|i| DailyLine {
                player: PlayerId(u64::MAX - i as u64),
                shots: 100,
                finished_ms: (i < finished).then_some(1),
            })
            .collect();
        DailyStandings {
            day: Day(2_932_896),
            today,
            table: DailyTable {
                lines,
                total: u32::MAX,
                finished: u32::MAX,
            },
            par: 100,
            fleet: (!today).then(|| DailySea::fleet_of(&secret, variant, Day(1))),
        }
    }

    #[test]
    fn a_full_table_fits_a_message_in_every_language() {
        for lang in Lang::ALL {
            for variant in Variant::ALL {
                for (finished, today) in [(20, false), (0, true), (10, false)] {
                    for scope in [DailyScope::Server(GuildId(u64::MAX)), DailyScope::Global] {
                        let s = standings(variant, finished, today);
                        let text = text(lang, DayClock::utc(), variant, scope, &s);
                        let n = text.chars().count();
                        assert!(n <= 1900, "{lang} {variant:?}: {n}\n{text}");
                        assert_eq!(text.matches("<@").count(), LINES as usize, "{text}");
                        if !today {
                            let fleet = s.fleet.as_ref().unwrap().to_string();
                            assert!(text.contains(&fleet), "{text}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn finishers_are_numbered_and_players_are_not() {
        let s = standings(Variant::Classic, 2, true);
        let text = text(
            Lang::EnUs,
            DayClock::utc(),
            Variant::Classic,
            DailyScope::Global,
            &s,
        );
        assert!(text.contains("**1.**") && text.contains("**2.**"), "{text}");
        assert!(!text.contains("**3.**"), "{text}");
        assert_eq!(text.matches('⏳').count(), 18, "{text}");
    }
}
