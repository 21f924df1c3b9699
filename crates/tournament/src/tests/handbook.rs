//! The handbook's worked examples (FIDE Handbook C.04.3, the Dutch system): the order of
//! the exchanges in a homogeneous bracket, each of its examples played out in a bracket
//! where the rules' order of candidates alone decides, and the order of the moved-down
//! players paired when not all can be. The examples were read in the 2017 text (D.2 b–d
//! and D.3); the edition applied from 1 July 2025 keeps them (its article 4.3).
//!
//! Each exchange bracket is eleven players with pairing numbers 1–11 (ratings 2190 down to 2090),
//! all on 2 points from four draws, so they form one homogeneous bracket: S1 = 1–5,
//! S2 = 6–11, and the bracket sequence numbers (BSNs) are the pairing numbers. Each is of
//! type `A` (played White, White, Black, Black: an absolute preference for White, by its
//! last two games) or `B` (Black, Black, White, White: an absolute preference for Black).
//! Two players of one type may not meet (absolute criterion C3), and every allowed pair
//! grants both preferences (the `A` player White, rule E1), so no candidate is better than
//! another by a quality criterion: the first legal candidate in the handbook's order is
//! the pairing. A few of the eleven have met before (the rematches, absolute criterion
//! C1); the others met eleven fillers (pairing numbers 12–22, also on 2 points), who sit
//! the round out. Nobody has floated and everyone may take the bye.
//!
//! The expected pairings were worked out from the rules, with an enumeration of the
//! candidates in their order written apart from the engine: transpositions of S2 in
//! lexicographic order of their first five BSNs (4.2), then the exchanges sorted by 4.3
//! a–d, each followed by its own transpositions; the reasons are given with each test.

use std::collections::BTreeSet;

use super::super::dutch::pair;
use super::super::{Colour, Entrant, GameResult, Outcome, PlayerId, Tournament, trf};

/// The eleven players' games against each other, round by round (rounds 1–4): an `A`
/// and a `B` player each.
type Meetings<'a> = [&'a [(u64, u64)]; 4];

/// The bracket described in the module's doc: `types[i]` is the type of pairing number
/// `i + 1`, `met` the games between the eleven.
fn bracket(types: &str, met: Meetings) -> Tournament {
    let types: Vec<char> = types.chars().collect();
    assert_eq!(types.len(), 11);
    let entrants = (1..=22)
        .map(|i| Entrant {
            id: PlayerId(i),
            name: format!("P{i:02}"),
            rating: 2200 - 10 * i as u32,
        })
        .collect();
    let mut t = Tournament::new(entrants, 9, Colour::White).expect("distinct entrants");
    let kind = |i: u64| types[i as usize - 1];
    for (r, games) in met.iter().enumerate() {
        // An `A` player has White in rounds 1 and 2, Black in rounds 3 and 4.
        let a_colour = if r < 2 { Colour::White } else { Colour::Black };
        let mut results = Vec::new();
        let mut busy = BTreeSet::new();
        let game = |white: u64, black: u64| GameResult::Played {
            first: PlayerId(white),
            second: PlayerId(black),
            outcome: Outcome::Draw,
        };
        for &(x, y) in *games {
            assert_ne!(kind(x), kind(y), "{x} and {y} are of one type");
            let (a, b) = if kind(x) == 'A' { (x, y) } else { (y, x) };
            results.push(if a_colour == Colour::White {
                game(a, b)
            } else {
                game(b, a)
            });
            assert!(busy.insert(x) && busy.insert(y), "one game a round");
        }
        let mut fillers = 12..=22u64;
        for i in (1..=11).filter(|i| !busy.contains(i)) {
            let f = fillers.next().expect("a filler for everyone");
            let white = (kind(i) == 'A') == (a_colour == Colour::White);
            results.push(if white { game(i, f) } else { game(f, i) });
        }
        let rest: Vec<u64> = fillers.collect();
        for two in rest.chunks(2) {
            results.push(game(two[0], two[1]));
        }
        t.record_round(&results).expect("a complete round");
    }
    for i in 1..=11 {
        assert_eq!(t.points(PlayerId(i)), Some(20), "2 points each");
    }
    t
}

