use std::collections::{HashMap, HashSet};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dutch::{PairingError, Round, pair};
use super::standings::standings;
use super::*;

fn field(n: u64) -> Tournament {
    let entrants = (1..=n)
        .map(|i| Entrant {
            id: PlayerId(i),
            name: format!("P{i:03}"),
            rating: 3000 - i as u32,
        })
        .collect();
    Tournament::new(entrants, 9, Colour::White).expect("distinct entrants")
}

fn p(i: u64) -> PlayerId {
    PlayerId(i)
}

fn results(
    round: &Round,
    mut outcome: impl FnMut(PlayerId, PlayerId) -> Outcome,
) -> Vec<GameResult> {
    let mut r: Vec<GameResult> = round
        .pairs
        .iter()
        .map(|&(first, second)| GameResult::Played {
            first,
            second,
            outcome: outcome(first, second),
        })
        .collect();
    if let Some(b) = round.bye {
        r.push(GameResult::PairingBye(b));
    }
    r
}

#[test]
fn four_players_round_one_top_half_against_bottom_half() {
    let t = field(4);
    let r = pair(&t, &t.entrant_ids()).unwrap();
    assert_eq!(r.pairs, vec![(p(1), p(3)), (p(4), p(2))]);
    assert_eq!(r.bye, None);
}

#[test]
fn six_players_round_one_colours_alternate_down_the_boards() {
    let t = field(6);
    let r = pair(&t, &t.entrant_ids()).unwrap();
    assert_eq!(r.pairs, vec![(p(1), p(4)), (p(5), p(2)), (p(3), p(6))]);
}

#[test]
fn seven_players_round_one_bye_to_the_lowest() {
    let t = field(7);
    let r = pair(&t, &t.entrant_ids()).unwrap();
    assert_eq!(r.pairs, vec![(p(1), p(4)), (p(5), p(2)), (p(3), p(6))]);
    assert_eq!(r.bye, Some(p(7)));
}

#[test]
fn black_first_swaps_every_board() {
    let entrants = field(4).entrants().to_vec();
    let t = Tournament::new(entrants, 3, Colour::Black).expect("distinct entrants");
    let r = pair(&t, &t.entrant_ids()).unwrap();
    assert_eq!(r.pairs, vec![(p(3), p(1)), (p(2), p(4))]);
}

#[test]
fn round_two_pairs_winners_and_alternates_colours() {
    let mut t = field(4);
    let r1 = pair(&t, &t.entrant_ids()).unwrap();
    // 1 beats 3, 2 beats 4 (the higher-rated player wins).
    t.record_round(&results(&r1, |a, b| {
        if a < b {
            Outcome::FirstWins
        } else {
            Outcome::SecondWins
        }
    }))
    .unwrap();
    let r2 = pair(&t, &t.entrant_ids()).unwrap();
    // Winners 1 (had White) and 2 (had Black) meet: 2 gets White. Losers 3 (Black)
    // and 4 (White): 3 gets White.
    assert_eq!(r2.pairs, vec![(p(2), p(1)), (p(3), p(4))]);
}

#[test]
fn the_bye_is_never_given_twice() {
    let mut t = field(3);
    let mut byes = HashSet::new();
    for _ in 0..3 {
        let r = pair(&t, &t.entrant_ids()).unwrap();
        let b = r.bye.expect("three players: one bye");
        assert!(byes.insert(b), "{b} got a second bye");
        t.record_round(&results(&r, |_, _| Outcome::Draw)).unwrap();
    }
}

#[test]
fn no_legal_pairing_is_an_error() {
    let mut t = field(2);
    let r = pair(&t, &t.entrant_ids()).unwrap();
    t.record_round(&results(&r, |_, _| Outcome::Draw)).unwrap();
    assert_eq!(
        pair(&t, &t.entrant_ids()),
        Err(PairingError::NoLegalPairing)
    );
    assert_eq!(pair(&t, &[p(9)]), Err(PairingError::Unknown(p(9))));
    assert_eq!(pair(&t, &[p(1), p(1)]), Err(PairingError::Twice(p(1))));
}

#[test]
fn a_lone_player_gets_the_bye_once() {
    let mut t = field(2);
    assert_eq!(
        pair(&t, &[p(1)]).unwrap(),
        Round {
            pairs: vec![],
            bye: Some(p(1))
        }
    );
    t.record_round(&[GameResult::PairingBye(p(1)), GameResult::Absent(p(2))])
        .unwrap();
    assert_eq!(pair(&t, &[p(1)]), Err(PairingError::NoLegalPairing));
}

