//! Persistence of matches behind one small trait, so that a second backend can follow
//! the embedded SQLite one.
//!
//! The store knows ids, numbers and opaque state bytes, not the rules: the session layer
//! turns a live match into a [`MatchRecord`] and back. Every accepted change is written as
//! one record (the whole state, its version and the moves it added) before anything about
//! it is sent; a write never replaces a newer version with an older one.

use std::future::Future;
use std::pin::Pin;

use crate::game::PlayerId;
pub use crate::ids::{ChannelKey, GuildId, MatchId, MessageId, TournamentId};

pub mod format;
pub mod migrate;
mod migrations;
pub mod postgres;
mod rows;
pub mod seasons;
pub mod sqlite;

pub use postgres::PgStore;
pub use seasons::SeasonStore;
pub use sqlite::SqliteStore;

/// What a store's operations return: a boxed future, so that the trait can be used as
/// `dyn Store`.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Why the store could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL is not one this build understands.
    #[error("DATABASE_URL {url:?} is not a database URL this bot understands: {reason}")]
    BadUrl {
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The database file could not be opened or is not a database.
    #[error(
        "cannot open the database {file}: {reason}. The file was left untouched; \
         restore it from a backup or point DATABASE_URL elsewhere"
    )]
    Open {
        /// The file.
        file: String,
        /// The underlying error.
        reason: String,
    },
    /// The PostgreSQL server could not be reached, or refused the connection (no such
    /// database, a wrong password).
    #[error(
        "cannot connect to the database {database}: {reason}. Check DATABASE_URL, that the \
         server runs and that the database exists (create it with `createdb`)"
    )]
    Connect {
        /// The URL, without its password.
        database: String,
        /// What the server or the network said.
        reason: String,
        /// The server refused for good (no such database, wrong credentials), rather
        /// than could not be reached.
        refused: bool,
    },
    /// The SQLite path names a directory.
    #[error(
        "DATABASE_URL names {file}, which is a directory: name a file in it, such as \
         sqlite://{file}/broadside.db"
    )]
    Directory {
        /// The path.
        file: String,
    },
    /// A SQLite database that must exist (a migration's source) is not there.
    #[error("there is no database at {file}: check the path (nothing was created there)")]
    Missing {
        /// The path.
        file: String,
    },
    /// Another process already uses this SQLite database (its lock file is held).
    #[error(
        "the database {file} is in use by another Broadside process (the lock file beside it \
         is held); stop that one first, or point DATABASE_URL elsewhere. Several processes \
         can share a PostgreSQL database, not a SQLite file"
    )]
    InUse {
        /// The file.
        file: String,
    },
    /// The integrity check failed.
    #[error(
        "the database {file} is damaged ({reason}). The file was left untouched; \
         restore it from a backup or point DATABASE_URL elsewhere"
    )]
    Corrupt {
        /// The file.
        file: String,
        /// What the check reported.
        reason: String,
    },
    /// The database was written by a newer version of the bot.
    #[error(
        "the database {file} has schema version {found}, newer than this build knows \
         (up to {known}); run the newer Broadside, or point DATABASE_URL elsewhere"
    )]
    NewerSchema {
        /// The file.
        file: String,
        /// The newest migration applied to the file.
        found: i64,
        /// The newest migration this build has.
        known: i64,
    },
    /// Applying the migrations failed.
    #[error("cannot bring the database {file} up to date: {reason}")]
    Migrate {
        /// The file.
        file: String,
        /// The underlying error.
        reason: String,
    },
    /// The stored version is not older than the one written: another writer got there
    /// first (or a match id collided).
    #[error("match {id} was changed elsewhere (stored version is not older than {version})")]
    Conflict {
        /// The match.
        id: MatchId,
        /// The version that was not written.
        version: u64,
    },
    /// A shared store refused to open or change a live match because a channel or member
    /// it needs is taken by another live match.
    #[error("{0}")]
    Taken(Taken),
    /// A rematch names a member who was forgotten meanwhile (`/privacy delete`).
    #[error("a member of this rematch was forgotten")]
    Forgotten,
    /// A read or write failed while running.
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
    /// Stored data could not be read back.
    #[error("stored data is unreadable: {0}")]
    Data(String),
}

impl StoreError {
    /// Whether starting again cannot help: the database is missing, damaged, newer than
    /// this build, in use by another process, or the URL or credentials are wrong. (A
    /// server that cannot be reached may come back, and a failed query may work later.)
    #[must_use]
    pub fn is_permanent(&self) -> bool {
        match self {
            StoreError::BadUrl { .. }
            | StoreError::Directory { .. }
            | StoreError::Missing { .. }
            | StoreError::Open { .. }
            | StoreError::InUse { .. }
            | StoreError::Corrupt { .. }
            | StoreError::NewerSchema { .. }
            | StoreError::Migrate { .. } => true,
            StoreError::Connect { refused, .. } => *refused,
            _ => false,
        }
    }

