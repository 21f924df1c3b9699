//! Rating seasons in the store (issue 39), on a real SQLite file and a real PostgreSQL
//! database: which matches a season counts, a close that happens once however many try
//! it, a season that ended while the bot was down, and forgetting a member of a past
//! season.

use crate::store::db::{Db, on_both_stores};
use crate::store::fixtures;

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use broadside::session::{
    Cadence, Paces, SeasonClock, SeasonLine, Seeds, Session, SettingsChange, Timeouts,
};

use broadside::game::{PlayerId, PlayerStats, Variant};
use broadside::ids::{ChannelKey, GuildId};
use broadside::rating::{self, Outcome, Rating};
use broadside::store::seasons::{NewSeason, SeasonPage, SeasonRow, SeasonStore};
use broadside::store::{MatchRecord, MoveRecord, Played, Renamed, Store};

use broadside::store::{FinishedStore, MatchState, MostActive, Rated, Timestamp};

pub(crate) const GUILD: GuildId = GuildId(5);
pub(crate) const ANN: u64 = 1001;
pub(crate) const BO: u64 = 1002;
pub(crate) const CY: u64 = 1003;
pub(crate) const DI: u64 = 1004;

/// Season 1 runs from `START` to `END`; season 2 from `END` to `END2`.
pub(crate) const START: i64 = 1_800_000_000_000;
pub(crate) const END: i64 = START + 1_000_000;
const END2: i64 = END + 1_000_000;

pub(crate) fn season(start_ms: i64, end_ms: i64, period: &str) -> NewSeason {
    NewSeason {
        guild: GUILD,
        cadence: "monthly".into(),
        period: period.into(),
        zone: "UTC".into(),
        start_ms: Timestamp(start_ms),
        end_ms: Timestamp(end_ms),
    }
}

/// Opens season 1, from `START` to `END` (no settings are stored).
pub(crate) async fn open_first(s: &dyn SeasonStore) -> SeasonRow {
    let first = season(START, END, "2030-01");
    s.open_season(&first, None).await.unwrap().expect("opened")
}

/// Member `id` as the most active of a season's table (named as [`won`] names them).
fn most_active(id: u64) -> MostActive {
    MostActive {
        player: PlayerId(id),
        name: format!("M{id}"),
    }
}

/// `player`'s lifetime rating and record in classic (they have one).
async fn lifetime(finished: &dyn FinishedStore, player: PlayerId) -> Rated {
    finished.rating(player, "classic").await.unwrap().unwrap()
}

/// The final record of rated match `id` in `GUILD`: `a` beats `b`, ending at `at_ms`.
pub(crate) fn won(id: u64, a: u64, b: u64, at_ms: i64) -> MatchRecord {
    let names = [format!("M{a}"), format!("M{b}")];
    let state = serde_json::to_vec(&serde_json::json!({
        "names": names,
        "game": { "players": [a, b] },
    }))
    .unwrap();
    let side = PlayerStats {
        shots: 40,
        hits: 20,
        turns: 30,
    };
    MatchRecord {
        version: 9,
        channel: ChannelKey(77),
        state: state.into(),
        created_ms: Timestamp(at_ms - 60_000),
        moves: vec![MoveRecord {
            seq: 1,
            player: PlayerId(a),
            turn: 1,
            cells: "A1".into(),
            reports: "[]".into(),
            at_ms: Timestamp(at_ms),
        }],
        played: Some(Played {
            names,
            stats: [side, side],
            rated: true,
        }),
        ..fixtures::finished_record(id, [a, b], Some(GUILD), fixtures::sunk(a, b), at_ms)
    }
}

/// Every finished match of `player`, to be rewritten without them (their columns only).
/// Forgets `player` with `renamed`, as `/privacy delete` does.
pub(crate) async fn forget(
    store: &Arc<dyn Store>,
    player: u64,
    renamed: &[Renamed],
) -> broadside::store::Forgot {
    let forgotten = store.privacy().forget(PlayerId(player), renamed);
    forgotten.await.unwrap()
}

pub(crate) async fn renamed_all(store: &Arc<dyn Store>, player: u64) -> Vec<Renamed> {
    store
        .privacy()
        .matches_of(PlayerId(player))
        .await
        .unwrap()
        .into_iter()
        .map(|MatchState { id, .. }| Renamed {
            id,
            state: None,
            placeholder: broadside::game::PlayerId::DELETED_OTHER,
        })
        .collect()
}

