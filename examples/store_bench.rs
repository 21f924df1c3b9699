//! Measures the session's real write path on SQLite: `/fire` latency with persistence under
//! a steady load, restore time for many live matches, and memory per live match.
//!
//! ```sh
//! cargo run --release --example store_bench -- [--matches 1000] [--rate 400] [--seconds 10] [--restore 10000] [--url postgres://…]
//! ```
//!
//! `--url` runs the `/fire` load on that (empty) database instead of a fresh SQLite file,
//! e.g. PostgreSQL; `--restore 0` skips the restore measurement.

// A measuring script: counts stay far below 2^52 (so f64 is exact), and `main` reads best
// as one sequence of measurements.
#![expect(clippy::cast_precision_loss, clippy::too_many_lines)]

use std::alloc::System;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use broadside::game::{Coord, PlayerId, Variant};
use broadside::session::{ChannelKey, Locate, MatchId, NewMatch, Seeds, Session, Timeouts};
use broadside::store;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

/// Counts what the process holds on the heap (SQLite's own cache is not counted: it
/// allocates in C).
#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Bytes held on the heap now, relative to `region`'s start.
fn held(region: &Region<'_, System>) -> i64 {
    let c = region.change();
    let n = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    n(c.bytes_allocated) - n(c.bytes_deallocated) + i64::try_from(c.bytes_reallocated).unwrap_or(0)
}

const TIMEOUTS: Timeouts = Timeouts {
    challenge: Duration::from_secs(3600),
    placement: Duration::from_secs(3600),
    turn: Duration::from_secs(3600),
};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

