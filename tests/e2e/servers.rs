//! Issue 25 through the fake Discord: `/settings` (who may, what it changes, that it
//! lasts), matches in threads of their own, paces and their deadlines, the reminders of
//! daily matches (once each, also across a restart), `/matches`.

use crate::e2e::support::read::alt_of;
use crate::e2e::support::says;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use crate::e2e::support;
use crate::fleets::{CLASSIC_A, CLASSIC_B};
use support::fake::{Channel, Sent, SentKind, User};
use support::payloads::GUILD_ID;
use support::read::{button, first_mention};
use support::table::{MEMBER, REPLY, Table, slash_in};

/// Permissions of a member who may manage the server (a plain member's, plus Manage Server).
fn admin() -> String {
    (MEMBER.parse::<u64>().unwrap() | support::payloads::perm::MANAGE_GUILD).to_string()
}

/// `/settings <sub> options…` by `user` in `channel`, with or without Manage Server.
async fn settings(
    t: &Table,
    user: &User,
    channel: Channel,
    manage: bool,
    sub: &str,
    options: Value,
) -> Sent {
    let id = t
        .fake
        .interaction(user, channel)
        .permissions(MEMBER)
        .manage_guild(manage)
        .slash(
            "settings",
            json!([{"name": sub, "type": 1, "options": options}]),
        );
    t.fake.wait_reply(id, REPLY).await
}

/// `/settings set` with `options` by Alice, who manages the server, in the table's channel.
async fn admin_sets(t: &Table, options: Value) -> Sent {
    settings(t, &t.alice, t.channel, true, "set", options).await
}

/// `/challenge` with `options` besides the opponent.
async fn challenge(
    t: &Table,
    from: &User,
    to: &User,
    channel: Channel,
    mut options: Vec<Value>,
) -> Sent {
    options.insert(
        0,
        json!({"name": "opponent", "type": 6, "value": to.id.to_string()}),
    );
    slash_in(&t.fake, from, channel, "challenge", Value::Array(options)).await
}

fn pace(value: u64) -> Value {
    json!({"name": "pace", "type": 4, "value": value})
}

/// Accept (a click on the challenge message in `channel`).
async fn accept(t: &Table, by: &User, channel: Channel, challenge: &Sent) -> Sent {
    let click = t.fake.click(
        by,
        channel,
        challenge.message_id.unwrap_or(1),
        &button(challenge, "accept"),
    );
    t.fake.wait_reply(click, REPLY).await
}

/// The first message the bot posted in `channel` (or thread) containing `needle` (waits
/// for it).
async fn posted(t: &Table, channel: Channel, needle: &str) -> Sent {
    t.fake
        .first_sent(
            |s| {
                matches!(
                    s.kind,
                    SentKind::ChannelMessage | SentKind::ThreadMessage(_)
                ) && s.channel == Some(channel.id)
                    && s.text().contains(needle)
            },
            REPLY,
        )
        .await
}

/// The Discord timestamps (`<t:SECS:…>`) in `text`.
fn timestamps(text: &str) -> Vec<u64> {
    text.split("<t:")
        .skip(1)
        .filter_map(|rest| rest.split(':').next()?.parse().ok())
        .collect()
}

/// Polls `check` (outside the fake's lock, so it may call the fake) until it yields,
/// for at most [`REPLY`].
async fn eventually<T>(check: impl FnMut() -> Option<T>) -> T {
    within(REPLY, check).await
}

