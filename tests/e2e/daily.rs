//! The daily sea (issue 52) through the fake Discord: a whole classic day played from the
//! aim panel and a whole Game 2000 day typed with `/daily fire`, repeats refused and not
//! counted, a restart in the middle of the day, two members' table, the Share card (no
//! cell in it), days rolled with `DAILY_SECONDS`, and the daily in a DM and a group DM.

use serde_json::{Value, json};

use crate::e2e::support;
use support::table::{REPLY, Table};
use support::{Channel, Sent, SentKind, User};

/// `/daily <sub>` with `options` by `user` in `channel`: the first answer.
async fn daily(t: &Table, user: &User, channel: Channel, sub: &str, options: Value) -> Sent {
    t.slash_in(
        user,
        channel,
        "daily",
        json!([{"name": sub, "type": 1, "options": options}]),
    )
    .await
}

/// `/daily fire targets:<cells>` (Game 2000 with `game2000`).
async fn fire(t: &Table, user: &User, channel: Channel, cells: &str, game2000: bool) -> Sent {
    let mut options = vec![json!({"name": "targets", "type": 3, "value": cells})];
    if game2000 {
        options.push(json!({"name": "rules", "type": 4, "value": 1}));
    }
    daily(t, user, channel, "fire", Value::Array(options)).await
}

/// The custom id of the daily control `action` in `sent`.
fn control(sent: &Sent, action: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| {
            id.strip_prefix("bs:0:day:")
                .is_some_and(|rest| rest.split('.').next() == Some(action))
        })
        .unwrap_or_else(|| panic!("no daily control {action} in {sent:?}"))
}

/// The shots the answer says were fired ("Fired: **12 shots**").
fn fired(sent: &Sent) -> u32 {
    let text = sent.text();
    let at = text
        .find("Fired: **")
        .unwrap_or_else(|| panic!("no count in {text}"));
    text[at + 9..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {text}"))
}

/// Whether `text` names a cell of the board (a letter A–J and a number 1–10 alone).
fn names_a_cell(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        let mut chars = w.chars();
        matches!(chars.next(), Some('A'..='J'))
            && matches!(chars.as_str().parse::<u32>(), Ok(1..=10))
    })
}

/// Every cell of a board of `size`, in sea order.
fn cells(size: u8) -> Vec<String> {
    (0..size)
        .flat_map(|row| (0..size).map(move |col| format!("{}{}", char::from(b'A' + col), row + 1)))
        .collect()
}

/// One member's aim panel on its private message.
struct Panel<'a> {
    t: &'a Table,
    user: User,
    channel: Channel,
    message: u64,
    last: Sent,
}

impl<'a> Panel<'a> {
    /// `/daily play` (classic) by `user` in `channel`.
    async fn open(t: &'a Table, user: &User, channel: Channel) -> Self {
        let sent = daily(t, user, channel, "play", json!([])).await;
        assert!(sent.ephemeral, "the panel is private: {sent:?}");
        assert_eq!(sent.attachments.len(), 1, "the sea is a picture");
        Panel {
            t,
            user: user.clone(),
            channel,
            message: sent.message_id.unwrap_or(1),
            last: sent,
        }
    }

    fn keep(&mut self, reply: Sent) -> Sent {
        assert_eq!(
            reply.kind,
            SentKind::Callback(7),
            "the panel itself changes: {reply:?}"
        );
        self.last = reply.clone();
        reply
    }

    async fn press(&mut self, action: &str) -> Sent {
        let id = self.t.fake.click(
            &self.user,
            self.channel,
            self.message,
            &control(&self.last, action),
        );
        let reply = self.t.fake.wait_reply(id, REPLY).await;
        self.keep(reply)
    }

    async fn pick(&mut self, action: &str, value: &str) -> Sent {
        let custom_id = control(&self.last, action);
        let id = self.t.fake.interaction(&self.user, self.channel).select(
            self.message,
            &custom_id,
            &[value],
        );
        let reply = self.t.fake.wait_reply(id, REPLY).await;
        self.keep(reply)
    }
}

