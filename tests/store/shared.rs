//! Several processes on one PostgreSQL database (each test opens the store more than once,
//! every one with its own connections, as separate processes would): the database is the
//! source of truth, so a match can be changed from any of them, the one-match rules hold
//! across them, a deadline ends a match exactly once while every one sweeps, and a burst
//! of moves from both loses and doubles nothing. Skipped (and says so) without a server.

use crate::pg;
use crate::store::fixtures::{self, TIMEOUTS};

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use broadside::game::{Confirmed, PlayerId, Variant};
use broadside::session::Entry;
use broadside::session::{
    ChannelKey, Locate, MatchId, NewMatch, OpenError, Seeds, Session, SessionError, Timeouts,
    millis,
};
use broadside::store;
use broadside::store::Timestamp;

pub(crate) const ALICE: PlayerId = PlayerId(2001);
pub(crate) const BOB: PlayerId = PlayerId(2002);
const CAROL: PlayerId = PlayerId(2003);
const DAVE: PlayerId = PlayerId(2004);
const BOT: PlayerId = PlayerId(9999);

/// `n` "processes" on one fresh database (`None` without a server).
pub(crate) async fn processes(
    name: &str,
    n: usize,
    timeouts: Timeouts,
) -> Option<(pg::PgDb, Vec<Session>)> {
    let db = pg::PgDb::create(name).await?;
    let mut sessions = Vec::new();
    for i in 0..n {
        let store = store::open(&db.url).await.expect("every process opens it");
        assert!(matches!(store, store::Opened::Shared(_)));
        sessions.push(Session::new(
            store,
            timeouts,
            Seeds::new(Some(40 + i as u64)),
        ));
    }
    Some((db, sessions))
}

pub(crate) fn challenge(channel: u64, challenger: PlayerId, opponent: PlayerId) -> NewMatch {
    NewMatch {
        pace: broadside::session::Pace::Standard,
        rated: true,
        thread: false,
        channel: ChannelKey(channel),
        guild: Some(broadside::ids::GuildId(5)),
        challenger,
        opponent,
        names: ["One".into(), "Two".into()],
        variant: Variant::Classic,
        options: broadside::game::MatchOptions::default(),
        guild_locale: None,
        challenger_locale: None,
        computer: None,
    }
}

/// `n` processes whose challenges expire after `ms` milliseconds, and `count` challenges
/// opened through them in turn: the `i`-th in channel `first.0 + i` between two members of
/// its own from `first.1` on. `None` without a server.
async fn expiring(
    name: &str,
    n: usize,
    ms: u64,
    count: u64,
    first: (u64, u64),
) -> Option<(pg::PgDb, Vec<Session>, Vec<MatchId>)> {
    let quick = Timeouts {
        challenge: Duration::from_millis(ms),
        ..TIMEOUTS
    };
    let (db, s) = processes(name, n, quick).await?;
    let mut ids = Vec::new();
    for i in 0..count {
        let (channel, player) = (first.0 + i, first.1 + 2 * i);
        let m = challenge(channel, PlayerId(player), PlayerId(player + 1));
        let through = &s[usize::try_from(i).expect("small") % n];
        ids.push(fixtures::open(through, m).await);
    }
    Some((db, s, ids))
}

fn busy_with(
    result: &Result<impl std::fmt::Debug, SessionError>,
) -> Option<(OpenError, Option<ChannelKey>)> {
    match result {
        Err(SessionError::Busy { reason, at }) => Some((*reason, at.map(|at| at.channel))),
        _ => None,
    }
}

/// The live match in `channel` as `s` reads it.
async fn seen(s: &Session, channel: u64) -> Option<Entry> {
    s.read(Locate::Channel(ChannelKey(channel)), Clone::clone)
        .await
}

/// Match `id`'s deadline as `s` reads it.
async fn deadline(s: &Session, id: MatchId) -> Option<SystemTime> {
    s.read(Locate::Id(id), |e| e.deadline).await
}

