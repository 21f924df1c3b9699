//! The sweep's side of the tournaments ([`TournamentSweep`]): tournaments due
//! by their due time (one index range, so an idle tournament is never read), taken with
//! a lease, and the announcements still to post. Compiled as a module of each back-end's
//! tournaments (see `roles/sql.rs`).

use std::ops::RangeInclusive;

use super::{Conn, Handle};
use crate::ids::{GuildId, TournamentId};
use crate::store::rows::Columns as _;
use crate::store::{
    DueTournament, NewPost, PostRow, PostsToTake, StoreError, StoreFuture, Timestamp,
    TournamentSweep, from_sql, rows, to_sql,
};

/// Adds a step's announcements after those still to post, taken at `at`.
pub(super) async fn write_posts(
    tx: &mut Conn,
    id: TournamentId,
    posts: &[NewPost],
    at: Timestamp,
) -> Result<(), StoreError> {
    if posts.is_empty() {
        return Ok(());
    }
    let last: Option<i64> =
        sqlx::query_scalar("SELECT MAX(seq) FROM tournament_posts WHERE tournament_id = $1")
            .bind(to_sql(id))
            .fetch_one(&mut *tx)
            .await?;
    // Numbered on from the last one ever written (a posted one is deleted): from the time
    // of the step, so numbers never come back.
    let mut seq = last.unwrap_or(0).max(at.millis().saturating_mul(1000));
    for NewPost { kind, round } in posts {
        seq += 1;
        sqlx::query(
            "INSERT INTO tournament_posts (tournament_id, seq, kind, round, taken_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(to_sql(id))
        .bind(seq)
        .bind(kind)
        .bind(i64::from(*round))
        .bind(at)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

impl TournamentSweep for Handle {
    /// The tournaments due at `at`, earliest first.
    fn tournaments_due(&self, at: Timestamp) -> StoreFuture<'_, Vec<DueTournament>> {
        Box::pin(async move {
            let pool = self.pool();
            sqlx::query(
                "SELECT id, guild_id, state, due_ms FROM tournaments \
         WHERE due_ms IS NOT NULL AND due_ms <= $1 ORDER BY due_ms, id",
            )
            .bind(at)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| {
                Ok(DueTournament {
                    id: TournamentId(from_sql(r.int("id")?)),
                    guild: GuildId(from_sql(r.int("guild_id")?)),
                    signup: r.text("state")? == "signup",
                    due: Timestamp(r.int("due_ms")?),
                })
            })
            .collect()
        })
    }

    /// Moves `due.id`'s due time from `due.due` to `lease`: `true` for the one caller that
    /// finds it as read.
    fn take_due_tournament(&self, due: DueTournament, lease: Timestamp) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let pool = self.pool();
            let taken =
                sqlx::query("UPDATE tournaments SET due_ms = $3 WHERE id = $1 AND due_ms = $2")
                    .bind(to_sql(due.id))
                    .bind(due.due)
                    .bind(lease)
                    .execute(pool)
                    .await?;
            Ok(taken.rows_affected() == 1)
        })
    }

    /// Sets `id`'s next due time, unless a match's end made it due within `step`.
    fn set_tournament_due(
        &self,
        id: TournamentId,
        due: Option<Timestamp>,
        step: RangeInclusive<Timestamp>,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let pool = self.pool();
            sqlx::query(
                "UPDATE tournaments SET due_ms = $2 WHERE id = $1 \
         AND (due_ms IS NULL OR due_ms < $3 OR due_ms > $4)",
            )
            .bind(to_sql(id))
            .bind(due)
            .bind(*step.start())
            .bind(*step.end())
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    /// Makes `id` due at `at` at the latest, while it runs.
    fn tournament_due_now(&self, id: TournamentId, at: Timestamp) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let pool = self.pool();
            sqlx::query(
                "UPDATE tournaments SET due_ms = $2 WHERE id = $1 AND state = 'running' \
         AND (due_ms IS NULL OR due_ms > $2)",
            )
            .bind(to_sql(id))
            .bind(at)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    /// `id`'s posts that its step wrote (taken then), or those left by a stopped process,
    /// which are taken one by one, in order (a post another process takes first is left out,
    /// with those after it).
    fn take_tournament_posts(
        &self,
        id: TournamentId,
        which: PostsToTake,
    ) -> StoreFuture<'_, Vec<PostRow>> {
        Box::pin(async move {
            let pool = self.pool();
            let pending: Vec<(PostRow, Timestamp)> = sqlx::query(
                "SELECT seq, kind, round, taken_ms FROM tournament_posts WHERE tournament_id = $1 \
         ORDER BY seq",
            )
            .bind(to_sql(id))
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| {
                Ok((
                    PostRow {
                        seq: from_sql(r.int("seq")?),
                        kind: r.text("kind")?,
                        round: rows::count(r, "round")?,
                    },
                    Timestamp(r.int("taken_ms")?),
                ))
            })
            .collect::<Result<_, StoreError>>()?;
            let claim = match which {
                PostsToTake::OfStep(step) => {
                    return Ok(pending
                        .into_iter()
                        .filter(|&(_, was)| was == step)
                        .map(|(p, _)| p)
                        .collect());
                }
                PostsToTake::Left(claim) => claim,
            };
            let mut taken = Vec::new();
            for (post, was) in pending {
                if was >= claim.stale {
                    // Being posted by its step's process (or another sweep) right now: the
                    // later ones wait with it, in order.
                    break;
                }
                let took = sqlx::query(
                    "UPDATE tournament_posts SET taken_ms = $4 \
             WHERE tournament_id = $1 AND seq = $2 AND taken_ms = $3",
                )
                .bind(to_sql(id))
                .bind(to_sql(post.seq))
                .bind(was)
                .bind(claim.at)
                .execute(pool)
                .await?;
                if took.rows_affected() != 1 {
                    break;
                }
                taken.push(post);
            }
            Ok(taken)
        })
    }

    /// Tournaments with a post taken before `stale`.
    fn tournaments_with_stale_posts(&self, stale: Timestamp) -> StoreFuture<'_, Vec<TournamentId>> {
        Box::pin(async move {
            let pool = self.pool();
            let ids: Vec<i64> = sqlx::query_scalar(
                "SELECT DISTINCT tournament_id FROM tournament_posts WHERE taken_ms < $1",
            )
            .bind(stale)
            .fetch_all(pool)
            .await?;
            Ok(ids.into_iter().map(|i| TournamentId(from_sql(i))).collect())
        })
    }

    /// Deletes a post that was posted.
    fn tournament_post_done(&self, id: TournamentId, seq: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let pool = self.pool();
            sqlx::query("DELETE FROM tournament_posts WHERE tournament_id = $1 AND seq = $2")
                .bind(to_sql(id))
                .bind(to_sql(seq))
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    /// Moves the round deadlines of running tournaments not changed since `last_seen` by
    /// the time the bot was down (they are due at once: their step sets the next due time).
    fn give_tournaments_time_back(
        &self,
        last_seen: Timestamp,
        now: Timestamp,
    ) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let pool = self.pool();
            let moved = sqlx::query(
                "UPDATE tournaments SET round_deadline_ms = round_deadline_ms + ($2 - $1), \
         version = version + 1, updated_ms = $2, due_ms = $2 \
         WHERE state = 'running' AND round_deadline_ms IS NOT NULL \
         AND updated_ms <= $1 AND $2 > $1",
            )
            .bind(last_seen)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(moved.rows_affected())
        })
    }
}
