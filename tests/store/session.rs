//! The session layer without Discord, on a real SQLite file: every accepted change is
//! stored before it is returned, rejected and failed changes leave the match as it was,
//! and a restarted session carries on exactly where the old one stopped. The tests that
//! do not concern the SQLite file itself run on a real PostgreSQL database too (see
//! `pg/`; skipped without one).

use crate::store::db::{Db, Flaky, on_both_stores};
use crate::store::fixtures::{self, ALICE, BOB, BOT, CHANNEL, TIMEOUTS};

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime};

use crate::fleets::{CLASSIC_A, CLASSIC_B, G2000_A, G2000_B};
use broadside::game::{Confirmed, Coord, Fleet, Next, PhaseKind, PlayerId, Report, Variant};
use broadside::session::{
    ChannelKey, GuildId, Locate, MatchId, NewMatch, OpenError, Registry, Seeds, Session,
    SessionError, Timeouts, Viewer, millis,
};
use broadside::store::{self, MatchRecord, Store, StoreError, StoredMatch};
use broadside::store::{Rated, Timestamp};

fn new_match(variant: Variant) -> NewMatch {
    NewMatch {
        variant,
        guild_locale: Some("nl".into()),
        ..fixtures::new_match(
            CHANNEL,
            broadside::ids::GuildId(5),
            [ALICE, BOB],
            ["Alice", "Bob"],
        )
    }
}

/// Challenge, accept, place the two fleets and make them final. Returns the match id and
/// who fires first.
async fn battle(s: &Session, variant: Variant, fleets: [&str; 2]) -> (MatchId, PlayerId) {
    let id = s.matches().challenge(new_match(variant)).await.unwrap().id;
    s.matches()
        .accept(id, BOB, Some("da".into()))
        .await
        .unwrap();
    let seats = [(ALICE, fleets[0]), (BOB, fleets[1])];
    (id, fixtures::ready_both(s, id, seats).await)
}

fn cells_of(variant: Variant, fleet: &str) -> Vec<Coord> {
    Fleet::parse(variant, fleet)
        .unwrap()
        .cells()
        .iter()
        .collect()
}

/// Every cell of a board, in reading order.
fn all_cells(variant: Variant) -> Vec<Coord> {
    let n = variant.size();
    let mut v = Vec::new();
    for row in 1..=n {
        for col in 0..n {
            let text = format!("{}{row}", char::from(b'A' + col));
            v.push(text.parse().unwrap());
        }
    }
    v
}

async fn stored(store: &Arc<dyn Store>, id: MatchId) -> StoredMatch {
    store
        .finished()
        .get(id)
        .await
        .unwrap()
        .expect("the match is stored")
}

async fn every_change_is_stored_before_it_is_returned(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(7)));
    let challenged = s
        .matches()
        .challenge(new_match(Variant::Classic))
        .await
        .unwrap();
    let id = challenged.id;
    let row = stored(&store, id).await;
    assert!(row.live);
    assert_eq!(row.phase, "challenge");
    assert_eq!(row.players, [ALICE, BOB]);
    let v1 = row.version;

    s.matches().accept(id, BOB, None).await.unwrap();
    let row = stored(&store, id).await;
    assert_eq!(row.phase, "placement");
    assert!(row.version > v1);

    // The first player fires at every ship cell of the other: all hits, so the turn never
    // passes, and the tenth sinking ends the match.
    let (id2, first) = {
        let p = s.matches().place(ALICE, Some(CLASSIC_A)).await.unwrap();
        s.matches().ready(id, ALICE, &p.tag()).await.unwrap();
        let p = s.matches().place(BOB, Some(CLASSIC_B)).await.unwrap();
        let r = s.matches().ready(id, BOB, &p.tag()).await.unwrap();
        let Confirmed::BattleStarts { first } = r.confirmed else {
            panic!("both are ready")
        };
        (id, first)
    };
    assert_eq!(id2, id);
    assert_eq!(stored(&store, id).await.phase, "battle");
    let target = if first == ALICE { CLASSIC_B } else { CLASSIC_A };
    let cells = cells_of(Variant::Classic, target);
    let mut ended = None;
    for (i, cell) in cells.iter().enumerate() {
        let fired = s
            .matches()
            .fire(CHANNEL, first, &cell.to_string())
            .await
            .unwrap();
        assert!(fired.outcome.reports[0].is_hit());
        // The move is in the database already.
        let moves = store.finished().moves(id).await.unwrap();
        assert_eq!(moves.len(), i + 1);
        assert_eq!(moves[i].cells, cell.to_string());
        assert_eq!(moves[i].player, first);
        if fired.ended.is_some() {
            assert_eq!(i + 1, cells.len(), "only the last hit ends the match");
            ended = fired.ended;
        }
    }
    let ended = ended.expect("the last hit ends the match");
    assert!(ended.reveal.is_some());
    assert_eq!(ended.guild_locale.as_deref(), Some("nl"));
    let row = stored(&store, id).await;
    assert!(!row.live);
    assert_eq!(row.phase, "finished");
    assert_eq!(row.how.as_deref(), Some("sunk"));
    assert_eq!(row.winner, Some(first));
    assert!(row.ended_ms.is_some());
    // In memory stays only what is live.
    assert!(s.live().is_none_or(Registry::is_empty));
    assert!(matches!(
        s.matches().fire(CHANNEL, first, "A1").await,
        Err(SessionError::NoMatchHere)
    ));
    // Reports are stored in processing order as JSON.
    let moves = store.finished().moves(id).await.unwrap();
    let last: Vec<Report> = serde_json::from_str(&moves.last().unwrap().reports).unwrap();
    assert!(matches!(last[0], Report::Sunk { .. }));
}

