//! The daily role: the daily sea's secret, each member's attempt per rule set and day, the
//! tables, streaks and reminder opt-ins (issue 52). Its SQL is `sql.rs`; the schema is
//! `migrations/shared/0013_daily.sql`, with `0016_daily_tables.sql` (tables in index order,
//! kept counts, the reminder's language).
//!
//! The store knows rule sets by key (`classic`, `game2000`), days by number and volleys as
//! their typed text ("A1", "B2 C3 D4"): the rules are the session's and the daily core's.

use crate::game::PlayerId;
use crate::store::{GuildId, StoreFuture};

/// An attempt as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyAttempt {
    /// Every volley, in the order fired, as typed.
    pub volleys: Vec<String>,
    /// When the first volley was written.
    pub started_ms: i64,
    /// When the volley that sank the last ship was written.
    pub finished_ms: Option<i64>,
}

/// A volley to write: the `n`th (from 0) of `player`'s attempt at `variant` on `day`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyVolley<'a> {
    /// The rule set's key.
    pub variant: &'a str,
    /// The day number.
    pub day: u64,
    /// Who fires.
    pub player: PlayerId,
    /// Volleys already written (it is written only if that is still so).
    pub n: u32,
    /// Its cells as typed.
    pub cells: &'a str,
    /// It sank the last ship.
    pub finishes: bool,
    /// Where it was fired, if in a server (the member joins that server's table).
    pub guild: Option<GuildId>,
    /// When.
    pub at_ms: i64,
}

/// What writing a volley did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VolleyWritten {
    /// Written; with the streak after it, if it finished the attempt.
    Written(Option<DailyStreak>),
    /// Another volley was written first (the count moved): nothing was written.
    Stale,
}

/// A member's streak in one rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyStreak {
    /// Consecutive days finished, up to `last_day`.
    pub current: u32,
    /// The longest ever.
    pub best: u32,
    /// The last day finished.
    pub last_day: u64,
}

/// Whose attempts a table lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyScope {
    /// Members who played the daily in this server.
    Server(GuildId),
    /// Members who chose to be shown beyond their servers (`leaderboard_optins`).
    Global,
    /// Every member (the place of one among all).
    Everyone,
}

/// One line of a day's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyLine {
    /// The member.
    pub player: PlayerId,
    /// Volleys fired.
    pub shots: u32,
    /// When they finished, if they did.
    pub finished_ms: Option<i64>,
}

/// A day's table: its first lines and how many there are in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DailyTable {
    /// Finished first, by shots, then by when; then those still playing, by shots.
    pub lines: Vec<DailyLine>,
    /// Attempts in the scope.
    pub total: u32,
    /// Of those, finished.
    pub finished: u32,
}

/// The daily sea's records.
pub trait DailyStore: Send + Sync {
    /// The bot's secret: `fresh` (hex) is stored if none is yet, and the stored one is
    /// returned (the same to every process).
    fn secret<'a>(&'a self, fresh: &'a str, at_ms: i64) -> StoreFuture<'a, String>;

    /// `player`'s attempt at `variant` on `day`, if they fired at it.
    fn attempt<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<DailyAttempt>>;

    /// Writes a volley over the count it was fired at, in one transaction with the
    /// attempt's count, its finish and the streak.
    fn write_volley<'a>(&'a self, volley: DailyVolley<'a>) -> StoreFuture<'a, VolleyWritten>;

    /// Notes that `player` played the daily in `guild` (for that server's table).
    fn joined(&self, guild: GuildId, player: PlayerId) -> StoreFuture<'_, ()>;

    /// `player`'s streak in `variant`, if they ever finished a day.
    fn streak<'a>(
        &'a self,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<DailyStreak>>;