/// Pair the eleven: their games as `(White, Black)` pairing numbers, and the bye.
fn paired(t: &Tournament) -> (BTreeSet<(u64, u64)>, Option<u64>) {
    let eleven: Vec<PlayerId> = (1..=11).map(PlayerId).collect();
    let r = pair(t, &eleven).expect("a legal pairing exists");
    (
        r.pairs.iter().map(|&(w, b)| (w.0, b.0)).collect(),
        r.bye.map(|b| b.0),
    )
}

fn games(pairs: &[(u64, u64)]) -> BTreeSet<(u64, u64)> {
    pairs.iter().copied().collect()
}

/// 4.3 b: "exchanging 6 with 4 is better than exchanging 8 with 5" (a difference of 2
/// between the sums moved, against 3).
///
/// Types B B A A A B B A A B A (1–11); 2 has met 8, 9 and 11, 3 and 4 have met 10, 7
/// has met 8. No transposition of S2 works: 2 (B) has no `A` left in S2 (8, 9, 11). The
/// exchanges before 4↔6 fail too: 5↔6 (difference 1) leaves 3 and 4 (both `A`) only 7
/// in S2, and 5↔7 (difference 2, moving the higher BSN, 4.3 c) leaves them only 6. So
/// 4↔6: S1 = 1 2 3 5 6, S2 = 4 7 8 9 10 11, whose first legal transposition gives 1-8,
/// 2-4, 3-7, 5-10, 6-9 and the bye to 11. 5↔8 (S1 = 1 2 3 4 8) would have worked too
/// (1-9, 2-5, 3-6, 4-7, 8-10), but comes later.
#[test]
fn handbook_exchange_6_for_4_comes_before_8_for_5() {
    let t = bracket(
        "BBAAABBAABA",
        [
            &[(2, 8), (3, 10)],
            &[(2, 9), (4, 10), (7, 8)],
            &[(2, 11)],
            &[],
        ],
    );
    let (pairs, bye) = paired(&t);
    assert_eq!(pairs, games(&[(8, 1), (4, 2), (3, 7), (5, 10), (9, 6)]));
    assert_eq!(bye, Some(11));
}

/// 4.3 c: "moving 5 from S1 to S2 is better than moving 4": of the two exchanges whose
/// sums differ by 2, 5↔7 comes before 4↔6.
///
/// Types B A B A B A A A A B B (1–11); 1 has met 7, 8 and 9, 2 has met 3 and 10, 4 has
/// met 10, 5 has met 8. No transposition works: 2 and 4 (both `A`) find only 10 and 11
/// as `B`s in S2, and both have met 10. 5↔6 (difference 1) fails: in S2 = 5 7 8 9 10 11,
/// 1 (`B`) finds only the `A`s 7, 8 and 9, and has met all three. 5↔7 (S1 = 1 2 3 4 7,
/// S2 = 5 6 8 9 10 11) is legal: 1-6, 2-5, 3-8, 4-11, 7-10, the bye to 9. 4↔6 (S1 =
/// 1 2 3 5 6) would also have worked (1-4, 2-11, 3-7, 5-9, 6-10).
#[test]
fn handbook_exchange_moving_5_comes_before_moving_4() {
    let t = bracket(
        "BABABAAAABB",
        [
            &[(1, 7), (2, 3), (4, 10), (5, 8)],
            &[(1, 8), (2, 10)],
            &[(1, 9)],
            &[],
        ],
    );
    let (pairs, bye) = paired(&t);
    assert_eq!(pairs, games(&[(6, 1), (2, 5), (8, 3), (4, 11), (7, 10)]));
    assert_eq!(bye, Some(9));
}

