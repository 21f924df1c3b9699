//! What the store tests share: a fresh database per test (a SQLite file, or a PostgreSQL
//! database of its own), a macro that runs a test on both, and a store wrapper that slows
//! or fails writes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use broadside::session::millis;
use broadside::store::{
    self, FinishedMatch, Forgot, HistoryRow, LeaderPage, MatchRecord, MoveRecord, Opened, Place,
    Renamed, SharedStore, Store, StoreError, StoreFuture, StoredMatch,
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
    /// Writes that carry a shot fail.
    pub failing_shots: AtomicBool,
    /// This many writes are carried out but reported as failed (the answer was lost).
    pub losing_answers: AtomicUsize,
    /// Matches the sweep's `due` names besides the really due ones (a stale list).
    pub also_due: std::sync::Mutex<Vec<u64>>,
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

    fn shared(&self) -> &Arc<dyn SharedStore> {
        match &self.inner {
            Opened::Shared(s) => s,
            Opened::Local(_) => panic!("a session on a local store asked for a shared one"),
        }
    }

    /// Waits as told, then fails if told.
    async fn before_write(&self, shot: bool) -> Result<(), StoreError> {
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

impl Store for Flaky {
    fn save<'a>(&'a self, record: &'a MatchRecord) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.before_write(!record.moves.is_empty()).await?;
            self.store_ref().save(record).await?;
            self.lose_answer()
        })
    }
    fn save_all<'a>(&'a self, records: &'a [MatchRecord]) -> StoreFuture<'a, ()> {
        Box::pin(async move { self.store_ref().save_all(records).await })
    }
    fn live_states(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(async move { self.store_ref().live_states().await })
    }
    fn unannounced(&self) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move { self.store_ref().unannounced().await })
    }
    fn waiting_ends_in(&self, channel: u64) -> StoreFuture<'_, Vec<Vec<u8>>> {
        Box::pin(async move { self.store_ref().waiting_ends_in(channel).await })
    }
    fn is_announced(&self, id: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().is_announced(id).await })
    }
    fn mark_announced(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().mark_announced(id).await })
    }
    fn retire(&self, id: u64, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().retire(id, at_ms).await })
    }
    fn set_aside(&self, id: u64, at_ms: i64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().set_aside(id, at_ms).await })
    }
    fn set_aside_matches(&self) -> StoreFuture<'_, Vec<store::SetAside>> {
        Box::pin(async move { self.store_ref().set_aside_matches().await })
    }
    fn bring_back(&self, id: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().bring_back(id).await })
    }
    fn get(&self, id: u64) -> StoreFuture<'_, Option<StoredMatch>> {
        Box::pin(async move { self.store_ref().get(id).await })
    }
    fn moves(&self, id: u64) -> StoreFuture<'_, Vec<MoveRecord>> {
        Box::pin(async move { self.store_ref().moves(id).await })
    }
    fn recent(&self, player: u64, limit: u32) -> StoreFuture<'_, Vec<StoredMatch>> {
        Box::pin(async move { self.store_ref().recent(player, limit).await })
    }
    fn finished<'a>(
        &'a self,
        player: Option<u64>,
        guild: Option<u64>,
        variant: &'a str,
        limit: u32,
    ) -> StoreFuture<'a, Vec<FinishedMatch>> {
        Box::pin(async move {
            let store = self.store_ref();
            store.finished(player, guild, variant, limit).await
        })
    }
    fn beat(&self, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().beat(at_ms).await })
    }
    fn last_beat(&self) -> StoreFuture<'_, Option<i64>> {
        Box::pin(async move { self.store_ref().last_beat().await })
    }
    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().ping().await })
    }
    fn rating<'a>(
        &'a self,
        player: u64,
        variant: &'a str,
    ) -> StoreFuture<'a, Option<(broadside::rating::Rating, broadside::rating::Record)>> {
        Box::pin(async move { self.store_ref().rating(player, variant).await })
    }
    fn results<'a>(
        &'a self,
        player: u64,
        variant: &'a str,
    ) -> StoreFuture<'a, Vec<broadside::rating::ResultRow>> {
        Box::pin(async move { self.store_ref().results(player, variant).await })
    }
    fn leaderboard<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        offset: u32,
        limit: u32,
    ) -> StoreFuture<'a, LeaderPage> {
        Box::pin(async move {
            self.store_ref()
                .leaderboard(guild, variant, offset, limit)
                .await
        })
    }
    fn place<'a>(
        &'a self,
        guild: u64,
        variant: &'a str,
        player: u64,
    ) -> StoreFuture<'a, Option<Place>> {
        Box::pin(async move { self.store_ref().place(guild, variant, player).await })
    }
    fn history(
        &self,
        player: u64,
        guild: Option<u64>,
        limit: u32,
    ) -> StoreFuture<'_, Vec<HistoryRow>> {
        Box::pin(async move { self.store_ref().history(player, guild, limit).await })
    }
    fn matches_of(&self, player: u64) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(async move { self.store_ref().matches_of(player).await })
    }
    fn cancelled(&self) -> StoreFuture<'_, Vec<(u64, Vec<u8>)>> {
        Box::pin(async move { self.store_ref().cancelled().await })
    }
    fn forget<'a>(&'a self, player: u64, renamed: &'a [Renamed]) -> StoreFuture<'a, Forgot> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.store_ref().forget(player, renamed).await
        })
    }
    fn habit_epoch(&self, player: u64) -> StoreFuture<'_, i64> {
        Box::pin(async move { self.store_ref().habit_epoch(player).await })
    }
    fn vote_rematch(&self, id: u64, player: u64, at_ms: i64) -> StoreFuture<'_, (Vec<u64>, bool)> {
        Box::pin(async move { self.store_ref().vote_rematch(id, player, at_ms).await })
    }
    fn claim_rematch(&self, id: u64, new: u64, at_ms: i64) -> StoreFuture<'_, (u64, i64)> {
        Box::pin(async move { self.store_ref().claim_rematch(id, new, at_ms).await })
    }
    fn reclaim_rematch(&self, id: u64, old: u64, new: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().reclaim_rematch(id, old, new).await })
    }
    fn release_rematch(&self, id: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().release_rematch(id).await })
    }
    fn due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move {
            let mut ids = self.store_ref().due(at_ms, limit).await?;
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
    fn computer_waiting(&self, before_ms: i64) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move { self.store_ref().computer_waiting(before_ms).await })
    }
    fn reminders_due(&self, at_ms: i64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move { self.store_ref().reminders_due(at_ms, limit).await })
    }
    fn take_reminder(
        &self,
        match_id: u64,
        moves: u32,
        which: &'static str,
        at_ms: i64,
        stale_before_ms: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            self.store_ref()
                .take_reminder(match_id, moves, which, at_ms, stale_before_ms)
                .await
        })
    }
    fn reminder_sent(&self, match_id: u64, moves: u32, which: &'static str) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.store_ref().reminder_sent(match_id, moves, which).await })
    }
    fn reminders_off(&self, player: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().reminders_off(player).await })
    }
    fn set_reminders(&self, player: u64, on: bool, at_ms: i64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.store_ref().set_reminders(player, on, at_ms).await
        })
    }
    fn leaderboard_visible(&self, player: u64) -> StoreFuture<'_, bool> {
        Box::pin(async move { self.store_ref().leaderboard_visible(player).await })
    }
    fn set_leaderboard_visible(
        &self,
        player: u64,
        visible: bool,
        at_ms: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.store_ref()
                .set_leaderboard_visible(player, visible, at_ms)
                .await
        })
    }
    fn settings(&self, guild: u64) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let read = self.store_ref().settings(guild).await;
            let hold = self.held_settings_read.lock().unwrap().take();
            if let Some((done, go_on)) = hold {
                let _ = done.send(());
                let _ = go_on.await;
            }
            read
        })
    }
    fn replace_settings<'a>(
        &'a self,
        guild: u64,
        old: Option<&'a str>,
        settings: &'a str,
        at_ms: i64,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            self.before_write(false).await?;
            let store = self.store_ref();
            store.replace_settings(guild, old, settings, at_ms).await
        })
    }
    fn save_settings<'a>(
        &'a self,
        guild: u64,
        settings: Option<&'a str>,
        at_ms: i64,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.store_ref().save_settings(guild, settings, at_ms).await
        })
    }
    fn posted_in(&self, channel: u64, limit: u32) -> StoreFuture<'_, Vec<u64>> {
        Box::pin(async move { self.store_ref().posted_in(channel, limit).await })
    }
    fn live_in(&self, guild: u64, offset: u32, limit: u32) -> StoreFuture<'_, (Vec<Vec<u8>>, u32)> {
        Box::pin(async move { self.store_ref().live_in(guild, offset, limit).await })
    }

    fn seasons(&self) -> Option<&dyn store::SeasonStore> {
        match &self.inner {
            Opened::Local(s) => s.seasons(),
            Opened::Shared(s) => s.seasons(),
        }
    }
}

