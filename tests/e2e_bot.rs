//! End-to-end: the real binary against the fake Discord.

mod support;

use std::time::Duration;

use serde_json::json;
use support::{BotProcess, FakeDiscord, GUILD_ID, Scope, SentKind};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);

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
    assert!(reply.text().contains("`/help`"), "{}", reply.text());
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
}
