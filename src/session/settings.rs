//! A server's settings, stored in the database (so they take effect at once, survive
//! restarts and are shared by every process), and the reminders members may turn off.

use serde::{Deserialize, Serialize};

use crate::game::{PlayerId, Variant};
use crate::store::StoreError;

use super::pace::Pace;
use super::record::millis;
use super::season_window::Cadence;
use super::{Reminder, Session, SessionError};

/// How a server has the bot play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The rule set of a `/challenge` that names none.
    pub default_rules: Variant,
    /// Whether such a challenge forbids repeat shots (Game 2000's house rule).
    pub forbid_repeats: bool,
    /// The pace of a `/challenge` that names none.
    pub pace: Pace,
    /// The paces members may pick (never empty; always holds `pace`).
    pub paces: Vec<Pace>,
    /// Whether an accepted challenge moves into a thread of its own.
    pub threads: bool,
    /// Where matches may be started (empty: everywhere).
    pub channels: Vec<u64>,
    /// The language of public texts (a Discord locale such as `nl`); `None`: the server's.
    pub language: Option<String>,
    /// Whether matches here count for ratings and leaderboards.
    pub rated: bool,
    /// The server's time zone (an IANA name) for tournament start times; `None`: UTC.
    pub timezone: Option<String>,
    /// Members with this role may run tournaments (as may those who manage the server).
    pub tournament_role: Option<u64>,
    /// How often rating seasons start again; `None`: no seasons (as by default).
    pub season: Option<Cadence>,
    /// Where the end of a season is announced; `None`: nowhere.
    pub season_channel: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            default_rules: Variant::Classic,
            forbid_repeats: false,
            pace: Pace::Standard,
            paces: Pace::ALL.to_vec(),
            threads: false,
            channels: Vec::new(),
            language: None,
            rated: true,
            timezone: None,
            tournament_role: None,
            season: None,
            season_channel: None,
        }
    }
}

/// One change of settings: each field that is set replaces the stored one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// See [`Settings::default_rules`].
    pub default_rules: Option<Variant>,
    /// See [`Settings::forbid_repeats`].
    pub forbid_repeats: Option<bool>,
    /// See [`Settings::pace`].
    pub pace: Option<Pace>,
    /// See [`Settings::paces`].
    pub paces: Option<Vec<Pace>>,
    /// See [`Settings::threads`].
    pub threads: Option<bool>,
    /// See [`Settings::channels`].
    pub channels: Option<Vec<u64>>,
    /// See [`Settings::language`]: `Some(None)` goes back to the server's.
    pub language: Option<Option<String>>,
    /// See [`Settings::rated`].
    pub rated: Option<bool>,
    /// See [`Settings::timezone`]: `Some(None)` goes back to UTC.
    pub timezone: Option<Option<String>>,
    /// See [`Settings::tournament_role`]: `Some(None)` takes the role's right away.
    pub tournament_role: Option<Option<u64>>,
    /// See [`Settings::season`]: `Some(None)` turns seasons off.
    pub season: Option<Option<Cadence>>,
    /// See [`Settings::season_channel`]: `Some(None)` announces nowhere.
    pub season_channel: Option<Option<u64>>,
}

