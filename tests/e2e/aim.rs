//! A match played by clicks (issue 52, item 8) through the fake Discord: the Fire button
//! under each turn's public message opens the private aim panel for the player to move;
//! a whole classic match and a Game 2000 turn are played with the panel's pickers and
//! Fire alone. Anyone else's click, and a click after the turn passed, is refused
//! privately; the pickers never offer a cell already fired at.

use serde_json::{Value, json};

use crate::e2e::support;
use crate::fleets::{CLASSIC, G2000_A, G2000_B};
use support::table::{REPLY, Table};
use support::{Sent, SentKind, User, says};

/// The custom id of the Fire button under a turn's public message (`bs:<match>:fire`).
fn fire_button(sent: &Sent) -> Option<String> {
    sent.custom_ids().into_iter().find(|id| {
        let parts: Vec<&str> = id.split(':').collect();
        parts.len() == 3 && parts[2] == "fire"
    })
}

/// The public messages in `channel` with a Fire button among `sent`, in order (posts in a
/// server's channel, public answers where the bot can only answer).
fn turns(sent: &[Sent], channel: u64) -> Vec<Sent> {
    let turn = |s: &&Sent| {
        s.is_message() && !s.ephemeral && s.channel == Some(channel) && fire_button(s).is_some()
    };
    sent.iter().filter(turn).cloned().collect()
}

/// The `n`-th (0-based) public message in the table's channel with a Fire button.
async fn turn_message(t: &Table, n: usize) -> Sent {
    let channel = t.channel.id;
    t.fake
        .wait_for(|rec| turns(&rec.sent, channel).into_iter().nth(n), REPLY)
        .await
}

/// How many public messages in the table's channel have had a Fire button so far.
fn turn_messages(t: &Table) -> usize {
    turns(&t.fake.recording().sent, t.channel.id).len()
}

/// `user` presses Fire under `on`: the first answer.
async fn press_fire(t: &Table, user: &User, on: &Sent) -> Sent {
    let id = fire_button(on).unwrap_or_else(|| panic!("no Fire under {on:?}"));
    let click = t
        .fake
        .click(user, t.channel, on.message_id.expect("a message"), &id);
    t.fake.wait_reply(click, REPLY).await
}

/// The column and row of a cell as the selects' values (`E8` → `4`, `7`).
fn values(cell: &str) -> (String, String) {
    let col = (cell.as_bytes()[0] - b'A').to_string();
    let row = (cell[1..].parse::<u8>().unwrap() - 1).to_string();
    (col, row)
}

/// The select or button `custom_id` in `sent`'s components.
fn component<'a>(sent: &'a Sent, custom_id: &str) -> &'a Value {
    fn find<'a>(v: &'a Value, custom_id: &str) -> Option<&'a Value> {
        if v["custom_id"] == custom_id {
            return Some(v);
        }
        v["components"]
            .as_array()?
            .iter()
            .find_map(|c| find(c, custom_id))
    }
    sent.components
        .iter()
        .find_map(|c| find(c, custom_id))
        .unwrap_or_else(|| panic!("no {custom_id} in {sent:?}"))
}

/// One member's aim panel, on its private message.
struct Panel<'a> {
    t: &'a Table,
    user: User,
    message: u64,
    last: Sent,
}

impl<'a> Panel<'a> {
    /// `user` presses Fire under `on`: their panel, a private message of its own.
    async fn open(t: &'a Table, user: &User, on: &Sent) -> Self {
        let sent = press_fire(t, user, on).await;
        assert_eq!(sent.kind, SentKind::Callback(4), "{sent:?}");
        assert!(sent.ephemeral, "the panel is private: {sent:?}");
        assert_eq!(sent.attachments.len(), 1, "the sea is a picture");
        let panel = Panel {
            t,
            user: user.clone(),
            message: sent.message_id.expect("the panel is a message"),
            last: sent,
        };
        panel.check_limits();
        panel
    }