    /// The first `limit` lines of the table of `variant` on `day` in `scope`.
    fn table<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        scope: DailyScope,
        limit: u32,
    ) -> StoreFuture<'a, DailyTable>;

    /// `player`'s place (from 1) among those in `scope` who finished `variant` on `day`,
    /// if they finished.
    fn place<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        scope: DailyScope,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<u32>>;

    /// Turns `player`'s reminder DM on or off; on, in `locale` (their Discord locale, kept
    /// for the DM's language; `None` keeps the one stored).
    fn set_remind<'a>(
        &'a self,
        player: PlayerId,
        on: bool,
        locale: Option<&'a str>,
        at_ms: i64,
    ) -> StoreFuture<'a, ()>;

    /// Whether `player` asked for the reminder DM.
    fn remind(&self, player: PlayerId) -> StoreFuture<'_, bool>;

    /// Up to `limit` members who asked for the reminder, got none for `day` yet, have not
    /// fired at `day` in some rule set where their streak, still alive (last finished the
    /// day before), is at least `min_streak`; each with the locale they asked in, if kept.
    fn reminders_due(
        &self,
        day: u64,
        min_streak: u32,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(PlayerId, Option<String>)>>;

    /// Marks `player`'s reminder for `day` sent; whether this call marked it (a second
    /// process finds it marked).
    fn reminder_sent(&self, player: PlayerId, day: u64) -> StoreFuture<'_, bool>;
}

/// The first `limit` lines of a day's table in `scope`, in table order (`$1` the rule set,
/// `$2` the day, `$3` the server of [`DailyScope::Server`]).
///
/// `along_order`: the day's attempts are walked along `daily_attempts_order` (already in
/// table order), each kept if its member is in the scope, until `limit` are found: for a
/// scope that holds much of the day. Otherwise the scope's members are read first, each
/// with their attempt, and those are sorted: for a scope that is a small part of the day.
/// (SQLite joins in the order written, `CROSS JOIN`; PostgreSQL chooses by its statistics.)
#[must_use]
pub fn table_sql(scope: DailyScope, along_order: bool, limit: u32) -> String {
    let (members, member) = match scope {
        DailyScope::Server(_) => (
            "daily_members m",
            " AND m.guild_id = $3 AND m.player_id = a.player_id",
        ),
        DailyScope::Global => ("leaderboard_optins m", " AND m.player_id = a.player_id"),
        DailyScope::Everyone => ("", ""),
    };
    let from = if members.is_empty() {
        "daily_attempts a".to_owned()
    } else if along_order {
        format!("daily_attempts a CROSS JOIN {members}")
    } else {
        format!("{members} CROSS JOIN daily_attempts a")
    };
    format!(
        "SELECT a.player_id, a.shots, a.finished_ms FROM {from} \
         WHERE a.variant = $1 AND a.day = $2{member} \
         ORDER BY a.playing, a.shots, a.finished_ms, a.player_id LIMIT {limit}"
    )
}

/// Whether a table of `in_scope` attempts out of the day's `of_day` is best read along the
/// day's order ([`table_sql`]): when the walk to `limit` lines in the scope (about
/// `limit * of_day / in_scope` attempts) is no longer than reading the scope's own
/// (`in_scope` at least).
#[must_use]
pub fn along_order(in_scope: u64, of_day: u64, limit: u32) -> bool {
    u128::from(in_scope) * u128::from(in_scope) >= u128::from(limit) * u128::from(of_day)
}

/// How many attempts of a day (`$1` the rule set, `$2` the day) the global table holds, and
/// how many of them finished: one look-up per member who chose to be listed.
pub const GLOBAL_COUNTS: &str = "SELECT COUNT(*), COUNT(a.finished_ms) \
     FROM leaderboard_optins m CROSS JOIN daily_attempts a \
     WHERE a.variant = $1 AND a.day = $2 AND a.player_id = m.player_id";

/// A day's kept counts in one server, or of everyone (`guild_id` 0): `$1` the rule set,
/// `$2` the day, `$3` the server.
pub const KEPT_COUNTS: &str = "SELECT total, finished FROM daily_counts \
     WHERE variant = $1 AND day = $2 AND guild_id = $3";
