//! Issue 29 in the session, on both stores: the hard computer's model of a member's
//! placement habits is learned from their finished matches only (never the fleet of a
//! match being played), learned again when a match of theirs ends, and gone with
//! `/privacy delete`. Issue 40: whenever the model is learned while a match against the
//! hard computer is live (after a restart, after the cache expired, on another process),
//! it is exactly the model of the finished matches alone; and the store never returns a
//! live match as a finished one.

use std::sync::Arc;
use std::time::Duration;

use crate::db::{Db, on_both_stores};

use broadside::ai::{Difficulty, Habits, PastFleet};
use broadside::game::{Confirmed, Fleet, PlayerId, Variant};
use broadside::session::{
    ChannelKey, Entry, Locate, MatchId, NewMatch, Pace, Paces, Seeds, Session, Timeouts,
};

const ALICE: PlayerId = PlayerId(2901);
const BOB: PlayerId = PlayerId(2902);
const GUILD: u64 = 29;
const CLASSIC_A: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";
const CLASSIC_B: &str = "J1-J4 H1-H3 A10-C10 A1-A2 C1-D1 F1 E5-E6 G8 I7 I10";

fn session(opened: broadside::store::Opened) -> Session {
    Session::new(
        opened,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(29)),
    )
}

/// A classic battle between Alice and Bob in `channel`, with one shot fired.
async fn battle(s: &Session, channel: u64) -> (MatchId, PlayerId) {
    let new = NewMatch {
        channel: ChannelKey(channel),
        guild: Some(GUILD),
        challenger: ALICE,
        opponent: BOB,
        names: ["Alice".into(), "Bob".into()],
        variant: Variant::Classic,
        options: broadside::game::MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: None,
        pace: Pace::Standard,
        rated: true,
        thread: false,
    };
    let id = s.challenge(new).await.unwrap().id;
    s.accept(id, BOB, None).await.unwrap();
    let mut first = None;
    for (p, fleet) in [(ALICE, CLASSIC_A), (BOB, CLASSIC_B)] {
        let preview = s.place(p, Some(fleet)).await.unwrap();
        if let Confirmed::BattleStarts { first: f } =
            s.ready(id, p, &preview.tag()).await.unwrap().confirmed
        {
            first = Some(f);
        }
    }
    let first = first.expect("the battle began");
    s.fire(ChannelKey(channel), first, "E5").await.unwrap();
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
    let ended = s.forfeit(ALICE).await.unwrap().expect("an end");
    s.announced(&ended).await;
    battle(&s, 2).await;
    assert_eq!(
        learned(&s, ALICE).await,
        1,
        "the live match is not learned from"
    );
    assert_eq!(learned(&s, BOB).await, 1);
    // Its end makes it count.
    let ended = s.forfeit(BOB).await.unwrap().expect("an end");
    s.announced(&ended).await;
    assert_eq!(learned(&s, ALICE).await, 2);
    // After a restart the model is learned again from the database.
    drop(s);
    let s = session(db.open().await);
    assert_eq!(learned(&s, ALICE).await, 2);
    // `/privacy delete` leaves nothing to learn from.
    s.forget(ALICE).await.unwrap();
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
        let ended = s.forfeit(BOB).await.unwrap().expect("an end");
        assert_eq!(ended.id, id);
        s.announced(&ended).await;
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
        let stored = s.store().get(id.0).await.unwrap().expect("stored");
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
    let new = NewMatch {
        channel: ChannelKey(channel),
        guild: Some(GUILD),
        challenger: ALICE,
        opponent: BOB,
        names: ["Alice".into(), "Bob".into()],
        variant: Variant::Classic,
        options: broadside::game::MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: None,
        pace: Pace::Standard,
        rated: true,
        thread: false,
    };
    let id = s.challenge(new).await.unwrap().id;
    s.accept(id, BOB, None).await.unwrap();
    let mut first = None;
    for (p, fleet) in [(ALICE, fleets[0]), (BOB, fleets[1])] {
        let preview = s.place(p, Some(fleet)).await.unwrap();
        if let Confirmed::BattleStarts { first: f } =
            s.ready(id, p, &preview.tag()).await.unwrap().confirmed
        {
            first = Some(f);
        }
    }
    s.fire(ChannelKey(channel), first.expect("the battle began"), "E5")
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
    let id = s.challenge(new).await.unwrap().id;
    let preview = s.place(ALICE, Some(CLASSIC_LIVE)).await.unwrap();
    s.ready(id, ALICE, &preview.tag()).await.unwrap();
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
            s.fire(ChannelKey(3), ALICE, &alices_shot(*aimed))
                .await
                .unwrap();
            *aimed += 1;
            alice = true;
        } else {
            let turn = s.computer_turn(id).await.expect("the computer moves");
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
/// a member or for a server.
async fn the_store_never_returns_a_live_match_as_finished(db: Db) {
    let s = session(db.open().await);
    let done = battle_with(&s, 1, [CLASSIC_A, CLASSIC_B]).await;
    let ended = s.forfeit(BOB).await.unwrap().expect("an end");
    s.announced(&ended).await;
    let live = battle_with(&s, 2, [CLASSIC_B, CLASSIC_A]).await;
    let store = s.store();
    assert!(
        !store.moves(live.0).await.unwrap().is_empty(),
        "the live match has moves"
    );
    let ids = |rows: Vec<broadside::store::FinishedMatch>| -> Vec<u64> {
        rows.iter()
            .map(broadside::store::FinishedMatch::id)
            .collect()
    };
    for who in [ALICE, BOB] {
        let rows = store
            .finished(Some(who.0), None, "classic", 50)
            .await
            .unwrap();
        assert_eq!(ids(rows), [done.0], "{who:?}'s finished matches");
    }
    let rows = store
        .finished(None, Some(GUILD), "classic", 200)
        .await
        .unwrap();
    assert_eq!(ids(rows), [done.0], "the server's finished matches");
}

on_both_stores!(
    habits_come_from_finished_matches_only,
    a_restart_mid_match_learns_the_finished_matches_only,
    an_expired_model_is_learned_from_the_finished_matches_only,
    the_store_never_returns_a_live_match_as_finished,
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
