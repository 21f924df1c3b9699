//! Render + encode time per picture kind:
//!
//! ```text
//! cargo bench --bench render
//! ```

#[path = "../tests/engine/scenes/mod.rs"]
mod scenes;

use std::hint::black_box;

use broadside::game::Variant;
use broadside::game::editor::{Cursor, Draft};
use broadside::render::{Labels, LeaderRow, LeaderboardView, Renderer};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let r = &Renderer::new();
    let labels = Labels::default();
    for variant in Variant::ALL {
        let key = variant.key();
        let mid = scenes::midgame(variant);
        let own = mid.own_view(scenes::ANN).expect("battle");
        let target = mid.target_view(scenes::ANN).expect("battle");
        c.bench_function(&format!("{key}/own_board"), |b| {
            b.iter(|| r.own_board(black_box(&own), &labels).to_png());
        });
        c.bench_function(&format!("{key}/target_board"), |b| {
            b.iter(|| r.target_board(black_box(&target), &labels).to_png());
        });
        if let Some(salvo) = target.salvos.last() {
            c.bench_function(&format!("{key}/salvo_report"), |b| {
                b.iter(|| r.salvo_report(black_box(salvo), &labels).to_png());
            });
        }
        let end = scenes::finished(variant);
        let reveal = end.reveal().expect("finished");
        let names = scenes::names();
        c.bench_function(&format!("{key}/reveal"), |b| {
            b.iter(|| r.reveal(black_box(&reveal), &names, &labels).to_png());
        });
        // The placement editor after a click: half the fleet placed, the next ship
        // selected, its impossible bow cells shaded.
        let draft = half_placed(variant);
        c.bench_function(&format!("{key}/editor"), |b| {
            b.iter(|| r.editor(black_box(&draft), &labels).to_png());
        });
    }
    // A full leaderboard page, with plain names and with names that need the fallback
    // fonts (emoji, CJK), which are rasterised when drawn.
    for (key, names) in [
        ("ascii", ["Ann", "Bjørn", "Kraken", "Sven", "Maja"]),
        (
            "emoji",
            ["🐙 Kraken", "Ann ✨", "田中 さくら", "❤️ Maja", "🏴‍☠️ Sven"],
        ),
    ] {
        let view = leaderboard(&names);
        c.bench_function(&format!("leaderboard/{key}"), |b| {
            b.iter(|| r.leaderboard(black_box(&view)).to_png());
        });
    }
    // A classic match of 100 moves (40 misses each, then 20 hits) as an animated GIF.
    let long = scenes::long(Variant::Classic, 40);
    let replay = long.replay().expect("finished");
    assert_eq!(replay.len(), 100);
    let names = scenes::names();
    let size = r
        .replay(&replay, &names, &labels)
        .expect("encodes")
        .bytes
        .len();
    println!("classic/replay_100: {size} bytes");
    let longest = scenes::longest_classic().replay().expect("finished");
    let gif = r.replay(&longest, &names, &labels).expect("encodes");
    println!(
        "classic/replay_longest: {} moves, {} pictures, {} images, {} bytes",
        longest.len(),
        gif.frames,
        gif.images,
        gif.bytes.len()
    );
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("classic/replay_100", |b| {
        b.iter(|| r.replay(black_box(&replay), &names, &labels));
    });
    group.finish();
}

/// A draft with the first ships of a random fleet placed and the first one left selected.
fn half_placed(variant: Variant) -> Draft {
    use rand::SeedableRng;
    let fleet =
        broadside::game::Fleet::random(variant, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5));
    let mut draft = Draft::from_fleet(&fleet);
    for slot in (variant.ship_count() / 2)..variant.ship_count() {
        let bow = fleet.ships()[slot].origin();
        draft
            .set_cursor(Cursor {
                ship: slot as u8,
                bow,
            })
            .expect("on the sea");
        draft.remove().expect("placed");
    }
    let bow = fleet.ships()[0].origin();
    draft
        .set_cursor(Cursor {
            ship: (variant.ship_count() / 2) as u8,
            bow,
        })
        .expect("on the sea");
    draft
}

/// Ten lines, two of each name.
fn leaderboard(names: &[&str; 5]) -> LeaderboardView {
    LeaderboardView {
        title: "Leaderboard · Classic".to_owned(),
        subtitle: "The Harbour Tavern · page 1 of 3".to_owned(),
        columns: ["#", "Player", "Rating", "W–L–D"].map(str::to_owned),
        rows: (0..10u32)
            .map(|i| LeaderRow {
                rank: Some(i + 1),
                name: names[i as usize % 5].to_owned(),
                rating: format!("1 {}", 700 - i * 20),
                record: format!("{}–{}–{}", 20 - i, i, i % 3),
                provisional: false,
                highlight: i == 3,
            })
            .collect(),
        provisional_title: "Provisional".to_owned(),
        you: None,
        empty: String::new(),
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
