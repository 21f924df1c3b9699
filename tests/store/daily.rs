//! The daily sea's records (issue 52): the secret every process shares, one attempt per
//! member, rule set and day written volley by volley over the count it was fired at,
//! streaks, tables, reminders and forgetting. Every test runs on SQLite and on PostgreSQL.

use crate::store::db::{Db, on_both_stores};

use std::sync::Arc;

use broadside::daily::{Day, DayClock, FireError};
use broadside::game::{Coord, PlayerId, Variant};
use broadside::ids::GuildId;
use broadside::session::{DailyError, Seeds, Session};
use broadside::store::{DailyScope, DailyStore, DailyStreak, DailyVolley, Store, VolleyWritten};

const GUILD: GuildId = GuildId(5);

fn daily(store: &Arc<dyn Store>) -> &dyn DailyStore {
    store.daily().expect("the SQL stores keep the daily sea")
}

/// The `n`th volley of `player` at classic on `day`, at `at_ms`.
fn volley(
    day: u64,
    player: u64,
    n: u32,
    cells: &str,
    finishes: bool,
    at_ms: i64,
) -> DailyVolley<'_> {
    DailyVolley {
        variant: "classic",
        day,
        player: PlayerId(player),
        n,
        cells,
        finishes,
        guild: Some(GUILD),
        at_ms,
    }
}

async fn the_first_secret_stays(db: Db) {
    let store = db.store().await;
    let first = daily(&store)
        .secret("aa".repeat(32).as_str(), 1)
        .await
        .unwrap();
    assert_eq!(first, "aa".repeat(32));
    // A second start makes another, but reads the first back; so does a second process
    // (PostgreSQL: SQLite's file has one).
    let second = daily(&store)
        .secret("bb".repeat(32).as_str(), 2)
        .await
        .unwrap();
    assert_eq!(second, first);
    let again = if db.is_shared() {
        db.store().await
    } else {
        store.clone()
    };
    let second = daily(&again)
        .secret("cc".repeat(32).as_str(), 3)
        .await
        .unwrap();
    assert_eq!(second, first);
}

