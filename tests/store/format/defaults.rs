//! Issue 53, item 8: every field that an older stored document may lack reads as its
//! default, and a match restored from such a document behaves as that default says. Each
//! is checked on the fixture rows of the builds that wrote no such field
//! (`tests/fixtures/stored/`), against a row of a build that wrote one where one exists, on
//! SQLite (the rows as stored) and on PostgreSQL (each state as stored, in a row today's
//! store writes).
//!
//! The fields a version 1 document may lack (`store/format/document.rs`):
//!
//! | field | absent in | reads as | behaves |
//! |---|---|---|---|
//! | `format` | every version 1 row | version 1 | read by version 1's reader |
//! | `series` | 243e353 | no series | its end is no series' |
//! | `last_fleets` | 243e353 | none | placement offers no last fleet |
//! | `game.first` | no fixture (derived from 243e353) | undecided | the same match |
//! | `pace` | 243e353, 2cc46e8 | standard | its shots and end are standard |
//! | `limits` | 243e353, 2cc46e8 | none | the running bot's standard limits |
//! | `rated` | 243e353, 2cc46e8 | rated | its end settles both ratings |
//! | `home` | 243e353, 2cc46e8 | its channel | no thread; played and ended there |
//! | `reminded` | 243e353, 2cc46e8 (derived from 36258d6's daily one) | none sent | the half-time reminder is next |
//! | `last_message` | 243e353, 2cc46e8, 36258d6 | none | a reminder links to no message |
//! | `drafts` | every row | none | nobody edits |
//! | `drafts[].cursor` | no fixture (derived from bb9b7cb) | the first ship on A1 | the editor starts there |

use std::time::{Duration, SystemTime};

use broadside::game::{Coord, PlayerId, Variant};
use broadside::session::stored::decode;
use broadside::session::{
    ChannelKey, Ended, Entry, Locate, MatchId, Pace, Paces, Preview, Reminded, Reminder, Resumed,
    Seeds, Session, Timeouts, millis,
};
use broadside::store::{MatchRecord, MoveRecord, Rated, Timestamp, format};
use serde_json::Value;

use super::fixture::{self, Stored};
use super::{Step, database_from, next_step, play_to_the_end, take};
use crate::store::db::Db;
use crate::store::fixtures::TIMEOUTS;

/// A standard pace unlike the shipped one and unlike every fixture's limits, so that a
/// limit taken from it is told apart.
const RUNNING: Timeouts = Timeouts {
    challenge: Duration::from_secs(50),
    placement: Duration::from_secs(55),
    turn: Duration::from_secs(45),
};

/// Row `name` of fixture file `file`.
fn row(file: &str, name: &str) -> Stored {
    let fixture = fixture::load(file);
    fixture
        .rows
        .into_iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("{file} has {name}"))
}

/// Every row of every fixture file, with its file.
fn every_row() -> impl Iterator<Item = (&'static str, Stored)> {
    [
        "v1-243e353.json",
        "v1-2cc46e8.json",
        "v1-36258d6.json",
        "v1-bb9b7cb.json",
    ]
    .into_iter()
    .flat_map(|file| fixture::load(file).rows.into_iter().map(move |r| (file, r)))
}

/// The stored state of `row`, byte for byte.
fn bytes(row: &Stored) -> &[u8] {
    row.matches["state"]["blob"]
        .as_str()
        .expect("a state")
        .as_bytes()
}

/// The stored document of `row`, as JSON.
fn document(row: &Stored) -> Value {
    serde_json::from_slice(bytes(row)).expect("JSON")
}

/// Whether `row`'s document has `field` at its top level.
fn has(row: &Stored, field: &str) -> bool {
    document(row).get(field).is_some()
}

/// `row` with its document changed by `change` (a document an older build would have
/// written, where no fixture has one).
fn derived(row: &Stored, change: impl FnOnce(&mut serde_json::Map<String, Value>)) -> Stored {
    let mut doc = document(row);
    change(doc.as_object_mut().expect("an object"));
    let mut out = row.clone();
    out.matches["state"] = serde_json::json!({ "blob": doc.to_string() });
    out
}

