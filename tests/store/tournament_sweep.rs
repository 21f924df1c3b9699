//! Issue 51 items 3 and 4 on both stores: the sweep reads only tournaments due (an idle
//! round is due at its deadline, a match's end makes it due now), takes each once, and the
//! announcements of a step stay in the store until posted, so that the sweep posts what a
//! stopped process left. On PostgreSQL, two processes sweep 300 running tournaments.

use std::collections::BTreeSet;
use std::time::{Duration, SystemTime};

use crate::store::db::{Db, on_both_stores};
use crate::store::tournament::{CREATOR, join_all, member, new, session};

use broadside::game::{PlayerId, Variant};
use broadside::session::tournament::{
    Announcement, GuildId, NewTournament, POST_LEASE, STEP_LEASE, Shards, TournamentId,
    TournamentState,
};
use broadside::session::{ChannelKey, MatchId, Pace, Session};
use broadside::store::{NewPairing, Timestamp, TournamentStep};

#[expect(
    clippy::too_many_lines,
    reason = "one story: due times, then the outbox"
)]
async fn an_idle_round_is_due_at_its_deadline_and_an_end_makes_it_due_now(db: Db) {
    let s = session(db.open().await);
    let t = s.tournaments().create_tournament(new(7, 64)).await.unwrap();
    join_all(&s, t.id, 5).await;
    let now = SystemTime::now();
    assert!(
        s.tournaments().tournaments_due(now).await.is_empty(),
        "no start time: never due"
    );
    let started = s
        .tournaments()
        .start_tournament(t.id, CREATOR)
        .await
        .unwrap();
    assert_eq!(started.posted.len(), 1, "the start wrote its announcements");
    for m in &started.to_open {
        s.tournaments().open_tournament_match(m).await.unwrap();
        s.tournaments().tournament_match_opened(m).await;
    }
    // The round's matches are open: the step that opened them sets the due time.
    let again = s
        .tournaments()
        .advance_tournament(t.id, false)
        .await
        .unwrap();
    assert!(again.events.is_empty() && again.to_open.is_empty());
    let deadline = s
        .tournaments()
        .tournament(t.id)
        .await
        .unwrap()
        .round_deadline
        .unwrap();
    let now = SystemTime::now();
    assert!(
        s.tournaments()
            .tournaments_due(now + Duration::from_secs(600))
            .await
            .is_empty(),
        "idle until its round's deadline"
    );
    let at_deadline = s
        .tournaments()
        .tournaments_due(deadline + Duration::from_secs(1))
        .await;
    assert_eq!(at_deadline, vec![t.id], "due at its deadline");
    assert!(
        s.tournaments()
            .tournaments_due(deadline + Duration::from_secs(1))
            .await
            .is_empty(),
        "taken once: leased to the one sweep that took it"
    );
    // A match of it ended: due at once, and taken by one sweep.
    s.tournaments().match_ended(t.id).await;
    assert_eq!(
        s.tournaments().tournaments_due(SystemTime::now()).await,
        vec![t.id]
    );
    assert!(
        s.tournaments()
            .tournaments_due(SystemTime::now())
            .await
            .is_empty()
    );
    // After its lease, a step taken by a process that stopped is taken again.
    let later = SystemTime::now() + STEP_LEASE + Duration::from_secs(1);
    assert_eq!(s.tournaments().tournaments_due(later).await, vec![t.id]);

    // The start's announcements: the round's pairings, the bye last, until posted.
    let mine = s
        .tournaments()
        .announcements(t.id, &started.posted, SystemTime::now())
        .await
        .unwrap();
    let [(_, Announcement::Paired { round: 1, pairings })] = mine.posts.as_slice() else {
        panic!("the start announces round 1's pairings: {:?}", mine.posts);
    };
    assert_eq!(pairings.len(), 3, "two boards and the bye of five players");
    assert!(pairings.last().unwrap().black.is_none(), "the bye last");
    // This process stopped before posting: nobody else takes them within the lease...
    let now = SystemTime::now();
    assert!(s.tournaments().stale_announcements(now).await.is_empty());
    assert!(
        s.tournaments()
            .announcements(t.id, &[], now)
            .await
            .unwrap()
            .posts
            .is_empty()
    );
    // ...and the sweep of any process posts them after it, once.
    let later = now + POST_LEASE + Duration::from_secs(1);
    assert_eq!(s.tournaments().stale_announcements(later).await, vec![t.id]);
    let left = s
        .tournaments()
        .announcements(t.id, &[], later)
        .await
        .unwrap();
    assert_eq!(left.posts.len(), 1);
    assert!(
        s.tournaments()
            .announcements(t.id, &[], later)
            .await
            .unwrap()
            .posts
            .is_empty(),
        "taken by that sweep"
    );
    s.tournaments().announced(t.id, left.posts[0].0).await;
    let much_later = later + POST_LEASE + POST_LEASE;
    assert!(
        s.tournaments()
            .stale_announcements(much_later)
            .await
            .is_empty(),
        "posted: gone"
    );
}

on_both_stores!(an_idle_round_is_due_at_its_deadline_and_an_end_makes_it_due_now);

/// A tournament of four members (`first` to `first + 3`) in server `guild`, channel
/// `channel`, with its start time `starts`.
async fn four(s: &Session, guild: u64, channel: u64, starts: Option<SystemTime>) -> TournamentId {
    let t = s
        .tournaments()
        .create_tournament(NewTournament {
            guild: GuildId(guild),
            channel: ChannelKey(channel),
            creator: CREATOR,
            name: format!("Cup {channel}"),
            variant: Variant::Classic,
            rounds: 2,
            pace: Pace::Blitz,
            starts,
            max_players: 4,
            locale: None,
        })
        .await
        .unwrap();
    for i in 0..4 {
        let p = member(channel * 10 + i);
        s.tournaments()
            .join_tournament(t.id, p, &format!("P{}", p.0))
            .await
            .unwrap();
    }
    t.id
}

