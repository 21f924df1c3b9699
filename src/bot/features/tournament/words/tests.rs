//! The words' tests: sign-up, round posts at every size, standings and names.

use super::*;
use crate::session::tournament::{Line, TournamentId, TournamentInfo};
use crate::session::{ChannelKey, Pace};

/// One renderer for these tests (it loads the fonts once), as the bot holds one.
fn renderer() -> &'static Renderer {
    static RENDERER: std::sync::LazyLock<Renderer> = std::sync::LazyLock::new(Renderer::new);
    &RENDERER
}

/// Six players after three rounds, one of them out, as the standings give them.
#[expect(clippy::too_many_lines, reason = "six lines written out, one a player")]
fn standings() -> Standings {
    let info = TournamentInfo {
        id: TournamentId(1),
        guild: crate::session::tournament::GuildId(1),
        channel: ChannelKey(1),
        creator: crate::game::PlayerId(1),
        name: "Spring *Cup*".into(),
        variant: crate::game::Variant::Game2000,
        pace: Pace::Blitz,
        rounds: 3,
        max_players: 64,
        starts: None,
        state: TournamentState::Finished,
        round: 3,
        round_deadline: None,
        locale: None,
        signup_message: None,
        note: None,
        entrants: 6,
    };
    let game = |opponent, white, score| Cell::Game {
        opponent,
        white,
        score,
    };
    let line = |rank, name: &str, points, cut, sb, wdl: (u32, u32, u32), cells, out| Line {
        rank,
        player: crate::game::PlayerId(u64::from(rank)),
        name: name.into(),
        points,
        buchholz_cut1: cut,
        sonneborn_berger: sb,
        wins: wdl.0,
        draws: wdl.1,
        losses: wdl.2,
        rating: 1500,
        cells,
        withdrawn: out,
    };
    let lines = vec![
        line(
            1,
            "p2",
            20,
            40,
            400,
            (2, 0, 1),
            vec![
                game(2, true, Score::Win),
                game(3, false, Score::Loss),
                Cell::Bye,
            ],
            false,
        ),
        line(
            2,
            "p5",
            20,
            40,
            350,
            (2, 0, 1),
            vec![
                game(1, false, Score::Loss),
                Cell::Bye,
                game(4, true, Score::Win),
            ],
            false,
        ),
        line(
            3,
            "p1",
            20,
            35,
            350,
            (1, 2, 0),
            vec![
                game(4, false, Score::Draw),
                game(1, true, Score::Win),
                game(5, true, Score::Draw),
            ],
            false,
        ),
        line(
            4,
            "p4",
            15,
            40,
            250,
            (1, 1, 1),
            vec![
                game(3, true, Score::Draw),
                game(5, false, Score::Win),
                game(2, false, Score::Loss),
            ],
            false,
        ),
        line(
            5,
            "p6",
            15,
            35,
            250,
            (1, 1, 1),
            vec![
                Cell::ForfeitWin(6),
                game(4, true, Score::Loss),
                game(3, false, Score::Draw),
            ],
            false,
        ),
        line(
            6,
            "p3 with a name far too long for its column",
            0,
            0,
            0,
            (0, 0, 1),
            vec![Cell::ForfeitLoss(5), Cell::Absent, Cell::Absent],
            true,
        ),
    ];
    Standings {
        info,
        lines,
        closed: 3,
    }
}

#[test]
fn the_crosstable_picture_has_every_player_in_every_language() {
    let s = standings();
    for lang in Lang::ALL {
        let (view, alt) = crosstable_view(lang, &s, 1);
        assert_eq!(view.lines.len(), 6);
        assert_eq!(view.rounds.len(), 3);
        assert_eq!(view.lines[0].cells[0].text, "2w+");
        assert_eq!(view.lines[5].cells[0].text, "5-F");
        assert!(view.lines[5].out);
        for name in ["p2", "p5", "p1", "p4", "p6"] {
            assert!(alt.contains(name), "{lang:?}: {alt}");
        }
        assert!(!alt.contains("{ $"), "{lang:?}: {alt}");
        let png = renderer().crosstable(&view).to_png().unwrap();
        // To look at it: BROADSIDE_DUMP=/tmp cargo test --lib crosstable_picture.
        if let Ok(dir) = std::env::var("BROADSIDE_DUMP") {
            std::fs::write(format!("{dir}/crosstable-{lang:?}.png"), &png).unwrap();
        }
    }
    let post = standings_post(renderer(), Lang::EnUs, &s, 1);
    assert_eq!(post.files.len(), 1, "the picture goes with the standings");
}

