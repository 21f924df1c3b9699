//! Writes one PNG of every picture kind, for both variants, mid-game and at the
//! end, so a person can review them:
//!
//! ```text
//! cargo run --release --example gallery -- <dir> [locale]
//! ```
//!
//! `locale` is a Discord locale (`nl`, `da`, `sv-SE`; default `en-US`) for the words
//! drawn in the pictures.

#[path = "../tests/engine/scenes/mod.rs"]
mod scenes;

use std::path::PathBuf;

use broadside::game::{Match, Variant};
use broadside::render::{
    Labels, LeaderRow, LeaderboardView, Picture, Renderer, StatsCard, Tile, alt,
};

fn main() -> anyhow::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "gallery".to_owned()),
    );
    std::fs::create_dir_all(&dir)?;
    let r = &Renderer::new();
    let locale = std::env::args().nth(2).unwrap_or_default();
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
        for (name, draft) in editor_drafts(&preview) {
            save(
                format!("{key}-editor-{name}"),
                &r.editor(&draft, &labels),
                format!("{draft} (bow {})", draft.cursor().bow),
            )?;
        }
    }
    statistics(&mut save, r, &locale)?;
    Ok(())
}

/// The placement editor as a player sees it: nothing placed yet (the first ship
/// selected: only the sea's own limits shaded), half of `fleet` placed with the next ship
/// selected, and a placed ship selected to be moved (rimmed in gold).
fn editor_drafts(
    fleet: &broadside::game::Fleet,
) -> Vec<(&'static str, broadside::game::editor::Draft)> {
    use broadside::game::editor::{Cursor, Draft};
    let count = fleet.ships().len();
    let empty = Draft::new(fleet.variant());
    let mut half = Draft::from_fleet(fleet);
    for slot in count / 2..count {
        let bow = half.slots()[slot].map_or(half.cursor().bow, broadside::game::Ship::origin);
        let _ = half.set_cursor(Cursor {
            ship: slot as u8,
            bow,
        });
        let _ = half.remove();
    }
    let mut moving = half.clone();
    let _ = half.set_cursor(Cursor {
        ship: (count / 2) as u8,
        bow: half.slots()[0].map_or(half.cursor().bow, broadside::game::Ship::origin),
    });
    let _ = moving.set_cursor(Cursor {
        ship: 1,
        bow: moving.slots()[1].map_or(moving.cursor().bow, broadside::game::Ship::origin),
    });
    vec![("empty", empty), ("half", half), ("moving", moving)]
}

/// The statistics card and the leaderboard, in the words of `locale` (English, Dutch
/// or Danish), with a long name and long words; then how long each takes to draw.
fn statistics(
    save: &mut impl FnMut(String, &Picture, String) -> anyhow::Result<()>,
    r: &Renderer,
    locale: &str,
) -> anyhow::Result<()> {
    let words = Words::for_locale(locale);
    let cards = sample_cards(&words);
    for (name, card) in &cards {
        save(
            format!("stats-{name}"),
            &r.stats_card(card),
            card.name.clone(),
        )?;
    }
    let boards = sample_boards(&words);
    for (name, view) in &boards {
        save(
            format!("leaderboard-{name}"),
            &r.leaderboard(view),
            view.title.clone(),
        )?;
    }
    let (card, view) = (&cards[0].1, &boards[0].1);
    let draw_card = time(|| r.stats_card(card));
    let draw_board = time(|| r.leaderboard(view));
    let card_pic = r.stats_card(card);
    let board_pic = r.leaderboard(view);
    let encode_card = time(|| card_pic.to_png().map_or(0, |b| b.len()));
    let encode_board = time(|| board_pic.to_png().map_or(0, |b| b.len()));
    println!(
        "stats card: draw {draw_card:.3} ms, encode {encode_card:.3} ms; \
         leaderboard: draw {draw_board:.3} ms, encode {encode_board:.3} ms"
    );
    Ok(())
}

/// Milliseconds per call of `f`, over a couple of hundred calls.
fn time<T>(mut f: impl FnMut() -> T) -> f64 {
    const RUNS: u32 = 200;
    std::hint::black_box(f());
    let started = std::time::Instant::now();
    for _ in 0..RUNS {
        std::hint::black_box(f());
    }
    started.elapsed().as_secs_f64() * 1e3 / f64::from(RUNS)
}