impl SettingsChange {
    /// Whether it changes nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// Why a change of settings was refused (nothing changed).
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// It named no setting.
    #[error("no setting was given")]
    Nothing,
    /// No pace would be allowed.
    #[error("at least one pace must be allowed")]
    NoPace,
    /// The default pace is not among the allowed ones.
    #[error("the default pace {0} is not allowed")]
    PaceNotAllowed(Pace),
    /// The time zone is not one of the IANA database's.
    #[error("unknown time zone {0}")]
    UnknownZone(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Settings {
    /// These settings with `change` applied, if the result is consistent.
    pub fn with(&self, change: &SettingsChange) -> Result<Settings, SettingsError> {
        if change.is_empty() {
            return Err(SettingsError::Nothing);
        }
        let mut next = self.clone();
        if let Some(v) = change.default_rules {
            next.default_rules = v;
        }
        if let Some(v) = change.forbid_repeats {
            next.forbid_repeats = v;
        }
        if let Some(paces) = &change.paces {
            let mut paces = paces.clone();
            paces.sort_unstable();
            paces.dedup();
            if paces.is_empty() {
                return Err(SettingsError::NoPace);
            }
            // Narrowing the paces moves the default into them, unless a default is given.
            if change.pace.is_none() && !paces.contains(&next.pace) {
                next.pace = paces[0];
            }
            next.paces = paces;
        }
        if let Some(pace) = change.pace {
            if !next.paces.contains(&pace) {
                return Err(SettingsError::PaceNotAllowed(pace));
            }
            next.pace = pace;
        }
        if let Some(v) = change.threads {
            next.threads = v;
        }
        if let Some(channels) = &change.channels {
            let mut channels = channels.clone();
            channels.sort_unstable();
            channels.dedup();
            next.channels = channels;
        }
        if let Some(language) = &change.language {
            next.language.clone_from(language);
        }
        if let Some(v) = change.rated {
            next.rated = v;
        }
        if let Some(zone) = &change.timezone {
            next.timezone = match zone {
                Some(name) => {
                    // Stored as the database spells it.
                    let found = super::tournament::zone(name.trim())
                        .and_then(|z| z.iana_name().map(str::to_owned))
                        .ok_or_else(|| SettingsError::UnknownZone(name.clone()))?;
                    Some(found)
                }
                None => None,
            };
        }
        if let Some(role) = change.tournament_role {
            next.tournament_role = role;
        }
        if let Some(season) = change.season {
            next.season = season;
        }
        if let Some(channel) = change.season_channel {
            next.season_channel = channel;
        }
        Ok(next)
    }

    /// Whether a match may be started in `channel` (or in a thread under `parent`).
    #[must_use]
    pub fn allows(&self, channel: u64, parent: Option<u64>) -> bool {
        self.channels.is_empty()
            || self.channels.contains(&channel)
            || parent.is_some_and(|p| self.channels.contains(&p))
    }
}

/// A reminder to send: the player to move of a daily match has half of their turn left,
/// or an hour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminding {
    /// The match.
    pub id: super::MatchId,
    /// Who is to move.
    pub player: PlayerId,
    /// Against whom.
    pub opponent: PlayerId,
    /// The rule set.
    pub variant: Variant,
    /// Which reminder.
    pub which: Reminder,
    /// When the turn ends.
    pub deadline: std::time::SystemTime,
    /// Where the match is played.
    pub channel: super::ChannelKey,
    /// Its server.
    pub guild: Option<u64>,
    /// The player's locale as last seen.
    pub locale: Option<String>,
    /// The last message shown about the match, if one was noted.
    pub message: Option<u64>,
    /// The turn it is for: the moves played when that turn began.
    pub moves: u32,
}

impl Session {
    /// The language `guild`'s admins chose for public texts (a Discord locale); `None`
    /// outside servers, where none was chosen, or (logged) when it cannot be read.
    pub async fn language(&self, guild: Option<u64>) -> Option<String> {
        match self.settings(guild?).await {
            Ok(s) => s.language,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a server's settings");
                None
            }
        }
    }

    /// The settings of `guild` (the defaults where it changed none).
    pub async fn settings(&self, guild: u64) -> Result<Settings, StoreError> {
        parse_settings(guild, self.store.settings(guild).await?.as_deref())
    }

    /// Applies `change` to the settings of `guild` and stores them; returns them.
    ///
    /// A compare-and-swap: the settings are replaced only if they are still the ones
    /// read, and read again otherwise, so a change made meanwhile (by another admin, a
    /// Reset, another process) is never overwritten.
    pub async fn change_settings(
        &self,
        guild: u64,
        change: &SettingsChange,
    ) -> Result<Settings, SettingsError> {
        for _ in 0..SETTINGS_TRIES {
            let read = self.store.settings(guild).await?;
            let next = parse_settings(guild, read.as_deref())?.with(change)?;
            let text = serde_json::to_string(&next).map_err(|e| StoreError::Data(e.to_string()))?;
            let at = millis(std::time::SystemTime::now());
            if self
                .store
                .replace_settings(guild, read.as_deref(), &text, at)
                .await?
            {
                if change.season.is_some() {
                    // Turning seasons on starts one at once; off closes the open one.
                    // Where that fails, the sweep and the next leaderboard catch up.
                    if let Err(e) = self.align_seasons(guild).await {
                        tracing::warn!(guild, error = %e, "could not start or end a season");
                    }
                }
                return Ok(next);
            }
        }
        Err(StoreError::Data(format!(
            "the settings of {guild} changed {SETTINGS_TRIES} times while being changed"
        ))
        .into())
    }

