//! Measures the session's part of going from one round of a Swiss tournament to the next
//! (issue 33's goal: from the round's last match end to all next-round threads opened, for
//! 32 players, at most 2 s): the last match of round 1 ends, the tournament steps (the
//! round closed, its standings, round 2 paired on a blocking thread and written), and every
//! match of round 2 is opened (stored, each player held), as the bot does before it asks
//! Discord for the threads. On SQLite, the matches of round 1 played for real (both players
//! fire, then one gives up), so that nobody is a no-show and all 32 are paired again.
//!
//! ```sh
//! cargo run --release --example tournament_bench -- [--players 32] [--samples 5]
//! ```

use std::time::{Duration, Instant};

use broadside::game::{PlayerId, Variant};
use broadside::session::tournament::{Event, NewTournament, ToOpen};
use broadside::session::{ChannelKey, Pace, Paces, Seeds, Session, Timeouts};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

const GUILD: u64 = 900_000_000_000_000_033;
const CHANNEL: u64 = 900_000_000_000_000_034;
const FIRST: u64 = 700_000_000_000_000_000;

/// Every cell of the classic sea in reading order.
fn cells() -> Vec<String> {
    let mut out = Vec::new();
    for row in 1..=10 {
        for col in 'A'..='J' {
            out.push(format!("{col}{row}"));
        }
    }
    out
}

/// Opens `m` and makes both fleets final, as two Ready clicks do.
async fn open_and_ready(s: &Session, m: &ToOpen) {
    let opened = s
        .tournaments()
        .open_tournament_match(m)
        .await
        .expect("opened");
    s.tournaments().tournament_match_opened(m).await;
    for (player, preview, _) in &opened.accepted.previews {
        s.matches()
            .ready(opened.id, *player, &preview.tag())
            .await
            .expect("ready");
    }
}

/// Both players of `m` fire (White until the turn passes, then Black once), then White
/// gives up: Black wins, and neither is a no-show.
async fn play_out(s: &Session, m: &ToOpen) {
    let channel = ChannelKey(CHANNEL);
    let (white, black) = (m.white.0, m.black.0);
    for cell in cells() {
        s.matches()
            .fire(channel, white, &cell)
            .await
            .expect("White fires");
        if s.matches().fire(channel, black, "J10").await.is_ok() {
            break;
        }
    }
    s.matches().forfeit(white).await.expect("White gives up");
}

async fn one_run(players: usize, run: usize) -> (Duration, Duration, usize) {
    let path = std::env::temp_dir().join(format!(
        "broadside-tournament-bench-{}-{run}.db",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}", path.display());
    let opened = broadside::store::open(&url).await.expect("a store");
    let s = Session::new(
        opened,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(33)),
    );
    let creator = PlayerId(FIRST);
    let t = s
        .tournaments()
        .create_tournament(NewTournament {
            guild: broadside::ids::GuildId(GUILD),
            channel: ChannelKey(CHANNEL),
            creator,
            name: "Bench Cup".into(),
            variant: Variant::Classic,
            rounds: 5,
            pace: Pace::Standard,
            starts: None,
            max_players: 64,
            locale: None,
        })
        .await
        .expect("created");
    for i in 1..=players as u64 {
        s.tournaments()
            .join_tournament(t.id, PlayerId(FIRST + i), &format!("Player {i}"))
            .await
            .expect("joined");
    }
    let first = s
        .tournaments()
        .start_tournament(t.id, creator)
        .await
        .expect("started");
    for m in &first.to_open {
        open_and_ready(&s, m).await;
    }
    let (last, rest) = first.to_open.split_last().expect("a match");
    for m in rest {
        play_out(&s, m).await;
    }
    // The last match of round 1: everything after its end is measured.
    let cells = cells();
    for cell in &cells {
        s.matches()
            .fire(ChannelKey(CHANNEL), last.white.0, cell)
            .await
            .expect("fires");
        if s.matches()
            .fire(ChannelKey(CHANNEL), last.black.0, "J10")
            .await
            .is_ok()
        {
            break;
        }
    }
    let start = Instant::now();
    s.matches().forfeit(last.white.0).await.expect("gives up");
    let next = s
        .tournaments()
        .advance_tournament(t.id, false)
        .await
        .expect("a step");
    let paired = start.elapsed();
    assert!(
        next.events
            .iter()
            .any(|e| matches!(e, Event::Paired { round: 2, .. })),
        "round 2 paired: {:?}",
        next.events
    );
    futures_util::future::join_all(next.to_open.iter().map(|m| async {
        s.tournaments()
            .open_tournament_match(m)
            .await
            .expect("opened");
        s.tournaments().tournament_match_opened(m).await;
    }))
    .await;
    let all = start.elapsed();
    let opened = next.to_open.len();
    drop(s);
    let _ = std::fs::remove_file(&path);
    (paired, all, opened)
}

#[tokio::main]
async fn main() {
    let players = arg("--players", 32);
    let samples = arg("--samples", 5).max(1);
    let mut runs = Vec::new();
    for run in 0..samples {
        let (paired, all, opened) = one_run(players, run).await;
        println!(
            "run {run}: {players} players, round 1 to round 2: paired in {:.1} ms, {opened} matches opened after {:.1} ms",
            paired.as_secs_f64() * 1e3,
            all.as_secs_f64() * 1e3
        );
        runs.push(all);
    }
    runs.sort();
    println!(
        "last end to every round-2 match opened (session and store, before Discord): median {:.1} ms, worst {:.1} ms over {samples}",
        runs[runs.len() / 2].as_secs_f64() * 1e3,
        runs[runs.len() - 1].as_secs_f64() * 1e3
    );
}
