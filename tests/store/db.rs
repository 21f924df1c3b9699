//! What the store tests share: a fresh database per test (a SQLite file, or a PostgreSQL
//! database of its own), a macro that runs a test on both, and a store wrapper that slows
//! or fails writes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use broadside::game::PlayerId;
use broadside::ids::{ChannelKey, GuildId, MatchId};
use broadside::session::millis;
use broadside::store::{
    self, Forgot, MatchRecord, Opened, Renamed, SettingsSwap, SharedStore, Store, StoreError,
    StoreFuture, Timestamp,
};

use crate::pg;

/// A fresh database: a file in its own directory (removed at the end of the test), or a
/// PostgreSQL database of its own (dropped at the end).
pub struct Db {
    dir: std::path::PathBuf,
    pg: Option<pg::PgDb>,
}

impl Db {
    /// A SQLite file.
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "broadside-store-{name}-{}-{}",
            std::process::id(),
            millis(SystemTime::now())
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Self { dir, pg: None }
    }

    /// A PostgreSQL database, or `None` when the tests have no server.
    pub async fn postgres(name: &str) -> Option<Self> {
        let pg = pg::PgDb::create(name).await?;
        let mut db = Self::new(name);
        db.pg = Some(pg);
        Some(db)
    }

    /// Whether it is PostgreSQL.
    pub fn is_shared(&self) -> bool {
        self.pg.is_some()
    }

    /// The SQLite file (unused on PostgreSQL).
    pub fn path(&self) -> std::path::PathBuf {
        self.dir.join("matches.db")
    }

    /// Its `DATABASE_URL`.
    pub fn url(&self) -> String {
        match &self.pg {
            Some(pg) => pg.url.clone(),
            None => format!("sqlite://{}", self.path().display()),
        }
    }

    /// The store, opened as the bot opens it.
    pub async fn open(&self) -> Opened {
        store::open(&self.url()).await.expect("open the store")
    }

    /// [`Db::open`] as a plain store.
    pub async fn store(&self) -> Arc<dyn Store> {
        self.open().await.store()
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs each test (an `async fn(Db)`) on SQLite and on PostgreSQL (skipped without a
/// server).
macro_rules! on_both_stores {
    ($($test:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test]
                async fn $test() {
                    super::$test(crate::store::db::Db::new(stringify!($test))).await;
                }
            )*
        }
        mod on_postgres {
            $(
                #[tokio::test]
                async fn $test() {
                    if let Some(db) = crate::store::db::Db::postgres(stringify!($test)).await {
                        super::$test(db).await;
                    }
                }
            )*
        }
    };
}
pub(crate) use on_both_stores;

/// A store whose writes can be made slow or fail, around a real store of either kind.
#[derive(Debug)]
pub struct Flaky {
    inner: Opened,
    /// Every write fails.
    pub failing: AtomicBool,
    /// The next this many writes fail (a disk that is full for a moment).
    pub failing_next: AtomicUsize,
    /// Each write first waits this many milliseconds.
    pub slow_ms: AtomicU64,
    /// Writes begun so far: counted before their wait, but a shared store's change only
    /// once it holds the match's row (a change that waited but has no row yet has not begun:
    /// under load, another change could still take the row first).
    pub writes_begun: AtomicUsize,
    /// Writes of a match carried out so far (a live store's save, a shared store's
    /// change that wrote, a new match opened).
    pub writes: AtomicUsize,
    /// Writes that carry a shot fail.
    pub failing_shots: AtomicBool,
    /// This many writes are carried out but reported as failed (the answer was lost).
    pub losing_answers: AtomicUsize,
    /// Matches the sweep's `due` names besides the really due ones (a stale list).
    pub also_due: std::sync::Mutex<Vec<MatchId>>,
    /// The next read of settings, once done, says so on the first and waits for the
    /// second (a change that another one overtakes between its read and its write).
    pub held_settings_read: std::sync::Mutex<Option<SettingsHold>>,
}

/// See [`Flaky::held_settings_read`].
pub type SettingsHold = (
    tokio::sync::oneshot::Sender<()>,
    tokio::sync::oneshot::Receiver<()>,
);

impl Flaky {
    /// `inner`, working normally until told otherwise.
    pub fn over(inner: Opened) -> Arc<Self> {
        Arc::new(Self {
            inner,
            failing: AtomicBool::new(false),
            failing_next: 0.into(),
            slow_ms: 0.into(),
            writes_begun: 0.into(),
            writes: 0.into(),
            failing_shots: AtomicBool::new(false),
            losing_answers: 0.into(),
            also_due: std::sync::Mutex::default(),
            held_settings_read: std::sync::Mutex::default(),
        })
    }

