//! The SQL of [`LiveStore`], compiled as a module of each back-end (see `roles/sql.rs`).

use super::{Conn, FOR_SHARE, Handle, Pool};
use crate::store::format::SET_ASIDE;
use crate::store::{
    ChannelKey, GuildId, LivePage, LiveStore, MatchId, MatchRecord, MatchState, SetAside,
    StoreError, StoreFuture, StoredState, Timestamp, from_sql, rows, to_sql,
};

/// Writes one record in `tx`: the match (only over an older version), its moves and, at
/// an end that was played out, the ratings and results; then what the back-end keeps
/// beside it.
pub(in super::super) async fn write_in(tx: &mut Conn, r: &MatchRecord) -> Result<(), StoreError> {
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
    super::settle::settle_in(tx, r).await?;
    super::after_write(tx, r).await
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

impl LiveStore for Handle {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), std::slice::from_ref(record)))
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(write_all(self.pool(), records))
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<MatchState>> {
        Box::pin(super::states(
            self.pool(),
            "SELECT id, state FROM matches WHERE live ORDER BY updated_ms DESC, id",
            None,
        ))
    }

    fn retire(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await?;
            sqlx::query(
                "UPDATE matches SET live = FALSE, phase = 'finished', how = 'abandoned', \
                 ended_ms = $2, updated_ms = $2, announced = TRUE WHERE id = $1 AND live",
            )
            .bind(to_sql(id))
            .bind(at)
            .execute(&mut *tx)
            .await?;
            super::after_retire(&mut tx, id).await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn set_aside(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await?;
            // `announced`: there is no end to send.
            let done = sqlx::query(
                "UPDATE matches SET live = FALSE, phase = $3, updated_ms = $2, \
                 announced = TRUE WHERE id = $1 AND live",
            )
            .bind(to_sql(id))
            .bind(at)
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

    fn due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND deadline_ms <= $1 \
                 ORDER BY deadline_ms LIMIT $2",
            )
            .bind(at)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    fn computer_waiting(&self, before: Timestamp) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND computer_next AND updated_ms <= $1",
            )
            .bind(before)
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

    fn live_in(&self, guild: GuildId, offset: u32, limit: u32) -> StoreFuture<'_, LivePage> {
        Box::pin(async move {
            let states: Vec<StoredState> = sqlx::query_scalar(
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
            Ok(LivePage {
                states,
                total: u32::try_from(total).unwrap_or(u32::MAX),
            })
        })
    }
}
