//! Issue 50's `/fire` goal: what a shot costs the release bot with many live matches, tried
//! as a new user would, through the fake Discord of the e2e tests (`tests/e2e/support`).
//!
//! For each bot binary given (default: this build's), a fake Discord and the bot with its
//! default settings (a SQLite file, no seed; only the placement and turn limits raised to an
//! hour, so that no match ends while the others are set up): `--matches` classic matches,
//! each challenged, accepted, placed and made ready through the slash commands and buttons.
//! Then `/fire` at `--rate` shots a second over all matches, round robin, every shot a miss
//! (so the turns alternate), for `--warmup` seconds and then `--seconds` measured. Reported
//! per bot: the bot process's CPU time in the measured window (user + system, from
//! `/proc/PID/stat`), per shot, and the latency of each shot's first answer as the fake saw
//! it (from the dispatch of the interaction to the bot's answer arriving): p50, p90, p99.
//!
//! With two or more binaries they run side by side, under the same load: one clock fires
//! the same match at every bot on each tick. To compare two commits, build the other
//! commit's `broadside` binary in its own worktree (`cargo build --release`) and pass both:
//!
//! ```sh
//! cargo bench --bench fire_load -- [--bot OLD,NEW] [--matches 1000] [--rate 400] \
//!     [--warmup 10] [--seconds 30]
//! ```

// A measuring script: counts stay far below 2^52 (so f64 is exact), and a percentile's rank
// is a small positive number.
#![expect(clippy::cast_precision_loss, clippy::cast_sign_loss)]

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "../tests/e2e/support/mod.rs"]
mod support;

use support::fake::{Channel, FakeDiscord, InteractionId, Sent, User};
use support::table::{MEMBER, START};

/// How long any one answer of the setup may take.
const WAIT: Duration = Duration::from_secs(60);
/// The challenger's fleet (classic).
const FLEET_A: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
/// The challenged member's fleet (classic).
const FLEET_B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";
/// Matches set up at once, per bot.
const SETUP_AT_ONCE: usize = 16;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn number(name: &str, default: u64) -> u64 {
    arg(name).map_or(default, |v| v.parse().expect("a number"))
}

/// The cells of a fleet in `/place` notation (`A1-A4 D6 …`).
fn ship_cells(fleet: &str) -> Vec<(u8, u8)> {
    let cell = |s: &str| -> (u8, u8) {
        let (col, row) = s.split_at(1);
        (
            col.as_bytes()[0] - b'A',
            row.parse::<u8>().expect("a row") - 1,
        )
    };
    let mut out = Vec::new();
    for part in fleet.split_whitespace() {
        let (from, to) = part.split_once('-').unwrap_or((part, part));
        let (a, b) = (cell(from), cell(to));
        for c in a.0.min(b.0)..=a.0.max(b.0) {
            for r in a.1.min(b.1)..=a.1.max(b.1) {
                out.push((c, r));
            }
        }
    }
    out
}

/// The water of a fleet's sea, in an order that spreads over the board.
fn water(fleet: &str) -> Vec<String> {
    let ships = ship_cells(fleet);
    let mut cells: Vec<(u8, u8)> = (0..10)
        .flat_map(|c| (0..10).map(move |r| (c, r)))
        .filter(|cell| !ships.contains(cell))
        .collect();
    // A fixed shuffle: every 7th cell (7 is prime to the count of water cells).
    let n = cells.len();
    assert_ne!(n % 7, 0);
    cells = (0..n).map(|i| cells[(i * 7) % n]).collect();
    cells
        .into_iter()
        .map(|(c, r)| format!("{}{}", char::from(b'A' + c), r + 1))
        .collect()
}

/// What the bot answered, as the bench keeps it (no pictures).
#[derive(Clone)]
struct Answer {
    sent: Sent,
}

