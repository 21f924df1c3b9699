//! A stored tournament as the pure core sees it, and back: results of pairings from their
//! matches (with the no-show rule), the core's [`Tournament`] built from the closed
//! rounds, the pairing (asked in one place), and the standings as lines to show, in the
//! core's order and places (`crate::tournament::standings`: points, then Buchholz Cut-1,
//! Sonneborn–Berger, wins, rating); nothing is ranked here.
//!
//! Scoring: a win 1, a draw ½, a loss 0; a forfeit or a timeout is a loss; the pairing
//! bye 1 (as a win without a match). A player who never fires in a round's match and
//! loses it (or whose match was never played) is a no-show: the game counts as a forfeit
//! (the opponent scores it as a win without a game) and they are withdrawn from later
//! rounds.
//!
//! Tiebreaks (points in tenths, as the core keeps them): Buchholz Cut-1 is the sum of the
//! opponents' points without the lowest; Sonneborn–Berger sums the points of the
//! opponents beaten and half those of the opponents drawn; a round without a played game
//! (a bye, a forfeit either way, an absence) counts as a game against an opponent with
//! the player's own points (FIDE's tiebreak rules of 2023, as the core does). "Wins" are
//! the rounds worth a win's points (games won, forfeit wins, the bye).

use std::collections::HashMap;

use crate::game::PlayerId as Member;
use crate::store::{EntrantRow, PairingRow, TournamentSnapshot};
use crate::tournament::dutch::{self, PairingError, Round};
use crate::tournament::{Colour, Entrant, Entry, GameResult, Outcome, PlayerId, Score, Tournament};

/// How a pairing ended, as stored in `tournament_pairings.result`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairResult {
    /// White won the game.
    White,
    /// Black won the game.
    Black,
    /// A draw.
    Draw,
    /// White wins: Black did not show.
    WhiteForfeit,
    /// Black wins: White did not show.
    BlackForfeit,
    /// Neither played (both score 0).
    Neither,
    /// The pairing bye.
    Bye,
}

impl PairResult {
    /// The stored word.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            PairResult::White => "white",
            PairResult::Black => "black",
            PairResult::Draw => "draw",
            PairResult::WhiteForfeit => "white-forfeit",
            PairResult::BlackForfeit => "black-forfeit",
            PairResult::Neither => "none",
            PairResult::Bye => "bye",
        }
    }

    /// The result a stored word names.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        [
            PairResult::White,
            PairResult::Black,
            PairResult::Draw,
            PairResult::WhiteForfeit,
            PairResult::BlackForfeit,
            PairResult::Neither,
            PairResult::Bye,
        ]
        .into_iter()
        .find(|r| r.key() == key)
    }
}

/// The result of a pairing whose match has ended (or a bye), with its no-shows; `None`
/// while the match is unopened or being played.
#[must_use]
pub fn decided(p: &PairingRow) -> Option<(PairResult, Vec<Member>)> {
    if let Some(stored) = p.result.as_deref().and_then(PairResult::from_key) {
        return Some((stored, Vec::new()));
    }
    let Some(black) = p.black else {
        return Some((PairResult::Bye, Vec::new()));
    };
    let game = p.game.as_ref()?;
    if game.live {
        return None;
    }
    let [white_moves, black_moves] = game.moves;
    let how = game.how.as_deref().unwrap_or("abandoned");
    Some(match (how, game.winner) {
        ("sunk" | "forfeit" | "timeout", Some(w)) if w == p.white => {
            if black_moves == 0 {
                (PairResult::WhiteForfeit, vec![black])
            } else {
                (PairResult::White, Vec::new())
            }
        }
        ("sunk" | "forfeit" | "timeout", Some(w)) if w == black => {
            if white_moves == 0 {
                (PairResult::BlackForfeit, vec![p.white])
            } else {
                (PairResult::Black, Vec::new())
            }
        }
        ("draw", _) => (PairResult::Draw, Vec::new()),
        // Abandoned (neither placed), called off by a moderator: nobody scores, and
        // whoever never fired did not show.
        _ => {
            let mut out = Vec::new();
            if white_moves == 0 {
                out.push(p.white);
            }
            if black_moves == 0 {
                out.push(black);
            }
            (PairResult::Neither, out)
        }
    })
}