async fn rejected_actions_change_nothing_in_memory_or_on_disk(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(8)));
    let (id, first) = battle(&s, Variant::Game2000, [G2000_A, G2000_B]).await;
    let before_row = stored(&store, id).await;
    let before = s.read(Locate::Id(id), Clone::clone).await.unwrap();
    let second = if first == ALICE { BOB } else { ALICE };
    for (who, text) in [
        (second, "A1 A2 A3"),      // not their turn
        (first, "A1 A2"),          // two cells
        (first, "A1 A2 Z9"),       // off the board
        (first, "hello"),          // not cells
        (PlayerId(5), "A1 A2 A3"), // not a player
    ] {
        assert!(
            s.matches().fire(CHANNEL, who, text).await.is_err(),
            "{text}"
        );
    }
    assert!(s.matches().place(first, Some(G2000_A)).await.is_err());
    assert!(s.matches().accept(id, BOB, None).await.is_err());
    assert!(s.matches().forfeit(PlayerId(5)).await.is_err());
    assert!(s.matches().cancel(CHANNEL, second, false).await.is_err());
    assert_eq!(s.read(Locate::Id(id), Clone::clone).await.unwrap(), before);
    assert_eq!(stored(&store, id).await, before_row);
    assert!(store.finished().moves(id).await.unwrap().is_empty());
}

async fn a_change_that_cannot_be_written_is_rolled_back(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let s = Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(9)));
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    let before = s.read(Locate::Id(id), Clone::clone).await.unwrap();
    flaky.failing.store(true, Ordering::SeqCst);
    let err = s.matches().fire(CHANNEL, first, "E5").await.unwrap_err();
    assert!(matches!(err, SessionError::Storage(_)), "{err:?}");
    // Back as it was, except that (in memory) the failed version number is never used
    // again; a shared store's transaction was rolled back whole.
    let mut after = s.read(Locate::Id(id), Clone::clone).await.unwrap();
    if !db.is_shared() {
        assert!(after.version > before.version);
        after.version = before.version;
    }
    assert_eq!(after, before);
    // A forfeit that cannot be stored does not end the match either.
    assert!(matches!(
        s.matches().forfeit(first).await,
        Err(SessionError::Storage(_))
    ));
    assert!(s.read(Locate::Id(id), |_| ()).await.is_some(), "still live");
    flaky.failing.store(false, Ordering::SeqCst);
    // Once the store works again, the same shot goes through.
    s.matches().fire(CHANNEL, first, "E5").await.unwrap();
}

async fn a_write_whose_answer_was_lost_counts_once(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let s = Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(10)));
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    // The shot is committed, but its answer is lost: the retry finds it stored.
    flaky.losing_answers.store(1, Ordering::SeqCst);
    let fired = s
        .matches()
        .fire(CHANNEL, first, "E5")
        .await
        .expect("it was written");
    let stored_row = stored(&flaky.store_ref(), id).await;
    let live = s.read(Locate::Id(id), Clone::clone).await.unwrap();
    assert_eq!(stored_row.version, live.version);
    assert_eq!(
        flaky.store_ref().finished().moves(id).await.unwrap().len(),
        1
    );
    // The next move is written after it, not instead of it.
    let next = match fired.outcome.next {
        Next::Turn { player, .. } | Next::Again(player) => player,
        Next::Over(_) => panic!("one shot does not end a match"),
    };
    s.matches().fire(CHANNEL, next, "F5").await.unwrap();
    assert_eq!(
        flaky.store_ref().finished().moves(id).await.unwrap().len(),
        2
    );
}

async fn an_ended_match_is_announced_exactly_once(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let timeouts = Timeouts {
        challenge: Duration::from_millis(1),
        ..TIMEOUTS
    };
    let s = Session::new(opened.clone(), timeouts, Seeds::new(Some(10)));
    let id = fixtures::open(&s, new_match(Variant::Classic)).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let now = SystemTime::now();
    let ends = s.matches().expire(now).await;
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].id, id);
    assert!(s.matches().expire(now).await.is_empty());
    assert!(matches!(
        s.matches().decline(id, BOB).await,
        Err(SessionError::Stale)
    ));
    let row = stored(&store, id).await;
    assert_eq!(row.how.as_deref(), Some("expired"));
    assert!(!row.live);
}

#[tokio::test]
async fn ids_are_random_and_old_buttons_find_nothing() {
    let db = Db::new("ids");
    let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(11)));
    let a = fixtures::open(&s, new_match(Variant::Classic)).await;
    s.matches()
        .cancel(CHANNEL, ALICE, false)
        .await
        .unwrap()
        .expect("ended");
    let b = fixtures::open(&s, new_match(Variant::Classic)).await;
    assert_ne!(a, b);
    assert!(a.0 < 1 << 63 && b.0 < 1 << 63);
    assert!(matches!(
        s.matches().accept(a, BOB, None).await,
        Err(SessionError::Stale)
    ));
    s.matches().accept(b, BOB, None).await.unwrap();
}

/// Plays `turns` game2000 salvos: each player fires at their own list of cells in order.
async fn play_salvos(
    s: &Session,
    first: PlayerId,
    turns: usize,
    from: usize,
) -> Vec<(PlayerId, Vec<Report>, Next)> {
    let cells = all_cells(Variant::Game2000);
    let mut log = Vec::new();
    let mut shooter = first;
    let mut next_cell = [from, from];
    for _ in 0..turns {
        let i = usize::from(shooter == BOB);
        let picks: Vec<String> = (0..3)
            .map(|k| cells[(next_cell[i] + k) % cells.len()].to_string())
            .collect();
        next_cell[i] += 3;
        let fired = s
            .matches()
            .fire(CHANNEL, shooter, &picks.join(" "))
            .await
            .unwrap();
        log.push((shooter, fired.outcome.reports.clone(), fired.outcome.next));
        match fired.outcome.next {
            Next::Turn { player, .. } | Next::Again(player) => shooter = player,
            Next::Over(_) => break,
        }
    }
    log
}

