//! Swiss tournaments in a server, without Discord: sign-up, rounds, results, standings.
//!
//! A tournament belongs to the channel where it was created. Members join while sign-up
//! is open; at the start time (or on `/tournament start`) round 1 is paired by the pure
//! core (`crate::tournament`, through [`score::pair`] only, on a blocking thread with a
//! time limit). Each pairing's match is opened by the bot in a thread of its own (see
//! [`Tournaments::open_tournament_match`](crate::session::tournament::Tournaments::open_tournament_match)) as a normal match of the tournament's rules and
//! pace, straight into placement, with the pairing's White to fire first.
//!
//! **A step** ([`Tournaments::advance_tournament`](crate::session::tournament::Tournaments::advance_tournament)) reads the tournament as stored, works out
//! what comes next (start, close a round, pair the next, finish, end stragglers at the
//! round deadline) and writes it in one transaction over the version it read: with
//! several processes, each round is paired once, by whichever step writes first. The
//! matches of a paired round are opened afterwards, each once: its id is drawn and stored
//! with the pairing, and a process claims a pairing before opening it. A step that finds
//! pairings of the current round still unopened (a crash came between pairing and
//! opening, or a player was busy in another match) hands them out again.
//!
//! **The round deadline** is the pace's placement time plus as many turns as there are
//! shots to cover the whole sea once (the sea's cells ÷ shots per turn: 100 in classic,
//! 27 in Game 2000), each at the pace's turn time: a match played at any speed the pace
//! allows ends well before it, and a stalled one ends there as a timeout. It is given
//! back the time the bot was down, as match deadlines are.

use std::time::{Duration, SystemTime};

use crate::game::{PlayerId as Member, Side, Variant};
use crate::session::error::SessionError;
use crate::store::format::FormatError;
use crate::store::{BoardKey, StoreError, Timestamp, TournamentRow};

use super::base::Base;
use super::ends::Ended;
use super::ids::{ChannelKey, MatchId};
use super::pace::Pace;
use super::preview::Accepted;
pub use crate::ids::{GuildId, MessageId, TournamentId};

mod boards;
pub mod desk;
pub mod gate;
mod posts;
mod rounds;
pub mod score;
mod signups;
pub mod when;

pub use desk::{Desk, Shards};
pub use gate::{SignUpTicket, SignUps};
pub use posts::{Announcement, Announcements, POST_LEASE, STEP_LEASE};
pub use score::{Cell, Line, PairResult};
pub use when::{WhenError, parse_start, zone, zones_like};

/// Swiss tournaments: sign-up, rounds, standings and their matches.
#[derive(Clone, Copy, Debug)]
pub struct Tournaments<'a> {
    session: &'a Base,
    desk: &'a Desk,
}

impl<'a> Tournaments<'a> {
    /// The service on `session`'s base, with what this process keeps about tournaments
    /// in `desk`.
    pub(in crate::session) const fn new(session: &'a Base, desk: &'a Desk) -> Self {
        Self { session, desk }
    }
}

/// The fewest entrants a tournament starts with.
pub const MIN_PLAYERS: u32 = 4;
/// The most entrants a tournament may be set to take.
pub const MAX_PLAYERS: u32 = 256;
/// The entrants a tournament takes unless told otherwise.
pub const DEFAULT_PLAYERS: u32 = 64;
/// The most rounds.
pub const MAX_ROUNDS: u32 = 15;
/// The longest name.
pub const MAX_NAME: usize = 100;
/// The longest a pairing may take before the tournament is paused.
pub const PAIRING_LIMIT: Duration = Duration::from_secs(20);
/// How often a running tournament is looked at by the sweep (to open what a stopped
/// process left unopened).
pub const CHECK_EVERY: Duration = Duration::from_secs(30);
/// A claim on opening a pairing's match older than this was left by a stopped process.
pub const STALE_CLAIM: Duration = Duration::from_secs(60);
/// The longest a start waits for the joins and leaves acknowledged before it.
pub const SIGN_UP_SETTLE: Duration = Duration::from_secs(10);
/// How many times one call of [`Tournaments::advance_tournament`](crate::session::tournament::Tournaments::advance_tournament) reads the tournament at most:
/// a step may lead to another (stragglers ended, then the round closes), and a step
/// overtaken by a change of the entrants is worked out again.
const STEP_TRIES: usize = 16;

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentState {
    /// Taking entrants.
    SignUp,
    /// Rounds are played.
    Running,
    /// Stopped by a failed pairing; its creator may start it again.
    Paused,
    /// Over, with final standings.
    Finished,
    /// Called off (by its creator or a moderator, or too few entrants).
    Cancelled,
}

