//! Checks of the fake's servers as the gateway tells them (`GUILD_CREATE` after READY and
//! the server events after it) and of List Active Guild Threads, read back with serenity's
//! own types and HTTP client, with no bot.

use serde_json::Value;
use serenity::all::{
    ChannelId, ChannelType, CreateThread, EditThread, Event, GatewayEvent, GuildCreateEvent,
    GuildId, PermissionOverwriteType, RoleId,
};

use super::fake_more::{failure, offline};
use crate::e2e::support;
use support::payloads::{BOT_USER_ID, GUILD_ID, perm};
use support::{FakeDiscord, Target};

/// A thread the bot starts in `channel` without a message: public, or private (no
/// `type`: Discord's default).
async fn start_thread(
    http: &serenity::all::Http,
    channel: u64,
    name: &str,
    public: bool,
) -> serenity::all::GuildChannel {
    let mut request = CreateThread::new(name);
    if public {
        request = request.kind(ChannelType::PublicThread);
    }
    ChannelId::new(channel)
        .create_thread(http, request)
        .await
        .unwrap()
}

/// Archives thread `id` as the bot (which made it).
async fn archive(http: &serenity::all::Http, id: ChannelId) {
    id.edit_thread(http, EditThread::new().archived(true))
        .await
        .unwrap();
}

/// `data` read as serenity reads a dispatch frame named `name`.
fn as_serenity_reads(name: &str, data: &Value) -> Event {
    let frame = serde_json::json!({"op": 0, "s": 2, "t": name, "d": data});
    match serde_json::from_value::<GatewayEvent>(frame).expect("a gateway frame") {
        GatewayEvent::Dispatch(_, event) => event,
        other => panic!("not a dispatch: {other:?}"),
    }
}

/// `GUILD_CREATE` (gateway-events, Guild Create Extra Fields) holds the server's roles, its
/// channels with their overwrites, its active threads apart from the channels, and, for a
/// bot with only the `GUILDS` intent, the bot as the one member.
#[tokio::test]
async fn guild_create_carries_roles_channels_active_threads_and_the_bot_member() {
    let (fake, http) = offline().await;
    let open = fake.channel();
    let staff = fake.role(GUILD_ID, "staff", perm::MANAGE_GUILD);
    let room = fake.channel();
    fake.make_private(room, &[Target::Role(staff.id)]);
    let live = start_thread(&http, open.id, "live", true).await;
    let done = start_thread(&http, open.id, "done", true).await;
    archive(&http, done.id).await;
    let users = ["a", "b", "c"].map(|n| fake.user(n));

    let data = fake.guild_create_payload(GUILD_ID);
    let Event::GuildCreate(GuildCreateEvent { guild, .. }) =
        as_serenity_reads("GUILD_CREATE", &data)
    else {
        panic!("serenity does not read the fake's GUILD_CREATE: {data}");
    };
    assert_eq!(guild.id.get(), GUILD_ID);
    assert!(!guild.unavailable);
    // Roles: @everyone (the server's id) and staff, with their bits.
    assert_eq!(guild.roles.len(), 2);
    assert!(guild.roles.contains_key(&RoleId::new(GUILD_ID)));
    assert_eq!(
        guild.roles[&RoleId::new(staff.id)].permissions.bits(),
        perm::MANAGE_GUILD
    );
    // Channels: both text channels (the private one with its overwrites), no thread.
    let mut channels: Vec<u64> = guild.channels.keys().map(|c| c.get()).collect();
    channels.sort_unstable();
    assert_eq!(channels, vec![open.id, room.id]);
    let overwrites = &guild.channels[&ChannelId::new(room.id)].permission_overwrites;
    assert_eq!(overwrites.len(), 2, "{overwrites:?}");
    assert!(overwrites.iter().any(|o| o.kind
        == PermissionOverwriteType::Role(RoleId::new(GUILD_ID))
        && o.deny.view_channel()));
    // Threads: only the active one, with the bot's thread member.
    let threads: Vec<u64> = guild.threads.iter().map(|t| t.id.get()).collect();
    assert_eq!(threads, vec![live.id.get()]);
    assert!(guild.threads[0].member.is_some());
    assert!(data["threads"][0]["member"].get("user_id").is_none());
    // Members: only the bot (no GUILD_PRESENCES or GUILD_MEMBERS intent); the count is
    // everyone's.
    let members: Vec<u64> = guild.members.keys().map(|u| u.get()).collect();
    assert_eq!(members, vec![BOT_USER_ID]);
    assert_eq!(guild.member_count, users.len() as u64 + 1);
}

