//! Matches survive restarts and crashes: the real binary is stopped (SIGTERM) or killed
//! (SIGKILL) in the middle of a match and started again on the same database; the match
//! goes on to the same end as a run that was never interrupted.

mod support;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use broadside::game::{Fleet, Variant};
use serde_json::{Value, json};
use support::{BotProcess, Channel, FakeDiscord, Sent, SentKind, User, button, first_mention};

const START: Duration = Duration::from_secs(30);
const REPLY: Duration = Duration::from_secs(10);
const G2000_A: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";
const G2000_B: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";
/// Permissions of a plain member.
const MEMBER: &str = "2147486720";
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

struct Table {
    fake: FakeDiscord,
    bot: BotProcess,
    env: std::collections::BTreeMap<String, String>,
    starts: usize,
    alice: User,
    bob: User,
    channel: Channel,
}

impl Table {
    async fn new() -> Self {
        let fake = FakeDiscord::start().await;
        let mut env = fake.bot_env();
        env.insert("BROADSIDE_SEED".into(), "2026".into());
        let bot = BotProcess::spawn(&env);
        fake.wait_ready(START).await;
        let alice = fake.user("alice");
        let bob = fake.user("bob");
        let channel = fake.channel();
        Self {
            fake,
            bot,
            env,
            starts: 1,
            alice,
            bob,
            channel,
        }
    }

    /// Stops the bot as `how` says and starts a new process on the same database.
    async fn restart(&mut self, how: Stop) {
        match how {
            Stop::Term => {
                self.bot.signal("TERM");
                let status = self.bot.wait_exit(START).await;
                assert!(status.success(), "a clean stop: {status:?}");
            }
            Stop::Kill => {
                self.bot.signal("KILL");
                self.bot.wait_exit(START).await;
            }
        }
        let next = self.bot.restart_in_same_dir(&self.env);
        self.bot = next;
        self.starts += 1;
        self.fake.wait_ready_again(self.starts, START).await;
    }

    async fn slash(&self, user: &User, name: &str, options: Value) -> Sent {
        let id = self
            .fake
            .interaction(user, self.channel)
            .permissions(MEMBER)
            .slash(name, options);
        self.fake.wait_reply(id, REPLY).await
    }

    async fn click(&self, user: &User, custom_id: &str) -> Sent {
        let id = self.fake.click(user, self.channel, 1, custom_id);
        self.fake.wait_reply(id, REPLY).await
    }

    fn user(&self, id: u64) -> &User {
        if id == self.alice.id {
            &self.alice
        } else {
            &self.bob
        }
    }

    /// Challenge and accept, then both place; returns the two Ready buttons.
    async fn placed(&self) -> [(User, String); 2] {
        let challenge = self
            .slash(
                &self.alice,
                "challenge",
                json!([
                    {"name": "opponent", "type": 6, "value": self.bob.id.to_string()},
                    {"name": "variant", "type": 4, "value": 1},
                ]),
            )
            .await;
        let accepted = self.click(&self.bob, &button(&challenge, "accept")).await;
        assert_eq!(accepted.kind, SentKind::Callback(7), "{accepted:?}");
        let mut ready = Vec::new();
        for (user, fleet) in [(&self.alice, G2000_A), (&self.bob, G2000_B)] {
            let preview = self
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
    async fn ready(&self, buttons: &[(User, String); 2]) -> u64 {
        for (user, id) in buttons {
            let done = self.click(user, id).await;
            assert!(done.text().contains("final"), "{done:?}");
        }
        let start = self
            .fake
            .wait_for(
                |rec| {
                    rec.sent
                        .iter()
                        .find(|s| s.text().contains("fires first"))
                        .cloned()
                },
                REPLY,
            )
            .await;
        first_mention(start.text())
    }

    /// The public end message.
    async fn end_message(&self) -> String {
        self.fake
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
    async fn restart_note(&self, n: usize) -> String {
        let channel = self.channel.id;
        self.fake
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
    let t = Table::new().await;
    let buttons = t.placed().await;
    let first = t.ready(&buttons).await;
    let answers = salvos(&t, first, 0, SALVOS).await;
    (answers, t.end_message().await)
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

    let mut t = Table::new().await;
    let buttons = t.placed().await;
    // Placement survives a restart, and the Ready buttons sent before it still work.
    t.restart(how).await;
    let note = t.restart_note(1).await;
    assert!(note.contains("placing fleets ends"), "{note}");
    let first = t.ready(&buttons).await;

    let mut answers = salvos(&t, first, 0, 4).await;
    // Stopped right after the fourth answer reached Discord.
    t.restart(how).await;
    let note = t.restart_note(2).await;
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
    assert_eq!(t.end_message().await, expected_end);
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
    let mut t = Table::new().await;
    let bot = support::payloads::BOT_USER_ID;
    let reply = t
        .slash(
            &t.alice,
            "challenge",
            json!([
                {"name": "opponent", "type": 6, "value": bot.to_string()},
                {"name": "variant", "type": 4, "value": 1},
                {"name": "difficulty", "type": 4, "value": 0},
            ]),
        )
        .await;
    assert!(!reply.ephemeral, "{reply:?}");
    let interaction = reply.interaction;
    let preview = t
        .fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| s.interaction == interaction && !s.attachments.is_empty())
                    .cloned()
            },
            REPLY,
        )
        .await;
    t.click(&t.alice, &button(&preview, "ready")).await;
    let start = t
        .fake
        .wait_for(
            |rec| {
                rec.sent
                    .iter()
                    .find(|s| s.text().contains("fires first"))
                    .cloned()
            },
            REPLY,
        )
        .await;
    let mut expected = usize::from(first_mention(start.text()) == bot);
    wait_computer_moves(&t, expected).await;
    let cells = water(G2000_A);
    let mut next = 0;
    for round in 0..4 {
        if round == 2 {
            // Killed between two of Alice's turns; the computer's random numbers and
            // the whole match come back from the database.
            t.restart(Stop::Kill).await;
            let note = t.restart_note(1).await;
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
