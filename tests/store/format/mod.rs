//! The stored format: fixtures of every stored version (real rows that a build's session
//! wrote, `tests/fixtures/stored/`) come back after an upgrade and are played to the end.

mod defaults;
mod fixture;
mod generate;
mod golden;
mod tournament;
mod unreadable;

use crate::store::fixtures::TIMEOUTS;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use broadside::game::{Coord, PhaseKind, PlayerId, Side};
use broadside::session::{ChannelKey, Entry, Locate, MatchId, Preview, Seeds, Session, Viewer};

use crate::store::db::Db;
use fixture::Stored;

/// A fresh SQLite file with today's schema, holding `rows` as they were stored: a copy of
/// the SQLite file `migrated` (in `tests/fixtures/migrated/`, made and migrated by an
/// earlier build) where one is named.
async fn database_from(name: &str, migrated: Option<&str>, rows: &[Stored]) -> Db {
    // A directory of its own: tests that run at once may restore the same rows (`Db::new`
    // names it by the name, the process and the millisecond only).
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let db = Db::new(&format!("{name}-{}", MADE.fetch_add(1, Ordering::Relaxed)));
    if let Some(file) = migrated {
        let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/migrated")
            .join(file);
        std::fs::copy(&from, db.path()).expect("copy the migrated database");
    }
    // Opened once, as the bot opens it, so the file has today's schema (a file migrated by
    // an earlier build must read as up to date).
    drop(db.open().await);
    fixture::insert(&db.path(), rows).await;
    db
}

/// What a player does next in `entry`'s match, if it is live; `None` once it is over.
enum Step {
    Accept(PlayerId),
    Place(PlayerId, Option<String>),
    Fire(ChannelKey, PlayerId, String),
}

/// The next step that brings `entry`'s match closer to its end: accept, make fleets final,
/// and in battle, the player to move fires at the other's ships (then at water).
fn next_step(entry: &Entry) -> Option<Step> {
    let game = &entry.game;
    match game.phase_kind() {
        PhaseKind::Finished => None,
        PhaseKind::Challenge => Some(Step::Accept(game.player(Side::Opponent))),
        PhaseKind::Placement => {
            let ready = game.ready().expect("placing");
            let side = [Side::Challenger, Side::Opponent]
                .into_iter()
                .find(|s| !ready[s.index()])
                .expect("someone is still placing");
            let p = game.player(side);
            let tag = Preview::of(entry, p).map(|preview| preview.tag());
            Some(Step::Place(p, tag))
        }
        PhaseKind::Battle => {
            let shooter = game.to_move().expect("someone moves");
            let side = game.side_of(shooter).expect("a player");
            let battle = game.battle().expect("a battle");
            let sea = battle.sea(side.other());
            let variant = game.variant();
            let fired = sea.fired();
            let ships = sea.fleet().cells();
            let mut cells: Vec<Coord> = ships.iter().filter(|&c| !fired.contains(c)).collect();
            let water = generate::all_cells(variant)
                .into_iter()
                .filter(|&c| !fired.contains(c) && !ships.contains(c));
            cells.extend(water);
            cells.truncate(usize::from(variant.rules().shots_per_turn));
            Some(Step::Fire(
                entry.post_channel(),
                shooter,
                generate::text(&cells),
            ))
        }
    }
}

/// Plays match `id` to its end through the session, as its players would.
async fn play_to_the_end(s: &Session, id: MatchId) {
    for _ in 0..500 {
        let Some(step) = s.read(Locate::Id(id), next_step).await.flatten() else {
            return;
        };
        take(s, id, step).await;
    }
    panic!("match {id} did not end");
}

/// Takes `step` in match `id`, as its player would.
async fn take(s: &Session, id: MatchId, step: Step) {
    match step {
        Step::Accept(p) => {
            let accepted = s.matches().accept(id, p, None).await.expect("accept");
            if let Some(parent) = accepted.wants_thread {
                let thread = ChannelKey(parent.0 + 500_000);
                s.matches()
                    .settle_home(id, Some(thread))
                    .await
                    .expect("into its thread");
            }
        }
        Step::Place(p, tag) => {
            let tag = match tag {
                Some(tag) => tag,
                None => s
                    .matches()
                    .place(p, None)
                    .await
                    .expect("a random fleet")
                    .tag(),
            };
            s.matches().ready(id, p, &tag).await.expect("ready");
        }
        Step::Fire(channel, p, cells) => {
            let fired = s.matches().fire(channel, p, &cells).await.expect("fire");
            if fired.computer_next {
                s.matches()
                    .computer_turn(id)
                    .await
                    .expect("the computer moves");
            }
        }
    }
}

/// Every row of fixture file `name` comes back with today's build: the live ones are
/// resumed (none is retired), the finished ones whose end was never sent are handed back
/// to announce, and each is played (or read) to its end.
async fn restores_and_finishes(name: &str) {
    restores_and_finishes_in(name, None).await;
}