    /// Whether the database gave up waiting for another transaction on the same rows (a
    /// lock timeout, or a deadlock it broke): nothing was written, and trying again later
    /// may well work.
    #[must_use]
    pub fn is_contention(&self) -> bool {
        match self {
            StoreError::Query(sqlx::Error::Database(db)) => {
                matches!(db.code().as_deref(), Some("55P03" | "40P01"))
            }
            _ => false,
        }
    }
}

/// What a live match needs that another live match holds (shared stores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Taken {
    /// The channel has a live match.
    #[error("the channel already has a live match")]
    Channel,
    /// The member plays a live match, in `channel`.
    #[error("member {} already plays in channel {channel}", player.0)]
    Player {
        /// The member.
        player: PlayerId,
        /// Where they play.
        channel: ChannelKey,
        /// That channel's server.
        guild: Option<GuildId>,
    },
}

/// How a shared store finds a live match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveKey {
    /// The live match with this id.
    Id(MatchId),
    /// The live match in a channel.
    Channel(ChannelKey),
    /// The live match a member is bound to (has accepted, or challenged in).
    Player(PlayerId),
    /// Any live match with the member in a seat (also a challenge they have not answered).
    Seat(PlayerId),
}

/// What [`SharedStore::change`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The new record was written.
    Written,
    /// The change refused (it returned no record); nothing was written.
    Refused,
    /// No live match has that id.
    Missing,
    /// Another process is changing the match right now (only when asked to skip it).
    Locked,
}

/// A change of one live match, run by [`SharedStore::change`] while the match's row is locked:
/// given the stored state, the record to write, or `None` to leave the match as it is.
pub type Apply<'a> = &'a mut (dyn FnMut(&[u8]) -> Option<MatchRecord> + Send);

/// How a finished match ended, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// `sunk`, `draw`, `forfeit`, `timeout`, `cancelled`, `declined`, `expired` or `abandoned`.
    pub how: &'static str,
    /// The winner, if there was one.
    pub winner: Option<PlayerId>,
    /// The loser, if there was one.
    pub loser: Option<PlayerId>,
}

/// One shot (classic) or salvo (game2000), as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1, 2, 3 … within the match.
    pub seq: u32,
    /// The shooter.
    pub player: PlayerId,
    /// The shooter's turn number.
    pub turn: u32,
    /// The cells in board order, e.g. `C4 D5 E6`.
    pub cells: String,
    /// JSON: one report per shot, in processing order.
    pub reports: String,
    /// When it was played, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// One accepted change of one match: its whole new state and what it added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match id.
    pub id: MatchId,
    /// The state's version; a write with a lower version than the stored one is ignored.
    pub version: u64,
    /// Where it is played.
    pub channel: ChannelKey,
    /// The server, if known.
    pub guild: Option<GuildId>,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// `classic` or `game2000`.
    pub variant: &'static str,
    /// The options as JSON.
    pub options: String,
    /// The computer's difficulty, when it plays.
    pub computer: Option<&'static str>,
    /// `challenge`, `placement`, `battle` or `finished`.
    pub phase: &'static str,
    /// The deadline of the current phase, in ms since the epoch.
    pub deadline_ms: i64,
    /// The whole state, opaque to the store.
    pub state: Vec<u8>,
    /// Set once the match is over.
    pub result: Option<MatchResult>,
    /// When the match was opened.
    pub created_ms: i64,
    /// When this change happened.
    pub updated_ms: i64,
    /// Moves this change added (usually none or one).
    pub moves: Vec<MoveRecord>,
    /// The members bound to this match while it is live: the challenger from the
    /// challenge on, the opponent once they accept (never the computer). A shared store
    /// keeps each member bound to at most one live match.
    pub claims: Vec<PlayerId>,
    /// The computer is to move (a shared store finds stalled computer turns by it).
    pub computer_next: bool,
    /// Set on the change that ends a match that was played out: what it adds to ratings,
    /// statistics and history, written in the same transaction as the end.
    pub played: Option<Played>,
    /// Set on a rematch's first record.
    pub rematch_of: Option<RematchOf>,
    /// When the player to move is to be reminded next (daily matches), in ms since the
    /// epoch.
    pub remind_ms: Option<i64>,
    /// A live match not keyed by the channel its messages go to (a challenge waiting for
    /// its thread): that channel, through which it is found ([`LiveStore::posted_in`]).
    pub post_channel: Option<ChannelKey>,
}