/// Play out a tournament with random results; check every round's absolute criteria.
fn simulate(n: u64, rounds: u32, seed: u64) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let entrants = (1..=n)
        .map(|i| Entrant {
            id: PlayerId(100 + i),
            name: format!("E{i}"),
            rating: rng.random_range(1000..2800),
        })
        .collect();
    let mut t = Tournament::new(entrants, rounds, Colour::White).expect("distinct entrants");
    let mut met: HashSet<(PlayerId, PlayerId)> = HashSet::new();
    let mut byes: HashSet<PlayerId> = HashSet::new();
    for round in 0..rounds {
        let present: Vec<PlayerId> = t.entrant_ids();
        let r = match pair(&t, &present) {
            Ok(r) => r,
            // Small fields can run out of legal pairings late; that must be reported,
            // and only happens when there are few players for the rounds.
            Err(PairingError::NoLegalPairing) if u64::from(rounds) + 1 >= n / 2 => break,
            Err(e) => panic!("n {n} seed {seed} round {round}: {e}"),
        };
        let mut in_round = HashSet::new();
        for &(a, b) in &r.pairs {
            assert!(
                in_round.insert(a) && in_round.insert(b),
                "a player twice in one round"
            );
            assert!(
                met.insert((a.min(b), a.max(b))),
                "n {n} seed {seed} round {round}: rematch {a}-{b}"
            );
        }
        if let Some(b) = r.bye {
            assert!(in_round.insert(b));
            assert!(byes.insert(b), "n {n} seed {seed}: {b} got a second bye");
        }
        assert_eq!(
            in_round.len() as u64,
            n,
            "everyone is paired or has the bye"
        );
        assert_eq!(r.bye.is_some(), n % 2 == 1);
        let last = round + 1 == rounds;
        let before: HashMap<PlayerId, u32> = present
            .iter()
            .map(|&id| (id, t.points(id).unwrap()))
            .collect();
        let games = results(&r, |_, _| match rng.random_range(0..10) {
            0..=3 => Outcome::FirstWins,
            4..=6 => Outcome::SecondWins,
            _ => Outcome::Draw,
        });
        t.record_round(&games).unwrap();
        // Colour constraints: never beyond ±2, never three in a row, except topscorers
        // (and their opponents) in the last round.
        let threshold = round * 10 / 2;
        for &(a, b) in &r.pairs {
            let top = last && (before[&a] > threshold || before[&b] > threshold);
            for id in [a, b] {
                let colours: Vec<Colour> = t
                    .history(id)
                    .unwrap()
                    .into_iter()
                    .filter_map(|e| match e {
                        Entry::Played { colour, .. } => Some(colour),
                        _ => None,
                    })
                    .collect();
                let diff: i32 = colours
                    .iter()
                    .map(|&c| if c == Colour::White { 1 } else { -1 })
                    .sum();
                let three = colours.len() >= 3
                    && colours[colours.len() - 3..]
                        .iter()
                        .all(|&c| c == colours[colours.len() - 1]);
                if !top {
                    assert!(
                        diff.abs() <= 2,
                        "n {n} seed {seed} round {round}: {id} colour difference {diff}"
                    );
                    assert!(
                        !three,
                        "n {n} seed {seed} round {round}: {id} three colours in a row"
                    );
                }
            }
        }
    }
    t
}

#[test]
fn random_tournaments_keep_the_absolute_criteria() {
    for (k, n) in [8u64, 9, 12, 15, 16, 21, 32, 33, 64]
        .into_iter()
        .enumerate()
    {
        for seed in 0..3 {
            simulate(n, 9.min(n as u32 - 1), 1000 * k as u64 + seed);
        }
    }
}

#[test]
fn standings_rank_by_points_then_buchholz() {
    let t = simulate(8, 3, 5);
    let rows = standings(&t);
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0].rank, 1);
    for w in rows.windows(2) {
        assert!(w[0].points >= w[1].points);
        if w[0].points == w[1].points {
            assert!(w[0].buchholz >= w[1].buchholz);
        }
        assert!(w[0].rank <= w[1].rank);
    }
    let total: u32 = rows.iter().map(|r| r.points).sum();
    assert_eq!(total, 3 * 4 * 10, "four games a round, ten points each");
}

#[test]
fn standings_share_ranks_on_full_ties() {
    let entrants = vec![
        Entrant {
            id: p(1),
            name: "A".into(),
            rating: 1500,
        },
        Entrant {
            id: p(2),
            name: "B".into(),
            rating: 1500,
        },
    ];
    let mut t = Tournament::new(entrants, 1, Colour::White).expect("distinct entrants");
    t.record_round(&[GameResult::Played {
        first: p(1),
        second: p(2),
        outcome: Outcome::Draw,
    }])
    .unwrap();
    let rows = standings(&t);
    assert_eq!((rows[0].rank, rows[1].rank), (1, 1));
    assert_eq!(
        (rows[0].points, rows[0].buchholz, rows[0].sonneborn_berger),
        (5, 5, 2)
    );
    assert_eq!(rows[0].direct_encounter, 5);
}