/// The core's result of one pairing.
fn game_result(p: &PairingRow, result: PairResult) -> Vec<GameResult> {
    let white = core_id(p.white);
    let Some(black) = p.black.map(core_id) else {
        return vec![GameResult::PairingBye(white)];
    };
    let played = |outcome| GameResult::Played {
        first: white,
        second: black,
        outcome,
    };
    match result {
        PairResult::White => vec![played(Outcome::FirstWins)],
        PairResult::Black => vec![played(Outcome::SecondWins)],
        PairResult::Draw => vec![played(Outcome::Draw)],
        PairResult::WhiteForfeit => vec![GameResult::Forfeit {
            winner: white,
            loser: black,
        }],
        PairResult::BlackForfeit => vec![GameResult::Forfeit {
            winner: black,
            loser: white,
        }],
        // As FIDE reads a double forfeit: both took part in the round (rule E5 numbers
        // them), neither scores.
        PairResult::Neither => vec![GameResult::DoubleForfeit(white, black)],
        PairResult::Bye => vec![GameResult::PairingBye(white)],
    }
}

/// Why the core could not be built from what is stored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the stored tournament does not add up: {0}")]
pub struct Inconsistent(pub String);

/// A member as the core names them (the same number).
fn core_id(member: Member) -> PlayerId {
    PlayerId(member.0)
}

/// The entrants as the core takes them (ids unique: the store's key).
fn entrants(rows: &[EntrantRow]) -> Vec<Entrant> {
    rows.iter()
        .map(|e| Entrant {
            id: core_id(e.player),
            name: e.name.clone(),
            rating: e.rating,
        })
        .collect()
}

/// The core's tournament with every round that closed (its pairings all have a stored
/// result).
pub fn core(s: &TournamentSnapshot) -> Result<Tournament, Inconsistent> {
    let colour = if s.row.top_white {
        Colour::White
    } else {
        Colour::Black
    };
    let mut t = new_core(entrants(&s.entrants), s.row.rounds, colour)?;
    for round in 1..=s.row.rounds {
        let pairings: Vec<&PairingRow> = s.pairings.iter().filter(|p| p.round == round).collect();
        if pairings.is_empty() || pairings.iter().any(|p| p.result.is_none()) {
            break;
        }
        let results: Vec<GameResult> = pairings
            .iter()
            .filter_map(|p| {
                let r = p.result.as_deref().and_then(PairResult::from_key)?;
                Some(game_result(p, r))
            })
            .flatten()
            .collect();
        t.record_round(&results)
            .map_err(|e| Inconsistent(format!("round {round}: {e}")))?;
    }
    Ok(t)
}

/// The core's constructor, called here only (the store keeps ids unique and at most 256
/// entrants, so its refusals mean stored data that does not add up).
fn new_core(
    entrants: Vec<Entrant>,
    rounds: u32,
    colour: Colour,
) -> Result<Tournament, Inconsistent> {
    Tournament::new(entrants, rounds, colour).map_err(|e| Inconsistent(e.to_string()))
}

/// Pairs the next round of `t` among `players`: the one place the bot asks for a
/// pairing, so that a better one drops in here.
pub fn pair(t: &Tournament, players: &[PlayerId]) -> Result<Round, PairingError> {
    dutch::pair(t, players)
}

/// What one round was for one player, as the crosstable shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A game: the opponent's place in these standings, and the result.
    Game {
        /// The opponent's rank.
        opponent: u32,
        /// Fired first.
        white: bool,
        /// Won, drew or lost.
        score: Score,
    },
    /// Won by forfeit against the opponent ranked so.
    ForfeitWin(u32),
    /// Lost by forfeit against the opponent ranked so.
    ForfeitLoss(u32),
    /// The pairing bye.
    Bye,
    /// Not paired (withdrawn, or neither played).
    Absent,
    /// Paired in the round being played: against the opponent ranked so.
    Playing(u32),
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Place, 1 first (equal on everything: the same place).
    pub rank: u32,
    /// Who.
    pub player: Member,
    /// Their name as they joined.
    pub name: String,
    /// Points, in tenths.
    pub points: u32,
    /// Buchholz Cut-1, in tenths.
    pub buchholz_cut1: u32,
    /// Sonneborn–Berger, in hundredths.
    pub sonneborn_berger: u32,
    /// Rounds worth a win.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses (also by forfeit).
    pub losses: u32,
    /// The rating at the start.
    pub rating: u32,
    /// Each round, in order (the closed ones and the one being played).
    pub cells: Vec<Cell>,
    /// Out of the tournament (left, or did not show).
    pub withdrawn: bool,
}

