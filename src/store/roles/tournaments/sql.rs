//! The SQL of [`TournamentStore`], compiled as a module of each back-end (see
//! `roles/sql.rs`).

use super::{Conn, Db, FOR_UPDATE, Handle, Pool};
use crate::game::PlayerId;
use crate::ids::{ChannelKey, GuildId, MatchId};
use crate::store::{StoreError, StoreFuture, from_sql, rows, to_sql};

/// The sweep's queries: due tournaments and announcements still to post.
#[path = "due.rs"]
mod due;

// ---------------------------------------------------------------------------------------
// Tournaments (issue 33): `TournamentStore`, in SQL both databases accept. A step of a
// tournament is written only over the version it was worked out from, with its row
// locked (`FOR_UPDATE`), so that several processes pair each round once.

use crate::store::rows::Columns as _;
use crate::store::{
    BoardKey, BoardResult, Claim, EntrantChange, EntrantRow, Joined, Left, MatchTournament,
    MessageId, PairedMatch, PairingRow, StartRating, Timestamp, TournamentId, TournamentRecord,
    TournamentRow, TournamentSnapshot, TournamentStep, TournamentStore, Withdrawal,
};

/// A query with its arguments, of this back-end.
type Query<'q> = sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>;

/// `sql`, which changes one pairing (`$1` to `$3`: its tournament, round and board), with
/// that board bound: the caller binds the rest, from `$4` on.
fn on_board(sql: &str, key: BoardKey) -> Query<'_> {
    sqlx::query(sql)
        .bind(to_sql(key.tournament))
        .bind(i64::from(key.round))
        .bind(i64::from(key.board))
}

/// A tournament as a transaction that changes it reads it first.
struct Locked {
    /// Its state (see [`TournamentRow::state`]).
    state: String,
    /// The round being played.
    round: i64,
    /// The most entrants it takes.
    max_players: i64,
    /// Its version.
    version: i64,
}

/// Locks tournament `id` for the rest of transaction `tx` (its row; on SQLite, the
/// database's writes) and reads it: `None` when there is no such tournament.
async fn lock(tx: &mut Conn, id: TournamentId) -> Result<Option<Locked>, StoreError> {
    super::lock_tournament(tx, id).await?;
    let row: Option<(String, i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT state, round, max_players, version FROM tournaments WHERE id = $1{FOR_UPDATE}"
    ))
    .bind(to_sql(id))
    .fetch_optional(&mut *tx)
    .await?;
    Ok(row.map(|(state, round, max_players, version)| Locked {
        state,
        round,
        max_players,
        version,
    }))
}

/// How many entrants tournament `id` has, in transaction `tx`.
async fn entrant_count(tx: &mut Conn, id: TournamentId) -> Result<i64, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1")
            .bind(to_sql(id))
            .fetch_one(&mut *tx)
            .await?,
    )
}

/// Moves tournament `id`'s version on (changed at `at`) and commits `tx`: a step worked
/// out from the entrants before this change is worked out again.
async fn commit_entrants_changed(
    mut tx: sqlx::Transaction<'_, Db>,
    id: TournamentId,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET updated_ms = $2, version = version + 1 WHERE id = $1")
        .bind(to_sql(id))
        .bind(at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// The columns of a tournament row, with its count of entrants.
const TOURNAMENT_COLUMNS: &str = "t.id, t.guild_id, t.channel_id, t.creator_id, t.name, \
     t.variant, t.pace, t.rounds, t.max_players, t.starts_ms, t.state, t.round, \
     t.round_deadline_ms, t.top_white, t.locale, t.signup_message_id, t.note, t.check_ms, \
     t.legacy_round, t.winner_id, t.version, t.created_ms, t.updated_ms, \
     (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id) AS entrants";

/// A number column that is never negative and fits 32 bits.
fn small(row: &impl crate::store::rows::Columns, name: &str) -> Result<u32, StoreError> {
    rows::count(row, name)
}

/// A `tournaments` row as [`TOURNAMENT_COLUMNS`] reads it.
fn tournament_row(row: &impl crate::store::rows::Columns) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: TournamentId(from_sql(row.int("id")?)),
        guild: GuildId(from_sql(row.int("guild_id")?)),
        channel: ChannelKey(from_sql(row.int("channel_id")?)),
        creator: PlayerId(from_sql(row.int("creator_id")?)),
        name: row.text("name")?,
        variant: row.text("variant")?,
        pace: row.text("pace")?,
        rounds: small(row, "rounds")?,
        max_players: small(row, "max_players")?,
        starts: row.opt_int("starts_ms")?.map(Timestamp),
        state: row.text("state")?,
        round: small(row, "round")?,
        round_deadline: row.opt_int("round_deadline_ms")?.map(Timestamp),
        top_white: row.flag("top_white")?,
        locale: row.opt_text("locale")?,
        signup_message: row
            .opt_int("signup_message_id")?
            .map(|m| MessageId(from_sql(m))),
        note: row.opt_text("note")?,
        check: row.opt_int("check_ms")?.map(Timestamp),
        legacy_round: row
            .opt_int("legacy_round")?
            .map(|r| u32::try_from(r).unwrap_or(u32::MAX)),
        winner: row.opt_int("winner_id")?.map(|w| PlayerId(from_sql(w))),
        version: from_sql(row.int("version")?),
        created: Timestamp(row.int("created_ms")?),
        updated: Timestamp(row.int("updated_ms")?),
        entrants: small(row, "entrants")?,
    })
}