impl MatchRecord {
    /// How the match ended, for the settlement of ratings and statistics
    /// ([`crate::rating::settle`]), when this record ends a match that was played out.
    #[must_use]
    pub fn end(&self) -> Option<crate::rating::settle::MatchEnd> {
        let (played, result) = (self.played.as_ref()?, self.result.as_ref()?);
        // The rating core counts in plain numbers.
        let seat = |i: usize| crate::rating::settle::Seat {
            player: self.players[i].0,
            name: played.names[i].clone(),
            shots: played.stats[i].shots,
            hits: played.stats[i].hits,
            turns: played.stats[i].turns,
        };
        Some(crate::rating::settle::MatchEnd {
            id: self.id.0,
            variant: self.variant,
            guild: self.guild.map(u64::from),
            how: result.how,
            winner: result.winner.map(u64::from),
            seats: [seat(0), seat(1)],
            computer: self.computer,
            rated: played.rated,
            ended_ms: self.updated_ms,
        })
    }
}

/// What a match played out adds to ratings and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Display names of `[challenger, opponent]` at the end (kept for leaderboards).
    pub names: [String; 2],
    /// Shots, hits and turns of `[challenger, opponent]`.
    pub stats: [crate::game::PlayerStats; 2],
    /// Whether it counts for ratings (member against member, where matches are rated).
    pub rated: bool,
}

/// The match a rematch follows, and its players: the rematch is written only while that
/// match still names them (a member forgotten meanwhile is not brought back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RematchOf {
    /// The finished match.
    pub id: MatchId,
    /// Its `[challenger, opponent]`.
    pub players: [PlayerId; 2],
}

/// A finished match rewritten when a member is forgotten.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// The match.
    pub id: MatchId,
    /// Its state with the member replaced (`None`: the state is unreadable and stays; only
    /// its columns lose the member's id).
    pub state: Option<Vec<u8>>,
    /// The placeholder id that takes the member's place in its columns.
    pub placeholder: PlayerId,
}

/// What [`PrivacyStore::forget`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgot {
    /// The member is forgotten.
    Done,
    /// They play a live match; nothing was written.
    Playing,
    /// A finished match of theirs is missing from the rewrite (it ended meanwhile);
    /// nothing was written.
    Changed,
}

/// How many buckets the habit epochs (`habit_epochs`) are kept in.
pub const HABIT_BUCKETS: u64 = 1024;

/// The bucket of `player`'s habit epoch: their id modulo [`HABIT_BUCKETS`]. Buckets, not
/// members, so that the table never holds the id of a member who was forgotten.
#[must_use]
pub fn habit_bucket(player: PlayerId) -> i32 {
    i32::try_from(player.0 % HABIT_BUCKETS).unwrap_or(0)
}

/// The key of the global leaderboard where a server's id goes ([`FinishedStore::leaderboard`],
/// [`FinishedStore::place`]): it ranks only the members who opted in
/// ([`SettingsStore::set_leaderboard_visible`]). No server has this id (Discord ids are never 0).
pub const GLOBAL_BOARD: GuildId = GuildId(0);

/// A member's standing in one rule set, as a leaderboard shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The member.
    pub player: PlayerId,
    /// Their last known display name.
    pub name: String,
    /// Their rating.
    pub rating: crate::rating::Rating,
    /// Their rated record.
    pub record: crate::rating::Record,
}

/// One page of a server's leaderboard.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LeaderPage {
    /// Established members first (by rating as shown, rounded, best first; equal ones by
    /// member id), then provisional ones in the same order.
    pub rows: Vec<Standing>,
    /// Members on the whole leaderboard.
    pub total: u32,
    /// Of which established (not provisional).
    pub established: u32,
}

/// Where a member stands on a leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 0-based position in the leaderboard's order.
    pub position: u32,
    /// The rank shown: 1 + the established members with a higher rating as shown (equal
    /// ratings share a rank). `None` while the rating is provisional.
    pub rank: Option<u32>,
}

/// One finished match of a member, for `/history`.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    /// The member's side of it.
    pub result: crate::rating::ResultRow,
    /// `classic` or `game2000`.
    pub variant: String,
    /// The opponent's display name as stored in the match.
    pub opponent_name: Option<String>,
}

/// A finished (or live) match as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMatch {
    /// The match id.
    pub id: MatchId,
    /// The stored version.
    pub version: u64,
    /// Whether it is still being played.
    pub live: bool,
    /// `challenge`, `placement`, `battle` or `finished`.
    pub phase: String,
    /// The channel (or thread) it was played in.
    pub channel: ChannelKey,
    /// The server it was played in, if known.
    pub guild: Option<GuildId>,
    /// `[challenger, opponent]`.
    pub players: [PlayerId; 2],
    /// `classic` or `game2000`.
    pub variant: String,
    /// How it ended, once it has.
    pub how: Option<String>,
    /// The winner, if any.
    pub winner: Option<PlayerId>,
    /// When it was opened and when it ended (ms since the epoch).
    pub created_ms: i64,
    /// When it ended.
    pub ended_ms: Option<i64>,
    /// The whole state.
    pub state: Vec<u8>,
}

