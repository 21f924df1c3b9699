//! The SQL of [`FinishedStore`], compiled as a module of each back-end (see
//! `roles/sql.rs`).

use super::settle::Table;
use super::{Handle, Pool};
use crate::game::PlayerId;
use crate::rating::ResultRow;
use crate::store::roles::finished::{
    FINISHED_BY_MEMBER, FINISHED_IN_SERVER, FINISHED_OUTSIDE_SERVERS,
};
use crate::store::{
    FinishedMatch, FinishedOf, FinishedStore, GuildId, HistoryRow, LeaderPage, MatchId, MoveRecord,
    Place, Places, Rated, StoreError, StoreFuture, StoredMatch, rows, to_sql,
};

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
        whose: FinishedOf,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>> {
        Box::pin(async move {
            // One query per case, each read along its own index in the order wanted (no
            // scan, no sort): the member's, the server's, or those outside servers.
            let query = match whose {
                FinishedOf::Member(p) => sqlx::query(FINISHED_BY_MEMBER).bind(to_sql(p)),
                FinishedOf::Server(g) => sqlx::query(FINISHED_IN_SERVER).bind(to_sql(g)),
                FinishedOf::OutsideServers => sqlx::query(FINISHED_OUTSIDE_SERVERS),
            };
            let rows = query
                .bind(variant)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
            rows.iter().map(rows::finished).collect()
        })
    }

    fn rating<'a>(&'a self, player: PlayerId, variant: &'a str) -> StoreFuture<'a, Option<Rated>> {
        Box::pin(async move {
            let mut conn = self.pool().acquire().await?;
            let stood = Table::Lifetime.stood(&mut conn, player, variant).await?;
            Ok(stood.map(|(rating, record)| Rated { rating, record }))
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
        places: Places,
    ) -> StoreFuture<'a, LeaderPage> {
        Box::pin(leaderboard(
            self.pool(),
            guild,
            variant,
            places.from,
            places.count,
        ))
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