pub(crate) fn seasons(store: &Arc<dyn Store>) -> &dyn SeasonStore {
    store.seasons().expect("the store keeps seasons")
}

/// The members of a page in order (`None`: a gap), with their season games and ranks.
fn lines(page: &SeasonPage) -> Vec<(Option<u64>, u32, Option<u32>)> {
    page.rows
        .iter()
        .map(|p| {
            (
                p.standing.as_ref().map(|s| s.player.0),
                p.standing.as_ref().map_or(0, |s| s.rating.games),
                p.rank,
            )
        })
        .collect()
}

/// A season counts the rated matches that end within its span, starting every member from
/// their rating at its start; one that ends after it waits for the next season, which
/// counts it when it opens.
async fn a_season_counts_the_matches_within_its_span(db: Db) {
    let store = db.store().await;
    let live = store.live();
    let (ann_id, bo_id) = (PlayerId(ANN), PlayerId(BO));
    let finished = store.finished();
    // Before the season: Ann beats Bo twice (lifetime only).
    live.save(&won(1, ANN, BO, START - 5_000)).await.unwrap();
    live.save(&won(2, ANN, BO, START - 4_000)).await.unwrap();
    let s = seasons(&store);
    let one = open_first(s).await;
    assert_eq!((one.number, one.closed_ms), (1, None));
    // Opening it again gives the same season back.
    assert_eq!(open_first(s).await, one);
    let ann_at_start = lifetime(finished, ann_id).await.rating;
    let bo_at_start = lifetime(finished, bo_id).await.rating;
    // In the season: Bo beats Ann, and Cy beats Di.
    live.save(&won(3, BO, ANN, START + 10)).await.unwrap();
    live.save(&won(4, CY, DI, END - 1)).await.unwrap();
    // After its end, while it is still open: not counted in it.
    live.save(&won(5, DI, ANN, END)).await.unwrap();

    let page = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    assert_eq!(page.total, 4);
    let by_player = |p: u64| {
        page.rows
            .iter()
            .filter_map(|r| r.standing.as_ref())
            .find(|s| s.player == PlayerId(p))
            .unwrap()
            .clone()
    };
    // Each started from their rating at the season's start (Ann and Bo had played; Cy
    // and Di start from the default), one match counted each.
    let (bo, ann) = rating::update(
        Rating {
            games: 0,
            ..bo_at_start
        },
        Rating {
            games: 0,
            ..ann_at_start
        },
        Outcome::Win,
    );
    assert!((by_player(BO).rating.rating - bo.rating).abs() < 1e-9);
    assert!((by_player(ANN).rating.rating - ann.rating).abs() < 1e-9);
    let (cy, _) = rating::update(Rating::default(), Rating::default(), Outcome::Win);
    assert!((by_player(CY).rating.rating - cy.rating).abs() < 1e-9);
    for p in [ANN, BO, CY, DI] {
        assert_eq!(by_player(p).rating.games, 1, "{p}");
        assert!(
            page.rows.iter().all(|r| r.rank.is_none()),
            "all provisional"
        );
    }
    assert_eq!(by_player(ANN).record.losses, 1);
    assert_eq!(
        by_player(ANN).record.wins,
        0,
        "the wins before the season do not count"
    );
    // The lifetime rating counts everything.
    let ann_life = lifetime(finished, ann_id).await.record;
    assert_eq!((ann_life.wins, ann_life.losses), (2, 2));

    // Closing it opens season 2, which counts match 5 (it ended after season 1).
    let closed = s
        .close_season(
            GUILD,
            1,
            Timestamp(END + 50),
            Some(ChannelKey(42)),
            Some(&season(END, END2, "2030-02")),
        )
        .await
        .unwrap();
    let closed = closed.expect("this call closes it");
    let (first, next) = (closed.season, closed.next);
    assert_eq!(
        (first.closed_ms, first.end_ms, first.channel),
        (
            Some(Timestamp(END + 50)),
            Timestamp(END),
            Some(ChannelKey(42))
        )
    );
    let next = next.unwrap();
    assert_eq!((next.number, next.start_ms), (2, Timestamp(END)));
    let two = s.season_page(GUILD, 2, "classic", 0, 10).await.unwrap();
    assert_eq!(
        lines(&two).iter().map(|l| (l.0, l.1)).collect::<Vec<_>>(),
        vec![(Some(DI), 1), (Some(ANN), 1)]
    );
    // Season 1's table is as its end left it.
    let again = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    assert_eq!(again, page);
    let figures = s.season_figures(GUILD, 1).await.unwrap();
    assert_eq!(figures.len(), 1);
    assert_eq!((figures[0].places, figures[0].matches), (4, 2));
    // A match now counts for season 2.
    live.save(&won(6, CY, BO, END + 100)).await.unwrap();
    let two = s.season_page(GUILD, 2, "classic", 0, 10).await.unwrap();
    assert_eq!(two.total, 4);
    assert_eq!(
        s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap(),
        page
    );
    assert_eq!(s.current_season(GUILD).await.unwrap().unwrap().number, 2);
}