fn all_cells() -> Vec<Coord> {
    (1..=10)
        .flat_map(|row| (b'A'..=b'J').map(move |c| format!("{}{row}", char::from(c))))
        .map(|s| s.parse().expect("a cell"))
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[expect(clippy::cast_sign_loss, clippy::cast_precision_loss)]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Opens `n` classic battles, in channels `base..base+n`, players `2i+1`/`2i+2`.
async fn open_battles(
    session: &Session,
    base: u64,
    n: u64,
) -> Vec<(MatchId, ChannelKey, [PlayerId; 2])> {
    let mut out = Vec::new();
    for i in 0..n {
        let (ann, bjorn) = (
            PlayerId(base * 10 + 2 * i + 1),
            PlayerId(base * 10 + 2 * i + 2),
        );
        let channel = ChannelKey(base + i);
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
                guild_locale: Some("da".into()),
                challenger_locale: Some("da".into()),
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
            .accept(id, bjorn, Some("en-US".into()))
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
        out.push((id, channel, [ann, bjorn]));
    }
    out
}

#[tokio::main]
async fn main() {
    let matches = arg("--matches", 1000);
    let rate = arg("--rate", 400);
    let seconds = arg("--seconds", 10);
    let restore_n = arg("--restore", 10_000);
    let dir = std::env::temp_dir().join(format!("broadside-store-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");

    // 1. /fire with persistence under a steady load.
    let url = std::env::args()
        .skip_while(|a| a != "--url")
        .nth(1)
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("fire.db").display()));
    println!("store: {}", store::redacted(&url));
    let session = Arc::new(Session::new(
        store::open(&url).await.expect("open"),
        TIMEOUTS,
        Seeds::new(Some(1)),
    ));
    let live = open_battles(&session, 1_000_000, matches as u64).await;
    let cells = Arc::new(all_cells());
    let next_cell: Arc<Vec<[std::sync::atomic::AtomicUsize; 2]>> =
        Arc::new((0..live.len()).map(|_| [0.into(), 0.into()]).collect());
    let live = Arc::new(live);
    let total = rate * seconds;
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(total);
    for k in 0..total {
        tokio::time::sleep_until((started + gap * u32::try_from(k).expect("count")).into()).await;
        let (session, live, cells, next_cell) = (
            Arc::clone(&session),
            Arc::clone(&live),
            Arc::clone(&cells),
            Arc::clone(&next_cell),
        );
        tasks.push(tokio::spawn(async move {
            let m = (k * 7919) % live.len();
            let (id, channel, players) = live[m];
            let to_move = session
                .read(Locate::Id(id), |e| e.game.to_move())
                .await
                .flatten()?;
            let side = usize::from(to_move == players[1]);
            let i = next_cell[m][side].fetch_add(1, Ordering::Relaxed);
            let cell = cells[i % cells.len()].to_string();
            let t = Instant::now();
            let ok = session
                .matches()
                .fire(channel, to_move, &cell)
                .await
                .is_ok();
            Some((t.elapsed(), ok))
        }));
    }
    let mut lat = Vec::new();
    let mut refused = 0;
    for t in tasks {
        if let Ok(Some((d, ok))) = t.await {
            lat.push(d);
            refused += usize::from(!ok);
        }
    }
    let elapsed = started.elapsed();
    lat.sort();
    println!(
        "fire: {} live matches, {} /fire at {} per second offered: {:.0} handled per second, \
         p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} refused by the rules)",
        matches,
        lat.len(),
        rate,
        lat.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(*lat.last().unwrap_or(&Duration::ZERO)),
        refused,
    );

    // 2. Raw write throughput of the same path, back to back.
    let (id, channel, players) = live[0];
    let mut lat = Vec::new();
    let t0 = Instant::now();
    for i in 0..2000 {
        let to_move = session
            .read(Locate::Id(id), |e| e.game.to_move())
            .await
            .flatten();
        let Some(p) = to_move else { break };
        let cell = cells[(i / 2) % 100].to_string();
        let t = Instant::now();
        let _ = session.matches().fire(channel, p, &cell).await;
        lat.push(t.elapsed());
        let _ = players;
    }
    let n = lat.len();
    lat.sort();
    println!(
        "writes back to back: {n} in {:.2} s = {:.0} writes per second, p99 {:.3} ms per write",
        t0.elapsed().as_secs_f64(),
        n as f64 / t0.elapsed().as_secs_f64(),
        ms(percentile(&lat, 0.99)),
    );
    drop(session);

    if restore_n == 0 {
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    // 3. Restore: many live matches, then a fresh session from the file.
    let url = format!("sqlite://{}", dir.join("restore.db").display());
    {
        let s = Session::new(
            store::open(&url).await.expect("open"),
            TIMEOUTS,
            Seeds::new(Some(2)),
        );
        let battles = open_battles(&s, 10_000_000, restore_n as u64).await;
        // A few shots each, so the states are those of games under way.
        for (i, (id, channel, _)) in battles.iter().enumerate() {
            for k in 0..6 {
                let Some(p) = s
                    .read(Locate::Id(*id), |e| e.game.to_move())
                    .await
                    .flatten()
                else {
                    break;
                };
                let _ = s
                    .matches()
                    .fire(*channel, p, &cells[(i + k * 13) % 100].to_string())
                    .await;
            }
        }
    }
    let region = Region::new(GLOBAL);
    let t0 = Instant::now();
    let store = store::open(&url).await.expect("open");
    let (session, resumed, _) = Session::restore(store, TIMEOUTS, Seeds::new(None))
        .await
        .expect("restore");
    let took = t0.elapsed();
    let held_after = held(&region);
    println!(
        "restore: {} live matches in {:.3} s (open, read, deadlines written back)",
        resumed.len(),
        took.as_secs_f64()
    );
    drop(resumed);
    let with_matches = held(&region);
    let count = session.live().map_or(0, broadside::session::Registry::len);
    drop(session);
    // What the live matches hold: the heap before and after dropping them.
    let matches_bytes = with_matches - held(&region);
    println!(
        "memory: {:.0} bytes per live match on the heap ({} matches, {:.1} MB; {:.1} MB at the peak of restoring)",
        matches_bytes as f64 / count as f64,
        count,
        matches_bytes as f64 / 1e6,
        held_after as f64 / 1e6,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