async fn create_tournament(pool: &Pool, t: &TournamentRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tournaments (id, guild_id, channel_id, creator_id, name, variant, pace, \
         rounds, max_players, starts_ms, state, round, round_deadline_ms, top_white, locale, \
         signup_message_id, note, check_ms, version, created_ms, updated_ms, due_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $10)",
    )
    .bind(to_sql(t.id))
    .bind(to_sql(t.guild))
    .bind(to_sql(t.channel))
    .bind(to_sql(t.creator))
    .bind(&t.name)
    .bind(&t.variant)
    .bind(&t.pace)
    .bind(i64::from(t.rounds))
    .bind(i64::from(t.max_players))
    .bind(t.starts)
    .bind(&t.state)
    .bind(i64::from(t.round))
    .bind(t.round_deadline)
    .bind(t.top_white)
    .bind(t.locale.as_deref())
    .bind(t.signup_message.map(to_sql))
    .bind(t.note.as_deref())
    .bind(t.check)
    .bind(to_sql(t.version))
    .bind(t.created)
    .bind(t.updated)
    .execute(pool)
    .await?;
    Ok(())
}

async fn tournament_snapshot(
    pool: &Pool,
    id: TournamentId,
) -> Result<Option<TournamentSnapshot>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE t.id = $1"
    ))
    .bind(to_sql(id))
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let row = tournament_row(&row)?;
    let entrants = sqlx::query(
        "SELECT player_id, name, rating, joined_ms, withdrawn, reason FROM tournament_entrants \
         WHERE tournament_id = $1 ORDER BY joined_ms, player_id",
    )
    .bind(to_sql(id))
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        Ok(EntrantRow {
            player: PlayerId(from_sql(r.int("player_id")?)),
            name: r.text("name")?,
            rating: small(r, "rating")?,
            joined: Timestamp(r.int("joined_ms")?),
            withdrawn: r
                .opt_int("withdrawn")?
                .map(|w| u32::try_from(w).unwrap_or(u32::MAX)),
            reason: r.opt_text("reason")?,
        })
    })
    .collect::<Result<Vec<_>, StoreError>>()?;
    // Each pairing with its match (when stored) and the moves each side fired, by seat
    // (White is the challenger's): a forgotten member's match and pairing name them by
    // different placeholders.
    let pairings = sqlx::query(
        "SELECT p.round, p.board, p.white_id, p.black_id, p.match_id, p.claim_ms, p.opened, \
         p.result, m.id AS stored, m.live, m.how, \
         CASE WHEN m.winner_id IS NULL THEN NULL \
              WHEN m.winner_id = m.challenger_id THEN p.white_id ELSE p.black_id END \
           AS winner_id, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = m.challenger_id) AS white_moves, \
         (SELECT COUNT(*) FROM moves v WHERE v.match_id = p.match_id \
            AND v.player_id = m.opponent_id) AS black_moves \
         FROM tournament_pairings p LEFT JOIN matches m ON m.id = p.match_id \
         WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
    )
    .bind(to_sql(id))
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        let game = match r.opt_int("stored")? {
            Some(_) => Some(PairedMatch {
                live: r.flag("live")?,
                how: r.opt_text("how")?,
                winner: r.opt_int("winner_id")?.map(|w| PlayerId(from_sql(w))),
                moves: [small(r, "white_moves")?, small(r, "black_moves")?],
            }),
            None => None,
        };
        Ok(PairingRow {
            round: small(r, "round")?,
            board: small(r, "board")?,
            white: PlayerId(from_sql(r.int("white_id")?)),
            black: r.opt_int("black_id")?.map(|b| PlayerId(from_sql(b))),
            match_id: r.opt_int("match_id")?.map(|m| MatchId(from_sql(m))),
            claim: r.opt_int("claim_ms")?.map(Timestamp),
            opened: r.flag("opened")?,
            result: r.opt_text("result")?,
            game,
        })
    })
    .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(TournamentSnapshot {
        row,
        entrants,
        pairings,
    }))
}

