//! Screen-reader play: a board's alt text names every cell its viewer knows, so a blind
//! player can play from the text alone. A simple shooter reads nothing but the alt text
//! of its target board, in each of the bot's languages, and sinks a whole classic fleet.

use broadside::bot::i18n::Lang;
use broadside::game::{
    CellSet, Coord, Ending, Fleet, Match, MatchOptions, OwnBoardView, PlayerId, Sea, TargetCell,
    TargetView, Variant, WinReason,
};
use broadside::render::Labels;
use broadside::render::alt::{self, MAX_CHARS};
use broadside::render::labels::fill;
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

const CLASSIC: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";

fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

fn len(text: &str) -> usize {
    text.chars().count()
}

/// What a classic target board's alt text says, read back from the text alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Heard {
    sunk: CellSet,
    hits: CellSet,
    misses: CellSet,
    water: CellSet,
}

impl Heard {
    /// Reads the four lists by their localised headings; the cells are written alike in
    /// every language: `A1`, runs `A1-A4`, items separated by commas.
    fn read(text: &str, lang: Lang) -> Self {
        let l = lang.labels();
        Heard {
            sunk: list_after(text, &l.alt_sunk),
            hits: list_after(text, &l.alt_hits),
            misses: list_after(text, &l.alt_misses),
            water: list_after(text, &l.alt_known_water),
        }
    }

    /// What the view behind the text holds, to compare with what was heard.
    fn truth(view: &TargetView) -> Self {
        let mut t = Heard::default();
        for cell in Coord::all(view.variant.size()) {
            let set = match view.cell(cell) {
                TargetCell::Sunk => &mut t.sunk,
                TargetCell::Hit => &mut t.hits,
                TargetCell::Miss => &mut t.misses,
                TargetCell::Halo => &mut t.water,
                _ => continue,
            };
            set.insert(cell);
        }
        t
    }

    fn known(self) -> CellSet {
        self.sunk
            .union(self.hits)
            .union(self.misses)
            .union(self.water)
    }

    fn open(self) -> Vec<Coord> {
        let known = self.known();
        Coord::all(10).filter(|&c| !known.contains(c)).collect()
    }
}

/// The cells of the list that `template` ("Missed: {cells}") heads, empty if the text has none.
pub(crate) fn list_after(text: &str, template: &str) -> CellSet {
    let (head, tail) = template.split_once("{cells}").expect("a cell list");
    let Some(at) = text.find(&format!(". {head}")) else {
        return CellSet::EMPTY;
    };
    let rest = &text[at + 2 + head.len()..];
    let items = rest.split(". ").next().unwrap_or_default();
    let items = items.strip_suffix(tail).unwrap_or(items);
    let mut set = CellSet::EMPTY;
    for item in items.split(", ") {
        let (a, b) = item.split_once('-').unwrap_or((item, item));
        let (a, b): (Coord, Coord) = (
            a.parse().unwrap_or_else(|_| panic!("{item:?} in {text}")),
            b.parse().unwrap_or_else(|_| panic!("{item:?} in {text}")),
        );
        for row in a.row()..=b.row() {
            for col in a.col()..=b.col() {
                assert!(set.insert(Coord::new(col, row).unwrap()), "{item} twice");
            }
        }
    }
    set
}

/// The shooter: an open neighbour (side by side) of a hit not yet sunk, or, with no such
/// hit, any open cell.
fn aim(heard: Heard, rng: &mut ChaCha8Rng) -> Coord {
    let open = heard.open();
    let near: Vec<Coord> = heard
        .hits
        .iter()
        .flat_map(|h| [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dc, dr)| h.offset(dc, dr, 10)))
        .flatten()
        .filter(|n| open.contains(n))
        .collect();
    *near
        .choose(rng)
        .or_else(|| open.choose(rng))
        .expect("an open cell")
}

