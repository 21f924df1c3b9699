//! Writes one PNG of every picture kind, for both variants, mid-game and at the
//! end, so a person can review them:
//!
//! ```text
//! cargo run --release --example gallery -- <dir> [locale]
//! ```
//!
//! `locale` is a Discord locale (`nl`, `da`, `sv-SE`; default `en-US`) for the words
//! drawn in the pictures.

#[path = "../tests/scenes/mod.rs"]
mod scenes;

use std::path::PathBuf;

use broadside::game::{Match, Variant};
use broadside::render::{Labels, Picture, Renderer, alt};

fn main() -> anyhow::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "gallery".to_owned()),
    );
    std::fs::create_dir_all(&dir)?;
    let r = Renderer::shared();
    let labels: Labels = match std::env::args().nth(2) {
        Some(locale) => broadside::bot::i18n::Lang::from_discord(&locale)
            .labels()
            .clone(),
        None => Labels::default(),
    };
    let mut save = |name: String, pic: &Picture, alt: String| -> anyhow::Result<()> {
        let bytes = pic.to_png()?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &bytes)?;
        println!(
            "{:<34} {:>4}×{:<4} {:>6} bytes  {alt}",
            path.display(),
            pic.width(),
            pic.height(),
            bytes.len()
        );
        Ok(())
    };
    for variant in Variant::ALL {
        let key = variant.key();
        for (stage, m) in [
            ("mid", scenes::midgame(variant)),
            ("end", scenes::finished(variant)),
        ] {
            boards(&mut save, r, &labels, &format!("{key}-{stage}"), &m)?;
        }
        let m = scenes::finished(variant);
        if let Some(view) = m.reveal() {
            let names = scenes::names();
            let pic = r.reveal(&view, &names, &labels);
            save(
                format!("{key}-reveal"),
                &pic,
                alt::reveal(&view, &names, &labels),
            )?;
        }
        if let Some(replay) = m.replay() {
            let names = scenes::names();
            let started = std::time::Instant::now();
            let gif = r.replay(&replay, &names, &labels)?;
            let took = started.elapsed();
            let path = dir.join(format!("{key}-replay.gif"));
            std::fs::write(&path, &gif.bytes)?;
            println!(
                "{:<34} {:>4}×{:<4} {:>6} bytes  {} frames for {} moves in {:.1} ms",
                path.display(),
                gif.width,
                gif.height,
                gif.bytes.len(),
                gif.frames,
                gif.moves,
                took.as_secs_f64() * 1e3
            );
            if let Some(step) = replay.steps().nth(replay.len() / 2) {
                let pic = r.replay_frame(&replay, &step, &names, &labels, 1);
                save(
                    format!("{key}-replay-frame"),
                    &pic,
                    alt::replay(&replay, &names, &labels),
                )?;
            }
        }
        let preview = scenes::fleets(variant)[0].clone();
        let view = broadside::game::OwnBoardView::preview(&preview);
        save(
            format!("{key}-preview"),
            &r.own_board(&view, &labels),
            alt::own_board(&view, &labels),
        )?;
    }
    Ok(())
}

fn boards(
    save: &mut impl FnMut(String, &Picture, String) -> anyhow::Result<()>,
    r: &Renderer,
    labels: &Labels,
    prefix: &str,
    m: &Match,
) -> anyhow::Result<()> {
    for (who, id) in [("ann", scenes::ANN), ("bjorn", scenes::BJORN)] {
        if let Some(view) = m.own_view(id) {
            save(
                format!("{prefix}-own-{who}"),
                &r.own_board(&view, labels),
                alt::own_board(&view, labels),
            )?;
        }
        if let Some(view) = m.target_view(id) {
            save(
                format!("{prefix}-target-{who}"),
                &r.target_board(&view, labels),
                alt::target_board(&view, labels),
            )?;
            if let Some(salvo) = view.salvos.last() {
                save(
                    format!("{prefix}-salvo-{who}"),
                    &r.salvo_report(salvo, labels),
                    alt::salvo_report(salvo, labels),
                )?;
            }
        }
    }
    Ok(())
}
