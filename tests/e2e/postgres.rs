//! The bot on PostgreSQL (`DATABASE_URL=postgres://…`), through the fake Discord: a match
//! survives the bot being killed mid-battle and its end feeds the ratings (several bots on
//! one database: `tests/e2e/multi.rs`). Skipped (and says so) without a test server.

use crate::e2e::support;
use crate::e2e::support::says;
use crate::pg;

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use serde_json::json;
use support::table::{START, Table};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_on_postgres_survives_a_crash_and_is_rated() {
    let Some(db) = pg::PgDb::create("e2e_crash").await else {
        return;
    };
    let mut t = Table::new("71", &[("DATABASE_URL", db.url.as_str())]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    let (hits, miss) = if first == t.alice.id {
        (["J1", "J2"], "B5")
    } else {
        (["A1", "A2"], "J5")
    };
    t.fire(t.user(first), hits[0]).await;

    // Kill the bot mid-battle; the restarted one goes on from the database.
    t.bot.signal("KILL");
    t.bot.wait_exit(START).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;
    let answer = t.fire(t.user(first), hits[1]).await;
    assert!(
        answer.text().contains("J2") || answer.text().contains("A2"),
        "{answer:?}"
    );
    t.fire(t.user(first), miss).await;
    t.slash(t.other(first), "forfeit", json!([])).await;
    t.posted(t.channel, "forfeits").await;

    // The end was rated: the winner's card says 1662.
    let card = t.slash(t.user(first), "stats", json!([])).await;
    let card = if card.attachments.is_empty() {
        t.fake
            .wait_picture_reply(card.interaction, support::table::REPLY)
            .await
    } else {
        card
    };
    let alt = card.body["data"]["attachments"][0]["description"]
        .as_str()
        .or_else(|| card.body["attachments"][0]["description"].as_str())
        .unwrap_or_default()
        .to_owned();
    assert!(alt.contains("1662"), "{alt}");
}

#[tokio::test]
async fn tls_is_used_when_the_url_asks_for_it() {
    let Some(db) = pg::PgDb::create("tls").await else {
        return;
    };
    // Only where the server offers TLS (the official Docker image does not, by default).
    let plain = broadside::store::PgStore::open(&db.url)
        .await
        .expect("open");
    let offered: String = sqlx::query_scalar("SHOW ssl")
        .fetch_one(plain.pool())
        .await
        .expect("SHOW ssl");
    drop(plain);
    if offered != "on" {
        eprintln!("skipped: the PostgreSQL test server does not offer TLS");
        return;
    }
    let joint = if db.url.contains('?') { '&' } else { '?' };
    let store = broadside::store::PgStore::open(&format!("{}{joint}sslmode=require", db.url))
        .await
        .expect("a TLS connection to the test server");
    let ssl: bool = sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(store.pool())
        .await
        .expect("asked");
    assert!(ssl, "the connection is encrypted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_goes_away_gets_a_private_apology_not_a_crash() {
    use sqlx::{Connection, Executor};
    let Some(db) = pg::PgDb::create("e2e_gone").await else {
        return;
    };
    let t = Table::new("72", &[("DATABASE_URL", db.url.as_str())]).await;
    // The bot is fully up (its matches restored): a command is answered.
    let first = t.slash(&t.alice, "history", json!([])).await;
    assert!(first.text().contains("no finished matches"), "{first:?}");
    // The database disappears under the running bot.
    let admin = std::env::var(pg::VAR).expect("set, or the test was skipped");
    let name = db.url.rsplit('/').next().unwrap_or_default().to_owned();
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("admin");
    conn.execute(format!("DROP DATABASE \"{name}\" WITH (FORCE)").as_str())
        .await
        .expect("drop");
    // Reading statistics fails: the member is told privately, and nothing else breaks.
    let stats = t.slash(&t.alice, "stats", json!([])).await;
    let stats = if stats.kind == support::SentKind::Callback(5) {
        t.fake
            .wait_reply(stats.interaction.unwrap(), support::table::REPLY)
            .await
    } else {
        stats
    };
    assert!(stats.ephemeral, "{stats:?}");
    says(&stats, "could not read");
    let history = t.slash(&t.alice, "history", json!([])).await;
    assert!(
        history.ephemeral && history.text().contains("could not read"),
        "{history:?}"
    );
    // Reading a match fails too: said as such, not as "no match".
    for command in ["status", "board"] {
        let answer = t.slash(&t.alice, command, json!([])).await;
        assert!(
            answer.ephemeral && answer.text().contains("could not read"),
            "/{command}: {answer:?}"
        );
    }
    let help = t.slash(&t.alice, "help", json!([])).await;
    assert!(help.ephemeral && help.text().contains("/help"), "{help:?}");
    let mut t = t;
    assert!(t.bot.is_running());
    // The next test database is made afresh; this one is gone already.
    conn.execute(format!("CREATE DATABASE \"{name}\"").as_str())
        .await
        .expect("recreate for the cleanup");
}
