//! Compares `tournament::dutch::pair` with an external FIDE Dutch engine, bbpPairings
//! (<https://github.com/BieremaBoyzProgramming/bbpPairings>, built separately), on
//! random tournaments, reading and writing through the same `tournament::trf` reader
//! and writer as the `pair` example.
//!
//! ```sh
//! # bbpPairings' own random tournaments (the way FIDE checks engines): each round of
//! # each generated file is paired by us from the rounds before it and compared with
//! # the file's round.
//! cargo run --release --example pair_check -- --bbp /path/to/bbpPairings.exe \
//!     --generate 200 [--seed 1] [--min 8] [--max 100] [--show 3]
//! # Our random play: each round paired by both from our TRF export, then played with
//! # random results on our pairing.
//! cargo run --release --example pair_check -- --bbp /path/to/bbpPairings.exe \
//!     [--tournaments 40] [--seed 1] [--min 8] [--max 64] [--rounds 9] [--show 3]
//! ```
//!
//! Prints, over all rounds, how many matched exactly (same games, same colours, same
//! bye), how many had the same games with some colours different, and the rest, with
//! the TRF of the first few differences written to the temporary directory; with
//! `--generate`, also how many whole tournaments matched in every round.

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
    generate: Option<u64>,
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
        generate: None,
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
            "--generate" => a.generate = Some(value.parse().expect("a count")),
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
    let (pairs, bye) = trf::parse_round_text(&out).ok_or("unreadable engine output")?;
    let number = |n: u64| usize::try_from(n).expect("a small number");
    Ok((
        pairs
            .into_iter()
            .map(|(w, b)| (number(w), number(b)))
            .collect(),
        bye.map(number),
    ))
}

