//! Issue 51 item 5 through the fake Discord: a tournament match's thread that Discord made
//! although its answer was lost is found (List Active Guild Threads) and used as a pointer
//! to where the match is played, then archived, never deleted.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::e2e::support;
use crate::e2e::tournament::{admin, click, create_options, tournament};
use support::fake::{Sent, SentKind, User};
use support::payloads::GUILD_ID;
use support::table::{REPLY, Table};

/// Polls `check` (outside the fake's lock) until it gives something, for up to `within`
/// (with the slack a loaded machine needs).
async fn eventually<T>(within: Duration, mut check: impl FnMut() -> Option<T>) -> T {
    let within = support::fake::loaded(within);
    let until = Instant::now() + within;
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(Instant::now() < until, "not within {within:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A table whose matches wait an hour for placements and turns (seed `seed`), on SQLite
/// or on the PostgreSQL database `url`.
pub(crate) async fn hour_table(seed: &str, url: Option<&str>) -> Table {
    let mut env = vec![
        ("PLACEMENT_TIMEOUT_SECS", "3600"),
        ("TURN_TIMEOUT_SECS", "3600"),
    ];
    if let Some(url) = url {
        env.push(("DATABASE_URL", url));
    }
    Table::new(seed, &env).await
}

/// Alice (who may manage the server) creates tournament `name` of `rounds` rounds for at
/// most `max` players in the table's channel: its public sign-up message.
pub(crate) async fn open_signup(t: &Table, name: &str, rounds: u64, max: u64) -> Sent {
    let signup = tournament(
        &t.fake,
        &t.alice,
        t.channel,
        &admin(),
        "create",
        create_options(name, rounds, max),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    signup
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_thread_whose_answer_was_lost_is_found_and_points_to_the_match_on_sqlite() {
    a_tournament_thread_whose_answer_was_lost_is_found_and_points_to_the_match(
        &hour_table("5105", None).await,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_thread_whose_answer_was_lost_is_found_and_points_to_the_match_on_postgres() {
    let Some(db) = crate::pg::PgDb::create("e2e_late_thread").await else {
        return;
    };
    a_tournament_thread_whose_answer_was_lost_is_found_and_points_to_the_match(
        &hour_table("5105", Some(db.url.as_str())).await,
    )
    .await;
}

async fn a_tournament_thread_whose_answer_was_lost_is_found_and_points_to_the_match(t: &Table) {
    let (alice, channel) = (t.alice.clone(), t.channel);
    let signup = open_signup(t, "Late Cup", 3, 4).await;
    let players: Vec<User> = (0..4).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    // Discord makes the first board's thread, but its answer is lost (a server error).
    t.fake
        .lose_answers(&format!("channels/{}/threads", channel.id), 500, 1);
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;

    // Both threads exist; the one whose answer was lost is found among the server's
    // active threads, says where its match is played, and is archived.
    let orphan = eventually(Duration::from_secs(30), || {
        t.fake
            .threads_by_bot()
            .into_iter()
            .find(|th| th.parent == channel.id && th.archived)
    })
    .await;
    assert!(orphan.name.contains("R1"), "{}", orphan.name);
    let listed = t
        .fake
        .recording()
        .requests
        .iter()
        .filter(|r| r.method == "GET" && r.path == format!("guilds/{GUILD_ID}/threads/active"))
        .map(|r| r.status)
        .collect::<Vec<_>>();
    assert!(
        listed.contains(&200),
        "the bot asked for the active threads: {listed:?}"
    );
    let said: Vec<String> = t
        .fake
        .thread_messages(orphan.channel())
        .iter()
        .map(|s| s.text().to_owned())
        .collect();
    assert_eq!(said.len(), 1, "only the pointer: {said:?}");
    assert!(said[0].contains("not used"), "{said:?}");
    assert!(said[0].contains(&format!("<#{}>", channel.id)), "{said:?}");
    // Its match is played in the tournament's channel, whose greeting pings both players
    // and says why.
    let greeting = t
        .fake
        .first_sent(
            |s| {
                s.kind == SentKind::ChannelMessage
                    && s.channel == Some(channel.id)
                    && s.text().contains("fires first against")
            },
            REPLY,
        )
        .await;
    support::says(&greeting, "could not open a thread");
    let pinged: Vec<String> = greeting.body["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_owned))
        .collect();
    assert_eq!(pinged.len(), 2, "{}", greeting.body);
    for id in &pinged {
        assert!(
            said[0].contains(&format!("<@{id}>")),
            "the pointer names {id}: {said:?}"
        );
    }
    // The other board plays in its own thread, still open; nothing was deleted.
    // (The boards open one after the other: it may come after the orphan was found.)
    let used = eventually(Duration::from_secs(30), || {
        t.fake
            .threads_by_bot()
            .into_iter()
            .find(|th| th.parent == channel.id && !th.archived)
    })
    .await;
    t.fake
        .wait_sent(
            |s| s.channel == Some(used.id) && s.text().contains("fires first against"),
            REPLY,
        )
        .await;
    let threads = t.fake.threads_by_bot();
    assert_eq!(threads.len(), 2, "one thread a board: {threads:?}");
    let deletes = t
        .fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.kind == SentKind::DeleteChannel)
        .count();
    assert_eq!(deletes, 0);
    assert!(
        t.fake.unexpected_requests().is_empty(),
        "{:?}",
        t.fake.unexpected_requests()
    );
}
