//! Short text fallbacks for every picture kind, used as Discord alt text.
//! Discord allows 1024 characters; longer texts are cut with an ellipsis.

use std::fmt::Write as _;

use crate::game::{
    CellSet, Coord, OwnBoardView, OwnCell, Report, RevealView, SalvoView, Ship, TargetCell,
    TargetView,
};

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
    cap(salvo_words(salvo, labels))
}

fn salvo_words(salvo: &SalvoView, labels: &Labels) -> String {
    let words: Vec<String> = salvo
        .reports
        .iter()
        .map(|&r| report_words(r, labels))
        .collect();
    format!(
        "{} ({}): {}",
        fill(&labels.turn, &[("n", &salvo.turn.to_string())]),
        cells_text(&salvo.cells),
        words.join(", ")
    )
}

/// Between the items of a list (cells, runs of cells, ships).
const LIST: &str = ", ";
/// Between the parts of an alt text.
const PART: &str = ". ";

/// The cells of `set` as runs along rows and columns, each cell in exactly one:
/// `["A1-A4", "C2", "E5-E7"]`. The longest run is taken first, a row before a column
/// when they tie; the runs are listed in reading order of their first cells.
///
/// ```
/// use broadside_render::alt::cell_runs;
/// use broadside_game::{CellSet, Coord};
///
/// let cells: CellSet = ["A1", "A2", "A3", "B3", "C3", "J10"]
///     .iter()
///     .map(|c| c.parse::<Coord>().unwrap())
///     .collect();
/// assert_eq!(cell_runs(cells), ["A1-A3", "B3-C3", "J10"]);
/// ```
#[must_use]
pub fn cell_runs(set: CellSet) -> Vec<String> {
    runs(set)
        .into_iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect()
}

fn runs(set: CellSet) -> Vec<(Coord, Coord)> {
    // Runs never leave the largest board; `set` holds only cells of the match's board.
    const SIZE: u8 = 10;
    let mut left = set;
    let mut out = Vec::new();
    loop {
        let mut best: Option<(u8, Coord, Coord)> = None;
        for c in left.iter() {
            for (dc, dr) in [(1, 0), (0, 1)] {
                if c.offset(-dc, -dr, SIZE).is_some_and(|p| left.contains(p)) {
                    continue; // not the first cell of its run
                }
                let (mut end, mut len) = (c, 1);
                while let Some(next) = end.offset(dc, dr, SIZE).filter(|&n| left.contains(n)) {
                    end = next;
                    len += 1;
                }
                if best.is_none_or(|(l, ..)| len > l) {
                    best = Some((len, c, end));
                }
            }
        }
        match best {
            None => break,
            Some((1, ..)) => {
                out.extend(left.iter().map(|c| (c, c)));
                break;
            }
            Some((_, start, end)) => {
                for c in set.iter() {
                    if (start.row()..=end.row()).contains(&c.row())
                        && (start.col()..=end.col()).contains(&c.col())
                    {
                        left.remove(c);
                    }
                }
                out.push((start, end));
            }
        }
    }
    out.sort_unstable();
    out
}

fn list(set: CellSet) -> String {
    cell_runs(set).join(LIST)
}

/// `text`, then `template` filled with as many of `items` as fit under [`MAX_CHARS`]
/// (then an ellipsis), or `text` alone when not even one fits.
fn push_cut(text: &mut String, template: &str, key: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let room = MAX_CHARS.saturating_sub(text.chars().count());
    for keep in (1..=items.len()).rev() {
        let mut cells = items[..keep].join(LIST);
        if keep < items.len() {
            cells.push_str(LIST);
            cells.push('…');
        }
        let part = format!("{PART}{}", fill(template, &[(key, &cells)]));
        if part.chars().count() <= room {
            text.push_str(&part);
            return;
        }
    }
}

/// Fleet order: longest first, then in reading order.
fn fleet_order(ship: Ship) -> (std::cmp::Reverse<u8>, Coord) {
    (std::cmp::Reverse(ship.len()), ship.origin())
}