#[tokio::test]
async fn a_match_is_played_through_two_processes_alike() {
    let Some((_db, s)) = processes("shared_play", 2, TIMEOUTS).await else {
        return;
    };
    let (a, b) = (&s[0], &s[1]);
    let id = fixtures::open(a, challenge(7, ALICE, BOB)).await;
    // The other process counts it among the live matches (for /metrics).
    let census = b.census().await;
    let count = |phase| {
        census
            .iter()
            .find(|(k, _)| *k == (phase, Variant::Classic))
            .map(|(_, n)| *n)
    };
    assert_eq!(count(broadside::game::PhaseKind::Challenge), Some(1));
    assert_eq!(count(broadside::game::PhaseKind::Battle), Some(0));
    // Accepted through the other process, each fleet placed through a different one (as a
    // DM placement reaches the process holding shard 0).
    b.matches().accept(id, BOB, None).await.unwrap();
    let pa = b.matches().place(ALICE, Some(CLASSIC_A)).await.unwrap();
    let pb = a.matches().place(BOB, Some(CLASSIC_B)).await.unwrap();
    a.matches().ready(id, ALICE, &pa.tag()).await.unwrap();
    let readied = b.matches().ready(id, BOB, &pb.tag()).await.unwrap();
    let Confirmed::BattleStarts { first } = readied.confirmed else {
        panic!("both are ready: {:?}", readied.confirmed)
    };
    // Both see the same match, and a shot through one is seen by the other at once.
    assert_eq!(seen(a, 7).await, seen(b, 7).await);
    let fired = b.matches().fire(ChannelKey(7), first, "E5").await.unwrap();
    let after = seen(a, 7).await.expect("live");
    assert_eq!(after.moves, 1);
    assert_eq!(after.game.target_view(first), Some(fired.view));
    // A move refused by the rules through one process is refused the same way through the
    // other, and changes nothing.
    let version = after.version;
    for p in [a, b] {
        let err = p
            .matches()
            .fire(ChannelKey(7), first, "E5")
            .await
            .unwrap_err();
        assert!(matches!(err, SessionError::Rules { .. }), "{err:?}");
    }
    assert_eq!(seen(b, 7).await.unwrap().version, version);
    // Forfeit through the first: the end is returned once, and the match is gone for both.
    let other = if first == ALICE { BOB } else { ALICE };
    let ended = a.matches().forfeit(other).await.unwrap();
    assert!(ended.is_some());
    assert!(seen(b, 7).await.is_none());
    assert!(matches!(
        b.matches().forfeit(first).await,
        Err(SessionError::NoMatch)
    ));
}

#[tokio::test]
async fn one_live_match_per_channel_and_per_member_holds_across_processes() {
    let Some((_db, s)) = processes("shared_claims", 2, TIMEOUTS).await else {
        return;
    };
    let (a, b) = (&s[0], &s[1]);
    let first = fixtures::open(a, challenge(1, ALICE, BOB)).await;
    // The channel is taken.
    let refused = b.matches().challenge(challenge(1, CAROL, DAVE)).await;
    assert_eq!(
        busy_with(&refused),
        Some((OpenError::ChannelBusy, None)),
        "{refused:?}"
    );
    // The challenger is bound from the challenge on, and where is said.
    let refused = b.matches().challenge(challenge(2, ALICE, CAROL)).await;
    assert_eq!(
        busy_with(&refused),
        Some((OpenError::PlayerBusy(ALICE), Some(ChannelKey(1)))),
        "{refused:?}"
    );
    // A member only challenged may be challenged elsewhere; the first Accept binds them.
    let second = fixtures::open(b, challenge(2, CAROL, BOB)).await;
    a.matches().accept(first, BOB, None).await.unwrap();
    let refused = b.matches().accept(second, BOB, None).await;
    assert_eq!(
        busy_with(&refused),
        Some((OpenError::PlayerBusy(BOB), Some(ChannelKey(1)))),
        "{refused:?}"
    );
    let still = b.read(Locate::Id(second), |e| e.game.phase_kind()).await;
    assert_eq!(still, Some(broadside::game::PhaseKind::Challenge));
    // A member who plays cannot be challenged.
    let r = a.matches().challenge(challenge(3, DAVE, BOB)).await;
    assert_eq!(
        busy_with(&r).map(|(r, _)| r),
        Some(OpenError::PlayerBusy(BOB))
    );

    // Two challenges to one member, accepted at the same moment through both processes:
    // exactly one Accept wins.
    let (eve, frank, gina) = (PlayerId(2005), PlayerId(2006), PlayerId(2007));
    let to_frank = fixtures::open(a, challenge(4, frank, eve)).await;
    let to_gina = fixtures::open(b, challenge(5, gina, eve)).await;
    let (one, two) = tokio::join!(
        a.matches().accept(to_frank, eve, None),
        b.matches().accept(to_gina, eve, None)
    );
    assert!(one.is_ok() != two.is_ok(), "{one:?} {two:?}");
    let (lost, refused) = if one.is_ok() {
        (to_gina, two.map(|_| ()))
    } else {
        (to_frank, one.map(|_| ()))
    };
    assert_eq!(
        busy_with(&refused).map(|(reason, _)| reason),
        Some(OpenError::PlayerBusy(eve)),
        "{refused:?}"
    );
    let untouched = a
        .read(Locate::Id(lost), |e| (e.game.phase_kind(), e.version))
        .await;
    assert_eq!(untouched, Some((broadside::game::PhaseKind::Challenge, 1)));
    // Once the match ends, its members are free again, in every process.
    a.matches()
        .cancel(ChannelKey(1), ALICE, true)
        .await
        .unwrap();
    b.matches()
        .accept(second, BOB, None)
        .await
        .expect("Bob is free again");
}

