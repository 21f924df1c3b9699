//! Splits render time into drawing and encoding, per picture kind, and shows that one
//! renderer's later draws are not slower than its first:
//!
//! ```text
//! cargo run --release --example render_parts
//! ```

#[path = "../tests/engine/scenes/mod.rs"]
mod scenes;

use std::hint::black_box;
use std::time::Instant;

use broadside::game::Variant;
use broadside::render::{Labels, Picture, Renderer};

fn median(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..400)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn report(name: &str, draw: impl Fn() -> Picture) {
    // The first draw also draws the picture's static layer; the renderer keeps it (and its
    // glyphs) for every later draw.
    let t = Instant::now();
    let pic = draw();
    let first = t.elapsed().as_secs_f64() * 1e3;
    let d = median(|| {
        black_box(draw());
    });
    let e = median(|| {
        black_box(pic.to_png().unwrap());
    });
    let bytes = pic.to_png().unwrap().len();
    println!(
        "{name:<24} first draw {first:.3} ms  then draw {d:.3} ms  encode {e:.3} ms  {bytes} B"
    );
}

fn main() {
    let r = &Renderer::new();
    let labels = Labels::default();
    for variant in Variant::ALL {
        let key = variant.key();
        let mid = scenes::midgame(variant);
        let own = mid.own_view(scenes::ANN).unwrap();
        let target = mid.target_view(scenes::ANN).unwrap();
        report(&format!("{key}/own_board"), || r.own_board(&own, &labels));
        report(&format!("{key}/target_board"), || {
            r.target_board(&target, &labels)
        });
        let end = scenes::finished(variant);
        let reveal = end.reveal().unwrap();
        let names = scenes::names();
        report(&format!("{key}/reveal"), || {
            r.reveal(&reveal, &names, &labels)
        });
    }
}
