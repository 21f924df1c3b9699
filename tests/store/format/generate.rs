//! The generator of the stored-format fixtures: plays matches to each phase through the
//! real [`Session`] on a SQLite file and dumps the stored rows (see `super::fixture`).
//!
//! ```sh
//! BROADSIDE_FIXTURES_OUT=tests/fixtures/stored/NAME.json \
//!     cargo test --test suite store::format::generate -- --ignored
//! ```
//!
//! The fixtures of older builds were made by copies of this file, cut to what those builds
//! had, run in a throwaway worktree at their commit; `tests/fixtures/stored/README.md`
//! says which commit made which file.

use std::time::{Duration, SystemTime};

use broadside::ai::Difficulty;
use broadside::game::{Confirmed, Coord, Fleet, MatchOptions, PlayerId, Variant};
use broadside::session::{ChannelKey, MatchId, NewMatch, Pace, Rematch, Seeds, Session, Timeouts};

use super::fixture;

/// The fleets every generated match places (challenger's, opponent's).
pub const FLEETS: [(Variant, [&str; 2]); 2] = [
    (
        Variant::Classic,
        [
            "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10",
            "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10",
        ],
    ),
    (
        Variant::Game2000,
        [
            "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1",
            "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9",
        ],
    ),
];

/// The computer's user id in generated matches.
pub const BOT: PlayerId = PlayerId(9_999);

const TIMEOUTS: Timeouts = Timeouts {
    challenge: Duration::from_secs(3600),
    placement: Duration::from_secs(3600),
    turn: Duration::from_secs(3600),
};

/// Every cell of `variant`'s board, in reading order.
pub fn all_cells(variant: Variant) -> Vec<Coord> {
    let n = variant.size();
    (1..=n)
        .flat_map(|row| (0..n).map(move |col| format!("{}{row}", char::from(b'A' + col))))
        .filter_map(|s| s.parse().ok())
        .filter(|&c| variant.contains(c))
        .collect()
}

/// The cells of `fleet`'s ships, and the other cells of its board.
pub fn ships_and_water(variant: Variant, fleet: &str) -> (Vec<Coord>, Vec<Coord>) {
    let ships = Fleet::parse(variant, fleet).expect("a valid fleet").cells();
    all_cells(variant)
        .into_iter()
        .partition(|&c| ships.contains(c))
}

/// Cells as `/fire` takes them.
pub fn text(cells: &[Coord]) -> String {
    let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
    names.join(" ")
}

/// Where the next generated match is played and by whom.
struct Seats {
    next: u64,
}

impl Seats {
    /// A fresh channel and two fresh members.
    fn take(&mut self) -> (ChannelKey, PlayerId, PlayerId) {
        self.next += 1;
        let n = self.next;
        (
            ChannelKey(100 + n),
            PlayerId(2_000 + 2 * n),
            PlayerId(2_001 + 2 * n),
        )
    }
}

fn new_match((channel, a, b): (ChannelKey, PlayerId, PlayerId), variant: Variant) -> NewMatch {
    NewMatch {
        channel,
        guild: Some(broadside::ids::GuildId(5)),
        challenger: a,
        opponent: b,
        names: [format!("Player {}", a.0), format!("Player {}", b.0)],
        variant,
        options: MatchOptions::default(),
        guild_locale: Some("nl".into()),
        challenger_locale: Some("da".into()),
        computer: None,
        pace: Pace::Standard,
        rated: true,
        thread: false,
    }
}

/// Places `fleets` for both players of `id` and makes them final; returns who fires first.
async fn both_ready(
    s: &Session,
    id: MatchId,
    players: [PlayerId; 2],
    fleets: [&str; 2],
) -> PlayerId {
    let mut first = None;
    for (p, fleet) in players.into_iter().zip(fleets) {
        let preview = s.matches().place(p, Some(fleet)).await.expect("place");
        let readied = s
            .matches()
            .ready(id, p, &preview.tag())
            .await
            .expect("ready");
        if let Confirmed::BattleStarts { first: f } = readied.confirmed {
            first = Some(f);
        }
    }
    first.expect("the battle began")
}

/// Challenges with `new`, accepts (moving into the thread it wants, if any) and makes both
/// `fleets` final: the match and its battle.
async fn begun<'a>(s: &Session, new: NewMatch, fleets: [&'a str; 2]) -> (MatchId, Battle<'a>) {
    let (variant, players) = (new.variant, [new.challenger, new.opponent]);
    let mut channel = new.channel;
    let id = s.matches().challenge(new).await.expect("challenge").id;
    let accepted = s
        .matches()
        .accept(id, players[1], None)
        .await
        .expect("accept");
    if accepted.wants_thread.is_some() {
        channel = ChannelKey(900_000 + channel.0);
        s.matches()
            .settle_home(id, Some(channel))
            .await
            .expect("into its thread");
    }
    let first = both_ready(s, id, players, fleets).await;
    let battle = Battle {
        channel,
        variant,
        players,
        fleets,
        first,
    };
    (id, battle)
}

