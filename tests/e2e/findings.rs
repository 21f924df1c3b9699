//! Issue 36 through the fake Discord: `/matches` lists only what the asker can see.

use crate::e2e::support::says;
use serde_json::{Value, json};

use crate::e2e::support;
use crate::fleets::{CLASSIC, CLASSIC_A, CLASSIC_B};
use support::payloads::{GUILD_ID, perm};
use support::read::button;
use support::table::{MEMBER, REPLY, Table, slash_in};
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
    says(&listed, "(1)");
    assert_eq!(seen, vec![t.channel.id], "{}", listed.text());
    // Staff see their channel too; a private thread is never listed, not even to those
    // who play in it.
    let (listed, seen) = matches(&t, &carol, t.channel).await;
    says(&listed, "(2)");
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
    says(&listed, "No match is being played");
}

/// Finding 10 of review s5: a member who keeps asking for `/matches` is refused past the
/// window (4 pages in 20 s), privately and told when to ask again; another member is still
/// served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_past_the_window_are_refused_privately_while_others_are_served() {
    let t = Table::new("5303", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    challenge(&t, &alice, &bob, t.channel).await;
    for ask in 0..4 {
        let (listed, seen) = matches(&t, &bob, t.channel).await;
        assert_eq!(seen, vec![t.channel.id], "ask {ask}: {}", listed.text());
    }
    let (refused, seen) = matches(&t, &bob, t.channel).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(seen.is_empty(), "{}", refused.text());
    says(&refused, "Ask again in");
    let (listed, seen) = matches(&t, &alice, t.channel).await;
    assert!(listed.ephemeral, "{listed:?}");
    assert_eq!(seen, vec![t.channel.id], "{}", listed.text());
}

/// Permissions of a member who may manage the server.
fn admin() -> String {
    (MEMBER.parse::<u64>().unwrap() | perm::MANAGE_GUILD).to_string()
}

/// Permissions of a moderator (a member who may manage messages).
const MODERATOR: &str = "2147494912";

/// Turns threads on for the server.
async fn threads_on(t: &Table) {
    let id = t
        .fake
        .interaction(&t.alice, t.channel)
        .permissions(&admin())
        .slash(
            "settings",
            json!([{"name": "set", "type": 1, "options": [
                {"name": "threads", "type": 5, "value": true}
            ]}]),
        );
    let on = t.fake.wait_reply(id, REPLY).await;
    says(&on, "Threads: **on**");
}