/// Where a test's rows are stored.
#[derive(Clone, Copy, Debug)]
enum Back {
    /// A SQLite file: the rows as their build stored them, column by column.
    Sqlite,
    /// A PostgreSQL database of its own (no build of format 1 wrote fixtures there): each
    /// row's state as stored, byte for byte, written by today's store with the row's
    /// columns.
    Postgres,
}

/// The record that writes live fixture `row` as it was: its state as stored, its
/// columns, its moves.
fn record_of(row: &Stored) -> MatchRecord {
    assert_eq!(row.int("live"), 1, "{}", row.name);
    assert!(row.matches["computer"].is_null(), "{}", row.name);
    let entry = decode(bytes(row)).expect("read");
    let member = |column: &str| PlayerId(u64::try_from(row.int(column)).expect("an id"));
    let phase = ["challenge", "placement", "battle"]
        .into_iter()
        .find(|p| *p == row.text("phase"))
        .expect("a live phase");
    MatchRecord {
        id: row.id(),
        version: u64::try_from(row.int("version")).expect("a version"),
        channel: entry.channel,
        guild: entry.guild,
        players: [member("challenger_id"), member("opponent_id")],
        variant: entry.game.variant().key(),
        options: row.text("options").to_owned(),
        computer: None,
        phase,
        deadline_ms: Timestamp(row.int("deadline_ms")),
        state: bytes(row).to_vec().into(),
        result: None,
        created_ms: Timestamp(row.int("created_ms")),
        updated_ms: Timestamp(row.int("updated_ms")),
        moves: row
            .moves
            .iter()
            .map(|m| MoveRecord {
                seq: u32::try_from(m["seq"].as_i64().expect("seq")).expect("seq"),
                player: PlayerId(m["player_id"].as_u64().expect("a shooter")),
                turn: u32::try_from(m["turn"].as_i64().expect("turn")).expect("turn"),
                cells: m["cells"].as_str().expect("cells").to_owned(),
                reports: m["reports"].as_str().expect("reports").to_owned(),
                at_ms: Timestamp(m["at_ms"].as_i64().expect("at")),
            })
            .collect(),
        claims: entry.claims(),
        computer_next: false,
        played: None,
        rematch_of: None,
        remind_ms: entry.next_reminder().map(|(_, at)| Timestamp(millis(at))),
        post_channel: (entry.post_channel() != entry.channel).then(|| entry.post_channel()),
    }
}

/// `rows` stored by their build in a database of `back`, brought back by today's session
/// with `standard` as the running bot's standard pace.
async fn restored(back: Back, rows: &[Stored], standard: Timeouts) -> (Db, Session, Vec<Resumed>) {
    let db = match back {
        Back::Sqlite => database_from(&rows[0].name, None, rows).await,
        Back::Postgres => {
            let db = Db::postgres(&rows[0].name).await.expect("a server");
            let store = db.store().await;
            for row in rows {
                let record = record_of(row);
                if record.phase == "battle" {
                    // A write in battle leaves the members' binding alone (it was made
                    // when the match was accepted): written once as a placement first.
                    let bound = MatchRecord {
                        phase: "placement",
                        version: record.version - 1,
                        moves: Vec::new(),
                        ..record.clone()
                    };
                    store.live().save(&bound).await.expect("stored");
                }
                store.live().save(&record).await.expect("stored");
            }
            db
        }
    };
    let (s, resumed, _) = Session::restore(
        db.open().await,
        Paces::new(standard, 1),
        Seeds::new(Some(53)),
    )
    .await
    .expect("restore");
    (db, s, resumed)
}

/// What `f` reads of match `id`.
async fn read<T>(s: &Session, id: MatchId, f: impl FnOnce(&Entry) -> T) -> T {
    s.read(Locate::Id(id), f).await.expect("live")
}

