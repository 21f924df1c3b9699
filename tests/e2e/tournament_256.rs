//! Issue 51's goal for the largest round post, through the fake Discord: 256 members with
//! 19-digit ids sign up, the tournament starts, and round 1's pairings (128 boards) arrive
//! in the tournament's channel in parts, each at most 2 000 characters, numbered in order
//! and naming the round, every board once and in order, every member once.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::json;

use crate::e2e::support;
use crate::e2e::tournament::{admin, signup_button};
use crate::e2e::tournament_big::round_posts;
use crate::e2e::tournament_threads::{hour_table, open_signup};
use support::fake::{Sent, User};
use support::table::{REPLY, Table};

/// Members in the tournament: the cap.
const PLAYERS: usize = 256;
/// Sign-up clicks sent before waiting for their answers.
const AT_ONCE: usize = 16;
/// How long a start may take to answer (a debug build; the fake's waits add their
/// slack).
const WHOLE_ROUND: Duration = Duration::from_secs(60);

/// "(page k of n)" of a part's first line: `(k, n)`; `(1, 1)` without one.
fn part_of(text: &str) -> (usize, usize) {
    let head = text.lines().next().unwrap_or_default();
    let Some(at) = head.find("(page ") else {
        return (1, 1);
    };
    let numbers: Vec<usize> = head[at + 6..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(2)
        .filter_map(|s| s.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

/// Each of `players` clicks Join on `signup`, [`AT_ONCE`] at a time; each is told they
/// are in.
async fn sign_up(t: &Table, signup: &Sent, players: &[User]) {
    let channel = t.channel;
    let join = signup_button(signup, "join");
    let message = signup.message_id.expect("the sign-up is a message");
    for batch in players.chunks(AT_ONCE) {
        let clicks: Vec<u64> = batch
            .iter()
            .map(|p| t.fake.click(p, channel, message, &join))
            .collect();
        for click in clicks {
            // The private word to the member: they are in.
            let said = t
                .fake
                .first_reply(click, |s| s.ephemeral && s.is_message(), REPLY)
                .await;
            support::says(&said, "You are in");
        }
    }
}

/// `/tournament start` by `creator`, again while the bot answers that the round could
/// not be paired: round 1 of a full field takes over 2 s of CPU even in a release build
/// (one score group of 256), so on a loaded machine it can pass the bot's 20 s pairing
/// limit, and the bot pauses the tournament and says to start it again, as a member
/// would. The start's answer comes after a deferral.
async fn start(t: &Table, creator: &User) {
    for _ in 0..5 {
        let start = t
            .fake
            .interaction(creator, t.channel)
            .permissions(&admin())
            .slash(
                "tournament",
                json!([{"name": "start", "type": 1, "options": []}]),
            );
        let answer = t
            .fake
            .first_reply(start, Sent::is_message, WHOLE_ROUND)
            .await;
        if !answer.text().contains("could not be paired") {
            support::says(&answer, "has started");
            return;
        }
    }
    panic!("round 1 was never paired");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_256_members_arrives_in_numbered_parts_that_fit_on_sqlite() {
    a_round_of_256_members_arrives_in_numbered_parts_that_fit(&hour_table("5256", None).await)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_256_members_arrives_in_numbered_parts_that_fit_on_postgres() {
    let Some(db) = crate::pg::PgDb::create("e2e_round_256").await else {
        return;
    };
    a_round_of_256_members_arrives_in_numbered_parts_that_fit(
        &hour_table("5256", Some(db.url.as_str())).await,
    )
    .await;
}

async fn a_round_of_256_members_arrives_in_numbered_parts_that_fit(t: &Table) {
    let (alice, channel) = (t.alice.clone(), t.channel);
    let signup = open_signup(t, "Grand Swiss", 3, PLAYERS as u64).await;
    let players: Vec<User> = (0..PLAYERS)
        .map(|i| t.fake.user(&format!("s{i:03}")))
        .collect();
    assert!(players.iter().all(|p| p.id.to_string().len() == 19));
    sign_up(t, &signup, &players).await;
    start(t, &alice).await;

    // Every part of round 1's pairings arrives.
    let (paired, parts) = round_posts(t, channel, 1, PLAYERS).await;
    assert_eq!(paired.len(), PLAYERS / 2, "128 boards, no bye");
    assert!(parts.len() > 1, "128 boards need several parts");
    let mut boards = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let text = part.text();
        let n = text.chars().count();
        assert!(n <= 2000, "part {}: {n} characters", i + 1);
        assert_eq!(
            part_of(text),
            (i + 1, parts.len()),
            "numbered, in order: {text}"
        );
        assert!(
            text.lines()
                .next()
                .unwrap_or_default()
                .contains("round 1 of 3"),
            "{text}"
        );
        for line in text.lines().skip(1) {
            if let Some(rest) = line.strip_prefix("Board ") {
                let number: u32 = rest.split(':').next().unwrap().parse().unwrap();
                boards.push(number);
            }
        }
    }
    assert_eq!(
        boards,
        (1..=128).collect::<Vec<u32>>(),
        "every board once, in order"
    );
    let named: Vec<u64> = paired
        .iter()
        .flat_map(|&(white, black)| std::iter::once(white).chain(black))
        .collect();
    assert_eq!(named.len(), PLAYERS, "two members a board");
    let everyone: BTreeSet<u64> = players.iter().map(|p| p.id).collect();
    assert_eq!(named.iter().copied().collect::<BTreeSet<_>>(), everyone);
    assert!(
        !parts.iter().any(|p| p.text().contains("Bye: ")),
        "an even field has no bye"
    );
}
