//! Issue 51 item 2 on both stores: a join, a leave and a `/privacy delete` that come
//! between a step's read of the entrants and its write make the step run again (it is
//! not written over them); a pairing never names a non-entrant; a forgotten member's id
//! is never written again; a leave takes the member out of the next round actually paired.

use std::collections::BTreeSet;
use std::time::{Duration, SystemTime};

use crate::store::db::{Db, on_both_stores};
use crate::store::tournament::{CREATOR, join_all, member, new, session};

use broadside::game::PlayerId;
use broadside::session::MatchId;
use broadside::session::tournament::{Event, TournamentState};
use broadside::store::{NewPairing, Timestamp, TournamentSnapshot, TournamentStep};

/// The step a start (or the pairing of round `round`) works out from `snap`: every entrant
/// who plays `round` paired in the order read, the last one left over with the bye.
fn pair_all(snap: &TournamentSnapshot, round: u32) -> TournamentStep {
    let playing: Vec<PlayerId> = snap
        .entrants
        .iter()
        .filter(|e| e.withdrawn.is_none_or(|w| w > round))
        .map(|e| e.player)
        .collect();
    let now = Timestamp::of(SystemTime::now());
    let mut pairings: Vec<NewPairing> = playing
        .chunks(2)
        .enumerate()
        .map(|(i, two)| NewPairing {
            round,
            board: i as u32 + 1,
            white: two[0],
            black: two.get(1).copied(),
            match_id: two
                .get(1)
                .map(|_| MatchId(51_000 + u64::from(round) * 100 + i as u64)),
        })
        .collect();
    pairings.sort_by_key(|p| p.board);
    TournamentStep {
        expected: snap.row.version,
        state: "running".into(),
        round,
        round_deadline: Some(now.after(Duration::from_secs(3_600))),
        at: now,
        pairings,
        ..TournamentStep::default()
    }
}

/// Everyone a stored tournament names: its entrants and both sides of its pairings.
fn named(snap: &TournamentSnapshot) -> BTreeSet<PlayerId> {
    snap.entrants
        .iter()
        .map(|e| e.player)
        .chain(snap.pairings.iter().map(|p| p.white))
        .chain(snap.pairings.iter().filter_map(|p| p.black))
        .collect()
}

#[expect(clippy::too_many_lines, reason = "one story, step by step")]
async fn sign_up_changes_between_a_steps_read_and_its_write(db: Db) {
    let s = session(db.open().await);
    let t = s
        .tournaments()
        .create_tournament(new(51, 64))
        .await
        .unwrap();
    join_all(&s, t.id, 5).await;
    let held = std::sync::Arc::clone(s.store());
    let store = held.tournaments().expect("tournaments");

    // A join between the start's read and its write: the start is not written.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let start = pair_all(&snap, 1);
    s.tournaments()
        .join_tournament(t.id, member(6), "P6")
        .await
        .unwrap();
    assert!(
        !store.advance_tournament(t.id, &start).await.unwrap(),
        "a start that missed a join is worked out again"
    );
    // A leave.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let start = pair_all(&snap, 1);
    let (_, from) = s
        .tournaments()
        .leave_tournament(t.id, member(5))
        .await
        .unwrap();
    assert_eq!(from, None, "before the start: no longer an entrant");
    assert!(
        !store.advance_tournament(t.id, &start).await.unwrap(),
        "a start that pairs a member who left is worked out again"
    );
    // A forget.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let start = pair_all(&snap, 1);
    s.privacy().forget(member(4)).await.unwrap();
    assert!(
        !store.advance_tournament(t.id, &start).await.unwrap(),
        "a start that pairs a forgotten member is worked out again"
    );
    // Nothing was written: sign-up is still open, nobody is paired.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    assert_eq!(snap.row.state, "signup");
    assert!(snap.pairings.is_empty(), "{:?}", snap.pairings);
    // Even over the version it read, a pairing that names a non-entrant is not written.
    let mut stale = pair_all(&snap, 1);
    stale.pairings[0].white = member(5);
    assert!(!store.advance_tournament(t.id, &stale).await.unwrap());
    let mut forgotten = pair_all(&snap, 1);
    forgotten.pairings[0].white = member(4);
    assert!(!store.advance_tournament(t.id, &forgotten).await.unwrap());

    // The start now pairs the entrants as they are: 1, 2, 3 and 6.
    let progress = s
        .tournaments()
        .start_tournament(t.id, CREATOR)
        .await
        .unwrap();
    let Some(Event::Paired { round: 1, pairings }) = progress.events.first() else {
        panic!("round 1 paired: {progress:?}");
    };
    let paired: BTreeSet<PlayerId> = pairings
        .iter()
        .flat_map(|p| [Some(p.white), p.black])
        .flatten()
        .collect();
    assert_eq!(
        paired,
        [1, 2, 3, 6]
            .map(member)
            .into_iter()
            .collect::<BTreeSet<_>>()
    );
    // The forgotten member's id is written nowhere, nor is the one who left.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let names = named(&snap);
    assert!(!names.contains(&member(4)), "{names:?}");
    assert!(!names.contains(&member(5)), "{names:?}");
    // Joining is over.
    assert!(
        s.tournaments()
            .join_tournament(t.id, member(7), "P7")
            .await
            .is_err()
    );

    // Running, round 1: a leave between the read and the write of round 2's pairing.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let mut round2 = pair_all(&snap, 2);
    round2.round = 2;
    let (_, from) = s
        .tournaments()
        .leave_tournament(t.id, member(2))
        .await
        .unwrap();
    assert_eq!(from, Some(2), "out from the next round to be paired");
    assert!(
        !store.advance_tournament(t.id, &round2).await.unwrap(),
        "round 2 worked out with them in it is worked out again"
    );
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let mut stale = pair_all(&snap, 2);
    if stale.pairings.iter().all(|p| p.white != member(2)) {
        stale.pairings[0].white = member(2);
    }
    assert!(
        !store.advance_tournament(t.id, &stale).await.unwrap(),
        "a pairing never names a withdrawn member"
    );
    assert_eq!(
        s.tournaments().tournament(t.id).await.unwrap().round,
        1,
        "round 2 is not paired"
    );

    // Paused at pairing round 2 (as a failed pairing leaves it): a leave now takes the
    // member out of round 2, the round still to be paired.
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let pause = TournamentStep {
        expected: snap.row.version,
        state: "paused".into(),
        round: 2,
        note: Some("pairing".into()),
        at: Timestamp::of(SystemTime::now()),
        ..TournamentStep::default()
    };
    assert!(store.advance_tournament(t.id, &pause).await.unwrap());
    assert_eq!(
        s.tournaments().tournament(t.id).await.unwrap().state,
        TournamentState::Paused
    );
    let (_, from) = s
        .tournaments()
        .leave_tournament(t.id, member(3))
        .await
        .unwrap();
    assert_eq!(from, Some(2), "paused at round 2: out from round 2");
    let snap = store.tournament(t.id).await.unwrap().unwrap();
    let out = snap
        .entrants
        .iter()
        .find(|e| e.player == member(3))
        .unwrap();
    assert_eq!(out.withdrawn, Some(2));
}

on_both_stores!(sign_up_changes_between_a_steps_read_and_its_write);
