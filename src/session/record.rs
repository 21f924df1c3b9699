//! A live match as a store record, and back.

use std::time::{Duration, SystemTime};

use crate::game::{Ending, FireOutcome, PhaseKind, Side, WinReason};
use crate::store::format::{self, FormatError};
use crate::store::{MatchRecord, MatchResult, MoveRecord, Played};

use super::entry::Entry;
use super::stored;
use crate::store::Timestamp;

/// Milliseconds since the Unix epoch (0 before it, saturating far after it).
#[must_use]
pub fn millis(t: SystemTime) -> i64 {
    t.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The time `ms` milliseconds after the Unix epoch.
#[must_use]
pub fn from_millis(ms: i64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

/// The stored name of a phase.
pub(crate) const fn phase_name(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Challenge => "challenge",
        PhaseKind::Placement => "placement",
        PhaseKind::Battle => "battle",
        PhaseKind::Finished => "finished",
    }
}

/// How an ending is stored.
#[must_use]
pub fn result_of(ending: Ending) -> MatchResult {
    let (how, winner, loser) = match ending {
        Ending::Won {
            winner,
            loser,
            reason,
        } => (
            match reason {
                WinReason::FleetDestroyed => "sunk",
                WinReason::Forfeit => "forfeit",
                WinReason::Timeout => "timeout",
            },
            Some(winner),
            Some(loser),
        ),
        Ending::Draw | Ending::TurnLimit => ("draw", None, None),
        Ending::Declined => ("declined", None, None),
        Ending::Expired => ("expired", None, None),
        Ending::Abandoned => ("abandoned", None, None),
        Ending::Cancelled { .. } => ("cancelled", None, None),
    };
    MatchResult { how, winner, loser }
}

/// The move record of one shot or salvo, number `seq`.
pub(crate) fn move_of(seq: u32, outcome: &FireOutcome, now: SystemTime) -> MoveRecord {
    let cells: Vec<String> = outcome.cells.iter().map(ToString::to_string).collect();
    MoveRecord {
        seq,
        player: outcome.shooter,
        turn: outcome.turn,
        cells: cells.join(" "),
        // Serialising plain enums cannot fail.
        reports: serde_json::to_string(&outcome.reports).unwrap_or_default(),
        at_ms: Timestamp::of(now),
    }
}

/// The record of `entry` as it is now, with the moves just played.
pub(crate) fn of(
    entry: &Entry,
    now: SystemTime,
    moves: Vec<MoveRecord>,
) -> Result<MatchRecord, FormatError> {
    let game = &entry.game;
    let document = stored::document_of(entry);
    // The options column is the document's options, in the same words.
    let options =
        serde_json::to_string(&document.game.options).map_err(|error| FormatError::Syntax {
            version: format::CURRENT,
            error,
        })?;
    let claims = entry.claims().into_iter().collect();
    let computer_next =
        entry.computer.is_some() && game.to_move() == Some(game.player(Side::Opponent));
    Ok(MatchRecord {
        id: entry.id,
        version: entry.version,
        channel: if game.is_finished() {
            entry.post_channel()
        } else {
            entry.channel
        },
        guild: entry.guild,
        players: game.players(),
        variant: game.variant().key(),
        options,
        computer: entry.computer.as_ref().map(|c| c.difficulty.key()),
        phase: phase_name(game.phase_kind()),
        deadline_ms: Timestamp::of(entry.deadline),
        state: format::write(document)?.into(),
        result: game.ending().map(result_of),
        created_ms: Timestamp::of(entry.created),
        updated_ms: Timestamp::of(now),
        moves,
        claims,
        computer_next,
        played: game.is_finished().then(|| Played {
            names: entry.names.clone(),
            stats: game.players().map(|p| game.stats(p)),
            rated: entry.rated && entry.computer.is_none(),
        }),
        rematch_of: None,
        remind_ms: entry.next_reminder().map(|(_, at)| Timestamp::of(at)),
        post_channel: Some(entry.post_channel()).filter(|&c| c != entry.channel),
    })
}

/// A stored state, read back, whatever version of the stored format it was written in.
pub(crate) fn entry_of(state: &[u8]) -> Result<Entry, FormatError> {
    stored::decode(state)
}
