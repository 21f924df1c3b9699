//! Issue 33 through the fake Discord: `/tournament` (who may create one, a full
//! tournament, joining twice), the sign-up message's buttons, and a round's matches opened
//! in threads of their own with both players pinged.

use crate::e2e::support::says;
use std::time::Duration;

use serde_json::{Value, json};

use crate::e2e::support;
use support::fake::{Channel, FakeDiscord, Sent, SentKind, User};
use support::table::{MEMBER, REPLY, Table};

/// Permissions of a member who may manage the server.
pub(crate) fn admin() -> String {
    (MEMBER.parse::<u64>().unwrap() | support::payloads::perm::MANAGE_GUILD).to_string()
}

/// `/tournament <sub> options…` by `user` in `channel`, with the given permissions.
pub(crate) async fn tournament(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    permissions: &str,
    sub: &str,
    options: Value,
) -> Sent {
    let id = fake
        .interaction(user, channel)
        .permissions(permissions)
        .slash(
            "tournament",
            json!([{"name": sub, "type": 1, "options": options}]),
        );
    fake.wait_reply(id, REPLY).await
}

/// The options of a Game 2000 blitz tournament of `rounds` rounds for `max` players.
pub(crate) fn create_options(name: &str, rounds: u64, max: u64) -> Value {
    json!([
        {"name": "name", "type": 3, "value": name},
        {"name": "rules", "type": 4, "value": 1},
        {"name": "rounds", "type": 4, "value": rounds},
        {"name": "pace", "type": 4, "value": 0},
        {"name": "max_players", "type": 4, "value": max},
    ])
}

/// The custom id of the sign-up message's `join` or `leave` button.
pub(crate) fn signup_button(sent: &Sent, what: &str) -> String {
    sent.custom_ids()
        .into_iter()
        .find(|id| id.starts_with(&format!("bs:0:tour:{what}.")))
        .unwrap_or_else(|| panic!("no {what} button on {sent:?}"))
}

/// A click on the sign-up message's `what` button by `user`; the first answer.
pub(crate) async fn click(
    fake: &FakeDiscord,
    user: &User,
    channel: Channel,
    signup: &Sent,
    what: &str,
) -> Vec<Sent> {
    let id = fake.click(
        user,
        channel,
        signup.message_id.unwrap_or(1),
        &signup_button(signup, what),
    );
    fake.wait_reply(id, REPLY).await;
    // The update of the message, then the private word to the clicker.
    fake.wait_for(
        |rec| {
            let replies = rec.replies_to(id);
            (replies.iter().filter(|s| s.is_message()).count() >= 2
                || replies.iter().any(|s| s.ephemeral && s.is_message()))
            .then_some(replies)
        },
        REPLY,
    )
    .await
}

/// Join and Leave count only in the tournament's own channel and server: the same custom
/// id clicked on a message in another channel, or another server, is refused privately and
/// changes nothing (the member is not in the tournament afterwards). Then `/tournament
/// start` with that one entrant calls it off and says so, not "has started".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_and_leave_from_another_channel_or_server_are_refused() {
    let t = Table::new("338", &[]).await;
    let channel = t.channel;
    let guild = channel.guild_id.unwrap();
    let signup = tournament(
        &t.fake,
        &t.alice,
        channel,
        &admin(),
        "create",
        create_options("Cup", 3, 4),
    )
    .await;
    let mallory = t.fake.user("mallory");
    for elsewhere in [
        Channel::in_guild(guild, channel.id + 7),
        Channel::in_guild(guild + 7, channel.id + 9),
    ] {
        for what in ["join", "leave"] {
            let answers = click(&t.fake, &mallory, elsewhere, &signup, what).await;
            assert!(
                answers.iter().any(|s| s.ephemeral
                    && s.text()
                        .contains("There is no such tournament in this channel")),
                "{what} from {elsewhere:?}: {answers:?}"
            );
        }
    }
    // Nothing changed: in the tournament's own channel, Mallory is not in it.
    let leave = click(&t.fake, &mallory, channel, &signup, "leave").await;
    assert!(
        leave
            .iter()
            .any(|s| s.ephemeral && s.text().contains("You are not in this tournament")),
        "{leave:?}"
    );
    // And a Join there counts.
    let join = click(&t.fake, &mallory, channel, &signup, "join").await;
    assert!(
        join.iter().any(|s| s.text().contains("**1** of at most 4")),
        "{join:?}"
    );
    // A start with one entrant calls it off, and says so (not "has started").
    let id = t
        .fake
        .interaction(&t.alice, channel)
        .permissions(&admin())
        .slash(
            "tournament",
            json!([{"name": "start", "type": 1, "options": []}]),
        );
    let said = t
        .fake
        .wait_for(
            |rec| {
                rec.replies_to(id)
                    .into_iter()
                    .find(|s| s.is_message() && !s.text().is_empty())
            },
            REPLY,
        )
        .await;
    assert!(
        said.ephemeral
            && said.text().contains("did not start")
            && !said.text().contains("has started"),
        "{said:?}"
    );
    t.posted(channel, "is called off: fewer than 4 players joined")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(clippy::too_many_lines, reason = "one story, step by step")]
