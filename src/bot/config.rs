//! Settings read from the environment (and from a `.env` file, loaded by `main`).
//!
//! Every variable is documented in `.env.example`. Only `DISCORD_TOKEN` is required.

use std::fmt;
use std::time::Duration;

use poise::serenity_prelude::GuildId;

/// The longest timeout accepted: a week (far longer ones only risk overflow).
const MAX_TIMEOUT_SECS: u64 = 7 * 24 * 60 * 60;

/// The bot token, from the Discord developer portal. Required.
pub const VAR_TOKEN: &str = "DISCORD_TOKEN";
/// A guild (server) id: register commands only there, which takes effect at once.
pub const VAR_DEV_GUILD: &str = "DEV_GUILD_ID";
/// Base URL that replaces `https://discord.com` for all REST calls (tests, proxies).
pub const VAR_API_BASE: &str = "DISCORD_API_BASE";
/// Seconds an open challenge waits for the opponent.
pub const VAR_CHALLENGE_TIMEOUT: &str = "CHALLENGE_TIMEOUT_SECS";
/// Seconds both players have to place their fleets.
pub const VAR_PLACEMENT_TIMEOUT: &str = "PLACEMENT_TIMEOUT_SECS";
/// Seconds a player has for one turn.
pub const VAR_TURN_TIMEOUT: &str = "TURN_TIMEOUT_SECS";
/// Fixed seed for every random choice, for reproducible games.
pub const VAR_SEED: &str = "BROADSIDE_SEED";
/// Where matches are stored.
pub const VAR_DATABASE_URL: &str = "DATABASE_URL";
/// Seconds any one request to Discord may take.
pub const VAR_DISCORD_TIMEOUT: &str = "DISCORD_TIMEOUT_SECS";
/// Address for `/healthz` and `/metrics` (off when unset).
pub const VAR_METRICS_ADDR: &str = "METRICS_ADDR";
/// Testing only: blitz and daily matches run this many times faster.
pub const VAR_PACE_SCALE: &str = "PACE_SCALE";
/// Testing only: every rating season lasts this many seconds instead of a month or quarter.
pub const VAR_SEASON_SECONDS: &str = "SEASON_SECONDS";
/// Testing only: the daily sea's days last this many seconds (issue 52).
pub const VAR_DAILY_SECONDS: &str = "DAILY_SECONDS";
/// How many gateway shards the bot runs: a number, or `auto` for Discord's recommendation.
pub const VAR_SHARD_COUNT: &str = "SHARD_COUNT";
/// The most shards one process runs.
pub const MAX_SHARDS: u32 = 1024;
/// Which of the shards this process runs, e.g. `0-3` or `4` (default: all of them).
pub const VAR_SHARDS: &str = "SHARDS";

/// The shards this process runs (`SHARDS`), first and last inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard id.
    pub first: u32,
    /// The last shard id.
    pub last: u32,
}

impl ShardRange {
    /// The ids as a half-open range, for serenity.
    #[must_use]
    pub const fn ids(self) -> std::ops::Range<u32> {
        self.first..self.last + 1
    }
}

/// How many gateway shards to run (`SHARD_COUNT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// Exactly this many (1 when unset).
    Fixed(u32),
    /// As many as Discord recommends (`GET /gateway/bot`).
    Auto,
}

/// Default for [`VAR_DISCORD_TIMEOUT`].
pub const DEFAULT_DISCORD_TIMEOUT: Duration = Duration::from_secs(10);

/// Default for [`VAR_DATABASE_URL`]: a SQLite file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://broadside.db";

/// Default for [`VAR_CHALLENGE_TIMEOUT`].
pub const DEFAULT_CHALLENGE_TIMEOUT: Duration = Duration::from_secs(300);
/// Default for [`VAR_PLACEMENT_TIMEOUT`].
pub const DEFAULT_PLACEMENT_TIMEOUT: Duration = Duration::from_secs(600);
/// Default for [`VAR_TURN_TIMEOUT`].
pub const DEFAULT_TURN_TIMEOUT: Duration = Duration::from_secs(300);

