//! The placement editor through the fake Discord: a fleet placed by clicks in both rule
//! sets, every refusal, Random rest, a restart between two clicks, an editor older than
//! an interaction token, another member's clicks; and the fake's select menus.

use crate::support;

use serde_json::json;
use support::table::{REPLY, Table};
use support::{Channel, FakeDiscord, Sent, SentKind, User, button};

const CLASSIC_B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";
const G2000_B: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";

/// The custom id of the editor control `action` (`bs:<match>:ed:<action>.…`) in `sent`.
fn control(sent: &Sent, action: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| {
            let mut parts = id.split(':');
            parts.nth(2) == Some("ed")
                && parts
                    .next()
                    .is_some_and(|c| c.split('.').next() == Some(action))
        })
        .unwrap_or_else(|| panic!("no editor control {action} in {sent:?}"))
}

/// The fleet string of the editor's "Placed k of n: `…`" line ("" for none).
fn fleet_of(sent: &Sent) -> String {
    let text = sent.text();
    let line = text
        .lines()
        .find(|l| l.starts_with("Placed "))
        .unwrap_or_else(|| panic!("no Placed line in {text}"));
    line.split('`').nth(1).unwrap_or("").to_owned()
}

/// One member's editor on one message.
struct Editor<'a> {
    fake: &'a FakeDiscord,
    user: User,
    channel: Channel,
    message: u64,
    /// The message as last shown.
    last: Sent,
}

impl<'a> Editor<'a> {
    /// Presses Edit on `preview` (in `channel`): the preview becomes the editor.
    async fn open(fake: &'a FakeDiscord, user: &User, channel: Channel, preview: &Sent) -> Self {
        let message = preview.message_id.expect("the preview is a message");
        let mut editor = Editor {
            fake,
            user: user.clone(),
            channel,
            message,
            last: preview.clone(),
        };
        let opened = editor.press("open").await;
        assert_eq!(opened.kind, SentKind::Callback(7), "{opened:?}");
        assert_eq!(
            opened.message_id,
            Some(message),
            "the preview itself changes"
        );
        editor
    }

    /// Keeps `reply` as the message when it updated it.
    fn keep(&mut self, reply: &Sent) {
        if reply.kind == SentKind::Callback(7) {
            assert_eq!(reply.message_id, Some(self.message));
            self.last = reply.clone();
        }
    }

    /// Presses the editor button `action`.
    async fn press(&mut self, action: &str) -> Sent {
        let id = self.fake.click(
            &self.user,
            self.channel,
            self.message,
            &control(&self.last, action),
        );
        let reply = self.fake.wait_reply(id, REPLY).await;
        self.keep(&reply);
        reply
    }

    /// Picks `value` in the editor select `action` (ship, col or row).
    async fn pick(&mut self, action: &str, value: &str) -> Sent {
        let id = self.fake.select(
            &self.user,
            self.channel,
            self.message,
            &control(&self.last, action),
            &[value],
        );
        let reply = self.fake.wait_reply(id, REPLY).await;
        assert_eq!(reply.kind, SentKind::Callback(7), "{reply:?}");
        self.keep(&reply);
        reply
    }

    /// Selects ship `slot` and its bow `cell`, then presses `way` (right or down).
    async fn place(&mut self, slot: usize, cell: &str, way: &str) -> Sent {
        let col = (cell.as_bytes()[0] - b'A').to_string();
        let row = (cell[1..].parse::<u8>().unwrap() - 1).to_string();
        self.pick("ship", &slot.to_string()).await;
        self.pick("col", &col).await;
        let aimed = self.pick("row", &row).await;
        assert!(
            aimed.text().contains(&format!("bow on **{cell}**")),
            "{}",
            aimed.text()
        );
        self.press(way).await
    }

