//! Play anywhere (issue 38): the bot as a user-installable app, through the fake's
//! user-installed interactions. Commands are registered globally here (no `DEV_GUILD_ID`):
//! Discord applies installation types and contexts to global commands only, and the fake
//! then offers each command only where its registration says.

use std::time::Duration;

use serde_json::json;

use crate::support::{BotProcess, FakeDiscord, Scope, Undelivered};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);

/// A fake and a bot that registered its commands globally.
async fn started_globally() -> (FakeDiscord, BotProcess) {
    let fake = FakeDiscord::start().await;
    let mut env = fake.bot_env();
    env.remove("DEV_GUILD_ID");
    let bot = BotProcess::spawn(&env);
    let registration = fake.wait_ready(START).await;
    assert_eq!(registration.scope, Scope::Global);
    (fake, bot)
}

#[tokio::test]
async fn commands_are_registered_for_both_installs_and_the_contexts_each_serves() {
    let (fake, _bot) = started_globally().await;
    let registration = fake.recording().registrations.last().cloned().unwrap();
    let names = registration.names();
    assert_eq!(names.len(), 18, "{names:?}");
    for name in &names {
        let (types, contexts) = (
            registration.integration_types(name),
            registration.contexts(name),
        );
        match name.as_str() {
            // The server's own: installed to the server, used in it.
            "settings" | "tournament" => {
                assert_eq!(types, Some(vec![0]), "{name}");
                assert_eq!(contexts, Some(vec![0]), "{name}");
            }
            // A server's matches: in servers, whoever installed it.
            "matches" => {
                assert_eq!(types, Some(vec![0, 1]), "{name}");
                assert_eq!(contexts, Some(vec![0]), "{name}");
            }
            _ => {
                assert_eq!(types, Some(vec![0, 1]), "{name}");
                assert_eq!(contexts, Some(vec![0, 1, 2]), "{name}");
            }
        }
    }
}

#[tokio::test]
async fn a_member_who_installed_the_app_is_answered_in_a_group_dm_and_a_server_without_the_bot() {
    let (fake, _bot) = started_globally().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.set_app_installed(&alice, true);
    let group = fake.group_dm(&[&alice, &bob]);
    let foreign = fake.foreign_channel();
    for place in [group, foreign] {
        let id = fake.slash(&alice, place, "help", json!([]));
        let reply = fake.wait_reply(id, REPLY).await;
        assert!(reply.ephemeral, "{reply:?}");
        assert!(reply.text().contains("/help"), "{}", reply.text());
        // `/settings` and `/tournament` are not offered there.
        for name in ["settings", "tournament"] {
            assert_eq!(
                fake.try_slash(&alice, place, name, json!([])),
                Err(Undelivered::NotAvailableHere),
                "/{name}"
            );
        }
    }
    // Bob has not installed it: Discord offers him nothing there.
    assert_eq!(
        fake.try_slash(&bob, group, "help", json!([])),
        Err(Undelivered::NotInstalled)
    );
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
}
