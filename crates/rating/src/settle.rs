//! The settlement of a finished match: from how it ended and the two players' stored
//! ratings to the rows to write. Pure; the store only loads the ratings and writes what
//! this returns, in the transaction that stores the end.
//!
//! ```
//! use broadside_rating::{Outcome, Rating, Record};
//! use broadside_rating::settle::{MatchEnd, Seat, settle};
//!
//! let end = MatchEnd {
//!     id: 7,
//!     variant: "classic",
//!     guild: Some(1),
//!     how: "sunk",
//!     winner: Some(10),
//!     seats: [
//!         Seat { player: 10, name: "Ann".into(), shots: 40, hits: 20, turns: 12 },
//!         Seat { player: 20, name: "Bo".into(), shots: 39, hits: 17, turns: 12 },
//!     ],
//!     computer: None,
//!     rated: true,
//!     ended_ms: 1_000,
//! };
//! let stored = [None, Some((Rating::default(), Record { wins: 2, losses: 0, draws: 0 }))];
//! let s = settle(&end, stored).expect("a match played out is settled");
//! let ann = &s.ratings[0];
//! assert_eq!((ann.player, ann.record.wins), (10, 1));
//! assert!(ann.rating.rating > 1500.0, "the winner gains");
//! assert_eq!(s.ratings[1].record.losses, 1);
//! assert_eq!(s.results[1].row.outcome, Outcome::Loss);
//! assert_eq!(s.results[0].row.rating.map(|(before, _)| before), Some(1500.0));
//! ```

use super::{Outcome, Rating, Record, ResultRow, update};

/// How a match must have ended to be settled (the others were never played out).
pub const PLAYED_OUT: [&str; 4] = ["sunk", "draw", "forfeit", "timeout"];

/// One seat of a finished match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The member (or, in the opponent's seat, the computer's user id).
    pub player: u64,
    /// Their display name at the end.
    pub name: String,
    /// Shots fired.
    pub shots: u32,
    /// Of which hits.
    pub hits: u32,
    /// Turns begun.
    pub turns: u32,
}

/// How a match ended, as the store records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchEnd {
    /// The match.
    pub id: u64,
    /// Its rule set's key (`classic` or `game2000`).
    pub variant: &'static str,
    /// The server it was played in.
    pub guild: Option<u64>,
    /// How it ended (`sunk`, `draw`, `forfeit`, `timeout`, or one that is not settled).
    pub how: &'static str,
    /// The winner, if any.
    pub winner: Option<u64>,
    /// `[challenger, opponent]`.
    pub seats: [Seat; 2],
    /// The computer's difficulty key, when it played the opponent's seat.
    pub computer: Option<&'static str>,
    /// Whether the match counts for ratings (member against member, in a server that
    /// rates its matches).
    pub rated: bool,
    /// When it ended (ms since the epoch).
    pub ended_ms: i64,
}

impl MatchEnd {
    /// `player`'s result.
    #[must_use]
    pub fn outcome_of(&self, player: u64) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) if w == player => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }
}

/// A member's new rating and rated record.
#[derive(Clone, Debug, PartialEq)]
pub struct NewRating {
    /// The member.
    pub player: u64,
    /// The rating after the match.
    pub rating: Rating,
    /// The rated record with the match counted.
    pub record: Record,
}

/// A result row to write, for one member.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The member.
    pub player: u64,
    /// Their display name, kept for leaderboards.
    pub name: String,
    /// The row.
    pub row: ResultRow,
}

/// What a finished match adds to ratings and statistics.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settlement {
    /// New ratings, challenger first (empty when the match was not rated).
    pub ratings: Vec<NewRating>,
    /// One result per member who played (the computer keeps none).
    pub results: Vec<Settled>,
}

