//! The SQL of [`SeasonStore`], compiled as a module of each back-end (see `roles/sql.rs`).
//! The pages and places of a season's table, and forgetting a member in them, are in
//! `table.rs`; what the end of a rated match writes is `finished/settle.rs`.

use super::settle::{Table, season_match};
use super::{Conn, FOR_SHARE, FOR_UPDATE, Handle, Pool};
use crate::game::PlayerId;
use crate::rating::Outcome;
use crate::store::seasons::{
    ClosedSeason, NewSeason, SeasonFigures, SeasonPage, SeasonPlace, SeasonRow, SeasonStore,
};
use crate::store::{
    ChannelKey, GuildId, MostActive, Standing, StoreError, StoreFuture, Timestamp, from_sql, rows,
    to_sql,
};

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
        start_ms: Timestamp(row.int("start_ms")?),
        end_ms: Timestamp(row.int("end_ms")?),
        closed_ms: row.opt_int("closed_ms")?.map(Timestamp),
        channel: row.opt_int("channel_id")?.map(|c| ChannelKey(from_sql(c))),
        announced_ms: row.opt_int("announced_ms")?.map(Timestamp),
    })
}

/// A `season_players` row with the member's `name`.
pub(super) fn season_standing(row: &impl rows::Columns) -> Result<Standing, StoreError> {
    let (rating, record) = rows::rating_of(row)?;
    Ok(Standing {
        player: PlayerId(from_sql(row.int("player_id")?)),
        name: row.text("name")?,
        rating,
        record,
    })
}

/// A number the store keeps as a count.
pub(super) fn count_of(n: i64) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|e| StoreError::Data(e.to_string()))
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
            Table::Season {
                guild: season.guild,
                number,
            },
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

