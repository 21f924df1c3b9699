//! Matches survive restarts and crashes: the real binary is stopped (SIGTERM) or killed
//! (SIGKILL) in the middle of a match and started again on the same database; the match
//! goes on to the same end as a run that was never interrupted.

use crate::e2e::support;

use std::time::{SystemTime, UNIX_EPOCH};

use crate::fleets::{G2000_A, G2000_B};
use broadside::game::{Fleet, Variant};
use serde_json::json;
use support::table::{REPLY, START, Table};
use support::{SentKind, User, button};

/// Salvos in the scripted match: the first player sinks everything in five, the second
/// gets the same number of turns (the last one being the reply turn).
const SALVOS: usize = 10;

/// How the bot is interrupted.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// SIGTERM: a clean shutdown.
    Term,
    /// SIGKILL: no chance to clean up.
    Kill,
}

/// Stops the bot as `how` says and starts a new process on the same database.
async fn restart(t: &mut Table, how: Stop) {
    match how {
        Stop::Term => {
            t.bot.signal("TERM");
            let status = t.bot.wait_exit(START).await;
            assert!(status.success(), "a clean stop: {status:?}");
        }
        Stop::Kill => {
            t.bot.signal("KILL");
            t.bot.wait_exit(START).await;
        }
    }
    let next = t.bot.restart_in_same_dir(&t.env);
    t.bot = next;
    t.starts += 1;
    t.fake.wait_ready_again(t.starts, START).await;
}

/// Challenge and accept, then both place; returns the two Ready buttons.
async fn placed(t: &Table) -> [(User, String); 2] {
    let challenge = t
        .slash(
            &t.alice,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": t.bob.id.to_string()},
                {"name": "variant", "type": 4, "value": 1},
            ]),
        )
        .await;
    let accepted = t.click(&t.bob, &button(&challenge, "accept")).await;
    assert_eq!(accepted.kind, SentKind::Callback(7), "{accepted:?}");
    let mut ready = Vec::new();
    for (user, fleet) in [(&t.alice, G2000_A), (&t.bob, G2000_B)] {
        let preview = t
            .slash(
                user,
                "place",
                json!([{"name": "fleet", "type": 3, "value": fleet}]),
            )
            .await;
        assert!(preview.ephemeral);
        ready.push((user.clone(), button(&preview, "ready")));
    }
    [ready[0].clone(), ready[1].clone()]
}

/// Clicks both Ready buttons; returns who fires first.
async fn ready(t: &Table, buttons: &[(User, String); 2]) -> u64 {
    for (user, id) in buttons {
        let done = t.click(user, id).await;
        assert!(done.text().contains("final"), "{done:?}");
    }
    t.first_player().await
}

/// The public end message.
async fn end_message(t: &Table) -> String {
    t.fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| {
                        s.kind == SentKind::ChannelMessage
                            && (s.text().contains("destroyed every ship")
                                || s.text().contains("draw"))
                    })
                    .map(|s| s.text().to_owned())
            },
            REPLY,
        )
        .await
}

/// The n-th restart note in the channel (from 1).
async fn restart_note(t: &Table, n: usize) -> String {
    let channel = t.channel.id;
    t.fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .filter(|s| {
                        s.channel == Some(channel) && s.text().contains("back after a restart")
                    })
                    .nth(n - 1)
                    .map(|s| s.text().to_owned())
            },
            REPLY,
        )
        .await
}
fn cells(fleet: &str) -> Vec<String> {
    Fleet::parse(Variant::Game2000, fleet)
        .unwrap()
        .cells()
        .iter()
        .map(|c| c.to_string())
        .collect()
}

/// Every cell of the Game 2000 board that is not in `fleet`, in reading order.
fn water(fleet: &str) -> Vec<String> {
    let ships = cells(fleet);
    let mut v = Vec::new();
    for row in 1..=9 {
        for col in b'A'..=b'I' {
            let c = format!("{}{row}", char::from(col));
            if !ships.contains(&c) {
                v.push(c);
            }
        }
    }
    v
}

/// Drops the `<t:…:R>` deadlines, which depend on when the run happened.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("<t:") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('>').map_or(rest.len(), |e| at + e + 1);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The `<t:SECS:R>` of a text, as seconds since the epoch.
fn timestamp(text: &str) -> u64 {
    let at = text.find("<t:").expect("a timestamp") + 3;
    let end = at + text[at..].find(':').expect("the timestamp's end");
    text[at..end].parse().expect("seconds")
}

