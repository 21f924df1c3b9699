//! Tests of the computer opponent: legal moves, consistent samples, finished games.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::density::Density;
use super::hunt::HuntTarget;
use super::random::{Easy, RandomShots};
use super::sampler::{Model, reproduces};
use super::strong::Strong;
use super::*;
use crate::game::{Fleet, Sea, TargetCell, Variant};

/// A strong player cheap enough for debug-build tests.
fn quick_strong() -> Strong {
    Strong {
        samples: 40,
        attempts: 300,
        ..Strong::default()
    }
}

fn shooters() -> Vec<Box<dyn Shooter>> {
    vec![
        Box::new(RandomShots),
        Box::new(Easy::default()),
        Box::new(HuntTarget),
        Box::new(Density),
        Box::new(quick_strong()),
    ]
}

/// Fires `cells` at `sea` the way the engine does (a salvo in random order).
fn fire(sea: &mut Sea, cells: &[Coord], turn: u32, rng: &mut impl Rng) {
    let mut order = cells.to_vec();
    order.shuffle(rng);
    for c in order {
        sea.resolve(c, turn);
    }
}

/// A sea after `moves` turns of `shooter` against a random fleet.
fn position(variant: Variant, seed: u64, moves: usize, shooter: &mut dyn Shooter) -> Sea {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sea = Sea::new(Fleet::random(variant, &mut rng));
    for turn in 1..=moves {
        if sea.all_sunk() {
            break;
        }
        let cells = shooter.choose(&TargetView::of_sea(&sea), &mut rng);
        fire(&mut sea, &cells, turn as u32, &mut rng);
    }
    sea
}

/// Checks one move of `shooter` in `view` against the rules of a legal move.
fn check_move(view: &TargetView, cells: &[Coord]) -> Result<(), String> {
    let variant = view.variant;
    let want = usize::from(variant.rules().shots_per_turn);
    if cells.len() != want {
        return Err(format!("{} cells, want {want}", cells.len()));
    }
    let open = view.open_cells();
    let mut seen = CellSet::EMPTY;
    for &c in cells {
        if !variant.contains(c) {
            return Err(format!("{c} is off the board"));
        }
        if !open.is_empty() && !open.contains(c) {
            return Err(format!("{c} is already known: {:?}", view.cell(c)));
        }
        if open.len() as usize >= want && !seen.insert(c) {
            return Err(format!("{c} named twice"));
        }
    }
    Ok(())
}

proptest! {
    // A fixed seed, so that a failure can be reproduced; set PROPTEST_RNG_SEED for others.
    #![proptest_config(ProptestConfig {
        cases: 16,
        rng_seed: if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
            ProptestConfig::default().rng_seed
        } else {
            proptest::test_runner::RngSeed::Fixed(0x00B0_A75E_A5EA)
        },
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_shooter_makes_legal_moves(seed in any::<u64>(), moves in 0usize..40, g2000 in any::<bool>()) {
        let variant = if g2000 { Variant::Game2000 } else { Variant::Classic };
        let moves = if g2000 { moves / 2 } else { moves };
        let sea = position(variant, seed, moves, &mut Easy::default());
        let view = TargetView::of_sea(&sea);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
        for mut s in shooters() {
            let cells = s.choose(&view, &mut rng);
            prop_assert!(check_move(&view, &cells).is_ok(), "{}: {:?}", s.name(), check_move(&view, &cells));
        }
    }

    #[test]
    fn samples_reproduce_every_observation(seed in any::<u64>(), moves in 0usize..45, g2000 in any::<bool>()) {
        let variant = if g2000 { Variant::Game2000 } else { Variant::Classic };
        let moves = if g2000 { moves / 3 } else { moves };
        let sea = position(variant, seed, moves, &mut Density);
        let view = TargetView::of_sea(&sea);
        prop_assert!(reproduces(&view, sea.fleet()), "the true fleet must reproduce its own view");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 2);
        let samples = Model::new(&view).sample(12, 400, &mut rng);
        prop_assert!(!samples.is_empty(), "no fleet sampled after {} moves", moves);
        for sample in samples {
            let fleet = sample.fleet(&view);
            prop_assert!(fleet.is_ok(), "invalid fleet {:?}: {:?}", sample.ships(), fleet);
            let fleet = fleet.unwrap_or_else(|_| sea.fleet().clone());
            prop_assert!(reproduces(&view, &fleet), "sample {fleet} contradicts the view");
        }
    }
}

#[test]
fn the_sampler_finds_fleets_in_nearly_every_position() {
    for variant in Variant::ALL {
        let mut found = 0;
        for seed in 0..12 {
            let moves = if variant == Variant::Classic { 30 } else { 8 };
            let sea = position(variant, seed, moves, &mut quick_strong());
            let view = TargetView::of_sea(&sea);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            if !Model::new(&view).sample(1, 3000, &mut rng).is_empty() {
                found += 1;
            }
        }
        assert!(
            found >= 11,
            "{variant}: samples found in only {found}/12 positions"
        );
    }
}