/// Why the configuration could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is not set at all.
    #[error(
        "DISCORD_TOKEN is not set; put the bot token from the Discord developer portal \
         in the environment or in a .env file"
    )]
    MissingToken,
    /// `DISCORD_TOKEN` is set but blank.
    #[error("DISCORD_TOKEN is empty; it must hold the bot token from the Discord developer portal")]
    EmptyToken,
    /// A variable has a value that cannot be used.
    #[error("{var} has the invalid value {value:?}: {reason}")]
    Invalid {
        /// Name of the variable.
        var: &'static str,
        /// The value as found.
        value: String,
        /// What was expected instead.
        reason: &'static str,
    },
}

/// The bot token. Its `Debug` output never shows the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The secret itself, for handing to serenity.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// Everything the bot needs to know at start-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Bot token (`DISCORD_TOKEN`).
    pub token: Token,
    /// Register commands in this guild only (`DEV_GUILD_ID`); `None` registers them globally.
    pub dev_guild_id: Option<GuildId>,
    /// Send REST traffic here instead of `https://discord.com` (`DISCORD_API_BASE`).
    pub api_base: Option<String>,
    /// How long an open challenge waits (`CHALLENGE_TIMEOUT_SECS`).
    pub challenge_timeout: Duration,
    /// How long fleet placement may take (`PLACEMENT_TIMEOUT_SECS`).
    pub placement_timeout: Duration,
    /// How long one turn may take (`TURN_TIMEOUT_SECS`).
    pub turn_timeout: Duration,
    /// Fixed random seed (`BROADSIDE_SEED`); `None` seeds from the operating system.
    pub seed: Option<u64>,
    /// Where matches are stored (`DATABASE_URL`), default [`DEFAULT_DATABASE_URL`].
    pub database_url: String,
    /// How long one request to Discord may take (`DISCORD_TIMEOUT_SECS`).
    pub discord_timeout: Duration,
    /// Where to serve `/healthz` and `/metrics` (`METRICS_ADDR`); `None`: not at all.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Testing only (`PACE_SCALE`): blitz and daily limits divided by this (1: as shipped).
    pub pace_scale: u32,
    /// Testing only (`SEASON_SECONDS`): every rating season lasts this long instead of a
    /// calendar month or quarter; `None`: the calendar (as shipped).
    pub season_length: Option<Duration>,
    /// Testing only (`DAILY_SECONDS`): day k of the daily sea runs from k × N to
    /// (k + 1) × N seconds of Unix time; `None`: UTC days (as shipped).
    pub daily_length: Option<std::num::NonZeroU64>,
    /// How many gateway shards the bot runs in all (`SHARD_COUNT`).
    pub shards: Shards,
    /// Which of them this process runs (`SHARDS`); `None`: all of them.
    pub shard_range: Option<ShardRange>,
}

/// `SHARDS`: `A-B` or `A`, checked against a fixed `SHARD_COUNT`. Running only some of the
/// shards needs a database the other processes share (DMs reach shard 0 only, and must
/// act on every match).
fn shard_range(
    value: Option<String>,
    shards: Shards,
    database_url: &str,
) -> Result<Option<ShardRange>, ConfigError> {
    let Some(v) = value else {
        return Ok(None);
    };
    let invalid = |reason| ConfigError::Invalid {
        var: VAR_SHARDS,
        value: v.clone(),
        reason,
    };
    let number = |t: &str| t.trim().parse::<u32>().ok().filter(|&n| n < MAX_SHARDS);
    let (first, last) = match v.split_once('-') {
        Some((a, b)) => (number(a), number(b)),
        None => (number(&v), number(&v)),
    };
    let (Some(first), Some(last)) = (first, last) else {
        return Err(invalid(
            "expected a shard id or a range of them such as 0-3 (ids count from 0)",
        ));
    };
    if first > last {
        return Err(invalid("the first shard of the range comes after the last"));
    }
    if let Shards::Fixed(n) = shards
        && last >= n
    {
        return Err(invalid(
            "the range goes past SHARD_COUNT (ids run from 0 to SHARD_COUNT - 1)",
        ));
    }
    let shared = database_url.starts_with("postgres:") || database_url.starts_with("postgresql:");
    let all = matches!(shards, Shards::Fixed(n) if first == 0 && last + 1 == n);
    if !shared && !all {
        return Err(invalid(
            "running only some shards needs the matches in a database every process shares: \
             set DATABASE_URL to a PostgreSQL database",
        ));
    }
    Ok(Some(ShardRange { first, last }))
}

