//! Every query of the stores, written once for both databases.
//!
//! This file is compiled twice, as a module of each back-end (`#[path]` in
//! `sqlite/mod.rs` and `postgres/mod.rs`), so the same text is checked against each
//! dialect's concrete types: `super` is the back-end, which provides
//!
//! * `Db`, the `sqlx` database, and `Handle`, its store type (with `pool()`);
//! * `FOR_UPDATE` and `FOR_SHARE`, the row-lock clauses (empty for SQLite, whose writers
//!   take turns anyway);
//! * `lock_ratings`, `lock_rematch` and `lock_seasons`, transaction-level locks
//!   (PostgreSQL's advisory locks; nothing for SQLite), and `lock_tournament` (SQLite's
//!   write first, so that a read-then-write transaction is not overtaken; nothing for
//!   PostgreSQL, whose `FOR UPDATE` locks the row);
//! * `after_write` and `after_retire`, what a back-end keeps beside a match (PostgreSQL's
//!   `live_players`; nothing for SQLite).
//!
//! The SQL itself is the dialect both accept: `$N` placeholders, `ON CONFLICT … DO
//! NOTHING`, `FILTER`, `CAST(… AS BIGINT)` and flags read as `live` / `NOT live`.
//! Everything that really differs (row locks, `SKIP LOCKED`, presence, checkpoints, the
//! lock file) stays in the back-end's own module.

use super::{Db, FOR_SHARE, FOR_UPDATE, Handle};
use crate::game::PlayerId;
use crate::ids::{ChannelKey, GuildId, MatchId};
use crate::rating::settle::{self, Settlement};
use crate::rating::{Outcome, Rating, Record, ResultRow};
use crate::store::format::{FORGOTTEN, SET_ASIDE};
use crate::store::seasons::{
    ClosedSeason, NewSeason, SeasonFigures, SeasonPage, SeasonPlace, SeasonRow, SeasonStore,
};
use crate::store::{
    FinishedMatch, FinishedStore, Forgot, GLOBAL_BOARD, HistoryRow, LeaderPage, LiveStore,
    MatchRecord, MoveRecord, OutboxStore, Place, PresenceStore, PrivacyStore, Renamed, SetAside,
    SettingsStore, Standing, Store, StoreError, StoreFuture, StoredMatch, from_sql, rows, to_sql,
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
         winner_id, loser_id, created_ms, updated_ms, ended_ms, computer_next, remind_ms, \
         post_channel_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $19, $20, $21, $22) \
         ON CONFLICT (id) DO UPDATE SET version = excluded.version, \
         channel_id = excluded.channel_id, phase = excluded.phase, live = excluded.live, deadline_ms = excluded.deadline_ms, \
         state = excluded.state, how = excluded.how, winner_id = excluded.winner_id, \
         loser_id = excluded.loser_id, updated_ms = excluded.updated_ms, \
         ended_ms = excluded.ended_ms, computer_next = excluded.computer_next, \
         remind_ms = excluded.remind_ms, post_channel_id = excluded.post_channel_id \
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
    .bind(r.post_channel.map(to_sql))
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
    if r.result.is_some() {
        // An ended match reminds nobody any more: its outbox row goes with it.
        sqlx::query("DELETE FROM reminder_outbox WHERE match_id = $1")
            .bind(to_sql(r.id))
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
        // The whole rating after the match, so a season can start from it.
        let after = ratings
            .iter()
            .find(|n| n.player == settled.player)
            .map(|n| n.rating);
        sqlx::query(
            "INSERT INTO results (match_id, player_id, variant, guild_id, opponent_id, computer, \
             outcome, how, shots, hits, turns, rating_before, rating_after, ended_ms, \
             deviation_after, volatility_after) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
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
        .bind(after.map(|a| a.deviation))
        .bind(after.map(|a| a.volatility))
        .execute(&mut *tx)
        .await?;
    }
    if rated {
        season_in(tx, r).await?;
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
    // The global board, for a member who opted in (the ratings lock is held: an opt-in
    // meanwhile reads the rating after this end).
    sqlx::query(
        "INSERT INTO guild_players (guild_id, variant, player_id, provisional, shown) \
         SELECT $1, $2, player_id, $4, $5 FROM leaderboard_optins WHERE player_id = $3 \
         ON CONFLICT DO NOTHING",
    )
    .bind(to_sql(GLOBAL_BOARD))
    .bind(r.variant)
    .bind(to_sql(p))
    .bind(provisional)
    .bind(shown)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Shows or hides `player` on the global board in one transaction (see
/// [`SettingsStore::set_leaderboard_visible`]). The member's ratings are locked first, so an end
/// of their match that settles meanwhile either comes before (and is read here) or after
/// (and finds them opted in, or not).
async fn set_visible(
    pool: &Pool,
    player: PlayerId,
    visible: bool,
    at_ms: i64,
) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    match set_visible_in(&mut tx, player, visible, at_ms).await {
        Ok(()) => {
            tx.commit().await?;
            Ok(())
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

async fn set_visible_in(
    tx: &mut Conn,
    player: PlayerId,
    visible: bool,
    at_ms: i64,
) -> Result<(), StoreError> {
    let p = to_sql(player);
    super::lock_ratings(tx, [player, player]).await?;
    if !visible {
        sqlx::query("DELETE FROM leaderboard_optins WHERE player_id = $1")
            .bind(p)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM guild_players WHERE guild_id = $1 AND player_id = $2")
            .bind(to_sql(GLOBAL_BOARD))
            .bind(p)
            .execute(&mut *tx)
            .await?;
        return Ok(());
    }
    // A write first: on SQLite the transaction is the writer from here on, so the ratings
    // it reads next cannot change before it commits.
    sqlx::query(
        "INSERT INTO leaderboard_optins (player_id, at_ms) VALUES ($1, $2) \
         ON CONFLICT DO NOTHING",
    )
    .bind(p)
    .bind(at_ms)
    .execute(&mut *tx)
    .await?;
    let rated = sqlx::query("SELECT * FROM ratings WHERE player_id = $1")
        .bind(p)
        .fetch_all(&mut *tx)
        .await?;
    for row in &rated {
        let (rating, _) = rows::rating_of(row)?;
        let variant = rows::Columns::text(row, "variant")?;
        sqlx::query(
            "INSERT INTO guild_players (guild_id, variant, player_id, provisional, shown) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id, variant, player_id) \
             DO UPDATE SET provisional = excluded.provisional, shown = excluded.shown",
        )
        .bind(to_sql(GLOBAL_BOARD))
        .bind(&variant)
        .bind(p)
        .bind(rating.is_provisional())
        .bind(rating.shown())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// `player`'s stored rating in `variant`.
async fn load(
    tx: &mut Conn,
    player: PlayerId,
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
    guild: GuildId,
    variant: &str,
    offset: u32,
    limit: u32,
) -> Result<LeaderPage, StoreError> {
    // The page is found in the order index alone (a covering scan: the places skipped
    // over are never read from the table), then only its own rows are joined: a deep page
    // costs an index walk, not a table read per skipped place. (Every guild_players row
    // has its ratings row: they are written, and deleted, together.)
    let rows = sqlx::query(&format!(
        "SELECT r.*, COALESCE(p.name, '') AS name FROM \
         (SELECT g.player_id, g.variant, g.provisional, g.shown FROM guild_players g \
          WHERE g.guild_id = $1 AND g.variant = $2 ORDER BY {order} LIMIT $3 OFFSET $4) g \
         JOIN ratings r ON r.player_id = g.player_id AND r.variant = g.variant \
         LEFT JOIN players p ON p.player_id = g.player_id ORDER BY {order}",
        order = rows::ORDER
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
    guild: GuildId,
    variant: &str,
    player: PlayerId,
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
    // Each count is a range of the order index. For an established member the second is
    // also their rank's: everyone established and rated higher.
    let (before, rated_higher, tied): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM guild_players \
                 WHERE guild_id = $1 AND variant = $2 AND provisional < $3), \
                (SELECT COUNT(*) FROM guild_players \
                 WHERE guild_id = $1 AND variant = $2 AND provisional = $3 AND shown > $4), \
                (SELECT COUNT(*) FROM guild_players \
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
    let ahead = before + rated_higher + tied;
    let number = |n: i64| u32::try_from(n).map_err(|e| StoreError::Data(e.to_string()));
    Ok(Some(Place {
        position: number(ahead)?,
        rank: if provisional {
            None
        } else {
            Some(number(rated_higher)? + 1)
        },
    }))
}

async fn history(
    pool: &Pool,
    player: PlayerId,
    guild: Option<GuildId>,
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
async fn forget(pool: &Pool, player: PlayerId, renamed: &[Renamed]) -> Result<Forgot, StoreError> {
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
    let outcome = if playing.is_some() || being_opened(&mut tx, p).await? {
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
    forget_seasons_in(&mut tx, player).await?;
    forget_tournaments_in(&mut tx, player).await?;
    for sql in [
        "DELETE FROM ratings WHERE player_id = $1",
        "DELETE FROM results WHERE player_id = $1",
        "DELETE FROM guild_players WHERE player_id = $1",
        "DELETE FROM players WHERE player_id = $1",
        "DELETE FROM rematch_votes WHERE player_id = $1",
        "DELETE FROM reminder_optouts WHERE player_id = $1",
        "DELETE FROM leaderboard_optins WHERE player_id = $1",
    ] {
        sqlx::query(sql).bind(p).execute(&mut *tx).await?;
    }
    // Every process drops its cached model of them at its next use (issue 36, item 8).
    sqlx::query(
        "INSERT INTO habit_epochs (bucket, epoch) VALUES ($1, 1) \
         ON CONFLICT (bucket) DO UPDATE SET epoch = habit_epochs.epoch + 1",
    )
    .bind(crate::store::habit_bucket(player))
    .execute(&mut *tx)
    .await?;
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
        if r.state.is_none() {
            // A state this build cannot read, so cannot rename: what it holds of the
            // member is dropped, and a match set aside is never brought back (its
            // opponent has nobody to play).
            sqlx::query(
                "UPDATE matches SET state = $2, \
                 phase = CASE WHEN phase = $3 THEN $4 ELSE phase END \
                 WHERE id = $1 AND NOT live",
            )
            .bind(id)
            .bind(Vec::<u8>::new())
            .bind(SET_ASIDE)
            .bind(FORGOTTEN)
            .execute(&mut *tx)
            .await?;
        }
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
    id: MatchId,
    player: PlayerId,
    at_ms: i64,
) -> Result<(Vec<PlayerId>, bool), StoreError> {
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
        voters.into_iter().map(|p| PlayerId(from_sql(p))).collect(),
        added.rows_affected() == 1,
    ))
}

/// The claim on a rematch's start is a vote by "player 0", which no member can cast.
async fn claim_rematch(
    pool: &Pool,
    id: MatchId,
    new: MatchId,
    at_ms: i64,
) -> Result<(MatchId, i64), StoreError> {
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
    Ok((MatchId(started.map_or(0, from_sql)), claimed))
}

/// The `(id, state)` rows of `sql`, with `key` as its `$1` if given.
async fn states(
    pool: &Pool,
    sql: &str,
    key: Option<i64>,
) -> Result<Vec<(MatchId, Vec<u8>)>, StoreError> {
    let mut query = sqlx::query_as(sql);
    if let Some(key) = key {
        query = query.bind(key);
    }
    let rows: Vec<(i64, Vec<u8>)> = query.fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(|(id, state)| (MatchId(from_sql(id)), state))
        .collect())
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

impl LiveStore for Handle {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), std::slice::from_ref(record)))
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), records))
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches WHERE live ORDER BY updated_ms DESC, id",
            None,
        ))
    }

    fn retire(&self, id: MatchId, at_ms: i64) -> StoreFuture<'_, ()> {
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

    fn set_aside(&self, id: MatchId, at_ms: i64) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await?;
            // `announced`: there is no end to send.
            let done = sqlx::query(
                "UPDATE matches SET live = FALSE, phase = $3, updated_ms = $2, \
                 announced = TRUE WHERE id = $1 AND live",
            )
            .bind(to_sql(id))
            .bind(at_ms)
            .bind(SET_ASIDE)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            super::after_retire(&mut tx, id).await?;
            tx.commit().await?;
            Ok(done > 0)
        })
    }

    fn set_aside_matches(&self) -> StoreFuture<'_, Vec<SetAside>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id, COALESCE(post_channel_id, channel_id) AS channel, guild_id, state \
                 FROM matches WHERE NOT live AND phase = $1 ORDER BY updated_ms, id",
            )
            .bind(SET_ASIDE)
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::set_aside).collect()
        })
    }

    fn bring_back(&self, id: MatchId) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let done = sqlx::query(
                "UPDATE matches SET live = TRUE, announced = FALSE \
                 WHERE id = $1 AND NOT live AND phase = $2",
            )
            .bind(to_sql(id))
            .bind(SET_ASIDE)
            .execute(self.pool())
            .await?
            .rows_affected();
            Ok(done > 0)
        })
    }

    fn due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND deadline_ms <= $1 \
                 ORDER BY deadline_ms LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    fn computer_waiting(&self, before_ms: i64) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND computer_next AND updated_ms <= $1",
            )
            .bind(before_ms)
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    // ----- Issue 36: live matches found through the channel their messages go to -----

    fn posted_in(&self, channel: ChannelKey, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND post_channel_id = $1 \
                 ORDER BY created_ms, id LIMIT $2",
            )
            .bind(to_sql(channel))
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    fn live_in(
        &self,
        guild: GuildId,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'_, (Vec<Vec<u8>>, u32)> {
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
}

