//! Play anywhere (issue 38): the bot as a user-installable app, through the fake's
//! user-installed interactions. Commands are registered globally here (no `DEV_GUILD_ID`):
//! Discord applies installation types and contexts to global commands only, and the fake
//! then offers each command only where its registration says.

use crate::e2e::support::says;
use std::time::Duration;

use broadside::game::{Fleet, Variant};
use serde_json::json;

use crate::e2e::support::table::Table;
use crate::e2e::support::{
    BotProcess, FakeDiscord, InteractionId, Scope, Sent, SentKind, Undelivered, button,
};
use crate::fleets::{CLASSIC_A, CLASSIC_B};

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
    assert_eq!(names.len(), 19, "{names:?}");
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
        says(&reply, "/help");
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

/// The private fleet preview (with its Ready button) that answers interaction `id` as a
/// follow-up.
async fn private_preview(fake: &FakeDiscord, id: InteractionId) -> Sent {
    fake.first_reply(
        id,
        |s| {
            s.kind == SentKind::Followup
                && !s.attachments.is_empty()
                && s.custom_ids().iter().any(|c| c.contains(":ready:"))
        },
        REPLY,
    )
    .await
}

/// The fleet a preview shows (its first code span).
fn fleet_in(preview: &Sent) -> String {
    preview
        .text()
        .split('`')
        .nth(1)
        .expect("the preview names its fleet")
        .to_owned()
}

/// The public messages in `channel` in order (what the group DM shows everyone).
fn public_texts(fake: &FakeDiscord, channel: crate::e2e::support::Channel) -> Vec<String> {
    fake.channel_messages(channel)
        .iter()
        .filter(|s| !s.ephemeral)
        .map(|s| s.text().to_owned())
        .collect()
}

/// Nothing was posted, and nothing tried, outside the answers to interactions; no answer
/// went beyond five follow-ups.
fn only_answers(fake: &FakeDiscord, channel: crate::e2e::support::Channel) {
    let rec = fake.recording();
    let posts: Vec<_> = rec
        .requests
        .iter()
        .filter(|r| r.path.starts_with(&format!("channels/{}", channel.id)))
        .collect();
    assert!(posts.is_empty(), "the bot tried the channel: {posts:?}");
    let limited: Vec<_> = rec
        .requests
        .iter()
        .filter(|r| r.status == 400 && r.path.starts_with("webhooks/"))
        .collect();
    assert!(limited.is_empty(), "{limited:?}");
}

/// Alice challenges Bob to `variant` (0 classic, 1 Game 2000) in the table's channel, he
/// accepts and both make the previews they were answered with final, through answers
/// only: the challenge and the battle's start are public, the previews private. Returns
/// `[Alice's, Bob's]` fleets and who fires first.
async fn begin_in_answers(t: &Table, variant: u64) -> ([String; 2], u64) {
    let (fake, group) = (&t.fake, t.channel);
    let challenge = t.challenge(&t.alice, &t.bob, group, variant).await;
    assert_eq!(challenge.kind, SentKind::Callback(4));
    assert!(!challenge.ephemeral, "{challenge:?}");
    // Bob accepts on the challenge; his preview answers his click, Alice's her /challenge.
    let accept = fake.click(
        &t.bob,
        group,
        challenge.message_id.unwrap(),
        &button(&challenge, "accept"),
    );
    let accepted = fake.wait_reply(accept, REPLY).await;
    assert_eq!(accepted.kind, SentKind::Callback(7));
    says(&accepted, "accepted");
    let previews = [
        private_preview(fake, challenge.interaction.unwrap()).await,
        private_preview(fake, accept).await,
    ];
    assert!(previews.iter().all(|p| p.ephemeral), "{previews:?}");
    let fleets = previews.clone().map(|p| fleet_in(&p));
    for (user, preview) in [(&t.alice, &previews[0]), (&t.bob, &previews[1])] {
        let ready = t.click_on(user, preview, "ready").await;
        assert!(ready.ephemeral, "{ready:?}");
    }
    let start = t.wait_text("fires first").await;
    assert_eq!(start.kind, SentKind::Followup);
    assert!(!start.ephemeral && start.channel == Some(group.id));
    (fleets, crate::e2e::support::first_mention(start.text()))
}

