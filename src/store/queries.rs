//! Every query of the stores, written once for both databases.
//!
//! This file is compiled twice, as a module of each back-end (`#[path]` in
//! `sqlite/mod.rs` and `postgres/mod.rs`), so the same text is checked against each
//! dialect's concrete types: `super` is the back-end, which provides
//!
//! * `Db`, the `sqlx` database, and `Handle`, its store type (with `pool()`);
//! * `FOR_UPDATE` and `FOR_SHARE`, the row-lock clauses (empty for SQLite, whose writers
//!   take turns anyway);
//! * `lock_ratings` and `lock_rematch`, transaction-level locks (PostgreSQL's advisory
//!   locks; nothing for SQLite);
//! * `after_write` and `after_retire`, what a back-end keeps beside a match (PostgreSQL's
//!   `live_players`; nothing for SQLite).
//!
//! The SQL itself is the dialect both accept: `$N` placeholders, `ON CONFLICT … DO
//! NOTHING`, `FILTER`, `CAST(… AS BIGINT)` and flags read as `live` / `NOT live`.
//! Everything that really differs (row locks, `SKIP LOCKED`, presence, checkpoints, the
//! lock file) stays in the back-end's own module.

use super::{Db, FOR_SHARE, FOR_UPDATE, Handle};
use crate::rating::settle::{self, Settlement};
use crate::rating::{Rating, Record, ResultRow};
use crate::store::{
    FinishedMatch, Forgot, HistoryRow, LeaderPage, MatchRecord, MoveRecord, Place, Renamed, Store,
    StoreError, StoreFuture, StoredMatch, from_sql, rows, to_sql,
};

/// A connection (or an open transaction, through `&mut *tx`).
type Conn = <Db as sqlx::Database>::Connection;
/// The pool.
type Pool = sqlx::Pool<Db>;

/// Writes one record in `tx`: the match (only over an older version), its moves and, at
/// an end that was played out, the ratings and results; then what the back-end keeps
/// beside it.
pub(super) async fn write_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
    if let Some(old) = &r.rematch_of
        && r.version == 1
    {
        // The members must still be the ones who played the old match: a member forgotten
        // meanwhile (`/privacy delete`) is not brought back by a rematch.
        let same: Option<i64> = sqlx::query_scalar(&format!(
            "SELECT CAST(1 AS BIGINT) FROM matches \
             WHERE id = $1 AND challenger_id = $2 AND opponent_id = $3{FOR_SHARE}"
        ))
        .bind(to_sql(old.id))
        .bind(to_sql(old.players[0]))
        .bind(to_sql(old.players[1]))
        .fetch_optional(&mut *tx)
        .await?;
        if same.is_none() {
            return Err(StoreError::Forgotten);
        }
    }
    let (how, winner, loser) = match &r.result {
        Some(res) => (Some(res.how), res.winner.map(to_sql), res.loser.map(to_sql)),
        None => (None, None, None),
    };
    let ended = r.result.as_ref().map(|_| r.updated_ms);
    let written = sqlx::query(
        "INSERT INTO matches (id, version, channel_id, guild_id, challenger_id, \
         opponent_id, variant, options, computer, phase, live, deadline_ms, state, how, \
         winner_id, loser_id, created_ms, updated_ms, ended_ms, computer_next, remind_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $19, $20, $21) \
         ON CONFLICT (id) DO UPDATE SET version = excluded.version, \
         channel_id = excluded.channel_id, phase = excluded.phase, live = excluded.live, deadline_ms = excluded.deadline_ms, \
         state = excluded.state, how = excluded.how, winner_id = excluded.winner_id, \
         loser_id = excluded.loser_id, updated_ms = excluded.updated_ms, \
         ended_ms = excluded.ended_ms, computer_next = excluded.computer_next, \
         remind_ms = excluded.remind_ms \
         WHERE matches.version < excluded.version",
    )
    .bind(to_sql(r.id))
    .bind(to_sql(r.version))
    .bind(to_sql(r.channel))
    .bind(r.guild.map(to_sql))
    .bind(to_sql(r.players[0]))
    .bind(to_sql(r.players[1]))
    .bind(r.variant)
    .bind(&r.options)
    .bind(r.computer)
    .bind(r.phase)
    .bind(r.result.is_none())
    .bind(r.deadline_ms)
    .bind(&r.state)
    .bind(how)
    .bind(winner)
    .bind(loser)
    .bind(r.created_ms)
    .bind(r.updated_ms)
    .bind(ended)
    .bind(r.computer_next)
    .bind(r.remind_ms)
    .execute(&mut *tx)
    .await
    .map_err(super::write_error)?;
    if written.rows_affected() == 0 {
        return Err(StoreError::Conflict {
            id: r.id,
            version: r.version,
        });
    }
    for m in &r.moves {
        sqlx::query(
            "INSERT INTO moves (match_id, seq, player_id, turn, cells, reports, at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .bind(to_sql(r.id))
        .bind(i64::from(m.seq))
        .bind(to_sql(m.player))
        .bind(i64::from(m.turn))
        .bind(&m.cells)
        .bind(&m.reports)
        .bind(m.at_ms)
        .execute(&mut *tx)
        .await?;
    }
    settle_in(tx, r).await?;
    super::after_write(tx, r).await
}

