//! Replays through the fake Discord: the Replay button under the end, `/replay` with the
//! caller's matches offered while typing, and the refusals.

use crate::e2e::support;
use crate::e2e::support::says;
use crate::fleets::CLASSIC;

use serde_json::json;
use support::table::{MEMBER, REPLY, Table};
use support::{Channel, Sent, SentKind};

/// Pictures a viewer sees in a GIF: one per image shown longer than a fiftieth of a second.
fn pictures_shown(gif_bytes: &[u8]) -> usize {
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif_bytes)
        .expect("a GIF");
    let mut shown = 0;
    while let Some(frame) = decoder.read_next_frame().expect("decodes") {
        if frame.delay > 2 {
            shown += 1;
        }
    }
    shown
}

/// The one GIF of `sent`.
fn gif_of(sent: &Sent) -> &[u8] {
    let gif = support::read::attachment(sent, "gif");
    &gif.bytes
}

/// `first`, or the answer to the same interaction that carries the picture (a deferred
/// answer is filled in later).
async fn with_picture(t: &Table, first: Sent) -> Sent {
    if first.attachments.is_empty() {
        t.fake.wait_picture_reply(first.interaction, REPLY).await
    } else {
        first
    }
}

/// [`Table::short_match`], whose shots were answered in public; the end message.
async fn short_match(t: &Table) -> Sent {
    let (_, shots, end) = t.short_match(CLASSIC).await;
    for answer in shots {
        assert!(!answer.ephemeral, "{answer:?}");
    }
    end
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_is_replayed_by_button_and_by_command() {
    let t = Table::new("41", &[]).await;
    let end = short_match(&t).await;
    let button = support::read::button(&end, "replay");
    let id: u64 = button.split(':').nth(1).unwrap().parse().unwrap();

    // Anyone in the server may watch it: the answer is private to whoever clicked.
    let carol = t.fake.user("carol");
    let click = t
        .fake
        .click(&carol, t.channel, end.message_id.unwrap_or(1), &button);
    let replay = t.fake.wait_picture_reply(Some(click), REPLY).await;
    assert!(replay.ephemeral, "{replay:?}");
    assert_eq!(replay.kind, SentKind::EditOriginal);
    says(&replay, &id.to_string());
    // Three shots, then the reveal.
    assert_eq!(pictures_shown(gif_of(&replay)), 3 + 1);

    // While typing, each player is offered the match.
    let asked = t
        .fake
        .interaction(&t.alice, t.channel)
        .permissions(MEMBER)
        .autocomplete(
            "replay",
            json!([{"name": "match", "type": 3, "value": "", "focused": true}]),
        );
    let offered = t
        .fake
        .first_reply(asked, |s| s.kind == SentKind::Callback(8), REPLY)
        .await;
    let choices = offered.body["data"]["choices"].as_array().expect("choices");
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert_eq!(choices[0]["value"], json!(id.to_string()));
    let label = choices[0]["name"].as_str().unwrap();
    assert!(
        label.contains(" vs ") && label.contains("just now"),
        "{label}"
    );

    // `/replay` answers privately too (issue 36, 7: the channel it is asked in may be seen
    // by members who cannot see the match's).
    let answer = t
        .slash(
            &t.bob,
            "replay",
            json!([{"name": "match", "type": 3, "value": id.to_string()}]),
        )
        .await;
    let answer = with_picture(&t, answer).await;
    assert!(answer.ephemeral, "{}", answer.text());
    assert_eq!(pictures_shown(gif_of(&answer)), 4);
}

/// `/replay match:<value>` by `user` in `channel`: the first answer.
async fn ask(t: &Table, user: &support::User, channel: Channel, value: &str) -> Sent {
    t.slash_in(
        user,
        channel,
        "replay",
        json!([{"name": "match", "type": 3, "value": value}]),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_that_cannot_be_shown_are_refused_privately() {
    let t = Table::new("42", &[]).await;
    let not_an_id = ask(&t, &t.alice, t.channel, "yesterday").await;
    assert!(not_an_id.ephemeral);
    says(&not_an_id, "is not a match id");
    let unknown = ask(&t, &t.alice, t.channel, "123456789").await;
    assert!(unknown.ephemeral);
    says(&unknown, "no replay you can watch");

    // A live match keeps its fleets secret.
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    let live: u64 = support::read::button(&challenge, "accept")
        .split(':')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let still = ask(&t, &t.bob, t.channel, &live.to_string()).await;
    assert!(still.ephemeral);
    says(&still, "still being played");

    // A match that ended before a shot has nothing to show.
    let declined = t.click_on(&t.bob, &challenge, "decline").await;
    assert!(declined.text().contains("declined"), "{declined:?}");
    let empty = ask(&t, &t.alice, t.channel, &live.to_string()).await;
    says(&empty, "Nobody fired a shot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_shown_only_in_its_own_server_and_to_its_players() {
    let t = Table::new("43", &[]).await;
    let end = short_match(&t).await;
    let id = support::read::button(&end, "replay")
        .split(':')
        .nth(1)
        .unwrap()
        .to_owned();
    let elsewhere = Channel::in_guild(t.channel.guild_id.unwrap() + 1, t.channel.id + 1000);
    let dave = t.fake.user("dave");
    let refused = t
        .slash_in(
            &dave,
            elsewhere,
            "replay",
            json!([{"name": "match", "type": 3, "value": id}]),
        )
        .await;
    assert!(refused.ephemeral);
    // A stranger in another server hears what any unknown id would give.
    let unknown = ask(&t, &dave, elsewhere, "123456789").await;
    assert_eq!(refused.text(), unknown.text().replace("123456789", &id));
    assert!(refused.attachments.is_empty());
    // Its players may watch it anywhere.
    let own = t
        .slash_in(
            &t.alice,
            elsewhere,
            "replay",
            json!([{"name": "match", "type": 3, "value": id}]),
        )
        .await;
    let own = with_picture(&t, own).await;
    assert_eq!(pictures_shown(gif_of(&own)), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_button_outlives_a_crash_and_a_failed_answer() {
    let mut t = Table::new("44", &[]).await;
    let end = short_match(&t).await;
    let button = support::read::button(&end, "replay");
    let message = end.message_id.unwrap_or(1);
    // Killed right after the end: the finished match is stored, the button still works.
    t.bot.signal("KILL");
    t.bot.wait_exit(support::table::START).await;
    t.bot = t.bot.restart_in_same_dir(&t.env);
    t.starts += 1;
    t.fake
        .wait_ready_again(t.starts, support::table::START)
        .await;
    // Filling in the deferred answer fails once: the bot carries on, and the next click works.
    t.fake
        .fail_route(Some("PATCH"), "messages/@original", 500, 0, Some(1));
    let carol = t.fake.user("carol");
    let failed = t.fake.click(&carol, t.channel, message, &button);
    t.fake
        .wait_for(
            |rec| {
                rec.requests
                    .iter()
                    .any(|r| r.method == "PATCH" && r.path.contains(&failed.to_string()))
                    .then_some(())
            },
            REPLY,
        )
        .await;
    let again = t.fake.click(&carol, t.channel, message, &button);
    let replay = t.fake.wait_picture_reply(Some(again), REPLY).await;
    assert!(replay.ephemeral);
    assert_eq!(pictures_shown(gif_of(&replay)), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_in_a_private_channel_is_watched_only_by_who_sees_it() {
    use support::Target;
    let t = Table::new("45", &[]).await;
    let end = short_match(&t).await;
    let id = support::read::button(&end, "replay")
        .split(':')
        .nth(1)
        .unwrap()
        .to_owned();
    let guild = t.channel.guild_id.unwrap();
    // The match's channel is private: @everyone may not see it, the crew role may.
    let crew = t.fake.role(guild, "crew", 0);
    t.fake.make_private(t.channel, &[Target::Role(crew.id)]);
    let lobby = Channel::in_guild(guild, t.channel.id + 1);
    let (dave, erin) = (t.fake.user("dave"), t.fake.user("erin"));
    t.fake.give_role(guild, &erin, &crew);
    assert!(!t.fake.can_view(&dave, t.channel) && t.fake.can_view(&erin, t.channel));

    // Dave cannot see it: from the lobby his /replay is refused privately, with the very
    // words an unknown id gets, and without the picture.
    let refused = ask(&t, &dave, lobby, &id).await;
    assert!(
        refused.ephemeral && refused.attachments.is_empty(),
        "{refused:?}"
    );
    let unknown = ask(&t, &dave, lobby, "123456789").await;
    assert_eq!(refused.text(), unknown.text().replace("123456789", &id));
    // Erin, who sees the channel, may watch it from the lobby, privately (the lobby's
    // readers may not see the match's channel).
    let shown = with_picture(&t, ask(&t, &erin, lobby, &id).await).await;
    assert!(shown.ephemeral);
    assert_eq!(pictures_shown(gif_of(&shown)), 4);
    // The players may, anywhere.
    let own = with_picture(&t, ask(&t, &t.bob, lobby, &id).await).await;
    assert_eq!(pictures_shown(gif_of(&own)), 4);
}

/// Issue 30, 6: a display name full of markup is shown as written in the replay's caption
/// and in the other player's history: no bold, no link, no role mention.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_full_of_markup_is_shown_as_written() {
    let mut t = Table::new("46", &[]).await;
    let hostile = "**Kraken** [won](https://evil.example) <@&42>";
    t.alice = t.fake.user(hostile);
    let end = short_match(&t).await;
    let id = support::read::button(&end, "replay")
        .split(':')
        .nth(1)
        .unwrap()
        .to_owned();
    let escaped = "\\*\\*Kraken\\*\\* \\[won\\]\\(https\\://evil.example\\) \\<\\@&42\\>";
    let shown = with_picture(&t, ask(&t, &t.bob, t.channel, &id).await).await;
    says(&shown, escaped);
    assert!(!shown.text().contains(hostile), "{}", shown.text());
    let history = t.slash(&t.bob, "history", json!([])).await;
    says(&history, escaped);
    assert!(!history.text().contains("[won]("), "{}", history.text());
}

/// Issue 30, 13: the "busy" refusal says where a member plays only to a challenger of the
/// same server; someone in another server learns only that they are busy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_a_busy_member_plays_is_told_only_in_their_server() {
    let t = Table::new("47", &[]).await;
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    t.click_on(&t.bob, &challenge, "accept").await;
    let here = format!("<#{}>", t.channel.id);
    let carol = t.fake.user("carol");
    let same_server = Channel::in_guild(t.channel.guild_id.unwrap(), t.channel.id + 7);
    let refused = t.challenge(&carol, &t.bob, same_server, 0).await;
    assert!(refused.ephemeral);
    says(&refused, &here);
    let elsewhere = Channel::in_guild(t.channel.guild_id.unwrap() + 1, t.channel.id + 8);
    let refused = t.challenge(&carol, &t.bob, elsewhere, 0).await;
    assert!(refused.ephemeral);
    says(&refused, "already playing");
    assert!(!refused.text().contains(&here), "{}", refused.text());
    assert!(!refused.text().contains("<#"), "{}", refused.text());
}

/// Issue 30, 3: after `/privacy delete` a replay drawn before no longer shows the name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_drawn_before_a_member_is_forgotten_no_longer_names_them() {
    let t = Table::new("48", &[]).await;
    let end = short_match(&t).await;
    let id = support::read::button(&end, "replay")
        .split(':')
        .nth(1)
        .unwrap()
        .to_owned();
    let before = with_picture(&t, ask(&t, &t.bob, t.channel, &id).await).await;
    says(&before, "alice");
    let asked = t
        .slash(
            &t.alice,
            "privacy",
            json!([{"name": "delete", "type": 1, "options": []}]),
        )
        .await;
    let button = support::read::button(&asked, "forget");
    let click = t
        .fake
        .click(&t.alice, t.channel, asked.message_id.unwrap_or(1), &button);
    t.fake
        .first_reply(
            click,
            |s| s.text().contains("finished match"),
            support::table::REPLY,
        )
        .await;
    // (Carol asks: Bob had one drawn a moment ago, and must wait a few seconds.)
    let carol = t.fake.user("carol");
    let after = with_picture(&t, ask(&t, &carol, t.channel, &id).await).await;
    assert!(!after.text().contains("alice"), "{}", after.text());
    says(&after, "deleted player");
}

/// Issue 30, 5: one member cannot keep the CPU busy drawing replays: a second replay that
/// must be drawn within a few seconds is refused privately (one already drawn is shown).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_waits_a_moment_between_two_replays_to_draw() {
    let t = Table::new("49", &[]).await;
    let id_of = |end: &Sent| {
        support::read::button(end, "replay")
            .split(':')
            .nth(1)
            .unwrap()
            .to_owned()
    };
    let first = id_of(&short_match(&t).await);
    short_match(&t).await;
    // The second end (the first one says "forfeits" too).
    let since = std::time::Instant::now();
    let second = loop {
        let found = t
            .fake
            .channel_messages(t.channel)
            .iter()
            .filter(|m| m.text().contains("forfeits"))
            .map(id_of)
            .find(|id| *id != first);
        if let Some(id) = found {
            break id;
        }
        assert!(since.elapsed() < support::table::REPLY, "the second end");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let carol = t.fake.user("carol");
    let drawn = with_picture(&t, ask(&t, &carol, t.channel, &first).await).await;
    assert_eq!(pictures_shown(gif_of(&drawn)), 4);
    let refused = ask(&t, &carol, t.channel, &second).await;
    let refused = t
        .fake
        .wait_for(
            |rec| {
                rec.replies_to(refused.interaction.unwrap_or_default())
                    .into_iter()
                    .find(|s| s.text().contains("moment ago"))
            },
            support::table::REPLY,
        )
        .await;
    assert!(
        refused.ephemeral && refused.attachments.is_empty(),
        "{refused:?}"
    );
    // One kept drawn is no work: shown at once.
    let again = with_picture(&t, ask(&t, &carol, t.channel, &first).await).await;
    assert_eq!(pictures_shown(gif_of(&again)), 4);
}

/// Issue 37, item 7: a Replay click refused after its private "thinking" answer (here,
/// asked for too often) is worded by the one error path of clicks, in the place of that
/// answer: private, without a picture, as `/replay`'s refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_replay_click_takes_the_place_of_its_thinking_answer() {
    let t = Table::new("50", &[]).await;
    let end = short_match(&t).await;
    let button = support::read::button(&end, "replay");
    let click = |user: &support::User| {
        t.fake
            .click(user, t.channel, end.message_id.unwrap_or(1), &button)
    };
    // Drawn once (by a player), then kept: the clicks below need no drawing.
    t.fake
        .wait_picture_reply(Some(click(&t.alice)), REPLY)
        .await;
    let carol = t.fake.user("carol");
    // `REPLAY_CHECKS`: three asks in a short while are answered.
    for _ in 0..3 {
        t.fake.wait_picture_reply(Some(click(&carol)), REPLY).await;
    }
    let asked = click(&carol);
    let refused = t
        .fake
        .first_reply(asked, |s| s.text().contains("several replays"), REPLY)
        .await;
    assert!(
        refused.ephemeral && refused.attachments.is_empty(),
        "{refused:?}"
    );
    assert_eq!(refused.kind, SentKind::EditOriginal, "{refused:?}");
    let answers = t.fake.recording().replies_to(asked);
    assert_eq!(answers[0].kind, SentKind::Callback(5), "{answers:?}");
    assert_eq!(answers.len(), 2, "thinking, then the refusal: {answers:?}");
}