/// 4.3 b with two players: "exchanging 8+6 with 4+3 is better than exchanging 9+8 with
/// 5+4" (sums differing by 7, against 8).
///
/// Types A B A B B A B A A B B (1–11). Who may still meet whom (the other type, not
/// met): 1: 2 4 5 7 10 11; 2: 1 3 6; 3: 2 5; 4: 1; 5: 1 3 6 8 9; 6: 2 5 7 10 11; 7: 1 6;
/// 8 and 9: 5 10 11; 10 and 11: 1 6 8 9. So 4 can meet only 1, across S1 and S2, and 3
/// only 2 or 5: 4 and one of 2, 3, 5 must leave S1, which no transposition and no
/// single exchange does. The double exchanges that do, in the order of 4.3: {4,5}↔{6,7},
/// {6,8}, {6,9} (sum differences 4 to 6): 2 finds none of 1, 3, 6 in S2; {4,5}↔{7,8}:
/// 2 and 7 find only 6; {3,4}↔{6,7} (difference 6): 7 finds neither 1 nor 6 in S2;
/// then at difference 7, moving 5 before moving 3 (4.3 c): {4,5}↔{6,10} (2 finds
/// nobody) and {4,5}↔{7,9} (2 and 7 only 6); then {3,4}↔{6,8}: S1 = 1 2 5 6 8, S2 =
/// 3 4 7 9 10 11, paired 1-4, 2-3, 5-9, 6-7, 8-10, the bye to 11. {4,5}↔{8,9} would
/// have worked too (1-4, 2-6, 3-5, 8-10, 9-11).
#[test]
fn handbook_exchange_8_6_for_4_3_comes_before_9_8_for_5_4() {
    let t = bracket(
        "ABABBABAABB",
        [
            &[(2, 8), (3, 4), (7, 9)],
            &[(2, 9), (3, 7), (4, 6)],
            &[(3, 10), (4, 8)],
            &[(3, 11), (4, 9), (7, 8)],
        ],
    );
    let (pairs, bye) = paired(&t);
    assert_eq!(pairs, games(&[(1, 4), (3, 2), (9, 5), (6, 7), (8, 10)]));
    assert_eq!(bye, Some(11));
}

/// 4.3 c with two players: "5-2 is better than 4-3": {2,5}↔{6,8} comes before
/// {3,4}↔{6,8} (the same sums).
///
/// Types A B B B A B B B A A A (1–11). Who may still meet whom: 1: 2 3 6 8; 2: 1 10;
/// 3: 1 5 10; 4: 10; 5: 3 6 7 8; 6 and 8: 1 5 9 10 11; 7: 5 10; 9 and 11: 6 8; 10: 2 3
/// 4 6 7 8. 2, 3, 4 and 7 share 1, 5 and 10 between them, so every transposition,
/// every single exchange and every double exchange before {2,5}↔{6,8} (from {4,5}↔{6,7}
/// to {3,5}↔{7,8}, sums differing by 4 to 7) leaves some players of S1 fewer partners
/// in S2 than they are (2 and 4 both only 10, to begin with). {2,5}↔{6,8}: S1 =
/// 1 3 4 6 8, S2 = 2 5 7 9 10 11, paired 1-2, 3-5, 4-10, 6-9, 8-11, the bye to 7.
/// {3,4}↔{6,8} would have worked too (1-3, 2-10, 5-7, 6-9, 8-11).
#[test]
fn handbook_exchange_moving_5_2_comes_before_moving_4_3() {
    let t = bracket(
        "ABBBABBBAAA",
        [
            &[(1, 4), (2, 5), (3, 9), (7, 11)],
            &[(1, 7), (2, 9), (3, 11), (4, 5)],
            &[(2, 11), (4, 9)],
            &[(4, 11), (7, 9)],
        ],
    );
    let (pairs, bye) = paired(&t);
    assert_eq!(pairs, games(&[(1, 2), (5, 3), (10, 4), (9, 6), (11, 8)]));
    assert_eq!(bye, Some(7));
}