/// Records the end of `r` in ratings and statistics, once: a second write of the same end
/// (a retried write that had landed after all) finds its results and does nothing. The
/// settlement itself is [`settle::settle`]; this only loads and writes.
async fn settle_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
    let Some(end) = r.end() else {
        return Ok(());
    };
    if !settle::PLAYED_OUT.contains(&end.how) {
        return Ok(());
    }
    let done: Option<i64> =
        sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM results WHERE match_id = $1 LIMIT 1")
            .bind(to_sql(r.id))
            .fetch_optional(&mut *tx)
            .await?;
    if done.is_some() {
        return Ok(());
    }
    let rated = end.rated && end.computer.is_none();
    let stored = if rated {
        // Two ends of the same member's matches never read the same old rating.
        super::lock_ratings(tx, r.players).await?;
        [
            load(tx, r.players[0], r.variant).await?,
            load(tx, r.players[1], r.variant).await?,
        ]
    } else {
        [None, None]
    };
    let Some(Settlement { ratings, results }) = settle::settle(&end, stored) else {
        return Ok(());
    };
    for new in &ratings {
        store_rating(
            tx,
            new.player,
            r.variant,
            new.rating,
            new.record,
            r.updated_ms,
        )
        .await?;
        place_on_boards(tx, r, new.player, &new.rating).await?;
    }
    for settled in &results {
        sqlx::query(
            "INSERT INTO players (player_id, name, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, \
             updated_ms = excluded.updated_ms WHERE players.updated_ms <= excluded.updated_ms",
        )
        .bind(to_sql(settled.player))
        .bind(&settled.name)
        .bind(r.updated_ms)
        .execute(&mut *tx)
        .await?;
        let row = &settled.row;
        sqlx::query(
            "INSERT INTO results (match_id, player_id, variant, guild_id, opponent_id, computer, \
             outcome, how, shots, hits, turns, rating_before, rating_after, ended_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(to_sql(row.match_id))
        .bind(to_sql(settled.player))
        .bind(r.variant)
        .bind(r.guild.map(to_sql))
        .bind(to_sql(row.opponent))
        .bind(row.computer.as_deref())
        .bind(row.outcome.key())
        .bind(&row.how)
        .bind(i64::from(row.shots))
        .bind(i64::from(row.hits))
        .bind(i64::from(row.turns))
        .bind(row.rating.map(|a| a.0))
        .bind(row.rating.map(|a| a.1))
        .bind(row.ended_ms)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Puts `player`'s new `rating` in the order of every leaderboard they are on, and adds
/// them to the leaderboard of `r`'s server.
async fn place_on_boards(
    tx: &mut Conn,
    r: &MatchRecord,
    p: u64,
    rating: &Rating,
) -> Result<(), StoreError> {
    let (provisional, shown) = (rating.is_provisional(), rating.shown());
    sqlx::query(
        "UPDATE guild_players SET provisional = $3, shown = $4 \
         WHERE player_id = $1 AND variant = $2",
    )
    .bind(to_sql(p))
    .bind(r.variant)
    .bind(provisional)
    .bind(shown)
    .execute(&mut *tx)
    .await?;
    if let Some(guild) = r.guild {
        sqlx::query(
            "INSERT INTO guild_players (guild_id, variant, player_id, provisional, shown) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(to_sql(guild))
        .bind(r.variant)
        .bind(to_sql(p))
        .bind(provisional)
        .bind(shown)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// `player`'s stored rating in `variant`.
async fn load(
    tx: &mut Conn,
    player: u64,
    variant: &str,
) -> Result<Option<(Rating, Record)>, StoreError> {
    let row = sqlx::query("SELECT * FROM ratings WHERE player_id = $1 AND variant = $2")
        .bind(to_sql(player))
        .bind(variant)
        .fetch_optional(&mut *tx)
        .await?;
    row.as_ref().map(rows::rating_of).transpose()
}

async fn store_rating(
    tx: &mut Conn,
    player: u64,
    variant: &str,
    r: Rating,
    record: Record,
    at_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, games, wins, \
         losses, draws, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         games = excluded.games, wins = excluded.wins, losses = excluded.losses, \
         draws = excluded.draws, updated_ms = excluded.updated_ms",
    )
    .bind(to_sql(player))
    .bind(variant)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(i64::from(r.games))
    .bind(i64::from(record.wins))
    .bind(i64::from(record.losses))
    .bind(i64::from(record.draws))
    .bind(at_ms)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Writes `records` in one transaction, rolled back explicitly on failure (a transaction
/// that is only dropped sends its ROLLBACK with the connection's next use, and keeps its
/// locks until then).
async fn write_all(pool: &Pool, records: &[MatchRecord]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    for r in records {
        if let Err(e) = write_in(&mut tx, r).await {
            let _ = tx.rollback().await;
            return Err(e);
        }
    }
    tx.commit().await?;
    Ok(())
}

async fn leaderboard(
    pool: &Pool,
    guild: u64,
    variant: &str,
    offset: u32,
    limit: u32,
) -> Result<LeaderPage, StoreError> {
    let rows = sqlx::query(&format!(
        "SELECT r.*, COALESCE(p.name, '') AS name FROM guild_players g \
         JOIN ratings r ON r.player_id = g.player_id AND r.variant = g.variant \
         LEFT JOIN players p ON p.player_id = g.player_id \
         WHERE g.guild_id = $1 AND g.variant = $2 ORDER BY {} LIMIT $3 OFFSET $4",
        rows::ORDER
    ))
    .bind(to_sql(guild))
    .bind(variant)
    .bind(i64::from(limit))
    .bind(i64::from(offset))
    .fetch_all(pool)
    .await?;
    let totals = sqlx::query(
        "SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE NOT provisional) AS established \
         FROM guild_players WHERE guild_id = $1 AND variant = $2",
    )
    .bind(to_sql(guild))
    .bind(variant)
    .fetch_one(pool)
    .await?;
    let rows = rows
        .iter()
        .map(rows::standing)
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(LeaderPage {
        rows,
        total: rows::count(&totals, "total")?,
        established: rows::count(&totals, "established")?,
    })
}

async fn place(
    pool: &Pool,
    guild: u64,
    variant: &str,
    player: u64,
) -> Result<Option<Place>, StoreError> {
    let me = sqlx::query(
        "SELECT provisional, shown FROM guild_players \
         WHERE guild_id = $1 AND variant = $2 AND player_id = $3",
    )
    .bind(to_sql(guild))
    .bind(variant)
    .bind(to_sql(player))
    .fetch_optional(pool)
    .await?;
    let Some(me) = me else { return Ok(None) };
    let provisional = rows::Columns::flag(&me, "provisional")?;
    let shown = rows::Columns::int(&me, "shown")?;
    // Each count is a range of the order index.
    let ahead: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM guild_players \
                 WHERE guild_id = $1 AND variant = $2 AND provisional < $3) \
              + (SELECT COUNT(*) FROM guild_players \
                 WHERE guild_id = $1 AND variant = $2 AND provisional = $3 AND shown > $4) \
              + (SELECT COUNT(*) FROM guild_players \
                 WHERE guild_id = $1 AND variant = $2 AND provisional = $3 AND shown = $4 \
                 AND player_id < $5)",
    )
    .bind(to_sql(guild))
    .bind(variant)
    .bind(provisional)
    .bind(shown)
    .bind(to_sql(player))
    .fetch_one(pool)
    .await?;
    let higher: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM guild_players \
         WHERE guild_id = $1 AND variant = $2 AND NOT provisional AND shown > $3",
    )
    .bind(to_sql(guild))
    .bind(variant)
    .bind(shown)
    .fetch_one(pool)
    .await?;
    let number = |n: i64| u32::try_from(n).map_err(|e| StoreError::Data(e.to_string()));
    Ok(Some(Place {
        position: number(ahead)?,
        rank: if provisional {
            None
        } else {
            Some(number(higher)? + 1)
        },
    }))
}

async fn history(
    pool: &Pool,
    player: u64,
    guild: Option<u64>,
    limit: u32,
) -> Result<Vec<HistoryRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT r.*, m.state FROM results r JOIN matches m ON m.id = r.match_id \
         WHERE r.player_id = $1 AND (CAST($3 AS BIGINT) IS NULL OR r.guild_id = $3) \
         ORDER BY r.ended_ms DESC, r.match_id LIMIT $2",
    )
    .bind(to_sql(player))
    .bind(i64::from(limit))
    .bind(guild.map(to_sql))
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| rows::history_of(row, player))
        .collect()
}

