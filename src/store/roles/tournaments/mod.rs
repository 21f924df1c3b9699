//! The tournaments role (issue 33): a tournament, its entrants and pairings, joining and
//! leaving, and a step written only over the version it was worked out from. Its SQL is
//! `sql.rs`; the schema is `migrations/shared/0008_tournaments.sql`.

use crate::game::PlayerId;
#[cfg(doc)]
use crate::store::MatchResult;
use std::ops::RangeInclusive;

use crate::store::{ChannelKey, GuildId, MatchId, MessageId, StoreFuture, Timestamp, TournamentId};

/// A tournament as stored (`migrations/shared/0008_tournaments.sql`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id.
    pub id: TournamentId,
    /// The server.
    pub guild: GuildId,
    /// The channel it belongs to.
    pub channel: ChannelKey,
    /// Who created it.
    pub creator: PlayerId,
    /// Its name as given (escaped where it is shown).
    pub name: String,
    /// `classic` or `game2000`.
    pub variant: String,
    /// `blitz`, `standard` or `daily`.
    pub pace: String,
    /// Rounds in all.
    pub rounds: u32,
    /// The most entrants it takes.
    pub max_players: u32,
    /// When round 1 is paired by itself.
    pub starts: Option<Timestamp>,
    /// `signup`, `running`, `paused`, `finished` or `cancelled`.
    pub state: String,
    /// The round being played (0 before the start).
    pub round: u32,
    /// When the current round's stragglers end.
    pub round_deadline: Option<Timestamp>,
    /// The top seed fires first in round 1.
    pub top_white: bool,
    /// The language of its public texts.
    pub locale: Option<String>,
    /// The public sign-up message.
    pub signup_message: Option<MessageId>,
    /// Why it was paused or called off.
    pub note: Option<String>,
    /// When the sweep looks at it next.
    pub check: Option<Timestamp>,
    /// The round whose matches were opened before their tournament was kept in them
    /// (see migration 0014).
    pub legacy_round: Option<u32>,
    /// Who won it.
    pub winner: Option<PlayerId>,
    /// Bumped by every change of its state.
    pub version: u64,
    /// When it was created.
    pub created: Timestamp,
    /// When it last changed.
    pub updated: Timestamp,
    /// Entrants (read back; ignored when it is created).
    pub entrants: u32,
}

/// One entrant as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The member.
    pub player: PlayerId,
    /// Their display name when they joined.
    pub name: String,
    /// Their rating in the tournament's rule set at the start (0 before).
    pub rating: u32,
    /// When they joined.
    pub joined: Timestamp,
    /// Out from this round on.
    pub withdrawn: Option<u32>,
    /// Why: `left` or `no-show`.
    pub reason: Option<String>,
}

/// What the store knows of a pairing's match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedMatch {
    /// Still being played.
    pub live: bool,
    /// How it ended (see [`MatchResult::how`]).
    pub how: Option<String>,
    /// The winner, if any.
    pub winner: Option<PlayerId>,
    /// Moves (shots or salvos) fired by `[white, black]`.
    pub moves: [u32; 2],
}

/// One pairing as stored, with its match as far as it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The round (1 first).
    pub round: u32,
    /// The board (1 first; the bye last).
    pub board: u32,
    /// Fires first.
    pub white: PlayerId,
    /// The opponent; `None`: `white` has the pairing bye.
    pub black: Option<PlayerId>,
    /// The match's id (none for a bye).
    pub match_id: Option<MatchId>,
    /// A process is opening the match, since then.
    pub claim: Option<Timestamp>,
    /// The match is stored and has its thread.
    pub opened: bool,
    /// Set when the round closed (see the migration).
    pub result: Option<String>,
    /// The match, once stored.
    pub game: Option<PairedMatch>,
}

/// A tournament with its entrants (in joining order) and every pairing (by round and
/// board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSnapshot {
    /// The tournament.
    pub row: TournamentRow,
    /// Its entrants.
    pub entrants: Vec<EntrantRow>,
    /// Its pairings.
    pub pairings: Vec<PairingRow>,
}

/// A pairing to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// Fires first.
    pub white: PlayerId,
    /// The opponent (none: a bye).
    pub black: Option<PlayerId>,
    /// The match's id (none for a bye).
    pub match_id: Option<MatchId>,
}

