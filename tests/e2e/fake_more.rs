//! Checks of what the fake models beyond the bot's current needs: threads, autocomplete,
//! user-installed contexts, token expiry and the REST reads behind channel visibility. Driven
//! by serenity's own HTTP client (and serenity's types read every payload back), with no bot:
//! interactions are built by the fake and answered here by hand.

use std::time::Duration;

use serde_json::{Value, json};
use serenity::all::{
    AuthorizingIntegrationOwner, ChannelId, ChannelType, Command, CreateCommand, CreateMessage,
    CreateThread, EditMessage, EditThread, GuildId, HttpBuilder, InstallationContext, Interaction,
    InteractionContext, MessageId, PermissionOverwriteType, Permissions, RoleId, UserId,
};

use crate::e2e::support;
use support::payloads::{self, APP_ID, GUILD_ID, perm};
use support::{Channel, FakeDiscord, Install, SentKind, Target};

const WAIT: Duration = Duration::from_secs(5);

pub(crate) fn http(fake: &FakeDiscord) -> serenity::all::Http {
    let http = HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(APP_ID.into());
    http
}

/// A fake with no bot behind it (interactions are only recorded).
pub(crate) async fn offline() -> (FakeDiscord, serenity::all::Http) {
    let fake = FakeDiscord::start().await;
    fake.without_bot();
    let http = http(&fake);
    (fake, http)
}

/// The HTTP status and Discord error code of a failed call.
pub(crate) fn failure<T: std::fmt::Debug>(result: serenity::Result<T>) -> (u16, isize) {
    match result {
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("expected Discord to refuse, got {other:?}"),
    }
}

/// A message the bot posted in `channel`.
async fn post(http: &serenity::all::Http, channel: Channel, text: &str) -> serenity::all::Message {
    ChannelId::new(channel.id)
        .send_message(http, CreateMessage::new().content(text))
        .await
        .unwrap()
}

/// Interaction `id` read back with serenity's own type.
pub(crate) fn command(fake: &FakeDiscord, id: u64) -> serenity::all::CommandInteraction {
    match serde_json::from_value::<Interaction>(fake.interaction_payload(id)).unwrap() {
        Interaction::Command(c) | Interaction::Autocomplete(c) => c,
        other => panic!("not a command: {other:?}"),
    }
}

/// Answers interaction `id` with `response` (raw JSON).
pub(crate) async fn answer(
    fake: &FakeDiscord,
    http: &serenity::all::Http,
    id: u64,
    response: &Value,
) -> serenity::Result<()> {
    http.create_interaction_response(id.into(), &fake.token_of(id), response, vec![])
        .await
}

// ----- threads (issue 25) -----