/// Plays match `id` up to its battle (accepting and placing as its players would), then
/// the player to move fires once; returns the shot's deadline and pace, and when it was
/// fired.
async fn one_shot(s: &Session, id: MatchId) -> (SystemTime, SystemTime, Pace) {
    loop {
        match s.read(Locate::Id(id), next_step).await.flatten() {
            Some(Step::Fire(channel, p, cells)) => {
                let before = SystemTime::now();
                let fired = s.matches().fire(channel, p, &cells).await.expect("fire");
                return (before, fired.deadline, fired.pace);
            }
            Some(step) => take(s, id, step).await,
            None => panic!("match {id} is over"),
        }
    }
}

/// The player to move in match `id`'s battle gives up: its end.
async fn given_up(s: &Session, id: MatchId) -> Ended {
    loop {
        match s.read(Locate::Id(id), next_step).await.flatten() {
            Some(Step::Fire(_, p, _)) => {
                return s
                    .matches()
                    .forfeit(p)
                    .await
                    .expect("forfeit")
                    .expect("ended");
            }
            Some(step) => take(s, id, step).await,
            None => panic!("match {id} is over"),
        }
    }
}

/// Asserts `at` is `length` after a moment between `before` and now.
fn about(at: SystemTime, before: SystemTime, length: Duration, what: &str) {
    let after = SystemTime::now();
    assert!(
        at >= before + length && at <= after + length,
        "{what}: {at:?} is not {length:?} after {before:?}..{after:?}"
    );
}

/// `rated` (absent before paces: rated). A match of 243e353 and of 2cc46e8 played to its
/// end settles both players' ratings, as one that says `"rated": true` does; one that
/// says `"rated": false` (36258d6's daily match) settles none.
async fn rated_absent_an_upgraded_match_counts_for_ratings(back: Back) {
    for (file, name, rated) in [
        ("v1-243e353.json", "classic-battle", None),
        ("v1-2cc46e8.json", "classic-battle", None),
        ("v1-2cc46e8.json", "game2000-placement", None),
        ("v1-36258d6.json", "classic-battle", Some(true)),
        ("v1-36258d6.json", "classic-daily-battle", Some(false)),
    ] {
        let what = format!("{file} {name}");
        let row = row(file, name);
        assert_eq!(
            document(&row).get("rated").and_then(Value::as_bool),
            rated,
            "{what}"
        );
        let (_db, s, _) = restored(back, std::slice::from_ref(&row), TIMEOUTS).await;
        let id = row.id();
        let read_as = read(&s, id, |e| e.rated).await;
        let players = read(&s, id, |e| e.game.players()).await;
        play_to_the_end(&s, id).await;
        let finished = s.store().finished();
        let stored = finished.get(id).await.expect("read").expect("kept");
        let winner = stored.winner;
        let variant = row.text("variant");
        for p in players {
            let rating = finished.rating(p, variant).await.expect("read");
            if rated == Some(false) {
                assert_eq!(rating, None, "{what}: unrated");
                continue;
            }
            let Rated { rating, record } =
                rating.unwrap_or_else(|| panic!("{what}: {p:?} is rated"));
            assert_eq!(rating.games, 1, "{what}");
            let expected = match winner {
                Some(w) if w == p => (1, 0, 0),
                Some(_) => (0, 1, 0),
                None => (0, 0, 1),
            };
            assert_eq!(
                (record.wins, record.losses, record.draws),
                expected,
                "{what}"
            );
        }
        assert_eq!(read_as, rated.unwrap_or(true), "{what}");
    }
}