/// Two connections close the same season at once: one closes it and opens the next, the
/// other finds it closed; the announcement is taken once.
async fn a_season_is_closed_once_by_racing_connections(db: Db) {
    let (first, second) = if db.is_shared() {
        (db.store().await, db.store().await)
    } else {
        // One SQLite file is one process's: two tasks race on its pool.
        let store = db.store().await;
        (Arc::clone(&store), store)
    };
    open_first(seasons(&first)).await;
    for (i, (a, b)) in (0_u64..).zip([(ANN, BO), (CY, DI), (ANN, CY)]) {
        first
            .live()
            .save(&won(10 + i, a, b, START + 100 * i64::try_from(i).unwrap()))
            .await
            .unwrap();
    }
    for round in 0..5 {
        let next = season(END, END2, "2030-02");
        let close = |store: Arc<dyn Store>, next: NewSeason| async move {
            seasons(&store)
                .close_season(
                    GUILD,
                    1,
                    Timestamp(END + 1),
                    Some(ChannelKey(7)),
                    Some(&next),
                )
                .await
                .unwrap()
        };
        let (x, y) = tokio::join!(
            tokio::spawn(close(Arc::clone(&first), next.clone())),
            tokio::spawn(close(Arc::clone(&second), next)),
        );
        let (x, y) = (x.unwrap(), y.unwrap());
        let closed = [&x, &y].iter().filter(|c| c.is_some()).count();
        assert_eq!(
            closed,
            usize::from(round == 0),
            "round {round}: {x:?} {y:?}"
        );
    }
    let all = seasons(&first).seasons(GUILD, 10).await.unwrap();
    assert_eq!(all.iter().map(|s| s.number).collect::<Vec<_>>(), vec![2, 1]);
    assert_eq!(
        seasons(&first).season_figures(GUILD, 1).await.unwrap()[0].matches,
        3
    );
    // The announcement: taken by one of two racing claims, and not again while taken.
    let claim = |store: Arc<dyn Store>| async move {
        seasons(&store)
            .claim_season_announcements(Timestamp(END + 10), Duration::from_secs(60), 10)
            .await
            .unwrap()
    };
    let (x, y) = tokio::join!(
        tokio::spawn(claim(Arc::clone(&first))),
        tokio::spawn(claim(Arc::clone(&second)))
    );
    let taken: Vec<u32> = x
        .unwrap()
        .into_iter()
        .chain(y.unwrap())
        .map(|s| s.number)
        .collect();
    assert_eq!(taken, vec![1]);
    assert!(claim(Arc::clone(&first)).await.is_empty());
    // A claim that was never marked done is taken again after its lease.
    let later = seasons(&second)
        .claim_season_announcements(Timestamp(END + 70_000), Duration::from_secs(60), 10)
        .await
        .unwrap();
    assert_eq!(later.len(), 1);
    seasons(&second)
        .mark_season_announced(GUILD, 1, Timestamp(END + 70_001))
        .await
        .unwrap();
    let much_later = seasons(&first)
        .claim_season_announcements(Timestamp(END + 900_000), Duration::from_secs(60), 10)
        .await
        .unwrap();
    assert!(much_later.is_empty(), "{much_later:?}");
}