#[tokio::test]
async fn a_whole_classic_match_in_a_group_dm_is_played_in_the_answers() {
    let t = Table::anywhere("38", &[]).await;
    let (fake, group) = (&t.fake, t.channel);
    let (fleets, first) = begin_in_answers(&t, 0).await;
    let second = t.other(first).id;
    let fleet_of = |id: u64| {
        if id == t.alice.id {
            &fleets[0]
        } else {
            &fleets[1]
        }
    };
    let cells = |fleet: &str| -> Vec<String> {
        Fleet::parse(Variant::Classic, fleet)
            .unwrap()
            .cells()
            .iter()
            .map(|c| c.to_string())
            .collect()
    };
    // The first player misses once, then the second sinks every ship, shot by shot.
    let water = ["A1", "J10", "E5", "F6", "B9"]
        .into_iter()
        .find(|c| !cells(fleet_of(second)).contains(&(*c).to_owned()))
        .unwrap();
    let miss = t.fire(t.user(first), water).await;
    assert_eq!(miss.kind, SentKind::Callback(4));
    assert!(!miss.ephemeral);
    says(&miss, &format!("**{water}**"));
    // Whose turn, until when: in every public answer.
    assert!(
        miss.text().contains(&format!("<@{second}>")) && miss.text().contains("<t:"),
        "{}",
        miss.text()
    );
    let targets = cells(fleet_of(first));
    for (n, cell) in targets.iter().enumerate() {
        let shot = t.fire(t.user(second), cell).await;
        assert_eq!(shot.kind, SentKind::Callback(4), "{shot:?}");
        assert!(!shot.ephemeral);
        says(&shot, &format!("**{cell}**"));
        assert!(!shot.attachments.is_empty(), "the target board");
        if n + 1 < targets.len() {
            assert!(
                shot.text().contains(&format!("<@{second}>")) && shot.text().contains("<t:"),
                "{}",
                shot.text()
            );
        } else {
            // The end: a public follow-up of the last shot, with the reveal.
            let end = fake
                .wait_for(
                    |rec| {
                        rec.replies_to(shot.interaction.unwrap())
                            .into_iter()
                            .find(|s| s.kind == SentKind::Followup)
                    },
                    REPLY,
                )
                .await;
            assert!(!end.ephemeral);
            says(&end, "destroyed every ship");
            assert!(!end.attachments.is_empty(), "the reveal");
        }
    }
    let public = public_texts(fake, group);
    assert!(public.iter().any(|p| p.contains("destroyed every ship")));
    // Nobody's fleet appears in public before the end.
    let end_at = public
        .iter()
        .position(|p| p.contains("destroyed every ship"))
        .unwrap();
    for text in &public[..end_at] {
        for fleet in &fleets {
            assert!(!text.contains(fleet.as_str()), "{text}");
        }
    }
    only_answers(fake, group);
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    // A rematch from the end's button: the second click starts it, publicly, and its
    // clicker's preview is a private follow-up of that click.
    let end = fake
        .channel_messages(group)
        .into_iter()
        .find(|s| s.text().contains("destroyed every ship"))
        .unwrap();
    let rematch = button(&end, "rematch");
    let message = end.message_id.unwrap();
    let one = fake.click(t.user(first), group, message, &rematch);
    fake.wait_reply(one, REPLY).await;
    let two = fake.click(t.user(second), group, message, &rematch);
    let started = fake.wait_reply(two, REPLY).await;
    assert!(!started.ephemeral, "{started:?}");
    assert!(private_preview(fake, two).await.ephemeral);
    only_answers(fake, group);
}

/// The public follow-ups of interaction `id` that say `needle` (waits `wait` for one when
/// `wait` is set, else reads what is there).
async fn follow_ups_saying(
    fake: &FakeDiscord,
    id: InteractionId,
    needle: &str,
    wait: bool,
) -> Vec<Sent> {
    let found = |rec: &crate::e2e::support::fake::Recording| -> Vec<Sent> {
        rec.replies_to(id)
            .into_iter()
            .filter(|s| s.kind == SentKind::Followup && !s.ephemeral && s.text().contains(needle))
            .collect()
    };
    if wait {
        fake.wait_for(|rec| Some(found(rec)).filter(|f| !f.is_empty()), REPLY)
            .await
    } else {
        found(&fake.recording())
    }
}

