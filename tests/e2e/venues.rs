//! Issue 50 item 2 through the fake Discord: a match against the computer in the member's
//! own DM with the bot is played in a DM-only venue. Its end, which no interaction brought
//! about, is posted there once, and the member's next command there does not show it again.

use std::time::Duration;

use serde_json::json;

use crate::e2e::support;
use support::fake::{Sent, SentKind};
use support::payloads::BOT_USER_ID;
use support::table::{REPLY, Table};

/// What the end of a match lost on time says.
const RAN_OUT: &str = "let the turn run out";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_end_in_the_bots_own_dm_is_shown_there_once() {
    let mut t = Table::new("502", &[("TURN_TIMEOUT_SECS", "1")]).await;
    t.channel = t.fake.dm(&t.alice);
    let asked = t.fake.slash(
        &t.alice,
        t.channel,
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": BOT_USER_ID.to_string()},
            {"name": "variant", "type": 4, "value": 0},
            {"name": "difficulty", "type": 4, "value": 0},
        ]),
    );
    let preview: Sent = t
        .fake
        .wait_for(
            |rec| {
                rec.replies_to(asked)
                    .into_iter()
                    .find(|s| s.ephemeral && s.custom_ids().iter().any(|c| c.contains(":ready:")))
            },
            REPLY,
        )
        .await;
    t.click_on(&t.alice, &preview, "ready").await;
    // Nobody fires: the member's turn runs out, with no interaction to answer.
    let ended = |rec: &support::fake::Recording| {
        rec.sent
            .iter()
            .filter(|s| s.kind == SentKind::Dm(t.alice.id) && s.text().contains(RAN_OUT))
            .count()
    };
    t.fake
        .wait_for(|rec| (ended(rec) > 0).then_some(()), REPLY)
        .await;
    // Her next command there shows the match as it is, and not the end again.
    let status = t.fake.slash(&t.alice, t.channel, "status", json!([]));
    t.fake.wait_reply(status, REPLY).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let again: Vec<Sent> = t
        .fake
        .replies_to(status)
        .into_iter()
        .filter(|s| s.text().contains(RAN_OUT))
        .collect();
    assert!(again.is_empty(), "{again:?}");
    assert_eq!(ended(&t.fake.recording()), 1, "posted once in her DM");
}
