//! Two bot processes (`SHARDS=0` and `SHARDS=1` of `SHARD_COUNT=2`) on one PostgreSQL
//! database and one fake Discord that routes as Discord does (a server's events to shard
//! `(guild_id >> 22) % 2`, DMs to shard 0): matches in servers of both shards, a placement
//! by DM handled by the process that does not hold the match's server, a deadline that
//! both processes sweep ending its match exactly once, a burst of commands on one match
//! through both processes, and one process killed (SIGKILL) and restarted mid-match.
//! Skipped (and says so) without a test server.

use crate::e2e::support;
use crate::e2e::support::says;
use crate::pg;

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use serde_json::json;
use support::fake::{Channel, FakeDiscord, SentKind, User};
use support::payloads::GUILD_ID;
use support::process::BotProcess;
use support::read::button;
use support::table::{MEMBER, REPLY, START, posted_in, slash_in};

/// The fake and the two processes; `bots[k]` runs shard `k`.
struct Pair {
    fake: FakeDiscord,
    bots: [BotProcess; 2],
    env: std::collections::BTreeMap<String, String>,
    /// A channel in a server of each shard.
    channels: [Channel; 2],
}

impl Pair {
    /// Both processes with `SHARD_COUNT=count`; the fake recommends 2.
    async fn start(db: &pg::PgDb, count: &str) -> Self {
        Self::start_with(db, count, &[]).await
    }

    /// [`Pair::start`] with `extra` variables for both processes.
    async fn start_with(db: &pg::PgDb, count: &str, extra: &[(&str, &str)]) -> Self {
        let fake = FakeDiscord::start().await;
        fake.recommend_shards(2);
        let mut env = fake.bot_env();
        env.insert("BROADSIDE_SEED".into(), "91".into());
        env.insert("SHARD_COUNT".into(), count.into());
        env.insert("DATABASE_URL".into(), db.url.clone());
        env.insert("CHALLENGE_TIMEOUT_SECS".into(), "3".into());
        for (k, v) in extra {
            env.insert((*k).into(), (*v).into());
        }
        let bots = [0, 1].map(|k| {
            let mut env = env.clone();
            env.insert("SHARDS".into(), k.to_string());
            BotProcess::spawn(&env)
        });
        fake.wait_ready(START).await;
        fake.wait_shards(2, START).await;
        // A server on each shard.
        let other = GUILD_ID + (1 << 22);
        let on = |g: u64| usize::try_from((g >> 22) % 2).unwrap();
        let mut channels = [Channel::guild(GUILD_ID), Channel::guild(GUILD_ID)];
        channels[on(GUILD_ID)] = fake.channel();
        channels[on(other)] = Channel::in_guild(other, 1_300_000_000_000_900_001);
        Self {
            fake,
            bots,
            env,
            channels,
        }
    }

    /// Challenge and Accept in `channel`.
    async fn open(&self, channel: Channel, from: &User, to: &User) {
        let challenge = slash_in(
            &self.fake,
            from,
            channel,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": to.id.to_string()}]),
        )
        .await;
        assert!(challenge.text().contains("challenges"), "{challenge:?}");
        support::table::click_in(&self.fake, to, channel, &challenge, "accept").await;
    }

    /// `/place fleet:…` by `user` in `channel` (a DM or the match's), then Ready there.
    async fn place_and_ready(&self, user: &User, channel: Channel, fleet: &str) {
        let preview = self.place(user, channel, fleet).await;
        support::table::click_in(&self.fake, user, channel, &preview, "ready").await;
    }

    async fn place(&self, user: &User, channel: Channel, fleet: &str) -> support::fake::Sent {
        let preview = support::table::place_in(&self.fake, user, channel, fleet).await;
        says(&preview, &fleet[..5]);
        preview
    }

    /// Channel messages in `channel` containing `needle`, so far.
    fn count(&self, channel: Channel, needle: &str) -> usize {
        self.fake
            .channel_messages(channel)
            .iter()
            .filter(|s| s.kind == SentKind::ChannelMessage && s.text().contains(needle))
            .count()
    }
}