/// A battle being played: where, by whom, with which fleets, and who fires first.
#[derive(Clone, Copy)]
struct Battle<'a> {
    channel: ChannelKey,
    variant: Variant,
    players: [PlayerId; 2],
    fleets: [&'a str; 2],
    first: PlayerId,
}

impl Battle<'_> {
    /// Who fires second, the second player's ship cells and water, and the first
    /// player's water.
    fn sides(&self) -> (PlayerId, Vec<Coord>, Vec<Coord>, Vec<Coord>) {
        let [a, b] = self.players;
        let (second, mine, theirs) = if self.first == a {
            (b, self.fleets[0], self.fleets[1])
        } else {
            (a, self.fleets[1], self.fleets[0])
        };
        let (ships, water) = ships_and_water(self.variant, theirs);
        let (_, own_water) = ships_and_water(self.variant, mine);
        (second, ships, water, own_water)
    }
}

/// A few moves into a battle: the first player hits, then misses; the second misses.
async fn some_moves(s: &Session, b: &Battle<'_>) {
    let (channel, variant, first) = (b.channel, b.variant, b.first);
    let (second, ships, water, own_water) = b.sides();
    let moves: Vec<(PlayerId, Vec<Coord>)> = match variant {
        Variant::Classic => vec![
            (first, vec![ships[0]]),
            (first, vec![water[0]]),
            (second, vec![own_water[0]]),
        ],
        Variant::Game2000 => vec![
            (first, vec![ships[0], ships[1], water[0]]),
            (second, own_water[..3].to_vec()),
        ],
    };
    for (p, cells) in moves {
        s.matches()
            .fire(channel, p, &text(&cells))
            .await
            .expect("fire");
    }
}

/// Plays a battle to its end: the first player sinks everything, the second fires at water.
async fn play_out(s: &Session, b: &Battle<'_>) {
    let (channel, variant, first) = (b.channel, b.variant, b.first);
    let (second, ships, water, own_water) = b.sides();
    let per_turn = variant.rules().shots_per_turn as usize;
    let mut targets = ships.clone();
    // A last salvo is filled up with water.
    while targets.len() % per_turn != 0 {
        targets.push(water[targets.len() % water.len()]);
    }
    let mut replies = own_water.chunks(per_turn);
    for salvo in targets.chunks(per_turn) {
        let fired = s
            .matches()
            .fire(channel, first, &text(salvo))
            .await
            .expect("fire");
        if fired.ended.is_some() {
            return;
        }
        if variant == Variant::Game2000 {
            let reply = replies.next().expect("water left");
            if s.matches()
                .fire(channel, second, &text(reply))
                .await
                .expect("reply")
                .ended
                .is_some()
            {
                return;
            }
        }
    }
    panic!("the match did not end");
}

