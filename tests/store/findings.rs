//! Issue 36 in the session, on both stores: a change of settings is never lost to another
//! made at the same time (on PostgreSQL through two connections); a challenge waiting for
//! its thread, and a match whose thread failed, are found through their channel and
//! stored with it.

use crate::store::db::{Db, Flaky, on_both_stores};
use crate::store::fixtures;

use crate::fleets::{CLASSIC_A, CLASSIC_B};
use broadside::game::PlayerId;
use broadside::session::{
    ChannelKey, Locate, MatchId, NewMatch, Paces, Rematch, Seeds, Session, SessionError,
    SettingsChange, Timeouts, Viewer,
};

const ALICE: PlayerId = PlayerId(3601);
const BOB: PlayerId = PlayerId(3602);
const CAROL: PlayerId = PlayerId(3603);
const DAVE: PlayerId = PlayerId(3604);
const MODERATOR: PlayerId = PlayerId(3605);

const GUILD: broadside::ids::GuildId = broadside::ids::GuildId(36);

fn session(opened: broadside::store::Opened, seed: u64) -> Session {
    Session::new(
        opened,
        Paces::new(Timeouts::STANDARD, 1),
        Seeds::new(Some(seed)),
    )
}

/// A second session on the same database: on PostgreSQL another connection (as another
/// process has); SQLite allows one process, so there it shares the first one's store.
async fn beside(db: &Db, flaky: &Flaky, seed: u64) -> Session {
    if db.is_shared() {
        session(db.open().await, seed)
    } else {
        session(broadside::store::Opened::Local(flaky.store_ref()), seed)
    }
}

/// `first` changes the settings, and `meanwhile` runs between its read and its write.
async fn overtaken<F: std::future::Future<Output = ()>>(
    flaky: &Flaky,
    first: &Session,
    change: &SettingsChange,
    meanwhile: F,
) -> broadside::session::Settings {
    let (read, done) = tokio::sync::oneshot::channel();
    let (go_on, held) = tokio::sync::oneshot::channel();
    *flaky.held_settings_read.lock().unwrap() = Some((read, held));
    let (saved, ()) = tokio::join!(first.settings().change_settings(GUILD, change), async {
        done.await.expect("the first change read the settings");
        meanwhile.await;
        go_on.send(()).unwrap();
    });
    saved.expect("the first change is stored")
}

async fn a_change_made_meanwhile_is_kept(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let a = session(flaky.opened(), 1);
    let b = beside(&db, &flaky, 2).await;
    let threads = SettingsChange {
        threads: Some(true),
        ..SettingsChange::default()
    };
    let unrated = SettingsChange {
        rated: Some(false),
        ..SettingsChange::default()
    };
    // No settings stored yet: both would insert.
    let saved = overtaken(&flaky, &a, &threads, async {
        b.settings().change_settings(GUILD, &unrated).await.unwrap();
    })
    .await;
    assert!(saved.threads && !saved.rated, "{saved:?}");
    // Settings stored: both would update.
    let channels = SettingsChange {
        channels: Some(vec![broadside::ids::ChannelKey(10)]),
        ..SettingsChange::default()
    };
    let daily_off = SettingsChange {
        paces: Some(vec![broadside::session::Pace::Blitz]),
        ..SettingsChange::default()
    };
    overtaken(&flaky, &a, &channels, async {
        b.settings()
            .change_settings(GUILD, &daily_off)
            .await
            .unwrap();
    })
    .await;
    for s in [&a, &b] {
        let now = s.settings().of(GUILD).await.unwrap();
        assert!(now.threads && !now.rated, "{now:?}");
        assert_eq!(now.channels, vec![broadside::ids::ChannelKey(10)]);
        assert_eq!(now.paces, vec![broadside::session::Pace::Blitz]);
    }
}

async fn a_reset_made_meanwhile_is_kept(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let a = session(flaky.opened(), 3);
    let b = beside(&db, &flaky, 4).await;
    let channels = SettingsChange {
        channels: Some(vec![broadside::ids::ChannelKey(10)]),
        ..SettingsChange::default()
    };
    a.settings()
        .change_settings(GUILD, &channels)
        .await
        .unwrap();
    let threads = SettingsChange {
        threads: Some(true),
        ..SettingsChange::default()
    };
    let saved = overtaken(&flaky, &a, &threads, async {
        b.settings().reset_settings(GUILD).await.unwrap();
    })
    .await;
    // The reset came first: the change applies to the defaults, not to what it read.
    assert!(saved.threads);
    assert!(saved.channels.is_empty(), "{saved:?}");
    assert_eq!(b.settings().of(GUILD).await.unwrap(), saved);
}

/// A challenge of `players` in `channel`, to be played in a thread of its own (`thread`) or
/// in the channel.
fn new_match(channel: u64, players: [PlayerId; 2], thread: bool) -> NewMatch {
    NewMatch {
        thread,
        ..fixtures::new_match(ChannelKey(channel), GUILD, players, ["A", "B"])
    }
}

/// [`new_match`], opened.
async fn challenge(s: &Session, channel: u64, players: [PlayerId; 2], thread: bool) -> MatchId {
    s.matches()
        .challenge(new_match(channel, players, thread))
        .await
        .unwrap()
        .id
}

