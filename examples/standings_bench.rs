//! Measures ratings and statistics at scale on SQLite: a database seeded with 100 000
//! finished rated matches between 10 000 members of one server, then
//! - recording a finished match (the final write, with both ratings and results),
//! - `/leaderboard`: the page query, ranks and the caller's own line, plus the picture
//!   (view, drawing, PNG),
//! - `/stats`: the member's rating and results, the summary, plus the picture,
//! - rating seasons (issue 39; the season opened before the seeding, so it holds every
//!   match): `/leaderboard` of the current season (query, ranks, the caller's line and the
//!   picture), closing that season of 10 000 members (with the next one opened), the
//!   finished-match writes that run meanwhile (they take the season lock shared), and the
//!   closed season's final table.
//!
//! ```sh
//! cargo run --release --example standings_bench -- [--members 10000] [--matches 100000] [--samples 2000]
//! ```

// A measuring script: counts stay far below 2^52 (so f64 is exact), and `main` reads best
// as one sequence of measurements.
#![expect(clippy::cast_precision_loss, clippy::too_many_lines)]

use std::time::{Duration, Instant};

use broadside::bot::i18n::Lang;
use broadside::bot::standings::{board_view, card_view, season_view};
use broadside::game::{PlayerId, PlayerStats, Variant};
use broadside::ids::{ChannelKey, GuildId, MatchId};
use broadside::render::Renderer;
use broadside::session::{Seeds, Session, Timeouts};
use broadside::store::seasons::NewSeason;
use broadside::store::{self, MatchRecord, MatchResult, MoveRecord, Played, Timestamp};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GUILD: u64 = 900_000_000_000_000_001;
const FIRST_MEMBER: u64 = 700_000_000_000_000_000;

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

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[expect(clippy::cast_sign_loss)]
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{name:<36} n={:<6} p50={:>8.3} ms  p99={:>8.3} ms  max={:>8.3} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

/// A stored state of about the size of a real finished classic match (names, fleets,
/// every shot), readable where the store reads it (names and players).
fn state(players: [u64; 2], names: &[String; 2]) -> Vec<u8> {
    let padding = "x".repeat(2400);
    serde_json::to_vec(&serde_json::json!({
        "names": names,
        "game": { "players": players },
        "padding": padding,
    }))
    .expect("json")
}