async fn a_restarted_session_goes_on_exactly_where_it_stopped(db: Db) {
    // Two identical matches from the same seed: one played straight through, one whose
    // session is dropped (as by a crash) halfway and restored from the file.
    let straight_db = Db::new("straight");
    let straight = Session::new(straight_db.open().await, TIMEOUTS, Seeds::new(Some(12)));
    let (_, first) = battle(&straight, Variant::Game2000, [G2000_A, G2000_B]).await;
    let expected = play_salvos(&straight, first, 8, 0).await;

    let (id, first2) = {
        let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(12)));
        let (id, first2) = battle(&s, Variant::Game2000, [G2000_A, G2000_B]).await;
        let got = play_salvos(&s, first2, 4, 0).await;
        assert_eq!(got, expected[..4]);
        (id, first2)
    };
    assert_eq!(first, first2);
    let opened = db.open().await;
    let store = opened.store();
    let before = stored(&store, id).await;
    let (s, resumed, _) = Session::restore(opened.clone(), TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert_eq!(resumed.len(), 1);
    assert_eq!(resumed[0].id, id);
    assert_eq!(resumed[0].phase, PhaseKind::Battle);
    assert_eq!(resumed[0].guild_locale.as_deref(), Some("nl"));
    // Salvos 5 to 8 continue the lists where they were: (4 turns, 2 per player) × 3 cells.
    let got = play_salvos(&s, first, 4, 6).await;
    assert_eq!(got, expected[4..]);
    let after = stored(s.store(), id).await;
    assert!(after.version > before.version);
    assert_eq!(s.store().finished().moves(id).await.unwrap().len(), 8);
}

async fn restored_deadlines_give_back_the_downtime(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let id = {
        let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(13)));
        let (id, _) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
        id
    };
    // The bot was last seen an hour ago, with 300 s left on the turn clock then... the
    // stored deadline is about now + 300 s, so as seen an hour ago it had 3900 s left.
    let hour_ago = millis(SystemTime::now()) - 3_600_000;
    store.presence().beat(Timestamp(hour_ago)).await.unwrap();
    let (s, resumed, _) = Session::restore(opened.clone(), TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    let now = SystemTime::now();
    let deadline = s.read(Locate::Id(id), |e| e.deadline).await.unwrap();
    assert_eq!(resumed[0].deadline, deadline);
    let left = deadline.duration_since(now).unwrap();
    assert!(left > Duration::from_secs(3890), "{left:?}");
    // The new deadline is stored, so a second crash right away keeps it.
    let row_state = s.store().live().live_states().await.unwrap();
    assert_eq!(row_state.len(), 1);
    // A deadline already past when the bot went down still gets a minute. (A shared
    // store gives time back only when its heartbeat is stale: see tests/store/shared.rs.)
    drop(s);
    if db.is_shared() {
        return;
    }
    store
        .presence()
        .beat(Timestamp(millis(now) + 10_000_000))
        .await
        .unwrap();
    let (s, _, _) = Session::restore(opened.clone(), TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    let left = s
        .read(Locate::Id(id), |e| e.deadline)
        .await
        .unwrap()
        .duration_since(SystemTime::now())
        .unwrap();
    assert!(
        left > Duration::from_secs(55) && left <= Duration::from_secs(60),
        "{left:?}"
    );
}

async fn a_computer_match_is_restored_with_its_random_numbers(db: Db) {
    let mk = || {
        fixtures::versus(
            new_match(Variant::Game2000),
            BOT,
            broadside::ai::Difficulty::Hard,
        )
    };
    // The same match twice from one seed: straight, and with a restart in the middle.
    let play = |s: Arc<Session>, id: MatchId, turns: usize| async move {
        let mut seen = Vec::new();
        let cells = all_cells(Variant::Game2000);
        for t in 0..turns {
            if s.read(Locate::Id(id), |e| e.game.to_move()).await.flatten() != Some(ALICE) {
                let turn = s
                    .matches()
                    .computer_turn(id)
                    .await
                    .expect("the computer moves");
                seen.push(
                    turn.outcomes
                        .iter()
                        .map(|o| o.cells.clone())
                        .collect::<Vec<_>>(),
                );
            }
            let picks: Vec<String> = (0..3).map(|k| cells[t * 3 + k].to_string()).collect();
            s.matches()
                .fire(CHANNEL, ALICE, &picks.join(" "))
                .await
                .unwrap();
            let turn = s
                .matches()
                .computer_turn(id)
                .await
                .expect("the computer answers");
            seen.push(turn.outcomes.iter().map(|o| o.cells.clone()).collect());
        }
        seen
    };
    let start = |s: Arc<Session>| async move {
        let challenged = s.matches().challenge(mk()).await.unwrap();
        let preview = challenged.preview.expect("a preview for the member");
        s.matches()
            .ready(challenged.id, ALICE, &preview.tag())
            .await
            .unwrap();
        challenged.id
    };
    let other_db = Db::new("computer-straight");
    let straight = Arc::new(Session::new(
        other_db.open().await,
        TIMEOUTS,
        Seeds::new(Some(14)),
    ));
    let id = start(Arc::clone(&straight)).await;
    let expected = play(straight, id, 6).await;

    let first = Arc::new(Session::new(
        db.open().await,
        TIMEOUTS,
        Seeds::new(Some(14)),
    ));
    let id = start(Arc::clone(&first)).await;
    let mut got = play(Arc::clone(&first), id, 3).await;
    drop(first);
    let (s, resumed, _) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert_eq!(resumed.len(), 1);
    let s = Arc::new(s);
    let cells = all_cells(Variant::Game2000);
    for t in 3..6 {
        let picks: Vec<String> = (0..3).map(|k| cells[t * 3 + k].to_string()).collect();
        s.matches()
            .fire(CHANNEL, ALICE, &picks.join(" "))
            .await
            .unwrap();
        let turn = s
            .matches()
            .computer_turn(id)
            .await
            .expect("the computer answers");
        got.push(turn.outcomes.iter().map(|o| o.cells.clone()).collect());
    }
    assert_eq!(got, expected);
}

#[tokio::test]
async fn a_newer_or_damaged_database_is_refused_and_left_alone() {
    let db = Db::new("refused");
    {
        let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(15)));
        s.matches()
            .challenge(new_match(Variant::Classic))
            .await
            .unwrap();
    }
    // A migration this build does not know, as a newer version would have left it.
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db.url()).await.unwrap();
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (99990101000000, 'from the future', 1, x'00', 1)",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
    }
    let err = store::open(&db.url()).await.unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, StoreError::NewerSchema { .. }), "{text}");
    assert!(text.contains("matches.db"), "{text}");

    // A file that is not a database at all.
    let junk = db.path().with_file_name("junk.db");
    let bytes = b"this is not a database, but it is somebody's file".repeat(200);
    std::fs::write(&junk, &bytes).unwrap();
    let err = store::open(&format!("sqlite://{}", junk.display()))
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("junk.db"), "{text}");
    assert_eq!(
        std::fs::read(&junk).unwrap(),
        bytes,
        "the file is untouched"
    );
}