/// One step of a tournament, written in one transaction, only over the version it was
/// worked out from ([`TournamentStore::advance_tournament`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentStep {
    /// The version read.
    pub expected: u64,
    /// The new state.
    pub state: String,
    /// The round now played.
    pub round: u32,
    /// Its deadline.
    pub round_deadline: Option<Timestamp>,
    /// Why it is paused or called off.
    pub note: Option<String>,
    /// When the sweep looks again (also its due time: a step taken by this process is
    /// taken by no other before it).
    pub check: Option<Timestamp>,
    /// The winner, when it finishes (written with the last step).
    pub winner: Option<PlayerId>,
    /// Its announcements, in order, to post (taken by this process at `at`).
    pub posts: Vec<NewPost>,
    /// Ratings taken at the start, by member.
    pub ratings: Vec<StartRating>,
    /// Results of a round that closed.
    pub results: Vec<BoardResult>,
    /// Members withdrawn.
    pub withdrawals: Vec<Withdrawal>,
    /// The next round's pairings.
    pub pairings: Vec<NewPairing>,
    /// When.
    pub at: Timestamp,
}

/// What a join did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// Joined; this many entrants now.
    Done(u32),
    /// Already an entrant.
    Twice,
    /// No room left.
    Full(u32),
    /// Sign-up is over (or the tournament is unknown).
    Closed,
}

/// What a leave did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// Removed before the start; this many entrants now.
    Removed(u32),
    /// Withdrawn from this round on (after the start).
    Withdrawn(u32),
    /// Not an entrant (or already out).
    NotIn,
    /// The tournament is over (or unknown).
    Closed,
}

/// Tournaments, kept beside the matches (both back-ends, SQL in `sql.rs`), with the
/// sweep's side ([`TournamentSweep`]).
pub trait TournamentStore: TournamentSweep + Send + Sync {
    /// Stores a new tournament (state, round and version as given).
    fn create_tournament<'a>(&'a self, row: &'a TournamentRow) -> StoreFuture<'a, ()>;

    /// One tournament with its entrants and pairings.
    fn tournament(&self, id: TournamentId) -> StoreFuture<'_, Option<TournamentSnapshot>>;

    /// The tournaments of `channel`, newest first, at most 25 (`open`: only those not
    /// yet over).
    fn tournaments_in(
        &self,
        channel: ChannelKey,
        open: bool,
    ) -> StoreFuture<'_, Vec<TournamentRow>>;

    /// Adds `player` as an entrant while sign-up is open and there is room (moving the
    /// tournament's version on, so a start worked out before it is worked out again).
    fn join_tournament<'a>(&'a self, who: EntrantChange, name: &'a str) -> StoreFuture<'a, Joined>;

    /// Takes `player` out: removed before the start; after it, withdrawn from the next
    /// round still to be paired as the tournament is when the leave is written (the one
    /// after the current round while it runs, the round it stopped at while paused). A
    /// leave, like a join, moves the tournament's version on, so a step worked out before
    /// it is worked out again.
    fn leave_tournament(&self, who: EntrantChange) -> StoreFuture<'_, Left>;

    /// Remembers the public sign-up message.
    fn set_signup_message(&self, id: TournamentId, message: MessageId) -> StoreFuture<'_, ()>;

    /// Writes `step` if the tournament still has the version it was worked out from
    /// (its row locked meanwhile) and its pairings name only entrants who play their
    /// round; `false` when another change came first (nothing written).
    fn advance_tournament<'a>(
        &'a self,
        id: TournamentId,
        step: &'a TournamentStep,
    ) -> StoreFuture<'a, bool>;

    /// Claims the opening of a pairing's match: `true` for the one caller that finds it
    /// unopened and unclaimed (or claimed before `claim.stale`).
    fn claim_pairing(&self, board: BoardKey, claim: Claim) -> StoreFuture<'_, bool>;

    /// Ends a claim: the match opened (`opened`), or could not be (the claim is given
    /// back).
    fn release_pairing(&self, board: BoardKey, opened: bool) -> StoreFuture<'_, ()>;

    /// Renews this process's claim on opening a pairing's match (still unopened) to
    /// `at`, so that no other takes it while its greeting is posted; `false` when the
    /// claim is gone.
    fn renew_pairing_claim(&self, board: BoardKey, at: Timestamp) -> StoreFuture<'_, bool>;

    /// The tournament, its name and the round a match belongs to.
    fn tournament_of_match(&self, match_id: MatchId) -> StoreFuture<'_, Option<MatchTournament>>;

    /// Tournaments `player` played in that are over, and of those the ones they won.
    fn tournament_record(&self, player: PlayerId) -> StoreFuture<'_, TournamentRecord>;
}

/// The sweep's side of the tournaments (SQL in `due.rs`): which are due, taken with a
/// lease, and the announcements of their steps still to post.
pub trait TournamentSweep: Send + Sync {
    /// The tournaments due at `at` (their due time passed), earliest first, read by the
    /// due index alone: an idle tournament is never read.
    fn tournaments_due(&self, at: Timestamp) -> StoreFuture<'_, Vec<DueTournament>>;

