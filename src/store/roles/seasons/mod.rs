//! Rating seasons as stored (issue 39): their own group of operations, [`SeasonStore`],
//! with its SQL in `sql.rs` and `table.rs`. The schema is
//! `migrations/shared/0009_seasons.sql`.
//!
//! What is written where:
//! - a season's rows (`seasons`) are opened and closed here, each in one transaction that
//!   holds the server's season lock (PostgreSQL: an advisory lock; SQLite's writers take
//!   turns anyway), so a season is opened once and closed once, whichever process gets
//!   there first;
//! - a season is opened only on the server's settings it was made from: they are read
//!   again under the lock (and held until the season is written), so a season is never
//!   opened on settings an admin changed meanwhile;
//! - the season's table (`season_players`) is written by the transaction that stores a
//!   rated match's end (`finished/settle.rs`, through `count_end` in `sql.rs`), which holds
//!   the same lock shared: a match counts for the season whose span holds its end time,
//!   whenever it is written. That is the open season; or one closed since the match ended
//!   (it ended just before a close but was written after it), whose figures are tallied
//!   again then, until its table in that rule set is frozen. A match that ended after the
//!   open season's end waits for the next season, which starts at that end and picks it up
//!   when it opens;
//! - a close tallies a season's figures (`season_tables`) in its own transaction, under
//!   the lock, so no match counted before the close is missing from them;
//! - forgetting a member (`PrivacyStore::forget`) deletes their season rows; a closed season's
//!   table is first frozen (every place written down), so the others keep their places
//!   and the gap shows.

use crate::game::PlayerId;
use crate::store::{ChannelKey, GuildId, Standing, StoreFuture, Timestamp};

/// A season as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonRow {
    /// The server.
    pub guild: GuildId,
    /// 1, 2, 3 … in that server.
    pub number: u32,
    /// `monthly` or `quarterly`.
    pub cadence: String,
    /// The month or quarter it is named by: `2027-03` or `2027-Q1`.
    pub period: String,
    /// The time zone its dates are shown in (an IANA name, or `UTC`).
    pub zone: String,
    /// Its first moment.
    pub start_ms: Timestamp,
    /// The first moment after it.
    pub end_ms: Timestamp,
    /// When it was closed; `None` for the current season.
    pub closed_ms: Option<Timestamp>,
    /// Where its end is announced (none: nowhere).
    pub channel: Option<ChannelKey>,
    /// When the announcement went out (or, with no channel, when it closed).
    pub announced_ms: Option<Timestamp>,
}

/// A season to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeason {
    /// The server.
    pub guild: GuildId,
    /// `monthly` or `quarterly`.
    pub cadence: String,
    /// See [`SeasonRow::period`].
    pub period: String,
    /// See [`SeasonRow::zone`].
    pub zone: String,
    /// Its first moment.
    pub start_ms: Timestamp,
    /// The first moment after it.
    pub end_ms: Timestamp,
}

/// One place of a season's table.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonPlace {
    /// 0-based place in the table's order.
    pub position: u32,
    /// The rank shown (equal ratings as shown share one); `None` while provisional.
    pub rank: Option<u32>,
    /// The member and their season figures (`rating.games` counts the season's matches),
    /// or `None` for a member removed since the season closed (a gap).
    pub standing: Option<Standing>,
}

/// One page of a season's table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeasonPage {
    /// The page's places in order, gaps included.
    pub rows: Vec<SeasonPlace>,
    /// Places in the whole table (gaps included).
    pub total: u32,
}

/// What a closed season's table held at its end, per rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonFigures {
    /// `classic` or `game2000`.
    pub variant: String,
    /// Members in the final table.
    pub places: u32,
    /// Of which established.
    pub established: u32,
    /// Rated matches played in the season.
    pub matches: u32,
    /// Who played the most (none: nobody, or removed since).
    pub active: Option<MostActive>,
    /// How many matches they played.
    pub active_games: u32,
}

/// The member who played the most matches of a season's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MostActive {
    /// The member.
    pub player: PlayerId,
    /// Their last known display name.
    pub name: String,
}

/// A season [`SeasonStore::close_season`] closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedSeason {
    /// The season, as closed.
    pub season: SeasonRow,
    /// The next one, if one was opened.
    pub next: Option<SeasonRow>,
}

/// The operations of rating seasons, for stores that keep them.
pub trait SeasonStore: Send + Sync {
    /// Opens `season` as the current season of its server, numbered after the last one,
    /// unless one is open already; returns the open one. Rated matches of the server that
    /// ended since its start are counted in it at once.
    ///
    /// `settings` are the server's settings (JSON; `None`: none stored) that `season` was
    /// made from. They are read again under the server's season lock, and held until the
    /// season is written: where they changed meanwhile (seasons turned off, say), nothing
    /// is opened and `None` is returned, so the caller reads them again.
    fn open_season<'a>(
        &'a self,
        season: &'a NewSeason,
        settings: Option<&'a str>,
    ) -> StoreFuture<'a, Option<SeasonRow>>;

    /// The current season of `guild`, if one is open.
    fn current_season(&self, guild: GuildId) -> StoreFuture<'_, Option<SeasonRow>>;

    /// Season `number` of `guild`.
    fn season(&self, guild: GuildId, number: u32) -> StoreFuture<'_, Option<SeasonRow>>;

    /// The last `limit` seasons of `guild`, the newest first.
    fn seasons(&self, guild: GuildId, limit: u32) -> StoreFuture<'_, Vec<SeasonRow>>;

    /// Up to `limit` open seasons that end at or before `at` (of any server).
    fn seasons_due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<SeasonRow>>;

    /// Closes season `number` of `guild` at `at`, with its end to be announced in
    /// `channel`, and opens `next` after it in the same transaction; or does nothing and
    /// returns `None` when it was closed already (by another process, or before a
    /// restart). Its table is the one its end left: only matches that ended before its
    /// end count in it (one written after the close still does). Its figures are tallied
    /// in the same transaction.
    fn close_season<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        at: Timestamp,
        channel: Option<ChannelKey>,
        next: Option<&'a NewSeason>,
    ) -> StoreFuture<'a, Option<ClosedSeason>>;

    /// The places of season `number`'s table in `variant` from `offset`, at most `limit`.
    fn season_page<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, SeasonPage>;

    /// `player`'s place in season `number`'s table in `variant`, if they are in it.
    fn season_place<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<SeasonPlace>>;

    /// The figures of closed season `number`, per rule set played in it.
    fn season_figures(&self, guild: GuildId, number: u32) -> StoreFuture<'_, Vec<SeasonFigures>>;

    /// Takes up to `limit` closed seasons whose end is still to be announced and that no
    /// process is announcing (or one took longer than `lease`), marking them taken at
    /// `at`: one process posts each. Mark each with
    /// [`SeasonStore::mark_season_announced`] once it is posted.
    fn claim_season_announcements(
        &self,
        at: Timestamp,
        lease: std::time::Duration,
        limit: u32,
    ) -> StoreFuture<'_, Vec<SeasonRow>>;

    /// Records that the end of season `number` of `guild` was announced.
    fn mark_season_announced(
        &self,
        guild: GuildId,
        number: u32,
        at: Timestamp,
    ) -> StoreFuture<'_, ()>;

    /// The closed seasons `player` won (ranked first) in `variant`, the newest first; only
    /// those of `guild` when one is given.
    fn titles<'a>(
        &'a self,
        player: PlayerId,
        guild: Option<GuildId>,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<SeasonRow>>;
}