async fn join_tournament(
    pool: &Pool,
    who: EntrantChange,
    name: &str,
) -> Result<Joined, StoreError> {
    let id = who.tournament;
    let mut tx = pool.begin().await?;
    // Two joins at once must not both take the last place.
    let max = match lock(&mut tx, id).await? {
        Some(t) if t.state == "signup" => t.max_players,
        _ => {
            let _ = tx.rollback().await;
            return Ok(Joined::Closed);
        }
    };
    let there: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM tournament_entrants \
         WHERE tournament_id = $1 AND player_id = $2",
    )
    .bind(to_sql(id))
    .bind(to_sql(who.player))
    .fetch_optional(&mut *tx)
    .await?;
    if there.is_some() {
        let _ = tx.rollback().await;
        return Ok(Joined::Twice);
    }
    let count = entrant_count(&mut tx, id).await?;
    if count >= max {
        let _ = tx.rollback().await;
        return Ok(Joined::Full(u32::try_from(max).unwrap_or(u32::MAX)));
    }
    sqlx::query(
        "INSERT INTO tournament_entrants (tournament_id, player_id, name, rating, joined_ms) \
         VALUES ($1, $2, $3, 0, $4)",
    )
    .bind(to_sql(id))
    .bind(to_sql(who.player))
    .bind(name)
    .bind(who.at)
    .execute(&mut *tx)
    .await?;
    // A start that read the entrants before this join runs again.
    commit_entrants_changed(tx, id, who.at).await?;
    Ok(Joined::Done(u32::try_from(count + 1).unwrap_or(u32::MAX)))
}

/// Takes `who.player` out of their tournament: before the start they are no longer an
/// entrant; after it they are withdrawn from the next round still to be paired, as the
/// tournament is when the leave is written (its row locked): the round after the current
/// one while it runs, the round it stopped at while paused.
async fn leave_tournament(pool: &Pool, who: EntrantChange) -> Result<Left, StoreError> {
    let id = who.tournament;
    let mut tx = pool.begin().await?;
    let found = lock(&mut tx, id).await?;
    let (state, round) = found.map_or((None, 0), |t| (Some(t.state), t.round));
    let left = match state.as_deref() {
        Some("signup") => {
            let gone = sqlx::query(
                "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(to_sql(id))
            .bind(to_sql(who.player))
            .execute(&mut *tx)
            .await?;
            if gone.rows_affected() == 0 {
                Left::NotIn
            } else {
                let count = entrant_count(&mut tx, id).await?;
                Left::Removed(u32::try_from(count).unwrap_or(u32::MAX))
            }
        }
        Some(state @ ("running" | "paused")) => {
            // Paused at pairing a round: the stored round is the one still to be paired.
            let from = if state == "running" {
                round + 1
            } else {
                round.max(1)
            };
            let out = sqlx::query(
                "UPDATE tournament_entrants SET withdrawn = $3, reason = 'left' \
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn IS NULL",
            )
            .bind(to_sql(id))
            .bind(to_sql(who.player))
            .bind(from)
            .execute(&mut *tx)
            .await?;
            if out.rows_affected() == 0 {
                Left::NotIn
            } else {
                Left::Withdrawn(u32::try_from(from).unwrap_or(u32::MAX))
            }
        }
        _ => Left::Closed,
    };
    if matches!(left, Left::NotIn | Left::Closed) {
        let _ = tx.rollback().await;
        return Ok(left);
    }
    // A pairing worked out with them in it is worked out again.
    commit_entrants_changed(tx, id, who.at).await?;
    Ok(left)
}

/// Writes `step` in one transaction if the tournament still has `step.expected`.
async fn advance_tournament(
    pool: &Pool,
    id: TournamentId,
    step: &TournamentStep,
) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let version = lock(&mut tx, id).await?.map(|t| t.version);
    if version != Some(to_sql(step.expected)) {
        let _ = tx.rollback().await;
        return Ok(false);
    }
    match write_step(&mut tx, id, step).await {
        Ok(true) => {}
        Ok(false) => {
            let _ = tx.rollback().await;
            return Ok(false);
        }
        Err(e) => {
            let _ = tx.rollback().await;
            return Err(e);
        }
    }
    tx.commit().await?;
    Ok(true)
}

