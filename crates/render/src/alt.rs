//! Short text fallbacks for every picture kind, used as Discord alt text.
//! Discord allows 1024 characters; longer texts are cut with an ellipsis.

use std::fmt::Write as _;

use crate::game::{Coord, OwnBoardView, OwnCell, RevealView, SalvoView, TargetCell, TargetView};

use super::labels::{Labels, fill};
use super::report::{cells_text, report_words};
use super::reveal::{percent_text, result_words};

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
            let shots = fill(
                &labels.shots_fired,
                &[
                    ("shots", &(hits + misses).to_string()),
                    ("hits", &hits.to_string()),
                ],
            );
            let _ = write!(text, "; {shots}");
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
            ". {name}: {} {}, {} {}, {} {}, {} {}",
            labels.shots,
            s.shots,
            labels.hits,
            s.hits,
            labels.accuracy,
            percent_text(s, labels),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Fleet, Match, MatchOptions, PlayerId, Sea, Variant};

    const CLASSIC: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";

    fn c(name: &str) -> Coord {
        name.parse().unwrap()
    }

    #[test]
    fn the_classic_target_text_goes_on_in_lower_case_after_the_semicolon() {
        let mut sea = Sea::new(Fleet::parse(Variant::Classic, CLASSIC).unwrap());
        let labels = Labels::default();
        assert_eq!(
            target_board(&TargetView::of_sea(&sea), &labels),
            "Enemy waters: 10 of 10 ships afloat; no shots yet"
        );
        sea.resolve(c("A1"), 1);
        sea.resolve(c("B1"), 1);
        assert_eq!(
            target_board(&TargetView::of_sea(&sea), &labels),
            "Enemy waters: 10 of 10 ships afloat; shots: 2, hits: 1"
        );
    }

    #[test]
    fn the_reveal_text_writes_percentages_as_the_labels_do() {
        let (ann, bob) = (PlayerId(1), PlayerId(2));
        let mut m =
            Match::challenge(ann, bob, Variant::Classic, MatchOptions::default(), 5).unwrap();
        m.accept(bob).unwrap();
        for p in [ann, bob] {
            m.set_fleet(p, Fleet::parse(Variant::Classic, CLASSIC).unwrap())
                .unwrap();
            m.confirm(p).unwrap();
        }
        let first = m.to_move().unwrap();
        m.fire(first, &[c("A1")]).unwrap(); // hit
        m.fire(first, &[c("B1")]).unwrap(); // miss: 1 of 2, 50 %
        m.forfeit(first).unwrap();
        let view = m.reveal().unwrap();
        let names = ["Ann".to_owned(), "Bob".to_owned()];
        let english = reveal(&view, &names, &Labels::default());
        assert!(english.contains("Accuracy 50%,"), "{english}");
        assert!(english.contains("Accuracy 0%,"), "{english}");
        let spaced = Labels {
            percent: "{n} %".into(),
            ..Labels::default()
        };
        let text = reveal(&view, &names, &spaced);
        assert!(text.contains("Accuracy 50 %,"), "{text}");
        assert!(text.contains("Accuracy 0 %,"), "{text}");
    }
}