/// The bot was down when the season ended: on its return the season is found due, closed
/// with the table its end left, and the matches that ended since count for the next one.
async fn a_season_that_ended_while_the_bot_was_down_is_closed_on_return(db: Db) {
    {
        let store = db.store().await;
        open_first(seasons(&store)).await;
        store
            .live()
            .save(&won(20, ANN, BO, START + 1))
            .await
            .unwrap();
        store
            .live()
            .save(&won(21, ANN, BO, START + 2))
            .await
            .unwrap();
    }
    // Back after the end: a match ends before the sweep gets to the season.
    let store = db.store().await;
    let s = seasons(&store);
    assert!(
        s.seasons_due(Timestamp(END - 1), 10)
            .await
            .unwrap()
            .is_empty()
    );
    store
        .live()
        .save(&won(22, BO, ANN, END + 5_000))
        .await
        .unwrap();
    let due = s.seasons_due(Timestamp(END + 9_000), 10).await.unwrap();
    assert_eq!(due.iter().map(|d| d.number).collect::<Vec<_>>(), vec![1]);
    let closed = s
        .close_season(
            GUILD,
            1,
            Timestamp(END + 9_000),
            None,
            Some(&season(END, END2, "2030-02")),
        )
        .await
        .unwrap();
    let first = closed.unwrap().season;
    assert_eq!(
        first.announced_ms,
        Some(Timestamp(END + 9_000)),
        "no channel: nothing to post"
    );
    let one = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    assert_eq!(
        lines(&one).iter().map(|l| (l.0, l.1)).collect::<Vec<_>>(),
        vec![(Some(ANN), 2), (Some(BO), 2)]
    );
    let ann = one.rows[0].standing.as_ref().unwrap();
    assert_eq!((ann.record.wins, ann.record.losses), (2, 0));
    let two = s.season_page(GUILD, 2, "classic", 0, 10).await.unwrap();
    assert_eq!(
        lines(&two).iter().map(|l| (l.0, l.1)).collect::<Vec<_>>(),
        vec![(Some(BO), 1), (Some(ANN), 1)]
    );
    assert!(
        s.seasons_due(Timestamp(END + 9_000), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        s.claim_season_announcements(Timestamp(END + 9_001), Duration::from_millis(1), 10)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Forgetting a member of a closed season removes their line and keeps everyone else's
/// place and rank, with the gap shown; the champion keeps the title.
async fn forgetting_a_member_leaves_a_gap_in_a_past_season(db: Db) {
    let store = db.store().await;
    let s = seasons(&store);
    open_first(s).await;
    // Ann wins everything, Bo beats Cy and Di, Cy beats Di: six or seven matches each,
    // all established; Bo plays the most.
    let mut id = 100;
    let mut at = START;
    let mut play = |a: u64, b: u64| {
        id += 1;
        at += 10;
        won(id, a, b, at)
    };
    let mut records = Vec::new();
    for _ in 0..3 {
        records.push(play(ANN, BO));
        records.push(play(BO, CY));
        records.push(play(CY, DI));
        records.push(play(ANN, DI));
    }
    records.push(play(BO, DI));
    for r in &records {
        store.live().save(r).await.unwrap();
    }
    let before = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    let order: Vec<u64> = before
        .rows
        .iter()
        .map(|r| r.standing.as_ref().unwrap().player.0)
        .collect();
    assert_eq!(order, vec![ANN, BO, CY, DI]);
    assert_eq!(before.rows[0].rank, Some(1));
    s.close_season(GUILD, 1, Timestamp(END), Some(ChannelKey(9)), None)
        .await
        .unwrap();
    let titles_of = |p, guild, variant| s.titles(PlayerId(p), guild, variant);
    let titles = titles_of(ANN, Some(GUILD), "classic").await.unwrap();
    assert_eq!(titles.iter().map(|t| t.number).collect::<Vec<_>>(), vec![1]);
    let elsewhere = Some(GuildId(GUILD.0 + 1));
    assert!(
        titles_of(ANN, elsewhere, "classic")
            .await
            .unwrap()
            .is_empty()
    );
    assert!(titles_of(ANN, None, "game2000").await.unwrap().is_empty());
    assert!(
        titles_of(order[1], None, "classic")
            .await
            .unwrap()
            .is_empty()
    );

    let figures = &s.season_figures(GUILD, 1).await.unwrap()[0];
    assert_eq!(figures.active, Some(most_active(BO)));
    assert_eq!((figures.active_games, figures.matches), (7, 13));

    // The second is forgotten: Bo.
    let gone = BO;
    let renamed = renamed_all(&store, gone).await;
    assert_eq!(
        forget(&store, gone, &renamed).await,
        broadside::store::Forgot::Done
    );
    let after = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    assert_eq!(after.total, before.total);
    for (i, (was, now)) in before.rows.iter().zip(&after.rows).enumerate() {
        if i == 1 {
            assert!(now.standing.is_none(), "the gap: {now:?}");
            assert_eq!(now.position, 1);
        } else {
            assert_eq!(now, was, "place {i} is kept");
        }
    }
    assert!(
        s.season_place(GUILD, 1, "classic", PlayerId(gone))
            .await
            .unwrap()
            .is_none()
    );
    let third = s
        .season_place(GUILD, 1, "classic", PlayerId(order[2]))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((third.position, third.rank), (2, before.rows[2].rank));
    // A page that starts at the gap shows it first.
    let from_gap = s.season_page(GUILD, 1, "classic", 1, 2).await.unwrap();
    assert_eq!(from_gap.rows.len(), 2);
    assert!(from_gap.rows[0].standing.is_none());
    assert_eq!(from_gap.rows[1], after.rows[2]);
    // The champion keeps the title; the figures no longer name the forgotten member.
    assert_eq!(
        titles_of(ANN, Some(GUILD), "classic").await.unwrap().len(),
        1
    );
    let figures = &s.season_figures(GUILD, 1).await.unwrap()[0];
    assert_eq!((figures.active.clone(), figures.active_games), (None, 7));
    // Forgetting another one works on the table as frozen.
    let next = DI;
    let renamed = renamed_all(&store, next).await;
    forget(&store, next, &renamed).await;
    let last = s.season_page(GUILD, 1, "classic", 0, 10).await.unwrap();
    assert_eq!(last.rows[0], before.rows[0]);
    assert!(last.rows[1].standing.is_none() && last.rows[3].standing.is_none());
    assert_eq!(last.rows[2], before.rows[2]);
}

pub(crate) fn session(opened: broadside::store::Opened, seconds: u64) -> Session {
    Session::new(
        opened,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(39)),
    )
    .with_season_clock(SeasonClock::Every(Duration::from_secs(seconds)))
}

pub(crate) fn cadence(c: Option<Cadence>) -> SettingsChange {
    SettingsChange {
        season: Some(c),
        season_channel: Some(Some(ChannelKey(4242))),
        ..SettingsChange::default()
    }
}

/// Issue 39, 1: turning seasons on starts the current season at once; changing the
/// cadence ends it and starts another; turning them off ends the open one and keeps the
/// past ones; a change of anything else leaves the season alone.
async fn seasons_follow_the_settings(db: Db) {
    let s = session(db.open().await, 3600);
    assert_eq!(s.seasons().list(GUILD, 10).await.unwrap(), Vec::new());
    let before = broadside::session::millis(SystemTime::now());
    let on = s
        .settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    assert_eq!(
        (on.season, on.season_channel),
        (Some(Cadence::Monthly), Some(ChannelKey(4242)))
    );
    let first = s
        .seasons()
        .current_season(GUILD, &on)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((first.number, first.cadence.as_str()), (1, "monthly"));
    assert!(first.start_ms >= before && first.end_ms == first.start_ms + 3_600_000);
    // Another setting: the same season goes on.
    let rated = s
        .settings()
        .change_settings(
            GUILD,
            &SettingsChange {
                rated: Some(true),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(
        s.seasons().current_season(GUILD, &rated).await.unwrap(),
        Some(first.clone())
    );
    // Monthly to quarterly: season 1 ends now, season 2 is quarterly.
    let quarterly = s
        .settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Quarterly)))
        .await
        .unwrap();
    let second = s
        .seasons()
        .current_season(GUILD, &quarterly)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((second.number, second.cadence.as_str()), (2, "quarterly"));
    let closed = s.seasons().season(GUILD, 1).await.unwrap().unwrap();
    assert!(closed.closed_ms.is_some() && closed.end_ms <= second.start_ms);
    assert_eq!(
        closed.channel,
        Some(ChannelKey(4242)),
        "its end is announced"
    );
    // Off: season 2 ends, both are kept, none is current.
    let off = s
        .settings()
        .change_settings(GUILD, &cadence(None))
        .await
        .unwrap();
    assert_eq!(off.season, None);
    assert_eq!(s.seasons().current_season(GUILD, &off).await.unwrap(), None);
    let kept = s.seasons().list(GUILD, 10).await.unwrap();
    assert_eq!(
        kept.iter().map(|k| k.number).collect::<Vec<_>>(),
        vec![2, 1]
    );
    assert!(kept.iter().all(|k| k.closed_ms.is_some()), "{kept:?}");
    // On again: season 3 starts at once.
    s.settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    assert_eq!(
        s.seasons().list(GUILD, 1).await.unwrap()[0].closed_ms,
        None,
        "season 3 is open"
    );
}

/// Two admins change seasons at once, A to quarterly and then B to off, and A's alignment
/// of the seasons runs last: it follows the settings stored (off), not the ones A wrote,
/// so no season stays open while seasons are off. (On PostgreSQL from two processes.)
async fn an_alignment_follows_the_settings_stored_last(db: Db) {
    let opened = db.open().await;
    let other = if db.is_shared() {
        db.open().await
    } else {
        opened.clone()
    };
    let (a, b) = (session(opened, 3600), session(other, 3600));
    a.settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    a.settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Quarterly)))
        .await
        .unwrap();
    b.settings()
        .change_settings(GUILD, &cadence(None))
        .await
        .unwrap();
    a.seasons().align_seasons(GUILD).await.unwrap();
    let all = a.seasons().list(GUILD, 10).await.unwrap();
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all.iter().all(|k| k.closed_ms.is_some()), "{all:?}");
    // The other way round: stored on, an alignment opens the season at once.
    b.settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    a.seasons().align_seasons(GUILD).await.unwrap();
    let on = a.settings().of(GUILD).await.unwrap();
    let open = a
        .seasons()
        .current_season(GUILD, &on)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((open.number, open.cadence.as_str()), (3, "monthly"));
    assert_eq!(
        a.seasons().list(GUILD, 10).await.unwrap().len(),
        3,
        "opened once"
    );
}

