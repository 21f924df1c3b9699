//! Shards in one process: with `SHARD_COUNT=auto` the bot takes Discord's recommendation
//! (`GET /gateway/bot`), identifies every shard, and serves servers of each shard, with DMs
//! (which Discord sends to shard 0) acting on a match whose server is on another shard.

use crate::e2e::support;
use crate::e2e::support::says;

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use serde_json::json;
use support::fake::{Channel, FakeDiscord};
use support::payloads::GUILD_ID;
use support::process::BotProcess;
use support::table::{START, Table};

/// The fake recommends `shards`; the bot runs with `SHARD_COUNT=setting`.
async fn sharded(shards: u64, setting: &str) -> Table {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(shards);
    let mut env = fake.bot_env();
    env.insert("BROADSIDE_SEED".into(), "81".into());
    env.insert("SHARD_COUNT".into(), setting.into());
    let bot = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    // Every shard has its session before anything is sent.
    fake.wait_shards(2, START).await;
    let (alice, bob, channel) = (fake.user("alice"), fake.user("bob"), fake.channel());
    Table::seated(fake, bot, env, [alice, bob], channel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_takes_the_recommended_shards_and_serves_every_one() {
    let t = sharded(2, "auto").await;
    let mut shards = t.fake.identified_shards();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);

    // A server on the other shard than the table's: its events go to that shard.
    let other_guild = GUILD_ID + (1 << 22);
    assert_ne!((GUILD_ID >> 22) % 2, (other_guild >> 22) % 2);
    let elsewhere = Channel::in_guild(other_guild, 1_300_000_000_000_900_001);

    // A match in each server, each played through commands routed to its own shard.
    let first = t.battle(0, [CLASSIC_A, CLASSIC_B]).await;
    let carol = t.fake.user("carol");
    let dave = t.fake.user("dave");
    let challenge = t.challenge(&carol, &dave, elsewhere, 0).await;
    assert!(challenge.text().contains("challenges"), "{challenge:?}");
    let accept = support::read::button(&challenge, "accept");
    let click = t
        .fake
        .click(&dave, elsewhere, challenge.message_id.unwrap_or(1), &accept);
    t.fake.wait_reply(click, support::table::REPLY).await;
    // Placement by DM (shard 0) for the match whose server is on shard 1.
    let dm = t.fake.dm(&carol);
    let preview = t
        .slash_in(
            &carol,
            dm,
            "place",
            json!([{"name": "fleet", "type": 3, "value": CLASSIC_A}]),
        )
        .await;
    assert!(preview.ephemeral, "{preview:?}");
    says(&preview, "A1-A4");

    // The first match goes on on its shard.
    let shot = t.fire(t.user(first), "E5").await;
    assert!(!shot.ephemeral, "{shot:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fixed_shard_count_is_used_as_given() {
    let t = sharded(1, "2").await;
    let mut shards = t.fake.identified_shards();
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);
    let help = t.slash(&t.alice, "help", json!([])).await;
    assert!(help.ephemeral);
}
