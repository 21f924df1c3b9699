//! The course of a finished match, move by move, for replays.
//!
//! A finished match keeps both seas with every shot in the order it was processed
//! ([`Sea::log`]) and each shot's turn number. That is enough to put the moves of both
//! players back in the order they were played: turns alternate, the first player's turn
//! `n` comes before the other's turn `n`, and within one turn the shots keep their order.
//! [`Replay::steps`] then plays the moves again on fresh seas, giving both boards after
//! every move.
//!
//! ```
//! use broadside_game::{Confirmed, Fleet, Match, MatchOptions, PlayerId, Variant, parse_cells};
//!
//! let (ann, bo) = (PlayerId(1), PlayerId(2));
//! let mut game = Match::challenge(ann, bo, Variant::Classic, MatchOptions::default(), 3)?;
//! game.accept(bo)?;
//! let fleet = Fleet::parse(Variant::Classic, "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10")?;
//! game.set_fleet(ann, fleet.clone())?;
//! game.confirm(ann)?;
//! game.set_fleet(bo, fleet)?;
//! let Confirmed::BattleStarts { first } = game.confirm(bo)? else { unreachable!() };
//! let second = game.opponent_of(first).unwrap();
//!
//! // A live match has no replay: it would show a fleet before the end.
//! assert!(game.replay().is_none());
//!
//! // A hit (the first player fires again), a miss (the turn passes), a miss, then a forfeit.
//! game.fire(first, &parse_cells("A1", Variant::Classic)?)?;
//! game.fire(first, &parse_cells("B1", Variant::Classic)?)?;
//! game.fire(second, &parse_cells("J1", Variant::Classic)?)?;
//! game.forfeit(first)?;
//!
//! let replay = game.replay().expect("a finished match with a battle");
//! assert_eq!(replay.len(), 3);
//! assert_eq!(replay.players[replay.first.index()], first);
//! let order: Vec<_> = replay.steps().map(|step| (step.played.shooter, step.played.hit())).collect();
//! let (one, two) = (replay.first, replay.first.other());
//! assert_eq!(order, [(one, true), (one, false), (two, false)]);
//! // After the last move, the second player's battleship shows the one hit.
//! let last = replay.steps().last().unwrap();
//! assert_eq!(last.boards[two.index()].cell("A1".parse()?), broadside_game::OwnCell::Hit);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::coord::Coord;
use super::fleet::Fleet;
use super::sea::{Report, Sea, ShotRecord};
use super::state::{Match, PlayerId, PlayerStats, Side};
use super::variant::Variant;
use super::view::{OwnBoardView, RevealView};

/// One move: a single shot in classic, a salvo in Game 2000.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who fired.
    pub shooter: Side,
    /// The shooter's turn number, from 1 (in classic, shots of one turn share it).
    pub turn: u32,
    /// The shots in the order they were processed.
    pub shots: Vec<ShotRecord>,
}

impl Move {
    /// The cells fired at, in board order.
    #[must_use]
    pub fn cells(&self) -> Vec<Coord> {
        let mut cells: Vec<Coord> = self.shots.iter().map(|s| s.cell).collect();
        cells.sort_unstable();
        cells
    }

    /// The reports, in processing order.
    #[must_use]
    pub fn reports(&self) -> Vec<Report> {
        self.shots.iter().map(|s| s.report).collect()
    }

    /// Whether any shot of the move hit.
    #[must_use]
    pub fn hit(&self) -> bool {
        self.shots.iter().any(|s| s.report.is_hit())
    }

    /// Whether any shot of the move sank a ship.
    #[must_use]
    pub fn sank(&self) -> bool {
        self.shots
            .iter()
            .any(|s| matches!(s.report, Report::Sunk { .. }))
    }
}

/// A finished match as a sequence of moves from the two fleets as placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The rule set.
    pub variant: Variant,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// Who fired first.
    pub first: Side,
    /// The fleets as placed, challenger first.
    pub fleets: [Fleet; 2],
    /// Every move, in the order played.
    pub moves: Vec<Move>,
    /// The end, exactly as the end-of-match picture shows it.
    pub reveal: RevealView,
}

/// Both boards right after one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<'a> {
    /// 1 for the first move.
    pub number: usize,
    /// The move just played.
    pub played: &'a Move,
    /// Each player's own board with the shots so far, challenger first.
    pub boards: [OwnBoardView; 2],
    /// Each player's shooting so far, challenger first.
    pub stats: [PlayerStats; 2],
}

