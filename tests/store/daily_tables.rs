//! The daily sea's tables at scale (issue 52: `/daily standings` at 100 000 results): a day
//! of many results is read along `daily_attempts_order`, its first lines only, and its
//! counts are kept as attempts start and finish, never counted row by row; a small server's
//! table reads its own members; each scope's table is in table order (finished first, by
//! shots, then by when; then those still playing, by shots); migration 0016 fills in the
//! stored order and the counts of attempts written before it. Asserted by what the store
//! returns and by the plan each database gives; the timings are `examples/daily_bench.rs`.
//! On SQLite and on PostgreSQL.

use std::borrow::Cow;
use std::sync::Arc;

use broadside::game::PlayerId;
use broadside::ids::GuildId;
use broadside::store::roles::daily::{GLOBAL_COUNTS, KEPT_COUNTS, along_order, table_sql};
use broadside::store::{DailyLine, DailyScope, DailyStore, DailyVolley, Store, Timestamp};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::store::db::{Db, on_both_stores};

const DAY: u64 = 40;
/// The large server: every member of the day plays there.
const BIG: GuildId = GuildId(900);
/// The small server: a few of them, and a few of its own.
const SMALL: GuildId = GuildId(901);
/// Members who play the day in the large server.
const MEMBERS: u64 = 1_500;
/// Lines asked for (the bot's own page).
const LINES: u32 = 20;

fn daily(store: &Arc<dyn Store>) -> &dyn DailyStore {
    store.daily().expect("the SQL stores keep the daily sea")
}

/// An attempt as the test wrote it: who, where, shots, finish time.
#[derive(Clone, Copy, Debug)]
struct Played {
    player: u64,
    guilds: [Option<GuildId>; 2],
    shots: u32,
    finished_ms: Option<i64>,
    listed: bool,
}

impl Played {
    fn line(&self) -> DailyLine {
        DailyLine {
            player: PlayerId(self.player),
            shots: self.shots,
            finished_ms: self.finished_ms,
        }
    }
}

/// The table the issue asks for, computed here: those in `scope`, finished first by shots
/// then by when (then by id), then those still playing by shots (then by id).
fn expected(all: &[Played], scope: DailyScope, limit: usize) -> (Vec<DailyLine>, u32, u32) {
    let mut in_scope: Vec<&Played> = all
        .iter()
        .filter(|p| match scope {
            DailyScope::Server(g) => p.guilds.contains(&Some(g)),
            DailyScope::Global => p.listed,
            DailyScope::Everyone => true,
        })
        .collect();
    in_scope.sort_by_key(|p| (p.finished_ms.is_none(), p.shots, p.finished_ms, p.player));
    let finished = in_scope.iter().filter(|p| p.finished_ms.is_some()).count();
    (
        in_scope.iter().take(limit).map(|p| p.line()).collect(),
        u32::try_from(in_scope.len()).unwrap(),
        u32::try_from(finished).unwrap(),
    )
}

/// Writes `p`'s attempt at classic on [`DAY`], volley by volley, as the session does: its
/// first server where it fires, the second joined afterwards.
async fn play(d: &dyn DailyStore, p: &Played) {
    for n in 0..p.shots {
        let finishes = p.finished_ms.is_some() && n + 1 == p.shots;
        let written = d
            .write_volley(DailyVolley {
                variant: "classic",
                day: DAY,
                player: PlayerId(p.player),
                n,
                cells: "A1",
                finishes,
                guild: p.guilds[0],
                at_ms: if finishes { p.finished_ms.unwrap() } else { 1 },
            })
            .await
            .unwrap();
        assert_ne!(written, broadside::store::VolleyWritten::Stale);
    }
    if let Some(g) = p.guilds[1] {
        d.joined(g, PlayerId(p.player)).await.unwrap();
    }
}

/// How the database would run `sql` for classic (its `$1`), binding `binds` from `$2` on
/// (see [`crate::store::waiting_ends::plan`]).
async fn plan(db: &Db, sql: &str, binds: &[i64]) -> String {
    let sql = sql
        .replace("$1", "'classic'")
        .replace("$2", "$1")
        .replace("$3", "$2");
    crate::store::waiting_ends::plan(db, &sql, binds).await
}

