//! Issue 33's goal, end to end: from the last match of a round ending to every match of
//! the next round opened in its thread with both players pinged, for 32 players, at most
//! 2 s, "most of it Discord calls, which run concurrently".
//!
//! The real bot binary (built by `cargo bench` in the release profile) against the fake
//! Discord of the e2e tests (`tests/e2e/support`), with the fake's latency knob: every REST
//! call waits `--latency-ms` before it is carried out (real Discord answers in some
//! 50-150 ms). For each sample: a fresh fake and bot; a Game 2000 tournament of 32 players,
//! 3 rounds; round 1's 16 matches placed, both players fire once (so nobody is a no-show)
//! and White gives up; the latency set; White of the last match gives up (`/forfeit`), and
//! the clock runs from its dispatch until the 16 greetings of round 2 (each in its thread,
//! pinging both players) have been posted.
//!
//! ```sh
//! cargo bench --bench tournament_round -- [--samples 3] [--latency-ms 0,100] [--players 32]
//! ```
//!
//! Issue 51's goal is the same at 256 players (`--players 256`): median at most 2 s.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "../tests/e2e/support/mod.rs"]
mod support;

use support::fake::{Channel, FakeDiscord, Recording, SentKind, User};
use support::process::BotProcess;
use support::table::{MEMBER, START};

/// Players in the tournament (`--players`, 32 unless told; at most 256).
fn player_count() -> usize {
    arg("--players").map_or(32, |s| s.parse().expect("a number of players"))
}
/// How long any one wait of the setup may take.
const WAIT: Duration = Duration::from_secs(600);
/// The fleet White places (as the e2e tests of tournaments do).
const WHITE_FLEET: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";
/// Black's fleet.
const BLACK_FLEET: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";
/// A salvo that never hits (Game 2000 keeps ships off the corners).
const WATER: &str = "A1 I1 A9";

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// Permissions of a member who may manage the server.
fn admin() -> String {
    (MEMBER.parse::<u64>().expect("a number") | support::payloads::perm::MANAGE_GUILD).to_string()
}

/// A slash command by `user` in `channel` with `permissions`; its first answer.
async fn slash(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    permissions: &str,
    name: &str,
    options: Value,
) -> support::Sent {
    let id = fake
        .interaction(user, channel)
        .permissions(permissions)
        .slash(name, options);
    fake.wait_reply(id, WAIT).await
}

/// The times of one sample, from the dispatch of the last match's `/forfeit`.
#[derive(Debug, Default)]
struct Sample {
    /// The end of the last match posted in its thread.
    end: Option<Duration>,
    /// The standings after round 1 posted.
    standings: Option<Duration>,
    /// Round 2's boards posted.
    round: Option<Duration>,
    /// All 16 threads of round 2 made.
    threads: Option<Duration>,
    /// All 16 greetings of round 2 posted (the goal's end).
    greeted: Option<Duration>,
}

/// How many `kind` records after `from` satisfy `keep`.
fn count_after(rec: &Recording, from: usize, keep: impl Fn(&support::Sent) -> bool) -> usize {
    rec.sent.iter().skip(from).filter(|s| keep(s)).count()
}

/// The matches of round 1: (thread, White, Black), from the threads' names.
fn round_one(fake: &FakeDiscord, channel: Channel, players: &[User]) -> Vec<(Channel, User, User)> {
    let by_name = |n: &str| {
        players
            .iter()
            .find(|p| p.name == n.trim())
            .unwrap_or_else(|| panic!("no player {n}"))
            .clone()
    };
    fake.threads_by_bot()
        .into_iter()
        .filter(|th| th.parent == channel.id && th.name.contains("· R1 ·"))
        .map(|th| {
            let pair = th.name.rsplit(" · ").next().expect("a pairing");
            let (white, black) = pair.split_once(" vs ").expect("two names");
            (
                Channel::in_guild(th.guild_id, th.id),
                by_name(white),
                by_name(black),
            )
        })
        .collect()
}

/// `/place` then Ready, for `user` in `home`.
async fn place(fake: &FakeDiscord, user: &User, home: Channel, fleet: &str) {
    let preview = slash(
        fake,
        user,
        home,
        MEMBER,
        "place",
        json!([{"name": "fleet", "type": 3, "value": fleet}]),
    )
    .await;
    let click = fake.click(
        user,
        home,
        preview.message_id.unwrap_or(1),
        &support::read::button(&preview, "ready"),
    );
    fake.wait_reply(click, WAIT).await;
}

/// Both place and fire once (so neither is a no-show), ready for White to give up.
async fn play_until_the_end(fake: &FakeDiscord, home: Channel, white: &User, black: &User) {
    place(fake, white, home, WHITE_FLEET).await;
    place(fake, black, home, BLACK_FLEET).await;
    fake.wait_for(
        |rec| {
            rec.sent
                .iter()
                .any(|s| {
                    s.channel == Some(home.id) && s.text().contains("Both fleets are in position")
                })
                .then_some(())
        },
        WAIT,
    )
    .await;
    for user in [white, black] {
        slash(
            fake,
            user,
            home,
            MEMBER,
            "fire",
            json!([{"name": "targets", "type": 3, "value": WATER}]),
        )
        .await;
    }
}

