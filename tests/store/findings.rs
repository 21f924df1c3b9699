//! Issue 36 in the session, on both stores: a change of settings is never lost to another
//! made at the same time (on PostgreSQL through two connections).

use crate::db::{Db, Flaky, on_both_stores};

use broadside::session::{Paces, Seeds, Session, SettingsChange, Timeouts};

const GUILD: u64 = 36;

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
    let (saved, ()) = tokio::join!(first.change_settings(GUILD, change), async {
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
        b.change_settings(GUILD, &unrated).await.unwrap();
    })
    .await;
    assert!(saved.threads && !saved.rated, "{saved:?}");
    // Settings stored: both would update.
    let channels = SettingsChange {
        channels: Some(vec![10]),
        ..SettingsChange::default()
    };
    let daily_off = SettingsChange {
        paces: Some(vec![broadside::session::Pace::Blitz]),
        ..SettingsChange::default()
    };
    overtaken(&flaky, &a, &channels, async {
        b.change_settings(GUILD, &daily_off).await.unwrap();
    })
    .await;
    for s in [&a, &b] {
        let now = s.settings(GUILD).await.unwrap();
        assert!(now.threads && !now.rated, "{now:?}");
        assert_eq!(now.channels, vec![10]);
        assert_eq!(now.paces, vec![broadside::session::Pace::Blitz]);
    }
}

async fn a_reset_made_meanwhile_is_kept(db: Db) {
    let flaky = Flaky::over(db.open().await);
    let a = session(flaky.opened(), 3);
    let b = beside(&db, &flaky, 4).await;
    let channels = SettingsChange {
        channels: Some(vec![10]),
        ..SettingsChange::default()
    };
    a.change_settings(GUILD, &channels).await.unwrap();
    let threads = SettingsChange {
        threads: Some(true),
        ..SettingsChange::default()
    };
    let saved = overtaken(&flaky, &a, &threads, async {
        b.reset_settings(GUILD).await.unwrap();
    })
    .await;
    // The reset came first: the change applies to the defaults, not to what it read.
    assert!(saved.threads);
    assert!(saved.channels.is_empty(), "{saved:?}");
    assert_eq!(b.settings(GUILD).await.unwrap(), saved);
}

on_both_stores!(
    a_change_made_meanwhile_is_kept,
    a_reset_made_meanwhile_is_kept
);