/// Both players shoot from their target board's alt text only; returns the shots fired.
fn play_from_alt_text(lang: Lang, seed: u64) -> usize {
    let (ann, bob) = (PlayerId(1), PlayerId(2));
    let mut m =
        Match::challenge(ann, bob, Variant::Classic, MatchOptions::default(), seed).unwrap();
    m.accept(bob).unwrap();
    for p in [ann, bob] {
        m.shuffle_fleet(p).unwrap();
        m.confirm(p).unwrap();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut shots = 0;
    while m.ending().is_none() {
        let shooter = m.to_move().unwrap();
        let view = m.target_view(shooter).unwrap();
        let text = alt::target_board(&view, lang.labels());
        assert!(
            len(&text) <= MAX_CHARS,
            "{lang}: {} chars: {text}",
            len(&text)
        );
        let heard = Heard::read(&text, lang);
        assert_eq!(
            heard,
            Heard::truth(&view),
            "{lang}: every cell heard: {text}"
        );
        let target = aim(heard, &mut rng);
        assert_eq!(view.cell(target), TargetCell::Unknown, "{lang}: {target}");
        m.fire(shooter, &[target])
            .unwrap_or_else(|e| panic!("{lang}: {target} refused: {e}: {text}"));
        shots += 1;
        assert!(shots <= 200, "{lang}: no repeats, so at most 200 shots");
    }
    let Some(Ending::Won {
        winner,
        reason: WinReason::FleetDestroyed,
        ..
    }) = m.ending()
    else {
        panic!("{lang}: {:?}", m.ending());
    };
    let last = m.target_view(winner).unwrap();
    let text = alt::target_board(&last, lang.labels());
    let heard = Heard::read(&text, lang);
    assert_eq!(heard, Heard::truth(&last), "{lang}: {text}");
    assert_eq!(
        heard.sunk.len(),
        20,
        "{lang}: the whole fleet is heard sunk: {text}"
    );
    assert_eq!(last.sunk.len(), 10);
    shots
}

#[test]
fn a_whole_classic_match_is_played_from_the_alt_text_alone_in_every_language() {
    for lang in Lang::ALL {
        for seed in 0..4 {
            let shots = play_from_alt_text(lang, seed);
            assert!(shots >= 20, "{lang}: {shots}");
        }
    }
}

/// Fires at `cells` of a sea with the `CLASSIC` fleet.
fn classic_sea(cells: impl IntoIterator<Item = Coord>) -> Sea {
    let mut sea = Sea::new(Fleet::parse(Variant::Classic, CLASSIC).unwrap());
    for cell in cells {
        sea.resolve(cell, 1);
    }
    sea
}

/// The boards that make the longest texts: every cell fired at; a checkerboard of misses
/// with the whole fleet sunk (its water known around it); a checkerboard of misses with
/// every ship hit but one cell of each, so nothing is sunk and no run forms.
fn fullest_boards() -> Vec<(&'static str, Sea)> {
    let fleet = Fleet::parse(Variant::Classic, CLASSIC).unwrap();
    let ships = fleet.cells();
    let checker: Vec<Coord> = Coord::all(10)
        .filter(|c| (c.row() + c.col()) % 2 == 0 && !ships.contains(*c))
        .collect();
    let all_but_one: Vec<Coord> = fleet
        .ships()
        .iter()
        .flat_map(|s| s.cells().skip(1))
        .collect();
    vec![
        ("every cell fired at", classic_sea(Coord::all(10))),
        (
            "checkerboard of misses, fleet sunk",
            classic_sea(checker.iter().copied().chain(ships.iter())),
        ),
        (
            "checkerboard of misses, every ship hit, none sunk",
            classic_sea(checker.into_iter().chain(all_but_one)),
        ),
    ]
}

#[test]
fn the_fullest_classic_boards_fit_with_no_cell_lost_in_every_language() {
    for lang in Lang::ALL {
        for (name, sea) in fullest_boards() {
            let view = TargetView::of_sea(&sea);
            let text = alt::target_board(&view, lang.labels());
            println!("{lang}, {name}: {} chars\n{text}\n", len(&text));
            assert!(len(&text) <= MAX_CHARS, "{lang}, {name}: {}", len(&text));
            assert_eq!(
                Heard::read(&text, lang),
                Heard::truth(&view),
                "{lang}, {name}"
            );
            let own = alt::own_board(&OwnBoardView::of_sea(&sea), lang.labels());
            println!("{lang}, own board, {name}: {} chars\n{own}\n", len(&own));
            assert!(len(&own) <= MAX_CHARS, "{lang}, {name}: {}", len(&own));
            assert!(!own.contains('…'), "{lang}, {name}: nothing cut: {own}");
        }
    }
}

#[test]
fn the_target_text_names_sunk_ships_then_hits_then_misses_then_known_water() {
    let sea = classic_sea(["A6", "B6", "J1", "J2", "C1", "C2", "D1", "D2", "D3"].map(c));
    let text = alt::target_board(&TargetView::of_sea(&sea), &Labels::default());
    assert_eq!(
        text,
        "Enemy waters: 9 of 10 ships afloat; shots: 9, hits: 4. Sunk: A6-B6. \
         Hit, not sunk yet: C1-C2. Missed: D1-D3, J1-J2. \
         Water around sunk ships: A5-C5, C6, A7-C7"
    );
}

#[test]
fn the_own_board_text_lists_the_ships_with_their_hit_cells_then_the_enemy_misses() {
    let sea = classic_sea(["A1", "A3", "D6", "B1", "B2", "B3", "J1"].map(c));
    let text = alt::own_board(&OwnBoardView::of_sea(&sea), &Labels::default());
    assert_eq!(
        text,
        "Your fleet: 9 of 10 ships afloat; enemy shots: 7, hits: 3. \
         Ships: A1-A4 (hit: A1, A3), C1-C3, E1-E3, G1-G2, I1-I2, A6-B6, D6 (sunk), F6, H6, \
         J10. Enemy misses: B1-B3, J1"
    );
    let preview = alt::own_board(
        &OwnBoardView::preview(&Fleet::parse(Variant::Classic, CLASSIC).unwrap()),
        &Labels::default(),
    );
    assert!(
        preview.ends_with(
            "no shots yet. Ships: A1-A4, C1-C3, E1-E3, G1-G2, I1-I2, A6-B6, D6, F6, H6, J10"
        ),
        "{preview}"
    );
}

/// A Game 2000 match in which `a` fires and `b` waits: `a` names `turns` salvos of three
/// cells, drawn from `cells` in order, repeating from the start when they run out.
fn game2000_sea(seed: u64, turns: u32, repeats: bool) -> Sea {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sea = Sea::new(Fleet::random(Variant::Game2000, &mut rng));
    let mut cells: Vec<Coord> = Coord::all(9).collect();
    cells.shuffle(&mut rng);
    for turn in 1..=turns {
        for k in 0..3 {
            let i = (turn as usize - 1) * 3 + k;
            if i >= cells.len() && !repeats {
                return sea;
            }
            let cell = cells[i % cells.len()];
            sea.resolve(cell, turn);
        }
        if sea.all_sunk() && !repeats {
            return sea;
        }
    }
    sea
}

/// Every cell a Game 2000 target text names: the cells of each turn told, in brackets,
/// and the list of proven water.
fn named_game2000(text: &str, lang: Lang) -> CellSet {
    let mut set = list_after(text, &lang.labels().alt_only_water);
    for (_, rest) in text.match_indices('(').map(|(at, _)| text.split_at(at + 1)) {
        let inside = rest.split(')').next().unwrap_or_default();
        let cells: Result<Vec<Coord>, _> = inside.split(' ').map(str::parse::<Coord>).collect();
        if let Ok(cells) = cells {
            set = set.union(cells.into_iter().collect());
        }
    }
    set
}

#[test]
fn game2000_target_texts_fit_tell_the_newest_turn_and_only_proven_water() {
    for lang in Lang::ALL {
        let labels = lang.labels();
        for seed in 0..16 {
            for (turns, repeats) in [(5, false), (27, false), (81, true)] {
                let sea = game2000_sea(seed, turns, repeats);
                let view = TargetView::of_sea(&sea);
                let text = alt::target_board(&view, labels);
                assert!(len(&text) <= MAX_CHARS, "{lang}: {}: {text}", len(&text));
                let newest = view.salvos.last().unwrap();
                let turn = fill(&labels.turn, &[("n", &newest.turn.to_string())]);
                assert!(text.contains(&format!(". {turn} (")), "{lang}: {text}");
                // Water proven by the reports is water; a ship cell is never called water.
                let water = list_after(&text, &labels.alt_only_water);
                assert!(!water.intersects(sea.fleet().cells()), "{lang}: {text}");
                // The text never pairs a cell with its report: cells stay in board order.
                for s in &view.salvos {
                    let cells: Vec<String> = s.cells.iter().map(ToString::to_string).collect();
                    let turn = fill(&labels.turn, &[("n", &s.turn.to_string())]);
                    if let Some(at) = text.find(&format!(". {turn} (")) {
                        assert!(text[at..].contains(&cells.join(" ")), "{lang}: {text}");
                    }
                }
                if !repeats {
                    // Without repeats every cell fired at is named.
                    assert_eq!(named_game2000(&text, lang), sea.fired(), "{lang}: {text}");
                    assert!(
                        !text.contains(&fill(&labels.alt_left_out, &[("n", "")])),
                        "{lang}: {text}"
                    );
                }
                if seed == 0 && turns != 5 {
                    println!(
                        "{lang}, Game 2000, {turns} turns: {} chars\n{text}\n",
                        len(&text)
                    );
                }
            }
        }
    }
}

#[test]
fn game2000_texts_never_call_a_cell_water_that_a_repeat_reported() {
    // A hit on H1 in turn 1, then turn 2 repeats H1 with two fresh misses: all water, but
    // only the fresh cells are proven water.
    let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap();
    let mut sea = Sea::new(fleet);
    for (cell, turn) in [
        ("A9", 1),
        ("I5", 1),
        ("H1", 1),
        ("H1", 2),
        ("A8", 2),
        ("A7", 2),
        ("G9", 3),
        ("G8", 3),
        ("I2", 3),
    ] {
        sea.resolve(c(cell), turn);
    }
    let text = alt::target_board(&TargetView::of_sea(&sea), &Labels::default());
    assert_eq!(
        text,
        "Enemy waters: 6 of 7 ships afloat. Turn 3 (I2 G8 G9): water, water, water. \
         Turn 1 (H1 I5 A9): water, water, length 1 destroyed. \
         Water (turns without a hit): A7-A8"
    );
}

/// The longest Game 2000 text without repeats: each ship cell is hit in a turn of its
/// own (14 turns told in full), the two other cells of those turns and the 39 cells of
/// the 13 turns that heard only water lie apart from each other where they can.
fn game2000_worst_sea() -> Sea {
    let fleet = Fleet::parse(Variant::Game2000, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1").unwrap();
    let ships = fleet.cells();
    let mut sea = Sea::new(fleet);
    let (mut apart, mut near): (Vec<Coord>, Vec<Coord>) = Coord::all(9)
        .filter(|c| !ships.contains(*c))
        .partition(|c| (c.row() + c.col()) % 2 == 0);
    // The water-only turns take the cells apart from each other first.
    apart.append(&mut near);
    let water_only: Vec<Coord> = apart.drain(..39).collect();
    let mut turn = 0;
    for (k, hit) in ships.iter().enumerate() {
        turn += 1;
        sea.resolve(hit, turn);
        sea.resolve(apart[2 * k], turn);
        sea.resolve(apart[2 * k + 1], turn);
    }
    for three in water_only.chunks(3) {
        turn += 1;
        for &cell in three {
            sea.resolve(cell, turn);
        }
    }
    assert_eq!(sea.fired().len(), 81);
    sea
}

#[test]
fn the_longest_game2000_text_without_repeats_fits_with_no_cell_lost() {
    let sea = game2000_worst_sea();
    let view = TargetView::of_sea(&sea);
    for lang in Lang::ALL {
        let text = alt::target_board(&view, lang.labels());
        println!("{lang}, Game 2000, longest: {} chars\n{text}\n", len(&text));
        assert!(len(&text) <= MAX_CHARS, "{lang}: {}", len(&text));
        assert_eq!(named_game2000(&text, lang), sea.fired(), "{lang}: {text}");
    }
}

/// Where the list that `template` heads starts in `text`, if it is there.
fn heading_at(text: &str, template: &str) -> Option<usize> {
    let (head, _) = template.split_once('{').expect("a placeholder");
    text.find(&format!(". {head}"))
}

#[test]
fn mid_game_texts_keep_their_order_in_every_language() {
    // Sunk: A6-B6 and D6 (with their water); hits on A1, A2 and C2; misses in rows 1 and 9.
    let shots = [
        "A6", "B6", "D6", "A1", "A2", "C2", "B1", "B9", "C9", "D9", "J1",
    ];
    let sea = classic_sea(shots.map(c));
    let (target, own) = (TargetView::of_sea(&sea), OwnBoardView::of_sea(&sea));
    for lang in Lang::ALL {
        let l = lang.labels();
        let text = alt::target_board(&target, l);
        println!(
            "{lang}, mid-game target board: {} chars\n{text}\n",
            len(&text)
        );
        let at: Vec<usize> = [&l.alt_sunk, &l.alt_hits, &l.alt_misses, &l.alt_known_water]
            .map(|t| heading_at(&text, t).unwrap_or_else(|| panic!("{lang}: {t}: {text}")))
            .to_vec();
        assert!(at.is_sorted(), "{lang}: sunk, hits, misses, water: {text}");
        assert_eq!(Heard::read(&text, lang), Heard::truth(&target), "{lang}");
        let mine = alt::own_board(&own, l);
        println!("{lang}, mid-game own board: {} chars\n{mine}\n", len(&mine));
        let ships = heading_at(&mine, &l.alt_ships).expect("ships");
        let misses = heading_at(&mine, &l.alt_enemy_misses).expect("misses");
        assert!(ships < misses, "{lang}: {mine}");
        let hit = fill(&l.alt_ship_hit, &[("ship", "A1-A4"), ("cells", "A1, A2")]);
        let sunk = fill(&l.alt_ship_sunk, &[("ship", "D6")]);
        assert!(
            mine.contains(&hit) && mine.contains(&sunk),
            "{lang}: {mine}"
        );
    }
}

/// No classic target board can be too long: each cell of the board is named once at most,
/// by a single cell (at most 3 characters and a 2-character separator) or in a run or
/// ship of two or more cells (at most 7 characters for two cells or more), so the lists
/// take at most 5 characters per cell, 500 in all, besides their headings.
#[test]
fn every_classic_target_board_fits_in_every_language() {
    for lang in Lang::ALL {
        let l = lang.labels();
        // The counts at their widest: "Enemy waters: 10 of 10 ships afloat; shots: 100, hits: 20".
        let afloat = fill(&l.afloat, &[("afloat", "10"), ("total", "10")]);
        let shots = fill(&l.shots_fired, &[("shots", "100"), ("hits", "20")]);
        let head = format!("{}: {afloat}; {shots}", l.enemy_waters);
        let headings: usize = [&l.alt_sunk, &l.alt_hits, &l.alt_misses, &l.alt_known_water]
            .iter()
            .map(|t| len(". ") + len(&fill(t, &[("cells", "")])))
            .sum();
        let bound = len(&head) + headings + 100 * 5;
        println!("{lang}: any classic target text has at most {bound} chars");
        assert!(bound <= MAX_CHARS, "{lang}: {bound}");
    }
}
