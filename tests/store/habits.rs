//! Issue 29 in the session, on both stores: the hard computer's model of a member's
//! placement habits is learned from their finished matches only (never the fleet of a
//! match being played), learned again when a match of theirs ends, and gone with
//! `/privacy delete`. Issue 40: whenever the model is learned while a match against the
//! hard computer is live (after a restart, after the cache expired, on another process),
//! it is exactly the model of the finished matches alone; and the store never returns a
//! live match as a finished one. Issue 36, item 8: a forget by any process bumps the epoch
//! of the member's bucket, and a model cached under an older epoch is learned again.

use crate::store::fixtures;
use std::sync::Arc;
use std::time::Duration;

use crate::store::db::{Db, on_both_stores};

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use broadside::ai::{Difficulty, Habits, PastFleet};
use broadside::game::{Fleet, PlayerId, Variant};
use broadside::ids::GuildId;
use broadside::session::{
    ChannelKey, Entry, Locate, MatchId, NewMatch, Pace, Paces, Seeds, Session, Timeouts,
};
use broadside::store::{FinishedOf, Timestamp};

const ALICE: PlayerId = PlayerId(2901);
const BOB: PlayerId = PlayerId(2902);
const GUILD: broadside::ids::GuildId = broadside::ids::GuildId(29);

fn session(opened: broadside::store::Opened) -> Session {
    Session::new(
        opened,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(29)),
    )
}

/// A classic battle between Alice and Bob in `channel`, with one shot fired.
async fn battle(s: &Session, channel: u64) -> (MatchId, PlayerId) {
    let new = fixtures::new_match(ChannelKey(channel), GUILD, [ALICE, BOB], ["Alice", "Bob"]);
    let id = s.matches().challenge(new).await.unwrap().id;
    s.matches().accept(id, BOB, None).await.unwrap();
    let first = fixtures::ready_both(s, id, [(ALICE, CLASSIC_A), (BOB, CLASSIC_B)]).await;
    s.matches()
        .fire(ChannelKey(channel), first, "E5")
        .await
        .unwrap();
    (id, first)
}

/// How many fleets the hard computer's model of `who` was learned from.
async fn learned(s: &Session, who: PlayerId) -> usize {
    s.habits(who, Variant::Classic, Some(GUILD))
        .await
        .expect("a model")
        .fleets()
}

async fn habits_come_from_finished_matches_only(db: Db) {
    let s = session(db.open().await);
    assert_eq!(learned(&s, ALICE).await, 0, "nothing played yet");
    // One finished match, then one being played.
    battle(&s, 1).await;
    let ended = s.matches().forfeit(ALICE).await.unwrap().expect("an end");
    s.matches().mark_announced(&ended).await;
    battle(&s, 2).await;
    assert_eq!(
        learned(&s, ALICE).await,
        1,
        "the live match is not learned from"
    );
    assert_eq!(learned(&s, BOB).await, 1);
    // Its end makes it count.
    let ended = s.matches().forfeit(BOB).await.unwrap().expect("an end");
    s.matches().mark_announced(&ended).await;
    assert_eq!(learned(&s, ALICE).await, 2);
    // After a restart the model is learned again from the database.
    drop(s);
    let s = session(db.open().await);
    assert_eq!(learned(&s, ALICE).await, 2);
    // `/privacy delete` leaves nothing to learn from.
    s.privacy().forget(ALICE).await.unwrap();
    assert_eq!(learned(&s, ALICE).await, 0);
    assert_eq!(learned(&s, BOB).await, 2);
}

/// The computer's seat.
const BOT: PlayerId = PlayerId(2999);
/// Alice's fleet in the match against the computer that is being played: like neither of
/// the fleets of her finished matches.
const CLASSIC_LIVE: &str = "A10-D10 F10-H10 A8-C8 E8-F8 H8-I8 A6-B6 D6 F6 H6 J1";

fn fleet(text: &str) -> Fleet {
    Fleet::parse(Variant::Classic, text).expect("a classic fleet")
}

