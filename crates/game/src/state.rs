//! The match state machine.
//!
//! challenge → placement → battle → finished. Every action checks everything
//! first and changes the match only when it succeeds: a rejected action returns
//! a typed error and leaves the match exactly as it was.

use std::fmt;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::coord::{CellSet, Coord};
use super::fleet::{Fleet, Ship};
use super::sea::{Report, Sea};
use super::variant::{MatchOptions, RepeatShots, Variant};

/// A Discord user, as far as the rules care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u64);

impl PlayerId {
    /// What stands in the seat of a member who asked to be forgotten, per seat
    /// (challenger, opponent). Below 2^22, so never a Discord id (a Discord id carries its
    /// creation time in the bits above the 22nd).
    pub const DELETED: [PlayerId; 2] = [PlayerId(4_000_001), PlayerId(4_000_002)];

    /// The placeholder of a forgotten member who did not play in a match but is named by
    /// it (a moderator who called it off).
    pub const DELETED_OTHER: PlayerId = PlayerId(4_000_003);

    /// Whether this is a forgotten member's placeholder.
    #[must_use]
    pub fn is_deleted(self) -> bool {
        Self::DELETED.contains(&self) || self == Self::DELETED_OTHER
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// The Discord user id (as the store binds every id newtype at its SQL).
impl From<PlayerId> for u64 {
    fn from(id: PlayerId) -> Self {
        id.0
    }
}

/// Which of the two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The player who issued the challenge.
    Challenger,
    /// The challenged player.
    Opponent,
}

impl Side {
    /// 0 for the challenger, 1 for the opponent.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::Challenger => 0,
            Side::Opponent => 1,
        }
    }

    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Challenger => Side::Opponent,
            Side::Opponent => Side::Challenger,
        }
    }

    const BOTH: [Side; 2] = [Side::Challenger, Side::Opponent];
}

/// Why a player won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// Every enemy ship was sunk.
    FleetDestroyed,
    /// The other player gave up.
    Forfeit,
    /// The other player let a turn (or the placement) run out; a skipped turn loses.
    Timeout,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// One player won.
    Won {
        /// The winner.
        winner: PlayerId,
        /// The loser.
        loser: PlayerId,
        /// Why.
        reason: WinReason,
    },
    /// Game 2000: both fleets were destroyed in the same round.
    Draw,
    /// Game 2000 with repeat shots allowed: both players had
    /// [`Variant::turn_limit`] turns and neither fleet was destroyed. A draw.
    TurnLimit,
    /// The challenged player said no.
    Declined,
    /// Nobody answered the challenge in time.
    Expired,
    /// Neither player finished placing in time.
    Abandoned,
    /// Called off by the challenger (before acceptance) or a moderator.
    Cancelled {
        /// Who called it off.
        by: PlayerId,
    },
}

impl Ending {
    /// Whether the match was played out, so that it counts (ratings, statistics) and a
    /// rematch makes sense: won by sinking, forfeit or timeout, or drawn (not declined,
    /// expired, abandoned or called off).
    #[must_use]
    pub const fn played_out(self) -> bool {
        matches!(self, Ending::Draw | Ending::TurnLimit | Ending::Won { .. })
    }
}

/// One player's seat during placement: a final fleet is one that exists, so "ready
/// without a fleet" cannot be represented.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    /// No fleet yet.
    #[default]
    Empty,
    /// A fleet that may still change.
    Placed(Fleet),
    /// The final fleet.
    Ready(Fleet),
}

impl Seat {
    /// The fleet, final or not.
    #[must_use]
    pub const fn fleet(&self) -> Option<&Fleet> {
        match self {
            Seat::Empty => None,
            Seat::Placed(f) | Seat::Ready(f) => Some(f),
        }
    }

    /// Whether the fleet is final.
    #[must_use]
    pub const fn is_ready(&self) -> bool {
        matches!(self, Seat::Ready(_))
    }
}

/// Placement in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    seats: [Seat; 2],
}

impl Setup {
    fn ready(&self) -> [bool; 2] {
        [self.seats[0].is_ready(), self.seats[1].is_ready()]
    }
}

/// A battle in progress (or the final position of one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// `seas[i]` holds player `i`'s fleet and the shots fired at it.
    seas: [Sea; 2],
    first: Side,
    to_move: Side,
    /// Turns begun by each side.
    turns: [u32; 2],
    /// Game 2000: the first player has destroyed everything this round; the other
    /// player's reply turn decides between a win and a draw.
    first_done: bool,
}

/// The phase a match is in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for the challenged player to accept or decline.
    Challenge,
    /// Both players place their fleets in secret.
    Placement(Setup),
    /// Shots are being fired.
    Battle(Battle),
    /// Over; the battle (if there was one) is kept for the reveal.
    Finished {
        /// How it ended.
        ending: Ending,
        /// The final position, if the battle had begun.
        battle: Option<Battle>,
    },
}

/// The name of a phase, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseKind {
    /// See [`Phase::Challenge`].
    Challenge,
    /// See [`Phase::Placement`].
    Placement,
    /// See [`Phase::Battle`].
    Battle,
    /// See [`Phase::Finished`].
    Finished,
}

impl fmt::Display for PhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseKind::Challenge => "waiting for the challenge to be answered",
            PhaseKind::Placement => "placing fleets",
            PhaseKind::Battle => "in battle",
            PhaseKind::Finished => "over",
        })
    }
}