    /// Every control within Discord's limits: ids of 100 characters at most, selects of
    /// 25 options at most, 5 rows.
    fn check_limits(&self) {
        assert!(self.last.components.len() <= 5);
        for id in self.last.custom_ids() {
            assert!(id.len() <= 100, "{id}");
            let options = component(&self.last, &id)["options"]
                .as_array()
                .map(Vec::len);
            assert!(options.unwrap_or(0) <= 25, "{id}");
        }
    }

    /// The custom id of the panel's control `action` (`bs:<match>:aim:<action>.…`).
    fn control(&self, action: &str) -> String {
        let marker = format!(":aim:{action}.");
        let ids = self.last.custom_ids();
        ids.into_iter()
            .find(|id| id.contains(&marker))
            .unwrap_or_else(|| panic!("no aim control {action} in {:?}", self.last))
    }

    /// The cell the panel aims at, as its controls carry it.
    fn cursor(&self) -> String {
        let id = self.control("fire");
        let arg = id.split(':').nth(3).unwrap();
        arg.split('.').nth(2).unwrap().to_owned()
    }

    /// Whether the select `action` offers `value`.
    fn offers(&self, action: &str, value: &str) -> bool {
        component(&self.last, &self.control(action))["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["value"] == value)
    }

    /// Whether the button `action` is disabled.
    fn disabled(&self, action: &str) -> bool {
        component(&self.last, &self.control(action))["disabled"] == true
    }

    fn keep(&mut self, reply: Sent) -> Sent {
        assert_eq!(
            reply.kind,
            SentKind::Callback(7),
            "the panel itself changes: {reply:?}"
        );
        assert_eq!(reply.attachments.len(), 1, "the picture is redrawn");
        self.last = reply.clone();
        if !reply.components.is_empty() {
            self.check_limits();
        }
        reply
    }

    /// Presses the button `action`.
    async fn press(&mut self, action: &str) -> Sent {
        let click = self.t.fake.click(
            &self.user,
            self.t.channel,
            self.message,
            &self.control(action),
        );
        let reply = self.t.fake.wait_reply(click, REPLY).await;
        self.keep(reply)
    }

    /// Picks `value` in the select `action` (only a value the select offers).
    async fn pick(&mut self, action: &str, value: &str) -> Sent {
        let custom_id = self.control(action);
        let shown = json!({ "components": self.last.components });
        support::select::check_pick(&shown, &custom_id, &[value]);
        let click = self.t.fake.select(
            &self.user,
            self.t.channel,
            self.message,
            &custom_id,
            &[value],
        );
        let reply = self.t.fake.wait_reply(click, REPLY).await;
        self.keep(reply)
    }

    /// Aims at `cell` with the selects (the column first, then the row).
    async fn aim(&mut self, cell: &str) {
        let (col, row) = values(cell);
        if values(&self.cursor()).0 != col {
            self.pick("col", &col).await;
        }
        if self.cursor() != cell {
            self.pick("row", &row).await;
        }
        assert_eq!(self.cursor(), cell);
        says(&self.last, &format!("Aiming at **{cell}**"));
    }
}

/// The cells of the ships of a fleet string (`A1-A4 J10` → A1 A2 A3 A4 J10).
fn ship_cells(fleet: &str) -> Vec<String> {
    fleet
        .split_whitespace()
        .flat_map(|ship| {
            let (a, b) = ship.split_once('-').unwrap_or((ship, ship));
            let ((c1, r1), (c2, r2)) = (values(a), values(b));
            let [c1, r1, c2, r2]: [u8; 4] = [c1, r1, c2, r2].map(|v| v.parse().unwrap());
            (r1..=r2).flat_map(move |r| {
                (c1..=c2).map(move |c| format!("{}{}", char::from(b'A' + c), r + 1))
            })
        })
        .collect()
}

#[tokio::test]
async fn a_classic_match_is_played_by_clicks_alone() {
    let mut t = Table::new("5301", &[]).await;
    let first = t.battle(0, CLASSIC).await;
    let (shooter, other) = (t.user(first).clone(), t.other(first).clone());
    // The first player shoots at the other's fleet.
    let targets = ship_cells(if first == t.alice.id {
        CLASSIC[1]
    } else {
        CLASSIC[0]
    });
    assert_eq!(targets.len(), 20);

    // The start message has Fire: one row of one button.
    let start = turn_message(&t, 0).await;
    says(&start, "fires first");
    assert_eq!(start.components.len(), 1, "{start:?}");
    let fire = &start.components[0]["components"][0];
    assert_eq!(fire["label"], "Fire", "{start:?}");

    // Not the other player's, nor a bystander's: refused privately.
    let refused = press_fire(&t, &other, &start).await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "It is not your turn");
    let carol = t.fake.user("carol");
    let refused = press_fire(&t, &carol, &start).await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "You are not playing in this match");

    // The first player misses at E8 (water in both fleets), aimed with the selects.
    let mut panel = Panel::open(&t, &shooter, &start).await;
    says(&panel.last, "Your turn in the **Classic** match");
    says(&panel.last, "Aiming at **A1**");
    panel.aim("E8").await;
    assert_eq!(
        component(&panel.last, &panel.control("fire"))["label"],
        "Fire at E8"
    );
    let old_fire = panel.control("fire");
    let missed = panel.press("fire").await;
    says(&missed, "fires at **E8**: miss.");
    says(&missed, "Your turn is over");
    assert!(missed.components.is_empty(), "no controls: {missed:?}");
    let second = turn_message(&t, 1).await;
    says(&second, "fires at **E8**: miss.");
    says(&second, &format!("<@{}> to move", other.id));

    // After the turn passed: the old turn's Fire and the old panel's Fire are refused.
    let late = press_fire(&t, &shooter, &start).await;
    assert!(late.ephemeral, "{late:?}");
    says(&late, "It is not your turn");
    let click = t.fake.click(&shooter, t.channel, panel.message, &old_fire);
    let late = t.fake.wait_reply(click, REPLY).await;
    assert!(
        late.ephemeral && late.kind == SentKind::Callback(4),
        "{late:?}"
    );

    // The other player misses at E8 too.
    let mut reply = Panel::open(&t, &other, &second).await;
    reply.aim("E8").await;
    says(&reply.press("fire").await, "Your turn is over");
    let third = turn_message(&t, 2).await;
    says(&third, &format!("<@{}> to move", shooter.id));

    // The first player again: the selects no longer offer E8.
    let mut panel = Panel::open(&t, &shooter, &third).await;
    panel.pick("col", "4").await;
    assert!(!panel.offers("row", "7"), "E8 was fired at");
    assert!(panel.offers("row", "6"));
    // Killed between two clicks: the panel's controls carry all it needs.
    let (message, last) = (panel.message, panel.last.clone());
    t.restart().await;
    let mut panel = Panel {
        t: &t,
        user: shooter.clone(),
        message,
        last,
    };
    // Then every ship cell of the other fleet: a hit fires again, the panel aims on.
    for (n, cell) in targets.iter().enumerate() {
        panel.aim(cell).await;
        let shot = panel.press("fire").await;
        says(&shot, &format!("fires at **{cell}**"));
        if n + 1 < targets.len() {
            assert!(!shot.components.is_empty(), "fires again: {shot:?}");
        } else {
            says(&shot, "The match is over");
            assert!(shot.components.is_empty(), "{shot:?}");
        }
    }
    // The end is announced; the last shot's message has no Fire.
    t.fake
        .wait_sent(
            |s| {
                s.kind == SentKind::ChannelMessage
                    && s.custom_ids().iter().any(|id| id.ends_with(":replay"))
            },
            REPLY,
        )
        .await;
    // Start, two misses, 19 hits that fire again; the end's message has none.
    assert_eq!(turn_messages(&t), 3 + 19);
    let late = press_fire(&t, &shooter, &third).await;
    assert!(late.ephemeral, "{late:?}");
    says(&late, "no longer does anything");
}

