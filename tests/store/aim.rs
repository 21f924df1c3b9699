//! The aim panel's Fire (issue 52 item 8) shoots in the match its panel was made for: a
//! panel kept from an earlier match of the same two players in the same channel fires
//! nothing in their rematch.

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use crate::store::db::{Db, on_both_stores};
use crate::store::fixtures::{self, ALICE, BOB, TIMEOUTS};
use broadside::ids::GuildId;
use broadside::session::{ChannelKey, Locate, Seeds, Session, SessionError};

const HERE: ChannelKey = ChannelKey(52);

async fn a_panel_of_an_earlier_match_fires_nothing_in_the_next(db: Db) {
    let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(52)));
    let mut ids = Vec::new();
    let mut shooters = Vec::new();
    for _ in 0..2 {
        let new = fixtures::new_match(HERE, GuildId(5), [ALICE, BOB], ["Alice", "Bob"]);
        let id = s.matches().challenge(new).await.unwrap().id;
        s.matches().accept(id, BOB, None).await.unwrap();
        let first = fixtures::ready_both(&s, id, [(ALICE, CLASSIC_A), (BOB, CLASSIC_B)]).await;
        ids.push(id);
        shooters.push(first);
        if ids.len() == 1 {
            // The panel's own match takes its shot.
            let fired = s.matches().fire_in(id, HERE, first, "A1").await.unwrap();
            assert_eq!(fired.id, id);
            let ended = s.matches().forfeit(first).await.unwrap().expect("an end");
            s.matches().mark_announced(&ended).await;
        }
    }
    let (old, new) = (ids[0], ids[1]);
    let first = shooters[1];
    let moves = |id| s.read(Locate::Id(id), |e| e.moves);
    let before = moves(new).await;
    let refused = s.matches().fire_in(old, HERE, first, "A2").await;
    assert!(
        matches!(refused, Err(SessionError::NotInThisMatch)),
        "{refused:?}"
    );
    assert_eq!(moves(new).await, before, "nothing fired in the rematch");
    // Its own panel (and /fire) still shoot there.
    let fired = s.matches().fire_in(new, HERE, first, "A2").await.unwrap();
    assert_eq!(fired.id, new);
}

on_both_stores!(a_panel_of_an_earlier_match_fires_nothing_in_the_next);