/// 4.3 d: "6-9 is better than 7-8": {4,5}↔{6,9} comes before {4,5}↔{7,8} (the same
/// players leave S1, the same sums).
///
/// Types A B A A B B B A B A B (1–11). Who may still meet whom: 1: 2 6 7; 2: 1 3 4;
/// 5: 3 4; 6: 1 3 4 8; and others more. 2 and 5 (`B`) can meet only players of S1 (2 has
/// met 8 and 10, 5 has met 1, 8 and 10), so both must find a partner across: no
/// transposition or single exchange works. {4,5}↔{6,7} (sums 9 and 13) leaves 1 none
/// of 2, 6, 7 in S2; {4,5}↔{6,8} leaves 2 and 6 only 4; {3,5}↔{6,7} leaves 1 nobody.
/// At a difference of 6, {4,5}↔{6,9}: S1 = 1 2 3 6 9, S2 = 4 5 7 8 10 11, paired 1-7,
/// 2-4, 3-5, 6-8, 9-10, the bye to 11. {4,5}↔{7,8} would have worked too (1-6, 2-4,
/// 3-5, 7-10, 8-9).
#[test]
fn handbook_exchange_bringing_6_9_comes_before_bringing_7_8() {
    let t = bracket(
        "ABAABBBABAB",
        [
            &[(1, 5), (2, 8), (6, 10)],
            &[(1, 9), (2, 10), (5, 8)],
            &[(1, 11), (5, 10)],
            &[],
        ],
    );
    let (pairs, bye) = paired(&t);
    assert_eq!(pairs, games(&[(1, 7), (3, 5), (4, 2), (8, 6), (10, 9)]));
    assert_eq!(bye, Some(11));
}

