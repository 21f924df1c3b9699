//! `/settings`: how this server has the bot play (members with Manage Server).

pub mod words;

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::buttons::ButtonId;
use crate::bot::kit::choices::{PaceChoice, VariantChoice};
use crate::bot::kit::click::{Click, update};
use crate::bot::kit::context::guild_key;
use crate::bot::kit::context::player;
use crate::bot::kit::error::{private_reply, says, tidy};
use crate::bot::kit::i18n::keywords::{Keyword, keyword};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::{Context, Error};
use crate::session::tournament::zones_like;
use crate::session::{Cadence, ChannelKey, GuildId, Pace, SettingsChange};

/// The language of public texts, as offered in `/settings set`. The names shown come from
/// the catalogues (`choice-language-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// The server's own locale.
    #[name = "server"]
    Server,
    /// English.
    #[name = "en-US"]
    English,
    /// Dutch.
    #[name = "nl"]
    Dutch,
    /// Danish.
    #[name = "da"]
    Danish,
    /// Swedish.
    #[name = "sv-SE"]
    Swedish,
}

impl LanguageChoice {
    /// The Discord locale, `None` for the server's.
    fn locale(self) -> Option<String> {
        let lang = match self {
            LanguageChoice::Server => return None,
            LanguageChoice::English => Lang::EnUs,
            LanguageChoice::Dutch => Lang::Nl,
            LanguageChoice::Danish => Lang::Da,
            LanguageChoice::Swedish => Lang::SvSe,
        };
        Some(lang.code().to_owned())
    }
}

/// How often rating seasons start again, as offered in `/settings set` (names shown:
/// `choice-season-*` in the catalogues).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeasonChoice {
    /// No seasons: one lifetime leaderboard.
    #[name = "off"]
    Off,
    /// A season per calendar month.
    #[name = "monthly"]
    Monthly,
    /// A season per calendar quarter.
    #[name = "quarterly"]
    Quarterly,
}

impl SeasonChoice {
    /// The cadence chosen; `None`: off.
    const fn cadence(self) -> Option<Cadence> {
        match self {
            SeasonChoice::Off => None,
            SeasonChoice::Monthly => Some(Cadence::Monthly),
            SeasonChoice::Quarterly => Some(Cadence::Quarterly),
        }
    }
}