#[tokio::test]
async fn a_deadline_ends_a_match_exactly_once_while_every_process_sweeps() {
    let Some((_db, s, ids)) = expiring("shared_sweep", 4, 300, 40, (100, 3000)).await else {
        return;
    };
    let ids: HashSet<MatchId> = ids.into_iter().collect();
    tokio::time::sleep(Duration::from_millis(400)).await;
    // All four sweep at once, twice over.
    let now = SystemTime::now();
    let mut ended = Vec::new();
    for _ in 0..2 {
        let (e0, e1, e2, e3) = tokio::join!(
            s[0].matches().expire(now),
            s[1].matches().expire(now),
            s[2].matches().expire(now),
            s[3].matches().expire(now)
        );
        ended.extend([e0, e1, e2, e3].into_iter().flatten().map(|e| e.id));
    }
    let unique: HashSet<MatchId> = ended.iter().copied().collect();
    assert_eq!(ended.len(), 40, "each end exactly once: {ended:?}");
    assert_eq!(unique, ids);
    for id in ids {
        let row = fixtures::row(&s[0], id).await;
        assert_eq!(row.how.as_deref(), Some("expired"));
    }
}

#[tokio::test]
async fn a_burst_of_moves_from_both_processes_loses_and_doubles_nothing() {
    let Some((_db, s)) = processes("shared_burst", 2, TIMEOUTS).await else {
        return;
    };
    let s: Vec<Arc<Session>> = s.into_iter().map(Arc::new).collect();
    let id = fixtures::open(&s[0], challenge(9, ALICE, BOB)).await;
    s[1].matches().accept(id, BOB, None).await.unwrap();
    for (p, fleet) in [(ALICE, CLASSIC_A), (BOB, CLASSIC_B)] {
        let preview = s[0].matches().place(p, Some(fleet)).await.unwrap();
        s[1].matches().ready(id, p, &preview.tag()).await.unwrap();
    }
    let start = fixtures::row(&s[0], id).await.version;
    // Both players fire through both processes at once: every cell of the board not yet
    // counted, each from a task of its own, in waves until the match ends.
    let mut accepted: Vec<(PlayerId, String)> = Vec::new();
    let mut over = false;
    for wave in 0..12 {
        if over {
            break;
        }
        let mut tasks = Vec::new();
        for (k, player) in [ALICE, BOB].into_iter().enumerate() {
            for row in 1..=10 {
                for col in b'A'..=b'J' {
                    let cell = format!("{}{row}", char::from(col));
                    if accepted.contains(&(player, cell.clone())) {
                        continue;
                    }
                    let session = Arc::clone(&s[(usize::from(col) + row + k + wave) % 2]);
                    tasks.push(tokio::spawn(async move {
                        let r = session.matches().fire(ChannelKey(9), player, &cell).await;
                        (player, cell, r.map(|f| f.ended.is_some()))
                    }));
                }
            }
        }
        for t in tasks {
            let (player, cell, r) = t.await.unwrap();
            match r {
                Ok(ended) => {
                    over |= ended;
                    accepted.push((player, cell));
                }
                // Refused by the rules (not their turn, a cell fired at) or after the end:
                // never a storage failure.
                Err(
                    SessionError::Rules { .. }
                    | SessionError::NoMatchHere
                    | SessionError::NotInThisMatch,
                ) => {}
                Err(e) => panic!("{player:?} {cell}: {e:?}"),
            }
        }
    }
    // Every wave counts at least one shot (the player to move has cells left).
    assert!(
        accepted.len() >= 12 || over,
        "only {} shots counted",
        accepted.len()
    );
    let moves = s[1].store().finished().moves(id).await.unwrap();
    // Every shot that counted is stored once, numbered without gaps, and nothing else is.
    assert_eq!(moves.len(), accepted.len());
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m.seq as usize, i + 1);
    }
    let stored: HashSet<(u64, String)> = moves
        .iter()
        .map(|m| (m.player.0, m.cells.clone()))
        .collect();
    let said: HashSet<(u64, String)> = accepted.iter().map(|(p, c)| (p.0, c.clone())).collect();
    assert_eq!(stored, said);
    // One version per accepted change, and the state counts the same moves.
    let row = fixtures::row(&s[0], id).await;
    assert_eq!(row.version, start + accepted.len() as u64);
    let state: serde_json::Value = serde_json::from_slice(&row.state).unwrap();
    assert_eq!(state["moves"], accepted.len());
}