/// Pairs round 1 of `id` as stored (no match opened), its deadline at `deadline`.
async fn running(s: &Session, id: TournamentId, deadline: Timestamp) {
    let store = s.store().tournaments().unwrap();
    let snap = store.tournament(id).await.unwrap().unwrap();
    let p: Vec<PlayerId> = snap.entrants.iter().map(|e| e.player).collect();
    let pairing = |board: u32, white: PlayerId, black: PlayerId| NewPairing {
        round: 1,
        board,
        white,
        black: Some(black),
        match_id: Some(MatchId::random()),
    };
    let step = TournamentStep {
        expected: snap.row.version,
        state: "running".into(),
        round: 1,
        round_deadline: Some(deadline),
        check: Some(deadline),
        at: Timestamp::of(SystemTime::now()),
        pairings: vec![pairing(1, p[0], p[1]), pairing(2, p[2], p[3])],
        ..TournamentStep::default()
    };
    assert!(store.advance_tournament(id, &step).await.unwrap());
}

/// Two processes on one PostgreSQL database, 300 running tournaments (100 past their
/// round's deadline) and 60 timed starts due in servers of two shards, one run by each
/// process: each due tournament is taken by exactly one sweep (a start by the process of
/// its server's shard), none idle is, and each is stepped once.
#[tokio::test]
async fn two_processes_handle_every_due_start_and_deadline_once() {
    let Some(db) = Db::postgres("tournament_sweep_two").await else {
        eprintln!("skipped: no PostgreSQL (BROADSIDE_TEST_DATABASE_URL)");
        return;
    };
    let processes = [session(db.open().await), session(db.open().await)];
    for (i, p) in processes.iter().enumerate() {
        p.tournaments().run_shards(Shards {
            first: i as u64,
            last: i as u64,
            total: 2,
        });
    }
    let s = &processes[0];
    let now = Timestamp::of(SystemTime::now());
    let (mut late, mut idle, mut starts) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for k in 0..300_u64 {
        let id = four(s, 1 << 22, 1000 + k, None).await;
        if k < 100 {
            running(s, id, now.before(Duration::from_secs(1))).await;
            late.insert(id);
        } else {
            running(s, id, now.after(Duration::from_secs(3_600))).await;
            idle.insert(id);
        }
    }
    let past = SystemTime::now() - Duration::from_secs(1);
    for k in 0..60_u64 {
        // Servers on shard 0 and shard 1 by turns.
        starts.insert((four(s, (k + 2) << 22, 2000 + k, Some(past)).await, k % 2));
    }

    // Both sweep at once, twice.
    let now = SystemTime::now;
    let (a, b) = tokio::join!(
        processes[0].tournaments().tournaments_due(now()),
        processes[1].tournaments().tournaments_due(now())
    );
    let (a2, b2) = tokio::join!(
        processes[0].tournaments().tournaments_due(now()),
        processes[1].tournaments().tournaments_due(now())
    );
    let taken: Vec<Vec<TournamentId>> = vec![[a, a2].concat(), [b, b2].concat()];
    let all: Vec<TournamentId> = taken.concat();
    let once: BTreeSet<TournamentId> = all.iter().copied().collect();
    assert_eq!(all.len(), once.len(), "no tournament taken twice");
    let due: BTreeSet<TournamentId> = late
        .iter()
        .copied()
        .chain(starts.iter().map(|&(id, _)| id))
        .collect();
    assert_eq!(once, due, "every due one taken, and no idle one");
    for &(id, shard) in &starts {
        assert!(
            taken[shard as usize].contains(&id),
            "a timed start is taken by the process of its server's shard"
        );
    }

    // Each process steps what it took, all at once.
    let processes = &processes;
    let steps = taken.iter().enumerate().flat_map(|(i, ids)| {
        ids.iter()
            .map(move |&id| processes[i].tournaments().advance_tournament(id, false))
    });
    let results = futures_util::future::join_all(steps).await;
    let paired = results
        .into_iter()
        .map(Result::unwrap)
        .filter(|p| p.posted.len() == 1)
        .count();
    assert_eq!(
        paired,
        due.len(),
        "each due tournament stepped once, and written"
    );
    let store = s.store().tournaments().unwrap();
    for &(id, _) in &starts {
        let snap = store.tournament(id).await.unwrap().unwrap();
        assert_eq!(snap.row.state, TournamentState::Running.key());
        assert_eq!(snap.pairings.len(), 2, "round 1 paired once: two boards");
    }
    for &id in &late {
        let snap = store.tournament(id).await.unwrap().unwrap();
        assert!(
            snap.pairings
                .iter()
                .all(|p| p.round != 1 || p.result.as_deref() == Some("none")),
            "round 1 closed at its deadline: neither came"
        );
        assert_eq!(
            snap.row.state,
            TournamentState::Finished.key(),
            "nobody left to pair"
        );
    }
    let (a, b) = tokio::join!(
        processes[0].tournaments().tournaments_due(now()),
        processes[1].tournaments().tournaments_due(now())
    );
    assert!(
        a.is_empty() && b.is_empty(),
        "nothing due any more: {a:?} {b:?}"
    );
}