/// "Your fleet: 8 of 10 ships afloat; enemy shots: 14, hits: 5. Ships: A1-A4 (hit: A2, A3),
/// C1-C3 (sunk), D6. Enemy misses: B1-B4, J1". The misses come last and are cut first.
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
    let mut text = format!(
        "{}: {}; {shots}",
        labels.your_fleet,
        afloat(labels, up, total)
    );
    let mut ships: Vec<_> = view.ships.iter().collect();
    ships.sort_by_key(|s| fleet_order(s.ship));
    let ships: Vec<String> = ships
        .iter()
        .map(|s| {
            let ship = s.ship.to_string();
            if s.sunk {
                fill(&labels.alt_ship_sunk, &[("ship", &ship)])
            } else if s.hits.is_empty() {
                ship
            } else {
                let cells: Vec<String> = s.hits.iter().map(|c| c.to_string()).collect();
                fill(
                    &labels.alt_ship_hit,
                    &[("ship", &ship), ("cells", &cells.join(LIST))],
                )
            }
        })
        .collect();
    push_cut(&mut text, &labels.alt_ships, "ships", &ships);
    let misses: CellSet = view
        .shots
        .iter()
        .map(|&(c, _)| c)
        .filter(|&c| view.cell(c) == OwnCell::Miss)
        .collect();
    push_cut(
        &mut text,
        &labels.alt_enemy_misses,
        "cells",
        &cell_runs(misses),
    );
    cap(text)
}

/// The shooter's picture of the enemy sea, as text. Classic: the counts, then the sunk
/// ships, the hits not sunk yet, the misses, and last (cut first) the water known around
/// the sunk ships, each list as runs of cells. Game 2000: the ships left, then the
/// newest turn and every turn with a hit, newest first, then the cells first fired at
/// in the other turns (nothing but water); the oldest turns are left out, and counted,
/// if they do not fit.
#[must_use]
pub fn target_board(view: &TargetView, labels: &Labels) -> String {
    let up: usize = view.ships_left.iter().map(|s| usize::from(s.afloat)).sum();
    let total: usize = view.ships_left.iter().map(|s| usize::from(s.total)).sum();
    let text = format!("{}: {}", labels.enemy_waters, afloat(labels, up, total));
    if view.salvos.is_empty() {
        classic_target(view, labels, text)
    } else {
        game2000_target(view, labels, text)
    }
}

fn classic_target(view: &TargetView, labels: &Labels, mut text: String) -> String {
    let (mut hits, mut misses, mut water) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
    let mut sunk_cells = 0;
    for c in Coord::all(view.variant.size()) {
        match view.cell(c) {
            TargetCell::Hit => {
                hits.insert(c);
            }
            TargetCell::Miss => {
                misses.insert(c);
            }
            TargetCell::Halo => {
                water.insert(c);
            }
            TargetCell::Sunk => sunk_cells += 1,
            TargetCell::Unknown | TargetCell::Fired { .. } => {}
        }
    }
    let struck = hits.len() + sunk_cells;
    let fired = struck + misses.len();
    if fired == 0 {
        let _ = write!(text, "; {}", labels.no_shots);
        return cap(text);
    }
    let shots = fill(
        &labels.shots_fired,
        &[("shots", &fired.to_string()), ("hits", &struck.to_string())],
    );
    let _ = write!(text, "; {shots}");
    let mut sunk = view.sunk.clone();
    sunk.sort_by_key(|&s| fleet_order(s));
    let sunk: Vec<String> = sunk.iter().map(ToString::to_string).collect();
    push_cut(&mut text, &labels.alt_sunk, "cells", &sunk);
    push_cut(&mut text, &labels.alt_hits, "cells", &cell_runs(hits));
    push_cut(&mut text, &labels.alt_misses, "cells", &cell_runs(misses));
    push_cut(
        &mut text,
        &labels.alt_known_water,
        "cells",
        &cell_runs(water),
    );
    cap(text)
}