/// Issue 39, 3: two sessions on one store (two processes) sweep the same ended season at
/// once: it is closed once, the next one is opened once, and its end is handed out to be
/// announced once.
async fn two_sweeps_close_a_season_once(db: Db) {
    // PostgreSQL: two pools, as two processes have; SQLite takes one process.
    let opened = db.open().await;
    let other = if db.is_shared() {
        db.open().await
    } else {
        opened.clone()
    };
    let (one, two) = (session(opened, 1), session(other, 1));
    one.settings()
        .change_settings(GUILD, &cadence(Some(Cadence::Monthly)))
        .await
        .unwrap();
    let later = SystemTime::now() + Duration::from_millis(1_500);
    let (by_one, by_two) = tokio::join!(
        one.seasons().close_due_seasons(later),
        two.seasons().close_due_seasons(later)
    );
    assert_eq!(by_one + by_two, 1, "closed once");
    let all = one.seasons().list(GUILD, 10).await.unwrap();
    assert_eq!(all.iter().map(|r| r.number).collect::<Vec<_>>(), vec![2, 1]);
    assert_eq!(all[1].closed_ms, Some(broadside::session::millis(later)));
    let (to_one, to_two) = tokio::join!(
        one.seasons().season_announcements(later),
        two.seasons().season_announcements(later)
    );
    assert_eq!(to_one.len() + to_two.len(), 1, "{to_one:?} {to_two:?}");
    let end = to_one.into_iter().chain(to_two).next().unwrap();
    assert_eq!(
        (end.season.number, end.season.channel),
        (1, Some(ChannelKey(4242)))
    );
    one.seasons().season_announced(&end.season).await.unwrap();
    let far = later + Duration::from_secs(3_600);
    assert!(
        two.seasons().season_announcements(far).await.is_empty(),
        "announced once"
    );
}

