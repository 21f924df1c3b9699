//! `/fire`'s autocomplete through the fake Discord (type 4 requests, type 8 answers): the
//! open cells in sea order, Game 2000's salvo completion, `forbid_repeats`, nothing that is
//! not in the player's own view, a reason outside one's turn, and answers in time.

use crate::e2e::support;

use std::time::Duration;

use crate::fleets::{CLASSIC_A as CLASSIC, G2000_A as G2000};
use serde_json::json;
use support::table::{MEMBER, REPLY, Table};
use support::{Autocompleted, User};

/// Discord drops an autocomplete answer after three seconds (the fake, with the slack of a
/// loaded machine, refuses it after [`support::fake::loaded`] of that).
const DISCORD_LIMIT: Duration = Duration::from_secs(3);

/// What `user` is offered while typing `typed` into `/fire targets:`, in `locale`.
async fn offered(t: &Table, user: &User, typed: &str, locale: &str) -> Autocompleted {
    let id = t
        .fake
        .interaction(user, t.channel)
        .permissions(MEMBER)
        .locale(locale)
        .autocomplete(
            "fire",
            json!([{"name": "targets", "type": 3, "value": typed, "focused": true}]),
        );
    let answer = t.fake.wait_choices(id, REPLY).await;
    assert!(
        answer.took < support::fake::loaded(DISCORD_LIMIT),
        "answered in {:?}",
        answer.took
    );
    answer
}

/// The values offered (each also its own name).
fn values(a: &Autocompleted) -> Vec<String> {
    let values: Vec<String> = a
        .values()
        .iter()
        .map(|v| v.as_str().expect("a string").to_owned())
        .collect();
    assert_eq!(values, a.names(), "each choice is named by its value");
    values
}

/// `letter`1 … `letter``rows`, minus `except`.
fn column(letter: char, rows: u8, except: &[u8]) -> Vec<String> {
    (1..=rows)
        .filter(|r| !except.contains(r))
        .map(|r| format!("{letter}{r}"))
        .collect()
}

#[tokio::test]
async fn classic_offers_the_open_cells_of_the_players_own_view_in_sea_order() {
    let t = Table::new("2026", &[]).await;
    let carol = t.fake.user("carol");
    // Outside a match: one entry that says why, in the asker's language.
    let none = offered(&t, &carol, "C", "en-US").await;
    assert_eq!(
        none.names(),
        ["You are not playing a match in this channel."]
    );
    assert_eq!(
        none.values(),
        [json!("C")],
        "picking it keeps what was typed"
    );
    let none = offered(&t, &carol, "", "da").await;
    assert_eq!(none.names(), ["Du spiller ikke et spil i denne kanal."]);
    // Before the battle.
    let challenge = t.challenge(&t.alice, &t.bob, t.channel, 0).await;
    t.click_on(&t.bob, &challenge, "accept").await;
    let early = offered(&t, &t.alice, "", "en-US").await;
    assert_eq!(early.names(), ["The battle has not begun yet."]);
    for user in [&t.alice, &t.bob] {
        let preview = t.place(user, CLASSIC).await;
        t.click_on(user, &preview, "ready").await;
    }
    let first_id = t.first_player().await;
    let (first, second) = (t.user(first_id), t.other(first_id));
    // Two hits (A1, A2: each fires again), then water at B1.
    for cell in ["A1", "A2", "B1"] {
        t.fire(first, cell).await;
    }
    let waiting = offered(&t, first, "A", "nl").await;
    assert_eq!(
        waiting.names(),
        ["Je bent nog niet aan de beurt: wacht op de zet van je tegenstander."]
    );
    // The second player has fired at nothing: every cell is open, ships or not. The
    // first 25 in sea order, whatever lies under them (A1–A4 is a battleship).
    let all = values(&offered(&t, second, "", "en-US").await);
    let sea: Vec<String> = (1..=10)
        .flat_map(|r| ('A'..='J').map(move |c| format!("{c}{r}")))
        .take(25)
        .collect();
    assert_eq!(all, sea);
    assert_eq!(
        values(&offered(&t, second, "a", "en-US").await),
        column('A', 10, &[])
    );
    t.fire(second, "B1").await;
    // Back to the first player: their own shots are left out, nothing else.
    assert_eq!(
        values(&offered(&t, first, "A", "en-US").await),
        column('A', 10, &[1, 2])
    );
    assert_eq!(
        values(&offered(&t, first, "b", "en-US").await),
        column('B', 10, &[1])
    );
    assert_eq!(values(&offered(&t, first, "A1", "en-US").await), ["A10"]);
    // A second cell is one too many in classic.
    let two = offered(&t, first, "A3 B", "en-US").await;
    assert_eq!(two.values(), [json!("A3 B")]);
    assert!(two.names()[0].contains('1'), "{:?}", two.names());
}