#[tokio::test]
async fn threads_start_from_messages_and_without_them() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let starter = post(&http, channel, "Alice vs Bob").await;

    let thread = ChannelId::new(channel.id)
        .create_thread_from_message(&http, starter.id, CreateThread::new("Match 1"))
        .await
        .unwrap();
    // Discord gives the thread the message's id; from a text channel it is public.
    assert_eq!(thread.id.get(), starter.id.get());
    assert_eq!(thread.kind, ChannelType::PublicThread);
    assert_eq!(thread.parent_id, Some(ChannelId::new(channel.id)));
    assert_eq!(thread.guild_id.get(), GUILD_ID);
    let meta = thread.thread_metadata.expect("thread metadata");
    assert!(!meta.archived && !meta.locked);
    // The starter message now names its thread.
    let stored = fake.message(starter.id.get()).unwrap();
    assert_eq!(stored["thread"]["id"], json!(starter.id.to_string()));
    // One thread per message.
    let again = ChannelId::new(channel.id)
        .create_thread_from_message(&http, starter.id, CreateThread::new("Match 1 again"))
        .await;
    assert_eq!(failure(again), (400, 160_004));
    let unknown = ChannelId::new(channel.id)
        .create_thread_from_message(&http, MessageId::new(42), CreateThread::new("x"))
        .await;
    assert_eq!(failure(unknown), (404, 10008));

    // Without a message and without `type`, Discord makes a private thread.
    let private = ChannelId::new(channel.id)
        .create_thread(&http, CreateThread::new("Placement"))
        .await
        .unwrap();
    assert_eq!(private.kind, ChannelType::PrivateThread);
    let public = ChannelId::new(channel.id)
        .create_thread(
            &http,
            CreateThread::new("Chat").kind(ChannelType::PublicThread),
        )
        .await
        .unwrap();
    assert_eq!(public.kind, ChannelType::PublicThread);

    let threads = fake.threads_by_bot();
    let summary: Vec<(&str, u64, Option<u64>, Option<u64>)> = threads
        .iter()
        .map(|t| (t.name.as_str(), t.kind, t.type_requested, t.starter_message))
        .collect();
    assert_eq!(
        summary,
        [
            ("Match 1", 11, None, Some(starter.id.get())),
            ("Placement", 12, None, None),
            ("Chat", 11, Some(11), None),
        ]
    );
    assert!(
        threads
            .iter()
            .all(|t| t.parent == channel.id && !t.archived)
    );
    let created = fake.wait_thread(channel, WAIT).await;
    assert_eq!(created.name, "Match 1");
    assert!(fake.unexpected_requests().is_empty());
}

#[tokio::test]
async fn posts_in_threads_are_thread_messages_and_unarchive_them() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let thread = ChannelId::new(channel.id)
        .create_thread(
            &http,
            CreateThread::new("Match").kind(ChannelType::PublicThread),
        )
        .await
        .unwrap();
    let place = Channel::in_guild(GUILD_ID, thread.id.get());

    let shot = post(&http, place, "B4: hit").await;
    let in_thread = fake.thread_messages(place);
    assert_eq!(in_thread.len(), 1);
    assert_eq!(in_thread[0].kind, SentKind::ThreadMessage(channel.id));
    assert_eq!(in_thread[0].text(), "B4: hit");
    assert!(
        fake.channel_messages(channel).is_empty(),
        "not in the parent"
    );

    // The bot archives its own thread (recorded), and a post reopens it.
    thread
        .id
        .edit_thread(&http, EditThread::new().archived(true))
        .await
        .unwrap();
    assert!(fake.thread_state(place).unwrap().archived);
    let edits: Vec<Value> = fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.kind == SentKind::EditChannel)
        .map(|s| s.body.clone())
        .collect();
    assert_eq!(edits, [json!({"archived": true})]);
    // Archived threads refuse edits of their messages.
    let edit = ChannelId::new(place.id)
        .edit_message(&http, shot.id, EditMessage::new().content("B4: sunk"))
        .await;
    assert_eq!(failure(edit), (400, 50083));
    post(&http, place, "rematch?").await;
    assert!(
        !fake.thread_state(place).unwrap().archived,
        "a post unarchives"
    );

    // Locking needs Manage Threads, which the bot lacks unless granted.
    let lock = EditThread::new().archived(true).locked(true);
    assert_eq!(
        failure(thread.id.edit_thread(&http, lock.clone()).await),
        (403, 50013)
    );
    fake.grant_manage_threads(true);
    thread.id.edit_thread(&http, lock).await.unwrap();
    let state = fake.thread_state(place).unwrap();
    assert!(state.archived && state.locked);
    fake.grant_manage_threads(false);
    let refused = ChannelId::new(place.id)
        .send_message(&http, CreateMessage::new().content("hello?"))
        .await;
    assert_eq!(failure(refused), (400, 50083));
    assert_eq!(fake.thread_messages(place).len(), 2);
}