impl OutboxStore for Handle {
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

    fn mark_announced(&self, id: MatchId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE matches SET announced = TRUE WHERE id = $1")
                .bind(to_sql(id))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }

    fn waiting_ends_in(&self, channel: ChannelKey) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move {
            let states: Vec<Vec<u8>> = sqlx::query_scalar(
                "SELECT state FROM matches WHERE NOT live AND NOT announced \
                 AND guild_id IS NULL AND channel_id = $1 ORDER BY ended_ms",
            )
            .bind(to_sql(channel))
            .fetch_all(self.pool())
            .await?;
            Ok(states)
        })
    }

    fn is_announced(&self, id: MatchId) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let waiting: Option<i64> = sqlx::query_scalar(
                "SELECT 1 FROM matches WHERE id = $1 AND NOT live AND NOT announced",
            )
            .bind(to_sql(id))
            .fetch_optional(self.pool())
            .await?;
            Ok(waiting.is_none())
        })
    }

    fn reminders_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND remind_ms IS NOT NULL AND remind_ms <= $1 \
                 ORDER BY remind_ms LIMIT $2",
            )
            .bind(at_ms)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    fn take_reminder(
        &self,
        match_id: MatchId,
        moves: u32,
        which: &'static str,
        at_ms: i64,
        stale_before_ms: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            // Taken over only from a lease that ran out, or by a later reminder of the match
            // (a later turn, or the hour's after the half's).
            let taken: Option<i64> = sqlx::query_scalar(
                "INSERT INTO reminder_outbox (match_id, moves, which, taken_ms) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (match_id) DO UPDATE SET moves = excluded.moves, \
                 which = excluded.which, taken_ms = excluded.taken_ms \
                 WHERE reminder_outbox.taken_ms <= $5 \
                 OR excluded.moves > reminder_outbox.moves \
                 OR (excluded.moves = reminder_outbox.moves \
                     AND reminder_outbox.which = 'half' AND excluded.which = 'hour') \
                 RETURNING match_id",
            )
            .bind(to_sql(match_id))
            .bind(i64::from(moves))
            .bind(which)
            .bind(at_ms)
            .bind(stale_before_ms)
            .fetch_optional(self.pool())
            .await?;
            Ok(taken.is_some())
        })
    }

    fn reminder_sent(
        &self,
        match_id: MatchId,
        moves: u32,
        which: &'static str,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            // Kept, leased for ever: a sweep that read the match before its mark and comes
            // to take this reminder afterwards is refused (a deleted row would let it in).
            // A later turn's reminder, or the hour's after the half's, still takes the row.
            sqlx::query(
                "UPDATE reminder_outbox SET taken_ms = $4 \
                 WHERE match_id = $1 AND moves = $2 AND which = $3",
            )
            .bind(to_sql(match_id))
            .bind(i64::from(moves))
            .bind(which)
            .bind(i64::MAX)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn vote_rematch(
        &self,
        id: MatchId,
        player: PlayerId,
        at_ms: i64,
    ) -> StoreFuture<'_, (Vec<PlayerId>, bool)> {
        Box::pin(vote_rematch(self.pool(), id, player, at_ms))
    }

    fn claim_rematch(
        &self,
        id: MatchId,
        new: MatchId,
        at_ms: i64,
    ) -> StoreFuture<'_, (MatchId, i64)> {
        Box::pin(claim_rematch(self.pool(), id, new, at_ms))
    }

    fn reclaim_rematch(&self, id: MatchId, old: MatchId, new: MatchId) -> StoreFuture<'_, bool> {
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

    fn release_rematch(&self, id: MatchId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("DELETE FROM rematch_votes WHERE match_id = $1 AND player_id = 0")
                .bind(to_sql(id))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }
}