async fn who_may_create_full_tournaments_and_joining_twice_are_refused() {
    let t = Table::new("331", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let channel = t.channel;

    // A plain member may not create one: privately refused, whatever Discord let through.
    let refused = tournament(
        &t.fake,
        &bob,
        channel,
        MEMBER,
        "create",
        create_options("Cup", 3, 4),
    )
    .await;
    assert!(refused.ephemeral, "{refused:?}");
    says(&refused, "Manage Server");

    // A bad start time is refused with examples.
    let mut options = create_options("Cup", 3, 4);
    options
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "starts", "type": 3, "value": "next week-ish"}));
    let bad = tournament(&t.fake, &alice, channel, &admin(), "create", options).await;
    assert!(bad.ephemeral);
    says(&bad, "tomorrow 20:00");

    // An admin creates it: a public sign-up message with Join and Leave.
    let signup = tournament(
        &t.fake,
        &alice,
        channel,
        &admin(),
        "create",
        create_options("*Spring* @everyone Cup", 3, 4),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    for words in ["Game 2000", "3 rounds", "**0** of at most 4", "never fires"] {
        assert!(signup.text().contains(words), "{words}: {}", signup.text());
    }
    assert!(
        signup.text().contains("\\*Spring\\* \\@everyone Cup"),
        "the name is escaped: {}",
        signup.text()
    );
    let players: Vec<User> = (0..4).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    // Joining twice: refused privately.
    let twice = click(&t.fake, &players[0], channel, &signup, "join").await;
    let said: Vec<&Sent> = twice.iter().filter(|s| s.is_message()).collect();
    assert!(
        said.iter()
            .any(|s| s.ephemeral && s.text().contains("already joined")),
        "{said:?}"
    );
    // Full.
    let late = t.fake.user("late");
    let full = click(&t.fake, &late, channel, &signup, "join").await;
    assert!(
        full.iter()
            .any(|s| s.ephemeral && s.text().contains("is full")),
        "{full:?}"
    );
    // The sign-up message shows the count.
    let counted = t
        .fake
        .last_sent(|s| s.text().contains("**4** of at most 4"), REPLY)
        .await;
    assert!(counted.text().contains("Spring"));

    // Only the creator starts it; then round 1 opens two matches in threads.
    let not_yours = tournament(&t.fake, &bob, channel, MEMBER, "start", json!([])).await;
    says(&not_yours, "Only the member who created");
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;
    // Polled outside the fake's lock (its thread list takes the lock itself).
    let until = std::time::Instant::now() + Duration::from_secs(20);
    let threads = loop {
        let made: Vec<_> = t
            .fake
            .threads_by_bot()
            .into_iter()
            .filter(|th| th.parent == channel.id)
            .collect();
        if made.len() == 2 {
            break made;
        }
        assert!(std::time::Instant::now() < until, "{}", t.fake.summary());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    for th in &threads {
        assert!(th.name.contains("R1"), "{}", th.name);
        let greeting = t
            .fake
            .first_sent(
                |s| {
                    s.kind == SentKind::ThreadMessage(channel.id)
                        && s.channel == Some(th.id)
                        && s.text().contains("fires first against")
                },
                REPLY,
            )
            .await;
        says(&greeting, "round 1");
        let pinged = greeting.body["allowed_mentions"]["users"]
            .as_array()
            .map_or(0, Vec::len);
        assert_eq!(pinged, 2, "both players are pinged: {}", greeting.body);
    }
    // The pairings are posted in the channel; joining now is refused.
    t.posted(channel, "round 1 of 3").await;
    let closed = tournament(&t.fake, &late, channel, MEMBER, "join", json!([])).await;
    says(&closed, "already started");
    // The standings say who plays whom.
    let standings = tournament(&t.fake, &late, channel, MEMBER, "standings", json!([])).await;
    assert!(!standings.ephemeral);
    says(&standings, "standings after round 0");
}

/// The fleet White places in every match of the Swiss below.
pub(crate) const WHITE_FLEET: &str = "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E1";
/// Black's fleet.
pub(crate) const BLACK_FLEET: &str = "B2-B4 D2-F2 H2-H3 D5-E5 B6-B7 G6 E9";
/// A salvo that never hits: Game 2000 keeps ships off the corners (repeats are water too).
pub(crate) const WATER: &str = "A1 I1 A9";

/// How a board of the Swiss below is to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// White destroys Black's fleet; Black's reply misses.
    WhiteWins,
    /// Black destroys White's fleet in its fifth turn.
    BlackWins,
    /// Both destroy the other's fleet in the fifth round.
    Draw,
    /// Black never places (nor fires): White wins at the placement time limit.
    BlackNoShow,
}