    /// Puts the settings of `guild` back to the defaults.
    pub async fn reset_settings(&self, guild: u64) -> Result<Settings, StoreError> {
        self.store
            .save_settings(guild, None, millis(std::time::SystemTime::now()))
            .await?;
        // Seasons are off by default: the open one ends now, the past ones are kept.
        if let Err(e) = self.align_seasons(guild).await {
            tracing::warn!(guild, error = %e, "could not end a season");
        }
        Ok(Settings::default())
    }

    /// Whether `player` gets the reminders of their daily matches.
    pub async fn reminders_on(&self, player: PlayerId) -> Result<bool, StoreError> {
        Ok(!self.store.reminders_off(player.0).await?)
    }

    /// Turns `player`'s reminders on or off.
    pub async fn set_reminders(&self, player: PlayerId, on: bool) -> Result<(), StoreError> {
        self.store
            .set_reminders(player.0, on, millis(std::time::SystemTime::now()))
            .await
    }

    /// The reminders due at `now`, each taken from the outbox for this process: the player
    /// to move of a daily match is told when half of their turn is left, and again an hour
    /// before its end. A reminder is marked as sent in its match only by
    /// [`Session::reminded`], after its DM went out; until then the outbox row (one per
    /// match) keeps another sweep, process or restart from sending it too, for
    /// [`REMINDER_LEASE`]. A reminder whose DM failed, or whose sender stopped between the
    /// DM and the mark, is taken again once that lease ran out (while the turn lasts), so
    /// none is lost, and a stop between the DM and the mark sends that one reminder twice.
    /// A member who turned reminders off is left out (theirs are marked all the same).
    pub async fn reminders(&self, now: std::time::SystemTime) -> Vec<Reminding> {
        let due = match self
            .store
            .reminders_due(millis(now), REMINDERS_AT_ONCE)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for reminders");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for id in due.into_iter().map(super::MatchId) {
            let read = self
                .engine
                .read(super::Locate::Id(id), |e| self.reminder_of(e, now))
                .await;
            let (reminding, lease) = match read {
                Ok(Some(Some(due))) => due,
                Ok(_) => continue,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not read a match to remind");
                    continue;
                }
            };
            let stale_before =
                millis(now).saturating_sub(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
            match self
                .store
                .take_reminder(
                    id.0,
                    reminding.moves,
                    which_key(reminding.which),
                    millis(now),
                    stale_before,
                )
                .await
            {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "could not take a reminder");
                    continue;
                }
            }
            match self.store.reminders_off(reminding.player.0).await {
                // Passed over, not kept for later.
                Ok(true) => self.reminded(&reminding).await,
                Ok(false) => out.push(reminding),
                // Left taken: tried again once the lease runs out.
                Err(e) => tracing::warn!(error = %e, "could not read a member's reminders"),
            }
        }
        out
    }

    /// The reminder `e` is due at `now`, if one is, and how long it is leased to the
    /// process that takes it.
    fn reminder_of(
        &self,
        e: &super::Entry,
        now: std::time::SystemTime,
    ) -> Option<(Reminding, std::time::Duration)> {
        let (which, at) = e.next_reminder()?;
        let player = e.member_to_move()?;
        if at > now || e.deadline <= now {
            return None;
        }
        let turn = e.timeouts(self.standard()).turn;
        // Late (the bot was down at half time): only the hour's reminder is left.
        let hour_at = e.deadline.checked_sub(turn / 24).unwrap_or(e.deadline);
        let which = if now >= hour_at {
            Reminder::Hour
        } else {
            which
        };
        let seat = e.game.side_of(player).map_or(0, crate::game::Side::index);
        let opponent = e
            .game
            .players()
            .into_iter()
            .find(|&p| p != player)
            .unwrap_or(player);
        // Never longer than half of the hour's window (a paced-up test's turn is short).
        let lease = REMINDER_LEASE.min(turn / 48);
        Some((
            Reminding {
                id: e.id,
                player,
                opponent,
                variant: e.game.variant(),
                which,
                deadline: e.deadline,
                channel: e.post_channel(),
                guild: e.guild,
                locale: e.player_locales[seat].clone(),
                message: e.last_message,
                moves: e.moves,
            },
            lease,
        ))
    }

    /// `r`'s DM went out (or Discord refused it for good, or its member turned reminders
    /// off): marks it as sent in its match, then in the outbox, whose row then refuses that
    /// reminder to every later take (a sweep that read the match before the mark would
    /// otherwise send it again). Where the mark cannot be written, the outbox keeps it
    /// leased, and it is sent again after the lease.
    pub async fn reminded(&self, r: &Reminding) {
        let mark = |e: &mut super::Entry, _: &mut super::Change| {
            // The turn went on meanwhile: nothing left to mark.
            if e.moves != r.moves {
                return Err(SessionError::Stale);
            }
            e.remind(r.which);
            Ok(())
        };
        match self
            .engine
            .act(super::Locate::Id(r.id), SessionError::Stale, false, mark)
            .await
        {
            Ok(_) | Err(SessionError::Stale) => {}
            Err(e) => {
                tracing::warn!(match_id = %r.id, error = %e, "could not mark a reminder as sent");
                return;
            }
        }
        if let Err(e) = self
            .store
            .reminder_sent(r.id.0, r.moves, which_key(r.which))
            .await
        {
            tracing::warn!(match_id = %r.id, error = %e, "could not mark a reminder as sent in the outbox");
        }
    }
}