/// The SQL of [`FinishedStore::latest`], the same on both back-ends: public so that its plans
/// can be checked (issue 36, item 2).
pub use sqlite::queries::{FINISHED_BY_MEMBER, FINISHED_IN_SERVER, FINISHED_OUTSIDE_SERVERS};

/// A match that is over, read back for the hard computer to learn from.
///
/// Only the store's row reader makes one, and only from a row that is not live (a live
/// row is an error there, whatever the query selected); nothing outside the store can
/// make one. So what is learned from these never includes a match being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedMatch {
    /// The match id.
    id: MatchId,
    /// The whole state.
    state: Vec<u8>,
}

impl FinishedMatch {
    /// The match id.
    #[must_use]
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The whole state, as stored.
    #[must_use]
    pub fn state(&self) -> &[u8] {
        &self.state
    }
}

/// Live matches, for the engines, the restore and the sweeps: the write of every accepted
/// change, the live states to bring back at a start, and the live matches that are due
/// (deadline, computer to move) or are found by a channel or server.
pub trait LiveStore: Send + Sync {
    /// Writes `record` (state, columns and its moves) in one transaction. A record whose
    /// version is not newer than the stored one is refused with [`StoreError::Conflict`].
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()>;

    /// Writes many records in one transaction (used at start-up).
    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()>;

    /// The ids and states of every live match, the most recently changed first.
    fn live_states(&self) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>>;

    /// Ends a live match that cannot be brought back (unreadable, or clashing with
    /// another), as `abandoned`, without touching its state; its members are free again.
    fn retire(&self, id: MatchId, at_ms: i64) -> StoreFuture<'_, ()>;

    /// Sets aside a live match whose state this build cannot read: it is no longer live
    /// (its channel and members are free), never ended, and its row and state are kept as
    /// they were (phase [`format::SET_ASIDE`]) for a build that reads them. `false` when it
    /// was not live (set aside before, or ended meanwhile).
    fn set_aside(&self, id: MatchId, at_ms: i64) -> StoreFuture<'_, bool>;

    /// The matches set aside, oldest first.
    fn set_aside_matches(&self) -> StoreFuture<'_, Vec<SetAside>>;

    /// Makes match `id`, set aside, live again (its state reads now); the caller writes its
    /// record at once. `false` when it is not set aside.
    fn bring_back(&self, id: MatchId) -> StoreFuture<'_, bool>;

    /// Up to `limit` live matches whose deadline is at or before `at_ms`, the most
    /// overdue first.
    fn due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// Live matches where the computer is to move and that have not changed since
    /// `before_ms`.
    fn computer_waiting(&self, before_ms: i64) -> StoreFuture<'_, Vec<MatchId>>;