/// Share under Alice's cleared sea: a public card as the click's answer, naming no cell;
/// Bob may not press it.
async fn share(
    t: &Table,
    alice: &User,
    bob: &User,
    channel: Channel,
    message: u64,
    cleared: &Sent,
) {
    // Share: a public card as the click's answer, naming no cell.
    let share = control(cleared, "share");
    let id = t.fake.click(alice, channel, message, &share);
    let card = t.fake.wait_reply(id, REPLY).await;
    assert_eq!(card.kind, SentKind::Callback(4), "{card:?}");
    assert!(!card.ephemeral, "the card is posted in the channel");
    assert_eq!(card.attachments.len(), 1);
    assert!(!names_a_cell(card.text()), "{}", card.text());
    let alt = card.body["data"]["attachments"][0]["description"]
        .as_str()
        .or_else(|| card.body["attachments"][0]["description"].as_str())
        .unwrap_or_default()
        .to_owned();
    assert!(!alt.is_empty() && !names_a_cell(&alt), "{alt}");
    let png = &card.attachments[0].bytes;
    assert!(png.starts_with(b"\x89PNG"), "a picture");
    if let Ok(dir) = std::env::var("DAILY_PICTURES") {
        let _ = std::fs::write(format!("{dir}/share-card.png"), png);
        let _ = std::fs::write(format!("{dir}/sea.png"), &cleared.attachments[0].bytes);
    }
    // Another member may not press it.
    let id = t.fake.click(bob, channel, message, &share);
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(refused.ephemeral, "{refused:?}");
}

/// Game 2000, typed by Alice: three cells a turn in sea order until the sea is cleared;
/// Bob's repeat is refused (the forbid-repeats house rule) and a wrong count too.
async fn game2000_typed(t: &Table, alice: &User, bob: &User, channel: Channel) {
    // Game 2000, typed: three cells a turn in sea order until the sea is cleared.
    let all = cells(9);
    let mut turns = 0;
    let mut done = None;
    for salvo in all.chunks(3) {
        let answer = fire(t, alice, channel, &salvo.join(" "), true).await;
        turns += 1;
        assert!(answer.text().contains("turn"), "{}", answer.text());
        if answer.text().contains("Cleared!") {
            done = Some(answer);
            break;
        }
    }
    let done = done.expect("every cell once clears the sea");
    assert!(
        done.text().contains(&format!("**{turns} turns**")) || turns == 1,
        "{}",
        done.text()
    );
    // A Game 2000 repeat is refused too (the forbid-repeats house rule).
    let repeat = fire(t, bob, channel, "A1 B1 C1", true).await;
    assert!(
        !repeat.text().contains("already fired"),
        "Bob's own sea: {}",
        repeat.text()
    );
    let repeat = fire(t, bob, channel, "A1 B1 C1", true).await;
    assert!(
        repeat.text().contains("already fired at A1"),
        "{}",
        repeat.text()
    );
    let count = fire(t, bob, channel, "D1", true).await;
    assert!(
        count.text().contains("3 cells at a time"),
        "{}",
        count.text()
    );
}