    /// Takes tournament `due.id` for a step: moves its due time from `due.due` (as read)
    /// to `lease`; `false` when another process took it (or it changed) first.
    fn take_due_tournament(&self, due: DueTournament, lease: Timestamp) -> StoreFuture<'_, bool>;

    /// Sets when the sweep looks at tournament `id` next (`None`: never by itself),
    /// unless it was made due within `step` (the step's start to its end: a match's end
    /// meanwhile, [`TournamentSweep::tournament_due_now`]), which stands.
    fn set_tournament_due(
        &self,
        id: TournamentId,
        due: Option<Timestamp>,
        step: RangeInclusive<Timestamp>,
    ) -> StoreFuture<'_, ()>;

    /// Makes tournament `id` due at `at` at the latest (a match of it ended).
    fn tournament_due_now(&self, id: TournamentId, at: Timestamp) -> StoreFuture<'_, ()>;

    /// Tournament `id`'s announcements still to post, in order (see [`PostsToTake`]). A
    /// post another process took meanwhile is left out, with those after it.
    fn take_tournament_posts(
        &self,
        id: TournamentId,
        which: PostsToTake,
    ) -> StoreFuture<'_, Vec<PostRow>>;

    /// The tournaments with announcements taken before `stale` and never posted.
    fn tournaments_with_stale_posts(&self, stale: Timestamp) -> StoreFuture<'_, Vec<TournamentId>>;

    /// An announcement was posted (or can never be): it is deleted.
    fn tournament_post_done(&self, id: TournamentId, seq: u64) -> StoreFuture<'_, ()>;

    /// Moves the round deadlines of running tournaments not changed since `last_seen` by
    /// the time the bot was down (until `now`); returns how many moved.
    fn give_tournaments_time_back(
        &self,
        last_seen: Timestamp,
        now: Timestamp,
    ) -> StoreFuture<'_, u64>;
}

/// A member joining or leaving a tournament ([`TournamentStore::join_tournament`],
/// [`TournamentStore::leave_tournament`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntrantChange {
    /// The tournament.
    pub tournament: TournamentId,
    /// The member.
    pub player: PlayerId,
    /// When.
    pub at: Timestamp,
}

/// One board of a tournament's round: the key of a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardKey {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round (1 first).
    pub round: u32,
    /// The board (1 first).
    pub board: u32,
}

/// A claim taken at `at` over any taken before `stale` (whose process is taken to have
/// stopped): on opening a pairing's match, or on posting announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    /// When it is taken.
    pub at: Timestamp,
    /// A claim taken before this is taken over.
    pub stale: Timestamp,
}

/// Which announcements of a tournament [`TournamentSweep::take_tournament_posts`] hands
/// back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostsToTake {
    /// Those its step at this time wrote (taken by the caller's process then).
    OfStep(Timestamp),
    /// Those a stopped process left (taken before `stale`), which the caller takes now
    /// (at `at`), one by one in order.
    Left(Claim),
}

/// A tournament due for a look ([`TournamentSweep::tournaments_due`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueTournament {
    /// The tournament.
    pub id: TournamentId,
    /// Its server.
    pub guild: GuildId,
    /// Still taking entrants (its start is due).
    pub signup: bool,
    /// Its due time as read.
    pub due: Timestamp,
}

/// An announcement a step makes ([`TournamentStep::posts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPost {
    /// What: `called-off`, `paired`, `standings`, `winner` or `paused`.
    pub kind: String,
    /// The round it is about (0: none).
    pub round: u32,
}

/// An announcement still to post ([`TournamentSweep::take_tournament_posts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostRow {
    /// Its number in the tournament's order.
    pub seq: u64,
    /// What (see [`NewPost::kind`]).
    pub kind: String,
    /// The round it is about.
    pub round: u32,
}

/// A member's rating in the tournament's rule set, taken at its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartRating {
    /// The member.
    pub player: PlayerId,
    /// Their rating as shown.
    pub rating: u32,
}

/// The result of one board of a round that closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardResult {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The result, as stored (see the migration).
    pub result: String,
}

/// A member out of a tournament from a round on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    /// The member.
    pub player: PlayerId,
    /// The first round they no longer play.
    pub from: u32,
    /// Why: `left` or `no-show`.
    pub reason: String,
}

/// The tournament a match belongs to ([`TournamentStore::tournament_of_match`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchTournament {
    /// The tournament.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// The match's round.
    pub round: u32,
}

/// A member's tournaments that are over ([`TournamentStore::tournament_record`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Those they played in.
    pub played: u32,
    /// Of which those they won.
    pub won: u32,
}