/// The five salvos that destroy `fleet` (its 14 cells and a corner).
fn salvos_at(fleet: &str) -> Vec<String> {
    let mut cells: Vec<String> =
        broadside::game::Fleet::parse(broadside::game::Variant::Game2000, fleet)
            .unwrap()
            .cells()
            .iter()
            .map(|c| c.to_string())
            .collect();
    cells.push("A9".into());
    cells.chunks(3).map(|c| c.join(" ")).collect()
}

/// A board as the test expects it: White, Black (`None`: the bye), how it ends.
type Expected = (&'static str, Option<&'static str>, Option<Plan>);

/// A board as the round's post names it: White, Black (`None`: the bye).
type Board = (u64, Option<u64>);

/// The boards of round `round`, from its public post.
async fn boards_of(t: &Table, channel: Channel, round: u32) -> Vec<Board> {
    let post = t.posted(channel, &format!("round {round} of 3")).await;
    let ids = |line: &str| -> Vec<u64> {
        line.split("<@")
            .skip(1)
            .filter_map(|r| r.split('>').next()?.parse().ok())
            .collect()
    };
    post.text()
        .lines()
        .filter_map(|line| {
            if line.starts_with("Board ") {
                let m = ids(line);
                Some((m[0], Some(m[1])))
            } else if line.starts_with("Bye: ") {
                Some((ids(line)[0], None))
            } else {
                None
            }
        })
        .collect()
}

/// The thread of the match `white` vs `black` in round `round` (waits for it).
pub(crate) async fn thread_of(t: &Table, round: u32, white: &User, black: &User) -> Channel {
    let wanted = format!("R{round} · {} vs {}", white.name, black.name);
    let until = std::time::Instant::now() + support::fake::loaded(Duration::from_secs(20));
    loop {
        if let Some(th) = t
            .fake
            .threads_by_bot()
            .into_iter()
            .find(|th| th.name.contains(&wanted))
        {
            // The players act once the bot has greeted them there, as members do (the
            // thread is made before its match is opened in it).
            let home = Channel::in_guild(t.channel.guild_id.unwrap(), th.id);
            t.fake.wait_sent(|s| s.channel == Some(th.id), REPLY).await;
            return home;
        }
        assert!(
            std::time::Instant::now() < until,
            "no thread {wanted}: {}",
            t.fake.summary()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Both place (Black not, for a no-show); waits for the battle unless one is missing.
async fn place(t: &Table, home: Channel, white: &User, black: &User, plan: Plan) {
    t.place_and_ready(white, home, WHITE_FLEET).await;
    if plan == Plan::BlackNoShow {
        return;
    }
    t.place_and_ready(black, home, BLACK_FLEET).await;
    t.fake
        .wait_sent(
            |s| s.channel == Some(home.id) && s.text().contains("Both fleets are in position"),
            REPLY,
        )
        .await;
}

/// Rounds `turns` of a placed board's battle, as `plan` says.
async fn fire(
    t: &Table,
    home: Channel,
    white: &User,
    black: &User,
    plan: Plan,
    turns: std::ops::Range<usize>,
) {
    let (at_black, at_white) = (salvos_at(BLACK_FLEET), salvos_at(WHITE_FLEET));
    for turn in turns {
        for (user, salvo) in [
            (
                white,
                if plan == Plan::BlackWins {
                    WATER
                } else {
                    &at_black[turn]
                },
            ),
            (
                black,
                if plan == Plan::WhiteWins {
                    WATER
                } else {
                    &at_white[turn]
                },
            ),
        ] {
            let shot = support::table::slash_in(
                &t.fake,
                user,
                home,
                "fire",
                json!([{"name": "targets", "type": 3, "value": salvo}]),
            )
            .await;
            assert!(!shot.ephemeral, "turn {turn} of {plan:?}: {}", shot.text());
        }
    }
}

/// The message in `home` that ends its match (waits for it).
async fn end_in(t: &Table, home: Channel) -> Sent {
    t.fake
        .first_sent(
            |s| {
                s.channel == Some(home.id)
                    && (s.text().contains("**wins**")
                        || s.text().contains("**draw**")
                        || s.text().contains("ran out of time")
                        || s.text().contains("time limit"))
            },
            Duration::from_secs(40),
        )
        .await
}

/// One line of the standings as posted: name, points, Buchholz Cut-1, Sonneborn–Berger,
/// W-D-L, the round cells, withdrawn.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Posted {
    rank: u32,
    name: String,
    points: String,
    cut1: String,
    sb: String,
    wdl: String,
    cells: Vec<String>,
    out: bool,
}

/// The standings lines of a standings post.
fn standings_lines(post: &Sent) -> Vec<Posted> {
    let text = post.text();
    let table = text.split("```").nth(1).expect("a table");
    table
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words: Vec<&str> = l.split_whitespace().collect();
            let out = words.last() == Some(&"(out)");
            if out {
                words.pop();
            }
            Posted {
                rank: words[0].parse().unwrap(),
                name: words[1].into(),
                points: words[2].into(),
                cut1: words[3].into(),
                sb: words[4].into(),
                wdl: words[5].into(),
                cells: words[6..].iter().map(|w| (*w).to_owned()).collect(),
                out,
            }
        })
        .collect()
}

