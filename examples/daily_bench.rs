//! Measures the daily sea (issue 52) at scale on SQLite, with the bot's own words and
//! pictures:
//! - `/daily fire` with `--members` (10 000) members playing today: the session's fire
//!   (the attempt read and replayed, the volley written before it is answered) and then
//!   the whole answer (the panel's words and its picture as PNG);
//! - `/daily standings` at `--results` (100 000) daily results of today in one server
//!   (and `--listed` of them on the global table): the table read and its words;
//! - rendering the sea picture and the share card (drawing and PNG), each on its own.
//!
//! With `--pictures DIR` it also writes the panel's sea and the share card in every
//! language there, to look at.
//!
//! ```sh
//! cargo run --release --example daily_bench -- [--members 10000] [--results 100000] [--listed 2000] [--samples 2000] [--pictures DIR]
//! ```

// A measuring script: counts stay far below 2^52, and `main` reads best as one sequence of
// measurements.
#![expect(clippy::cast_precision_loss, clippy::too_many_lines)]

use std::time::{Duration, Instant, SystemTime};

use broadside::bot::daily::{panel, share, table};
use broadside::bot::i18n::Lang;
use broadside::game::{Coord, PlayerId, TargetCell, Variant};
use broadside::ids::GuildId;
use broadside::render::Renderer;
use broadside::session::{DailyScope, Seeds, Session, Timeouts};
use broadside::store::{self, DailyVolley};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GUILD: u64 = 900_000_000_000_000_001;
const FIRST_MEMBER: u64 = 700_000_000_000_000_000;
const OTHERS: u64 = 800_000_000_000_000_000;

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

fn text_arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
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
        "{name:<44} n={:<6} p50={:>8.3} ms  p99={:>8.3} ms  max={:>8.3} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The next open cell of `member`'s sea in sea order (the member "plays" row by row).
fn open_cell(view: &broadside::game::TargetView) -> Option<Coord> {
    Coord::all(10).find(|&c| view.cell(c) == TargetCell::Unknown)
}

