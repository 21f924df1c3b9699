//! Issue 53, item 8: a season at its edge, on both stores, through the session's own sweep:
//! the next season starts at the boundary, not when the sweep that closes the last one
//! runs, so a rated match that ends between the two counts in the next season.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::store::db::{Db, on_both_stores};
use crate::store::seasons::{ANN, BO, CY, DI, GUILD, won};

use broadside::game::{PlayerId, Variant};
use broadside::ids::ChannelKey;
use broadside::session::{
    Cadence, Paces, Season, SeasonClock, Seeds, Session, SettingsChange, Timeouts,
};

/// A season's length here: an hour from its start.
const SEASON: Duration = Duration::from_secs(3600);

fn at(ms: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(u64::try_from(ms).expect("after 1970"))
}

/// The members of `season`'s classic table, in its order, with their season matches.
async fn table(s: &Session, season: Season) -> Vec<(u64, u32)> {
    let board = s
        .seasons()
        .season_board(season, Variant::Classic, 0, PlayerId(ANN))
        .await
        .unwrap();
    board
        .rows
        .iter()
        .map(|r| {
            let standing = r.standing.as_ref().expect("nobody was forgotten");
            (standing.player.0, standing.rating.games)
        })
        .collect()
}

/// The members of `season`'s classic table, in id order, each of whom played one match.
async fn one_match_each(s: &Session, season: Season) -> Vec<u64> {
    let mut members: Vec<u64> = table(s, season)
        .await
        .into_iter()
        .map(|(p, games)| {
            assert_eq!(games, 1, "{p}");
            p
        })
        .collect();
    members.sort_unstable();
    members
}

/// Season 1 ends at its boundary; one match ends a minute after it, and the sweep closes
/// season 1 a minute later still. Season 2 began at the boundary and counts that match;
/// season 1 counts only the match that ended before it.
async fn a_match_between_the_boundary_and_the_sweep_counts_in_the_next_season(db: Db) {
    let s = Session::new(
        db.open().await,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(53)),
    )
    .with_season_clock(SeasonClock::Every(SEASON));
    let on = s
        .settings()
        .change_settings(
            GUILD,
            &SettingsChange {
                season: Some(Some(Cadence::Monthly)),
                season_channel: Some(Some(ChannelKey(4253))),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    let one = s
        .seasons()
        .current_season(GUILD, &on)
        .await
        .unwrap()
        .expect("on");
    assert_eq!(one.number, 1);
    let end = one.end_ms;
    let live = s.store().live();
    // Just before the boundary: season 1's.
    live.save(&won(1, ANN, BO, end - 1)).await.unwrap();
    // After the boundary, while season 1 is still open (no sweep ran yet).
    live.save(&won(2, CY, DI, end + 60_000)).await.unwrap();
    assert_eq!(
        s.seasons().close_due_seasons(at(end - 1)).await,
        0,
        "not over yet"
    );

    let sweep = end + 120_000;
    assert_eq!(s.seasons().close_due_seasons(at(sweep)).await, 1);
    let closed = s.seasons().season(GUILD, 1).await.unwrap().expect("kept");
    assert_eq!((closed.end_ms, closed.closed_ms), (end, Some(sweep)));
    let two = s
        .seasons()
        .current_season(GUILD, &on)
        .await
        .unwrap()
        .expect("on");
    assert_eq!(two.number, 2);
    let second = one_match_each(&s, two.clone()).await;
    assert_eq!(
        second,
        vec![CY, DI],
        "season 2 counts the match between the boundary and the sweep"
    );
    assert_eq!(
        (two.start_ms, two.end_ms),
        (end, end + 3_600_000),
        "season 2 starts at the boundary"
    );
    let first = one_match_each(&s, closed).await;
    assert_eq!(first, vec![ANN, BO], "season 1: the match before its end");
    // A match after the sweep counts in season 2 as well.
    live.save(&won(3, DI, ANN, sweep + 1)).await.unwrap();
    let after = table(&s, two).await;
    assert_eq!(after.len(), 3, "{after:?}");
    assert_eq!(
        after.iter().find(|(p, _)| *p == DI).map(|(_, g)| *g),
        Some(2)
    );
}

on_both_stores!(a_match_between_the_boundary_and_the_sweep_counts_in_the_next_season);