    /// The live matches (up to `limit`, oldest first) whose messages go to `channel`
    /// although they are not keyed by it ([`MatchRecord::post_channel`]).
    fn posted_in(&self, channel: ChannelKey, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// The states of `guild`'s live matches from the `offset`-th (oldest first), at most
    /// `limit`, and how many there are in all.
    fn live_in(
        &self,
        guild: GuildId,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'_, (Vec<Vec<u8>>, u32)>;
}

/// What goes out once, whichever process sends it: the ends to announce, the reminders of
/// daily matches and the claims of rematches.
pub trait OutboxStore: Send + Sync {
    /// The states of finished matches whose end was never sent (a crash came between the
    /// write and the announcement), oldest first.
    fn unannounced(&self) -> StoreFuture<'_, Vec<Vec<u8>>>;

    /// Records that the end of match `id` was sent.
    fn mark_announced(&self, id: MatchId) -> StoreFuture<'_, ()>;

    /// The states of the finished matches outside servers (no guild: a DM, a group DM, a
    /// server without the bot) in `channel` whose end was not shown yet, oldest first.
    /// There the bot can only answer, so such an end waits for the next interaction of
    /// one of its players there, in whichever process receives it.
    fn waiting_ends_in(&self, channel: ChannelKey) -> StoreFuture<'_, Vec<Vec<u8>>>;

    /// Whether the end of match `id` was sent (or needs none: a match that is not stored
    /// or still live has no end to show).
    fn is_announced(&self, id: MatchId) -> StoreFuture<'_, bool>;

    /// Up to `limit` live matches whose next reminder is due at or before `at_ms`.
    fn reminders_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<MatchId>>;

    /// Takes the reminder `which` (`half` or `hour`) of the turn after `moves` moves of
    /// match `match_id` from the outbox for this process, at `at_ms`: `false` when it (or
    /// a later one of the match) was taken after `stale_before_ms` and not given back.
    fn take_reminder(
        &self,
        match_id: MatchId,
        moves: u32,
        which: &'static str,
        at_ms: i64,
        stale_before_ms: i64,
    ) -> StoreFuture<'_, bool>;

    /// Marks that reminder as sent in the outbox (it went out and was marked in its
    /// match): the row stays, so that reminder can never be taken again, by any sweep or
    /// process, while a later one of the match still can.
    fn reminder_sent(
        &self,
        match_id: MatchId,
        moves: u32,
        which: &'static str,
    ) -> StoreFuture<'_, ()>;

    /// Records that `player` asked for a rematch of match `id`; returns everyone who has,
    /// and whether this request was new.
    fn vote_rematch(
        &self,
        id: MatchId,
        player: PlayerId,
        at_ms: i64,
    ) -> StoreFuture<'_, (Vec<PlayerId>, bool)>;

    /// Claims the start of the rematch of match `id` for the new match `new`; returns the
    /// match the claim names (`new` for the first caller) and when it was claimed.
    fn claim_rematch(
        &self,
        id: MatchId,
        new: MatchId,
        at_ms: i64,
    ) -> StoreFuture<'_, (MatchId, i64)>;

    /// Moves a claim from `old` (a match that was never stored) to `new`; false when
    /// someone else moved it first.
    fn reclaim_rematch(&self, id: MatchId, old: MatchId, new: MatchId) -> StoreFuture<'_, bool>;

    /// Gives a claim back (the rematch could not start after all).
    fn release_rematch(&self, id: MatchId) -> StoreFuture<'_, ()>;
}

/// Finished matches and standings: a match read back and its moves, the matches the hard
/// computer learns from, ratings, results, leaderboards and `/history`.
pub trait FinishedStore: Send + Sync {
    /// One match, live or finished.
    fn get(&self, id: MatchId) -> StoreFuture<'_, Option<StoredMatch>>;

    /// The moves of one match, in order.
    fn moves(&self, id: MatchId) -> StoreFuture<'_, Vec<MoveRecord>>;

    /// The last `limit` finished matches of `player` in which a shot was fired, the most
    /// recently ended first.
    fn recent(&self, player: PlayerId, limit: u32) -> StoreFuture<'_, Vec<StoredMatch>>;

    /// The last `limit` finished matches of rule set `variant` in which a shot was fired,
    /// the most recently ended first: those of `player` anywhere, or (`player` `None`)
    /// those played in `guild` (`None`: outside servers).
    fn latest<'a>(
        &'a self,
        player: Option<PlayerId>,
        guild: Option<GuildId>,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>>;

    /// `player`'s rating in `variant`, if they have played a rated match in it.
    fn rating<'a>(
        &'a self,
        player: PlayerId,
        variant: &'a str,
    ) -> StoreFuture<'a, Option<(crate::rating::Rating, crate::rating::Record)>>;

    /// Every result of `player` in `variant`, oldest first.
    fn results<'a>(
        &'a self,
        player: PlayerId,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<crate::rating::ResultRow>>;

    /// The leaderboard of `guild` in `variant` from place `offset` (0-based), `limit`
    /// places (see [`LeaderPage`]); with [`GLOBAL_BOARD`], the global one.
    fn leaderboard<'a>(
        &'a self,
        guild: GuildId,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, LeaderPage>;

    /// `player`'s place on the leaderboard of `guild` (or [`GLOBAL_BOARD`]) in `variant`,
    /// if listed.
    fn place<'a>(
        &'a self,
        guild: GuildId,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<Place>>;

    /// The last `limit` matches `player` played out, the most recent first; only those
    /// played in `guild` when one is given.
    fn history(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<HistoryRow>>;

    /// The epoch of the habit bucket of `player` ([`habit_bucket`]): how many members of
    /// it were forgotten, 0 before the first. A process keeps a cached habit model only
    /// while this is the epoch it was learned under (one read by the key).
    fn habit_epoch(&self, player: PlayerId) -> StoreFuture<'_, i64>;
}

/// What servers and members chose: a server's settings, a member's reminders and whether
/// they are shown on the global leaderboard.
pub trait SettingsStore: Send + Sync {
    /// The settings of `guild` as stored (JSON), if it changed any.
    fn server(&self, guild: GuildId) -> StoreFuture<'_, Option<String>>;

    /// Stores the settings of `guild` (JSON); `None` removes them (the defaults again).
    fn save_settings<'a>(
        &'a self,
        guild: GuildId,
        settings: Option<&'a str>,
        at_ms: i64,
    ) -> StoreFuture<'a, ()>;

    /// Stores `settings` (JSON) as the settings of `guild` if the stored ones are still
    /// `old` (`None`: none stored): a compare-and-swap; whether they were stored.
    fn replace_settings<'a>(
        &'a self,
        guild: GuildId,
        old: Option<&'a str>,
        settings: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, bool>;

    /// Whether `player` turned the reminders of their daily matches off.
    fn reminders_off(&self, player: PlayerId) -> StoreFuture<'_, bool>;

    /// Turns `player`'s reminders on or off.
    fn set_reminders(&self, player: PlayerId, on: bool, at_ms: i64) -> StoreFuture<'_, ()>;

    /// Whether `player` let their name be shown on the global leaderboard (hidden until
    /// they ask).
    fn leaderboard_visible(&self, player: PlayerId) -> StoreFuture<'_, bool>;

    /// Shows (`visible`) or hides `player` on the global leaderboard ([`GLOBAL_BOARD`]), in
    /// one transaction: shown, they are placed there in every rule set they have a rating
    /// in, and follow their ratings from then on; hidden, their places there are deleted.
    fn set_leaderboard_visible(
        &self,
        player: PlayerId,
        visible: bool,
        at_ms: i64,
    ) -> StoreFuture<'_, ()>;
}

/// Forgetting a member (`/privacy delete`): the finished matches to rewrite, and the
/// rewrite itself.
pub trait PrivacyStore: Send + Sync {
    /// The ids and states of every finished match `player` sat in.
    fn matches_of(&self, player: PlayerId) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>>;

