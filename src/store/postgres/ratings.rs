//! Ratings, statistics, leaderboards, history, forgetting a member and rematch requests in
//! PostgreSQL: the SQLite store's queries in PostgreSQL's dialect.

use crate::store::rows;
use sqlx::{PgConnection, PgPool, Row};

use crate::rating::{self, Outcome, Rating, Record, ResultRow};
use crate::store::{HistoryRow, LeaderPage, MatchRecord, Place, StoreError, from_sql, to_sql};

/// Records the end of `r` in ratings and statistics, once: a second write of the same end
/// (a retried write that had landed after all) finds its results and does nothing.
pub(super) async fn record(tx: &mut PgConnection, r: &MatchRecord) -> Result<(), StoreError> {
    let (Some(played), Some(result)) = (&r.played, &r.result) else {
        return Ok(());
    };
    if !rows::PLAYED_OUT.contains(&result.how) {
        return Ok(());
    }
    let done: Option<i64> =
        sqlx::query_scalar("SELECT 1::BIGINT FROM results WHERE match_id = $1 LIMIT 1")
            .bind(to_sql(r.id))
            .fetch_optional(&mut *tx)
            .await?;
    if done.is_some() {
        return Ok(());
    }
    let outcome_of = |player: u64| match result.winner {
        None => Outcome::Draw,
        Some(w) if w == player => Outcome::Win,
        Some(_) => Outcome::Loss,
    };
    let rated = r.computer.is_none();
    let mut after: [Option<(f64, f64)>; 2] = [None, None];
    if rated {
        // Two ends of the same member's matches never read the same old rating: the players'
        // ratings are locked, in id order, for the rest of the transaction.
        let mut members = r.players;
        members.sort_unstable();
        for p in members {
            lock_key(tx, KEY_RATING, p).await?;
        }
        let a = load(tx, r.players[0], r.variant).await?;
        let b = load(tx, r.players[1], r.variant).await?;
        let outcome = outcome_of(r.players[0]);
        let (na, nb) = rating::update(a.0, b.0, outcome);
        let mut ra = a.1;
        let mut rb = b.1;
        ra.add(outcome);
        rb.add(outcome.flipped());
        store(tx, r.players[0], r.variant, na, ra, r.updated_ms).await?;
        store(tx, r.players[1], r.variant, nb, rb, r.updated_ms).await?;
        after = [Some((a.0.rating, na.rating)), Some((b.0.rating, nb.rating))];
        for (p, rating) in [(r.players[0], na), (r.players[1], nb)] {
            place_on_boards(tx, r, p, &rating).await?;
        }
    }
    for (seat, change) in after.iter().enumerate() {
        // The computer's seat keeps no statistics of its own.
        if !rated && seat == 1 {
            continue;
        }
        let member = r.players[seat];
        let stats = played.stats[seat];
        sqlx::query(
            "INSERT INTO players (player_id, name, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, \
             updated_ms = excluded.updated_ms WHERE players.updated_ms <= excluded.updated_ms",
        )
        .bind(to_sql(member))
        .bind(&played.names[seat])
        .bind(r.updated_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO results (match_id, player_id, variant, guild_id, opponent_id, computer, \
             outcome, how, shots, hits, turns, rating_before, rating_after, ended_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(to_sql(r.id))
        .bind(to_sql(member))
        .bind(r.variant)
        .bind(r.guild.map(to_sql))
        .bind(to_sql(r.players[1 - seat]))
        .bind(r.computer)
        .bind(outcome_of(member).key())
        .bind(result.how)
        .bind(i64::from(stats.shots))
        .bind(i64::from(stats.hits))
        .bind(i64::from(stats.turns))
        .bind(change.map(|a| a.0))
        .bind(change.map(|a| a.1))
        .bind(r.updated_ms)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Puts `player`'s new `rating` in the order of every leaderboard they are on, and adds
/// them to the leaderboard of `r`'s server.
async fn place_on_boards(
    tx: &mut PgConnection,
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
            "INSERT INTO guild_players (guild_id, variant, player_id, \
                 provisional, shown) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
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

/// The first half of the transaction-level advisory locks of ratings and rematch votes
/// (the two-key form, a key space apart from the store's one-process lock).
const KEY_RATING: i32 = 0x4252_0001;
/// See [`KEY_RATING`].
const KEY_REMATCH: i32 = 0x4252_0002;

/// Takes the transaction-level lock `(space, id)` (ids folded to 32 bits: a collision only
/// makes two unrelated writes wait for each other).
async fn lock_key(tx: &mut PgConnection, space: i32, id: u64) -> Result<(), StoreError> {
    let folded = i32::from_ne_bytes(((id ^ (id >> 32)) as u32).to_ne_bytes());
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(space)
        .bind(folded)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn load(
    tx: &mut PgConnection,
    player: u64,
    variant: &str,
) -> Result<(Rating, Record), StoreError> {
    let row = sqlx::query("SELECT * FROM ratings WHERE player_id = $1 AND variant = $2")
        .bind(to_sql(player))
        .bind(variant)
        .fetch_optional(&mut *tx)
        .await?;
    match row {
        Some(row) => rows::rating_of(&row),
        None => Ok((Rating::default(), Record::default())),
    }
}

async fn store(
    tx: &mut PgConnection,
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

pub(super) async fn rating(
    pool: &PgPool,
    player: u64,
    variant: &str,
) -> Result<Option<(Rating, Record)>, StoreError> {
    let row = sqlx::query("SELECT * FROM ratings WHERE player_id = $1 AND variant = $2")
        .bind(to_sql(player))
        .bind(variant)
        .fetch_optional(pool)
        .await?;
    row.as_ref().map(rows::rating_of).transpose()
}

pub(super) async fn results(
    pool: &PgPool,
    player: u64,
    variant: &str,
) -> Result<Vec<ResultRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT * FROM results WHERE player_id = $1 AND variant = $2 ORDER BY ended_ms, match_id",
    )
    .bind(to_sql(player))
    .bind(variant)
    .fetch_all(pool)
    .await?;
    rows.iter().map(rows::result_of).collect()
}

pub(super) async fn leaderboard(
    pool: &PgPool,
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
        "SELECT COUNT(*) AS total, COALESCE(COUNT(*) FILTER (WHERE NOT provisional), 0) AS established \
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

pub(super) async fn place(
    pool: &PgPool,
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
    let provisional: bool = me.try_get("provisional")?;
    let shown: i64 = me.try_get("shown")?;
    // Both counts are ranges of the order index.
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

pub(super) async fn history(
    pool: &PgPool,
    player: u64,
    guild: Option<u64>,
    limit: u32,
) -> Result<Vec<HistoryRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT r.*, m.state FROM results r JOIN matches m ON m.id = r.match_id \
         WHERE r.player_id = $1 AND ($3::BIGINT IS NULL OR r.guild_id = $3) \
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

pub(super) async fn matches_of(
    pool: &PgPool,
    player: u64,
) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
    let rows: Vec<(i64, Vec<u8>)> = sqlx::query_as(
        "SELECT id, state FROM matches WHERE NOT live AND (challenger_id = $1 OR opponent_id = $1) \
         ORDER BY id",
    )
    .bind(to_sql(player))
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(id, s)| (from_sql(id), s)).collect())
}

pub(super) async fn forget(
    pool: &PgPool,
    player: u64,
    renamed: &[(u64, Vec<u8>, u64)],
) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    let p = to_sql(player);
    for sql in [
        "DELETE FROM ratings WHERE player_id = $1",
        "DELETE FROM results WHERE player_id = $1",
        "DELETE FROM guild_players WHERE player_id = $1",
        "DELETE FROM players WHERE player_id = $1",
        "DELETE FROM rematch_votes WHERE player_id = $1",
    ] {
        sqlx::query(sql).bind(p).execute(&mut *tx).await?;
    }
    for (id, state, placeholder) in renamed {
        let (id, ph) = (to_sql(*id), to_sql(*placeholder));
        sqlx::query(
            "UPDATE matches SET state = $2, \
             challenger_id = CASE WHEN challenger_id = $3 THEN $4 ELSE challenger_id END, \
             opponent_id = CASE WHEN opponent_id = $3 THEN $4 ELSE opponent_id END, \
             winner_id = CASE WHEN winner_id = $3 THEN $4 ELSE winner_id END, \
             loser_id = CASE WHEN loser_id = $3 THEN $4 ELSE loser_id END \
             WHERE id = $1 AND NOT live",
        )
        .bind(id)
        .bind(state)
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
    Ok(())
}

pub(super) async fn vote_rematch(
    pool: &PgPool,
    id: u64,
    player: u64,
    at_ms: i64,
) -> Result<(Vec<u64>, bool), StoreError> {
    let mut tx = pool.begin().await?;
    // Two clicks at once must not both read one vote (each its own before the other
    // commits): the votes of one match are taken one at a time.
    lock_key(&mut tx, KEY_REMATCH, id).await?;
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
pub(super) async fn claim_rematch(
    pool: &PgPool,
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

pub(super) async fn reclaim_rematch(
    pool: &PgPool,
    id: u64,
    old: u64,
    new: u64,
) -> Result<bool, StoreError> {
    let moved = sqlx::query(
        "UPDATE rematch_votes SET started = $3 \
         WHERE match_id = $1 AND player_id = 0 AND started = $2",
    )
    .bind(to_sql(id))
    .bind(to_sql(old))
    .bind(to_sql(new))
    .execute(pool)
    .await?;
    Ok(moved.rows_affected() == 1)
}

pub(super) async fn release_rematch(pool: &PgPool, id: u64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM rematch_votes WHERE match_id = $1 AND player_id = 0")
        .bind(to_sql(id))
        .execute(pool)
        .await?;
    Ok(())
}