async fn a_volley_is_written_once_over_its_count(db: Db) {
    let store = db.store().await;
    let d = daily(&store);
    assert_eq!(d.attempt("classic", 10, PlayerId(1)).await.unwrap(), None);
    assert_eq!(
        d.write_volley(volley(10, 1, 0, "A1", false, 100))
            .await
            .unwrap(),
        VolleyWritten::Written(None)
    );
    // The same count again (a second process, or a retry): nothing is written.
    assert_eq!(
        d.write_volley(volley(10, 1, 0, "B1", false, 101))
            .await
            .unwrap(),
        VolleyWritten::Stale
    );
    // Eight processes (SQLite: tasks) fire the second volley at once: one is written.
    let mut tasks = Vec::new();
    for i in 0..8 {
        let store = if db.is_shared() {
            db.store().await
        } else {
            store.clone()
        };
        tasks.push(tokio::spawn(async move {
            let cells = format!("C{}", i + 1);
            store
                .daily()
                .unwrap()
                .write_volley(volley(10, 1, 1, &cells, false, 200))
                .await
                .unwrap()
        }));
    }
    let mut written = 0;
    for t in tasks {
        if t.await.unwrap() != VolleyWritten::Stale {
            written += 1;
        }
    }
    assert_eq!(written, 1);
    let attempt = d
        .attempt("classic", 10, PlayerId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(attempt.volleys.len(), 2);
    assert_eq!(attempt.volleys[0], "A1");
    assert!(attempt.volleys[1].starts_with('C'));
    assert_eq!((attempt.started_ms, attempt.finished_ms), (100, None));
    // Another rule set and another day are attempts of their own.
    assert_eq!(d.attempt("game2000", 10, PlayerId(1)).await.unwrap(), None);
    assert_eq!(d.attempt("classic", 11, PlayerId(1)).await.unwrap(), None);
}

async fn a_finish_is_final_and_counts_the_streak(db: Db) {
    let store = db.store().await;
    let d = daily(&store);
    let streak = |current, best, last_day| {
        VolleyWritten::Written(Some(DailyStreak {
            current,
            best,
            last_day,
        }))
    };
    assert_eq!(
        d.write_volley(volley(10, 1, 0, "A1", true, 5))
            .await
            .unwrap(),
        streak(1, 1, 10)
    );
    // Nothing is fired after the finish: the day cannot be started over.
    assert_eq!(
        d.write_volley(volley(10, 1, 1, "A2", false, 6))
            .await
            .unwrap(),
        VolleyWritten::Stale
    );
    let attempt = d
        .attempt("classic", 10, PlayerId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((attempt.volleys.len(), attempt.finished_ms), (1, Some(5)));
    assert_eq!(
        d.write_volley(volley(11, 1, 0, "A1", false, 7))
            .await
            .unwrap(),
        VolleyWritten::Written(None)
    );
    assert_eq!(
        d.write_volley(volley(11, 1, 1, "A2", true, 8))
            .await
            .unwrap(),
        streak(2, 2, 11)
    );
    assert_eq!(
        d.write_volley(volley(12, 1, 0, "A1", true, 9))
            .await
            .unwrap(),
        streak(3, 3, 12)
    );
    // A day missed: the streak starts again, the best stays.
    assert_eq!(
        d.write_volley(volley(14, 1, 0, "A1", true, 10))
            .await
            .unwrap(),
        streak(1, 3, 14)
    );
    assert_eq!(
        d.streak("classic", PlayerId(1)).await.unwrap(),
        Some(DailyStreak {
            current: 1,
            best: 3,
            last_day: 14
        })
    );
    assert_eq!(d.streak("game2000", PlayerId(1)).await.unwrap(), None);
    // The days that are over stay.
    assert!(
        d.attempt("classic", 10, PlayerId(1))
            .await
            .unwrap()
            .is_some()
    );
}

async fn the_table_puts_the_finished_first_by_shots_then_time(db: Db) {
    let store = db.store().await;
    let d = daily(&store);
    // 1 finishes in 2 shots at 50; 2 in 1 shot at 60; 3 in 2 shots at 40; 4 is still
    // playing after 1 shot; 5 plays in another server only; 6 plays outside servers.
    let cells = ["A1", "A2", "A3"];
    let plays: [(u64, u32, i64, Option<GuildId>); 6] = [
        (1, 2, 50, Some(GUILD)),
        (2, 1, 60, Some(GUILD)),
        (3, 2, 40, Some(GUILD)),
        (4, 1, 0, Some(GUILD)),
        (5, 1, 30, Some(GuildId(6))),
        (6, 3, 20, None),
    ];
    for (player, shots, at, guild) in plays {
        for n in 0..shots {
            let finishes = player != 4 && n + 1 == shots;
            let mut v = volley(20, player, n, cells[n as usize], finishes, at);
            v.guild = guild;
            assert_ne!(d.write_volley(v).await.unwrap(), VolleyWritten::Stale);
        }
    }
    let table = d
        .table("classic", 20, DailyScope::Server(GUILD), 10)
        .await
        .unwrap();
    let order: Vec<(u64, u32, bool)> = table
        .lines
        .iter()
        .map(|l| (l.player.0, l.shots, l.finished_ms.is_some()))
        .collect();
    assert_eq!(
        order,
        vec![(2, 1, true), (3, 2, true), (1, 2, true), (4, 1, false)]
    );
    assert_eq!((table.total, table.finished), (4, 3));
    let short = d
        .table("classic", 20, DailyScope::Server(GUILD), 2)
        .await
        .unwrap();
    assert_eq!((short.lines.len(), short.total), (2, 4));
    // Global: only those who chose to be shown.
    assert_eq!(
        d.table("classic", 20, DailyScope::Global, 10)
            .await
            .unwrap()
            .total,
        0
    );
    for p in [6, 4] {
        store
            .settings()
            .set_leaderboard_visible(PlayerId(p), true, broadside::store::Timestamp(1))
            .await
            .unwrap();
    }
    let global = d
        .table("classic", 20, DailyScope::Global, 10)
        .await
        .unwrap();
    let players: Vec<u64> = global.lines.iter().map(|l| l.player.0).collect();
    assert_eq!(players, vec![6, 4]);
    // Places among the finished.
    let place = |scope, p| d.place("classic", 20, scope, PlayerId(p));
    assert_eq!(place(DailyScope::Server(GUILD), 1).await.unwrap(), Some(3));
    assert_eq!(place(DailyScope::Server(GUILD), 2).await.unwrap(), Some(1));
    assert_eq!(place(DailyScope::Everyone, 1).await.unwrap(), Some(4));
    assert_eq!(place(DailyScope::Global, 6).await.unwrap(), Some(1));
    assert_eq!(place(DailyScope::Server(GUILD), 4).await.unwrap(), None);
    // Another day's table is empty.
    assert_eq!(
        d.table("classic", 21, DailyScope::Everyone, 10)
            .await
            .unwrap()
            .total,
        0
    );
}

async fn reminders_go_to_live_streaks_not_yet_played_once(db: Db) {
    let store = db.store().await;
    let d = daily(&store);
    // 1 and 2 finished days 7, 8 and 9; 3 only 8 and 9; 2 fired on day 10 already.
    for (p, days) in [(1u64, 7..10), (2, 7..10), (3, 8..10)] {
        for day in days {
            d.write_volley(volley(day, p, 0, "A1", true, 1))
                .await
                .unwrap();
        }
    }
    d.write_volley(volley(10, 2, 0, "A1", false, 1))
        .await
        .unwrap();
    assert!(d.reminders_due(10, 3, 10).await.unwrap().is_empty());
    for p in [1, 2, 3] {
        d.set_remind(PlayerId(p), true, None, 1).await.unwrap();
        assert!(d.remind(PlayerId(p)).await.unwrap());
    }
    assert_eq!(
        d.reminders_due(10, 3, 10).await.unwrap(),
        vec![(PlayerId(1), None)]
    );
    // Turned on again from a client in Danish: the DM's language is kept; an opt-in
    // that names none keeps it.
    d.set_remind(PlayerId(1), true, Some("da"), 2)
        .await
        .unwrap();
    d.set_remind(PlayerId(1), true, None, 3).await.unwrap();
    assert_eq!(
        d.reminders_due(10, 3, 10).await.unwrap(),
        vec![(PlayerId(1), Some("da".to_owned()))]
    );
    assert!(d.reminder_sent(PlayerId(1), 10).await.unwrap());
    assert!(!d.reminder_sent(PlayerId(1), 10).await.unwrap());
    assert!(d.reminders_due(10, 3, 10).await.unwrap().is_empty());
    // A streak broken (day 11 not played after 10) asks for no reminder on day 12.
    assert!(d.reminders_due(12, 3, 10).await.unwrap().is_empty());
    d.set_remind(PlayerId(1), false, None, 2).await.unwrap();
    assert!(!d.remind(PlayerId(1)).await.unwrap());
}

async fn forgetting_a_member_removes_their_daily_records(db: Db) {
    let store = db.store().await;
    let d = daily(&store);
    d.write_volley(volley(3, 1, 0, "A1", true, 1))
        .await
        .unwrap();
    d.write_volley(volley(4, 1, 0, "A1", false, 1))
        .await
        .unwrap();
    d.write_volley(volley(4, 2, 0, "A1", false, 1))
        .await
        .unwrap();
    d.set_remind(PlayerId(1), true, None, 1).await.unwrap();
    store.privacy().forget(PlayerId(1), &[]).await.unwrap();
    assert_eq!(d.attempt("classic", 3, PlayerId(1)).await.unwrap(), None);
    assert_eq!(d.attempt("classic", 4, PlayerId(1)).await.unwrap(), None);
    assert_eq!(d.streak("classic", PlayerId(1)).await.unwrap(), None);
    assert!(!d.remind(PlayerId(1)).await.unwrap());
    let table = d
        .table("classic", 4, DailyScope::Server(GUILD), 10)
        .await
        .unwrap();
    assert_eq!(
        table.lines.iter().map(|l| l.player.0).collect::<Vec<_>>(),
        vec![2]
    );
    assert_eq!((table.total, table.finished), (1, 0), "counted no more");
    let day3 = d
        .table("classic", 3, DailyScope::Server(GUILD), 10)
        .await
        .unwrap();
    assert_eq!((day3.lines.len(), day3.total, day3.finished), (0, 0, 0));
    // A new attempt of theirs on a new day starts from nothing.
    assert_eq!(
        d.write_volley(volley(5, 1, 0, "A1", true, 1))
            .await
            .unwrap(),
        VolleyWritten::Written(Some(DailyStreak {
            current: 1,
            best: 1,
            last_day: 5
        }))
    );
}

/// A session as the bot makes it, on `opened`, with days of `seconds` if given.
fn session(opened: &broadside::store::Opened, seconds: Option<u64>) -> Session {
    let s = Session::new(
        opened.clone(),
        crate::store::fixtures::TIMEOUTS,
        Seeds::new(Some(1)),
    );
    match seconds {
        Some(n) => s.with_day_clock(DayClock::every(std::num::NonZeroU64::new(n).unwrap())),
        None => s,
    }
}

async fn a_whole_daily_through_the_session_with_a_restart(db: Db) {
    let opened = db.open().await;
    let s = session(&opened, None);
    let me = PlayerId(7);
    let start = s
        .daily_sea()
        .play(me, Variant::Classic, Some(GUILD))
        .await
        .unwrap();
    assert_eq!(start.day, s.daily_sea().today());
    assert_eq!(start.attempt.shots(), 0);
    assert!(start.par > 0);
    // Fire row by row; restart the session half way; a repeat is refused and not counted.
    let cells: Vec<Coord> = Coord::all(10).collect();
    let mut s = s;
    let mut fired = 0;
    let mut last = None;
    for (i, c) in cells.iter().enumerate() {
        if i == 30 {
            drop(s);
            s = session(&opened, None);
            let again = s
                .daily_sea()
                .play(me, Variant::Classic, None)
                .await
                .unwrap();
            assert_eq!(again.attempt.shots(), 30, "a restart loses nothing");
            let repeat = s
                .daily_sea()
                .fire(me, Variant::Classic, &cells[..1], None)
                .await;
            assert!(matches!(
                repeat,
                Err(DailyError::Fire(FireError::AlreadyFired(_)))
            ));
        }
        let out = s
            .daily_sea()
            .fire(me, Variant::Classic, &[*c], Some(GUILD))
            .await
            .unwrap();
        fired += 1;
        assert_eq!(out.play.attempt.shots(), fired);
        if out.finished {
            last = Some(out);
            break;
        }
    }
    let done = last.expect("every cell sinks every ship");
    assert_eq!(done.play.streak.current, 1);
    assert_eq!(done.play.place, Some(1));
    // One attempt a day: nothing more can be fired.
    assert!(matches!(
        s.daily_sea()
            .fire(me, Variant::Classic, &cells[99..], None)
            .await,
        Err(DailyError::Fire(FireError::Finished))
    ));
    let table = s
        .daily_sea()
        .standings(Variant::Classic, DailyScope::Server(GUILD), None, 10)
        .await
        .unwrap();
    assert!(
        table.today && table.fleet.is_none(),
        "today's fleet stays hidden"
    );
    assert_eq!(table.table.lines.len(), 1);
    assert_eq!(table.table.lines[0].shots, fired);
    let tomorrow = Day(table.day.0 + 1);
    assert!(matches!(
        s.daily_sea()
            .standings(Variant::Classic, DailyScope::Global, Some(tomorrow), 10)
            .await,
        Err(DailyError::NotYet(_))
    ));
}

async fn days_roll_with_the_testing_clock(db: Db) {
    let opened = db.open().await;
    let s = session(&opened, Some(4));
    let me = PlayerId(8);
    let first = s
        .daily_sea()
        .play(me, Variant::Game2000, None)
        .await
        .unwrap();
    let cells: Vec<Coord> = ["A1", "B1", "C1"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(first.attempt.shots(), 0);
    // A volley may cross the roll: fire until one lands in the day it is still.
    let day = loop {
        let out = s
            .daily_sea()
            .fire(me, Variant::Game2000, &cells, None)
            .await
            .unwrap();
        if out.play.day == s.daily_sea().today() {
            break out.play.day;
        }
    };
    while s.daily_sea().today() == day {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let next = s
        .daily_sea()
        .play(me, Variant::Game2000, None)
        .await
        .unwrap();
    assert!(next.day > day);
    assert_eq!(next.attempt.shots(), 0, "a new day, a new attempt");
    // The day that is over shows its fleet and keeps the attempt.
    let past = s
        .daily_sea()
        .standings(Variant::Game2000, DailyScope::Everyone, Some(day), 10)
        .await
        .unwrap();
    assert!(!past.today);
    assert_eq!(past.fleet.unwrap().variant(), Variant::Game2000);
    assert_eq!(past.table.lines[0].player, me);
}

/// The session's reminders (issue 52 item 4): none until three hours before the day ends;
/// then each member who asked, with a live streak of 3 or more in a rule set not played
/// today, named with that streak; due again until marked, then not again that day.
async fn reminders_come_three_hours_before_the_end_once(db: Db) {
    let opened = db.open().await;
    let s = session(&opened, None);
    let store = opened.store();
    let d = daily(&store);
    let day = 20_000u64;
    let clock = DayClock::utc();
    let ends = clock.ends(Day(day));
    // 1: a classic streak of 3 (days 19 997 to 19 999), not played today; 2: the same but
    // played today; 3: a streak of 2.
    for (p, first) in [(1u64, day - 3), (2, day - 3), (3, day - 2)] {
        for k in first..day {
            d.write_volley(volley(k, p, 0, "A1", true, 1))
                .await
                .unwrap();
        }
        // 1 turns reminders on from a client in Dutch; the others' locale is not known.
        let locale = (p == 1).then_some("nl");
        s.daily_sea()
            .set_remind(PlayerId(p), true, locale)
            .await
            .unwrap();
    }
    d.write_volley(volley(day, 2, 0, "A1", false, 1))
        .await
        .unwrap();
    let early = ends - 3 * 3600 - 1;
    assert!(s.daily_sea().reminders_due(early).await.unwrap().is_empty());
    let due = s.daily_sea().reminders_due(ends - 3 * 3600).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].player, PlayerId(1));
    assert_eq!(due[0].streaks, vec![(Variant::Classic, 3)]);
    assert_eq!(due[0].ends_at, ends);
    // In the language they asked in.
    assert_eq!(due[0].locale.as_deref(), Some("nl"));
    // Not marked (the DM failed): due again at the next sweep.
    assert_eq!(
        s.daily_sea().reminders_due(ends - 60).await.unwrap().len(),
        1
    );
    s.daily_sea().reminded(&due[0]).await.unwrap();
    assert!(
        s.daily_sea()
            .reminders_due(ends - 60)
            .await
            .unwrap()
            .is_empty()
    );
}

on_both_stores!(
    a_whole_daily_through_the_session_with_a_restart,
    days_roll_with_the_testing_clock,
    the_first_secret_stays,
    a_volley_is_written_once_over_its_count,
    a_finish_is_final_and_counts_the_streak,
    the_table_puts_the_finished_first_by_shots_then_time,
    reminders_go_to_live_streaks_not_yet_played_once,
    forgetting_a_member_removes_their_daily_records,
    reminders_come_three_hours_before_the_end_once,
);
