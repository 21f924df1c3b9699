//! Play anywhere (issue 38): the bot as a user-installable app, through the fake's
//! user-installed interactions. Commands are registered globally here (no `DEV_GUILD_ID`):
//! Discord applies installation types and contexts to global commands only, and the fake
//! then offers each command only where its registration says.

use std::time::Duration;

use broadside::game::{Fleet, Variant};
use serde_json::json;

use crate::support::table::Table;
use crate::support::{
    BotProcess, FakeDiscord, InteractionId, Scope, Sent, SentKind, Undelivered, button,
};

const START: Duration = Duration::from_secs(30);
/// Two classic fleets.
const CLASSIC_A: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
const CLASSIC_B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";
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

/// The private fleet preview (with its Ready button) that answers interaction `id` as a
/// follow-up.
async fn private_preview(fake: &FakeDiscord, id: InteractionId) -> Sent {
    fake.wait_for(
        |rec| {
            rec.replies_to(id).into_iter().find(|s| {
                s.kind == SentKind::Followup
                    && !s.attachments.is_empty()
                    && s.custom_ids().iter().any(|c| c.contains(":ready:"))
            })
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
fn public_texts(fake: &FakeDiscord, channel: crate::support::Channel) -> Vec<String> {
    fake.channel_messages(channel)
        .iter()
        .filter(|s| !s.ephemeral)
        .map(|s| s.text().to_owned())
        .collect()
}

/// Nothing was posted, and nothing tried, outside the answers to interactions; no answer
/// went beyond five follow-ups.
fn only_answers(fake: &FakeDiscord, channel: crate::support::Channel) {
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
    assert!(accepted.text().contains("accepted"), "{}", accepted.text());
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
    (fleets, crate::support::first_mention(start.text()))
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
    assert!(
        miss.text().contains(&format!("**{water}**")),
        "{}",
        miss.text()
    );
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
        assert!(
            shot.text().contains(&format!("**{cell}**")),
            "{}",
            shot.text()
        );
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
            assert!(
                end.text().contains("destroyed every ship"),
                "{}",
                end.text()
            );
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
    // The match is over: a new challenge is welcome in the group DM.
    let again = t.challenge(&t.bob, &t.alice, group, 0).await;
    assert!(!again.ephemeral, "{again:?}");
}

/// The public follow-ups of interaction `id` that say `needle` (waits `wait` for one when
/// `wait` is set, else reads what is there).
async fn follow_ups_saying(
    fake: &FakeDiscord,
    id: InteractionId,
    needle: &str,
    wait: bool,
) -> Vec<Sent> {
    let found = |rec: &crate::support::fake::Recording| -> Vec<Sent> {
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

#[tokio::test]
async fn a_timeout_in_a_dm_is_sent_by_dm_and_shown_once_at_the_next_command_even_across_a_crash() {
    let mut t = Table::anywhere("38", &[("TURN_TIMEOUT_SECS", "1")]).await;
    t.channel = t.fake.dm_between(&t.alice, &t.bob);
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    // Nobody fires: the turn runs out with no interaction to answer. Both hear it by DM.
    let said = format!("<@{first}> let the turn run out");
    for user in [&t.alice, &t.bob] {
        t.fake
            .wait_for(
                |rec| {
                    rec.sent
                        .iter()
                        .any(|d| d.kind == SentKind::Dm(user.id) && d.text().contains(&said))
                        .then_some(())
                },
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
