//! Measures the computer's shooters against each other on the same fleets.
//!
//! ```text
//! cargo run --release --example ai_bench -- --variant classic --games 1000 --seed 1
//!     [--placement random|hard] [--placer NAME] [--fleets FILE] [--learn N]
//!     [--strategies random,hunt,density,easy,strong,adaptive]
//!     [--samples N] [--attempts N] [--info W] [--finish W] [--candidates K]
//!     [--prior uniform|generator] [--scoring N] [--per-game FILE]
//! ```
//!
//! Where the fleets come from: `--placement hard` is the hard computer's own
//! (hiding) placement, and the time of each choice is printed;
//! `--placer NAME` one of the human-like placers of `broadside::ai::placers`
//! (`edge`, `center`, `corner`, `cluster`, `horizontal`, `uniform`,
//! `generator`); `--fleets FILE` one fleet per line in `/place` notation
//! (blank lines and lines starting with `#` are skipped; fleets that break the
//! rules are reported and skipped). Otherwise the generator's random fleets.
//!
//! `--learn N` shows the first N of those fleets to the `adaptive` strategy
//! (the hard level with habits) as one member's past fleets (each played out
//! in a match first: habits are only learned from matches that are over), and
//! plays the rest; with a placer, N more fleets are drawn so that `--games` games are
//! still played. `strong` is the hard level without habits.
//!
//! `--per-game` also writes one line per strategy and game (`strategy game
//! count`), for paired comparisons of two runs on the same fleets.
//!
//! Every strategy plays the same N seeded fleets. Classic counts shots until
//! every ship is sunk; Game 2000 counts turns until all 14 ship cells are hit,
//! each salvo processed in a seeded random order like the engine does.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use broadside::ai::density::Density;
use broadside::ai::habit::{Habits, LearnConfig, PastFleet};
use broadside::ai::hunt::HuntTarget;
use broadside::ai::placement::hard_fleet;
use broadside::ai::placers::Placer;
use broadside::ai::random::{Easy, RandomShots};
use broadside::ai::sampler::Prior;
use broadside::ai::strong::Strong;
use broadside::ai::{Difficulty, Shooter};
use broadside::game::{Fleet, Match, MatchOptions, PlayerId, Sea, TargetView, Variant};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

struct Args {
    variant: Variant,
    games: usize,
    seed: u64,
    hard_placement: bool,
    placer: Option<Placer>,
    fleets: Option<String>,
    learn: usize,
    learn_config: LearnConfig,
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
        placer: None,
        fleets: None,
        learn: 0,
        learn_config: LearnConfig::default(),
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
            "--placer" => args.placer = Some(value.parse().map_err(|e| bad(&e))?),
            "--fleets" => args.fleets = Some(value),
            "--learn" => args.learn = value.parse().map_err(|e| bad(&e))?,
            "--cell-prior" => {
                args.learn_config.cell_prior_fleets = value.parse().map_err(|e| bad(&e))?;
            }
            "--summary-prior" => {
                args.learn_config.summary_prior_fleets = value.parse().map_err(|e| bad(&e))?;
            }
            "--fit-rounds" => args.learn_config.rounds = value.parse().map_err(|e| bad(&e))?,
            "--fit-draws" => args.learn_config.draws = value.parse().map_err(|e| bad(&e))?,
            "--fit-steps" => args.learn_config.steps = value.parse().map_err(|e| bad(&e))?,
            "--fit-rate" => args.learn_config.rate = value.parse().map_err(|e| bad(&e))?,
            "--habit-scale" => args.strong.habit_scale = value.parse().map_err(|e| bad(&e))?,
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

fn shooter(name: &str, strong: &Strong, habits: &Arc<Habits>) -> Option<Box<dyn Shooter>> {
    Some(match name {
        "random" => Box::new(RandomShots),
        "easy" => Box::new(Easy::default()),
        "hunt" => Box::new(HuntTarget),
        "density" | "normal" => Box::new(Density),
        "strong" | "hard" => Box::new(strong.clone()),
        "adaptive" => Box::new(Strong {
            habits: Some(Arc::clone(habits)),
            ..strong.clone()
        }),
        _ => return None,
    })
}

/// The fleets of `--fleets FILE`, reporting and skipping the bad lines.
fn read_fleets(path: &str, variant: Variant) -> Result<Vec<Fleet>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match Fleet::parse(variant, line) {
            Ok(f) => out.push(f),
            Err(e) => eprintln!("ai_bench: {path}:{}: skipped: {e}", i + 1),
        }
    }
    Ok(out)
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