/// Every answer of one fake, collected as it comes, each read once.
#[derive(Default)]
struct Inbox {
    /// The first message-carrying answer to each interaction.
    answers: HashMap<InteractionId, Answer>,
    /// Who fires first, per channel, from the battle's start message.
    first: HashMap<u64, u64>,
}

/// One bot under measurement: its fake, its process and what came back.
struct Lane {
    name: String,
    fake: FakeDiscord,
    child: Child,
    dir: PathBuf,
    inbox: Arc<Mutex<Inbox>>,
    changed: Arc<tokio::sync::Notify>,
}

impl Lane {
    async fn start(bot: &Path, index: usize) -> Self {
        let fake = FakeDiscord::start().await;
        let mut env: BTreeMap<String, String> = fake.bot_env();
        // As shipped: the log level, the database and the seed are the defaults.
        env.remove("RUST_LOG");
        env.insert("PLACEMENT_TIMEOUT_SECS".into(), "3600".into());
        env.insert("TURN_TIMEOUT_SECS".into(), "3600".into());
        let dir = std::env::temp_dir().join(format!(
            "broadside-fire-load-{}-{index}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a working directory");
        let log = std::fs::File::create(dir.join("bot.log")).expect("a log file");
        let mut command = Command::new(bot);
        command
            .env_clear()
            .envs(&env)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        if let Some(path) = std::env::var_os("PATH") {
            command.env("PATH", path);
        }
        let child = command.spawn().expect("start the bot");
        fake.wait_ready(START).await;
        let lane = Self {
            name: bot.display().to_string(),
            fake,
            child,
            dir,
            inbox: Arc::default(),
            changed: Arc::default(),
        };
        lane.collect();
        lane
    }

    /// Moves what the bot sent into the inbox, every few milliseconds.
    fn collect(&self) {
        let fake = self.fake.clone();
        let inbox = Arc::clone(&self.inbox);
        let changed = Arc::clone(&self.changed);
        tokio::spawn(async move {
            loop {
                let sent = fake.take_sent();
                if !sent.is_empty() {
                    let mut inbox = inbox.lock().expect("inbox");
                    for mut s in sent {
                        if let (Some(channel), true) =
                            (s.channel, s.text().contains("** fires first"))
                        {
                            inbox
                                .first
                                .insert(channel, support::first_mention(s.text()));
                        }
                        if let Some(id) = s.interaction.filter(|_| s.is_message()) {
                            s.attachments.clear();
                            s.body = Value::Null;
                            inbox.answers.entry(id).or_insert(Answer { sent: s });
                        }
                    }
                    drop(inbox);
                    changed.notify_waiters();
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        });
    }

    /// Waits until `look` finds something in the inbox.
    async fn wait<T>(&self, mut look: impl FnMut(&Inbox) -> Option<T>) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if let Some(found) = look(&self.inbox.lock().expect("inbox")) {
                return found;
            }
            assert!(
                Instant::now() < deadline,
                "{}: no answer within {WAIT:?}",
                self.name
            );
            let _ = tokio::time::timeout(Duration::from_millis(50), notified).await;
        }
    }

    async fn answer(&self, id: InteractionId) -> Sent {
        self.wait(|inbox| inbox.answers.get(&id).map(|a| a.sent.clone()))
            .await
    }

    async fn slash(&self, user: &User, channel: Channel, name: &str, options: Value) -> Sent {
        let id = self
            .fake
            .interaction(user, channel)
            .permissions(MEMBER)
            .slash(name, options);
        self.answer(id).await
    }

    async fn click(&self, user: &User, channel: Channel, on: &Sent, action: &str) -> Sent {
        let id = self.fake.click(
            user,
            channel,
            on.message_id.unwrap_or(1),
            &support::button(on, action),
        );
        self.answer(id).await
    }

    /// One match from challenge to battle, as two members would play it; who fires first.
    async fn set_up(&self, players: &[User; 2], channel: Channel) -> usize {
        let challenge = self
            .slash(
                &players[0],
                channel,
                "challenge",
                json!([
                    {"name": "opponent", "type": 6, "value": players[1].id.to_string()},
                    {"name": "variant", "type": 4, "value": 0},
                ]),
            )
            .await;
        self.click(&players[1], channel, &challenge, "accept").await;
        for (user, fleet) in [(&players[0], FLEET_A), (&players[1], FLEET_B)] {
            let preview = self
                .slash(
                    user,
                    channel,
                    "place",
                    json!([{"name": "fleet", "type": 3, "value": fleet}]),
                )
                .await;
            self.click(user, channel, &preview, "ready").await;
        }
        let first = self
            .wait(|inbox| inbox.first.get(&channel.id).copied())
            .await;
        usize::from(first == players[1].id)
    }

    /// CPU time of the bot process so far (user + system).
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the bot's /proc/PID/stat");
        // Fields after the command name (which ends with the last ')'): state is field 3,
        // utime 14, stime 15.
        let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 =
            fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
        // The kernel's USER_HZ is 100 on Linux.
        Duration::from_millis(ticks * 10)
    }
}

