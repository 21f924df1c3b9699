//! The pages and places of a season's table, and forgetting a member in them, compiled as
//! a module of each back-end (see `roles/sql.rs`).

use super::seasons::{count_of, season_standing};
use super::{Conn, Pool};
use crate::game::PlayerId;
use crate::store::seasons::{SeasonPage, SeasonPlace};
use crate::store::{GuildId, StoreError, from_sql, rows, to_sql};

/// Whether the table of season `number` in `variant` was frozen (its places written down,
/// which happens when a member of it is forgotten after it closed).
pub(super) async fn frozen(
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
pub(super) async fn forget_seasons_in(tx: &mut Conn, player: PlayerId) -> Result<(), StoreError> {
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
        if closed {
            // Not while a late end is being counted in it (which takes the same lock).
            super::seasons::lock_season(tx, guild, number).await?;
            if !frozen(tx, guild, number_u32, &variant).await? {
                freeze_in(tx, guild, number, &variant).await?;
            }
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

pub(super) async fn season_page(
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

pub(super) async fn season_place(
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