/// Waits (bounded) until the table's bot has recorded the one ended match in the table's
/// channel as announced, by reading its database.
async fn end_recorded_as_shown(t: &Table) {
    use sqlx::Connection as _;
    let mut conn = sqlx::SqliteConnection::connect(&t.bot.database_url())
        .await
        .expect("the database");
    let channel = i64::try_from(t.channel.id).expect("a snowflake");
    let deadline = tokio::time::Instant::now() + REPLY;
    loop {
        let ends: Vec<bool> =
            sqlx::query_scalar("SELECT announced FROM matches WHERE channel_id = $1 AND NOT live")
                .bind(channel)
                .fetch_all(&mut conn)
                .await
                .expect("the ends");
        assert_eq!(ends.len(), 1, "one ended match in the channel");
        if ends[0] {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the end was shown but not recorded within {REPLY:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let _ = conn.close().await;
}

#[tokio::test]
async fn a_timeout_in_a_dm_is_sent_by_dm_and_shown_once_at_the_next_command_even_across_a_crash() {
    let mut t = Table::anywhere("38", &[("TURN_TIMEOUT_SECS", "1")]).await;
    t.channel = t.fake.dm_between(&t.alice, &t.bob);
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    // Nobody fires: the turn runs out with no interaction to answer. Both hear it by DM.
    let said = format!("<@{first}> let the turn run out");
    for user in [&t.alice, &t.bob] {
        t.fake
            .wait_sent(
                |d| d.kind == SentKind::Dm(user.id) && d.text().contains(&said),
                REPLY,
            )
            .await;
    }
    // The bot dies before anyone interacts again; the end is still waiting after it.
    t.restart().await;
    let status = t.fake.slash(&t.bob, t.channel, "status", json!([]));
    let shown = follow_ups_saying(&t.fake, status, &said, true).await;
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0].attachments.len(), 1, "the reveal");
    // Once: neither the other player's next command nor a further crash brings it back.
    let again = t.fake.slash(&t.alice, t.channel, "status", json!([]));
    t.fake.wait_reply(again, REPLY).await;
    // The bot records that the end was shown once Discord took the follow-up (a crash
    // before that brings it back: shown twice rather than never). The crash comes after.
    end_recorded_as_shown(&t).await;
    t.restart().await;
    let later = t.fake.slash(&t.alice, t.channel, "status", json!([]));
    t.fake.wait_reply(later, REPLY).await;
    // A moment for anything that would follow.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for id in [again, later] {
        assert!(
            follow_ups_saying(&t.fake, id, &said, false)
                .await
                .is_empty(),
            "{:?}",
            t.fake.replies_to(id)
        );
    }
    // The DMs went out once each, not again after the restarts.
    for user in [&t.alice, &t.bob] {
        let dms = t.fake.dms_to(user);
        assert_eq!(
            dms.iter().filter(|d| d.text().contains(&said)).count(),
            1,
            "{dms:?}"
        );
    }
    only_answers(&t.fake, t.channel);
}

#[tokio::test]
async fn where_answers_would_be_forced_private_no_match_is_started() {
    let t = Table::anywhere("38", &[]).await;
    let foreign = t.fake.foreign_channel();
    let opponent = json!([{"name": "opponent", "type": 6, "value": t.bob.id.to_string()}]);
    let id = t
        .fake
        .interaction(&t.alice, foreign)
        .external_apps_denied()
        .slash("challenge", opponent.clone());
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused.text().contains("Use External Apps") && refused.text().contains("admins"),
        "{}",
        refused.text()
    );
    assert!(refused.custom_ids().is_empty(), "no Accept button");
    // Nothing was opened: with the permission, the same challenge is public and says how
    // Bob can add the app (the user-install link).
    let id = t
        .fake
        .interaction(&t.alice, foreign)
        .user_install()
        .slash("challenge", opponent);
    let challenge = t.fake.wait_reply(id, REPLY).await;
    assert!(!challenge.ephemeral, "{challenge:?}");
    assert!(
        challenge.text().contains(&format!("<@{}>", t.bob.id))
            && challenge
                .text()
                .contains("scope=applications.commands&integration_type=1"),
        "{}",
        challenge.text()
    );
    button(&challenge, "accept");
    only_answers(&t.fake, foreign);
}

