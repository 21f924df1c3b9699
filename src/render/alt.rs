//! Short text fallbacks for every picture kind, used as Discord alt text.
//! Discord allows 1024 characters; longer texts are cut with an ellipsis.

use std::fmt::Write as _;

use crate::game::{Coord, OwnBoardView, OwnCell, RevealView, SalvoView, TargetCell, TargetView};

use super::labels::{Labels, fill};
use super::report::{cells_text, report_words};
use super::reveal::{percent, result_words};

/// Discord's limit for attachment descriptions.
pub const MAX_CHARS: usize = 1024;

fn cap(mut text: String) -> String {
    if text.chars().count() > MAX_CHARS {
        text = text.chars().take(MAX_CHARS - 1).collect();
        text.push('…');
    }
    text
}

fn afloat(labels: &Labels, afloat: usize, total: usize) -> String {
    fill(
        &labels.afloat,
        &[
            ("afloat", &afloat.to_string()),
            ("total", &total.to_string()),
        ],
    )
}

/// "Turn 3 (B2 C5 H7): water, length 2 hit, length 2 destroyed".
#[must_use]
pub fn salvo_report(salvo: &SalvoView, labels: &Labels) -> String {
    let words: Vec<String> = salvo
        .reports
        .iter()
        .map(|&r| report_words(r, labels))
        .collect();
    cap(format!(
        "{} ({}): {}",
        fill(&labels.turn, &[("n", &salvo.turn.to_string())]),
        cells_text(&salvo.cells),
        words.join(", ")
    ))
}

/// "Your fleet: 8 of 10 ships afloat; enemy shots: 14, hits: 5".
#[must_use]
pub fn own_board(view: &OwnBoardView, labels: &Labels) -> String {
    let total = view.ships.len();
    let up = view.ships.iter().filter(|s| !s.sunk).count();
    let hits = view
        .shots
        .iter()
        .filter(|&&(c, _)| matches!(view.cell(c), OwnCell::Hit | OwnCell::Sunk))
        .count();
    let shots = if view.shots.is_empty() {
        labels.no_shots.to_string()
    } else {
        fill(
            &labels.enemy_shots,
            &[
                ("shots", &view.shots.len().to_string()),
                ("hits", &hits.to_string()),
            ],
        )
    };
    cap(format!(
        "{}: {}; {shots}",
        labels.your_fleet,
        afloat(labels, up, total)
    ))
}

/// Classic: shots, hits and ships left. Game 2000: ships left and every turn's
/// cells and reports, newest first.
#[must_use]
pub fn target_board(view: &TargetView, labels: &Labels) -> String {
    let up: usize = view.ships_left.iter().map(|s| usize::from(s.afloat)).sum();
    let total: usize = view.ships_left.iter().map(|s| usize::from(s.total)).sum();
    let mut text = format!("{}: {}", labels.enemy_waters, afloat(labels, up, total));
    if view.salvos.is_empty() {
        let cells: Vec<TargetCell> = Coord::all(view.variant.size())
            .map(|c| view.cell(c))
            .collect();
        let hits = cells
            .iter()
            .filter(|c| matches!(c, TargetCell::Hit | TargetCell::Sunk))
            .count();
        let misses = cells.iter().filter(|c| **c == TargetCell::Miss).count();
        if hits + misses == 0 {
            let _ = write!(text, "; {}", labels.no_shots);
        } else {
            let _ = write!(
                text,
                "; {}: {}, {}: {hits}",
                labels.shots,
                hits + misses,
                labels.hits
            );
        }
    } else {
        for s in view.salvos.iter().rev() {
            text.push_str(". ");
            text.push_str(&salvo_report(s, labels));
        }
    }
    cap(text)
}

/// "Ann wins (every ship sunk). Ann: Shots 40, Hits 20, Accuracy 50%, Turns 20. Bob: …".
#[must_use]
pub fn reveal(view: &RevealView, names: &[String; 2], labels: &Labels) -> String {
    let (headline, reason) = result_words(view, names, labels);
    let mut text = if reason.is_empty() {
        headline
    } else {
        format!("{headline} ({reason})")
    };
    for (name, s) in names.iter().zip(view.stats) {
        let _ = write!(
            text,
            ". {name}: {} {}, {} {}, {} {}%, {} {}",
            labels.shots,
            s.shots,
            labels.hits,
            s.hits,
            labels.accuracy,
            percent(s),
            labels.turns,
            s.turns
        );
    }
    cap(text)
}

/// "Replay of Ann against Bjørn, 87 moves", then the result as in [`reveal`].
#[must_use]
pub fn replay(replay: &crate::game::Replay, names: &[String; 2], labels: &Labels) -> String {
    let head = fill(
        &labels.replay_alt,
        &[
            ("a", &names[0]),
            ("b", &names[1]),
            ("moves", &replay.len().to_string()),
        ],
    );
    cap(format!("{head}. {}", reveal(&replay.reveal, names, labels)))
}