    /// Places `ships` one by one, each accepted.
    async fn place_all(&mut self, ships: &[(usize, &str, &str)]) {
        for (n, &(slot, cell, way)) in ships.iter().enumerate() {
            let placed = self.place(slot, cell, way).await;
            assert_eq!(placed.kind, SentKind::Callback(7));
            assert!(
                placed.text().contains(&format!("Placed {} of", n + 1)),
                "{slot} at {cell}: {}",
                placed.text()
            );
            assert!(!placed.text().contains("⚠️"), "{}", placed.text());
            assert_eq!(placed.attachments.len(), 1, "the picture is redrawn");
        }
    }

    /// Presses Ready, which with every ship placed is the preview's own Ready.
    async fn ready(&mut self) -> Sent {
        let id = self.fake.click(
            &self.user,
            self.channel,
            self.message,
            &button(&self.last, "ready"),
        );
        self.fake.wait_reply(id, REPLY).await
    }
}

/// Alice challenges Bob to `variant` (0 classic, 1 Game 2000) and he accepts.
async fn accepted(t: &Table, variant: u64) {
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, variant).await;
    t.click_on(&t.bob, &challenge, "accept").await;
}

/// `user`'s placement preview by DM (sent when the challenge was accepted).
async fn dm_preview(t: &Table, user: &User) -> Sent {
    t.fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| s.kind == SentKind::Dm(user.id) && !s.custom_ids().is_empty())
                    .cloned()
            },
            REPLY,
        )
        .await
}

/// The classic fleet `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10` by clicks.
const CLASSIC_CLICKS: [(usize, &str, &str); 10] = [
    (0, "A1", "down"),
    (1, "C1", "down"),
    (2, "E1", "down"),
    (3, "G1", "down"),
    (4, "I1", "down"),
    (5, "A6", "right"),
    (6, "D6", "right"),
    (7, "F6", "right"),
    (8, "H6", "right"),
    (9, "J10", "right"),
];

#[tokio::test]
async fn a_classic_fleet_placed_by_clicks_is_made_final_and_the_battle_starts() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    assert!(preview.ephemeral);
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    assert!(editor.last.ephemeral, "the editor stays private");
    let cleared = editor.press("clear").await;
    assert!(
        cleared.text().contains("Placed 0 of 10"),
        "{}",
        cleared.text()
    );
    editor.place_all(&CLASSIC_CLICKS).await;
    assert_eq!(
        fleet_of(&editor.last),
        "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10"
    );
    let done = editor.ready().await;
    assert_eq!(done.kind, SentKind::Callback(7));
    assert!(
        done.text()
            .contains("final: `A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10`"),
        "{}",
        done.text()
    );
    let bob = t.place(&t.bob, CLASSIC_B).await;
    t.click_on(&t.bob, &bob, "ready").await;
    t.first_player().await;
}

#[tokio::test]
async fn a_game2000_fleet_placed_by_clicks_in_the_dm_preview_starts_the_battle() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 1).await;
    let preview = dm_preview(&t, &t.alice).await;
    let dm = t.fake.dm(&t.alice);
    let mut editor = Editor::open(&t.fake, &t.alice, dm, &preview).await;
    assert!(
        editor.last.text().contains("Placed 7 of 7"),
        "starts from the fleet shown"
    );
    editor.press("clear").await;
    // B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1
    editor
        .place_all(&[
            (0, "B3", "right"),
            (1, "F3", "down"),
            (2, "B5", "down"),
            (3, "D7", "right"),
            (4, "H7", "down"),
            (5, "H1", "right"),
            (6, "E1", "down"),
        ])
        .await;
    assert_eq!(
        fleet_of(&editor.last),
        "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 E1 H1"
    );
    let done = editor.ready().await;
    assert!(done.text().contains("final"), "{}", done.text());
    let bob = t.place(&t.bob, G2000_B).await;
    t.click_on(&t.bob, &bob, "ready").await;
    t.first_player().await;
}