/// 32 players (a page) after 15 rounds: the message keeps within Discord's 2000
/// characters (serenity refuses a longer one before sending, so nothing was posted),
/// in every language; the picture has every player.
#[test]
fn a_full_page_of_standings_fits_in_one_message() {
    let mut s = standings();
    let template = s.lines[2].clone();
    s.lines = (1..=32)
        .map(|rank| {
            let mut l = template.clone();
            l.rank = rank;
            l.name = format!("Admiral number {rank} of the fleet");
            l.cells = (0..15)
                .map(|r| Cell::Game {
                    opponent: (rank + r) % 32 + 1,
                    white: r % 2 == 0,
                    score: Score::Draw,
                })
                .collect();
            l
        })
        .collect();
    for rounds in [1, 3, 15] {
        for l in &mut s.lines {
            l.cells.truncate(rounds);
        }
        for lang in Lang::ALL {
            let post = standings_post(renderer(), lang, &s, 1);
            let n = post.content.chars().count();
            assert!(n <= 2000, "{rounds} rounds, {lang:?}: {n} characters");
            assert!(
                post.content
                    .ends_with(&tr!(lang, "tournament-standings-key")),
                "{lang:?}: the key stays"
            );
            assert_eq!(post.files.len(), 1);
        }
    }
    // Six players keep every round in the text.
    let post = standings_post(renderer(), Lang::EnUs, &standings(), 1);
    assert!(post.content.contains("2w+ 3b- bye"), "{}", post.content);
}

/// The largest round there is: 256 players with Discord's 19-digit ids, 127 boards and
/// a bye (and 128 boards), a 100-character name that is all Markdown, and a deadline.
/// Every part keeps under 2 000 characters, every board is in exactly one part, in
/// order, every part names the round, and the bye is pinged, in every language.
#[test]
fn a_round_of_256_players_is_posted_in_parts_that_fit() {
    let mut info = standings().info;
    info.name = "*".repeat(100);
    info.rounds = 15;
    info.round_deadline = Some(std::time::SystemTime::now());
    let id = |i: u64| crate::game::PlayerId(1_234_567_890_123_456_789 + i);
    for with_bye in [false, true] {
        let boards = if with_bye { 127 } else { 128 };
        let mut pairings: Vec<Pairing> = (0..boards)
            .map(|b| Pairing {
                board: b + 1,
                white: id(2 * u64::from(b)),
                black: Some(id(2 * u64::from(b) + 1)),
                match_id: None,
            })
            .collect();
        if with_bye {
            pairings.push(Pairing {
                board: 128,
                white: id(255),
                black: None,
                match_id: None,
            });
        }
        for lang in Lang::ALL {
            let posts = round_post(lang, &info, 12, &pairings);
            assert!(posts.len() > 1, "{lang:?}: one part only");
            let head = tr!(
                lang,
                "tournament-round-paired",
                name = plain(&info.name),
                round = 12_u32,
                rounds = 15_u32
            );
            let mut seen = Vec::new();
            for (i, post) in posts.iter().enumerate() {
                let n = post.content.chars().count();
                assert!(n <= 2000, "{lang:?}, part {i}: {n} characters");
                assert!(
                    post.content.starts_with(&head),
                    "{lang:?}, part {i} names no round: {}",
                    post.content
                );
                for line in post.content.lines().skip(1) {
                    if let Some(at) = line.find("<@") {
                        let id: u64 = line[at + 2..].split('>').next().unwrap().parse().unwrap();
                        seen.push(id);
                    }
                }
            }
            let all: Vec<u64> = pairings
                .iter()
                .flat_map(|p| std::iter::once(p.white.0).chain(p.black.map(|b| b.0)))
                .collect();
            assert_eq!(all.len(), if with_bye { 255 } else { 256 });
            let firsts: Vec<u64> = pairings.iter().map(|p| p.white.0).collect();
            assert_eq!(seen, firsts, "{lang:?}: each board once, in order");
            let text: String = posts.iter().map(|p| p.content.as_str()).collect();
            for member in all {
                assert_eq!(
                    text.matches(&format!("<@{member}>")).count(),
                    1,
                    "{lang:?}: {member}"
                );
            }
            let pinged: Vec<u64> = posts
                .iter()
                .flat_map(|p| p.ping.iter().map(|u| u.get()))
                .collect();
            assert_eq!(pinged, if with_bye { vec![id(255).0] } else { vec![] });
            if with_bye {
                let bye = posts.iter().find(|p| !p.ping.is_empty()).unwrap();
                assert!(bye.content.contains(&tr!(
                    lang,
                    "tournament-bye",
                    player = mention(id(255))
                )));
            }
        }
    }
    // A short round is still one message, headed as before.
    let posts = round_post(
        Lang::EnUs,
        &info,
        1,
        &[Pairing {
            board: 1,
            white: id(0),
            black: Some(id(1)),
            match_id: None,
        }],
    );
    assert_eq!(posts.len(), 1);
    assert!(!posts[0].content.contains("(page"), "{}", posts[0].content);
}

