//! Issue 53 item 3 (finding 10 of review s5) through a fake Discord that sends
//! `GUILD_CREATE` after READY and the server events after it: `/matches` and its page
//! buttons read the server, its roles and its channels from the gateway's cache where the
//! cache holds them, and from Discord (REST) only on a miss: a server in an outage.

use serde_json::{Value, json};

use crate::e2e::support;
use support::payloads::GUILD_ID;
use support::table::{REPLY, START, slash_in};
use support::{BotProcess, Channel, FakeDiscord, Sent, Target, User};

/// The `<#…>` channel links in `text`.
fn links(text: &str) -> Vec<u64> {
    let mut found: Vec<u64> = text
        .split("<#")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The REST reads of servers, roles, members and channels made from request `from` on
/// (`GET path`).
fn place_reads(fake: &FakeDiscord, from: usize) -> Vec<String> {
    fake.recording().requests[from..]
        .iter()
        .filter(|r| {
            r.method == "GET" && (r.path.starts_with("guilds/") || r.path.starts_with("channels/"))
        })
        .map(|r| format!("GET {}", r.path))
        .collect()
}

/// How many REST requests the fake has seen.
fn requests(fake: &FakeDiscord) -> usize {
    fake.recording().requests.len()
}

/// A challenge in each of `channels` (a channel holds one match), each between two fresh
/// members.
async fn challenges(fake: &FakeDiscord, channels: &[Channel]) {
    for (i, channel) in channels.iter().enumerate() {
        let [a, b] = ["a", "b"].map(|side| fake.user(&format!("m{i}{side}")));
        let made = slash_in(
            fake,
            &a,
            *channel,
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": b.id.to_string()}]),
        )
        .await;
        assert!(!made.ephemeral, "{made:?}");
    }
}

/// The custom id of the button labelled `label` on `sent`.
fn page_button(sent: &Sent, label: &str) -> String {
    sent.components
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"].as_str().is_some_and(|l| l.contains(label)))
        .and_then(|b| b["custom_id"].as_str().map(str::to_owned))
        .unwrap_or_else(|| panic!("no {label} button on {sent:?}"))
}

/// `/matches` by `user` in `channel`: the answer.
async fn matches(fake: &FakeDiscord, user: &User, channel: Channel) -> Sent {
    slash_in(fake, user, channel, "matches", Value::Array(vec![])).await
}

/// A click on `label` of the `/matches` answer `on`, in `channel`: the changed page.
async fn turn_page(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    on: &Sent,
    label: &str,
) -> Sent {
    let id = fake.click(
        user,
        channel,
        on.message_id.expect("the answer is a message"),
        &page_button(on, label),
    );
    fake.first_reply(id, |s| s.is_message() && s.text().contains("Page"), REPLY)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_reads_a_cached_server_from_the_cache_and_an_uncached_one_from_discord() {
    let fake = FakeDiscord::start().await;
    fake.send_guild_create(true);
    // A second server of the bot's, in an outage when it connects: never in its cache.
    let down = fake.server();
    fake.guild_outage(down, true);
    let mut env = fake.bot_env();
    env.insert("BROADSIDE_SEED".into(), "5331".into());
    let _bot = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    let events = fake.guild_events();
    let down_id = down.to_string();
    assert_eq!(events[0].0, "GUILD_CREATE", "{events:?}");
    assert_eq!(events[0].1["id"], GUILD_ID.to_string());
    assert!(
        events
            .iter()
            .any(|(name, d)| name == "GUILD_DELETE" && d["id"].as_str() == Some(down_id.as_str())),
        "{events:?}"
    );

    // After READY: ten public channels, a role and a staff-only channel, each told to the
    // bot by a server event (CHANNEL_CREATE, GUILD_ROLE_CREATE, CHANNEL_UPDATE).
    let open: Vec<Channel> = (0..10).map(|_| fake.channel()).collect();
    let staff = fake.role(GUILD_ID, "staff", 0);
    let staff_room = fake.channel();
    fake.make_private(staff_room, &[Target::Role(staff.id)]);
    let carol = fake.user("carol");
    fake.give_role(GUILD_ID, &carol, &staff);
    let dave = fake.user("dave");
    assert!(fake.can_view(&carol, staff_room) && !fake.can_view(&dave, staff_room));
    challenges(&fake, &open).await;
    challenges(&fake, &[staff_room]).await;
    let mut public: Vec<u64> = open.iter().map(|c| c.id).collect();
    public.sort_unstable();

    // Cached: the listing follows the roles and overwrites, and nothing is read from
    // Discord about the server, its roles, the member or a channel.
    let from = requests(&fake);
    let listed = matches(&fake, &carol, open[0]).await;
    assert!(listed.ephemeral, "{listed:?}");
    support::says(&listed, "(11)");
    support::says(&listed, "Page 1 of 2");
    let reads = place_reads(&fake, from);
    assert!(reads.is_empty(), "cached, yet read from Discord: {reads:?}");
    let first = links(listed.text());
    // The page buttons read the cache too.
    let from = requests(&fake);
    let second = turn_page(&fake, &carol, open[0], &listed, "Next").await;
    support::says(&second, "Page 2 of 2");
    let reads = place_reads(&fake, from);
    assert!(reads.is_empty(), "cached, yet read from Discord: {reads:?}");
    let mut seen: Vec<u64> = first.into_iter().chain(links(second.text())).collect();
    seen.sort_unstable();
    seen.dedup();
    let mut all = public.clone();
    all.push(staff_room.id);
    all.sort_unstable();
    assert_eq!(
        seen, all,
        "carol sees the staff room through her cached role"
    );
    let from = requests(&fake);
    let plain = matches(&fake, &dave, open[0]).await;
    support::says(&plain, "(10)");
    assert_eq!(links(plain.text()), public, "{}", plain.text());
    let reads = place_reads(&fake, from);
    assert!(reads.is_empty(), "cached, yet read from Discord: {reads:?}");

    // A miss: the server in an outage is read from Discord (the server with its roles,
    // and the channel), for the command and for its page buttons.
    let far: Vec<Channel> = (0..11).map(|_| fake.channel_in(down)).collect();
    challenges(&fake, &far).await;
    let erin = fake.user("erin");
    let from = requests(&fake);
    let listed = matches(&fake, &erin, far[0]).await;
    support::says(&listed, "(11)");
    let reads = place_reads(&fake, from);
    assert!(
        reads.contains(&format!("GET guilds/{down}")),
        "a miss reads the server: {reads:?}"
    );
    for channel in links(listed.text()) {
        assert!(
            reads.contains(&format!("GET channels/{channel}")),
            "a miss reads the channel: {reads:?}"
        );
    }
    let from = requests(&fake);
    let second = turn_page(&fake, &erin, far[0], &listed, "Next").await;
    support::says(&second, "Page 2 of 2");
    let reads = place_reads(&fake, from);
    assert!(
        reads.contains(&format!("GET guilds/{down}")),
        "a miss reads the server: {reads:?}"
    );
    // Nothing the fake does not know was asked for.
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}