#[tokio::test]
async fn game2000_completes_the_salvo_without_repeating_its_cells() {
    let t = Table::new("2026", &[]).await;
    let first_id = t.battle(1, [G2000, G2000]).await;
    let (first, second) = (t.user(first_id), t.other(first_id));
    let salvo = values(&offered(&t, first, "C4 D5 E", "en-US").await);
    let expected: Vec<String> = column('E', 9, &[])
        .iter()
        .map(|c| format!("C4 D5 {c}"))
        .collect();
    assert_eq!(salvo, expected);
    // Never a cell of the salvo again, typed in any case and with commas.
    let again = values(&offered(&t, first, "c4, d5 D", "en-US").await);
    let expected: Vec<String> = column('D', 9, &[5])
        .iter()
        .map(|c| format!("C4 D5 {c}"))
        .collect();
    assert_eq!(again, expected);
    t.fire(first, "E1 E2 E3").await;
    t.fire(second, "A2 A3 A4").await;
    let next = values(&offered(&t, first, "C4 D5 E", "en-US").await);
    let expected: Vec<String> = column('E', 9, &[1, 2, 3])
        .iter()
        .map(|c| format!("C4 D5 {c}"))
        .collect();
    assert_eq!(next, expected);
    // Three cells typed: the salvo itself.
    assert_eq!(
        values(&offered(&t, first, "c4 d5 e6 ", "en-US").await),
        ["C4 D5 E6"]
    );
    // Repeats are allowed here: a fired cell typed earlier stays.
    let repeat = values(&offered(&t, first, "E1 A", "en-US").await);
    assert_eq!(repeat[0], "E1 A1");
}

#[tokio::test]
async fn forbid_repeats_says_why_a_typed_repeat_cannot_be_fired() {
    let t = Table::new("2026", &[]).await;
    let challenge = t
        .slash(
            &t.alice,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": t.bob.id.to_string()},
                {"name": "variant", "type": 4, "value": 1},
                {"name": "forbid_repeats", "type": 5, "value": true},
            ]),
        )
        .await;
    t.click_on(&t.bob, &challenge, "accept").await;
    for user in [&t.alice, &t.bob] {
        let preview = t.place(user, G2000).await;
        t.click_on(user, &preview, "ready").await;
    }
    let first_id = t.first_player().await;
    let (first, second) = (t.user(first_id), t.other(first_id));
    t.fire(first, "E1 E2 E3").await;
    t.fire(second, "A2 A3 A4").await;
    let refused = offered(&t, first, "E1 A", "en-US").await;
    assert_eq!(refused.values(), [json!("E1 A")]);
    assert!(
        refused.names()[0].contains("already fired at E1"),
        "{:?}",
        refused.names()
    );
    let twice = offered(&t, first, "A5 A5 B", "sv-SE").await;
    assert!(twice.names()[0].contains("A5"), "{:?}", twice.names());
    assert_eq!(
        values(&offered(&t, first, "C4 D5 E", "en-US").await),
        column('E', 9, &[1, 2, 3])
            .iter()
            .map(|c| format!("C4 D5 {c}"))
            .collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn suggestions_leak_nothing_beyond_the_players_own_shots() {
    // Different fleets: Alice's A column is empty, Bob's has a ship in it.
    const ALICE: &str = "C2-C4 E2-G2 B6-C6 E5-E6 H4-H5 G8 I7";
    const BOB: &str = "A3-C3 E2-E4 G2-H2 C6-D6 F6-F7 H8 B8";
    let t = Table::new("2026", &[]).await;
    let first_id = t.battle(1, [ALICE, BOB]).await;
    let (first, second) = (t.user(first_id), t.other(first_id));
    // Whether ships lie under column A makes no difference: all nine are offered, in order.
    assert_eq!(
        values(&offered(&t, first, "A", "en-US").await),
        column('A', 9, &[])
    );
    // The first player hits and misses in column B.
    t.fire(first, "B2 B3 B8").await;
    // The second player has fired at nothing: everything is open, and nothing of the
    // first player's shots at their sea is taken out.
    for letter in ['A', 'B'] {
        assert_eq!(
            values(&offered(&t, second, &letter.to_string(), "en-US").await),
            column(letter, 9, &[])
        );
    }
    t.fire(second, "D2 D3 D4").await;
    // The first player's offers leave out their own three shots, whatever they hit,
    // and nothing of the second player's shots at column D of their own sea.
    assert_eq!(
        values(&offered(&t, first, "B", "en-US").await),
        column('B', 9, &[2, 3, 8])
    );
    assert_eq!(
        values(&offered(&t, first, "D", "en-US").await),
        column('D', 9, &[])
    );
    // The first 25 open cells in sea order: row 1, then rows 2 and 3 without B2 and B3,
    // ships or no ships (rows 2 and 3 hold ships of both).
    let open: Vec<String> = (1..=9u8)
        .flat_map(|r| ('A'..='I').map(move |c| (c, r)))
        .filter(|&(c, r)| !(c == 'B' && [2, 3, 8].contains(&r)))
        .map(|(c, r)| format!("{c}{r}"))
        .take(25)
        .collect();
    assert_eq!(values(&offered(&t, first, "", "en-US").await), open);
    t.fire(first, "I9 I8 H9").await;
    // The second player's own shots only: D2–D4 out of D, all of B still.
    assert_eq!(
        values(&offered(&t, second, "D", "en-US").await),
        column('D', 9, &[2, 3, 4])
    );
    assert_eq!(
        values(&offered(&t, second, "B", "en-US").await),
        column('B', 9, &[])
    );
}
