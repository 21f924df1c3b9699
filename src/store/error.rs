//! Why the store could not be opened or used.

use super::{ChannelKey, GuildId, MatchId};
use crate::game::PlayerId;

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
