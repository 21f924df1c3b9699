//! The sentences the bot sends about matches, in one place.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::game::{Ending, FireOutcome, Next, PlayerId, PlayerStats, Report, Variant, WinReason};

/// An engine message as a sentence: first letter upper-case, full stop at the end.
#[must_use]
pub fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// `<@id>`: a mention Discord shows as the member's name.
#[must_use]
pub fn mention(p: PlayerId) -> String {
    format!("<@{}>", p.0)
}

/// `<#id>`: a channel link.
#[must_use]
pub fn channel(id: u64) -> String {
    format!("<#{id}>")
}

/// A Discord relative timestamp (`in 5 minutes`) for `t`.
#[must_use]
pub fn relative(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    format!("<t:{secs}:R>")
}

/// The public challenge message.
#[must_use]
pub fn challenge(
    from: PlayerId,
    to: PlayerId,
    variant: Variant,
    strict: bool,
    deadline: SystemTime,
) -> String {
    let mut text = format!(
        "⚓ {} challenges {} to a sea battle: **{}**.",
        mention(from),
        mention(to),
        variant.title()
    );
    if strict {
        text.push_str(" House rule: shots at cells fired at before are refused.");
    }
    let _ = write!(
        text,
        "\n{}, accept or decline — the challenge expires {}.",
        mention(to),
        relative(deadline)
    );
    text
}

/// The challenge message after acceptance.
#[must_use]
pub fn accepted(players: [PlayerId; 2], variant: Variant, deadline: SystemTime) -> String {
    format!(
        "⚓ {} vs {} — **{}**. Challenge accepted!\nBoth players now place their fleets in secret \
         (I sent each of you a private preview; `/place` works here too, privately). \
         Placement ends {}.",
        mention(players[0]),
        mention(players[1]),
        variant.title(),
        relative(deadline)
    )
}

/// A public hint for a player whose DMs are closed.
#[must_use]
pub fn dm_closed_hint(p: PlayerId) -> String {
    format!(
        "{}, I cannot send you direct messages. Use `/place` here: the answer is private, \
         only you see your fleet.",
        mention(p)
    )
}

/// The private placement prompt (DM or ephemeral).
#[must_use]
pub fn placement_prompt(variant: Variant, fleet: &str, match_channel: u64) -> String {
    format!(
        "Your fleet for the **{}** match in {} (only you can see this).\n`{fleet}`\n\
         **Shuffle** for another random fleet, **Ready** to make it final — or type your own with \
         `/place fleet:A1-A4 C1-C3 …` (here or in the match channel).",
        variant.short_name(),
        channel(match_channel),
    )
}

/// The private note after Ready.
#[must_use]
pub fn fleet_final(fleet: &str, waiting_for: Option<PlayerId>) -> String {
    match waiting_for {
        Some(p) => format!(
            "Your fleet is final: `{fleet}`. Waiting for {} to finish placing.",
            mention(p)
        ),
        None => format!("Your fleet is final: `{fleet}`. The battle has begun!"),
    }
}

/// The public start of the battle.
#[must_use]
pub fn battle_starts(
    players: [PlayerId; 2],
    first: PlayerId,
    variant: Variant,
    deadline: SystemTime,
) -> String {
    let how = match variant {
        Variant::Classic => "`/fire targets:C4` — one cell; a hit or a sinking fires again",
        Variant::Game2000 => "`/fire targets:C4 D5 E6` — three cells per turn",
    };
    format!(
        "⚔️ Both fleets are in position: {} vs {}. **{}** fires first ({how}). \
         Turn ends {}. `/board` shows your own board privately at any time.",
        mention(players[0]),
        mention(players[1]),
        mention(first),
        relative(deadline)
    )
}

/// The public result of a shot or salvo: what was hit, then who moves next.
#[must_use]
pub fn fired(variant: Variant, outcome: &FireOutcome, deadline: SystemTime) -> String {
    let mut text = shot_line(variant, outcome);
    text.push('\n');
    text.push_str(&next_line(outcome, deadline));
    text
}

/// "@A fires at **C4**: **hit!**" — one shot or salvo, without what follows.
#[must_use]
pub fn shot_line(variant: Variant, outcome: &FireOutcome) -> String {
    let cells: Vec<String> = outcome.cells.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "🎯 {} fires at **{}**",
        mention(outcome.shooter),
        cells.join(" ")
    );
    match variant {
        Variant::Classic => {
            let result = match outcome.reports.first() {
                Some(Report::Water) | None => "miss.".to_owned(),
                Some(Report::Hit { .. }) => "**hit!**".to_owned(),
                Some(&r @ Report::Sunk { .. }) => format!("**{}!**", r.describe(variant)),
            };
            let _ = write!(text, ": {result}");
        }
        Variant::Game2000 => {
            let reports: Vec<String> = outcome
                .reports
                .iter()
                .map(|r| r.describe(variant))
                .collect();
            let _ = write!(text, " (turn {}): {}.", outcome.turn, reports.join(", "));
        }
    }
    text
}

