//! Issue 51 item 2 through the fake Discord, as a new user would try it: five members
//! click Join one after another, each waiting only for the click to be acknowledged, and
//! the organiser runs `/tournament start` at once. Every acknowledged Join counts for the
//! start, on PostgreSQL as on SQLite: round 1 pairs all five (two boards and the bye),
//! nobody is told "already started", and each joiner is told "You are in".

use std::time::Duration;

use serde_json::json;

use crate::e2e::support;
use crate::e2e::tournament::{admin, create_options, signup_button, tournament};
use crate::pg;
use support::fake::{InteractionId, Sent, SentKind, User};
use support::table::{REPLY, Table};

/// How long the database keeps writes waiting.
const HELD: Duration = Duration::from_millis(1500);

/// Takes a write lock on the bot's database at `url` (every tournament's row on
/// PostgreSQL, the whole file on SQLite) and gives it back after [`HELD`], on a task of its
/// own; returns once the lock is held.
async fn hold_writes(url: String) -> tokio::task::JoinHandle<()> {
    use sqlx::{Connection, Executor};
    let (held, taken) = tokio::sync::oneshot::channel();
    let task = tokio::spawn(async move {
        if url.starts_with("postgres") {
            let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect");
            conn.execute("BEGIN").await.expect("begin");
            conn.execute("SELECT id FROM tournaments FOR UPDATE")
                .await
                .expect("lock the tournaments");
            let _ = held.send(());
            tokio::time::sleep(HELD).await;
            conn.execute("COMMIT").await.expect("commit");
        } else {
            let mut conn = sqlx::SqliteConnection::connect(&url)
                .await
                .expect("connect");
            conn.execute("BEGIN IMMEDIATE")
                .await
                .expect("take the write lock");
            let _ = held.send(());
            tokio::time::sleep(HELD).await;
            conn.execute("COMMIT").await.expect("commit");
        }
    });
    taken.await.expect("the lock is taken");
    task
}

/// Waits until click `id` is acknowledged (a deferred update): the member sees their click
/// taken, and goes on.
async fn acknowledged(t: &Table, id: InteractionId) {
    let ack = t
        .fake
        .first_sent(|s| s.interaction == Some(id), REPLY)
        .await;
    assert_eq!(ack.kind, SentKind::Callback(6), "{ack:?}");
}

/// What the member who clicked `id` was told privately (waits for a first word).
async fn told(t: &Table, id: InteractionId) -> Vec<Sent> {
    let said: Vec<Sent> = t
        .fake
        .wait_for(
            |rec| {
                let replies = rec.replies_to(id);
                replies
                    .iter()
                    .any(|s| s.ephemeral && s.is_message())
                    .then_some(replies)
            },
            REPLY,
        )
        .await;
    said.into_iter()
        .filter(|s| s.ephemeral && s.is_message())
        .collect()
}

/// The story on the bot started with `env` (a `DATABASE_URL`, or none for SQLite).
async fn five_joins_then_start(seed: &str, postgres: Option<&str>) {
    let env: Vec<(&str, &str)> = postgres
        .map(|url| ("DATABASE_URL", url))
        .into_iter()
        .collect();
    let t = Table::new(seed, &env).await;
    let database = postgres.map_or_else(|| t.bot.database_url(), str::to_owned);
    // Discord answers each call in about a tenth of a second.
    t.fake.set_latency(Duration::from_millis(100));
    let channel = t.channel;
    let signup = tournament(
        &t.fake,
        &t.alice,
        channel,
        &admin(),
        "create",
        create_options("Cup", 3, 8),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    let join = signup_button(&signup, "join");
    let players: Vec<User> = (0..5).map(|i| t.fake.user(&format!("j{i}"))).collect();
    // The database is slow to take writes for a moment (another client holds a write lock:
    // a backup, an admin's tool): each Join is acknowledged at once and written once the
    // lock is given back, after the start was asked for.
    let held = hold_writes(database).await;
    let mut clicks = Vec::new();
    for p in &players {
        let id = t
            .fake
            .click(p, channel, signup.message_id.unwrap_or(1), &join);
        acknowledged(&t, id).await;
        clicks.push(id);
    }
    tournament(&t.fake, &t.alice, channel, &admin(), "start", json!([])).await;
    held.await.expect("the lock is given back");

    // Round 1 is paired, not called off.
    let outcome = t
        .fake
        .first_sent(
            |s| {
                s.channel == Some(channel.id)
                    && (s.text().contains("round 1 of 3") || s.text().contains("is called off"))
            },
            REPLY,
        )
        .await;
    assert!(
        outcome.text().contains("round 1 of 3"),
        "every acknowledged Join counts for the start: {}",
        outcome.text()
    );
    for p in &players {
        assert!(
            outcome.text().contains(&format!("<@{}>", p.id)),
            "{} is paired in round 1: {}",
            p.name,
            outcome.text()
        );
    }
    // Each joiner is told they are in, and nobody that sign-up is over.
    for (p, id) in players.iter().zip(&clicks) {
        let private = told(&t, *id).await;
        assert!(
            private.iter().any(|s| s.text().contains("You are in")),
            "{}: {private:?}",
            p.name
        );
        assert!(
            !private.iter().any(|s| s.text().contains("already started")),
            "{}: {private:?}",
            p.name
        );
    }
    let called_off = t.fake.wait_for(
        |rec| Some(rec.sent.iter().any(|s| s.text().contains("is called off"))),
        REPLY,
    );
    assert!(!called_off.await, "{}", t.fake.summary());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_joins_then_a_start_pair_all_five_on_sqlite() {
    five_joins_then_start("511", None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_joins_then_a_start_pair_all_five_on_postgres() {
    let Some(db) = pg::PgDb::create("e2e_signup").await else {
        return;
    };
    five_joins_then_start("512", Some(&db.url)).await;
}