#[tokio::test]
async fn a_whole_day_from_the_panel_and_typed_with_repeats_refused_and_a_restart() {
    let mut t = Table::new("5201", &[]).await;
    let (alice, bob, channel) = (t.alice.clone(), t.bob.clone(), t.channel);

    // Classic from the panel: aim with the selects, then Fire and Fire again (the panel
    // aims on at the next open cell).
    let mut panel = Panel::open(&t, &alice, channel).await;
    assert_eq!(fired(&panel.last), 0);
    panel.pick("col", "4").await;
    let aimed = panel.pick("row", "4").await;
    assert!(
        aimed.text().contains("Aiming at **E5**"),
        "{}",
        aimed.text()
    );
    let shot = panel.press("fire").await;
    assert!(shot.text().contains("E5: "), "{}", shot.text());
    assert_eq!(fired(&shot), 1);
    assert_eq!(shot.attachments.len(), 1, "the picture is redrawn");

    // A repeat, typed, is refused, said so and not counted.
    let repeat = fire(&t, &alice, channel, "E5", false).await;
    assert!(repeat.ephemeral);
    assert!(
        repeat.text().contains("already fired at E5"),
        "{}",
        repeat.text()
    );
    // Bad input: a clear private error, nothing counted.
    let bad = fire(&t, &alice, channel, "Z99", false).await;
    assert!(bad.ephemeral && !bad.text().is_empty(), "{bad:?}");
    let two = fire(&t, &alice, channel, "A1 B1", false).await;
    assert!(two.text().contains("one cell at a time"), "{}", two.text());

    let mut shots = 1;
    while shots < 40 {
        let shot = panel.press("fire").await;
        shots += 1;
        assert_eq!(fired(&shot), shots, "{}", shot.text());
        if shot.text().contains("Cleared!") {
            break;
        }
    }

    // Killed in the middle of the day: nothing is lost, nothing counted twice.
    t.restart().await;
    let mut panel = Panel::open(&t, &alice, channel).await;
    assert_eq!(fired(&panel.last), shots, "{}", panel.last.text());
    let cleared = loop {
        let shot = panel.press("fire").await;
        shots += 1;
        assert_eq!(fired(&shot), shots, "{}", shot.text());
        if shot.text().contains("Cleared!") {
            break shot;
        }
        assert!(shots < 100, "every cell once clears the sea");
    };
    let text = cleared.text();
    assert!(text.contains("par "), "{text}");
    assert!(text.contains("Today on this server: place **1**"), "{text}");
    assert!(text.contains("Streak: **1** day"), "{text}");
    // No second attempt: a cleared sea refuses more shots.
    let again = fire(&t, &alice, channel, "J10", false).await;
    assert!(
        again.text().contains("cleared today's sea already"),
        "{}",
        again.text()
    );

    share(&t, &alice, &bob, channel, panel.message, &cleared).await;

    // Bob plays a few shots: the table lists Alice first (cleared), then Bob (playing).
    for cell in ["A1", "B1", "C1"] {
        fire(&t, &bob, channel, cell, false).await;
    }
    let table = daily(&t, &bob, channel, "standings", json!([])).await;
    let text = table.text();
    let (a, b) = (format!("<@{}>", alice.id), format!("<@{}>", bob.id));
    let (at_a, at_b) = (text.find(&a).unwrap(), text.find(&b).unwrap());
    assert!(at_a < at_b, "{text}");
    assert!(
        text.contains(&format!("**1.** {a} — {shots} shots")),
        "{text}"
    );
    assert!(text.contains("still playing, 3 shots so far"), "{text}");
    assert!(text.contains("stays hidden"), "{text}");
    assert!(text.chars().count() <= 2000);

    game2000_typed(&t, &alice, &bob, channel).await;
}

#[tokio::test]
async fn the_salvo_panel_adds_three_cells_then_fires() {
    let t = Table::new("5202", &[]).await;
    let (alice, channel) = (t.alice.clone(), t.channel);
    let sent = daily(
        &t,
        &alice,
        channel,
        "play",
        json!([{"name": "rules", "type": 4, "value": 1}]),
    )
    .await;
    let mut panel = Panel {
        t: &t,
        user: alice.clone(),
        channel,
        message: sent.message_id.unwrap_or(1),
        last: sent,
    };
    panel.press("add").await;
    panel.press("add").await;
    let three = panel.press("add").await;
    assert!(
        three.text().contains("salvo (3/3): **A1** **B1** **C1**"),
        "{}",
        three.text()
    );
    let fired_once = panel.press("fire").await;
    assert!(
        fired_once.text().contains("A1 B1 C1: "),
        "{}",
        fired_once.text()
    );
    assert_eq!(fired(&fired_once), 1);
    // Aiming back at a fired cell: Add refuses it.
    panel.pick("col", "0").await;
    panel.pick("row", "0").await;
    let refused = panel.press("add").await;
    assert!(
        refused.text().contains("already fired at A1"),
        "{}",
        refused.text()
    );
    assert_eq!(fired(&refused), 1, "not counted");
}

