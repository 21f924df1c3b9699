//! Render + encode time per picture kind:
//!
//! ```text
//! cargo bench --bench render
//! ```

#[path = "../tests/engine/scenes/mod.rs"]
mod scenes;

use std::hint::black_box;

use broadside::game::Variant;
use broadside::render::{Labels, Renderer};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let r = Renderer::shared();
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

criterion_group!(benches, bench);
criterion_main!(benches);
