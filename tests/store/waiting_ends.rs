//! Ends outside servers that nobody comes back to see (issue 53, finding 4): with 10 000 of
//! them waiting, a start reads none of them, an interaction in one channel reads only that
//! channel's, along an index, and so does the sweep that drops them after 14 days (the
//! matches stay in history). Asserted by what each query returns and by the plan each
//! database gives for it, on SQLite and on PostgreSQL.

use std::time::{Duration, SystemTime};

use broadside::ids::{ChannelKey, GuildId, MatchId};
use broadside::store::roles::outbox::{UNANNOUNCED, WAITING_BEFORE, WAITING_IN_CHANNEL};
use broadside::store::{MatchRecord, Opened, Timestamp};

use crate::store::db::{Db, on_both_stores};
use crate::store::fixtures;

/// How many ends outside servers wait.
const WAITING: u64 = 10_000;
/// The channel of the first of them; the `i`-th waits in `FIRST_CHANNEL + i`.
const FIRST_CHANNEL: u64 = 900_000;
/// The channel that also holds an end older than 14 days.
const OLD_CHANNEL: u64 = FIRST_CHANNEL + 7;
/// Ids: the waiting ends from 1, then these.
const OLD_END: u64 = WAITING + 1;
const SERVER_END: u64 = WAITING + 2;

/// The finished, never announced match `id` in `channel` of `guild` (`None`: outside
/// servers), ended at `at`; unrated (nothing to settle).
fn end(id: u64, channel: u64, guild: Option<GuildId>, at: SystemTime) -> MatchRecord {
    let at = Timestamp::of(at);
    MatchRecord {
        channel: ChannelKey(channel),
        played: None,
        ..fixtures::finished_record(
            id,
            [2 * id, 2 * id + 1],
            guild,
            fixtures::sunk(2 * id, 2 * id + 1),
            at.0,
        )
    }
}