/// What the conversation `channel` shows everyone before the end of its match: the texts
/// and picture descriptions of every public message.
fn public_before_the_end(fake: &FakeDiscord, channel: crate::e2e::support::Channel) -> Vec<String> {
    let rec = fake.recording();
    rec.sent
        .iter()
        .filter(|s| s.is_message() && !s.ephemeral && s.channel == Some(channel.id))
        .take_while(|s| !s.text().contains("destroyed every ship"))
        .flat_map(|s| {
            let mut texts = vec![s.text().to_owned()];
            for list in [&s.body["attachments"], &s.body["data"]["attachments"]] {
                for a in list.as_array().into_iter().flatten() {
                    texts.extend(a["description"].as_str().map(str::to_owned));
                }
            }
            texts
        })
        .collect()
}

#[tokio::test]
async fn a_whole_game2000_match_in_a_group_dm_names_no_hidden_cell_in_public() {
    use crate::e2e::secrecy::{board, cells, named_cells, without_code};
    let t = Table::anywhere("38", &[]).await;
    let (fleets, first) = begin_in_answers(&t, 1).await;
    let second = t.other(first).id;
    let variant = Variant::Game2000;
    let fleet_of = |id: u64| {
        if id == t.alice.id {
            &fleets[0]
        } else {
            &fleets[1]
        }
    };
    // The first player sinks everything in five salvos; the second fires at water and has
    // the last salvo after the first's fleet-sinking one.
    let mut first_targets = cells(variant, fleet_of(second));
    let spare: Vec<String> = board(variant)
        .into_iter()
        .filter(|c| !first_targets.contains(c))
        .collect();
    first_targets.extend(spare.into_iter().take(15 - first_targets.len()));
    let second_targets: Vec<String> = board(variant)
        .into_iter()
        .filter(|c| !cells(variant, fleet_of(first)).contains(c))
        .collect();
    let mut fired = std::collections::BTreeSet::new();
    let mut last = None;
    for k in 0..5 {
        for (shooter, targets) in [(first, &first_targets), (second, &second_targets)] {
            let salvo = &targets[k * 3..k * 3 + 3];
            let shot = t.fire(t.user(shooter), &salvo.join(" ")).await;
            assert_eq!(shot.kind, SentKind::Callback(4), "{shot:?}");
            assert!(!shot.ephemeral, "{shot:?}");
            if !(k == 4 && shooter == second) {
                assert!(shot.text().contains("<t:"), "until when: {}", shot.text());
            }
            fired.extend(salvo.iter().cloned());
            last = shot.interaction;
        }
    }
    let end = follow_ups_saying(&t.fake, last.unwrap(), "destroyed every ship", true).await;
    assert!(
        end[0].text().contains(&format!("<@{first}>")),
        "{}",
        end[0].text()
    );
    let mut ships = cells(variant, &fleets[0]);
    ships.extend(cells(variant, &fleets[1]));
    let public = public_before_the_end(&t.fake, t.channel);
    assert!(public.len() > 10, "{public:?}");
    for text in &public {
        for cell in named_cells(&without_code(text)) {
            assert!(
                !ships.contains(&cell) || fired.contains(&cell),
                "{cell} is an unhit ship cell, named in public: {text}"
            );
        }
    }
    only_answers(&t.fake, t.channel);
}

#[tokio::test]
async fn a_group_dm_match_survives_a_sigkill_and_its_buttons_keep_working() {
    let mut t = Table::anywhere("38", &[]).await;
    let (fake, group) = (t.fake.clone(), t.channel);
    let challenge = t.challenge(&t.alice, &t.bob, group, 0).await;
    let accept = fake.click(
        &t.bob,
        group,
        challenge.message_id.unwrap(),
        &button(&challenge, "accept"),
    );
    fake.wait_reply(accept, REPLY).await;
    let previews = [
        private_preview(&fake, challenge.interaction.unwrap()).await,
        private_preview(&fake, accept).await,
    ];
    // Killed during placement: the previews' Ready buttons still work afterwards.
    t.restart().await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    t.click_on(&alice, &previews[0], "ready").await;
    let ready = fake.click(
        &bob,
        group,
        previews[1].message_id.unwrap(),
        &button(&previews[1], "ready"),
    );
    let start = follow_ups_saying(&fake, ready, "fires first", true).await;
    let first = crate::e2e::support::first_mention(start[0].text());
    // The note after the restart came with the next interaction, once, in public.
    let back = |fake: &FakeDiscord| -> Vec<Sent> {
        fake.channel_messages(group)
            .into_iter()
            .filter(|s| s.text().contains("placing fleets ends"))
            .collect()
    };
    let notes = back(&fake);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].kind == SentKind::Followup && !notes[0].ephemeral);
    let shot = t.fire(t.user(first), "E8").await;
    assert_eq!(shot.kind, SentKind::Callback(4), "{shot:?}");
    assert!(!shot.ephemeral);
    // A second crash mid-battle: the other player's turn goes on.
    t.restart().await;
    let next = if shot.text().contains("fires again") {
        first
    } else {
        t.other(first).id
    };
    let again = t.fire(t.user(next), "F9").await;
    assert_eq!(again.kind, SentKind::Callback(4), "{again:?}");
    says(&again, "**F9**");
    // The battle's note after the second crash comes with that next command, once.
    follow_ups_saying(
        &fake,
        again.interaction.unwrap(),
        "to move, the turn ends",
        true,
    )
    .await;
    let resumed = fake
        .channel_messages(group)
        .into_iter()
        .filter(|s| s.text().contains("to move, the turn ends"))
        .count();
    assert_eq!(resumed, 1, "{:?}", public_texts(&fake, group));
    assert_eq!(back(&fake).len(), 1, "the placement note never again");
    only_answers(&fake, group);
}

