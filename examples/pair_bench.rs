//! Times `tournament::dutch::pair` on round 9 of a Swiss tournament: eight rounds are
//! paired and played with random results (seeded), then round 9 is paired repeatedly.
//!
//! ```sh
//! cargo run --release --example pair_bench -- [--players 64,256] [--samples 5] [--seed 1]
//! ```

use std::time::{Duration, Instant};

use broadside::tournament::{Colour, Entrant, GameResult, Outcome, PlayerId, Tournament, dutch};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let mut sizes = vec![64u64, 256];
    let mut samples = 5u32;
    let mut seed = 1u64;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--players" => {
                sizes = value
                    .split(',')
                    .map(|v| v.parse().expect("a count"))
                    .collect();
            }
            "--samples" => samples = value.parse().expect("a count"),
            "--seed" => seed = value.parse().expect("a seed"),
            other => panic!("unknown flag {other}"),
        }
    }
    for n in sizes {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let entrants = (1..=n)
            .map(|i| Entrant {
                id: PlayerId(i),
                name: format!("Player {i}"),
                rating: rng.random_range(1000..2800),
            })
            .collect();
        let mut t = Tournament::new(entrants, 9, Colour::White).expect("distinct entrants");
        let everyone = t.entrant_ids();
        let mut earlier = Duration::ZERO;
        for _ in 0..8 {
            let start = Instant::now();
            let round = dutch::pair(&t, &everyone).expect("a pairing");
            earlier += start.elapsed();
            let mut results: Vec<GameResult> = round
                .pairs
                .iter()
                .map(|&(first, second)| GameResult::Played {
                    first,
                    second,
                    outcome: match rng.random_range(0..10) {
                        0..=3 => Outcome::FirstWins,
                        4..=6 => Outcome::SecondWins,
                        _ => Outcome::Draw,
                    },
                })
                .collect();
            results.extend(round.bye.map(GameResult::PairingBye));
            t.record_round(&results).expect("a complete round");
        }
        let mut times = Vec::new();
        for _ in 0..samples {
            let start = Instant::now();
            let round = dutch::pair(&t, &everyone).expect("a pairing");
            times.push(start.elapsed());
            std::hint::black_box(round);
        }
        times.sort();
        println!(
            "{n} players: round 9 median {:.1} ms (min {:.1}, max {:.1}, {samples} samples); rounds 1-8 took {:.1} ms in all",
            ms(times[times.len() / 2]),
            ms(times[0]),
            ms(times[times.len() - 1]),
            ms(earlier),
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