    /// The ids and states of every finished match that was cancelled (its ending names
    /// who called it off).
    fn cancelled(&self) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>>;

    /// Forgets `player` in one transaction: deletes their ratings, statistics, name and
    /// rematch requests, and writes each match of `renamed` with the member replaced.
    /// Refused, with nothing written, while they play a live match
    /// ([`Forgot::Playing`]) or when `renamed` misses a finished match they sat in
    /// ([`Forgot::Changed`]: one ended meanwhile). A member forgotten bumps, in the same
    /// transaction, the epoch of their bucket (see [`FinishedStore::habit_epoch`]).
    fn forget<'a>(&'a self, player: PlayerId, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot>;
}

/// Whether the bot runs and the store answers: the heartbeat and a ping.
pub trait PresenceStore: Send + Sync {
    /// Records that the bot is running at `at_ms`.
    fn beat(&self, at_ms: i64) -> StoreFuture<'_, ()>;

    /// The last recorded heartbeat.
    fn last_beat(&self) -> StoreFuture<'_, Option<i64>>;

    /// Answers when the store is reachable (a trivial query).
    fn ping(&self) -> StoreFuture<'_, ()>;
}

/// Persistence for matches, by role: each caller takes the role it needs. Implementations
/// must be safe to share between tasks; a wrapper (a test's double) can pass a role it
/// does not change on to the store it wraps.
pub trait Store: Send + Sync + std::fmt::Debug + 'static {
    /// Live matches ([`LiveStore`]).
    fn live(&self) -> &dyn LiveStore;

    /// What goes out once ([`OutboxStore`]).
    fn outbox(&self) -> &dyn OutboxStore;

    /// Finished matches and standings ([`FinishedStore`]).
    fn finished(&self) -> &dyn FinishedStore;

    /// What servers and members chose ([`SettingsStore`]).
    fn settings(&self) -> &dyn SettingsStore;

    /// Forgetting a member ([`PrivacyStore`]).
    fn privacy(&self) -> &dyn PrivacyStore;

    /// The heartbeat and ping ([`PresenceStore`]).
    fn presence(&self) -> &dyn PresenceStore;

    /// The tournaments kept beside the matches ([`TournamentStore`]); `None` for a store
    /// without them (a test's wrapper).
    fn tournaments(&self) -> Option<&dyn TournamentStore> {
        None
    }

    /// The rating seasons kept beside the matches ([`SeasonStore`]); `None` for a store
    /// without them (a test's wrapper that does not pass them on).
    fn seasons(&self) -> Option<&dyn SeasonStore> {
        None
    }
}

// ---------------------------------------------------------------------------------------
// Tournaments (issue 33): their own group of operations, in their own section of
// `queries.rs`.

