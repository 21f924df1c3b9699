//! Rating seasons in the session (issue 39): turning them on and off with the settings,
//! closing each season once at its end (the sweep), what to announce of a closed one, and
//! reading a season's table. The calendar is `rating::season`; the rows and their
//! transactions are the store's (`store/seasons.rs`).

use std::time::SystemTime;

use jiff::tz::TimeZone;

use crate::game::{PlayerId, Variant};
use crate::ids::{ChannelKey, GuildId};
use crate::store::seasons::{NewSeason, SeasonFigures, SeasonPlace, SeasonRow, SeasonStore};
use crate::store::{StoreError, Timestamp};

use super::record::millis;
use super::services::Seasons;
use super::settings::{Settings, parse_settings};
use super::standings::PAGE;
use super::standings::Standing;
use crate::rating::season::{Cadence, Period, Window};

/// One page of a season's table, as a member asked for it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonBoard {
    /// The season.
    pub season: Season,
    /// The page's places in order (at most [`PAGE`]); a place whose member was removed
    /// since the season closed is a gap (`standing: None`).
    pub rows: Vec<SeasonLine>,
    /// The page shown, 0-based (a page past the end shows the last one).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// The asking member's place, when they are listed but not on this page.
    pub you: Option<SeasonLine>,
}

/// What to announce of a season that closed: its final top ten and figures per rule set
/// played in it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonEnd {
    /// The season, as closed (its `channel` is where to post).
    pub season: Season,
    /// Per rule set played in it: the figures and the final top ten (gaps included).
    pub tables: Vec<(SeasonTally, Vec<SeasonLine>)>,
}

/// A rating season of a server, as the session hands it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    /// The server.
    pub guild: GuildId,
    /// 1, 2, 3 … in that server.
    pub number: u32,
    /// `monthly` or `quarterly`.
    pub cadence: String,
    /// The month or quarter it is named by: `2027-03` or `2027-Q1`.
    pub period: String,
    /// The time zone its dates are shown in (an IANA name, or `UTC`).
    pub zone: String,
    /// Its first moment (ms since the epoch).
    pub start_ms: i64,
    /// The first moment after it.
    pub end_ms: i64,
    /// When it was closed; `None` for the current season.
    pub closed_ms: Option<i64>,
    /// Where its end is announced (none: nowhere).
    pub channel: Option<ChannelKey>,
    /// When the announcement went out (or, with no channel, when it closed).
    pub announced_ms: Option<i64>,
}

impl From<SeasonRow> for Season {
    fn from(row: SeasonRow) -> Self {
        Season {
            guild: row.guild,
            number: row.number,
            cadence: row.cadence,
            period: row.period,
            zone: row.zone,
            start_ms: row.start_ms.millis(),
            end_ms: row.end_ms.millis(),
            closed_ms: row.closed_ms.map(Timestamp::millis),
            channel: row.channel,
            announced_ms: row.announced_ms.map(Timestamp::millis),
        }
    }
}

/// A place in a season's table.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonLine {
    /// 0-based place in the table's order.
    pub position: u32,
    /// The rank shown (equal ratings as shown share one); `None` while provisional.
    pub rank: Option<u32>,
    /// The member and their season figures (`rating.games` counts the season's matches),
    /// or `None` for a member removed since the season closed (a gap).
    pub standing: Option<Standing>,
}

impl From<SeasonPlace> for SeasonLine {
    fn from(row: SeasonPlace) -> Self {
        SeasonLine {
            position: row.position,
            rank: row.rank,
            standing: row.standing.map(Standing::from),
        }
    }
}

/// What one rule set's table of a closed season adds up to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonTally {
    /// `classic` or `game2000`.
    pub variant: String,
    /// Members in the final table.
    pub places: u32,
    /// Of which established.
    pub established: u32,
    /// Rated matches played in the season.
    pub matches: u32,
    /// Who played the most (none: nobody, or removed since), and their name.
    pub active: Option<(PlayerId, String)>,
    /// How many matches they played.
    pub active_games: u32,
}