/// Settles `end` given the players' stored ratings (`None`: never rated in this rule
/// set), challenger first. `None` when the match was not played out (declined, expired,
/// cancelled, abandoned), or was played between members where matches are not rated (a
/// server's setting): nothing is written for it. (A match against the computer is never
/// rated, and counts per difficulty.)
#[must_use]
pub fn settle(end: &MatchEnd, stored: [Option<(Rating, Record)>; 2]) -> Option<Settlement> {
    if !PLAYED_OUT.contains(&end.how) || (!end.rated && end.computer.is_none()) {
        return None;
    }
    let rated = end.rated && end.computer.is_none();
    let [a, b] = stored.map(Option::unwrap_or_default);
    let mut s = Settlement::default();
    let mut change: [Option<(f64, f64)>; 2] = [None, None];
    if rated {
        let outcome = end.outcome_of(end.seats[0].player);
        let (na, nb) = update(a.0, b.0, outcome);
        for (seat, ((before, mut record), after, result)) in
            [(a, na, outcome), (b, nb, outcome.flipped())]
                .into_iter()
                .enumerate()
        {
            record.add(result);
            change[seat] = Some((before.rating, after.rating));
            s.ratings.push(NewRating {
                player: end.seats[seat].player,
                rating: after,
                record,
            });
        }
    }
    for (seat, info) in end.seats.iter().enumerate() {
        // The computer's seat keeps no statistics of its own.
        if end.computer.is_some() && seat == 1 {
            continue;
        }
        s.results.push(Settled {
            player: info.player,
            name: info.name.clone(),
            row: ResultRow {
                match_id: end.id,
                ended_ms: end.ended_ms,
                outcome: end.outcome_of(info.player),
                how: end.how.to_owned(),
                computer: end.computer.map(str::to_owned),
                opponent: end.seats[1 - seat].player,
                shots: info.shots,
                hits: info.hits,
                turns: info.turns,
                rating: change[seat],
            },
        });
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(how: &'static str, winner: Option<u64>, computer: Option<&'static str>) -> MatchEnd {
        let seat = |player, shots| Seat {
            player,
            name: format!("p{player}"),
            shots,
            hits: 3,
            turns: 4,
        };
        MatchEnd {
            id: 5,
            variant: "game2000",
            guild: None,
            how,
            winner,
            seats: [seat(1, 12), seat(2, 10)],
            computer,
            rated: true,
            ended_ms: 77,
        }
    }

    #[test]
    fn only_matches_played_out_are_settled() {
        for how in ["declined", "expired", "cancelled", "abandoned"] {
            assert_eq!(settle(&end(how, None, None), [None, None]), None, "{how}");
        }
        for how in PLAYED_OUT {
            assert!(
                settle(&end(how, Some(1), None), [None, None]).is_some(),
                "{how}"
            );
        }
    }

    #[test]
    fn a_draw_counts_for_both_and_moves_equal_ratings_by_nothing() {
        let s = settle(&end("draw", None, None), [None, None]).unwrap();
        assert_eq!(s.ratings.len(), 2);
        for r in &s.ratings {
            assert_eq!(
                r.record,
                Record {
                    wins: 0,
                    losses: 0,
                    draws: 1
                }
            );
            assert!(
                (r.rating.rating - 1500.0).abs() < 1e-9,
                "{}",
                r.rating.rating
            );
            assert!(r.rating.deviation < 350.0, "the deviation shrinks");
            assert_eq!(r.rating.games, 1);
        }
        assert!(s.results.iter().all(|r| r.row.outcome == Outcome::Draw));
    }

    #[test]
    fn the_update_is_glicko_against_the_rating_before() {
        let strong = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 30,
        };
        let record = Record {
            wins: 20,
            losses: 10,
            draws: 0,
        };
        let s = settle(
            &end("timeout", Some(2), None),
            [Some((strong, record)), None],
        )
        .unwrap();
        let (a, b) = update(strong, Rating::default(), Outcome::Loss);
        assert_eq!(s.ratings[0].rating, a);
        assert_eq!(s.ratings[1].rating, b);
        assert_eq!(
            s.ratings[0].record,
            Record {
                wins: 20,
                losses: 11,
                draws: 0
            }
        );
        assert_eq!(s.results[0].row.rating, Some((1800.0, a.rating)));
        assert_eq!(s.results[1].row.rating, Some((1500.0, b.rating)));
        assert_eq!(s.results[0].row.opponent, 2);
        assert_eq!((s.results[0].row.shots, s.results[1].row.shots), (12, 10));
    }

    #[test]
    fn the_computer_rates_nobody_and_keeps_no_row() {
        let s = settle(&end("sunk", Some(1), Some("hard")), [None, None]).unwrap();
        assert!(s.ratings.is_empty());
        assert_eq!(s.results.len(), 1);
        assert_eq!(s.results[0].player, 1);
        assert_eq!(s.results[0].row.computer.as_deref(), Some("hard"));
        assert_eq!(s.results[0].row.rating, None);
    }

    #[test]
    fn a_server_that_does_not_rate_its_matches_settles_nothing() {
        let mut e = end("forfeit", Some(2), None);
        e.rated = false;
        assert_eq!(settle(&e, [None, None]), None);
        // The computer's matches there still count per difficulty.
        let mut e = end("sunk", Some(1), Some("easy"));
        e.rated = false;
        assert_eq!(settle(&e, [None, None]).unwrap().results.len(), 1);
    }
}