impl FinishedStore for Handle {
    fn get(&self, id: MatchId) -> StoreFuture<'_, Option<StoredMatch>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT * FROM matches WHERE id = $1")
                .bind(to_sql(id))
                .fetch_optional(self.pool())
                .await?;
            row.as_ref().map(rows::stored).transpose()
        })
    }

    fn moves(&self, id: MatchId) -> StoreFuture<'_, Vec<MoveRecord>> {
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

    fn recent(&self, player: PlayerId, limit: u32) -> StoreFuture<'_, Vec<StoredMatch>> {
        Box::pin(async move {
            // Two indexed lookups (one per seat) rather than an OR over both columns.
            let rows = sqlx::query(
                "SELECT * FROM matches WHERE id IN ( \
                   SELECT id FROM matches WHERE challenger_id = $1 AND NOT live \
                   UNION SELECT id FROM matches WHERE opponent_id = $1 AND NOT live) \
                 AND ended_ms IS NOT NULL AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
                 ORDER BY ended_ms DESC, id LIMIT $2",
            )
            .bind(to_sql(player))
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(rows::stored).collect()
        })
    }

    fn latest<'a>(
        &'a self,
        player: Option<PlayerId>,
        guild: Option<GuildId>,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>> {
        Box::pin(async move {
            // One query per case, each read along its own index in the order wanted (no
            // scan, no sort): the member's, the server's, or those outside servers.
            let query = match (player, guild) {
                (Some(p), _) => sqlx::query(FINISHED_BY_MEMBER).bind(to_sql(p)),
                (None, Some(g)) => sqlx::query(FINISHED_IN_SERVER).bind(to_sql(g)),
                (None, None) => sqlx::query(FINISHED_OUTSIDE_SERVERS),
            };
            let rows = query
                .bind(variant)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
            rows.iter().map(rows::finished).collect()
        })
    }

    fn rating<'a>(
        &'a self,
        player: PlayerId,
        variant: &'a str,
    ) -> StoreFuture<'a, Option<(Rating, Record)>> {
        Box::pin(async move {
            let mut conn = self.pool().acquire().await?;
            load(&mut conn, player, variant).await
        })
    }

    fn results<'a>(
        &'a self,
        player: PlayerId,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<ResultRow>> {
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
        guild: GuildId,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, LeaderPage> {
        Box::pin(leaderboard(self.pool(), guild, variant, offset, limit))
    }

    fn place<'a>(
        &'a self,
        guild: GuildId,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<Place>> {
        Box::pin(place(self.pool(), guild, variant, player))
    }

    fn history(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<HistoryRow>> {
        Box::pin(history(self.pool(), player, guild, limit))
    }

    fn habit_epoch(&self, player: PlayerId) -> StoreFuture<'_, i64> {
        Box::pin(async move {
            let epoch: Option<i64> =
                sqlx::query_scalar("SELECT epoch FROM habit_epochs WHERE bucket = $1")
                    .bind(crate::store::habit_bucket(player))
                    .fetch_optional(self.pool())
                    .await?;
            Ok(epoch.unwrap_or(0))
        })
    }
}

impl SettingsStore for Handle {
    fn server(&self, guild: GuildId) -> StoreFuture<'_, Option<String>> {
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
        guild: GuildId,
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
        guild: GuildId,
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

    fn reminders_off(&self, player: PlayerId) -> StoreFuture<'_, bool> {
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

    fn set_reminders(&self, player: PlayerId, on: bool, at_ms: i64) -> StoreFuture<'_, ()> {
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

    fn leaderboard_visible(&self, player: PlayerId) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let shown: Option<i64> = sqlx::query_scalar(
                "SELECT CAST(1 AS BIGINT) FROM leaderboard_optins WHERE player_id = $1",
            )
            .bind(to_sql(player))
            .fetch_optional(self.pool())
            .await?;
            Ok(shown.is_some())
        })
    }

    fn set_leaderboard_visible(
        &self,
        player: PlayerId,
        visible: bool,
        at_ms: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(set_visible(self.pool(), player, visible, at_ms))
    }
}

impl PrivacyStore for Handle {
    fn matches_of(&self, player: PlayerId) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches \
             WHERE NOT live AND (challenger_id = $1 OR opponent_id = $1) ORDER BY id",
            Some(to_sql(player)),
        ))
    }

    fn cancelled(&self) -> StoreFuture<'_, Vec<(MatchId, Vec<u8>)>> {
        Box::pin(states(
            self.pool(),
            "SELECT id, state FROM matches \
             WHERE NOT live AND how = 'cancelled' ORDER BY id",
            None,
        ))
    }

    fn forget<'a>(&'a self, player: PlayerId, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot> {
        Box::pin(forget(self.pool(), player, renamed))
    }
}

impl PresenceStore for Handle {
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
}

impl Store for Handle {
    fn live(&self) -> &dyn LiveStore {
        self
    }

    fn outbox(&self) -> &dyn OutboxStore {
        self
    }

    fn finished(&self) -> &dyn FinishedStore {
        self
    }

    fn settings(&self) -> &dyn SettingsStore {
        self
    }

    fn privacy(&self) -> &dyn PrivacyStore {
        self
    }

    fn presence(&self) -> &dyn PresenceStore {
        self
    }

    fn tournaments(&self) -> Option<&dyn TournamentStore> {
        Some(self)
    }

    fn seasons(&self) -> Option<&dyn SeasonStore> {
        Some(self)
    }
}

// ---------------------------------------------------------------------------------------
// Seasons (issue 39): the queries of `store/seasons.rs`, and what the end of a rated match
// and forgetting a member write of them.

/// The columns of a `seasons` row, in [`season_of`]'s order.
const SEASON_COLUMNS: &str = "guild_id, number, cadence, period, zone, start_ms, end_ms, \
                              closed_ms, channel_id, announced_ms";

/// A `seasons` row.
fn season_of(row: &impl rows::Columns) -> Result<SeasonRow, StoreError> {
    Ok(SeasonRow {
        guild: GuildId(from_sql(row.int("guild_id")?)),
        number: rows::count(row, "number")?,
        cadence: row.text("cadence")?,
        period: row.text("period")?,
        zone: row.text("zone")?,
        start_ms: row.int("start_ms")?,
        end_ms: row.int("end_ms")?,
        closed_ms: row.opt_int("closed_ms")?,
        channel: row.opt_int("channel_id")?.map(|c| ChannelKey(from_sql(c))),
        announced_ms: row.opt_int("announced_ms")?,
    })
}