impl From<SeasonFigures> for SeasonTally {
    fn from(row: SeasonFigures) -> Self {
        SeasonTally {
            variant: row.variant,
            places: row.places,
            established: row.established,
            matches: row.matches,
            active: row.active.map(|a| (a.player, a.name)),
            active_games: row.active_games,
        }
    }
}

/// The places of a season's end announcement per rule set.
pub const SEASON_TOP: u32 = 10;

/// How many due seasons, and announcements, one sweep takes at most; the next takes the
/// rest.
const SEASONS_AT_ONCE: u32 = 50;

/// How long a process may take to post a season's end before another one may: well over
/// the worst case of one post (three tries of 30 s with their pauses, about 92 s) plus the
/// reads of up to [`SEASONS_AT_ONCE`] final tables before it, so a slow store and a slow
/// Discord together do not get one end announced twice.
const ANNOUNCE_LEASE: std::time::Duration = std::time::Duration::from_secs(300);

/// The zone a server's seasons are dated in: its `timezone` setting, UTC by default (or
/// when the stored name is unknown to this build's database).
#[must_use]
pub fn season_zone(name: Option<&str>) -> TimeZone {
    name.and_then(super::tournament::zone)
        .unwrap_or(TimeZone::UTC)
}

/// The month or quarter a stored season is named by, if it can be read.
#[must_use]
pub fn period_of(season: &Season) -> Option<Period> {
    season.period.parse().ok()
}

/// How many times [`Seasons::align_seasons`] reads the settings and changes the seasons
/// before it leaves the rest to the sweep (each change is followed by a fresh read), and
/// [`Seasons::current_season`] tries to start one on settings that keep changing.
const ALIGN_TRIES: usize = 4;