async fn a_change_waits_for_the_write_before_it(db: Db) {
    // A shot is being written (slowly) when a forfeit comes in; the shot's write then
    // fails. The forfeit must not build on the shot that never made it to disk.
    let flaky = Flaky::over(db.open().await);
    let s = Arc::new(Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(21))));
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    flaky.slow_ms.store(100, Ordering::SeqCst);
    flaky.failing_shots.store(true, Ordering::SeqCst);
    let begun = flaky.writes_begun.load(Ordering::SeqCst);
    let shot = {
        let s = Arc::clone(&s);
        tokio::spawn(async move { s.matches().fire(CHANNEL, first, "E5").await })
    };
    // Once the shot's write has begun (a fixed pause lost the race under load: the
    // forfeit came first), the forfeit comes in.
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while flaky.writes_begun.load(Ordering::SeqCst) == begun {
        assert!(
            std::time::Instant::now() < until,
            "the shot was never written"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    // The shot is being written: the forfeit waits for it.
    let forfeit = {
        let s = Arc::clone(&s);
        tokio::spawn(async move { s.matches().forfeit(first).await })
    };
    assert!(matches!(shot.await.unwrap(), Err(SessionError::Storage(_))));
    let ended = forfeit.await.unwrap().expect("the forfeit is stored");
    assert!(ended.is_some());
    // The forfeit's state holds no shot, and no shot is stored.
    let row = stored(&flaky.store_ref(), id).await;
    assert_eq!(row.how.as_deref(), Some("forfeit"));
    let state: serde_json::Value = serde_json::from_slice(&row.state).unwrap();
    assert_eq!(state["moves"], 0, "{state}");
    assert!(flaky.finished().moves(id).await.unwrap().is_empty());
}

async fn an_end_stored_but_never_announced_is_announced_after_a_restart(db: Db) {
    let id = {
        let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(22)));
        let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
        let ended = s.matches().forfeit(first).await.unwrap();
        assert!(ended.is_some());
        // The bot dies here, before announcing.
        id
    };
    let (s, resumed, mut unsent) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert!(resumed.is_empty());
    if db.is_shared() {
        // Other processes may be about to announce it: the sweep takes it once it is
        // clearly orphaned.
        assert!(unsent.is_empty());
        assert!(
            s.matches()
                .unannounced_ends(SystemTime::now())
                .await
                .is_empty()
        );
        let later = SystemTime::now() + Duration::from_secs(301);
        unsent = s.matches().unannounced_ends(later).await;
        assert_eq!(unsent.len(), 1);
        assert_eq!(unsent[0].id, id);
        assert!(
            s.matches().unannounced_ends(later).await.is_empty(),
            "taken once"
        );
        return;
    }
    assert_eq!(unsent.len(), 1);
    assert_eq!(unsent[0].id, id);
    assert!(unsent[0].reveal.is_some());
    s.matches().mark_announced(&unsent[0]).await;
    drop(s);
    let (_, _, unsent) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert!(unsent.is_empty(), "announced once");
}