/// Forgets `player` in one transaction, if they play no live match and `renamed` still
/// covers every finished match they sat in.
async fn forget(pool: &Pool, player: u64, renamed: &[Renamed]) -> Result<Forgot, StoreError> {
    let p = to_sql(player);
    let mut tx = pool.begin().await?;
    // The rows of their finished matches are held until the end: a rematch of one of them
    // that starts meanwhile waits, then finds its members renamed.
    let seated: Vec<i64> = sqlx::query_scalar(&format!(
        "SELECT id FROM matches WHERE NOT live AND (challenger_id = $1 OR opponent_id = $1) \
         ORDER BY id{FOR_UPDATE}"
    ))
    .bind(p)
    .fetch_all(&mut *tx)
    .await?;
    let playing: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM matches WHERE live AND (challenger_id = $1 OR opponent_id = $1) LIMIT 1",
    )
    .bind(p)
    .fetch_optional(&mut *tx)
    .await?;
    let outcome = if playing.is_some() {
        Some(Forgot::Playing)
    } else if seated
        .iter()
        .any(|id| !renamed.iter().any(|r| to_sql(r.id) == *id))
    {
        Some(Forgot::Changed)
    } else {
        None
    };
    if let Some(outcome) = outcome {
        tx.rollback().await?;
        return Ok(outcome);
    }
    for sql in [
        "DELETE FROM ratings WHERE player_id = $1",
        "DELETE FROM results WHERE player_id = $1",
        "DELETE FROM guild_players WHERE player_id = $1",
        "DELETE FROM players WHERE player_id = $1",
        "DELETE FROM rematch_votes WHERE player_id = $1",
        "DELETE FROM reminder_optouts WHERE player_id = $1",
    ] {
        sqlx::query(sql).bind(p).execute(&mut *tx).await?;
    }
    for r in renamed {
        let (id, ph) = (to_sql(r.id), to_sql(r.placeholder));
        sqlx::query(
            "UPDATE matches SET state = COALESCE($2, state), \
             challenger_id = CASE WHEN challenger_id = $3 THEN $4 ELSE challenger_id END, \
             opponent_id = CASE WHEN opponent_id = $3 THEN $4 ELSE opponent_id END, \
             winner_id = CASE WHEN winner_id = $3 THEN $4 ELSE winner_id END, \
             loser_id = CASE WHEN loser_id = $3 THEN $4 ELSE loser_id END \
             WHERE id = $1 AND NOT live",
        )
        .bind(id)
        .bind(&r.state)
        .bind(p)
        .bind(ph)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE moves SET player_id = $3 WHERE match_id = $1 AND player_id = $2")
            .bind(id)
            .bind(p)
            .bind(ph)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE results SET opponent_id = $3 WHERE match_id = $1 AND opponent_id = $2")
            .bind(id)
            .bind(p)
            .bind(ph)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Forgot::Done)
}