fn main() {
    let a = args();
    if let Some(count) = a.generate {
        generated(&a, count);
        return;
    }
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

/// The tournament of a bbpPairings generator file after `round - 1` rounds, with the
/// byes already entered for `round` kept (so the same players are left out).
fn before_round(text: &str, round: usize, total: u32) -> String {
    let keep = 89 + 10 * (round - 1);
    // The generator's file has no XXR: the engine paired knowing the rounds in all.
    let mut out = format!("XXR {total}\n");
    for line in text.split(['\r', '\n']).filter(|l| !l.is_empty()) {
        if line.starts_with("001") {
            let chars: Vec<char> = line.chars().collect();
            let cut = keep.min(chars.len());
            out.extend(&chars[..cut]);
            if chars.len() >= keep + 10 {
                let field: String = chars[keep..keep + 10].iter().collect();
                let opponent = field[2..6].trim();
                let result = field.chars().nth(9).unwrap_or(' ');
                if (opponent.is_empty() || opponent == "0000") && "HFZ-".contains(result) {
                    out.push_str(&field);
                }
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The file's own round `round` (1-based): `(white, black)` games (forfeits without a
/// colour as `(higher, lower)` numbers) and the pairing-allocated bye.
fn file_round(text: &str, round: usize) -> Numbers {
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for line in text.split(['\r', '\n']).filter(|l| l.starts_with("001")) {
        let p = trf::parse_player_line(line).expect("the generator's line");
        let Some(r) = p.rounds.get(round - 1) else {
            continue;
        };
        let me = p.number as usize;
        match (r.opponent, r.colour) {
            (Some(o), 'w') => {
                pairs.insert((me, o as usize));
            }
            (Some(o), '-') if me < o as usize => {
                pairs.insert((me, o as usize));
            }
            (None, _) if r.result == 'U' => bye = Some(me),
            _ => {}
        }
    }
    (pairs, bye)
}

/// Compare every round of `count` tournaments made by bbpPairings' generator.
#[expect(
    clippy::too_many_lines,
    reason = "one loop over tournaments and rounds"
)]
fn generated(a: &Args, count: u64) {
    let dir = std::env::temp_dir();
    let (mut rounds, mut exact, mut same_games, mut differ, mut failed) = (0, 0, 0, 0, 0);
    let (mut whole, mut generated) = (0, 0);
    let mut shown = 0;
    for k in 0..count {
        let seed = a.seed + k;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rng.random_range(a.min..=a.max);
        let total = rng.random_range(5..=11u32);
        let config = dir.join(format!("pair_check_gen_{seed}.cfg"));
        let file = dir.join(format!("pair_check_gen_{seed}.trf"));
        std::fs::write(
            &config,
            format!(
                "PlayersNumber={n}\nRoundsNumber={total}\nDrawPercentage=30\nForfeitRate=15\nRetiredRate=20\nHalfPointByeRate=15\n"
            ),
        )
        .expect("the temporary directory");
        let status = Command::new(&a.bbp)
            .arg("--dutch")
            .arg("-g")
            .arg(&config)
            .arg("-o")
            .arg(&file)
            .arg("-s")
            .arg(seed.to_string())
            .stdout(std::process::Stdio::null())
            .status()
            .expect("running the engine");
        if !status.success() {
            println!("seed {seed}: the generator failed ({status})");
            failed += 1;
            continue;
        }
        generated += 1;
        let text = std::fs::read_to_string(&file).expect("the generated file");
        let Ok(full) = trf::read(&text) else {
            println!("seed {seed}: the generated file does not read");
            failed += 1;
            continue;
        };
        let played = full.tournament.rounds_played() as usize;
        // Nor XXC: the initial colour is the one round 1 shows.
        let xxc = match full.tournament.initial_colour() {
            Colour::White => "XXC white1\n",
            Colour::Black => "XXC black1\n",
        };
        let mut all = played > 0;
        for r in 1..=played {
            let before = before_round(&text, r, total) + xxc;
            let theirs = file_round(&text, r);
            let mine = match trf::read(&before)
                .map_err(|e| e.to_string())
                .and_then(|t| dutch::pair(&t.tournament, &t.to_pair).map_err(|e| e.to_string()))
            {
                Ok(m) => m,
                Err(e) => {
                    println!("seed {seed} ({n} players) round {r}: {e}");
                    failed += 1;
                    all = false;
                    continue;
                }
            };
            rounds += 1;
            let number = |id: PlayerId| usize::try_from(id.0).expect("a TRF number");
            let my_pairs: BTreeSet<(usize, usize)> = mine
                .pairs
                .iter()
                .map(|&(w, b)| (number(w), number(b)))
                .collect();
            let my_bye = mine.bye.map(number);
            let unordered = |s: &BTreeSet<(usize, usize)>| -> BTreeSet<(usize, usize)> {
                s.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect()
            };
            // Forfeits carry no colour in the file: compare those games unordered.
            let colourless: BTreeSet<(usize, usize)> = theirs
                .0
                .iter()
                .filter(|&&(x, y)| !my_pairs.contains(&(x, y)) && my_pairs.contains(&(y, x)))
                .filter(|&&(x, y)| x < y && !colour_known(&text, r, x))
                .copied()
                .collect();
            let mine_cmp: BTreeSet<(usize, usize)> = my_pairs
                .iter()
                .map(|&(x, y)| {
                    if colourless.contains(&(y, x)) {
                        (y, x)
                    } else {
                        (x, y)
                    }
                })
                .collect();
            if mine_cmp == theirs.0 && my_bye == theirs.1 {
                exact += 1;
            } else {
                all = false;
                if unordered(&mine_cmp) == unordered(&theirs.0) && my_bye == theirs.1 {
                    same_games += 1;
                } else {
                    differ += 1;
                }
                if shown < a.show {
                    shown += 1;
                    let path = dir.join(format!("pair_check_gen_{seed}_{r}.trf"));
                    std::fs::write(&path, &before).expect("the temporary directory");
                    let only_mine: Vec<_> = mine_cmp.difference(&theirs.0).collect();
                    let only_theirs: Vec<_> = theirs.0.difference(&mine_cmp).collect();
                    println!(
                        "seed {seed} ({n} players) round {r}: mine only {only_mine:?} bye {my_bye:?}; engine only {only_theirs:?} bye {:?}; TRF in {}",
                        theirs.1,
                        path.display()
                    );
                }
            }
        }
        if all {
            whole += 1;
        }
        let _ = std::fs::remove_file(&config);
        let _ = std::fs::remove_file(&file);
    }
    println!(
        "{rounds} rounds compared: {exact} exact, {same_games} same games with other colours, {differ} different games; {failed} not compared; {whole} of {generated} tournaments generated ({count} asked) identical in every round"
    );
}

/// Whether player `x`'s field in round `round` has a colour.
fn colour_known(text: &str, round: usize, x: usize) -> bool {
    text.split(['\r', '\n'])
        .filter(|l| l.starts_with("001"))
        .filter_map(|l| trf::parse_player_line(l).ok())
        .find(|p| p.number as usize == x)
        .and_then(|p| p.rounds.get(round - 1).copied())
        .is_some_and(|r| r.colour == 'w' || r.colour == 'b')
}