async fn open_season(
    pool: &Pool,
    season: &NewSeason,
    settings: Option<&str>,
) -> Result<Option<SeasonRow>, StoreError> {
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
        return season_of(&open).map(Some);
    }
    // The settings as stored now, held until the season is written (PostgreSQL: a change
    // of them waits for it, and the alignment that follows the change sees it; SQLite:
    // this transaction is the one writer already).
    let stored: Option<String> = sqlx::query_scalar(&format!(
        "SELECT settings FROM guild_settings WHERE guild_id = $1{FOR_SHARE}"
    ))
    .bind(to_sql(season.guild))
    .fetch_optional(&mut *tx)
    .await?;
    if stored.as_deref() != settings {
        tx.rollback().await?;
        return Ok(None);
    }
    let last: Option<i64> =
        sqlx::query_scalar("SELECT MAX(number) FROM seasons WHERE guild_id = $1")
            .bind(to_sql(season.guild))
            .fetch_one(&mut *tx)
            .await?;
    match open_in(&mut tx, season, last.unwrap_or(0) + 1).await {
        Ok(row) => {
            tx.commit().await?;
            Ok(Some(row))
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

/// The figures of season `number`'s tables as they stand (only `variant`'s, when one is
/// given).
async fn tally(
    tx: &mut Conn,
    guild: GuildId,
    number: u32,
    variant: Option<&str>,
) -> Result<Vec<Tally>, StoreError> {
    let totals: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "SELECT variant, COUNT(*), COUNT(*) FILTER (WHERE NOT provisional), \
         CAST(COALESCE(SUM(games), 0) AS BIGINT) FROM season_players \
         WHERE guild_id = $1 AND number = $2 AND (CAST($3 AS TEXT) IS NULL OR variant = $3) \
         GROUP BY variant ORDER BY variant",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(variant)
    .fetch_all(&mut *tx)
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
        .fetch_optional(&mut *tx)
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
    at: Timestamp,
    channel: Option<ChannelKey>,
    next: Option<&NewSeason>,
) -> Result<Option<ClosedSeason>, StoreError> {
    let mut tx = pool.begin().await?;
    let done = close_in(&mut tx, guild, number, at, channel, next).await;
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
    at: Timestamp,
    channel: Option<ChannelKey>,
    next: Option<&NewSeason>,
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
    season.end_ms = season.end_ms.min(at);
    season.closed_ms = Some(at);
    season.channel = channel;
    // Nowhere to announce it: nothing is left to send.
    season.announced_ms = channel.is_none().then_some(at);
    sqlx::query(
        "UPDATE seasons SET closed_ms = $3, end_ms = $4, channel_id = $5, announced_ms = $6 \
         WHERE guild_id = $1 AND number = $2 AND closed_ms IS NULL",
    )
    .bind(to_sql(guild))
    .bind(i64::from(number))
    .bind(at)
    .bind(season.end_ms)
    .bind(channel.map(to_sql))
    .bind(season.announced_ms)
    .execute(&mut *tx)
    .await?;
    // Tallied here, under the lock: no end is being counted in it now, and every one
    // counted before is in the figures.
    keep_figures(tx, guild, number, None).await?;
    let next = match next {
        Some(n) => Some(open_in(tx, n, i64::from(number) + 1).await?),
        None => None,
    };
    Ok(Some(ClosedSeason { season, next }))
}

/// Writes the figures of season `number`'s tables as they stand now (only `variant`'s,
/// when one is given) as its final ones (`season_tables`), over those written before.
async fn keep_figures(
    tx: &mut Conn,
    guild: GuildId,
    number: u32,
    variant: Option<&str>,
) -> Result<(), StoreError> {
    let figures = tally(tx, guild, number, variant).await?;
    for (variant, places, established, matches, active, active_games) in figures {
        sqlx::query(
            "INSERT INTO season_tables (guild_id, number, variant, places, established, \
             matches, active_id, active_games) \
             VALUES ($1, $2, $3, $4, $5, $6, \
             (SELECT player_id FROM season_players \
              WHERE guild_id = $1 AND number = $2 AND variant = $3 AND player_id = $7), $8) \
             ON CONFLICT (guild_id, number, variant) DO UPDATE SET places = excluded.places, \
             established = excluded.established, matches = excluded.matches, \
             active_id = excluded.active_id, active_games = excluded.active_games",
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
    Ok(())
}

/// Locks the row of season `number` of `guild` until the transaction ends: a late end
/// counted in a closed season ([`count_end`]) and the freezing of its table when a member
/// is forgotten take turns on it.
pub(super) async fn lock_season(
    tx: &mut Conn,
    guild: GuildId,
    number: i64,
) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "SELECT number FROM seasons WHERE guild_id = $1 AND number = $2{FOR_UPDATE}"
    ))
    .bind(to_sql(guild))
    .bind(number)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Counts a rated match of `guild` in `variant` that ended at `ended` (`players` as seated,
/// `outcome` the first one's) in the season whose span holds that moment, in the
/// transaction that stores the end, holding the server's season lock shared: no season
/// is opened or closed meanwhile.
///
/// That is the open season, or one closed since the match ended (it ended just before
/// the close but is written after it), until its table in `variant` is frozen; that
/// season's figures are then tallied again. No season holds an end after the open one's
/// (not closed yet) or while seasons were off: the next season starts at that end and
/// counts the match when it opens, or none does.
pub(super) async fn count_end(
    tx: &mut Conn,
    guild: GuildId,
    ended: Timestamp,
    variant: &str,
    players: [PlayerId; 2],
    outcome: Outcome,
) -> Result<(), StoreError> {
    super::lock_seasons(tx, guild, false).await?;
    // Spans never overlap: a season starts where the one before it ended, or later.
    let season: Option<(i64, Timestamp, Option<Timestamp>)> = sqlx::query_as(
        "SELECT number, start_ms, closed_ms FROM seasons \
         WHERE guild_id = $1 AND start_ms <= $2 AND end_ms > $2 \
         ORDER BY number DESC LIMIT 1",
    )
    .bind(to_sql(guild))
    .bind(ended)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((number, start, closed)) = season else {
        return Ok(());
    };
    let number_u32 = count_of(number)?;
    if closed.is_some() {
        // Late ends of one closed season take turns (its row), so each tally sees the
        // ones before it.
        lock_season(tx, guild, number).await?;
        // Its places are written down (a member was forgotten since): they stay.
        if super::season_table::frozen(tx, guild, number_u32, variant).await? {
            return Ok(());
        }
    }
    season_match(
        tx,
        Table::Season { guild, number },
        start,
        variant,
        players,
        outcome,
    )
    .await?;
    if closed.is_some() {
        keep_figures(tx, guild, number_u32, Some(variant)).await?;
    }
    Ok(())
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
                    active: active.map(|id| MostActive {
                        player: PlayerId(from_sql(id)),
                        name: name.unwrap_or_default(),
                    }),
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
    fn open_season<'a>(
        &'a self,
        season: &'a NewSeason,
        settings: Option<&'a str>,
    ) -> StoreFuture<'a, Option<SeasonRow>> {
        Box::pin(open_season(self.pool(), season, settings))
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

    fn seasons_due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<SeasonRow>> {
        Box::pin(seasons_where(
            self.pool(),
            format!(
                "SELECT {SEASON_COLUMNS} FROM seasons WHERE closed_ms IS NULL AND end_ms <= $1 \
                 ORDER BY end_ms LIMIT $2"
            ),
            vec![at.millis(), i64::from(limit)],
        ))
    }

    fn close_season<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        at: Timestamp,
        channel: Option<ChannelKey>,
        next: Option<&'a NewSeason>,
    ) -> StoreFuture<'a, Option<ClosedSeason>> {
        Box::pin(close_season(self.pool(), guild, number, at, channel, next))
    }

    fn season_page<'a>(
        &'a self,
        guild: GuildId,
        number: u32,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, SeasonPage> {
        Box::pin(super::season_table::season_page(
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
        Box::pin(super::season_table::season_place(
            self.pool(),
            guild,
            number,
            variant,
            player,
        ))
    }

    fn season_figures(&self, guild: GuildId, number: u32) -> StoreFuture<'_, Vec<SeasonFigures>> {
        Box::pin(season_figures(self.pool(), guild, number))
    }

    fn claim_season_announcements(
        &self,
        at: Timestamp,
        lease: std::time::Duration,
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
            vec![at.millis(), at.before(lease).millis(), i64::from(limit)],
        ))
    }

    fn mark_season_announced(
        &self,
        guild: GuildId,
        number: u32,
        at: Timestamp,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE seasons SET announced_ms = $3 \
                 WHERE guild_id = $1 AND number = $2 AND announced_ms IS NULL",
            )
            .bind(to_sql(guild))
            .bind(i64::from(number))
            .bind(at)
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
