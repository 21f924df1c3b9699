//! Nothing public gives a hidden cell away: every public message and every picture
//! description before the end of a match is read, and no ship cell that nobody has fired
//! at may be named in them. A Game 2000 salvo is listed in board order whatever order the
//! player typed it in, so its report (in the random processing order) cannot be matched
//! to its cells.

use crate::e2e::support;

use std::collections::BTreeSet;

use broadside::game::{Coord, Fleet, Variant};
use serde_json::json;
use support::table::{REPLY, Table};
use support::{Sent, SentKind};

/// Everything anyone in the channel could read before the end message: texts and
/// picture descriptions of every public message.
async fn public_before_the_end(t: &Table) -> Vec<String> {
    let end = |s: &Sent| {
        s.kind == SentKind::ChannelMessage
            && (s.text().contains("destroyed every ship") || s.text().contains("draw"))
    };
    t.fake.wait_sent(end, REPLY).await;
    let rec = t.fake.recording();
    rec.sent
        .iter()
        .take_while(|s| !end(s))
        .filter(|s| !s.ephemeral && s.channel == Some(t.channel.id))
        .flat_map(|s| {
            let mut texts = vec![s.text().to_owned()];
            for list in [&s.body["attachments"], &s.body["data"]["attachments"]] {
                if let Some(list) = list.as_array() {
                    texts.extend(
                        list.iter()
                            .filter_map(|a| a["description"].as_str().map(str::to_owned)),
                    );
                }
            }
            texts
        })
        .collect()
}

pub(crate) fn cells(variant: Variant, fleet: &str) -> Vec<String> {
    Fleet::parse(variant, fleet)
        .unwrap()
        .cells()
        .iter()
        .map(|c| c.to_string())
        .collect()
}

/// Every cell of the board, in reading order.
pub(crate) fn board(variant: Variant) -> Vec<String> {
    let n = variant.size();
    (1..=n)
        .flat_map(|row| (0..n).map(move |col| format!("{}{row}", char::from(b'A' + col))))
        .collect()
}