/// An end outside servers (no guild: a DM, a group DM) waits for the next interaction of
/// a player, which may reach any process: every process sees it among the waiting ends,
/// no process's sweep takes it as orphaned (which would mark it shown), and once one
/// process showed it the others see that it is shown.
async fn an_end_outside_servers_waits_for_an_interaction_in_every_process(db: Db) {
    let opened = db.open().await;
    let one = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(31)));
    // A second process on PostgreSQL; SQLite is one process's file (a second session
    // on it stands in).
    let second = if db.is_shared() {
        db.open().await
    } else {
        opened
    };
    let other = Session::new(second, TIMEOUTS, Seeds::new(Some(32)));
    // One match in a server, one outside servers, both ended and not announced yet.
    let (in_server, first) = battle(&one, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    let server_end = one.matches().forfeit(first).await.unwrap().expect("ended");
    let mut outside = new_match(Variant::Classic);
    outside.guild = None;
    outside.channel = ChannelKey(78);
    let id = one.matches().challenge(outside).await.unwrap().id;
    one.matches().accept(id, BOB, None).await.unwrap();
    let dm_end = one.matches().forfeit(ALICE).await.unwrap().expect("ended");
    assert_eq!(dm_end.id, id);
    assert_eq!(dm_end.guild, None);

    for s in [&one, &other] {
        let waiting: Vec<MatchId> = s
            .matches()
            .waiting_ends_in(ChannelKey(78))
            .await
            .unwrap()
            .iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(
            waiting,
            [id],
            "the end outside servers waits in its channel"
        );
        // The server's end does not (its channel is posted to, not answered in).
        assert!(
            s.matches()
                .waiting_ends_in(CHANNEL)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(s.matches().still_unannounced(&dm_end).await);
    }
    if db.is_shared() {
        // Long after, another process's sweep takes the server's end as orphaned, never
        // the one outside servers: that one stays for an interaction.
        let later = SystemTime::now() + Duration::from_secs(301);
        let taken: Vec<MatchId> = other
            .matches()
            .unannounced_ends(later)
            .await
            .iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(taken, [in_server]);
        assert_eq!(
            other
                .matches()
                .waiting_ends_in(ChannelKey(78))
                .await
                .unwrap()
                .len(),
            1
        );
    } else {
        one.matches().mark_announced(&server_end).await;
    }
    // One process shows it; the other then sees it shown, and it waits nowhere.
    one.matches().mark_announced(&dm_end).await;
    for s in [&one, &other] {
        assert!(!s.matches().still_unannounced(&dm_end).await);
        assert!(
            s.matches()
                .waiting_ends_in(ChannelKey(78))
                .await
                .unwrap()
                .is_empty()
        );
    }
}

async fn clashing_live_matches_keep_the_newest(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    // Two sessions on one file (as two processes would): both open a match in CHANNEL.
    let older = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(23)));
    let old = fixtures::open(&older, new_match(Variant::Classic)).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let newer = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(24)));
    let second = newer
        .matches()
        .challenge(new_match(Variant::Game2000))
        .await;
    if db.is_shared() {
        // A shared store never lets the clash happen.
        assert!(
            matches!(
                second,
                Err(SessionError::Busy {
                    reason: OpenError::ChannelBusy,
                    ..
                })
            ),
            "{second:?}"
        );
        assert!(stored(&store, old).await.live);
        return;
    }
    let new = second.unwrap().id;
    drop((older, newer));
    let (s, resumed, _) = Session::restore(opened.clone(), TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert_eq!(resumed.len(), 1);
    assert_eq!(resumed[0].id, new);
    assert_eq!(s.live().map(Registry::len), Some(1));
    let row = stored(&store, old).await;
    assert!(!row.live);
    assert_eq!(row.how.as_deref(), Some("abandoned"));
    // Next start: nothing clashes any more.
    let (_, resumed, _) = Session::restore(opened.clone(), TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    assert_eq!(resumed.len(), 1);
}

async fn a_late_move_does_not_count(db: Db) {
    let timeouts = Timeouts {
        turn: Duration::from_millis(30),
        ..TIMEOUTS
    };
    let s = Session::new(db.open().await, timeouts, Seeds::new(Some(25)));
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    tokio::time::sleep(Duration::from_millis(40)).await;
    // The sweep has not run: the shot is refused all the same, and nothing changes.
    let before = s.read(Locate::Id(id), Clone::clone).await.unwrap();
    assert!(matches!(
        s.matches().fire(CHANNEL, first, "E5").await,
        Err(SessionError::TimeUp)
    ));
    assert_eq!(s.read(Locate::Id(id), Clone::clone).await.unwrap(), before);
    let ends = s.matches().expire(SystemTime::now()).await;
    assert_eq!(ends.len(), 1);
    assert!(matches!(
        ends[0].ending,
        broadside::game::Ending::Won { loser, .. } if loser == first
    ));
}

async fn an_older_version_is_refused_by_the_store(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(26)));
    let id = fixtures::open(&s, new_match(Variant::Classic)).await;
    s.matches().accept(id, BOB, None).await.unwrap();
    let row = stored(&store, id).await;
    // A record with the stored version (not newer) is a conflict, and changes nothing.
    let stale = MatchRecord {
        id,
        version: row.version,
        channel: CHANNEL,
        guild: None,
        players: [ALICE, BOB],
        variant: "classic",
        options: "{}".into(),
        computer: None,
        phase: "challenge",
        deadline_ms: Timestamp(0),
        state: b"{}".to_vec().into(),
        result: None,
        created_ms: Timestamp(0),
        updated_ms: Timestamp(0),
        moves: Vec::new(),
        claims: Vec::new(),
        computer_next: false,
        remind_ms: None,
        post_channel: None,
        played: None,
        rematch_of: None,
    };
    assert!(matches!(
        store.live().save(&stale).await,
        Err(StoreError::Conflict { .. })
    ));
    assert_eq!(stored(&store, id).await, row);
}

/// A match of Alice (with `fleet`) against the computer at `level`, placed and ready.
async fn versus_computer(
    s: &Session,
    variant: Variant,
    level: broadside::ai::Difficulty,
    fleet: &str,
) -> MatchId {
    let challenged = s
        .matches()
        .challenge(fixtures::versus(new_match(variant), BOT, level))
        .await
        .unwrap();
    let preview = s.matches().place(ALICE, Some(fleet)).await.unwrap();
    s.matches()
        .ready(challenged.id, ALICE, &preview.tag())
        .await
        .unwrap();
    challenged.id
}

#[tokio::test]
async fn the_computer_moves_by_its_view_alone() {
    use broadside::ai::Difficulty;
    // Two matches from one seed whose members hide different fleets: as long as the
    // computer's view of the member's sea is the same in both, so is its move.
    // The fleets differ in one small ship, so the views stay alike for a while.
    for (variant, fleets) in [
        (
            Variant::Classic,
            [CLASSIC_A, "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J8"],
        ),
        (
            Variant::Game2000,
            [G2000_A, "B3-D3 F3-F5 B5-B6 D7-E7 H7-H8 H1 E9"],
        ),
    ] {
        for level in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
            // Where the computer happens to shoot at the differing ship early, the views part
            // soon: over a few seeds, enough moves are compared.
            let mut total = 0;
            for seed in 31..34 {
                let dbs =
                    ["a", "b"].map(|k| Db::new(&format!("fair-{k}-{variant:?}-{level:?}-{seed}")));
                let mut sessions = Vec::new();
                let mut ids = Vec::new();
                for (db, fleet) in dbs.iter().zip(fleets) {
                    let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(seed)));
                    ids.push(versus_computer(&s, variant, level, fleet).await);
                    sessions.push(s);
                }
                let mine = all_cells(variant);
                let per_turn = if variant == Variant::Classic { 1 } else { 3 };
                let (mut fired, mut compared) = (0, 0);
                loop {
                    let view = |k: usize| {
                        sessions[k].read(Locate::Id(ids[k]), |e| {
                            (
                                e.game.to_move(),
                                e.game.target_view(BOT),
                                e.game.is_finished(),
                            )
                        })
                    };
                    // A match that ended is no longer live.
                    let (Some(a), Some(b)) = (view(0).await, view(1).await) else {
                        break;
                    };
                    if a.2 || b.2 || a.1 != b.1 {
                        break;
                    }
                    if a.0 == Some(BOT) {
                        let ta = sessions[0].matches().computer_turn(ids[0]).await.unwrap();
                        let tb = sessions[1].matches().computer_turn(ids[1]).await.unwrap();
                        assert_eq!(
                            ta.outcomes[0].cells, tb.outcomes[0].cells,
                            "{variant:?} {level:?}: the same view, another move"
                        );
                        compared += 1;
                    } else {
                        let picks: Vec<String> = mine[fired..fired + per_turn]
                            .iter()
                            .map(ToString::to_string)
                            .collect();
                        fired += per_turn;
                        for s in &sessions {
                            s.matches()
                                .fire(CHANNEL, ALICE, &picks.join(" "))
                                .await
                                .unwrap();
                        }
                    }
                }
                total += compared;
            }
            assert!(
                total >= 3,
                "{variant:?} {level:?}: only {total} moves compared"
            );
        }
    }
}

