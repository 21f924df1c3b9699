//! Ratings, statistics, leaderboards, history, rematches and forgetting a member, through
//! the fake Discord.

use crate::e2e::support;
use crate::e2e::support::read::alt_of;
use crate::e2e::support::says;

use std::time::Duration;

use crate::fleets::{CLASSIC, CLASSIC_A, CLASSIC_B};
use serde_json::{Value, json};
use support::table::{MEMBER, REPLY, START, Table};
use support::{Sent, SentKind};

/// The PNG attachment of `sent`, decoded.
fn png_of(sent: &Sent) -> image::RgbaImage {
    let png = support::read::attachment(sent, "png");
    image::load_from_memory(&png.bytes)
        .expect("a PNG")
        .to_rgba8()
}

/// An answer with its picture (a deferred answer is filled in later).
async fn with_picture(t: &Table, first: Sent) -> Sent {
    if first.attachments.is_empty() {
        t.fake.wait_picture_reply(first.interaction, REPLY).await
    } else {
        first
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_match_shows_in_stats_leaderboard_and_history() {
    let t = Table::new("61", &[]).await;
    let (winner, _, end) = t.short_match(CLASSIC).await;
    let ids = end.custom_ids();
    assert!(ids.iter().any(|i| i.ends_with(":rematch")), "{ids:?}");
    assert!(ids.iter().any(|i| i.ends_with(":replay")), "{ids:?}");

    // /stats: a public card whose alt text carries the new rating (1662 after a first win).
    let card = t.slash(t.user(winner), "stats", json!([])).await;
    let card = with_picture(&t, card).await;
    assert!(!card.ephemeral, "{card:?}");
    let alt = alt_of(&card);
    assert!(alt.contains("1662") && alt.contains("provisional"), "{alt}");
    assert!(alt.contains("1 won"), "{alt}");
    let picture = png_of(&card);
    assert!(picture.width() > 300 && picture.height() > 200);

    // Private on request, and for another member.
    let private = t
        .slash(
            &t.alice,
            "stats",
            json!([
                {"name": "member", "type": 6, "value": t.other(winner).id.to_string()},
                {"name": "private", "type": 5, "value": true}
            ]),
        )
        .await;
    let private = with_picture(&t, private).await;
    assert!(private.ephemeral, "{private:?}");
    assert!(alt_of(&private).contains("1338"), "{}", alt_of(&private));
    assert!(alt_of(&private).contains("1 lost"), "{}", alt_of(&private));

    // /leaderboard: both members, the winner first, one page (no paging buttons).
    let board = t.slash(&t.bob, "leaderboard", json!([])).await;
    let board = with_picture(&t, board).await;
    assert!(!board.ephemeral);
    let alt = alt_of(&board);
    let (w, l) = (alt.find("1662").unwrap(), alt.find("1338").unwrap());
    assert!(w < l, "best first: {alt}");
    assert!(board.custom_ids().is_empty(), "{:?}", board.custom_ids());

    // /history: private, with the opponent, the result, how and the match id.
    let id = support::read::button(&end, "replay")
        .split(':')
        .nth(1)
        .unwrap()
        .to_owned();
    let history = t.slash(t.other(winner), "history", json!([])).await;
    assert!(history.ephemeral);
    let text = history.text();
    assert!(
        text.contains("lost") && text.contains("by forfeit"),
        "{text}"
    );
    assert!(text.contains(&id), "{text}");
    assert!(text.contains("<t:"), "{text}");

    // In a DM there is no server, hence no server's leaderboard: a clear private refusal.
    let dm = t.fake.dm(&t.alice);
    let refused = t
        .slash_in(
            &t.alice,
            dm,
            "leaderboard",
            json!([{"name": "scope", "type": 4, "value": 0}]),
        )
        .await;
    assert!(
        refused.ephemeral && refused.text().contains("server"),
        "{refused:?}"
    );
    // It says what works here instead.
    says(&refused, "scope:global");
}

/// `/privacy set leaderboard:<choice>` by `user` in `channel` (0 visible, 1 hidden).
async fn listed(t: &Table, user: &support::User, channel: support::Channel, choice: u64) -> Sent {
    t.slash_in(
        user,
        channel,
        "privacy",
        json!([{"name": "set", "type": 1, "options": [
            {"name": "leaderboard", "type": 4, "value": choice}
        ]}]),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_global_leaderboard_lists_only_members_who_chose_it() {
    let t = Table::new("67", &[]).await;
    let (winner, _, _) = t.short_match(CLASSIC).await;
    let (won, lost) = (t.user(winner), t.other(winner));
    let dm = t.fake.dm(won);

    // /stats works outside servers too: the winner's card in their DM.
    let card = with_picture(&t, t.slash_in(won, dm, "stats", json!([])).await).await;
    assert!(alt_of(&card).contains("1662"), "{}", alt_of(&card));

    // Nobody chose it yet: in a DM the default is the global board, empty, public, and
    // it says how to be listed.
    let empty = with_picture(&t, t.slash_in(won, dm, "leaderboard", json!([])).await).await;
    assert!(!empty.ephemeral, "{empty:?}");
    assert!(
        alt_of(&empty).contains("Nobody is on the global"),
        "{}",
        alt_of(&empty)
    );
    says(&empty, "leaderboard:visible");
    let info = |who| {
        t.slash_in(
            who,
            dm,
            "privacy",
            json!([{"name": "info", "type": 1, "options": []}]),
        )
    };
    assert!(info(won).await.text().contains("not listed"));

    // The winner chooses it, privately; the loser does not.
    let set = listed(&t, won, dm, 0).await;
    assert!(
        set.ephemeral && set.text().contains("now listed"),
        "{set:?}"
    );
    assert!(info(won).await.text().contains("**listed**"));
    let global = json!([{"name": "scope", "type": 4, "value": 1}]);
    for (who, place, options) in [(won, dm, json!([])), (lost, t.channel, global.clone())] {
        let board = with_picture(&t, t.slash_in(who, place, "leaderboard", options).await).await;
        assert!(!board.ephemeral, "{board:?}");
        let alt = alt_of(&board);
        assert!(alt.starts_with("Global"), "it says which board: {alt}");
        assert!(alt.contains("1662"), "the winner is listed: {alt}");
        assert!(!alt.contains("1338"), "the loser is not: {alt}");
        says(&board, "leaderboard:visible");
    }
    // The server's own board still lists both.
    let server = with_picture(&t, t.slash(lost, "leaderboard", json!([])).await).await;
    assert!(alt_of(&server).contains("1338") && alt_of(&server).contains("1662"));

    // The global board has no seasons: a private refusal that names what was given.
    let with_season = t
        .slash_in(
            won,
            dm,
            "leaderboard",
            json!([
                {"name": "scope", "type": 4, "value": 1},
                {"name": "season", "type": 3, "value": "3"}
            ]),
        )
        .await;
    assert!(
        with_season.ephemeral && with_season.text().contains("no seasons"),
        "{with_season:?}"
    );

    // Hidden again: off the global board at once.
    let hidden = listed(&t, won, dm, 1).await;
    assert!(
        hidden.ephemeral && hidden.text().contains("not listed"),
        "{hidden:?}"
    );
    let after = with_picture(&t, t.slash_in(lost, t.channel, "leaderboard", global).await).await;
    assert!(
        alt_of(&after).contains("Nobody is on the global"),
        "{}",
        alt_of(&after)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_starts_when_both_click_and_keeps_the_score() {
    let t = Table::new("62", &[]).await;
    let (winner, _, end) = t.short_match(CLASSIC).await;
    let loser = t.other(winner).id;
    // A stranger is refused privately.
    let carol = t.fake.user("carol");
    let message = end.message_id.unwrap_or(1);
    let button = support::read::button(&end, "rematch");
    let refused = t.fake.click(&carol, t.channel, message, &button);
    let refused = t.fake.wait_reply(refused, REPLY).await;
    assert!(refused.ephemeral, "{refused:?}");
    // One click: a public note that pings the other player.
    let first_click = t.click_on(t.user(winner), &end, "rematch").await;
    assert!(!first_click.ephemeral);
    says(&first_click, &format!("<@{loser}>"));
    assert_eq!(
        first_click.body["data"]["allowed_mentions"]["users"],
        json!([loser.to_string()])
    );
    // Clicking again only reminds the clicker, privately, and pings nobody.
    let again = t.click_on(t.user(winner), &end, "rematch").await;
    assert!(again.ephemeral, "{again:?}");
    assert_eq!(again.body["data"]["allowed_mentions"]["users"], json!([]));
    // The second: the rematch starts, the other player fires first, previews go out.
    let started = t.click_on(t.user(loser), &end, "rematch").await;
    let text = started.text().to_owned();
    assert!(text.contains("Rematch"), "{text}");
    assert!(
        text.contains(&format!("This time <@{loser}> fires first")),
        "{text}"
    );
    assert!(
        text.contains("**1 – 0**") || text.contains("**0 – 1**"),
        "{text}"
    );
    // The DM preview offers the last fleet; taking it shows the old fleet again.
    let preview = support::table::dm_with_button(&t.fake, &t.alice, ":last").await;
    let taken = t.click_on(&t.alice, &preview, "last").await;
    says(&taken, CLASSIC_A);
    t.click_on(&t.alice, &taken, "ready").await;
    let bob_preview = t.place(&t.bob, CLASSIC_B).await;
    t.click_on(&t.bob, &bob_preview, "ready").await;
    let starts = t
        .fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .filter(|s| s.text().contains("fires first") && s.text().contains("⚔"))
                    .nth(1)
                    .cloned()
            },
            REPLY,
        )
        .await;
    assert_eq!(support::read::first_mention(starts.text()), loser);
    // The rematch's end carries the series score.
    t.slash(t.user(winner), "forfeit", json!([])).await;
    let second_end = t
        .fake
        .first_sent(
            |s| s.text().contains("Series:") && s.text().contains("forfeits"),
            REPLY,
        )
        .await;
    says(&second_end, "**1 – 1**");
    // The first end's button is spent.
    let again = t.click_on(t.user(winner), &end, "rematch").await;
    assert!(
        again.ephemeral && again.text().contains("already"),
        "{again:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_runs_out_and_against_the_computer_one_click_is_enough() {
    let t = Table::new("63", &[("CHALLENGE_TIMEOUT_SECS", "2")]).await;
    let (winner, _, end) = t.short_match(CLASSIC).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let late = t.click_on(t.user(winner), &end, "rematch").await;
    assert!(
        late.ephemeral && late.text().contains("run out"),
        "{late:?}"
    );

    // Against the computer.
    let bot = support::payloads::BOT_USER_ID;
    let opened = t
        .slash(
            &t.alice,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": bot.to_string()},
                {"name": "difficulty", "type": 4, "value": 0},
            ]),
        )
        .await;
    assert!(opened.text().contains("takes on"), "{opened:?}");
    t.slash(&t.alice, "forfeit", json!([])).await;
    let end = t
        .fake
        .last_sent(
            |s| {
                s.text().contains(&format!("<@{bot}>"))
                    && s.custom_ids().iter().any(|i| i.ends_with(":rematch"))
            },
            REPLY,
        )
        .await;
    let started = t.click_on(&t.alice, &end, "rematch").await;
    assert!(started.text().contains("Rematch"), "{started:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privacy_explains_and_deletes_after_confirmation() {
    let t = Table::new("64", &[]).await;
    let (winner, _, _) = t.short_match(CLASSIC).await;
    let info = t
        .slash(
            &t.alice,
            "privacy",
            json!([{"name": "info", "type": 1, "options": []}]),
        )
        .await;
    assert!(info.ephemeral && info.text().contains("stores"), "{info:?}");
    let ask = t
        .slash(
            &t.alice,
            "privacy",
            json!([{"name": "delete", "type": 1, "options": []}]),
        )
        .await;
    assert!(ask.ephemeral, "{ask:?}");
    // Someone else pressing Alice's button is refused, and nothing is deleted.
    let not_yours = t.click_on(&t.bob, &ask, "forget").await;
    assert!(not_yours.ephemeral, "{not_yours:?}");
    let before = t.slash(&t.bob, "history", json!([])).await;
    assert!(
        before.text().contains("Alice") || before.text().contains("alice"),
        "{}",
        before.text()
    );
    let message = ask.message_id.unwrap_or(1);
    let button = support::read::button(&ask, "forget");
    let click = t.fake.click(&t.alice, t.channel, message, &button);
    let done = t
        .fake
        .first_reply(click, |s| s.text().contains("finished match"), REPLY)
        .await;
    assert!(done.text().contains("in 1 finished match"), "{done:?}");
    // Bob's history now shows a deleted player; Alice has no rating left.
    let after = t.slash(&t.bob, "history", json!([])).await;
    says(&after, "deleted player");
    let card = t
        .slash(
            &t.bob,
            "stats",
            json!([{"name": "member", "type": 6, "value": t.alice.id.to_string()}]),
        )
        .await;
    let card = with_picture(&t, card).await;
    assert!(alt_of(&card).contains("0 won"), "{}", alt_of(&card));
    let _ = winner;
}

/// Stores `n` rated classic wins of member `a` over member `b` in `guild`.
async fn seed(store: &dyn broadside::store::Store, guild: u64, members: u64) {
    use crate::store::fixtures;
    use broadside::store::{MatchRecord, Played};
    let mut id = 1;
    for a in 0..members {
        for k in 0..5 + a % 4 {
            let (pa, pb) = (7_000_000_000 + a, 8_000_000_000 + a * 100 + k);
            let guild = Some(broadside::ids::GuildId(guild));
            let record = MatchRecord {
                played: Some(Played {
                    names: [format!("Member {a}"), format!("Sparring {a}.{k}")],
                    stats: Default::default(),
                    rated: true,
                }),
                ..fixtures::finished_record(id, [pa, pb], guild, fixtures::sunk(pa, pb), 1)
            };
            store.live().save(&record).await.expect("save");
            id += 1;
        }
    }
}

/// Waits until no process holds the database's lock file once this test has dropped its
/// store: a bot process that another test is starting at that moment holds a copy of this
/// process's descriptors until it runs the bot (they close on exec), and the restarted bot
/// would find its database in use.
async fn unlocked(lock: &std::path::Path) {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let file = std::fs::File::open(lock).expect("the lock file");
        if file.try_lock().is_ok() {
            return;
        }
        assert!(
            std::time::Instant::now() < until,
            "{} still locked after 10 s",
            lock.display()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn button_of(sent: &Sent, suffix: &str) -> Option<(String, bool)> {
    sent.components.iter().find_map(|row| {
        row["components"].as_array()?.iter().find_map(|b: &Value| {
            let id = b["custom_id"].as_str()?;
            id.contains(suffix)
                .then(|| (id.to_owned(), b["disabled"].as_bool().unwrap_or(false)))
        })
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboard_pages_keep_working_after_a_restart() {
    let mut t = Table::new("65", &[]).await;
    let guild = t.channel.guild_id.expect("a server channel");
    // Stop the bot, fill its database with 24 ranked members (and their partners).
    t.bot.signal("KILL");
    t.bot.wait_exit(START).await;
    let url = t.bot.database_url();
    let store = broadside::store::open(&url).await.expect("open").store();
    seed(store.as_ref(), guild, 24).await;
    // Twelve of them chose to be listed on the global board too.
    for a in 0..12 {
        store
            .settings()
            .set_leaderboard_visible(
                broadside::game::PlayerId(7_000_000_000 + a),
                true,
                broadside::store::Timestamp(1),
            )
            .await
            .expect("opt in");
    }
    drop(store);
    unlocked(&t.bot.dir().join("broadside.db.lock")).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;

    let first = t.slash(&t.alice, "leaderboard", json!([])).await;
    let first = with_picture(&t, first).await;
    assert!(alt_of(&first).contains("page 1 of"), "{}", alt_of(&first));
    let (prev, prev_disabled) = button_of(&first, "board:classic.0.").expect("Previous");
    assert!(prev_disabled, "no page before the first: {prev}");
    let (next, next_disabled) = button_of(&first, "board:classic.1.").expect("Next");
    assert!(!next_disabled);
    // Next: the message shows page 2, ranks 11 onwards.
    let message = first.message_id.unwrap_or(1);
    let click = t.fake.click(&t.bob, t.channel, message, &next);
    let second = t.fake.wait_reply(click, REPLY).await;
    assert_eq!(second.kind, SentKind::Callback(7), "{second:?}");
    assert!(alt_of(&second).contains("page 2 of"), "{}", alt_of(&second));
    // Six members have 8 wins (ranks 1–6), six have 7 (rank 7, places 7–12): page 2
    // starts inside that tie, so its first line shares rank 7 with the page before.
    assert!(alt_of(&second).contains(": 7. "), "{}", alt_of(&second));
    assert!(alt_of(&second).contains("; 13. "), "{}", alt_of(&second));

    // A failed answer leaves the bot working.
    t.fake
        .fail_route(Some("POST"), "/callback", 500, 0, Some(1));
    t.fake.click(&t.bob, t.channel, message, &next);
    t.fake
        .wait_for(
            |rec| {
                rec.requests
                    .iter()
                    .any(|r| r.path.contains("/callback") && r.status == 500)
                    .then_some(())
            },
            REPLY,
        )
        .await;
    // Back to page 1 with the message's own Previous (Discord sends only a click on a
    // button the message carries), so that its Next is there again.
    let click = t.fake.click(&t.bob, t.channel, message, &prev);
    let back = t.fake.wait_reply(click, REPLY).await;
    assert!(alt_of(&back).contains("page 1 of"), "{}", alt_of(&back));

    // After a restart the same button still works.
    t.bot.signal("KILL");
    t.bot.wait_exit(START).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;
    let click = t.fake.click(&t.bob, t.channel, message, &next);
    let again = t.fake.wait_reply(click, REPLY).await;
    assert!(alt_of(&again).contains("page 2 of"), "{}", alt_of(&again));

    // The global board pages the same way, in a DM (where no server is the message's):
    // the twelve who chose it, ten and two.
    let dm = t.fake.dm(&t.bob);
    let global = t.slash_in(&t.bob, dm, "leaderboard", json!([])).await;
    let global = with_picture(&t, global).await;
    assert!(
        alt_of(&global).contains("page 1 of 2"),
        "{}",
        alt_of(&global)
    );
    let (next, _) = button_of(&global, "board:classic.1.").expect("Next");
    assert_eq!(next.rsplit('.').next(), Some("g"), "{next}");
    let click = t
        .fake
        .click(&t.bob, dm, global.message_id.unwrap_or(1), &next);
    let second = t.fake.wait_reply(click, REPLY).await;
    assert_eq!(second.kind, SentKind::Callback(7), "{second:?}");
    let alt = alt_of(&second);
    assert!(alt.contains("page 2 of 2"), "{alt}");
    // Only members 0-11 chose it; 12-23 (some of whom outrank them) are not listed.
    let shown: Vec<u64> = alt
        .split("Member ")
        .skip(1)
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(shown.len(), 2, "{alt}");
    assert!(shown.iter().all(|m| *m < 12), "{alt}");
    let _ = MEMBER;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_request_outlives_a_crash_and_a_lost_answer() {
    let mut t = Table::new("66", &[]).await;
    let (winner, _, end) = t.short_match(CLASSIC).await;
    let loser = t.other(winner).id;
    let first_click = t.click_on(t.user(winner), &end, "rematch").await;
    assert!(!first_click.ephemeral);
    // The bot is killed after the first click; the request is stored.
    t.bot.signal("KILL");
    t.bot.wait_exit(START).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;
    // The answer to the second click fails: the rematch starts anyway and is said in the
    // channel instead, and both previews go out.
    t.fake
        .fail_route(Some("POST"), "/callback", 500, 0, Some(1));
    let message = end.message_id.unwrap_or(1);
    let button = support::read::button(&end, "rematch");
    t.fake.click(t.user(loser), t.channel, message, &button);
    let posted = t.posted(t.channel, "Rematch").await;
    assert!(
        posted
            .text()
            .contains(&format!("This time <@{loser}> fires first")),
        "{}",
        posted.text()
    );
    for user in [&t.alice, &t.bob] {
        t.fake
            .wait_sent(
                |s| {
                    s.kind == SentKind::Dm(user.id)
                        && s.custom_ids().iter().any(|i| i.ends_with(":last"))
                },
                REPLY,
            )
            .await;
    }
}