/// With `send_guild_create` on, every change the fake makes to a server is told as a
/// server event serenity reads (and serenity's cache would apply); off, nothing is.
#[tokio::test]
async fn changes_to_a_server_are_told_as_server_events_when_on() {
    let (quiet, quiet_http) = offline().await;
    let channel = quiet.channel();
    quiet.role(GUILD_ID, "staff", 0);
    start_thread(&quiet_http, channel.id, "t", false).await;
    assert!(quiet.guild_events().is_empty(), "off by default");

    let (fake, http) = offline().await;
    fake.send_guild_create(true);
    let open = fake.channel();
    let staff = fake.role(GUILD_ID, "staff", 0);
    fake.make_private(open, &[Target::Role(staff.id)]);
    fake.set_everyone_permissions(GUILD_ID, 0);
    let thread = start_thread(&http, open.id, "t", true).await;
    archive(&http, thread.id).await;
    fake.grant_manage_threads(true);
    thread.id.delete(&http).await.unwrap();
    let joined = fake.server();
    let outage = fake.server();
    fake.guild_outage(outage, true);
    fake.channel_in(outage);

    let events = fake.guild_events();
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "CHANNEL_CREATE",
            "GUILD_ROLE_CREATE",
            // make_private: @everyone denied, staff allowed.
            "CHANNEL_UPDATE",
            "CHANNEL_UPDATE",
            "GUILD_ROLE_UPDATE",
            "THREAD_CREATE",
            "THREAD_UPDATE",
            "THREAD_DELETE",
            // A server made up later is one the bot joins; the one in an outage says
            // nothing, not even its channel.
            "GUILD_CREATE",
            "GUILD_CREATE",
        ],
        "{events:?}"
    );
    for (name, data) in &events {
        assert!(
            !matches!(as_serenity_reads(name, data), Event::Unknown(_)),
            "{name}: {data}"
        );
    }
    match as_serenity_reads(&events[7].0, &events[7].1) {
        Event::ThreadDelete(e) => assert_eq!(e.thread.id, thread.id),
        other => panic!("{other:?}"),
    }
    assert_eq!(events[8].1["id"], joined.to_string());
    assert_eq!(events[1].1["role"]["id"], staff.id.to_string());
    assert_eq!(
        events[3].1["permission_overwrites"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

/// `GET /guilds/{id}/threads/active` (List Active Guild Threads): the server's threads
/// that are not archived, public and private, newest first, and a thread member for each
/// the bot is in; 403 / 50001 in a server without the bot.
#[tokio::test]
async fn active_threads_lists_unarchived_threads_newest_first() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let other = fake.channel();
    let public = start_thread(&http, channel.id, "public", true).await;
    let private = start_thread(&http, other.id, "private", false).await;
    let archived = start_thread(&http, channel.id, "archived", true).await;
    archive(&http, archived.id).await;
    let by_a_member = fake.thread(channel, "by a member", 11);
    // In another server: not listed.
    let elsewhere = fake.channel_in(fake.server());
    start_thread(&http, elsewhere.id, "elsewhere", false).await;

    let listed = GuildId::new(GUILD_ID)
        .get_active_threads(&http)
        .await
        .unwrap();
    let ids: Vec<u64> = listed.threads.iter().map(|t| t.id.get()).collect();
    assert_eq!(
        ids,
        vec![by_a_member.id, private.id.get(), public.id.get()],
        "unarchived, newest first"
    );
    let names: Vec<&str> = listed.threads.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["by a member", "private", "public"]);
    assert_eq!(
        listed.threads[2].parent_id,
        Some(ChannelId::new(channel.id))
    );
    assert!(listed.threads.iter().all(|t| t.member.is_none()));
    // The bot's thread members: for the two it made.
    let mut joined: Vec<u64> = listed.members.iter().map(|m| m.id.get()).collect();
    joined.sort_unstable();
    let mut made = vec![public.id.get(), private.id.get()];
    made.sort_unstable();
    assert_eq!(joined, made);

    let foreign = fake.foreign_channel();
    let refused = GuildId::new(foreign.guild_id.unwrap())
        .get_active_threads(&http)
        .await;
    assert_eq!(failure(refused), (403, 50_001));
    assert!(fake.unexpected_requests().is_empty());
}

/// A bot that connects gets READY, then a `GUILD_CREATE` for each of its servers (a
/// `GUILD_DELETE`, unavailable, for one in an outage), when `send_guild_create` is on.
#[tokio::test]
async fn the_gateway_sends_each_server_after_ready() {
    let fake = FakeDiscord::start().await;
    fake.send_guild_create(true);
    let other = fake.server();
    let down = fake.server();
    fake.guild_outage(down, true);
    assert!(
        fake.guild_events().is_empty(),
        "nothing sent before a bot connects"
    );
    let env = fake.bot_env();
    let _bot = support::BotProcess::spawn(&env);
    fake.wait_ready(support::table::START).await;
    let events: Vec<(String, String)> = fake
        .guild_events()
        .into_iter()
        .map(|(n, d)| (n, d["id"].as_str().unwrap_or_default().to_owned()))
        .collect();
    assert_eq!(
        events[..3],
        [
            ("GUILD_CREATE".to_owned(), GUILD_ID.to_string()),
            ("GUILD_CREATE".to_owned(), other.to_string()),
            ("GUILD_DELETE".to_owned(), down.to_string()),
        ]
    );
}
