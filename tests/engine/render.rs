//! Pictures decode as PNG, show the right marks at the right cells, never show
//! what the viewer may not know, and are byte-for-byte deterministic.

use crate::engine::scenes;

use broadside::game::{Coord, OwnBoardView, Report, TargetCell, TargetView, Variant};
use broadside::render::{Grid, Labels, Picture, Renderer, Rgb, alt, palette};
use image::RgbaImage;

fn decode(pic: &Picture) -> RgbaImage {
    let bytes = pic.to_png().expect("encodes");
    let img = image::load_from_memory(&bytes)
        .expect("valid PNG")
        .to_rgba8();
    assert_eq!((img.width(), img.height()), (pic.width(), pic.height()));
    img
}

fn cell(img: &RgbaImage, grid: &Grid, at: Coord) -> Vec<[u8; 4]> {
    let (left, top, width, height) = grid.cell_rect(at);
    let mut out = Vec::new();
    for row in top..top + height {
        for col in left..left + width {
            out.push(img.get_pixel(col, row).0);
        }
    }
    out
}

fn centre(img: &RgbaImage, grid: &Grid, at: Coord) -> Rgb {
    let (px, py) = grid.centre_pixel(at);
    let [red, green, blue, _] = img.get_pixel(px, py).0;
    Rgb([red, green, blue])
}

fn rgba(c: Rgb) -> [u8; 4] {
    [c.0[0], c.0[1], c.0[2], 255]
}

fn find(view: &TargetView, want: impl Fn(TargetCell) -> bool) -> Vec<Coord> {
    Coord::all(view.variant.size())
        .filter(|&c| want(view.cell(c)))
        .collect()
}

fn c(s: &str) -> Coord {
    s.parse().expect("cell")
}

#[test]
fn classic_target_marks_hits_sinks_halo_and_misses_distinctly() {
    let m = scenes::midgame(Variant::Classic);
    let view = m.target_view(scenes::ANN).expect("battle");
    let pic = crate::engine::renderer().target_board(&view, &Labels::default());
    let img = decode(&pic);
    let g = &pic.grids()[0];

    let hit = find(&view, |t| t == TargetCell::Hit)[0];
    let sunk = find(&view, |t| t == TargetCell::Sunk)[0];
    let halo = find(&view, |t| t == TargetCell::Halo)[0];
    let miss = find(&view, |t| t == TargetCell::Miss)[0];
    assert_eq!(centre(&img, g, hit), palette::HIT, "a hit shows the cross");
    assert_ne!(
        cell(&img, g, sunk),
        cell(&img, g, hit),
        "sunk differs from hit"
    );
    assert_ne!(
        cell(&img, g, halo),
        cell(&img, g, miss),
        "halo differs from miss"
    );
    assert_eq!(centre(&img, g, miss), palette::MISS);

    // Bjørn's fleet: an untouched ship cell looks exactly like untouched water.
    let fleet = &scenes::fleets(Variant::Classic)[1];
    let hidden = fleet
        .cells()
        .iter()
        .find(|&s| view.cell(s) == TargetCell::Unknown)
        .expect("an unhit enemy ship cell");
    let water = Coord::all(10)
        .find(|&w| view.cell(w) == TargetCell::Unknown && !fleet.cells().contains(w))
        .expect("untouched water");
    assert_eq!(cell(&img, g, hidden), cell(&img, g, water));
    assert!(
        cell(&img, g, hidden)
            .iter()
            .all(|&p| p == rgba(palette::WATER))
    );
}

/// Ann's view of a Game 2000 battle after 78 planned shots (or its end).
fn game2000_midgame() -> TargetView {
    let mut m = scenes::started(Variant::Game2000, 3);
    let plans = [
        scenes::plan(Variant::Game2000, 0, false),
        scenes::plan(Variant::Game2000, 1, false),
    ];
    scenes::play(&mut m, &plans, 78);
    m.target_view(scenes::ANN).expect("battle")
}

