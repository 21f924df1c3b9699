//! The global leaderboard (issue 38, item 5): only members who opted in are on it, it
//! follows their ratings from matches anywhere (servers, DMs, group DMs), and hiding or
//! `/privacy delete` takes them off. Every test runs on SQLite and on PostgreSQL.

use crate::store::db::{Db, on_both_stores};
use crate::store::fixtures::{self, TIMEOUTS};

use std::sync::Arc;

use broadside::game::{PlayerId, Variant};
use broadside::ids::GuildId;
use broadside::session::{Seeds, Session};
use broadside::store::Rated;
use broadside::store::{GLOBAL_BOARD, Places, Store};

const GUILD: u64 = 5;
const OTHER_GUILD: u64 = 6;

/// Stores the end of a rated classic match that `a` won against `b`, in `guild` (`None`:
/// outside servers, as in a DM or group DM).
async fn won(store: &Arc<dyn Store>, id: u64, a: u64, b: u64, guild: Option<u64>) {
    let at = i64::try_from(id).unwrap();
    let guild = guild.map(broadside::ids::GuildId);
    let record = fixtures::finished_record(id, [a, b], guild, fixtures::sunk(a, b), at);
    store.live().save(&record).await.unwrap();
}

/// The members on the global board in classic, in its order.
async fn global(store: &Arc<dyn Store>) -> Vec<u64> {
    let page = store
        .finished()
        .leaderboard(GLOBAL_BOARD, "classic", Places::first(100))
        .await
        .unwrap();
    assert_eq!(page.total as usize, page.rows.len());
    page.rows.iter().map(|r| r.player.0).collect()
}

async fn only_members_who_opted_in_are_on_the_global_board(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(1)));
    // 11 beats 12 in a server, 13 beats 14 outside servers (twice), 15 beats 16 in
    // another server.
    won(&store, 1, 11, 12, Some(GUILD)).await;
    won(&store, 2, 13, 14, None).await;
    won(&store, 3, 13, 14, None).await;
    won(&store, 4, 15, 16, Some(OTHER_GUILD)).await;
    // A match outside servers is rated like one in a server.
    let Rated {
        rating: r13,
        record: rec13,
    } = store
        .finished()
        .rating(PlayerId(13), "classic")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((r13.games, rec13.wins), (2, 2));
    // Hidden by default: nobody is on it, whatever they played.
    assert!(global(&store).await.is_empty());
    assert!(!s.privacy().leaderboard_visible(PlayerId(11)).await.unwrap());
    // 11 and 13 opt in: both are listed with their ratings, the better first; 13 played
    // outside servers only and is on no server's board.
    for p in [11, 13] {
        s.privacy()
            .set_leaderboard_visible(PlayerId(p), true)
            .await
            .unwrap();
    }
    assert!(s.privacy().leaderboard_visible(PlayerId(13)).await.unwrap());
    assert_eq!(global(&store).await, vec![13, 11]);
    let board = s
        .standings()
        .leaderboard(GLOBAL_BOARD, Variant::Classic, 0, PlayerId(12))
        .await
        .unwrap();
    assert_eq!(board.rows.len(), 2);
    assert_eq!(board.rows[0].standing.rating, r13);
    assert_eq!(board.rows[0].standing.name, "P13");
    // 12 is not listed, so has no own line below it.
    assert!(board.you.is_none());
    let server: Vec<u64> = store
        .finished()
        .leaderboard(GuildId(GUILD), "classic", Places::first(100))
        .await
        .unwrap()
        .rows
        .iter()
        .map(|r| r.player.0)
        .collect();
    assert_eq!(server, vec![11, 12], "the server's board is its own");
    // Opting in twice changes nothing.
    s.privacy()
        .set_leaderboard_visible(PlayerId(11), true)
        .await
        .unwrap();
    assert_eq!(global(&store).await, vec![13, 11]);
    follows_their_ratings_until_hidden(&s, &store).await;
}

/// After [`only_members_who_opted_in_are_on_the_global_board`]'s start (11 and 13 listed):
/// the board follows their ratings, takes a member who opted in before playing, and
/// leaves out a member who hid again.
async fn follows_their_ratings_until_hidden(s: &Session, store: &Arc<dyn Store>) {
    let store = store.clone();
    // It follows their ratings: 11 wins three more (in a DM), now ahead of 13.
    for id in 5..8 {
        won(&store, id, 11, 100 + id, None).await;
    }
    let Rated { rating: r11, .. } = store
        .finished()
        .rating(PlayerId(11), "classic")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(global(&store).await, vec![11, 13]);
    let place = store
        .finished()
        .place(GLOBAL_BOARD, "classic", PlayerId(11))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(place.position, 0);
    let top = store
        .finished()
        .leaderboard(GLOBAL_BOARD, "classic", Places::first(1))
        .await
        .unwrap();
    assert_eq!(top.rows[0].rating, r11);
    // A member who opts in before their first rated match is listed after it.
    s.privacy()
        .set_leaderboard_visible(PlayerId(17), true)
        .await
        .unwrap();
    assert_eq!(global(&store).await, vec![11, 13]);
    won(&store, 20, 17, 18, Some(GUILD)).await;
    assert_eq!(global(&store).await, vec![11, 13, 17]);
    // Hidden again: off the board, and it no longer follows them.
    s.privacy()
        .set_leaderboard_visible(PlayerId(11), false)
        .await
        .unwrap();
    assert!(!s.privacy().leaderboard_visible(PlayerId(11)).await.unwrap());
    assert_eq!(global(&store).await, vec![13, 17]);
    assert_eq!(
        store
            .finished()
            .place(GLOBAL_BOARD, "classic", PlayerId(11))
            .await
            .unwrap(),
        None
    );
    won(&store, 21, 11, 19, Some(GUILD)).await;
    assert_eq!(global(&store).await, vec![13, 17]);
    // The server boards keep him.
    assert_eq!(
        store
            .finished()
            .leaderboard(GuildId(GUILD), "classic", Places::first(100))
            .await
            .unwrap()
            .rows[0]
            .player,
        PlayerId(11)
    );
    // Visible again: back, with the rating he has now.
    s.privacy()
        .set_leaderboard_visible(PlayerId(11), true)
        .await
        .unwrap();
    assert_eq!(global(&store).await, vec![11, 13, 17]);
    // Nobody else was ever listed; Game 2000 has nobody.
    assert!(
        store
            .finished()
            .leaderboard(GLOBAL_BOARD, "game2000", Places::first(10))
            .await
            .unwrap()
            .rows
            .is_empty()
    );
}

async fn a_forgotten_member_leaves_the_global_board_and_their_consent_goes(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(2)));
    won(&store, 1, 21, 22, None).await;
    won(&store, 2, 22, 23, Some(GUILD)).await;
    for p in [21, 22] {
        s.privacy()
            .set_leaderboard_visible(PlayerId(p), true)
            .await
            .unwrap();
    }
    assert_eq!(global(&store).await.len(), 2);
    s.privacy().forget(PlayerId(21)).await.unwrap();
    assert_eq!(global(&store).await, vec![22]);
    assert!(!s.privacy().leaderboard_visible(PlayerId(21)).await.unwrap());
    // A new rated match of theirs does not bring them back: the consent went with the rest.
    won(&store, 3, 21, 24, None).await;
    assert_eq!(global(&store).await, vec![22]);
}

on_both_stores!(
    only_members_who_opted_in_are_on_the_global_board,
    a_forgotten_member_leaves_the_global_board_and_their_consent_goes,
);