#[tokio::main]
async fn main() {
    let members = arg("--members", 10_000) as u64;
    let results = arg("--results", 100_000) as u64;
    let listed = arg("--listed", 2_000) as u64;
    let samples = arg("--samples", 2_000);
    let pictures = text_arg("--pictures");
    let dir = std::env::temp_dir().join(format!("broadside-daily-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let opened = store::open(&url).await.expect("open");
    let store = opened.store();
    let session = Session::new(opened, TIMEOUTS, Seeds::new(Some(1)));
    let daily = session.daily_sea();
    let renderer = &Renderer::new();
    let guild = Some(GuildId(GUILD));
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    let today = daily.today();
    // The day's sea (its par is a whole game of the hard computer), once.
    let t = Instant::now();
    daily.sea(Variant::Classic, today).await.expect("the sea");
    println!(
        "today's classic sea and par in {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );

    // Results of others (for the table): one or two volleys each, most finished.
    let started = Instant::now();
    let store_daily = store.daily().expect("the store keeps the daily sea");
    for i in 0..results {
        let player = PlayerId(OTHERS + i);
        let volleys = 1 + u32::from(rng.random_range(0..4) == 0);
        for n in 0..volleys {
            let finishes = n + 1 == volleys && rng.random_range(0..10) < 6;
            store_daily
                .write_volley(DailyVolley {
                    variant: Variant::Classic.key(),
                    day: today.0,
                    player,
                    n,
                    cells: "A1",
                    finishes,
                    guild,
                    at_ms: now_ms(),
                })
                .await
                .expect("seed a result");
        }
    }
    for i in 0..listed {
        session
            .privacy()
            .set_leaderboard_visible(PlayerId(OTHERS + i), true)
            .await
            .expect("listed");
    }
    println!(
        "seeded {results} daily results ({listed} listed) in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Members playing today: five real shots each, through the session.
    let started = Instant::now();
    for i in 0..members {
        let player = PlayerId(FIRST_MEMBER + i);
        let mut view = daily
            .play(player, Variant::Classic, guild)
            .await
            .expect("play")
            .attempt
            .view();
        for _ in 0..5 {
            let cell = open_cell(&view).expect("an open cell");
            let fired = daily
                .fire(player, Variant::Classic, &[cell], guild)
                .await
                .expect("fire");
            view = fired.play.attempt.view();
        }
    }
    println!(
        "seeded {members} members playing today (5 shots each) in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // `/daily fire`: a random member at their next open cell.
    let mut next: Vec<Option<Coord>> = vec![None; members as usize];
    let (mut session_times, mut answer_times) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        let i = rng.random_range(0..members);
        let player = PlayerId(FIRST_MEMBER + i);
        let cell = if let Some(c) = next[i as usize] {
            c
        } else {
            let play = daily
                .play(player, Variant::Classic, guild)
                .await
                .expect("play");
            let Some(c) = open_cell(&play.attempt.view()) else {
                continue;
            };
            c
        };
        let t = Instant::now();
        let Ok(fired) = daily.fire(player, Variant::Classic, &[cell], guild).await else {
            next[i as usize] = None;
            continue;
        };
        session_times.push(t.elapsed());
        let shown = panel::Shown {
            cursor: Some(cell),
            told: Some(broadside::bot::daily::words::volley_line(
                Lang::EnUs,
                Variant::Classic,
                &fired.volley,
            )),
            ..panel::Shown::default()
        };
        let answer = panel::message(
            renderer,
            daily.clock(),
            Lang::EnUs,
            player,
            Variant::Classic,
            &fired.play,
            &shown,
        )
        .expect("the panel");
        let _ = std::hint::black_box(answer);
        answer_times.push(t.elapsed());
        next[i as usize] = open_cell(&fired.play.attempt.view());
    }
    report(
        "/daily fire: the session (read, replay, write)",
        session_times,
    );
    report("/daily fire: with the panel's words and PNG", answer_times);

    // `/daily standings` at `results` results.
    for (name, scope) in [
        (
            "/daily standings: a server's table",
            DailyScope::Server(GuildId(GUILD)),
        ),
        ("/daily standings: the global table", DailyScope::Global),
    ] {
        let mut times = Vec::with_capacity(samples);
        for _ in 0..samples {
            let t = Instant::now();
            let standings = daily
                .standings(Variant::Classic, scope, None, table::LINES)
                .await
                .expect("standings");
            let text = table::text(
                Lang::EnUs,
                daily.clock(),
                Variant::Classic,
                scope,
                &standings,
            );
            assert!(text.chars().count() <= 2000);
            std::hint::black_box(text);
            times.push(t.elapsed());
        }
        report(name, times);
    }

    // The pictures on their own: a member's sea in the middle of a day, and a card.
    let member = PlayerId(FIRST_MEMBER);
    let mut play = daily
        .play(member, Variant::Classic, guild)
        .await
        .expect("play");
    while !play.attempt.is_finished() {
        let Some(cell) = open_cell(&play.attempt.view()) else {
            break;
        };
        play = daily
            .fire(member, Variant::Classic, &[cell], guild)
            .await
            .expect("fire")
            .play;
    }
    let view = play.attempt.view();
    let labels = Lang::EnUs.labels();
    let picked = ["C3".parse().expect("a cell")];
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        let png = renderer
            .daily_sea(&view, &picked, picked.first().copied(), labels)
            .to_png()
            .expect("png");
        std::hint::black_box(png);
        times.push(t.elapsed());
    }
    report("render: the sea picture (PNG)", times);
    let (card, _) = share::card(Lang::EnUs, daily.clock(), Variant::Classic, &play);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        let png = renderer.daily_card(&card).to_png().expect("png");
        std::hint::black_box(png);
        times.push(t.elapsed());
    }
    report("render: the share card (PNG)", times);

    if let Some(out) = pictures {
        for lang in Lang::ALL {
            let (card, alt) = share::card(lang, daily.clock(), Variant::Classic, &play);
            let png = renderer.daily_card(&card).to_png().expect("png");
            std::fs::write(format!("{out}/card-{lang}.png"), png).expect("write");
            println!("{lang} card alt: {alt}");
            let png = renderer
                .daily_sea(&view, &[], None, lang.labels())
                .to_png()
                .expect("png");
            std::fs::write(format!("{out}/sea-{lang}.png"), png).expect("write");
        }
        // A Game 2000 sea in the middle of a day, with a salvo being put together.
        let g = PlayerId(FIRST_MEMBER + 1);
        let mut play = daily.play(g, Variant::Game2000, guild).await.expect("play");
        for _ in 0..6 {
            let mut cells = Vec::new();
            let v = play.attempt.view();
            for c in Coord::all(9) {
                if v.cell(c) == TargetCell::Unknown && cells.len() < 3 {
                    cells.push(c);
                }
            }
            play = daily
                .fire(g, Variant::Game2000, &cells, guild)
                .await
                .expect("fire")
                .play;
        }
        for lang in Lang::ALL {
            let shown = panel::Shown {
                picked: vec!["E5".parse().expect("a cell"), "F6".parse().expect("a cell")],
                cursor: Some("G7".parse().expect("a cell")),
                ..panel::Shown::default()
            };
            let (text, _, _) = panel::message(
                renderer,
                daily.clock(),
                lang,
                g,
                Variant::Game2000,
                &play,
                &shown,
            )
            .expect("panel");
            println!("{lang} panel:\n{text}\n");
            let png = renderer
                .daily_sea(
                    &play.attempt.view(),
                    &shown.picked,
                    shown.cursor,
                    lang.labels(),
                )
                .to_png()
                .expect("png");
            std::fs::write(format!("{out}/salvo-{lang}.png"), png).expect("write");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