/// `pace` and `limits` (absent before paces: standard, at the running bot's standard
/// limits). A battle of 243e353 and of 2cc46e8 comes back with the running bot's turn
/// (here 45 s: the minimum after a restart is cut to a whole turn), a shot in it is a
/// standard one and gives the running bot's turn, and its end says standard with no
/// turn of its own; 36258d6's standard and blitz battles keep the limits they stored.
async fn pace_and_limits_absent_standard_at_the_running_bots_limits(back: Back) {
    for (file, name, stored) in [
        ("v1-243e353.json", "classic-battle", None),
        ("v1-2cc46e8.json", "game2000-battle", None),
        (
            "v1-36258d6.json",
            "classic-battle",
            Some((Pace::Standard, 3600)),
        ),
        (
            "v1-36258d6.json",
            "game2000-thread-battle",
            Some((Pace::Blitz, 60)),
        ),
    ] {
        let what = format!("{file} {name}");
        let row = row(file, name);
        assert_eq!(has(&row, "pace"), stored.is_some(), "{what}");
        assert_eq!(has(&row, "limits"), stored.is_some(), "{what}");
        let before = SystemTime::now();
        let (_db, s, resumed) = restored(back, std::slice::from_ref(&row), RUNNING).await;
        let id = row.id();
        let (pace, turn) = stored.map_or((Pace::Standard, RUNNING.turn), |(pace, secs)| {
            (pace, Duration::from_secs(secs))
        });
        assert_eq!(read(&s, id, |e| e.pace).await, pace, "{what}");
        // A restored turn: what was left, at least a minute, at most a whole turn.
        let back = turn.min(Duration::from_secs(60));
        about(resumed[0].deadline, before, back, &what);
        let (fired_at, deadline, fired_pace) = one_shot(&s, id).await;
        assert_eq!(fired_pace, pace, "{what}");
        about(deadline, fired_at, turn, &what);
        let ended = given_up(&s, id).await;
        assert_eq!(ended.pace, pace, "{what}");
        assert_eq!(
            ended.turn,
            stored.map(|(_, secs)| Duration::from_secs(secs)),
            "{what}: a turn of its own"
        );
    }
    // A challenge of 2cc46e8 waits the running bot's time for an answer.
    let row = row("v1-2cc46e8.json", "classic-challenge");
    let before = SystemTime::now();
    let (_db, _s, resumed) = restored(back, std::slice::from_ref(&row), RUNNING).await;
    about(
        resumed[0].deadline,
        before,
        RUNNING.challenge,
        "a challenge",
    );
}

/// `home` (absent before threads: its channel). A challenge of 2cc46e8 is accepted where
/// it was made and wants no thread, unlike 36258d6's challenge waiting for its thread; a
/// battle of 243e353 and of 2cc46e8 is played in its channel and ends there, with no
/// thread's parent, unlike 36258d6's battle in a thread.
async fn home_absent_a_match_lives_in_its_channel(back: Back) {
    for (file, name, parent) in [
        ("v1-2cc46e8.json", "classic-challenge", None),
        ("v1-36258d6.json", "game2000-thread-challenge", Some(113)),
    ] {
        let what = format!("{file} {name}");
        let row = row(file, name);
        let (_db, s, resumed) = restored(back, std::slice::from_ref(&row), TIMEOUTS).await;
        let id = row.id();
        let channel = ChannelKey(u64::try_from(row.int("channel_id")).unwrap());
        let posted = parent.map_or(channel, ChannelKey);
        assert_eq!(resumed[0].channel, posted, "{what}");
        let opponent = read(&s, id, |e| e.game.players()[1]).await;
        let accepted = s
            .matches()
            .accept(id, opponent, None)
            .await
            .expect("accept");
        assert_eq!(accepted.wants_thread, parent.map(ChannelKey), "{what}");
    }
    for (file, name, parent) in [
        ("v1-243e353.json", "classic-battle", None),
        ("v1-2cc46e8.json", "classic-battle", None),
        ("v1-36258d6.json", "game2000-thread-battle", Some(114)),
    ] {
        let what = format!("{file} {name}");
        let row = row(file, name);
        assert_eq!(has(&row, "home"), parent.is_some(), "{what}");
        let (_db, s, resumed) = restored(back, std::slice::from_ref(&row), TIMEOUTS).await;
        let id = row.id();
        let channel = ChannelKey(u64::try_from(row.int("channel_id")).unwrap());
        assert_eq!(resumed[0].channel, channel, "{what}");
        assert_eq!(
            read(&s, id, Entry::thread_parent).await,
            parent.map(ChannelKey),
            "{what}"
        );
        // Fired in its channel.
        let Some(Step::Fire(here, ..)) = s.read(Locate::Id(id), next_step).await.flatten() else {
            panic!("{what}: in battle");
        };
        assert_eq!(here, channel, "{what}");
        one_shot(&s, id).await;
        let ended = given_up(&s, id).await;
        assert_eq!(
            (ended.channel, ended.parent),
            (channel, parent.map(ChannelKey)),
            "{what}"
        );
    }
}

