//! End-to-end: the real binary against the fake Discord.

use crate::e2e::support;
use crate::e2e::support::says;

use std::time::Duration;

use serde_json::json;
use support::{BotProcess, FakeDiscord, GUILD_ID, Scope, SentKind};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);
/// Every command, in registration order.
const ALL_COMMANDS: [&str; 19] = [
    "challenge",
    "place",
    "fire",
    "board",
    "status",
    "forfeit",
    "cancel",
    "replay",
    "stats",
    "leaderboard",
    "history",
    "matches",
    "privacy",
    "reminders",
    "settings",
    "tournament",
    "daily",
    "rules",
    "help",
];

async fn started() -> (FakeDiscord, BotProcess) {
    let fake = FakeDiscord::start().await;
    let bot = BotProcess::spawn(&fake.bot_env());
    fake.wait_ready(START).await;
    (fake, bot)
}

#[tokio::test]
async fn help_answers_privately_and_lists_the_commands() {
    let (fake, _bot) = started().await;
    let alice = fake.user("alice");
    let channel = fake.channel();

    let id = fake.slash(&alice, channel, "help", json!([]));
    let reply = fake.wait_reply(id, REPLY).await;
    assert_eq!(reply.kind, SentKind::Callback(4));
    assert!(reply.ephemeral, "help must be private: {reply:?}");
    says(&reply, "`/help`");
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
}

#[tokio::test]
async fn registers_its_commands_in_the_dev_guild() {
    let fake = FakeDiscord::start().await;
    let _bot = BotProcess::spawn(&fake.bot_env());
    let registration = fake.wait_ready(START).await;

    assert_eq!(registration.scope, Scope::Guild(GUILD_ID));
    assert_eq!(registration.names(), ALL_COMMANDS);
    let help = registration.command("help").expect("help registered");
    // A missing type means 1 (chat input).
    assert!(help.get("type").is_none_or(|t| t == 1), "{help}");
    assert!(!help["description"].as_str().unwrap_or("").is_empty());
    let options = help["options"].as_array().expect("help has options");
    assert_eq!(options.len(), 1);
    assert_eq!(options[0]["name"], "command");
    assert_eq!(options[0]["type"], 3);
    assert_eq!(options[0]["required"], false);
    // `/privacy` has two subcommands (type 1), named in every language.
    let privacy = registration.command("privacy").expect("privacy registered");
    let subs = privacy["options"].as_array().expect("subcommands");
    let names: Vec<&str> = subs.iter().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(names, ["info", "set", "delete"]);
    // `/privacy set leaderboard:<visible|hidden>`: one required choice.
    let listed = &subs[1]["options"][0];
    assert_eq!(listed["name"], "leaderboard", "{listed}");
    assert_eq!(listed["required"], true, "{listed}");
    let choices = listed["choices"].as_array().expect("choices");
    let shown: Vec<&str> = choices.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(choices.len(), 2, "{listed}");
    assert!(
        shown[0].starts_with("Visible") && shown[1].starts_with("Hidden"),
        "{shown:?}"
    );
    for sub in subs {
        assert_eq!(sub["type"], 1, "{sub}");
        assert!(
            !sub["description"].as_str().unwrap_or("").is_empty(),
            "{sub}"
        );
        for locale in ["nl", "da", "sv-SE"] {
            assert!(sub["name_localizations"][locale].is_string(), "{sub}");
        }
    }
    assert_eq!(subs[2]["name_localizations"]["nl"], "verwijderen");
    // `/settings` is offered to those who may manage the server (Discord hides it from the
    // rest; the bot checks again), and only in servers.
    let settings = registration
        .command("settings")
        .expect("settings registered");
    assert_eq!(settings["default_member_permissions"], "32", "{settings}");
    assert_eq!(settings["contexts"], json!([0]), "{settings}");

    let rec = fake.recording();
    assert_eq!(rec.identifies[0]["token"], "Bot fake-token");
    assert_eq!(rec.registrations.len(), 1);
    assert!(rec.unexpected.is_empty(), "{:?}", rec.unexpected);
}

#[tokio::test]
async fn registers_globally_without_a_dev_guild() {
    let fake = FakeDiscord::start().await;
    let mut env = fake.bot_env();
    env.remove("DEV_GUILD_ID");
    let _bot = BotProcess::spawn(&env);
    let registration = fake.wait_ready(START).await;
    assert_eq!(registration.scope, Scope::Global);
    assert_eq!(registration.names(), ALL_COMMANDS);
}

