//! The placement editor's writes, counted on both back-ends: a click that changes the
//! draft is written once, while a cursor move and a refused click write nothing (the
//! cursor rides in the editor's controls) and leave the stored match as it was.

use crate::store::db::{Db, Flaky, on_both_stores};
use crate::store::fixtures::{self, TIMEOUTS};

use std::sync::atomic::Ordering;

use broadside::game::editor::Cursor;
use broadside::game::{Orientation, PlayerId};
use broadside::session::{ChannelKey, EditStep, Locate, Seeds, Session};

const ALICE: PlayerId = PlayerId(3001);
const BOB: PlayerId = PlayerId(3002);

async fn a_cursor_move_writes_nothing(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let s = Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(50)));
    let new = fixtures::new_match(
        ChannelKey(5001),
        broadside::ids::GuildId(50),
        [ALICE, BOB],
        ["Alice", "Bob"],
    );
    let id = s.matches().challenge(new).await.unwrap().id;
    s.matches().accept(id, BOB, None).await.unwrap();
    let writes = || flaky.writes.load(Ordering::SeqCst);
    let version = || async { s.read(Locate::Id(id), |e| e.version).await.unwrap() };

    let opened = s
        .matches()
        .edit(id, ALICE, None, EditStep::Open)
        .await
        .unwrap();
    assert_eq!(opened.refused, None);
    let cleared = s
        .matches()
        .edit(id, ALICE, None, EditStep::Clear)
        .await
        .unwrap();
    assert_eq!(cleared.draft.placed().count(), 0);
    let (before, stored) = (writes(), version().await);

    // Picking a ship, then a column: the editor shows the new cursor, nothing is written.
    let aimed = Cursor {
        ship: 1,
        bow: "C3".parse().unwrap(),
    };
    let moved = s
        .matches()
        .edit(id, ALICE, Some(aimed), EditStep::Aim)
        .await
        .unwrap();
    assert_eq!(moved.refused, None);
    assert_eq!(moved.draft.cursor(), aimed);
    let again = Cursor {
        bow: "D3".parse().unwrap(),
        ..aimed
    };
    let moved = s
        .matches()
        .edit(id, ALICE, Some(again), EditStep::Aim)
        .await
        .unwrap();
    assert_eq!(moved.draft.cursor(), again);
    assert_eq!(writes() - before, 0, "a cursor move makes no write");
    assert_eq!(version().await, stored, "nor a new version");

    // A refused click (Ready with no ship placed) writes nothing either.
    let refused = s
        .matches()
        .edit(id, ALICE, Some(again), EditStep::Ready)
        .await
        .unwrap();
    assert!(refused.refused.is_some(), "{refused:?}");
    assert_eq!(refused.draft.cursor(), again, "the cursor the player sees");
    assert_eq!(writes() - before, 0, "a refused click makes no write");
    assert_eq!(version().await, stored);

    // Placing the ship on the cursor the controls carry is one write.
    let placed = s
        .matches()
        .edit(
            id,
            ALICE,
            Some(again),
            EditStep::Place(Orientation::Horizontal),
        )
        .await
        .unwrap();
    assert_eq!(placed.refused, None);
    assert_eq!(placed.draft.placed().count(), 1);
    assert_eq!(writes() - before, 1, "a placed ship is one write");
    assert_eq!(version().await, stored + 1);
}

on_both_stores!(a_cursor_move_writes_nothing);
