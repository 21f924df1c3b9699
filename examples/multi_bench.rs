//! `/fire` latency with several bot processes on one PostgreSQL database, against one
//! process on SQLite under the same load, in the same run.
//!
//! ```sh
//! cargo run --release --example multi_bench -- --server postgres://postgres@127.0.0.1:5432/postgres \
//!     [--matches 2000] [--rate 400] [--seconds 10] [--processes 2]
//! ```
//!
//! `--server` names a database on a server where the user may create databases: the bench
//! makes a fresh one (`broadside_bench_<pid>`) and drops it at the end. It opens `--matches`
//! classic battles, then starts `--processes` copies of itself, each a separate OS process
//! with its own connections, as bot processes running different shards would be: process
//! `k` plays the matches `m` with `m % processes == k` (a match lives in one server, so on
//! one shard), and all together offer `--rate` shots per second, each timed from the call
//! to `Session::fire` to its return (the change is committed by then). The same matches and
//! load then run in this process on a fresh SQLite file.

// A measuring script: counts stay far below 2^52 (so f64 is exact).
#![expect(clippy::cast_precision_loss)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use broadside::game::{PlayerId, Variant};
use broadside::session::{ChannelKey, Locate, MatchId, NewMatch, Seeds, Session, Timeouts};
use broadside::store;

const TIMEOUTS: Timeouts = Timeouts {
    challenge: Duration::from_secs(3600),
    placement: Duration::from_secs(3600),
    turn: Duration::from_secs(3600),
};

/// One match to play: id, channel, players.
type Battle = (MatchId, ChannelKey, [PlayerId; 2]);

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn number(name: &str, default: usize) -> usize {
    arg(name).map_or(default, |v| v.parse().expect("a number"))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[expect(clippy::cast_sign_loss)]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Opens `n` classic battles, 16 at a time.
async fn open_battles(session: &Arc<Session>, n: u64) -> Vec<Battle> {
    let mut tasks = Vec::new();
    for chunk in 0..16 {
        let session = Arc::clone(session);
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for i in (chunk..n).step_by(16) {
                let (ann, bjorn) = (PlayerId(10 + 2 * i), PlayerId(11 + 2 * i));
                let channel = ChannelKey(1_000_000 + i);
                let id = session
                    .matches()
                    .challenge(NewMatch {
                        channel,
                        guild: Some(broadside::ids::GuildId(1)),
                        challenger: ann,
                        opponent: bjorn,
                        names: ["Ann".into(), "Bjørn".into()],
                        variant: Variant::Classic,
                        options: broadside::game::MatchOptions::default(),
                        guild_locale: None,
                        challenger_locale: None,
                        computer: None,
                        pace: broadside::session::Pace::Standard,
                        rated: true,
                        thread: false,
                    })
                    .await
                    .expect("challenge")
                    .id;
                session
                    .matches()
                    .accept(id, bjorn, None)
                    .await
                    .expect("accept");
                for player in [ann, bjorn] {
                    let preview = session.matches().place(player, None).await.expect("place");
                    session
                        .matches()
                        .ready(id, player, &preview.tag())
                        .await
                        .expect("ready");
                }
                out.push((i, (id, channel, [ann, bjorn])));
            }
            out
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("a setup task"));
    }
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, b)| b).collect()
}

/// Offers `rate` shots per second for `seconds` on `battles` from `start`; returns each
/// shot's latency and how many the rules refused.
async fn fire_load(
    session: &Arc<Session>,
    battles: Vec<Battle>,
    rate: usize,
    seconds: usize,
    start: Instant,
) -> (Vec<Duration>, usize) {
    let cells: Arc<Vec<String>> = Arc::new(
        (1..=10)
            .flat_map(|r| (b'A'..=b'J').map(move |c| format!("{}{r}", char::from(c))))
            .collect(),
    );
    let next: Arc<Vec<[AtomicUsize; 2]>> =
        Arc::new((0..battles.len()).map(|_| [0.into(), 0.into()]).collect());
    let battles = Arc::new(battles);
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let mut tasks = Vec::new();
    for k in 0..rate * seconds {
        tokio::time::sleep_until((start + gap * u32::try_from(k).expect("count")).into()).await;
        let (session, battles, cells, next) = (
            Arc::clone(session),
            Arc::clone(&battles),
            Arc::clone(&cells),
            Arc::clone(&next),
        );
        tasks.push(tokio::spawn(async move {
            let m = (k * 7919) % battles.len();
            let (id, channel, players) = battles[m];
            let to_move = session
                .read(Locate::Id(id), |e| e.game.to_move())
                .await
                .flatten()?;
            let side = usize::from(to_move == players[1]);
            let i = next[m][side].fetch_add(1, Ordering::Relaxed);
            let t = Instant::now();
            let ok = session
                .matches()
                .fire(channel, to_move, &cells[i % cells.len()])
                .await
                .is_ok();
            Some((t.elapsed(), ok))
        }));
    }
    let (mut lat, mut refused) = (Vec::new(), 0);
    for t in tasks {
        if let Ok(Some((d, ok))) = t.await {
            lat.push(d);
            refused += usize::from(!ok);
        }
    }
    (lat, refused)
}