/// The current season's table read page by page (pages that start inside a group of equal
/// ratings) and member by member agrees with the whole table, whose order and ranks the
/// test works out itself: established before provisional, the rating as shown from best,
/// then the member; equal shown ratings share the rank of the first of them.
async fn the_current_seasons_pages_and_places_agree_with_the_whole_table(db: Db) {
    let opened = db.open().await;
    let store = opened.store();
    let s = seasons(&store);
    let one = open_first(s).await;
    // Winner 2000 + i beats their own partner 3000 + i, 5 + i % 4 times: equal counts give
    // equal ratings (ties among winners, and among partners). Pairs 16..19 play twice:
    // provisional.
    let mut id = 1;
    for i in 0..20_u64 {
        let games = if i < 16 { 5 + i % 4 } else { 2 };
        for _ in 0..games {
            let at = START + i64::try_from(id).unwrap();
            store
                .live()
                .save(&won(id, 2000 + i, 3000 + i, at))
                .await
                .unwrap();
            id += 1;
        }
    }
    let whole = s.season_page(GUILD, 1, "classic", 0, 1000).await.unwrap();
    assert_eq!(whole.total, 40);
    assert_eq!(whole.rows.len(), 40);
    let rows: Vec<(u64, bool, i64)> = whole
        .rows
        .iter()
        .map(|p| {
            let st = p.standing.as_ref().expect("a live table has no gaps");
            (st.player.0, st.rating.is_provisional(), st.rating.shown())
        })
        .collect();
    assert_eq!(rows.iter().filter(|r| r.1).count(), 8, "{rows:?}");
    for w in rows.windows(2) {
        let ((pa, qa, sa), (pb, qb, sb)) = (w[0], w[1]);
        assert!(
            (!qa && qb) || (qa == qb && (sa > sb || (sa == sb && pa < pb))),
            "out of order: {w:?}"
        );
    }
    let ranks: Vec<Option<u32>> = rows
        .iter()
        .map(|&(_, provisional, shown)| {
            (!provisional).then(|| {
                1 + u32::try_from(rows.iter().filter(|r| !r.1 && r.2 > shown).count()).unwrap()
            })
        })
        .collect();
    assert!(
        ranks.windows(2).any(|w| w[0].is_some() && w[0] == w[1]),
        "the set-up has ties: {ranks:?}"
    );
    for (i, (place, rank)) in whole.rows.iter().zip(&ranks).enumerate() {
        assert_eq!(
            (place.position, place.rank),
            (u32::try_from(i).unwrap(), *rank)
        );
    }
    for offset in 0..42_u32 {
        let page = s.season_page(GUILD, 1, "classic", offset, 3).await.unwrap();
        assert_eq!(page.total, 40);
        let from = usize::try_from(offset).unwrap().min(40);
        let to = (from + 3).min(40);
        assert_eq!(page.rows, whole.rows[from..to], "page at {offset}");
    }
    for (i, &(player, _, _)) in rows.iter().enumerate() {
        let place = s
            .season_place(GUILD, 1, "classic", PlayerId(player))
            .await
            .unwrap()
            .expect("a member of the table");
        assert_eq!(place, whole.rows[i], "member {player}");
    }
    assert_eq!(
        s.season_place(GUILD, 1, "classic", PlayerId(9999))
            .await
            .unwrap(),
        None
    );
    // The board: a page past the end (however far) shows the last one, with the asker's
    // own line when they are not on it.
    let session = session(opened.clone(), 3600);
    let lines: Vec<SeasonLine> = whole.rows.iter().cloned().map(SeasonLine::from).collect();
    let board_at = |page: u32, asker: u64| {
        session
            .seasons()
            .season_board(one.clone().into(), Variant::Classic, page, PlayerId(asker))
    };
    for asked in [3, 4, u32::MAX] {
        let board = board_at(asked, rows[0].0).await.unwrap();
        assert_eq!((board.page, board.pages), (3, 4), "page {asked}");
        assert_eq!(board.rows, lines[30..40], "page {asked}");
        assert_eq!(board.you.as_ref(), Some(&lines[0]), "page {asked}");
    }
    let board = board_at(1, rows[12].0).await.unwrap();
    assert_eq!((board.page, board.rows.as_slice()), (1, &lines[10..20]));
    assert_eq!(board.you, None, "the asker is on the page");
}

on_both_stores!(
    an_alignment_follows_the_settings_stored_last,
    seasons_follow_the_settings,
    two_sweeps_close_a_season_once,
    a_season_counts_the_matches_within_its_span,
    a_season_is_closed_once_by_racing_connections,
    a_season_that_ended_while_the_bot_was_down_is_closed_on_return,
    forgetting_a_member_leaves_a_gap_in_a_past_season,
    the_current_seasons_pages_and_places_agree_with_the_whole_table,
);