/// In the member's own DM with the bot nobody else sees the answers: a challenge to another
/// member is refused, privately, saying where to play; nothing is started, so the same
/// challenge in a group DM goes through.
#[tokio::test]
async fn a_challenge_to_a_member_in_the_bots_own_dm_is_refused() {
    let t = Table::anywhere("3811", &[]).await;
    // A DM the fake did not open as a group DM or a DM between users: the bot's own.
    let own = crate::e2e::support::Channel {
        id: 1_300_000_000_000_955_001,
        guild_id: None,
    };
    let opponent = json!([{"name": "opponent", "type": 6, "value": t.bob.id.to_string()}]);
    let id = t
        .fake
        .interaction(&t.alice, own)
        .user_install()
        .slash("challenge", opponent.clone());
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "Only you can see our DM");
    assert!(refused.custom_ids().is_empty(), "no Accept button");
    let group = t.fake.group_dm(&[&t.alice, &t.bob]);
    let id = t
        .fake
        .interaction(&t.alice, group)
        .slash("challenge", opponent);
    let challenge = t.fake.wait_reply(id, REPLY).await;
    assert!(!challenge.ephemeral, "{challenge:?}");
    says(&challenge, &format!("<@{}>", t.bob.id));
}

/// The computer's move in a group DM, when no answer can carry it (Discord refuses the
/// follow-up), goes to the member by DM; the bot never tries the channel, where it is no
/// member (issue 38 review: it used to try the channel first).
#[tokio::test]
async fn a_computer_move_no_answer_can_carry_goes_by_dm_and_never_to_the_channel() {
    let t = Table::anywhere("381", &[]).await;
    let (fake, group) = (&t.fake, t.channel);
    let reply = t.challenge_computer(1, 0).await;
    let bot = crate::e2e::support::payloads::BOT_USER_ID;
    let preview = private_preview(fake, reply.interaction.unwrap()).await;
    t.click_on(&t.alice, &preview, "ready").await;
    let start = t.wait_text("fires first").await;
    let computer_moves = |rec: &crate::e2e::support::fake::Recording| {
        rec.sent
            .iter()
            .filter(|s| s.text().contains(&format!("<@{bot}> fires at")))
            .cloned()
            .collect::<Vec<Sent>>()
    };
    if crate::e2e::support::first_mention(start.text()) == bot {
        fake.wait_for(|rec| computer_moves(rec).into_iter().next(), REPLY)
            .await;
    }
    let before = computer_moves(&fake.recording()).len();
    // From now on every follow-up is refused.
    fake.fail_route(Some("POST"), "webhooks/", 500, 0, None);
    let shot = t.fire(&t.alice, "A1 B1 C1").await;
    assert!(!shot.ephemeral, "{shot:?}");
    let by_dm = fake
        .wait_for(
            |rec| {
                computer_moves(rec)
                    .into_iter()
                    .skip(before)
                    .find(|s| s.kind == SentKind::Dm(t.alice.id))
            },
            REPLY,
        )
        .await;
    assert!(!by_dm.attachments.is_empty(), "the pictures go too");
    only_answers(fake, group);
}
