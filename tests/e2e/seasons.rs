//! Rating seasons (issue 39) through the fake Discord: the settings, the season's
//! leaderboard and its choices, a season's end announced once with its champion on the
//! `/stats` card, and a past season's final table. Seasons are made short by the
//! testing-only `SEASON_SECONDS`.

use crate::e2e::support;
use crate::e2e::support::read::alt_of;
use crate::e2e::support::says;
use crate::fleets::CLASSIC;

use std::time::Duration;

use serde_json::{Value, json};
use support::Sent;
use support::table::{MEMBER, REPLY, Table};

/// An answer with its picture (a deferred answer is filled in later).
async fn with_picture(t: &Table, first: Sent) -> Sent {
    if first.attachments.is_empty() {
        t.fake.wait_picture_reply(first.interaction, REPLY).await
    } else {
        first
    }
}

/// `/settings set` by Alice, who may manage the server.
async fn set(t: &Table, options: Value) -> Sent {
    let id = t
        .fake
        .interaction(&t.alice, t.channel)
        .permissions(MEMBER)
        .manage_guild(true)
        .slash(
            "settings",
            json!([{"name": "set", "type": 1, "options": options}]),
        );
    t.fake.wait_reply(id, REPLY).await
}

/// Seasons on, monthly, announced in the table's channel.
async fn seasons_on(t: &Table) {
    let saved = set(
        t,
        json!([
            {"name": "season", "type": 4, "value": 1},
            {"name": "season_channel", "type": 3, "value": format!("<#{}>", t.channel.id)},
        ]),
    )
    .await;
    assert!(saved.ephemeral, "{saved:?}");
    assert!(
        saved.text().contains("Seasons: **Monthly**")
            && saved.text().contains(&format!("<#{}>", t.channel.id)),
        "{}",
        saved.text()
    );
}

/// Ends the open season of the table's server now, in the (stopped) bot's database: its
/// stored end, `length` after its start, is moved to this moment, which must be before it.
async fn end_season_now(t: &Table, length: Duration) {
    use sqlx::Connection as _;
    let url = t.bot.database_url();
    let mut conn = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("the database");
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis(),
    )
    .expect("a time in range");
    let (start, end): (i64, i64) =
        sqlx::query_as("SELECT start_ms, end_ms FROM seasons WHERE closed_ms IS NULL")
            .fetch_one(&mut conn)
            .await
            .expect("one open season");
    assert_eq!(
        u128::try_from(end - start).expect("an end after the start"),
        length.as_millis(),
        "the season lasts SEASON_SECONDS"
    );
    assert!(end > now, "the season ended already ({end} <= {now})");
    let changed = sqlx::query("UPDATE seasons SET end_ms = $1 WHERE closed_ms IS NULL")
        .bind(now)
        .execute(&mut conn)
        .await
        .expect("written")
        .rows_affected();
    assert_eq!(changed, 1);
    conn.close().await.expect("closed");
}

/// `/leaderboard` with `options`, with its picture.
async fn board(t: &Table, options: Value) -> Sent {
    let first = t.slash(&t.bob, "leaderboard", options).await;
    if first.ephemeral {
        return first;
    }
    with_picture(t, first).await
}