/// D.3 (2017), the order of the moved-down players paired when not all can be:
/// the set of MDPs put in S1 with the highest scores, then the lowest BSNs in
/// lexicographic order, so {1,2}, then {1,3}, then {2,3}.
///
/// Pairing numbers 1–8 (ratings 2390 down to 2320) are paired; 9–36 only filled their
/// games (each met one of 1–8 once, on the same score then, with full- and half-point
/// byes before and absent after) and are not paired. 1, 2 and 3 (3 points: two wins
/// with White, two draws with Black, absolute preference for White) cannot meet each
/// other (C3), so all three move down to 4 and 5 (2 points: two losses with Black, two
/// wins with White, absolute preference for Black). Two pairs at most (M1 = 2): the
/// set {1,2} fails, 1 and 2 having both met 4 (in rounds 1 and 2) and 5 being only one;
/// {1,3} comes next: 1-5 (1 has met 4), 3-4. 2 floats down to 6, 7 and 8 (1 point;
/// 6 and 8 prefer Black absolutely, 7 White): 2-6, 7-8. {2,3} (2-5, 3-4, and 1 down
/// to 6) would have been as good by every criterion, and comes later. Nobody floated
/// in rounds 3 and 4, every pair grants both colour preferences. bbpPairings pairs this
/// file `1 5`, `3 4`, `2 6`, `7 8`.
#[test]
fn handbook_moved_down_players_1_and_3_come_before_2_and_3() {
    let text = "012 MDP exchange\n\
XXR 9\n\
XXC white1\n\
001    1      Player 1                          2390                             3.0    1     4 w 1    15 w 1    21 b =    29 b =\n\
001    2      Player 2                          2380                             3.0    2     9 w 1     4 w 1    22 b =    30 b =\n\
001    3      Player 3                          2370                             3.0    3    10 w 1    16 w 1    23 b =    31 b =\n\
001    4      Player 4                          2360                             2.0    4     1 b 0     2 b 0    24 w 1    32 w 1\n\
001    5      Player 5                          2350                             2.0    5    11 b 0    17 b 0    25 w 1    33 w 1\n\
001    6      Player 6                          2340                             1.0    6    12 b 0    18 b 0    26 w 1    34 w 0\n\
001    7      Player 7                          2330                             1.0    7    13 w 0    19 w 0    27 b 1    35 b 0\n\
001    8      Player 8                          2320                             1.0    8    14 b 0    20 b 0    28 w 1    36 w 0\n\
001    9      Player 9                          1910                             0.0    9     2 b 0  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   10      Player 10                         1900                             0.0   10     3 b 0  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   11      Player 11                         1890                             1.0   11     5 w 1  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   12      Player 12                         1880                             1.0   12     6 w 1  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   13      Player 13                         1870                             1.0   13     7 b 1  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   14      Player 14                         1860                             1.0   14     8 w 1  0000 - Z  0000 - Z  0000 - Z  0000 - Z\n\
001   15      Player 15                         1850                             1.0   15  0000 - F     1 b 0  0000 - Z  0000 - Z  0000 - Z\n\
001   16      Player 16                         1840                             1.0   16  0000 - F     3 b 0  0000 - Z  0000 - Z  0000 - Z\n\
001   17      Player 17                         1830                             1.0   17  0000 - Z     5 w 1  0000 - Z  0000 - Z  0000 - Z\n\
001   18      Player 18                         1820                             1.0   18  0000 - Z     6 w 1  0000 - Z  0000 - Z  0000 - Z\n\
001   19      Player 19                         1810                             1.0   19  0000 - Z     7 b 1  0000 - Z  0000 - Z  0000 - Z\n\
001   20      Player 20                         1800                             1.0   20  0000 - Z     8 w 1  0000 - Z  0000 - Z  0000 - Z\n\
001   21      Player 21                         1790                             2.5   21  0000 - F  0000 - F     1 w =  0000 - Z  0000 - Z\n\
001   22      Player 22                         1780                             2.5   22  0000 - F  0000 - F     2 w =  0000 - Z  0000 - Z\n\
001   23      Player 23                         1770                             2.5   23  0000 - F  0000 - F     3 w =  0000 - Z  0000 - Z\n\
001   24      Player 24                         1760                             0.0   24  0000 - Z  0000 - Z     4 b 0  0000 - Z  0000 - Z\n\
001   25      Player 25                         1750                             0.0   25  0000 - Z  0000 - Z     5 b 0  0000 - Z  0000 - Z\n\
001   26      Player 26                         1740                             0.0   26  0000 - Z  0000 - Z     6 b 0  0000 - Z  0000 - Z\n\
001   27      Player 27                         1730                             0.0   27  0000 - Z  0000 - Z     7 w 0  0000 - Z  0000 - Z\n\
001   28      Player 28                         1720                             0.0   28  0000 - Z  0000 - Z     8 b 0  0000 - Z  0000 - Z\n\
001   29      Player 29                         1710                             3.0   29  0000 - F  0000 - F  0000 - H     1 w =  0000 - Z\n\
001   30      Player 30                         1700                             3.0   30  0000 - F  0000 - F  0000 - H     2 w =  0000 - Z\n\
001   31      Player 31                         1690                             3.0   31  0000 - F  0000 - F  0000 - H     3 w =  0000 - Z\n\
001   32      Player 32                         1680                             1.0   32  0000 - F  0000 - Z  0000 - Z     4 b 0  0000 - Z\n\
001   33      Player 33                         1670                             1.0   33  0000 - F  0000 - Z  0000 - Z     5 b 0  0000 - Z\n\
001   34      Player 34                         1660                             2.0   34  0000 - F  0000 - Z  0000 - Z     6 b 1  0000 - Z\n\
001   35      Player 35                         1650                             2.0   35  0000 - F  0000 - Z  0000 - Z     7 w 1  0000 - Z\n\
001   36      Player 36                         1640                             2.0   36  0000 - F  0000 - Z  0000 - Z     8 b 1  0000 - Z\n";
    let read = trf::read(text).unwrap();
    let eight: Vec<PlayerId> = (1..=8).map(PlayerId).collect();
    assert_eq!(read.to_pair, eight);
    let r = pair(&read.tournament, &read.to_pair).expect("a legal pairing exists");
    let pairs: BTreeSet<(u64, u64)> = r.pairs.iter().map(|&(w, b)| (w.0, b.0)).collect();
    assert_eq!(pairs, games(&[(1, 5), (3, 4), (2, 6), (7, 8)]));
    assert_eq!(r.bye, None);
}