#[tokio::test]
async fn deleting_a_thread_needs_manage_threads_and_archiving_the_bots_own_does_not() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let starter = post(&http, channel, "Alice vs Bob").await;
    let ours = ChannelId::new(channel.id)
        .create_thread_from_message(&http, starter.id, CreateThread::new("Match"))
        .await
        .unwrap();
    let theirs = fake.thread(channel, "by a player", 11);
    // Without Manage Threads: no thread is deleted, and no other channel ever is.
    assert_eq!(failure(ours.id.delete(&http).await), (403, 50013));
    assert_eq!(
        failure(ChannelId::new(channel.id).delete(&http).await),
        (403, 50013)
    );
    assert_eq!(
        failure(ChannelId::new(42).delete(&http).await),
        (404, 10003)
    );
    assert_eq!(fake.threads().len(), 2);
    // Archiving is the creator's (the bot's own thread), or needs Manage Threads.
    let archive = EditThread::new().archived(true);
    ours.id.edit_thread(&http, archive.clone()).await.unwrap();
    assert!(
        fake.thread_state(Channel::in_guild(GUILD_ID, ours.id.get()))
            .unwrap()
            .archived
    );
    assert_eq!(
        failure(ChannelId::new(theirs.id).edit_thread(&http, archive).await),
        (403, 50013)
    );
    // With it, a thread is deleted: answered as it was, gone afterwards.
    fake.grant_manage_threads(true);
    let gone = ours.id.delete(&http).await.unwrap();
    assert_eq!(gone.id(), ours.id);
    assert_eq!(failure(ours.id.to_channel(&http).await), (404, 10003));
    assert_eq!(fake.threads().len(), 1);
    assert_eq!(
        failure(ChannelId::new(channel.id).delete(&http).await),
        (403, 50013)
    );
    let deleted = fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.kind == SentKind::DeleteChannel)
        .count();
    assert_eq!(deleted, 1);
}

#[tokio::test]
async fn refused_thread_creation_answers_missing_permissions() {
    let (fake, http) = offline().await;
    let (closed, open) = (fake.channel(), fake.channel());
    fake.refuse_threads(closed);
    let starter = post(&http, closed, "Alice vs Bob").await;
    let from_message = ChannelId::new(closed.id)
        .create_thread_from_message(&http, starter.id, CreateThread::new("Match"))
        .await;
    assert_eq!(failure(from_message), (403, 50013));
    let bare = ChannelId::new(closed.id)
        .create_thread(&http, CreateThread::new("Match"))
        .await;
    assert_eq!(failure(bare), (403, 50013));
    assert!(fake.threads().is_empty());
    ChannelId::new(open.id)
        .create_thread(&http, CreateThread::new("Match"))
        .await
        .unwrap();
    assert_eq!(fake.threads().len(), 1);
}

#[tokio::test]
async fn get_channel_answers_for_channels_threads_and_dms() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let thread = fake.thread(channel, "by a player", 12);

    let Some(got) = ChannelId::new(thread.id)
        .to_channel(&http)
        .await
        .unwrap()
        .guild()
    else {
        panic!("a guild channel");
    };
    assert_eq!(got.kind, ChannelType::PrivateThread);
    assert_eq!(got.parent_id, Some(ChannelId::new(channel.id)));
    assert!(got.thread_metadata.is_some());
    assert!(
        got.member.is_none(),
        "the bot did not join a player's thread"
    );

    let alice = fake.user("alice");
    let dm = fake.dm(&alice);
    let Some(private) = ChannelId::new(dm.id)
        .to_channel(&http)
        .await
        .unwrap()
        .private()
    else {
        panic!("a DM");
    };
    assert_eq!(private.recipient.id.get(), alice.id);

    let group = fake.group_dm(&[&alice]);
    assert_eq!(
        failure(ChannelId::new(group.id).to_channel(&http).await),
        (403, 50001)
    );
    assert_eq!(
        failure(ChannelId::new(42).to_channel(&http).await),
        (404, 10003)
    );
}