#[tokio::test]
async fn one_database_file_serves_one_bot() {
    let db = Db::new("one_bot");
    let first = db.store().await;
    let err = store::open(&db.url()).await.unwrap_err();
    assert!(matches!(err, StoreError::InUse { .. }), "{err}");
    // The message names the file.
    assert!(err.to_string().contains("matches.db"), "{err}");
    // Once the first is gone, the file is free again.
    drop(first);
    store::open(&db.url()).await.expect("free again");
}

/// The replay of `id` as Alice (who played every match of these tests) asks for it in
/// the match's channel.
async fn finished(
    s: &Session,
    id: MatchId,
) -> Result<broadside::session::Finished, broadside::session::ReplayError> {
    let alice = Viewer {
        player: ALICE,
        guild: Some(broadside::ids::GuildId(5)),
        channel: CHANNEL,
    };
    s.played()
        .replay(id, &alice, async |_| panic!("a player needs no permission"))
        .await
}

#[tokio::test]
#[expect(
    clippy::too_many_lines,
    reason = "one scenario told in order; the calls name their session service"
)]
async fn strangers_watch_only_where_they_can_see_and_learn_nothing_else() {
    use broadside::session::ReplayError;
    let db = Db::new("replay-strangers");
    let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(27)));
    let stranger = |guild, channel| Viewer {
        player: PlayerId(3003),
        guild,
        channel,
    };
    let asked = std::sync::atomic::AtomicUsize::new(0);
    let sees = |answer: bool| {
        let asked = &asked;
        async move |channel: ChannelKey| {
            assert_eq!(channel, CHANNEL, "only the match's channel is looked at");
            asked.fetch_add(1, Ordering::SeqCst);
            answer
        }
    };
    let hidden = |r: Result<broadside::session::Finished, ReplayError>| {
        matches!(r, Err(ReplayError::Hidden))
    };
    // Live: its players hear why, a stranger hears the one refusal (even one who sees it).
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    assert!(matches!(
        finished(&s, id).await,
        Err(ReplayError::StillPlaying)
    ));
    assert!(hidden(
        s.played()
            .replay(id, &stranger(Some(GuildId(5)), CHANNEL), sees(true))
            .await
    ));
    s.matches().fire(CHANNEL, first, "A1").await.unwrap();
    s.matches().forfeit(first).await.unwrap();
    // Finished with a shot: in its channel anyone of the server may watch.
    assert!(
        s.played()
            .replay(id, &stranger(Some(GuildId(5)), CHANNEL), sees(false))
            .await
            .is_ok()
    );
    assert_eq!(
        asked.load(Ordering::SeqCst),
        0,
        "its own channel needs no look-up"
    );
    // Elsewhere in the server: only who sees the channel.
    assert!(hidden(
        s.played()
            .replay(
                id,
                &stranger(Some(GuildId(5)), ChannelKey(999)),
                sees(false)
            )
            .await
    ));
    assert!(
        s.played()
            .replay(id, &stranger(Some(GuildId(5)), ChannelKey(999)), sees(true))
            .await
            .is_ok()
    );
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    // Another server, or a DM: never, and Discord is not even asked.
    assert!(hidden(
        s.played()
            .replay(id, &stranger(Some(GuildId(6)), CHANNEL), sees(true))
            .await
    ));
    assert!(hidden(
        s.played()
            .replay(id, &stranger(None, ChannelKey(1)), sees(true))
            .await
    ));
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    // Its players anywhere.
    let bob_in_a_dm = Viewer {
        player: BOB,
        guild: None,
        channel: ChannelKey(1),
    };
    assert!(
        s.played()
            .replay(id, &bob_in_a_dm, sees(false))
            .await
            .is_ok()
    );
    // No shot fired: its players hear why, a stranger the same refusal as for an unknown id.
    let declined = fixtures::open(&s, new_match(Variant::Classic)).await;
    s.matches().decline(declined, BOB).await.unwrap();
    assert!(matches!(
        finished(&s, declined).await,
        Err(ReplayError::NoBattle)
    ));
    assert!(hidden(
        s.played()
            .replay(declined, &stranger(Some(GuildId(5)), CHANNEL), sees(true))
            .await
    ));
    assert!(hidden(
        s.played()
            .replay(
                MatchId(77_777),
                &stranger(Some(GuildId(5)), CHANNEL),
                sees(true)
            )
            .await
    ));
}

