//! Issue 53, item 2 (review finding 9): seasons at their edges, on both stores. An end
//! counts in the season whose span holds its end time, whenever it is written: after the
//! sweep's close, or an early close, too (until the season's places are written down). A
//! close tallies its figures under the season lock, in its own transaction. A season is
//! opened only on the settings stored when it is written, so a leaderboard read on
//! settings from a moment ago does not start a season an admin just turned off.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::store::db::{Db, Flaky, on_both_stores};
use crate::store::seasons::{
    ANN, BO, CY, DI, END, GUILD, START, cadence, forget, open_first, renamed_all, season, seasons,
    session, won,
};

use broadside::game::{PlayerId, Variant};
use broadside::ids::ChannelKey;
use broadside::session::{Cadence, Season, Session, Settings, millis};
use broadside::store::{Opened, Timestamp};

fn at(ms: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(u64::try_from(ms).expect("after 1970"))
}

/// The members of `season`'s classic table in id order, with their season matches
/// (`None`: a gap).
async fn games(s: &Session, season: Season) -> Vec<Option<(u64, u32)>> {
    let board = s
        .seasons()
        .season_board(season, Variant::Classic, 0, PlayerId(ANN))
        .await
        .unwrap();
    let mut found: Vec<Option<(u64, u32)>> = board
        .rows
        .iter()
        .map(|r| r.standing.as_ref().map(|s| (s.player.0, s.rating.games)))
        .collect();
    found.sort_unstable();
    found
}

/// Turns monthly seasons on in `GUILD`: the settings stored, and the season started.
async fn turn_on(s: &Session) -> (Settings, Season) {
    let on = s
        .settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    let current = s.seasons().current_season(GUILD, &on).await.unwrap();
    (on, current.expect("on"))
}

/// `(places, matches)` of season `number`'s classic figures, as stored.
async fn figures(s: &Session, number: u32) -> (u32, u32) {
    let all = seasons(s.store())
        .season_figures(GUILD, number)
        .await
        .unwrap();
    assert_eq!(all.len(), 1, "{all:?}");
    (all[0].places, all[0].matches)
}

/// The sweep closes season 1 two minutes after its end. A match that ended a moment before
/// the end but is written after the sweep counts in season 1, in its table and in the
/// figures announced; one that ended at the boundary counts in season 2, which starts
/// there.
async fn an_end_written_after_the_sweep_counts_in_the_season_that_held_it(db: Db) {
    let s = session(db.open().await, 3600);
    let (on, one) = turn_on(&s).await;
    let end = one.end_ms;
    let live = s.store().live();
    live.save(&won(1, ANN, BO, end - 60_000)).await.unwrap();
    let sweep = end + 120_000;
    assert_eq!(s.seasons().close_due_seasons(at(sweep)).await, 1);
    // Written after the close: the first ended just before the boundary, the second at it.
    live.save(&won(2, CY, DI, end - 1)).await.unwrap();
    live.save(&won(3, ANN, CY, end)).await.unwrap();

    let closed = s.seasons().season(GUILD, 1).await.unwrap().expect("kept");
    assert_eq!((closed.end_ms, closed.closed_ms), (end, Some(sweep)));
    assert_eq!(
        games(&s, closed).await,
        vec![Some((ANN, 1)), Some((BO, 1)), Some((CY, 1)), Some((DI, 1))],
        "season 1 counts the match that ended before its end"
    );
    let two = s.seasons().current_season(GUILD, &on).await;
    let two = two.unwrap().expect("still on");
    assert_eq!((two.number, two.start_ms), (2, end));
    assert_eq!(
        games(&s, two).await,
        vec![Some((ANN, 1)), Some((CY, 1))],
        "season 2 counts only the match at the boundary"
    );
    // The end announced counts both of season 1's matches.
    let ends = s.seasons().season_announcements(at(sweep + 1_000)).await;
    assert_eq!(ends.len(), 1, "{ends:?}");
    let (tally, top) = &ends[0].tables[0];
    assert_eq!((tally.places, tally.matches), (4, 2), "{tally:?}");
    assert_eq!(top.len(), 4);
}