/// A challenge could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    /// Challenger and opponent are the same person.
    #[error("you cannot challenge yourself; pick another member")]
    SelfChallenge,
}

/// Accepting or declining was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// Only the challenged player answers.
    #[error("only the challenged player can answer this challenge")]
    NotChallenged,
    /// The match is past the challenge.
    #[error("this challenge was already answered (the match is {0})")]
    NotPending(PhaseKind),
}

/// A placement action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// Not one of the two players.
    #[error("you are not playing in this match")]
    NotAPlayer,
    /// Not the placement phase.
    #[error(
        "fleets can only be placed after the challenge is accepted and before the battle (the match is {0})"
    )]
    NotPlacing(PhaseKind),
    /// The fleet is already final.
    #[error("your fleet is already final; wait for your opponent")]
    AlreadyReady,
    /// Confirm without a fleet.
    #[error("place a fleet first (a fleet string, or a random one)")]
    NoFleet,
    /// A fleet of the other variant.
    #[error("that fleet is for {fleet}, but this match is {variant}")]
    WrongVariant {
        /// The fleet's variant.
        fleet: Variant,
        /// The match's variant.
        variant: Variant,
    },
}

/// A shot was refused; nothing was spent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FireError {
    /// Not one of the two players.
    #[error("you are not playing in this match")]
    NotAPlayer,
    /// Not the battle phase.
    #[error("there is no battle to fire in (the match is {0})")]
    NotInBattle(PhaseKind),
    /// The other player moves.
    #[error("it is not your turn; {0} is to move")]
    NotYourTurn(PlayerId),
    /// Wrong number of cells.
    #[error("{variant} takes exactly {expected} cell{} per turn, you gave {given}", if *.expected == 1 { "" } else { "s" })]
    WrongShotCount {
        /// The variant.
        variant: &'static str,
        /// Cells required.
        expected: u8,
        /// Cells given.
        given: usize,
    },
    /// A cell off this board.
    #[error("{cell} is off the board; {}", variant.bounds_hint())]
    OffBoard {
        /// The cell.
        cell: Coord,
        /// The match's rule set (its board says which cells exist).
        variant: Variant,
    },
    /// Repeat shots are refused in this match.
    #[error("you already fired at {0}; pick a cell you have not tried")]
    AlreadyFired(Coord),
    /// The same cell twice in one salvo where repeats are refused.
    #[error("{0} is named twice in this salvo; name three different cells")]
    Duplicate(Coord),
}

/// Forfeit, cancel or timeout was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndError {
    /// Not one of the two players.
    #[error("you are not playing in this match")]
    NotAPlayer,
    /// Already over.
    #[error("this match is already over")]
    AlreadyOver,
    /// Forfeit before acceptance.
    #[error("the challenge has not been accepted yet; use cancel or decline instead")]
    NotStarted,
    /// Cancel by someone without the right.
    #[error(
        "only the challenger (before the challenge is accepted) or a moderator can cancel a match"
    )]
    NotAllowed,
}

/// The result of a successful confirm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmed {
    /// The other player is still placing.
    Waiting,
    /// Both fleets are final; the battle has begun.
    BattleStarts {
        /// Who fires first (drawn from the match's random numbers).
        first: PlayerId,
    },
}

/// Who acts after a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Classic: a hit, so the shooter fires again.
    Again(PlayerId),
    /// The turn passes.
    Turn {
        /// Who moves now.
        player: PlayerId,
        /// Game 2000: the opponent destroyed every ship of this player's; this is the
        /// last turn of the round, and finishing too makes it a draw.
        last_chance: bool,
    },
    /// The match is over.
    Over(Ending),
}

/// What a successful `fire` did, in terms the shooter (and the channel) may see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireOutcome {
    /// Who fired.
    pub shooter: PlayerId,
    /// The shooter's turn number, from 1.
    pub turn: u32,
    /// The cells fired at, in board reading order (not the processing order, which
    /// would tell which cell hit).
    pub cells: Vec<Coord>,
    /// One report per shot, in processing order.
    pub reports: Vec<Report>,
    /// Classic: the ship this shot sank, now known to the shooter with its halo.
    pub sunk: Option<Ship>,
    /// What happens next.
    pub next: Next,
}

/// Shots, hits and turns of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// Shots fired.
    pub shots: u32,
    /// Shots that hit a ship (repeats never count).
    pub hits: u32,
    /// Turns begun.
    pub turns: u32,
}

impl PlayerStats {
    /// Hits per shot, 0 when no shot was fired.
    #[must_use]
    pub fn accuracy(self) -> f64 {
        if self.shots == 0 {
            0.0
        } else {
            f64::from(self.hits) / f64::from(self.shots)
        }
    }
}