impl TournamentState {
    /// The stored word.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            TournamentState::SignUp => "signup",
            TournamentState::Running => "running",
            TournamentState::Paused => "paused",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    fn from_key(key: &str) -> Option<Self> {
        [
            TournamentState::SignUp,
            TournamentState::Running,
            TournamentState::Paused,
            TournamentState::Finished,
            TournamentState::Cancelled,
        ]
        .into_iter()
        .find(|s| s.key() == key)
    }

    /// Whether it is over (finished or called off).
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, TournamentState::Finished | TournamentState::Cancelled)
    }
}

/// A tournament as the bot shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentInfo {
    /// Its id.
    pub id: TournamentId,
    /// The server.
    pub guild: GuildId,
    /// The channel it belongs to.
    pub channel: ChannelKey,
    /// Who created it.
    pub creator: Member,
    /// Its name as given (escape it where it is shown).
    pub name: String,
    /// The rule set.
    pub variant: Variant,
    /// The pace of its matches.
    pub pace: Pace,
    /// Rounds in all.
    pub rounds: u32,
    /// The most entrants.
    pub max_players: u32,
    /// When round 1 is paired by itself.
    pub starts: Option<SystemTime>,
    /// Where it is.
    pub state: TournamentState,
    /// The round being played (0 before the start).
    pub round: u32,
    /// When the current round's stragglers end.
    pub round_deadline: Option<SystemTime>,
    /// The language of its public texts.
    pub locale: Option<String>,
    /// The public sign-up message.
    pub signup_message: Option<MessageId>,
    /// Why it was paused or called off (`too-few`, `pairing`, `cancelled`).
    pub note: Option<String>,
    /// Entrants.
    pub entrants: u32,
}

impl TournamentInfo {
    fn of(row: &TournamentRow) -> Result<Self, Unreadable> {
        Ok(TournamentInfo {
            id: row.id,
            guild: row.guild,
            channel: row.channel,
            creator: row.creator,
            name: row.name.clone(),
            variant: Variant::ALL
                .into_iter()
                .find(|v| v.key() == row.variant)
                .ok_or_else(|| Unreadable::Variant(row.id, row.variant.clone()))?,
            pace: row
                .pace
                .parse()
                .map_err(|_| Unreadable::Pace(row.id, row.pace.clone()))?,
            rounds: row.rounds,
            max_players: row.max_players,
            starts: row.starts.map(Timestamp::to_system_time),
            state: TournamentState::from_key(&row.state)
                .ok_or_else(|| Unreadable::State(row.id, row.state.clone()))?,
            round: row.round,
            round_deadline: row.round_deadline.map(Timestamp::to_system_time),
            locale: row.locale.clone(),
            signup_message: row.signup_message,
            note: row.note.clone(),
            entrants: row.entrants,
        })
    }
}

/// A tournament as `/tournament create` asks for it.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// The server.
    pub guild: GuildId,
    /// The channel it belongs to.
    pub channel: ChannelKey,
    /// Who creates it.
    pub creator: Member,
    /// Its name (trimmed, 1–100 characters).
    pub name: String,
    /// The rule set.
    pub variant: Variant,
    /// Rounds, 1–15.
    pub rounds: u32,
    /// The pace.
    pub pace: Pace,
    /// When round 1 is paired by itself (`None`: on `/tournament start`).
    pub starts: Option<SystemTime>,
    /// The most entrants, 4–256.
    pub max_players: u32,
    /// The server's language for public texts.
    pub locale: Option<String>,
}