/// The stored version of the live match in `channel`.
async fn version(db: &pg::PgDb, channel: Channel) -> i64 {
    let pool = sqlx::PgPool::connect(&db.url).await.expect("connect");
    let v = sqlx::query_scalar("SELECT version FROM matches WHERE live AND channel_id = $1")
        .bind(broadside::store::to_sql(channel.id))
        .fetch_one(&pool)
        .await
        .expect("the live match");
    pool.close().await;
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_the_shards_and_the_matches() {
    let Some(db) = pg::PgDb::create("e2e_multi").await else {
        return;
    };
    let mut p = Pair::start(&db, "2").await;
    // Each process identifies its own shard, and no other.
    let mut shards = p.fake.identified_shards();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);
    // The line is written before the shard identifies, but read from the process's stderr
    // by a thread of this test, which may lag behind under load: wait for it a little.
    for (k, bot) in p.bots.iter().enumerate() {
        let line = format!("first={k} last={k} total=2");
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !bot.stderr().contains(&line) && std::time::Instant::now() < until {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let log = bot.stderr();
        assert!(log.contains(&line), "{log}");
    }
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| p.fake.user(n));
    let [here, there] = p.channels;

    // A match in the server of shard 1; Alice places by DM, which Discord sends to shard 0:
    // the other process places her fleet, and Ready there starts nothing until Bob is ready.
    p.open(there, &alice, &bob).await;
    let alice_dm = p.fake.dm(&alice);
    p.place_and_ready(&alice, alice_dm, CLASSIC_A).await;
    p.place_and_ready(&bob, there, CLASSIC_B).await;
    let start = posted_in(&p.fake, there, "fires first").await;
    let first = support::read::first_mention(start.text());
    let (shooter, target) = if first == alice.id {
        (&alice, "J1")
    } else {
        (&bob, "A1")
    };
    let shot = slash_in(
        &p.fake,
        shooter,
        there,
        "fire",
        json!([{"name": "targets", "type": 3, "value": target}]),
    )
    .await;
    assert!(!shot.ephemeral && shot.text().contains(target), "{shot:?}");

    // A challenge in the server of shard 0 nobody answers: both processes sweep it, and its
    // end is announced exactly once.
    let challenge = slash_in(
        &p.fake,
        &carol,
        here,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": dave.id.to_string()}]),
    )
    .await;
    assert!(challenge.text().contains("challenges"), "{challenge:?}");
    posted_in(&p.fake, here, "expired unanswered").await;
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    assert_eq!(p.count(here, "expired unanswered"), 1);

    burst(&p, &db, &carol, &dave).await;

    // The process of shard 1 is killed mid-battle and started again; the match goes on
    // where it was, and nothing says it was interrupted (the other process never stopped).
    p.bots[1].signal("KILL");
    p.bots[1].wait_exit(START).await;
    p.fake.wait_shards(1, START).await;
    let mut env = p.env.clone();
    env.insert("SHARDS".into(), "1".into());
    p.bots[1] = p.bots[1].restart_in_same_dir(&env);
    p.fake.wait_shards(2, START).await;
    let next = if first == alice.id { "J2" } else { "A2" };
    let fired = async {
        loop {
            let id = p
                .fake
                .interaction(shooter, there)
                .permissions(MEMBER)
                .slash(
                    "fire",
                    json!([{"name": "targets", "type": 3, "value": next}]),
                );
            if let Ok(answer) = tokio::time::timeout(REPLY, p.fake.wait_reply(id, REPLY)).await {
                break answer;
            }
        }
    };
    let answer = tokio::time::timeout(support::fake::loaded(START), fired)
        .await
        .expect("the restarted process answers");
    assert!(
        !answer.ephemeral && answer.text().contains(next),
        "{answer:?}"
    );
    assert_eq!(p.count(there, "I am back after a restart"), 0);
}

/// A second channel in the server of shard 1.
fn there_too(p: &Pair) -> Channel {
    Channel::in_guild(
        p.channels[1].guild_id.unwrap_or(GUILD_ID),
        1_300_000_000_000_900_002,
    )
}

/// A burst on one match through both processes: Carol and Dave place their fleets again
/// and again, by DM (shard 0) and in the channel of shard 1, all at once. Every command is
/// answered with a preview, and each is counted once.
async fn burst(p: &Pair, db: &pg::PgDb, carol: &User, dave: &User) {
    p.open(there_too(p), carol, dave).await;
    let before = version(db, there_too(p)).await;
    let mut ids = Vec::new();
    for round in 0..6 {
        for (user, fleet) in [(carol, CLASSIC_A), (dave, CLASSIC_B)] {
            let channel = if round % 2 == 0 {
                p.fake.dm(user)
            } else {
                there_too(p)
            };
            let id = p.fake.interaction(user, channel).permissions(MEMBER).slash(
                "place",
                json!([{"name": "fleet", "type": 3, "value": fleet}]),
            );
            ids.push((id, fleet));
        }
    }
    for (id, fleet) in ids {
        let preview = p.fake.wait_reply(id, REPLY).await;
        assert!(
            preview.ephemeral && preview.text().contains(&fleet[..5]),
            "{preview:?}"
        );
    }
    assert_eq!(version(db, there_too(p)).await, before + 12);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_auto_each_process_takes_its_part_of_the_recommended_count() {
    let Some(db) = pg::PgDb::create("e2e_multi_auto").await else {
        return;
    };
    let p = Pair::start(&db, "auto").await;
    let mut shards = p.fake.identified_shards();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);
    let help = slash_in(
        &p.fake,
        &p.fake.user("erin"),
        p.channels[1],
        "help",
        json!([]),
    )
    .await;
    assert!(help.ephemeral, "{help:?}");
    // A range past the recommended count stops a third process, saying why.
    let mut env = p.env.clone();
    env.insert("SHARDS".into(), "2".into());
    let mut third = BotProcess::spawn(&env);
    let status = third.wait_exit(START).await;
    assert!(!status.success());
    assert!(
        third.stderr().contains("SHARDS goes past"),
        "{}",
        third.stderr()
    );
}