    /// The wrapper, opened as its inner store is (so a session picks the same engine).
    pub fn opened(self: &Arc<Self>) -> Opened {
        match &self.inner {
            Opened::Local(_) => Opened::Local(Arc::clone(self) as Arc<dyn Store>),
            Opened::Shared(_) => Opened::Shared(Arc::clone(self) as Arc<dyn SharedStore>),
        }
    }

    /// The wrapped store.
    pub fn store_ref(&self) -> Arc<dyn Store> {
        self.inner.store()
    }

    /// The wrapped store, for the roles and operations passed on unchanged.
    fn real(&self) -> &dyn Store {
        match &self.inner {
            Opened::Local(s) => &**s,
            Opened::Shared(s) => &**s,
        }
    }

    fn shared(&self) -> &Arc<dyn SharedStore> {
        match &self.inner {
            Opened::Shared(s) => s,
            Opened::Local(_) => panic!("a session on a local store asked for a shared one"),
        }
    }

    /// Counts the write as begun, waits as told, then fails if told.
    async fn before_write(&self, shot: bool) -> Result<(), StoreError> {
        self.writes_begun.fetch_add(1, Ordering::SeqCst);
        self.wait_and_fail(shot).await
    }

    /// Waits as told, then fails if told.
    async fn wait_and_fail(&self, shot: bool) -> Result<(), StoreError> {
        let slow = self.slow_ms.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(slow)).await;
        let once = self
            .failing_next
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if once
            || self.failing.load(Ordering::SeqCst)
            || (shot && self.failing_shots.load(Ordering::SeqCst))
        {
            return Err(StoreError::Data("disk full".into()));
        }
        Ok(())
    }

    /// Reports a write that landed as failed, if told.
    fn lose_answer(&self) -> Result<(), StoreError> {
        let lose = self.losing_answers.load(Ordering::SeqCst);
        if lose > 0 {
            self.losing_answers.store(lose - 1, Ordering::SeqCst);
            return Err(StoreError::Data("connection reset after commit".into()));
        }
        Ok(())
    }
}

impl store::LiveStore for Flaky {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.before_write(!record.moves.is_empty()).await?;
            self.real().live().save(record).await?;
            self.writes.fetch_add(1, Ordering::SeqCst);
            self.lose_answer()
        })
    }

    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        self.real().live().save_all(records)
    }

    fn live_states(&self) -> StoreFuture<'_, Vec<store::MatchState>> {
        self.real().live().live_states()
    }

    fn retire(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, ()> {
        self.real().live().retire(id, at)
    }

    fn set_aside(&self, id: MatchId, at: Timestamp) -> StoreFuture<'_, bool> {
        self.real().live().set_aside(id, at)
    }

    fn set_aside_matches(&self) -> StoreFuture<'_, Vec<store::SetAside>> {
        self.real().live().set_aside_matches()
    }

    fn bring_back(&self, id: MatchId) -> StoreFuture<'_, bool> {
        self.real().live().bring_back(id)
    }

    fn due(&self, at: Timestamp, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        Box::pin(async move {
            let mut ids = self.real().live().due(at, limit).await?;
            let extra = self.also_due.lock().unwrap().clone();
            ids.extend(
                extra
                    .into_iter()
                    .filter(|id| !ids.contains(id))
                    .collect::<Vec<_>>(),
            );
            Ok(ids)
        })
    }

    fn computer_waiting(&self, before: Timestamp) -> StoreFuture<'_, Vec<MatchId>> {
        self.real().live().computer_waiting(before)
    }

    fn posted_in(&self, channel: ChannelKey, limit: u32) -> StoreFuture<'_, Vec<MatchId>> {
        self.real().live().posted_in(channel, limit)
    }

    fn live_in(&self, guild: GuildId, offset: u32, limit: u32) -> StoreFuture<'_, store::LivePage> {
        self.real().live().live_in(guild, offset, limit)
    }
}

