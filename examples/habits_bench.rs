//! Measures the hard computer's reads of finished matches on SQLite (issue 36, item 2): a
//! database seeded with 100 000 finished matches (about 3 KB of state each) between
//! 10 000 members of one server, then `FinishedStore::latest` for a member and for the server,
//! against the single query it replaced (`CASE WHEN $1 IS NOT NULL …`, kept here only
//! to be measured beside it).
//!
//! ```sh
//! cargo run --release --example habits_bench -- [--members 10000] [--matches 100000] [--samples 200]
//! ```

// A measuring script: counts stay far below 2^52 (so f64 is exact), and `main` reads best
// as one sequence of measurements.
#![expect(clippy::cast_precision_loss, clippy::too_many_lines)]

use std::time::{Duration, Instant};

use broadside::game::PlayerId;
use broadside::ids::{ChannelKey, GuildId, MatchId};
use broadside::store::{self, FinishedOf, MatchRecord, MatchResult, MoveRecord, Timestamp};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::Row as _;

const GUILD: u64 = 900_000_000_000_000_001;
const FIRST_MEMBER: u64 = 700_000_000_000_000_000;

/// The habit query before issue 36: one text for a member and a server alike, which
/// SQLite could only answer by scanning every match and sorting.
const BEFORE: &str = "SELECT * FROM matches WHERE NOT live AND variant = $3 AND (CASE \
     WHEN $1 IS NOT NULL THEN challenger_id = $1 OR opponent_id = $1 \
     WHEN $2 IS NULL THEN guild_id IS NULL ELSE guild_id = $2 END) \
     AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) \
     ORDER BY ended_ms DESC, id LIMIT $4";

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

/// A member or server id as stored.
fn sql(id: u64) -> i64 {
    i64::try_from(id).expect("an id below 2^63")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[expect(clippy::cast_sign_loss)]
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn report(name: &str, rows: usize, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{name:<44} rows={rows:<4} n={:<5} p50={:>9.3} ms  p99={:>9.3} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
    );
}

/// A finished classic match between `a` and `b`, with one shot and about 3 KB of state.
fn finished(id: u64, a: u64, b: u64, at_ms: i64) -> MatchRecord {
    MatchRecord {
        id: MatchId(id),
        version: 80,
        channel: ChannelKey(5),
        guild: Some(GuildId(GUILD)),
        players: [PlayerId(a), PlayerId(b)],
        variant: "classic",
        options: "{}".into(),
        computer: None,
        phase: "finished",
        deadline_ms: Timestamp(0),
        state: format!("{{\"padding\":\"{}\"}}", "x".repeat(3000))
            .into_bytes()
            .into(),
        result: Some(MatchResult {
            how: "sunk",
            winner: Some(PlayerId(a)),
            loser: Some(PlayerId(b)),
        }),
        created_ms: Timestamp(at_ms - 600_000),
        updated_ms: Timestamp(at_ms),
        moves: vec![MoveRecord {
            seq: 1,
            player: PlayerId(a),
            turn: 40,
            cells: "C4".into(),
            reports: "[\"Sunk\"]".into(),
            at_ms: Timestamp(at_ms),
        }],
        claims: Vec::new(),
        computer_next: false,
        remind_ms: None,
        post_channel: None,
        played: None,
        rematch_of: None,
    }
}

#[tokio::main]
async fn main() {
    let members = arg("--members", 10_000) as u64;
    let matches = arg("--matches", 100_000) as u64;
    let samples = arg("--samples", 200);
    let dir = std::env::temp_dir().join(format!("broadside-habits-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let opened = store::open(&url).await.expect("open");
    let store = opened.store();
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let pick = |rng: &mut ChaCha8Rng| FIRST_MEMBER + rng.random_range(0..members);

    let started = Instant::now();
    let mut batch = Vec::with_capacity(1000);
    let mut at_ms = 1_700_000_000_000_i64;
    for id in 1..=matches {
        let (a, mut b) = (pick(&mut rng), pick(&mut rng));
        while b == a {
            b = pick(&mut rng);
        }
        at_ms += 60_000;
        batch.push(finished(id, a, b, at_ms));
        if batch.len() == 1000 {
            store.live().save_all(&batch).await.expect("seed");
            batch.clear();
        }
    }
    store.live().save_all(&batch).await.expect("seed");
    println!(
        "seeded {matches} finished matches between {members} members in {:.1} s ({} MB)",
        started.elapsed().as_secs_f64(),
        std::fs::metadata(dir.join("bench.db")).map_or(0, |m| m.len()) / 1_000_000
    );

    // The same file, read beside the store for the query it replaced.
    let pool = sqlx::SqlitePool::connect(&url)
        .await
        .expect("a second pool");
    for (name, player) in [("member", Some(FIRST_MEMBER + 7)), ("server", None)] {
        let plan: Vec<String> = sqlx::query(&format!("EXPLAIN QUERY PLAN {BEFORE}"))
            .bind(player.map(sql))
            .bind(sql(GUILD))
            .bind("classic")
            .bind(50_i64)
            .fetch_all(&pool)
            .await
            .expect("a plan")
            .iter()
            .map(|r| r.get::<String, _>("detail"))
            .collect();
        println!("plan before, {name}: {}", plan.join("; "));
    }

    let who = |i: usize| FIRST_MEMBER + (i as u64 * 7919) % members;
    let mut rows = 0;
    let mut times = Vec::with_capacity(samples);
    for i in 0..samples {
        let t = Instant::now();
        let found = sqlx::query(BEFORE)
            .bind(Some(sql(who(i))))
            .bind(None::<i64>)
            .bind("classic")
            .bind(50_i64)
            .fetch_all(&pool)
            .await
            .expect("before");
        times.push(t.elapsed());
        rows = found.len();
    }
    report("before: a member's 50 (one CASE query)", rows, times);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        let found = sqlx::query(BEFORE)
            .bind(None::<i64>)
            .bind(Some(sql(GUILD)))
            .bind("classic")
            .bind(200_i64)
            .fetch_all(&pool)
            .await
            .expect("before");
        times.push(t.elapsed());
        rows = found.len();
    }
    report("before: the server's 200 (one CASE query)", rows, times);

    let mut times = Vec::with_capacity(samples);
    for i in 0..samples {
        let t = Instant::now();
        let found = store
            .finished()
            .latest(FinishedOf::Member(PlayerId(who(i))), "classic", 50)
            .await
            .expect("after");
        times.push(t.elapsed());
        rows = found.len();
    }
    report("after: a member's 50 (FinishedStore::latest)", rows, times);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        let found = store
            .finished()
            .latest(FinishedOf::Server(GuildId(GUILD)), "classic", 200)
            .await
            .expect("after");
        times.push(t.elapsed());
        rows = found.len();
    }
    report(
        "after: the server's 200 (FinishedStore::latest)",
        rows,
        times,
    );

    drop(pool);
    drop(store);
    drop(opened);
    let _ = std::fs::remove_dir_all(&dir);
}