/// One sea-battle match between two players.
///
/// A match goes challenge → placement → battle → finished. Every action names
/// who does it and is checked against the rules first; a refused action returns
/// a typed error and changes nothing.
///
/// # Examples
///
/// A classic match, a few moves in:
///
/// ```
/// use broadside_game::{
///     Confirmed, Ending, FireError, Fleet, Match, MatchOptions, Next, PhaseKind, PlayerId,
///     Report, Variant, WinReason, parse_cells,
/// };
///
/// let (alice, bob) = (PlayerId(1), PlayerId(2));
/// // The seed drives every random choice of the match.
/// let mut game = Match::challenge(alice, bob, Variant::Classic, MatchOptions::default(), 42)?;
/// assert_eq!(game.phase_kind(), PhaseKind::Challenge);
/// game.accept(bob)?;
/// assert_eq!(game.phase_kind(), PhaseKind::Placement);
///
/// // Both place a fleet (the same one here, so the shots below mean the same
/// // whoever fires first) and make it final.
/// let fleet = Fleet::parse(
///     Variant::Classic,
///     "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
/// )?;
/// game.set_fleet(alice, fleet.clone())?;
/// assert_eq!(game.confirm(alice)?, Confirmed::Waiting);
/// game.set_fleet(bob, fleet)?;
/// let Confirmed::BattleStarts { first } = game.confirm(bob)? else {
///     unreachable!("both fleets are final");
/// };
/// let second = game.opponent_of(first).unwrap();
/// assert_eq!(game.to_move(), Some(first));
///
/// // A hit: the same player fires again.
/// let shot = game.fire(first, &parse_cells("A1", Variant::Classic)?)?;
/// assert_eq!(shot.reports, [Report::Hit { len: None }]);
/// assert_eq!(shot.next, Next::Again(first));
///
/// // A miss passes the turn.
/// let shot = game.fire(first, &parse_cells("B1", Variant::Classic)?)?;
/// assert_eq!(shot.reports, [Report::Water]);
/// assert_eq!(shot.next, Next::Turn { player: second, last_chance: false });
/// assert_eq!(game.to_move(), Some(second));
///
/// // Out of turn is refused, and nothing changes.
/// let before = game.clone();
/// let err = game.fire(first, &parse_cells("C1", Variant::Classic)?).unwrap_err();
/// assert_eq!(err, FireError::NotYourTurn(second));
/// assert_eq!(game, before);
///
/// // Sinking a ship names it, and the shooter fires again.
/// let shot = game.fire(second, &parse_cells("J10", Variant::Classic)?)?;
/// assert_eq!(shot.reports, [Report::Sunk { len: 1 }]);
/// assert_eq!(shot.reports[0].describe(Variant::Classic), "torpedo boat sunk (1 cell)");
/// assert_eq!(shot.sunk.map(|ship| ship.to_string()).as_deref(), Some("J10"));
/// assert_eq!(shot.next, Next::Again(second));
///
/// // Classic refuses a cell fired at before; the shot is not spent.
/// let err = game.fire(second, &parse_cells("J10", Variant::Classic)?).unwrap_err();
/// assert!(matches!(err, FireError::AlreadyFired(_)));
/// assert_eq!(game.stats(second).shots, 1);
///
/// // Giving up ends it.
/// let ending = game.forfeit(first)?;
/// assert_eq!(
///     ending,
///     Ending::Won { winner: second, loser: first, reason: WinReason::Forfeit }
/// );
/// assert!(game.is_finished());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    variant: Variant,
    options: MatchOptions,
    players: [PlayerId; 2],
    phase: Phase,
    rng: ChaCha8Rng,
    /// Who moves first, when decided before the battle (a rematch); drawn at random
    /// otherwise.
    #[serde(default)]
    first: Option<Side>,
}

impl Match {
    /// A new challenge from `challenger` to `opponent`. `seed` drives every random
    /// choice of the match (who starts, salvo order, random fleets), so the same seed
    /// and the same actions replay the same match.
    pub fn challenge(
        challenger: PlayerId,
        opponent: PlayerId,
        variant: Variant,
        options: MatchOptions,
        seed: u64,
    ) -> Result<Self, ChallengeError> {
        if challenger == opponent {
            return Err(ChallengeError::SelfChallenge);
        }
        Ok(Match {
            variant,
            options,
            players: [challenger, opponent],
            phase: Phase::Challenge,
            rng: ChaCha8Rng::seed_from_u64(seed),
            first: None,
        })
    }

    /// The rule set.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The options chosen at the challenge.
    #[must_use]
    pub const fn options(&self) -> MatchOptions {
        self.options
    }

    /// `[challenger, opponent]`.
    #[must_use]
    pub const fn players(&self) -> [PlayerId; 2] {
        self.players
    }

    /// The current phase, with everything in it. Do not hand this to a player:
    /// use the views.
    #[must_use]
    pub const fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The name of the current phase.
    #[must_use]
    pub const fn phase_kind(&self) -> PhaseKind {
        match self.phase {
            Phase::Challenge => PhaseKind::Challenge,
            Phase::Placement(_) => PhaseKind::Placement,
            Phase::Battle(_) => PhaseKind::Battle,
            Phase::Finished { .. } => PhaseKind::Finished,
        }
    }

