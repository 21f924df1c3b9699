//! Issue 29 in the session, on both stores: the hard computer's model of a member's
//! placement habits is learned from their finished matches only (never the fleet of a
//! match being played), learned again when a match of theirs ends, and gone with
//! `/privacy delete`.

use crate::db::{Db, on_both_stores};

use broadside::game::{Confirmed, PlayerId, Variant};
use broadside::session::{ChannelKey, MatchId, NewMatch, Pace, Paces, Seeds, Session, Timeouts};

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

on_both_stores!(habits_come_from_finished_matches_only);
