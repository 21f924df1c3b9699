//! Complete scripted games of both variants, through the public engine API.

use crate::fleets::{CLASSIC_A, CLASSIC_B, G2000_A, G2000_B};
use broadside::game::{
    Confirmed, Coord, Ending, FireError, Fleet, Match, MatchOptions, Next, PlayerId, Report,
    TargetCell, Variant, WinReason,
};

const ALICE: PlayerId = PlayerId(100);
const BOB: PlayerId = PlayerId(200);

/// Alice has sunk every ship of Bob's.
fn alice_destroyed_bob() -> Next {
    Next::Over(Ending::Won {
        winner: ALICE,
        loser: BOB,
        reason: WinReason::FleetDestroyed,
    })
}

fn c(s: &str) -> Coord {
    s.parse().unwrap()
}

/// Starts a battle with the given fleets; returns the match and who fires first.
fn battle(variant: Variant, fleet_a: &str, fleet_b: &str, seed: u64) -> (Match, PlayerId) {
    let mut m = Match::challenge(ALICE, BOB, variant, MatchOptions::default(), seed).unwrap();
    m.accept(BOB).unwrap();
    m.set_fleet(ALICE, Fleet::parse(variant, fleet_a).unwrap())
        .unwrap();
    m.set_fleet(BOB, Fleet::parse(variant, fleet_b).unwrap())
        .unwrap();
    assert_eq!(m.confirm(ALICE).unwrap(), Confirmed::Waiting);
    let Confirmed::BattleStarts { first } = m.confirm(BOB).unwrap() else {
        panic!("both fleets are final");
    };
    assert_eq!(m.to_move(), Some(first));
    (m, first)
}

/// A seed for which `who` fires first.
fn seed_where_first_is(variant: Variant, who: PlayerId) -> u64 {
    (0..64)
        .find(|&seed| {
            let (a, b) = fleets_for(variant);
            battle(variant, a, b, seed).1 == who
        })
        .expect("some seed lets each player start")
}

fn fleets_for(variant: Variant) -> (&'static str, &'static str) {
    match variant {
        Variant::Classic => (CLASSIC_A, CLASSIC_B),
        Variant::Game2000 => (G2000_A, G2000_B),
    }
}

fn fleet_cells(variant: Variant, text: &str) -> Vec<Coord> {
    Fleet::parse(variant, text)
        .unwrap()
        .cells()
        .iter()
        .collect()
}