#[tokio::test]
async fn finished_matches_come_back_as_replays_and_live_ones_do_not() {
    use broadside::session::ReplayError;
    let db = Db::new("replays");
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(21)));
    // A match that ends before a shot: no replay, and not offered.
    let declined = fixtures::open(&s, new_match(Variant::Classic)).await;
    s.matches().decline(declined, BOB).await.unwrap();
    assert!(matches!(
        finished(&s, declined).await,
        Err(ReplayError::NoBattle)
    ));
    // A battle with five shots, then a forfeit.
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    assert!(matches!(
        finished(&s, id).await,
        Err(ReplayError::StillPlaying)
    ));
    let other = if first == ALICE { BOB } else { ALICE };
    let target = if first == ALICE { CLASSIC_B } else { CLASSIC_A };
    let ships = cells_of(Variant::Classic, target);
    let mut water = all_cells(Variant::Classic)
        .into_iter()
        .filter(|c| !ships.contains(c));
    // Two hits (shoot again), then a miss; the other player misses once, then the
    // first hits once more.
    let mut played = Vec::new();
    for (who, cell) in [
        (first, ships[0]),
        (first, ships[1]),
        (first, water.next().unwrap()),
        (other, "J1".parse::<Coord>().unwrap()),
        (first, ships[2]),
    ] {
        let fired = s.matches().fire(CHANNEL, who, &cell.to_string()).await;
        played.push((who, cell, fired.is_ok()));
    }
    s.matches()
        .forfeit(other)
        .await
        .unwrap()
        .expect("the forfeit ends it");
    let done = finished(&s, id).await.expect("finished with a battle");
    let replay = done.replay.expect("a replay");
    let fired: Vec<(PlayerId, Coord)> = played
        .iter()
        .filter(|p| p.2)
        .map(|&(who, cell, _)| (who, cell))
        .collect();
    assert_eq!(fired.len(), 5, "every scripted shot was legal: {played:?}");
    let moves: Vec<(PlayerId, Coord)> = replay
        .moves
        .iter()
        .map(|m| (replay.players[m.shooter.index()], m.cells()[0]))
        .collect();
    assert_eq!(
        moves, fired,
        "the replay has the shots in the order they were played"
    );
    assert_eq!(done.names, ["Alice".to_owned(), "Bob".to_owned()]);
    assert_eq!(done.guild, Some(GuildId(5)));
    // The same order as the stored moves.
    let stored_moves = store.finished().moves(id).await.unwrap();
    assert_eq!(stored_moves.len(), 5);
    for (m, (who, cell)) in stored_moves.iter().zip(&fired) {
        assert_eq!(
            (m.player, m.cells.as_str()),
            (*who, cell.to_string().as_str())
        );
    }
    // A battle given up before the first shot has nothing to replay either.
    let (unshot, starter) = battle(&s, Variant::Game2000, [G2000_A, G2000_B]).await;
    s.matches()
        .forfeit(starter)
        .await
        .unwrap()
        .expect("the forfeit ends it");
    assert!(matches!(
        finished(&s, unshot).await,
        Err(ReplayError::NoBattle)
    ));
    // Offered to both players, newest first; the matches without shots are not offered.
    for p in [ALICE, BOB] {
        let recent = s.played().recent(p, 10).await.unwrap();
        let ids: Vec<MatchId> = recent.iter().map(|d| d.id).collect();
        assert_eq!(ids, vec![id], "{p:?}");
    }
    assert!(
        s.played()
            .recent(PlayerId(4242), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        finished(&s, MatchId(12_345)).await,
        Err(ReplayError::Hidden)
    ));
}

/// A challenge of `from` to `to` in `channel`.
fn challenge_in(channel: u64, from: PlayerId, to: PlayerId) -> NewMatch {
    NewMatch {
        pace: broadside::session::Pace::Standard,
        rated: true,
        thread: false,
        channel: ChannelKey(channel),
        challenger: from,
        opponent: to,
        ..new_match(Variant::Classic)
    }
}

/// Issue 30, 1: two Accept clicks at once, the first of whose writes fails. The
/// challenged member stays bound to the match the second click accepted.
async fn a_second_accept_after_a_failed_first_binds_the_member(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let s = Arc::new(Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(40))));
    let id = fixtures::open(&s, new_match(Variant::Classic)).await;
    // Every try of the first click's write fails (in memory the session tries three
    // times; a shared store's transaction once), slowly.
    flaky.slow_ms.store(60, Ordering::SeqCst);
    let tries = if db.is_shared() { 1 } else { 3 };
    flaky.failing_next.store(tries, Ordering::SeqCst);
    let first = tokio::spawn({
        let s = Arc::clone(&s);
        async move { s.matches().accept(id, BOB, None).await }
    });
    tokio::time::sleep(Duration::from_millis(20)).await;
    let second = s.matches().accept(id, BOB, None).await;
    let first = first.await.unwrap();
    assert!(
        matches!(first, Err(SessionError::Storage(_))),
        "{:?}",
        first.map(|_| ())
    );
    assert!(second.is_ok(), "{:?}", second.map(|_| ()));
    flaky.slow_ms.store(0, Ordering::SeqCst);
    // Bob plays this match: he can place his fleet, and nobody can make him accept
    // another challenge.
    s.matches()
        .place(BOB, None)
        .await
        .expect("Bob is bound to his match");
    let other = s
        .matches()
        .challenge(challenge_in(78, PlayerId(1003), BOB))
        .await;
    assert!(
        matches!(
            other,
            Err(SessionError::Busy {
                reason: OpenError::PlayerBusy(BOB),
                ..
            })
        ),
        "{:?}",
        other.map(|_| ())
    );
}