/// The "several tournaments" refusal at its worst: 25 names of 100 characters that
/// are all Markdown (200 once escaped). It keeps under 2 000 characters in every
/// language and counts the names it leaves out.
#[test]
fn the_several_tournaments_refusal_fits_at_its_worst() {
    use crate::bot::kit::error::UserError;
    let ids = crate::bot::kit::i18n::commands::CommandIds::default();
    for count in [2_u64, 25] {
        let list: Vec<(TournamentId, String)> = (0..count)
            .map(|i| (TournamentId(i), "*".repeat(100)))
            .collect();
        let Error::User(UserError::Says(says)) = Error::from(TournamentError::Several(list)) else {
            panic!("not a refusal");
        };
        for lang in Lang::ALL {
            let text = says.words(lang, &ids);
            let n = text.chars().count();
            assert!(n <= 2000, "{count} names, {lang:?}: {n} characters");
            // 5 names of 204 characters fit in the room, 20 are counted.
            assert_eq!(text.contains(" 20"), count == 25, "{lang:?}: {text}");
            assert_eq!(
                text.matches("**").count(),
                if count == 25 { 10 } else { 4 },
                "{lang:?}: {text}"
            );
            assert!(!text.contains("{ $"), "{lang:?}: {text}");
        }
    }
}

/// An entrant who deleted their data, and the bye, are written in the reader's
/// language, in the picture, its text and the message alike.
#[test]
fn the_deleted_entrant_and_the_bye_are_in_the_readers_language() {
    let mut s = standings();
    crate::session::DELETED_NAME.clone_into(&mut s.lines[1].name);
    s.lines[1].cells[2] = Cell::Bye;
    for (lang, deleted, bye) in [
        (Lang::EnUs, "deleted player", "bye"),
        (Lang::Da, "slettet spiller", "bye"),
        (Lang::SvSe, "raderad spelare", "fri"),
    ] {
        assert_eq!(entrant_name(lang, crate::session::DELETED_NAME), deleted);
        assert_eq!(cell(lang, Cell::Bye), bye);
        let (view, alt) = crosstable_view(lang, &s, 1);
        assert_eq!(view.lines[1].name, deleted);
        assert_eq!(view.lines[1].cells[2].text, bye);
        assert!(alt.contains(deleted), "{lang:?}: {alt}");
        let post = standings_post(renderer(), lang, &s, 1);
        assert!(post.content.contains(deleted), "{lang:?}: {}", post.content);
    }
    assert_eq!(entrant_name(Lang::Nl, "Ann"), "Ann");
}

/// A player who left is marked in the reader's language in the standings text, and only
/// that player.
#[test]
fn a_player_who_left_is_marked_in_the_readers_language() {
    let s = standings();
    let left = s.lines.iter().filter(|l| l.withdrawn).count();
    assert_eq!(left, 1);
    for (lang, out) in [
        (Lang::EnUs, "(out)"),
        (Lang::Nl, "(gestopt)"),
        (Lang::Da, "(udgået)"),
        (Lang::SvSe, "(utgått)"),
    ] {
        let post = standings_post(renderer(), lang, &s, 1);
        let marked = post
            .content
            .lines()
            .filter(|l| l.trim_end().ends_with(out))
            .count();
        assert_eq!(marked, left, "{lang:?}: {}", post.content);
        if lang != Lang::EnUs {
            assert!(
                !post.content.contains("(out)"),
                "{lang:?}: {}",
                post.content
            );
        }
    }
}
