//! The placement editor through the fake Discord: a fleet placed by clicks in both rule
//! sets, every refusal, Random rest, a restart between two clicks, an editor older than
//! an interaction token, another member's clicks; and the fake's select menus.

use crate::e2e::support;
use crate::e2e::support::says;

use std::collections::BTreeSet;

// `CLASSIC_CLICKS_FLEET` is the fleet `CLASSIC_CLICKS` places, typed.
use crate::fleets::{CLASSIC, CLASSIC_A as CLASSIC_CLICKS_FLEET, CLASSIC_B, G2000_B};
use serde_json::{Value, json};
use support::table::{REPLY, Table};
use support::{Channel, FakeDiscord, Sent, SentKind, User, button};

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
    /// The Discord locale the member's clicks carry.
    locale: &'static str,
}

impl<'a> Editor<'a> {
    /// Presses Edit on `preview` (in `channel`): the preview becomes the editor.
    async fn open(fake: &'a FakeDiscord, user: &User, channel: Channel, preview: &Sent) -> Self {
        Self::open_in(fake, user, channel, preview, "en-US").await
    }

    /// [`Editor::open`] by a member whose client speaks `locale`.
    async fn open_in(
        fake: &'a FakeDiscord,
        user: &User,
        channel: Channel,
        preview: &Sent,
        locale: &'static str,
    ) -> Self {
        let message = preview.message_id.expect("the preview is a message");
        let mut editor = Editor {
            fake,
            user: user.clone(),
            channel,
            message,
            last: preview.clone(),
            locale,
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
        let id = self
            .fake
            .interaction(&self.user, self.channel)
            .locale(self.locale)
            .click(self.message, &control(&self.last, action));
        let reply = self.fake.wait_reply(id, REPLY).await;
        self.keep(&reply);
        reply
    }

    /// Picks `value` in the editor select `action` (ship, col or row).
    async fn pick(&mut self, action: &str, value: &str) -> Sent {
        let custom_id = control(&self.last, action);
        if let Some(shown) = self.fake.message(self.message) {
            support::select::check_pick(&shown, &custom_id, &[value]);
        }
        let id = self
            .fake
            .interaction(&self.user, self.channel)
            .locale(self.locale)
            .select(self.message, &custom_id, &[value]);
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
        // "… bow on **C3**." in every language.
        says(&aimed, &format!("**{cell}**."));
        self.press(way).await
    }

    /// Places `ships` one by one, each accepted.
    async fn place_all(&mut self, ships: &[(usize, &str, &str)]) {
        for (n, &(slot, cell, way)) in ships.iter().enumerate() {
            let placed = self.place(slot, cell, way).await;
            assert_eq!(placed.kind, SentKind::Callback(7));
            assert_eq!(
                ships_of(&placed).len(),
                n + 1,
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
        .first_sent(
            |s| s.kind == SentKind::Dm(user.id) && !s.custom_ids().is_empty(),
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
    says(&cleared, "Placed 0 of 10");
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
    says(&done, "final");
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
    for (slot, cell, way, reason) in refusals {
        let refused = editor.place(slot, cell, way).await;
        assert_eq!(
            refused.kind,
            SentKind::Callback(7),
            "said in the editor itself"
        );
        says(&refused, "⚠️");
        assert!(
            refused.text().contains(reason),
            "{cell}: {}",
            refused.text()
        );
        assert_eq!(fleet_of(&refused), "C3-E3", "{cell}: unchanged");
        assert!(refused.text().contains("Placed 1 of 7"));
        // The message shows it too, as the fake keeps it.
        let shown = t.fake.message(editor.message).unwrap();
        assert_eq!(shown["content"], refused.text());
    }
    // Ready with ships missing.
    let early = editor.press("ready").await;
    says(&early, "6 ships are still to be placed");
    assert_eq!(fleet_of(&early), "C3-E3");
    // Random rest, then once more with every ship placed.
    let full = editor.press("rest").await;
    says(&full, "Placed 7 of 7");
    let fleet = fleet_of(&full);
    let again = editor.press("rest").await;
    says(&again, "Every ship is placed already");
    assert_eq!(fleet_of(&again), fleet);
    // Remove, on a slot with no ship.
    editor.press("clear").await;
    let nothing = editor.press("remove").await;
    says(&nothing, "nothing to remove");
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
    says(&full, "Placed 10 of 10");
    let fleet = fleet_of(&full);
    for kept in ["B2-E2", "J5-J7", "A10"] {
        assert!(fleet.split(' ').any(|s| s == kept), "{kept} in {fleet}");
    }
    // The fleet is the player's now: Ready makes exactly it final.
    let done = editor.ready().await;
    says(&done, &format!("final: `{fleet}`"));
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
        locale: "en-US",
    };
    // The stored draft, not the fleet of before: one ship, then two.
    let next = editor.place(1, "A1", "down").await;
    says(&next, "Placed 2 of 10");
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
    says(&refused, "another player");
    let id = t.fake.select(
        &t.bob,
        t.channel,
        editor.message,
        &control(&editor.last, "ship"),
        &["3"],
    );
    let refused = t.fake.wait_reply(id, REPLY).await;
    says(&refused, "another player");
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
        .first_reply(id, |s| s.kind == SentKind::Callback(4), REPLY)
        .await;
    assert!(fresh.ephemeral);
    says(&fresh, "Placed 10 of 10");
    assert_eq!(fresh.attachments.len(), 1);
    assert!(!fresh.custom_ids().is_empty(), "with its controls");
}

/// The first fleet in backticks in `sent`'s text, as a set of ships: the preview's fleet,
/// or the editor's fleet so far (whatever the language).
fn ships_of(sent: &Sent) -> BTreeSet<String> {
    let text = sent.text();
    ship_set(
        text.split('`')
            .nth(1)
            .unwrap_or_else(|| panic!("no fleet in {text}")),
    )
}

/// The ships of a fleet string.
fn ship_set(fleet: &str) -> BTreeSet<String> {
    fleet
        .split(' ')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Every word the controls of `sent` show, in order: button labels, select placeholders,
/// and each option's label and description.
fn control_words(sent: &Sent) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        for key in ["placeholder", "label", "description"] {
            if let Some(words) = v.get(key).and_then(Value::as_str) {
                out.push(words.to_owned());
            }
        }
        for list in ["options", "components"] {
            for child in v.get(list).and_then(Value::as_array).into_iter().flatten() {
                walk(child, out);
            }
        }
    }
    let mut out = Vec::new();
    sent.components.iter().for_each(|c| walk(c, &mut out));
    out
}

/// What a member whose client speaks one language must read in the editor (copied from
/// that language's catalogue, not produced by the bot).
struct Speaks {
    locale: &'static str,
    /// The preview's Edit button.
    edit: &'static str,
    /// Button labels: right, down, remove ship, random rest, ready, remove all.
    buttons: [&'static str; 6],
    /// A few option labels: the first (3-cell) ship of Game 2000, column A, row 9.
    options: [&'static str; 3],
    /// "Placed 1 of 7" as this language says it.
    placed_one: &'static str,
    /// Words of each refusal: touching, off the sea, a corner, along the top edge.
    refusals: [&'static str; 4],
    /// Another member's click.
    not_yours: &'static str,
}

const SPEAKS: [Speaks; 3] = [
    Speaks {
        locale: "nl",
        edit: "Bewerken",
        buttons: [
            "Rechts",
            "Omlaag",
            "Schip weghalen",
            "Rest willekeurig",
            "Klaar",
            "Alles weghalen",
        ],
        options: ["Schip · 3 vakjes", "Kolom A", "Rij 9"],
        placed_one: "1 van 7 geplaatst",
        refusals: ["raakt", "buiten de zee", "hoekvakje", "bovenrand"],
        not_yours: "van een andere speler",
    },
    Speaks {
        locale: "da",
        edit: "Rediger",
        buttons: [
            "Højre",
            "Ned",
            "Fjern skib",
            "Resten tilfældigt",
            "Klar",
            "Fjern alle",
        ],
        options: ["Skib · 3 felter", "Kolonne A", "Række 9"],
        placed_one: "Placeret 1 af 7",
        refusals: ["rører", "ud over havet", "hjørnefelt", "den øverste"],
        not_yours: "tilhører en anden spiller",
    },
    Speaks {
        locale: "sv-SE",
        edit: "Redigera",
        buttons: [
            "Höger",
            "Ner",
            "Ta bort skepp",
            "Slumpa resten",
            "Klar",
            "Ta bort alla",
        ],
        options: ["Skepp · 3 rutor", "Kolumn A", "Rad 9"],
        placed_one: "Placerade 1 av 7",
        refusals: ["rör", "utanför havet", "hörnruta", "övre"],
        not_yours: "tillhör en annan spelare",
    },
];

#[tokio::test]
async fn the_editor_and_its_refusals_speak_each_players_language() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 1).await;
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    let english = control_words(&editor.press("clear").await);
    for speaks in SPEAKS {
        let lang = speaks.locale;
        // The preview in this language, with its Edit button.
        let id = t
            .fake
            .interaction(&t.alice, t.channel)
            .permissions(support::table::MEMBER)
            .locale(lang)
            .slash("place", json!([]));
        let preview = t.fake.wait_reply(id, REPLY).await;
        assert!(
            control_words(&preview).contains(&speaks.edit.to_owned()),
            "{lang}: {:?}",
            control_words(&preview)
        );
        let mut editor = Editor::open_in(&t.fake, &t.alice, t.channel, &preview, lang).await;
        let cleared = editor.press("clear").await;
        // Every word of every control is this language's, none left in English.
        let words = control_words(&cleared);
        assert_eq!(words.len(), english.len(), "{lang}: {words:?}");
        for (word, en) in words.iter().zip(&english) {
            assert_ne!(word, en, "{lang}: {word} is the English word");
        }
        for expected in speaks.buttons.iter().chain(&speaks.options) {
            assert!(
                words.iter().any(|w| w == expected),
                "{lang}: no {expected} in {words:?}"
            );
        }
        assert!(!cleared.text().contains("Placed"), "{}", cleared.text());
        // The same refusals as in English, said in this language, changing nothing.
        editor.place_all(&[(0, "C3", "right")]).await;
        let refusals = [
            (1, "D4", "down"),
            (1, "H5", "right"),
            (5, "A1", "right"),
            (1, "F1", "right"),
        ];
        for ((slot, cell, way), reason) in refusals.into_iter().zip(speaks.refusals) {
            let refused = editor.place(slot, cell, way).await;
            assert_eq!(refused.kind, SentKind::Callback(7));
            let text = refused.text();
            let warning = text
                .lines()
                .find(|l| l.starts_with("⚠️"))
                .unwrap_or_else(|| panic!("{lang} {cell}: no refusal in {text}"));
            assert!(warning.contains(reason), "{lang} {cell}: {warning}");
            assert!(text.contains(speaks.placed_one), "{lang} {cell}: {text}");
            assert_eq!(
                ships_of(&refused),
                BTreeSet::from(["C3-E3".to_owned()]),
                "{lang} {cell}: unchanged"
            );
        }
        // Another member, whose client speaks the same language, is told so in it.
        let id = t
            .fake
            .interaction(&t.bob, t.channel)
            .locale(lang)
            .click(editor.message, &control(&editor.last, "down"));
        let refused = t.fake.wait_reply(id, REPLY).await;
        assert!(refused.ephemeral);
        assert!(
            refused.text().contains(speaks.not_yours),
            "{lang}: {}",
            refused.text()
        );
    }
}

#[tokio::test]
async fn typed_fleets_and_shuffle_still_work_beside_the_editor() {
    let t = Table::new("2026", &[]).await;
    accepted(&t, 0).await;
    // An editor left with one ship placed.
    let preview = t.slash(&t.alice, "place", json!([])).await;
    let mut editor = Editor::open(&t.fake, &t.alice, t.channel, &preview).await;
    editor.press("clear").await;
    editor.place_all(&[(0, "A1", "down")]).await;
    // A typed fleet replaces it: its preview shows it, and Edit on it edits that fleet.
    let typed = t.place(&t.alice, CLASSIC_B).await;
    let typed_ships = ships_of(&typed);
    assert_eq!(typed_ships.len(), 10, "{}", typed.text());
    let again = Editor::open(&t.fake, &t.alice, t.channel, &typed).await;
    says(&again.last, "Placed 10 of 10");
    assert_eq!(ships_of(&again.last), typed_ships);
    // Shuffle on a preview still draws a new fleet, and Edit then starts from it.
    editor.press("clear").await;
    let fresh = t.slash(&t.alice, "place", json!([])).await;
    let shuffled = t.click_on(&t.alice, &fresh, "shuffle").await;
    assert_eq!(shuffled.kind, SentKind::Callback(7));
    assert_ne!(ships_of(&shuffled), ships_of(&fresh), "a new fleet");
    let mut edited = Editor::open(&t.fake, &t.alice, t.channel, &shuffled).await;
    assert!(edited.last.text().contains("Placed 10 of 10"));
    assert_eq!(ships_of(&edited.last), ships_of(&shuffled));
    // Moving one ship of it, then typing a fleet after all: Ready makes the typed one
    // final.
    edited.press("remove").await;
    let typed = t.place(&t.alice, CLASSIC_CLICKS_FLEET).await;
    let done = t.click_on(&t.alice, &typed, "ready").await;
    assert!(
        done.text()
            .contains(&format!("final: `{CLASSIC_CLICKS_FLEET}`")),
        "{}",
        done.text()
    );
    // The editor of before has nothing left to edit.
    let late = editor.press("right").await;
    assert!(late.ephemeral, "{late:?}");
    assert_ne!(
        late.kind,
        SentKind::Callback(7),
        "the editor is not redrawn"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn last_fleet_still_works_and_edit_starts_from_it() {
    let t = Table::new("62", &[]).await;
    // Alice places CLASSIC_CLICKS_FLEET; two hits and a miss, then the other forfeits.
    let (_, _, end) = t.short_match(CLASSIC).await;
    t.click_on(&t.alice, &end, "rematch").await;
    t.click_on(&t.bob, &end, "rematch").await;
    // Alice edits her DM preview of the rematch, leaving it with one ship.
    let preview = support::table::dm_with_button(&t.fake, &t.alice, ":last").await;
    let dm = t.fake.dm(&t.alice);
    let mut editor = Editor::open(&t.fake, &t.alice, dm, &preview).await;
    editor.press("clear").await;
    editor.place_all(&[(0, "D4", "right")]).await;
    // A new preview's Last fleet takes the fleet of the last match, and Edit starts from it.
    let fresh = t.slash(&t.alice, "place", json!([])).await;
    let last = t.click_on(&t.alice, &fresh, "last").await;
    let last_ships = ships_of(&last);
    assert_eq!(last_ships, ship_set(CLASSIC_CLICKS_FLEET));
    let mut edited = Editor::open(&t.fake, &t.alice, t.channel, &last).await;
    says(&edited.last, "Placed 10 of 10");
    assert_eq!(ships_of(&edited.last), last_ships);
    let done = edited.ready().await;
    says(&done, "final");
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