/// A match set aside because its state could not be read ([`LiveStore::set_aside`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The match's id.
    pub id: MatchId,
    /// Where its messages went (its channel, or the one a challenge waited in).
    pub channel: ChannelKey,
    /// Its server.
    pub guild: Option<GuildId>,
    /// Its state, as it was stored.
    pub state: Vec<u8>,
}

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
    pub starts_ms: Option<i64>,
    /// `signup`, `running`, `paused`, `finished` or `cancelled`.
    pub state: String,
    /// The round being played (0 before the start).
    pub round: u32,
    /// When the current round's stragglers end.
    pub round_deadline_ms: Option<i64>,
    /// The top seed fires first in round 1.
    pub top_white: bool,
    /// The language of its public texts.
    pub locale: Option<String>,
    /// The public sign-up message.
    pub signup_message: Option<MessageId>,
    /// Why it was paused or called off.
    pub note: Option<String>,
    /// When the sweep looks at it next.
    pub check_ms: Option<i64>,
    /// Bumped by every change of its state.
    pub version: u64,
    /// When it was created.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
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
    pub joined_ms: i64,
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
    pub claim_ms: Option<i64>,
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
    pub round_deadline_ms: Option<i64>,
    /// Why it is paused or called off.
    pub note: Option<String>,
    /// When the sweep looks again.
    pub check_ms: Option<i64>,
    /// Ratings taken at the start, by member.
    pub ratings: Vec<(PlayerId, u32)>,
    /// Results of a round that closed: `(round, board, result)`.
    pub results: Vec<(u32, u32, String)>,
    /// Members withdrawn: `(member, from round, reason)`.
    pub withdrawals: Vec<(PlayerId, u32, String)>,
    /// The next round's pairings.
    pub pairings: Vec<NewPairing>,
    /// When.
    pub at_ms: i64,
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

/// Tournaments, kept beside the matches (both back-ends, SQL in `queries.rs`).
pub trait TournamentStore: Send + Sync {
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

    /// Adds `player` as an entrant while sign-up is open and there is room.
    fn join_tournament<'a>(
        &'a self,
        id: TournamentId,
        player: PlayerId,
        name: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, Joined>;

    /// Takes `player` out: removed before the start, withdrawn from the next round on
    /// (`from`) after it.
    fn leave_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        from: u32,
        at_ms: i64,
    ) -> StoreFuture<'_, Left>;

    /// Remembers the public sign-up message.
    fn set_signup_message(&self, id: TournamentId, message: MessageId) -> StoreFuture<'_, ()>;

    /// Writes `step` if the tournament still has the version it was worked out from
    /// (its row locked meanwhile); `false` when another change came first.
    fn advance_tournament<'a>(
        &'a self,
        id: TournamentId,
        step: &'a TournamentStep,
    ) -> StoreFuture<'a, bool>;

    /// Claims the opening of a pairing's match: `true` for the one caller that finds it
    /// unopened and unclaimed (or claimed before `stale_ms`).
    fn claim_pairing(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        at_ms: i64,
        stale_ms: i64,
    ) -> StoreFuture<'_, bool>;

    /// Ends a claim: the match opened (`opened`), or could not be (the claim is given
    /// back).
    fn release_pairing(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        opened: bool,
    ) -> StoreFuture<'_, ()>;

    /// Up to `limit` tournaments to look at now: sign-up past its start time, or running
    /// and due for a look.
    fn tournaments_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<TournamentId>>;

    /// Moves the round deadlines of running tournaments not changed since `last_seen_ms`
    /// by the time the bot was down; returns how many moved.
    fn give_tournaments_time_back(&self, last_seen_ms: i64, now_ms: i64) -> StoreFuture<'_, u64>;

    /// The tournament, its name and the round a match belongs to.
    fn tournament_of_match(
        &self,
        match_id: MatchId,
    ) -> StoreFuture<'_, Option<(TournamentId, String, u32)>>;

    /// Tournaments `player` played in that are over, and of those the ones they won.
    fn tournament_record(&self, player: PlayerId) -> StoreFuture<'_, (u32, u32)>;

    /// Records the winner of a finished tournament.
    fn set_tournament_winner(&self, id: TournamentId, player: PlayerId) -> StoreFuture<'_, ()>;
}

/// A store that several processes share (PostgreSQL): the database is the source of
/// truth for live matches, so the session finds, reads and changes them through these
/// operations rather than in its own memory.
pub trait SharedStore: Store {
    /// The id of the live match found by `key`.
    fn live_id(&self, key: LiveKey) -> StoreFuture<'_, Option<MatchId>>;

    /// Runs `apply` on the live match found by `at` while its row is locked and writes
    /// the record it returns, in one transaction (one statement finds and locks it). With
    /// `skip_locked`, a match another process is changing right now is left alone
    /// ([`Changed::Locked`]) instead of waited for.
    fn change<'a>(
        &'a self,
        at: LiveKey,
        skip_locked: bool,
        apply: Apply<'a>,
    ) -> StoreFuture<'a, Changed>;

    /// Writes a new live match, refused with [`StoreError::Taken`] when its channel has a
    /// live match or one of its claims (or a member of `unclaimed`, who must not play
    /// elsewhere) is bound to another.
    fn open_live<'a>(
        &'a self,
        record: &'a MatchRecord,
        unclaimed: &'a [PlayerId],
    ) -> StoreFuture<'a, ()>;

    /// Takes up to `limit` ends in servers that were written at or before `before_ms` and
    /// never sent, marking them sent, so that one process announces each. Ends outside
    /// servers are left: they wait for an interaction ([`OutboxStore::waiting_ends_in`]).
    fn take_unannounced(&self, before_ms: i64, limit: u32) -> StoreFuture<'_, Vec<Vec<u8>>>;

    /// How many live matches there are per `(phase, variant)` (as stored).
    fn census(&self) -> StoreFuture<'_, Vec<(String, String, u64)>>;

    /// Joins the processes that use the database. True when no other one is running
    /// (they were all down): this process then has the live matches to itself, to give
    /// the players their time back, until it calls [`SharedStore::settle`]; a process
    /// that starts meanwhile waits for that.
    fn arrive(&self) -> StoreFuture<'_, bool>;

    /// Ends the time alone that [`SharedStore::arrive`] gave (if it did); from now on
    /// this process counts as running, until the store is dropped.
    fn settle(&self) -> StoreFuture<'_, ()>;
}