/// Issue 30, 2: `/privacy delete` and a Rematch click at the same moment. Either the
/// member is forgotten and the rematch refused, or the rematch starts and forgetting is
/// refused; never both.
async fn forgetting_and_a_rematch_exclude_each_other(db: Db) {
    use broadside::session::{ForgetError, Rematch, RematchError};
    let flaky = Flaky::over(db.open().await);
    let s = Arc::new(Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(41))));
    let (id, first) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    s.matches().forfeit(first).await.unwrap().expect("it ends");
    assert!(matches!(
        s.matches().rematch(id, ALICE, None).await,
        Ok(Rematch::Waiting { .. })
    ));
    // Forgetting Alice is slow; Bob's Rematch click comes in the middle of it.
    flaky.slow_ms.store(200, Ordering::SeqCst);
    let forget = tokio::spawn({
        let s = Arc::clone(&s);
        async move { s.privacy().forget(ALICE).await }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let rematch = s.matches().rematch(id, BOB, None).await;
    let forget = forget.await.unwrap();
    flaky.slow_ms.store(0, Ordering::SeqCst);
    match (&forget, &rematch) {
        (Ok(_), Err(RematchError::Unavailable)) => {
            // Nothing live names her.
            let live = flaky.store_ref().live().live_states().await.unwrap();
            assert!(
                live.is_empty(),
                "a live match after forgetting: {}",
                live.len()
            );
        }
        (Err(ForgetError::Playing), Ok(Rematch::Started(_))) => {}
        other => panic!("both or neither: {other:?}"),
    }
}

/// Issue 30, 3: forgetting a moderator who called off other members' matches takes their
/// id out of those matches too.
async fn a_forgotten_moderator_leaves_the_matches_they_cancelled(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(42)));
    let moderator = PlayerId(5005);
    let id = fixtures::open(&s, new_match(Variant::Classic)).await;
    s.matches().accept(id, BOB, None).await.unwrap();
    s.matches()
        .cancel(CHANNEL, moderator, true)
        .await
        .unwrap()
        .expect("it ends");
    let named = |state: &[u8]| String::from_utf8_lossy(state).contains(&moderator.0.to_string());
    assert!(named(&stored(&store, id).await.state));
    s.privacy().forget(moderator).await.unwrap();
    let after = stored(&store, id).await;
    assert!(
        !named(&after.state),
        "the moderator's id stays in the match"
    );
    assert_eq!(after.players, [ALICE, BOB], "the players are untouched");
}

/// Issue 30, 8: a moderator who plays cannot call their own match off: it is a forfeit,
/// and it counts.
async fn a_moderator_who_plays_and_cancels_forfeits(db: Db) {
    use broadside::game::{Ending, WinReason};
    let opened = db.open().await;
    let store = opened.store();
    let s = Session::new(opened.clone(), TIMEOUTS, Seeds::new(Some(43)));
    let (_, _) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    let end = s
        .matches()
        .cancel(CHANNEL, ALICE, true)
        .await
        .unwrap()
        .expect("it ends");
    assert_eq!(
        end.ending,
        Ending::Won {
            winner: BOB,
            loser: ALICE,
            reason: WinReason::Forfeit
        }
    );
    let Rated { record, .. } = store
        .finished()
        .rating(ALICE, "classic")
        .await
        .unwrap()
        .expect("rated");
    assert_eq!((record.wins, record.losses), (0, 1));
}

/// Issue 30, 9: everything the running bot allows comes back after a restart: here a
/// challenge to a member who accepted another one after it was made.
async fn an_open_challenge_to_a_member_who_plays_elsewhere_is_restored(db: Db) {
    let carol = PlayerId(1003);
    let older = {
        let s = Session::new(db.open().await, TIMEOUTS, Seeds::new(Some(44)));
        let older = fixtures::open(&s, challenge_in(77, ALICE, BOB)).await;
        let newer = fixtures::open(&s, challenge_in(78, carol, BOB)).await;
        s.matches().accept(newer, BOB, None).await.unwrap();
        older
    };
    let (s, resumed, _) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(None))
        .await
        .unwrap();
    if !db.is_shared() {
        assert_eq!(resumed.len(), 2, "{resumed:?}");
    }
    assert!(
        stored(s.store(), older).await.live,
        "the open challenge is back"
    );
    assert!(
        s.read(Locate::Id(older), |e| e.id).await.is_some(),
        "and playable"
    );
    // Bob plays elsewhere, so his Accept of it is refused, and Alice can call it off.
    assert!(matches!(
        s.matches().accept(older, BOB, None).await,
        Err(SessionError::Busy { .. })
    ));
    s.matches()
        .cancel(ChannelKey(77), ALICE, false)
        .await
        .unwrap();
}

/// Issue 30, 15: the sweep checks each match's deadline again under its lock. A list of
/// due matches that is out of date (here: one whose deadline is ahead) ends nothing.
async fn the_sweep_ends_only_what_is_really_due(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let s = Session::new(flaky.opened(), TIMEOUTS, Seeds::new(Some(45)));
    let (id, _) = battle(&s, Variant::Classic, [CLASSIC_A, CLASSIC_B]).await;
    flaky.also_due.lock().unwrap().push(id);
    assert!(s.matches().expire(SystemTime::now()).await.is_empty());
    assert!(stored(&flaky.store_ref(), id).await.live);
    // Once it is due, it ends.
    let later = SystemTime::now() + TIMEOUTS.turn + Duration::from_secs(1);
    assert_eq!(s.matches().expire(later).await.len(), 1);
}

on_both_stores!(
    every_change_is_stored_before_it_is_returned,
    rejected_actions_change_nothing_in_memory_or_on_disk,
    a_change_that_cannot_be_written_is_rolled_back,
    a_write_whose_answer_was_lost_counts_once,
    an_ended_match_is_announced_exactly_once,
    restored_deadlines_give_back_the_downtime,
    a_computer_match_is_restored_with_its_random_numbers,
    a_change_waits_for_the_write_before_it,
    an_end_stored_but_never_announced_is_announced_after_a_restart,
    an_end_outside_servers_waits_for_an_interaction_in_every_process,
    clashing_live_matches_keep_the_newest,
    a_late_move_does_not_count,
    an_older_version_is_refused_by_the_store,
    a_restarted_session_goes_on_exactly_where_it_stopped,
    a_second_accept_after_a_failed_first_binds_the_member,
    forgetting_and_a_rematch_exclude_each_other,
    a_forgotten_moderator_leaves_the_matches_they_cancelled,
    a_moderator_who_plays_and_cancels_forfeits,
    an_open_challenge_to_a_member_who_plays_elsewhere_is_restored,
    the_sweep_ends_only_what_is_really_due,
);