#[tokio::test]
async fn interactions_inside_a_thread_carry_its_type_and_parent() {
    let (fake, _http) = offline().await;
    let channel = fake.channel();
    let thread = fake.thread(channel, "Match 1", 11);
    let alice = fake.user("alice");
    let id = fake.slash(&alice, thread, "fire", json!([]));
    let c = command(&fake, id);
    assert_eq!(c.channel_id.get(), thread.id);
    let partial = c.channel.expect("the channel object");
    assert_eq!(partial.kind, ChannelType::PublicThread);
    assert_eq!(partial.parent_id, Some(ChannelId::new(channel.id)));
    assert!(partial.thread_metadata.is_some());
    // An ordinary channel stays type 0 without a parent.
    let here = command(&fake, fake.slash(&alice, channel, "fire", json!([])));
    let partial = here.channel.unwrap();
    assert_eq!(partial.kind, ChannelType::Text);
    assert_eq!(partial.parent_id, None);
}

// ----- autocomplete (issue 27) -----

#[tokio::test]
async fn autocomplete_requests_and_answers_with_timing() {
    let (fake, http) = offline().await;
    let channel = fake.channel();
    let alice = fake.user("alice");

    // Someone answers each request 150 ms after it appears, as a bot would.
    let responder = {
        let (fake, http) = (fake.clone(), self::http(&fake));
        tokio::spawn(async move {
            let id = fake
                .wait_for(|rec| rec.interactions.first().copied(), WAIT)
                .await;
            let c = command(&fake, id);
            let focused = c.data.autocomplete().expect("a focused option");
            assert_eq!((focused.name, focused.value), ("match", "4"));
            tokio::time::sleep(Duration::from_millis(150)).await;
            answer(
                &fake,
                &http,
                id,
                &json!({"type": 8, "data": {"choices": [
                    {"name": "Alice vs Bob, just now", "value": "41"},
                    {"name": "Alice vs Carol, yesterday", "value": "40"},
                ]}}),
            )
            .await
            .unwrap();
        })
    };
    let offered = fake
        .autocomplete(
            &alice,
            channel,
            "replay",
            json!([{"name": "match", "type": 3, "value": "4", "focused": true}]),
            WAIT,
        )
        .await;
    responder.await.unwrap();
    assert_eq!(offered.values(), [json!("41"), json!("40")]);
    assert_eq!(
        offered.names(),
        ["Alice vs Bob, just now", "Alice vs Carol, yesterday"]
    );
    assert!(
        offered.took >= Duration::from_millis(150),
        "{:?}",
        offered.took
    );
    assert!(offered.took < WAIT);

    // More than 25 choices is an invalid form body, as on Discord.
    let id = fake.interaction(&alice, channel).autocomplete(
        "replay",
        json!([{"name": "match", "type": 3, "value": "", "focused": true}]),
    );
    let many: Vec<Value> = (0..26)
        .map(|i| json!({"name": format!("m{i}"), "value": i.to_string()}))
        .collect();
    let refused = answer(
        &fake,
        &http,
        id,
        &json!({"type": 8, "data": {"choices": many}}),
    )
    .await;
    assert_eq!(failure(refused), (400, 50035));
}

// ----- user-installed apps (issue 28) -----

#[tokio::test]
async fn registrations_keep_integration_types_and_contexts() {
    let (fake, http) = offline().await;
    Command::set_global_commands(
        &http,
        vec![
            CreateCommand::new("duel")
                .description("a duel anywhere")
                .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
                .contexts(vec![
                    InteractionContext::Guild,
                    InteractionContext::BotDm,
                    InteractionContext::PrivateChannel,
                ]),
            CreateCommand::new("settings").description("server settings"),
        ],
    )
    .await
    .unwrap();
    let registration = fake.recording().registrations[0].clone();
    assert_eq!(registration.integration_types("duel"), Some(vec![0, 1]));
    assert_eq!(registration.contexts("duel"), Some(vec![0, 1, 2]));
    assert_eq!(registration.integration_types("settings"), None);
    assert_eq!(registration.contexts("settings"), None);
}

