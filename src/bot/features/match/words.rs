//! The sentences the bot sends about matches, in one place, in every language.
//!
//! Each function takes the [`Lang`] to speak: the user's for private answers, the
//! server's for public messages. The words themselves live in the catalogues
//! (`assets/locales/*/broadside.ftl`); this module only chooses keys and fills them in.

use std::time::SystemTime;

use crate::ai::Difficulty;
use crate::bot::kit::i18n::commands::CommandIds;
use crate::bot::kit::i18n::names::{variant_name, variant_title};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::plain;
use crate::bot::kit::words::ship_name;
use crate::game::{
    Ending, FireOutcome, Next, PlayerId, PlayerStats, Report, ReportStyle, Variant, WinReason,
};
use crate::session::{Pace, Series};

use crate::bot::kit::markup::{channel, mention, relative};

/// The public challenge message.
#[must_use]
pub fn challenge(
    lang: Lang,
    from: PlayerId,
    to: PlayerId,
    variant: Variant,
    strict: bool,
    deadline: SystemTime,
) -> String {
    let mut text = tr!(
        lang,
        "challenge-public",
        challenger = mention(from),
        opponent = mention(to),
        variant = variant_title(lang, variant)
    );
    if strict {
        text.push(' ');
        text.push_str(&tr!(lang, "challenge-house-rule"));
    }
    text.push('\n');
    text.push_str(&tr!(
        lang,
        "challenge-answer",
        opponent = mention(to),
        deadline = relative(deadline)
    ));
    text
}

/// "⏱ Pace: Blitz — 60 seconds a turn."
#[must_use]
pub fn pace_line(lang: Lang, pace: Pace, turn: std::time::Duration) -> String {
    tr!(
        lang,
        "pace-line",
        pace = crate::bot::kit::i18n::names::pace(lang, pace),
        turn = crate::bot::kit::i18n::names::duration(lang, turn)
    )
}

/// Labels of the Accept and Decline buttons.
#[must_use]
pub fn answer_buttons(lang: Lang) -> [String; 2] {
    [tr!(lang, "button-accept"), tr!(lang, "button-decline")]
}

/// Labels of the Shuffle and Ready buttons.
#[must_use]
pub fn placement_buttons(lang: Lang) -> [String; 2] {
    [tr!(lang, "button-shuffle"), tr!(lang, "button-ready")]
}

/// The challenge message after acceptance.
#[must_use]
pub fn accepted(
    lang: Lang,
    ids: &CommandIds,
    players: [PlayerId; 2],
    variant: Variant,
    deadline: SystemTime,
) -> String {
    ids.clickable(
        lang,
        &tr!(
            lang,
            "challenge-accepted",
            challenger = mention(players[0]),
            opponent = mention(players[1]),
            variant = variant_title(lang, variant),
            deadline = relative(deadline)
        ),
    )
}

/// A public hint for a player whose DMs are closed.
#[must_use]
pub fn dm_closed_hint(lang: Lang, ids: &CommandIds, p: PlayerId) -> String {
    ids.clickable(lang, &tr!(lang, "dm-closed-hint", player = mention(p)))
}

/// The private placement prompt (DM or ephemeral).
#[must_use]
pub fn placement_prompt(lang: Lang, variant: Variant, fleet: &str, match_channel: u64) -> String {
    tr!(
        lang,
        "placement-prompt",
        variant = variant_name(lang, variant),
        channel = channel(match_channel),
        fleet = fleet
    )
}

/// The private note after Ready.
#[must_use]
pub fn fleet_final(lang: Lang, fleet: &str, waiting_for: Option<PlayerId>) -> String {
    if let Some(p) = waiting_for {
        tr!(
            lang,
            "fleet-final-waiting",
            fleet = fleet,
            player = mention(p)
        )
    } else {
        tr!(lang, "fleet-final-battle", fleet = fleet)
    }
}

/// The public start of the battle.
#[must_use]
pub fn battle_starts(
    lang: Lang,
    ids: &CommandIds,
    players: [PlayerId; 2],
    first: PlayerId,
    variant: Variant,
    deadline: SystemTime,
) -> String {
    let how = match variant {
        Variant::Classic => tr!(lang, "battle-how-classic"),
        Variant::Game2000 => tr!(lang, "battle-how-game2000"),
    };
    ids.clickable(
        lang,
        &tr!(
            lang,
            "battle-starts",
            challenger = mention(players[0]),
            opponent = mention(players[1]),
            first = mention(first),
            how = how,
            deadline = relative(deadline)
        ),
    )
}