/// `series` and `last_fleets` (absent before rematches: no series, no last fleets). A
/// placement of 243e353 offers neither player their last fleet, and a battle of it ends
/// as no series' match; 2cc46e8's rematch offers both theirs and ends with the series'
/// score.
async fn series_and_last_fleets_absent_no_rematch(back: Back) {
    let old = row("v1-243e353.json", "classic-placement");
    let rematch = row("v1-2cc46e8.json", "classic-rematch-placement");
    assert!(!has(&old, "series") && !has(&old, "last_fleets"));
    for (row, offered) in [(&old, false), (&rematch, true)] {
        let (_db, s, _) = restored(back, std::slice::from_ref(row), TIMEOUTS).await;
        let id = row.id();
        for p in read(&s, id, |e| e.game.players()).await {
            let offers = read(&s, id, |e| Preview::of(e, p).map(|v| v.offers_last)).await;
            // A seat with no fleet yet is given one, as its player would.
            let offers = match offers {
                Some(offers) => offers,
                None => {
                    s.matches()
                        .place(p, None)
                        .await
                        .expect("a fleet")
                        .offers_last
                }
            };
            assert_eq!(offers, offered, "{} {p:?}", row.name);
        }
        let ended = given_up(&s, id).await;
        let series = ended.series.map(|s| (s.wins, s.draws));
        if offered {
            let (wins, draws) = series.expect("a series");
            assert_eq!((wins.iter().sum::<u32>(), draws), (2, 0), "{series:?}");
        } else {
            assert_eq!(series, None, "no series");
        }
    }
    let battle = row("v1-243e353.json", "classic-battle");
    let (_db, s, _) = restored(back, std::slice::from_ref(&battle), TIMEOUTS).await;
    assert_eq!(given_up(&s, battle.id()).await.series, None);
}

/// `game.first` (absent before rematches: undecided). No fixture lacks it (243e353 wrote
/// `null`): 243e353's placement without it reads as the same match, first undecided.
async fn first_absent_undecided(back: Back) {
    let stored = row("v1-243e353.json", "classic-placement");
    assert_eq!(document(&stored)["game"]["first"], Value::Null);
    let older = derived(&stored, |doc| {
        doc["game"].as_object_mut().unwrap().remove("first");
    });
    let entry = decode(bytes(&older)).expect("read");
    assert_eq!(entry, decode(bytes(&stored)).expect("read"));
    assert_eq!(entry.game.decided_first(), None);
    // Played to the end, as the stored one is.
    let (_db, s, _) = restored(back, std::slice::from_ref(&older), TIMEOUTS).await;
    play_to_the_end(&s, older.id()).await;
}

/// `reminded` and `last_message` (absent before paces and before last messages: no
/// reminder sent this turn, no message shown). 36258d6's daily battle, which had its
/// half-time reminder but kept no message, is reminded with no message to link to;
/// bb9b7cb's links to the one it stored. Without its `reminded` (as a daily match of a
/// build before paces would be) its half-time reminder comes next, not the hour's. A
/// standard battle of 2cc46e8 has had none, and none is due.
async fn reminded_and_last_message_absent_none_sent_none_shown(back: Back) {
    for (file, message) in [
        ("v1-36258d6.json", None),
        ("v1-bb9b7cb.json", Some(777_000_001)),
    ] {
        let row = row(file, "classic-daily-battle");
        assert_eq!(has(&row, "last_message"), message.is_some(), "{file}");
        let (_db, s, _) = restored(back, std::slice::from_ref(&row), TIMEOUTS).await;
        let due = s.daily().reminders(SystemTime::now()).await;
        assert_eq!(due.len(), 1, "{file}: {due:?}");
        assert_eq!(due[0].message.map(|m| m.0), message, "{file}");
        let (which, at, deadline) = read(&s, row.id(), |e| {
            let (which, at) = e.next_reminder().expect("a reminder");
            (which, at, e.deadline)
        })
        .await;
        assert_eq!(which, Reminder::Hour, "{file}: the half-time one was sent");
        assert_eq!(at, deadline - Duration::from_secs(3600));
    }
    let daily = row("v1-36258d6.json", "classic-daily-battle");
    let older = derived(&daily, |doc| {
        doc.remove("reminded");
    });
    let (_db, s, _) = restored(back, std::slice::from_ref(&older), TIMEOUTS).await;
    let (reminded, next, deadline) = read(&s, older.id(), |e| {
        (e.reminded, e.next_reminder(), e.deadline)
    })
    .await;
    assert_eq!(reminded, Reminded::default());
    assert_eq!(
        next,
        Some((Reminder::Half, deadline - Duration::from_secs(12 * 3600)))
    );
    let standard = row("v1-2cc46e8.json", "classic-battle");
    assert!(!has(&standard, "reminded"));
    let (_db, s, _) = restored(back, std::slice::from_ref(&standard), TIMEOUTS).await;
    let (reminded, next) = read(&s, standard.id(), |e| (e.reminded, e.next_reminder())).await;
    assert_eq!((reminded, next), (Reminded::default(), None));
    assert!(s.daily().reminders(SystemTime::now()).await.is_empty());
}

