//! Matches keep moving when Discord misbehaves: posts that hang or fail, answers that get
//! lost, permissions that are missing or taken away, and a dropped gateway connection.
//! Each test injects one fault into the fake and checks what the players get to see.

use crate::e2e::support;

use std::time::{Duration, Instant};

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use serde_json::json;
use support::table::{MEMBER, REPLY, START, Table};
use support::{SentKind, button};

/// Permission bits (see Discord's documentation).
const VIEW_CHANNEL: u64 = 1 << 10;
const SEND_MESSAGES: u64 = 1 << 11;
const EMBED_LINKS: u64 = 1 << 14;
const ATTACH_FILES: u64 = 1 << 15;
const SEND_IN_THREADS: u64 = 1 << 38;

#[tokio::test]
async fn a_channel_whose_posts_hang_never_delays_another_match() {
    // Requests may take 30 s before the bot gives up; the challenge lasts 2 s.
    let t = Table::new(
        "7",
        &[
            ("CHALLENGE_TIMEOUT_SECS", "2"),
            ("DISCORD_TIMEOUT_SECS", "30"),
        ],
    )
    .await;
    let stuck = t.channel;
    t.fake
        .hang_route(Some("POST"), &format!("channels/{}/messages", stuck.id));
    t.challenge(&t.alice, &t.bob, stuck, 0).await;
    // The stuck channel's challenge runs out first, so a sweep that waited for its
    // announcement would hold up the other one.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (carol, dave) = (t.fake.user("carol"), t.fake.user("dave"));
    let other = t.fake.channel();
    t.challenge(&carol, &dave, other, 0).await;
    let asked = Instant::now();
    // The stuck channel's expiry post hangs for 30 s; the other one's must not wait.
    let expired = t.posted(other, "expired").await;
    println!(
        "the other channel's 2 s challenge expired after {:.2} s while the first channel hung",
        asked.elapsed().as_secs_f64()
    );
    assert!(expired.text().contains(&format!("<@{}>", dave.id)));
}

#[tokio::test]
async fn a_shot_whose_answer_fails_is_posted_in_the_channel() {
    let t = Table::new("7", &[]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    t.fake.fail_callbacks(true);
    let id = t
        .fake
        .interaction(t.user(first), t.channel)
        .permissions(MEMBER)
        .slash(
            "fire",
            json!([{"name": "targets", "type": 3, "value": "E8"}]),
        );
    // The answer fails (as after the 3 s window); the shot counted, so the channel sees it,
    // with the next player pinged.
    let posted = t.posted(t.channel, "fires at **E8**").await;
    let next = t.other(first).id;
    assert!(
        posted.text().contains(&format!("<@{next}> to move")),
        "{posted:?}"
    );
    assert_eq!(
        posted.body["allowed_mentions"]["users"],
        json!([next.to_string()]),
        "{posted:?}"
    );
    assert!(!posted.attachments.is_empty(), "with the picture");
    let _ = id;
    // The match goes on.
    t.fake.fail_callbacks(false);
    let reply = t
        .slash_in(
            t.user(next),
            t.channel,
            "fire",
            json!([{"name": "targets", "type": 3, "value": "E8"}]),
        )
        .await;
    assert!(!reply.ephemeral, "{reply:?}");
}

#[tokio::test]
async fn an_accept_whose_update_fails_still_starts_the_placement() {
    let t = Table::new("7", &[]).await;
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    t.fake.fail_callbacks(true);
    t.fake
        .click(&t.bob, t.channel, 1, &button(&challenge, "accept"));
    let posted = t.posted(t.channel, "Challenge accepted").await;
    assert!(posted.text().contains(&format!("<@{}>", t.bob.id)));
    // Both fleet previews still go out by DM.
    for user in [&t.alice, &t.bob] {
        t.wait_dm(user).await;
    }
}

#[tokio::test]
async fn a_challenge_names_the_permissions_the_bot_lacks() {
    let t = Table::new("7", &[]).await;
    let challenge = |perms: u64, kind: u64| {
        t.fake
            .interaction(&t.alice, t.channel)
            .permissions(MEMBER)
            .app_permissions(&perms.to_string())
            .channel_kind(kind)
            .slash(
                "challenge",
                json!([{"name": "opponent", "type": 6, "value": t.bob.id.to_string()}]),
            )
    };
    let id = challenge(VIEW_CHANNEL | SEND_MESSAGES, 0);
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(refused.ephemeral, "{refused:?}");
    for name in ["Attach Files", "Embed Links"] {
        assert!(refused.text().contains(name), "{name}: {}", refused.text());
    }
    assert!(
        !refused.text().contains("View Channel"),
        "{}",
        refused.text()
    );
    // In a thread, Send Messages in Threads is what counts.
    let all_but_threads = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES;
    let id = challenge(all_but_threads, 11);
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(
        refused.ephemeral && refused.text().contains("Send Messages in Threads"),
        "{refused:?}"
    );
    // Nothing was opened: with every permission the challenge goes out, in a thread too.
    let id = challenge(all_but_threads | SEND_IN_THREADS, 11);
    let ok = t.fake.wait_reply(id, REPLY).await;
    assert!(!ok.ephemeral, "{ok:?}");
}

#[tokio::test]
async fn without_attach_files_the_end_is_posted_as_text() {
    let t = Table::new("7", &[]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    t.fake.refuse_files(t.channel);
    let done = t
        .slash_in(t.user(first), t.channel, "forfeit", json!([]))
        .await;
    assert!(done.ephemeral);
    let end = t.posted(t.channel, "forfeits").await;
    assert!(end.attachments.is_empty(), "text only: {end:?}");
}

#[tokio::test]
async fn a_post_whose_answer_is_lost_is_retried_and_shown_once() {
    let t = Table::new("7", &[]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    // Discord creates the message but the answer is lost; the bot tries again.
    t.fake
        .lose_answers(&format!("channels/{}/messages", t.channel.id), 500, 1);
    t.slash_in(t.user(first), t.channel, "forfeit", json!([]))
        .await;
    t.posted(t.channel, "forfeits").await;
    // Give a careless retry time to show a second copy.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let copies = t
        .fake
        .channel_messages(t.channel)
        .iter()
        .filter(|s| s.text().contains("forfeits"))
        .count();
    assert_eq!(copies, 1);
    let tries = t
        .fake
        .recording()
        .requests
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == format!("channels/{}/messages", t.channel.id)
                && r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("forfeits"))
        })
        .count();
    assert!(tries >= 2, "the post was tried again ({tries})");
}

