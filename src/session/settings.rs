//! A server's settings, stored in the database (so they take effect at once, survive
//! restarts and are shared by every process).

use serde::{Deserialize, Serialize};

use crate::game::Variant;
use crate::ids::{ChannelKey, GuildId};
use crate::store::StoreError;

use super::pace::Pace;
use super::services;
use crate::rating::season::Cadence;
use crate::store::{SettingsSwap, Timestamp};

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
    pub channels: Vec<ChannelKey>,
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
    pub season_channel: Option<ChannelKey>,
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
    pub channels: Option<Vec<ChannelKey>>,
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
    pub season_channel: Option<Option<ChannelKey>>,
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
    pub fn allows(&self, channel: ChannelKey, parent: Option<ChannelKey>) -> bool {
        self.channels.is_empty()
            || self.channels.contains(&channel)
            || parent.is_some_and(|p| self.channels.contains(&p))
    }
}

impl services::Settings<'_> {
    /// The language `guild`'s admins chose for public texts (a Discord locale); `None`
    /// outside servers, where none was chosen, or (logged) when it cannot be read.
    pub async fn language(self, guild: Option<GuildId>) -> Option<String> {
        match self.session.settings().of(guild?).await {
            Ok(s) => s.language,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a server's settings");
                None
            }
        }
    }

    /// The settings of `guild` (the defaults where it changed none).
    pub async fn of(self, guild: GuildId) -> Result<Settings, StoreError> {
        parse_settings(
            guild,
            self.session
                .store
                .settings()
                .server(guild)
                .await?
                .as_deref(),
        )
    }

    /// Applies `change` to the settings of `guild` and stores them; returns them.
    ///
    /// A compare-and-swap: the settings are replaced only if they are still the ones
    /// read, and read again otherwise, so a change made meanwhile (by another admin, a
    /// Reset, another process) is never overwritten.
    pub async fn change_settings(
        self,
        guild: GuildId,
        change: &SettingsChange,
    ) -> Result<Settings, SettingsError> {
        for _ in 0..SETTINGS_TRIES {
            let read = self.session.store.settings().server(guild).await?;
            let next = parse_settings(guild, read.as_deref())?.with(change)?;
            let text = serde_json::to_string(&next).map_err(|e| StoreError::Data(e.to_string()))?;
            let at = Timestamp::of(std::time::SystemTime::now());
            if self
                .session
                .store
                .settings()
                .replace_settings(
                    guild,
                    SettingsSwap {
                        old: read.as_deref(),
                        new: &text,
                    },
                    at,
                )
                .await?
            {
                if change.season.is_some() {
                    // Turning seasons on starts one at once; off closes the open one.
                    // Where that fails, the sweep and the next leaderboard catch up.
                    if let Err(e) = self.session.seasons().align_seasons(guild).await {
                        tracing::warn!(%guild, error = %e, "could not start or end a season");
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
    pub async fn reset_settings(self, guild: GuildId) -> Result<Settings, StoreError> {
        self.session
            .store
            .settings()
            .save_settings(guild, None, Timestamp::of(std::time::SystemTime::now()))
            .await?;
        // Seasons are off by default: the open one ends now, the past ones are kept.
        if let Err(e) = self.session.seasons().align_seasons(guild).await {
            tracing::warn!(%guild, error = %e, "could not end a season");
        }
        Ok(Settings::default())
    }
}

/// The settings of `guild` as stored (`None`: the defaults).
pub(super) fn parse_settings(guild: GuildId, stored: Option<&str>) -> Result<Settings, StoreError> {
    match stored {
        Some(text) => serde_json::from_str(text)
            .map_err(|e| StoreError::Data(format!("the settings of {guild}: {e}"))),
        None => Ok(Settings::default()),
    }
}

/// How often a change of settings reads them again when they changed under it.
const SETTINGS_TRIES: u32 = 16;

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
        let c = ChannelKey;
        assert!(anywhere.allows(c(5), None));
        let only = anywhere
            .with(&SettingsChange {
                channels: Some(vec![c(7), c(7), c(3)]),
                ..SettingsChange::default()
            })
            .unwrap();
        assert_eq!(only.channels, vec![c(3), c(7)]);
        assert!(only.allows(c(7), None) && !only.allows(c(5), None));
        assert!(
            only.allows(c(99), Some(c(3))),
            "a thread of an allowed channel"
        );
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