// Descriptions, names in other languages and help: `cmd-settings-*` in the catalogues.
/// Set how the bot plays on this server (members with Manage Server).
#[expect(
    clippy::unused_async,
    reason = "Discord never runs a command that has subcommands"
)]
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    subcommands("show", "set", "reset"),
    subcommand_required
)]
pub async fn settings(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Whether the member behind `ctx` may manage the server here. Registration asks for
/// Manage Server by default, but a server's admins may let others run the command: the
/// bot checks it itself.
fn manages_server(ctx: Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    a.interaction
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// Refuses members without Manage Server, privately.
fn check(ctx: Context<'_>) -> Result<GuildId, Error> {
    let guild = ctx
        .guild_id()
        .ok_or_else(|| Error::user(says!("err-settings-permission")))?;
    if !manages_server(ctx) {
        return Err(Error::user(says!("err-settings-permission")));
    }
    Ok(guild_key(guild))
}

/// Show every setting of this server and its value (privately).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn show(ctx: Context<'_>) -> Result<(), Error> {
    let guild = check(ctx)?;
    let settings = ctx.data().session.settings().of(guild).await?;
    let lang = user_lang(ctx);
    let shown = words::settings(
        lang,
        &settings,
        crate::bot::kit::policy::may_open_threads(ctx),
        crate::bot::kit::audience::guild_locale(ctx).as_deref(),
    );
    ctx.send(private_reply(ctx.data().commands.clickable(lang, &shown)))
        .await?;
    Ok(())
}

/// Change one or more settings of this server.
#[poise::command(slash_command, guild_only, ephemeral)]
#[expect(clippy::too_many_arguments, reason = "one option per setting")]
pub async fn set(
    ctx: Context<'_>,
    #[description = "The rule set of a challenge that names none"] default_rules: Option<
        VariantChoice,
    >,
    #[description = "Whether such challenges forbid repeat shots"] forbid_repeats: Option<bool>,
    #[description = "The pace of a challenge that names none"] pace: Option<PaceChoice>,
    #[description = "The paces members may pick, such as: blitz daily"] paces: Option<String>,
    #[description = "A thread of its own for every accepted challenge"] threads: Option<bool>,
    #[description = "Where matches may start (channel mentions), or: all"] channels: Option<String>,
    #[description = "The language of public texts"] language: Option<LanguageChoice>,
    #[description = "Whether matches here count towards ratings"] rated: Option<bool>,
    #[description = "The server's time zone for tournament start times"]
    #[autocomplete = "autocomplete_zone"]
    timezone: Option<String>,
    #[description = "Members with this role may run tournaments"] tournament_role: Option<
        serenity::Role,
    >,
    #[description = "Rating seasons: off, monthly or quarterly"] season: Option<SeasonChoice>,
    #[description = "Where a season's end is announced (a channel mention), or: none"]
    season_channel: Option<String>,
) -> Result<(), Error> {
    let guild = check(ctx)?;
    let change = SettingsChange {
        default_rules: default_rules.map(Into::into),
        forbid_repeats,
        pace: pace.map(Into::into),
        paces: paces
            .as_deref()
            .map(|p| {
                parse_paces(p)
                    .ok_or_else(|| Error::user(says!("err-settings-paces", given = tidy(p))))
            })
            .transpose()?,
        threads,
        channels: channels
            .as_deref()
            .map(|c| checked_channels(ctx, c))
            .transpose()?
            .map(|ids| ids.into_iter().map(ChannelKey).collect()),
        language: language.map(LanguageChoice::locale),
        rated,
        timezone: timezone.map(|z| {
            let z = z.trim().to_owned();
            (!z.eq_ignore_ascii_case("utc")).then_some(z)
        }),
        tournament_role: tournament_role.map(|r| Some(r.id.get())),
        season: season.map(SeasonChoice::cadence),
        season_channel: match season_channel.as_deref() {
            Some(c) => Some(checked_season_channel(ctx, guild, c).await?),
            None => None,
        },
    };
    let settings = ctx
        .data()
        .session
        .settings()
        .change_settings(guild, &change)
        .await?;
    let lang = user_lang(ctx);
    let shown = format!(
        "{}\n\n{}",
        tr!(lang, "settings-saved"),
        words::settings(
            lang,
            &settings,
            crate::bot::kit::policy::may_open_threads(ctx),
            crate::bot::kit::audience::guild_locale(ctx).as_deref()
        )
    );
    ctx.send(private_reply(ctx.data().commands.clickable(lang, &shown)))
        .await?;
    Ok(())
}

/// Put every setting of this server back to its default (after a confirmation).
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn reset(ctx: Context<'_>) -> Result<(), Error> {
    check(ctx)?;
    let lang = user_lang(ctx);
    let button = CreateButton::new(ButtonId::ResetSettings(player(ctx.author())).to_string())
        .label(tr!(lang, "button-settings-reset"))
        .style(serenity::ButtonStyle::Danger);
    ctx.send(
        private_reply(tr!(lang, "settings-reset-ask"))
            .components(vec![CreateActionRow::Buttons(vec![button])]),
    )
    .await?;
    Ok(())
}

/// Paces written as words (`blitz, daily`); `None` when a word is no pace or none is given.
fn parse_paces(text: &str) -> Option<Vec<Pace>> {
    let paces: Vec<Pace> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(pace_named)
        .collect::<Option<_>>()?;
    (!paces.is_empty()).then_some(paces)
}

/// The pace `word` names: its keyword (`daily`) or its name in any of the bot's languages
/// (`Dagelijks`, `lyn`, `Blixt`), whatever the case.
fn pace_named(word: &str) -> Option<Pace> {
    word.parse().ok().or_else(|| {
        let word = word.to_lowercase();
        Pace::ALL.into_iter().find(|&p| {
            Lang::ALL
                .into_iter()
                .any(|lang| crate::bot::kit::i18n::names::pace(lang, p).to_lowercase() == word)
        })
    })
}

/// At most this many channels may be named for `channels` (more would not fit a message).
const MAX_CHANNELS: usize = 25;

/// The channels of `text`, checked: at most [`MAX_CHANNELS`], and each one of this
/// server's (where the cache knows its channels).
fn checked_channels(ctx: Context<'_>, text: &str) -> Result<Vec<u64>, Error> {
    let ids = parse_channels(text)
        .ok_or_else(|| Error::user(says!("err-settings-channels", given = tidy(text))))?;
    if ids.len() > MAX_CHANNELS {
        return Err(Error::user(says!(
            "err-settings-channels-many",
            most = MAX_CHANNELS
        )));
    }
    let foreign = ctx.guild().and_then(|g| {
        ids.iter().copied().find(|id| {
            let id = serenity::ChannelId::new(*id);
            !g.channels.contains_key(&id) && !g.threads.iter().any(|t| t.id == id)
        })
    });
    match foreign {
        Some(id) => Err(Error::user(says!(
            "err-settings-channels-foreign",
            channel = id.to_string()
        ))),
        None => Ok(ids),
    }
}

/// How long the check of a season channel's server may take (the answer is due within
/// Discord's 3 s).
const CHANNEL_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// The one channel of `text` for `season_channel`, checked as [`checked_channels`] does;
/// `none` (or `off`) for nowhere. Where the server is not in the cache, Discord is asked
/// whose channel it is: a season's final table, names and a ping, must not go to another
/// server, so a channel that cannot be checked is refused too.
async fn checked_season_channel(
    ctx: Context<'_>,
    guild: GuildId,
    text: &str,
) -> Result<Option<ChannelKey>, Error> {
    if keyword(text) == Some(Keyword::Nothing) {
        return Ok(None);
    }
    let refused = || Error::user(says!("err-settings-season-channel", given = tidy(text)));
    match parse_channels(text).as_deref() {
        Some([_]) => {}
        _ => return Err(refused()),
    }
    let one = match checked_channels(ctx, text)?.as_slice() {
        [one] => *one,
        _ => return Err(refused()),
    };
    if ctx.guild().is_some() {
        return Ok(Some(ChannelKey(one)));
    }
    let fetched = tokio::time::timeout(
        CHANNEL_CHECK,
        serenity::ChannelId::new(one).to_channel(ctx.http()),
    )
    .await;
    let whose = match fetched {
        Ok(Ok(c)) => Some(c.guild().map(|g| g.guild_id.get())),
        Ok(Err(_)) | Err(_) => None,
    };
    match whose {
        Some(Some(found)) if found == guild.0 => Ok(Some(ChannelKey(one))),
        Some(_) => Err(Error::user(says!(
            "err-settings-channels-foreign",
            channel = one.to_string()
        ))),
        _ => Err(Error::user(says!(
            "err-settings-channel-unchecked",
            channel = one.to_string()
        ))),
    }
}

/// Channels written as mentions or ids (`<#1> <#2>`), or `all` (`alle`, `alla`) for every
/// channel (an empty list); `None` when something else is written.
fn parse_channels(text: &str) -> Option<Vec<u64>> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if let [word] = words.as_slice()
        && keyword(word) == Some(Keyword::All)
    {
        return Some(Vec::new());
    }
    let ids: Vec<u64> = words
        .iter()
        .map(|w| {
            w.strip_prefix("<#")
                .and_then(|w| w.strip_suffix('>'))
                .unwrap_or(w)
                .parse()
                .ok()
                .filter(|id| *id > 0)
        })
        .collect::<Option<_>>()?;
    (!ids.is_empty()).then_some(ids)
}