    /// Whether the match is over.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. })
    }

    /// How it ended, once it has.
    #[must_use]
    pub const fn ending(&self) -> Option<Ending> {
        match self.phase {
            Phase::Finished { ending, .. } => Some(ending),
            _ => None,
        }
    }

    /// The seat of `id`, if they play.
    #[must_use]
    pub fn side_of(&self, id: PlayerId) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()] == id)
    }

    /// The player in a seat.
    #[must_use]
    pub const fn player(&self, side: Side) -> PlayerId {
        self.players[side.index()]
    }

    /// The other player of `id`, if `id` plays.
    #[must_use]
    pub fn opponent_of(&self, id: PlayerId) -> Option<PlayerId> {
        self.side_of(id).map(|s| self.player(s.other()))
    }

    /// Who must fire now, during the battle.
    #[must_use]
    pub fn to_move(&self) -> Option<PlayerId> {
        match &self.phase {
            Phase::Battle(b) => Some(self.player(b.to_move)),
            _ => None,
        }
    }

    /// Who fired first, once the battle has begun.
    #[must_use]
    pub fn first_player(&self) -> Option<PlayerId> {
        self.battle().map(|b| self.player(b.first))
    }

    /// The round number (turns begun by the player to move), during the battle.
    #[must_use]
    pub fn turn_number(&self) -> Option<u32> {
        match &self.phase {
            Phase::Battle(b) => Some(b.turns[b.to_move.index()]),
            _ => None,
        }
    }

    /// The battle, running or finished.
    #[must_use]
    pub fn battle(&self) -> Option<&Battle> {
        match &self.phase {
            Phase::Battle(b) => Some(b),
            Phase::Finished { battle, .. } => battle.as_ref(),
            _ => None,
        }
    }

    /// During placement: the fleet `id` has placed so far and whether it is final.
    #[must_use]
    pub fn placed_fleet(&self, id: PlayerId) -> Option<(&Fleet, bool)> {
        let side = self.side_of(id)?;
        match &self.phase {
            Phase::Placement(s) => {
                let seat = &s.seats[side.index()];
                seat.fleet().map(|f| (f, seat.is_ready()))
            }
            _ => None,
        }
    }

    /// During placement: whether each player's fleet is final.
    #[must_use]
    pub fn ready(&self) -> Option<[bool; 2]> {
        match &self.phase {
            Phase::Placement(s) => Some(s.ready()),
            _ => None,
        }
    }

    /// The challenged player accepts; placement begins.
    pub fn accept(&mut self, by: PlayerId) -> Result<(), AnswerError> {
        self.check_answer(by)?;
        self.phase = Phase::Placement(Setup {
            seats: [Seat::Empty, Seat::Empty],
        });
        Ok(())
    }

    /// The challenged player declines; the match ends.
    pub fn decline(&mut self, by: PlayerId) -> Result<Ending, AnswerError> {
        self.check_answer(by)?;
        Ok(self.finish(Ending::Declined))
    }

    fn check_answer(&self, by: PlayerId) -> Result<(), AnswerError> {
        if !matches!(self.phase, Phase::Challenge) {
            return Err(AnswerError::NotPending(self.phase_kind()));
        }
        if by != self.players[1] {
            return Err(AnswerError::NotChallenged);
        }
        Ok(())
    }

    /// Sets or replaces `by`'s fleet while it is not final.
    pub fn set_fleet(&mut self, by: PlayerId, fleet: Fleet) -> Result<(), PlacementError> {
        let side = self.placing_side(by)?;
        if fleet.variant() != self.variant {
            return Err(PlacementError::WrongVariant {
                fleet: fleet.variant(),
                variant: self.variant,
            });
        }
        if let Phase::Placement(s) = &mut self.phase {
            s.seats[side.index()] = Seat::Placed(fleet);
        }
        Ok(())
    }

    /// Gives `by` a random fleet drawn from the match's random numbers.
    pub fn shuffle_fleet(&mut self, by: PlayerId) -> Result<&Fleet, PlacementError> {
        let side = self.placing_side(by)?;
        let kind = self.phase_kind();
        let fleet = Fleet::random(self.variant, &mut self.rng);
        match &mut self.phase {
            Phase::Placement(s) => {
                let seat = &mut s.seats[side.index()];
                *seat = Seat::Placed(fleet);
                match seat {
                    Seat::Placed(f) => Ok(f),
                    // Just set above.
                    _ => Err(PlacementError::NoFleet),
                }
            }
            // `placing_side` has checked the phase.
            _ => Err(PlacementError::NotPlacing(kind)),
        }
    }

    /// The match's random numbers, for `by` to draw part of a fleet with while it is not
    /// final (the editor's Random rest): the same seed and the same actions draw the same
    /// ships, as with [`Match::shuffle_fleet`].
    pub fn placement_rng(&mut self, by: PlayerId) -> Result<&mut ChaCha8Rng, PlacementError> {
        self.placing_side(by)?;
        Ok(&mut self.rng)
    }

    /// Makes `by`'s fleet final. When both are final the battle begins and the
    /// first player is drawn at random.
    pub fn confirm(&mut self, by: PlayerId) -> Result<Confirmed, PlacementError> {
        let side = self.placing_side(by)?;
        let Phase::Placement(setup) = &mut self.phase else {
            return Err(PlacementError::NotPlacing(self.phase_kind()));
        };
        let seat = &mut setup.seats[side.index()];
        *seat = match std::mem::take(seat) {
            Seat::Empty => return Err(PlacementError::NoFleet),
            Seat::Placed(f) | Seat::Ready(f) => Seat::Ready(f),
        };
        let [Seat::Ready(a), Seat::Ready(b)] = &setup.seats else {
            return Ok(Confirmed::Waiting);
        };
        let (a, b) = (a.clone(), b.clone());
        let first = match self.first {
            Some(side) => side,
            None if self.rng.random_bool(0.5) => Side::Challenger,
            None => Side::Opponent,
        };
        let mut turns = [0, 0];
        turns[first.index()] = 1;
        self.phase = Phase::Battle(Battle {
            seas: [Sea::new(a), Sea::new(b)],
            first,
            to_move: first,
            turns,
            first_done: false,
        });
        Ok(Confirmed::BattleStarts {
            first: self.player(first),
        })
    }

    fn placing_side(&self, by: PlayerId) -> Result<Side, PlacementError> {
        let side = self.side_of(by).ok_or(PlacementError::NotAPlayer)?;
        match &self.phase {
            Phase::Placement(s) if s.seats[side.index()].is_ready() => {
                Err(PlacementError::AlreadyReady)
            }
            Phase::Placement(_) => Ok(side),
            _ => Err(PlacementError::NotPlacing(self.phase_kind())),
        }
    }

    /// `by` fires at `cells` (one in classic, three in Game 2000).
    ///
    /// # Examples
    ///
    /// A Game 2000 salvo: the three shots are resolved in a random order and each
    /// gets a report, but the outcome lists the cells in board order, so it never
    /// tells which cell hit.
    ///
    /// ```
    /// use broadside_game::{
    ///     Fleet, Match, MatchOptions, Next, PlayerId, Report, Variant, parse_cells,
    /// };
    ///
    /// let (alice, bob) = (PlayerId(1), PlayerId(2));
    /// let mut game = Match::challenge(alice, bob, Variant::Game2000, MatchOptions::default(), 7)?;
    /// game.accept(bob)?;
    /// let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1")?;
    /// for player in [alice, bob] {
    ///     game.set_fleet(player, fleet.clone())?;
    ///     game.confirm(player)?;
    /// }
    /// let first = game.to_move().unwrap();
    ///
    /// // Both cells of the two-cell ship B5-B6, and one of water.
    /// let salvo = game.fire(first, &parse_cells("B6 A5 B5", Variant::Game2000)?)?;
    /// let cells: Vec<String> = salvo.cells.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(cells, ["A5", "B5", "B6"]);
    /// // The first shot at the ship is a hit and the second destroys it, whichever
    /// // cell came first: never "destroyed" twice.
    /// let hit = salvo.reports.iter().position(|r| *r == Report::Hit { len: Some(2) });
    /// let destroyed = salvo.reports.iter().position(|r| *r == Report::Sunk { len: 2 });
    /// assert!(hit.unwrap() < destroyed.unwrap());
    /// assert!(salvo.reports.contains(&Report::Water));
    ///
    /// // No second shot for a hit: the turn passes.
    /// let second = game.opponent_of(first).unwrap();
    /// assert!(matches!(salvo.next, Next::Turn { player, .. } if player == second));
    ///
    /// // Repeats are allowed in Game 2000 and always water, also within one salvo:
    /// // whichever B5 is processed second reports water, though B5 is a ship cell.
    /// let salvo = game.fire(second, &parse_cells("B5 B5 A5", Variant::Game2000)?)?;
    /// let water = salvo.reports.iter().filter(|r| **r == Report::Water).count();
    /// assert_eq!(water, 2);
    /// assert!(salvo.reports.contains(&Report::Hit { len: Some(2) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fire(&mut self, by: PlayerId, cells: &[Coord]) -> Result<FireOutcome, FireError> {
        let side = self.side_of(by).ok_or(FireError::NotAPlayer)?;
        let phase_kind = self.phase_kind();
        let Phase::Battle(battle) = &mut self.phase else {
            return Err(FireError::NotInBattle(phase_kind));
        };
        if battle.to_move != side {
            return Err(FireError::NotYourTurn(self.players[battle.to_move.index()]));
        }
        let variant = self.variant;
        let rules = variant.rules();
        if cells.len() != usize::from(rules.shots_per_turn) {
            return Err(FireError::WrongShotCount {
                variant: variant.short_name(),
                expected: rules.shots_per_turn,
                given: cells.len(),
            });
        }
        if let Some(&cell) = cells.iter().find(|c| !variant.contains(**c)) {
            return Err(FireError::OffBoard { cell, variant });
        }
        let target = side.other();
        if self.options.repeat_shots(variant) == RepeatShots::Refused {
            let sea = &battle.seas[target.index()];
            let mut seen = CellSet::EMPTY;
            for &cell in cells {
                if sea.was_fired(cell) {
                    return Err(FireError::AlreadyFired(cell));
                }
                if !seen.insert(cell) {
                    return Err(FireError::Duplicate(cell));
                }
            }
        }

        // Everything is checked: from here on the shot happens.
        let turn = battle.turns[side.index()];
        let mut order = cells.to_vec();
        if order.len() > 1 {
            order.shuffle(&mut self.rng);
        }
        let sea = &mut battle.seas[target.index()];
        let reports: Vec<Report> = order.iter().map(|&c| sea.resolve(c, turn)).collect();
        let sunk = if rules.halo_on_sink {
            order
                .iter()
                .zip(&reports)
                .filter(|(_, r)| matches!(r, Report::Sunk { .. }))
                .find_map(|(&c, _)| sea.sunk_ship_at(c))
        } else {
            None
        };
        let destroyed = sea.all_sunk();
        let hit = reports.iter().any(|r| r.is_hit());
        let next = battle.advance(side, destroyed, hit, variant, self.players);
        if let Next::Over(ending) = next {
            self.finish(ending);
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        Ok(FireOutcome {
            shooter: by,
            turn,
            cells: sorted,
            reports,
            sunk,
            next,
        })
    }

    /// `by` gives up; the other player wins.
    pub fn forfeit(&mut self, by: PlayerId) -> Result<Ending, EndError> {
        let side = self.side_of(by).ok_or(EndError::NotAPlayer)?;
        match self.phase {
            Phase::Finished { .. } => Err(EndError::AlreadyOver),
            Phase::Challenge => Err(EndError::NotStarted),
            Phase::Placement(_) | Phase::Battle(_) => {
                Ok(self.finish(won(self.players, side.other(), WinReason::Forfeit)))
            }
        }
    }

    /// Calls the match off. The challenger may do so before the challenge is
    /// accepted; a moderator at any time. A moderator who plays in the match cannot call
    /// it off once it was accepted: for them it is [`Match::forfeit`] (no escaping a
    /// rated loss).
    pub fn cancel(&mut self, by: PlayerId, moderator: bool) -> Result<Ending, EndError> {
        if self.is_finished() {
            return Err(EndError::AlreadyOver);
        }
        if moderator && self.side_of(by).is_some() && !matches!(self.phase, Phase::Challenge) {
            return self.forfeit(by);
        }
        let challenger_early = matches!(self.phase, Phase::Challenge) && by == self.players[0];
        if !(challenger_early || moderator) {
            return Err(EndError::NotAllowed);
        }
        Ok(self.finish(Ending::Cancelled { by }))
    }

    /// The deadline of the current phase has passed.
    ///
    /// Challenge: it expires. Placement: a player whose fleet is final wins against
    /// one whose is not; if neither is final the match is abandoned. Battle: the
    /// player to move skipped a turn and loses.
    pub fn timeout(&mut self) -> Result<Ending, EndError> {
        let ending = match &self.phase {
            Phase::Finished { .. } => return Err(EndError::AlreadyOver),
            Phase::Challenge => Ending::Expired,
            Phase::Placement(s) => match s.ready() {
                [true, false] => won(self.players, Side::Challenger, WinReason::Timeout),
                [false, true] => won(self.players, Side::Opponent, WinReason::Timeout),
                _ => Ending::Abandoned,
            },
            Phase::Battle(b) => won(self.players, b.to_move.other(), WinReason::Timeout),
        };
        Ok(self.finish(ending))
    }

    fn finish(&mut self, ending: Ending) -> Ending {
        let battle = match std::mem::replace(&mut self.phase, Phase::Challenge) {
            Phase::Battle(b) => Some(b),
            Phase::Finished { battle, .. } => battle,
            Phase::Challenge | Phase::Placement(_) => None,
        };
        self.phase = Phase::Finished { ending, battle };
        ending
    }

    /// Decides that `player` moves first once the battle begins, instead of a draw.
    /// Refused (false) once the battle has begun or when `player` does not play.
    pub fn set_first(&mut self, player: PlayerId) -> bool {
        let Some(side) = self.side_of(player) else {
            return false;
        };
        if !matches!(self.phase, Phase::Challenge | Phase::Placement(_)) {
            return false;
        }
        self.first = Some(side);
        true
    }

    /// Puts `new` in `old`'s seat everywhere the match names them (the seats and the
    /// ending). Returns whether `old` played; nothing changes when `new` already does.
    pub fn replace_player(&mut self, old: PlayerId, new: PlayerId) -> bool {
        if self.side_of(new).is_some() {
            return false;
        }
        let Some(side) = self.side_of(old) else {
            return false;
        };
        self.players[side.index()] = new;
        let swap = |p: &mut PlayerId| {
            if *p == old {
                *p = new;
            }
        };
        if let Phase::Finished { ending, .. } = &mut self.phase {
            match ending {
                Ending::Won { winner, loser, .. } => {
                    swap(winner);
                    swap(loser);
                }
                Ending::Cancelled { by } => swap(by),
                Ending::Draw
                | Ending::TurnLimit
                | Ending::Declined
                | Ending::Expired
                | Ending::Abandoned => {}
            }
        }
        true
    }

    /// Puts `new` in the place of `old`, who did not play, where a finished match names
    /// them: the member who called it off. Returns whether it named them.
    pub fn replace_canceller(&mut self, old: PlayerId, new: PlayerId) -> bool {
        match &mut self.phase {
            Phase::Finished {
                ending: Ending::Cancelled { by },
                ..
            } if *by == old && self.players[0] != old && self.players[1] != old => {
                *by = new;
                true
            }
            _ => false,
        }
    }

    /// Shots, hits and turns of `id` so far.
    #[must_use]
    pub fn stats(&self, id: PlayerId) -> PlayerStats {
        let (Some(side), Some(battle)) = (self.side_of(id), self.battle()) else {
            return PlayerStats::default();
        };
        battle.stats(side)
    }
}