impl SharedStore for Flaky {
    fn live_id(&self, key: store::LiveKey) -> StoreFuture<'_, Option<u64>> {
        self.shared().live_id(key)
    }
    fn change<'a>(
        &'a self,
        at: store::LiveKey,
        skip_locked: bool,
        apply: store::Apply<'a>,
    ) -> StoreFuture<'a, store::Changed> {
        Box::pin(async move {
            self.before_write(false).await?;
            // A write that carries a shot is rolled back, as a failed commit would be.
            let failing_shots = self.failing_shots.load(Ordering::SeqCst);
            let mut shot = false;
            let mut wrapped = |state: &[u8]| {
                let record = apply(state)?;
                shot = !record.moves.is_empty();
                (!(failing_shots && shot)).then_some(record)
            };
            let changed = self.shared().change(at, skip_locked, &mut wrapped).await?;
            if failing_shots && shot {
                return Err(StoreError::Data("disk full".into()));
            }
            if changed == store::Changed::Written {
                self.lose_answer()?;
            }
            Ok(changed)
        })
    }
    fn open_live<'a>(
        &'a self,
        record: &'a MatchRecord,
        unclaimed: &'a [u64],
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.before_write(false).await?;
            self.shared().open_live(record, unclaimed).await
        })
    }
    fn take_unannounced(&self, before_ms: i64, limit: u32) -> StoreFuture<'_, Vec<Vec<u8>>> {
        self.shared().take_unannounced(before_ms, limit)
    }
    fn census(&self) -> StoreFuture<'_, Vec<(String, String, u64)>> {
        self.shared().census()
    }
    fn arrive(&self) -> StoreFuture<'_, bool> {
        self.shared().arrive()
    }
    fn settle(&self) -> StoreFuture<'_, ()> {
        self.shared().settle()
    }
}