/// `PACE_SCALE`: how many times faster than real time paces run (testing only; 1 when unset).
fn pace_scale(value: Option<String>) -> Result<u32, ConfigError> {
    let reason = "expected a whole number from 1 to 100000";
    let Some(v) = value else { return Ok(1) };
    let n = parse_nonzero(VAR_PACE_SCALE, &v, reason)?;
    u32::try_from(n)
        .ok()
        .filter(|n| *n <= 100_000)
        .ok_or(ConfigError::Invalid {
            var: VAR_PACE_SCALE,
            value: v,
            reason,
        })
}

/// `DATABASE_URL`, checked for a scheme we know; the default SQLite file when unset.
fn database_url(value: Option<String>) -> Result<String, ConfigError> {
    match value {
        None => Ok(DEFAULT_DATABASE_URL.to_owned()),
        Some(v)
            if ["sqlite:", "postgres:", "postgresql:"]
                .iter()
                .any(|scheme| v.trim().starts_with(scheme)) =>
        {
            Ok(v.trim().to_owned())
        }
        Some(v) => Err(ConfigError::Invalid {
            var: VAR_DATABASE_URL,
            // A URL may carry a password: never print it.
            value: crate::store::redacted(&v),
            reason: "expected sqlite://FILE (such as sqlite://broadside.db) or \
                     postgres://USER@HOST/DATABASE",
        }),
    }
}