#[tokio::test]
async fn interactions_tell_where_and_how_the_app_is_installed() {
    let (fake, _http) = offline().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let owners = |c: &serenity::all::CommandInteraction| {
        let mut out: Vec<String> = c
            .authorizing_integration_owners
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
    };

    // In the server where the bot is: guild-installed, context GUILD.
    let c = command(&fake, fake.slash(&alice, fake.channel(), "duel", json!([])));
    assert_eq!(c.context, Some(InteractionContext::Guild));
    assert_eq!(owners(&c), [format!("guild:Some({GUILD_ID})")]);
    // In the bot's DM: GUILD_INSTALL's value is "0".
    let c = command(
        &fake,
        fake.slash(&alice, fake.dm(&alice), "duel", json!([])),
    );
    assert_eq!(c.context, Some(InteractionContext::BotDm));
    assert_eq!(owners(&c), ["guild:None"]);
    // Both installs.
    let id = fake
        .interaction(&alice, fake.channel())
        .install(Install::Both)
        .slash("duel", json!([]));
    assert_eq!(
        owners(&command(&fake, id)),
        [
            format!("guild:Some({GUILD_ID})"),
            format!("user:{}", alice.id)
        ]
    );

    // A group DM and a DM between two users: user-installed, PRIVATE_CHANNEL, no member.
    fake.set_app_installed(&alice, true);
    let private_app = Permissions::from_bits_truncate(perm::PRIVATE_CHANNEL_APP);
    for place in [
        fake.group_dm(&[&alice, &bob]),
        fake.dm_between(&alice, &bob),
    ] {
        let c = command(&fake, fake.slash(&alice, place, "duel", json!([])));
        assert_eq!(c.context, Some(InteractionContext::PrivateChannel));
        assert_eq!(owners(&c), [format!("user:{}", alice.id)]);
        assert!(c.member.is_none() && c.guild_id.is_none());
        assert_eq!(c.user.id.get(), alice.id);
        assert_eq!(c.app_permissions, Some(private_app));
    }
    let group = fake.group_dm(&[&alice, &bob]);
    assert_eq!(
        command(&fake, fake.slash(&alice, group, "duel", json!([])))
            .channel
            .unwrap()
            .kind,
        ChannelType::GroupDm
    );

    // A server without the bot: user-installed, GUILD context, the member's permissions.
    let foreign = fake.foreign_channel();
    let c = command(
        &fake,
        fake.interaction(&alice, foreign)
            .permissions("3072")
            .slash("duel", json!([])),
    );
    assert_eq!(c.context, Some(InteractionContext::Guild));
    assert_eq!(owners(&c), [format!("user:{}", alice.id)]);
    assert_eq!(c.guild_id, Some(GuildId::new(foreign.guild_id.unwrap())));
    assert_eq!(
        c.app_permissions,
        Some(Permissions::from_bits_truncate(3072))
    );
}

#[tokio::test]
async fn where_the_bot_is_no_member_only_interaction_answers_reach() {
    let (fake, http) = offline().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.set_app_installed(&alice, true);
    for place in [
        fake.group_dm(&[&alice, &bob]),
        fake.dm_between(&alice, &bob),
        fake.foreign_channel(),
    ] {
        let id = fake.slash(&alice, place, "duel", json!([]));
        answer(
            &fake,
            &http,
            id,
            &json!({"type": 4, "data": {"content": "Duel!"}}),
        )
        .await
        .unwrap();
        let followup = http
            .create_followup_message(&fake.token_of(id), &json!({"content": "Bob?"}), vec![])
            .await
            .unwrap();
        let refused = ChannelId::new(place.id)
            .send_message(&http, CreateMessage::new().content("board"))
            .await;
        assert_eq!(failure(refused), (403, 50001));
        let edit = ChannelId::new(place.id)
            .edit_message(&http, followup.id, EditMessage::new().content("x"))
            .await;
        assert_eq!(failure(edit), (403, 50001));
        let texts: Vec<String> = fake
            .channel_messages(place)
            .iter()
            .map(|s| s.text().to_owned())
            .collect();
        assert_eq!(texts, ["Duel!", "Bob?"]);
    }
    let foreign = fake.foreign_channel().guild_id.unwrap();
    assert_eq!(failure(http.get_guild(foreign.into()).await), (403, 50001));
}