async fn vote_rematch(
    pool: &Pool,
    id: u64,
    player: u64,
    at_ms: i64,
) -> Result<(Vec<u64>, bool), StoreError> {
    let mut tx = pool.begin().await?;
    // Two clicks at once must not both read one vote (each its own before the other
    // commits): the votes of one match are taken one at a time.
    super::lock_rematch(&mut tx, id).await?;
    let added = sqlx::query(
        "INSERT INTO rematch_votes (match_id, player_id, at_ms) VALUES ($1, $2, $3) \
         ON CONFLICT DO NOTHING",
    )
    .bind(to_sql(id))
    .bind(to_sql(player))
    .bind(at_ms)
    .execute(&mut *tx)
    .await?;
    let voters: Vec<i64> = sqlx::query_scalar(
        "SELECT player_id FROM rematch_votes WHERE match_id = $1 AND player_id <> 0 ORDER BY at_ms",
    )
    .bind(to_sql(id))
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((
        voters.into_iter().map(from_sql).collect(),
        added.rows_affected() == 1,
    ))
}

/// The claim on a rematch's start is a vote by "player 0", which no member can cast.
async fn claim_rematch(
    pool: &Pool,
    id: u64,
    new: u64,
    at_ms: i64,
) -> Result<(u64, i64), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO rematch_votes (match_id, player_id, at_ms, started) \
         VALUES ($1, 0, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(to_sql(id))
    .bind(at_ms)
    .bind(to_sql(new))
    .execute(&mut *tx)
    .await?;
    let (started, claimed): (Option<i64>, i64) = sqlx::query_as(
        "SELECT started, at_ms FROM rematch_votes WHERE match_id = $1 AND player_id = 0",
    )
    .bind(to_sql(id))
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((started.map_or(0, from_sql), claimed))
}

/// The `(id, state)` rows of `sql`, with `key` as its `$1` if given.
async fn states(
    pool: &Pool,
    sql: &str,
    key: Option<i64>,
) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
    let mut query = sqlx::query_as(sql);
    if let Some(key) = key {
        query = query.bind(key);
    }
    let rows: Vec<(i64, Vec<u8>)> = query.fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(|(id, state)| (from_sql(id), state))
        .collect())
}