/// Plays every generated match and returns each one's name.
async fn scenarios(s: &Session) -> Vec<(String, MatchId)> {
    let mut seats = Seats { next: 0 };
    let mut out = Vec::new();
    for (variant, fleets) in FLEETS {
        let key = variant.key();
        // A challenge nobody answered.
        let c = s
            .matches()
            .challenge(new_match(seats.take(), variant))
            .await
            .expect("challenge");
        out.push((format!("{key}-challenge"), c.id));

        // Placement: the challenger's fleet is final, the opponent's a random one.
        let seat = seats.take();
        let id = s
            .matches()
            .challenge(new_match(seat, variant))
            .await
            .expect("challenge")
            .id;
        s.matches()
            .accept(id, seat.2, Some("sv-SE".into()))
            .await
            .expect("accept");
        let preview = s
            .matches()
            .place(seat.1, Some(fleets[0]))
            .await
            .expect("place");
        s.matches()
            .ready(id, seat.1, &preview.tag())
            .await
            .expect("ready");
        out.push((format!("{key}-placement"), id));

        // A battle a few moves in.
        let (id, battle) = begun(s, new_match(seats.take(), variant), fleets).await;
        some_moves(s, &battle).await;
        out.push((format!("{key}-battle"), id));

        // Played to the end.
        let mut new = new_match(seats.take(), variant);
        new.options.repeats_forbidden = variant == Variant::Game2000;
        let (id, battle) = begun(s, new, fleets).await;
        play_out(s, &battle).await;
        out.push((format!("{key}-finished"), id));

        // Against the computer, in battle, the member to move.
        let seat = seats.take();
        let mut new = new_match((seat.0, seat.1, BOT), variant);
        new.computer = Some(match variant {
            Variant::Classic => Difficulty::Normal,
            Variant::Game2000 => Difficulty::Easy,
        });
        let id = s.matches().challenge(new).await.expect("challenge").id;
        let preview = s
            .matches()
            .place(seat.1, Some(fleets[0]))
            .await
            .expect("place");
        let readied = s
            .matches()
            .ready(id, seat.1, &preview.tag())
            .await
            .expect("ready");
        if readied.computer_next {
            s.matches()
                .computer_turn(id)
                .await
                .expect("the computer moves");
        }
        let (_, water) = ships_and_water(variant, fleets[1]);
        let per_turn = variant.rules().shots_per_turn as usize;
        s.matches()
            .fire(seat.0, seat.1, &text(&water[..per_turn]))
            .await
            .expect("fire");
        s.matches()
            .computer_turn(id)
            .await
            .expect("the computer moves");
        out.push((format!("{key}-computer-battle"), id));
    }
    // Declined: finished before any battle.
    let seat = seats.take();
    let id = s
        .matches()
        .challenge(new_match(seat, Variant::Classic))
        .await
        .expect("challenge")
        .id;
    s.matches().decline(id, seat.2).await.expect("decline");
    out.push(("classic-declined".into(), id));

    extras(s, &mut seats, &mut out).await;
    out
}

/// What later builds added: rematches, threads, paces, reminders.
async fn extras(s: &Session, seats: &mut Seats, out: &mut Vec<(String, MatchId)>) {
    let (variant, fleets) = FLEETS[0];
    // A rematch in placement: series, last fleets, and the first player decided.
    let (id, battle) = begun(s, new_match(seats.take(), variant), fleets).await;
    play_out(s, &battle).await;
    let [a, b] = battle.players;
    s.matches().rematch(id, a, None).await.expect("rematch");
    let Rematch::Started(again) = s.matches().rematch(id, b, None).await.expect("rematch") else {
        panic!("both asked for a rematch");
    };
    out.push(("classic-rematch-placement".into(), again.id));

    // Game 2000 in a thread: a challenge waiting for it, and a battle in it.
    let (variant, fleets) = FLEETS[1];
    let seat = seats.take();
    let mut new = new_match(seat, variant);
    new.thread = true;
    let c = s.matches().challenge(new).await.expect("challenge");
    out.push(("game2000-thread-challenge".into(), c.id));
    let mut new = new_match(seats.take(), variant);
    new.thread = true;
    new.pace = Pace::Blitz;
    let (id, battle) = begun(s, new, fleets).await;
    some_moves(s, &battle).await;
    out.push(("game2000-thread-battle".into(), id));

    // A daily match, unrated, reminded once, with its last message.
    let (variant, fleets) = FLEETS[0];
    let mut new = new_match(seats.take(), variant);
    new.pace = Pace::Daily;
    new.rated = false;
    let (id, battle) = begun(s, new, fleets).await;
    some_moves(s, &battle).await;
    s.daily()
        .mark_shown(id, broadside::ids::MessageId(777_000_001))
        .await
        .expect("shown");
    let half_time = SystemTime::now() + Duration::from_secs(13 * 3600);
    let reminded = s.daily().reminders(half_time).await;
    assert!(
        reminded.iter().any(|r| r.id == id),
        "the half-time reminder"
    );
    out.push(("classic-daily-battle".into(), id));
}

#[tokio::test]
#[ignore = "writes fixtures: set BROADSIDE_FIXTURES_OUT"]
async fn generate() {
    let out = std::env::var("BROADSIDE_FIXTURES_OUT").expect("BROADSIDE_FIXTURES_OUT=FILE");
    let dir = std::env::temp_dir().join(format!("broadside-fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("matches.db");
    let url = format!("sqlite://{}", path.display());
    let opened = broadside::store::open(&url).await.expect("open");
    let s = Session::new(opened, TIMEOUTS, Seeds::new(Some(37)));
    let named = scenarios(&s).await;
    drop(s);
    let build = std::env::var("BROADSIDE_FIXTURES_BUILD").unwrap_or_else(|_| "unknown".into());
    let dump = fixture::dump(&path, &build, &named).await;
    std::fs::write(&out, dump).expect("write the fixtures");
    let _ = std::fs::remove_dir_all(&dir);
}