/// A `season_players` row with the member's `name`.
fn season_standing(row: &impl rows::Columns) -> Result<Standing, StoreError> {
    let (rating, record) = rows::rating_of(row)?;
    Ok(Standing {
        player: PlayerId(from_sql(row.int("player_id")?)),
        name: row.text("name")?,
        rating,
        record,
    })
}

/// A number the store keeps as a count.
fn count_of(n: i64) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|e| StoreError::Data(e.to_string()))
}

/// Counts the end of `r` (a rated match) in its server's current season, if the season's
/// span holds the end. Runs in the transaction that stores the end, holding the server's
/// season lock shared: a season is never closed or opened under it.
async fn season_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
    let (Some(guild), Some(result)) = (r.guild, r.result.as_ref()) else {
        return Ok(());
    };
    super::lock_seasons(tx, guild, false).await?;
    let season: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT number, start_ms, end_ms FROM seasons WHERE guild_id = $1 AND closed_ms IS NULL",
    )
    .bind(to_sql(guild))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((number, start_ms, end_ms)) = season else {
        return Ok(());
    };
    // An end after the season's: the next season counts it when it opens.
    if r.updated_ms < start_ms || r.updated_ms >= end_ms {
        return Ok(());
    }
    let outcome = match result.winner {
        None => Outcome::Draw,
        Some(w) if w == r.players[0] => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    season_match(tx, guild, number, start_ms, r.variant, r.players, outcome).await
}

