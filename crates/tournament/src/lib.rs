//! Swiss tournaments, pure: no Discord, no database, no clock, no randomness.
//!
//! A [`Tournament`] holds the entrants in their initial ranking (by rating, which gives
//! the pairing numbers) and the results of the rounds played. [`dutch::pair`] pairs the
//! next round by the FIDE Dutch system, [`standings::standings`] ranks the entrants with
//! tiebreaks, and [`trf`] writes the tournament in FIDE's report format so that an
//! external pairing engine can check a pairing.
//!
//! "Colour" is the chess word the FIDE rules use: in sea battle, [`Colour::White`] is the
//! player who fires first. The rules balance it the way chess balances white and black.
//!
//! ```
//! use broadside_tournament::{Colour, Entrant, GameResult, PlayerId, Tournament, dutch};
//!
//! let entrants = (1..=4)
//!     .map(|i| Entrant { id: PlayerId(i), name: format!("P{i}"), rating: 2000 - i as u32 })
//!     .collect();
//! let mut t = Tournament::new(entrants, 3, Colour::White).expect("four distinct entrants");
//! let everyone = t.entrant_ids();
//! let round = dutch::pair(&t, &everyone).expect("four players can be paired");
//! // Top half against bottom half: 1 v 3 and 4 v 2 (colours alternate down the boards).
//! assert_eq!(round.pairs, vec![(PlayerId(1), PlayerId(3)), (PlayerId(4), PlayerId(2))]);
//! let results: Vec<_> = round
//!     .pairs
//!     .iter()
//!     .map(|&(first, second)| GameResult::Played { first, second, outcome: broadside_tournament::Outcome::FirstWins })
//!     .collect();
//! t.record_round(&results).expect("a complete round");
//! assert_eq!(t.points(PlayerId(1)), Some(10));
//! ```

use std::collections::HashMap;
use std::fmt;

pub mod dutch;
pub mod matching;
pub mod standings;
pub mod trf;

/// An entrant's identity (a Discord user id in the bot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who fires first: White does, Black answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Fires first.
    White,
    /// Fires second.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// One entrant as registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Who it is.
    pub id: PlayerId,
    /// The name shown in standings and reports.
    pub name: String,
    /// The rating that orders the initial ranking (higher first).
    pub rating: u32,
}

/// How a played game ended, seen from the player who fired first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The first player won.
    FirstWins,
    /// A draw.
    Draw,
    /// The second player won.
    SecondWins,
}

/// A result to record for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// A game that was played: `first` fired first (White).
    Played {
        /// Fired first.
        first: PlayerId,
        /// Fired second.
        second: PlayerId,
        /// How it ended.
        outcome: Outcome,
    },
    /// A paired game not played: `winner` scores a forfeit win, `loser` a forfeit loss.
    /// The two may be paired again later (the game never took place).
    Forfeit {
        /// Was present.
        winner: PlayerId,
        /// Did not show.
        loser: PlayerId,
    },
    /// A paired game neither player came to (a double forfeit): both score a forfeit
    /// loss. Both took part in the pairing (which counts for the colour rule E5), and
    /// the two may be paired again later.
    DoubleForfeit(PlayerId, PlayerId),
    /// The pairing-allocated bye (the odd player out).
    PairingBye(PlayerId),
    /// A bye the player asked for in advance ([`Points::half_bye`], half a point by default).
    HalfBye(PlayerId),
    /// A full-point bye the arbiter gave (a TRF's `F`): a win's points without a game
    /// and without taking part in the pairing (unlike [`GameResult::PairingBye`]); like
    /// it, it bars the pairing-allocated bye later.
    FullBye(PlayerId),
    /// Not paired and not present: zero points. Players left out of a round count as this.
    Absent(PlayerId),
}

/// What one round was for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game played against `opponent` with `colour`.
    Played {
        /// The opponent.
        opponent: PlayerId,
        /// This player's colour.
        colour: Colour,
        /// This player's result: 2 win, 1 draw, 0 loss.
        result: Score,
    },
    /// Won by forfeit against `opponent` (unplayed).
    ForfeitWin {
        /// The opponent who did not show.
        opponent: PlayerId,
    },
    /// Lost by forfeit against `opponent` (unplayed).
    ForfeitLoss {
        /// The opponent who was present.
        opponent: PlayerId,
    },
    /// The pairing-allocated bye.
    PairingBye,
    /// A requested bye.
    HalfBye,
    /// A full-point bye given by the arbiter, not by the pairing: a win's points.
    FullBye,
    /// Absent, zero points.
    Absent,
}

/// A played game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Won.
    Win,
    /// Drew.
    Draw,
    /// Lost.
    Loss,
}

impl Entry {
    /// The opponent of a played or forfeited game.
    #[must_use]
    pub fn opponent(self) -> Option<PlayerId> {
        match self {
            Entry::Played { opponent, .. }
            | Entry::ForfeitWin { opponent }
            | Entry::ForfeitLoss { opponent } => Some(opponent),
            _ => None,
        }
    }