/// Issue 33's story: six players, three rounds of Game 2000 with a draw, a no-show (out
/// from round 2 on, so the bye), and a restart of the bot in the middle of round 2. The
/// final standings and tiebreaks are checked against a calculation by hand below.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(clippy::too_many_lines, reason = "one story, round by round")]
async fn a_six_player_swiss_with_a_draw_a_bye_a_no_show_and_a_restart() {
    let mut t = Table::new(
        "3306",
        &[
            ("PLACEMENT_TIMEOUT_SECS", "25"),
            ("TURN_TIMEOUT_SECS", "300"),
        ],
    )
    .await;
    let channel = t.channel;
    let alice = t.alice.clone();
    let mut options = create_options("Swiss", 3, 6);
    // Standard pace (the limits above).
    options.as_array_mut().unwrap()[3] = json!({"name": "pace", "type": 4, "value": 1});
    let signup = tournament(&t.fake, &alice, channel, &admin(), "create", options).await;
    assert!(!signup.ephemeral, "{signup:?}");
    // Equal ratings: the initial order is by name, p1 first.
    let players: Vec<User> = (1..=6).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    let by_id = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let name = |id: u64| by_id(id).name;
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;

    // What each round's boards must be (White first; `None`: the bye), and how each ends.
    // Round 1 is the Dutch system's top half against the bottom half (1-4, 2-5, 3-6, the
    // top seed's colour drawn from the seed); rounds 2 and 3 are what today's
    // `dutch::pair` gives for these results: each pairs players of equal points where
    // it can, never twice the same, and gives the bye to the lowest without one. The
    // hand calculation below rests on these pairings: if a better pairing changes them,
    // it must be done again.
    let rounds: [&[Expected]; 3] = [
        &[
            ("p4", Some("p1"), Some(Plan::Draw)),
            ("p2", Some("p5"), Some(Plan::WhiteWins)),
            ("p6", Some("p3"), Some(Plan::BlackNoShow)),
        ],
        &[
            ("p1", Some("p2"), Some(Plan::WhiteWins)),
            ("p6", Some("p4"), Some(Plan::BlackWins)),
            ("p5", None, None),
        ],
        &[
            ("p1", Some("p6"), Some(Plan::Draw)),
            ("p5", Some("p4"), Some(Plan::WhiteWins)),
            ("p2", None, None),
        ],
    ];
    let by_name = |n: &str| players.iter().find(|p| p.name == n).unwrap().clone();
    for (r, expected) in rounds.iter().enumerate() {
        let round = r as u32 + 1;
        let boards = boards_of(&t, channel, round).await;
        let named: Vec<(String, Option<String>)> = boards
            .iter()
            .map(|(w, b)| (name(*w), b.map(name)))
            .collect();
        let wanted: Vec<(String, Option<String>)> = expected
            .iter()
            .map(|(w, b, _)| ((*w).to_owned(), b.map(str::to_owned)))
            .collect();
        assert_eq!(named, wanted, "round {round}'s pairings");
        let mut homes = Vec::new();
        for &(w, b, plan) in *expected {
            let (Some(b), Some(plan)) = (b, plan) else {
                continue;
            };
            let (white, black) = (by_name(w), by_name(b));
            let home = thread_of(&t, round, &white, &black).await;
            place(&t, home, &white, &black, plan).await;
            if round == 1 && homes.is_empty() {
                // `/status` in the thread names the tournament and the round.
                let status =
                    support::table::slash_in(&t.fake, &white, home, "status", json!([])).await;
                says(&status, "Tournament **Swiss**, round 1");
            }
            homes.push((home, white, black, plan));
        }
        if round == 2 {
            // Two turns of board 1's battle, then the bot is killed and started again
            // (board 2 is placed, its battle not begun): both go on where they were.
            let (home, white, black, p) = &homes[0];
            fire(&t, *home, white, black, *p, 0..2).await;
            t.restart().await;
            fire(&t, *home, white, black, *p, 2..5).await;
            for (home, white, black, p) in &homes[1..] {
                fire(&t, *home, white, black, *p, 0..5).await;
            }
        } else {
            for (home, white, black, p) in &homes {
                if *p != Plan::BlackNoShow {
                    fire(&t, *home, white, black, *p, 0..5).await;
                }
            }
        }
        for (home, white, black, plan) in &homes {
            let end = end_in(&t, *home).await;
            let said = end.text();
            assert!(
                said.contains(&format!("Tournament **Swiss**, round {round}")),
                "the end names the tournament and round: {said}"
            );
            let expected = match plan {
                Plan::WhiteWins => {
                    format!("<@{}> destroyed every ship of <@{}>", white.id, black.id)
                }
                Plan::BlackWins => {
                    format!("<@{}> destroyed every ship of <@{}>", black.id, white.id)
                }
                Plan::Draw => "**draw**".to_owned(),
                Plan::BlackNoShow => format!("<@{}> **wins**", white.id),
            };
            assert!(said.contains(&expected), "{plan:?}: {said}");
        }
        if round == 1 {
            // After round 1: the no-show is out.
            let after = t.posted(channel, "standings after round 1 of 3").await;
            let p3 = standings_lines(&after)
                .into_iter()
                .find(|l| l.name == "p3")
                .unwrap();
            assert!(p3.out, "{p3:?}");
        }
    }
    let last = t
        .fake
        .first_sent(
            |s| s.channel == Some(channel.id) && s.text().contains("final standings"),
            Duration::from_secs(30),
        )
        .await;
    // By hand. Results: R1 p4-p1 ½-½, p2-p5 1-0, p6-p3 1-0 by forfeit (p3 never placed:
    // out from round 2 on). R2 p1-p2 1-0, p6-p4 0-1, p5 bye (1). R3 p1-p6 ½-½, p5-p4
    // 1-0, p2 bye (1).
    // Points: p1 ½+1+½ = 2; p2 1+0+1 = 2; p5 0+1+1 = 2; p4 ½+1+0 = 1½; p6 1+0+½ = 1½;
    // p3 0.
    // Buchholz Cut-1 (opponents' points; a round without a game counts as an opponent
    // with the player's own points; the lowest dropped):
    //   p1: p4 1½, p2 2, p6 1½ → 5, less 1½ = 3½
    //   p2: p5 2, p1 2, bye 2 (own) → 6, less 2 = 4
    //   p5: p2 2, bye 2 (own), p4 1½ → 5½, less 1½ = 4
    //   p4: p1 2, p6 1½, p5 2 → 5½, less 1½ = 4
    //   p6: forfeit 1½ (own), p4 1½, p1 2 → 5, less 1½ = 3½
    //   p3: 0 (own) three times → 0
    // Sonneborn–Berger (points scored × the opponent's points, the same stand-in):
    //   p1: ½·1½ + 1·2 + ½·1½ = 3.50;  p2: 1·2 + 0 + 1·2 = 4.00
    //   p5: 0 + 1·2 + 1·1½ = 3.50;     p4: ½·2 + 1·1½ + 0 = 2.50
    //   p6: 1·1½ + 0 + ½·2 = 2.50;     p3: 0
    // Order: on 2 points p2 and p5 share Cut-1 4 and SB splits them (4.00 > 3.50), p1
    // has Cut-1 3½; on 1½ p4 (Cut-1 4) before p6 (3½); p3 last. Wins count the bye and
    // the forfeit: p2 2-0-1, p5 2-0-1, p1 1-2-0, p4 1-1-1, p6 1-1-1, p3 0-0-1.
    // Cells: the opponent's final place, w/b, the result (F: forfeit).
    let expected = [
        (1, "p2", "2", "4", "4.00", "2-0-1", "2w+ 3b- bye", false),
        (2, "p5", "2", "4", "3.50", "2-0-1", "1b- bye 4w+", false),
        (3, "p1", "2", "3½", "3.50", "1-2-0", "4b= 1w+ 5w=", false),
        (4, "p4", "1½", "4", "2.50", "1-1-1", "3w= 5b+ 2b-", false),
        (5, "p6", "1½", "3½", "2.50", "1-1-1", "6+F 4w- 3b=", false),
        (6, "p3", "0", "0", "0.00", "0-0-1", "5-F · ·", true),
    ]
    .map(|(rank, name, points, cut1, sb, wdl, cells, out)| Posted {
        rank,
        name: name.into(),
        points: points.into(),
        cut1: cut1.into(),
        sb: sb.into(),
        wdl: wdl.into(),
        cells: cells.split(' ').map(str::to_owned).collect(),
        out,
    });
    assert_eq!(standings_lines(&last), expected, "{}", last.text());
    // The winner is named, and pinged.
    let winner = t.posted(channel, "wins **Swiss**").await;
    let p2 = by_name("p2");
    says(&winner, &format!("<@{}>", p2.id));
    // `/history` says which tournament and round each match was; `/stats` counts it.
    let history = t.slash_in(&p2, channel, "history", json!([])).await;
    for round in [1, 2] {
        assert!(
            history
                .text()
                .contains(&format!("Tournament **Swiss**, round {round}")),
            "{}",
            history.text()
        );
    }
    let card = t
        .slash_in(
            &p2,
            channel,
            "stats",
            json!([{"name": "variant", "type": 4, "value": 1}]),
        )
        .await;
    let card = if card.attachments.is_empty() {
        t.fake.wait_picture_reply(card.interaction, REPLY).await
    } else {
        card
    };
    assert!(
        card.body
            .to_string()
            .contains("Tournaments: 1 played, 1 won"),
        "{}",
        card.body
    );
    let runner_up = t
        .slash_in(&by_name("p5"), channel, "stats", json!([]))
        .await;
    let runner_up = if runner_up.attachments.is_empty() {
        t.fake
            .wait_picture_reply(runner_up.interaction, REPLY)
            .await
    } else {
        runner_up
    };
    assert!(
        runner_up
            .body
            .to_string()
            .contains("Tournaments: 1 played, 0 won"),
        "{}",
        runner_up.body
    );
}