#[tokio::test]
async fn days_roll_and_a_past_day_shows_its_fleet() {
    let t = Table::new("5203", &[("DAILY_SECONDS", "12")]).await;
    let (alice, channel) = (t.alice.clone(), t.channel);
    let shot = fire(&t, &alice, channel, "A1", false).await;
    let first = shot
        .text()
        .split(" · ")
        .find_map(|p| {
            p.trim()
                .strip_prefix('#')
                .map(|d| d.split_whitespace().next().unwrap_or("").to_owned())
        })
        .unwrap_or_else(|| panic!("no day number in {}", shot.text()));
    let first_day: u64 = first
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap();
    // Wait for the next day: a fresh sea.
    let fresh = loop {
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        let play = daily(&t, &alice, channel, "play", json!([])).await;
        if !play.text().contains(&format!("#{first_day}")) {
            break play;
        }
    };
    assert_eq!(fired(&fresh), 0, "{}", fresh.text());
    let past = daily(
        &t,
        &alice,
        channel,
        "standings",
        json!([{"name": "day", "type": 3, "value": format!("#{first_day}")}]),
    )
    .await;
    assert!(
        past.text().contains("That day's fleet: `"),
        "{}",
        past.text()
    );
    assert!(
        past.text().contains("still playing, 1 shot so far"),
        "{}",
        past.text()
    );
    let today = daily(&t, &alice, channel, "standings", json!([])).await;
    assert!(
        !today.text().contains("That day's fleet"),
        "{}",
        today.text()
    );
    let future = daily(
        &t,
        &alice,
        channel,
        "standings",
        json!([{"name": "day", "type": 3, "value": "999999999999"}]),
    )
    .await;
    assert!(
        future.ephemeral && future.text().contains("has not begun"),
        "{}",
        future.text()
    );
}

#[tokio::test]
async fn the_daily_in_a_dm_and_a_group_dm() {
    let t = Table::anywhere("5204", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    // The group DM without the bot: every answer is the interaction's own.
    let group = t.channel;
    let panel = Panel::open(&t, &alice, group).await;
    assert!(panel.last.kind != SentKind::ChannelMessage);
    let shot = fire(&t, &bob, group, "C3", false).await;
    assert!(
        shot.ephemeral && shot.text().contains("C3: "),
        "{}",
        shot.text()
    );
    // Standings with no server: the global table; a server's is refused, saying why.
    let table = daily(&t, &bob, group, "standings", json!([])).await;
    assert!(
        table.text().contains("chose to be listed"),
        "{}",
        table.text()
    );
    let refused = daily(
        &t,
        &bob,
        group,
        "standings",
        json!([{"name": "scope", "type": 4, "value": 0}]),
    )
    .await;
    assert!(
        refused.ephemeral && refused.text().contains("only on a server"),
        "{}",
        refused.text()
    );
    // The bot's DM: the same sea, the same attempt.
    let dm = t.fake.dm(&bob);
    let again = fire(&t, &bob, dm, "C3", false).await;
    assert!(
        again.text().contains("already fired at C3"),
        "{}",
        again.text()
    );
    let next = fire(&t, &bob, dm, "D3", false).await;
    assert_eq!(fired(&next), 2, "{}", next.text());
    // Nothing went to a channel the bot is not in.
    assert!(
        t.fake
            .channel_messages(group)
            .iter()
            .all(|s| s.kind != SentKind::ChannelMessage)
    );
}