impl store::SettingsStore for Flaky {
    fn server(&self, guild: GuildId) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let read = self.real().settings().server(guild).await;
            let hold = self.held_settings_read.lock().unwrap().take();
            if let Some((done, go_on)) = hold {
                let _ = done.send(());
                let _ = go_on.await;
            }
            read
        })
    }

    fn save_settings<'a>(
        &'a self,
        guild: GuildId,
        settings: Option<&'a str>,
        at: Timestamp,
    ) -> StoreFuture<'a, ()> {
        self.real().settings().save_settings(guild, settings, at)
    }

    fn replace_settings<'a>(
        &'a self,
        guild: GuildId,
        swap: SettingsSwap<'a>,
        at: Timestamp,
    ) -> StoreFuture<'a, bool> {
        self.real().settings().replace_settings(guild, swap, at)
    }

    fn reminders_off(&self, player: PlayerId) -> StoreFuture<'_, bool> {
        self.real().settings().reminders_off(player)
    }

    fn set_reminders(&self, player: PlayerId, on: bool, at: Timestamp) -> StoreFuture<'_, ()> {
        self.real().settings().set_reminders(player, on, at)
    }

    fn leaderboard_visible(&self, player: PlayerId) -> StoreFuture<'_, bool> {
        self.real().settings().leaderboard_visible(player)
    }

    fn set_leaderboard_visible(
        &self,
        player: PlayerId,
        visible: bool,
        at: Timestamp,
    ) -> StoreFuture<'_, ()> {
        let settings_store = self.real().settings();
        settings_store.set_leaderboard_visible(player, visible, at)
    }
}

impl store::PrivacyStore for Flaky {
    fn matches_of(&self, player: PlayerId) -> StoreFuture<'_, Vec<store::MatchState>> {
        self.real().privacy().matches_of(player)
    }

    fn cancelled(&self) -> StoreFuture<'_, Vec<store::MatchState>> {
        self.real().privacy().cancelled()
    }

    fn forget<'a>(&'a self, player: PlayerId, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.real().privacy().forget(player, renamed).await
        })
    }
}

impl Store for Flaky {
    fn live(&self) -> &dyn store::LiveStore {
        self
    }
    fn outbox(&self) -> &dyn store::OutboxStore {
        self.real().outbox()
    }
    fn rematches(&self) -> &dyn store::RematchStore {
        self.real().rematches()
    }
    fn finished(&self) -> &dyn store::FinishedStore {
        self.real().finished()
    }
    fn settings(&self) -> &dyn store::SettingsStore {
        self
    }
    fn privacy(&self) -> &dyn store::PrivacyStore {
        self
    }
    fn presence(&self) -> &dyn store::PresenceStore {
        self.real().presence()
    }
    fn seasons(&self) -> Option<&dyn store::SeasonStore> {
        self.real().seasons()
    }
}

impl SharedStore for Flaky {
    fn live_id(&self, key: store::LiveKey) -> StoreFuture<'_, Option<MatchId>> {
        self.shared().live_id(key)
    }
    fn change<'a>(
        &'a self,
        at: store::LiveKey,
        skip_locked: bool,
        apply: store::Apply<'a>,
    ) -> StoreFuture<'a, store::Changed> {
        Box::pin(async move {
            self.wait_and_fail(false).await?;
            // A write that carries a shot is rolled back, as a failed commit would be.
            let failing_shots = self.failing_shots.load(Ordering::SeqCst);
            let mut shot = false;
            let mut wrapped = |state: &store::StoredState| {
                // The match's row is held: the write has begun.
                self.writes_begun.fetch_add(1, Ordering::SeqCst);
                let record = apply(state)?;
                shot = !record.moves.is_empty();
                (!(failing_shots && shot)).then_some(record)
            };
            let changed = self.shared().change(at, skip_locked, &mut wrapped).await?;
            if failing_shots && shot {
                return Err(StoreError::Data("disk full".into()));
            }
            if changed == store::Changed::Written {
                self.writes.fetch_add(1, Ordering::SeqCst);
                self.lose_answer()?;
            }
            Ok(changed)
        })
    }
    fn open_live<'a>(
        &'a self,
        record: &'a MatchRecord,
        unclaimed: &'a [PlayerId],
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.shared().open_live(record, unclaimed).await?;
            self.writes.fetch_add(1, Ordering::SeqCst);
            Ok(())
        })
    }
    fn take_unannounced(
        &self,
        before: Timestamp,
        limit: u32,
    ) -> StoreFuture<'_, Vec<store::StoredState>> {
        self.shared().take_unannounced(before, limit)
    }
    fn census(&self) -> StoreFuture<'_, Vec<store::Census>> {
        self.shared().census()
    }
    fn arrive(&self) -> StoreFuture<'_, bool> {
        self.shared().arrive()
    }
    fn settle(&self) -> StoreFuture<'_, ()> {
        self.shared().settle()
    }
}