/// A store as opened: one process's own, or shared by several. The session picks its
/// engine by it, once.
#[derive(Clone, Debug)]
pub enum Opened {
    /// This process alone uses the database (SQLite): live matches are kept in memory
    /// and written through.
    Local(std::sync::Arc<dyn Store>),
    /// Several processes share the database (PostgreSQL), which holds the live matches.
    Shared(std::sync::Arc<dyn SharedStore>),
}

impl Opened {
    /// The store, whichever kind it is.
    #[must_use]
    pub fn store(&self) -> std::sync::Arc<dyn Store> {
        match self {
            Opened::Local(s) => std::sync::Arc::clone(s),
            Opened::Shared(s) => std::sync::Arc::clone(s) as std::sync::Arc<dyn Store>,
        }
    }
}

/// Opens the store named by `url`: `sqlite://path` (created on first start) or
/// `postgres://user@host/database` (the database must exist).
pub async fn open(url: &str) -> Result<Opened, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(Opened::Local(std::sync::Arc::new(
            SqliteStore::open(url).await?,
        )))
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        Ok(Opened::Shared(std::sync::Arc::new(
            PgStore::open(url).await?,
        )))
    } else {
        Err(StoreError::BadUrl {
            url: redacted(url),
            reason: "use sqlite://FILE or postgres://USER@HOST/DATABASE".to_owned(),
        })
    }
}

/// `url` with its password (if any) replaced by `***`, for messages and logs: the one in
/// the user part and a `password=` parameter. Text that is not a URL (a `key=value`
/// connection string) is not shown at all.
#[must_use]
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return if url.contains('=') || url.contains(char::is_whitespace) {
            "(a connection string, not shown)".to_owned()
        } else {
            url.to_owned()
        };
    };
    let (address, query) = match rest.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (rest, None),
    };
    let address = match address.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _password)) => format!("{name}:***@{host}"),
            None => address.to_owned(),
        },
        None => address.to_owned(),
    };
    let query = query.map(|q| {
        q.split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                _ => pair.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("&")
    });
    match query {
        Some(q) => format!("{scheme}://{address}?{q}"),
        None => format!("{scheme}://{address}"),
    }
}

/// A store's background task (checkpoints, the lock's watchdog), stopped when the last
/// copy of the store goes.
#[derive(Debug)]
pub(crate) struct Background(tokio::task::AbortHandle);

impl Background {
    /// Runs `task` until the returned guard is dropped.
    pub(crate) fn spawn(task: impl Future<Output = ()> + Send + 'static) -> Self {
        Background(tokio::spawn(task).abort_handle())
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A Discord id or match id (raw, or one of the id newtypes of [`crate::ids`]) as a signed
/// 64-bit database integer, bit for bit: where the store's typed ids meet its SQL.
#[must_use]
pub fn to_sql(id: impl Into<u64>) -> i64 {
    i64::from_ne_bytes(id.into().to_ne_bytes())
}

/// The inverse of [`to_sql`].
#[must_use]
pub const fn from_sql(id: i64) -> u64 {
    u64::from_ne_bytes(id.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_never_reach_a_message() {
        assert_eq!(
            super::redacted("postgres://bot:s3cret@db.example:5432/broadside"),
            "postgres://bot:***@db.example:5432/broadside"
        );
        assert_eq!(
            super::redacted("postgres://bot@127.0.0.1/broadside"),
            "postgres://bot@127.0.0.1/broadside"
        );
        assert_eq!(
            super::redacted("sqlite://broadside.db"),
            "sqlite://broadside.db"
        );
        assert_eq!(super::redacted("mysql://a:b:c@h/d"), "mysql://a:***@h/d");
        assert_eq!(
            super::redacted("postgres://bot@h/d?sslmode=require&password=s3cret"),
            "postgres://bot@h/d?sslmode=require&password=***"
        );
        assert_eq!(
            super::redacted("host=db user=bot password=s3cret"),
            "(a connection string, not shown)"
        );
    }
}