#[tokio::test]
async fn every_refusal_is_said_and_leaves_the_fleet_unchanged() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 1).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    editor.place_all(&[(0, "C3", "right")]).await;
    let refusals: [(usize, &str, &str, &str); 4] = [
        // Touching C3-E3 at its side.
        (1, "D4", "down", "touches"),
        // Off the 9 × 9 sea: H5-J5.
        (1, "H5", "right", "runs off the sea"),
        // A one-cell ship in the corner A1.
        (5, "A1", "right", "corner"),
        // A 3-cell ship lying along the top edge.
        (1, "F1", "right", "along the top edge"),
    ];
    for (slot, cell, way, says) in refusals {
        let refused = editor.place(slot, cell, way).await;
        assert_eq!(
            refused.kind,
            SentKind::Callback(7),
            "said in the editor itself"
        );
        assert!(refused.text().contains("⚠️"), "{}", refused.text());
        assert!(refused.text().contains(says), "{cell}: {}", refused.text());
        assert_eq!(fleet_of(&refused), "C3-E3", "{cell}: unchanged");
        assert!(refused.text().contains("Placed 1 of 7"));
        // The message shows it too, as the fake keeps it.
        let shown = t.fake.message(editor.message).unwrap();
        assert_eq!(shown["content"], refused.text());
    }
    // Ready with ships missing.
    let early = editor.press("ready").await;
    assert!(
        early.text().contains("6 ships are still to be placed"),
        "{}",
        early.text()
    );
    assert_eq!(fleet_of(&early), "C3-E3");
    // Random rest, then once more with every ship placed.
    let full = editor.press("rest").await;
    assert!(full.text().contains("Placed 7 of 7"), "{}", full.text());
    let fleet = fleet_of(&full);
    let again = editor.press("rest").await;
    assert!(
        again.text().contains("Every ship is placed already"),
        "{}",
        again.text()
    );
    assert_eq!(fleet_of(&again), fleet);
    // Remove, on a slot with no ship.
    editor.press("clear").await;
    let nothing = editor.press("remove").await;
    assert!(
        nothing.text().contains("nothing to remove"),
        "{}",
        nothing.text()
    );
    assert!(nothing.text().contains("Placed 0 of 7"));
}

#[tokio::test]
async fn random_rest_keeps_the_ships_placed() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    editor
        .place_all(&[(0, "B2", "right"), (1, "J5", "down"), (6, "A10", "right")])
        .await;
    let full = editor.press("rest").await;
    assert!(full.text().contains("Placed 10 of 10"), "{}", full.text());
    let fleet = fleet_of(&full);
    for kept in ["B2-E2", "J5-J7", "A10"] {
        assert!(fleet.split(' ').any(|s| s == kept), "{kept} in {fleet}");
    }
    // The fleet is the player's now: Ready makes exactly it final.
    let done = editor.ready().await;
    assert!(
        done.text().contains(&format!("final: `{fleet}`")),
        "{}",
        done.text()
    );
}

#[tokio::test]
async fn the_editor_keeps_working_after_a_restart() {
    let mut t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let preview = dm_preview(&t, &t.alice).await;
    let dm = t.fake.dm(&t.alice);
    let (message, last) = {
        let mut editor = Editor::open(&t.fake, &t.alice, dm, &preview).await;
        editor.press("clear").await;
        editor.place_all(&[(0, "D4", "right")]).await;
        (editor.message, editor.last)
    };
    t.restart().await;
    let mut editor = Editor {
        fake: &t.fake,
        user: t.alice.clone(),
        channel: dm,
        message,
        last,
    };
    // The stored draft, not the fleet of before: one ship, then two.
    let next = editor.place(1, "A1", "down").await;
    assert!(next.text().contains("Placed 2 of 10"), "{}", next.text());
    assert_eq!(fleet_of(&next), "D4-G4 A1-A3");
}

#[tokio::test]
async fn an_editor_older_than_its_first_token_keeps_working() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let place = t
        .fake
        .interaction(&t.alice, t.channel)
        .permissions(support::table::MEMBER)
        .slash("place", json!([]));
    let preview = t.fake.wait_reply(place, REPLY).await;
    // Twenty minutes later: the /place token has expired.
    t.fake.age_token(place, 20);
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    let last_click = *t.fake.recording().interactions.last().unwrap();
    t.fake.age_token(last_click, 20);
    editor
        .place_all(&[(0, "A1", "down"), (1, "C1", "down")])
        .await;
    assert_eq!(fleet_of(&editor.last), "A1-A4 C1-C3");
    // Nothing went through an expired token.
    let expired: Vec<_> = t
        .fake
        .failed_requests()
        .into_iter()
        .filter(|r| r.path.contains("webhooks"))
        .collect();
    assert!(expired.is_empty(), "{expired:?}");
}