/// Whether every pairing of `step` names only entrants who play its round (not withdrawn
/// from it or before), as the tournament is inside the step's transaction.
async fn pairs_entrants(
    tx: &mut Conn,
    id: TournamentId,
    step: &TournamentStep,
) -> Result<bool, StoreError> {
    let Some(round) = step.pairings.first().map(|p| p.round) else {
        return Ok(true);
    };
    let playing: Vec<i64> = sqlx::query_scalar(
        "SELECT player_id FROM tournament_entrants WHERE tournament_id = $1          AND (withdrawn IS NULL OR withdrawn > $2)",
    )
    .bind(to_sql(id))
    .bind(i64::from(round))
    .fetch_all(&mut *tx)
    .await?;
    let playing: std::collections::HashSet<i64> = playing.into_iter().collect();
    Ok(step.pairings.iter().all(|p| {
        p.round == round
            && playing.contains(&to_sql(p.white))
            && p.black.is_none_or(|b| playing.contains(&to_sql(b)))
    }))
}

/// Writes `step` (its version checked); `false`, with the transaction to be rolled back,
/// when a pairing of it names someone who does not play its round: the step was worked
/// out from entrants that changed meanwhile, and is to be worked out again.
async fn write_step(
    tx: &mut Conn,
    id: TournamentId,
    step: &TournamentStep,
) -> Result<bool, StoreError> {
    sqlx::query(
        "UPDATE tournaments SET state = $2, round = $3, round_deadline_ms = $4, note = $5, \
         check_ms = $6, due_ms = $6, version = version + 1, updated_ms = $7, \
         winner_id = COALESCE($8, winner_id) WHERE id = $1",
    )
    .bind(to_sql(id))
    .bind(&step.state)
    .bind(i64::from(step.round))
    .bind(step.round_deadline)
    .bind(step.note.as_deref())
    .bind(step.check)
    .bind(step.at)
    .bind(step.winner.map(to_sql))
    .execute(&mut *tx)
    .await?;
    due::write_posts(tx, id, &step.posts, step.at).await?;
    for StartRating { player, rating } in &step.ratings {
        sqlx::query(
            "UPDATE tournament_entrants SET rating = $3 WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(to_sql(id))
        .bind(to_sql(*player))
        .bind(i64::from(*rating))
        .execute(&mut *tx)
        .await?;
    }
    for BoardResult {
        round,
        board,
        result,
    } in &step.results
    {
        let key = BoardKey {
            tournament: id,
            round: *round,
            board: *board,
        };
        on_board(
            "UPDATE tournament_pairings SET result = $4 \
             WHERE tournament_id = $1 AND round = $2 AND board = $3",
            key,
        )
        .bind(result)
        .execute(&mut *tx)
        .await?;
    }
    for Withdrawal {
        player,
        from,
        reason,
    } in &step.withdrawals
    {
        sqlx::query(
            "UPDATE tournament_entrants SET withdrawn = $3, reason = $4 \
             WHERE tournament_id = $1 AND player_id = $2 AND (withdrawn IS NULL OR withdrawn > $3)",
        )
        .bind(to_sql(id))
        .bind(to_sql(*player))
        .bind(i64::from(*from))
        .bind(reason)
        .execute(&mut *tx)
        .await?;
    }
    if !pairs_entrants(tx, id, step).await? {
        return Ok(false);
    }
    for p in &step.pairings {
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, board, white_id, black_id, \
             match_id, opened) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(to_sql(id))
        .bind(i64::from(p.round))
        .bind(i64::from(p.board))
        .bind(to_sql(p.white))
        .bind(p.black.map(to_sql))
        .bind(p.match_id.map(to_sql))
        // A bye has nothing to open.
        .bind(p.match_id.is_none())
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

impl TournamentStore for Handle {
    fn create_tournament<'a>(&'a self, row: &'a TournamentRow) -> StoreFuture<'a, ()> {
        Box::pin(create_tournament(self.pool(), row))
    }

    fn tournament(&self, id: TournamentId) -> StoreFuture<'_, Option<TournamentSnapshot>> {
        Box::pin(tournament_snapshot(self.pool(), id))
    }

    fn tournaments_in(
        &self,
        channel: ChannelKey,
        open: bool,
    ) -> StoreFuture<'_, Vec<TournamentRow>> {
        Box::pin(async move {
            let rows = sqlx::query(&format!(
                "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE t.channel_id = $1 \
                 AND (NOT $2 OR t.state IN ('signup', 'running', 'paused')) \
                 ORDER BY t.created_ms DESC, t.id LIMIT 25"
            ))
            .bind(to_sql(channel))
            .bind(open)
            .fetch_all(self.pool())
            .await?;
            rows.iter().map(tournament_row).collect()
        })
    }

    fn join_tournament<'a>(&'a self, who: EntrantChange, name: &'a str) -> StoreFuture<'a, Joined> {
        Box::pin(join_tournament(self.pool(), who, name))
    }

    fn leave_tournament(&self, who: EntrantChange) -> StoreFuture<'_, Left> {
        Box::pin(leave_tournament(self.pool(), who))
    }

    fn set_signup_message(&self, id: TournamentId, message: MessageId) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE tournaments SET signup_message_id = $2 WHERE id = $1")
                .bind(to_sql(id))
                .bind(to_sql(message))
                .execute(self.pool())
                .await?;
            Ok(())
        })
    }

    fn advance_tournament<'a>(
        &'a self,
        id: TournamentId,
        step: &'a TournamentStep,
    ) -> StoreFuture<'a, bool> {
        Box::pin(advance_tournament(self.pool(), id, step))
    }

    fn claim_pairing(&self, board: BoardKey, claim: Claim) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let claimed = on_board(
                "UPDATE tournament_pairings SET claim_ms = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND NOT opened \
                 AND result IS NULL AND (claim_ms IS NULL OR claim_ms < $5)",
                board,
            )
            .bind(claim.at)
            .bind(claim.stale)
            .execute(self.pool())
            .await?;
            Ok(claimed.rows_affected() == 1)
        })
    }

    fn release_pairing(&self, board: BoardKey, opened: bool) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            on_board(
                "UPDATE tournament_pairings SET claim_ms = NULL, opened = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3",
                board,
            )
            .bind(opened)
            .execute(self.pool())
            .await?;
            Ok(())
        })
    }

    fn renew_pairing_claim(&self, board: BoardKey, at: Timestamp) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let renewed = on_board(
                "UPDATE tournament_pairings SET claim_ms = $4 \
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND NOT opened \
                 AND claim_ms IS NOT NULL",
                board,
            )
            .bind(at)
            .execute(self.pool())
            .await?;
            Ok(renewed.rows_affected() == 1)
        })
    }

    fn tournament_of_match(&self, match_id: MatchId) -> StoreFuture<'_, Option<MatchTournament>> {
        Box::pin(async move {
            let row: Option<(i64, String, i64)> = sqlx::query_as(
                "SELECT t.id, t.name, p.round FROM tournament_pairings p \
                 JOIN tournaments t ON t.id = p.tournament_id WHERE p.match_id = $1",
            )
            .bind(to_sql(match_id))
            .fetch_optional(self.pool())
            .await?;
            Ok(row.map(|(id, name, round)| MatchTournament {
                id: TournamentId(from_sql(id)),
                name,
                round: u32::try_from(round).unwrap_or(0),
            }))
        })
    }

    fn tournament_record(&self, player: PlayerId) -> StoreFuture<'_, TournamentRecord> {
        Box::pin(async move {
            let (entered, won): (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE t.winner_id = $1) \
                 FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id \
                 WHERE e.player_id = $1 AND t.state = 'finished' \
                 AND (e.withdrawn IS NULL OR e.withdrawn > 1)",
            )
            .bind(to_sql(player))
            .fetch_one(self.pool())
            .await?;
            Ok(TournamentRecord {
                played: u32::try_from(entered).unwrap_or(0),
                won: u32::try_from(won).unwrap_or(0),
            })
        })
    }
}