fn won(players: [PlayerId; 2], winner: Side, reason: WinReason) -> Ending {
    Ending::Won {
        winner: players[winner.index()],
        loser: players[winner.other().index()],
        reason,
    }
}

impl Battle {
    /// Decides what follows a completed shot or salvo of `side`.
    fn advance(
        &mut self,
        side: Side,
        destroyed: bool,
        hit: bool,
        variant: Variant,
        players: [PlayerId; 2],
    ) -> Next {
        let rules = variant.rules();
        let target = side.other();
        let pass_turn = |battle: &mut Battle, last_chance: bool| {
            battle.to_move = target;
            // 65 535 turns are out of reach in practice; never overflow anyway.
            battle.turns[target.index()] = battle.turns[target.index()].saturating_add(1);
            Next::Turn {
                player: players[target.index()],
                last_chance,
            }
        };
        if !rules.equal_turns {
            return if destroyed {
                Next::Over(won(players, side, WinReason::FleetDestroyed))
            } else if hit && rules.shoot_again_on_hit {
                Next::Again(players[side.index()])
            } else {
                pass_turn(self, false)
            };
        }
        // Equal turns: the first player finishing leaves the other one reply turn;
        // the round is decided after the second player's salvo.
        if side == self.first {
            self.first_done = destroyed;
            return pass_turn(self, destroyed);
        }
        match (self.first_done, destroyed) {
            (true, true) => Next::Over(Ending::Draw),
            (true, false) => Next::Over(won(players, target, WinReason::FleetDestroyed)),
            (false, true) => Next::Over(won(players, side, WinReason::FleetDestroyed)),
            // Repeat shots can make a match last for ever (and its stored state grow):
            // once both have had the limit of turns, it is a draw.
            (false, false) if self.turns[side.index()] >= variant.turn_limit() => {
                Next::Over(Ending::TurnLimit)
            }
            (false, false) => pass_turn(self, false),
        }
    }