impl Drop for Lane {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A match on one lane: its channel, players, whose turn it is and the shots fired.
struct Battle {
    channel: Channel,
    players: [User; 2],
    turn: usize,
    fired: [usize; 2],
    waiting: Option<InteractionId>,
}

/// The shots of one lane in the measured window.
#[derive(Default)]
struct Shots {
    sent: Vec<InteractionId>,
    skipped: usize,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[expect(clippy::too_many_lines, reason = "one run, read top to bottom")]
async fn run(bots: Vec<PathBuf>, matches: usize, rate: u64, warmup: u64, seconds: u64) {
    let mut lanes = Vec::new();
    for (i, bot) in bots.iter().enumerate() {
        lanes.push(Arc::new(Lane::start(bot, i).await));
    }
    let waters = [water(FLEET_B), water(FLEET_A)];
    // The same members and channels' order on every lane (ids are the fake's own).
    let setup_started = Instant::now();
    let cpu_before_setup: Vec<Duration> = lanes.iter().map(|l| l.cpu()).collect();
    let mut battles: Vec<Vec<Battle>> = Vec::new();
    let mut setups = Vec::new();
    for lane in &lanes {
        let lane = Arc::clone(lane);
        setups.push(tokio::spawn(async move {
            let places: Vec<([User; 2], Channel)> = (0..matches)
                .map(|i| {
                    (
                        [
                            lane.fake.user(&format!("a{i}")),
                            lane.fake.user(&format!("b{i}")),
                        ],
                        lane.fake.channel(),
                    )
                })
                .collect();
            let gate = Arc::new(tokio::sync::Semaphore::new(SETUP_AT_ONCE));
            let mut jobs = Vec::new();
            for (players, channel) in places {
                let (lane, gate) = (Arc::clone(&lane), Arc::clone(&gate));
                jobs.push(tokio::spawn(async move {
                    let _permit = gate.acquire().await.expect("open");
                    let turn = lane.set_up(&players, channel).await;
                    Battle {
                        channel,
                        players,
                        turn,
                        fired: [0, 0],
                        waiting: None,
                    }
                }));
            }
            let mut out = Vec::new();
            for job in jobs {
                out.push(job.await.expect("a match set up"));
            }
            out
        }));
    }
    for setup in setups {
        battles.push(setup.await.expect("the matches set up"));
    }
    for (lane, before) in lanes.iter().zip(&cpu_before_setup) {
        println!(
            "{}: {matches} matches set up in {:.1} s, bot CPU {:.1} s",
            lane.name,
            setup_started.elapsed().as_secs_f64(),
            lane.cpu().saturating_sub(*before).as_secs_f64()
        );
    }
    // Quiet a moment: what the starts began (DMs, posts) is done.
    tokio::time::sleep(Duration::from_secs(2)).await;

    let tick = Duration::from_secs(1) / u32::try_from(rate).expect("a rate");
    let mut clock = tokio::time::interval(tick);
    clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let total = Duration::from_secs(warmup + seconds);
    let started = Instant::now();
    let mut measuring = false;
    let mut window_start = Instant::now();
    let mut cpu_start = vec![Duration::ZERO; lanes.len()];
    let mut shots: Vec<Shots> = lanes.iter().map(|_| Shots::default()).collect();
    let mut next = 0usize;
    let mut n = 0usize;
    while started.elapsed() < total {
        clock.tick().await;
        if !measuring && started.elapsed() >= Duration::from_secs(warmup) {
            measuring = true;
            window_start = Instant::now();
            cpu_start = lanes.iter().map(|l| l.cpu()).collect();
        }
        let m = next;
        next = (next + 1) % matches;
        // Alternate which lane goes first on each tick.
        n += 1;
        for k in 0..lanes.len() {
            let l = (k + n) % lanes.len();
            let (lane, battle) = (&lanes[l], &mut battles[l][m]);
            if let Some(id) = battle.waiting {
                if lane.inbox.lock().expect("inbox").answers.contains_key(&id) {
                    battle.waiting = None;
                } else {
                    if measuring {
                        shots[l].skipped += 1;
                    }
                    continue;
                }
            }
            let shooter = battle.turn;
            let Some(cell) = waters[shooter].get(battle.fired[shooter]) else {
                continue;
            };
            battle.fired[shooter] += 1;
            battle.turn = 1 - shooter;
            let id = lane
                .fake
                .interaction(&battle.players[shooter], battle.channel)
                .permissions(MEMBER)
                .slash(
                    "fire",
                    json!([{"name": "targets", "type": 3, "value": cell}]),
                );
            battle.waiting = Some(id);
            if measuring {
                shots[l].sent.push(id);
            }
        }
    }
    let window = window_start.elapsed();
    let cpu_end: Vec<Duration> = lanes.iter().map(|l| l.cpu()).collect();
    // The last answers.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for (l, lane) in lanes.iter().enumerate() {
        let inbox = lane.inbox.lock().expect("inbox");
        let mut took = Vec::new();
        let (mut missing, mut refused) = (0, 0);
        for id in &shots[l].sent {
            match inbox.answers.get(id) {
                Some(a) => {
                    took.push(a.sent.elapsed.unwrap_or_default());
                    // A refusal is private; a shot's report is public.
                    if a.sent.ephemeral {
                        refused += 1;
                    }
                }
                None => missing += 1,
            }
        }
        took.sort();
        let cpu = cpu_end[l].saturating_sub(cpu_start[l]);
        let count = shots[l].sent.len();
        println!(
            "{}: {count} shots in {:.1} s ({} skipped: the match's last answer not back; \
             {refused} refused, {missing} unanswered), bot CPU {:.2} s = {:.1} % of a core, \
             {:.3} ms a shot; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            lane.name,
            window.as_secs_f64(),
            shots[l].skipped,
            cpu.as_secs_f64(),
            100.0 * cpu.as_secs_f64() / window.as_secs_f64(),
            ms(cpu) / count.max(1) as f64,
            ms(percentile(&took, 50.0)),
            ms(percentile(&took, 90.0)),
            ms(percentile(&took, 99.0)),
            ms(took.last().copied().unwrap_or_default()),
        );
    }
}

fn main() {
    let bots: Vec<PathBuf> = arg("--bot").map_or_else(
        || vec![PathBuf::from(env!("CARGO_BIN_EXE_broadside"))],
        |list| list.split(',').map(PathBuf::from).collect(),
    );
    let matches = usize::try_from(number("--matches", 1000)).expect("a count");
    let rate = number("--rate", 400);
    let warmup = number("--warmup", 10);
    let seconds = number("--seconds", 30);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(run(bots, matches, rate, warmup, seconds));
}