#[test]
fn direct_encounter_breaks_a_tie() {
    let entrants = (1..=4)
        .map(|i| Entrant {
            id: p(i),
            name: format!("{i}"),
            rating: 1500,
        })
        .collect();
    let mut t = Tournament::new(entrants, 2, Colour::White).expect("distinct entrants");
    let g = |first, second, outcome| GameResult::Played {
        first: p(first),
        second: p(second),
        outcome,
    };
    t.record_round(&[g(1, 2, Outcome::FirstWins), g(3, 4, Outcome::FirstWins)])
        .unwrap();
    t.record_round(&[g(2, 3, Outcome::FirstWins), g(4, 1, Outcome::FirstWins)])
        .unwrap();
    let rows = standings(&t);
    assert!(rows.iter().all(|r| r.points == 10));
    assert_eq!(rows.len(), 4);
}

#[test]
fn trf_lines_round_trip_through_the_parser() {
    let t = simulate(9, 3, 11);
    let text = trf::export(&t, None);
    assert!(text.contains("XXR 3\n") && text.contains("XXC white1\n"));
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 9);
    for (i, line) in lines.iter().enumerate() {
        let parsed = trf::parse_player_line(line).unwrap();
        let e = &t.entrants()[i];
        assert_eq!(parsed.number as usize, i + 1);
        assert_eq!(parsed.name, e.name);
        assert_eq!(parsed.rating, e.rating);
        assert_eq!(parsed.points, t.points(e.id).unwrap());
        assert_eq!(parsed.rounds.len(), 3);
        for (r, entry) in parsed.rounds.iter().zip(t.history(e.id).unwrap()) {
            match entry {
                Entry::Played {
                    opponent, colour, ..
                } => {
                    assert_eq!(r.opponent, t.pairing_number(opponent).map(|n| n as u32));
                    assert_eq!(r.colour, if colour == Colour::White { 'w' } else { 'b' });
                }
                Entry::PairingBye => assert_eq!((r.opponent, r.result), (None, 'U')),
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}

#[test]
fn a_duplicate_entrant_is_an_error() {
    let entrants = [1, 2, 1]
        .iter()
        .map(|&i| Entrant {
            id: PlayerId(i),
            name: format!("N{i}"),
            rating: 1500,
        })
        .collect();
    assert_eq!(
        Tournament::new(entrants, 5, Colour::White).unwrap_err(),
        NewTournamentError::Duplicate(PlayerId(1))
    );
}

#[test]
fn entrants_above_the_maximum_are_refused() {
    let make = |n: u64| -> Vec<Entrant> {
        (1..=n)
            .map(|i| Entrant {
                id: PlayerId(i),
                name: String::new(),
                rating: 0,
            })
            .collect()
    };
    assert!(Tournament::new(make(MAX_ENTRANTS as u64), 9, Colour::White).is_ok());
    assert_eq!(
        Tournament::new(make(MAX_ENTRANTS as u64 + 1), 9, Colour::White).unwrap_err(),
        NewTournamentError::TooMany {
            count: MAX_ENTRANTS + 1,
            max: MAX_ENTRANTS
        }
    );
}

#[test]
fn trf_names_are_cleaned_and_padded_by_display_width() {
    let names = [
        "Bell\u{7}\tman\r\nX",
        "李小龍 the Dragon of Hong Kong 1940",
        "Zoe\u{301} (combining acute)",
        "A name far longer than the thirty-three columns of the field",
    ];
    let entrants = names
        .iter()
        .enumerate()
        .map(|(i, n)| Entrant {
            id: PlayerId(i as u64 + 1),
            name: (*n).to_owned(),
            rating: 2000 - i as u32,
        })
        .collect();
    let t = Tournament::new(entrants, 3, Colour::White).unwrap();
    let text = trf::export(&t, None);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    for (i, line) in lines.iter().enumerate() {
        assert!(!line.chars().any(char::is_control), "{line:?}");
        // The name's 33 columns start at column 14; the rating ends at column 52.
        let rating = (2000 - i).to_string();
        let end = line.find(&format!(" {rating} ")).unwrap() + 1 + rating.len();
        assert_eq!(width(&line[..end]), 52, "{line:?}");
    }
    let parsed: Vec<_> = lines
        .iter()
        .map(|l| trf::parse_player_line(l).unwrap())
        .collect();
    assert_eq!(parsed[0].name, "BellmanX");
    // 33 characters, but 35 columns (李小龍 takes six): cut at 33 columns.
    assert_eq!(parsed[1].name, "李小龍 the Dragon of Hong Kong 19");
    assert_eq!(parsed[2].name, "Zoe\u{301} (combining acute)");
    assert_eq!(parsed[3].name, "A name far longer than the thirty");
    assert!(
        parsed
            .iter()
            .all(|p| p.rating >= 1997 && p.rounds.is_empty())
    );
}