#[tokio::test]
async fn help_explains_one_command_and_refuses_unknown_ones_privately() {
    let (fake, _bot) = started().await;
    let bob = fake.user("bob");
    let channel = fake.channel();

    let id = fake
        .interaction(&bob, channel)
        .locale("da")
        .guild_locale("nl")
        .slash(
            "help",
            json!([{"name": "command", "type": 3, "value": "/help"}]),
        );
    let reply = fake.wait_reply(id, REPLY).await;
    assert!(reply.ephemeral);
    // Private answers follow the user's language (Danish), not the server's (Dutch).
    says(&reply, "**/hjælp** (`/help`)");
    says(&reply, "`kommando` (valgfri)");

    let id = fake.slash(
        &bob,
        channel,
        "help",
        json!([{"name": "command", "type": 3, "value": "`nope`"}]),
    );
    let reply = fake.wait_reply(id, REPLY).await;
    assert!(reply.ephemeral, "errors are private: {reply:?}");
    says(&reply, "There is no command called `/nope`");
    assert_eq!(fake.replies_to(id).len(), 1, "exactly one answer");
}

#[tokio::test]
async fn help_works_in_direct_messages() {
    let (fake, _bot) = started().await;
    let carol = fake.user("carol");
    let dm = fake.dm(&carol);
    let id = fake.slash(&carol, dm, "help", json!([]));
    let reply = fake.wait_reply(id, REPLY).await;
    assert_eq!(reply.channel, Some(dm.id));
    assert!(reply.text().contains("`/help`"));
}

#[tokio::test]
async fn stale_malformed_and_foreign_button_clicks_do_not_crash_it() {
    let (fake, mut bot) = started().await;
    let dave = fake.user("dave");
    let channel = fake.channel();

    let stale = fake.click(&dave, channel, 4242, "bs:999:fire:C4");
    let malformed = fake.click(&dave, channel, 4242, "bs:");
    let foreign = fake.click(&dave, channel, 4242, "somebody-else:1");
    for id in [stale, malformed] {
        let reply = fake.wait_reply(id, REPLY).await;
        assert_eq!(reply.kind, SentKind::Callback(4));
        assert!(reply.ephemeral, "{reply:?}");
        says(&reply, "no longer");
    }

    // Still alive and answering.
    let id = fake.slash(&dave, channel, "help", json!([]));
    fake.wait_reply(id, REPLY).await;
    assert!(
        fake.replies_to(foreign).is_empty(),
        "foreign buttons are left alone"
    );
    assert!(bot.is_running());
    assert!(!bot.stderr().contains("panicked"), "{}", bot.stderr());
}

#[tokio::test]
async fn missing_or_empty_token_fails_cleanly() {
    let fake = FakeDiscord::start().await;
    for token in [None, Some(""), Some("   ")] {
        let mut env = fake.bot_env();
        match token {
            None => env.remove("DISCORD_TOKEN"),
            Some(t) => env.insert("DISCORD_TOKEN".into(), t.into()),
        };
        let mut bot = BotProcess::spawn(&env);
        let status = bot.wait_exit(START).await;
        let stderr = bot.stderr();
        assert!(!status.success(), "{token:?}: {status}");
        assert!(stderr.contains("DISCORD_TOKEN"), "{token:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{token:?}: {stderr}");
    }
    assert!(
        fake.recording().requests.is_empty(),
        "no Discord traffic without a token"
    );
}

#[tokio::test]
async fn a_bad_dev_guild_id_fails_cleanly() {
    let fake = FakeDiscord::start().await;
    let mut env = fake.bot_env();
    env.insert("DEV_GUILD_ID".into(), "not-a-number".into());
    let mut bot = BotProcess::spawn(&env);
    let status = bot.wait_exit(START).await;
    assert!(!status.success());
    assert!(bot.stderr().contains("DEV_GUILD_ID"), "{}", bot.stderr());
    assert!(!bot.stderr().contains("panicked"), "{}", bot.stderr());
}

#[tokio::test]
async fn failed_command_registration_stops_the_bot_with_an_error() {
    let fake = FakeDiscord::start().await;
    fake.fail_registration(true);
    let mut bot = BotProcess::spawn(&fake.bot_env());
    let status = bot.wait_exit(START).await;
    let stderr = bot.stderr();
    assert!(!status.success(), "{status}");
    assert!(
        stderr.contains("could not register the slash commands"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[tokio::test]
async fn sigterm_and_sigint_shut_it_down_with_exit_zero() {
    for signal in ["TERM", "INT"] {
        let (fake, mut bot) = started().await;
        // Make sure the bot is past setup and serving before it is stopped.
        let user = fake.user("erin");
        let id = fake.slash(&user, fake.channel(), "help", json!([]));
        fake.wait_reply(id, REPLY).await;

        bot.signal(signal);
        let status = bot.wait_exit(START).await;
        let stderr = bot.stderr();
        assert!(status.success(), "SIG{signal}: {status}\n{stderr}");
        assert!(stderr.contains("shutting down"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