impl Seasons<'_> {
    /// The season store, or an error for a store that keeps no seasons.
    fn season_store(&self) -> Result<&dyn SeasonStore, StoreError> {
        self.session
            .store
            .seasons()
            .ok_or_else(|| StoreError::Data("this store keeps no rating seasons".into()))
    }

    /// The season of `cadence` for `guild` that starts at `start_ms`, as it will be stored.
    fn new_season(
        self,
        guild: GuildId,
        cadence: Cadence,
        zone: Option<&str>,
        start_ms: i64,
    ) -> NewSeason {
        let tz = season_zone(zone);
        let window = self.session.season_clock.window(start_ms, cadence, &tz);
        new_season(guild, cadence, zone, window)
    }

    /// Brings the seasons of `guild` in line with its stored settings `now`: with seasons
    /// on, a season of the chosen cadence is open (one is started at once where none is,
    /// and one of another cadence is closed now and a new one started); with them off, the
    /// open one (if any) is closed now and the past ones are kept. Its end is announced in
    /// the settings' `season_channel`.
    ///
    /// The settings are read from the store, never taken from the caller, and read again
    /// after each change: two admins changing seasons at once (on two processes too) end
    /// with the seasons of the settings stored last, whichever alignment runs last.
    pub async fn align_seasons(self, guild: GuildId) -> Result<(), StoreError> {
        let store = self.season_store()?;
        for _ in 0..ALIGN_TRIES {
            let (stored, settings) = self.stored_settings(guild).await?;
            let channel = settings.season_channel;
            let now = millis(SystemTime::now());
            let current = store.current_season(guild).await?;
            match (settings.season, current) {
                (None, None) => return Ok(()),
                (None, Some(open)) => {
                    store
                        .close_season(guild, open.number, Timestamp(now), channel, None)
                        .await?;
                }
                (Some(cadence), None) => {
                    let next = self.new_season(guild, cadence, settings.timezone.as_deref(), now);
                    // Not opened where the settings changed since: read again.
                    store.open_season(&next, stored.as_deref()).await?;
                }
                (Some(cadence), Some(open)) => {
                    // A change of zone takes effect with the next season.
                    if open.cadence == cadence.key() {
                        return Ok(());
                    }
                    let next = self.new_season(guild, cadence, settings.timezone.as_deref(), now);
                    store
                        .close_season(guild, open.number, Timestamp(now), channel, Some(&next))
                        .await?;
                }
            }
        }
        Ok(())
    }

    /// The settings of `guild` as stored (JSON; `None`: none), and as read.
    async fn stored_settings(
        self,
        guild: GuildId,
    ) -> Result<(Option<String>, Settings), StoreError> {
        let stored = self.session.store.settings().server(guild).await?;
        let settings = parse_settings(guild, stored.as_deref())?;
        Ok((stored, settings))
    }

    /// The current season of `guild` while its seasons are on (started now where none is
    /// open: turned on by another process, or a start that failed); `None` while they are
    /// off.
    ///
    /// `settings` (read a moment ago) only tell whether to look. A season is started only
    /// on the settings as stored when it is written (the store reads them again under the
    /// server's season lock), so one an admin just turned off is never started again.
    pub async fn current_season(
        self,
        guild: GuildId,
        settings: &Settings,
    ) -> Result<Option<Season>, StoreError> {
        if settings.season.is_none() {
            return Ok(None);
        }
        let store = self.season_store()?;
        if let Some(open) = store.current_season(guild).await? {
            return Ok(Some(open.into()));
        }
        for _ in 0..ALIGN_TRIES {
            let (stored, settings) = self.stored_settings(guild).await?;
            let Some(cadence) = settings.season else {
                return Ok(None);
            };
            let next = self.new_season(
                guild,
                cadence,
                settings.timezone.as_deref(),
                millis(SystemTime::now()),
            );
            if let Some(open) = store.open_season(&next, stored.as_deref()).await? {
                return Ok(Some(open.into()));
            }
        }
        // The settings kept changing: whatever is open now.
        Ok(store.current_season(guild).await?.map(Season::from))
    }

    /// Season `number` of `guild`, if there is one.
    pub async fn season(self, guild: GuildId, number: u32) -> Result<Option<Season>, StoreError> {
        let row = self.season_store()?.season(guild, number).await?;
        Ok(row.map(Season::from))
    }

    /// The last `limit` seasons of `guild`, the newest first.
    pub async fn list(self, guild: GuildId, limit: u32) -> Result<Vec<Season>, StoreError> {
        let rows = self.season_store()?.seasons(guild, limit).await?;
        Ok(rows.into_iter().map(Season::from).collect())
    }

    /// Page `page` (0-based) of `season`'s table in `variant`, as `caller` sees it: the
    /// current season's as it stands, a closed one's final table.
    pub async fn season_board(
        self,
        season: Season,
        variant: Variant,
        page: u32,
        caller: PlayerId,
    ) -> Result<SeasonBoard, StoreError> {
        let store = self.season_store()?;
        let (guild, number, key) = (season.guild, season.number, variant.key());
        // The page asked for, and its count of places with it; a page past the end is
        // asked again as the last one.
        let mut found = store
            .season_page(guild, number, key, page.saturating_mul(PAGE), PAGE)
            .await?;
        let pages = found.total.div_ceil(PAGE).max(1);
        let page = if page < pages {
            page
        } else {
            found = store
                .season_page(guild, number, key, (pages - 1) * PAGE, PAGE)
                .await?;
            pages - 1
        };
        let rows: Vec<SeasonLine> = found.rows.into_iter().map(SeasonLine::from).collect();
        let listed = rows
            .iter()
            .any(|r| r.standing.as_ref().is_some_and(|s| s.player == caller));
        let you = if listed {
            None
        } else {
            (store.season_place(guild, number, key, caller).await?).map(SeasonLine::from)
        };
        Ok(SeasonBoard {
            season,
            rows,
            page,
            pages,
            you,
        })
    }

    /// Closes every season that ended by `now`, once across restarts and processes (the
    /// store closes a season in one transaction under the server's season lock, and only
    /// if it is still open), each with the table as it stood at its end, and opens the
    /// next one where the server's seasons are still on (skipping those that would have
    /// ended while the bot was down). Returns how many this call closed.
    pub async fn close_due_seasons(self, now: SystemTime) -> usize {
        let Ok(store) = self.season_store() else {
            return 0;
        };
        let now = millis(now);
        let due = match store.seasons_due(Timestamp(now), SEASONS_AT_ONCE).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for seasons that ended");
                return 0;
            }
        };
        let mut closed = 0;
        for season in due {
            let settings = match self.session.settings().of(season.guild).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::warn!(guild = %season.guild, error = %e, "could not read the settings");
                    continue;
                }
            };
            let next = settings.season.map(|cadence| {
                let tz = season_zone(settings.timezone.as_deref());
                let window =
                    self.session
                        .season_clock
                        .next_after(season.end_ms.millis(), now, cadence, &tz);
                new_season(season.guild, cadence, settings.timezone.as_deref(), window)
            });
            match store
                .close_season(
                    season.guild,
                    season.number,
                    Timestamp(now),
                    settings.season_channel,
                    next.as_ref(),
                )
                .await
            {
                Ok(Some(_)) => closed += 1,
                // Another process closed it first.
                Ok(None) => {}
                Err(e) => tracing::warn!(
                    guild = %season.guild,
                    number = season.number,
                    error = %e,
                    "could not close a season"
                ),
            }
        }
        closed
    }

    /// The closed seasons whose end is still to be announced, each taken by this process
    /// (another takes it only if this one has not marked it announced within two minutes),
    /// with their final top ten and figures. Mark each with
    /// [`Seasons::season_announced`](crate::session::services::Seasons::season_announced) once it is posted.
    pub async fn season_announcements(self, now: SystemTime) -> Vec<SeasonEnd> {
        let Ok(store) = self.season_store() else {
            return Vec::new();
        };
        let claimed = match store
            .claim_season_announcements(Timestamp::of(now), ANNOUNCE_LEASE, SEASONS_AT_ONCE)
            .await
        {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for season ends to announce");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(claimed.len());
        for season in claimed {
            match self.season_end(store, season).await {
                Ok(end) => out.push(end),
                Err(e) => tracing::warn!(error = %e, "could not read a season's final table"),
            }
        }
        out
    }

    async fn season_end(
        self,
        store: &dyn SeasonStore,
        season: SeasonRow,
    ) -> Result<SeasonEnd, StoreError> {
        let figures = store.season_figures(season.guild, season.number).await?;
        let mut tables = Vec::with_capacity(figures.len());
        for f in figures {
            let top = store
                .season_page(season.guild, season.number, &f.variant, 0, SEASON_TOP)
                .await?
                .rows;
            tables.push((f.into(), top.into_iter().map(SeasonLine::from).collect()));
        }
        Ok(SeasonEnd {
            season: season.into(),
            tables,
        })
    }

    /// Records that the end of `season` was announced (or could not be, anywhere).
    pub async fn season_announced(self, season: &Season) -> Result<(), StoreError> {
        self.season_store()?
            .mark_season_announced(
                season.guild,
                season.number,
                Timestamp::of(SystemTime::now()),
            )
            .await
    }

    /// The seasons `player` won in `variant`, the newest first (only those of `guild` when
    /// one is given).
    pub async fn titles(
        self,
        player: PlayerId,
        guild: Option<GuildId>,
        variant: Variant,
    ) -> Result<Vec<Season>, StoreError> {
        match self.session.store.seasons() {
            Some(store) => {
                let rows = store.titles(player, guild, variant.key()).await?;
                Ok(rows.into_iter().map(Season::from).collect())
            }
            None => Ok(Vec::new()),
        }
    }
}

/// The row to store for `window`.
fn new_season(guild: GuildId, cadence: Cadence, zone: Option<&str>, window: Window) -> NewSeason {
    NewSeason {
        guild,
        cadence: cadence.key().to_owned(),
        period: window.period.to_string(),
        zone: zone.unwrap_or("UTC").to_owned(),
        start_ms: Timestamp(window.start_ms),
        end_ms: Timestamp(window.end_ms),
    }
}