/// The final record of match `id` between `a` and `b`, `a` winning (or a draw).
fn finished(id: u64, a: u64, b: u64, draw: bool, at_ms: i64, rng: &mut ChaCha8Rng) -> MatchRecord {
    let names = [
        format!("Member {}", a - FIRST_MEMBER),
        format!("Member {}", b - FIRST_MEMBER),
    ];
    let mut side = || PlayerStats {
        shots: rng.random_range(30..90),
        hits: 20,
        turns: rng.random_range(20..60),
    };
    let stats = [side(), side()];
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
        state: state([a, b], &names).into(),
        result: Some(if draw {
            MatchResult {
                how: "draw",
                winner: None,
                loser: None,
            }
        } else {
            MatchResult {
                how: "sunk",
                winner: Some(PlayerId(a)),
                loser: Some(PlayerId(b)),
            }
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
        played: Some(Played {
            names,
            stats,
            rated: true,
        }),
        rematch_of: None,
    }
}

#[tokio::main]
async fn main() {
    let members = arg("--members", 10_000) as u64;
    let matches = arg("--matches", 100_000) as u64;
    let samples = arg("--samples", 2_000);
    let dir =
        std::env::temp_dir().join(format!("broadside-standings-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let opened = store::open(&url).await.expect("open");
    let store = opened.store();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let first_ms = 1_700_000_000_000_i64;
    // A season open before every match: each rated end below is counted in it too.
    let season_store = store.seasons().expect("the store keeps seasons");
    let season = season_store
        .open_season(
            &NewSeason {
                guild: GuildId(GUILD),
                cadence: "monthly".into(),
                period: "2023-11".into(),
                zone: "UTC".into(),
                start_ms: Timestamp(first_ms),
                end_ms: Timestamp(i64::MAX / 2),
            },
            None,
        )
        .await
        .expect("a season")
        .expect("no settings stored");
    // Members have a hidden strength, so the leaderboard has a real spread.
    let strength: Vec<f64> = (0..members).map(|_| rng.random_range(0.0..1.0)).collect();
    let pick = |rng: &mut ChaCha8Rng| FIRST_MEMBER + rng.random_range(0..members);

    let started = Instant::now();
    let mut batch = Vec::with_capacity(1000);
    let mut at_ms = first_ms;
    for id in 1..=matches {
        let (mut a, mut b) = (pick(&mut rng), pick(&mut rng));
        while b == a {
            b = pick(&mut rng);
        }
        let (sa, sb) = (
            strength[(a - FIRST_MEMBER) as usize],
            strength[(b - FIRST_MEMBER) as usize],
        );
        if rng.random_range(0.0..1.0) > 0.5 + (sa - sb) / 2.0 {
            std::mem::swap(&mut a, &mut b);
        }
        at_ms += 60_000;
        let draw = rng.random_range(0..50) == 0;
        batch.push(finished(id, a, b, draw, at_ms, &mut rng));
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

    // Recording a finished match: the final write with ratings, results and names.
    let mut times = Vec::with_capacity(samples);
    for i in 0..samples as u64 {
        let (a, mut b) = (pick(&mut rng), pick(&mut rng));
        while b == a {
            b = pick(&mut rng);
        }
        at_ms += 60_000;
        let record = finished(matches + 1 + i, a, b, false, at_ms, &mut rng);
        let t = Instant::now();
        store.live().save(&record).await.expect("record");
        times.push(t.elapsed());
    }
    report("record a finished match", times);

    let session = Session::new(opened, TIMEOUTS, Seeds::new(Some(1)));
    let renderer = &Renderer::new();
    let pages = members.div_ceil(10);
    let (mut query, mut whole) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        let caller = PlayerId(pick(&mut rng));
        // Most asks are for the first pages; every tenth one anywhere.
        let page = if rng.random_range(0..10) == 0 {
            rng.random_range(0..pages) as u32
        } else {
            rng.random_range(0..3)
        };
        let t = Instant::now();
        let board = session
            .standings()
            .leaderboard(GuildId(GUILD), Variant::Classic, page, caller)
            .await
            .expect("leaderboard");
        query.push(t.elapsed());
        let (view, _alt) = board_view(Lang::Nl, "The Harbour", Variant::Classic, &board, caller);
        let png = renderer.leaderboard(&view).to_png().expect("png");
        assert!(!png.is_empty());
        whole.push(t.elapsed());
    }
    report("/leaderboard query", query);
    report("/leaderboard query + picture", whole);

    let (mut query, mut whole) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        let who = PlayerId(pick(&mut rng));
        let t = Instant::now();
        let card = session
            .standings()
            .card(who, Variant::Classic)
            .await
            .expect("card");
        query.push(t.elapsed());
        let (view, _alt) = card_view(Lang::Da, "Member", Variant::Classic, &card);
        let png = renderer.stats_card(&view).to_png().expect("png");
        assert!(!png.is_empty());
        whole.push(t.elapsed());
    }
    report("/stats query", query);
    report("/stats query + picture", whole);

    // The current season's table, as `/leaderboard` shows it while seasons are on.
    let (mut query, mut whole) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        let caller = PlayerId(pick(&mut rng));
        let page = if rng.random_range(0..10) == 0 {
            rng.random_range(0..pages) as u32
        } else {
            rng.random_range(0..3)
        };
        let t = Instant::now();
        let board = session
            .seasons()
            .season_board(season.clone().into(), Variant::Classic, page, caller)
            .await
            .expect("season board");
        query.push(t.elapsed());
        let (view, _alt) = season_view(Lang::Nl, "The Harbour", Variant::Classic, &board, caller);
        let png = renderer.leaderboard(&view).to_png().expect("png");
        assert!(!png.is_empty());
        whole.push(t.elapsed());
    }
    report("season /leaderboard query", query);
    report("season /leaderboard query + picture", whole);

    // Closing the season, while finished matches keep being written.
    let writes = {
        let store = std::sync::Arc::clone(&store);
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut at_ms = at_ms;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = std::sync::Arc::clone(&stop);
        let task = tokio::spawn(async move {
            let mut times = Vec::new();
            let mut id = matches + 1 + samples as u64;
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                let a = FIRST_MEMBER + rng.random_range(0..members);
                let b = FIRST_MEMBER + (a - FIRST_MEMBER + 1) % members;
                at_ms += 1;
                id += 1;
                let record = finished(id, a, b, false, at_ms, &mut rng);
                let t = Instant::now();
                store.live().save(&record).await.expect("record");
                times.push(t.elapsed());
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            times
        });
        (stop, task)
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let close_at = at_ms + 1;
    let t = Instant::now();
    let closed = season_store
        .close_season(
            GuildId(GUILD),
            season.number,
            Timestamp(close_at),
            Some(ChannelKey(5)),
            Some(&NewSeason {
                guild: GuildId(GUILD),
                cadence: "monthly".into(),
                period: "2023-12".into(),
                zone: "UTC".into(),
                start_ms: Timestamp(close_at),
                end_ms: Timestamp(i64::MAX / 2),
            }),
        )
        .await
        .expect("close")
        .expect("closed once");
    let took = t.elapsed();
    tokio::time::sleep(Duration::from_millis(200)).await;
    writes.0.store(true, std::sync::atomic::Ordering::Relaxed);
    let during = writes.1.await.expect("writes");
    let places = season_store
        .season_page(GuildId(GUILD), season.number, "classic", 0, 0)
        .await
        .expect("page")
        .total;
    println!(
        "close a season of {places} members       {:>8.3} ms (next season {})",
        took.as_secs_f64() * 1e3,
        closed.next.map_or(0, |n| n.number)
    );
    report("record a match around the close", during);

    // The closed season's final table (`/leaderboard season:1`).
    let closed = closed.season;
    let mut whole = Vec::new();
    for _ in 0..samples {
        let caller = PlayerId(pick(&mut rng));
        let t = Instant::now();
        let board = session
            .seasons()
            .season_board(
                closed.clone().into(),
                Variant::Classic,
                rng.random_range(0..3),
                caller,
            )
            .await
            .expect("final table");
        let (view, _alt) = season_view(Lang::Nl, "The Harbour", Variant::Classic, &board, caller);
        let png = renderer.leaderboard(&view).to_png().expect("png");
        assert!(!png.is_empty());
        whole.push(t.elapsed());
    }
    report("past season query + picture", whole);
    drop(session);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