    /// Whether a game was actually played.
    #[must_use]
    pub fn played(self) -> bool {
        matches!(self, Entry::Played { .. })
    }
}

/// Points per kind of result, in tenths of a point (a win is 10 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Points {
    /// A won game.
    pub win: u32,
    /// A drawn game.
    pub draw: u32,
    /// A lost game.
    pub loss: u32,
    /// A forfeit win.
    pub forfeit_win: u32,
    /// A forfeit loss.
    pub forfeit_loss: u32,
    /// The pairing-allocated bye: a win's worth by FIDE's rules (C.04.1).
    pub pairing_bye: u32,
    /// A requested bye.
    pub half_bye: u32,
    /// Absent.
    pub absent: u32,
}

impl Default for Points {
    fn default() -> Self {
        Points {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_win: 10,
            forfeit_loss: 0,
            pairing_bye: 10,
            half_bye: 5,
            absent: 0,
        }
    }
}

/// The most entrants a tournament may have. The pairing's work grows with the square of
/// the field (the matching over a score bracket and everyone below it), and its weights
/// grow with the field's size; this bound keeps a round's pairing well under a second.
pub const MAX_ENTRANTS: usize = 256;

/// Why a tournament could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewTournamentError {
    /// Two entrants share an id.
    #[error("player {0} is entered twice")]
    Duplicate(PlayerId),
    /// More entrants than [`MAX_ENTRANTS`].
    #[error("{count} entrants, but a tournament takes at most {max}")]
    TooMany {
        /// The entrants given.
        count: usize,
        /// The maximum, [`MAX_ENTRANTS`].
        max: usize,
    },
}

/// Why a round could not be recorded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// A result names someone who is not an entrant.
    #[error("player {0} is not in the tournament")]
    Unknown(PlayerId),
    /// A player appears in two results of the same round (or plays themself).
    #[error("player {0} has more than one result this round")]
    Twice(PlayerId),
    /// All rounds have been played.
    #[error("all {0} rounds have been played")]
    Finished(u32),
}

/// A Swiss tournament: entrants in initial ranking and the rounds played so far.
#[derive(Clone, Debug)]
pub struct Tournament {
    entrants: Vec<Entrant>,
    index: HashMap<PlayerId, usize>,
    total_rounds: u32,
    initial_colour: Colour,
    points: Points,
    /// `rounds[r][i]`: what round `r` was for the entrant ranked `i`.
    rounds: Vec<Vec<Entry>>,
}

