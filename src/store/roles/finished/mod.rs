//! The finished role: a match read back and its moves, the matches the hard computer
//! learns from, ratings, results, leaderboards and `/history`. Its SQL is `sql.rs`; what an
//! end played out adds to ratings, leaderboards and the season's table is `settle.rs`.

use crate::game::PlayerId;
#[cfg(doc)]
use crate::store::SettingsStore;
use crate::store::{ChannelKey, GuildId, MatchId, MoveRecord, StoreFuture, StoredState, Timestamp};

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
    pub created_ms: Timestamp,
    /// When it ended.
    pub ended_ms: Option<Timestamp>,
    /// The whole state.
    pub state: StoredState,
}

// The finished-match queries below and `recent` ask for `ended_ms IS NOT NULL` as well as
// `NOT live`: a match set aside (or forgotten while aside) is not live but never ended, and
// would otherwise take a place of the limit (first on PostgreSQL, whose NULLs sort first
// under DESC) and then be dropped, or be offered as a replay that cannot be drawn.

/// The hard computer's reading of a member's finished matches of one rule set (`$1`
/// the member, `$2` the rule set, `$3` how many), newest first: the newest `$3` of each
/// seat, each read in order along its index (`matches_challenger_finished`,
/// `matches_opponent_finished`), then merged. A match in which they hold both seats is
/// read once. Public so that a store test can check its plan (issue 36, item 2).
pub const FINISHED_BY_MEMBER: &str = "SELECT * FROM (SELECT * FROM matches \
     WHERE challenger_id = $1 AND variant = $2 AND NOT live \
     AND ended_ms IS NOT NULL AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
     ORDER BY ended_ms DESC, id LIMIT $3) AS challenged \
     UNION ALL SELECT * FROM (SELECT * FROM matches \
     WHERE opponent_id = $1 AND variant = $2 AND NOT live AND challenger_id <> $1 \
     AND ended_ms IS NOT NULL AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
     ORDER BY ended_ms DESC, id LIMIT $3) AS accepted \
     ORDER BY ended_ms DESC, id LIMIT $3";

/// The finished matches of one rule set played in a server (`$1` the server, `$2` the rule
/// set, `$3` how many), newest first, along `matches_guild_finished`.
pub const FINISHED_IN_SERVER: &str = "SELECT * FROM matches \
     WHERE guild_id = $1 AND variant = $2 AND NOT live \
     AND ended_ms IS NOT NULL AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
     ORDER BY ended_ms DESC, id LIMIT $3";

/// The finished matches of one rule set played outside servers (`$1` the rule set, `$2`
/// how many), newest first, along `matches_outside_finished`.
pub const FINISHED_OUTSIDE_SERVERS: &str = "SELECT * FROM matches \
     WHERE guild_id IS NULL AND variant = $1 AND NOT live \
     AND ended_ms IS NOT NULL AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
     ORDER BY ended_ms DESC, id LIMIT $2";

/// A stretch of a leaderboard's places: `count` places from place `from` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Places {
    /// The first place wanted, 0-based.
    pub from: u32,
    /// How many places at most.
    pub count: u32,
}

impl Places {
    /// The first `count` places.
    #[must_use]
    pub const fn first(count: u32) -> Self {
        Places { from: 0, count }
    }

    /// Page `page` (0-based) of pages of `size` places.
    #[must_use]
    pub const fn page(page: u32, size: u32) -> Self {
        Places {
            from: page.saturating_mul(size),
            count: size,
        }
    }

    /// Place `at` alone.
    #[must_use]
    pub const fn one(at: u32) -> Self {
        Places { from: at, count: 1 }
    }
}

/// Whose finished matches [`FinishedStore::latest`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinishedOf {
    /// A member's, wherever they played.
    Member(PlayerId),
    /// Those played in a server.
    Server(GuildId),
    /// Those played outside servers.
    OutsideServers,
}

/// A match that is over, read back for the hard computer to learn from.
///
/// Only the store's row reader makes one, and only from a row that is not live (a live
/// row is an error there, whatever the query selected); nothing outside the store can
/// make one. So what is learned from these never includes a match being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedMatch {
    /// The match id.
    pub(in crate::store) id: MatchId,
    /// The whole state.
    pub(in crate::store) state: StoredState,
}

impl FinishedMatch {
    /// The match id.
    #[must_use]
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The whole state, as stored.
    #[must_use]
    pub fn state(&self) -> &StoredState {
        &self.state
    }
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
    /// the most recently ended first, of `whose`.
    fn latest<'a>(
        &'a self,
        whose: FinishedOf,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>>;

    /// `player`'s rating in `variant`, if they have played a rated match in it.
    fn rating<'a>(&'a self, player: PlayerId, variant: &'a str) -> StoreFuture<'a, Option<Rated>>;

    /// Every result of `player` in `variant`, oldest first.
    fn results<'a>(
        &'a self,
        player: PlayerId,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<crate::rating::ResultRow>>;

    /// The `places` of the leaderboard of `guild` in `variant` (see [`LeaderPage`]); with
    /// [`GLOBAL_BOARD`], the global one.
    fn leaderboard<'a>(
        &'a self,
        guild: GuildId,
        variant: &'a str,
        places: Places,
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

/// A member's rating in one rule set and their rated record in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// The rating.
    pub rating: crate::rating::Rating,
    /// Wins, losses and draws.
    pub record: crate::rating::Record,
}
