//! Compares `tournament::dutch::pair` with an external FIDE Dutch engine, bbpPairings
//! (<https://github.com/BieremaBoyzProgramming/bbpPairings>, built separately), on
//! random tournaments: each round is paired by both from the same TRF(x) file, the
//! round is then played with random results on this crate's pairing, and so on.
//!
//! ```sh
//! cargo run --release --example pair_check -- --bbp /path/to/bbpPairings.exe \
//!     [--tournaments 40] [--seed 1] [--min 8] [--max 64] [--rounds 9] [--show 3]
//! ```
//!
//! Prints, over all rounds, how many matched exactly (same games, same colours, same
//! bye), how many had the same games with some colours different, and the rest, with
//! the TRF of the first few differences written to the temporary directory.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use broadside::tournament::{
    Colour, Entrant, GameResult, Outcome, PlayerId, Tournament, dutch, trf,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Args {
    bbp: PathBuf,
    tournaments: u64,
    seed: u64,
    min: u64,
    max: u64,
    rounds: u32,
    show: usize,
}

fn args() -> Args {
    let mut a = Args {
        bbp: PathBuf::from("bbpPairings.exe"),
        tournaments: 40,
        seed: 1,
        min: 8,
        max: 64,
        rounds: 9,
        show: 3,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--bbp" => a.bbp = PathBuf::from(value),
            "--tournaments" => a.tournaments = value.parse().expect("a count"),
            "--seed" => a.seed = value.parse().expect("a seed"),
            "--min" => a.min = value.parse().expect("a count"),
            "--max" => a.max = value.parse().expect("a count"),
            "--rounds" => a.rounds = value.parse().expect("a count"),
            "--show" => a.show = value.parse().expect("a count"),
            other => panic!("unknown flag {other}"),
        }
    }
    a
}

/// A round as pairing numbers: `(white, black)` games and the bye.
type Numbers = (BTreeSet<(usize, usize)>, Option<usize>);

/// The engine's pairing of the next round: `(white, black)` pairing numbers and the bye.
fn engine(bbp: &PathBuf, text: &str, tag: &str) -> Result<Numbers, String> {
    let dir = std::env::temp_dir();
    let input = dir.join(format!("pair_check_{tag}.trf"));
    let output = dir.join(format!("pair_check_{tag}.out"));
    std::fs::write(&input, text).map_err(|e| e.to_string())?;
    let status = Command::new(bbp)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .map_err(|e| format!("running {}: {e}", bbp.display()))?;
    if !status.success() {
        return Err(format!("engine exit {status}"));
    }
    let out = std::fs::read_to_string(&output).map_err(|e| e.to_string())?;
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for line in out.lines().skip(1) {
        let mut nums = line
            .split_whitespace()
            .map(|x| x.parse::<usize>().expect("a number"));
        let (Some(a), Some(b)) = (nums.next(), nums.next()) else {
            continue;
        };
        if b == 0 {
            bye = Some(a);
        } else {
            pairs.insert((a, b));
        }
    }
    Ok((pairs, bye))
}

fn main() {
    let a = args();
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let (mut rounds, mut exact, mut same_games, mut differ, mut failed) = (0, 0, 0, 0, 0);
    let mut by_round = vec![(0u32, 0u32); a.rounds as usize];
    let mut shown = 0;
    for k in 0..a.tournaments {
        let n = rng.random_range(a.min..=a.max);
        let entrants: Vec<Entrant> = (1..=n)
            .map(|i| Entrant {
                id: PlayerId(i),
                name: format!("Player {i}"),
                rating: rng.random_range(1000..2800),
            })
            .collect();
        let first = if rng.random_bool(0.5) {
            Colour::White
        } else {
            Colour::Black
        };
        let mut t = Tournament::new(entrants, a.rounds, first).expect("distinct entrants");
        for r in 0..a.rounds {
            let everyone = t.entrant_ids();
            let mine = match dutch::pair(&t, &everyone) {
                Ok(m) => m,
                Err(e) => {
                    let tag = format!("{}_{k}_{}_none", a.seed, r + 1);
                    let agree = match engine(&a.bbp, &trf::export(&t, None), &tag) {
                        Err(_) => "the engine finds none either",
                        Ok(_) => "THE ENGINE FINDS ONE",
                    };
                    println!("tournament {k} ({n} players) round {}: {e}; {agree}", r + 1);
                    failed += 1;
                    break;
                }
            };
            let text = trf::export(&t, None);
            let number = |id: PlayerId| t.pairing_number(id).expect("an entrant");
            let my_pairs: BTreeSet<(usize, usize)> = mine
                .pairs
                .iter()
                .map(|&(w, b)| (number(w), number(b)))
                .collect();
            let my_bye = mine.bye.map(number);
            let tag = format!("{}_{k}_{}", a.seed, r + 1);
            match engine(&a.bbp, &text, &tag) {
                Ok((theirs, their_bye)) => {
                    rounds += 1;
                    by_round[r as usize].1 += 1;
                    let unordered = |s: &BTreeSet<(usize, usize)>| -> BTreeSet<(usize, usize)> {
                        s.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect()
                    };
                    if theirs == my_pairs && their_bye == my_bye {
                        exact += 1;
                        by_round[r as usize].0 += 1;
                    } else if unordered(&theirs) == unordered(&my_pairs) && their_bye == my_bye {
                        same_games += 1;
                    } else {
                        differ += 1;
                    }
                    if (theirs != my_pairs || their_bye != my_bye) && shown < a.show {
                        shown += 1;
                        let only_mine: Vec<_> = my_pairs.difference(&theirs).collect();
                        let only_theirs: Vec<_> = theirs.difference(&my_pairs).collect();
                        println!(
                            "tournament {k} ({n} players) round {}: mine only {only_mine:?} bye {my_bye:?}; engine only {only_theirs:?} bye {their_bye:?}; TRF in {}",
                            r + 1,
                            std::env::temp_dir()
                                .join(format!("pair_check_{tag}.trf"))
                                .display()
                        );
                    }
                }
                Err(e) => {
                    println!("tournament {k} round {}: engine failed: {e}", r + 1);
                    failed += 1;
                }
            }
            let results = play(&mut rng, &mine);
            t.record_round(&results).expect("a complete round");
        }
    }
    println!(
        "{rounds} rounds compared: {exact} exact, {same_games} same games with other colours, {differ} different games; {failed} not compared"
    );
    for (r, (e, total)) in by_round.iter().enumerate() {
        println!("round {}: {e}/{total} exact", r + 1);
    }
}

/// Random results for `round` (40% first player wins, 30% second, 30% draws).
fn play(rng: &mut ChaCha8Rng, round: &dutch::Round) -> Vec<GameResult> {
    let mut results: Vec<GameResult> = round
        .pairs
        .iter()
        .map(|&(first, second)| {
            let outcome = match rng.random_range(0..10) {
                0..=3 => Outcome::FirstWins,
                4..=6 => Outcome::SecondWins,
                _ => Outcome::Draw,
            };
            GameResult::Played {
                first,
                second,
                outcome,
            }
        })
        .collect();
    results.extend(round.bye.map(GameResult::PairingBye));
    results
}