#[test]
fn classic_win_with_shoot_again_and_halo() {
    let seed = seed_where_first_is(Variant::Classic, ALICE);
    let (mut m, first) = battle(Variant::Classic, CLASSIC_A, CLASSIC_B, seed);
    assert_eq!(first, ALICE);

    // Alice misses: the turn passes.
    let out = m.fire(ALICE, &[c("E8")]).unwrap();
    assert_eq!(out.reports, vec![Report::Water]);
    assert_eq!(
        out.next,
        Next::Turn {
            player: BOB,
            last_chance: false
        }
    );
    // Bob cannot fire twice, Alice cannot fire out of turn.
    assert_eq!(m.fire(ALICE, &[c("E9")]), Err(FireError::NotYourTurn(BOB)));
    // Bob hits A1 (Alice's battleship): he shoots again, and the length stays secret.
    let out = m.fire(BOB, &[c("A1")]).unwrap();
    assert_eq!(out.reports, vec![Report::Hit { len: None }]);
    assert_eq!(out.next, Next::Again(BOB));
    // A repeat shot is refused and costs nothing.
    let before = m.clone();
    assert_eq!(
        m.fire(BOB, &[c("a1")]),
        Err(FireError::AlreadyFired(c("A1")))
    );
    assert_eq!(m, before);
    // Bob misses: back to Alice, her second turn.
    let out = m.fire(BOB, &[c("B1")]).unwrap();
    assert_eq!(
        out.next,
        Next::Turn {
            player: ALICE,
            last_chance: false
        }
    );
    assert_eq!(m.turn_number(), Some(2));

    // Alice sinks the destroyer A1-A2 and sees its halo.
    assert_eq!(m.fire(ALICE, &[c("A1")]).unwrap().next, Next::Again(ALICE));
    let out = m.fire(ALICE, &[c("A2")]).unwrap();
    assert_eq!(out.reports, vec![Report::Sunk { len: 2 }]);
    assert_eq!(out.sunk, Some("A1-A2".parse().unwrap()));
    assert_eq!(out.next, Next::Again(ALICE));
    let view = m.target_view(ALICE).unwrap();
    for halo in ["B1", "B2", "B3", "A3"] {
        assert_eq!(view.cell(c(halo)), TargetCell::Halo, "{halo}");
    }
    assert_eq!(view.cell(c("A2")), TargetCell::Sunk);
    assert_eq!(view.cell(c("E8")), TargetCell::Miss);
    // Bob's own view shows the damage.
    let bob_board = m.own_view(BOB).unwrap();
    assert!(
        bob_board
            .ships
            .iter()
            .any(|s| s.sunk && s.ship.to_string() == "A1-A2")
    );

    // Alice sinks everything else without missing, winning at once.
    let remaining: Vec<Coord> = fleet_cells(Variant::Classic, CLASSIC_B)
        .into_iter()
        .filter(|&x| x != c("A1") && x != c("A2"))
        .collect();
    let last = *remaining.last().unwrap();
    for cell in remaining {
        let out = m.fire(ALICE, &[cell]).unwrap();
        assert!(out.reports[0].is_hit(), "{cell}");
        if cell == last {
            assert_eq!(out.next, alice_destroyed_bob());
        } else {
            assert_eq!(out.next, Next::Again(ALICE));
        }
    }
    assert!(m.is_finished());
    let reveal = m.reveal().unwrap();
    assert_eq!(reveal.stats[0].hits, 20);
    assert_eq!(reveal.stats[0].shots, 21);
    assert_eq!(reveal.stats[0].turns, 2);
    assert_eq!(reveal.stats[1].shots, 2);
    assert_eq!(reveal.first, ALICE);
    assert!(m.fire(ALICE, &[c("J9")]).is_err(), "no shots after the end");
}

/// Five Game 2000 salvos that destroy `fleet` (14 ship cells and one water cell).
fn salvos_destroying(fleet: &str) -> Vec<[Coord; 3]> {
    let cells = fleet_cells(Variant::Game2000, fleet);
    assert_eq!(cells.len(), 14);
    // 14 cells + one water cell = five salvos of three.
    let mut all = cells;
    all.push(c("A9"));
    all.chunks(3).map(|ch| [ch[0], ch[1], ch[2]]).collect()
}

#[test]
fn game2000_first_player_wins_after_the_equal_turn() {
    let seed = seed_where_first_is(Variant::Game2000, ALICE);
    let (mut m, _) = battle(Variant::Game2000, G2000_A, G2000_B, seed);
    let salvos = salvos_destroying(G2000_B);
    let mut hits = 0;
    for (i, salvo) in salvos.iter().enumerate() {
        let out = m.fire(ALICE, salvo).unwrap();
        assert_eq!(out.reports.len(), 3);
        hits += out.reports.iter().filter(|r| r.is_hit()).count();
        let last = i == salvos.len() - 1;
        assert_eq!(
            out.next,
            Next::Turn {
                player: BOB,
                last_chance: last
            }
        );
        // Bob answers with water far from Alice's ships.
        let water = [c("A2"), c("A4"), c("C9")];
        let out = m.fire(BOB, &water).unwrap();
        assert_eq!(out.reports, vec![Report::Water; 3]);
        if last {
            assert_eq!(out.next, alice_destroyed_bob());
        }
    }
    assert_eq!(hits, 14, "hit totals match the fleet");
    let reveal = m.reveal().unwrap();
    assert_eq!(reveal.stats[0].turns, 5);
    assert_eq!(
        reveal.stats[1].turns, 5,
        "both players had the same number of turns"
    );
}

#[test]
fn game2000_draw_when_both_finish_in_the_same_round() {
    let seed = seed_where_first_is(Variant::Game2000, BOB);
    let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, seed);
    assert_eq!(first, BOB);
    let bob_salvos = salvos_destroying(G2000_A);
    let alice_salvos = salvos_destroying(G2000_B);
    for round in 0..5 {
        let out = m.fire(BOB, &bob_salvos[round]).unwrap();
        assert_eq!(
            out.next,
            Next::Turn {
                player: ALICE,
                last_chance: round == 4
            }
        );
        let out = m.fire(ALICE, &alice_salvos[round]).unwrap();
        if round == 4 {
            assert_eq!(out.next, Next::Over(Ending::Draw));
        } else {
            assert!(matches!(out.next, Next::Turn { player: BOB, .. }));
        }
    }
    assert_eq!(m.ending(), Some(Ending::Draw));
}

