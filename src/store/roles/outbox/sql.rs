//! The SQL of [`OutboxStore`], compiled as a module of each back-end (see `roles/sql.rs`).

use super::Handle;
use crate::store::roles::outbox::{UNANNOUNCED, WAITING_BEFORE, WAITING_IN_CHANNEL};
use crate::store::{
    ChannelKey, MatchId, OutboxStore, ReminderKey, StoreFuture, StoredState, Timestamp, from_sql,
    to_sql,
};

impl OutboxStore for Handle {
    fn unannounced(&self) -> StoreFuture<'_, Vec<StoredState>> {
        Box::pin(async move {
            let states: Vec<StoredState> = sqlx::query_scalar(UNANNOUNCED)
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

    fn waiting_ends_in(
        &self,
        channel: ChannelKey,
        since: Timestamp,
    ) -> StoreFuture<'_, Vec<StoredState>> {
        Box::pin(async move {
            let states: Vec<StoredState> = sqlx::query_scalar(WAITING_IN_CHANNEL)
                .bind(to_sql(channel))
                .bind(since)
                .fetch_all(self.pool())
                .await?;
            Ok(states)
        })
    }

    fn drop_waiting(&self, before: Timestamp, limit: u32) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            // Read first (along the index by age): the common sweep finds nothing and
            // writes nothing.
            let ids: Vec<i64> = sqlx::query_scalar(WAITING_BEFORE)
                .bind(before)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
            let mut dropped = 0;
            for id in ids {
                dropped += sqlx::query(
                    "UPDATE matches SET announced = TRUE \
                     WHERE id = $1 AND NOT live AND NOT announced",
                )
                .bind(id)
                .execute(self.pool())
                .await?
                .rows_affected();
            }
            Ok(dropped)
        })
    }

    fn is_announced(&self, id: MatchId) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let waiting: Option<i64> = sqlx::query_scalar(
                // BIGINT on both: PostgreSQL reads a bare 1 as an INT4.
                "SELECT CAST(1 AS BIGINT) FROM matches WHERE id = $1 AND NOT live AND NOT announced",
            )
            .bind(to_sql(id))
            .fetch_optional(self.pool())
            .await?;
            Ok(waiting.is_none())
        })
    }

    fn reminders_due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT id FROM matches WHERE live AND remind_ms IS NOT NULL AND remind_ms <= $1 \
                 ORDER BY remind_ms LIMIT $2",
            )
            .bind(at)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await?;
            Ok(ids.into_iter().map(|id| MatchId(from_sql(id))).collect())
        })
    }

    fn take_reminder(
        &self,
        reminder: ReminderKey,
        at: Timestamp,
        stale_before: Timestamp,
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
            .bind(to_sql(reminder.match_id))
            .bind(i64::from(reminder.moves))
            .bind(reminder.which.key())
            .bind(at)
            .bind(stale_before)
            .fetch_optional(self.pool())
            .await?;
            Ok(taken.is_some())
        })
    }

    fn reminder_sent(&self, reminder: ReminderKey) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            // Kept, leased for ever: a sweep that read the match before its mark and comes
            // to take this reminder afterwards is refused (a deleted row would let it in).
            // A later turn's reminder, or the hour's after the half's, still takes the row.
            sqlx::query(
                "UPDATE reminder_outbox SET taken_ms = $4 \
                 WHERE match_id = $1 AND moves = $2 AND which = $3",
            )
            .bind(to_sql(reminder.match_id))
            .bind(i64::from(reminder.moves))
            .bind(reminder.which.key())
            .bind(i64::MAX)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }
}