impl Store for Handle {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), std::slice::from_ref(record)))
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), records))
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches WHERE live ORDER BY updated_ms DESC, id",
            None,
        ))
    }

    fn unannounced(&self) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move {
            let states: Vec<Vec<u8>> = sqlx::query_scalar(
                "SELECT state FROM matches WHERE NOT live AND NOT announced ORDER BY ended_ms",
            )
            .fetch_all(self.pool())
            .await?;
            Ok(states)
        })
    }

    fn mark_announced(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET announced = TRUE WHERE id = $1")
                .bind(to_sql(id))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }

    fn retire(&self, id: u64, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await?;
            sqlx::query(
                "UPDATE matches SET live = FALSE, phase = 'finished', how = 'abandoned', \
                 ended_ms = $2, updated_ms = $2, announced = TRUE WHERE id = $1 AND live",
            )
            .bind(to_sql(id))
            .bind(at_ms)
            .execute(&mut *tx)
            .await?;
            super::after_retire(&mut tx, id).await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn get(&self, id: u64) -> StoreFuture<'_, Option<StoredMatch>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT * FROM matches WHERE id = $1")
                .bind(to_sql(id))
                .fetch_optional(self.pool())
                .await?;
            row.as_ref().map(rows::stored).transpose()
        })
    }

    fn moves(&self, id: u64) -> StoreFuture<'_, Vec<MoveRecord>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT seq, player_id, turn, cells, reports, at_ms FROM moves \
                 WHERE match_id = $1 ORDER BY seq",
            )
            .bind(to_sql(id))
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::move_of).collect()
        })
    }

    fn recent(&self, player: u64, limit: u32) -> StoreFuture<'_, Vec<StoredMatch>> {
        Box::pin(async move {
            // Two indexed lookups (one per seat) rather than an OR over both columns.
            let rows = sqlx::query(
                "SELECT * FROM matches WHERE id IN ( \
                   SELECT id FROM matches WHERE challenger_id = $1 AND NOT live \
                   UNION SELECT id FROM matches WHERE opponent_id = $1 AND NOT live) \
                 AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
                 ORDER BY ended_ms DESC, id LIMIT $2",
            )
            .bind(to_sql(player))
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::stored).collect()
        })
    }

    fn finished<'a>(
        &'a self,
        player: Option<u64>,
        guild: Option<u64>,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT * FROM matches WHERE NOT live AND variant = $3 AND (CASE \
                   WHEN $1 IS NOT NULL THEN challenger_id = $1 OR opponent_id = $1 \
                   WHEN $2 IS NULL THEN guild_id IS NULL ELSE guild_id = $2 END) \
                 AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
                 ORDER BY ended_ms DESC, id LIMIT $4",
            )
            .bind(player.map(to_sql))
            .bind(guild.map(to_sql))
            .bind(variant)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::finished).collect()
        })
    }

    fn beat(&self, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO heartbeat (id, at_ms) VALUES (1, $1) \
                 ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms",
            )
            .bind(at_ms)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn last_beat(&self) -> StoreFuture<'_, Option<i64>> {
        Box::pin(async move {
            let at: Option<i64> = sqlx::query_scalar("SELECT at_ms FROM heartbeat WHERE id = 1")
                .fetch_optional(self.pool())
                .await?;
            Ok(at)
        })
    }

    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1").execute(self.pool()).await?;
            Ok(())
        })
    }

    fn rating<'a>(
        &'a self,
        player: u64,
        variant: &'a str,
    ) -> StoreFuture<'a, Option<(Rating, Record)>> {
        Box::pin(async move {
            let mut conn = self.pool().acquire().await?;
            load(&mut conn, player, variant).await
        })
    }

    fn results<'a>(&'a self, player: u64, variant: &'a str) -> StoreFuture<'a, Vec<ResultRow>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT * FROM results WHERE player_id = $1 AND variant = $2 \
                 ORDER BY ended_ms, match_id",
            )
            .bind(to_sql(player))
            .bind(variant)
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::result_of).collect()
        })
    }

    fn leaderboard<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, LeaderPage> {
        Box::pin(leaderboard(self.pool(), guild, variant, offset, limit))
    }

    fn place<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        player: u64,
    ) -> StoreFuture<'a, Option<Place>> {
        Box::pin(place(self.pool(), guild, variant, player))
    }

    fn history(
        &self,
        player: u64,
        guild: Option<u64>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<HistoryRow>> {
        Box::pin(history(self.pool(), player, guild, limit))
    }

    fn matches_of(&self, player: u64) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches \
             WHERE NOT live AND (challenger_id = $1 OR opponent_id = $1) ORDER BY id",
            Some(to_sql(player)),
        ))
    }

    fn cancelled(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches \
             WHERE NOT live AND how = 'cancelled' ORDER BY id",
            None,
        ))
    }

    fn forget<'a>(&'a self, player: u64, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot> {
        Box::pin(forget(self.pool(), player, renamed))
    }

    fn vote_rematch(&self, id: u64, player: u64, at_ms: i64) -> StoreFuture<'_, (Vec<u64>, bool)> {
        Box::pin(vote_rematch(self.pool(), id, player, at_ms))
    }

    fn claim_rematch(&self, id: u64, new: u64, at_ms: i64) -> StoreFuture<'_, (u64, i64)> {
        Box::pin(claim_rematch(self.pool(), id, new, at_ms))
    }

    fn reclaim_rematch(&self, id: u64, old: u64, new: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let moved = sqlx::query(
                "UPDATE rematch_votes SET started = $3 \
                 WHERE match_id = $1 AND player_id = 0 AND started = $2",
            )
            .bind(to_sql(id))
            .bind(to_sql(old))
            .bind(to_sql(new))
            .execute(self.pool())
            .await?;
            Ok(moved.rows_affected() == 1)
        })
    }

    fn due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND deadline_ms <= $1 \
                 ORDER BY deadline_ms LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn computer_waiting(&self, before_ms: i64) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND computer_next AND updated_ms <= $1",
            )
            .bind(before_ms)
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn reminders_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND remind_ms IS NOT NULL AND remind_ms <= $1 \
                 ORDER BY remind_ms LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn reminders_off(&self, player: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let off: Option<i64> = sqlx::query_scalar(
                "SELECT CAST(1 AS BIGINT) FROM reminder_optouts WHERE player_id = $1",
            )
            .bind(to_sql(player))
            .fetch_optional(self.pool())
            .await?;
            Ok(off.is_some())
        })
    }

    fn set_reminders(&self, player: u64, on: bool, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let query = if on {
                sqlx::query("DELETE FROM reminder_optouts WHERE player_id = $1")
                    .bind(to_sql(player))
            } else {
                sqlx::query(
                    "INSERT INTO reminder_optouts (player_id, at_ms) VALUES ($1, $2) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(to_sql(player))
                .bind(at_ms)
            };
            query.execute(self.pool()).await?;
            Ok(())
        })
    }

    fn settings(&self, guild: u64) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let text: Option<String> =
                sqlx::query_scalar("SELECT settings FROM guild_settings WHERE guild_id = $1")
                    .bind(to_sql(guild))
                    .fetch_optional(self.pool())
                    .await?;
            Ok(text)
        })
    }

    fn save_settings<'a>(
        &'a self,
        guild: u64,
        settings: Option<&'a str>,
        at_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query = match settings {
                Some(text) => sqlx::query(
                    "INSERT INTO guild_settings (guild_id, settings, updated_ms) \
                     VALUES ($1, $2, $3) ON CONFLICT (guild_id) DO UPDATE SET \
                     settings = excluded.settings, updated_ms = excluded.updated_ms",
                )
                .bind(to_sql(guild))
                .bind(text)
                .bind(at_ms),
                None => sqlx::query("DELETE FROM guild_settings WHERE guild_id = $1")
                    .bind(to_sql(guild)),
            };
            query.execute(self.pool()).await?;
            Ok(())
        })
    }

    fn replace_settings<'a>(
        &'a self,
        guild: u64,
        old: Option<&'a str>,
        settings: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            // One statement each way, so the check and the write cannot be split.
            let query = match old {
                None => sqlx::query(
                    "INSERT INTO guild_settings (guild_id, settings, updated_ms) \
                     VALUES ($1, $2, $3) ON CONFLICT (guild_id) DO NOTHING",
                ),
                Some(_) => sqlx::query(
                    "UPDATE guild_settings SET settings = $2, updated_ms = $3 \
                     WHERE guild_id = $1 AND settings = $4",
                ),
            };
            let mut query = query.bind(to_sql(guild)).bind(settings).bind(at_ms);
            if let Some(old) = old {
                query = query.bind(old);
            }
            Ok(query.execute(self.pool()).await?.rows_affected() == 1)
        })
    }

    fn live_in(&self, guild: u64, offset: u32, limit: u32) -> StoreFuture<'_, (Vec<Vec<u8>>, u32)> {
        Box::pin(async move {
            let states: Vec<Vec<u8>> = sqlx::query_scalar(
                "SELECT state FROM matches WHERE live AND guild_id = $1 \
                 ORDER BY created_ms, id LIMIT $2 OFFSET $3",
            )
            .bind(to_sql(guild))
            .bind(i64::from(limit))
            .bind(i64::from(offset))
            .fetch_all(self.pool())
            .await?;
            let total: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE live AND guild_id = $1")
                    .bind(to_sql(guild))
                    .fetch_one(self.pool())
                    .await?;
            Ok((states, u32::try_from(total).unwrap_or(u32::MAX)))
        })
    }

    fn tournaments(&self) -> Option<&dyn TournamentStore> {
        Some(self)
    }

    fn release_rematch(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("DELETE FROM rematch_votes WHERE match_id = $1 AND player_id = 0")
                .bind(to_sql(id))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }
}