#[test]
fn game2000_second_player_finishing_first_wins_at_once() {
    let seed = seed_where_first_is(Variant::Game2000, ALICE);
    let (mut m, _) = battle(Variant::Game2000, G2000_A, G2000_B, seed);
    let bob_salvos = salvos_destroying(G2000_A);
    for (round, salvo) in bob_salvos.iter().enumerate() {
        m.fire(ALICE, &[c("A2"), c("A4"), c("C9")]).unwrap();
        let out = m.fire(BOB, salvo).unwrap();
        if round == 4 {
            assert_eq!(
                out.next,
                Next::Over(Ending::Won {
                    winner: BOB,
                    loser: ALICE,
                    reason: WinReason::FleetDestroyed
                })
            );
        }
    }
    assert!(m.is_finished());
}

#[test]
fn game2000_two_shots_finish_a_fresh_two_cell_ship() {
    // The document's example: two well-aimed shots at a fresh 2-cell ship report
    // "length 2 hit" and "length 2 destroyed", in whichever order they were processed.
    for seed in 0..16 {
        let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, seed);
        let (target_fleet_ship, water) = if first == ALICE {
            ([c("H2"), c("H3")], c("A5"))
        } else {
            ([c("B5"), c("B6")], c("A2"))
        };
        let out = m
            .fire(first, &[target_fleet_ship[0], water, target_fleet_ship[1]])
            .unwrap();
        let mut hits: Vec<Report> = out.reports.iter().copied().filter(|r| r.is_hit()).collect();
        assert_eq!(hits.len(), 2);
        // The first of the two processed hits is "hit", the second "destroyed".
        assert_eq!(hits.remove(0), Report::Hit { len: Some(2) });
        assert_eq!(hits.remove(0), Report::Sunk { len: 2 });
        assert_eq!(out.reports.iter().filter(|r| !r.is_hit()).count(), 1);
    }
}

#[test]
fn game2000_repeats_are_water_or_refused_by_option() {
    let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, 5);
    let ship_cell = if first == ALICE { c("H2") } else { c("B5") };
    let out = m.fire(first, &[ship_cell, ship_cell, ship_cell]).unwrap();
    let hits = out.reports.iter().filter(|r| r.is_hit()).count();
    assert_eq!(hits, 1, "the same cell thrice hits once: {:?}", out.reports);

    let mut strict = Match::challenge(
        ALICE,
        BOB,
        Variant::Game2000,
        MatchOptions {
            repeats_forbidden: true,
        },
        5,
    )
    .unwrap();
    strict.accept(BOB).unwrap();
    strict.shuffle_fleet(ALICE).unwrap();
    strict.shuffle_fleet(BOB).unwrap();
    strict.confirm(ALICE).unwrap();
    strict.confirm(BOB).unwrap();
    let shooter = strict.to_move().unwrap();
    let before = strict.clone();
    assert_eq!(
        strict.fire(shooter, &[c("E5"), c("E5"), c("A2")]),
        Err(FireError::Duplicate(c("E5")))
    );
    assert_eq!(strict, before);
    strict.fire(shooter, &[c("E5"), c("D4"), c("A2")]).unwrap();
    let other = strict.to_move().unwrap();
    strict.fire(other, &[c("E5"), c("D4"), c("A2")]).unwrap();
    assert_eq!(
        strict.fire(shooter, &[c("E6"), c("D4"), c("A3")]),
        Err(FireError::AlreadyFired(c("D4")))
    );
}

#[test]
fn wrong_shot_counts_and_off_board_cells_are_refused() {
    let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, 1);
    let before = m.clone();
    let err = m.fire(first, &[c("A2"), c("B2")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Game 2000 takes exactly 3 cells per turn, you gave 2"
    );
    let err = m.fire(first, &[c("A2"), c("B2"), c("J5")]).unwrap_err();
    assert!(matches!(err, FireError::OffBoard { .. }), "{err}");
    assert_eq!(
        m.fire(PlayerId(999), &[c("A2")]),
        Err(FireError::NotAPlayer)
    );
    assert_eq!(m, before);
}