#[test]
fn every_level_finishes_its_games() {
    for variant in Variant::ALL {
        for difficulty in Difficulty::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut sea = Sea::new(place_fleet(variant, difficulty, &mut rng));
            let mut shooter: Box<dyn Shooter> = if difficulty == Difficulty::Hard {
                Box::new(quick_strong())
            } else {
                opponent(difficulty)
            };
            let mut turn = 0u32;
            while !sea.all_sunk() {
                turn += 1;
                assert!(turn <= 100, "{variant} {difficulty} did not finish");
                let view = TargetView::of_sea(&sea);
                let cells = shooter.choose(&view, &mut rng);
                assert_eq!(check_move(&view, &cells), Ok(()));
                fire(&mut sea, &cells, turn, &mut rng);
            }
        }
    }
}

#[test]
fn moves_are_deterministic_given_the_seed() {
    for variant in Variant::ALL {
        let sea = position(variant, 5, 6, &mut Density);
        let view = TargetView::of_sea(&sea);
        let a = quick_strong().choose(&view, &mut ChaCha8Rng::seed_from_u64(9));
        let b = quick_strong().choose(&view, &mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!(a, b);
    }
}

#[test]
fn a_full_board_still_gets_a_full_salvo() {
    // Every cell fired at: the only legal moves left are repeats.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let fleet = Fleet::random(Variant::Game2000, &mut rng);
    let mut sea = Sea::new(fleet);
    for (i, c) in Coord::all(9).enumerate() {
        sea.resolve(c, (i / 3) as u32 + 1);
    }
    let view = TargetView::of_sea(&sea);
    assert!(view.open_cells().is_empty());
    for mut s in shooters() {
        let cells = s.choose(&view, &mut rng);
        assert_eq!(cells.len(), 3, "{}", s.name());
        assert!(cells.iter().all(|&c| Variant::Game2000.contains(c)));
    }
}

#[test]
fn the_strong_player_never_fires_at_known_cells_in_classic() {
    let sea = position(Variant::Classic, 21, 45, &mut Density);
    let view = TargetView::of_sea(&sea);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let cells = quick_strong().choose(&view, &mut rng);
    assert_eq!(view.cell(cells[0]), TargetCell::Unknown);
}

#[test]
fn difficulty_names_round_trip() {
    for d in Difficulty::ALL {
        assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
    }
    assert_eq!(" HARD ".parse::<Difficulty>(), Ok(Difficulty::Hard));
    assert!("expert".parse::<Difficulty>().is_err());
}

#[test]
fn placed_fleets_are_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for variant in Variant::ALL {
        for d in Difficulty::ALL {
            let f = place_fleet(variant, d, &mut rng);
            assert_eq!(Fleet::new(variant, f.ships().to_vec()), Ok(f));
        }
    }
}

/// Habits learned from a few fleets of `placer`.
fn habits_of(placer: Placer, variant: Variant, seed: u64) -> std::sync::Arc<Habits> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let past: Vec<_> = (0..12)
        .map(|_| super::habit::played(&placer.place(variant, &mut rng)))
        .collect();
    std::sync::Arc::new(Habits::learn(variant, &past, None))
}

#[test]
fn the_adaptive_player_makes_legal_moves_and_finishes() {
    for variant in Variant::ALL {
        let habits = habits_of(Placer::Edge, variant, 31);
        let mut shooter = Strong {
            habits: Some(habits),
            ..quick_strong()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        let mut sea = Sea::new(Placer::Edge.place(variant, &mut rng));
        let mut turn = 0u32;
        while !sea.all_sunk() {
            turn += 1;
            assert!(turn <= 100, "{variant}: the adaptive player did not finish");
            let view = TargetView::of_sea(&sea);
            let cells = shooter.choose(&view, &mut rng);
            assert_eq!(check_move(&view, &cells), Ok(()));
            fire(&mut sea, &cells, turn, &mut rng);
        }
    }
}

#[test]
fn the_adaptive_player_sees_only_the_view_and_past_fleets() {
    // Two different hidden fleets look the same before any shot: the move
    // depends on the view, the habits (learned from finished fleets only) and
    // the random generator, never on the fleet being played.
    for variant in Variant::ALL {
        let habits = habits_of(Placer::Corner, variant, 41);
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let a = Sea::new(Fleet::random(variant, &mut rng));
        let b = Sea::new(Placer::Corner.place(variant, &mut rng));
        assert_ne!(a.fleet(), b.fleet());
        let mut moves = Vec::new();
        for sea in [&a, &b] {
            let mut shooter = opponent_against(Difficulty::Hard, Some(habits.clone()));
            moves.push(shooter.choose(&TargetView::of_sea(sea), &mut ChaCha8Rng::seed_from_u64(7)));
        }
        assert_eq!(moves[0], moves[1]);
    }
}

#[test]
fn habits_of_another_variant_are_ignored() {
    let habits = habits_of(Placer::Edge, Variant::Game2000, 51);
    let sea = position(Variant::Classic, 52, 5, &mut Density);
    let view = TargetView::of_sea(&sea);
    let with = Strong {
        habits: Some(habits),
        ..quick_strong()
    }
    .choose(&view, &mut ChaCha8Rng::seed_from_u64(3));
    let without = quick_strong().choose(&view, &mut ChaCha8Rng::seed_from_u64(3));
    assert_eq!(with, without);
}