fn game2000_target(view: &TargetView, labels: &Labels, text: String) -> String {
    let Some((newest, older)) = view.salvos.split_last() else {
        return cap(text);
    };
    // Turns with a hit or a sinking are told in full; of the others only the cells fired
    // at for the first time, which their water reports prove empty.
    let mut seen = CellSet::EMPTY;
    let mut only_water = CellSet::EMPTY;
    let mut told = Vec::new();
    for s in older {
        if s.reports.iter().all(|&r| r == Report::Water) {
            only_water = only_water.union(
                s.cells
                    .iter()
                    .copied()
                    .collect::<CellSet>()
                    .difference(seen),
            );
        } else {
            told.push(s);
        }
        seen = seen.union(s.cells.iter().copied().collect());
    }
    let water = if only_water.is_empty() {
        String::new()
    } else {
        format!(
            "{PART}{}",
            fill(&labels.alt_only_water, &[("cells", &list(only_water))])
        )
    };
    let entries: Vec<String> = std::iter::once(newest)
        .chain(told.iter().rev().copied())
        .map(|s| format!("{PART}{}", salvo_words(s, labels)))
        .collect();
    let len = |parts: &[String]| parts.iter().map(|p| p.chars().count()).sum::<usize>();
    let head = text.chars().count() + water.chars().count();
    let mut keep = entries.len();
    let mut note = String::new();
    while keep > 1 && head + len(&entries[..keep]) + note.chars().count() > MAX_CHARS {
        keep -= 1;
        note = format!(
            "{PART}{}",
            fill(
                &labels.alt_left_out,
                &[("n", &(entries.len() - keep).to_string())]
            )
        );
    }
    let mut text = text;
    for e in &entries[..keep] {
        text.push_str(e);
    }
    text.push_str(&water);
    text.push_str(&note);
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
            "Enemy waters: 10 of 10 ships afloat; shots: 2, hits: 1. Hit, not sunk yet: A1. \
             Missed: B1"
        );
    }

    #[test]
    fn cell_runs_cover_each_cell_once_and_take_the_longest_run_first() {
        // A plus: the column D1-D5 is longer than the row C3-E3, so it is taken first.
        let plus: CellSet = ["D1", "D2", "D3", "D4", "D5", "C3", "E3"]
            .map(c)
            .into_iter()
            .collect();
        assert_eq!(cell_runs(plus), ["D1-D5", "C3", "E3"]);
        let checker: CellSet = Coord::all(10)
            .filter(|c| (c.row() + c.col()) % 2 == 0)
            .collect();
        assert_eq!(cell_runs(checker).len(), 50);
        assert!(cell_runs(CellSet::EMPTY).is_empty());
    }

    #[test]
    fn the_known_water_is_cut_first_and_marked() {
        let mut sea = Sea::new(Fleet::parse(Variant::Classic, CLASSIC).unwrap());
        for cell in ["A6", "B6", "D6", "F6", "H6", "J10", "B2", "B9"] {
            sea.resolve(c(cell), 1);
        }
        let view = TargetView::of_sea(&sea);
        let full = target_board(&view, &Labels::default());
        assert!(
            full.ends_with("Water around sunk ships: A5-I5, C6, E6, G6, I6, A7-I7, I9-J9, I10"),
            "{full}"
        );
        // Words so long that only part of the water fits: the rest is cut at a cell.
        let long = Labels {
            alt_misses: format!("{}{{cells}}", "m".repeat(880)).into(),
            ..Labels::default()
        };
        let cut = target_board(&view, &long);
        assert!(cut.chars().count() <= MAX_CHARS, "{}", cut.chars().count());
        assert!(cut.ends_with(", …"), "{cut}");
        assert!(
            cut.contains("mB2, B9. Water around sunk ships: A5-I5, "),
            "{cut}"
        );
    }

    #[test]
    fn a_game2000_text_too_long_leaves_out_the_oldest_turns_and_says_how_many() {
        let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap();
        let mut sea = Sea::new(fleet);
        for (turn, cell) in (1..).zip(["B3", "C3", "D3", "F3", "F4", "F5"]) {
            sea.resolve(c(cell), turn);
        }
        let view = TargetView::of_sea(&sea);
        let long = Labels {
            turn: format!("{} {{n}}", "t".repeat(300)).into(),
            ..Labels::default()
        };
        let text = target_board(&view, &long);
        assert!(
            text.chars().count() <= MAX_CHARS,
            "{}",
            text.chars().count()
        );
        assert!(text.contains("t 6 (F5): length 3 destroyed"), "{text}");
        assert!(text.contains("t 5 (F4): length 3 hit"), "{text}");
        assert!(!text.contains("t 4 ("), "{text}");
        assert!(text.ends_with(". Older turns left out: 4"), "{text}");
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