/// Runs `sql` on the database as it is (for `ANALYZE` and the old rows of a migration test).
async fn run(db: &Db, sql: &str) {
    if db.is_shared() {
        let pool = sqlx::PgPool::connect(&db.url()).await.expect("connect");
        sqlx::raw_sql(sql).execute(&pool).await.expect(sql);
    } else {
        let pool = sqlx::SqlitePool::connect(&db.url()).await.expect("connect");
        sqlx::raw_sql(sql).execute(&pool).await.expect(sql);
    }
}

/// Asserts that `plan` reads the day's attempts only along `index`: no walk of the whole
/// table, and (SQLite) no sort of the day's rows.
#[track_caller]
fn along(plan: &str, index: &str) {
    assert!(plan.contains(index), "not along {index}:\n{plan}");
    let table_scan = plan.lines().any(|l| {
        let l = l.trim();
        l == "SCAN a" || l == "SCAN daily_attempts" || l.contains("Seq Scan on daily_attempts")
    });
    assert!(!table_scan, "a scan of every attempt:\n{plan}");
}

#[expect(
    clippy::too_many_lines,
    reason = "one scenario: the day written, then each table read and its plan asked"
)]
async fn a_day_of_many_results_is_read_along_its_order(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let d = daily(&store);
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    let mut all = Vec::new();
    // The large server's day: 1 to 4 shots, six in ten finished, finish times that tie.
    for i in 0..MEMBERS {
        let shots = rng.random_range(1..=4u32);
        let finished = rng.random_range(0..10) < 6;
        all.push(Played {
            player: 1_000 + i,
            // Every 100th also plays in the small server (joined after today's volleys).
            guilds: [Some(BIG), (i % 100 == 0).then_some(SMALL)],
            shots,
            finished_ms: finished.then(|| 1_000 + rng.random_range(0..50i64)),
            listed: i % 9 == 0,
        });
    }
    // The small server's own, and some outside servers (only the global and everyone's).
    for i in 0..5u64 {
        all.push(Played {
            player: 10 + i,
            guilds: [Some(SMALL), None],
            shots: 1 + u32::try_from(i).unwrap(),
            finished_ms: (i % 2 == 0).then_some(2_000),
            listed: false,
        });
    }
    for i in 0..20u64 {
        all.push(Played {
            player: 100 + i,
            guilds: [None, None],
            shots: 2,
            finished_ms: (i % 3 != 0).then_some(900 + i64::try_from(i).unwrap()),
            listed: i % 2 == 0,
        });
    }
    for p in &all {
        play(d, p).await;
    }
    for p in all.iter().filter(|p| p.listed) {
        store
            .settings()
            .set_leaderboard_visible(PlayerId(p.player), true, Timestamp(1))
            .await
            .unwrap();
    }
    // Another day and another rule set, which no table of this day counts.
    for (variant, day) in [("classic", DAY - 1), ("game2000", DAY)] {
        d.write_volley(DailyVolley {
            variant,
            day,
            player: PlayerId(1_000),
            n: 0,
            cells: "A1",
            finishes: true,
            guild: Some(BIG),
            at_ms: 1,
        })
        .await
        .unwrap();
    }
    run(
        &db,
        if db.is_shared() {
            "ANALYZE daily_attempts; ANALYZE daily_members; ANALYZE leaderboard_optins"
        } else {
            "ANALYZE"
        },
    )
    .await;

    // Each scope's table, its first page and a longer one, and its counts.
    let scopes = [
        DailyScope::Server(BIG),
        DailyScope::Server(SMALL),
        DailyScope::Global,
        DailyScope::Everyone,
        DailyScope::Server(GuildId(902)),
    ];
    for scope in scopes {
        for limit in [LINES, 400] {
            let table = d.table("classic", DAY, scope, limit).await.unwrap();
            let (lines, total, finished) = expected(&all, scope, limit as usize);
            assert_eq!(
                (table.total, table.finished),
                (total, finished),
                "{scope:?}"
            );
            assert_eq!(table.lines, lines, "{scope:?}, {limit} lines");
        }
    }
    // Places among everyone who finished, as the result shows them.
    let (ranked, _, _) = expected(&all, DailyScope::Everyone, all.len());
    for p in [1_000u64, 1_001, 1_002, 1_003] {
        let place = ranked
            .iter()
            .position(|l| l.player.0 == p)
            .filter(|&i| ranked[i].finished_ms.is_some())
            .map(|i| u32::try_from(i + 1).unwrap());
        let got = d
            .place("classic", DAY, DailyScope::Everyone, PlayerId(p))
            .await
            .unwrap();
        assert_eq!(got, place, "{p}");
    }

    // The large server holds the whole day: its table walks the day in order; the small
    // one reads its members' attempts.
    let of_day = expected(&all, DailyScope::Everyone, 0).1;
    let big = expected(&all, DailyScope::Server(BIG), 0).1;
    let small = expected(&all, DailyScope::Server(SMALL), 0).1;
    let listed = expected(&all, DailyScope::Global, 0).1;
    assert!(along_order(big.into(), of_day.into(), LINES));
    assert!(!along_order(small.into(), of_day.into(), LINES));
    assert!(along_order(listed.into(), of_day.into(), LINES));
    let day = i64::try_from(DAY).unwrap();
    for (scope, binds) in [
        (DailyScope::Server(BIG), vec![day, 900]),
        (DailyScope::Global, vec![day]),
        (DailyScope::Everyone, vec![day]),
    ] {
        let walk = plan(&db, &table_sql(scope, true, LINES), &binds).await;
        along(&walk, "daily_attempts_order");
        // SQLite walks in table order: nothing to sort, and it stops at the page's end.
        assert!(!walk.contains("TEMP B-TREE"), "a sort of the day:\n{walk}");
    }
    // The small server: its members, then each one's attempt, never the whole day.
    let small_plan = plan(
        &db,
        &table_sql(DailyScope::Server(SMALL), false, LINES),
        &[day, 901],
    )
    .await;
    let members = if db.is_shared() {
        "daily_members_pkey"
    } else {
        "sqlite_autoindex_daily_members_1 (guild_id=?)"
    };
    along(&small_plan, members);
    assert!(!small_plan.contains("daily_attempts_order"), "{small_plan}");
    // The counts: one row read, and the global one member by member.
    let kept = plan(&db, KEPT_COUNTS, &[day, 900]).await;
    assert!(
        kept.contains("daily_counts_pkey") || kept.contains("sqlite_autoindex_daily_counts_1"),
        "{kept}"
    );
    let optins = if db.is_shared() {
        "leaderboard_optins_pkey"
    } else {
        "sqlite_autoindex_leaderboard_optins_1"
    };
    along(&plan(&db, GLOBAL_COUNTS, &[day]).await, optins);
}