/// One rated match of a season: both members' season ratings (each from their rating at
/// the season's start, the first time) updated against each other.
async fn season_match(
    tx: &mut Conn,
    guild: GuildId,
    number: i64,
    start_ms: i64,
    variant: &str,
    players: [PlayerId; 2],
    outcome: Outcome,
) -> Result<(), StoreError> {
    let mut stood = [(Rating::default(), Record::default()); 2];
    for (seat, &p) in players.iter().enumerate() {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games, wins, losses, draws FROM season_players \
             WHERE guild_id = $1 AND number = $2 AND variant = $3 AND player_id = $4",
        )
        .bind(to_sql(guild))
        .bind(number)
        .bind(variant)
        .bind(to_sql(p))
        .fetch_optional(&mut *tx)
        .await?;
        stood[seat] = match row {
            Some(row) => rows::rating_of(&row)?,
            None => (
                season_seed(tx, p, variant, start_ms).await?,
                Record::default(),
            ),
        };
    }
    let (a, b) = crate::rating::update(stood[0].0, stood[1].0, outcome);
    for (seat, (rating, result)) in [(a, outcome), (b, outcome.flipped())]
        .into_iter()
        .enumerate()
    {
        let mut record = stood[seat].1;
        record.add(result);
        sqlx::query(
            "INSERT INTO season_players (guild_id, number, variant, player_id, rating, deviation, \
             volatility, games, wins, losses, draws, provisional, shown) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
             ON CONFLICT (guild_id, number, variant, player_id) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
             losses = excluded.losses, draws = excluded.draws, \
             provisional = excluded.provisional, shown = excluded.shown",
        )
        .bind(to_sql(guild))
        .bind(number)
        .bind(variant)
        .bind(to_sql(players[seat]))
        .bind(rating.rating)
        .bind(rating.deviation)
        .bind(rating.volatility)
        .bind(i64::from(rating.games))
        .bind(i64::from(record.wins))
        .bind(i64::from(record.losses))
        .bind(i64::from(record.draws))
        .bind(rating.is_provisional())
        .bind(rating.shown())
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// `player`'s rating in `variant` as it stood at `start_ms`, with no games counted: the
/// rating after their last rated match that ended before then (the default rating when
/// there was none). A result stored before seasons existed carries only the rating's
/// value; its deviation and volatility are then today's.
async fn season_seed(
    tx: &mut Conn,
    player: PlayerId,
    variant: &str,
    start_ms: i64,
) -> Result<Rating, StoreError> {
    let row: Option<(f64, Option<f64>, Option<f64>)> = sqlx::query_as(
        "SELECT rating_after, deviation_after, volatility_after FROM results \
         WHERE player_id = $1 AND variant = $2 AND ended_ms < $3 AND rating_after IS NOT NULL \
         ORDER BY ended_ms DESC, match_id DESC LIMIT 1",
    )
    .bind(to_sql(player))
    .bind(variant)
    .bind(start_ms)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((rating, deviation, volatility)) = row else {
        return Ok(Rating::default());
    };
    let today = load(tx, player, variant)
        .await?
        .map(|(r, _)| r)
        .unwrap_or_default();
    Ok(Rating {
        rating,
        deviation: deviation.unwrap_or(today.deviation),
        volatility: volatility.unwrap_or(today.volatility),
        games: 0,
    })
}

/// Writes `season` as season `number` and counts in it the server's rated matches that
/// ended within its span already (those that ended after the season before it closed).
async fn open_in(tx: &mut Conn, season: &NewSeason, number: i64) -> Result<SeasonRow, StoreError> {
    sqlx::query(
        "INSERT INTO seasons (guild_id, number, cadence, period, zone, start_ms, end_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(to_sql(season.guild))
    .bind(number)
    .bind(&season.cadence)
    .bind(&season.period)
    .bind(&season.zone)
    .bind(season.start_ms)
    .bind(season.end_ms)
    .execute(&mut *tx)
    .await?;
    let played: Vec<(i64, i64, String, String)> = sqlx::query_as(
        "SELECT match_id, player_id, variant, outcome FROM results \
         WHERE guild_id = $1 AND ended_ms >= $2 AND ended_ms < $3 AND rating_after IS NOT NULL \
         ORDER BY ended_ms, match_id, player_id",
    )
    .bind(to_sql(season.guild))
    .bind(season.start_ms)
    .bind(season.end_ms)
    .fetch_all(&mut *tx)
    .await?;
    // Both rows of a match follow each other (a match of a member forgotten since has one).
    for pair in played.chunk_by(|a, b| a.0 == b.0) {
        let [(_, a, variant, outcome), (_, b, _, _)] = pair else {
            continue;
        };
        let outcome = Outcome::from_key(outcome)
            .ok_or_else(|| StoreError::Data(format!("unknown outcome {outcome:?}")))?;
        season_match(
            tx,
            season.guild,
            number,
            season.start_ms,
            variant,
            [PlayerId(from_sql(*a)), PlayerId(from_sql(*b))],
            outcome,
        )
        .await?;
    }
    Ok(SeasonRow {
        guild: season.guild,
        number: count_of(number)?,
        cadence: season.cadence.clone(),
        period: season.period.clone(),
        zone: season.zone.clone(),
        start_ms: season.start_ms,
        end_ms: season.end_ms,
        closed_ms: None,
        channel: None,
        announced_ms: None,
    })
}

async fn open_season(pool: &Pool, season: &NewSeason) -> Result<SeasonRow, StoreError> {
    let mut tx = pool.begin().await?;
    super::lock_seasons(&mut tx, season.guild, true).await?;
    let open = sqlx::query(&format!(
        "SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1 AND closed_ms IS NULL"
    ))
    .bind(to_sql(season.guild))
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(open) = open {
        tx.rollback().await?;
        return season_of(&open);
    }
    let last: Option<i64> =
        sqlx::query_scalar("SELECT MAX(number) FROM seasons WHERE guild_id = $1")
            .bind(to_sql(season.guild))
            .fetch_one(&mut *tx)
            .await?;
    match open_in(&mut tx, season, last.unwrap_or(0) + 1).await {
        Ok(row) => {
            tx.commit().await?;
            Ok(row)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

/// The figures of a season's tables as they stand: `(variant, places, established,
/// matches, most active member, their matches)` per rule set.
type Tally = (String, i64, i64, i64, Option<i64>, i64);

async fn tally(pool: &Pool, guild: GuildId, number: u32) -> Result<Vec<Tally>, StoreError> {
    let totals: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "SELECT variant, COUNT(*), COUNT(*) FILTER (WHERE NOT provisional), \
         CAST(COALESCE(SUM(games), 0) AS BIGINT) FROM season_players \
         WHERE guild_id = $1 AND number = $2 GROUP BY variant ORDER BY variant",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .fetch_all(pool)
    .await?;
    let mut out = Vec::with_capacity(totals.len());
    for (variant, places, established, games) in totals {
        // The most matches; of equals, the one placed higher.
        let active: Option<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT player_id, games FROM season_players g \
             WHERE guild_id = $1 AND number = $2 AND variant = $3 \
             ORDER BY games DESC, {} LIMIT 1",
            rows::ORDER
        ))
        .bind(to_sql(guild))
        .bind(i64::from(number))
        .bind(&variant)
        .fetch_optional(pool)
        .await?;
        // Every match counts once for each of its two members.
        out.push((
            variant,
            places,
            established,
            games / 2,
            active.map(|a| a.0),
            active.map_or(0, |a| a.1),
        ));
    }
    Ok(out)
}

async fn close_season(
    pool: &Pool,
    guild: GuildId,
    number: u32,
    at_ms: i64,
    channel: Option<ChannelKey>,
    next: Option<&NewSeason>,
) -> Result<Option<ClosedSeason>, StoreError> {
    // Read before the transaction: a season past its end takes no more matches, so its
    // figures stand (a member forgotten meanwhile is left out below), and SQLite's one
    // writer is held only for the few rows written.
    let figures = tally(pool, guild, number).await?;
    let mut tx = pool.begin().await?;
    let done = close_in(&mut tx, guild, number, at_ms, channel, next, &figures).await;
    match done {
        Ok(None) => {
            tx.rollback().await?;
            Ok(None)
        }
        Ok(closed) => {
            tx.commit().await?;
            Ok(closed)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

async fn close_in(
    tx: &mut Conn,
    guild: GuildId,
    number: u32,
    at_ms: i64,
    channel: Option<ChannelKey>,
    next: Option<&NewSeason>,
    figures: &[Tally],
) -> Result<Option<ClosedSeason>, StoreError> {
    super::lock_seasons(tx, guild, true).await?;
    let open = sqlx::query(&format!(
        "SELECT {SEASON_COLUMNS} FROM seasons \
         WHERE guild_id = $1 AND number = $2 AND closed_ms IS NULL"
    ))
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(open) = open else {
        return Ok(None);
    };
    let mut season = season_of(&open)?;
    // Closed early (seasons turned off): it ends now.
    season.end_ms = season.end_ms.min(at_ms);
    season.closed_ms = Some(at_ms);
    season.channel = channel;
    // Nowhere to announce it: nothing is left to send.
    season.announced_ms = channel.is_none().then_some(at_ms);
    sqlx::query(
        "UPDATE seasons SET closed_ms = $3, end_ms = $4, channel_id = $5, announced_ms = $6 \
         WHERE guild_id = $1 AND number = $2 AND closed_ms IS NULL",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(at_ms)
    .bind(season.end_ms)
    .bind(channel.map(to_sql))
    .bind(season.announced_ms)
    .execute(&mut *tx)
    .await?;
    for (variant, places, established, matches, active, active_games) in figures {
        sqlx::query(
            "INSERT INTO season_tables (guild_id, number, variant, places, established, \
             matches, active_id, active_games) \
             VALUES ($1, $2, $3, $4, $5, $6, \
             (SELECT player_id FROM season_players \
              WHERE guild_id = $1 AND number = $2 AND variant = $3 AND player_id = $7), $8) \
             ON CONFLICT DO NOTHING",
        )
        .bind(to_sql(guild))
        .bind(i64::from(number))
        .bind(variant)
        .bind(places)
        .bind(established)
        .bind(matches)
        .bind(active)
        .bind(active_games)
        .execute(&mut *tx)
        .await?;
    }
    let next = match next {
        Some(n) => Some(open_in(tx, n, i64::from(number) + 1).await?),
        None => None,
    };
    Ok(Some(ClosedSeason { season, next }))
}

/// Whether the table of season `number` in `variant` was frozen (its places written down,
/// which happens when a member of it is forgotten after it closed).
async fn frozen(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    variant: &str,
) -> Result<bool, StoreError> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM season_players WHERE guild_id = $1 AND number = $2 \
         AND variant = $3 AND final_position IS NOT NULL LIMIT 1",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(variant)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Writes down every place of the table of season `number` in `variant`: its order and
/// ranks, as [`season_page`] computes them.
async fn freeze_in(
    tx: &mut Conn,
    guild: GuildId,
    number: i64,
    variant: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE season_players SET final_position = o.pos, final_rank = o.rk FROM ( \
           SELECT player_id, \
             ROW_NUMBER() OVER (ORDER BY provisional, shown DESC, player_id) - 1 AS pos, \
             CASE WHEN provisional THEN NULL \
               ELSE RANK() OVER (PARTITION BY provisional ORDER BY shown DESC) END AS rk \
           FROM season_players WHERE guild_id = $1 AND number = $2 AND variant = $3) o \
         WHERE season_players.guild_id = $1 AND season_players.number = $2 \
         AND season_players.variant = $3 AND season_players.player_id = o.player_id",
    )
    .bind(to_sql(guild))
    .bind(number)
    .bind(variant)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Removes `player` from every season's table: the tables of closed seasons are frozen
/// first, so the others keep their places and the member's shows as a gap.
async fn forget_seasons_in(tx: &mut Conn, player: PlayerId) -> Result<(), StoreError> {
    let p = to_sql(player);
    let theirs: Vec<(i64, i64, String, bool)> = sqlx::query_as(
        "SELECT m.guild_id, m.number, m.variant, s.closed_ms IS NOT NULL \
         FROM season_players m JOIN seasons s ON s.guild_id = m.guild_id AND s.number = m.number \
         WHERE m.player_id = $1 ORDER BY m.guild_id, m.number, m.variant",
    )
    .bind(p)
    .fetch_all(&mut *tx)
    .await?;
    let mut locked = None;
    for (guild, number, variant, closed) in theirs {
        if locked != Some(guild) {
            // In server order, as every other holder of these locks takes one at most.
            super::lock_seasons(tx, GuildId(from_sql(guild)), false).await?;
            locked = Some(guild);
        }
        let number_u32 = count_of(number)?;
        let guild = GuildId(from_sql(guild));
        if closed && !frozen(tx, guild, number_u32, &variant).await? {
            freeze_in(tx, guild, number, &variant).await?;
        }
    }
    sqlx::query("DELETE FROM season_players WHERE player_id = $1")
        .bind(p)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE season_tables SET active_id = NULL WHERE active_id = $1")
        .bind(p)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The columns a season's page reads.
const SEASON_PAGE_COLUMNS: &str = "g.player_id, g.rating, g.deviation, g.volatility, g.games, \
     g.wins, g.losses, g.draws, g.provisional, g.shown, g.final_position, g.final_rank, \
     COALESCE(p.name, '') AS name";

async fn season_page(
    pool: &Pool,
    guild: GuildId,
    number: u32,
    variant: &str,
    offset: u32,
    limit: u32,
) -> Result<SeasonPage, StoreError> {
    let mut conn = pool.acquire().await?;
    let at = (guild, number, variant);
    if frozen(&mut conn, guild, number, variant).await? {
        frozen_page(&mut conn, at, offset, limit).await
    } else {
        ordered_page(&mut conn, at, offset, limit).await
    }
}

/// A page of a frozen table: by the places written down, gaps where nobody holds one.
async fn frozen_page(
    conn: &mut Conn,
    (guild, number, variant): (GuildId, u32, &str),
    offset: u32,
    limit: u32,
) -> Result<SeasonPage, StoreError> {
    use rows::Columns as _;
    let (g, n) = (to_sql(guild), i64::from(number));
    let rows = sqlx::query(&format!(
        "SELECT {SEASON_PAGE_COLUMNS} FROM season_players g \
         LEFT JOIN players p ON p.player_id = g.player_id \
         WHERE g.guild_id = $1 AND g.number = $2 AND g.variant = $3 \
         AND g.final_position >= $4 AND g.final_position < $5 ORDER BY g.final_position"
    ))
    .bind(g)
    .bind(n)
    .bind(variant)
    .bind(i64::from(offset))
    .bind(i64::from(offset) + i64::from(limit))
    .fetch_all(&mut *conn)
    .await?;
    let (places, last): (Option<i64>, Option<i64>) = sqlx::query_as(
        "SELECT (SELECT places FROM season_tables \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3), \
                (SELECT MAX(final_position) + 1 FROM season_players \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3)",
    )
    .bind(g)
    .bind(n)
    .bind(variant)
    .fetch_one(&mut *conn)
    .await?;
    let total = count_of(places.unwrap_or(0).max(last.unwrap_or(0)))?;
    let mut found = Vec::with_capacity(rows.len());
    for row in &rows {
        let position = count_of(row.opt_int("final_position")?.unwrap_or(0))?;
        let rank = row.opt_int("final_rank")?.map(count_of).transpose()?;
        found.push((position, rank, season_standing(row)?));
    }
    let end = offset.saturating_add(limit).min(total);
    let mut listed = found.into_iter().peekable();
    let rows = (offset..end)
        .map(
            |position| match listed.next_if(|(p, _, _)| *p == position) {
                Some((_, rank, standing)) => SeasonPlace {
                    position,
                    rank,
                    standing: Some(standing),
                },
                None => SeasonPlace {
                    position,
                    rank: None,
                    standing: None,
                },
            },
        )
        .collect();
    Ok(SeasonPage { rows, total })
}

/// A page of a table in its order (the current season's, or a closed one nobody left):
/// ranks as the lifetime leaderboard's.
async fn ordered_page(
    conn: &mut Conn,
    (guild, number, variant): (GuildId, u32, &str),
    offset: u32,
    limit: u32,
) -> Result<SeasonPage, StoreError> {
    let (g, n) = (to_sql(guild), i64::from(number));
    // As the lifetime board's page: the places in the order index alone, then their rows.
    // The outer order is the same, but by the page's own columns (k): ordered by the
    // table's (g), SQLite 3.46 walks the whole table in its order and runs the page's
    // query again for each row (seconds for a deep page).
    let rows = sqlx::query(&format!(
        "SELECT {SEASON_PAGE_COLUMNS} FROM \
         (SELECT g.player_id, g.provisional, g.shown FROM season_players g \
          WHERE g.guild_id = $1 AND g.number = $2 AND g.variant = $3 \
          ORDER BY {} LIMIT $4 OFFSET $5) k \
         JOIN season_players g ON g.guild_id = $1 AND g.number = $2 AND g.variant = $3 \
         AND g.player_id = k.player_id \
         LEFT JOIN players p ON p.player_id = g.player_id \
         ORDER BY k.provisional, k.shown DESC, k.player_id",
        rows::ORDER
    ))
    .bind(g)
    .bind(n)
    .bind(variant)
    .bind(i64::from(limit))
    .bind(i64::from(offset))
    .fetch_all(&mut *conn)
    .await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM season_players WHERE guild_id = $1 AND number = $2 AND variant = $3",
    )
    .bind(g)
    .bind(n)
    .bind(variant)
    .fetch_one(&mut *conn)
    .await?;
    let mut out: Vec<SeasonPlace> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let standing = season_standing(row)?;
        let position = offset + count_of(i64::try_from(i).unwrap_or(0))?;
        let shown = standing.rating.shown();
        let rank = if standing.rating.is_provisional() {
            None
        } else {
            match out.last() {
                Some(prev)
                    if prev
                        .standing
                        .as_ref()
                        .is_some_and(|s| s.rating.shown() == shown) =>
                {
                    prev.rank
                }
                Some(_) => Some(position + 1),
                // The page's first line may tie with the one before the page.
                None => Some(higher(conn, guild, number, variant, shown).await? + 1),
            }
        };
        out.push(SeasonPlace {
            position,
            rank,
            standing: Some(standing),
        });
    }
    Ok(SeasonPage {
        rows: out,
        total: count_of(total)?,
    })
}

/// Established members of a season's table with a rating as shown above `shown`.
async fn higher(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    variant: &str,
    shown: i64,
) -> Result<u32, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM season_players WHERE guild_id = $1 AND number = $2 \
         AND variant = $3 AND NOT provisional AND shown > $4",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(variant)
    .bind(shown)
    .fetch_one(&mut *conn)
    .await?;
    count_of(n)
}

async fn season_place(
    pool: &Pool,
    guild: GuildId,
    number: u32,
    variant: &str,
    player: PlayerId,
) -> Result<Option<SeasonPlace>, StoreError> {
    let mut conn = pool.acquire().await?;
    let row = sqlx::query(&format!(
        "SELECT {SEASON_PAGE_COLUMNS} FROM season_players g \
         LEFT JOIN players p ON p.player_id = g.player_id \
         WHERE g.guild_id = $1 AND g.number = $2 AND g.variant = $3 AND g.player_id = $4"
    ))
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(variant)
    .bind(to_sql(player))
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let standing = season_standing(&row)?;
    {
        use rows::Columns as _;
        if let Some(position) = row.opt_int("final_position")? {
            return Ok(Some(SeasonPlace {
                position: count_of(position)?,
                rank: row.opt_int("final_rank")?.map(count_of).transpose()?,
                standing: Some(standing),
            }));
        }
    }
    let (provisional, shown) = (standing.rating.is_provisional(), standing.rating.shown());
    // Each count is a range of the order index. For an established member the second is
    // also their rank's: everyone established and rated higher.
    let (before, rated_higher, tied): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM season_players \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3 AND provisional < $4), \
                (SELECT COUNT(*) FROM season_players \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3 AND provisional = $4 \
                 AND shown > $5), \
                (SELECT COUNT(*) FROM season_players \
                 WHERE guild_id = $1 AND number = $2 AND variant = $3 AND provisional = $4 \
                 AND shown = $5 AND player_id < $6)",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(variant)
    .bind(provisional)
    .bind(shown)
    .bind(to_sql(player))
    .fetch_one(&mut *conn)
    .await?;
    let ahead = before + rated_higher + tied;
    let rank = if provisional {
        None
    } else {
        Some(count_of(rated_higher)? + 1)
    };
    Ok(Some(SeasonPlace {
        position: count_of(ahead)?,
        rank,
        standing: Some(standing),
    }))
}

/// A `season_tables` row with the most active member's name.
type FiguresRow = (String, i64, i64, i64, Option<i64>, i64, Option<String>);

async fn season_figures(
    pool: &Pool,
    guild: GuildId,
    number: u32,
) -> Result<Vec<SeasonFigures>, StoreError> {
    let rows: Vec<FiguresRow> = sqlx::query_as(
        "SELECT t.variant, t.places, t.established, t.matches, t.active_id, t.active_games, \
         p.name FROM season_tables t LEFT JOIN players p ON p.player_id = t.active_id \
         WHERE t.guild_id = $1 AND t.number = $2 ORDER BY t.variant",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(
            |(variant, places, established, matches, active, games, name)| {
                Ok(SeasonFigures {
                    variant,
                    places: count_of(places)?,
                    established: count_of(established)?,
                    matches: count_of(matches)?,
                    active: active.map(|id| (PlayerId(from_sql(id)), name.unwrap_or_default())),
                    active_games: count_of(games)?,
                })
            },
        )
        .collect()
}

/// The `seasons` rows of `sql`, with `binds` as its parameters in order.
async fn seasons_where(
    pool: &Pool,
    sql: String,
    binds: Vec<i64>,
) -> Result<Vec<SeasonRow>, StoreError> {
    let mut query = sqlx::query(&sql);
    for b in binds {
        query = query.bind(b);
    }
    let rows = query.fetch_all(pool).await?;
    rows.iter().map(season_of).collect()
}

impl SeasonStore for Handle {
    fn open_season<'a>(&'a self, season: &'a NewSeason) -> StoreFuture<'a, SeasonRow> {
        Box::pin(open_season(self.pool(), season))
    }

    fn current_season(&self, guild: GuildId) -> StoreFuture<'_, Option<SeasonRow>> {
        Box::pin(async move {
            let found = seasons_where(
                self.pool(),
                format!(
                    "SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1 AND closed_ms IS NULL"
                ),
                vec![to_sql(guild)],
            )
            .await?;
            Ok(found.into_iter().next())
        })
    }

    fn season(&self, guild: GuildId, number: u32) -> StoreFuture<'_, Option<SeasonRow>> {
        Box::pin(async move {
            let found = seasons_where(
                self.pool(),
                format!("SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1 AND number = $2"),
                vec![to_sql(guild), i64::from(number)],
            )
            .await?;
            Ok(found.into_iter().next())
        })
    }

    fn seasons(&self, guild: GuildId, limit: u32) -> StoreFuture<'_, Vec<SeasonRow>> {
        Box::pin(seasons_where(
            self.pool(),
            format!(
                "SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1 \
                 ORDER BY number DESC LIMIT $2"
            ),
            vec![to_sql(guild), i64::from(limit)],
        ))
    }

    fn seasons_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<SeasonRow>> {
        Box::pin(seasons_where(
            self.pool(),
            format!(
                "SELECT {SEASON_COLUMNS} FROM seasons WHERE closed_ms IS NULL AND end_ms <= $1 \
                 ORDER BY end_ms LIMIT $2"
            ),
            vec![at_ms, i64::from(limit)],
        ))
    }

    fn close_season<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        at_ms: i64,
        channel: Option<ChannelKey>,
        next: Option<&'a NewSeason>,
    ) -> StoreFuture<'a, Option<ClosedSeason>> {
        Box::pin(close_season(
            self.pool(),
            guild,
            number,
            at_ms,
            channel,
            next,
        ))
    }

    fn season_page<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, SeasonPage> {
        Box::pin(season_page(
            self.pool(),
            guild,
            number,
            variant,
            offset,
            limit,
        ))
    }

    fn season_place<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<SeasonPlace>> {
        Box::pin(season_place(self.pool(), guild, number, variant, player))
    }

    fn season_figures(&self, guild: GuildId, number: u32) -> StoreFuture<'_, Vec<SeasonFigures>> {
        Box::pin(season_figures(self.pool(), guild, number))
    }

    fn claim_season_announcements(
        &self,
        at_ms: i64,
        lease_ms: i64,
        limit: u32,
    ) -> StoreFuture<'_, Vec<SeasonRow>> {
        Box::pin(seasons_where(
            self.pool(),
            // The conditions stand in the outer WHERE too: a process that waited for
            // another's claim of the same row finds it taken when it reads it again.
            format!(
                "UPDATE seasons SET claimed_ms = $1 \
                 WHERE closed_ms IS NOT NULL AND announced_ms IS NULL \
                 AND (claimed_ms IS NULL OR claimed_ms <= $2) \
                 AND (guild_id, number) IN ( \
                   SELECT guild_id, number FROM seasons \
                   WHERE closed_ms IS NOT NULL AND announced_ms IS NULL \
                   AND (claimed_ms IS NULL OR claimed_ms <= $2) \
                   ORDER BY closed_ms LIMIT $3) \
                 RETURNING {SEASON_COLUMNS}"
            ),
            vec![at_ms, at_ms.saturating_sub(lease_ms), i64::from(limit)],
        ))
    }

    fn mark_season_announced(
        &self,
        guild: GuildId,
        number: u32,
        at_ms: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE seasons SET announced_ms = $3 \
                 WHERE guild_id = $1 AND number = $2 AND announced_ms IS NULL",
            )
            .bind(to_sql(guild))
            .bind(i64::from(number))
            .bind(at_ms)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn titles<'a>(
        &'a self,
        player: PlayerId,
        guild: Option<GuildId>,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<SeasonRow>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT s.guild_id, s.number, s.cadence, s.period, s.zone, s.start_ms, s.end_ms, \
                 s.closed_ms, s.channel_id, s.announced_ms \
                 FROM season_players me \
                 JOIN seasons s ON s.guild_id = me.guild_id AND s.number = me.number \
                 WHERE me.player_id = $1 AND me.variant = $2 AND s.closed_ms IS NOT NULL \
                 AND (CAST($3 AS BIGINT) IS NULL OR me.guild_id = $3) AND NOT me.provisional \
                 AND (me.final_rank = 1 OR (me.final_position IS NULL AND NOT EXISTS ( \
                   SELECT 1 FROM season_players o WHERE o.guild_id = me.guild_id \
                   AND o.number = me.number AND o.variant = me.variant \
                   AND NOT o.provisional AND o.shown > me.shown))) \
                 ORDER BY s.end_ms DESC, s.guild_id",
            )
            .bind(to_sql(player))
            .bind(variant)
            .bind(guild.map(to_sql))
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(season_of).collect()
        })
    }
}