#[tokio::test]
async fn another_members_clicks_are_refused_and_change_nothing() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    editor.place_all(&[(0, "A1", "down")]).await;
    let before = t.fake.message(editor.message).unwrap();
    // Bob presses Alice's → and picks in her ship select.
    let id = t.fake.click(
        &t.bob,
        t.channel,
        editor.message,
        &control(&editor.last, "right"),
    );
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert_eq!(refused.kind, SentKind::Callback(4));
    assert!(refused.ephemeral);
    assert!(
        refused.text().contains("another player"),
        "{}",
        refused.text()
    );
    let id = t.fake.select(
        &t.bob,
        t.channel,
        editor.message,
        &control(&editor.last, "ship"),
        &["3"],
    );
    let refused = t.fake.wait_reply(id, REPLY).await;
    assert!(
        refused.text().contains("another player"),
        "{}",
        refused.text()
    );
    // Alice's editor and draft are as they were.
    assert_eq!(t.fake.message(editor.message).unwrap(), before);
    let next = editor.place(1, "C1", "down").await;
    assert_eq!(fleet_of(&next), "A1-A4 C1-C3");
}

#[tokio::test]
async fn an_editor_that_cannot_be_updated_comes_back_fresh() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    // The next answer (the update) is refused.
    t.fake
        .fail_route(Some("POST"), "/callback", 400, 50035, Some(1));
    let id = t.fake.click(
        &t.alice,
        t.channel,
        editor.message,
        &control(&editor.last, "rest"),
    );
    let fresh = t
        .fake
        .wait_for(
            |rec| {
                rec.replies_to(id)
                    .into_iter()
                    .find(|s| s.kind == SentKind::Callback(4))
            },
            REPLY,
        )
        .await;
    assert!(fresh.ephemeral);
    assert!(fresh.text().contains("Placed 10 of 10"), "{}", fresh.text());
    assert_eq!(fresh.attachments.len(), 1);
    assert!(!fresh.custom_ids().is_empty(), "with its controls");
}

// ----- the fake's select menus -----

#[tokio::test]
async fn the_fake_checks_a_pick_against_the_select_it_shows() {
    use support::select::check_pick;
    let message = json!({"components": [{"type": 1, "components": [{
        "type": 3, "custom_id": "pick", "min_values": 1, "max_values": 1,
        "options": [{"label": "A", "value": "0"}, {"label": "B", "value": "1"}]
    }]}]});
    check_pick(&message, "pick", &["1"]);
    for bad in [&["2"][..], &["0", "1"][..], &[][..]] {
        let refused = std::panic::catch_unwind(|| check_pick(&message, "pick", bad));
        assert!(refused.is_err(), "{bad:?} cannot be picked");
    }
    assert!(std::panic::catch_unwind(|| check_pick(&message, "other", &["0"])).is_err());

    // A pick is an INTERACTION_CREATE serenity reads as a string select with its values.
    let fake = FakeDiscord::start().await;
    fake.without_bot();
    let alice = fake.user("alice");
    let id = fake.select(&alice, fake.channel(), 77, "pick", &["1"]);
    let payload = fake.interaction_payload(id);
    let read: serenity::all::Interaction = serde_json::from_value(payload).unwrap();
    let serenity::all::Interaction::Component(c) = read else {
        panic!("a component interaction");
    };
    assert_eq!(c.data.custom_id, "pick");
    assert!(matches!(
        c.data.kind,
        serenity::all::ComponentInteractionDataKind::StringSelect { ref values } if values == &["1"]
    ));
    assert_eq!(c.message.id.get(), 77);
}