/// The words of the sample pictures in one language.
struct Words {
    classic: &'static str,
    game2000: &'static str,
    note: &'static str,
    provisional_note: &'static str,
    trend: &'static str,
    trend_empty: &'static str,
    tiles: [&'static str; 9],
    computer: &'static str,
    levels: [&'static str; 3],
    results: [&'static str; 3],
    computer_empty: &'static str,
    board: &'static str,
    server: &'static str,
    columns: [&'static str; 4],
    provisional: &'static str,
    empty: &'static str,
    long_word: &'static str,
}

impl Words {
    fn for_locale(locale: &str) -> Self {
        match locale.get(..2) {
            Some("nl") => Words {
                classic: "Klassiek · rating",
                game2000: "Zeeslag 2000 · rating",
                note: "± 61",
                provisional_note: "± 84 · voorlopig (3 van 5 partijen)",
                trend: "Laatste 20 partijen met rating",
                trend_empty: "Nog geen partijen met rating",
                tiles: [
                    "Gewonnen",
                    "Verloren",
                    "Gelijkspel",
                    "Trefzekerheid",
                    "Gemiddeld aantal schoten tot winst",
                    "Beste partij",
                    "Huidige winstreeks",
                    "Langste winstreeks",
                    "Gespeelde partijen",
                ],
                computer: "Tegen de computer",
                levels: ["Makkelijk", "Gemiddeld", "Moeilijk"],
                results: [
                    "3 gewonnen · 1 verloren",
                    "2 gewonnen · 2 verloren",
                    "0 gewonnen · 4 verloren",
                ],
                computer_empty: "Nog geen partijen tegen de computer",
                board: "Ranglijst · Klassiek",
                server: "De Havenkroeg · pagina 2 van 5",
                columns: ["#", "Speler", "Rating", "W–V–G"],
                provisional: "Voorlopig (minder dan 5 partijen)",
                empty: "Nog geen partijen met rating in deze server",
                long_word: "Zeeslagkampioenschapsranglijstcommissievoorzitter",
            },
            Some("da") => Words {
                classic: "Klassisk · rating",
                game2000: "Søslag 2000 · rating",
                note: "± 61",
                provisional_note: "± 84 · foreløbig (3 af 5 spil)",
                trend: "Seneste 20 ratede spil",
                trend_empty: "Ingen ratede spil endnu",
                tiles: [
                    "Sejre",
                    "Nederlag",
                    "Uafgjort",
                    "Træfsikkerhed",
                    "Gennemsnitligt antal skud til sejr",
                    "Bedste spil",
                    "Nuværende sejrsstime",
                    "Længste sejrsstime",
                    "Spillede kampe",
                ],
                computer: "Mod computeren",
                levels: ["Let", "Mellem", "Svær"],
                results: [
                    "3 vundet · 1 tabt",
                    "2 vundet · 2 tabt",
                    "0 vundet · 4 tabt",
                ],
                computer_empty: "Ingen spil mod computeren endnu",
                board: "Rangliste · Klassisk",
                server: "Havnekroen · side 2 af 5",
                columns: ["#", "Spiller", "Rating", "V–T–U"],
                provisional: "Foreløbig (færre end 5 spil)",
                empty: "Ingen ratede kampe på denne server endnu",
                long_word: "Søslagsturneringsmesterskabsranglisteudvalgsformand",
            },
            _ => Words {
                classic: "Classic · rating",
                game2000: "Game 2000 · rating",
                note: "± 61",
                provisional_note: "± 84 · provisional (3 of 5 games)",
                trend: "Last 20 rated games",
                trend_empty: "No rated games yet",
                tiles: [
                    "Wins",
                    "Losses",
                    "Draws",
                    "Accuracy",
                    "Average shots to win",
                    "Best game",
                    "Current streak",
                    "Best streak",
                    "Games played",
                ],
                computer: "Against the computer",
                levels: ["Easy", "Normal", "Hard"],
                results: ["3 won · 1 lost", "2 won · 2 lost", "0 won · 4 lost"],
                computer_empty: "No games against the computer yet",
                board: "Leaderboard · Classic",
                server: "The Harbour Tavern · page 2 of 5",
                columns: ["#", "Player", "Rating", "W–L–D"],
                provisional: "Provisional (fewer than 5 games)",
                empty: "No rated matches in this server yet",
                long_word: "Incomprehensibilitiesnessfulnessmanship",
            },
        }
    }
}

/// A name of 32 characters.
const LONG_NAME: &str = "Bjørn Kristoffersen-Vandermeulen";

fn sample_cards(w: &Words) -> Vec<(&'static str, StatsCard)> {
    let tile = |label: &str, value: &str| Tile {
        label: label.to_owned(),
        value: value.to_owned(),
    };
    let values = ["12", "3", "1", "47 %", "38", "29", "W 4", "W 7", "16"];
    let trend: Vec<f64> = [
        1500.0, 1512.0, 1526.0, 1519.0, 1534.0, 1547.0, 1541.0, 1556.0, 1571.0, 1566.0, 1552.0,
        1560.0, 1578.0, 1590.0, 1584.0, 1597.0, 1611.0, 1604.0, 1615.0, 1623.0,
    ]
    .to_vec();
    let full = StatsCard {
        name: "Ann".to_owned(),
        subtitle: w.classic.to_owned(),
        rating: "1 623".to_owned(),
        rating_note: w.note.to_owned(),
        provisional: false,
        trend_title: w.trend.to_owned(),
        trend,
        trend_empty: w.trend_empty.to_owned(),
        tiles: w
            .tiles
            .iter()
            .zip(values)
            .map(|(l, v)| tile(l, v))
            .collect(),
        computer_title: w.computer.to_owned(),
        computer: w
            .levels
            .iter()
            .zip(w.results)
            .map(|(l, v)| tile(l, v))
            .collect(),
        computer_empty: w.computer_empty.to_owned(),
    };
    let mut long_tiles = full.tiles.clone();
    long_tiles.truncate(5);
    w.long_word.clone_into(&mut long_tiles[3].label);
    long_tiles[4].value = format!("{} {}", w.long_word, w.long_word);
    let provisional = StatsCard {
        name: LONG_NAME.to_owned(),
        subtitle: w.game2000.to_owned(),
        rating: "1 512".to_owned(),
        rating_note: w.provisional_note.to_owned(),
        provisional: true,
        trend: vec![1500.0, 1488.0, 1512.0],
        tiles: long_tiles,
        computer: Vec::new(),
        ..full.clone()
    };
    let empty = StatsCard {
        name: "🐙 Kraken of the Deep Waters, Terror of All Seven Seas".to_owned(),
        rating: "1 500".to_owned(),
        rating_note: String::new(),
        provisional: true,
        trend: vec![1500.0],
        tiles: full.tiles[..3].to_vec(),
        computer: full.computer[..1].to_vec(),
        ..full.clone()
    };
    let flat = StatsCard {
        name: "Dagný".to_owned(),
        trend: vec![1550.0; 8],
        rating: "1 550".to_owned(),
        ..full.clone()
    };
    vec![
        ("card", full),
        ("card-provisional", provisional),
        ("card-empty", empty),
        ("card-flat", flat),
    ]
}

fn sample_boards(w: &Words) -> Vec<(&'static str, LeaderboardView)> {
    let names = [
        "Ann",
        "Bjørn",
        "Chidi Okonkwo",
        LONG_NAME,
        "Émile",
        "Dagný",
        "🐙 Kraken",
        w.long_word,
        "Zoë",
        "Mårten",
    ];
    let line = |i: usize, rank: Option<u32>| LeaderRow {
        rank,
        name: names[i % names.len()].to_owned(),
        rating: format!("1 {:03}", 780 - i * 37),
        record: format!("{}–{}–{}", 31 - i * 2, 4 + i, i % 3),
        provisional: rank.is_none(),
        highlight: false,
    };
    let mut rows: Vec<LeaderRow> = (0..7).map(|i| line(i, Some(11 + i as u32))).collect();
    rows.extend((7..10).map(|i| line(i, None)));
    rows[3].highlight = true;
    let page = LeaderboardView {
        title: w.board.to_owned(),
        subtitle: w.server.to_owned(),
        columns: w.columns.map(str::to_owned),
        rows,
        provisional_title: w.provisional.to_owned(),
        you: None,
        empty: w.empty.to_owned(),
    };
    let mut you = line(4, Some(137));
    you.highlight = true;
    "Ann".clone_into(&mut you.name);
    let top = LeaderboardView {
        rows: (0..10).map(|i| line(i, Some(1 + i as u32))).collect(),
        you: Some(you),
        ..page.clone()
    };
    let empty = LeaderboardView {
        rows: Vec::new(),
        ..page.clone()
    };
    vec![("page", page), ("you", top), ("empty", empty)]
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
