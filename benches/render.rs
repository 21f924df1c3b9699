//! Render + encode time per picture kind:
//!
//! ```text
//! cargo bench --bench render
//! ```

#[path = "../tests/scenes/mod.rs"]
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
