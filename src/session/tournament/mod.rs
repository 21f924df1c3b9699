//! Swiss tournaments in a server, without Discord: sign-up, rounds, results, standings.
//!
//! A tournament belongs to the channel where it was created. Members join while sign-up
//! is open; at the start time (or on `/tournament start`) round 1 is paired by the pure
//! core (`crate::tournament`, through [`score::pair`] only, on a blocking thread with a
//! time limit). Each pairing's match is opened by the bot in a thread of its own (see
//! [`Session::open_tournament_match`]) as a normal match of the tournament's rules and
//! pace, straight into placement, with the pairing's White to fire first.
//!
//! **A step** ([`Session::advance_tournament`]) reads the tournament as stored, works out
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

use crate::game::{Match, MatchOptions, PlayerId as Member, Side, Variant};
use crate::store::{
    Joined, Left, NewPairing, PairingRow, StoreError, TournamentRow, TournamentSnapshot,
    TournamentStep, TournamentStore,
};
use crate::tournament::PlayerId;

use super::challenge::Accepted;
use super::ends::Ended;
use super::entry::{Entry, Home, NewEntry};
use super::ids::{ChannelKey, Locate, MatchId};
use super::pace::Pace;
use super::placement::Preview;
use super::record::{self, from_millis, millis};
use super::{Session, SessionError};
pub use crate::ids::{GuildId, MessageId, TournamentId};

pub mod gate;
pub mod score;
pub mod when;