/// How the database would run `sql` (binding `binds`, all integers): SQLite's `EXPLAIN
/// QUERY PLAN` details or PostgreSQL's `EXPLAIN` lines, one string. PostgreSQL is told to
/// use an index where it can (its planner takes a table scan for a small table), so the
/// plan shows whether one serves the query.
pub(crate) async fn plan(db: &Db, sql: &str, binds: &[i64]) -> String {
    if db.is_shared() {
        use sqlx::Connection as _;
        let mut conn = sqlx::PgConnection::connect(&db.url())
            .await
            .expect("connect");
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut conn)
            .await
            .expect("set");
        let sql = format!("EXPLAIN {sql}");
        let mut q = sqlx::query_scalar::<_, String>(&sql);
        for b in binds {
            q = q.bind(*b);
        }
        q.fetch_all(&mut conn).await.expect("explain").join("\n")
    } else {
        use sqlx::{Connection as _, Row as _};
        let mut conn = sqlx::SqliteConnection::connect(&db.url())
            .await
            .expect("connect");
        let sql = format!("EXPLAIN QUERY PLAN {sql}");
        let mut q = sqlx::query(&sql);
        for b in binds {
            q = q.bind(*b);
        }
        let rows = q.fetch_all(&mut conn).await.expect("explain");
        rows.iter()
            .map(|r| r.get::<String, _>("detail"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Asserts that `plan` reads `matches` only along `index`, never the whole table.
#[track_caller]
fn along(plan: &str, index: &str) {
    assert!(plan.contains(index), "not along {index}:\n{plan}");
    // SQLite says "SCAN matches" for a walk of the table, "SCAN matches USING INDEX …"
    // for a walk of a (partial) index only.
    let table_scan = plan
        .lines()
        .any(|l| l.trim() == "SCAN matches" || l.contains("Seq Scan on matches"));
    assert!(!table_scan, "a scan of every match:\n{plan}");
}

#[expect(
    clippy::too_many_lines,
    reason = "one scenario: the ends written, then each read in turn"
)]
async fn ten_thousand_waiting_ends_are_never_read_all_at_once(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let now = SystemTime::now();
    let hour_ago = now - Duration::from_secs(3600);
    let records: Vec<MatchRecord> = (1..=WAITING)
        .map(|i| end(i, FIRST_CHANNEL + i - 1, None, hour_ago))
        .collect();
    for chunk in records.chunks(1000) {
        store.live().save_all(chunk).await.expect("saved");
    }
    // Beside them: one end in a channel they wait in, older than 14 days, and one end in a
    // server never announced (a crash came between its write and its post).
    let fortnight_ago = now - Duration::from_secs(15 * 24 * 3600);
    let old = end(OLD_END, OLD_CHANNEL, None, fortnight_ago);
    let server = end(SERVER_END, 1, Some(GuildId(5)), hour_ago);
    store.live().save_all(&[old, server]).await.expect("saved");
    let analyzed = if db.is_shared() {
        "ANALYZE matches"
    } else {
        "ANALYZE"
    };
    match &opened {
        Opened::Shared(_) => {
            let pool = sqlx::PgPool::connect(&db.url()).await.expect("connect");
            sqlx::query(analyzed).execute(&pool).await.expect("analyze");
        }
        Opened::Local(_) => {
            let pool = sqlx::SqlitePool::connect(&db.url()).await.expect("connect");
            sqlx::query(analyzed).execute(&pool).await.expect("analyze");
        }
    }

    // A start (SQLite) loads the ends to announce: the one in a server, none of the others.
    let unannounced = store.outbox().unannounced().await.expect("read");
    assert_eq!(unannounced.len(), 1, "only the end in a server");
    along(
        &plan(&db, UNANNOUNCED, &[]).await,
        "matches_unannounced_servers",
    );

    // An interaction in a channel reads that channel's waiting ends, the old one left out.
    let since = Timestamp::of(now - broadside::session::WAITING_KEPT);
    let there = store
        .outbox()
        .waiting_ends_in(ChannelKey(OLD_CHANNEL), since)
        .await
        .expect("read");
    assert_eq!(
        there.len(),
        1,
        "the end of an hour ago; not the one of 15 days ago"
    );
    let elsewhere = store
        .outbox()
        .waiting_ends_in(ChannelKey(1), since)
        .await
        .expect("read");
    assert!(elsewhere.is_empty(), "the end in a server does not wait");
    let channel = i64::try_from(OLD_CHANNEL).unwrap();
    along(
        &plan(&db, WAITING_IN_CHANNEL, &[channel, since.0]).await,
        "matches_waiting_channel",
    );

    // The sweep drops the old one from the waiting set, reading along the ends' age; the
    // match stays in history. The next sweep finds nothing.
    along(
        &plan(&db, WAITING_BEFORE, &[since.0, 500]).await,
        "matches_waiting_age",
    );
    let mut dropped = Vec::new();
    for _ in 0..2 {
        dropped.push(
            store
                .outbox()
                .drop_waiting(since, 500)
                .await
                .expect("dropped"),
        );
    }
    assert_eq!(dropped, [1, 0]);
    assert!(
        store
            .outbox()
            .is_announced(MatchId(OLD_END))
            .await
            .expect("read")
    );
    let kept = store.finished().get(MatchId(OLD_END)).await.expect("read");
    assert!(kept.is_some_and(|m| !m.live), "still in history");
    // The others still wait, each in its channel.
    for i in [1, WAITING / 2, WAITING] {
        let waiting = store
            .outbox()
            .waiting_ends_in(ChannelKey(FIRST_CHANNEL + i - 1), since)
            .await
            .expect("read");
        assert_eq!(waiting.len(), 1, "end {i}");
    }
    assert!(!store.outbox().is_announced(MatchId(1)).await.expect("read"));

    // PostgreSQL's sweep of ends in servers takes the one in a server, along its index.
    if let Opened::Shared(shared) = &opened {
        along(
            &plan(
                &db,
                broadside::store::postgres::TAKE_UNANNOUNCED,
                &[since.0, 100],
            )
            .await,
            "matches_unannounced_servers",
        );
        let taken = shared
            .take_unannounced(Timestamp::of(now), 100)
            .await
            .expect("taken");
        assert_eq!(taken.len(), 1, "only the end in a server");
    }
}

on_both_stores!(ten_thousand_waiting_ends_are_never_read_all_at_once);