/// One shot's report in words: "miss", "battleship sunk (4 cells)", "length 2 hit"…
#[must_use]
pub fn report(lang: Lang, variant: Variant, r: Report) -> String {
    match (r, variant.rules().report) {
        (Report::Water, ReportStyle::PerCell) => tr!(lang, "report-miss"),
        (Report::Water, ReportStyle::LengthOnly) => tr!(lang, "report-water"),
        (Report::Hit { len: Some(len) }, _) => tr!(lang, "report-hit-len", len = len),
        (Report::Hit { len: None }, _) => tr!(lang, "report-hit"),
        (Report::Sunk { len }, ReportStyle::LengthOnly) => {
            tr!(lang, "report-sunk-len", len = len)
        }
        (Report::Sunk { len }, ReportStyle::PerCell) => tr!(
            lang,
            "report-sunk-ship",
            ship = ship_name(lang, variant, len),
            len = len
        ),
    }
}

/// "@A fires at **C4**: **hit!**" — one shot or salvo, without what follows.
#[must_use]
pub fn shot_line(lang: Lang, variant: Variant, outcome: &FireOutcome) -> String {
    let cells: Vec<String> = outcome.cells.iter().map(ToString::to_string).collect();
    let shooter = mention(outcome.shooter);
    let cells = cells.join(" ");
    match variant {
        Variant::Classic => {
            let result = match outcome.reports.first() {
                Some(Report::Water) | None => tr!(lang, "fire-result-miss"),
                Some(Report::Hit { .. }) => tr!(lang, "fire-result-hit"),
                Some(&r) => tr!(lang, "fire-result-sunk", report = report(lang, variant, r)),
            };
            tr!(
                lang,
                "fire-classic",
                shooter = shooter,
                cells = cells,
                result = result
            )
        }
        Variant::Game2000 => {
            let reports: Vec<String> = outcome
                .reports
                .iter()
                .map(|&r| report(lang, variant, r))
                .collect();
            tr!(
                lang,
                "fire-salvo",
                shooter = shooter,
                cells = cells,
                turn = outcome.turn,
                reports = reports.join(", ")
            )
        }
    }
}

/// Who moves after `outcome`, with the deadline; empty when the match is over.
#[must_use]
pub fn next_line(lang: Lang, outcome: &FireOutcome, deadline: SystemTime) -> String {
    match outcome.next {
        Next::Again(p) => tr!(
            lang,
            "fire-again",
            player = mention(p),
            deadline = relative(deadline)
        ),
        Next::Turn {
            player,
            last_chance,
        } => {
            let mut text = String::new();
            if last_chance {
                text.push_str(&tr!(
                    lang,
                    "fire-last-chance",
                    shooter = mention(outcome.shooter),
                    player = mention(player)
                ));
                text.push('\n');
            }
            text.push_str(&tr!(
                lang,
                "fire-to-move",
                player = mention(player),
                deadline = relative(deadline)
            ));
            text
        }
        Next::Over(_) => String::new(),
    }
}

/// The public message of a match against the computer.
#[must_use]
pub fn versus_computer(
    lang: Lang,
    human: PlayerId,
    computer: PlayerId,
    level: Difficulty,
    variant: Variant,
    deadline: SystemTime,
) -> String {
    tr!(
        lang,
        "computer-challenge",
        human = mention(human),
        computer = mention(computer),
        level = crate::bot::kit::i18n::names::difficulty(lang, level),
        variant = variant_title(lang, variant),
        deadline = relative(deadline)
    )
}

/// The public end message.
#[must_use]
pub fn ending(lang: Lang, ending: Ending, players: [PlayerId; 2], in_battle: bool) -> String {
    let [a, b] = players.map(mention);
    match ending {
        Ending::Won {
            winner,
            loser,
            reason,
        } => {
            let key = match reason {
                WinReason::FleetDestroyed => "end-fleet-destroyed",
                WinReason::Forfeit => "end-forfeit",
                WinReason::Timeout if in_battle => "end-turn-timeout",
                WinReason::Timeout => "end-placement-timeout",
            };
            tr!(lang, key, winner = mention(winner), loser = mention(loser))
        }
        Ending::Draw => tr!(lang, "end-draw", challenger = a, opponent = b),
        Ending::TurnLimit => tr!(
            lang,
            "end-turn-limit",
            challenger = a,
            opponent = b,
            turns = Variant::Game2000.turn_limit()
        ),
        Ending::Declined => tr!(lang, "end-declined", challenger = a, opponent = b),
        Ending::Expired => tr!(lang, "end-expired", challenger = a, opponent = b),
        Ending::Abandoned => tr!(lang, "end-abandoned", challenger = a, opponent = b),
        Ending::Cancelled { by } => tr!(lang, "end-cancelled", player = mention(by)),
    }
}

