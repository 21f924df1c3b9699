//! Checks of the fake's user-installed behaviour that the bot's "play anywhere" tests rely
//! on (issue 38): who may run a command where only a user install reaches, what a click on
//! an app's message carries, and where a global registration offers each command. Driven
//! by serenity's own client with no bot, as in `fake_more.rs`.

use serde_json::json;
use serenity::all::{
    AuthorizingIntegrationOwner, Command, ComponentInteraction, CreateCommand, GuildId,
    InstallationContext, Interaction, InteractionContext, UserId,
};

use crate::e2e::fake_more::{answer, command, failure, offline};
use crate::e2e::support::{self, FakeDiscord, Install, Undelivered};

/// The owners of an interaction, readable: `guild:<id or None>`, `user:<id>`, sorted.
fn owners(list: &serenity::all::AuthorizingIntegrationOwners) -> Vec<String> {
    let mut out: Vec<String> = list
        .0
        .iter()
        .map(|o| match o {
            AuthorizingIntegrationOwner::GuildInstall(g) => {
                format!("guild:{:?}", g.map(GuildId::get))
            }
            AuthorizingIntegrationOwner::UserInstall(u) => format!("user:{u}"),
            other => format!("{other:?}"),
        })
        .collect();
    out.sort();
    out
}

/// Click `id` read back with serenity's own type.
fn click(fake: &FakeDiscord, id: u64) -> ComponentInteraction {
    match serde_json::from_value::<Interaction>(fake.interaction_payload(id)).unwrap() {
        Interaction::Component(c) => c,
        other => panic!("not a click: {other:?}"),
    }
}

#[tokio::test]
async fn only_members_who_installed_the_app_can_run_its_commands_where_the_bot_is_not() {
    let (fake, _http) = offline().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.set_app_installed(&alice, true);
    for place in [
        fake.group_dm(&[&alice, &bob]),
        fake.dm_between(&alice, &bob),
        fake.foreign_channel(),
    ] {
        assert_eq!(
            fake.try_slash(&bob, place, "challenge", json!([])),
            Err(Undelivered::NotInstalled),
            "Discord offers no command of an app Bob has not installed"
        );
        let id = fake
            .try_slash(&alice, place, "challenge", json!([]))
            .expect("Alice installed it");
        assert_eq!(
            owners(&command(&fake, id).authorizing_integration_owners),
            [format!("user:{}", alice.id)]
        );
    }
    // Where the server added the bot, and in the bot's own DM, everyone can.
    assert!(
        fake.try_slash(&bob, fake.channel(), "challenge", json!([]))
            .is_ok()
    );
    assert!(
        fake.try_slash(&bob, fake.dm(&bob), "challenge", json!([]))
            .is_ok()
    );
    // Once Bob adds it to his apps, his commands reach the group DM too.
    let group = fake.group_dm(&[&alice, &bob]);
    fake.set_app_installed(&bob, true);
    assert!(fake.try_slash(&bob, group, "fire", json!([])).is_ok());
}

#[tokio::test]
async fn a_click_carries_the_installation_of_the_message_it_is_on() {
    let (fake, http) = offline().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.set_app_installed(&alice, true);
    let group = fake.group_dm(&[&alice, &bob]);
    let id = fake.slash(&alice, group, "challenge", json!([]));
    answer(
        &fake,
        &http,
        id,
        &json!({"type": 4, "data": {"content": "Bob?", "components": [{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Accept", "custom_id": "bs:1:accept"}
        ]}]}}),
    )
    .await
    .unwrap();
    let message = fake.replies_to(id)[0].message_id.unwrap();

    // Bob has not installed the app, yet his click arrives, authorised by Alice's install.
    let clicked = fake.click(&bob, group, message, "bs:1:accept");
    let c = click(&fake, clicked);
    assert_eq!(c.user.id, UserId::new(bob.id));
    assert_eq!(
        owners(&c.authorizing_integration_owners),
        [format!("user:{}", alice.id)]
    );
    assert_eq!(c.context, Some(InteractionContext::PrivateChannel));
    assert!(c.member.is_none() && c.guild_id.is_none());
    // It made Bob no installer: his own commands still do not reach the group DM.
    assert_eq!(
        fake.try_slash(&bob, group, "fire", json!([])),
        Err(Undelivered::NotInstalled)
    );

    // The click's answers are limited as a user install's: five follow-ups, then 40094.
    answer(&fake, &http, clicked, &json!({"type": 6}))
        .await
        .unwrap();
    for n in 1..=5 {
        let followup = http
            .create_followup_message(
                &fake.token_of(clicked),
                &json!({"content": format!("shot {n}")}),
                vec![],
            )
            .await
            .unwrap();
        // A click on a follow-up carries Alice's install as well.
        if n == 1 {
            let again = fake.click(&bob, group, followup.id.get(), "bs:1:board");
            assert_eq!(
                owners(&click(&fake, again).authorizing_integration_owners),
                [format!("user:{}", alice.id)]
            );
        }
    }
    let sixth = http
        .create_followup_message(&fake.token_of(clicked), &json!({"content": "6"}), vec![])
        .await;
    assert_eq!(failure(sixth), (400, 40094));
}

