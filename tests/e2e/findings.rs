//! Issue 36 through the fake Discord: `/matches` lists only what the asker can see.

use serde_json::{Value, json};

use crate::support;
use support::payloads::{GUILD_ID, perm};
use support::read::button;
use support::table::{Table, slash_in};
use support::{Channel, Sent, Target, User};

/// `/challenge` of `to` by `from` in `channel` (the answer).
async fn challenge(t: &Table, from: &User, to: &User, channel: Channel) -> Sent {
    slash_in(
        &t.fake,
        from,
        channel,
        "challenge",
        json!([{"name": "opponent", "type": 6, "value": to.id.to_string()}]),
    )
    .await
}

/// The `<#…>` channel links in `text`.
fn links(text: &str) -> Vec<u64> {
    text.split("<#")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

/// `/matches` by `user` in `channel`: the answer and the channels it links to.
async fn matches(t: &Table, user: &User, channel: Channel) -> (Sent, Vec<u64>) {
    let listed = slash_in(&t.fake, user, channel, "matches", Value::Array(vec![])).await;
    let mut seen = links(listed.text());
    seen.sort_unstable();
    (listed, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_lists_only_what_the_asker_can_see_and_privately() {
    let t = Table::new("3601", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let [carol, dave, erin, frank] = ["carol", "dave", "erin", "frank"].map(|n| t.fake.user(n));
    // A public channel, a staff-only channel and a private thread, each with a challenge.
    challenge(&t, &alice, &bob, t.channel).await;
    let staff = t.fake.role(GUILD_ID, "staff", 0);
    t.fake.give_role(GUILD_ID, &carol, &staff);
    t.fake.give_role(GUILD_ID, &dave, &staff);
    let mods = t.fake.channel();
    t.fake.make_private(mods, &[Target::Role(staff.id)]);
    assert!(!t.fake.can_view(&bob, mods) && t.fake.can_view(&carol, mods));
    challenge(&t, &carol, &dave, mods).await;
    let secret = t.fake.thread(t.channel, "secret", 12);
    let made = challenge(&t, &erin, &frank, secret).await;
    assert!(button(&made, "accept").contains("accept"), "{made:?}");

    // A plain member sees the public match only, and nobody else sees the answer.
    let (listed, seen) = matches(&t, &bob, t.channel).await;
    assert!(listed.ephemeral, "{listed:?}");
    assert!(listed.text().contains("(1)"), "{}", listed.text());
    assert_eq!(seen, vec![t.channel.id], "{}", listed.text());
    // Staff see their channel too; a private thread is never listed, not even to those
    // who play in it.
    let (listed, seen) = matches(&t, &carol, t.channel).await;
    assert!(listed.text().contains("(2)"), "{}", listed.text());
    let mut both = vec![t.channel.id, mods.id];
    both.sort_unstable();
    assert_eq!(seen, both, "{}", listed.text());
    let (listed, seen) = matches(&t, &erin, secret).await;
    assert!(listed.ephemeral);
    assert_eq!(seen, vec![t.channel.id], "{}", listed.text());
    assert!(
        !listed.text().contains(&erin.id.to_string()),
        "{}",
        listed.text()
    );
    // Without View Channel anywhere, nothing is listed, and the answer says nothing of
    // what is hidden.
    let nobody = t.fake.user("nobody");
    let blind = t.fake.role(GUILD_ID, "blind", 0);
    t.fake.give_role(GUILD_ID, &nobody, &blind);
    t.fake
        .set_overwrite(t.channel, Target::Role(blind.id), 0, perm::VIEW_CHANNEL);
    let (listed, seen) = matches(&t, &nobody, t.channel).await;
    assert!(seen.is_empty(), "{}", listed.text());
    assert!(
        listed.text().contains("No match is being played"),
        "{}",
        listed.text()
    );
}