fn report(what: &str, lat: &mut [Duration], refused: usize, seconds: usize) {
    lat.sort();
    println!(
        "{what}: {} /fire in {seconds} s ({:.0} per second): p50 {:.2} ms, p99 {:.2} ms, \
         max {:.2} ms ({refused} refused by the rules)",
        lat.len(),
        lat.len() as f64 / seconds as f64,
        ms(percentile(lat, 0.5)),
        ms(percentile(lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default()),
    );
}

/// A child process: plays its share of the live matches on `--url`, starting at
/// `--start-ms` (Unix time), and prints each latency in microseconds on one line.
async fn worker(url: &str) {
    let (k, of) = (number("--worker", 0), number("--processes", 2));
    let (rate, seconds) = (number("--rate", 400), number("--seconds", 10));
    let start_ms = u64::try_from(number("--start-ms", 0)).expect("a time");
    let store = store::open(url).await.expect("open");
    let pool = sqlx::PgPool::connect(url).await.expect("connect");
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, channel_id, challenger_id, opponent_id FROM matches WHERE live \
         ORDER BY channel_id",
    )
    .fetch_all(&pool)
    .await
    .expect("the matches");
    pool.close().await;
    let mine: Vec<Battle> = rows
        .into_iter()
        .enumerate()
        .filter(|(m, _)| m % of == k)
        .map(|(_, (id, c, a, b))| {
            let u = store::from_sql;
            (
                MatchId(u(id)),
                ChannelKey(u(c)),
                [PlayerId(u(a)), PlayerId(u(b))],
            )
        })
        .collect();
    let session = Arc::new(Session::new(store, TIMEOUTS, Seeds::new(Some(k as u64))));
    let wait = (SystemTime::UNIX_EPOCH + Duration::from_millis(start_ms))
        .duration_since(SystemTime::now())
        .unwrap_or_default();
    let start = Instant::now() + wait;
    let (lat, refused) = fire_load(&session, mine, rate / of, seconds, start).await;
    let us: Vec<String> = lat.iter().map(|d| d.as_micros().to_string()).collect();
    println!("refused {refused}");
    println!("latencies {}", us.join(","));
}

#[tokio::main]
async fn main() {
    if let Some(url) = arg("--url") {
        worker(&url).await;
        return;
    }
    let Some(server) = arg("--server") else {
        eprintln!(
            "usage: multi_bench --server postgres://USER@HOST/DATABASE [--matches 2000] [--rate 400] [--seconds 10] [--processes 2]"
        );
        std::process::exit(2);
    };
    let matches = number("--matches", 2000);
    let (rate, seconds, processes) = (
        number("--rate", 400),
        number("--seconds", 10),
        number("--processes", 2),
    );
    let name = format!("broadside_bench_{}", std::process::id());
    let (base, _) = server
        .rsplit_once('/')
        .expect("a URL that ends in /DATABASE");
    let url = format!("{base}/{name}");
    let admin = sqlx::PgPool::connect(&server).await.expect("connect");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .expect("create the bench database");

    // PostgreSQL, several processes.
    let setup = Arc::new(Session::new(
        store::open(&url).await.expect("open"),
        TIMEOUTS,
        Seeds::new(Some(1)),
    ));
    let t = Instant::now();
    open_battles(&setup, matches as u64).await;
    println!(
        "postgres: {matches} battles opened in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    drop(setup);
    let start_ms = u64::try_from(
        (SystemTime::now() + Duration::from_secs(2))
            .duration_since(SystemTime::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis(),
    )
    .expect("a time");
    let (mut all, refused) = run_workers(&url, processes, rate, seconds, start_ms);
    report(
        &format!("postgres, {processes} processes, {matches} live matches"),
        &mut all,
        refused,
        seconds,
    );
    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&admin)
        .await
        .expect("drop the bench database");

    sqlite_run(matches, rate, seconds).await;
}

/// Starts the worker processes and gathers their latencies and refusals.
fn run_workers(
    url: &str,
    processes: usize,
    rate: usize,
    seconds: usize,
    start_ms: u64,
) -> (Vec<Duration>, usize) {
    let exe = std::env::current_exe().expect("this program");
    let children: Vec<_> = (0..processes)
        .map(|k| {
            std::process::Command::new(&exe)
                .args(["--url", url, "--worker", &k.to_string()])
                .args(["--processes", &processes.to_string()])
                .args([
                    "--rate",
                    &rate.to_string(),
                    "--seconds",
                    &seconds.to_string(),
                ])
                .args(["--start-ms", &start_ms.to_string()])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("start a worker")
        })
        .collect();
    let (mut all, mut refused) = (Vec::new(), 0);
    for (k, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().expect("a worker's output");
        assert!(out.status.success(), "worker {k} failed");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut mine: Vec<Duration> = Vec::new();
        for line in text.lines() {
            if let Some(n) = line.strip_prefix("refused ") {
                refused += n.parse::<usize>().expect("a count");
            } else if let Some(list) = line.strip_prefix("latencies ") {
                mine.extend(
                    list.split(',')
                        .filter(|s| !s.is_empty())
                        .map(|s| Duration::from_micros(s.parse().expect("µs"))),
                );
            }
        }
        report(&format!("  process {k}"), &mut mine, 0, seconds);
        all.extend(mine);
    }
    (all, refused)
}

/// The same load on one process with a fresh SQLite file.
async fn sqlite_run(matches: usize, rate: usize, seconds: usize) {
    let dir = std::env::temp_dir().join(format!("broadside-multi-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = format!("sqlite://{}", dir.join("fire.db").display());
    let session = Arc::new(Session::new(
        store::open(&file).await.expect("open"),
        TIMEOUTS,
        Seeds::new(Some(1)),
    ));
    let battles = open_battles(&session, matches as u64).await;
    let (mut lat, refused) = fire_load(
        &session,
        battles,
        rate,
        seconds,
        Instant::now() + Duration::from_millis(200),
    )
    .await;
    report(
        &format!("sqlite, 1 process, {matches} live matches"),
        &mut lat,
        refused,
        seconds,
    );
    drop(session);
    let _ = std::fs::remove_dir_all(&dir);
}