/// `SHARD_COUNT`: unset is one shard.
fn shards(value: Option<String>) -> Result<Shards, ConfigError> {
    match value {
        None => Ok(Shards::Fixed(1)),
        Some(v) if v.trim().eq_ignore_ascii_case("auto") => Ok(Shards::Auto),
        Some(v) => match v.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_SHARDS).contains(&n) => Ok(Shards::Fixed(n)),
            _ => Err(ConfigError::Invalid {
                var: VAR_SHARD_COUNT,
                value: v,
                reason: "expected auto or a number of shards from 1 to 1024",
            }),
        },
    }
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup`, which returns a variable's value if it is set.
    ///
    /// Blank optional variables count as unset, so a `.env` copied from `.env.example`
    /// with empty lines works.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let token = match lookup(VAR_TOKEN) {
            None => return Err(ConfigError::MissingToken),
            Some(t) if t.trim().is_empty() => return Err(ConfigError::EmptyToken),
            Some(t) => Token(t.trim().to_owned()),
        };
        let optional = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        let dev_guild_id = optional(VAR_DEV_GUILD)
            .map(|v| parse_nonzero(VAR_DEV_GUILD, &v, "expected a guild id (a positive number)"))
            .transpose()?
            .map(GuildId::new);

        let api_base = optional(VAR_API_BASE)
            .map(|v| {
                let v = v.trim().trim_end_matches('/').to_owned();
                if v.starts_with("http://") || v.starts_with("https://") {
                    Ok(v)
                } else {
                    Err(ConfigError::Invalid {
                        var: VAR_API_BASE,
                        value: v,
                        reason: "expected a URL starting with http:// or https://",
                    })
                }
            })
            .transpose()?;

        let secs = |var: &'static str, default: Duration| -> Result<Duration, ConfigError> {
            optional(var).map_or(Ok(default), |v| {
                let reason = "expected a number of seconds from 1 to 604800 (one week)";
                let n = parse_nonzero(var, &v, reason)?;
                if n > MAX_TIMEOUT_SECS {
                    return Err(ConfigError::Invalid {
                        var,
                        value: v,
                        reason,
                    });
                }
                Ok(Duration::from_secs(n))
            })
        };

        let seed = optional(VAR_SEED)
            .map(|v| {
                v.trim().parse::<u64>().map_err(|_| ConfigError::Invalid {
                    var: VAR_SEED,
                    value: v.clone(),
                    reason: "expected a whole number from 0 to 18446744073709551615",
                })
            })
            .transpose()?;

        let database_url = database_url(optional(VAR_DATABASE_URL))?;

        let metrics_addr = optional(VAR_METRICS_ADDR)
            .map(|v| {
                v.trim().parse().map_err(|_| ConfigError::Invalid {
                    var: VAR_METRICS_ADDR,
                    value: v.clone(),
                    reason: "expected an address and port such as 127.0.0.1:9184",
                })
            })
            .transpose()?;

        let pace_scale = pace_scale(optional(VAR_PACE_SCALE))?;
        let season_length = optional(VAR_SEASON_SECONDS)
            .map(|v| {
                parse_nonzero(VAR_SEASON_SECONDS, &v, "expected a whole number of seconds")
                    .map(Duration::from_secs)
            })
            .transpose()?;
        let daily_length = optional(VAR_DAILY_SECONDS)
            .map(|v| parse_nonzero(VAR_DAILY_SECONDS, &v, "expected a whole number of seconds"))
            .transpose()?
            .and_then(std::num::NonZeroU64::new);
        let shard_count = shards(optional(VAR_SHARD_COUNT))?;
        let shard_range = shard_range(optional(VAR_SHARDS), shard_count, &database_url)?;
        Ok(Self {
            shards: shard_count,
            shard_range,
            token,
            dev_guild_id,
            api_base,
            challenge_timeout: secs(VAR_CHALLENGE_TIMEOUT, DEFAULT_CHALLENGE_TIMEOUT)?,
            placement_timeout: secs(VAR_PLACEMENT_TIMEOUT, DEFAULT_PLACEMENT_TIMEOUT)?,
            turn_timeout: secs(VAR_TURN_TIMEOUT, DEFAULT_TURN_TIMEOUT)?,
            seed,
            database_url,
            discord_timeout: secs(VAR_DISCORD_TIMEOUT, DEFAULT_DISCORD_TIMEOUT)?,
            metrics_addr,
            pace_scale,
            season_length,
            daily_length,
        })
    }
}

fn parse_nonzero(var: &'static str, value: &str, reason: &'static str) -> Result<u64, ConfigError> {
    match value.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(ConfigError::Invalid {
            var,
            value: value.to_owned(),
            reason,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn shards_name_this_process_part_and_need_a_shared_database() {
        let pg = (VAR_DATABASE_URL, "postgres://u@h/d");
        let c = read(&[
            (VAR_TOKEN, "a"),
            (VAR_SHARD_COUNT, "4"),
            (VAR_SHARDS, " 1-2 "),
            pg,
        ]);
        assert_eq!(
            c.unwrap().shard_range,
            Some(ShardRange { first: 1, last: 2 })
        );
        let c = read(&[
            (VAR_TOKEN, "a"),
            (VAR_SHARD_COUNT, "auto"),
            (VAR_SHARDS, "3"),
            pg,
        ]);
        assert_eq!(c.unwrap().shard_range.map(ShardRange::ids), Some(3..4));
        assert_eq!(read(&[(VAR_TOKEN, "a")]).unwrap().shard_range, None);
        // All shards in one process is fine on SQLite too.
        let all = read(&[
            (VAR_TOKEN, "a"),
            (VAR_SHARD_COUNT, "2"),
            (VAR_SHARDS, "0-1"),
        ]);
        assert!(all.is_ok(), "{all:?}");
        for (count, range, db, says) in [
            ("2", "1", "sqlite://b.db", "PostgreSQL"),
            ("2", "0-2", "postgres://u@h/d", "past SHARD_COUNT"),
            ("4", "2-1", "postgres://u@h/d", "comes after"),
            ("4", "x", "postgres://u@h/d", "range"),
            ("4", "-1", "postgres://u@h/d", "range"),
        ] {
            let err = read(&[
                (VAR_TOKEN, "a"),
                (VAR_SHARD_COUNT, count),
                (VAR_SHARDS, range),
                (VAR_DATABASE_URL, db),
            ])
            .unwrap_err();
            assert!(err.to_string().contains("SHARDS"), "{err}");
            assert!(err.to_string().contains(says), "{range}: {err}");
        }
    }

    #[test]
    fn missing_token_is_an_error() {
        assert_eq!(read(&[]), Err(ConfigError::MissingToken));
        assert!(
            ConfigError::MissingToken
                .to_string()
                .contains("DISCORD_TOKEN")
        );
    }

    #[test]
    fn empty_or_blank_token_is_an_error() {
        assert_eq!(read(&[(VAR_TOKEN, "")]), Err(ConfigError::EmptyToken));
        assert_eq!(read(&[(VAR_TOKEN, "  \t")]), Err(ConfigError::EmptyToken));
        assert!(
            ConfigError::EmptyToken
                .to_string()
                .contains("DISCORD_TOKEN")
        );
    }

    #[test]
    fn defaults_apply_when_only_the_token_is_set() {
        let c = read(&[(VAR_TOKEN, " abc ")]).unwrap();
        assert_eq!(c.token.expose(), "abc");
        assert_eq!(c.dev_guild_id, None);
        assert_eq!(c.api_base, None);
        assert_eq!(c.challenge_timeout, Duration::from_secs(300));
        assert_eq!(c.placement_timeout, Duration::from_secs(600));
        assert_eq!(c.turn_timeout, Duration::from_secs(300));
        assert_eq!(c.seed, None);
        assert_eq!(c.database_url, "sqlite://broadside.db");
        assert_eq!(c.discord_timeout, Duration::from_secs(10));
    }

    #[test]
    fn metrics_addresses_are_checked() {
        let c = read(&[(VAR_TOKEN, "abc"), (VAR_METRICS_ADDR, "127.0.0.1:9184")]).unwrap();
        assert_eq!(c.metrics_addr, Some("127.0.0.1:9184".parse().unwrap()));
        assert_eq!(read(&[(VAR_TOKEN, "abc")]).unwrap().metrics_addr, None);
        assert_eq!(
            read(&[(VAR_TOKEN, "abc")]).unwrap().shards,
            Shards::Fixed(1)
        );
        assert_eq!(
            read(&[(VAR_TOKEN, "abc"), (VAR_SHARD_COUNT, " AUTO ")])
                .unwrap()
                .shards,
            Shards::Auto
        );
        assert_eq!(
            read(&[(VAR_TOKEN, "abc"), (VAR_SHARD_COUNT, "4")])
                .unwrap()
                .shards,
            Shards::Fixed(4)
        );
        for bad in ["0", "-1", "two", "1025"] {
            let err = read(&[(VAR_TOKEN, "abc"), (VAR_SHARD_COUNT, bad)]).unwrap_err();
            assert!(err.to_string().contains("SHARD_COUNT"), "{err}");
        }
        let err = read(&[(VAR_TOKEN, "abc"), (VAR_METRICS_ADDR, "9184")]).unwrap_err();
        assert!(err.to_string().contains("METRICS_ADDR"), "{err}");
    }

    #[test]
    fn database_urls_must_be_sqlite() {
        let c = read(&[
            (VAR_TOKEN, "abc"),
            (VAR_DATABASE_URL, " sqlite:///var/lib/b.db "),
        ])
        .unwrap();
        assert_eq!(c.database_url, "sqlite:///var/lib/b.db");
        let err = read(&[(VAR_TOKEN, "abc"), (VAR_DATABASE_URL, "mysql://x")]).unwrap_err();
        assert!(err.to_string().contains("DATABASE_URL"), "{err}");
        // A password in a refused URL is never printed.
        let err = read(&[
            (VAR_TOKEN, "abc"),
            (VAR_DATABASE_URL, "mysql://u:hunter2@h/d"),
        ])
        .unwrap_err();
        assert!(!err.to_string().contains("hunter2"), "{err}");
        let ok = read(&[(VAR_TOKEN, "abc"), (VAR_DATABASE_URL, "postgres://u@h/d")]).unwrap();
        assert_eq!(ok.database_url, "postgres://u@h/d");
    }

    #[test]
    fn every_variable_is_read() {
        let c = read(&[
            (VAR_TOKEN, "abc"),
            (VAR_DEV_GUILD, "123456789012345678"),
            (VAR_API_BASE, "http://127.0.0.1:9999/"),
            (VAR_CHALLENGE_TIMEOUT, "5"),
            (VAR_PLACEMENT_TIMEOUT, "6"),
            (VAR_TURN_TIMEOUT, "7"),
            (VAR_SEED, "42"),
        ])
        .unwrap();
        assert_eq!(c.dev_guild_id, Some(GuildId::new(123_456_789_012_345_678)));
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9999"));
        assert_eq!(c.challenge_timeout, Duration::from_secs(5));
        assert_eq!(c.placement_timeout, Duration::from_secs(6));
        assert_eq!(c.turn_timeout, Duration::from_secs(7));
        assert_eq!(c.seed, Some(42));
    }

    #[test]
    fn blank_optional_variables_count_as_unset() {
        let c = read(&[(VAR_TOKEN, "abc"), (VAR_DEV_GUILD, ""), (VAR_SEED, " ")]).unwrap();
        assert_eq!(c.dev_guild_id, None);
        assert_eq!(c.seed, None);
    }

    #[test]
    fn bad_dev_guild_id_is_rejected() {
        for bad in ["abc", "0", "-5", "12.5", "99999999999999999999999"] {
            let err = read(&[(VAR_TOKEN, "abc"), (VAR_DEV_GUILD, bad)]).unwrap_err();
            assert!(
                matches!(
                    err,
                    ConfigError::Invalid {
                        var: VAR_DEV_GUILD,
                        ..
                    }
                ),
                "{bad}: {err:?}"
            );
            assert!(err.to_string().contains("DEV_GUILD_ID"));
        }
    }

    #[test]
    fn bad_timeouts_seed_and_base_are_rejected() {
        for (var, bad) in [
            (VAR_CHALLENGE_TIMEOUT, "0"),
            (VAR_PLACEMENT_TIMEOUT, "ten"),
            (VAR_TURN_TIMEOUT, "-1"),
            // Beyond a week (and far beyond what a clock can add).
            (VAR_TURN_TIMEOUT, "604801"),
            (VAR_CHALLENGE_TIMEOUT, "18446744073709551615"),
            (VAR_SEED, "-1"),
            (VAR_API_BASE, "127.0.0.1:80"),
        ] {
            let err = read(&[(VAR_TOKEN, "abc"), (var, bad)]).unwrap_err();
            assert!(err.to_string().contains(var), "{var}={bad}: {err}");
        }
    }

    #[test]
    fn a_week_is_the_longest_timeout() {
        let c = read(&[(VAR_TOKEN, "abc"), (VAR_TURN_TIMEOUT, "604800")]).unwrap();
        assert_eq!(c.turn_timeout, Duration::from_secs(604_800));
        let err = read(&[(VAR_TOKEN, "abc"), (VAR_TURN_TIMEOUT, "604801")]).unwrap_err();
        assert!(err.to_string().contains("one week"), "{err}");
    }

    #[test]
    fn debug_output_hides_the_token() {
        let c = read(&[(VAR_TOKEN, "super-secret")]).unwrap();
        assert!(!format!("{c:?}").contains("super-secret"));
    }
}