#[test]
fn turn_timeout_loses_for_the_player_to_move() {
    let (mut m, first) = battle(Variant::Classic, CLASSIC_A, CLASSIC_B, 9);
    let other = m.opponent_of(first).unwrap();
    assert_eq!(
        m.timeout(),
        Ok(Ending::Won {
            winner: other,
            loser: first,
            reason: WinReason::Timeout
        })
    );
    assert!(
        m.reveal().is_some(),
        "a battle that ended by timeout can be revealed"
    );
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let play = |seed: u64| {
        let mut m =
            Match::challenge(ALICE, BOB, Variant::Game2000, MatchOptions::default(), seed).unwrap();
        m.accept(BOB).unwrap();
        m.shuffle_fleet(ALICE).unwrap();
        m.shuffle_fleet(BOB).unwrap();
        m.confirm(BOB).unwrap();
        m.confirm(ALICE).unwrap();
        let mut outcomes = Vec::new();
        for salvo in [["A2", "B2", "C2"], ["D4", "E4", "F4"], ["B5", "C5", "D5"]] {
            let cells: Vec<Coord> = salvo.iter().map(|s| c(s)).collect();
            let who = m.to_move().unwrap();
            outcomes.push(m.fire(who, &cells).unwrap().reports);
        }
        (m, outcomes)
    };
    let (a, out_a) = play(77);
    let (b, out_b) = play(77);
    assert_eq!(a, b);
    assert_eq!(out_a, out_b);
    // Serialising and restoring a match keeps its random stream too.
    let json = serde_json::to_string(&a).unwrap();
    let restored: Match = serde_json::from_str(&json).unwrap();
    assert_eq!(restored, a);
}

/// Issue 30, 15: a Game 2000 salvo is processed in a random order drawn from the match's
/// generator, so the same typed salvo is processed in different orders in different
/// matches (the reports, in processed order, tell the order apart).
#[test]
fn game2000_salvos_are_processed_in_more_than_one_order() {
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..32 {
        let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, seed);
        // A cell of a 3-ship, one of a 2-ship and a corner, in the enemy's fleet.
        let salvo = if first == ALICE {
            [c("B2"), c("H2"), c("A9")]
        } else {
            [c("B3"), c("B5"), c("A9")]
        };
        let outcome = m.fire(first, &salvo).unwrap();
        let order: Vec<String> = outcome.reports.iter().map(|r| format!("{r:?}")).collect();
        assert_eq!(order.len(), 3);
        orders.insert(order);
    }
    assert!(
        orders.len() >= 2,
        "always processed in one order: {orders:?}"
    );
}

/// Issue 30, 5: with repeat shots allowed a Game 2000 match cannot last for ever: once
/// both players have had as many turns as the sea has cells, it is a draw, and the
/// match's state stays small.
#[test]
fn game2000_with_repeats_ends_in_a_draw_at_the_turn_limit() {
    let (mut m, first) = battle(Variant::Game2000, G2000_A, G2000_B, 3);
    let second = if first == ALICE { BOB } else { ALICE };
    let limit = Variant::Game2000.turn_limit();
    assert_eq!(limit, 81);
    // Both fire at corners, where no ship may stand, turn after turn.
    let corners = [c("A1"), c("I1"), c("A9")];
    for turn in 1..=limit {
        let out = m.fire(first, &corners).unwrap();
        assert!(matches!(out.next, Next::Turn { .. }), "turn {turn}");
        let out = m.fire(second, &corners).unwrap();
        if turn < limit {
            assert!(matches!(out.next, Next::Turn { .. }), "turn {turn}");
        } else {
            assert_eq!(out.next, Next::Over(Ending::TurnLimit));
        }
    }
    assert_eq!(m.ending(), Some(Ending::TurnLimit));
    assert!(Ending::TurnLimit.played_out(), "a draw counts");
    let size = serde_json::to_vec(&m).unwrap().len();
    assert!(size < 64 * 1024, "{size} bytes");
}