#[test]
fn game2000_fired_cells_carry_their_turn_number() {
    let view = game2000_midgame();
    assert!(view.salvos.len() >= 12, "{} turns", view.salvos.len());
    let pic = crate::engine::renderer().target_board(&view, &Labels::default());
    let img = decode(&pic);
    let g = &pic.grids()[0];
    let turn = |n: u32| find(&view, |t| t == TargetCell::Fired { turn: n });
    let (t1, t12) = (turn(1)[0], turn(12)[0]);
    let unfired = find(&view, |t| t == TargetCell::Unknown)[0];
    assert_ne!(cell(&img, g, t1), cell(&img, g, unfired));
    assert_ne!(
        cell(&img, g, t1),
        cell(&img, g, t12),
        "turn 1 and 12 labels differ"
    );
    // Two cells of the same turn look alike.
    let t1b = turn(1)[1];
    assert_eq!(cell(&img, g, t1), cell(&img, g, t1b));
    // Game 2000 never tells where a ship is: no hull pixel on the board (the
    // ships-left legend below it does draw hulls).
    for s in Coord::all(9) {
        for p in cell(&img, g, s) {
            assert_ne!(p, rgba(palette::WRECK), "{s}");
            assert_ne!(p, rgba(palette::HULL), "{s}");
        }
    }
    // The alt text names turn 12's cells too: that turn heard only water, so they are
    // listed as proven water (turns with a hit are told one by one).
    let text = alt::target_board(&view, &Labels::default());
    let twelve = &view.salvos[11];
    assert_eq!(twelve.turn, 12);
    assert!(twelve.reports.iter().all(|&r| r == Report::Water), "{text}");
    let water = crate::engine::alt_play::list_after(&text, &Labels::default().alt_only_water);
    for c in &twelve.cells {
        assert!(water.contains(*c), "{c}: {text}");
    }
}

#[test]
fn a_long_game2000_history_stays_a_bounded_picture() {
    // Repeats allowed: a game can run for hundreds of turns.
    let mut view = game2000_midgame();
    let renderer = crate::engine::renderer();
    let sized = |v: &TargetView| {
        let pic = renderer.target_board(v, &Labels::default());
        (pic.width(), pic.height())
    };
    let one = view.salvos[0].clone();
    view.salvos = (1..=60)
        .map(|turn| broadside::game::SalvoView {
            turn,
            ..one.clone()
        })
        .collect();
    let at_cap = sized(&view);
    view.salvos = (1..=900)
        .map(|turn| broadside::game::SalvoView {
            turn,
            ..one.clone()
        })
        .collect();
    assert_eq!(sized(&view), at_cap, "900 turns draw like 60");
    assert!(at_cap.1 < 1000, "{at_cap:?}");
    // The newest turns are the ones listed: the panel of turns 841–900 equals
    // the panel of a game whose history is just those turns.
    let newest = renderer.target_board(&view, &Labels::default());
    view.salvos.drain(..840);
    let same = renderer.target_board(&view, &Labels::default());
    assert_eq!(decode(&newest), decode(&same));
}

#[test]
fn own_board_shows_ships_hits_and_misses() {
    let m = scenes::midgame(Variant::Classic);
    let view = m.own_view(scenes::BJORN).expect("battle");
    let pic = crate::engine::renderer().own_board(&view, &Labels::default());
    let img = decode(&pic);
    let g = &pic.grids()[0];
    let preview = OwnBoardView::preview(&scenes::fleets(Variant::Classic)[1]);
    let before = decode(&crate::engine::renderer().own_board(&preview, &Labels::default()));
    // J4-J6 is untouched in the scene; a hull covers its middle.
    assert_eq!(centre(&img, g, c("J5")), palette::HULL);
    assert_eq!(cell(&img, g, c("J5")), cell(&before, g, c("J5")));
    assert!(!view.shots.is_empty(), "the scene has shots to check");
    for &(shot, _) in &view.shots {
        let mark = centre(&img, g, shot);
        match view.cell(shot) {
            broadside::game::OwnCell::Hit | broadside::game::OwnCell::Sunk => {
                assert_eq!(mark, palette::HIT, "{shot}");
            }
            broadside::game::OwnCell::Miss => assert_eq!(mark, palette::MISS, "{shot}"),
            other => panic!("{shot} fired but {other:?}"),
        }
        assert_ne!(
            cell(&img, g, shot),
            cell(&before, g, shot),
            "{shot} changed"
        );
    }
}