/// The standings after the rounds that closed, with the current round's pairings as
/// cells too.
pub fn standings(s: &TournamentSnapshot) -> Result<Vec<Line>, Inconsistent> {
    let t = core(s)?;
    let closed = t.rounds_played() as usize;
    let rows = crate::tournament::standings::standings(&t);
    // In the core's order, with its places: the one ranking of a tournament.
    let mut lines: Vec<Line> = rows
        .iter()
        .map(|r| {
            let history = t.history(r.id).unwrap_or_default();
            let (mut draws, mut losses) = (0, 0);
            for e in &history {
                match e {
                    Entry::Played {
                        result: Score::Draw,
                        ..
                    } => draws += 1,
                    Entry::Played {
                        result: Score::Loss,
                        ..
                    }
                    | Entry::ForfeitLoss { .. } => losses += 1,
                    _ => {}
                }
            }
            let withdrawn = s
                .entrants
                .iter()
                .any(|e| e.player == Member(r.id.0) && e.withdrawn.is_some());
            Line {
                rank: r.rank,
                player: Member(r.id.0),
                name: r.name.clone(),
                points: r.points,
                buchholz_cut1: r.buchholz_cut1,
                sonneborn_berger: r.sonneborn_berger_hundredths,
                wins: r.wins,
                draws,
                losses,
                rating: r.rating,
                cells: Vec::new(),
                withdrawn,
            }
        })
        .collect();
    let rank_of: HashMap<Member, u32> = lines.iter().map(|l| (l.player, l.rank)).collect();
    let rank = |p: PlayerId| rank_of.get(&Member(p.0)).copied().unwrap_or(0);
    for line in &mut lines {
        let member = line.player;
        let id = core_id(member);
        for round in 0..closed {
            let cell = match t.entry(id, round) {
                Some(Entry::Played {
                    opponent,
                    colour,
                    result,
                }) => Cell::Game {
                    opponent: rank(opponent),
                    white: colour == Colour::White,
                    score: result,
                },
                Some(Entry::ForfeitWin { opponent }) => Cell::ForfeitWin(rank(opponent)),
                Some(Entry::ForfeitLoss { opponent }) => Cell::ForfeitLoss(rank(opponent)),
                Some(Entry::PairingBye | Entry::HalfBye | Entry::FullBye) => Cell::Bye,
                Some(Entry::Absent) | None => Cell::Absent,
            };
            line.cells.push(cell);
        }
        // The round being played, if any.
        let current = closed as u32 + 1;
        let paired = s.pairings.iter().find(|p| {
            p.round == current
                && p.result.is_none()
                && (p.white == member || p.black == Some(member))
        });
        if let Some(p) = paired {
            line.cells.push(match p.black {
                None => Cell::Bye,
                Some(b) => Cell::Playing(rank(core_id(if b == member { p.white } else { b }))),
            });
        } else if s.pairings.iter().any(|p| p.round == current) {
            line.cells.push(Cell::Absent);
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ChannelKey, GuildId, MatchId, TournamentId};
    use crate::session::pace::Pace;
    use crate::session::tournament::NewTournament;
    use crate::session::tournament::signups::new_row;
    use crate::store::{PairedMatch, Timestamp, TournamentRow};

    fn row(rounds: u32) -> TournamentRow {
        let new = NewTournament {
            guild: GuildId(1),
            channel: ChannelKey(1),
            creator: Member(1),
            name: "t".into(),
            variant: crate::game::Variant::Game2000,
            rounds,
            pace: Pace::Blitz,
            starts: None,
            max_players: 64,
            locale: None,
        };
        TournamentRow {
            id: TournamentId(1),
            state: "running".into(),
            round: 1,
            entrants: 4,
            ..new_row(new, "t".into(), true, Timestamp::EPOCH)
        }
    }

    fn pairing(round: u32, board: u32, white: u64, black: Option<u64>, result: &str) -> PairingRow {
        PairingRow {
            round,
            board,
            white: Member(white),
            black: black.map(Member),
            match_id: black.map(|_| MatchId(u64::from(round * 10 + board))),
            claim: None,
            opened: true,
            result: Some(result.into()),
            game: None,
        }
    }

    fn ended(how: &str, winner: Option<u64>, moves: [u32; 2]) -> PairingRow {
        PairingRow {
            result: None,
            game: Some(PairedMatch {
                live: false,
                how: Some(how.into()),
                winner: winner.map(Member),
                moves,
            }),
            ..pairing(1, 1, 1, Some(2), "white")
        }
    }

    #[test]
    fn a_tournament_with_a_word_this_build_does_not_know_is_unreadable() {
        use crate::session::tournament::{TournamentInfo, Unreadable};
        assert!(TournamentInfo::of(&row(3)).is_ok());
        let later = TournamentRow {
            state: "later".into(),
            ..row(3)
        };
        assert!(matches!(
            TournamentInfo::of(&later),
            Err(Unreadable::State(TournamentId(1), s)) if s == "later"
        ));
        let pace = TournamentRow {
            pace: "bullet".into(),
            ..row(3)
        };
        assert!(matches!(
            TournamentInfo::of(&pace),
            Err(Unreadable::Pace(TournamentId(1), s)) if s == "bullet"
        ));
    }

    /// Players 1 to 4, rated from 1999 down.
    fn four_entrants() -> Vec<EntrantRow> {
        (1..=4)
            .map(|i| EntrantRow {
                player: Member(i),
                name: format!("P{i}"),
                rating: 2000 - i as u32,
                joined: Timestamp::EPOCH,
                withdrawn: None,
                reason: None,
            })
            .collect()
    }

    #[test]
    fn a_player_who_never_fired_and_lost_did_not_show() {
        assert_eq!(
            decided(&ended("sunk", Some(1), [30, 29])),
            Some((PairResult::White, vec![]))
        );
        assert_eq!(
            decided(&ended("timeout", Some(1), [0, 0])),
            Some((PairResult::WhiteForfeit, vec![Member(2)]))
        );
        assert_eq!(
            decided(&ended("timeout", Some(2), [0, 0])),
            Some((PairResult::BlackForfeit, vec![Member(1)]))
        );
        assert_eq!(
            decided(&ended("forfeit", Some(2), [5, 4])),
            Some((PairResult::Black, vec![]))
        );
        assert_eq!(
            decided(&ended("draw", None, [20, 20])),
            Some((PairResult::Draw, vec![]))
        );
        assert_eq!(
            decided(&ended("abandoned", None, [0, 0])),
            Some((PairResult::Neither, vec![Member(1), Member(2)]))
        );
        let mut live = ended("sunk", None, [1, 1]);
        live.game.as_mut().unwrap().live = true;
        assert_eq!(decided(&live), None);
        let mut unopened = live.clone();
        unopened.game = None;
        assert_eq!(decided(&unopened), None);
    }

    #[test]
    fn a_match_neither_player_came_to_is_a_double_forfeit_for_the_pairing() {
        let entrants = four_entrants();
        let s = TournamentSnapshot {
            row: row(2),
            entrants,
            pairings: vec![
                pairing(1, 1, 1, Some(2), "none"),
                pairing(1, 2, 3, Some(4), "white"),
            ],
        };
        let t = core(&s).unwrap();
        // Both took part in the round (FIDE's reading, which rule E5 numbers), neither
        // scored, and the game never took place.
        assert_eq!(
            t.entry(PlayerId(1), 0),
            Some(Entry::ForfeitLoss {
                opponent: PlayerId(2)
            })
        );
        assert_eq!(
            t.entry(PlayerId(2), 0),
            Some(Entry::ForfeitLoss {
                opponent: PlayerId(1)
            })
        );
        assert_eq!(
            (t.points(PlayerId(1)), t.points(PlayerId(2))),
            (Some(0), Some(0))
        );
    }

    #[test]
    fn standings_rank_by_points_then_buchholz_cut_1() {
        // Four players, two rounds: 1 beats 3 and 2; 4 beats 2, draws 3.
        let entrants = four_entrants();
        let s = TournamentSnapshot {
            row: row(2),
            entrants,
            pairings: vec![
                pairing(1, 1, 1, Some(3), "white"),
                pairing(1, 2, 4, Some(2), "white"),
                pairing(2, 1, 2, Some(1), "black"),
                pairing(2, 2, 3, Some(4), "draw"),
            ],
        };
        let lines = standings(&s).unwrap();
        let order: Vec<u64> = lines.iter().map(|l| l.player.0).collect();
        // Points: 1: 2, 4: 1.5, 3: 0.5, 2: 0.
        assert_eq!(order, vec![1, 4, 3, 2]);
        assert_eq!(lines[0].points, 20);
        // 1 met 3 (0.5) and 2 (0): Buchholz 5, cut-1 5. SB: 5 + 0 → 0.50.
        assert_eq!(lines[0].buchholz_cut1, 5);
        assert_eq!(lines[0].sonneborn_berger, 50);
        // 4 met 2 (0) and 3 (0.5): cut-1 5; SB 0 + ½·5 = 0.25.
        assert_eq!((lines[1].buchholz_cut1, lines[1].sonneborn_berger), (5, 25));
        assert_eq!(
            lines[0].cells,
            vec![
                Cell::Game {
                    opponent: 3,
                    white: true,
                    score: Score::Win
                },
                Cell::Game {
                    opponent: 4,
                    white: false,
                    score: Score::Win
                },
            ]
        );
        assert_eq!((lines[1].wins, lines[1].draws, lines[1].losses), (1, 1, 0));
    }
}