// ---------------------------------------------------------------------------------------
// Tournaments (issue 33): `TournamentStore`, in SQL both databases accept. A step of a
// tournament is written only over the version it was worked out from, with its row
// locked (`FOR_UPDATE`), so that several processes pair each round once.

use crate::store::rows::Columns as _;
use crate::store::{
    EntrantRow, Joined, Left, PairedMatch, PairingRow, TournamentRow, TournamentSnapshot,
    TournamentStep, TournamentStore,
};

/// The columns of a tournament row, with its count of entrants.
const TOURNAMENT_COLUMNS: &str = "t.id, t.guild_id, t.channel_id, t.creator_id, t.name, \
     t.variant, t.pace, t.rounds, t.max_players, t.starts_ms, t.state, t.round, \
     t.round_deadline_ms, t.top_white, t.locale, t.signup_message_id, t.note, t.check_ms, \
     t.version, t.created_ms, t.updated_ms, \
     (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) AS entrants";

/// A number column that is never negative and fits 32 bits.
fn small(row: &impl crate::store::rows::Columns, name: &str) -> Result<u32, StoreError> {
    rows::count(row, name)
}

/// A `tournaments` row as [`TOURNAMENT_COLUMNS`] reads it.
fn tournament_row(row: &impl crate::store::rows::Columns) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: from_sql(row.int("id")?),
        guild: from_sql(row.int("guild_id")?),
        channel: from_sql(row.int("channel_id")?),
        creator: from_sql(row.int("creator_id")?),
        name: row.text("name")?,
        variant: row.text("variant")?,
        pace: row.text("pace")?,
        rounds: small(row, "rounds")?,
        max_players: small(row, "max_players")?,
        starts_ms: row.opt_int("starts_ms")?,
        state: row.text("state")?,
        round: small(row, "round")?,
        round_deadline_ms: row.opt_int("round_deadline_ms")?,
        top_white: row.flag("top_white")?,
        locale: row.opt_text("locale")?,
        signup_message: row.opt_int("signup_message_id")?.map(from_sql),
        note: row.opt_text("note")?,
        check_ms: row.opt_int("check_ms")?,
        version: from_sql(row.int("version")?),
        created_ms: row.int("created_ms")?,
        updated_ms: row.int("updated_ms")?,
        entrants: small(row, "entrants")?,
    })
}

async fn create_tournament(pool: &Pool, t: &TournamentRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tournaments (id, guild_id, channel_id, creator_id, name, variant, pace, \
         rounds, max_players, starts_ms, state, round, round_deadline_ms, top_white, locale, \
         signup_message_id, note, check_ms, version, created_ms, updated_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21)",
    )
    .bind(to_sql(t.id))
    .bind(to_sql(t.guild))
    .bind(to_sql(t.channel))
    .bind(to_sql(t.creator))
    .bind(&t.name)
    .bind(&t.variant)
    .bind(&t.pace)
    .bind(i64::from(t.rounds))
    .bind(i64::from(t.max_players))
    .bind(t.starts_ms)
    .bind(&t.state)
    .bind(i64::from(t.round))
    .bind(t.round_deadline_ms)
    .bind(t.top_white)
    .bind(t.locale.as_deref())
    .bind(t.signup_message.map(to_sql))
    .bind(t.note.as_deref())
    .bind(t.check_ms)
    .bind(to_sql(t.version))
    .bind(t.created_ms)
    .bind(t.updated_ms)
    .execute(pool)
    .await?;
    Ok(())
}

async fn tournament_snapshot(
    pool: &Pool,
    id: u64,
) -> Result<Option<TournamentSnapshot>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE t.id = $1"
    ))
    .bind(to_sql(id))
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let row = tournament_row(&row)?;
    let entrants = sqlx::query(
        "SELECT player_id, name, rating, joined_ms, withdrawn, reason FROM tournament_entrants \
         WHERE tournament_id = $1 ORDER BY joined_ms, player_id",
    )
    .bind(to_sql(id))
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        Ok(EntrantRow {
            player: from_sql(r.int("player_id")?),
            name: r.text("name")?,
            rating: small(r, "rating")?,
            joined_ms: r.int("joined_ms")?,
            withdrawn: r
                .opt_int("withdrawn")?
                .map(|w| u32::try_from(w).unwrap_or(u32::MAX)),
            reason: r.opt_text("reason")?,
        })
    })
    .collect::<Result<Vec<_>, StoreError>>()?;
    // Each pairing with its match (when stored) and the moves each side fired.
    let pairings = sqlx::query(
        "SELECT p.round, p.board, p.white_id, p.black_id, p.match_id, p.claim_ms, p.opened, \
         p.result, m.id AS stored, m.live, m.how, m.winner_id, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = p.white_id) AS white_moves, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = p.black_id) AS black_moves \
         FROM tournament_pairings p LEFT JOIN matches m ON m.id = p.match_id \
         WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
    )
    .bind(to_sql(id))
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        let game = match r.opt_int("stored")? {
            Some(_) => Some(PairedMatch {
                live: r.flag("live")?,
                how: r.opt_text("how")?,
                winner: r.opt_int("winner_id")?.map(from_sql),
                moves: [small(r, "white_moves")?, small(r, "black_moves")?],
            }),
            None => None,
        };
        Ok(PairingRow {
            round: small(r, "round")?,
            board: small(r, "board")?,
            white: from_sql(r.int("white_id")?),
            black: r.opt_int("black_id")?.map(from_sql),
            match_id: r.opt_int("match_id")?.map(from_sql),
            claim_ms: r.opt_int("claim_ms")?,
            opened: r.flag("opened")?,
            result: r.opt_text("result")?,
            game,
        })
    })
    .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(TournamentSnapshot {
        row,
        entrants,
        pairings,
    }))
}

