//! The SQL of [`PrivacyStore`], compiled as a module of each back-end (see `roles/sql.rs`).

use super::tournament_forget::{being_opened, forget_tournaments_in};
use super::{FOR_UPDATE, Handle, Pool};
use crate::game::PlayerId;
use crate::store::format::{FORGOTTEN, SET_ASIDE};
use crate::store::{
    Forgot, MatchState, PrivacyStore, Renamed, StoreError, StoreFuture, StoredState, to_sql,
};

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
    super::season_table::forget_seasons_in(&mut tx, player).await?;
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
    super::daily::forget_in(&mut tx, player).await?;
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
            .bind(StoredState::default())
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

impl PrivacyStore for Handle {
    fn matches_of(&self, player: PlayerId) -> StoreFuture<'_, Vec<MatchState>> {
        Box::pin(super::states(
            self.pool(),
            "SELECT id, state FROM matches \
             WHERE NOT live AND (challenger_id = $1 OR opponent_id = $1) ORDER BY id",
            Some(to_sql(player)),
        ))
    }

    fn cancelled(&self) -> StoreFuture<'_, Vec<MatchState>> {
        Box::pin(super::states(
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
