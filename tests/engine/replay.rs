//! Replays: one picture per move and the reveal last, decoded from the GIF itself, and
//! within Discord's limits for the longest matches of both rule sets.

use crate::engine::scenes;

use broadside::game::{Coord, Match, MatchOptions, Variant};
use broadside::render::{Labels, MAX_FRAMES};
use image::RgbaImage;

/// Discord's attachment limit for bots.
const DISCORD_LIMIT: usize = 10 * 1024 * 1024;

/// The pictures a viewer sees: the images of the GIF laid over one another, taken after
/// every image that stays on screen longer than a fiftieth of a second.
fn shown(bytes: &[u8]) -> Vec<(RgbaImage, u16)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let palette = decoder
        .global_palette()
        .expect("one global palette")
        .to_vec();
    let mut screen = RgbaImage::new(w, h);
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("decodes") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        assert!(frame.palette.is_none(), "frames use the global palette");
        let (fw, fh) = (u32::from(frame.width), u32::from(frame.height));
        for y in 0..fh {
            for x in 0..fw {
                let i = frame.buffer[(y * fw + x) as usize];
                if Some(i) == frame.transparent {
                    continue;
                }
                let c = &palette[usize::from(i) * 3..usize::from(i) * 3 + 3];
                screen.put_pixel(
                    u32::from(frame.left) + x,
                    u32::from(frame.top) + y,
                    image::Rgba([c[0], c[1], c[2], 255]),
                );
            }
        }
        if frame.delay > 2 {
            out.push((screen.clone(), frame.delay));
        }
    }
    out
}

#[test]
fn one_picture_per_move_then_the_reveal_as_drawn_alone() {
    let r = crate::engine::renderer();
    let labels = Labels::default();
    let names = scenes::names();
    for variant in Variant::ALL {
        let m = scenes::finished(variant);
        let replay = m.replay().expect("finished");
        let gif = r.replay(&replay, &names, &labels).expect("encodes");
        assert_eq!(gif.every, 1);
        assert_eq!(gif.frames, replay.len() + 1, "{variant:?}");
        let pictures = shown(&gif.bytes);
        assert_eq!(
            pictures.len(),
            replay.len() + 1,
            "{variant:?}: pictures shown"
        );
        // Each move's picture is the frame drawn for it, pixel for pixel.
        for (step, (seen, delay)) in replay.steps().zip(&pictures) {
            let want = r.replay_frame(&replay, &step, &names, &labels, 1).to_rgba();
            assert!(seen == &want, "{variant:?}: move {} differs", step.number);
            let pause = if step.played.sank() {
                3
            } else if step.played.hit() {
                2
            } else {
                1
            };
            assert!(
                *delay >= 50 * pause,
                "{variant:?} move {}: {delay}",
                step.number
            );
        }
        // The last picture is the reveal, held longest.
        let (last, hold) = pictures.last().expect("pictures");
        let reveal = r.reveal(&replay.reveal, &names, &labels).to_rgba();
        assert!(
            last == &reveal,
            "{variant:?}: the last picture is the reveal"
        );
        assert!(pictures.iter().all(|(_, d)| d <= hold));
    }
}

#[test]
fn a_hundred_move_classic_replay_is_small() {
    let m = scenes::long(Variant::Classic, 40);
    let replay = m.replay().expect("finished");
    assert_eq!(replay.len(), 100);
    let gif = crate::engine::renderer()
        .replay(&replay, &scenes::names(), &Labels::default())
        .expect("encodes");
    assert_eq!(gif.frames, 101);
    assert!(gif.bytes.len() <= 1_500_000, "{} bytes", gif.bytes.len());
}