/// Polls `check` like [`eventually`], for at most `wait`.
async fn within<T>(wait: Duration, mut check: impl FnMut() -> Option<T>) -> T {
    let until = std::time::Instant::now() + wait;
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(std::time::Instant::now() < until, "not within {wait:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(clippy::too_many_lines, reason = "one story, step by step")]
async fn settings_are_for_those_who_manage_the_server_and_last() {
    let mut t = Table::new("251", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let games = t.fake.channel();

    // A plain member is refused privately, whatever the registration let through.
    let refused = settings(&t, &bob, t.channel, false, "show", json!([])).await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "Manage Server");
    let refused = settings(
        &t,
        &bob,
        t.channel,
        false,
        "set",
        json!([{"name": "threads", "type": 5, "value": true}]),
    )
    .await;
    says(&refused, "Manage Server");

    // The defaults, shown privately to an admin.
    let shown = settings(&t, &alice, t.channel, true, "show", json!([])).await;
    assert!(shown.ephemeral);
    for line in [
        "**Classic",
        "Threads: **off**",
        "every channel",
        "Rated: **yes**",
        "**Standard**",
    ] {
        assert!(shown.text().contains(line), "{line}: {}", shown.text());
    }

    // Bad values are refused, say what is expected, and change nothing.
    let bad = admin_sets(
        &t,
        json!([{"name": "paces", "type": 3, "value": "blitz fast"}]),
    )
    .await;
    assert!(bad.ephemeral);
    says(&bad, "`blitz`, `standard` and `daily`");
    let bad = admin_sets(
        &t,
        json!([{"name": "channels", "type": 3, "value": "#games"}]),
    )
    .await;
    says(&bad, "is not a list of channels");
    let bad = settings(
        &t,
        &alice,
        t.channel,
        true,
        "set",
        json!([
            {"name": "pace", "type": 4, "value": 2},
            {"name": "paces", "type": 3, "value": "blitz standard"},
        ]),
    )
    .await;
    says(&bad, "must be one of the paces");

    // Several at once; in effect at once.
    let saved = settings(
        &t,
        &alice,
        t.channel,
        true,
        "set",
        json!([
            {"name": "default_rules", "type": 4, "value": 1},
            {"name": "forbid_repeats", "type": 5, "value": true},
            {"name": "paces", "type": 3, "value": "blitz standard"},
            {"name": "channels", "type": 3, "value": format!("<#{}>", games.id)},
        ]),
    )
    .await;
    says(&saved, "Saved");
    says(&saved, "**Game 2000");
    says(&saved, &format!("<#{}>", games.id));

    // A challenge elsewhere is refused privately, naming the channel allowed.
    let elsewhere = challenge(&t, &alice, &bob, t.channel, vec![]).await;
    assert!(elsewhere.ephemeral, "{elsewhere:?}");
    says(&elsewhere, &format!("<#{}>", games.id));
    // A pace not allowed is refused, naming those that are.
    let daily = challenge(&t, &alice, &bob, games, vec![pace(2)]).await;
    assert!(daily.ephemeral, "{daily:?}");
    says(&daily, "Blitz, Standard");
    // Nothing was opened by the refusals: the allowed channel takes the server's rules.
    let made = challenge(&t, &alice, &bob, games, vec![]).await;
    assert!(!made.ephemeral, "{made:?}");
    says(&made, "Game 2000");
    says(&made, "fired at before");

    // They survive a restart.
    t.restart().await;
    let shown = settings(&t, &alice, t.channel, true, "show", json!([])).await;
    says(&shown, "**Game 2000");
    says(&shown, &format!("<#{}>", games.id));

    // Reset asks first; the button puts the defaults back.
    let asked = settings(&t, &alice, t.channel, true, "reset", json!([])).await;
    assert!(asked.ephemeral);
    let shown_before = settings(&t, &alice, t.channel, true, "show", json!([])).await;
    assert!(
        shown_before.text().contains("**Game 2000"),
        "asking changes nothing"
    );
    // The click is checked again: a member who lost Manage Server meanwhile is refused.
    let click = t
        .fake
        .interaction(&alice, t.channel)
        .permissions(MEMBER)
        .click(asked.message_id.unwrap_or(1), &button(&asked, "reset"));
    let refused = t.fake.wait_reply(click, REPLY).await;
    says(&refused, "Manage Server");
    let click = t
        .fake
        .interaction(&alice, t.channel)
        .permissions(&admin())
        .click(asked.message_id.unwrap_or(1), &button(&asked, "reset"));
    let done = t.fake.wait_reply(click, REPLY).await;
    says(&done, "back to its default");
    let shown = settings(&t, &alice, t.channel, true, "show", json!([])).await;
    says(&shown, "**Classic");
    says(&shown, "every channel");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_matches_in_two_threads_of_one_channel_end_each_in_its_own() {
    let t = Table::new("252", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let (carol, dave) = (t.fake.user("carol"), t.fake.user("dave"));
    let on = admin_sets(&t, json!([{"name": "threads", "type": 5, "value": true}])).await;
    says(&on, "Threads: **on**");
    assert!(
        !on.text().contains("lack"),
        "the bot may open threads: {}",
        on.text()
    );

    // Both challenges wait in the channel at once, and each is accepted into a thread.
    let first = challenge(&t, &alice, &bob, t.channel, vec![]).await;
    let second = challenge(&t, &carol, &dave, t.channel, vec![]).await;
    assert!(
        !second.ephemeral,
        "a second challenge in the channel: {second:?}"
    );
    accept(&t, &bob, t.channel, &first).await;
    accept(&t, &dave, t.channel, &second).await;
    let threads = eventually(|| {
        let threads = t.fake.threads_by_bot();
        (threads.len() == 2).then_some(threads)
    })
    .await;
    for (thread, [a, b]) in threads.iter().zip([["alice", "bob"], ["carol", "dave"]]) {
        assert_eq!(thread.parent, t.channel.id);
        assert_eq!(thread.kind, 11, "a public thread");
        assert_eq!(thread.name, format!("{a} vs {b} · Classic"));
    }
    let homes: [Channel; 2] = [0, 1].map(|k| Channel::in_guild(GUILD_ID, threads[k].id));
    // Everything after Accept goes to the thread; the players are greeted (and added) there.
    for home in homes {
        let greeting = posted(&t, home, "place their fleets").await;
        says(&greeting, "<@");
    }

    // Both battles, placed from the threads.
    for (home, [x, y]) in homes.iter().zip([[&alice, &bob], [&carol, &dave]]) {
        t.place_and_ready(x, *home, CLASSIC_A).await;
        t.place_and_ready(y, *home, CLASSIC_B).await;
        posted(&t, *home, "fires first").await;
    }
    // A shot in a thread is the thread's match; a shot in the parent is nobody's.
    let start = posted(&t, homes[0], "fires first").await;
    let shooter = if first_mention(start.text()) == alice.id {
        &alice
    } else {
        &bob
    };
    let shot = slash_in(
        &t.fake,
        shooter,
        homes[0],
        "fire",
        json!([{"name": "targets", "type": 3, "value": "E7"}]),
    )
    .await;
    assert!(!shot.ephemeral, "{shot:?}");
    assert_eq!(shot.channel, Some(homes[0].id));
    let nowhere = slash_in(
        &t.fake,
        shooter,
        t.channel,
        "fire",
        json!([{"name": "targets", "type": 3, "value": "E8"}]),
    )
    .await;
    assert!(nowhere.ephemeral, "{nowhere:?}");

    // Each ends in its own thread: the result there, one line in the parent, then archived.
    for (home, quitter) in homes.iter().zip([&bob, &dave]) {
        slash_in(&t.fake, quitter, *home, "forfeit", json!([])).await;
        let end = posted(&t, *home, "forfeits").await;
        says(&end, "forfeits");
        let summary = posted(&t, t.channel, &format!("<#{}>", home.id)).await;
        says(&summary, "beat");
        let archived = eventually(|| t.fake.thread_state(*home).filter(|th| th.archived)).await;
        assert!(!archived.locked, "locking needs Manage Threads");
    }
    // The thread saw its match and nothing of the other.
    let in_first: Vec<String> = t
        .fake
        .thread_messages(homes[0])
        .iter()
        .map(|s| s.text().to_owned())
        .collect();
    assert!(
        in_first
            .iter()
            .all(|m| !m.contains(&format!("<@{}>", carol.id))),
        "{in_first:?}"
    );
    // The archive came after the last post (a post would unarchive it).
    let rec = t.fake.recording();
    let last_post = rec
        .sent
        .iter()
        .rposition(|s| s.channel == Some(homes[1].id) && s.is_message())
        .unwrap();
    let archive = rec
        .sent
        .iter()
        .rposition(|s| s.kind == SentKind::EditChannel && s.channel == Some(homes[1].id))
        .expect("archived by a PATCH");
    assert!(archive > last_post);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_thread_permission_the_match_is_played_in_the_channel() {
    let t = Table::new("253", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    admin_sets(&t, json!([{"name": "threads", "type": 5, "value": true}])).await;
    // The bot lacks Create Public Threads here (as Discord reports it in the interaction).
    let without: u64 = support::payloads::APP_PERMISSIONS.parse::<u64>().unwrap()
        & !support::payloads::perm::CREATE_PUBLIC_THREADS;
    let id = t
        .fake
        .interaction(&alice, t.channel)
        .permissions(&admin())
        .app_permissions(&without.to_string())
        .slash(
            "settings",
            json!([{"name": "show", "type": 1, "options": []}]),
        );
    let shown = t.fake.wait_reply(id, REPLY).await;
    says(&shown, "I lack **Create Public Threads**");
    let id = t
        .fake
        .interaction(&alice, t.channel)
        .permissions(MEMBER)
        .app_permissions(&without.to_string())
        .slash(
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()}]),
        );
    let made = t.fake.wait_reply(id, REPLY).await;
    assert!(!made.ephemeral);
    // The challenger alone is told why, once.
    let told = t
        .fake
        .first_reply(
            id,
            |s| s.ephemeral && s.text().contains("Create Public Threads"),
            REPLY,
        )
        .await;
    says(&told, "played here in the channel");
    accept(&t, &bob, t.channel, &made).await;
    t.place_and_ready(&alice, t.channel, CLASSIC_A).await;
    t.place_and_ready(&bob, t.channel, CLASSIC_B).await;
    posted(&t, t.channel, "fires first").await;
    assert!(t.fake.threads_by_bot().is_empty());

    // Where Discord refuses the thread although the permission seemed there (403 / 50013),
    // the match is played in the channel too, and the channel is told.
    let other = t.fake.channel();
    t.fake.refuse_threads(other);
    let (carol, dave) = (t.fake.user("carol"), t.fake.user("dave"));
    let made = challenge(&t, &carol, &dave, other, vec![]).await;
    accept(&t, &dave, other, &made).await;
    posted(&t, other, "could not open a thread").await;
    t.place_and_ready(&carol, other, CLASSIC_A).await;
    t.place_and_ready(&dave, other, CLASSIC_B).await;
    posted(&t, other, "fires first").await;
    assert!(t.fake.threads_by_bot().is_empty());
}

/// Alice challenges Bob in `channel` at `pace`, Accept, placement; returns the battle's
/// start message.
async fn battle_at(t: &Table, channel: Channel, pace_value: u64) -> Sent {
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let made = challenge(t, &alice, &bob, channel, vec![pace(pace_value)]).await;
    assert!(!made.ephemeral, "{made:?}");
    accept(t, &bob, channel, &made).await;
    t.place_and_ready(&alice, channel, CLASSIC_A).await;
    t.place_and_ready(&bob, channel, CLASSIC_B).await;
    posted(t, channel, "fires first").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blitz_and_daily_matches_show_their_deadlines() {
    let t = Table::new("254", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    // Blitz: two minutes to answer, one minute a turn.
    let made = challenge(&t, &alice, &bob, t.channel, vec![pace(0)]).await;
    let asked = now_secs();
    says(&made, "Blitz");
    let answer_by = timestamps(made.text());
    assert!(
        answer_by.iter().any(|&s| s.abs_diff(asked + 120) <= 3),
        "{answer_by:?} {}",
        made.text()
    );
    slash_in(&t.fake, &alice, t.channel, "cancel", json!([])).await;
    let blitz = t.fake.channel();
    paced_battle(&t, &alice, blitz, 0, 60, "Blitz").await;
    slash_in(&t.fake, &alice, blitz, "forfeit", json!([])).await;
    posted(&t, blitz, "forfeits").await;

    // Daily: a day for everything.
    let daily = t.fake.channel();
    paced_battle(&t, &bob, daily, 2, 86_400, "Daily").await;
}

/// A battle at the pace chosen by `choice` in `channel`: its start shows a turn of `turn`
/// seconds and the pace's `name`, and so does `/status` asked by `asker`.
async fn paced_battle(
    t: &Table,
    asker: &User,
    channel: Channel,
    choice: u64,
    turn: u64,
    name: &str,
) {
    let start = battle_at(t, channel, choice).await;
    let started = now_secs();
    let turn_ends = timestamps(start.text());
    assert!(
        turn_ends.iter().any(|&s| s.abs_diff(started + turn) <= 3),
        "{turn_ends:?} {}",
        start.text()
    );
    says(&start, name);
    // /status says the pace too.
    let status = slash_in(&t.fake, asker, channel, "status", json!([])).await;
    says(&status, name);
}

/// Reminder DMs to `user` so far.
fn reminders(t: &Table, user: &User) -> Vec<Sent> {
    t.fake
        .dms_to(user)
        .into_iter()
        .filter(|s| s.text().contains("⏰"))
        .collect()
}

/// Waits (up to 40 s) for the end of the table's match by a turn that ran out.
async fn ran_out(t: &Table) {
    t.fake
        .first_sent(
            |s| s.channel == Some(t.channel.id) && s.text().contains("let the turn run out"),
            Duration::from_secs(40),
        )
        .await;
}

/// The last answer with text to the interaction `first` answers (a deferred one is filled
/// in later).
async fn in_full(t: &Table, first: Sent) -> Sent {
    let id = first.interaction.expect("an answer");
    t.fake
        .wait_for(
            |rec| {
                rec.replies_to(id)
                    .into_iter()
                    .rfind(|s| !s.text().is_empty() || !s.attachments.is_empty())
            },
            REPLY,
        )
        .await
}

/// `PACE_SCALE=2880`: a daily turn lasts 30 s, half of it is left after 15 s, and "an hour
/// before the end" is 1.25 s before it. A restart gives back what was left at the last
/// heartbeat (every 5 s), at least a minute but never more than a whole turn.
const SCALED: [(&str, &str); 1] = [("PACE_SCALE", "2880")];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_turn_reminds_once_at_half_and_once_an_hour_before_even_across_a_restart() {
    let mut t = Table::new("255", &SCALED).await;
    let start = battle_at(&t, t.channel, 2).await;
    let started = std::time::Instant::now();
    let first = t.user(first_mention(start.text())).clone();
    let other = t.other(first.id).clone();
    let start_id = start.message_id.expect("a channel post");

    // Half of the turn: one DM to the player to move, with a link to the start message.
    let half = within(Duration::from_secs(25), || {
        reminders(&t, &first).first().cloned()
    })
    .await;
    let at = started.elapsed();
    assert!(at >= Duration::from_secs(13), "too early: {at:?}");
    says(&half, "Half of your turn");
    assert!(
        half.text().contains(&format!(
            "https://discord.com/channels/{GUILD_ID}/{}/{start_id}",
            t.channel.id
        )),
        "{}",
        half.text()
    );
    assert!(!half.components.is_empty(), "a button turns reminders off");

    // A restart before the hour's reminder sends the half one again never. (The DM goes
    // before its mark is written, so that a reminder is never lost: a kill between the two
    // would send it again, by design. Wait for the mark, then kill.)
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while half_marked(&t).await.is_none() {
        assert!(
            std::time::Instant::now() < until,
            "the half reminder was never marked"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    t.restart().await;
    let hour = within(Duration::from_secs(30), || {
        reminders(&t, &first).get(1).cloned()
    })
    .await;
    says(&hour, "within the hour");
    assert!(
        started.elapsed() >= Duration::from_secs(27),
        "{:?}",
        started.elapsed()
    );
    // The turn runs out: a skipped turn loses. By then each reminder came once.
    ran_out(&t).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(reminders(&t, &first).len(), 2);
    assert!(reminders(&t, &other).is_empty(), "only the player to move");
}

/// `Some` once the bot has marked a half-turn reminder as sent in its database.
async fn half_marked(t: &Table) -> Option<()> {
    use sqlx::Connection;
    let url = t.bot.database_url();
    let mut conn = sqlx::SqliteConnection::connect(&url).await.ok()?;
    let marked: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM reminder_outbox WHERE which = 'half' AND taken_ms = $1",
    )
    .bind(i64::MAX)
    .fetch_one(&mut conn)
    .await
    .ok()?;
    (marked > 0).then_some(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_turned_reminders_off_gets_none() {
    let t = Table::new("256", &SCALED).await;
    // Both turn them off, one by the command and one by the command again turned on and off.
    for user in [&t.alice, &t.bob] {
        let off = slash_in(
            &t.fake,
            user,
            t.channel,
            "reminders",
            json!([{"name": "on", "type": 5, "value": false}]),
        )
        .await;
        assert!(off.ephemeral, "{off:?}");
    }
    let start = battle_at(&t, t.channel, 2).await;
    let first = t.user(first_mention(start.text())).clone();
    ran_out(&t).await;
    assert!(
        reminders(&t, &first).is_empty(),
        "{:?}",
        reminders(&t, &first)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_language_setting_overrides_the_servers_locale() {
    let t = Table::new("257", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    admin_sets(&t, json!([{"name": "language", "type": 4, "value": 3}])).await;
    // The server's locale is English, the challenger's too: the public text is Danish.
    let id = t
        .fake
        .interaction(&alice, t.channel)
        .permissions(MEMBER)
        .locale("en-US")
        .guild_locale("en-US")
        .slash(
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()}]),
        );
    let made = t.fake.wait_reply(id, REPLY).await;
    says(&made, "udfordrer");
    // Private answers keep the member's own language.
    let own = slash_in(&t.fake, &alice, t.channel, "place", json!([])).await;
    assert!(own.ephemeral);
    assert!(!own.text().contains("udfordr"), "{}", own.text());
    // Back to the server's own.
    admin_sets(&t, json!([{"name": "language", "type": 4, "value": 0}])).await;
    slash_in(&t.fake, &alice, t.channel, "cancel", json!([])).await;
    let made = challenge(&t, &alice, &bob, t.channel, vec![]).await;
    says(&made, "challenges");
}

/// A standard match in a channel of its own that the player not to move forfeits at once.
async fn short_match(t: &Table) {
    let channel = t.fake.channel();
    let start = battle_at(t, channel, 1).await;
    let first = first_mention(start.text());
    let quitter = t.other(first).clone();
    slash_in(&t.fake, &quitter, channel, "forfeit", json!([])).await;
    posted(t, channel, "forfeits").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unrated_server_leaves_ratings_untouched() {
    let t = Table::new("258", &[]).await;
    // The leaderboard's text after a match played with `rated` set so.
    let after_a_match = |rated: bool| {
        let t = &t;
        async move {
            let alice = t.alice.clone();
            let rated = json!([{"name": "rated", "type": 5, "value": rated}]);
            settings(t, &alice, t.channel, true, "set", rated).await;
            short_match(t).await;
            let board = slash_in(&t.fake, &alice, t.channel, "leaderboard", json!([])).await;
            alt_of(&in_full(t, board).await)
        }
    };
    let unrated = after_a_match(false).await;
    assert!(unrated.contains("Nobody has played a rated"), "{unrated}");
    // Rated again: the next match counts.
    let rated = after_a_match(true).await;
    assert!(!rated.contains("Nobody has played a rated"), "{rated}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_lists_the_live_matches_with_links() {
    let t = Table::new("259", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let empty = slash_in(&t.fake, &alice, t.channel, "matches", json!([])).await;
    says(&empty, "No match is being played");
    battle_at(&t, t.channel, 0).await;
    let other = t.fake.channel();
    let (carol, dave) = (t.fake.user("carol"), t.fake.user("dave"));
    challenge(&t, &carol, &dave, other, vec![pace(2)]).await;
    let listed = slash_in(&t.fake, &bob, t.channel, "matches", json!([])).await;
    assert!(
        listed.ephemeral,
        "privately: it lists only what the asker can see"
    );
    let text = listed.text();
    assert!(text.contains("(2)"), "{text}");
    assert!(text.contains(&format!("<#{}>", t.channel.id)), "{text}");
    assert!(text.contains(&format!("<#{}>", other.id)), "{text}");
    assert!(text.contains("Blitz") && text.contains("Daily"), "{text}");
    assert!(text.contains("to move"), "{text}");
    assert!(
        text.contains(&format!("waiting for <@{}>", dave.id)),
        "{text}"
    );
}