    /// The waters of the player in `side` (their fleet and the shots at it).
    #[must_use]
    pub fn sea(&self, side: Side) -> &Sea {
        &self.seas[side.index()]
    }

    /// Who fired first.
    #[must_use]
    pub const fn first(&self) -> Side {
        self.first
    }

    /// Who is to move (or moved last, when finished).
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Turns begun by `side`.
    #[must_use]
    pub const fn turns(&self, side: Side) -> u32 {
        self.turns[side.index()]
    }

    /// Statistics of the player in `side` as shooter.
    #[must_use]
    pub fn stats(&self, side: Side) -> PlayerStats {
        let log = self.seas[side.other().index()].log();
        PlayerStats {
            shots: log.len() as u32,
            hits: log.iter().filter(|s| s.report.is_hit()).count() as u32,
            turns: self.turns[side.index()],
        }
    }
}

/// A match's every part, for a stored format of its own (`store::format`) to read and
/// rebuild it without the rules' types being its format.
#[derive(Clone, Debug)]
pub struct MatchParts {
    /// The rule set.
    pub variant: Variant,
    /// The options chosen at the challenge.
    pub options: MatchOptions,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// The phase, with everything in it.
    pub phase: Phase,
    /// The match's random numbers, where they are.
    pub rng: ChaCha8Rng,
    /// Who moves first, when decided before the battle (a rematch).
    pub first: Option<Side>,
}