fn season(value: &str) -> Value {
    json!([{"name": "season", "type": 3, "value": value}])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_seasons_are_on_the_leaderboard_is_the_current_seasons() {
    let t = Table::new("391", &[("SEASON_SECONDS", "3600")]).await;
    // Off by default: the lifetime ranking, and `current` is refused.
    let shown = t.slash(&t.bob, "leaderboard", season("current")).await;
    assert!(shown.ephemeral, "{shown:?}");
    says(&shown, "Seasons are off");
    seasons_on(&t).await;
    t.short_match(CLASSIC).await;

    // The default is season 1, rated from the start (both began at 1500).
    let current = board(&t, json!([])).await;
    let alt = alt_of(&current);
    assert!(alt.starts_with("Season 1 ("), "{alt}");
    assert!(alt.contains("1662") && alt.contains("1338"), "{alt}");
    let named = board(&t, season("current")).await;
    assert!(
        alt_of(&named).starts_with("Season 1 ("),
        "{}",
        alt_of(&named)
    );
    // `all` is the lifetime ranking.
    let all = board(&t, season("all")).await;
    assert!(
        alt_of(&all).starts_with("Leaderboard of"),
        "{}",
        alt_of(&all)
    );
    // A season that does not exist: a private refusal.
    let unknown = t.slash(&t.bob, "leaderboard", season("7")).await;
    assert!(unknown.ephemeral, "{unknown:?}");
    says(&unknown, "no season");

    // The choices: current and all (no past season yet).
    seasons_offered(&t, vec![json!("current"), json!("all")]).await;
}

/// The seasons `/leaderboard` offers Bob as he starts typing one are `expected`.
async fn seasons_offered(t: &Table, expected: Vec<Value>) {
    let offered = t
        .fake
        .autocomplete(
            &t.bob,
            t.channel,
            "leaderboard",
            json!([{"name": "season", "type": 3, "value": "", "focused": true}]),
            REPLY,
        )
        .await;
    assert_eq!(offered.values(), expected, "{:?}", offered.choices);
}

/// The bot's messages in `channel` that contain `needle`.
fn posts_with(t: &Table, needle: &str) -> Vec<Sent> {
    t.fake
        .recording()
        .sent
        .iter()
        .filter(|s| {
            matches!(s.kind, support::SentKind::ChannelMessage)
                && s.channel == Some(t.channel.id)
                && s.text().contains(needle)
        })
        .cloned()
        .collect()
}

/// Issue 39, 3 and 4: five rated matches in a season of 60 s (`SEASON_SECONDS`); the bot
/// is down when the season ends (its stored end is brought forward while the bot is
/// down) and closes it on its return, with the table as of the end (a match after the
/// end counts for season 2); the end is announced once in the season
/// channel, naming and pinging the champion, also across another restart; the champion's
/// `/stats` card carries the title; `/leaderboard season:1` is the final table, and the
/// choices offer season 1 by number and name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_ends_once_with_its_champion() {
    const LENGTH: u64 = 60;
    let mut t = Table::new("392", &[("SEASON_SECONDS", "60")]).await;
    let started = std::time::Instant::now();
    seasons_on(&t).await;
    for _ in 0..5 {
        t.short_match(CLASSIC).await;
    }
    assert!(
        started.elapsed().as_secs() < LENGTH - 5,
        "five matches took {:?}: the season is too short for this machine",
        started.elapsed()
    );
    let before = board(&t, json!([])).await;
    let table = alt_of(&before);
    assert!(table.starts_with("Season 1 ("), "{table}");
    // Both played five: both established, the champion is ranked 1.
    let first = table
        .split(": 1. ")
        .nth(1)
        .expect("a first place")
        .to_owned();
    let champion = if first.starts_with(t.alice.name.as_str()) {
        t.alice.clone()
    } else {
        t.bob.clone()
    };
    assert!(first.starts_with(champion.name.as_str()), "{table}");

    // Down across the end: the season's stored end is brought forward to now, while the
    // bot is down, as if the rest of its 60 s had passed (rather than waiting them out).
    t.bot.signal("KILL");
    t.bot.wait_exit(support::table::START).await;
    end_season_now(&t, Duration::from_secs(LENGTH)).await;
    assert!(
        posts_with(&t, "is over").is_empty(),
        "nothing posted while down"
    );
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake
        .wait_ready_again(t.starts, support::table::START)
        .await;

    // Announced on return, once, naming and pinging the champion.
    let over = t.posted(t.channel, "is over").await;
    says(&over, "Season 1 ·");
    assert!(
        over.text()
            .contains(&format!("champion <@{}>", champion.id)),
        "{}",
        over.text()
    );
    says(&over, "5 matches played");
    assert_eq!(
        over.body["allowed_mentions"]["users"],
        json!([champion.id.to_string()]),
        "only the champion is pinged: {:?}",
        over.body
    );
    // A match after the end counts for season 2, not in season 1's final table.
    t.short_match(CLASSIC).await;
    t.restart().await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(posts_with(&t, "is over").len(), 1, "announced once");

    // The champion's card carries the title.
    let card = t.slash(&champion, "stats", json!([])).await;
    let card = with_picture(&t, card).await;
    assert!(alt_of(&card).contains("Champion, "), "{}", alt_of(&card));
    let other = t.slash(t.other(champion.id), "stats", json!([])).await;
    let other = with_picture(&t, other).await;
    assert!(!alt_of(&other).contains("Champion"), "{}", alt_of(&other));

    // Season 1's final table is the one before the end; the current one is season 2.
    let last = board(&t, season("1")).await;
    assert_eq!(alt_of(&last), table, "the table as of the end");
    let now = board(&t, json!([])).await;
    assert!(alt_of(&now).starts_with("Season 2 ("), "{}", alt_of(&now));
    seasons_offered(&t, vec![json!("current"), json!("all"), json!("1")]).await;
}