// ---------------------------------------------------------------------------------------
// Tournaments (issue 33): `TournamentStore`, in SQL both databases accept. A step of a
// tournament is written only over the version it was worked out from, with its row
// locked (`FOR_UPDATE`), so that several processes pair each round once.

use crate::store::rows::Columns as _;
use crate::store::{
    EntrantRow, Joined, Left, MessageId, PairedMatch, PairingRow, TournamentId, TournamentRow,
    TournamentSnapshot, TournamentStep, TournamentStore,
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

/// How long a claim on a tournament pairing keeps a `/privacy delete` of its players
/// waiting (the session's `STALE_CLAIM`: after it, another process takes the claim over).
const OPENING_CLAIM_MS: i64 = 60_000;

/// Whether a match of member `p` is being opened right now for a tournament (a fresh claim
/// on a pairing that names them): it would be opened with their id, read before.
async fn being_opened(tx: &mut Conn, p: i64) -> Result<bool, StoreError> {
    let opening: Option<i64> = sqlx::query_scalar(
        "SELECT round FROM tournament_pairings WHERE (white_id = $1 OR black_id = $1) \
         AND NOT opened AND result IS NULL AND claim_ms IS NOT NULL AND claim_ms > $2 LIMIT 1",
    )
    .bind(p)
    .bind(now_ms() - OPENING_CLAIM_MS)
    .fetch_optional(&mut *tx)
    .await?;
    Ok(opening.is_some())
}

/// The clock in milliseconds since 1970, as the session stores times.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The first placeholder id of a forgotten entrant (each takes the next free one in its
/// tournament; below 2^22, so never a Discord id, and apart from the matches' own).
const FORGOTTEN_ENTRANT: i64 = 4_100_000;

/// Forgets `player` in the tournaments they entered or created: where sign-up is open
/// they are no longer an entrant; elsewhere their entry and every pairing naming them
/// take a placeholder id of their own in that tournament and the name "deleted player",
/// and a running tournament no longer pairs them; their pairing of the current round that
/// has no match yet is scored as a win by forfeit for the opponent, so no match is ever
/// opened for the placeholder. A tournament they created has no
/// creator any more (a moderator may still call it off).
async fn forget_tournaments_in(tx: &mut Conn, player: PlayerId) -> Result<(), StoreError> {
    let p = to_sql(player);
    let entered: Vec<(i64, String, i64)> = sqlx::query_as(&format!(
        "SELECT id, state, round FROM tournaments WHERE id IN \
         (SELECT tournament_id FROM tournament_entrants WHERE player_id = $1) \
         ORDER BY id{FOR_UPDATE}"
    ))
    .bind(p)
    .fetch_all(&mut *tx)
    .await?;
    for (id, state, round) in entered {
        if state == "signup" {
            sqlx::query(
                "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(id)
            .bind(p)
            .execute(&mut *tx)
            .await?;
            continue;
        }
        let taken: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1 \
             AND player_id >= $2 AND player_id < $3",
        )
        .bind(id)
        .bind(FORGOTTEN_ENTRANT)
        .bind(FORGOTTEN_ENTRANT + 100_000)
        .fetch_one(&mut *tx)
        .await?;
        let placeholder = FORGOTTEN_ENTRANT + taken;
        // Running: out from the next round. Paused: the stored round is the one still
        // to be paired, so out from that one.
        let out_from = match state.as_str() {
            "running" => Some(round + 1),
            "paused" => Some(round.max(1)),
            _ => None,
        };
        if state == "running" {
            // Their match of this round not opened yet (the opponent was busy elsewhere,
            // or it is being opened): it never will be, and the opponent wins by forfeit,
            // as against a no-show. (Refused while they play a live match, so an opened
            // pairing of theirs has ended.)
            sqlx::query(
                "UPDATE tournament_pairings SET result = CASE WHEN white_id = $2 \
                 THEN 'black-forfeit' ELSE 'white-forfeit' END \
                 WHERE tournament_id = $1 AND round = $3 AND NOT opened AND result IS NULL \
                 AND black_id IS NOT NULL AND (white_id = $2 OR black_id = $2)",
            )
            .bind(id)
            .bind(p)
            .bind(round)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "UPDATE tournament_entrants SET player_id = $3, name = 'deleted player', \
             withdrawn = COALESCE(withdrawn, $4), reason = COALESCE(reason, CASE WHEN $4 IS NULL THEN NULL ELSE 'left' END) \
             WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(p)
        .bind(placeholder)
        .bind(out_from)
        .execute(&mut *tx)
        .await?;
        for sql in [
            "UPDATE tournament_pairings SET white_id = $3 WHERE tournament_id = $1 AND white_id = $2",
            "UPDATE tournament_pairings SET black_id = $3 WHERE tournament_id = $1 AND black_id = $2",
            "UPDATE tournaments SET winner_id = $3 WHERE id = $1 AND winner_id = $2",
        ] {
            sqlx::query(sql)
                .bind(id)
                .bind(p)
                .bind(placeholder)
                .execute(&mut *tx)
                .await?;
        }
        // A step worked out before this (naming them) is not written.
        sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("UPDATE tournaments SET creator_id = $2 WHERE creator_id = $1")
        .bind(p)
        .bind(to_sql(crate::game::PlayerId::DELETED_OTHER.0))
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A `tournaments` row as [`TOURNAMENT_COLUMNS`] reads it.
fn tournament_row(row: &impl crate::store::rows::Columns) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: TournamentId(from_sql(row.int("id")?)),
        guild: GuildId(from_sql(row.int("guild_id")?)),
        channel: ChannelKey(from_sql(row.int("channel_id")?)),
        creator: PlayerId(from_sql(row.int("creator_id")?)),
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
        signup_message: row
            .opt_int("signup_message_id")?
            .map(|m| MessageId(from_sql(m))),
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
    id: TournamentId,
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
            player: PlayerId(from_sql(r.int("player_id")?)),
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
    // Each pairing with its match (when stored) and the moves each side fired, by seat
    // (White is the challenger's): a forgotten member's match and pairing name them by
    // different placeholders.
    let pairings = sqlx::query(
        "SELECT p.round, p.board, p.white_id, p.black_id, p.match_id, p.claim_ms, p.opened, \
         p.result, m.id AS stored, m.live, m.how, \
         CASE WHEN m.winner_id IS NULL THEN NULL \
              WHEN m.winner_id = m.challenger_id THEN p.white_id ELSE p.black_id END \
           AS winner_id, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = m.challenger_id) AS white_moves, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = m.opponent_id) AS black_moves \
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
                winner: r.opt_int("winner_id")?.map(|w| PlayerId(from_sql(w))),
                moves: [small(r, "white_moves")?, small(r, "black_moves")?],
            }),
            None => None,
        };
        Ok(PairingRow {
            round: small(r, "round")?,
            board: small(r, "board")?,
            white: PlayerId(from_sql(r.int("white_id")?)),
            black: r.opt_int("black_id")?.map(|b| PlayerId(from_sql(b))),
            match_id: r.opt_int("match_id")?.map(|m| MatchId(from_sql(m))),
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
    id: TournamentId,
    player: PlayerId,
    name: &str,
    at_ms: i64,
) -> Result<Joined, StoreError> {
    let mut tx = pool.begin().await?;
    super::lock_tournament(&mut tx, id).await?;
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
    id: TournamentId,
    player: PlayerId,
    from: u32,
    at_ms: i64,
) -> Result<Left, StoreError> {
    let mut tx = pool.begin().await?;
    super::lock_tournament(&mut tx, id).await?;
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
    id: TournamentId,
    step: &TournamentStep,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    super::lock_tournament(&mut tx, id).await?;
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

async fn write_step(
    tx: &mut Conn,
    id: TournamentId,
    step: &TournamentStep,
) -> Result<(), StoreError> {
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

    fn tournament(&self, id: TournamentId) -> StoreFuture<'_, Option<TournamentSnapshot>> {
        Box::pin(tournament_snapshot(self.pool(), id))
    }

    fn tournaments_in(
        &self,
        channel: ChannelKey,
        open: bool,
    ) -> StoreFuture<'_, Vec<TournamentRow>> {
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
        id: TournamentId,
        player: PlayerId,
        name: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, Joined> {
        Box::pin(join_tournament(self.pool(), id, player, name, at_ms))
    }

    fn leave_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        from: u32,
        at_ms: i64,
    ) -> StoreFuture<'_, Left> {
        Box::pin(leave_tournament(self.pool(), id, player, from, at_ms))
    }

    fn set_signup_message(&self, id: TournamentId, message: MessageId) -> StoreFuture<'_, ()> {
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
        id: TournamentId,
        step: &'a TournamentStep,
    ) -> StoreFuture<'a, bool> {
        Box::pin(advance_tournament(self.pool(), id, step))
    }

    fn claim_pairing(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        at_ms: i64,
        stale_ms: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let claimed = sqlx::query(
                "UPDATE tournament_pairings SET claim_ms = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND NOT opened \
                 AND result IS NULL AND (claim_ms IS NULL OR claim_ms < $5)",
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
        id: TournamentId,
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

    fn tournaments_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<TournamentId>> {
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
            Ok(ids
                .into_iter()
                .map(|id| TournamentId(from_sql(id)))
                .collect())
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

    fn tournament_of_match(
        &self,
        match_id: MatchId,
    ) -> StoreFuture<'_, Option<(TournamentId, String, u32)>> {
        Box::pin(async move {
            let row: Option<(i64, String, i64)> = sqlx::query_as(
                "SELECT t.id, t.name, p.round FROM tournament_pairings p \
                 JOIN tournaments t ON t.id = p.tournament_id WHERE p.match_id = $1",
            )
            .bind(to_sql(match_id))
            .fetch_optional(self.pool())
            .await?;
            Ok(row.map(|(id, name, round)| {
                (
                    TournamentId(from_sql(id)),
                    name,
                    u32::try_from(round).unwrap_or(0),
                )
            }))
        })
    }

    fn tournament_record(&self, player: PlayerId) -> StoreFuture<'_, (u32, u32)> {
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

    fn set_tournament_winner(&self, id: TournamentId, player: PlayerId) -> StoreFuture<'_, ()> {
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
