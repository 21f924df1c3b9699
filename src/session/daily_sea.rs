//! The daily sea (issue 52): one hidden fleet a day per rule set for every member, fired
//! at privately, one attempt a day, with tables and streaks. The rules of it are the pure
//! core's (`crate::daily`); this service keeps the secret and the day's seas of this
//! process, and writes every volley before it is answered ([`DailyStore::write_volley`],
//! over the count it was fired at, so that restarts and other processes count nothing
//! twice).
//!
//! Nothing this service hands out names a cell of a day that is not over, but the
//! member's own volleys ([`DailyPlay::attempt`]) and, once it is over, a day's fleet
//! ([`DailyStandings::fleet`]).

use std::sync::Arc;
use std::time::SystemTime;

use crate::daily::attempt::{parse_volley, volley_text};
use crate::daily::{Attempt, DailySea as Sea, Day, DayClock, FireError, Secret, Volley};
use crate::game::{Coord, Fleet, PlayerId, Variant};
use crate::store::{
    DailyScope, DailyStore, DailyStreak, DailyTable, DailyVolley, GuildId, StoreError,
    VolleyWritten,
};

/// Whose attempts a table lists, as the session's callers name it.
pub use crate::store::DailyScope as Scope;

use super::base::Base;
use super::record::millis;

/// How often a volley is fired again over a count that moved meanwhile (another process
/// of the same member) before the member is told to try again.
const FIRE_TRIES: usize = 3;

/// The streak a reminder needs (issue 52, item 4).
pub const REMIND_STREAK: u32 = 3;

/// What this process keeps of the daily sea: the clock, the secret once read, and the
/// seas of the days asked for (their par is a whole game of the hard computer).
#[derive(Debug, Default)]
pub(super) struct DailyCache {
    clock: DayClock,
    secret: tokio::sync::OnceCell<Secret>,
    seas: dashmap::DashMap<(Variant, Day), Arc<tokio::sync::OnceCell<Arc<Sea>>>>,
}

/// Why a daily operation failed.
#[derive(Debug, thiserror::Error)]
pub enum DailyError {
    /// The volley was refused by the rules: nothing was fired or counted.
    #[error(transparent)]
    Fire(#[from] FireError),
    /// A day that has not begun.
    #[error("day {0} has not begun")]
    NotYet(Day),
    /// The member's volleys kept moving under this one (other processes); nothing of it
    /// was written.
    #[error("another shot of yours was being fired; try again")]
    Busy,
    /// The store keeps no daily sea (a test's wrapper).
    #[error("this store keeps no daily sea")]
    NoStore,
    /// The stored secret or a stored volley does not read.
    #[error("the stored daily sea does not read: {0}")]
    Unreadable(String),
    /// The day's sea could not be computed (its task failed).
    #[error("the day's sea could not be computed")]
    Computing,
    /// The store failed; nothing was written.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A member's sea today, as they may see it.
#[derive(Clone, Debug)]
pub struct DailyPlay {
    /// The day.
    pub day: Day,
    /// When it ends, in seconds of Unix time.
    pub ends_at: u64,
    /// The attempt so far (the member's own volleys and what they were told).
    pub attempt: Attempt,
    /// What the hard computer needed.
    pub par: u32,
    /// Their streak as it stands now (0 if it broke).
    pub streak: DailyStreak,
    /// Their place among everyone who finished, if they finished.
    pub place: Option<u32>,
    /// Their place among those of the server asked from who finished, if they finished
    /// and asked from a server.
    pub server_place: Option<u32>,
}

/// A reminder due: a member who asked for one, with a streak at stake today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyReminder {
    /// Who.
    pub player: PlayerId,
    /// The day it is for.
    pub day: Day,
    /// When that day ends, in seconds of Unix time.
    pub ends_at: u64,
    /// The streaks at stake: each rule set they have not fired at today, with its streak
    /// (at least [`REMIND_STREAK`]).
    pub streaks: Vec<(Variant, u32)>,
    /// The Discord locale they turned reminders on in, if it was kept (not before
    /// migration 0016).
    pub locale: Option<String>,
}

/// How long before a day's end its reminders go out: three hours of a UTC day, the same
/// share (an eighth) of a shorter testing day.
#[must_use]
pub fn remind_before(clock: DayClock) -> u64 {
    (clock.length() / 8).min(3 * 3600)
}

/// Reminders taken per sweep at most.
const REMINDERS_PER_SWEEP: u32 = 50;

/// A volley fired and written.
#[derive(Clone, Debug)]
pub struct DailyFired {
    /// What it was told.
    pub volley: Volley,
    /// The attempt after it.
    pub play: DailyPlay,
    /// It sank the last ship.
    pub finished: bool,
}

/// A day's table.
#[derive(Clone, Debug)]
pub struct DailyStandings {
    /// The day.
    pub day: Day,
    /// Today's (still running).
    pub today: bool,
    /// The lines.
    pub table: DailyTable,
    /// The day's par.
    pub par: u32,
    /// The day's fleet, only once the day is over.
    pub fleet: Option<Fleet>,
}

/// The daily sea: today's fleet per rule set, a member's attempt, tables and streaks.
#[derive(Clone, Copy, Debug)]
pub struct DailySea<'a> {
    session: &'a Base,
    cache: &'a DailyCache,
}