impl NewTournament {
    /// Whether it may be created as asked (its name, rounds and player limit), without
    /// the store: the name as it is kept, or why not. [`Tournaments::create_tournament`](crate::session::tournament::Tournaments::create_tournament) asks
    /// the same first; the bot asks before it answers publicly, so that a refusal stays
    /// private.
    pub fn check(&self) -> Result<String, TournamentError> {
        let name = checked_name(&self.name)?;
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(TournamentError::BadRounds(self.rounds));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.max_players) {
            return Err(TournamentError::BadMaxPlayers(self.max_players));
        }
        Ok(name)
    }
}

/// Why a tournament operation was refused or failed (nothing changed).
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// No such tournament (here).
    #[error("there is no such tournament here")]
    Unknown,
    /// The channel has no tournament that is not over.
    #[error("this channel has no tournament")]
    NoneHere,
    /// The channel has several: the member must pick one.
    #[error("this channel has several tournaments")]
    Several(Vec<(TournamentId, String)>),
    /// The name is empty or too long.
    #[error("the name must have 1 to 100 characters")]
    BadName,
    /// The round count is out of range.
    #[error("a tournament has 1 to 15 rounds")]
    BadRounds(u32),
    /// The player limit is out of range.
    #[error("a tournament takes 4 to 256 players")]
    BadMaxPlayers(u32),
    /// Every place is taken.
    #[error("the tournament is full")]
    Full(u32),
    /// Already an entrant.
    #[error("you have already joined")]
    AlreadyJoined,
    /// Not an entrant.
    #[error("you are not in this tournament")]
    NotJoined,
    /// Sign-up is over.
    #[error("the tournament has already started")]
    Started,
    /// It is over.
    #[error("the tournament is over")]
    Over,
    /// Only the creator may do that.
    #[error("only its creator may do that")]
    NotCreator,
    /// The start time it was given has passed (start it no more by hand).
    #[error("its start time has passed")]
    StartPassed,
    /// The store has no tournaments (a wrapper in tests).
    #[error("tournaments are not available")]
    Unavailable,
    /// The stored tournament does not add up (a result for someone not entered).
    #[error(transparent)]
    Inconsistent(#[from] score::Inconsistent),
    /// The stored tournament has a word this build does not know.
    #[error(transparent)]
    Unreadable(#[from] Unreadable),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A stored tournament with a word this build does not know (written by a newer one, or
/// damaged): its rule set, pace or state, as stored.
#[derive(Debug, thiserror::Error)]
pub enum Unreadable {
    /// An unknown rule set.
    #[error("tournament {0}: unknown rule set {1:?}")]
    Variant(TournamentId, String),
    /// An unknown pace.
    #[error("tournament {0}: unknown pace {1:?}")]
    Pace(TournamentId, String),
    /// An unknown state.
    #[error("tournament {0}: unknown state {1:?}")]
    State(TournamentId, String),
}

/// Why the match of a pairing could not be opened (nothing changed; the claim is given
/// back unless [`OpenMatchError::Busy`] says the sweep tries again anyway).
#[derive(Debug, thiserror::Error)]
pub enum OpenMatchError {
    /// The pairing has no match to open any more (scored without one, or not found).
    #[error("the pairing has no match to open")]
    Gone,
    /// A player plays another match (or a member is being changed): tried again later.
    #[error("a player is busy: {0}")]
    Busy(#[source] SessionError),
    /// The match could not be written in the stored format, or one stored by an earlier
    /// try read back.
    #[error("the match of the pairing in the stored format: {0}")]
    Format(#[source] FormatError),
    /// The match could not be made or stored.
    #[error(transparent)]
    Match(SessionError),
    /// The tournament could not be read.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

impl From<StoreError> for OpenMatchError {
    fn from(e: StoreError) -> Self {
        OpenMatchError::Tournament(TournamentError::Store(e))
    }
}

impl From<SessionError> for OpenMatchError {
    fn from(e: SessionError) -> Self {
        match e {
            SessionError::Busy { .. } => OpenMatchError::Busy(e),
            SessionError::Stale => OpenMatchError::Gone,
            other => OpenMatchError::Match(other),
        }
    }
}

/// One pairing of a round, as announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The board.
    pub board: u32,
    /// Fires first.
    pub white: Member,
    /// The opponent (`None`: the bye).
    pub black: Option<Member>,
    /// The match (`None` for the bye).
    pub match_id: Option<MatchId>,
}

/// What a step of a tournament did, for the bot to announce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Fewer than four entrants at the start: called off.
    CalledOff,
    /// A round was paired (round 1: the tournament started).
    Paired {
        /// The round.
        round: u32,
        /// Its pairings.
        pairings: Vec<Pairing>,
    },
    /// The last round closed: the final standings, and the winner.
    Finished {
        /// The first in the final standings.
        winner: Option<Member>,
    },
    /// The pairing failed or ran out of time: paused.
    Paused,
}

/// The result of a step: what changed, what to open and what to announce.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// The tournament after the step (`None`: unknown).
    pub info: Option<TournamentInfo>,
    /// What happened, in order (a round closing and the next one paired are one step).
    pub events: Vec<Event>,
    /// The round that closed in this step, if any (its standings are to be posted).
    pub closed: Option<u32>,
    /// Matches of the current round to open now (each claimed by this caller).
    pub to_open: Vec<ToOpen>,
    /// Matches ended by the round deadline, to announce.
    pub ended: Vec<Ended>,
    /// The steps written, by their time: their announcements are this caller's to post
    /// ([`Tournaments::announcements`](crate::session::tournament::Tournaments::announcements)).
    pub posted: Vec<SystemTime>,
}

impl Progress {
    /// Adds what a later step of the same turn did.
    fn absorb(&mut self, later: Progress) {
        if later.info.is_some() {
            self.info = later.info;
        }
        self.events.extend(later.events);
        self.closed = later.closed.or(self.closed);
        self.to_open.extend(later.to_open);
        self.ended.extend(later.ended);
        self.posted.extend(later.posted);
    }
}

/// A pairing whose match this process is to open (it holds the claim).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToOpen {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The match's id.
    pub match_id: MatchId,
    /// Fires first, and their name.
    pub white: (Member, String),
    /// Fires second, and their name.
    pub black: (Member, String),
}

impl ToOpen {
    /// Its pairing's key in the store.
    const fn key(&self) -> BoardKey {
        BoardKey {
            tournament: self.tournament,
            round: self.round,
            board: self.board,
        }
    }
}

/// A match of a tournament that opened: placement has begun.
#[derive(Clone, Debug)]
pub struct OpenedMatch {
    /// The match.
    pub id: MatchId,
    /// Placement as after an Accept (`wants_thread`: the tournament's channel).
    pub accepted: Accepted,
    /// The match was already stored (by an earlier try, which stopped): its home is
    /// settled or still to settle, and its greeting and previews are to go out again.
    pub again: bool,
    /// Where it is played as stored (its own id while its thread is still to settle).
    pub home: ChannelKey,
}

/// The standings of a tournament.
#[derive(Clone, Debug)]
pub struct Standings {
    /// The tournament.
    pub info: TournamentInfo,
    /// One line per entrant, best first.
    pub lines: Vec<Line>,
    /// Rounds closed so far.
    pub closed: u32,
}

pub use crate::session::entry::TournamentOf;

/// The most turns in a round's deadline: the sea's cells ÷ shots per turn.
#[must_use]
pub fn round_turns(variant: Variant) -> u32 {
    let cells = u32::from(variant.size()) * u32::from(variant.size());
    match variant {
        Variant::Classic => cells,
        Variant::Game2000 => cells.div_ceil(3),
    }
}

/// How long a round of `variant` at limits `limits` may last (see the module's doc).
#[must_use]
pub fn round_length(variant: Variant, limits: super::pace::Timeouts) -> Duration {
    limits.placement + limits.turn * round_turns(variant)
}

/// A name as stored: trimmed, on one line, 1–100 characters.
pub fn checked_name(name: &str) -> Result<String, TournamentError> {
    let one_line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = one_line.chars().count();
    if count == 0 || count > MAX_NAME {
        return Err(TournamentError::BadName);
    }
    Ok(one_line)
}

/// The side that fires first in a tournament match: its White, the challenger's seat.
pub const WHITE_SEAT: Side = Side::Challenger;
