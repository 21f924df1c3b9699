//! Forgetting a member in the tournaments (`/privacy delete`), compiled as a module of
//! each back-end (see `roles/sql.rs`): run by [`crate::store::PrivacyStore::forget`]'s
//! transaction.

use super::{Conn, FOR_UPDATE};
use crate::game::PlayerId;
use std::time::{Duration, SystemTime};

use crate::store::{StoreError, Timestamp, to_sql};

/// How long a claim on a tournament pairing keeps a `/privacy delete` of its players
/// waiting (the session's `STALE_CLAIM`: after it, another process takes the claim over).
const OPENING_CLAIM: Duration = Duration::from_secs(60);

/// Whether a match of member `p` is being opened right now for a tournament (a fresh claim
/// on a pairing that names them): it would be opened with their id, read before.
pub(super) async fn being_opened(tx: &mut Conn, p: i64) -> Result<bool, StoreError> {
    let opening: Option<i64> = sqlx::query_scalar(
        "SELECT round FROM tournament_pairings WHERE (white_id = $1 OR black_id = $1) \
         AND NOT opened AND result IS NULL AND claim_ms IS NOT NULL AND claim_ms > $2 LIMIT 1",
    )
    .bind(p)
    .bind(Timestamp::of(SystemTime::now()).before(OPENING_CLAIM))
    .fetch_optional(&mut *tx)
    .await?;
    Ok(opening.is_some())
}

/// The first placeholder id of a forgotten entrant (each takes the next free one in its
/// tournament; below 2^22, so never a Discord id, and apart from the matches' own).
const FORGOTTEN_ENTRANT: i64 = 4_100_000;

/// Forgets `player` in the tournaments they entered or created: where sign-up is open
/// they are no longer an entrant; elsewhere their entry and every pairing naming them
/// take a placeholder id of their own in that tournament and the name "deleted player",
/// and a running tournament no longer pairs them; their pairing of the current round that
/// has no match yet is scored as a win by forfeit for the opponent, so no match is ever
/// opened for the placeholder. A tournament they created has no
/// creator any more (a moderator may still call it off).
pub(super) async fn forget_tournaments_in(
    tx: &mut Conn,
    player: PlayerId,
) -> Result<(), StoreError> {
    let p = to_sql(player);
    let entered: Vec<(i64, String, i64)> = sqlx::query_as(&format!(
        "SELECT id, state, round FROM tournaments WHERE id IN \
         (SELECT tournament_id FROM tournament_entrants WHERE player_id = $1) \
         ORDER BY id{FOR_UPDATE}"
    ))
    .bind(p)
    .fetch_all(&mut *tx)
    .await?;
    for (id, state, round) in entered {
        if state == "signup" {
            sqlx::query(
                "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(id)
            .bind(p)
            .execute(&mut *tx)
            .await?;
            // A start worked out before this (with them in it) is not written: it runs
            // again without them.
            bump_tournament(tx, id).await?;
            continue;
        }
        let taken: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = $1 \
             AND player_id >= $2 AND player_id < $3",
        )
        .bind(id)
        .bind(FORGOTTEN_ENTRANT)
        .bind(FORGOTTEN_ENTRANT + 100_000)
        .fetch_one(&mut *tx)
        .await?;
        let placeholder = FORGOTTEN_ENTRANT + taken;
        // Running: out from the next round. Paused: the stored round is the one still
        // to be paired, so out from that one.
        let out_from = match state.as_str() {
            "running" => Some(round + 1),
            "paused" => Some(round.max(1)),
            _ => None,
        };
        if state == "running" {
            // Their match of this round not opened yet (the opponent was busy elsewhere,
            // or it is being opened): it never will be, and the opponent wins by forfeit,
            // as against a no-show. (Refused while they play a live match, so an opened
            // pairing of theirs has ended.)
            sqlx::query(
                "UPDATE tournament_pairings SET result = CASE WHEN white_id = $2 \
                 THEN 'black-forfeit' ELSE 'white-forfeit' END \
                 WHERE tournament_id = $1 AND round = $3 AND NOT opened AND result IS NULL \
                 AND black_id IS NOT NULL AND (white_id = $2 OR black_id = $2)",
            )
            .bind(id)
            .bind(p)
            .bind(round)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "UPDATE tournament_entrants SET player_id = $3, name = 'deleted player', \
             withdrawn = COALESCE(withdrawn, $4), reason = COALESCE(reason, CASE WHEN $4 IS NULL THEN NULL ELSE 'left' END) \
             WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id)
        .bind(p)
        .bind(placeholder)
        .bind(out_from)
        .execute(&mut *tx)
        .await?;
        for sql in [
            "UPDATE tournament_pairings SET white_id = $3 WHERE tournament_id = $1 AND white_id = $2",
            "UPDATE tournament_pairings SET black_id = $3 WHERE tournament_id = $1 AND black_id = $2",
            "UPDATE tournaments SET winner_id = $3 WHERE id = $1 AND winner_id = $2",
        ] {
            sqlx::query(sql)
                .bind(id)
                .bind(p)
                .bind(placeholder)
                .execute(&mut *tx)
                .await?;
        }
        // A step worked out before this (naming them) is not written.
        bump_tournament(tx, id).await?;
    }
    sqlx::query("UPDATE tournaments SET creator_id = $2 WHERE creator_id = $1")
        .bind(p)
        .bind(to_sql(crate::game::PlayerId::DELETED_OTHER.0))
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A change of tournament `id`'s entrants (a join, a leave, a forget): its version moves on,
/// so that a step worked out from the entrants before it (the start's pairing, a round's)
/// is not written, and is worked out again from the entrants as they are now.
async fn bump_tournament(tx: &mut Conn, id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