#[tokio::test]
async fn user_installed_follow_ups_stop_at_five() {
    let (fake, http) = offline().await;
    let alice = fake.user("alice");
    let channel = fake.channel();
    let followups = |id: u64| {
        let (fake, http) = (&fake, &http);
        async move {
            answer(fake, http, id, &json!({"type": 5})).await.unwrap();
            let mut results = Vec::new();
            for n in 1..=6 {
                results.push(
                    http.create_followup_message(
                        &fake.token_of(id),
                        &json!({"content": format!("shot {n}")}),
                        vec![],
                    )
                    .await,
                );
            }
            results
        }
    };
    let user_only = fake
        .interaction(&alice, channel)
        .user_install()
        .slash("fire", json!([]));
    let mut results = followups(user_only).await;
    let sixth = results.pop().unwrap();
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(failure(sixth), (400, 40094));
    // Installed to the server too: no such limit.
    let both = fake
        .interaction(&alice, channel)
        .install(Install::Both)
        .slash("fire", json!([]));
    assert!(followups(both).await.iter().all(Result::is_ok));
}

#[tokio::test]
async fn interaction_tokens_expire_after_fifteen_minutes() {
    let (fake, http) = offline().await;
    let alice = fake.user("alice");
    let channel = fake.channel();
    let id = fake.slash(&alice, channel, "challenge", json!([]));
    answer(
        &fake,
        &http,
        id,
        &json!({"type": 4, "data": {"content": "Challenge!"}}),
    )
    .await
    .unwrap();
    let token = fake.token_of(id);
    fake.age_token(id, 14);
    http.edit_original_interaction_response(&token, &json!({"content": "14 min"}), vec![])
        .await
        .unwrap();
    fake.age_token(id, 2);
    let edit = http
        .edit_original_interaction_response(&token, &json!({"content": "16 min"}), vec![])
        .await;
    assert_eq!(failure(edit), (401, 50027));
    let followup = http
        .create_followup_message(&token, &json!({"content": "late"}), vec![])
        .await;
    assert_eq!(failure(followup), (401, 50027));
    // The message itself stays editable through the channel (no token involved).
    let original = fake.replies_to(id)[0].message_id.unwrap();
    ChannelId::new(channel.id)
        .edit_message(
            &http,
            MessageId::new(original),
            EditMessage::new().content("edited later"),
        )
        .await
        .unwrap();
    assert_eq!(fake.message(original).unwrap()["content"], "edited later");
    // Refused calls are not recorded: the last answer is the edit at 14 minutes.
    let elapsed = fake.replies_to(id).last().unwrap().elapsed.unwrap();
    assert!(elapsed >= Duration::from_secs(14 * 60), "{elapsed:?}");
    assert!(elapsed < Duration::from_secs(15 * 60), "{elapsed:?}");
}

