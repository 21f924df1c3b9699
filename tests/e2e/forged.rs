//! Issue 53 item 4 (review finding 6, second half) through the fake Discord: a click whose
//! custom id is not a button of the message it came with (a forged one: anyone may send
//! any custom id on any message) is answered privately and never edits that message, nor
//! changes anything. An end post and a sign-up keep what they said.

use serde_json::json;

use crate::e2e::support;
use crate::e2e::tournament::{admin, create_options, signup_button, tournament};
use crate::fleets::{CLASSIC_A, CLASSIC_B};
use support::fake::{InteractionId, SentKind};
use support::read::button;
use support::table::{REPLY, Table};

/// Click `id` was answered once, privately, as a button that no longer does anything.
async fn refused_privately(t: &Table, id: InteractionId) {
    let reply = t.fake.wait_reply(id, REPLY).await;
    assert_eq!(reply.kind, SentKind::Callback(4), "{reply:?}");
    assert!(reply.ephemeral, "{reply:?}");
    assert!(reply.text().contains("no longer"), "{}", reply.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_button_on_an_end_post_or_a_signup_is_refused_privately_and_replaces_nothing() {
    let t = Table::new("534", &[]).await;
    // A public end post (Alice and Bob), a sign-up, and a challenge of Carol to Dave.
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    t.slash(t.other(first), "forfeit", json!([])).await;
    let end = t.posted(t.channel, "forfeits").await;
    let end_message = end.message_id.expect("the end post's id");
    let signup = tournament(
        &t.fake,
        &t.alice,
        t.channel,
        &admin(),
        "create",
        create_options("Cup", 3, 8),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    let signup_message = signup.message_id.expect("the sign-up's id");
    let carol = t.fake.user("carol");
    let dave = t.fake.user("dave");
    let challenge = t.challenge(&carol, &dave, t.channel, 0).await;
    let (end_before, signup_before) = (
        t.fake.message(end_message).expect("the end post is kept"),
        t.fake.message(signup_message).expect("the sign-up is kept"),
    );

    // Each button forged onto a message it is not on.
    let accept = button(&challenge, "accept");
    let join = signup_button(&signup, "join");
    let page = format!("bs:0:board:classic.0.{}", carol.id);
    let forged = [
        t.fake.click(&dave, t.channel, signup_message, &accept),
        t.fake.click(&carol, t.channel, end_message, &join),
        t.fake.click(&carol, t.channel, end_message, &page),
        t.fake.click(&dave, t.channel, end_message, &accept),
    ];
    for id in forged {
        refused_privately(&t, id).await;
    }
    // A moment for anything that would follow.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for id in forged {
        let replies = t.fake.replies_to(id);
        assert_eq!(replies.len(), 1, "one private answer only: {replies:?}");
    }
    assert_eq!(
        t.fake.message(end_message),
        Some(end_before),
        "the end post"
    );
    assert_eq!(
        t.fake.message(signup_message),
        Some(signup_before),
        "the sign-up"
    );

    // Nothing changed: the challenge still waits for Dave, and its own Accept starts it.
    let accepted = t.click_on(&dave, &challenge, "accept").await;
    assert_eq!(accepted.kind, SentKind::Callback(7), "{accepted:?}");
    assert!(accepted.custom_ids().is_empty(), "{accepted:?}");
}