/// `drafts` and a draft's `cursor` (absent before the editor, and in a draft before its
/// cursor: nobody edits; the first ship, on A1). No fixture row has a draft; bb9b7cb's
/// placement with a draft written without its cursor reads with the cursor on the first
/// ship at A1.
async fn drafts_and_cursor_absent(back: Back) {
    for (file, row) in every_row() {
        assert!(!has(&row, "drafts"), "{file} {}", row.name);
        let entry = decode(bytes(&row)).expect("read");
        assert!(
            entry.drafts.iter().all(Option::is_none),
            "{file} {}",
            row.name
        );
    }
    let placement = row("v1-bb9b7cb.json", "classic-placement");
    let editing = derived(&placement, |doc| {
        doc.insert(
            "drafts".into(),
            serde_json::json!([null, {
                "variant": "classic",
                "ships": [null, "C1-C3", "E1-E3", "G1-G2", "I1-I2", "A6-B6", "D6", "F6", "H6", "J10"],
            }]),
        );
    });
    let (_db, s, _) = restored(back, std::slice::from_ref(&editing), TIMEOUTS).await;
    let cursor = read(&s, editing.id(), |e| {
        e.drafts[1].as_ref().map(|d| d.cursor())
    })
    .await
    .expect("the opponent's draft");
    assert_eq!(
        (cursor.ship, cursor.bow),
        (0, Coord::parse_for("A1", Variant::Classic).expect("a cell"))
    );
}

/// `format` (absent in version 1): every fixture row reads as version 1.
#[test]
fn format_absent_version_1() {
    for (file, row) in every_row() {
        assert!(!has(&row, "format"), "{file} {}", row.name);
        let doc = format::read(bytes(&row)).expect("read");
        assert_eq!(doc.format, Some(1), "{file} {}", row.name);
    }
}

/// Runs each test (an `async fn(Back)`) on SQLite and on PostgreSQL (skipped without a
/// server).
macro_rules! on_both_backs {
    ($($test:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test]
                async fn $test() {
                    super::$test(super::Back::Sqlite).await;
                }
            )*
        }
        mod on_postgres {
            $(
                #[tokio::test]
                async fn $test() {
                    if std::env::var(crate::pg::VAR).is_err() {
                        eprintln!("skipped {} on PostgreSQL: {} is not set", stringify!($test), crate::pg::VAR);
                        return;
                    }
                    super::$test(super::Back::Postgres).await;
                }
            )*
        }
    };
}

on_both_backs!(
    rated_absent_an_upgraded_match_counts_for_ratings,
    pace_and_limits_absent_standard_at_the_running_bots_limits,
    home_absent_a_match_lives_in_its_channel,
    series_and_last_fleets_absent_no_rematch,
    first_absent_undecided,
    reminded_and_last_message_absent_none_sent_none_shown,
    drafts_and_cursor_absent,
);