pub use gate::{SignUpTicket, SignUps};
pub use score::{Cell, Line, PairResult};
pub use when::{WhenError, parse_start, zone, zones_like};

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
/// How many times one call of [`Session::advance_tournament`] reads the tournament at most:
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
    fn of(row: &TournamentRow) -> Result<Self, StoreError> {
        let bad = |what: &str| StoreError::Data(format!("tournament {}: {what}", row.id));
        Ok(TournamentInfo {
            id: row.id,
            guild: row.guild,
            channel: row.channel,
            creator: row.creator,
            name: row.name.clone(),
            variant: Variant::ALL
                .into_iter()
                .find(|v| v.key() == row.variant)
                .ok_or_else(|| bad("unknown rule set"))?,
            pace: row.pace.parse().map_err(|_| bad("unknown pace"))?,
            rounds: row.rounds,
            max_players: row.max_players,
            starts: row.starts_ms.map(from_millis),
            state: TournamentState::from_key(&row.state).ok_or_else(|| bad("unknown state"))?,
            round: row.round,
            round_deadline: row.round_deadline_ms.map(from_millis),
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
    /// the store: the name as it is kept, or why not. [`Session::create_tournament`] asks
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
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
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

/// A match of a tournament that opened: placement has begun.
#[derive(Clone, Debug)]
pub struct OpenedMatch {
    /// The match.
    pub id: MatchId,
    /// Placement as after an Accept (`wants_thread`: the tournament's channel).
    pub accepted: Accepted,
    /// The match was already stored (by an earlier try): it only needs its home.
    pub again: bool,
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

/// The tournament and round a match belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentOf {
    /// The tournament.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
}

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
pub fn round_length(variant: Variant, limits: super::Timeouts) -> Duration {
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

impl Session {
    /// The tournaments of this store, or [`TournamentError::Unavailable`].
    fn tournaments(&self) -> Result<&dyn TournamentStore, TournamentError> {
        self.store.tournaments().ok_or(TournamentError::Unavailable)
    }

    /// Creates a tournament, taking entrants from now on.
    pub async fn create_tournament(
        &self,
        new: NewTournament,
    ) -> Result<TournamentInfo, TournamentError> {
        let name = new.check()?;
        let now = millis(SystemTime::now());
        let row = TournamentRow {
            id: TournamentId::random(),
            guild: new.guild,
            channel: new.channel,
            creator: new.creator,
            name,
            variant: new.variant.key().to_owned(),
            pace: new.pace.key().to_owned(),
            rounds: new.rounds,
            max_players: new.max_players,
            starts_ms: new.starts.map(millis),
            state: TournamentState::SignUp.key().to_owned(),
            round: 0,
            round_deadline_ms: None,
            // The top seed's colour in round 1, drawn once and kept (from the match seeds:
            // fixed by `BROADSIDE_SEED`, so a test's tournament pairs the same each run).
            top_white: self.seeds.next() & 1 == 1,
            locale: new.locale,
            signup_message: None,
            note: None,
            check_ms: None,
            version: 1,
            created_ms: now,
            updated_ms: now,
            entrants: 0,
        };
        self.tournaments()?.create_tournament(&row).await?;
        Ok(TournamentInfo::of(&row)?)
    }

    /// One tournament.
    pub async fn tournament(&self, id: TournamentId) -> Result<TournamentInfo, TournamentError> {
        let snap = self.snapshot(id).await?;
        Ok(TournamentInfo::of(&snap.row)?)
    }

    async fn snapshot(&self, id: TournamentId) -> Result<TournamentSnapshot, TournamentError> {
        self.tournaments()?
            .tournament(id)
            .await?
            .ok_or(TournamentError::Unknown)
    }

    /// The tournaments of `channel`, newest first (`open`: only those not over).
    pub async fn tournaments_in(
        &self,
        channel: ChannelKey,
        open: bool,
    ) -> Result<Vec<TournamentInfo>, TournamentError> {
        let rows = self.tournaments()?.tournaments_in(channel, open).await?;
        Ok(rows
            .iter()
            .filter_map(|r| TournamentInfo::of(r).ok())
            .collect())
    }

    /// The tournament a member means in `channel`: `asked` (which must be this channel's),
    /// or the only one there that is not over (or, with `any`, the newest of any).
    pub async fn which_tournament(
        &self,
        channel: ChannelKey,
        asked: Option<TournamentId>,
        any: bool,
    ) -> Result<TournamentInfo, TournamentError> {
        if let Some(id) = asked {
            let info = self.tournament(id).await?;
            if info.channel != channel {
                return Err(TournamentError::Unknown);
            }
            return Ok(info);
        }
        let open = self.tournaments_in(channel, true).await?;
        match open.as_slice() {
            [one] => Ok(one.clone()),
            [] if any => self
                .tournaments_in(channel, false)
                .await?
                .into_iter()
                .next()
                .ok_or(TournamentError::NoneHere),
            [] => Err(TournamentError::NoneHere),
            several => Err(TournamentError::Several(
                several.iter().map(|t| (t.id, t.name.clone())).collect(),
            )),
        }
    }

    /// Remembers the public sign-up message of a tournament.
    pub async fn set_signup_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), TournamentError> {
        Ok(self.tournaments()?.set_signup_message(id, message).await?)
    }

    /// A join or leave in `guild` is under way: hold the ticket from before the member's
    /// click or command is acknowledged until they have been answered. A start in that
    /// server waits for the tickets taken before it (at most [`SIGN_UP_SETTLE`]), so that
    /// what a member saw acknowledged counts for it.
    pub fn signing_up(&self, guild: GuildId) -> SignUpTicket<'_> {
        self.signups.ticket(guild)
    }

    /// `player` joins (as `name`); returns the tournament with the new count.
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        player: Member,
        name: &str,
    ) -> Result<TournamentInfo, TournamentError> {
        let store = self.tournaments()?;
        let info = self.tournament(id).await?;
        let joined = store
            .join_tournament(id, player, name, millis(SystemTime::now()))
            .await?;
        match joined {
            Joined::Done(n) => Ok(TournamentInfo {
                entrants: n,
                ..info
            }),
            Joined::Twice => Err(TournamentError::AlreadyJoined),
            Joined::Full(n) => Err(TournamentError::Full(n)),
            // Closed meanwhile, perhaps: said as it is now (started, or called off).
            Joined::Closed => match self.tournament(id).await {
                Ok(now) if now.state.is_over() => Err(TournamentError::Over),
                Ok(_) => Err(TournamentError::Started),
                Err(e) => Err(e),
            },
        }
    }

    /// `player` leaves: before the start they are no longer an entrant; after it they
    /// are withdrawn from the next round still to be paired when the leave is written (a
    /// match being played goes on; a pairing worked out meanwhile is worked out again
    /// without them). Returns the tournament and, after the start, the round they are out
    /// from.
    pub async fn leave_tournament(
        &self,
        id: TournamentId,
        player: Member,
    ) -> Result<(TournamentInfo, Option<u32>), TournamentError> {
        let store = self.tournaments()?;
        let info = self.tournament(id).await?;
        let left = store
            .leave_tournament(id, player, millis(SystemTime::now()))
            .await?;
        match left {
            Left::Removed(n) => Ok((
                TournamentInfo {
                    entrants: n,
                    ..info
                },
                None,
            )),
            Left::Withdrawn(from) => Ok((info, Some(from))),
            Left::NotIn => Err(TournamentError::NotJoined),
            Left::Closed => Err(TournamentError::Over),
        }
    }

    /// Calls a tournament off (its creator, or a moderator). Matches being played go on
    /// as normal matches; no further round is paired.
    pub async fn cancel_tournament(
        &self,
        id: TournamentId,
        by: Member,
        moderator: bool,
    ) -> Result<TournamentInfo, TournamentError> {
        let snap = self.snapshot(id).await?;
        let info = TournamentInfo::of(&snap.row)?;
        if info.state.is_over() {
            return Err(TournamentError::Over);
        }
        if info.creator != by && !moderator {
            return Err(TournamentError::NotCreator);
        }
        let step = TournamentStep {
            expected: snap.row.version,
            state: TournamentState::Cancelled.key().to_owned(),
            round: snap.row.round,
            note: Some("cancelled".into()),
            at_ms: millis(SystemTime::now()),
            ..TournamentStep::default()
        };
        if !self.tournaments()?.advance_tournament(id, &step).await? {
            // Changed meanwhile (a round paired): try once more on what is there now.
            return Box::pin(self.cancel_tournament(id, by, moderator)).await;
        }
        self.tournament(id).await
    }

    /// `/tournament start` by `by`: only the creator, only before the start time it was
    /// given (or a paused tournament, again). Pairs round 1 (or the round it paused at).
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        by: Member,
    ) -> Result<Progress, TournamentError> {
        let info = self.tournament(id).await?;
        if info.creator != by {
            return Err(TournamentError::NotCreator);
        }
        match info.state {
            TournamentState::SignUp => {
                if info.starts.is_some_and(|s| s <= SystemTime::now()) {
                    return Err(TournamentError::StartPassed);
                }
            }
            TournamentState::Paused => {}
            TournamentState::Running => return Err(TournamentError::Started),
            TournamentState::Finished | TournamentState::Cancelled => {
                return Err(TournamentError::Over);
            }
        }
        self.advance_tournament(id, true).await
    }

    /// The standings of a tournament (also while it runs, after the rounds closed).
    pub async fn tournament_standings(
        &self,
        id: TournamentId,
    ) -> Result<Standings, TournamentError> {
        let snap = self.snapshot(id).await?;
        let info = TournamentInfo::of(&snap.row)?;
        let lines = score::standings(&snap).map_err(|e| StoreError::Data(e.to_string()))?;
        let closed = snap
            .pairings
            .iter()
            .filter(|p| p.result.is_some())
            .map(|p| p.round)
            .max()
            .unwrap_or(0);
        Ok(Standings {
            info,
            lines,
            closed,
        })
    }

    /// The tournament and round of match `id`, if it is a tournament's.
    pub async fn tournament_of(&self, id: MatchId) -> Option<TournamentOf> {
        let store = self.store.tournaments()?;
        match store.tournament_of_match(id).await {
            Ok(found) => found.map(|t| TournamentOf {
                id: t.id,
                name: t.name,
                round: t.round,
            }),
            Err(e) => {
                tracing::warn!(match_id = %id, error = %e, "could not look up a match's tournament");
                None
            }
        }
    }

    /// Tournaments `player` played that are over, and how many of them they won.
    pub async fn tournament_record(&self, player: Member) -> Result<(u32, u32), StoreError> {
        match self.store.tournaments() {
            Some(t) => {
                let record = t.tournament_record(player).await?;
                Ok((record.played, record.won))
            }
            None => Ok((0, 0)),
        }
    }

    /// Tournaments the sweep should look at now.
    pub async fn tournaments_due(&self, now: SystemTime) -> Vec<TournamentId> {
        let Some(store) = self.store.tournaments() else {
            return Vec::new();
        };
        match store.tournaments_due(millis(now), 50).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for tournaments due");
                Vec::new()
            }
        }
    }

    /// After a restart: running tournaments get their round deadlines moved by the time
    /// the bot was down (since `last_seen`, its last heartbeat before it stopped).
    pub async fn give_tournaments_time_back(&self, last_seen: SystemTime) {
        let Some(store) = self.store.tournaments() else {
            return;
        };
        // Changed less than this before the last heartbeat: still counts as not changed
        // since (a second process starting after a short gap gives nothing twice).
        let slack = 10_000;
        let now = millis(SystemTime::now());
        match store
            .give_tournaments_time_back(millis(last_seen) + slack, now)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(tournaments = n, "round deadlines given back the downtime"),
            Err(e) => tracing::warn!(error = %e, "could not give tournaments their time back"),
        }
    }

    /// One step of tournament `id` (see the module's doc): starts it when due (`start`:
    /// now, asked by its creator), closes a round whose matches have all ended and pairs
    /// the next (or finishes), ends the stragglers of a round past its deadline, and
    /// hands out the current round's matches still to open.
    pub async fn advance_tournament(
        &self,
        id: TournamentId,
        start: bool,
    ) -> Result<Progress, TournamentError> {
        let mut progress = Progress::default();
        let mut settled = false;
        // A step may lead straight to another (stragglers ended → the round closes), and a
        // step overtaken by a change of the entrants is worked out again.
        for _ in 0..STEP_TRIES {
            let snap = self.snapshot(id).await?;
            let now = SystemTime::now();
            let info = TournamentInfo::of(&snap.row)?;
            progress.info = Some(info.clone());
            let step = match info.state {
                TournamentState::SignUp | TournamentState::Paused => {
                    let due = start || info.starts.is_some_and(|s| s <= now);
                    if !due || (info.state == TournamentState::Paused && !start) {
                        return Ok(progress);
                    }
                    if info.state == TournamentState::SignUp && !settled {
                        // Joins and leaves this process acknowledged before now count for
                        // the start: it waits for them (bounded), then reads the entrants.
                        settled = true;
                        self.signups.settle(info.guild, SIGN_UP_SETTLE).await;
                        continue;
                    }
                    self.first_or_next_round(&snap, &info, now, &mut progress)
                        .await?
                }
                TournamentState::Running => {
                    let round: Vec<&PairingRow> = snap
                        .pairings
                        .iter()
                        .filter(|p| p.round == info.round)
                        .collect();
                    let all_done = round.iter().all(|p| score::decided(p).is_some());
                    let late = info.round_deadline.is_some_and(|d| d <= now);
                    let playing = round
                        .iter()
                        .any(|p| p.game.as_ref().is_some_and(|g| g.live));
                    if all_done || (late && !playing) {
                        self.first_or_next_round(&snap, &info, now, &mut progress)
                            .await?
                    } else if late {
                        let ended = self.end_stragglers(&snap, &info).await?;
                        if ended.is_empty() {
                            return Ok(progress);
                        }
                        progress.ended.extend(ended);
                        continue;
                    } else {
                        self.hand_out(&snap, &info, now, &mut progress).await?;
                        return Ok(progress);
                    }
                }
                TournamentState::Finished | TournamentState::Cancelled => return Ok(progress),
            };
            let Some(step) = step else {
                return Ok(progress);
            };
            let written = self.tournaments()?.advance_tournament(id, &step).await?;
            if !written {
                // Another change came first: a join, a leave or a forget (the step is
                // worked out again from the entrants as they are now), or another step
                // (another process), which announces what it did.
                progress.events.clear();
                progress.closed = None;
                continue;
            }
            let snap = self.snapshot(id).await?;
            let info = TournamentInfo::of(&snap.row)?;
            progress.info = Some(info.clone());
            if let Some(Event::Finished { winner: Some(w) }) = progress.events.last() {
                self.tournaments()?.set_tournament_winner(id, *w).await?;
            }
            if info.state == TournamentState::Running {
                self.hand_out(&snap, &info, SystemTime::now(), &mut progress)
                    .await?;
            }
            return Ok(progress);
        }
        Ok(progress)
    }

    /// The step that closes the current round (if any) and pairs the next, or finishes;
    /// at the start, the one that pairs round 1 (or calls it off).
    #[expect(clippy::too_many_lines, reason = "one step, in the order it is taken")]
    async fn first_or_next_round(
        &self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
        now: SystemTime,
        progress: &mut Progress,
    ) -> Result<Option<TournamentStep>, TournamentError> {
        let mut step = TournamentStep {
            expected: snap.row.version,
            state: TournamentState::Running.key().to_owned(),
            round: info.round,
            round_deadline_ms: snap.row.round_deadline_ms,
            at_ms: millis(now),
            check_ms: Some(millis(now + CHECK_EVERY)),
            ..TournamentStep::default()
        };
        let mut snap = snap.clone();
        let starting = info.round == 0;
        if starting {
            if info.entrants < MIN_PLAYERS {
                TournamentState::Cancelled.key().clone_into(&mut step.state);
                step.note = Some("too-few".into());
                step.check_ms = None;
                progress.events.push(Event::CalledOff);
                return Ok(Some(step));
            }
            // The initial order: by rating in the rule set, then by name.
            for e in &mut snap.entrants {
                let rating = match self
                    .store
                    .finished()
                    .rating(e.player, info.variant.key())
                    .await?
                {
                    Some(r) => r.rating.shown(),
                    None => crate::rating::Rating::default().shown(),
                };
                e.rating = u32::try_from(rating.max(0)).unwrap_or(0);
                step.ratings.push(crate::store::StartRating {
                    player: e.player,
                    rating: e.rating,
                });
            }
        } else if snap.row.state == TournamentState::Running.key() {
            // Close the current round: results and no-shows.
            let round = info.round;
            for p in snap.pairings.iter_mut().filter(|p| p.round == round) {
                let decided = match score::decided(p) {
                    Some(d) => d,
                    // Never opened by the deadline: whoever was busy in another match
                    // did not show.
                    None if p.game.is_none() => self.unopened(p).await,
                    None => return Ok(None),
                };
                let (result, no_shows) = decided;
                if p.result.is_none() {
                    step.results.push(crate::store::BoardResult {
                        round,
                        board: p.board,
                        result: result.key().to_owned(),
                    });
                    p.result = Some(result.key().to_owned());
                }
                for player in no_shows {
                    step.withdrawals.push(crate::store::Withdrawal {
                        player,
                        from: round + 1,
                        reason: "no-show".to_owned(),
                    });
                    if let Some(e) = snap.entrants.iter_mut().find(|e| e.player == player) {
                        e.withdrawn = Some(round + 1);
                    }
                }
            }
            progress.closed = Some(round);
        }
        let next = if snap.row.state == TournamentState::Paused.key() {
            // Paused at pairing this round: pair it again.
            info.round.max(1)
        } else {
            info.round + 1
        };
        let active: Vec<PlayerId> = snap
            .entrants
            .iter()
            .filter(|e| e.withdrawn.is_none_or(|w| w > next))
            .map(|e| PlayerId(e.player.0))
            .collect();
        if next > info.rounds || active.len() < 2 {
            let lines = score::standings(&snap).map_err(|e| StoreError::Data(e.to_string()))?;
            TournamentState::Finished.key().clone_into(&mut step.state);
            step.round_deadline_ms = None;
            step.check_ms = None;
            progress.events.push(Event::Finished {
                winner: lines.first().map(|l| l.player),
            });
            return Ok(Some(step));
        }
        let core = score::core(&snap).map_err(|e| StoreError::Data(e.to_string()))?;
        let paired = tokio::time::timeout(
            PAIRING_LIMIT,
            tokio::task::spawn_blocking(move || score::pair(&core, &active)),
        )
        .await;
        let round = match paired {
            Ok(Ok(Ok(round))) => round,
            failed => {
                let why = match failed {
                    Err(_) => "ran out of time".to_owned(),
                    Ok(Err(e)) => format!("stopped: {e}"),
                    Ok(Ok(Err(e))) => e.to_string(),
                    Ok(Ok(Ok(_))) => String::new(),
                };
                tracing::error!(tournament = %info.id, round = next, why, "a pairing failed; the tournament is paused");
                TournamentState::Paused.key().clone_into(&mut step.state);
                step.round = next;
                step.note = Some("pairing".into());
                step.check_ms = None;
                progress.events.push(Event::Paused);
                return Ok(Some(step));
            }
        };
        let limits = self.paces.of(info.pace);
        step.round = next;
        step.round_deadline_ms = Some(millis(now + round_length(info.variant, limits)));
        let mut pairings = Vec::new();
        for (i, &(white, black)) in round.pairs.iter().enumerate() {
            let board = i as u32 + 1;
            let match_id = MatchId::random();
            step.pairings.push(NewPairing {
                round: next,
                board,
                white: Member(white.0),
                black: Some(Member(black.0)),
                match_id: Some(match_id),
            });
            pairings.push(Pairing {
                board,
                white: Member(white.0),
                black: Some(Member(black.0)),
                match_id: Some(match_id),
            });
        }
        if let Some(bye) = round.bye {
            let board = round.pairs.len() as u32 + 1;
            step.pairings.push(NewPairing {
                round: next,
                board,
                white: Member(bye.0),
                black: None,
                match_id: None,
            });
            pairings.push(Pairing {
                board,
                white: Member(bye.0),
                black: None,
                match_id: None,
            });
        }
        progress.events.push(Event::Paired {
            round: next,
            pairings,
        });
        Ok(Some(step))
    }

    /// Claims the current round's pairings whose matches are not opened yet (and not
    /// being opened by another process) and hands them to the caller; when any is left
    /// unopened (a player busy elsewhere), the sweep looks again soon.
    async fn hand_out(
        &self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
        now: SystemTime,
        progress: &mut Progress,
    ) -> Result<(), TournamentError> {
        let store = self.tournaments()?;
        let name_of = |p: Member| {
            snap.entrants
                .iter()
                .find(|e| e.player == p)
                .map_or_else(|| p.0.to_string(), |e| e.name.clone())
        };
        let stale = millis(now.checked_sub(STALE_CLAIM).unwrap_or(now));
        for p in snap
            .pairings
            .iter()
            .filter(|p| p.round == info.round && !p.opened && p.result.is_none())
        {
            let (Some(black), Some(match_id)) = (p.black, p.match_id) else {
                continue;
            };
            if !store
                .claim_pairing(info.id, p.round, p.board, millis(now), stale)
                .await?
            {
                continue;
            }
            progress.to_open.push(ToOpen {
                tournament: info.id,
                name: info.name.clone(),
                round: p.round,
                board: p.board,
                match_id,
                white: (p.white, name_of(p.white)),
                black: (black, name_of(black)),
            });
        }
        Ok(())
    }

    /// The result of a pairing whose match could not open before the round's deadline:
    /// a player bound to another match all along did not show (the other wins by
    /// forfeit); when neither or both were, neither scores and both are out.
    async fn unopened(&self, p: &PairingRow) -> (PairResult, Vec<Member>) {
        let Some(black) = p.black else {
            return (PairResult::Bye, Vec::new());
        };
        let busy = |m: Member| async move { self.read(Locate::Player(m), |_| ()).await.is_some() };
        match (busy(p.white).await, busy(black).await) {
            (true, false) => (PairResult::BlackForfeit, vec![p.white]),
            (false, true) => (PairResult::WhiteForfeit, vec![black]),
            _ => (PairResult::Neither, vec![p.white, black]),
        }
    }

    /// Ends the current round's matches still being played, as timeouts (the round's
    /// deadline passed). Returns the ends to announce.
    async fn end_stragglers(
        &self,
        snap: &TournamentSnapshot,
        info: &TournamentInfo,
    ) -> Result<Vec<Ended>, TournamentError> {
        let mut ends = Vec::new();
        for p in snap.pairings.iter().filter(|p| p.round == info.round) {
            let (Some(_), Some(id)) = (p.black, p.match_id) else {
                continue;
            };
            if !p.game.as_ref().is_some_and(|g| g.live) {
                continue;
            }
            let time_out =
                |e: &mut Entry, _: &mut super::engine::Change| super::ends::time_out(e, None);
            match self
                .engine
                .act(Locate::Id(id), SessionError::Stale, false, time_out)
                .await
            {
                Ok(((), Some(end))) => ends.push(end),
                Ok(((), None)) | Err(SessionError::Stale) => {}
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not end a match at its round's deadline");
                }
            }
        }
        Ok(ends)
    }

    /// Opens the match of a pairing this process claimed ([`Progress::to_open`]): a
    /// normal match of the tournament's rules and pace, straight into placement, waiting
    /// for its thread under the tournament's channel. A match stored already (an earlier
    /// try) is not opened again. Refused with [`SessionError::Busy`] while a player plays
    /// another match (the claim is given back; the sweep tries again).
    pub async fn open_tournament_match(&self, m: &ToOpen) -> Result<OpenedMatch, SessionError> {
        let snap = self
            .snapshot(m.tournament)
            .await
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let info =
            TournamentInfo::of(&snap.row).map_err(|e| SessionError::Internal(e.to_string()))?;
        let p = snap
            .pairings
            .iter()
            .find(|p| p.round == m.round && p.board == m.board)
            .ok_or(SessionError::Stale)?;
        if p.result.is_some() && !p.opened {
            // Scored without a match meanwhile (an entrant's data was deleted): nothing
            // to open.
            return Err(SessionError::Stale);
        }
        let opened = self.open_match(&info, p, m.match_id).await;
        if opened.is_err()
            && let Some(store) = self.store.tournaments()
            && let Err(e) = store
                .release_pairing(m.tournament, m.round, m.board, false)
                .await
        {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not give a pairing's claim back");
        }
        opened
    }

    /// Records that the match of a pairing has its home (its thread, or the channel).
    pub async fn tournament_match_opened(&self, m: &ToOpen) {
        if let Some(store) = self.store.tournaments()
            && let Err(e) = store
                .release_pairing(m.tournament, m.round, m.board, true)
                .await
        {
            tracing::warn!(match_id = %m.match_id, error = %e, "could not record an opened pairing");
        }
    }

    /// Opens (or finds) the match of pairing `p`.
    async fn open_match(
        &self,
        info: &TournamentInfo,
        p: &PairingRow,
        id: MatchId,
    ) -> Result<OpenedMatch, SessionError> {
        let black = p.black.ok_or(SessionError::Stale)?;
        let white = p.white;
        let snap_names = self
            .snapshot(info.id)
            .await
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let name = |m: Member| {
            snap_names
                .entrants
                .iter()
                .find(|e| e.player == m)
                .map_or_else(|| m.0.to_string(), |e| e.name.clone())
        };
        let names = [name(white), name(black)];
        if let Some(stored) = self.store.finished().get(id).await? {
            let entry = record::entry_of(&stored.state)
                .map_err(|e| SessionError::Internal(format!("match {id}: {e}")))?;
            return Ok(OpenedMatch {
                id,
                accepted: accepted_of(&entry, info.channel),
                again: true,
            });
        }
        let variant = info.variant;
        let refused = |e| SessionError::rules(variant, e);
        let seed = self.seeds.next();
        let mut game = Match::challenge(white, black, variant, MatchOptions::default(), seed)
            .map_err(refused)?;
        game.accept(black)
            .map_err(|e| SessionError::rules(variant, e))?;
        game.set_first(white);
        for player in [white, black] {
            game.shuffle_fleet(player)
                .map_err(|e| SessionError::rules(variant, e))?;
        }
        let now = SystemTime::now();
        let limits = self.paces.of(info.pace);
        let rated = match self.settings().of(info.guild).await {
            Ok(s) => s.rated,
            Err(_) => true,
        };
        let entry = Entry::open(NewEntry {
            id,
            channel: ChannelKey(id.0),
            guild: Some(info.guild),
            created: now,
            game,
            names,
            deadline: now + limits.placement,
            guild_locale: info.locale.clone(),
            player_locales: [None, None],
            computer: None,
            series: None,
            last_fleets: [None, None],
            pace: info.pace,
            limits: Some(limits),
            rated,
            home: Home::Pending {
                parent: info.channel,
            },
        });
        let record = record::of(&entry, now, Vec::new())
            .map_err(|e| SessionError::Internal(format!("cannot serialise a new match: {e}")))?;
        let accepted = accepted_of(&entry, info.channel);
        let _held = self.members.hold(&entry.members()).await?;
        self.engine.open(entry, &record, &[]).await?;
        Ok(OpenedMatch {
            id,
            accepted,
            again: false,
        })
    }
}

/// Placement of `entry` as an Accept would have begun it.
fn accepted_of(entry: &Entry, parent: ChannelKey) -> Accepted {
    let players = entry.game.players();
    let previews = players
        .iter()
        .enumerate()
        .filter_map(|(i, &p)| {
            Preview::of(entry, p).map(|preview| (p, preview, entry.player_locales[i].clone()))
        })
        .collect();
    Accepted {
        players,
        variant: entry.game.variant(),
        deadline: entry.deadline,
        previews,
        guild_locale: entry.guild_locale.clone(),
        names: entry.names.clone(),
        wants_thread: matches!(entry.home, Home::Pending { .. }).then_some(parent),
    }
}

/// The side that fires first in a tournament match: its White, the challenger's seat.
pub const WHITE_SEAT: Side = Side::Challenger;