#[test]
fn the_longest_matches_of_both_rule_sets_fit_discord() {
    let r = crate::engine::renderer();
    let (labels, names) = (Labels::default(), scenes::names());
    // Classic refuses repeated shots, so 199 moves is the most; all are shown.
    let classic = scenes::longest_classic().replay().expect("finished");
    assert_eq!(classic.len(), 199);
    let gif = r.replay(&classic, &names, &labels).expect("encodes");
    assert_eq!((gif.every, gif.frames), (1, 200));
    assert!(
        gif.bytes.len() < DISCORD_LIMIT / 4,
        "{} bytes",
        gif.bytes.len()
    );
    // Game 2000 allows repeats, so a match can go on until both have had the limit of 81
    // turns: a draw after 162 salvos of water, every one shown.
    let mut m = Match::challenge(
        scenes::ANN,
        scenes::BJORN,
        Variant::Game2000,
        MatchOptions::default(),
        5,
    )
    .expect("distinct players");
    m.accept(scenes::BJORN).expect("challenge");
    let fleets = scenes::fleets(Variant::Game2000);
    m.set_fleet(scenes::ANN, fleets[0].clone())
        .expect("placing");
    m.set_fleet(scenes::BJORN, fleets[1].clone())
        .expect("placing");
    m.confirm(scenes::ANN).expect("placing");
    m.confirm(scenes::BJORN).expect("placing");
    let water: Vec<Coord> = Coord::all(9)
        .filter(|&c| !fleets[0].cells().contains(c) && !fleets[1].cells().contains(c))
        .take(3)
        .collect();
    while let Some(p) = m.to_move() {
        m.fire(p, &water).expect("repeats are allowed");
    }
    assert!(matches!(
        m.phase(),
        broadside::game::Phase::Finished {
            ending: broadside::game::Ending::TurnLimit,
            ..
        }
    ));
    let long = m.replay().expect("finished");
    assert_eq!(long.len(), 162);
    assert!(
        long.len() < MAX_FRAMES,
        "every move of a match played today has a picture"
    );
    let gif = r.replay(&long, &names, &labels).expect("encodes");
    assert_eq!((gif.every, gif.frames), (1, 163));
    assert!(gif.bytes.len() < DISCORD_LIMIT, "{} bytes", gif.bytes.len());
    // Matches stored before the limit can be longer: their replays show one move in
    // `every`, and say so on the picture.
    // The note is drawn on the pictures: the frame with it differs from the frame without.
    let step = long.steps().last().expect("moves");
    let noted = r.replay_frame(&long, &step, &names, &labels, 3).to_rgba();
    let plain = r.replay_frame(&long, &step, &names, &labels, 1).to_rgba();
    assert!(noted != plain);
}

#[test]
fn the_report_line_stays_inside_the_picture_in_every_language() {
    use broadside::bot::i18n::Lang;
    use broadside::render::palette;
    // A Game 2000 salvo with three long reports: Ann fires at Bjørn's whole 3-ship.
    let mut m = scenes::started(Variant::Game2000, 7);
    if m.to_move() == Some(scenes::BJORN) {
        let water: Vec<Coord> = ["A5", "A7", "A8"].map(|c| c.parse().unwrap()).to_vec();
        m.fire(scenes::BJORN, &water).expect("a legal salvo");
    }
    let ship: Vec<Coord> = ["C2", "D2", "E2"].map(|c| c.parse().unwrap()).to_vec();
    m.fire(scenes::ANN, &ship).expect("a legal salvo");
    m.forfeit(scenes::BJORN).expect("battle");
    let replay = m.replay().expect("finished");
    let step = replay.steps().last().expect("moves");
    assert!(step.played.sank());
    // Every language, and words longer than any of them, which leave only the icons.
    let long = Labels {
        hit_len: "a hit on the ship of length {len}, still afloat".into(),
        destroyed_len: "the ship of length {len} is destroyed entirely".into(),
        ..Labels::default()
    };
    let all: Vec<(String, Labels)> = [Lang::EnUs, Lang::Nl, Lang::Da, Lang::SvSe]
        .into_iter()
        .map(|lang| (format!("{lang:?}"), lang.labels().clone()))
        .chain([("long words".to_owned(), long)])
        .collect();
    for (lang, labels) in &all {
        let pic =
            crate::engine::renderer().replay_frame(&replay, &step, &scenes::names(), labels, 1);
        // The report line's rows: nothing drawn in the margins on either side.
        for y in 14 + 30..14 + 50 {
            for x in (0..8).chain(pic.width() - 8..pic.width()) {
                assert_eq!(
                    pic.canvas().get(x, y),
                    Some(palette::BACKGROUND),
                    "{lang}: ({x}, {y})"
                );
            }
        }
    }
}