/// A battle's every part (see [`MatchParts`]).
#[derive(Clone, Debug)]
pub struct BattleParts {
    /// The seas of `[challenger, opponent]`: each one's fleet and the shots at it.
    pub seas: [Sea; 2],
    /// Who fired first.
    pub first: Side,
    /// Who is to move (or moved last, when finished).
    pub to_move: Side,
    /// Turns begun by each side.
    pub turns: [u32; 2],
    /// Game 2000: the first player destroyed everything this round.
    pub first_done: bool,
}

impl Match {
    /// The match rebuilt from its parts, as they were stored.
    #[must_use]
    pub fn from_parts(parts: MatchParts) -> Self {
        Match {
            variant: parts.variant,
            options: parts.options,
            players: parts.players,
            phase: parts.phase,
            rng: parts.rng,
            first: parts.first,
        }
    }

    /// The match's random numbers, where they are now (for storing it).
    #[must_use]
    pub const fn rng(&self) -> &ChaCha8Rng {
        &self.rng
    }

    /// Who moves first, if that was decided before the battle (a rematch).
    #[must_use]
    pub const fn decided_first(&self) -> Option<Side> {
        self.first
    }
}

impl Setup {
    /// Placement with these seats, as stored.
    #[must_use]
    pub const fn from_seats(seats: [Seat; 2]) -> Self {
        Setup { seats }
    }

    /// The seats of `[challenger, opponent]`.
    #[must_use]
    pub const fn seats(&self) -> &[Seat; 2] {
        &self.seats
    }
}

impl Battle {
    /// The battle rebuilt from its parts, as they were stored.
    #[must_use]
    pub fn from_parts(parts: BattleParts) -> Self {
        Battle {
            seas: parts.seas,
            first: parts.first,
            to_move: parts.to_move,
            turns: parts.turns,
            first_done: parts.first_done,
        }
    }

    /// Game 2000: whether the first player destroyed everything this round.
    #[must_use]
    pub const fn first_done(&self) -> bool {
        self.first_done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);
    const C: PlayerId = PlayerId(3);

    fn placed(variant: Variant, seed: u64) -> Match {
        let mut m = Match::challenge(A, B, variant, MatchOptions::default(), seed).unwrap();
        m.accept(B).unwrap();
        m
    }

    #[test]
    fn self_challenge_is_refused() {
        assert_eq!(
            Match::challenge(A, A, Variant::Classic, MatchOptions::default(), 1),
            Err(ChallengeError::SelfChallenge)
        );
    }