/// Seasons are turned off: the open season ends at once. A match that ended a moment
/// before is written after it and counts in it, figures too; one that ended at the close
/// counts nowhere. Once the season's places are written down (a member is forgotten), a
/// late end leaves its table and figures as they are.
async fn an_end_written_after_an_early_close_counts_in_the_closed_season(db: Db) {
    let s = session(db.open().await, 3600);
    let (_, one) = turn_on(&s).await;
    s.settings()
        .change_settings(GUILD, &cadence(None))
        .await
        .unwrap();
    let closed = s.seasons().season(GUILD, 1).await.unwrap().expect("kept");
    let end = closed.end_ms;
    assert!(
        closed.closed_ms == Some(end) && end < one.end_ms,
        "closed early: {closed:?}"
    );
    assert_eq!(figures_or_none(&s).await, None, "nobody played in it");
    let live = s.store().live();
    live.save(&won(1, ANN, BO, end - 1)).await.unwrap();
    live.save(&won(2, CY, DI, end)).await.unwrap();
    assert_eq!(
        games(&s, closed.clone()).await,
        vec![Some((ANN, 1)), Some((BO, 1))]
    );
    assert_eq!(figures(&s, 1).await, (2, 1));
    assert_eq!(s.seasons().list(GUILD, 10).await.unwrap().len(), 1);

    // Bo is forgotten: season 1's places are written down, with a gap for Bo.
    let store = s.store();
    forget(store, BO, &renamed_all(store, BO).await).await;
    let frozen = games(&s, closed.clone()).await;
    assert_eq!(frozen, vec![None, Some((ANN, 1))]);
    live.save(&won(3, ANN, CY, end - 2)).await.unwrap();
    assert_eq!(games(&s, closed).await, frozen);
    assert_eq!(figures(&s, 1).await, (2, 1));
}

/// Season 1's classic figures, if it has any.
async fn figures_or_none(s: &Session) -> Option<(u32, u32)> {
    let all = seasons(s.store()).season_figures(GUILD, 1).await.unwrap();
    all.first().map(|f| (f.places, f.matches))
}

/// A close waits for a match being counted in the season (a transaction holding the
/// season lock shared, as the write of an end does) and tallies its figures after it:
/// none is missing. On PostgreSQL the holder lets go once the close waits for the lock;
/// SQLite shows no waiter, so there it lets go a moment after the close began.
async fn a_close_tallies_the_matches_counted_while_it_waited(db: Db) {
    let store = db.store().await;
    let s = seasons(&store);
    open_first(s).await;
    store
        .live()
        .save(&won(1, ANN, BO, START + 10))
        .await
        .unwrap();

    let mut holder = Holder::begin(&db).await;
    // Cy beat Di, counted in season 1 by the holder.
    holder.count_cy_beating_di().await;
    let closing = {
        let store = std::sync::Arc::clone(&store);
        tokio::spawn(async move {
            // An early close (seasons turned off).
            seasons(&store)
                .close_season(GUILD, 1, Timestamp(END - 100), Some(ChannelKey(8)), None)
                .await
                .unwrap()
        })
    };
    holder.commit_once_the_close_waits().await;
    let closed = closing.await.unwrap().expect("this close closes it");
    assert_eq!(closed.season.end_ms, Timestamp(END - 100));
    let all = s.season_figures(GUILD, 1).await.unwrap();
    assert_eq!(
        all.iter()
            .map(|f| (f.places, f.matches))
            .collect::<Vec<_>>(),
        vec![(4, 2)],
        "the figures count the match counted while the close waited"
    );
}

/// A transaction of its own on the test's database that counts a match in season 1 of
/// `GUILD` as the write of an end does: holding the server's season lock shared
/// (PostgreSQL's advisory lock; on SQLite, the one writer's lock).
enum Holder {
    Pg(sqlx::PgConnection),
    Sqlite(sqlx::SqliteConnection),
}

/// The store's key of a server's season lock (`store/postgres`, `KEY_SEASON`), and `GUILD`
/// folded as the store folds it.
const SEASON_LOCK: (i32, i32) = (0x4252_0009, 5);

/// Cy (1003) beat Di (1004) in their first match of season 1.
const CY_BEAT_DI: &str = "INSERT INTO season_players (guild_id, number, variant, player_id, \
     rating, deviation, volatility, games, wins, losses, draws, provisional, shown) VALUES \
     (5, 1, 'classic', 1003, 1662.3, 290.3, 0.06, 1, 1, 0, 0, TRUE, 1662), \
     (5, 1, 'classic', 1004, 1337.7, 290.3, 0.06, 1, 0, 1, 0, TRUE, 1338)";

impl Holder {
    async fn begin(db: &Db) -> Self {
        use sqlx::{Connection as _, Executor as _};
        if db.is_shared() {
            let mut conn = sqlx::PgConnection::connect(&db.url()).await.unwrap();
            conn.execute("BEGIN").await.unwrap();
            sqlx::query("SELECT pg_advisory_xact_lock_shared($1, $2)")
                .bind(SEASON_LOCK.0)
                .bind(SEASON_LOCK.1)
                .execute(&mut conn)
                .await
                .unwrap();
            Holder::Pg(conn)
        } else {
            let mut conn = sqlx::SqliteConnection::connect(&db.url()).await.unwrap();
            conn.execute("BEGIN IMMEDIATE").await.unwrap();
            Holder::Sqlite(conn)
        }
    }