/// The match id the buttons of `sent` carry.
fn match_id(sent: &Sent) -> String {
    button(sent, "accept")
        .split(':')
        .nth(1)
        .expect("a match id")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_waiting_for_its_thread_is_seen_and_called_off_in_its_channel() {
    let t = Table::new("3602", &[]).await;
    threads_on(&t).await;
    challenge(&t, &t.alice, &t.bob, t.channel).await;
    // A spectator's /status in the channel shows it, in public.
    let carol = t.fake.user("carol");
    let status = slash_in(&t.fake, &carol, t.channel, "status", json!([])).await;
    assert!(!status.ephemeral, "{status:?}");
    says(&status, &format!("<@{}>", t.bob.id));
    // A moderator calls it off from the channel.
    let id = t
        .fake
        .interaction(&carol, t.channel)
        .permissions(MODERATOR)
        .slash("cancel", json!([]));
    let done = t.fake.wait_reply(id, REPLY).await;
    assert!(done.text().contains("cancelled"), "{done:?}");
    let gone = slash_in(&t.fake, &t.bob, t.channel, "status", json!([])).await;
    assert!(gone.ephemeral, "{gone:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_whose_thread_failed_is_watched_from_elsewhere_in_the_server() {
    let t = Table::new("3603", &[]).await;
    threads_on(&t).await;
    let other = t.fake.channel();
    t.fake.refuse_threads(other);
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let made = challenge(&t, &alice, &bob, other).await;
    let id = match_id(&made);
    support::table::click_in(&t.fake, &bob, other, &made, "accept").await;
    support::table::posted_in(&t.fake, other, "could not open a thread").await;
    for (user, fleet) in [(&alice, CLASSIC_A), (&bob, CLASSIC_B)] {
        let preview = slash_in(
            &t.fake,
            user,
            other,
            "place",
            json!([{"name": "fleet", "type": 3, "value": fleet}]),
        )
        .await;
        support::table::click_in(&t.fake, user, other, &preview, "ready").await;
    }
    let start = support::table::posted_in(&t.fake, other, "fires first").await;
    let first = support::read::first_mention(start.text());
    let (shooter, quitter) = if first == alice.id {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let shot = slash_in(
        &t.fake,
        shooter,
        other,
        "fire",
        json!([{"name": "targets", "type": 3, "value": "E5"}]),
    )
    .await;
    assert!(!shot.ephemeral, "{shot:?}");
    slash_in(&t.fake, quitter, other, "forfeit", json!([])).await;
    support::table::posted_in(&t.fake, other, "forfeits").await;
    // A member who sees that channel watches it from another one.
    let erin = t.fake.user("erin");
    assert!(t.fake.can_view(&erin, other));
    let asked = slash_in(
        &t.fake,
        &erin,
        t.channel,
        "replay",
        json!([{"name": "match", "type": 3, "value": id}]),
    )
    .await;
    let shown = t.fake.wait_picture_reply(asked.interaction, REPLY).await;
    assert!(!shown.attachments.is_empty(), "{shown:?}");
}

/// Polls `check` until it yields, for at most [`REPLY`].
async fn eventually<T>(mut check: impl FnMut() -> Option<T>) -> T {
    let until = std::time::Instant::now() + REPLY;
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(std::time::Instant::now() < until, "not within {REPLY:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_made_although_discord_answered_an_error_is_archived_with_a_pointer() {
    let t = Table::new("3604", &[]).await;
    threads_on(&t).await;
    let made = challenge(&t, &t.alice, &t.bob, t.channel).await;
    // Discord makes the thread, but its answer is lost (a server error).
    t.fake.lose_answers("/threads", 500, 1);
    support::table::click_in(&t.fake, &t.bob, t.channel, &made, "accept").await;
    support::table::posted_in(&t.fake, t.channel, "could not open a thread").await;
    // The thread nobody plays in says where the match is, and is archived (not deleted:
    // that needs Manage Threads).
    let orphan = eventually(|| t.fake.threads_by_bot().into_iter().find(|th| th.archived)).await;
    assert_eq!(orphan.parent, t.channel.id);
    let said: Vec<String> = t
        .fake
        .thread_messages(orphan.channel())
        .iter()
        .map(|s| s.text().to_owned())
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("not used"), "{said:?}");
    assert!(
        said[0].contains(&format!("<#{}>", t.channel.id)),
        "{said:?}"
    );
    let deletes = t
        .fake
        .recording()
        .sent
        .iter()
        .filter(|s| s.kind == support::SentKind::DeleteChannel)
        .count();
    assert_eq!(deletes, 0);
    // The match is played in the channel.
    let preview = slash_in(
        &t.fake,
        &t.alice,
        t.channel,
        "place",
        json!([{"name": "fleet", "type": 3, "value": CLASSIC_A}]),
    )
    .await;
    assert!(
        preview.ephemeral && !preview.components.is_empty(),
        "{preview:?}"
    );
}

/// `/settings set` with `options` by a member who manages the server; the answer.
async fn settings_set(t: &Table, admin_user: &User, options: Value) -> Sent {
    let id = t
        .fake
        .interaction(admin_user, t.channel)
        .permissions(&admin())
        .slash(
            "settings",
            json!([{"name": "set", "type": 1, "options": options}]),
        );
    t.fake.wait_reply(id, REPLY).await
}

/// Item 9: a rematch is checked against the server's settings as they are now, at each
/// click: a channel the admin removed, or a pace no longer allowed, ends the chain with a
/// private refusal that says where and how matches start; allowed again, it starts.
async fn rematches_follow_the_settings_of_now(t: &Table) {
    let (_, _, end) = t.short_match(CLASSIC).await;
    let carol = t.fake.user("carol");
    let other = t.fake.channel();
    let changed = settings_set(
        t,
        &carol,
        json!([{"name": "channels", "type": 3, "value": format!("<#{}>", other.id)}]),
    )
    .await;
    assert!(changed.ephemeral, "{changed:?}");
    for user in [&t.alice, &t.bob] {
        let refused = t.click_on(user, &end, "rematch").await;
        assert!(refused.ephemeral, "{refused:?}");
        assert!(
            refused
                .text()
                .contains("can no longer be started in this channel"),
            "{}",
            refused.text()
        );
        assert!(
            links(refused.text()).contains(&other.id),
            "{}",
            refused.text()
        );
    }
    // No rematch began (both clicked), nothing was said in public.
    let status = t.slash(&t.bob, "status", json!([])).await;
    assert!(status.ephemeral, "{status:?}");
    assert!(
        !t.fake
            .channel_messages(t.channel)
            .iter()
            .any(|s| s.text().contains("Rematch")),
        "a rematch was announced"
    );

    // The channel allowed again, but standard play no longer: refused for its pace.
    settings_set(
        t,
        &carol,
        json!([
            {"name": "channels", "type": 3, "value": "all"},
            {"name": "paces", "type": 3, "value": "blitz"}
        ]),
    )
    .await;
    let refused = t.click_on(&t.alice, &end, "rematch").await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused
            .text()
            .contains("no longer allows the Standard pace")
            && refused.text().contains("Blitz"),
        "{}",
        refused.text()
    );

    // Everything allowed again: the two clicks start it.
    settings_set(
        t,
        &carol,
        json!([{"name": "paces", "type": 3, "value": "blitz standard daily"}]),
    )
    .await;
    let waiting = t.click_on(&t.alice, &end, "rematch").await;
    assert!(!waiting.ephemeral, "{waiting:?}");
    let started = t.click_on(&t.bob, &end, "rematch").await;
    assert!(started.text().contains("Rematch"), "{started:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_follow_the_settings_of_now_on_sqlite() {
    let t = Table::new("3609", &[]).await;
    rematches_follow_the_settings_of_now(&t).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_follow_the_settings_of_now_on_postgres() {
    let Some(db) = crate::pg::PgDb::create("e2e_rematch_settings").await else {
        return;
    };
    let t = Table::new("3609", &[("DATABASE_URL", db.url.as_str())]).await;
    rematches_follow_the_settings_of_now(&t).await;
}

/// The GET requests to `guilds/…` the fake has answered or held so far (the guild and the
/// member a visibility check reads).
fn guild_reads(t: &Table) -> usize {
    t.fake
        .recording()
        .requests
        .iter()
        .filter(|r| r.method == "GET" && r.path.starts_with("guilds/"))
        .count()
}

/// `/replay match:<id>` by `user` in `channel`.
fn ask_replay(t: &Table, user: &User, channel: Channel, id: &str) -> support::InteractionId {
    t.fake
        .interaction(user, channel)
        .permissions(MEMBER)
        .slash("replay", json!([{"name": "match", "type": 3, "value": id}]))
}

/// The first answer to `asked` whose text contains `needle`, waiting up to `within`.
async fn answer_with(
    t: &Table,
    asked: support::InteractionId,
    needle: &str,
    within: std::time::Duration,
) -> Sent {
    t.fake
        .first_reply(asked, |s| s.text().contains(needle), within)
        .await
}

/// The first answer to `asked` (a callback is recorded only when it came in time).
async fn first_answer(t: &Table, asked: support::InteractionId) -> Sent {
    t.fake
        .wait_for(|rec| rec.replies_to(asked).into_iter().next(), REPLY)
        .await
}

/// The fake's `Delay` fault: the request is carried out and answered, only later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_answers_a_slow_route_late_but_in_full() {
    let fake = support::FakeDiscord::start().await;
    fake.without_bot();
    let http = serenity::all::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let user = fake.user("slow");
    fake.slow_route(
        Some("GET"),
        "guilds/",
        std::time::Duration::from_millis(1500),
    );
    let since = std::time::Instant::now();
    let member = http
        .get_member(GUILD_ID.into(), user.id.into())
        .await
        .expect("the member, late");
    assert!(since.elapsed() >= std::time::Duration::from_millis(1500));
    assert_eq!(member.user.id.get(), user.id);
    // Other routes are not held back.
    let channel = fake.channel();
    let since = std::time::Instant::now();
    http.get_channel(channel.id.into())
        .await
        .expect("the channel");
    assert!(since.elapsed() < std::time::Duration::from_secs(1));
}

/// Item 7: Discord slow to say who sees a channel (2 s for each of the two reads, past
/// the 3 s an interaction may wait for its first answer): a spectator's Replay click and
/// `/replay` are answered "thinking", privately, at once, and the replay follows, private;
/// a member who keeps asking is refused before Discord is asked again; and where Discord
/// never answers, the member is told so instead of waiting for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_answer_at_once_privately_and_ask_discord_a_few_times_only() {
    let t = Table::new("3607", &[]).await;
    let (_, _, end) = t.short_match(CLASSIC).await;
    let replay = button(&end, "replay");
    let id = replay.split(':').nth(1).expect("a match id").to_owned();
    let erin = t.fake.user("erin");
    // Asked from another channel than the match's: whether Erin sees the match's channel
    // is asked of Discord (the guild and the member).
    let lobby = t.fake.channel();
    t.fake
        .slow_route(Some("GET"), "guilds/", std::time::Duration::from_secs(2));

    let click = t
        .fake
        .click(&erin, lobby, end.message_id.unwrap_or(1), &replay);
    let first = first_answer(&t, click).await;
    assert_eq!(
        first.kind,
        support::SentKind::Callback(5),
        "{:?}",
        first.kind
    );
    assert!(first.ephemeral);
    let shown = t.fake.wait_picture_reply(Some(click), REPLY).await;
    assert!(
        shown.ephemeral && shown.text().contains(&id),
        "{}",
        shown.text()
    );

    let asked = ask_replay(&t, &erin, lobby, &id);
    let first = first_answer(&t, asked).await;
    assert_eq!(
        first.kind,
        support::SentKind::Callback(5),
        "{:?}",
        first.kind
    );
    assert!(first.ephemeral);
    let shown = t.fake.wait_picture_reply(Some(asked), REPLY).await;
    assert!(shown.ephemeral, "the replay is shown to the asker alone");

    // Three asks within seconds are answered (Discord answers at once now); a fourth is
    // refused, privately, and Discord is not asked again for it.
    t.fake.clear_faults();
    let gail = t.fake.user("gail");
    for _ in 0..3 {
        let asked = ask_replay(&t, &gail, lobby, &id);
        t.fake.wait_picture_reply(Some(asked), REPLY).await;
    }
    let reads = guild_reads(&t);
    assert!(
        reads >= 10,
        "each ask read the guild and the member: {reads}"
    );
    let fourth = ask_replay(&t, &gail, lobby, &id);
    let refused = answer_with(&t, fourth, "several replays", REPLY).await;
    assert!(
        refused.ephemeral && refused.attachments.is_empty(),
        "{}",
        refused.text()
    );
    assert_eq!(guild_reads(&t), reads, "Discord was asked again");

    // Discord does not answer at all: a clear private answer after a few seconds.
    t.fake.hang_route(Some("GET"), "guilds/");
    let frank = t.fake.user("frank");
    let asked = ask_replay(&t, &frank, lobby, &id);
    let first = first_answer(&t, asked).await;
    assert_eq!(
        first.kind,
        support::SentKind::Callback(5),
        "{:?}",
        first.kind
    );
    let told = answer_with(&t, asked, "Discord is slow", REPLY * 2).await;
    assert!(
        told.ephemeral && told.attachments.is_empty(),
        "{}",
        told.text()
    );
}

/// Item 10 (`PACE_SCALE=2880`: a daily turn of 30 s, its half after 15 s): the half-time
/// reminder's DM fails (Discord answers 500), and the reminder is not lost: it is marked
/// only once a DM went out, so it comes a moment later, and once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_whose_dm_failed_comes_a_moment_later_and_once() {
    let t = Table::new("3610", &[("PACE_SCALE", "2880")]).await;
    let made = slash_in(
        &t.fake,
        &t.alice,
        t.channel,
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": t.bob.id.to_string()},
            {"name": "pace", "type": 4, "value": 2}
        ]),
    )
    .await;
    says(&made, "Daily");
    t.click_on(&t.bob, &made, "accept").await;
    for (user, fleet) in [(&t.alice, CLASSIC_A), (&t.bob, CLASSIC_B)] {
        let preview = t.place(user, fleet).await;
        t.click_on(user, &preview, "ready").await;
    }
    let first = t.user(t.first_player().await).clone();
    // The next DM the bot opens fails.
    t.fake
        .fail_route(Some("POST"), "users/@me/channels", 500, 0, Some(1));
    let halves = || {
        t.fake
            .dms_to(&first)
            .into_iter()
            .filter(|s| s.text().contains("Half of your turn"))
            .count()
    };
    eventually_within(std::time::Duration::from_secs(25), || {
        (halves() == 1).then_some(())
    })
    .await;
    let failed = t
        .fake
        .failed_requests()
        .iter()
        .filter(|r| r.path.contains("users/@me/channels"))
        .count();
    assert_eq!(failed, 1, "the first DM failed");
    // The turn runs out (after the hour's reminder); the half one came once.
    eventually_within(std::time::Duration::from_secs(25), || {
        t.fake
            .channel_messages(t.channel)
            .iter()
            .any(|s| s.text().contains("let the turn run out"))
            .then_some(())
    })
    .await;
    assert_eq!(halves(), 1);
}

/// Polls `check` until it yields, for at most `wait`.
async fn eventually_within<T>(
    wait: std::time::Duration,
    mut check: impl FnMut() -> Option<T>,
) -> T {
    let until = std::time::Instant::now() + wait;
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(std::time::Instant::now() < until, "not within {wait:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