#[tokio::test]
async fn a_game2000_salvo_takes_three_different_cells_by_clicks() {
    let t = Table::new("5302", &[]).await;
    let first = t.battle(1, [G2000_A, G2000_B]).await;
    let (shooter, other) = (t.user(first).clone(), t.other(first).clone());
    let start = turn_message(&t, 0).await;
    let mut panel = Panel::open(&t, &shooter, &start).await;
    says(&panel.last, "salvo (0/3)");
    assert!(panel.disabled("fire"), "no salvo yet");
    assert!(panel.disabled("clear"));
    // The board is 9 × 9: the selects offer columns A–I and rows 1–9.
    assert!(panel.offers("col", "8") && !panel.offers("col", "9"));
    // A1, then (Add aims on) B1; C5 by the selects; pressed again on C5 takes it out.
    panel.press("add").await;
    panel.press("add").await;
    panel.aim("C5").await;
    panel.press("add").await;
    says(&panel.last, "salvo (3/3): **A1** **B1** **C5**");
    assert!(panel.disabled("add"), "three cells");
    panel.aim("C5").await;
    says(&panel.press("add").await, "salvo (2/3)");
    assert!(panel.disabled("fire"), "two cells");
    // A cell of the salvo twice is not a third: Add on A1 takes it out too.
    panel.aim("A1").await;
    says(&panel.press("add").await, "salvo (1/3): **B1**");
    panel.aim("I9").await;
    panel.press("add").await;
    panel.aim("E5").await;
    panel.press("add").await;
    says(&panel.last, "salvo (3/3): **B1** **I9** **E5**");
    assert!(!panel.disabled("fire"));
    let fired = panel.press("fire").await;
    says(&fired, "fires at **B1 E5 I9** (turn 1)");
    says(&fired, "Your turn is over");
    let second = turn_message(&t, 1).await;
    says(&second, "fires at **B1 E5 I9** (turn 1)");

    // The other player's turn; the first player's Fire is refused.
    let late = press_fire(&t, &shooter, &second).await;
    assert!(late.ephemeral, "{late:?}");
    says(&late, "It is not your turn");
    let mut reply = Panel::open(&t, &other, &second).await;
    for _ in 0..3 {
        reply.press("add").await;
    }
    says(&reply.press("fire").await, "fires at **A1 B1 C1** (turn 1)");

    // The first player's next panel never offers the cells fired at.
    let third = turn_message(&t, 2).await;
    let mut panel = Panel::open(&t, &shooter, &third).await;
    says(&panel.last, "Aiming at **A1**");
    panel.pick("col", "1").await;
    assert_eq!(
        panel.cursor(),
        "B2",
        "B1 was fired at: the column aims at B2"
    );
    assert!(!panel.offers("row", "0"));
    panel.pick("col", "4").await;
    assert!(!panel.offers("row", "4"), "E5 was fired at");
    panel.pick("col", "8").await;
    assert!(!panel.offers("row", "8"), "I9 was fired at");
}

#[tokio::test]
async fn where_the_bot_can_only_answer_the_panel_s_shots_are_public_answers() {
    let t = Table::anywhere("5303", &[]).await;
    let first = t.battle(0, CLASSIC).await;
    let (shooter, other) = (t.user(first).clone(), t.other(first).clone());
    let start = turn_message(&t, 0).await;
    assert_eq!(start.kind, SentKind::Followup, "{start:?}");
    let mut panel = Panel::open(&t, &shooter, &start).await;
    panel.aim("E8").await;
    says(&panel.press("fire").await, "Your turn is over");
    // The shot is a public answer to the panel's click, with the next player's Fire.
    let second = turn_message(&t, 1).await;
    assert_eq!(second.kind, SentKind::Followup, "{second:?}");
    says(&second, "fires at **E8**: miss.");
    let refused = press_fire(&t, &shooter, &second).await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "It is not your turn");
    let mut reply = Panel::open(&t, &other, &second).await;
    reply.aim("E8").await;
    reply.press("fire").await;
    let third = turn_message(&t, 2).await;
    says(&third, &format!("<@{}> to move", shooter.id));
}
