//! `broadside migrate-store --from sqlite://FILE --to postgres://…`: moves an existing SQLite
//! database to PostgreSQL, table by table, row for row, in one PostgreSQL transaction. The
//! source is opened like the bot opens it (so a running bot's file is refused, and an
//! older file is brought up to date first); the target must be empty.

use futures_util::TryStreamExt as _;
use sqlx::{PgPool, Postgres, QueryBuilder, Row, SqlitePool};

use super::{PgStore, SqliteStore, StoreError};
use crate::ids::MatchId;

/// Rows inserted in one statement.
const BATCH: usize = 500;

/// Why a move failed. The target is left as it was (its transaction is rolled back).
#[derive(Debug, thiserror::Error)]
pub enum MigrateStoreError {
    /// Only SQLite to PostgreSQL is supported.
    #[error(
        "migrate-store moves a SQLite database to PostgreSQL: --from sqlite://FILE --to postgres://USER@HOST/DATABASE (got {0})"
    )]
    Direction(String),
    /// The target already holds rows.
    #[error(
        "the target database already holds {1} rows in {0}; migrate-store only fills an empty one"
    )]
    NotEmpty(&'static str, i64),
    /// Opening or copying failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A query failed.
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
}

/// Rows moved, per table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    /// `(table, rows)`, in the order they were moved.
    pub tables: Vec<(&'static str, i64)>,
    /// Matches whose state this build cannot read (not a stored document of a version it
    /// knows, or set aside by a start that could not read it): moved as they are, by id.
    pub unreadable: Vec<MatchId>,
}

impl std::fmt::Display for Moved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .tables
            .iter()
            .map(|(t, n)| format!("{t}: {n}"))
            .collect();
        f.write_str(&parts.join(", "))?;
        if !self.unreadable.is_empty() {
            let ids: Vec<String> = self.unreadable.iter().map(ToString::to_string).collect();
            write!(
                f,
                "; {} matches whose state this build cannot read, moved as they are: {}",
                ids.len(),
                ids.join(", ")
            )?;
        }
        Ok(())
    }
}

/// The matches of `source` whose state this build cannot read (see [`Moved::unreadable`]).
async fn unreadable(source: &SqlitePool) -> Result<Vec<MatchId>, MigrateStoreError> {
    let mut rows = sqlx::query("SELECT id, phase, state FROM matches ORDER BY id").fetch(source);
    let mut ids = Vec::new();
    while let Some(row) = rows.try_next().await? {
        let phase: String = row.try_get("phase")?;
        let state: Vec<u8> = row.try_get("state")?;
        if phase == super::format::SET_ASIDE || super::format::read(&state).is_err() {
            ids.push(MatchId(super::from_sql(row.try_get("id")?)));
        }
    }
    Ok(ids)
}

/// The columns of each table, in the order both schemas share; the kinds say how a
/// SQLite value becomes a PostgreSQL one.
#[derive(Clone, Copy)]
enum Kind {
    /// An integer, also BIGINT in PostgreSQL.
    Int,
    /// A nullable integer.
    OptInt,
    /// An integer 0/1 in SQLite, BOOLEAN in PostgreSQL.
    Bool,
    /// Text.
    Text,
    /// Nullable text.
    OptText,
    /// Bytes.
    Blob,
    /// A nullable REAL / DOUBLE PRECISION.
    OptReal,
    /// A REAL / DOUBLE PRECISION.
    Real,
}

use Kind::{Blob, Bool, Int, OptInt, OptReal, OptText, Real, Text};

/// A table: its name, its key (for paging through the source) and its columns.
type Table = (&'static str, &'static str, &'static [(&'static str, Kind)]);

