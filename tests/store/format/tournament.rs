//! A match document's `tournament` (absent before a4da2ac, and in every match not of a
//! tournament): a tournament match opened by an earlier build, still being played at the
//! upgrade, carries no tournament, so its end steps nothing. Migration 0014 marks the round
//! being played then (`legacy_round`), and the sweep looks at such a tournament every
//! [`CHECK_EVERY`] until that round closes, as the earlier build did; the next round's
//! matches carry it.

use std::time::{Duration, SystemTime};

use broadside::session::tournament::{CHECK_EVERY, Event, ToOpen, TournamentId};
use broadside::session::{MatchId, Paces, Seeds, Session, Timeouts};
use broadside::store::to_sql;
use serde_json::Value;

use crate::store::db::{Db, on_both_stores};
use crate::store::tournament::{CREATOR, member, new, session};

/// What migration 0014 did to the tournaments running at the upgrade.
const MIGRATION_0014: &str =
    "UPDATE tournaments SET due_ms = 0, legacy_round = round WHERE state = 'running'";

/// Runs `sql` on `db`, with `bytes` bound as `$1` where given, on a connection of its
/// own; the first column of the first row it returns, as bytes.
async fn sql(db: &Db, sql: &str, bytes: Option<Vec<u8>>) -> Option<Vec<u8>> {
    use sqlx::{Connection, Row};
    macro_rules! run {
        ($conn:ty) => {{
            let mut conn = <$conn>::connect(&db.url()).await.expect("connect");
            let mut query = sqlx::query(sql);
            if let Some(bytes) = bytes {
                query = query.bind(bytes);
            }
            let row = query.fetch_optional(&mut conn).await.expect("run");
            let first = row.and_then(|r| r.try_get::<Vec<u8>, _>(0).ok());
            conn.close().await.expect("close");
            first
        }};
    }
    if db.is_shared() {
        run!(sqlx::PgConnection)
    } else {
        run!(sqlx::SqliteConnection)
    }
}

/// The stored document of match `id`.
async fn state(db: &Db, id: MatchId) -> Value {
    let query = format!("SELECT state FROM matches WHERE id = {}", to_sql(id));
    let bytes = sql(db, &query, None).await.expect("stored");
    serde_json::from_slice(&bytes).expect("JSON")
}

/// Writes match `id`'s document back without its `tournament`, as the builds before
/// a4da2ac wrote it.
async fn as_written_before_a4da2ac(db: &Db, id: MatchId) {
    let mut doc = state(db, id).await;
    assert!(doc["tournament"].is_object(), "kept in the match: {doc}");
    doc.as_object_mut().expect("an object").remove("tournament");
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let query = format!("UPDATE matches SET state = $1 WHERE id = {}", to_sql(id));
    sql(db, &query, Some(bytes)).await;
}

/// A tournament of four in channel `channel`, started, its round 1's matches open.
async fn running(s: &Session, channel: u64) -> (TournamentId, Vec<ToOpen>) {
    let t = s
        .tournaments()
        .create_tournament(new(channel, 64))
        .await
        .unwrap();
    for p in (0..4).map(|i| member(channel * 10 + i)) {
        let joined = s.tournaments().join_tournament(t.id, p, "Member").await;
        joined.expect("joined");
    }
    let started = s
        .tournaments()
        .start_tournament(t.id, CREATOR)
        .await
        .unwrap();
    for m in &started.to_open {
        s.tournaments().open_tournament_match(m).await.unwrap();
        s.tournaments().tournament_match_opened(m).await;
    }
    assert_eq!(started.to_open.len(), 2, "two boards of four");
    // The step after the openings sets when the sweep looks at it next.
    s.tournaments()
        .advance_tournament(t.id, false)
        .await
        .unwrap();
    (t.id, started.to_open)
}

async fn a_round_opened_before_matches_kept_their_tournament_is_still_stepped(db: Db) {
    let s = session(db.open().await);
    // Two tournaments at the upgrade: one whose matches an earlier build opened, and one
    // of today's, side by side.
    let (old, old_matches) = running(&s, 41).await;
    let (new_one, _) = running(&s, 42).await;
    drop(s);
    for m in &old_matches {
        as_written_before_a4da2ac(&db, m.match_id).await;
    }
    let migration = format!("{MIGRATION_0014} AND id = {}", old.0);
    sql(&db, &migration, None).await;

    // The bot comes back: the old matches read as no tournament's.
    let (s, resumed, _) = Session::restore(
        db.open().await,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(41)),
    )
    .await
    .unwrap();
    assert_eq!(resumed.len(), 4, "every match goes on");
    let now = SystemTime::now();
    assert_eq!(
        s.tournaments().tournaments_due(now).await,
        vec![old],
        "due at once after the migration"
    );
    s.tournaments()
        .advance_tournament(old, false)
        .await
        .unwrap();
    let deadline = s
        .tournaments()
        .tournament(old)
        .await
        .unwrap()
        .round_deadline;
    let deadline = deadline.expect("a round deadline");
    let soon = now + CHECK_EVERY + Duration::from_secs(5);
    assert!(
        deadline > soon + CHECK_EVERY,
        "the round's deadline is far: {deadline:?}"
    );

    // A match of the old round ends: its end names no tournament, so nothing steps it...
    let first = s
        .matches()
        .forfeit(old_matches[0].white.0)
        .await
        .unwrap()
        .expect("an end");
    assert_eq!(first.id, old_matches[0].match_id);
    assert!(first.tournament.is_none(), "{first:?}");
    // ...but the sweep looks at that tournament within CHECK_EVERY, not at its deadline,
    // and today's tournament only at its own.
    let due = s.tournaments().tournaments_due(soon).await;
    assert_eq!(due, vec![old], "the old round's tournament is looked at");
    assert!(!due.contains(&new_one));
    let step = s
        .tournaments()
        .advance_tournament(old, false)
        .await
        .unwrap();
    assert!(step.to_open.is_empty(), "the round is not over: {step:?}");

    // The other board ends; the next look closes the round and pairs round 2, whose
    // matches carry their tournament.
    let second = s
        .matches()
        .forfeit(old_matches[1].black.0)
        .await
        .unwrap()
        .expect("an end");
    assert_eq!(second.id, old_matches[1].match_id);
    assert!(second.tournament.is_none());
    let later = soon + CHECK_EVERY + Duration::from_secs(5);
    assert_eq!(s.tournaments().tournaments_due(later).await, vec![old]);
    let step = s
        .tournaments()
        .advance_tournament(old, false)
        .await
        .unwrap();
    assert!(
        step.events
            .iter()
            .any(|e| matches!(e, Event::Paired { round: 2, .. })),
        "round 2 is paired: {:?}",
        step.events
    );
    // (Those who forfeited without a shot are out under the no-show rule.)
    assert!(!step.to_open.is_empty(), "{step:?}");
    for m in &step.to_open {
        s.tournaments().open_tournament_match(m).await.unwrap();
        s.tournaments().tournament_match_opened(m).await;
        assert_eq!(
            state(&db, m.match_id).await["tournament"]["round"],
            2,
            "round 2's matches know their tournament"
        );
    }
}

on_both_stores!(a_round_opened_before_matches_kept_their_tournament_is_still_stepped);