/// A player still playing another match when a round is paired: the channel is told, and
/// their match of the round opens once the other one ends.
/// `player` challenges `other` in a channel of its own and `other` accepts: `player` is
/// busy in that match. Returns its channel.
async fn busy_elsewhere(t: &Table, player: &User, other: &User) -> Channel {
    let elsewhere = t.fake.channel();
    let challenge = t.challenge(player, other, elsewhere, 0).await;
    support::table::click_in(&t.fake, other, elsewhere, &challenge, "accept").await;
    elsewhere
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_player_is_told_about_and_their_match_opens_after() {
    let t = Table::new("3307", &[]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let channel = t.channel;
    let signup = tournament(
        &t.fake,
        &alice,
        channel,
        &admin(),
        "create",
        create_options("Cup", 1, 4),
    )
    .await;
    let players: Vec<User> = (1..=4).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    // p1 is in a match with Bob elsewhere when the round is paired.
    let elsewhere = busy_elsewhere(&t, &players[0], &bob).await;
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;
    let note = t.posted(channel, "is still playing another match").await;
    assert!(
        note.text().starts_with(&format!("<@{}>", players[0].id)),
        "{}",
        note.text()
    );
    says(&note, "by forfeit");
    // Only the other board opened.
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while t.fake.threads_by_bot().is_empty() {
        assert!(std::time::Instant::now() < until, "{}", t.fake.summary());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let names: Vec<String> = t
        .fake
        .threads_by_bot()
        .into_iter()
        .map(|th| th.name)
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(!names[0].contains("p1"), "{names:?}");
    // The other match ends: the next look at the tournament opens p1's board.
    support::table::slash_in(&t.fake, &players[0], elsewhere, "forfeit", json!([])).await;
    let until = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let threads = t.fake.threads_by_bot();
        if threads.iter().any(|th| th.name.contains("p1")) {
            break;
        }
        assert!(std::time::Instant::now() < until, "{}", t.fake.summary());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A daily tournament whose round deadline passes (`PACE_SCALE=100000`: a day lasts
/// 0.864 s, so a Game 2000 round, a placement and 27 turns (81 cells, three shots a turn),
/// lasts 28 days: 24.192 s). p1 plays
/// another match all round long, so their board never opens; the other board opens, and
/// its players never place. The round closes at its deadline, not before: p1 did not show
/// and loses by forfeit, their opponent takes the point and wins; the final standings are
/// posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_round_closes_at_its_deadline() {
    let t = Table::new("3308", &[("PACE_SCALE", "100000")]).await;
    let (alice, bob) = (t.alice.clone(), t.bob.clone());
    let channel = t.channel;
    let mut options = create_options("Daily Cup", 1, 4);
    options.as_array_mut().unwrap()[3] = json!({"name": "pace", "type": 4, "value": 2});
    let signup = tournament(&t.fake, &alice, channel, &admin(), "create", options).await;
    says(&signup, "Daily Cup");
    let players: Vec<User> = (1..=4).map(|i| t.fake.user(&format!("p{i}"))).collect();
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    // p1 is in a match of the standard pace elsewhere, which outlasts the round.
    busy_elsewhere(&t, &players[0], &bob).await;
    let started = std::time::Instant::now();
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;
    let note = t.posted(channel, "is still playing another match").await;
    let mentioned: Vec<u64> = note
        .text()
        .split("<@")
        .skip(1)
        .filter_map(|r| r.split('>').next()?.parse().ok())
        .collect();
    assert_eq!(mentioned.first(), Some(&players[0].id), "{}", note.text());
    let opponent = *mentioned
        .iter()
        .find(|&&id| id != players[0].id)
        .expect("p1's opponent is named");
    let final_standings = |rec: &support::fake::Recording| {
        rec.sent
            .iter()
            .filter(|s| {
                s.kind == SentKind::ChannelMessage
                    && s.channel == Some(channel.id)
                    && s.text().contains("final standings")
            })
            .cloned()
            .collect::<Vec<Sent>>()
    };
    let standings = t
        .fake
        .wait_for(
            |rec| final_standings(rec).into_iter().next(),
            Duration::from_secs(90),
        )
        .await;
    // The round was paired after `started`: it cannot close before its length has passed
    // since. (It closes about a second after that, when the sweep looks.)
    let round = Duration::from_secs(86_400) * 28 / 100_000;
    assert!(
        started.elapsed() >= round,
        "closed after {:?}, before the round's deadline ({round:?})",
        started.elapsed()
    );
    let winner = t.posted(channel, "wins **Daily Cup**").await;
    assert!(
        winner.text().contains(&format!("<@{opponent}>")),
        "p1's opponent wins by forfeit: {}",
        winner.text()
    );
    // p1's board never opened: one thread, the other board's.
    let threads = t.fake.threads_by_bot();
    assert_eq!(threads.len(), 1, "{threads:?}");
    assert!(!threads[0].name.contains("p1"), "{}", threads[0].name);
    // p1's line: a loss by forfeit; the opponent's line: the win by forfeit, 1 point.
    let text = standings.text();
    let line_of = |name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no line of {name}: {text}"))
            .to_owned()
    };
    let opponent_name = players
        .iter()
        .find(|p| p.id == opponent)
        .map(|p| p.name.clone())
        .unwrap();
    assert!(line_of("p1").contains("-F"), "{text}");
    let theirs = line_of(&opponent_name);
    assert!(theirs.contains("+F"), "{theirs}");
    assert!(theirs.contains("1-0-0"), "{theirs}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(final_standings(&t.fake.recording()).len(), 1, "posted once");
}
