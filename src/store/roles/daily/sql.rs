//! The SQL of [`DailyStore`], compiled as a module of each back-end (see `roles/sql.rs`).

use super::{Conn, Handle, Pool};
use crate::game::PlayerId;
use crate::store::roles::daily::{GLOBAL_COUNTS, KEPT_COUNTS, along_order, table_sql};
use crate::store::{
    DailyAttempt, DailyLine, DailyScope, DailyStore, DailyStreak, DailyTable, DailyVolley, GuildId,
    StoreError, StoreFuture, VolleyWritten, from_sql, to_sql,
};

/// A count or day read back (never negative: written from unsigned numbers).
fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The join that limits a table to `scope`, and the server it binds as `$3`.
fn scope_join(scope: DailyScope) -> (&'static str, Option<i64>) {
    match scope {
        DailyScope::Server(guild) => (
            " JOIN daily_members m ON m.player_id = a.player_id AND m.guild_id = $3",
            Some(to_sql(guild)),
        ),
        DailyScope::Global => (
            " JOIN leaderboard_optins o ON o.player_id = a.player_id",
            None,
        ),
        DailyScope::Everyone => ("", None),
    }
}

/// Writes `v` over the count it was fired at (see [`DailyStore::write_volley`]).
async fn write_volley(pool: &Pool, v: DailyVolley<'_>) -> Result<VolleyWritten, StoreError> {
    let mut tx = pool.begin().await?;
    match write_volley_in(&mut tx, v).await {
        Ok(VolleyWritten::Stale) => {
            tx.rollback().await?;
            Ok(VolleyWritten::Stale)
        }
        Ok(written) => {
            tx.commit().await?;
            Ok(written)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

async fn write_volley_in(tx: &mut Conn, v: DailyVolley<'_>) -> Result<VolleyWritten, StoreError> {
    let (day, p, n) = (to_sql(v.day), to_sql(v.player), i64::from(v.n));
    // A write first: on SQLite the transaction is the writer from here on.
    let started = sqlx::query(
        "INSERT INTO daily_attempts (variant, day, player_id, shots, started_ms, playing) \
         VALUES ($1, $2, $3, 0, $4, TRUE) ON CONFLICT (variant, day, player_id) DO NOTHING",
    )
    .bind(v.variant)
    .bind(day)
    .bind(p)
    .bind(v.at_ms)
    .execute(&mut *tx)
    .await?;
    if started.rows_affected() == 1 {
        count_in(tx, v.variant, day, p, (1, 0)).await?;
    }
    // The compare-and-swap: only over the count the volley was fired at, and never after
    // the finish.
    let moved = sqlx::query(
        "UPDATE daily_attempts SET shots = $4 + 1, \
         finished_ms = CASE WHEN $5 THEN $6 ELSE finished_ms END, \
         playing = CASE WHEN $5 THEN FALSE ELSE playing END \
         WHERE variant = $1 AND day = $2 AND player_id = $3 AND shots = $4 \
         AND finished_ms IS NULL",
    )
    .bind(v.variant)
    .bind(day)
    .bind(p)
    .bind(n)
    .bind(v.finishes)
    .bind(v.at_ms)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() != 1 {
        return Ok(VolleyWritten::Stale);
    }
    if v.finishes {
        count_in(tx, v.variant, day, p, (0, 1)).await?;
    }
    sqlx::query(
        "INSERT INTO daily_volleys (variant, day, player_id, n, cells, at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(v.variant)
    .bind(day)
    .bind(p)
    .bind(n)
    .bind(v.cells)
    .bind(v.at_ms)
    .execute(&mut *tx)
    .await?;
    if let Some(guild) = v.guild {
        join_in(tx, guild, v.player).await?;
    }
    if !v.finishes {
        return Ok(VolleyWritten::Written(None));
    }
    let old = streak_in(tx, v.variant, v.player).await?;
    let current = match old {
        Some(s) if s.last_day.checked_add(1) == Some(v.day) => s.current.saturating_add(1),
        Some(s) if s.last_day == v.day => s.current,
        _ => 1,
    };
    let streak = DailyStreak {
        current,
        best: old.map_or(current, |s| s.best.max(current)),
        last_day: v.day,
    };
    sqlx::query(
        "INSERT INTO daily_streaks (variant, player_id, current, best, last_day) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (variant, player_id) DO UPDATE SET \
         current = excluded.current, best = excluded.best, last_day = excluded.last_day",
    )
    .bind(v.variant)
    .bind(p)
    .bind(i64::from(streak.current))
    .bind(i64::from(streak.best))
    .bind(day)
    .execute(&mut *tx)
    .await?;
    Ok(VolleyWritten::Written(Some(streak)))
}

/// Adds `(total, finished)` to the kept counts of `variant` on `day` (`d`) for everyone
/// and for each server that `player` (`p`) played the daily in (in the order of the
/// servers, so that writers lock the rows in one order).
async fn count_in(
    tx: &mut Conn,
    variant: &str,
    d: i64,
    p: i64,
    (total, finished): (i64, i64),
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO daily_counts (variant, day, guild_id, total, finished) \
         SELECT $1, $2, CAST(0 AS BIGINT), $4, $5 \
         UNION ALL SELECT $1, $2, guild_id, $4, $5 FROM daily_members WHERE player_id = $3 \
         ORDER BY 3 \
         ON CONFLICT (variant, day, guild_id) DO UPDATE SET \
         total = daily_counts.total + excluded.total, \
         finished = daily_counts.finished + excluded.finished",
    )
    .bind(variant)
    .bind(d)
    .bind(p)
    .bind(total)
    .bind(finished)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Notes that `player` played the daily in `guild`; the first time, every attempt of
/// theirs is added to that server's counts (its tables list them from now on).
async fn join_in(tx: &mut Conn, guild: GuildId, player: PlayerId) -> Result<(), StoreError> {
    let (g, p) = (to_sql(guild), to_sql(player));
    let joined = sqlx::query(
        "INSERT INTO daily_members (guild_id, player_id) VALUES ($1, $2) \
         ON CONFLICT (guild_id, player_id) DO NOTHING",
    )
    .bind(g)
    .bind(p)
    .execute(&mut *tx)
    .await?;
    if joined.rows_affected() == 1 {
        sqlx::query(
            "INSERT INTO daily_counts (variant, day, guild_id, total, finished) \
             SELECT variant, day, $1, CAST(1 AS BIGINT), \
             CASE WHEN finished_ms IS NULL THEN CAST(0 AS BIGINT) ELSE CAST(1 AS BIGINT) END \
             FROM daily_attempts WHERE player_id = $2 ORDER BY variant, day \
             ON CONFLICT (variant, day, guild_id) DO UPDATE SET \
             total = daily_counts.total + excluded.total, \
             finished = daily_counts.finished + excluded.finished",
        )
        .bind(g)
        .bind(p)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Deletes every daily record of `player` in `tx` (`/privacy delete`), their attempts
/// taken out of the kept counts first.
pub(super) async fn forget_in(tx: &mut Conn, player: PlayerId) -> Result<(), StoreError> {
    let p = to_sql(player);
    // Each attempt counts once in each of these rows: everyone's and its member's servers'.
    sqlx::query(
        "UPDATE daily_counts SET total = total - 1, \
         finished = finished - (SELECT COUNT(a.finished_ms) FROM daily_attempts a \
           WHERE a.variant = daily_counts.variant AND a.day = daily_counts.day \
           AND a.player_id = $1) \
         WHERE (variant, day, guild_id) IN ( \
           SELECT a.variant, a.day, CAST(0 AS BIGINT) FROM daily_attempts a \
           WHERE a.player_id = $1 \
           UNION ALL SELECT a.variant, a.day, m.guild_id \
           FROM daily_attempts a JOIN daily_members m ON m.player_id = a.player_id \
           WHERE a.player_id = $1)",
    )
    .bind(p)
    .execute(&mut *tx)
    .await?;
    for sql in [
        "DELETE FROM daily_volleys WHERE player_id = $1",
        "DELETE FROM daily_attempts WHERE player_id = $1",
        "DELETE FROM daily_members WHERE player_id = $1",
        "DELETE FROM daily_streaks WHERE player_id = $1",
        "DELETE FROM daily_reminders WHERE player_id = $1",
    ] {
        sqlx::query(sql).bind(p).execute(&mut *tx).await?;
    }
    Ok(())
}

async fn streak_in(
    conn: &mut Conn,
    variant: &str,
    player: PlayerId,
) -> Result<Option<DailyStreak>, StoreError> {
    let row: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT current, best, last_day FROM daily_streaks WHERE variant = $1 AND player_id = $2",
    )
    .bind(variant)
    .bind(to_sql(player))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(current, best, last_day)| DailyStreak {
        current: count(current),
        best: count(best),
        last_day: from_sql(last_day),
    }))
}

async fn table(
    pool: &Pool,
    variant: &str,
    day: u64,
    scope: DailyScope,
    limit: u32,
) -> Result<DailyTable, StoreError> {
    let d = to_sql(day);
    let kept = |guild: i64| async move {
        let row: Option<(i64, i64)> = sqlx::query_as(KEPT_COUNTS)
            .bind(variant)
            .bind(d)
            .bind(guild)
            .fetch_optional(pool)
            .await?;
        Ok::<_, StoreError>(row.unwrap_or((0, 0)))
    };
    let (of_day, _) = kept(0).await?;
    let (total, finished) = match scope {
        DailyScope::Server(guild) => kept(to_sql(guild)).await?,
        DailyScope::Global => {
            sqlx::query_as(GLOBAL_COUNTS)
                .bind(variant)
                .bind(d)
                .fetch_one(pool)
                .await?
        }
        DailyScope::Everyone => kept(0).await?,
    };
    let lines: Vec<(i64, i64, Option<i64>)> = if total == 0 || limit == 0 {
        Vec::new()
    } else {
        let along = along_order(
            u64::try_from(total).unwrap_or(0),
            u64::try_from(of_day).unwrap_or(0),
            limit,
        );
        let sql = table_sql(scope, along, limit);
        // Planned with this day's and this scope's figures each time (PostgreSQL would
        // otherwise settle on one plan for every server, large or small).
        let mut lines = sqlx::query_as(&sql).persistent(false).bind(variant).bind(d);
        if let DailyScope::Server(guild) = scope {
            lines = lines.bind(to_sql(guild));
        }
        lines.fetch_all(pool).await?
    };
    Ok(DailyTable {
        lines: lines
            .into_iter()
            .map(|(player, shots, finished_ms)| DailyLine {
                player: PlayerId(from_sql(player)),
                shots: count(shots),
                finished_ms,
            })
            .collect(),
        total: count(total),
        finished: count(finished),
    })
}

async fn place(
    pool: &Pool,
    variant: &str,
    day: u64,
    scope: DailyScope,
    player: PlayerId,
) -> Result<Option<u32>, StoreError> {
    let mine: Option<(i64, Option<i64>)> = sqlx::query_as(
        "SELECT shots, finished_ms FROM daily_attempts \
         WHERE variant = $1 AND day = $2 AND player_id = $3",
    )
    .bind(variant)
    .bind(to_sql(day))
    .bind(to_sql(player))
    .fetch_optional(pool)
    .await?;
    let Some((shots, Some(finished_ms))) = mine else {
        return Ok(None);
    };
    let (join, guild) = scope_join(scope);
    // $3 is the server where the scope names one; the member's own figures follow it.
    let (s, f, p) = if guild.is_some() {
        ("$4", "$5", "$6")
    } else {
        ("$3", "$4", "$5")
    };
    let sql = format!(
        "SELECT COUNT(*) FROM daily_attempts a{join} \
         WHERE a.variant = $1 AND a.day = $2 AND a.playing = FALSE AND a.shots <= {s} AND \
         (a.shots < {s} OR (a.shots = {s} AND (a.finished_ms < {f} \
          OR (a.finished_ms = {f} AND a.player_id < {p}))))"
    );
    let mut query = sqlx::query_scalar(&sql).bind(variant).bind(to_sql(day));
    if let Some(guild) = guild {
        query = query.bind(guild);
    }
    let before: i64 = query
        .bind(shots)
        .bind(finished_ms)
        .bind(to_sql(player))
        .fetch_one(pool)
        .await?;
    Ok(Some(count(before).saturating_add(1)))
}

impl DailyStore for Handle {
    fn secret<'a>(&'a self, fresh: &'a str, at_ms: i64) -> StoreFuture<'a, String> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO daily_secret (id, secret, at_ms) VALUES (1, $1, $2) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(fresh)
            .bind(at_ms)
            .execute(self.pool())
            .await?;
            let stored: String = sqlx::query_scalar("SELECT secret FROM daily_secret WHERE id = 1")
                .fetch_one(self.pool())
                .await?;
            Ok(stored)
        })
    }

    fn attempt<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<DailyAttempt>> {
        Box::pin(async move {
            let row: Option<(i64, Option<i64>)> = sqlx::query_as(
                "SELECT started_ms, finished_ms FROM daily_attempts \
                 WHERE variant = $1 AND day = $2 AND player_id = $3",
            )
            .bind(variant)
            .bind(to_sql(day))
            .bind(to_sql(player))
            .fetch_optional(self.pool())
            .await?;
            let Some((started_ms, finished_ms)) = row else {
                return Ok(None);
            };
            let volleys: Vec<String> = sqlx::query_scalar(
                "SELECT cells FROM daily_volleys \
                 WHERE variant = $1 AND day = $2 AND player_id = $3 ORDER BY n",
            )
            .bind(variant)
            .bind(to_sql(day))
            .bind(to_sql(player))
            .fetch_all(self.pool())
            .await?;
            Ok(Some(DailyAttempt {
                volleys,
                started_ms,
                finished_ms,
            }))
        })
    }

    fn write_volley<'a>(&'a self, volley: DailyVolley<'a>) -> StoreFuture<'a, VolleyWritten> {
        Box::pin(write_volley(self.pool(), volley))
    }

    fn joined(&self, guild: GuildId, player: PlayerId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await?;
            join_in(&mut tx, guild, player).await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn streak<'a>(
        &'a self,
        variant: &'a str,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<DailyStreak>> {
        Box::pin(async move {
            let mut conn = self.pool().acquire().await?;
            streak_in(&mut conn, variant, player).await
        })
    }

    fn table<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        scope: DailyScope,
        limit: u32,
    ) -> StoreFuture<'a, DailyTable> {
        Box::pin(table(self.pool(), variant, day, scope, limit))
    }

    fn place<'a>(
        &'a self,
        variant: &'a str,
        day: u64,
        scope: DailyScope,
        player: PlayerId,
    ) -> StoreFuture<'a, Option<u32>> {
        Box::pin(place(self.pool(), variant, day, scope, player))
    }

    fn set_remind<'a>(
        &'a self,
        player: PlayerId,
        on: bool,
        locale: Option<&'a str>,
        at_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query = if on {
                sqlx::query(
                    "INSERT INTO daily_reminders (player_id, at_ms, locale) VALUES ($1, $2, $3) \
                     ON CONFLICT (player_id) DO UPDATE SET \
                     locale = COALESCE(excluded.locale, daily_reminders.locale)",
                )
                .bind(to_sql(player))
                .bind(at_ms)
                .bind(locale)
            } else {
                sqlx::query("DELETE FROM daily_reminders WHERE player_id = $1").bind(to_sql(player))
            };
            query.execute(self.pool()).await?;
            Ok(())
        })
    }

    fn remind(&self, player: PlayerId) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let on: Option<i64> = sqlx::query_scalar(
                "SELECT CAST(1 AS BIGINT) FROM daily_reminders WHERE player_id = $1",
            )
            .bind(to_sql(player))
            .fetch_optional(self.pool())
            .await?;
            Ok(on.is_some())
        })
    }

    fn reminders_due(
        &self,
        day: u64,
        min_streak: u32,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(PlayerId, Option<String>)>> {
        Box::pin(async move {
            let due: Vec<(i64, Option<String>)> = sqlx::query_as(
                "SELECT r.player_id, r.locale FROM daily_reminders r \
                 WHERE (r.sent_day IS NULL OR r.sent_day < $1) AND EXISTS ( \
                   SELECT 1 FROM daily_streaks s \
                   WHERE s.player_id = r.player_id AND s.current >= $2 AND s.last_day = $3 \
                   AND NOT EXISTS (SELECT 1 FROM daily_attempts a WHERE a.player_id = s.player_id \
                                   AND a.variant = s.variant AND a.day = $1)) \
                 ORDER BY r.player_id LIMIT $4",
            )
            .bind(to_sql(day))
            .bind(i64::from(min_streak))
            .bind(to_sql(day.saturating_sub(1)))
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(due
                .into_iter()
                .map(|(p, locale)| (PlayerId(from_sql(p)), locale))
                .collect())
        })
    }

    fn reminder_sent(&self, player: PlayerId, day: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let marked = sqlx::query(
                "UPDATE daily_reminders SET sent_day = $2 \
                 WHERE player_id = $1 AND (sent_day IS NULL OR sent_day < $2)",
            )
            .bind(to_sql(player))
            .bind(to_sql(day))
            .execute(self.pool())
            .await?;
            Ok(marked.rows_affected() == 1)
        })
    }
}
