//! Issue 51 item 7 through the fake Discord: a Swiss of 61 members with 19-digit ids over
//! three rounds. Every round's pairings arrive (in as many posts as it takes, each under
//! Discord's 2 000 characters and naming the round), every member is on exactly one board
//! or has the bye, the bye is pinged and is never the same member twice, every match opens
//! in its thread and ends, and the last round ends with the winner.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::json;

use crate::e2e::support;
use crate::e2e::tournament::{
    BLACK_FLEET, WATER, WHITE_FLEET, admin, click, create_options, thread_of, tournament,
};
use support::fake::{Channel, Sent, SentKind, User};
use support::table::{REPLY, Table};

/// Members in the tournament: odd, so every round has a bye.
const PLAYERS: usize = 61;
/// Rounds.
const ROUNDS: u32 = 3;
/// Boards played at once.
const AT_ONCE: usize = 6;

/// The posts of round `round`'s pairings in `channel` (waits until they name every
/// member): the boards (White, Black; `None`: the bye), and the posts.
pub(crate) async fn round_posts(
    t: &Table,
    channel: Channel,
    round: u32,
    members: usize,
) -> (Vec<(u64, Option<u64>)>, Vec<Sent>) {
    let head = format!("round {round} of {ROUNDS}");
    let ids = |line: &str| -> Vec<u64> {
        line.split("<@")
            .skip(1)
            .filter_map(|r| r.split('>').next()?.parse().ok())
            .collect()
    };
    let posts = t
        .fake
        .wait_for(
            |rec| {
                let posts: Vec<Sent> = rec
                    .sent
                    .iter()
                    .filter(|s| {
                        s.kind == SentKind::ChannelMessage
                            && s.channel == Some(channel.id)
                            && s.text().contains(&head)
                            && !s.text().contains("standings")
                    })
                    .cloned()
                    .collect();
                let named: usize = posts
                    .iter()
                    .flat_map(|p| p.text().lines().map(str::to_owned).collect::<Vec<_>>())
                    .map(|l| ids(&l).len())
                    .sum();
                (named >= members).then_some(posts)
            },
            Duration::from_secs(120),
        )
        .await;
    let boards = posts
        .iter()
        .flat_map(|p| p.text().lines().map(str::to_owned).collect::<Vec<_>>())
        .filter_map(|line| {
            let m = ids(&line);
            if line.starts_with("Board ") {
                Some((m[0], Some(m[1])))
            } else if line.starts_with("Bye: ") {
                Some((m[0], None))
            } else {
                None
            }
        })
        .collect();
    (boards, posts)
}

/// Board `white` vs `black` of round `round`: both place, both fire once (so neither is
/// a no-show), and White gives up.
async fn play(t: &Table, round: u32, white: &User, black: &User) {
    let home = thread_of(t, round, white, black).await;
    t.place_and_ready(white, home, WHITE_FLEET).await;
    t.place_and_ready(black, home, BLACK_FLEET).await;
    t.fake
        .wait_sent(
            |s| s.channel == Some(home.id) && s.text().contains("Both fleets are in position"),
            REPLY,
        )
        .await;
    for user in [white, black] {
        let shot = support::table::slash_in(
            &t.fake,
            user,
            home,
            "fire",
            json!([{"name": "targets", "type": 3, "value": WATER}]),
        )
        .await;
        assert!(!shot.ephemeral, "{}", shot.text());
    }
    let gave_up = support::table::slash_in(&t.fake, white, home, "forfeit", json!([])).await;
    assert!(
        gave_up.text().contains("You forfeited"),
        "{}",
        gave_up.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(clippy::too_many_lines, reason = "one tournament, round by round")]
async fn sixty_one_members_play_three_rounds_and_every_round_post_arrives() {
    let t = Table::new(
        "5161",
        &[
            ("PLACEMENT_TIMEOUT_SECS", "3600"),
            ("TURN_TIMEOUT_SECS", "3600"),
        ],
    )
    .await;
    let channel = t.channel;
    let alice = t.alice.clone();
    let signup = tournament(
        &t.fake,
        &alice,
        channel,
        &admin(),
        "create",
        create_options("Big Swiss", u64::from(ROUNDS), PLAYERS as u64),
    )
    .await;
    assert!(!signup.ephemeral, "{signup:?}");
    let players: Vec<User> = (0..PLAYERS)
        .map(|i| t.fake.user(&format!("m{i:02}")))
        .collect();
    assert!(
        players.iter().all(|p| p.id.to_string().len() == 19),
        "Discord's 19-digit ids"
    );
    for p in &players {
        click(&t.fake, p, channel, &signup, "join").await;
    }
    let by_id: BTreeMap<u64, User> = players.iter().map(|p| (p.id, p.clone())).collect();
    tournament(&t.fake, &alice, channel, &admin(), "start", json!([])).await;

    let everyone: BTreeSet<u64> = by_id.keys().copied().collect();
    let mut byes = BTreeSet::new();
    for round in 1..=ROUNDS {
        let (boards, posts) = round_posts(&t, channel, round, PLAYERS).await;
        for post in &posts {
            assert!(
                post.text().chars().count() <= 2000,
                "round {round}: a part of {} characters",
                post.text().chars().count()
            );
        }
        let named: Vec<u64> = boards
            .iter()
            .flat_map(|&(w, b)| std::iter::once(w).chain(b))
            .collect();
        assert_eq!(named.len(), PLAYERS, "round {round}: each member once");
        assert_eq!(
            named.iter().copied().collect::<BTreeSet<_>>(),
            everyone,
            "round {round}: every member paired (nobody missed a round)"
        );
        let bye: Vec<u64> = boards
            .iter()
            .filter(|(_, b)| b.is_none())
            .map(|&(w, _)| w)
            .collect();
        assert_eq!(bye.len(), 1, "round {round}: one bye");
        assert!(
            byes.insert(bye[0]),
            "round {round}: nobody has the bye twice"
        );
        let bye_part = posts
            .iter()
            .find(|p| p.text().contains(&format!("Bye: <@{}>", bye[0])))
            .expect("a part names the bye");
        let pinged = bye_part.body["allowed_mentions"]["users"]
            .as_array()
            .is_some_and(|users| {
                users
                    .iter()
                    .any(|u| u.as_str() == Some(&bye[0].to_string()))
            });
        assert!(
            pinged,
            "round {round}: the bye is pinged: {:?}",
            bye_part.body
        );
        let games: Vec<(User, User)> = boards
            .iter()
            .filter_map(|&(w, b)| Some((by_id[&w].clone(), by_id[&b?].clone())))
            .collect();
        assert_eq!(games.len(), PLAYERS / 2);
        for chunk in games.chunks(AT_ONCE) {
            let plays = chunk.iter().map(|(w, b)| play(&t, round, w, b));
            futures_util::future::join_all(plays).await;
        }
    }
    t.fake
        .wait_sent(
            |s| s.channel == Some(channel.id) && s.text().contains("wins **Big Swiss**"),
            Duration::from_secs(120),
        )
        .await;
    // The final standings, as a picture per page of 32, before the winner.
    let after = format!("after round {ROUNDS}");
    let pages = t
        .fake
        .wait_for(
            |rec| {
                let pages = rec
                    .sent
                    .iter()
                    .filter(|s| {
                        s.channel == Some(channel.id)
                            && !s.attachments.is_empty()
                            && s.body.to_string().contains(&after)
                    })
                    .count();
                (pages >= 2).then_some(pages)
            },
            REPLY,
        )
        .await;
    assert_eq!(
        pages,
        PLAYERS.div_ceil(32),
        "every page of the final standings"
    );
}