/// Every table, parents first.
const TABLES: &[Table] = &[
    (
        "matches",
        "id",
        &[
            ("id", Int),
            ("version", Int),
            ("channel_id", Int),
            ("guild_id", OptInt),
            ("challenger_id", Int),
            ("opponent_id", Int),
            ("variant", Text),
            ("options", Text),
            ("computer", OptText),
            ("phase", Text),
            ("live", Bool),
            ("deadline_ms", Int),
            ("state", Blob),
            ("how", OptText),
            ("winner_id", OptInt),
            ("loser_id", OptInt),
            ("created_ms", Int),
            ("updated_ms", Int),
            ("ended_ms", OptInt),
            ("announced", Bool),
            ("remind_ms", OptInt),
            ("post_channel_id", OptInt),
        ],
    ),
    (
        "moves",
        "match_id, seq",
        &[
            ("match_id", Int),
            ("seq", Int),
            ("player_id", Int),
            ("turn", Int),
            ("cells", Text),
            ("reports", Text),
            ("at_ms", Int),
        ],
    ),
    ("heartbeat", "id", &[("id", Int), ("at_ms", Int)]),
    ("habit_epochs", "bucket", &[("bucket", Int), ("epoch", Int)]),
    (
        "guild_settings",
        "guild_id",
        &[("guild_id", Int), ("settings", Text), ("updated_ms", Int)],
    ),
    (
        "reminder_optouts",
        "player_id",
        &[("player_id", Int), ("at_ms", Int)],
    ),
    (
        "leaderboard_optins",
        "player_id",
        &[("player_id", Int), ("at_ms", Int)],
    ),
    (
        "players",
        "player_id",
        &[("player_id", Int), ("name", Text), ("updated_ms", Int)],
    ),
    (
        "ratings",
        "player_id, variant",
        &[
            ("player_id", Int),
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("losses", Int),
            ("draws", Int),
            ("updated_ms", Int),
        ],
    ),
    (
        "results",
        "match_id, player_id",
        &[
            ("match_id", Int),
            ("player_id", Int),
            ("variant", Text),
            ("guild_id", OptInt),
            ("opponent_id", Int),
            ("computer", OptText),
            ("outcome", Text),
            ("how", Text),
            ("shots", Int),
            ("hits", Int),
            ("turns", Int),
            ("rating_before", OptReal),
            ("rating_after", OptReal),
            ("ended_ms", Int),
            ("deviation_after", OptReal),
            ("volatility_after", OptReal),
        ],
    ),
    (
        "guild_players",
        "guild_id, variant, player_id",
        &[
            ("guild_id", Int),
            ("variant", Text),
            ("player_id", Int),
            ("provisional", Bool),
            ("shown", Int),
        ],
    ),
    (
        "reminder_outbox",
        "match_id",
        &[
            ("match_id", Int),
            ("moves", Int),
            ("which", Text),
            ("taken_ms", Int),
        ],
    ),
    (
        "rematch_votes",
        "match_id, player_id",
        &[
            ("match_id", Int),
            ("player_id", Int),
            ("at_ms", Int),
            ("started", OptInt),
        ],
    ),
    (
        "tournaments",
        "id",
        &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("creator_id", Int),
            ("name", Text),
            ("variant", Text),
            ("pace", Text),
            ("rounds", Int),
            ("max_players", Int),
            ("starts_ms", OptInt),
            ("state", Text),
            ("round", Int),
            ("round_deadline_ms", OptInt),
            ("top_white", Bool),
            ("locale", OptText),
            ("signup_message_id", OptInt),
            ("note", OptText),
            ("winner_id", OptInt),
            ("check_ms", OptInt),
            ("version", Int),
            ("created_ms", Int),
            ("updated_ms", Int),
        ],
    ),
    (
        "tournament_entrants",
        "tournament_id, player_id",
        &[
            ("tournament_id", Int),
            ("player_id", Int),
            ("name", Text),
            ("rating", Int),
            ("joined_ms", Int),
            ("withdrawn", OptInt),
            ("reason", OptText),
        ],
    ),
    (
        "tournament_pairings",
        "tournament_id, round, board",
        &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("white_id", Int),
            ("black_id", OptInt),
            ("match_id", OptInt),
            ("claim_ms", OptInt),
            ("opened", Bool),
            ("result", OptText),
        ],
    ),
    (
        "seasons",
        "guild_id, number",
        &[
            ("guild_id", Int),
            ("number", Int),
            ("cadence", Text),
            ("period", Text),
            ("zone", Text),
            ("start_ms", Int),
            ("end_ms", Int),
            ("closed_ms", OptInt),
            ("channel_id", OptInt),
            ("announced_ms", OptInt),
            ("claimed_ms", OptInt),
        ],
    ),
    (
        "season_players",
        "guild_id, number, variant, player_id",
        &[
            ("guild_id", Int),
            ("number", Int),
            ("variant", Text),
            ("player_id", Int),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("losses", Int),
            ("draws", Int),
            ("provisional", Bool),
            ("shown", Int),
            ("final_position", OptInt),
            ("final_rank", OptInt),
        ],
    ),
    (
        "season_tables",
        "guild_id, number, variant",
        &[
            ("guild_id", Int),
            ("number", Int),
            ("variant", Text),
            ("places", Int),
            ("established", Int),
            ("matches", Int),
            ("active_id", OptInt),
            ("active_games", Int),
        ],
    ),
];