#[tokio::test]
async fn without_use_external_apps_every_response_is_ephemeral() {
    let (fake, http) = offline().await;
    let alice = fake.user("alice");
    let foreign = fake.foreign_channel();
    let id = fake
        .interaction(&alice, foreign)
        .external_apps_denied()
        .slash("challenge", json!([]));
    let c = command(&fake, id);
    let member = c.member.as_ref().expect("a member");
    let bits = member.permissions.unwrap();
    assert!(!bits.contains(Permissions::USE_EXTERNAL_APPS), "{bits:?}");
    assert!(
        !c.app_permissions
            .unwrap()
            .contains(Permissions::USE_EXTERNAL_APPS)
    );
    assert!(matches!(
        c.authorizing_integration_owners.0.as_slice(),
        [AuthorizingIntegrationOwner::UserInstall(u)] if u.get() == alice.id
    ));
    answer(
        &fake,
        &http,
        id,
        &json!({"type": 4, "data": {"content": "public?", "flags": 0}}),
    )
    .await
    .unwrap();
    http.create_followup_message(&fake.token_of(id), &json!({"content": "and this?"}), vec![])
        .await
        .unwrap();
    let sent = fake.replies_to(id);
    assert!(sent.iter().all(|s| s.ephemeral && s.flags == 0), "{sent:?}");
    let stored = fake.message(sent[0].message_id.unwrap()).unwrap();
    assert_eq!(stored["flags"], 64);

    // With the permission, the same answer is public.
    let id = fake
        .interaction(&alice, foreign)
        .user_install()
        .slash("challenge", json!([]));
    answer(
        &fake,
        &http,
        id,
        &json!({"type": 4, "data": {"content": "public"}}),
    )
    .await
    .unwrap();
    assert!(!fake.replies_to(id)[0].ephemeral);
}

#[tokio::test]
async fn dms_to_users_without_a_mutual_server() {
    let (fake, http) = offline().await;
    let stranger = fake.user("stranger");
    fake.set_no_mutual_guild(&stranger, true);
    let dm = UserId::new(stranger.id)
        .create_dm_channel(&http)
        .await
        .unwrap();
    let send = || dm.send_message(&http, CreateMessage::new().content("your turn"));
    assert_eq!(failure(send().await), (403, 50278));
    // Once they installed the app (here: used it as a user install), the DM goes through.
    let id = fake
        .interaction(&stranger, fake.foreign_channel())
        .user_install()
        .slash("duel", json!([]));
    assert_eq!(command(&fake, id).user.id.get(), stranger.id);
    send().await.unwrap();
    assert_eq!(fake.dms_to(&stranger).len(), 1);
    fake.allow_dms_to_app_users(false);
    assert_eq!(failure(send().await), (403, 50278));
}

// ----- permissions and visibility (issue 30) -----

#[tokio::test]
async fn private_channels_roles_and_members_are_readable_by_rest() {
    let (fake, http) = offline().await;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let channel = fake.channel();
    let crew = fake.role(GUILD_ID, "crew", perm::VIEW_CHANNEL | perm::SEND_MESSAGES);
    fake.give_role(GUILD_ID, &alice, &crew);
    fake.make_private(channel, &[Target::Role(crew.id)]);
    fake.set_guild_owner(GUILD_ID, &carol);

    let Some(got) = ChannelId::new(channel.id)
        .to_channel(&http)
        .await
        .unwrap()
        .guild()
    else {
        panic!("a guild channel");
    };
    let mut overwrites: Vec<(String, u64, u64)> = got
        .permission_overwrites
        .iter()
        .map(|o| {
            let who = match o.kind {
                PermissionOverwriteType::Role(r) => format!("role {r}"),
                PermissionOverwriteType::Member(m) => format!("member {m}"),
                _ => "?".to_owned(),
            };
            (who, o.allow.bits(), o.deny.bits())
        })
        .collect();
    overwrites.sort();
    assert_eq!(
        overwrites,
        [
            (format!("role {GUILD_ID}"), 0, perm::VIEW_CHANNEL),
            (format!("role {}", crew.id), perm::VIEW_CHANNEL, 0),
        ]
    );
    let roles = http.get_guild_roles(GuildId::new(GUILD_ID)).await.unwrap();
    let everyone = roles.iter().find(|r| r.id.get() == GUILD_ID).unwrap();
    assert_eq!(everyone.name, "@everyone");
    // serenity drops bits Discord no longer documents (47 is in MEMBER_PERMISSIONS).
    let member_bits = payloads::MEMBER_PERMISSIONS.parse::<u64>().unwrap();
    assert_eq!(
        everyone.permissions,
        Permissions::from_bits_truncate(member_bits)
    );
    let crew_role = roles.iter().find(|r| r.id.get() == crew.id).unwrap();
    assert_eq!(crew_role.permissions.bits(), crew.permissions);
    let member = http
        .get_member(GuildId::new(GUILD_ID), UserId::new(alice.id))
        .await
        .unwrap();
    assert_eq!(member.roles, [RoleId::new(crew.id)]);
    let member = http
        .get_member(GuildId::new(GUILD_ID), UserId::new(bob.id))
        .await
        .unwrap();
    assert!(member.roles.is_empty());
    assert_eq!(
        failure(
            http.get_member(GuildId::new(GUILD_ID), UserId::new(7))
                .await
        ),
        (404, 10007)
    );
    let guild = http.get_guild(GuildId::new(GUILD_ID)).await.unwrap();
    assert_eq!(guild.owner_id.get(), carol.id);

    // Who can see it, by Discord's rules: the crew, the owner, not Bob.
    assert!(fake.can_view(&alice, channel));
    assert!(!fake.can_view(&bob, channel));
    assert!(fake.can_view(&carol, channel));
    // Interactions carry the member's roles.
    let c = command(
        &fake,
        fake.slash(&alice, fake.channel(), "replay", json!([])),
    );
    assert_eq!(c.member.unwrap().roles, [RoleId::new(crew.id)]);
}

