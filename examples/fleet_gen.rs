//! Times random fleet generation: `cargo run --release --example fleet_gen [-- N]`.
//!
//! Generates N fleets (default 100 000) per variant from a fixed seed, checks a
//! sample of them through the validating constructor, and prints the figures.

use std::time::Instant;

use broadside::game::{Fleet, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    for variant in Variant::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        // Warm the placement tables so they are not timed.
        let _ = Fleet::random(variant, &mut rng);
        let mut checksum = 0usize;
        let start = Instant::now();
        for _ in 0..n {
            let fleet = Fleet::random(variant, &mut rng);
            checksum = checksum.wrapping_add(fleet.ships()[0].origin().index());
        }
        let elapsed = start.elapsed();
        let sample = (0..1000)
            .filter(|_| {
                let f = Fleet::random(variant, &mut rng);
                Fleet::new(variant, f.ships().to_vec()).as_ref() == Ok(&f)
            })
            .count();
        println!(
            "{:<9} {n} fleets in {:.1} ms = {:.2} µs/fleet (checksum {checksum}, {sample}/1000 re-validated)",
            variant.key(),
            elapsed.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e6 / f64::from(n),
        );
    }
}
