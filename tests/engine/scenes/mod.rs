//! Match positions for the render tests, the gallery and the bench, built only
//! through the engine's public API. Shared with `#[path]` includes.

#![allow(
    dead_code,
    reason = "each of the crates that include it (tests, gallery, bench) uses a part"
)]

use broadside::game::{CellSet, Coord, Fleet, Match, MatchOptions, PlayerId, TargetCell, Variant};

/// The challenger.
pub const ANN: PlayerId = PlayerId(1);
/// The opponent.
pub const BJORN: PlayerId = PlayerId(2);

/// Display names for the reveal (one needs a non-ASCII glyph).
pub fn names() -> [String; 2] {
    ["Ann".to_owned(), "Bjørn".to_owned()]
}

/// Fixed fleets, so the tests know where ships are.
pub fn fleets(variant: Variant) -> [Fleet; 2] {
    let (a, b) = match variant {
        Variant::Classic => (
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
            "B2-E2 G1-G3 J4-J6 A5-A6 C6-D6 F9-G9 A9 E4 G6 J9",
        ),
        Variant::Game2000 => (
            "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1",
            "C2-E2 B4-B6 G3-G4 E5-E6 C8-D8 H6 G9",
        ),
    };
    match (Fleet::parse(variant, a), Fleet::parse(variant, b)) {
        (Ok(a), Ok(b)) => [a, b],
        (a, b) => panic!("bad sample fleet: {a:?} {b:?}"),
    }
}

/// A match with both fleets placed and the battle started.
pub fn started(variant: Variant, seed: u64) -> Match {
    let mut m = Match::challenge(ANN, BJORN, variant, MatchOptions::default(), seed)
        .expect("distinct players");
    m.accept(BJORN).expect("pending challenge");
    let [a, b] = fleets(variant);
    m.set_fleet(ANN, a).expect("placing");
    m.set_fleet(BJORN, b).expect("placing");
    m.confirm(ANN).expect("placing");
    m.confirm(BJORN).expect("placing");
    m
}

/// Cells for `shooter` to fire at, in order: for a scripted mix of sinks, hits
/// and misses. `sink_all` puts every enemy ship cell first.
pub fn plan(variant: Variant, shooter: usize, sink_all: bool) -> Vec<Coord> {
    let enemy = &fleets(variant)[1 - shooter];
    let fleet_cells = enemy.cells();
    let size = variant.size();
    let n = usize::from(size) * usize::from(size);
    let stride = if shooter == 0 { 37 } else { 23 };
    let mut water = (0..n)
        .map(|i| (i * stride + 11) % n)
        .filter_map(|i| Coord::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8))
        .filter(|&c| !fleet_cells.contains(c));
    let mut out = Vec::new();
    for (i, ship) in enemy.ships().iter().enumerate() {
        let take = if sink_all {
            usize::from(ship.len())
        } else {
            match i % 3 {
                0 => usize::from(ship.len()),
                1 => 1,
                _ => 0,
            }
        };
        out.extend(ship.cells().take(take));
        out.extend(water.by_ref().take(if sink_all { 1 } else { 2 }));
    }
    out.extend(water);
    out
}

/// Plays `m` with the plans until `shots` shots were fired or it is over.
pub fn play(m: &mut Match, plans: &[Vec<Coord>; 2], shots: usize) {
    let variant = m.variant();
    let per_turn = usize::from(variant.rules().shots_per_turn);
    let mut fired = 0;
    let mut used = [CellSet::EMPTY; 2];
    while fired < shots && !m.is_finished() {
        let Some(p) = m.to_move() else { break };
        let side = usize::from(p != ANN);
        let view = m.target_view(p).expect("battle");
        let cells: Vec<Coord> = plans[side]
            .iter()
            .copied()
            .filter(|&c| view.cell(c) == TargetCell::Unknown && !used[side].contains(c))
            .take(per_turn)
            .collect();
        for &c in &cells {
            used[side].insert(c);
        }
        m.fire(p, &cells).expect("scripted shot is legal");
        fired += cells.len();
    }
}

/// Mid-game: sinks with halo (classic), hits, misses, several turns.
pub fn midgame(variant: Variant) -> Match {
    let mut m = started(variant, 7);
    let plans = [plan(variant, 0, false), plan(variant, 1, false)];
    play(&mut m, &plans, 30);
    m
}

/// Finished: Ann sinks everything while Bjørn mostly misses.
pub fn finished(variant: Variant) -> Match {
    let mut m = started(variant, 7);
    let plans = [plan(variant, 0, true), plan(variant, 1, false)];
    play(&mut m, &plans, 1000);
    m
}

/// A finished match in which each player first fires `misses` times at water (per shot
/// in classic, per salvo in Game 2000), then Ann sinks everything: in classic that is
/// `2 × misses + 20` moves.
pub fn long(variant: Variant, misses: usize) -> Match {
    let mut m = started(variant, 7);
    let per_turn = usize::from(variant.rules().shots_per_turn);
    let plans = [0, 1].map(|shooter| {
        let enemy = fleets(variant)[1 - shooter].cells();
        let all = plan(variant, shooter, true);
        let water = all.iter().copied().filter(|&c| !enemy.contains(c));
        let ships = all.iter().copied().filter(|&c| enemy.contains(c));
        water
            .clone()
            .take(misses * per_turn)
            .chain(ships)
            .chain(water.skip(misses * per_turn))
            .collect::<Vec<_>>()
    });
    play(&mut m, &plans, 100_000);
    m
}

/// The longest classic match: every one of the 199 shots a match can have. The first
/// player misses 80 times, the other hits 19 ship cells in their first turn and then
/// misses 80 times, and the first player finally hits all 20.
pub fn longest_classic() -> Match {
    let mut m = started(Variant::Classic, 3);
    let fleets = fleets(Variant::Classic);
    let first = m.to_move().expect("battle");
    // `fleets[i]` belongs to player i (Ann, then Bjørn); each fires at the other's.
    let seat = |p| usize::from(p != ANN);
    let (a, b) = (seat(first), 1 - seat(first));
    let water = |i: usize| -> Vec<Coord> {
        Coord::all(10)
            .filter(|&c| !fleets[i].cells().contains(c))
            .collect()
    };
    let ships = |i: usize| -> Vec<Coord> { fleets[i].cells().iter().collect() };
    let mut plans = [Vec::new(), Vec::new()];
    plans[a] = water(b).into_iter().chain(ships(b)).collect();
    let target = ships(a);
    plans[b] = target[..19]
        .iter()
        .copied()
        .chain(water(a))
        .chain([target[19]])
        .collect();
    let mut next = [0, 0];
    while let Some(p) = m.to_move() {
        let i = seat(p);
        m.fire(p, &[plans[i][next[i]]]).expect("a legal shot");
        next[i] += 1;
    }
    m
}