/// Places both fleets of `id` in `channel`, makes them final, fires a shot and forfeits.
async fn play_out(s: &Session, id: MatchId, channel: u64) {
    for (p, fleet) in [(ALICE, CLASSIC_A), (BOB, CLASSIC_B)] {
        let preview = s.matches().place(p, Some(fleet)).await.unwrap();
        s.matches().ready(id, p, &preview.tag()).await.unwrap();
    }
    let first = s.read(Locate::Id(id), |e| e.game.to_move()).await.flatten();
    let first = first.expect("a player to move");
    s.matches()
        .fire(ChannelKey(channel), first, "E5")
        .await
        .unwrap();
    s.matches().forfeit(first).await.unwrap();
}

/// Who may watch `id` from channel 99 of the server, seeing only `channel`; and where its
/// rematch is played.
async fn replayed_and_rematched_in(s: &Session, id: MatchId, channel: u64) {
    let viewer = Viewer {
        player: MODERATOR,
        guild: Some(GUILD),
        channel: broadside::ids::ChannelKey(99),
    };
    let done = s
        .played()
        .replay(id, &viewer, async |c| {
            c == broadside::ids::ChannelKey(channel)
        })
        .await;
    assert!(done.is_ok(), "{done:?}");
    s.matches().rematch(id, ALICE, None).await.unwrap();
    let Rematch::Started(again) = s.matches().rematch(id, BOB, None).await.unwrap() else {
        panic!("the rematch began");
    };
    assert_eq!(again.channel, ChannelKey(channel));
}

async fn a_challenge_waiting_for_its_thread_is_found_through_its_channel(db: Db) {
    let s = session(db.open().await, 5);
    let id = challenge(&s, 40, [ALICE, BOB], true).await;
    // A spectator's /status and a moderator's /cancel in the channel find it.
    let here = s.here(ChannelKey(40), CAROL).await.unwrap();
    assert_eq!(here, Locate::Id(id));
    assert_eq!(s.try_read(here, |e| e.id).await.unwrap(), Some(id));
    let ended = s
        .matches()
        .cancel(ChannelKey(40), MODERATOR, true)
        .await
        .unwrap();
    assert_eq!(ended.map(|e| e.id), Some(id));
    assert!(matches!(
        s.matches().cancel(ChannelKey(40), MODERATOR, true).await,
        Err(SessionError::NoMatchHere)
    ));
    // Two waiting in one channel: which one is meant is not guessed.
    challenge(&s, 41, [ALICE, BOB], true).await;
    challenge(&s, 41, [CAROL, DAVE], true).await;
    assert!(matches!(
        s.matches().cancel(ChannelKey(41), MODERATOR, true).await,
        Err(SessionError::SeveralHere)
    ));
    // Each player still finds their own, and a match elsewhere does not count.
    assert_eq!(
        s.here(ChannelKey(41), CAROL).await.unwrap(),
        Locate::Player(CAROL)
    );
    assert!(
        s.matches()
            .cancel(ChannelKey(41), CAROL, false)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(
        s.here(ChannelKey(42), MODERATOR).await.unwrap(),
        Locate::Channel(ChannelKey(42))
    );
}

async fn a_match_whose_thread_failed_is_stored_where_it_is_played(db: Db) {
    let s = session(db.open().await, 6);
    let id = challenge(&s, 42, [ALICE, BOB], true).await;
    let accepted = s.matches().accept(id, BOB, None).await.unwrap();
    assert_eq!(accepted.wants_thread, Some(ChannelKey(42)));
    // No thread: it is played in the channel, keyed and stored by it.
    assert_eq!(
        s.matches().settle_home(id, None).await.unwrap(),
        ChannelKey(42)
    );
    let found = s.read(Locate::Channel(ChannelKey(42)), |e| e.id).await;
    assert_eq!(found, Some(id));
    assert_eq!(fixtures::row(&s, id).await.channel, ChannelKey(42));
    play_out(&s, id, 42).await;
    replayed_and_rematched_in(&s, id, 42).await;
}

async fn a_match_whose_thread_failed_in_a_busy_channel_is_reached_and_stored_there(db: Db) {
    let s = session(db.open().await, 7);
    // The channel has a match of its own when the thread fails.
    let there = challenge(&s, 43, [CAROL, DAVE], false).await;
    let id = challenge(&s, 43, [ALICE, BOB], true).await;
    s.matches().accept(id, BOB, None).await.unwrap();
    assert_eq!(
        s.matches().settle_home(id, None).await.unwrap(),
        ChannelKey(43)
    );
    let keyed = s.read(Locate::Channel(ChannelKey(43)), |e| e.id).await;
    assert_eq!(keyed, Some(there));
    // Its players are told where they play when they try to play elsewhere.
    let busy = s
        .matches()
        .challenge(new_match(44, [ALICE, PlayerId(3606)], false))
        .await;
    let Err(SessionError::Busy { at: Some(at), .. }) = busy else {
        panic!("{busy:?}");
    };
    assert_eq!(at.channel, ChannelKey(43));
    // Once the channel's own match is gone, it is the one found there.
    s.matches()
        .cancel(ChannelKey(43), CAROL, false)
        .await
        .unwrap();
    assert_eq!(
        s.here(ChannelKey(43), MODERATOR).await.unwrap(),
        Locate::Id(id)
    );
    play_out(&s, id, 43).await;
    // Stored, replayed and rematched in the channel, not under its own id.
    assert_eq!(fixtures::row(&s, id).await.channel, ChannelKey(43));
    replayed_and_rematched_in(&s, id, 43).await;
}

on_both_stores!(
    a_change_made_meanwhile_is_kept,
    a_reset_made_meanwhile_is_kept,
    a_challenge_waiting_for_its_thread_is_found_through_its_channel,
    a_match_whose_thread_failed_is_stored_where_it_is_played,
    a_match_whose_thread_failed_in_a_busy_channel_is_reached_and_stored_there,
);