/// The fleets to learn from and play against, and (hard placement) the time
/// of each fleet choice in milliseconds.
fn fleets_for(args: &Args) -> Result<(Vec<Fleet>, Vec<f64>), String> {
    if let Some(path) = &args.fleets {
        return Ok((read_fleets(path, args.variant)?, Vec::new()));
    }
    let mut fleet_rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut choice_ms = Vec::new();
    let extra = if args.placer.is_some() { args.learn } else { 0 };
    let fleets = (0..args.games + extra)
        .map(|_| {
            if let Some(p) = args.placer {
                p.place(args.variant, &mut fleet_rng)
            } else if args.hard_placement {
                let start = Instant::now();
                let f = hard_fleet(args.variant, &mut fleet_rng);
                choice_ms.push(start.elapsed().as_secs_f64() * 1e3);
                f
            } else {
                Fleet::random(args.variant, &mut fleet_rng)
            }
        })
        .collect();
    Ok((fleets, choice_ms))
}

/// Learns habits from the first `--learn` fleets and removes them from
/// `fleets` (keeping at most `--games` generated ones); returns the habits,
/// how many fleets they were learned from and the time that took in ms.
fn learn_habits(args: &Args, fleets: &mut Vec<Fleet>) -> (Arc<Habits>, usize, f64) {
    let learn = args.learn.min(fleets.len());
    // The generator's averages are measured once per process; keep that out
    // of the time.
    let _ = Habits::generator(args.variant);
    let past: Vec<PastFleet> = fleets[..learn].iter().map(played).collect();
    let start = Instant::now();
    let habits = Arc::new(Habits::learn_with(
        args.variant,
        &past,
        None,
        &args.learn_config,
    ));
    let learn_ms = start.elapsed().as_secs_f64() * 1e3;
    if learn > 0 {
        println!("habits: {}", habits.summary());
    }
    fleets.drain(..learn);
    if fleets.len() > args.games && args.fleets.is_none() {
        fleets.truncate(args.games);
    }
    (habits, learn, learn_ms)
}

/// `fleet` as a member's past fleet: a match in which it is placed (on both sides) and
/// that ends at once.
fn played(fleet: &Fleet) -> PastFleet {
    let (member, other) = (PlayerId(1), PlayerId(2));
    let mut game = Match::challenge(member, other, fleet.variant(), MatchOptions::default(), 0)
        .expect("two players");
    game.accept(other).expect("accepted");
    for p in [member, other] {
        game.set_fleet(p, fleet.clone()).expect("a legal fleet");
        game.confirm(p).expect("made final");
    }
    game.forfeit(other).expect("over");
    PastFleet::of(&game, member).expect("a finished battle")
}

/// Prints the mean, p99 and maximum fleet-choice time, if any was measured.
#[expect(clippy::cast_precision_loss)]
fn print_choice_times(choice_ms: &mut [f64]) {
    if choice_ms.is_empty() {
        return;
    }
    let mean = choice_ms.iter().sum::<f64>() / choice_ms.len() as f64;
    choice_ms.sort_by(f64::total_cmp);
    println!(
        "fleet choice: mean {mean:.2} ms  p99 {:.2} ms  max {:.2} ms",
        percentile(choice_ms, 0.99),
        choice_ms[choice_ms.len() - 1]
    );
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
    let (mut fleets, mut choice_ms) = match fleets_for(&args) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("ai_bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (habits, learn, learn_ms) = learn_habits(&args, &mut fleets);
    let unit = match args.variant {
        Variant::Classic => "shots",
        Variant::Game2000 => "turns",
    };
    let source = if let Some(path) = &args.fleets {
        format!("file {path}")
    } else if let Some(p) = args.placer {
        format!("placer {p}")
    } else if args.hard_placement {
        "placement hard".to_owned()
    } else {
        "placement random".to_owned()
    };
    println!(
        "variant {}  games {}  seed {}  {source}  learned from {learn} fleets in {learn_ms:.1} ms  strong: samples {} scoring {} attempts {} info {}/{} finish {} candidates {} prior {:?}",
        args.variant,
        fleets.len(),
        args.seed,
        args.strong.samples,
        args.strong.scoring_samples,
        args.strong.attempts,
        args.strong.info_weight,
        args.strong.salvo_info_weight,
        args.strong.finish_weight,
        args.strong.candidates,
        args.strong.prior,
    );
    print_choice_times(&mut choice_ms);
    println!(
        "{:<18} {:>8} {:>6} {:>7} {:>6} {:>8} {:>8}   ({unit} to sink everything; ms per move)",
        "strategy", "mean", "sd", "median", "p95", "ms p50", "ms p99"
    );
    let mut per_game = String::new();
    for name in &args.strategies {
        let Some(mut s) = shooter(name, &args.strong, &habits) else {
            eprintln!("ai_bench: unknown strategy {name}");
            return ExitCode::FAILURE;
        };
        let label = match name.as_str() {
            "density" => format!("density ({})", Difficulty::Normal),
            "strong" => format!("strong ({})", Difficulty::Hard),
            "adaptive" => format!("adaptive ({})", Difficulty::Hard),
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
