//! Measures the standings picture of a Swiss tournament (issue 33's goal: 64 players in
//! at most 5 ms): the crosstable of 64 players and 15 rounds drawn and encoded as PNG,
//! as `/tournament standings` and the post after each round send it.
//!
//! ```sh
//! cargo run --release --example crosstable_bench -- [--samples 500] [--write out.png]
//! ```
//!
//! Besides the whole (draw and encode), it prints the two parts apart and a digest of
//! the picture's colours, pixel by pixel, which a faster renderer must keep.

use std::time::{Duration, Instant};

use broadside::render::{CellTone, CrossCell, CrossLine, CrosstableView, Renderer};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// 64 players after 15 rounds, with names as long as their column takes.
fn view() -> CrosstableView {
    let (players, rounds) = (64_usize, 15_usize);
    CrosstableView {
        title: "Spring Cup of the North Sea Navy".into(),
        subtitle: "Final standings after 15 of 15 rounds".into(),
        columns: ["#", "Player", "Pts", "BH-1", "SB", "W-D-L"].map(str::to_owned),
        rounds: (1..=rounds).map(|r| format!("R{r}")).collect(),
        lines: (1..=players)
            .map(|i| CrossLine {
                rank: i.to_string(),
                name: format!("Admiral number {i} of the fleet"),
                points: "10½".into(),
                cut1: "95½".into(),
                sb: "71.25".into(),
                record: "9-3-3".into(),
                cells: (0..rounds)
                    .map(|r| CrossCell {
                        text: format!("{}w+", (i * 7 + r * 13) % players + 1),
                        tone: [CellTone::Won, CellTone::Drew, CellTone::Lost][(i + r) % 3],
                    })
                    .collect(),
                out: i % 17 == 0,
            })
            .collect(),
    }
}

/// The percentiles 50 and 99 and the maximum of `times`, in milliseconds.
fn summary(times: &mut [Duration]) -> (f64, f64, f64) {
    times.sort_unstable();
    let at = |percent: usize| times[(times.len() - 1) * percent / 100].as_secs_f64() * 1e3;
    (at(50), at(99), times[times.len() - 1].as_secs_f64() * 1e3)
}

/// FNV-1a over the RGBA bytes: the same picture, whatever its palette order or PNG.
fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

fn main() {
    let samples = arg("--samples", 500).max(1);
    let renderer = &Renderer::new();
    let view = view();
    // Warm: the fonts' glyphs are rasterised once.
    let _ = renderer.crosstable(&view).to_png();
    let mut times: Vec<Duration> = Vec::with_capacity(samples);
    let mut bytes = 0;
    for _ in 0..samples {
        let start = Instant::now();
        let png = renderer.crosstable(&view).to_png().expect("a PNG");
        times.push(start.elapsed());
        bytes = png.len();
    }
    let (p50, p99, max) = summary(&mut times);
    let picture = renderer.crosstable(&view);
    println!(
        "crosstable 64 players x 15 rounds ({}x{} px, {bytes} bytes): p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms over {samples}",
        picture.width(),
        picture.height(),
    );
    let (mut draw, mut encode) = (Vec::with_capacity(samples), Vec::with_capacity(samples));
    for _ in 0..samples {
        let start = Instant::now();
        let picture = renderer.crosstable(&view);
        draw.push(start.elapsed());
        let start = Instant::now();
        let png = picture.to_png().expect("a PNG");
        encode.push(start.elapsed());
        drop(png);
    }
    let ((d50, d99, _), (e50, e99, _)) = (summary(&mut draw), summary(&mut encode));
    println!(
        "  draw p50 {d50:.2} ms, p99 {d99:.2} ms; encode p50 {e50:.2} ms, p99 {e99:.2} ms; pixels {:016x}",
        digest(picture.to_rgba().as_raw()),
    );
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = args
        .iter()
        .position(|a| a == "--write")
        .and_then(|i| args.get(i + 1))
    {
        std::fs::write(path, picture.to_png().expect("a PNG")).expect("the PNG written");
    }
}