/// Moves the SQLite database `from` into the empty PostgreSQL database `to`.
pub async fn sqlite_to_postgres(from: &str, to: &str) -> Result<Moved, MigrateStoreError> {
    let is_pg = to.starts_with("postgres:") || to.starts_with("postgresql:");
    if !from.starts_with("sqlite:") || !is_pg {
        return Err(MigrateStoreError::Direction(format!(
            "--from {} --to {}",
            super::redacted(from),
            super::redacted(to)
        )));
    }
    let source = SqliteStore::open_existing(from).await?;
    let target = PgStore::open(to).await?;
    for &(table, _, _) in TABLES {
        let held: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(target.pool())
            .await?;
        if held > 0 {
            return Err(MigrateStoreError::NotEmpty(table, held));
        }
    }
    copy(source.pool(), target.pool()).await
}

async fn copy(source: &SqlitePool, target: &PgPool) -> Result<Moved, MigrateStoreError> {
    let mut tx = target.begin().await?;
    let mut moved = Moved::default();
    for &(table, key, columns) in TABLES {
        let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
        let list = names.join(", ");
        let query = format!("SELECT {list} FROM {table} ORDER BY {key}");
        // One pass over the table (no OFFSET paging, which reads the rows before each page
        // again), inserted `BATCH` rows at a time.
        let mut rows = sqlx::query(&query).fetch(source);
        let mut batch = Vec::with_capacity(BATCH);
        let mut count = 0_i64;
        loop {
            let row = rows.try_next().await?;
            let done = row.is_none();
            if let Some(row) = row {
                batch.push(row);
            }
            if batch.len() == BATCH || (done && !batch.is_empty()) {
                insert(&mut tx, table, &list, columns, &batch).await?;
                count += i64::try_from(batch.len()).unwrap_or(i64::MAX);
                batch.clear();
            }
            if done {
                break;
            }
        }
        moved.tables.push((table, count));
    }
    // What only the shared schema has: the members bound to live matches, and (until its
    // next move rewrites it) which of them the computer may be about to move in.
    for statement in [
        "INSERT INTO live_players (player_id, match_id, channel_id) \
         SELECT challenger_id, id, channel_id FROM matches WHERE live \
         ON CONFLICT (player_id) DO NOTHING",
        "INSERT INTO live_players (player_id, match_id, channel_id) \
         SELECT opponent_id, id, channel_id FROM matches \
         WHERE live AND phase <> 'challenge' AND computer IS NULL \
         ON CONFLICT (player_id) DO NOTHING",
        "UPDATE matches SET computer_next = TRUE \
         WHERE live AND computer IS NOT NULL AND phase = 'battle'",
    ] {
        sqlx::query(statement).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    moved.unreadable = unreadable(source).await?;
    for id in &moved.unreadable {
        tracing::warn!(
            match_id = %id,
            "moved a match whose state this build cannot read"
        );
    }
    Ok(moved)
}

/// Inserts `rows` of `table` in one statement.
async fn insert(
    tx: &mut sqlx::PgConnection,
    table: &str,
    list: &str,
    columns: &[(&'static str, Kind)],
    rows: &[sqlx::sqlite::SqliteRow],
) -> Result<(), MigrateStoreError> {
    let mut insert: QueryBuilder<Postgres> =
        QueryBuilder::new(format!("INSERT INTO {table} ({list}) "));
    let mut failed = None;
    insert.push_values(rows, |mut b, row| {
        for (i, (_, kind)) in columns.iter().enumerate() {
            if let Err(e) = bind_value(&mut b, row, i, *kind) {
                failed.get_or_insert(e);
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    insert.build().execute(&mut *tx).await?;
    Ok(())
}

/// Reads column `i` of a SQLite `row` as `kind` and binds it for PostgreSQL.
fn bind_value(
    b: &mut sqlx::query_builder::Separated<'_, '_, Postgres, &'static str>,
    row: &sqlx::sqlite::SqliteRow,
    i: usize,
    kind: Kind,
) -> Result<(), sqlx::Error> {
    match kind {
        Int => {
            b.push_bind(row.try_get::<i64, _>(i)?);
        }
        OptInt => {
            b.push_bind(row.try_get::<Option<i64>, _>(i)?);
        }
        Bool => {
            b.push_bind(row.try_get::<i64, _>(i)? != 0);
        }
        Text => {
            b.push_bind(row.try_get::<String, _>(i)?);
        }
        OptText => {
            b.push_bind(row.try_get::<Option<String>, _>(i)?);
        }
        Blob => {
            b.push_bind(row.try_get::<Vec<u8>, _>(i)?);
        }
        Real => {
            b.push_bind(row.try_get::<f64, _>(i)?);
        }
        OptReal => {
            b.push_bind(row.try_get::<Option<f64>, _>(i)?);
        }
    }
    Ok(())
}