/// The cells named in `text` (`C4`, `J10`; not parts of longer words or numbers). A range
/// along one row or column (`A1-A4`) names every cell in it, not only its ends.
pub(crate) fn named_cells(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    // The cell that starts at `i`, and where it ends.
    let cell_at = |i: usize| -> Option<(Coord, usize)> {
        let c = *chars.get(i)?;
        if !('A'..='J').contains(&c) || (i > 0 && chars[i - 1].is_alphanumeric()) {
            return None;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .collect();
        let end = i + 1 + digits.len();
        if !(1..=10).contains(&digits.parse::<u32>().unwrap_or(0))
            || chars.get(end).is_some_and(|n| n.is_alphanumeric())
        {
            return None;
        }
        Some((format!("{c}{digits}").parse().ok()?, end))
    };
    let mut found = BTreeSet::new();
    for i in 0..chars.len() {
        let Some((from, end)) = cell_at(i) else {
            continue;
        };
        found.insert(from.to_string());
        let Some((to, _)) = (chars.get(end) == Some(&'-'))
            .then(|| cell_at(end + 1))
            .flatten()
        else {
            continue;
        };
        if from.row() == to.row() || from.col() == to.col() {
            for row in from.row().min(to.row())..=from.row().max(to.row()) {
                for col in from.col().min(to.col())..=from.col().max(to.col()) {
                    found.extend(Coord::new(col, row).map(|c| c.to_string()));
                }
            }
        }
    }
    found
}

/// The water that a board's description may name around its sunk ships: the cells around
/// the ships it names as sunk (`sunk`), in no ship of the fleet they belong to. `None` when
/// no fleet of `fleets` holds every cell named as sunk (the description is of no real sea).
fn water_around(
    variant: Variant,
    fleets: &[&str],
    sunk: &BTreeSet<String>,
) -> Option<BTreeSet<String>> {
    fleets.iter().find_map(|fleet| {
        let fleet = Fleet::parse(variant, fleet).unwrap();
        let cells: BTreeSet<String> = fleet.cells().iter().map(|c| c.to_string()).collect();
        sunk.is_subset(&cells).then(|| {
            sunk.iter()
                .flat_map(|c| c.parse::<Coord>().unwrap().neighbours(variant.size()))
                .filter(|n| fleet.ship_at(*n).is_none())
                .map(|n| n.to_string())
                .collect()
        })
    })
}

/// Fires the salvos: each typed in reverse reading order; checks that the public answer
/// lists them in reading order. Returns every cell fired at.
async fn play(t: &Table, variant: Variant, plan: &[(u64, Vec<String>)]) -> BTreeSet<String> {
    let mut fired = BTreeSet::new();
    let reading: Vec<String> = board(variant);
    for (shooter, picks) in plan {
        let mut typed = picks.clone();
        typed.sort_by_key(|c| std::cmp::Reverse(reading.iter().position(|r| r == c)));
        let answer = t
            .slash(
                t.user(*shooter),
                "fire",
                json!([{"name": "targets", "type": 3, "value": typed.join(" ")}]),
            )
            .await;
        assert!(!answer.ephemeral, "{answer:?}");
        let mut in_order = picks.clone();
        in_order.sort_by_key(|c| reading.iter().position(|r| r == c));
        assert!(
            answer
                .text()
                .contains(&format!("**{}**", in_order.join(" "))),
            "typed {typed:?}, the answer must list {in_order:?}: {}",
            answer.text()
        );
        fired.extend(picks.iter().cloned());
    }
    fired
}

/// `text` without its inline code spans (command examples such as `/fire targets:C4`).
pub(crate) fn without_code(text: &str) -> String {
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The clause of a board's description that names its sunk ships (`pic-alt-sunk`).
const SUNK: &str = "Sunk:";
/// The clause of a board's description that names the water known around its sunk ships
/// (`pic-alt-known-water`, last in the description).
const KNOWN_WATER: &str = "Water around sunk ships:";

/// No text names a ship cell that nobody fired at, and the known-water clause of a board's
/// description names only water around the ships that the same description names as sunk,
/// in the sea of the fleet those ships belong to (`fleets`): true of that board, at that
/// moment, and nothing of the other sea.
fn assert_nothing_hidden_is_named(
    public: &[String],
    ships: &[String],
    fired: &BTreeSet<String>,
    variant: Variant,
    fleets: &[&str],
) {
    assert!(!public.is_empty());
    for text in public {
        let text = without_code(text);
        let (told, water) = text.split_once(KNOWN_WATER).unwrap_or((&text, ""));
        for cell in named_cells(told) {
            assert!(
                !ships.contains(&cell) || fired.contains(&cell),
                "{cell} is an unhit ship cell, named in public: {text}"
            );
        }
        let water = named_cells(water);
        if water.is_empty() {
            continue;
        }
        let sunk = told
            .split_once(SUNK)
            .map(|(_, rest)| named_cells(rest.split(". ").next().unwrap_or("")))
            .unwrap_or_default();
        let around = water_around(variant, fleets, &sunk)
            .unwrap_or_else(|| panic!("water named around ships no sea holds: {text}"));
        for cell in water {
            assert!(
                around.contains(&cell),
                "{cell} is named as water around a sunk ship, which no rule shows: {text}"
            );
        }
    }
}

#[tokio::test]
async fn a_game2000_match_names_no_hidden_cell_in_public() {
    const A: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";
    const B: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";
    let t = Table::new("99", &[]).await;
    let first = t.battle(1, [A, B]).await;
    let second = if first == t.alice.id {
        t.bob.id
    } else {
        t.alice.id
    };
    let fleet_of = |id: u64| if id == t.alice.id { A } else { B };
    let variant = Variant::Game2000;
    // The first player sinks everything in five salvos; the second fires at water.
    let mut first_targets = cells(variant, fleet_of(second));
    let spare: Vec<String> = board(variant)
        .into_iter()
        .filter(|c| !first_targets.contains(c))
        .collect();
    first_targets.push(spare[0].clone());
    let second_targets: Vec<String> = board(variant)
        .into_iter()
        .filter(|c| !cells(variant, fleet_of(first)).contains(c))
        .collect();
    let mut plan = Vec::new();
    for k in 0..5 {
        plan.push((first, first_targets[k * 3..k * 3 + 3].to_vec()));
        plan.push((second, second_targets[k * 3..k * 3 + 3].to_vec()));
    }
    let fired = play(&t, variant, &plan).await;
    let mut ships = cells(variant, A);
    ships.extend(cells(variant, B));
    // Game 2000 reports lengths only: no ship is known to be sunk where it lies, so no
    // description names water around one (it would find no sea that holds it).
    assert_nothing_hidden_is_named(
        &public_before_the_end(&t).await,
        &ships,
        &fired,
        variant,
        &[],
    );
}

#[tokio::test]
async fn a_classic_match_names_no_hidden_cell_in_public() {
    const A: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
    const B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";
    let t = Table::new("99", &[]).await;
    let first = t.battle(0, [A, B]).await;
    let second = if first == t.alice.id {
        t.bob.id
    } else {
        t.alice.id
    };
    let fleet_of = |id: u64| if id == t.alice.id { A } else { B };
    let variant = Variant::Classic;
    // The first player misses once (E8 is water in both), then the second sinks all.
    let mut plan = vec![(first, vec!["E8".to_owned()])];
    plan.extend(
        cells(variant, fleet_of(first))
            .into_iter()
            .map(|c| (second, vec![c])),
    );
    let fired = play(&t, variant, &plan).await;
    let mut ships = cells(variant, A);
    ships.extend(cells(variant, B));
    assert_nothing_hidden_is_named(
        &public_before_the_end(&t).await,
        &ships,
        &fired,
        variant,
        &[A, B],
    );
}