/// How a reminder is named in the outbox.
fn which_key(which: Reminder) -> &'static str {
    match which {
        Reminder::Half => "half",
        Reminder::Hour => "hour",
    }
}

/// How long a reminder taken from the outbox is left to the process that took it (its DM
/// may take up to 30 s) before another sweep may send it.
pub const REMINDER_LEASE: std::time::Duration = std::time::Duration::from_secs(120);

/// The settings of `guild` as stored (`None`: the defaults).
fn parse_settings(guild: u64, stored: Option<&str>) -> Result<Settings, StoreError> {
    match stored {
        Some(text) => serde_json::from_str(text)
            .map_err(|e| StoreError::Data(format!("the settings of {guild}: {e}"))),
        None => Ok(Settings::default()),
    }
}

/// How often a change of settings reads them again when they changed under it.
const SETTINGS_TRIES: u32 = 16;

/// How many reminders one sweep takes at most; the next takes the rest.
const REMINDERS_AT_ONCE: u32 = 200;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_keeps_the_default_pace_among_the_allowed() {
        let base = Settings::default();
        let narrow = base
            .with(&SettingsChange {
                paces: Some(vec![Pace::Daily, Pace::Blitz]),
                ..SettingsChange::default()
            })
            .unwrap();
        assert_eq!(narrow.paces, vec![Pace::Blitz, Pace::Daily]);
        assert_eq!(narrow.pace, Pace::Blitz, "standard is no longer allowed");
        assert!(matches!(
            narrow.with(&SettingsChange {
                pace: Some(Pace::Standard),
                ..SettingsChange::default()
            }),
            Err(SettingsError::PaceNotAllowed(Pace::Standard))
        ));
        assert!(matches!(
            base.with(&SettingsChange {
                paces: Some(Vec::new()),
                ..SettingsChange::default()
            }),
            Err(SettingsError::NoPace)
        ));
        assert!(matches!(
            base.with(&SettingsChange::default()),
            Err(SettingsError::Nothing)
        ));
        let both = base
            .with(&SettingsChange {
                paces: Some(vec![Pace::Daily]),
                pace: Some(Pace::Daily),
                ..SettingsChange::default()
            })
            .unwrap();
        assert_eq!((both.pace, both.paces), (Pace::Daily, vec![Pace::Daily]));
    }

    #[test]
    fn channels_limit_where_matches_start() {
        let anywhere = Settings::default();
        assert!(anywhere.allows(5, None));
        let only = anywhere
            .with(&SettingsChange {
                channels: Some(vec![7, 7, 3]),
                ..SettingsChange::default()
            })
            .unwrap();
        assert_eq!(only.channels, vec![3, 7]);
        assert!(only.allows(7, None) && !only.allows(5, None));
        assert!(only.allows(99, Some(3)), "a thread of an allowed channel");
    }

    #[test]
    fn a_time_zone_must_be_one_of_the_database() {
        let base = Settings::default();
        let set = |name: &str| {
            base.with(&SettingsChange {
                timezone: Some(Some(name.to_owned())),
                ..SettingsChange::default()
            })
        };
        assert_eq!(
            set("Europe/Amsterdam").unwrap().timezone.as_deref(),
            Some("Europe/Amsterdam")
        );
        assert!(matches!(
            set("Europe/Atlantis"),
            Err(SettingsError::UnknownZone(_))
        ));
        assert_eq!(base.timezone, None, "UTC by default");
    }

    #[test]
    fn stored_settings_missing_a_field_take_its_default() {
        let s: Settings = serde_json::from_str(r#"{"threads":true}"#).unwrap();
        assert!(s.threads && s.rated);
        assert_eq!(s.paces, Pace::ALL.to_vec());
    }
}