/// [`restores_and_finishes`], in a copy of the database `migrated` where one is named.
async fn restores_and_finishes_in(name: &str, migrated: Option<&str>) {
    let fixture = fixture::load(name);
    let db = database_from(name, migrated, &fixture.rows).await;
    let (s, resumed, unsent) = Session::restore(db.open().await, TIMEOUTS, Seeds::new(Some(5)))
        .await
        .expect("restore");
    let live: BTreeSet<MatchId> = fixture
        .rows
        .iter()
        .filter(|r| r.int("live") == 1)
        .map(Stored::id)
        .collect();
    let back: BTreeSet<MatchId> = resumed.iter().map(|r| r.id).collect();
    assert_eq!(back, live, "{}: every live match comes back", fixture.build);
    let ended: BTreeSet<MatchId> = unsent.iter().map(|e| e.id).collect();
    let finished: BTreeSet<MatchId> = fixture
        .rows
        .iter()
        .filter(|r| r.int("live") == 0 && r.int("announced") == 0)
        .map(Stored::id)
        .collect();
    assert_eq!(
        ended, finished,
        "{}: ends never sent come back",
        fixture.build
    );

    let store = s.store().clone();
    for row in &fixture.rows {
        let what = format!("{} {}", fixture.build, row.name);
        let id = row.id();
        let players = [row.int("challenger_id"), row.int("opponent_id")]
            .map(|p| PlayerId(u64::try_from(p).expect("an id")));
        if let Some(end) = unsent.iter().find(|e| e.id == id) {
            // Read back as it was stored.
            assert_eq!(end.players, players, "{what}");
            assert_eq!(
                end.reveal.is_some(),
                row.text("how") != "declined",
                "{what}: a battle is revealed"
            );
            s.matches().mark_announced(end).await;
        } else {
            let phase = s
                .read(Locate::Id(id), |e| e.game.phase_kind())
                .await
                .unwrap_or_else(|| panic!("{what}: live"));
            assert_eq!(broadside_phase(phase), row.text("phase"), "{what}");
            play_to_the_end(&s, id).await;
        }
        let stored = store.finished().get(id).await.expect("read").expect("kept");
        assert!(!stored.live, "{what}: over");
        assert!(stored.how.is_some(), "{what}: {:?}", stored.how);
        assert_eq!(stored.players, players, "{what}");
        if row.int("live") == 1 {
            // Written again by today's build, in today's format.
            assert_eq!(
                broadside::store::format::version_of(&stored.state),
                Some(broadside::store::format::CURRENT),
                "{what}"
            );
        }
        // The moves go on from those stored: one row per move, numbered without a gap.
        let moves = store.finished().moves(id).await.expect("moves");
        let seqs: Vec<u32> = moves.iter().map(|m| m.seq).collect();
        let expected: Vec<u32> = (1..=u32::try_from(moves.len()).unwrap()).collect();
        assert_eq!(seqs, expected, "{what}");
        assert!(moves.len() >= row.moves.len(), "{what}");
        if stored.how.as_deref() != Some("declined") {
            let viewer = Viewer {
                player: players[0],
                guild: stored.guild,
                channel: stored.channel,
            };
            let done = s
                .played()
                .replay(id, &viewer, async |_| true)
                .await
                .unwrap_or_else(|e| panic!("{what}: a replay: {e}"));
            assert_eq!(done.players, players, "{what}");
        }
    }
    assert!(s.live().is_none_or(broadside::session::Registry::is_empty));
}

/// The stored name of a phase.
fn broadside_phase(p: PhaseKind) -> &'static str {
    match p {
        PhaseKind::Challenge => "challenge",
        PhaseKind::Placement => "placement",
        PhaseKind::Battle => "battle",
        PhaseKind::Finished => "finished",
    }
}

#[tokio::test]
async fn format_1_before_rematches_243e353() {
    restores_and_finishes("v1-243e353.json").await;
}

#[tokio::test]
async fn format_1_before_paces_2cc46e8() {
    restores_and_finishes("v1-2cc46e8.json").await;
}

#[tokio::test]
async fn format_1_before_last_messages_36258d6() {
    restores_and_finishes("v1-36258d6.json").await;
}

#[tokio::test]
async fn format_1_bb9b7cb() {
    restores_and_finishes("v1-bb9b7cb.json").await;
}

/// A SQLite file that the last build with `sqlx::migrate!`'s migrations (68b9f7a) made and
/// migrated (`tests/fixtures/migrated/`) opens with today's compiled-in migrations as up to
/// date, and the newest fixture's matches come back in it and finish.
#[tokio::test]
async fn format_1_bb9b7cb_in_a_database_migrated_by_68b9f7a() {
    restores_and_finishes_in("v1-bb9b7cb.json", Some("68b9f7a.db")).await;
}