/// A process started as the bot starts one: through `restore`.
async fn started(url: &str, timeouts: Timeouts) -> (Session, usize) {
    let store = store::open(url).await.expect("open");
    let (s, resumed, _) = Session::restore(store, timeouts, Seeds::new(None))
        .await
        .expect("restore");
    (s, resumed.len())
}

#[tokio::test]
async fn time_is_given_back_once_and_only_when_every_process_was_down() {
    let Some(db) = pg::PgDb::create("shared_restore").await else {
        return;
    };
    let (running, resumed) = started(&db.url, TIMEOUTS).await;
    assert_eq!(resumed, 0);
    let id = fixtures::open(&running, challenge(11, ALICE, BOB)).await;
    let before = deadline(&running, id).await.unwrap();
    // The heartbeat says an hour ago, but a process is running: one that starts now joins
    // it, and gives nothing back.
    running
        .store()
        .presence()
        .beat(Timestamp(millis(SystemTime::now()) - 3_600_000))
        .await
        .unwrap();
    let (joined, resumed) = started(&db.url, TIMEOUTS).await;
    assert_eq!(resumed, 0);
    assert_eq!(deadline(&joined, id).await, Some(before));
    // Every process stops; of two starting at once, exactly one gives the hour back.
    drop((running, joined));
    let ((x, rx), (y, ry)) = tokio::join!(started(&db.url, TIMEOUTS), started(&db.url, TIMEOUTS));
    assert_eq!(rx + ry, 1, "resumed by exactly one");
    let after = deadline(&x, id).await.unwrap();
    let given = after.duration_since(before).unwrap();
    assert!(
        given > Duration::from_secs(3590) && given < Duration::from_secs(3700),
        "{given:?}"
    );
    // A restart of a few seconds (every process down briefly) gives those seconds back too.
    drop((x, y));
    let (z, resumed) = started(&db.url, TIMEOUTS).await;
    assert_eq!(resumed, 1);
    drop(z);
}

#[tokio::test]
async fn a_process_starting_during_the_give_back_sweeps_only_after_it() {
    // Long enough that the time given back (never more than the whole phase) outlasts two
    // starts under load, short enough to wait out.
    let quick = Timeouts {
        challenge: Duration::from_secs(4),
        ..TIMEOUTS
    };
    let Some((db, s)) = processes("shared_give_back", 1, quick).await else {
        return;
    };
    // 150 challenges, all past their deadline, and every process down since before that.
    let seen = millis(SystemTime::now());
    for i in 0..150_u64 {
        let m = challenge(500 + i, PlayerId(6000 + 2 * i), PlayerId(6001 + 2 * i));
        s[0].matches().challenge(m).await.unwrap();
    }
    s[0].store().presence().beat(Timestamp(seen)).await.unwrap();
    drop(s);
    tokio::time::sleep(quick.challenge + Duration::from_millis(100)).await;
    // Two start at once, each sweeping as soon as it has started: whichever gives the time
    // back, the other's sweep finds nothing due.
    let sweep_after_start = || async {
        let (s, resumed) = started(&db.url, quick).await;
        let ended = s.matches().expire(SystemTime::now()).await.len();
        (s, resumed, ended)
    };
    let ((_x, rx, ex), (_y, ry, ey)) = tokio::join!(sweep_after_start(), sweep_after_start());
    assert_eq!(rx + ry, 150);
    assert_eq!((ex, ey), (0, 0), "a sweep ran during the give-back");
}