/// Plays salvos `from..to` of the scripted match: the first player fires at every ship
/// of the other (plus one cell of water), the second only at water. Every answer is
/// checked against the fleets: a salvo names as many `water` reports as cells that miss.
/// Returns the public answers without their deadlines.
async fn salvos(t: &Table, first: u64, from: usize, to: usize) -> Vec<String> {
    let second = if first == t.alice.id {
        t.bob.id
    } else {
        t.alice.id
    };
    let fleet_of = |id: u64| if id == t.alice.id { G2000_A } else { G2000_B };
    let mut first_targets = cells(fleet_of(second));
    first_targets.push(water(fleet_of(second))[0].clone());
    let second_targets = water(fleet_of(first));
    let mut answers = Vec::new();
    for n in from..to {
        let (shooter, targets, k) = if n % 2 == 0 {
            (first, &first_targets, n / 2)
        } else {
            (second, &second_targets, n / 2)
        };
        let target_fleet = cells(fleet_of(if shooter == first { second } else { first }));
        let picks = &targets[k * 3..k * 3 + 3];
        let answer = t
            .slash(
                t.user(shooter),
                "fire",
                json!([{"name": "targets", "type": 3, "value": picks.join(" ")}]),
            )
            .await;
        assert!(!answer.ephemeral, "salvo {n}: {answer:?}");
        let line = answer.text().lines().next().unwrap_or_default().to_owned();
        let misses = picks.iter().filter(|c| !target_fleet.contains(c)).count();
        assert_eq!(
            line.matches("water").count(),
            misses,
            "salvo {n} ({picks:?}): {line}"
        );
        answers.push(without_times(answer.text()));
    }
    answers
}

/// The scripted match straight through, for comparison.
async fn uninterrupted() -> (Vec<String>, String) {
    let t = Table::new("2026", &[]).await;
    let buttons = placed(&t).await;
    let first = ready(&t, &buttons).await;
    let answers = salvos(&t, first, 0, SALVOS).await;
    (answers, end_message(&t).await)
}

/// Reads the finished match back from the bot's database file.
async fn stored_moves(dir: &std::path::Path) -> (i64, Option<String>) {
    use sqlx::Connection;
    let url = format!("sqlite://{}", dir.join("broadside.db").display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let how: Option<String> = sqlx::query_scalar("SELECT how FROM matches WHERE live = 0")
        .fetch_optional(&mut conn)
        .await
        .unwrap()
        .flatten();
    (moves, how)
}

async fn interrupted(how: Stop) {
    let (expected, expected_end) = uninterrupted().await;

    let mut t = Table::new("2026", &[]).await;
    let buttons = placed(&t).await;
    // Placement survives a restart, and the Ready buttons sent before it still work.
    restart(&mut t, how).await;
    let note = restart_note(&t, 1).await;
    assert!(note.contains("placing fleets ends"), "{note}");
    let first = ready(&t, &buttons).await;

    let mut answers = salvos(&t, first, 0, 4).await;
    // Stopped right after the fourth answer reached Discord.
    restart(&mut t, how).await;
    let note = restart_note(&t, 2).await;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(
        note.contains(&format!("<@{first}> to move")),
        "the first player moves again after two salvos each: {note}"
    );
    assert!(timestamp(&note) >= now + 55, "at least a minute: {note}");
    // A button of a match that does not exist answers privately.
    let stale = t.click(&t.alice, "bs:12345:accept").await;
    assert!(
        stale.ephemeral && stale.text().contains("no longer"),
        "{stale:?}"
    );

    answers.extend(salvos(&t, first, 4, SALVOS).await);
    assert_eq!(answers, expected, "the same match as without the {how:?}");
    assert_eq!(end_message(&t).await, expected_end);
    let (moves, ended) = stored_moves(t.bot.dir()).await;
    assert_eq!(
        moves,
        i64::try_from(SALVOS).unwrap(),
        "every salvo is stored once"
    );
    assert!(ended.is_some());
}

#[tokio::test]
async fn a_match_goes_on_after_a_clean_restart() {
    interrupted(Stop::Term).await;
}

#[tokio::test]
async fn a_match_goes_on_after_a_crash() {
    interrupted(Stop::Kill).await;
}

async fn wait_computer_moves(t: &Table, n: usize) {
    t.fake
        .wait_for(
            |rec| {
                let me = format!("<@{}> fires at", support::payloads::BOT_USER_ID);
                let seen = rec
                    .sent
                    .iter()
                    .filter(|s| {
                        s.kind == SentKind::ChannelMessage
                            && s.channel == Some(t.channel.id)
                            && s.text().contains(&me)
                    })
                    .count();
                (seen >= n).then_some(())
            },
            REPLY,
        )
        .await;
}

#[tokio::test]
async fn a_match_against_the_computer_goes_on_after_a_crash() {
    let mut t = Table::new("2026", &[]).await;
    let reply = t.challenge_computer(1, 0).await;
    let bot = support::payloads::BOT_USER_ID;
    let preview = t.fake.wait_picture_reply(reply.interaction, REPLY).await;
    t.click(&t.alice, &button(&preview, "ready")).await;
    let mut expected = usize::from(t.first_player().await == bot);
    wait_computer_moves(&t, expected).await;
    let cells = water(G2000_A);
    let mut next = 0;
    for round in 0..4 {
        if round == 2 {
            // Killed between two of Alice's turns; the computer's random numbers and
            // the whole match come back from the database.
            restart(&mut t, Stop::Kill).await;
            let note = restart_note(&t, 1).await;
            assert!(
                note.contains(&format!("<@{}> to move", t.alice.id)),
                "{note}"
            );
        }
        let picks = &cells[next..next + 3];
        next += 3;
        let answer = t
            .slash(
                &t.alice,
                "fire",
                json!([{"name": "targets", "type": 3, "value": picks.join(" ")}]),
            )
            .await;
        assert!(!answer.ephemeral, "round {round}: {answer:?}");
        expected += 1;
        wait_computer_moves(&t, expected).await;
    }
}
