//! The SQL of [`SettingsStore`], compiled as a module of each back-end (see
//! `roles/sql.rs`).

use super::{Conn, Handle, Pool};
use crate::game::PlayerId;
use crate::store::{
    GLOBAL_BOARD, GuildId, SettingsStore, SettingsSwap, StoreError, StoreFuture, Timestamp, rows,
    to_sql,
};

/// Shows or hides `player` on the global board in one transaction (see
/// [`SettingsStore::set_leaderboard_visible`]). The member's ratings are locked first, so an end
/// of their match that settles meanwhile either comes before (and is read here) or after
/// (and finds them opted in, or not).
async fn set_visible(
    pool: &Pool,
    player: PlayerId,
    visible: bool,
    at: Timestamp,
) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    match set_visible_in(&mut tx, player, visible, at).await {
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
    at: Timestamp,
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
    .bind(at)
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
        at: Timestamp,
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
                .bind(at),
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
        swap: SettingsSwap<'a>,
        at: Timestamp,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            // One statement each way, so the check and the write cannot be split.
            let query = match swap.old {
                None => sqlx::query(
                    "INSERT INTO guild_settings (guild_id, settings, updated_ms) \
                     VALUES ($1, $2, $3) ON CONFLICT (guild_id) DO NOTHING",
                ),
                Some(_) => sqlx::query(
                    "UPDATE guild_settings SET settings = $2, updated_ms = $3 \
                     WHERE guild_id = $1 AND settings = $4",
                ),
            };
            let mut query = query.bind(to_sql(guild)).bind(swap.new).bind(at);
            if let Some(old) = swap.old {
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

    fn set_reminders(&self, player: PlayerId, on: bool, at: Timestamp) -> StoreFuture<'_, ()> {
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
                .bind(at)
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
        at: Timestamp,
    ) -> StoreFuture<'_, ()> {
        Box::pin(set_visible(self.pool(), player, visible, at))
    }
}