async fn join_tournament(
    pool: &Pool,
    id: u64,
    player: u64,
    name: &str,
    at_ms: i64,
) -> Result<Joined, StoreError> {
    let mut tx = pool.begin().await?;
    // Two joins at once must not both take the last place.
    let open: Option<(String, i64)> = sqlx::query_as(&format!(
        "SELECT state, max_players FROM tournaments WHERE id = $1{FOR_UPDATE}"
    ))
    .bind(to_sql(id))
    .fetch_optional(&mut *tx)
    .await?;
    let max = match open {
        Some((state, max)) if state == "signup" => max,
        _ => {
            let _ = tx.rollback().await;
            return Ok(Joined::Closed);
        }
    };
    let there: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM tournament_entrants \
         WHERE tournament_id = $1 AND player_id = $2",
    )
    .bind(to_sql(id))
    .bind(to_sql(player))
    .fetch_optional(&mut *tx)
    .await?;
    if there.is_some() {
        let _ = tx.rollback().await;
        return Ok(Joined::Twice);
    }
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1")
            .bind(to_sql(id))
            .fetch_one(&mut *tx)
            .await?;
    if count >= max {
        let _ = tx.rollback().await;
        return Ok(Joined::Full(u32::try_from(max).unwrap_or(u32::MAX)));
    }
    sqlx::query(
        "INSERT INTO tournament_entrants (tournament_id, player_id, name, rating, joined_ms) \
         VALUES ($1, $2, $3, 0, $4)",
    )
    .bind(to_sql(id))
    .bind(to_sql(player))
    .bind(name)
    .bind(at_ms)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE tournaments SET updated_ms = $2 WHERE id = $1")
        .bind(to_sql(id))
        .bind(at_ms)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Joined::Done(u32::try_from(count + 1).unwrap_or(u32::MAX)))
}

async fn leave_tournament(
    pool: &Pool,
    id: u64,
    player: u64,
    from: u32,
    at_ms: i64,
) -> Result<Left, StoreError> {
    let mut tx = pool.begin().await?;
    let state: Option<String> = sqlx::query_scalar(&format!(
        "SELECT state FROM tournaments WHERE id = $1{FOR_UPDATE}"
    ))
    .bind(to_sql(id))
    .fetch_optional(&mut *tx)
    .await?;
    let left = match state.as_deref() {
        Some("signup") => {
            let gone = sqlx::query(
                "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(to_sql(id))
            .bind(to_sql(player))
            .execute(&mut *tx)
            .await?;
            if gone.rows_affected() == 0 {
                Left::NotIn
            } else {
                let count: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1",
                )
                .bind(to_sql(id))
                .fetch_one(&mut *tx)
                .await?;
                Left::Removed(u32::try_from(count).unwrap_or(u32::MAX))
            }
        }
        Some("running" | "paused") => {
            let out = sqlx::query(
                "UPDATE tournament_entrants SET withdrawn = $3, reason = 'left' \
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn IS NULL",
            )
            .bind(to_sql(id))
            .bind(to_sql(player))
            .bind(i64::from(from))
            .execute(&mut *tx)
            .await?;
            if out.rows_affected() == 0 {
                Left::NotIn
            } else {
                Left::Withdrawn(from)
            }
        }
        _ => Left::Closed,
    };
    sqlx::query("UPDATE tournaments SET updated_ms = $2 WHERE id = $1")
        .bind(to_sql(id))
        .bind(at_ms)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(left)
}

/// Writes `step` in one transaction if the tournament still has `step.expected`.
async fn advance_tournament(
    pool: &Pool,
    id: u64,
    step: &TournamentStep,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let version: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT version FROM tournaments WHERE id = $1{FOR_UPDATE}"
    ))
    .bind(to_sql(id))
    .fetch_optional(&mut *tx)
    .await?;
    if version != Some(to_sql(step.expected)) {
        let _ = tx.rollback().await;
        return Ok(false);
    }
    if let Err(e) = write_step(&mut tx, id, step).await {
        let _ = tx.rollback().await;
        return Err(e);
    }
    tx.commit().await?;
    Ok(true)
}

