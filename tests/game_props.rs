//! Property tests of the rules engine.

use broadside::game::{
    Coord, Ending, Fleet, Match, MatchOptions, Next, PlayerId, Report, Ship, Variant, WinReason,
    parse_cells,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const A: PlayerId = PlayerId(1);
const B: PlayerId = PlayerId(2);
const STRANGER: PlayerId = PlayerId(3);

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Classic), Just(Variant::Game2000)]
}

/// Any cell of the largest board, some of them off the smaller one.
fn cell() -> impl Strategy<Value = Coord> {
    (0u8..10, 0u8..10).prop_map(|(c, r)| Coord::new(c, r).unwrap())
}

#[derive(Clone, Debug)]
enum Action {
    Accept(PlayerId),
    Decline(PlayerId),
    Shuffle(PlayerId),
    SetFleet(PlayerId, u64),
    Confirm(PlayerId),
    Fire(PlayerId, Vec<Coord>),
    Forfeit(PlayerId),
    Cancel(PlayerId, bool),
    Timeout,
}

fn player() -> impl Strategy<Value = PlayerId> {
    prop_oneof![4 => Just(A), 4 => Just(B), 1 => Just(STRANGER)]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => player().prop_map(Action::Accept),
        1 => player().prop_map(Action::Decline),
        3 => player().prop_map(Action::Shuffle),
        2 => (player(), any::<u64>()).prop_map(|(p, s)| Action::SetFleet(p, s)),
        3 => player().prop_map(Action::Confirm),
        30 => (player(), prop::collection::vec(cell(), 0..5)).prop_map(|(p, c)| Action::Fire(p, c)),
        1 => player().prop_map(Action::Forfeit),
        1 => (player(), any::<bool>()).prop_map(|(p, m)| Action::Cancel(p, m)),
        1 => Just(Action::Timeout),
    ]
}

/// Applies `action`; returns whether it was accepted.
fn apply(m: &mut Match, action: &Action) -> bool {
    match action {
        Action::Accept(p) => m.accept(*p).is_ok(),
        Action::Decline(p) => m.decline(*p).is_ok(),
        Action::Shuffle(p) => m.shuffle_fleet(*p).is_ok(),
        Action::SetFleet(p, seed) => {
            let fleet = Fleet::random(m.variant(), &mut ChaCha8Rng::seed_from_u64(*seed));
            m.set_fleet(*p, fleet).is_ok()
        }
        Action::Confirm(p) => m.confirm(*p).is_ok(),
        Action::Fire(p, cells) => m.fire(*p, cells).is_ok(),
        Action::Forfeit(p) => m.forfeit(*p).is_ok(),
        Action::Cancel(p, moderator) => m.cancel(*p, *moderator).is_ok(),
        Action::Timeout => m.timeout().is_ok(),
    }
}