/// A Game 2000 tournament of [`player_count`] in `channel`, all joined (by its Join button),
/// started: round 1 paired. The players.
async fn sign_up_and_start(fake: &FakeDiscord, channel: Channel) -> Vec<User> {
    let creator = fake.user("creator");
    let signup = slash(
        fake,
        &creator,
        channel,
        &admin(),
        "tournament",
        json!([{"name": "create", "type": 1, "options": [
            {"name": "name", "type": 3, "value": "Bench"},
            {"name": "rules", "type": 4, "value": 1},
            {"name": "rounds", "type": 4, "value": 3},
            {"name": "pace", "type": 4, "value": 1},
            {"name": "max_players", "type": 4, "value": player_count()},
        ]}]),
    )
    .await;
    let join = signup
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("bs:0:tour:join."))
        .expect("a Join button");
    let players: Vec<User> = (0..player_count())
        .map(|i| fake.user(&format!("pl{i:02}")))
        .collect();
    for p in &players {
        let id = fake.click(p, channel, signup.message_id.unwrap_or(1), &join);
        fake.wait_for(
            |rec| {
                rec.replies_to(id)
                    .iter()
                    .any(|s| s.ephemeral && s.is_message())
                    .then_some(())
            },
            WAIT,
        )
        .await;
    }
    slash(
        fake,
        &creator,
        channel,
        &admin(),
        "tournament",
        json!([{"name": "start", "type": 1, "options": []}]),
    )
    .await;
    players
}

/// One sample at `latency` per REST call.
async fn sample(latency: Duration, seed: usize) -> Sample {
    let fake = FakeDiscord::start().await;
    let mut env: BTreeMap<String, String> = fake.bot_env();
    env.insert("BROADSIDE_SEED".into(), format!("33{seed}"));
    env.insert("PLACEMENT_TIMEOUT_SECS".into(), "3600".into());
    env.insert("TURN_TIMEOUT_SECS".into(), "3600".into());
    env.insert("RUST_LOG".into(), "warn".into());
    let bot = BotProcess::spawn(&env);
    fake.wait_ready(START).await;
    let channel = fake.channel();
    let players = sign_up_and_start(&fake, channel).await;
    let boards = player_count() / 2;
    let greeted_one = |rec: &Recording, from: usize, round: u32| {
        count_after(rec, from, |s| {
            matches!(s.kind, SentKind::ThreadMessage(p) if p == channel.id)
                && s.text().contains("fires first against")
                && s.text().contains(&format!("round {round}"))
        })
    };
    fake.wait_for(|rec| (greeted_one(rec, 0, 1) == boards).then_some(()), WAIT)
        .await;
    let matches = round_one(&fake, channel, &players);
    assert_eq!(matches.len(), boards, "{}", fake.summary());
    for (home, white, black) in &matches {
        play_until_the_end(&fake, *home, white, black).await;
    }
    // All but the last end now.
    let (last, rest) = matches.split_last().expect("matches");
    for (home, white, _) in rest {
        slash(&fake, white, *home, MEMBER, "forfeit", json!([])).await;
    }
    fake.wait_for(
        |rec| (count_after(rec, 0, |s| s.text().contains("**wins**")) >= rest.len()).then_some(()),
        WAIT,
    )
    .await;
    // Quiet: what the ends started (their DMs, the rating) is done.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let from = fake.recording().sent.len();
    fake.set_latency(latency);
    let (home, white, _) = last;
    let start = Instant::now();
    fake.interaction(white, *home)
        .permissions(MEMBER)
        .slash("forfeit", json!([]));
    // Each milestone when the fake first sees it (the check runs at every change).
    let mut out = Sample::default();
    fake.wait_for(
        |rec| {
            let found = |keep: &dyn Fn(&support::Sent) -> bool| count_after(rec, from, keep);
            let now = start.elapsed();
            let mark = |slot: &mut Option<Duration>, reached: bool| {
                if reached && slot.is_none() {
                    *slot = Some(now);
                }
            };
            mark(
                &mut out.end,
                found(&|s| s.channel == Some(home.id) && s.text().contains("**wins**")) > 0,
            );
            mark(
                &mut out.standings,
                found(&|s| s.text().contains("standings after round 1")) > 0,
            );
            mark(
                &mut out.round,
                found(&|s| s.text().contains("round 2 of 3")) > 0,
            );
            mark(
                &mut out.threads,
                found(&|s| s.kind == SentKind::CreateThread && s.channel == Some(channel.id))
                    >= boards,
            );
            mark(&mut out.greeted, greeted_one(rec, from, 2) >= boards);
            out.greeted.map(|_| ())
        },
        WAIT,
    )
    .await;
    fake.set_latency(Duration::ZERO);
    drop(bot);
    out
}

/// A milestone's time, or "-" where it never came.
fn shown(d: Option<Duration>) -> String {
    d.map_or_else(|| "-".to_owned(), |d| format!("{:.0} ms", ms(d)))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read but ours.
    let samples: usize = arg("--samples").map_or(3, |s| s.parse().expect("a number"));
    let latencies: Vec<u64> = arg("--latency-ms")
        .unwrap_or_else(|| "0,100".into())
        .split(',')
        .map(|s| s.trim().parse().expect("milliseconds"))
        .collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let boards = player_count() / 2;
    for &latency in &latencies {
        let mut greeted = Vec::new();
        for i in 0..samples {
            let s = runtime.block_on(sample(Duration::from_millis(latency), i));
            println!(
                "latency {latency} ms, sample {}: end {}, standings {}, round post {}, {boards} threads {}, {boards} greetings {}",
                i + 1,
                shown(s.end),
                shown(s.standings),
                shown(s.round),
                shown(s.threads),
                shown(s.greeted)
            );
            greeted.push(s.greeted.expect("all greeted"));
        }
        greeted.sort_unstable();
        println!(
            "latency {latency} ms: last match's end to all {} round-2 threads greeted: median {:.0} ms, max {:.0} ms over {samples} (goal <= 2000 ms)",
            player_count() / 2,
            ms(greeted[greeted.len() / 2]),
            ms(greeted[greeted.len() - 1])
        );
    }
}