#[test]
fn salvo_report_has_three_icons_and_a_matching_alt_text() {
    let m = scenes::midgame(Variant::Game2000);
    let view = m.target_view(scenes::ANN).expect("battle");
    let labels = Labels::default();
    assert!(!view.salvos.is_empty(), "the scene has salvos to check");
    for salvo in &view.salvos {
        let pic = crate::engine::renderer().salvo_report(salvo, &labels);
        decode(&pic);
        assert!(pic.grids().is_empty());
        let text = alt::salvo_report(salvo, &labels);
        assert!(
            text.starts_with(&format!("Turn {} (", salvo.turn)),
            "{text}"
        );
        assert_eq!(text.matches(", ").count(), 2, "{text}");
    }
}

#[test]
fn reveal_shows_both_fleets_and_the_result() {
    for variant in Variant::ALL {
        let m = scenes::finished(variant);
        let view = m.reveal().expect("finished");
        let names = scenes::names();
        let pic = crate::engine::renderer().reveal(&view, &names, &Labels::default());
        let img = decode(&pic);
        assert_eq!(pic.grids().len(), 2);
        // Every ship of both fleets is drawn: no ship cell is plain water.
        for (i, fleet) in scenes::fleets(variant).iter().enumerate() {
            for s in fleet.cells().iter() {
                assert_ne!(centre(&img, &pic.grids()[i], s), palette::WATER, "{s}");
            }
        }
        let text = alt::reveal(&view, &names, &Labels::default());
        assert!(text.starts_with("Ann wins"), "{text}");
        assert!(text.contains("Bjørn: Shots"), "{text}");
    }
}

#[test]
fn same_view_same_bytes_and_boards_stay_small() {
    let labels = Labels::default();
    let a = Renderer::new();
    for variant in Variant::ALL {
        let m = scenes::midgame(variant);
        let own = m.own_view(scenes::ANN).expect("battle");
        let target = m.target_view(scenes::ANN).expect("battle");
        let once = [
            a.own_board(&own, &labels).to_png().expect("png"),
            a.target_board(&target, &labels).to_png().expect("png"),
        ];
        let again = [
            crate::engine::renderer()
                .own_board(&own, &labels)
                .to_png()
                .expect("png"),
            crate::engine::renderer()
                .target_board(&target, &labels)
                .to_png()
                .expect("png"),
        ];
        assert_eq!(once, again);
        // Encoded for speed (see render::png): a board stays well under the 25 KB that
        // a slow uplink sends in a blink, the wide Game 2000 target board included.
        for bytes in &once {
            assert!(
                bytes.len() <= 24 * 1024,
                "{variant:?}: {} bytes",
                bytes.len()
            );
        }
    }
}

#[test]
fn labels_change_the_words_drawn() {
    let m = scenes::midgame(Variant::Classic);
    let view = m.own_view(scenes::ANN).expect("battle");
    let english = crate::engine::renderer().own_board(&view, &Labels::default());
    let dutch = Labels {
        your_fleet: "Jouw vloot".into(),
        ..Labels::default()
    };
    let other = crate::engine::renderer().own_board(&view, &dutch);
    assert_ne!(english.to_png().expect("png"), other.to_png().expect("png"));
    // The boards themselves are the same.
    let g = &english.grids()[0];
    let (a, b) = (decode(&english), decode(&other));
    for s in Coord::all(10) {
        assert_eq!(cell(&a, g, s), cell(&b, g, s));
    }
}