// The confirmation of `/settings reset`.

/// Confirms `/settings reset`: only the member who asked, who must still manage the
/// server.
pub(crate) async fn reset_button(c: &Click<'_>, who: crate::game::PlayerId) -> Result<(), Error> {
    let (lang, click) = (c.lang, c.interaction);
    if player(&click.user) != who {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let manages = click
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let (Some(guild), true) = (click.guild_id, manages) else {
        return Err(Error::user(says!("err-settings-permission")));
    };
    c.data
        .session
        .settings()
        .reset_settings(guild_key(guild))
        .await
        .map_err(|e| Error::unsaved(&e))?;
    update(
        c.ctx,
        click,
        serenity::CreateInteractionResponseMessage::new()
            .content(tr!(lang, "settings-reset-done"))
            .components(vec![]),
    )
    .await
}

/// IANA time-zone names while typing (`/settings set timezone:`).
#[expect(
    clippy::unused_async,
    reason = "poise calls autocompletes as async functions"
)]
async fn autocomplete_zone(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let choices: Vec<serenity::AutocompleteChoice> = zones_like(partial, 25)
        .into_iter()
        .map(|z| serenity::AutocompleteChoice::new(z.clone(), z))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_and_channels_are_read_as_written() {
        assert_eq!(
            parse_paces("blitz, Daily"),
            Some(vec![Pace::Blitz, Pace::Daily])
        );
        assert_eq!(parse_paces("blitz fast"), None);
        assert_eq!(parse_paces(" "), None);
        assert_eq!(parse_channels("<#12> 34,<#56>"), Some(vec![12, 34, 56]));
        assert_eq!(parse_channels("ALL"), Some(Vec::new()));
        assert_eq!(parse_channels("#games"), None);
        assert_eq!(parse_channels("<#0>"), None);
        assert_eq!(parse_channels(""), None);
    }

    /// Issue 36, item 12: the pace names each language shows are accepted beside the
    /// keywords, and so is "all" in each language.
    #[test]
    fn local_pace_names_and_all_are_understood() {
        assert_eq!(
            parse_paces("Standaard dagelijks"),
            Some(vec![Pace::Standard, Pace::Daily])
        );
        assert_eq!(
            parse_paces("lyn, Daglig"),
            Some(vec![Pace::Blitz, Pace::Daily])
        );
        assert_eq!(
            parse_paces("BLIXT standard"),
            Some(vec![Pace::Blitz, Pace::Standard])
        );
        assert_eq!(parse_paces("lyn snigel"), None);
        for all in ["alle", "Alla", "all"] {
            assert_eq!(parse_channels(all), Some(Vec::new()), "{all}");
        }
        assert_eq!(parse_channels("alle <#12>"), None);
    }
}
