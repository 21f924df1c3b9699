//! Measures the computer's shooters against each other on the same fleets.
//!
//! ```text
//! cargo run --release --example ai_bench -- --variant classic --games 1000 --seed 1
//!     [--placement random|hard] [--strategies random,hunt,density,easy,strong]
//!     [--samples N] [--attempts N] [--info W] [--finish W] [--candidates K]
//!     [--prior uniform|generator] [--scoring N] [--per-game FILE]
//! ```
//!
//! `--per-game` also writes one line per strategy and game (`strategy game
//! count`), for paired comparisons of two runs on the same fleets.
//!
//! Every strategy plays the same N seeded fleets. Classic counts shots until
//! every ship is sunk; Game 2000 counts turns until all 14 ship cells are hit,
//! each salvo processed in a seeded random order like the engine does.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use broadside::ai::density::Density;
use broadside::ai::hunt::HuntTarget;
use broadside::ai::placement::hard_fleet;
use broadside::ai::random::{Easy, RandomShots};
use broadside::ai::sampler::Prior;
use broadside::ai::strong::Strong;
use broadside::ai::{Difficulty, Shooter};
use broadside::game::{Fleet, Sea, TargetView, Variant};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

struct Args {
    variant: Variant,
    games: usize,
    seed: u64,
    hard_placement: bool,
    strategies: Vec<String>,
    strong: Strong,
    per_game: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        variant: Variant::Classic,
        games: 200,
        seed: 1,
        hard_placement: false,
        strategies: ["random", "easy", "hunt", "density", "strong"]
            .map(String::from)
            .to_vec(),
        strong: Strong::default(),
        per_game: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--variant" => args.variant = value.parse().map_err(|e| bad(&e))?,
            "--games" => args.games = value.parse().map_err(|e| bad(&e))?,
            "--seed" => args.seed = value.parse().map_err(|e| bad(&e))?,
            "--placement" => {
                args.hard_placement = match value.as_str() {
                    "random" => false,
                    "hard" => true,
                    _ => return Err(format!("--placement {value}: choose random or hard")),
                }
            }
            "--strategies" => args.strategies = value.split(',').map(String::from).collect(),
            "--samples" => args.strong.samples = value.parse().map_err(|e| bad(&e))?,
            "--attempts" => args.strong.attempts = value.parse().map_err(|e| bad(&e))?,
            "--info" => {
                let w = value.parse().map_err(|e| bad(&e))?;
                args.strong.info_weight = w;
                args.strong.salvo_info_weight = w;
            }
            "--scoring" => args.strong.scoring_samples = value.parse().map_err(|e| bad(&e))?,
            "--finish" => args.strong.finish_weight = value.parse().map_err(|e| bad(&e))?,
            "--prior" => {
                args.strong.prior = match value.as_str() {
                    "uniform" => Prior::Uniform,
                    "generator" => Prior::Generator,
                    _ => return Err(format!("--prior {value}: choose uniform or generator")),
                }
            }
            "--per-game" => args.per_game = Some(value),
            "--candidates" => args.strong.candidates = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(args)
}

fn shooter(name: &str, strong: Strong) -> Option<Box<dyn Shooter>> {
    Some(match name {
        "random" => Box::new(RandomShots),
        "easy" => Box::new(Easy::default()),
        "hunt" => Box::new(HuntTarget),
        "density" | "normal" => Box::new(Density),
        "strong" | "hard" => Box::new(strong),
        _ => return None,
    })
}

/// Plays one game; returns the shots (classic) or turns (Game 2000) and the
/// time of every move in milliseconds.
fn play(shooter: &mut dyn Shooter, fleet: &Fleet, seed: u64) -> (u32, Vec<f64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_0f0d_e12a_b1e5);
    let mut sea = Sea::new(fleet.clone());
    let mut times = Vec::new();
    let mut count = 0u32;
    let limit = 400;
    while !sea.all_sunk() && count < limit {
        let view = TargetView::of_sea(&sea);
        let start = Instant::now();
        let mut cells = shooter.choose(&view, &mut rng);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        count += 1;
        cells.shuffle(&mut order_rng);
        let turn = count;
        for c in cells {
            sea.resolve(c, turn);
        }
    }
    (count, times)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    #[expect(
        clippy::cast_precision_loss,
        clippy::cast_sign_loss,
        clippy::cast_possible_truncation
    )]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[expect(clippy::cast_precision_loss)]
fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ai_bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut fleet_rng = ChaCha8Rng::seed_from_u64(args.seed);
    let fleets: Vec<Fleet> = (0..args.games)
        .map(|_| {
            if args.hard_placement {
                hard_fleet(args.variant, &mut fleet_rng)
            } else {
                Fleet::random(args.variant, &mut fleet_rng)
            }
        })
        .collect();
    let unit = match args.variant {
        Variant::Classic => "shots",
        Variant::Game2000 => "turns",
    };
    println!(
        "variant {}  games {}  seed {}  placement {}  strong: samples {} scoring {} attempts {} info {}/{} finish {} candidates {} prior {:?}",
        args.variant,
        args.games,
        args.seed,
        if args.hard_placement {
            "hard"
        } else {
            "random"
        },
        args.strong.samples,
        args.strong.scoring_samples,
        args.strong.attempts,
        args.strong.info_weight,
        args.strong.salvo_info_weight,
        args.strong.finish_weight,
        args.strong.candidates,
        args.strong.prior,
    );
    println!(
        "{:<18} {:>8} {:>6} {:>7} {:>6} {:>8} {:>8}   ({unit} to sink everything; ms per move)",
        "strategy", "mean", "sd", "median", "p95", "ms p50", "ms p99"
    );
    let mut per_game = String::new();
    for name in &args.strategies {
        let Some(mut s) = shooter(name, args.strong) else {
            eprintln!("ai_bench: unknown strategy {name}");
            return ExitCode::FAILURE;
        };
        let label = match name.as_str() {
            "density" => format!("density ({})", Difficulty::Normal),
            "strong" => format!("strong ({})", Difficulty::Hard),
            _ => s.name().to_owned(),
        };
        let mut counts = Vec::with_capacity(fleets.len());
        let mut times = Vec::new();
        for (i, fleet) in fleets.iter().enumerate() {
            let (n, t) = play(
                s.as_mut(),
                fleet,
                args.seed.wrapping_mul(1_000_003) + i as u64,
            );
            counts.push(f64::from(n));
            // Writing to a String cannot fail.
            let _ = writeln!(per_game, "{name} {i} {n}");
            times.extend(t);
        }
        let n = counts.len() as f64;
        let mean = counts.iter().sum::<f64>() / n;
        let sd =
            (counts.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
        counts.sort_by(f64::total_cmp);
        times.sort_by(f64::total_cmp);
        println!(
            "{label:<18} {mean:>8.2} {sd:>6.2} {:>7.1} {:>6.1} {:>8.3} {:>8.3}",
            percentile(&counts, 0.5),
            percentile(&counts, 0.95),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
        );
    }
    if let Some(path) = &args.per_game
        && let Err(e) = std::fs::write(path, per_game)
    {
        eprintln!("ai_bench: cannot write {path}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