#[tokio::test]
async fn the_match_goes_on_after_the_gateway_drops() {
    let t = Table::new("7", &[]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    let (identifies, resumes) = t.fake.gateway_connections();
    t.fake.drop_gateway();
    t.fake
        .wait_for(
            |rec| (rec.identifies.len() + rec.resumes > identifies + resumes).then_some(()),
            START,
        )
        .await;
    let reply = t
        .slash_in(
            t.user(first),
            t.channel,
            "fire",
            json!([{"name": "targets", "type": 3, "value": "E8"}]),
        )
        .await;
    assert!(
        !reply.ephemeral && reply.text().contains("fires at **E8**"),
        "{reply:?}"
    );
}

#[tokio::test]
async fn status_without_a_match_here_is_private() {
    let t = Table::new("7", &[]).await;
    t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    // Alice asks elsewhere: her match is not named there.
    let elsewhere = t.fake.channel();
    let status = t.slash_in(&t.alice, elsewhere, "status", json!([])).await;
    assert!(status.ephemeral, "{status:?}");
    assert!(!status.text().contains(&format!("<#{}>", t.channel.id)));
}

#[tokio::test]
async fn an_end_that_reaches_nobody_is_handed_over_at_the_next_command() {
    let t = Table::new("7", &[]).await;
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    let other = t.other(first).clone();
    // The bot lost its permissions in the channel, and both players' DMs are closed.
    t.fake.fail_route(
        Some("POST"),
        &format!("channels/{}/messages", t.channel.id),
        403,
        50013,
        None,
    );
    t.fake.set_dms_closed(&t.alice, true);
    t.fake.set_dms_closed(&t.bob, true);
    let forfeit = t
        .slash_in(t.user(first), t.channel, "forfeit", json!([]))
        .await;
    // The one who forfeited gets the end right after their own command's answer …
    let forfeit = forfeit.interaction;
    t.fake
        .first_sent(
            |s| s.interaction == forfeit && s.text().contains("forfeits"),
            REPLY,
        )
        .await;
    // … and the other player's next command (whatever it is) brings the news, privately.
    let id = t
        .fake
        .interaction(&other, t.channel)
        .permissions(MEMBER)
        .slash("rules", json!([]));
    let note = t
        .fake
        .first_sent(
            |s| s.interaction == Some(id) && s.text().contains("forfeits"),
            REPLY,
        )
        .await;
    assert!(note.ephemeral, "{note:?}");
}

#[tokio::test]
async fn answers_that_arrived_but_were_lost_are_not_shown_twice() {
    let t = Table::new("7", &[]).await;
    // The Accept update is carried out, but its answer is lost (500).
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    t.fake.lose_answers("/callback", 500, 1);
    let message = challenge.message_id.expect("the challenge message");
    let id = t
        .fake
        .click(&t.bob, t.channel, message, &button(&challenge, "accept"));
    t.fake.wait_reply(id, REPLY).await;
    // The previews go out; the "accepted" text is not posted a second time.
    for user in [&t.alice, &t.bob] {
        t.wait_dm(user).await;
    }
    let copies = t
        .fake
        .channel_messages(t.channel)
        .iter()
        .filter(|s| s.kind == SentKind::ChannelMessage && s.text().contains("Challenge accepted"))
        .count();
    assert_eq!(copies, 0, "the update did arrive: no fallback post");
}
