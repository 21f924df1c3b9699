//! The pictures drawn today equal, pixel for pixel, those the first renderer drew.
//!
//! `tests/golden/<locale>/*.png` were written by `examples/gallery.rs` at commit 836c193,
//! before static layers were cached and the PNG settings changed. Each picture of the same
//! scene is drawn again here and compared as RGBA pixels (the PNG bytes may differ: the
//! palette order and the compression changed on purpose).

use crate::engine::scenes;

use std::path::PathBuf;

use broadside::bot::i18n::Lang;
use broadside::game::{Match, OwnBoardView, Variant};
use broadside::render::{Labels, Picture, Renderer};

/// Every picture of the gallery, by file name.
fn gallery(labels: &Labels) -> Vec<(String, Picture)> {
    let r = crate::engine::renderer();
    let mut out = Vec::new();
    for variant in Variant::ALL {
        let key = variant.key();
        for (stage, m) in [
            ("mid", scenes::midgame(variant)),
            ("end", scenes::finished(variant)),
        ] {
            boards(&mut out, r, labels, &format!("{key}-{stage}"), &m);
        }
        let view = scenes::finished(variant).reveal().expect("finished");
        out.push((
            format!("{key}-reveal"),
            r.reveal(&view, &scenes::names(), labels),
        ));
        let preview = OwnBoardView::preview(&scenes::fleets(variant)[0]);
        out.push((format!("{key}-preview"), r.own_board(&preview, labels)));
    }
    out
}

fn boards(
    out: &mut Vec<(String, Picture)>,
    r: &Renderer,
    labels: &Labels,
    prefix: &str,
    m: &Match,
) {
    for (who, id) in [("ann", scenes::ANN), ("bjorn", scenes::BJORN)] {
        if let Some(view) = m.own_view(id) {
            out.push((format!("{prefix}-own-{who}"), r.own_board(&view, labels)));
        }
        if let Some(view) = m.target_view(id) {
            out.push((
                format!("{prefix}-target-{who}"),
                r.target_board(&view, labels),
            ));
            if let Some(salvo) = view.salvos.last() {
                out.push((
                    format!("{prefix}-salvo-{who}"),
                    r.salvo_report(salvo, labels),
                ));
            }
        }
    }
}

#[test]
fn pictures_equal_the_first_renderers_pixel_for_pixel() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut compared = 0;
    for locale in ["en-US", "nl"] {
        let mut labels = Lang::from_discord(locale).labels().clone();
        if locale == "nl" {
            // Deliberate differences: the Dutch words were revised after the goldens were
            // written (issue 17: "schepen" where both rule sets share a text, "tijd
            // verstreken"). Drawn with the old words, the pictures must match exactly.
            labels.ships_left = "Boten over".into();
            labels.reason_fleet = "alle boten vernietigd".into();
            labels.reason_timeout = "op tijd".into();
        }
        let labels = &labels;
        // Twice: the second round draws from the cached static layers.
        for round in 0..2 {
            for (name, pic) in gallery(labels) {
                let path = dir.join(locale).join(format!("{name}.png"));
                let want = image::open(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                    .to_rgba8();
                let bytes = pic.to_png().expect("encodes");
                let got = image::load_from_memory(&bytes)
                    .expect("valid PNG")
                    .to_rgba8();
                assert_eq!(got.dimensions(), want.dimensions(), "{locale}/{name}");
                let differ = got
                    .pixels()
                    .zip(want.pixels())
                    .filter(|(a, b)| a != b)
                    .count();
                assert_eq!(
                    differ, 0,
                    "{locale}/{name} (round {round}): {differ} pixels differ"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 2 * 2 * 24, "every golden picture was compared");
}