/// Both processes sweep the same daily match: each reminder reaches the player to move
/// once, not once per process (`PACE_SCALE=2880`: a 30 s turn, reminders after 15 s and
/// 28.75 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_send_each_daily_reminder_once() {
    let Some(db) = pg::PgDb::create("e2e_multi_remind").await else {
        return;
    };
    let p = Pair::start_with(&db, "2", &[("PACE_SCALE", "2880")]).await;
    let [alice, bob] = ["alice", "bob"].map(|n| p.fake.user(n));
    let here = p.channels[0];
    let challenge = slash_in(
        &p.fake,
        &alice,
        here,
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": bob.id.to_string()},
            {"name": "pace", "type": 4, "value": 2},
        ]),
    )
    .await;
    let click = p.fake.click(
        &bob,
        here,
        challenge.message_id.unwrap_or(1),
        &button(&challenge, "accept"),
    );
    p.fake.wait_reply(click, REPLY).await;
    p.place_and_ready(&alice, here, CLASSIC_A).await;
    p.place_and_ready(&bob, here, CLASSIC_B).await;
    let start = posted_in(&p.fake, here, "fires first").await;
    let first = support::read::first_mention(start.text());
    let to_move = if first == alice.id { &alice } else { &bob };
    let reminders = |user: &User| {
        p.fake
            .dms_to(user)
            .into_iter()
            .filter(|s| s.text().contains("⏰"))
            .map(|s| s.text().to_owned())
            .collect::<Vec<_>>()
    };
    // Until the turn runs out (and a little after): polled outside the fake's lock.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(40);
    while p.count(here, "let the turn run out") == 0 {
        assert!(std::time::Instant::now() < until, "{}", p.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    let sent = reminders(to_move);
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert!(sent[0].contains("Half of your turn"), "{}", sent[0]);
    assert!(sent[1].contains("within the hour"), "{}", sent[1]);
    let other = if first == alice.id { &bob } else { &alice };
    assert!(reminders(other).is_empty());
    assert_eq!(p.count(here, "let the turn run out"), 1, "ended once");
}

/// Issue 33: a tournament in a server of shard 0 while both processes sweep every
/// tournament on one PostgreSQL database: round 1 is paired once (one post of its boards)
/// and each of its two matches is opened once (one thread each, one greeting there that
/// pings both players), however many sweeps of both processes pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_pair_a_round_once_and_open_each_match_once() {
    use crate::e2e::tournament::{admin, click, create_options, tournament};
    let Some(db) = pg::PgDb::create("multi_tournament").await else {
        return;
    };
    let p = Pair::start(&db, "2").await;
    let channel = p.channels[0];
    let creator = p.fake.user("Admiral");
    let signup = tournament(
        &p.fake,
        &creator,
        channel,
        &admin(),
        "create",
        create_options("Twin Cup", 1, 4),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    let players: Vec<User> = (1..=4).map(|i| p.fake.user(&format!("q{i}"))).collect();
    for player in &players {
        click(&p.fake, player, channel, &signup, "join").await;
    }
    tournament(&p.fake, &creator, channel, &admin(), "start", json!([])).await;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while p.fake.threads_by_bot().len() < 2 {
        assert!(std::time::Instant::now() < until, "{}", p.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // Many sweeps of both processes later.
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let threads = p.fake.threads_by_bot();
    assert_eq!(threads.len(), 2, "each match opened once: {threads:?}");
    let sent = p.fake.recording().sent.clone();
    let posts = |in_channel: u64, needle: &str| {
        sent.iter()
            .filter(|s| {
                s.kind == SentKind::ChannelMessage
                    && s.channel == Some(in_channel)
                    && s.text().contains(needle)
            })
            .count()
    };
    assert_eq!(posts(channel.id, "round 1 of 1"), 1, "paired once");
    let mut seated = Vec::new();
    for th in &threads {
        let greetings: Vec<&support::fake::Sent> = sent
            .iter()
            .filter(|s| {
                s.kind == SentKind::ThreadMessage(channel.id)
                    && s.channel == Some(th.id)
                    && s.text().contains("fires first against")
            })
            .collect();
        assert_eq!(greetings.len(), 1, "greeted once in {}", th.name);
        let pinged: Vec<String> = greetings[0].body["allowed_mentions"]["users"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(
            pinged.len(),
            2,
            "both players pinged: {}",
            greetings[0].body
        );
        seated.extend(pinged);
    }
    seated.sort_unstable();
    seated.dedup();
    assert_eq!(seated.len(), 4, "every entrant plays one match");
}