#[tokio::test]
async fn overwrites_apply_in_discords_order() {
    let (fake, _http) = offline().await;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let channel = fake.channel();
    let crew = fake.role(GUILD_ID, "crew", 0);
    let admins = fake.role(GUILD_ID, "admins", perm::ADMINISTRATOR);
    for user in [&alice, &bob] {
        fake.give_role(GUILD_ID, user, &crew);
    }
    fake.give_role(GUILD_ID, &carol, &admins);
    // @everyone may see it; the crew may not; Bob himself may again.
    fake.set_overwrite(channel, Target::Role(crew.id), 0, perm::VIEW_CHANNEL);
    fake.set_overwrite(channel, Target::Member(bob.id), perm::VIEW_CHANNEL, 0);
    assert!(
        !fake.can_view(&alice, channel),
        "the role's deny beats @everyone"
    );
    assert!(
        fake.can_view(&bob, channel),
        "the member's allow beats the role's deny"
    );
    assert!(
        fake.can_view(&carol, channel),
        "administrators see everything"
    );
    assert_eq!(fake.permissions_of(&carol, channel), perm::ALL);
    // A role allow beats an @everyone deny; threads follow their parent.
    let dave = fake.user("dave");
    let guests = fake.role(GUILD_ID, "guests", 0);
    fake.give_role(GUILD_ID, &dave, &guests);
    fake.make_private(channel, &[Target::Role(guests.id)]);
    let thread = fake.thread(channel, "Match", 11);
    assert!(fake.can_view(&dave, thread));
    assert!(!fake.can_view(&alice, thread));
    let base: u64 = payloads::MEMBER_PERMISSIONS.parse().unwrap();
    assert_eq!(fake.permissions_of(&dave, thread), base);
}

#[tokio::test]
async fn members_with_and_without_manage_server() {
    let (fake, _http) = offline().await;
    let alice = fake.user("alice");
    let channel = fake.channel();
    let bits = |manage: bool| {
        let id = fake
            .interaction(&alice, channel)
            .permissions(support::table::MEMBER)
            .manage_guild(manage)
            .slash("settings", json!([]));
        command(&fake, id).member.unwrap().permissions.unwrap()
    };
    assert!(bits(true).contains(Permissions::MANAGE_GUILD));
    assert!(!bits(false).contains(Permissions::MANAGE_GUILD));
    assert!(bits(false).contains(Permissions::VIEW_CHANNEL));
}