/// One line of statistics per player.
#[must_use]
pub fn stats_lines(lang: Lang, players: [PlayerId; 2], stats: [PlayerStats; 2]) -> String {
    players
        .iter()
        .zip(stats)
        .map(|(&p, s)| {
            tr!(
                lang,
                "stats-line",
                player = mention(p),
                shots = s.shots,
                hits = s.hits,
                percent = format!("{:.0}", s.accuracy() * 100.0),
                turns = s.turns
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// "Series: Ann 2 – 1 Bjørn", in `lang`.
#[must_use]
pub fn series_line(lang: Lang, names: &[String; 2], series: &Series) -> String {
    tr!(
        lang,
        "series-line",
        a = plain(&names[0]),
        wa = series.wins[0],
        wb = series.wins[1],
        b = plain(&names[1]),
        draws = series.draws
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Report;
    use std::time::UNIX_EPOCH;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);

    #[test]
    fn public_messages_keep_mentions_and_timestamps_in_every_language() {
        let t = UNIX_EPOCH + std::time::Duration::from_secs(1000);
        for lang in Lang::ALL {
            let text = challenge(lang, A, B, Variant::Game2000, true, t);
            assert!(
                text.contains("<@1>") && text.contains("<@2>"),
                "{lang}: {text}"
            );
            assert!(text.contains("<t:1000:R>"), "{lang}: {text}");
            let text = battle_starts(lang, &CommandIds::default(), [A, B], B, Variant::Classic, t);
            // The command as this language names it (no ids registered in unit tests).
            let fire = format!(
                "/{}",
                crate::bot::kit::i18n::commands::command_name(lang, "fire")
            );
            assert!(
                text.contains("**<@2>**") && text.contains(&fire),
                "{lang}: {text}"
            );
            assert!(text.contains("<t:1000:R>"), "{lang}: {text}");
        }
    }

    #[test]
    fn reports_use_the_games_native_words() {
        let sunk = Report::Sunk { len: 4 };
        assert_eq!(
            report(Lang::EnUs, Variant::Classic, sunk),
            "battleship sunk (4 cells)"
        );
        assert!(report(Lang::Da, Variant::Classic, sunk).contains("slagskib"));
        assert!(
            report(Lang::SvSe, Variant::Classic, Report::Sunk { len: 1 }).contains("torpedbåt")
        );
        assert_eq!(
            report(Lang::Nl, Variant::Game2000, Report::Hit { len: Some(2) }),
            "boot van lengte 2 geraakt"
        );
        assert_eq!(
            report(Lang::Nl, Variant::Game2000, Report::Sunk { len: 3 }),
            "boot van lengte 3 vernietigd"
        );
        assert_eq!(report(Lang::Nl, Variant::Game2000, Report::Water), "water");
    }

    #[test]
    fn statistics_count_in_plural_and_singular() {
        let one = PlayerStats {
            shots: 1,
            hits: 1,
            turns: 1,
        };
        let many = PlayerStats {
            shots: 10,
            hits: 4,
            turns: 6,
        };
        let text = stats_lines(Lang::EnUs, [A, B], [one, many]);
        assert!(
            text.contains("<@1>: 1 shot, 1 hit (100%), 1 turn"),
            "{text}"
        );
        assert!(
            text.contains("<@2>: 10 shots, 4 hits (40%), 6 turns"),
            "{text}"
        );
        let text = stats_lines(Lang::SvSe, [A, B], [one, many]);
        assert!(
            text.contains("1 skott") && text.contains("6 drag"),
            "{text}"
        );
    }

    #[test]
    fn endings_exist_in_every_language() {
        let endings = [
            Ending::Won {
                winner: A,
                loser: B,
                reason: WinReason::FleetDestroyed,
            },
            Ending::Won {
                winner: A,
                loser: B,
                reason: WinReason::Forfeit,
            },
            Ending::Won {
                winner: A,
                loser: B,
                reason: WinReason::Timeout,
            },
            Ending::Draw,
            Ending::Declined,
            Ending::Expired,
            Ending::Abandoned,
            Ending::Cancelled { by: B },
        ];
        for lang in Lang::ALL {
            for e in endings {
                let text = ending(lang, e, [A, B], true);
                assert!(text.contains("<@"), "{lang} {e:?}: {text}");
                assert!(!text.contains("end-"), "{lang} {e:?}: {text}");
            }
        }
    }
}
