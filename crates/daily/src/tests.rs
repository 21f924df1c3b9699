use std::num::NonZeroU64;

use broadside_game::{Coord, Report, Variant};

use super::*;

fn secret(b: u8) -> Secret {
    Secret::from_bytes(&[b; SECRET_LEN]).unwrap()
}

fn cells(variant: Variant) -> Vec<Coord> {
    Coord::all(variant.size()).collect()
}

#[test]
fn the_fleet_follows_from_secret_rules_and_day() {
    for variant in Variant::ALL {
        let a = DailySea::fleet_of(&secret(1), variant, Day(100));
        assert_eq!(a, DailySea::fleet_of(&secret(1), variant, Day(100)));
        assert_eq!(a.variant(), variant);
        assert_ne!(a, DailySea::fleet_of(&secret(1), variant, Day(101)));
        assert_ne!(a, DailySea::fleet_of(&secret(2), variant, Day(100)));
    }
}

#[test]
fn the_par_is_the_same_everywhere_and_sinks_the_fleet() {
    let s = secret(3);
    let classic = DailySea::of(&s, Variant::Classic, Day(5));
    assert_eq!(classic, DailySea::of(&s, Variant::Classic, Day(5)));
    assert!(
        (20..=100).contains(&classic.par),
        "classic par {}",
        classic.par
    );
    let g2000 = DailySea::of(&s, Variant::Game2000, Day(5));
    assert!((7..=81).contains(&g2000.par), "game2000 par {}", g2000.par);
}

#[test]
fn a_secret_is_32_bytes_and_never_printed() {
    assert_eq!(Secret::from_bytes(&[0; 31]), Err(BadSecret(31)));
    let s = secret(9);
    assert_eq!(Secret::from_bytes(s.as_bytes()).unwrap(), s);
    assert_eq!(format!("{s:?}"), "Secret(..)");
}

#[test]
fn classic_answers_miss_hit_or_sunk_and_refuses_repeats() {
    let fleet = DailySea::fleet_of(&secret(4), Variant::Classic, Day(1));
    let mut attempt = Attempt::new(fleet.clone());
    let mut sunk = 0;
    for c in cells(Variant::Classic) {
        if attempt.is_finished() {
            break;
        }
        let volley = attempt.fire(&[c]).unwrap();
        assert_eq!(volley.reports.len(), 1);
        let expected_hit = fleet.ship_at(c).is_some();
        assert_eq!(volley.reports[0].is_hit(), expected_hit);
        if matches!(volley.reports[0], Report::Sunk { .. }) {
            sunk += 1;
        }
        if !attempt.is_finished() {
            assert_eq!(attempt.check(&[c]), Err(FireError::AlreadyFired(c)));
        }
    }
    assert_eq!(sunk, fleet.ships().len());
    assert!(attempt.is_finished());
    assert_eq!(attempt.strip().len(), attempt.shots() as usize);
    assert_eq!(
        attempt.fire(&["A1".parse().unwrap()]).map(|_| ()),
        Err(FireError::Finished)
    );
}

#[test]
fn game2000_fires_three_cells_with_sorted_length_reports() {
    let fleet = DailySea::fleet_of(&secret(5), Variant::Game2000, Day(1));
    let mut attempt = Attempt::new(fleet);
    let a1: Coord = "A1".parse().unwrap();
    let b1: Coord = "B1".parse().unwrap();
    assert!(matches!(
        attempt.check(&[a1]),
        Err(FireError::WrongCount {
            expected: 3,
            given: 1,
            ..
        })
    ));
    assert_eq!(attempt.check(&[a1, a1, b1]), Err(FireError::Duplicate(a1)));
    let j10: Coord = "J10".parse().unwrap();
    assert_eq!(attempt.check(&[a1, b1, j10]), Err(FireError::OffBoard(j10)));
    let all = cells(Variant::Game2000);
    for chunk in all.chunks(3) {
        if attempt.is_finished() {
            break;
        }
        let volley = attempt.fire(chunk).unwrap().clone();
        assert_eq!(volley.reports.len(), 3);
        for r in &volley.reports {
            if let Report::Hit { len } = r {
                assert!(len.is_some(), "Game 2000 tells the length");
            }
        }
        let rank = |r: &Report| match r {
            Report::Sunk { .. } => 0,
            Report::Hit { .. } => 1,
            Report::Water => 2,
        };
        assert!(
            volley
                .reports
                .windows(2)
                .all(|w| rank(&w[0]) <= rank(&w[1]))
        );
        if !attempt.is_finished() {
            assert_eq!(attempt.check(chunk), Err(FireError::AlreadyFired(chunk[0])));
        }
    }
    assert!(attempt.is_finished());
    assert_eq!(attempt.strip().len(), 3 * attempt.shots() as usize);
}

#[test]
fn an_attempt_replays_from_its_stored_volleys() {
    let fleet = DailySea::fleet_of(&secret(6), Variant::Game2000, Day(2));
    let mut attempt = Attempt::new(fleet.clone());
    let all = cells(Variant::Game2000);
    for chunk in all.chunks(3).take(5) {
        attempt.fire(chunk).unwrap();
    }
    let stored: Vec<String> = attempt
        .volleys()
        .iter()
        .map(|v| attempt::volley_text(&v.cells))
        .collect();
    assert_eq!(stored[0], "A1 B1 C1");
    let read: Vec<Vec<Coord>> = stored
        .iter()
        .map(|t| attempt::parse_volley(t).unwrap())
        .collect();
    let again = Attempt::replay(fleet, read.iter().map(Vec::as_slice)).unwrap();
    assert_eq!(again, attempt);
    assert_eq!(attempt::parse_volley("A1 Z9"), None);
}

#[test]
fn days_follow_the_clock() {
    let utc = DayClock::utc();
    assert_eq!(utc.day_at(0), Day(0));
    assert_eq!(utc.day_at(86_399), Day(0));
    assert_eq!(utc.day_at(86_400), Day(1));
    let fast = DayClock::every(NonZeroU64::new(7).unwrap());
    for t in 0..100 {
        let d = fast.day_at(t);
        assert!(fast.starts(d) <= t && t < fast.ends(d));
    }
    assert_eq!(Day(0).before(), None);
    assert_eq!(Day(3).before(), Some(Day(2)));
}