#[tokio::test]
async fn a_click_in_a_server_without_the_bot_is_forced_private_without_use_external_apps() {
    let (fake, http) = offline().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let foreign = fake.foreign_channel();
    let id = fake
        .interaction(&alice, foreign)
        .user_install()
        .slash("challenge", json!([]));
    answer(
        &fake,
        &http,
        id,
        &json!({"type": 4, "data": {"content": "Bob?"}}),
    )
    .await
    .unwrap();
    let message = fake.replies_to(id)[0].message_id.unwrap();
    assert!(!fake.replies_to(id)[0].ephemeral);
    let clicked = fake
        .interaction(&bob, foreign)
        .external_apps_denied()
        .click(message, "bs:1:accept");
    let c = click(&fake, clicked);
    assert_eq!(
        owners(&c.authorizing_integration_owners),
        [format!("user:{}", alice.id)]
    );
    answer(
        &fake,
        &http,
        clicked,
        &json!({"type": 4, "data": {"content": "accepted", "flags": 0}}),
    )
    .await
    .unwrap();
    assert!(fake.replies_to(clicked)[0].ephemeral);
}

#[tokio::test]
async fn a_global_registration_decides_where_each_command_is_offered() {
    let (fake, http) = offline().await;
    let alice = fake.user("alice");
    fake.set_app_installed(&alice, true);
    Command::set_global_commands(
        &http,
        vec![
            CreateCommand::new("fire")
                .description("anywhere")
                .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
                .contexts(vec![
                    InteractionContext::Guild,
                    InteractionContext::BotDm,
                    InteractionContext::PrivateChannel,
                ]),
            CreateCommand::new("settings")
                .description("servers that added the bot")
                .integration_types(vec![InstallationContext::Guild])
                .contexts(vec![InteractionContext::Guild]),
            CreateCommand::new("legacy").description("no fields: Discord's defaults"),
        ],
    )
    .await
    .unwrap();
    let group = fake.group_dm(&[&alice]);
    let foreign = fake.foreign_channel();
    assert!(fake.try_slash(&alice, group, "fire", json!([])).is_ok());
    assert!(fake.try_slash(&alice, foreign, "fire", json!([])).is_ok());
    for place in [group, foreign, fake.dm(&alice)] {
        assert_eq!(
            fake.try_slash(&alice, place, "settings", json!([])),
            Err(Undelivered::NotAvailableHere),
            "{place:?}"
        );
    }
    // Without `contexts` a command stays out of group DMs; without `integration_types` it
    // is a server install's only.
    assert_eq!(
        fake.try_slash(&alice, group, "legacy", json!([])),
        Err(Undelivered::NotAvailableHere)
    );
    assert_eq!(
        fake.try_slash(&alice, foreign, "legacy", json!([])),
        Err(Undelivered::NotAvailableHere)
    );
    assert!(
        fake.try_slash(&alice, fake.dm(&alice), "legacy", json!([]))
            .is_ok()
    );
    assert_eq!(
        fake.try_slash(&alice, group, "unknown", json!([])),
        Err(Undelivered::NotAvailableHere)
    );
    // Installed both ways in a server with the bot: a server-only command carries only the
    // server's install; one of both installs carries both.
    let channel = fake.channel();
    let id = fake
        .interaction(&alice, channel)
        .install(Install::Both)
        .slash("settings", json!([]));
    assert_eq!(
        owners(&command(&fake, id).authorizing_integration_owners),
        [format!("guild:Some({})", support::GUILD_ID)]
    );
    let id = fake
        .interaction(&alice, channel)
        .install(Install::Both)
        .slash("fire", json!([]));
    assert_eq!(
        owners(&command(&fake, id).authorizing_integration_owners),
        [
            format!("guild:Some({})", support::GUILD_ID),
            format!("user:{}", alice.id)
        ]
    );
}
