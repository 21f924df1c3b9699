//! Issue 33 through the fake Discord: `/tournament` (who may create one, a full
//! tournament, joining twice), the sign-up message's buttons, and a round's matches opened
//! in threads of their own with both players pinged.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support;
use support::fake::{Channel, Sent, SentKind, User};
use support::table::{MEMBER, REPLY, Table};

/// Permissions of a member who may manage the server.
fn admin() -> String {
    (MEMBER.parse::<u64>().unwrap() | support::payloads::perm::MANAGE_GUILD).to_string()
}

/// `/tournament <sub> options…` by `user` in `channel`, with the given permissions.
async fn tournament(
    t: &Table,
    user: &User,
    channel: Channel,
    permissions: &str,
    sub: &str,
    options: Value,
) -> Sent {
    let id = t
        .fake
        .interaction(user, channel)
        .permissions(permissions)
        .slash(
            "tournament",
            json!([{"name": sub, "type": 1, "options": options}]),
        );
    t.fake.wait_reply(id, REPLY).await
}

/// The options of a Game 2000 blitz tournament of `rounds` rounds for `max` players.
fn create_options(name: &str, rounds: u64, max: u64) -> Value {
    json!([
        {"name": "name", "type": 3, "value": name},
        {"name": "rules", "type": 4, "value": 1},
        {"name": "rounds", "type": 4, "value": rounds},
        {"name": "pace", "type": 4, "value": 0},
        {"name": "max_players", "type": 4, "value": max},
    ])
}

/// The custom id of the sign-up message's `join` or `leave` button.
fn signup_button(sent: &Sent, what: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| id.starts_with(&format!("bs:0:tour:{what}.")))
        .unwrap_or_else(|| panic!("no {what} button on {sent:?}"))
}

/// A click on the sign-up message's `what` button by `user`; the first answer.
async fn click(t: &Table, user: &User, channel: Channel, signup: &Sent, what: &str) -> Vec<Sent> {
    let id = t.fake.click(
        user,
        channel,
        signup.message_id.unwrap_or(1),
        &signup_button(signup, what),
    );
    t.fake.wait_reply(id, REPLY).await;
    // The update of the message, then the private word to the clicker.
    t.fake
        .wait_for(
            |rec| {
                let replies = rec.replies_to(id);
                (replies.iter().filter(|s| s.is_message()).count() >= 2
                    || replies.iter().any(|s| s.ephemeral && s.is_message()))
                .then_some(replies)
            },
            REPLY,
        )
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(clippy::too_many_lines, reason = "one story, step by step")]
async fn who_may_create_full_tournaments_and_joining_twice_are_refused() {
    let t = Table::new("331", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let channel = t.channel;

    // A plain member may not create one: privately refused, whatever Discord let through.
    let refused = tournament(
        &t,
        &bob,
        channel,
        MEMBER,
        "create",
        create_options("Cup", 3, 4),
    )
    .await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused.text().contains("Manage Server"),
        "{}",
        refused.text()
    );

    // A bad start time is refused with examples.
    let mut options = create_options("Cup", 3, 4);
    options
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "starts", "type": 3, "value": "next week-ish"}));
    let bad = tournament(&t, &alice, channel, &admin(), "create", options).await;
    assert!(bad.ephemeral);
    assert!(bad.text().contains("tomorrow 20:00"), "{}", bad.text());

    // An admin creates it: a public sign-up message with Join and Leave.
    let signup = tournament(
        &t,
        &alice,
        channel,
        &admin(),
        "create",
        create_options("*Spring* @everyone Cup", 3, 4),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    for words in ["Game 2000", "3 rounds", "**0** of at most 4", "never fires"] {
        assert!(signup.text().contains(words), "{words}: {}", signup.text());
    }
    assert!(
        signup.text().contains("\\*Spring\\* \\@everyone Cup"),
        "the name is escaped: {}",
        signup.text()
    );
    let players: Vec<User> = (0..4).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t, p, channel, &signup, "join").await;
    }
    // Joining twice: refused privately.
    let twice = click(&t, &players[0], channel, &signup, "join").await;
    let said: Vec<&Sent> = twice.iter().filter(|s| s.is_message()).collect();
    assert!(
        said.iter()
            .any(|s| s.ephemeral && s.text().contains("already joined")),
        "{said:?}"
    );
    // Full.
    let late = t.fake.user("late");
    let full = click(&t, &late, channel, &signup, "join").await;
    assert!(
        full.iter()
            .any(|s| s.ephemeral && s.text().contains("is full")),
        "{full:?}"
    );
    // The sign-up message shows the count.
    let counted = t
        .fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .rev()
                    .find(|s| s.text().contains("**4** of at most 4"))
                    .cloned()
            },
            REPLY,
        )
        .await;
    assert!(counted.text().contains("Spring"));

    // Only the creator starts it; then round 1 opens two matches in threads.
    let not_yours = tournament(&t, &bob, channel, MEMBER, "start", json!([])).await;
    assert!(
        not_yours.text().contains("Only the member who created"),
        "{}",
        not_yours.text()
    );
    tournament(&t, &alice, channel, &admin(), "start", json!([])).await;
    // Polled outside the fake's lock (its thread list takes the lock itself).
    let until = std::time::Instant::now() + Duration::from_secs(20);
    let threads = loop {
        let made: Vec<_> = t
            .fake
            .threads_by_bot()
            .into_iter()
            .filter(|th| th.parent == channel.id)
            .collect();
        if made.len() == 2 {
            break made;
        }
        assert!(std::time::Instant::now() < until, "{}", t.fake.summary());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    for th in &threads {
        assert!(th.name.contains("R1"), "{}", th.name);
        let greeting = t
            .fake
            .wait_for(
                |rec| {
                    rec.sent
                        .iter()
                        .find(|s| {
                            s.kind == SentKind::ThreadMessage(channel.id)
                                && s.channel == Some(th.id)
                                && s.text().contains("fires first against")
                        })
                        .cloned()
                },
                REPLY,
            )
            .await;
        assert!(greeting.text().contains("round 1"), "{}", greeting.text());
        let pinged = greeting.body["allowed_mentions"]["users"]
            .as_array()
            .map_or(0, Vec::len);
        assert_eq!(pinged, 2, "both players are pinged: {}", greeting.body);
    }
    // The pairings are posted in the channel; joining now is refused.
    t.posted(channel, "round 1 of 3").await;
    let closed = tournament(&t, &late, channel, MEMBER, "join", json!([])).await;
    assert!(
        closed.text().contains("already started"),
        "{}",
        closed.text()
    );
    // The standings say who plays whom.
    let standings = tournament(&t, &late, channel, MEMBER, "standings", json!([])).await;
    assert!(!standings.ephemeral);
    assert!(
        standings.text().contains("standings after round 0"),
        "{}",
        standings.text()
    );
}