    async fn count_cy_beating_di(&mut self) {
        use sqlx::Executor as _;
        match self {
            Holder::Pg(conn) => {
                conn.execute(CY_BEAT_DI).await.unwrap();
            }
            Holder::Sqlite(conn) => {
                conn.execute(CY_BEAT_DI).await.unwrap();
            }
        }
    }

    async fn commit_once_the_close_waits(self) {
        use sqlx::Executor as _;
        match self {
            Holder::Pg(mut conn) => {
                // Until a session of this database waits for the season lock.
                for _ in 0..3_000 {
                    let waiting: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' \
                         AND NOT granted AND objid = $1 AND objsubid = 2 \
                         AND database = (SELECT oid FROM pg_database \
                                         WHERE datname = current_database())",
                    )
                    .bind(i64::from(SEASON_LOCK.1))
                    .fetch_one(&mut conn)
                    .await
                    .unwrap();
                    if waiting > 0 {
                        conn.execute("COMMIT").await.unwrap();
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                panic!("the close never waited for the season lock");
            }
            Holder::Sqlite(mut conn) => {
                // Well within the store's busy timeout (5 s).
                tokio::time::sleep(Duration::from_millis(500)).await;
                conn.execute("COMMIT").await.unwrap();
            }
        }
    }
}

/// An admin turns seasons off while a leaderboard is shown on settings read a moment
/// before (seasons on): the leaderboard starts no season, and the next season is started
/// only once they are turned on again.
async fn a_leaderboard_on_old_settings_starts_no_season(db: Db) {
    let s = session(db.open().await, 3600);
    let (on, one) = turn_on(&s).await;
    assert_eq!(one.number, 1);
    s.settings()
        .change_settings(GUILD, &cadence(None))
        .await
        .unwrap();
    // The leaderboard, on the settings it read before the change.
    assert_eq!(
        s.seasons().current_season(GUILD, &on).await.unwrap(),
        None,
        "seasons are off"
    );
    let kept = s.seasons().list(GUILD, 10).await.unwrap();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].closed_ms.is_some());
    // The store opens none on settings other than those stored.
    let stored = s.store().settings().server(GUILD).await.unwrap();
    assert!(stored.is_some());
    let later = season(one.end_ms, one.end_ms + 3_600_000, "2030-02");
    assert_eq!(
        seasons(s.store())
            .open_season(&later, Some("{\"season\":\"monthly\"}"))
            .await
            .unwrap(),
        None
    );
    // On again: season 2 starts.
    let (_, two) = turn_on(&s).await;
    assert_eq!(two.number, 2);
}

/// Seasons are on but none is open (the start of the next one failed). A leaderboard reads
/// the settings to start one, and before it does, an admin turns seasons off: the
/// leaderboard starts none, as the store reads the settings again under the season lock.
async fn a_leaderboard_overtaken_by_turning_seasons_off_starts_no_season(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let board = session(flaky.opened(), 3600);
    // The admin: on PostgreSQL another process; SQLite allows one, so it shares the store.
    let admin = if db.is_shared() {
        session(db.open().await, 3600)
    } else {
        session(Opened::Local(flaky.store_ref()), 3600)
    };
    let on = admin
        .settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    let closed = seasons(admin.store())
        .close_season(GUILD, 1, Timestamp(millis(SystemTime::now())), None, None)
        .await
        .unwrap();
    assert!(closed.is_some_and(|c| c.next.is_none()));

    let (read, done) = tokio::sync::oneshot::channel();
    let (go_on, held) = tokio::sync::oneshot::channel();
    *flaky.held_settings_read.lock().unwrap() = Some((read, held));
    let (shown, ()) = tokio::join!(board.seasons().current_season(GUILD, &on), async {
        done.await.expect("the leaderboard read the settings");
        admin
            .settings()
            .change_settings(GUILD, &cadence(None))
            .await
            .unwrap();
        go_on.send(()).unwrap();
    });
    assert_eq!(shown.unwrap(), None, "seasons are off");
    let kept = admin.seasons().list(GUILD, 10).await.unwrap();
    assert_eq!(
        kept.iter().map(|k| k.number).collect::<Vec<_>>(),
        vec![1],
        "{kept:?}"
    );
}

on_both_stores!(
    a_leaderboard_overtaken_by_turning_seasons_off_starts_no_season,
    an_end_written_after_the_sweep_counts_in_the_season_that_held_it,
    an_end_written_after_an_early_close_counts_in_the_closed_season,
    a_close_tallies_the_matches_counted_while_it_waited,
    a_leaderboard_on_old_settings_starts_no_season,
);
