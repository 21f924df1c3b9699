//! Measures `/fire`'s autocomplete as the bot answers it — one read of the match
//! (`Session::aim`) and the completion (`game::complete`) — with many live matches on
//! SQLite, quiet and while other matches fire.
//!
//! ```sh
//! cargo run --release --example aim_bench -- [--matches 1000] [--asks 20000] [--rate 400]
//! ```

// A measuring script: counts stay far below 2^52 (so f64 is exact).
#![expect(clippy::cast_precision_loss)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use broadside::game::complete::complete;
use broadside::game::{MatchOptions, PlayerId, Variant};
use broadside::session::{ChannelKey, Locate, NewMatch, Pace, Seeds, Session, Timeouts};
use broadside::store;

const TIMEOUTS: Timeouts = Timeouts {
    challenge: Duration::from_secs(3600),
    placement: Duration::from_secs(3600),
    turn: Duration::from_secs(3600),
};

/// What players type, a few keys into a cell or a salvo.
const TYPED: [&str; 8] = ["", "C", "c4", "A1 B", "E5 F", "D", "B2 C3 ", "H"];

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
    #[expect(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Opens `n` battles (every other one Game 2000), each with a few turns played.
async fn open_battles(session: &Session, n: u64) -> Vec<(ChannelKey, [PlayerId; 2], Variant)> {
    let mut out = Vec::new();
    for i in 0..n {
        let players = [PlayerId(10 * i + 1), PlayerId(10 * i + 2)];
        let channel = ChannelKey(1_000_000 + i);
        let variant = if i % 2 == 0 {
            Variant::Classic
        } else {
            Variant::Game2000
        };
        let id = session
            .matches()
            .challenge(NewMatch {
                channel,
                guild: Some(broadside::ids::GuildId(1)),
                challenger: players[0],
                opponent: players[1],
                names: ["Ann".into(), "Bjørn".into()],
                variant,
                options: MatchOptions::default(),
                guild_locale: None,
                challenger_locale: None,
                computer: None,
                pace: Pace::Standard,
                rated: true,
                thread: false,
            })
            .await
            .expect("challenge")
            .id;
        session
            .matches()
            .accept(id, players[1], None)
            .await
            .expect("accept");
        for p in players {
            let preview = session.matches().place(p, None).await.expect("place");
            session
                .matches()
                .ready(id, p, &preview.tag())
                .await
                .expect("ready");
        }
        // A few turns, so that there are shots to leave out.
        for turn in 0..6u8 {
            let Some(to_move) = to_move(session, channel).await else {
                break;
            };
            let row = 1 + turn % 9;
            let cells = match variant {
                Variant::Classic => format!("F{row}"),
                Variant::Game2000 => format!("G{row} H{row} I{row}"),
            };
            // A repeat in classic is refused; the next turn tries another row.
            let _ = session.matches().fire(channel, to_move, &cells).await;
        }
        out.push((channel, players, variant));
    }
    out
}

async fn to_move(session: &Session, channel: ChannelKey) -> Option<PlayerId> {
    session
        .read(Locate::Channel(channel), |e| e.game.to_move())
        .await
        .flatten()
}

/// `asks` autocomplete answers for the players to move, spread over the matches.
async fn ask(
    session: &Session,
    live: &[(ChannelKey, [PlayerId; 2], Variant)],
    asks: usize,
) -> (Vec<Duration>, usize) {
    let mut took = Vec::with_capacity(asks);
    let mut offered = 0;
    for k in 0..asks {
        let (channel, players, _) = live[(k * 7919) % live.len()];
        // Half the time the player to move, half the other one (who is told why not).
        let who = players[k % 2];
        let typed = TYPED[k % TYPED.len()];
        let t = Instant::now();
        let n = match session.matches().aim(channel, who).await {
            Ok(aim) => complete(aim.variant, aim.options, aim.fired, typed, 25)
                .map_or(1, |values| values.len()),
            Err(_) => 1,
        };
        took.push(t.elapsed());
        offered += n;
    }
    took.sort();
    (took, offered)
}

fn report(label: &str, took: &[Duration], offered: usize) {
    println!(
        "{label}: {} answers, p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({:.1} choices each)",
        took.len(),
        ms(percentile(took, 0.5)),
        ms(percentile(took, 0.99)),
        ms(*took.last().unwrap_or(&Duration::ZERO)),
        offered as f64 / took.len().max(1) as f64,
    );
}

#[tokio::main]
async fn main() {
    let matches = arg("--matches", 1000);
    let asks = arg("--asks", 20_000);
    let rate = arg("--rate", 400);
    let dir = std::env::temp_dir().join(format!("broadside-aim-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let url = format!("sqlite://{}", dir.join("aim.db").display());
    let session = Arc::new(Session::new(
        store::open(&url).await.expect("open"),
        TIMEOUTS,
        Seeds::new(Some(1)),
    ));
    let started = Instant::now();
    let live = Arc::new(open_battles(&session, matches as u64).await);
    println!(
        "{} live battles (half classic, half Game 2000) opened in {:.1} s",
        live.len(),
        started.elapsed().as_secs_f64()
    );

    let (took, offered) = ask(&session, &live, asks).await;
    report("autocomplete, quiet", &took, offered);

    // The same while other players fire, `rate` shots a second, each written to the store.
    let firing = {
        let (session, live) = (Arc::clone(&session), Arc::clone(&live));
        tokio::spawn(async move {
            let gap = Duration::from_secs_f64(1.0 / rate as f64);
            let mut k = 0usize;
            loop {
                tokio::time::sleep(gap).await;
                let (channel, _, variant) = live[(k * 104_729) % live.len()];
                k += 1;
                let session = Arc::clone(&session);
                tokio::spawn(async move {
                    if let Some(p) = to_move(&session, channel).await {
                        let row = 1 + (k % 9);
                        let col = char::from(b'A' + (k / 9 % 5) as u8);
                        let cells = match variant {
                            Variant::Classic => format!("{col}{row}"),
                            Variant::Game2000 => format!(
                                "{col}{row} {col}{} {col}{}",
                                row % 9 + 1,
                                (row + 1) % 9 + 1
                            ),
                        };
                        let _ = session.matches().fire(channel, p, &cells).await;
                    }
                });
            }
        })
    };
    let (took, offered) = ask(&session, &live, asks).await;
    firing.abort();
    report(
        &format!("autocomplete, while {rate} shots a second are written"),
        &took,
        offered,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