/// Who moves after `outcome`, with the deadline; empty when the match is over.
#[must_use]
pub fn next_line(outcome: &FireOutcome, deadline: SystemTime) -> String {
    match outcome.next {
        Next::Again(p) => format!(
            "{} fires again — turn ends {}.",
            mention(p),
            relative(deadline)
        ),
        Next::Turn {
            player,
            last_chance,
        } => {
            let mut text = String::new();
            if last_chance {
                let _ = writeln!(
                    text,
                    "{} has destroyed your whole fleet, {}! Both players get the same number of \
                     turns: this is your last one — destroy every ship too and it is a draw.",
                    mention(outcome.shooter),
                    mention(player)
                );
            }
            let _ = write!(
                text,
                "{} to move — turn ends {}.",
                mention(player),
                relative(deadline)
            );
            text
        }
        Next::Over(_) => String::new(),
    }
}

/// The public message of a match against the computer.
#[must_use]
pub fn versus_computer(
    human: PlayerId,
    computer: PlayerId,
    level: &str,
    variant: Variant,
    deadline: SystemTime,
) -> String {
    format!(
        "⚓ {} takes on {} (**{level}**) at **{}**. Place your fleet — the preview is private — \
         then press Ready. Placement ends {}.",
        mention(human),
        mention(computer),
        variant.title(),
        relative(deadline)
    )
}

/// The public end message.
#[must_use]
pub fn ending(ending: Ending, players: [PlayerId; 2], in_battle: bool) -> String {
    match ending {
        Ending::Won {
            winner,
            loser,
            reason,
        } => match reason {
            WinReason::FleetDestroyed => format!(
                "🏆 {} destroyed every ship of {} and **wins**!",
                mention(winner),
                mention(loser)
            ),
            WinReason::Forfeit => format!(
                "🏳️ {} forfeits. {} **wins**.",
                mention(loser),
                mention(winner)
            ),
            WinReason::Timeout if in_battle => format!(
                "⏰ {} let the turn run out — a skipped turn loses the game. {} **wins**.",
                mention(loser),
                mention(winner)
            ),
            WinReason::Timeout => format!(
                "⏰ {} did not finish placing the fleet in time. {} **wins**.",
                mention(loser),
                mention(winner)
            ),
        },
        Ending::Draw => format!(
            "🤝 {} and {} destroyed each other's fleets in the same round: it is a **draw**!",
            mention(players[0]),
            mention(players[1])
        ),
        Ending::Declined => format!(
            "{} declined the challenge from {}.",
            mention(players[1]),
            mention(players[0])
        ),
        Ending::Expired => format!(
            "The challenge from {} to {} expired unanswered.",
            mention(players[0]),
            mention(players[1])
        ),
        Ending::Abandoned => format!(
            "Neither {} nor {} finished placing in time; the match is called off.",
            mention(players[0]),
            mention(players[1])
        ),
        Ending::Cancelled { by } => format!("{} cancelled the match.", mention(by)),
    }
}

/// One line of statistics per player.
#[must_use]
pub fn stats_lines(players: [PlayerId; 2], stats: [PlayerStats; 2]) -> String {
    players
        .iter()
        .zip(stats)
        .map(|(&p, s)| {
            format!(
                "{}: {} shots, {} hits ({:.0}%), {} turns",
                mention(p),
                s.shots,
                s.hits,
                s.accuracy() * 100.0,
                s.turns
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `/rules` for one variant.
#[must_use]
pub fn rules(variant: Variant) -> String {
    match variant {
        Variant::Classic => "**Classic — Søslag / Sjöslag**\n\
            • Sea of 10×10 cells, columns A–J, rows 1–10 (`C4` is column C, row 4).\n\
            • Fleet: 1 battleship (4 cells), 2 cruisers (3), 3 destroyers (2), 4 torpedo boats (1).\n\
            • Ships are straight lines and never touch one another, not even at a corner.\n\
            • One shot per turn with `/fire targets:C4`. A miss passes the turn; a hit or a sinking \
              lets you fire again.\n\
            • When a ship sinks you learn which one it was, and the water around it is marked for you.\n\
            • Firing at a cell you already tried is refused and costs nothing.\n\
            • Sink all ten ships first to win. Letting your turn run out loses the game."
            .to_owned(),
        Variant::Game2000 => "**Game 2000 — Zeeslag**\n\
            • Sea of 9×9 cells, columns A–I, rows 1–9.\n\
            • Fleet: 2 ships of 3 cells, 3 of 2 cells, 2 of 1 cell.\n\
            • Ships never touch (not even at a corner), never use a corner cell (A1, I1, A9, I9), \
              and a ship of 2 or 3 cells may not lie with its long side along the edge. \
              A 1-cell ship may stand on an edge.\n\
            • Each turn you name three cells: `/fire targets:C4 D5 E6`. They are resolved in a \
              random order, and you hear one report per shot: water, \"length L hit\" or \
              \"length L destroyed\" — but never which cell hit.\n\
            • A cell you fired at before always reports water (unless the match forbids repeats).\n\
            • Both players get the same number of turns: if the second player also destroys \
              everything in the round the first player finished, the game is a draw.\n\
            • Letting your turn run out loses the game."
            .to_owned(),
    }
}