impl DailyCache {
    /// Days timed by `clock` (testing only: `DAILY_SECONDS`; UTC days otherwise).
    pub(super) fn set_clock(&mut self, clock: DayClock) {
        self.clock = clock;
    }
}

impl<'a> DailySea<'a> {
    /// The service on `session`'s base, with the seas of `cache`.
    pub(super) const fn new(session: &'a Base, cache: &'a DailyCache) -> Self {
        Self { session, cache }
    }

    fn store(self) -> Result<&'a dyn DailyStore, DailyError> {
        self.session.store.daily().ok_or(DailyError::NoStore)
    }

    /// How days are timed.
    #[must_use]
    pub fn clock(self) -> DayClock {
        self.cache.clock
    }

    /// The day it is now.
    #[must_use]
    pub fn today(self) -> Day {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        self.clock().day_at(now)
    }

    /// The bot's secret: read from the store, or made and stored at its first start.
    async fn secret(self) -> Result<&'a Secret, DailyError> {
        self.cache
            .secret
            .get_or_try_init(|| async {
                let fresh = hex(Secret::generate(&mut rand::rng()).as_bytes());
                let stored = self
                    .store()?
                    .secret(&fresh, millis(SystemTime::now()))
                    .await?;
                unhex(&stored)
                    .and_then(|b| Secret::from_bytes(&b).ok())
                    .ok_or_else(|| DailyError::Unreadable("the secret".into()))
            })
            .await
    }

    /// The sea of `variant` on `day` (its par is computed once per process, off the
    /// runtime's threads).
    pub async fn sea(self, variant: Variant, day: Day) -> Result<Arc<Sea>, DailyError> {
        let secret = self.secret().await?.clone();
        let cache = &self.cache.seas;
        let cell = cache.entry((variant, day)).or_default().clone();
        let sea = cell
            .get_or_try_init(|| async move {
                tokio::task::spawn_blocking(move || Arc::new(Sea::of(&secret, variant, day)))
                    .await
                    .map_err(|_| DailyError::Computing)
            })
            .await?
            .clone();
        // Keep yesterday's and today's seas, and any asked for since.
        let today = self.today();
        cache.retain(|(_, d), _| d.0.saturating_add(1) >= today.0 || *d == day);
        Ok(sea)
    }

    /// `player`'s attempt at `sea`, as stored.
    async fn attempt(
        self,
        sea: &Sea,
        player: PlayerId,
    ) -> Result<(Attempt, Option<i64>), DailyError> {
        let stored = self
            .store()?
            .attempt(sea.variant.key(), sea.day.0, player)
            .await?;
        let Some(stored) = stored else {
            return Ok((Attempt::new(sea.fleet.clone()), None));
        };
        let volleys: Vec<Vec<Coord>> = stored
            .volleys
            .iter()
            .map(|t| parse_volley(t).ok_or_else(|| DailyError::Unreadable(t.clone())))
            .collect::<Result<_, _>>()?;
        let attempt = Attempt::replay(sea.fleet.clone(), volleys.iter().map(Vec::as_slice))
            .map_err(|e| DailyError::Unreadable(e.to_string()))?;
        Ok((attempt, stored.finished_ms))
    }

    /// `player`'s streak in `variant` as it stands `today`: broken (0) once a day was
    /// missed.
    pub async fn streak(
        self,
        player: PlayerId,
        variant: Variant,
    ) -> Result<DailyStreak, DailyError> {
        let today = self.today();
        let stored = self.store()?.streak(variant.key(), player).await?;
        Ok(stored.map_or_else(DailyStreak::default, |s| {
            let alive = s.last_day.saturating_add(1) >= today.0;
            DailyStreak {
                current: if alive { s.current } else { 0 },
                ..s
            }
        }))
    }

    /// `player`'s sea today in `variant` (`guild`: where they asked, which puts them on
    /// that server's table).
    pub async fn play(
        self,
        player: PlayerId,
        variant: Variant,
        guild: Option<GuildId>,
    ) -> Result<DailyPlay, DailyError> {
        if let Some(guild) = guild {
            self.store()?.joined(guild, player).await?;
        }
        self.play_on(player, variant, self.today(), guild).await
    }

    /// `player`'s attempt at `variant` on `day` (today's or a past one), as
    /// [`DailySea::play`] shows it, without joining a server's table.
    pub async fn play_on(
        self,
        player: PlayerId,
        variant: Variant,
        day: Day,
        guild: Option<GuildId>,
    ) -> Result<DailyPlay, DailyError> {
        if day > self.today() {
            return Err(DailyError::NotYet(day));
        }
        let sea = self.sea(variant, day).await?;
        let (attempt, finished_ms) = self.attempt(&sea, player).await?;
        self.view(&sea, player, attempt, finished_ms.is_some(), guild)
            .await
    }

    async fn view(
        self,
        sea: &Sea,
        player: PlayerId,
        attempt: Attempt,
        finished: bool,
        guild: Option<GuildId>,
    ) -> Result<DailyPlay, DailyError> {
        let (place, server_place) = if finished {
            let store = self.store()?;
            let (variant, day) = (sea.variant.key(), sea.day.0);
            let place = store
                .place(variant, day, DailyScope::Everyone, player)
                .await?;
            let server_place = match guild {
                Some(g) => {
                    store
                        .place(variant, day, DailyScope::Server(g), player)
                        .await?
                }
                None => None,
            };
            (place, server_place)
        } else {
            (None, None)
        };
        Ok(DailyPlay {
            day: sea.day,
            ends_at: self.clock().ends(sea.day),
            attempt,
            par: sea.par,
            streak: self.streak(player, sea.variant).await?,
            place,
            server_place,
        })
    }

    /// Fires `cells` at today's sea of `variant` for `player` (`guild`: where), written
    /// before it is answered.
    pub async fn fire(
        self,
        player: PlayerId,
        variant: Variant,
        cells: &[Coord],
        guild: Option<GuildId>,
    ) -> Result<DailyFired, DailyError> {
        let sea = self.sea(variant, self.today()).await?;
        let text = volley_text(cells);
        for _ in 0..FIRE_TRIES {
            let (mut attempt, _) = self.attempt(&sea, player).await?;
            let n = attempt.shots();
            let volley = attempt.fire(cells)?.clone();
            let finishes = attempt.is_finished();
            let written = self
                .store()?
                .write_volley(DailyVolley {
                    variant: variant.key(),
                    day: sea.day.0,
                    player,
                    n,
                    cells: &text,
                    finishes,
                    guild,
                    at_ms: millis(SystemTime::now()),
                })
                .await?;
            if written == VolleyWritten::Stale {
                // Another volley of theirs came first: fire over what it left.
                continue;
            }
            let play = self.view(&sea, player, attempt, finishes, guild).await?;
            return Ok(DailyFired {
                volley,
                play,
                finished: finishes,
            });
        }
        Err(DailyError::Busy)
    }

    /// Today's (`day: None`) or a past day's table of `variant` in `scope`, its first
    /// `limit` lines. A past day's also shows its fleet.
    pub async fn standings(
        self,
        variant: Variant,
        scope: DailyScope,
        day: Option<Day>,
        limit: u32,
    ) -> Result<DailyStandings, DailyError> {
        let today = self.today();
        let day = day.unwrap_or(today);
        if day > today {
            return Err(DailyError::NotYet(day));
        }
        let sea = self.sea(variant, day).await?;
        let table = self
            .store()?
            .table(variant.key(), day.0, scope, limit)
            .await?;
        Ok(DailyStandings {
            day,
            today: day == today,
            table,
            par: sea.par,
            fleet: (day < today).then(|| sea.fleet.clone()),
        })
    }

    /// Turns `player`'s reminder DM on or off; on, sent in `locale` (their Discord locale
    /// as they asked).
    pub async fn set_remind(
        self,
        player: PlayerId,
        on: bool,
        locale: Option<&str>,
    ) -> Result<(), DailyError> {
        self.store()?
            .set_remind(player, on, locale, millis(SystemTime::now()))
            .await?;
        Ok(())
    }

    /// Whether `player` asked for the reminder DM.
    pub async fn remind(self, player: PlayerId) -> Result<bool, DailyError> {
        Ok(self.store()?.remind(player).await?)
    }

    /// The reminders due at `now` (Unix seconds): none until [`remind_before`] the end
    /// of the day; then each member who asked, has a streak of at least
    /// [`REMIND_STREAK`] alive and has not fired at that rule set today, and was not
    /// reminded today. Mark each with [`DailySea::reminded`] once its DM went out: one
    /// that is not marked is due again at the next sweep (sent at least once).
    pub async fn reminders_due(self, now: u64) -> Result<Vec<DailyReminder>, DailyError> {
        let clock = self.clock();
        let day = clock.day_at(now);
        let ends_at = clock.ends(day);
        if ends_at.saturating_sub(now) > remind_before(clock) {
            return Ok(Vec::new());
        }
        let store = self.store()?;
        let players = store
            .reminders_due(day.0, REMIND_STREAK, REMINDERS_PER_SWEEP)
            .await?;
        let mut due = Vec::with_capacity(players.len());
        for (player, locale) in players {
            let mut streaks = Vec::new();
            for variant in Variant::ALL {
                let Some(s) = store.streak(variant.key(), player).await? else {
                    continue;
                };
                let alive = s.last_day.saturating_add(1) == day.0;
                let fired = store.attempt(variant.key(), day.0, player).await?.is_some();
                if alive && !fired && s.current >= REMIND_STREAK {
                    streaks.push((variant, s.current));
                }
            }
            if !streaks.is_empty() {
                due.push(DailyReminder {
                    player,
                    day,
                    ends_at,
                    streaks,
                    locale,
                });
            }
        }
        Ok(due)
    }

    /// Marks `reminder` sent (after its DM went out, or was refused for good).
    pub async fn reminded(self, reminder: &DailyReminder) -> Result<(), DailyError> {
        self.store()?
            .reminder_sent(reminder.player, reminder.day.0)
            .await?;
        Ok(())
    }
}

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            s.push(char::from_digit(u32::from(b >> 4), 16).unwrap_or('0'));
            s.push(char::from_digit(u32::from(b & 15), 16).unwrap_or('0'));
            s
        })
}

/// The bytes of hex `text`, if it is hex.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_round_trips() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(super::unhex(&super::hex(&bytes)), Some(bytes));
        assert_eq!(super::unhex("abc"), None);
        assert_eq!(super::unhex("zz"), None);
    }
}