/// A table as a test reads it: (member, shots, finished) per line, the total, the finished.
type Shown = (Vec<(u64, u32, bool)>, u32, u32);

/// The classic table of `day` in `scope`, its first 10 lines.
async fn shown(d: &dyn DailyStore, day: u64, scope: DailyScope) -> Shown {
    let t = d.table("classic", day, scope, 10).await.unwrap();
    let lines = t
        .lines
        .iter()
        .map(|l| (l.player.0, l.shots, l.finished_ms.is_some()))
        .collect();
    (lines, t.total, t.finished)
}

/// Migration 0016 on a database written before it: the stored order and the counts of the
/// attempts already there are filled in, reminders opted in before it have no locale (the
/// DM falls back to English), and what is written after it counts on top.
#[expect(
    clippy::too_many_lines,
    reason = "one scenario: the old rows, the migration, then each table in turn"
)]
async fn migration_0016_fills_in_the_order_and_counts_of_older_days(db: Db) {
    let dir = if db.is_shared() { "postgres" } else { "sqlite" };
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(dir);
    let mut before = sqlx::migrate::Migrator::new(path.as_path())
        .await
        .expect("the migrations");
    before.migrations = Cow::Owned(
        before
            .migrations
            .iter()
            .filter(|m| m.version < 16)
            .cloned()
            .collect(),
    );
    if db.is_shared() {
        let pool = sqlx::PgPool::connect(&db.url()).await.expect("connect");
        before.run(&pool).await.expect("migrated to 0015");
    } else {
        use std::str::FromStr as _;
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(&db.url())
            .expect("a URL")
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options)
            .await
            .expect("connect");
        before.run(&pool).await.expect("migrated to 0015");
    }
    // Day 7: 1 finished in 3 shots, 2 in 2 shots later, 3 still playing, all in BIG; 2 also
    // in SMALL; 4 outside servers, finished. Day 8: 1 playing. 4, a
    // streak of 3 up to day 9, asked for reminders.
    run(
        &db,
        "INSERT INTO daily_attempts (variant, day, player_id, shots, started_ms, finished_ms) \
         VALUES ('classic', 7, 1, 3, 1, 50), ('classic', 7, 2, 2, 1, 60), \
         ('classic', 7, 3, 1, 1, NULL), ('classic', 7, 4, 4, 1, 10), \
         ('classic', 8, 1, 1, 1, NULL); \
         INSERT INTO daily_members (guild_id, player_id) VALUES \
         (900, 1), (900, 2), (900, 3), (901, 2); \
         INSERT INTO daily_streaks (variant, player_id, current, best, last_day) \
         VALUES ('classic', 4, 3, 3, 9); \
         INSERT INTO daily_reminders (player_id, at_ms) VALUES (4, 1);",
    )
    .await;
    let store = db.store().await;
    let d = daily(&store);
    // Each table: its lines as (member, shots, finished), its total and finished.
    let before: [(u64, DailyScope, Shown); 4] = [
        (
            7,
            DailyScope::Server(BIG),
            (vec![(2, 2, true), (1, 3, true), (3, 1, false)], 3, 2),
        ),
        (7, DailyScope::Server(SMALL), (vec![(2, 2, true)], 1, 1)),
        (
            7,
            DailyScope::Everyone,
            (
                vec![(2, 2, true), (1, 3, true), (4, 4, true), (3, 1, false)],
                4,
                3,
            ),
        ),
        (8, DailyScope::Server(BIG), (vec![(1, 1, false)], 1, 0)),
    ];
    for (day, scope, table) in before {
        assert_eq!(shown(d, day, scope).await, table, "day {day}, {scope:?}");
    }
    // Day 8 goes on: 1 finishes, 3 starts from SMALL (joining it), 2 starts outside servers.
    for (player, n, finishes, guild) in [
        (1u64, 1, true, Some(BIG)),
        (3, 0, false, Some(SMALL)),
        (2, 0, true, None),
    ] {
        d.write_volley(DailyVolley {
            variant: "classic",
            day: 8,
            player: PlayerId(player),
            n,
            cells: "B2",
            finishes,
            guild,
            at_ms: 100 + i64::try_from(player).unwrap(),
        })
        .await
        .unwrap();
    }
    // 3 joined SMALL today: its tables of both days list them now; 2 was there already.
    let after: [(u64, DailyScope, Shown); 3] = [
        (
            8,
            DailyScope::Server(BIG),
            (vec![(2, 1, true), (1, 2, true), (3, 1, false)], 3, 2),
        ),
        (
            8,
            DailyScope::Server(SMALL),
            (vec![(2, 1, true), (3, 1, false)], 2, 1),
        ),
        (
            7,
            DailyScope::Server(SMALL),
            (vec![(2, 2, true), (3, 1, false)], 2, 1),
        ),
    ];
    for (day, scope, table) in after {
        assert_eq!(shown(d, day, scope).await, table, "day {day}, {scope:?}");
    }
    // The opt-in from before has no locale: the DM falls back.
    assert_eq!(
        d.reminders_due(10, 3, 10).await.unwrap(),
        vec![(PlayerId(4), None)]
    );
}

on_both_stores!(
    a_day_of_many_results_is_read_along_its_order,
    migration_0016_fills_in_the_order_and_counts_of_older_days,
);