impl Tournament {
    /// A tournament of `total_rounds` rounds. Entrants are ranked by rating (higher
    /// first), then name, then id; the rank is the pairing number (1 = first). In round
    /// one the top-ranked player gets `initial_colour`.
    ///
    /// # Errors
    ///
    /// [`NewTournamentError::Duplicate`] if two entrants share an id,
    /// [`NewTournamentError::TooMany`] above [`MAX_ENTRANTS`].
    pub fn new(
        mut entrants: Vec<Entrant>,
        total_rounds: u32,
        initial_colour: Colour,
    ) -> Result<Self, NewTournamentError> {
        entrants.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then_with(|| a.name.cmp(&b.name))
                .then(a.id.cmp(&b.id))
        });
        Self::ranked(entrants, total_rounds, initial_colour)
    }

    /// A tournament whose entrants are given already in their initial ranking (the
    /// first gets pairing number 1), as a TRF file numbers them.
    ///
    /// # Errors
    ///
    /// As [`Tournament::new`].
    pub fn ranked(
        entrants: Vec<Entrant>,
        total_rounds: u32,
        initial_colour: Colour,
    ) -> Result<Self, NewTournamentError> {
        if entrants.len() > MAX_ENTRANTS {
            return Err(NewTournamentError::TooMany {
                count: entrants.len(),
                max: MAX_ENTRANTS,
            });
        }
        let mut index = HashMap::with_capacity(entrants.len());
        for (i, e) in entrants.iter().enumerate() {
            if index.insert(e.id, i).is_some() {
                return Err(NewTournamentError::Duplicate(e.id));
            }
        }
        Ok(Tournament {
            entrants,
            index,
            total_rounds,
            initial_colour,
            points: Points::default(),
            rounds: Vec::new(),
        })
    }

    /// The same tournament scoring with `points`.
    #[must_use]
    pub fn with_points(mut self, points: Points) -> Self {
        self.points = points;
        self
    }

    /// The entrants in initial ranking (pairing number = position + 1).
    #[must_use]
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// The entrants' ids in initial ranking.
    #[must_use]
    pub fn entrant_ids(&self) -> Vec<PlayerId> {
        self.entrants.iter().map(|e| e.id).collect()
    }

    /// The pairing number of `id` (1 for the top-ranked entrant).
    #[must_use]
    pub fn pairing_number(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).map(|&i| i + 1)
    }

    /// Rounds in the tournament.
    #[must_use]
    pub fn total_rounds(&self) -> u32 {
        self.total_rounds
    }

    /// Rounds recorded so far.
    #[must_use]
    pub fn rounds_played(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The colour of the top-ranked player in round one.
    #[must_use]
    pub fn initial_colour(&self) -> Colour {
        self.initial_colour
    }

    /// The point values.
    #[must_use]
    pub fn point_values(&self) -> Points {
        self.points
    }

    /// What each round was for `id`, in order.
    #[must_use]
    pub fn history(&self, id: PlayerId) -> Option<Vec<Entry>> {
        let i = *self.index.get(&id)?;
        Some(self.rounds.iter().map(|r| r[i]).collect())
    }

    /// The entry of `id` in round `round` (0-based).
    #[must_use]
    pub fn entry(&self, id: PlayerId, round: usize) -> Option<Entry> {
        Some(self.rounds.get(round)?[*self.index.get(&id)?])
    }

    /// What an entry is worth.
    #[must_use]
    pub fn entry_points(&self, entry: Entry) -> u32 {
        let p = &self.points;
        match entry {
            // A full-point bye is worth a win, as bbpPairings scores it.
            Entry::Played {
                result: Score::Win, ..
            }
            | Entry::FullBye => p.win,
            Entry::Played {
                result: Score::Draw,
                ..
            } => p.draw,
            Entry::Played {
                result: Score::Loss,
                ..
            } => p.loss,
            Entry::ForfeitWin { .. } => p.forfeit_win,
            Entry::ForfeitLoss { .. } => p.forfeit_loss,
            Entry::PairingBye => p.pairing_bye,
            Entry::HalfBye => p.half_bye,
            Entry::Absent => p.absent,
        }
    }

    /// Points of `id` after all rounds recorded, in tenths.
    #[must_use]
    pub fn points(&self, id: PlayerId) -> Option<u32> {
        self.points_after(id, self.rounds.len())
    }

    /// Points of `id` after the first `rounds` rounds, in tenths.
    #[must_use]
    pub fn points_after(&self, id: PlayerId, rounds: usize) -> Option<u32> {
        let i = *self.index.get(&id)?;
        Some(
            self.rounds[..rounds.min(self.rounds.len())]
                .iter()
                .map(|r| self.entry_points(r[i]))
                .sum(),
        )
    }

    /// Record the next round. Entrants without a result are [`Entry::Absent`].
    pub fn record_round(&mut self, results: &[GameResult]) -> Result<(), TournamentError> {
        if self.rounds_played() >= self.total_rounds {
            return Err(TournamentError::Finished(self.total_rounds));
        }
        let mut round = vec![None; self.entrants.len()];
        let mut put = |id: PlayerId, entry: Entry| -> Result<(), TournamentError> {
            let i = *self.index.get(&id).ok_or(TournamentError::Unknown(id))?;
            if round[i].replace(entry).is_some() {
                return Err(TournamentError::Twice(id));
            }
            Ok(())
        };
        for &r in results {
            match r {
                GameResult::Played {
                    first,
                    second,
                    outcome,
                } => {
                    let (a, b) = match outcome {
                        Outcome::FirstWins => (Score::Win, Score::Loss),
                        Outcome::Draw => (Score::Draw, Score::Draw),
                        Outcome::SecondWins => (Score::Loss, Score::Win),
                    };
                    put(
                        first,
                        Entry::Played {
                            opponent: second,
                            colour: Colour::White,
                            result: a,
                        },
                    )?;
                    put(
                        second,
                        Entry::Played {
                            opponent: first,
                            colour: Colour::Black,
                            result: b,
                        },
                    )?;
                }
                GameResult::Forfeit { winner, loser } => {
                    put(winner, Entry::ForfeitWin { opponent: loser })?;
                    put(loser, Entry::ForfeitLoss { opponent: winner })?;
                }
                GameResult::DoubleForfeit(a, b) => {
                    put(a, Entry::ForfeitLoss { opponent: b })?;
                    put(b, Entry::ForfeitLoss { opponent: a })?;
                }
                GameResult::PairingBye(id) => put(id, Entry::PairingBye)?,
                GameResult::HalfBye(id) => put(id, Entry::HalfBye)?,
                GameResult::FullBye(id) => put(id, Entry::FullBye)?,
                GameResult::Absent(id) => put(id, Entry::Absent)?,
            }
        }
        self.rounds.push(
            round
                .into_iter()
                .map(|e| e.unwrap_or(Entry::Absent))
                .collect(),
        );
        Ok(())
    }

    /// The ranking index (0-based pairing number) of `id`.
    fn rank_of(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }
}

#[cfg(test)]
mod tests;