    #[test]
    fn only_the_challenged_player_answers() {
        let mut m = Match::challenge(A, B, Variant::Classic, MatchOptions::default(), 1).unwrap();
        let before = m.clone();
        assert_eq!(m.accept(A), Err(AnswerError::NotChallenged));
        assert_eq!(m.decline(C), Err(AnswerError::NotChallenged));
        assert_eq!(m, before);
        assert_eq!(m.decline(B), Ok(Ending::Declined));
        assert!(m.is_finished());
    }

    #[test]
    fn placement_needs_a_fleet_and_locks_after_confirm() {
        let mut m = placed(Variant::Game2000, 3);
        assert_eq!(m.confirm(A), Err(PlacementError::NoFleet));
        m.shuffle_fleet(A).unwrap();
        let fleet = m.placed_fleet(A).unwrap().0.clone();
        assert_eq!(m.confirm(A), Ok(Confirmed::Waiting));
        let before = m.clone();
        assert_eq!(
            m.shuffle_fleet(A).unwrap_err(),
            PlacementError::AlreadyReady
        );
        assert_eq!(
            m.set_fleet(A, fleet.clone()),
            Err(PlacementError::AlreadyReady)
        );
        assert_eq!(m, before);
        let classic = Fleet::random(Variant::Classic, &mut ChaCha8Rng::seed_from_u64(1));
        assert!(matches!(
            m.set_fleet(B, classic),
            Err(PlacementError::WrongVariant { .. })
        ));
        m.set_fleet(B, fleet).unwrap();
        assert!(matches!(m.confirm(B), Ok(Confirmed::BattleStarts { .. })));
        assert_eq!(m.phase_kind(), PhaseKind::Battle);
        assert_eq!(m.turn_number(), Some(1));
    }

    #[test]
    fn placement_timeout_rewards_the_ready_player() {
        let mut m = placed(Variant::Classic, 3);
        m.shuffle_fleet(B).unwrap();
        m.confirm(B).unwrap();
        assert_eq!(
            m.timeout(),
            Ok(Ending::Won {
                winner: B,
                loser: A,
                reason: WinReason::Timeout
            })
        );
        let mut m = placed(Variant::Classic, 3);
        assert_eq!(m.timeout(), Ok(Ending::Abandoned));
        assert_eq!(m.timeout(), Err(EndError::AlreadyOver));
    }

    #[test]
    fn cancel_rights() {
        let mut m = Match::challenge(A, B, Variant::Classic, MatchOptions::default(), 1).unwrap();
        assert_eq!(m.cancel(B, false), Err(EndError::NotAllowed));
        assert_eq!(m.cancel(A, false), Ok(Ending::Cancelled { by: A }));
        let mut m = placed(Variant::Classic, 1);
        assert_eq!(m.cancel(A, false), Err(EndError::NotAllowed));
        assert_eq!(m.cancel(C, true), Ok(Ending::Cancelled { by: C }));
    }

    #[test]
    fn forfeit_needs_an_accepted_match() {
        let mut m = Match::challenge(A, B, Variant::Classic, MatchOptions::default(), 1).unwrap();
        assert_eq!(m.forfeit(A), Err(EndError::NotStarted));
        m.accept(B).unwrap();
        assert_eq!(m.forfeit(C), Err(EndError::NotAPlayer));
        assert_eq!(
            m.forfeit(A),
            Ok(Ending::Won {
                winner: B,
                loser: A,
                reason: WinReason::Forfeit
            })
        );
    }

    #[test]
    fn the_first_player_is_drawn_from_the_seed() {
        let firsts: std::collections::HashSet<PlayerId> = (0..32)
            .map(|seed| {
                let mut m = placed(Variant::Classic, seed);
                m.shuffle_fleet(A).unwrap();
                m.shuffle_fleet(B).unwrap();
                m.confirm(A).unwrap();
                match m.confirm(B).unwrap() {
                    Confirmed::BattleStarts { first } => first,
                    Confirmed::Waiting => panic!("both confirmed"),
                }
            })
            .collect();
        assert_eq!(firsts.len(), 2, "both players start in some of 32 seeds");
    }

    #[test]
    fn a_decided_first_player_starts_whatever_the_seed() {
        for seed in 0..16 {
            for first in [A, B] {
                let mut m = placed(Variant::Game2000, seed);
                assert!(m.set_first(first));
                assert!(!m.set_first(C), "a stranger cannot be first");
                m.shuffle_fleet(A).unwrap();
                m.shuffle_fleet(B).unwrap();
                m.confirm(B).unwrap();
                assert_eq!(m.confirm(A).unwrap(), Confirmed::BattleStarts { first });
                assert_eq!(m.to_move(), Some(first));
                assert!(!m.set_first(first), "too late once the battle runs");
            }
        }
    }

    #[test]
    fn a_forgotten_player_is_replaced_everywhere() {
        let mut m = placed(Variant::Classic, 3);
        m.forfeit(A).unwrap();
        let gone = PlayerId::DELETED[0];
        assert!(!m.replace_player(A, B), "cannot take a seat already taken");
        assert!(m.replace_player(A, gone));
        assert_eq!(m.players(), [gone, B]);
        assert_eq!(
            m.ending(),
            Some(Ending::Won {
                winner: B,
                loser: gone,
                reason: WinReason::Forfeit
            })
        );
        assert!(!m.replace_player(A, PlayerId::DELETED[1]), "A is gone");
        assert!(gone.is_deleted() && !A.is_deleted());
    }
}