#[tokio::test]
async fn a_computer_turn_left_by_one_process_is_played_by_another() {
    let Some((_db, s)) = processes("shared_computer", 2, TIMEOUTS).await else {
        return;
    };
    let mut m = challenge(12, ALICE, BOT);
    m.computer = Some(broadside::ai::Difficulty::Normal);
    let id = s[0].matches().challenge(m).await.unwrap().id;
    let preview = s[0].matches().place(ALICE, Some(CLASSIC_A)).await.unwrap();
    let readied = s[0]
        .matches()
        .ready(id, ALICE, &preview.tag())
        .await
        .unwrap();
    // The member fires until the turn passes to the computer (the first process then
    // stops before the computer moves).
    let mut computer_next = readied.computer_next;
    let mut cells =
        (1..=10).flat_map(|r| (b'A'..=b'J').map(move |c| format!("{}{r}", char::from(c))));
    while !computer_next {
        let cell = cells.next().expect("a miss passes the turn");
        computer_next = s[0]
            .matches()
            .fire(ChannelKey(12), ALICE, &cell)
            .await
            .unwrap()
            .computer_next;
    }
    let later = SystemTime::now() + Duration::from_secs(10);
    let stalled = Duration::from_secs(5);
    assert_eq!(
        s[1].matches()
            .stalled_computer_turns(SystemTime::now(), stalled)
            .await,
        vec![]
    );
    assert_eq!(
        s[1].matches().stalled_computer_turns(later, stalled).await,
        vec![id]
    );
    let turn = s[1]
        .matches()
        .computer_turn(id)
        .await
        .expect("the other process plays it");
    assert!(!turn.outcomes.is_empty());
    assert_eq!(turn.member, ALICE);
    // Done: nothing is stalled any more, and the member is to move.
    assert!(
        s[0].matches()
            .stalled_computer_turns(later, stalled)
            .await
            .is_empty()
    );
    let to_move = s[0]
        .read(Locate::Id(id), |e| e.game.to_move())
        .await
        .flatten();
    assert!(turn.ended.is_some() || to_move == Some(ALICE));
}

#[tokio::test]
async fn a_retired_match_frees_its_members() {
    let Some((_db, s)) = processes("shared_retire", 1, TIMEOUTS).await else {
        return;
    };
    let id = fixtures::open(&s[0], challenge(21, ALICE, BOB)).await;
    s[0].matches().accept(id, BOB, None).await.unwrap();
    s[0].store()
        .live()
        .retire(id, Timestamp(millis(SystemTime::now())))
        .await
        .unwrap();
    // Both may play again at once, anywhere.
    let again = fixtures::open(&s[0], challenge(22, ALICE, BOB)).await;
    s[0].matches().accept(again, BOB, None).await.unwrap();
}

#[tokio::test]
async fn a_move_that_waits_too_long_for_its_match_is_refused_as_busy() {
    let Some((db, s)) = processes("shared_lock_wait", 1, TIMEOUTS).await else {
        return;
    };
    let id = fixtures::open(&s[0], challenge(23, ALICE, BOB)).await;
    // Another transaction holds the match's row (far longer than any change does).
    let pool = sqlx::PgPool::connect(&db.url).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE")
        .bind(store::to_sql(id.0))
        .execute(&mut *tx)
        .await
        .unwrap();
    let refused = s[0].matches().accept(id, BOB, None).await;
    assert!(matches!(refused, Err(SessionError::Pending)), "{refused:?}");
    tx.rollback().await.unwrap();
    // Unchanged, and it goes through once the row is free.
    let phase = s[0].read(Locate::Id(id), |e| e.game.phase_kind()).await;
    assert_eq!(phase, Some(broadside::game::PhaseKind::Challenge));
    s[0].matches().accept(id, BOB, None).await.unwrap();
}

/// Issue 30, 15: the sweep takes due matches with `FOR UPDATE SKIP LOCKED`. A due match
/// whose row another transaction holds is skipped at once (the others end), and a later
/// sweep ends it.
#[tokio::test]
async fn the_sweep_skips_a_match_another_transaction_holds() {
    use sqlx::Connection as _;
    let Some((db, s, ids)) = expiring("shared_skip_locked", 1, 200, 3, (300, 4000)).await else {
        return;
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut holder = sqlx::PgConnection::connect(&db.url).await.unwrap();
    let mut held = holder.begin().await.unwrap();
    sqlx::query("SELECT id FROM matches WHERE id = $1 FOR UPDATE")
        .bind(store::to_sql(ids[0].0))
        .execute(&mut *held)
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let ended: HashSet<MatchId> = s[0]
        .matches()
        .expire(SystemTime::now())
        .await
        .into_iter()
        .map(|e| e.id)
        .collect();
    // Below the lock timeout (5 s) a waiting sweep would have taken, with room for a
    // loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(ended, ids[1..].iter().copied().collect());
    held.rollback().await.unwrap();
    let later: Vec<MatchId> = s[0]
        .matches()
        .expire(SystemTime::now())
        .await
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(later, vec![ids[0]]);
}