impl Match {
    /// The replay of a finished match in which a battle took place.
    #[must_use]
    pub fn replay(&self) -> Option<Replay> {
        let reveal = self.reveal()?;
        let battle = self.battle()?;
        let first = battle.first();
        let mut moves = Vec::new();
        for shooter in [Side::Challenger, Side::Opponent] {
            let log = battle.sea(shooter.other()).log();
            let salvo = usize::from(self.variant().rules().shots_per_turn) > 1;
            let mut i = 0;
            while i < log.len() {
                let turn = log[i].turn;
                let mut end = i + 1;
                if salvo {
                    while end < log.len() && log[end].turn == turn {
                        end += 1;
                    }
                }
                moves.push(Move {
                    shooter,
                    turn,
                    shots: log[i..end].to_vec(),
                });
                i = end;
            }
        }
        // Stable: the shots of one turn keep their order.
        moves.sort_by_key(|m| (m.turn, m.shooter != first));
        Some(Replay {
            variant: self.variant(),
            players: self.players(),
            first,
            fleets: [Side::Challenger, Side::Opponent].map(|s| battle.sea(s).fleet().clone()),
            moves,
            reveal,
        })
    }
}

impl Replay {
    /// Both boards after each move, in order.
    #[must_use]
    pub fn steps(&self) -> Steps<'_> {
        Steps {
            replay: self,
            seas: self.fleets.clone().map(Sea::new),
            turns: [0, 0],
            next: 0,
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no shot was fired (a battle ended by the first player's forfeit).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The iterator of [`Replay::steps`].
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    replay: &'a Replay,
    seas: [Sea; 2],
    turns: [u32; 2],
    next: usize,
}

impl<'a> Iterator for Steps<'a> {
    type Item = Step<'a>;

    fn next(&mut self) -> Option<Step<'a>> {
        let played = self.replay.moves.get(self.next)?;
        self.next += 1;
        let shooter = played.shooter.index();
        let target = &mut self.seas[played.shooter.other().index()];
        for shot in &played.shots {
            target.resolve(shot.cell, shot.turn);
        }
        self.turns[shooter] = self.turns[shooter].max(played.turn);
        let stats = [Side::Challenger, Side::Opponent].map(|s| {
            let log = self.seas[s.other().index()].log();
            PlayerStats {
                shots: log.len() as u32,
                hits: log.iter().filter(|r| r.report.is_hit()).count() as u32,
                turns: self.turns[s.index()],
            }
        });
        Some(Step {
            number: self.next,
            played,
            boards: [
                OwnBoardView::of_sea(&self.seas[0]),
                OwnBoardView::of_sea(&self.seas[1]),
            ],
            stats,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.replay.moves.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Steps<'_> {}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::seq::IteratorRandom;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{MatchOptions, Next, Phase};

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);

    /// A move as fired: shooter, cells in board order, reports in processing order.
    type Fired = (PlayerId, Vec<Coord>, Vec<Report>);

    /// Plays a whole match with random shots; returns it with the moves as fired.
    fn played(variant: Variant, seed: u64) -> (Match, Vec<Fired>) {
        let mut m = Match::challenge(A, B, variant, MatchOptions::default(), seed).unwrap();
        m.accept(B).unwrap();
        for p in [A, B] {
            m.shuffle_fleet(p).unwrap();
            m.confirm(p).unwrap();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut fired = Vec::new();
        while let Some(p) = m.to_move() {
            let side = m.side_of(p).unwrap();
            let sea = m.battle().unwrap().sea(side.other());
            let n = usize::from(variant.rules().shots_per_turn);
            let cells: Vec<Coord> = Coord::all(variant.size())
                .filter(|&c| !sea.was_fired(c))
                .sample(&mut rng, n);
            let out = m.fire(p, &cells).unwrap();
            fired.push((p, out.cells.clone(), out.reports.clone()));
            if matches!(out.next, Next::Over(_)) {
                break;
            }
        }
        (m, fired)
    }

    #[test]
    fn moves_come_back_in_the_order_they_were_fired() {
        for variant in Variant::ALL {
            for seed in 0..20 {
                let (m, fired) = played(variant, seed);
                let replay = m.replay().expect("finished with a battle");
                let got: Vec<_> = replay
                    .moves
                    .iter()
                    .map(|mv| (replay.players[mv.shooter.index()], mv.cells(), mv.reports()))
                    .collect();
                assert_eq!(got, fired, "{variant:?} seed {seed}");
            }
        }
    }

    #[test]
    fn the_last_step_is_the_final_position() {
        for variant in Variant::ALL {
            let (m, _) = played(variant, 7);
            let replay = m.replay().unwrap();
            let last = replay.steps().last().unwrap();
            assert_eq!(last.number, replay.len());
            assert_eq!(last.boards, replay.reveal.boards);
            assert_eq!(last.stats, replay.reveal.stats);
        }
    }

    #[test]
    fn only_a_finished_battle_has_a_replay() {
        let mut m = Match::challenge(A, B, Variant::Classic, MatchOptions::default(), 1).unwrap();
        assert!(m.replay().is_none());
        m.accept(B).unwrap();
        m.forfeit(A).unwrap();
        assert!(matches!(m.phase(), Phase::Finished { battle: None, .. }));
        assert!(m.replay().is_none());
    }
}