/// A match in battle, both fleets random from the match's seed.
fn battle_with_random_fleets(variant: Variant, seed: u64) -> Match {
    let mut m = Match::challenge(A, B, variant, MatchOptions::default(), seed).unwrap();
    m.accept(B).unwrap();
    m.shuffle_fleet(A).unwrap();
    m.shuffle_fleet(B).unwrap();
    m.confirm(A).unwrap();
    m.confirm(B).unwrap();
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_fleets_are_always_valid(v in variant(), seed in any::<u64>()) {
        let fleet = Fleet::random(v, &mut ChaCha8Rng::seed_from_u64(seed));
        // The public constructor re-checks every rule.
        let rebuilt = Fleet::new(v, fleet.ships().to_vec());
        prop_assert_eq!(rebuilt.as_ref(), Ok(&fleet));
        prop_assert_eq!(fleet.ships().len(), v.ship_count());
        prop_assert_eq!(fleet.cells().len(), v.fleet_cells());
        // And the canonical text reads back to the same fleet.
        prop_assert_eq!(Fleet::parse(v, &fleet.to_string()), Ok(fleet));
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,60}") {
        let _ = text.parse::<Coord>();
        let _ = text.parse::<Ship>();
        let _ = text.parse::<Variant>();
        for v in Variant::ALL {
            let _ = parse_cells(&text, v);
            let _ = Fleet::parse(v, &text);
        }
    }

    #[test]
    fn parsers_never_panic_on_near_misses(text in "[A-Ka-k0-9 ,;\\-–]{0,60}") {
        for v in Variant::ALL {
            if let Ok(cells) = parse_cells(&text, v) {
                prop_assert!(cells.iter().all(|&c| v.contains(c)));
            }
            if let Ok(fleet) = Fleet::parse(v, &text) {
                prop_assert_eq!(fleet.variant(), v);
            }
        }
    }

    #[test]
    fn rejected_actions_never_change_the_match(
        v in variant(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 1..120),
    ) {
        let mut m = Match::challenge(A, B, v, MatchOptions::default(), seed).unwrap();
        for action in &actions {
            let before = m.clone();
            if !apply(&mut m, action) {
                prop_assert_eq!(&m, &before, "rejected {:?} changed the match", action);
            }
        }
    }

    #[test]
    fn game2000_reports_have_three_entries_and_hits_match_the_fleet(
        seed in any::<u64>(),
        shot_seed in any::<u64>(),
    ) {
        use rand::RngExt;
        let mut m = battle_with_random_fleets(Variant::Game2000, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(shot_seed);
        let mut hits = [0usize; 2];
        let mut sunk = [0usize; 2];
        let mut rounds = 0;
        while !m.is_finished() {
            rounds += 1;
            prop_assert!(rounds < 400, "the game must end");
            let who = m.to_move().unwrap();
            let idx = usize::from(who != A);
            let cells: Vec<Coord> = (0..3)
                .map(|_| Coord::new(rng.random_range(0..9), rng.random_range(0..9)).unwrap())
                .collect();
            let out = m.fire(who, &cells).unwrap();
            prop_assert_eq!(out.reports.len(), 3);
            hits[idx] += out.reports.iter().filter(|r| r.is_hit()).count();
            sunk[idx] += out.reports.iter().filter(|r| matches!(r, Report::Sunk { .. })).count();
            for r in &out.reports {
                if let Report::Hit { len } = r {
                    prop_assert!(len.is_some(), "Game 2000 hits tell the length");
                }
            }
        }
        // No ship is ever reported destroyed twice, and a finished fleet was hit in every cell.
        for idx in 0..2 {
            prop_assert!(hits[idx] <= 14);
            prop_assert!(sunk[idx] <= 7);
        }
        let reveal = m.reveal().unwrap();
        prop_assert_eq!(reveal.stats[0].turns, reveal.stats[1].turns, "equal turns");
        match m.ending().unwrap() {
            Ending::Draw => prop_assert_eq!(hits, [14, 14]),
            Ending::Won { winner, reason: WinReason::FleetDestroyed, .. } => {
                let w = usize::from(winner != A);
                prop_assert_eq!(hits[w], 14);
                prop_assert_eq!(sunk[w], 7);
                prop_assert!(hits[1 - w] < 14);
            }
            other => prop_assert!(false, "unexpected ending {:?}", other),
        }
    }

    #[test]
    fn classic_games_end_with_twenty_hits_and_consistent_turns(seed in any::<u64>(), shot_seed in any::<u64>()) {
        use rand::seq::SliceRandom;
        let mut m = battle_with_random_fleets(Variant::Classic, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(shot_seed);
        let mut orders: [Vec<Coord>; 2] = [Coord::all(10).collect(), Coord::all(10).collect()];
        orders[0].shuffle(&mut rng);
        orders[1].shuffle(&mut rng);
        while !m.is_finished() {
            let who = m.to_move().unwrap();
            let idx = usize::from(who != A);
            let cell = orders[idx].pop().expect("a board has 100 cells");
            let out = m.fire(who, &[cell]).unwrap();
            match out.next {
                Next::Again(p) => { prop_assert_eq!(p, who); prop_assert!(out.reports[0].is_hit()); }
                Next::Turn { player, .. } => { prop_assert_ne!(player, who); prop_assert!(!out.reports[0].is_hit()); }
                Next::Over(_) => {}
            }
        }
        let reveal = m.reveal().unwrap();
        let Some(Ending::Won { winner, .. }) = m.ending() else { panic!("classic has no draw") };
        let w = usize::from(winner != A);
        prop_assert_eq!(reveal.stats[w].hits, 20);
        prop_assert!(reveal.stats[1 - w].hits < 20);
        // Every turn but each player's last ends with a miss.
        for idx in 0..2 {
            let misses = reveal.stats[idx].shots - reveal.stats[idx].hits;
            prop_assert!(u32::from(reveal.stats[idx].turns) >= misses);
            prop_assert!(u32::from(reveal.stats[idx].turns) <= misses + 1);
        }
    }
}