async fn write_step(tx: &mut Conn, id: u64, step: &TournamentStep) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tournaments SET state = $2, round = $3, round_deadline_ms = $4, note = $5, \
         check_ms = $6, version = version + 1, updated_ms = $7 WHERE id = $1",
    )
    .bind(to_sql(id))
    .bind(&step.state)
    .bind(i64::from(step.round))
    .bind(step.round_deadline_ms)
    .bind(step.note.as_deref())
    .bind(step.check_ms)
    .bind(step.at_ms)
    .execute(&mut *tx)
    .await?;
    for (player, rating) in &step.ratings {
        sqlx::query(
            "UPDATE tournament_entrants SET rating = $3 WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(to_sql(id))
        .bind(to_sql(*player))
        .bind(i64::from(*rating))
        .execute(&mut *tx)
        .await?;
    }
    for (round, board, result) in &step.results {
        sqlx::query(
            "UPDATE tournament_pairings SET result = $4 \
             WHERE tournament_id = $1 AND round = $2 AND board = $3",
        )
        .bind(to_sql(id))
        .bind(i64::from(*round))
        .bind(i64::from(*board))
        .bind(result)
        .execute(&mut *tx)
        .await?;
    }
    for (player, from, reason) in &step.withdrawals {
        sqlx::query(
            "UPDATE tournament_entrants SET withdrawn = $3, reason = $4 \
             WHERE tournament_id = $1 AND player_id = $2 AND (withdrawn IS NULL OR withdrawn > $3)",
        )
        .bind(to_sql(id))
        .bind(to_sql(*player))
        .bind(i64::from(*from))
        .bind(reason)
        .execute(&mut *tx)
        .await?;
    }
    for p in &step.pairings {
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, board, white_id, black_id, \
             match_id, opened) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(to_sql(id))
        .bind(i64::from(p.round))
        .bind(i64::from(p.board))
        .bind(to_sql(p.white))
        .bind(p.black.map(to_sql))
        .bind(p.match_id.map(to_sql))
        // A bye has nothing to open.
        .bind(p.match_id.is_none())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

impl TournamentStore for Handle {
    fn create_tournament<'a>(&'a self, row: &'a TournamentRow) -> StoreFuture<'a, ()> {
        Box::pin(create_tournament(self.pool(), row))
    }

    fn tournament(&self, id: u64) -> StoreFuture<'_, Option<TournamentSnapshot>> {
        Box::pin(tournament_snapshot(self.pool(), id))
    }

    fn tournaments_in(&self, channel: u64, open: bool) -> StoreFuture<'_, Vec<TournamentRow>> {
        Box::pin(async move {
            let rows = sqlx::query(&format!(
                "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE t.channel_id = $1 \
                 AND (NOT $2 OR t.state IN ('signup', 'running', 'paused')) \
                 ORDER BY t.created_ms DESC, t.id LIMIT 25"
            ))
            .bind(to_sql(channel))
            .bind(open)
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(tournament_row).collect()
        })
    }

    fn join_tournament<'a>(
        &'a self,
        id: u64,
        player: u64,
        name: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, Joined> {
        Box::pin(join_tournament(self.pool(), id, player, name, at_ms))
    }

    fn leave_tournament(
        &self,
        id: u64,
        player: u64,
        from: u32,
        at_ms: i64,
    ) -> StoreFuture<'_, Left> {
        Box::pin(leave_tournament(self.pool(), id, player, from, at_ms))
    }

    fn set_signup_message(&self, id: u64, message: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE tournaments SET signup_message_id = $2 WHERE id = $1")
                .bind(to_sql(id))
                .bind(to_sql(message))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }

    fn advance_tournament<'a>(
        &'a self,
        id: u64,
        step: &'a TournamentStep,
    ) -> StoreFuture<'a, bool> {
        Box::pin(advance_tournament(self.pool(), id, step))
    }

    fn claim_pairing(
        &self,
        id: u64,
        round: u32,
        board: u32,
        at_ms: i64,
        stale_ms: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let claimed = sqlx::query(
                "UPDATE tournament_pairings SET claim_ms = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND NOT opened \
                 AND (claim_ms IS NULL OR claim_ms < $5)",
            )
            .bind(to_sql(id))
            .bind(i64::from(round))
            .bind(i64::from(board))
            .bind(at_ms)
            .bind(stale_ms)
            .execute(self.pool())
            .await?;
            Ok(claimed.rows_affected() == 1)
        })
    }

    fn release_pairing(
        &self,
        id: u64,
        round: u32,
        board: u32,
        opened: bool,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE tournament_pairings SET claim_ms = NULL, opened = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3",
            )
            .bind(to_sql(id))
            .bind(i64::from(round))
            .bind(i64::from(board))
            .bind(opened)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn tournaments_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM tournaments WHERE \
                 (state = 'signup' AND starts_ms IS NOT NULL AND starts_ms <= $1) \
                 OR (state = 'running' AND (check_ms <= $1 OR round_deadline_ms <= $1)) \
                 ORDER BY id LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(from_sql).collect())
        })
    }

    fn give_tournaments_time_back(&self, last_seen_ms: i64, now_ms: i64) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let moved = sqlx::query(
                "UPDATE tournaments SET round_deadline_ms = round_deadline_ms + ($2 - $1), \
                 version = version + 1, updated_ms = $2 \
                 WHERE state = 'running' AND round_deadline_ms IS NOT NULL \
                 AND updated_ms <= $1 AND $2 > $1",
            )
            .bind(last_seen_ms)
            .bind(now_ms)
            .execute(self.pool())
            .await?;
            Ok(moved.rows_affected())
        })
    }

    fn tournament_of_match(&self, match_id: u64) -> StoreFuture<'_, Option<(u64, String, u32)>> {
        Box::pin(async move {
            let row: Option<(i64, String, i64)> = sqlx::query_as(
                "SELECT t.id, t.name, p.round FROM tournament_pairings p \
                 JOIN tournaments t ON t.id = p.tournament_id WHERE p.match_id = $1",
            )
            .bind(to_sql(match_id))
            .fetch_optional(self.pool())
            .await?;
            Ok(
                row.map(|(id, name, round)| {
                    (from_sql(id), name, u32::try_from(round).unwrap_or(0))
                }),
            )
        })
    }

    fn tournament_record(&self, player: u64) -> StoreFuture<'_, (u32, u32)> {
        Box::pin(async move {
            let (entered, won): (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE t.winner_id = $1) \
                 FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id \
                 WHERE e.player_id = $1 AND t.state = 'finished' \
                 AND (e.withdrawn IS NULL OR e.withdrawn > 1)",
            )
            .bind(to_sql(player))
            .fetch_one(self.pool())
            .await?;
            Ok((
                u32::try_from(entered).unwrap_or(0),
                u32::try_from(won).unwrap_or(0),
            ))
        })
    }

    fn set_tournament_winner(&self, id: u64, player: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE tournaments SET winner_id = $2 WHERE id = $1")
                .bind(to_sql(id))
                .bind(to_sql(player))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }
}
