//! Persistence of matches behind one small trait, so that a second backend can follow
//! the embedded SQLite one.
//!
//! The store knows ids, numbers and opaque state bytes, not the rules: the session layer
//! turns a live match into a [`MatchRecord`] and back. Every accepted change is written as
//! one record (the whole state, its version and the moves it added) before anything about
//! it is sent; a write never replaces a newer version with an older one.

use std::future::Future;
use std::pin::Pin;

pub use crate::ids::{ChannelKey, GuildId, MatchId, MessageId, TournamentId};

mod error;
pub mod format;
pub mod migrate;
mod migrations;
pub mod postgres;
mod record;
pub mod roles;
mod rows;
mod shared;
pub mod sqlite;
mod values;

pub use error::{StoreError, Taken};
pub use postgres::PgStore;
pub use record::{MatchRecord, MatchResult, MoveRecord, Played, RematchOf};
pub use roles::daily::{
    DailyAttempt, DailyLine, DailyScope, DailyStore, DailyStreak, DailyTable, DailyVolley,
    VolleyWritten,
};
pub use roles::finished::{
    FINISHED_BY_MEMBER, FINISHED_IN_SERVER, FINISHED_OUTSIDE_SERVERS, FinishedMatch, FinishedOf,
    FinishedStore, GLOBAL_BOARD, HABIT_BUCKETS, HistoryRow, LeaderPage, Place, Places, Rated,
    Standing, StoredMatch, habit_bucket,
};
pub use roles::live::{LivePage, LiveStore, MatchState, SetAside};
pub use roles::outbox::{OutboxStore, ReminderKey, ReminderKind};
pub use roles::presence::PresenceStore;
pub use roles::privacy::{Forgot, PrivacyStore, Renamed};
pub use roles::rematch::{RematchClaim, RematchStore, Votes};
pub use roles::seasons::{self, MostActive, SeasonStore};
pub use roles::settings::{SettingsStore, SettingsSwap};
pub use roles::tournaments::{
    BoardKey, BoardResult, Claim, DueTournament, EntrantChange, EntrantRow, Joined, Left,
    MatchTournament, NewPairing, NewPost, PairedMatch, PairingRow, PostRow, PostsToTake,
    StartRating, TournamentRecord, TournamentRow, TournamentSnapshot, TournamentStep,
    TournamentStore, TournamentSweep, Withdrawal,
};
pub use shared::{Apply, Census, Changed, LiveKey, SharedStore};
pub use sqlite::SqliteStore;
pub use values::{StoredState, Timestamp};

/// What a store's operations return: a boxed future, so that the trait can be used as
/// `dyn Store`.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Persistence for matches, by role: each caller takes the role it needs. Implementations
/// must be safe to share between tasks; a wrapper (a test's double) can pass a role it
/// does not change on to the store it wraps.
pub trait Store: Send + Sync + std::fmt::Debug + 'static {
    /// Live matches ([`LiveStore`]).
    fn live(&self) -> &dyn LiveStore;

    /// What goes out once ([`OutboxStore`]).
    fn outbox(&self) -> &dyn OutboxStore;

    /// Rematch votes and claims ([`RematchStore`]).
    fn rematches(&self) -> &dyn RematchStore;

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

    /// The daily sea's records ([`DailyStore`]); `None` for a store without them (a test's
    /// wrapper that does not pass them on).
    fn daily(&self) -> Option<&dyn DailyStore> {
        None
    }
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
        for (given, shown) in [
            (
                "postgres://bot:s3cret@db.example:5432/broadside",
                "postgres://bot:***@db.example:5432/broadside",
            ),
            (
                "postgres://bot@127.0.0.1/broadside",
                "postgres://bot@127.0.0.1/broadside",
            ),
            ("sqlite://broadside.db", "sqlite://broadside.db"),
            ("mysql://a:b:c@h/d", "mysql://a:***@h/d"),
            (
                "postgres://bot@h/d?sslmode=require&password=s3cret",
                "postgres://bot@h/d?sslmode=require&password=***",
            ),
            (
                "host=db user=bot password=s3cret",
                "(a connection string, not shown)",
            ),
        ] {
            assert_eq!(super::redacted(given), shown, "{given}");
        }
    }
}