/// Two finished matches between Alice and Bob in `GUILD`, each with a shot: Alice with
/// `CLASSIC_A` then `CLASSIC_B`, Bob the other way round. Returns what the hard computer
/// must know of Alice after them, whatever is being played.
async fn two_finished(s: &Session) -> Habits {
    let mut ids = Vec::new();
    for (channel, fleets) in [(1, [CLASSIC_A, CLASSIC_B]), (2, [CLASSIC_B, CLASSIC_A])] {
        let id = battle_with(s, channel, fleets).await;
        let ended = s.matches().forfeit(BOB).await.unwrap().expect("an end");
        assert_eq!(ended.id, id);
        s.matches().mark_announced(&ended).await;
        ids.push(id);
        // Distinct end times: the newest is learned first, as the store orders them.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    finished_alone(s, &ids).await
}

/// The model of Alice learned from the finished matches `ids` alone (oldest first): her
/// fleets in them, newest first, against all four fleets of the server's members.
async fn finished_alone(s: &Session, ids: &[MatchId]) -> Habits {
    let (mut hers, mut everyone) = (Vec::new(), Vec::new());
    for id in ids.iter().rev() {
        let stored = s
            .store()
            .finished()
            .get(*id)
            .await
            .unwrap()
            .expect("stored");
        assert!(!stored.live);
        let entry: Entry = serde_json::from_slice(&stored.state).unwrap();
        let [alice, bob] =
            [ALICE, BOB].map(|p| PastFleet::of(&entry.game, p).expect("a finished battle"));
        hers.push(alice.clone());
        everyone.extend([alice, bob]);
    }
    let placed: Vec<&Fleet> = everyone.iter().map(PastFleet::fleet).collect();
    let [a, b] = [fleet(CLASSIC_A), fleet(CLASSIC_B)];
    assert_eq!(placed, [&b, &a, &a, &b], "the fleets placed, newest first");
    let server = Habits::population(Variant::Classic, &everyone);
    Habits::learn(Variant::Classic, &hers, Some(&server))
}

/// [`battle`] with Alice's and Bob's fleets given.
async fn battle_with(s: &Session, channel: u64, fleets: [&str; 2]) -> MatchId {
    battle_in(s, channel, Some(GUILD), fleets).await
}

/// [`battle_with`] in `guild` (`None`: outside servers).
async fn battle_in(
    s: &Session,
    channel: u64,
    guild: Option<broadside::ids::GuildId>,
    fleets: [&str; 2],
) -> MatchId {
    let new = NewMatch {
        guild,
        ..fixtures::new_match(
            ChannelKey(channel),
            broadside::ids::GuildId(0),
            [ALICE, BOB],
            ["Alice", "Bob"],
        )
    };
    let id = s.matches().challenge(new).await.unwrap().id;
    s.matches().accept(id, BOB, None).await.unwrap();
    let first = fixtures::ready_both(s, id, [(ALICE, fleets[0]), (BOB, fleets[1])]).await;
    s.matches()
        .fire(ChannelKey(channel), first, "E5")
        .await
        .unwrap();
    id
}

/// Alice against the hard computer in channel 3, with `CLASSIC_LIVE`, until both have
/// fired (the computer learns her habits on its first move); with how many shots she fired.
async fn against_the_computer(s: &Session) -> (MatchId, usize) {
    let new = NewMatch {
        channel: ChannelKey(3),
        guild: Some(GUILD),
        challenger: ALICE,
        opponent: BOT,
        names: ["Alice".into(), "Broadside".into()],
        variant: Variant::Classic,
        options: broadside::game::MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: Some(Difficulty::Hard),
        pace: Pace::Standard,
        rated: false,
        thread: false,
    };
    let id = s.matches().challenge(new).await.unwrap().id;
    let preview = s.matches().place(ALICE, Some(CLASSIC_LIVE)).await.unwrap();
    s.matches().ready(id, ALICE, &preview.tag()).await.unwrap();
    let mut aimed = 0;
    play_until_both_moved(s, id, &mut aimed).await;
    (id, aimed)
}

/// Alice's shots: along the top rows, never the same cell twice.
fn alices_shot(n: usize) -> String {
    let col = char::from(b'A' + u8::try_from(n % 10).unwrap());
    format!("{col}{}", n / 10 + 1)
}

/// Plays on until Alice and the computer have each moved once more (a hit in classic
/// shoots again); `aimed` counts Alice's shots so far.
async fn play_until_both_moved(s: &Session, id: MatchId, aimed: &mut usize) {
    let (mut alice, mut computer) = (false, false);
    while !(alice && computer) {
        let to_move = s
            .read(Locate::Id(id), |e| e.game.to_move())
            .await
            .flatten()
            .expect("the match goes on");
        if to_move == ALICE {
            s.matches()
                .fire(ChannelKey(3), ALICE, &alices_shot(*aimed))
                .await
                .unwrap();
            *aimed += 1;
            alice = true;
        } else {
            let turn = s
                .matches()
                .computer_turn(id)
                .await
                .expect("the computer moves");
            assert!(turn.ended.is_none(), "the match goes on");
            computer = true;
        }
    }
}

/// The model the hard computer uses for Alice now, which must be `expected`, that of the
/// finished matches alone.
async fn assert_finished_alone(s: &Session, expected: &Habits, when: &str) -> Arc<Habits> {
    let model = s
        .habits(ALICE, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert_eq!(
        model.fleets(),
        2,
        "{when}: the live match's fleet is not learned"
    );
    assert!(
        *model == *expected,
        "{when}: learned {}, not the finished matches' {}",
        model.summary(),
        expected.summary()
    );
    model
}

/// Issue 40: the bot restarts while Alice plays the hard computer; the new session learns
/// her habits with nothing cached, while the match is live.
async fn a_restart_mid_match_learns_the_finished_matches_only(db: Db) {
    let s = session(db.open().await);
    let expected = two_finished(&s).await;
    let (id, mut aimed) = against_the_computer(&s).await;
    assert_finished_alone(&s, &expected, "before the restart").await;
    drop(s);
    let (s, resumed, _) = Session::restore(
        db.open().await,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(30)),
    )
    .await
    .unwrap();
    assert_eq!(resumed.len(), 1, "the match against the computer goes on");
    // The computer's next move learns her habits anew, with her fleet in the match.
    play_until_both_moved(&s, id, &mut aimed).await;
    assert_finished_alone(&s, &expected, "after the restart").await;
}

/// Issue 40: the same with the model expired while the match is live.
async fn an_expired_model_is_learned_from_the_finished_matches_only(db: Db) {
    let lifetime = Duration::from_millis(300);
    let s = session(db.open().await).with_habits_fresh_for(lifetime);
    let expected = two_finished(&s).await;
    let (id, mut aimed) = against_the_computer(&s).await;
    let before = assert_finished_alone(&s, &expected, "before it expired").await;
    tokio::time::sleep(lifetime + Duration::from_millis(50)).await;
    play_until_both_moved(&s, id, &mut aimed).await;
    let after = assert_finished_alone(&s, &expected, "after it expired").await;
    assert!(!Arc::ptr_eq(&before, &after), "the model was learned again");
}

/// Issue 40: the store alone: a live match with moves is never returned as finished, for
/// a member, for a server or outside servers.
async fn the_store_never_returns_a_live_match_as_finished(db: Db) {
    let s = session(db.open().await);
    let finish = async |channel, guild| {
        let id = battle_in(&s, channel, guild, [CLASSIC_A, CLASSIC_B]).await;
        let ended = s.matches().forfeit(BOB).await.unwrap().expect("an end");
        s.matches().mark_announced(&ended).await;
        tokio::time::sleep(Duration::from_millis(5)).await;
        id.0
    };
    let here = finish(1, Some(GUILD)).await;
    let outside = finish(3, None).await;
    let store = s.store();
    let ids = |rows: Vec<broadside::store::FinishedMatch>| -> Vec<u64> {
        rows.iter().map(|row| row.id().0).collect()
    };
    let check = async |live: MatchId, finished_here: &[u64], finished_outside: &[u64]| {
        assert!(
            !store.finished().moves(live).await.unwrap().is_empty(),
            "the live match has moves"
        );
        let mut theirs = [finished_here, finished_outside].concat();
        theirs.sort_unstable();
        for who in [ALICE, BOB] {
            let mut rows = ids(store
                .finished()
                .latest(FinishedOf::Member(who), "classic", 50)
                .await
                .unwrap());
            rows.sort_unstable();
            assert_eq!(rows, theirs, "{who:?}'s finished matches");
        }
        let rows = store
            .finished()
            .latest(FinishedOf::Server(GUILD), "classic", 200)
            .await
            .unwrap();
        assert_eq!(ids(rows), finished_here, "the server's finished matches");
        let rows = store
            .finished()
            .latest(FinishedOf::OutsideServers, "classic", 200)
            .await
            .unwrap();
        assert_eq!(
            ids(rows),
            finished_outside,
            "the finished matches outside servers"
        );
    };
    // A live match in the server, then one outside servers.
    let live = battle_in(&s, 2, Some(GUILD), [CLASSIC_B, CLASSIC_A]).await;
    check(live, &[here], &[outside]).await;
    let ended = s.matches().forfeit(BOB).await.unwrap().expect("an end");
    s.matches().mark_announced(&ended).await;
    let live = battle_in(&s, 4, None, [CLASSIC_B, CLASSIC_A]).await;
    check(live, &[ended.id.0, here], &[outside]).await;
}

/// Members of the seeded matches of [`seeded`].
const SEEDED_MEMBERS: u64 = 40;
/// The first of them.
const FIRST_SEEDED: u64 = 3_000_001;

/// One match of [`seeded`]: id, players, server, rule set, whether it is over, whether a
/// shot was fired, and when it ended (or last changed).
#[derive(Clone, Copy, Debug)]
struct Seeded {
    id: u64,
    players: [u64; 2],
    guild: Option<u64>,
    variant: &'static str,
    over: bool,
    shot: bool,
    at_ms: i64,
}

/// 1 200 matches between [`SEEDED_MEMBERS`] members in 12 servers and outside them, of
/// both rule sets, a few live and a few without a shot, many ending at the same moment
/// as another, in no order of their ids; written straight to the store.
async fn seeded(store: &dyn broadside::store::Store) -> Vec<Seeded> {
    let all: Vec<Seeded> = (0..1200_u64)
        .map(|i| {
            let a = i % SEEDED_MEMBERS;
            let b = (a + 1 + (i * 7) % (SEEDED_MEMBERS - 1)) % SEEDED_MEMBERS;
            Seeded {
                id: 1_000_003 * (i % 97) + i + 1,
                players: [FIRST_SEEDED + a, FIRST_SEEDED + b],
                guild: (i % 13 != 0).then_some(100 + i % 13),
                variant: if (i / 13) % 2 == 0 {
                    "classic"
                } else {
                    "game2000"
                },
                over: i % 17 != 5,
                shot: i % 11 != 4,
                at_ms: 1_700_000_000_000 + i64::try_from((i * 389) % 600).unwrap() * 1000,
            }
        })
        .collect();
    let records: Vec<broadside::store::MatchRecord> = all
        .iter()
        .map(|m| broadside::store::MatchRecord {
            id: broadside::ids::MatchId(m.id),
            version: 9,
            channel: broadside::ids::ChannelKey(50_000 + m.id),
            guild: m.guild.map(broadside::ids::GuildId),
            players: m.players.map(broadside::game::PlayerId),
            variant: m.variant,
            options: "{}".into(),
            computer: None,
            phase: if m.over { "finished" } else { "battle" },
            deadline_ms: Timestamp(m.at_ms + 60_000),
            state: format!("{{\"seeded\":{}}}", m.id).into_bytes().into(),
            result: m.over.then_some(broadside::store::MatchResult {
                how: "forfeit",
                winner: Some(broadside::game::PlayerId(m.players[0])),
                loser: Some(broadside::game::PlayerId(m.players[1])),
            }),
            created_ms: Timestamp(m.at_ms - 600_000),
            updated_ms: Timestamp(m.at_ms),
            moves: if m.shot {
                vec![broadside::store::MoveRecord {
                    seq: 1,
                    player: broadside::game::PlayerId(m.players[0]),
                    turn: 1,
                    cells: "C4".into(),
                    reports: "[\"Miss\"]".into(),
                    at_ms: Timestamp(m.at_ms),
                }]
            } else {
                Vec::new()
            },
            claims: Vec::new(),
            computer_next: false,
            played: None,
            rematch_of: None,
            remind_ms: None,
            post_channel: None,
        })
        .collect();
    store.live().save_all(&records).await.expect("seeded");
    all
}

/// What [`FinishedStore::latest`](broadside::store::FinishedStore::latest) must return of `all`: the
/// finished matches with a shot that `keep` takes, newest first (the smaller id first
/// among those that ended together), at most `limit`.
fn expected(all: &[Seeded], keep: impl Fn(&Seeded) -> bool, limit: usize) -> Vec<u64> {
    let mut found: Vec<&Seeded> = all.iter().filter(|m| m.over && m.shot && keep(m)).collect();
    found.sort_by_key(|m| (std::cmp::Reverse(m.at_ms), m.id));
    found.iter().take(limit).map(|m| m.id).collect()
}

/// Issue 36, item 2: the habit queries, split into a member's, a server's and those
/// outside servers, return the newest finished matches with a shot, in order, at most as
/// many as asked, whichever seat the member held.
async fn the_habit_queries_return_the_newest_finished_matches(db: Db) {
    let store = db.store().await;
    let all = seeded(store.as_ref()).await;
    let ids = |rows: Vec<broadside::store::FinishedMatch>| -> Vec<u64> {
        rows.iter().map(|row| row.id().0).collect()
    };
    for variant in ["classic", "game2000"] {
        for member in [
            FIRST_SEEDED,
            FIRST_SEEDED + 7,
            FIRST_SEEDED + SEEDED_MEMBERS - 1,
        ] {
            for limit in [50, 4] {
                let got = ids(store
                    .finished()
                    .latest(FinishedOf::Member(PlayerId(member)), variant, limit)
                    .await
                    .unwrap());
                let want = expected(
                    &all,
                    |m| m.variant == variant && m.players.contains(&member),
                    limit as usize,
                );
                assert!(want.len() >= 4, "the seeds give each member matches");
                assert_eq!(got, want, "member {member}, {variant}, at most {limit}");
            }
        }
        for guild in [Some(100 + 1), Some(100 + 12), None] {
            for limit in [200, 7] {
                let got = ids(store
                    .finished()
                    .latest(
                        guild.map_or(FinishedOf::OutsideServers, |g| {
                            FinishedOf::Server(GuildId(g))
                        }),
                        variant,
                        limit,
                    )
                    .await
                    .unwrap());
                let want = expected(
                    &all,
                    |m| m.variant == variant && m.guild == guild,
                    limit as usize,
                );
                assert!(want.len() >= 7, "the seeds give each server matches");
                assert_eq!(got, want, "server {guild:?}, {variant}, at most {limit}");
            }
        }
    }
}

/// The plan of `sql` (with `binds`: numbers, then the rule set, then the limit) on `db`,
/// one line per step: SQLite's `EXPLAIN QUERY PLAN`, or PostgreSQL's `EXPLAIN` with
/// sequential scans and sorts priced out (at this table's size its planner would rather
/// scan it; what is checked is that an index gives the rows in the order wanted).
async fn plan(db: &Db, sql: &str, key: Option<i64>, limit: i64) -> Vec<String> {
    if db.is_shared() {
        use sqlx::Connection as _;
        let mut conn = sqlx::PgConnection::connect(&db.url()).await.unwrap();
        for set in ["SET enable_seqscan = off", "SET enable_sort = off"] {
            sqlx::query(set).execute(&mut conn).await.unwrap();
        }
        let explain = format!("EXPLAIN {sql}");
        let mut query = sqlx::query_scalar::<_, String>(&explain);
        if let Some(key) = key {
            query = query.bind(key);
        }
        query
            .bind("classic")
            .bind(limit)
            .fetch_all(&mut conn)
            .await
            .unwrap()
    } else {
        use sqlx::Row as _;
        let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
        let explain = format!("EXPLAIN QUERY PLAN {sql}");
        let mut query = sqlx::query(&explain);
        if let Some(key) = key {
            query = query.bind(key);
        }
        let rows = query
            .bind("classic")
            .bind(limit)
            .fetch_all(&pool)
            .await
            .unwrap();
        rows.iter().map(|r| r.get::<String, _>("detail")).collect()
    }
}

/// Issue 36, item 2: each habit query reads the matches along its index, in order: no
/// scan of the matches and no sort, on SQLite (`EXPLAIN QUERY PLAN`) and PostgreSQL
/// (`EXPLAIN`).
async fn the_habit_queries_read_along_their_indexes(db: Db) {
    use broadside::store::{FINISHED_BY_MEMBER, FINISHED_IN_SERVER, FINISHED_OUTSIDE_SERVERS};
    let store = db.store().await;
    seeded(store.as_ref()).await;
    let member = i64::try_from(FIRST_SEEDED + 3).unwrap();
    for (sql, key, limit, indexes) in [
        (
            FINISHED_BY_MEMBER,
            Some(member),
            50,
            &["matches_challenger_finished", "matches_opponent_finished"][..],
        ),
        (
            FINISHED_IN_SERVER,
            Some(101),
            200,
            &["matches_guild_finished"][..],
        ),
        // (SQLite may take either index, both give the order; PostgreSQL's own order of
        // the server index does not hold across `guild_id IS NULL`.)
        (
            FINISHED_OUTSIDE_SERVERS,
            None,
            200,
            &["matches_outside_finished|matches_guild_finished"][..],
        ),
    ] {
        let steps = plan(&db, sql, key, limit).await;
        let text = steps.join("\n");
        for choice in indexes {
            let used = choice.split('|').any(|index| {
                text.contains(&if db.is_shared() {
                    format!("Index Scan using {index} on matches")
                } else {
                    format!("SEARCH matches USING INDEX {index} (")
                })
            });
            assert!(used, "{choice} is used:\n{text}");
        }
        for bad in ["SCAN matches", "Seq Scan", "Bitmap Heap Scan on matches"] {
            assert!(!text.contains(bad), "no {bad}:\n{text}");
        }
        // No sort of the matches read: PostgreSQL merges the member's two seats in order;
        // SQLite orders only each seat's newest `limit`, which it read in order (the
        // output of a `LIMIT`ed arm, never the matches themselves).
        for (i, step) in steps.iter().enumerate() {
            let node = step.trim_start().trim_start_matches("->").trim_start();
            assert!(
                !node.starts_with("Sort  (") && !node.starts_with("Incremental Sort  ("),
                "no sort:\n{text}"
            );
            if step.contains("TEMP B-TREE") {
                let arm = i.checked_sub(1).map(|j| steps[j].as_str());
                assert!(
                    sql == FINISHED_BY_MEMBER
                        && matches!(arm, Some("SCAN challenged" | "SCAN accepted")),
                    "no sort of the matches:\n{text}"
                );
            }
        }
        // Each index is searched by its key, not read whole.
        if db.is_shared() {
            let conds = steps
                .iter()
                .filter(|l| l.contains("Index Cond: (") && l.contains("variant = "))
                .count();
            assert!(conds >= indexes.len(), "searched by key:\n{text}");
        } else {
            assert!(text.contains("variant=?"), "searched by key:\n{text}");
        }
    }
}

/// Issue 36, item 8, the store alone: a forget bumps the epoch of the member's bucket (their
/// id modulo 1024) in its transaction, and a refused one writes nothing.
async fn a_forget_bumps_the_epoch_of_the_members_bucket(db: Db) {
    let s = session(db.open().await);
    let store = s.store();
    // Carol shares Alice's bucket; Bob has his own.
    let carol = ALICE.0 + broadside::store::HABIT_BUCKETS;
    let epochs = async || {
        let mut read = Vec::new();
        for who in [ALICE.0, carol, BOB.0] {
            read.push(store.finished().habit_epoch(PlayerId(who)).await.unwrap());
        }
        read
    };
    assert_eq!(epochs().await, [0, 0, 0], "nobody forgotten yet");
    battle(&s, 1).await;
    assert!(matches!(
        s.privacy().forget(BOB).await,
        Err(broadside::session::ForgetError::Playing)
    ));
    assert_eq!(epochs().await, [0, 0, 0], "a refused forget bumps nothing");
    let ended = s.matches().forfeit(ALICE).await.unwrap().expect("an end");
    s.matches().mark_announced(&ended).await;
    s.privacy().forget(ALICE).await.unwrap();
    assert_eq!(epochs().await, [1, 1, 0], "Alice's bucket, Carol's too");
    s.privacy().forget(PlayerId(carol)).await.unwrap();
    assert_eq!(epochs().await, [2, 2, 0]);
}

/// Issue 36, item 8, on one process: Alice is forgotten in the store behind the session's
/// back (as another process would, so the session's own drop at its forget plays no part);
/// the session's next use of her model no longer holds her fleets.
async fn a_forget_elsewhere_drops_the_cached_model(db: Db) {
    let s = session(db.open().await);
    two_finished(&s).await;
    let bobs = s
        .habits(BOB, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert_eq!(learned(&s, ALICE).await, 2, "learned and cached");
    let renamed: Vec<broadside::store::Renamed> = s
        .store()
        .privacy()
        .matches_of(ALICE)
        .await
        .unwrap()
        .into_iter()
        .map(
            |broadside::store::MatchState { id, .. }| broadside::store::Renamed {
                id,
                state: None,
                placeholder: PlayerId::DELETED_OTHER,
            },
        )
        .collect();
    assert_eq!(renamed.len(), 2);
    assert_eq!(
        s.store().privacy().forget(ALICE, &renamed).await.unwrap(),
        broadside::store::Forgot::Done
    );
    assert_eq!(learned(&s, ALICE).await, 0, "her cached model is dropped");
    let again = s
        .habits(BOB, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert!(Arc::ptr_eq(&bobs, &again), "Bob's bucket was not bumped");
}

on_both_stores!(
    a_forget_bumps_the_epoch_of_the_members_bucket,
    a_forget_elsewhere_drops_the_cached_model,
    habits_come_from_finished_matches_only,
    a_restart_mid_match_learns_the_finished_matches_only,
    an_expired_model_is_learned_from_the_finished_matches_only,
    the_store_never_returns_a_live_match_as_finished,
    the_habit_queries_return_the_newest_finished_matches,
    the_habit_queries_read_along_their_indexes,
);

/// Issue 40: on PostgreSQL, a second process learns Alice's habits (and plays the
/// computer's move) while the match is live on the first.
#[tokio::test]
async fn another_process_learns_the_finished_matches_only() {
    let Some(db) = Db::postgres("habits_other_process").await else {
        return;
    };
    let first = session(db.open().await);
    let expected = two_finished(&first).await;
    let (id, mut aimed) = against_the_computer(&first).await;
    let second = session(db.open().await);
    // The second process runs the computer's next move, as its sweep would.
    play_until_both_moved(&second, id, &mut aimed).await;
    assert_finished_alone(&second, &expected, "on the second process").await;
    assert_finished_alone(&first, &expected, "on the first process").await;
}

/// Issue 36, item 8: on PostgreSQL, the first process has Alice's model cached (her two
/// finished fleets); the second forgets her (`/privacy delete`); the first's next use of
/// her model no longer holds her fleets, long before the ten minutes are over.
#[tokio::test]
async fn a_forget_on_another_process_drops_its_cached_model() {
    let Some(db) = Db::postgres("habits_forget_elsewhere").await else {
        return;
    };
    let first = session(db.open().await);
    two_finished(&first).await;
    let cached = first
        .habits(ALICE, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert_eq!(cached.fleets(), 2, "the first process learned her fleets");
    let bobs = first
        .habits(BOB, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    let second = session(db.open().await);
    let renamed = second.privacy().forget(ALICE).await.unwrap();
    assert_eq!(renamed.len(), 2, "both finished matches rewritten");
    let after = first
        .habits(ALICE, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert_eq!(
        after.fleets(),
        0,
        "the first process no longer holds her fleets"
    );
    // Learned again once, then kept under the new epoch.
    let kept = first
        .habits(ALICE, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert!(Arc::ptr_eq(&after, &kept), "kept under the new epoch");
    // Bob's bucket was not bumped: his model is still the cached one.
    let again = first
        .habits(BOB, Variant::Classic, Some(GUILD))
        .await
        .expect("a model");
    assert!(Arc::ptr_eq(&bobs, &again), "Bob's model stays cached");
}
