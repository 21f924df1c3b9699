//! The SQL of [`RematchStore`], compiled as a module of each back-end (see `roles/sql.rs`).

use super::{Handle, Pool};
use crate::game::PlayerId;
use crate::store::{
    MatchId, RematchClaim, RematchStore, StoreError, StoreFuture, Timestamp, Votes, from_sql,
    to_sql,
};

async fn vote_rematch(
    pool: &Pool,
    id: MatchId,
    player: PlayerId,
    at: Timestamp,
) -> Result<Votes, StoreError> {
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
    .bind(at)
    .execute(&mut *tx)
    .await?;
    let voters: Vec<i64> = sqlx::query_scalar(
        "SELECT player_id FROM rematch_votes WHERE match_id = $1 AND player_id <> 0 ORDER BY at_ms",
    )
    .bind(to_sql(id))
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Votes {
        voters: voters.into_iter().map(|p| PlayerId(from_sql(p))).collect(),
        new: added.rows_affected() == 1,
    })
}

/// The claim on a rematch's start is a vote by "player 0", which no member can cast.
async fn claim_rematch(
    pool: &Pool,
    id: MatchId,
    new: MatchId,
    at: Timestamp,
) -> Result<RematchClaim, StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO rematch_votes (match_id, player_id, at_ms, started) \
         VALUES ($1, 0, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(to_sql(id))
    .bind(at)
    .bind(to_sql(new))
    .execute(&mut *tx)
    .await?;
    let (started, at): (Option<i64>, Timestamp) = sqlx::query_as(
        "SELECT started, at_ms FROM rematch_votes WHERE match_id = $1 AND player_id = 0",
    )
    .bind(to_sql(id))
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(RematchClaim {
        started: MatchId(started.map_or(0, from_sql)),
        at,
    })
}

impl RematchStore for Handle {
    fn vote_rematch(&self, id: MatchId, player: PlayerId, at: Timestamp) -> StoreFuture<'_, Votes> {
        Box::pin(vote_rematch(self.pool(), id, player, at))
    }

    fn claim_rematch(
        &self,
        id: MatchId,
        new: MatchId,
        at: Timestamp,
    ) -> StoreFuture<'_, RematchClaim> {
        Box::pin(claim_rematch(self.pool(), id, new, at))
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
