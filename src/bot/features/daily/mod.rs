//! `/daily`: the daily sea (issue 52). One hidden fleet a day per rule set for every
//! member, sunk in as few shots as one can: `/daily play` (the aim panel, [`panel`]),
//! `/daily fire`, `/daily standings` ([`table`]), `/daily remind` ([`remind`]), and Share
//! under a cleared sea ([`share`]).
//!
//! It works wherever the app is: in servers with the bot, in DMs, in group DMs and in
//! servers that only a member installed it to. Every answer is the interaction's own
//! (private, but the table and a shared card), so it needs no channel of its own. Each
//! command and click is one session call (`session.daily_sea()`); the words are in
//! `daily.ftl`.

pub mod panel;
pub mod remind;
pub mod share;
pub mod table;
pub mod words;

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::{public_lang, user_lang};
use crate::bot::kit::buttons::DailyButton;
use crate::bot::kit::choices::VariantChoice;
use crate::bot::kit::click::Click;
use crate::bot::kit::context::{guild_key, player};
use crate::bot::kit::error::{UserError, private_reply, says, tidy};
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error};
use crate::game::{Variant, parse_cells};
use crate::session::{DailyError, DailyScope, RuleError};

// Descriptions, names in other languages and help: `cmd-daily-*` in `daily.ftl`.
/// The daily sea: one hidden fleet a day for everyone, sunk in as few shots as you can.
// Discord never runs a command that has subcommands; poise still wants a body.
#[expect(clippy::unused_async)]
#[poise::command(
    slash_command,
    subcommands("play", "fire", "standings", "remind"),
    subcommand_required
)]
pub async fn daily(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Today's sea so far, with an aim panel to play it by clicks.
#[poise::command(slash_command, ephemeral)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Rule set (default: classic)"] rules: Option<VariantChoice>,
) -> Result<(), Error> {
    let variant: Variant = rules.map_or(Variant::Classic, Into::into);
    // The first ask of a day computes its par: answer "thinking" first.
    ctx.defer_ephemeral().await?;
    let daily = ctx.data().session.daily_sea();
    let me = player(ctx.author());
    let guild = ctx.guild_id().map(guild_key);
    let play = daily.play(me, variant, guild).await?;
    let lang = user_lang(ctx);
    let (text, file, rows) = panel::message(
        &ctx.data().renderer,
        daily.clock(),
        lang,
        me,
        variant,
        &play,
        &panel::Shown::default(),
    )?;
    ctx.send(private_reply(text).attachment(file).components(rows))
        .await?;
    Ok(())
}

/// Fire at today's sea: one cell in classic (`C4`), three in Game 2000 (`C4 D5 E6`).
#[poise::command(slash_command, ephemeral)]
pub async fn fire(
    ctx: Context<'_>,
    #[description = "Cells to fire at"] targets: String,
    #[description = "Rule set (default: classic)"] rules: Option<VariantChoice>,
) -> Result<(), Error> {
    let variant: Variant = rules.map_or(Variant::Classic, Into::into);
    // Bad input is refused before anything is read or written.
    let cells = parse_cells(&targets, variant).map_err(|e| {
        Error::user(UserError::Rules {
            variant,
            error: RuleError::Cells(e),
        })
    })?;
    let expected = usize::from(variant.rules().shots_per_turn);
    if cells.len() != expected {
        return Err(Error::user(says!(
            "err-daily-count",
            expected = expected,
            given = cells.len()
        )));
    }
    ctx.defer_ephemeral().await?;
    let daily = ctx.data().session.daily_sea();
    let me = player(ctx.author());
    let guild = ctx.guild_id().map(guild_key);
    let fired = daily.fire(me, variant, &cells, guild).await?;
    let lang = user_lang(ctx);
    let shown = panel::Shown {
        cursor: cells.first().copied(),
        told: Some(words::volley_line(lang, variant, &fired.volley)),
        ..panel::Shown::default()
    };
    let (text, file, rows) = panel::message(
        &ctx.data().renderer,
        daily.clock(),
        lang,
        me,
        variant,
        &fired.play,
        &shown,
    )?;
    ctx.send(private_reply(text).attachment(file).components(rows))
        .await?;
    Ok(())
}

/// Which table `/daily standings` shows. The names shown come from the catalogues
/// (`choice-scope-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ScopeChoice {
    /// The members who played the daily in this server.
    #[name = "server"]
    Server,
    /// The members anywhere who chose to be listed (`/privacy set leaderboard:visible`).
    #[name = "global"]
    Global,
}

/// Today's table (or a past day's, with its fleet).
#[poise::command(slash_command)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "Rule set (default: classic)"] rules: Option<VariantChoice>,
    #[description = "This server's table, or the global one"] scope: Option<ScopeChoice>,
    #[description = "A past day: its date (2026-12-04) or number"] day: Option<String>,
) -> Result<(), Error> {
    let variant: Variant = rules.map_or(Variant::Classic, Into::into);
    let daily = ctx.data().session.daily_sea();
    let clock = daily.clock();
    let day = match day {
        None => None,
        Some(text) => Some(
            words::parse_day(clock, &text)
                .ok_or_else(|| Error::user(says!("err-daily-day", given = tidy(&text))))?,
        ),
    };
    // Refused before the (public) answer begins, so the refusal stays private.
    if let Some(d) = day
        && d > daily.today()
    {
        return Err(DailyError::NotYet(d).into());
    }
    let guild = ctx.guild_id().map(guild_key);
    let scope = match (scope, guild) {
        (Some(ScopeChoice::Server) | None, Some(g)) => DailyScope::Server(g),
        (Some(ScopeChoice::Server), None) => {
            return Err(Error::user(says!("err-daily-no-server").clickable()));
        }
        (Some(ScopeChoice::Global) | None, _) => DailyScope::Global,
    };
    ctx.defer().await?;
    let standings = daily.standings(variant, scope, day, table::LINES).await?;
    let lang = public_lang(ctx).await;
    let text = table::text(lang, clock, variant, scope, &standings);
    ctx.send(
        poise::CreateReply::default()
            .content(ctx.data().commands.clickable(lang, &text))
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// A DM three hours before the day ends while your streak is 3 or more and you have not
/// played today.
#[poise::command(slash_command, ephemeral)]
pub async fn remind(
    ctx: Context<'_>,
    #[description = "True: remind me; False: no reminders"] on: bool,
) -> Result<(), Error> {
    ctx.data()
        .session
        .daily_sea()
        .set_remind(player(ctx.author()), on, ctx.locale())
        .await
        .map_err(|e| match e {
            DailyError::Store(e) => Error::unsaved(&e),
            other => other.into(),
        })?;
    let lang = user_lang(ctx);
    let done = if on {
        "daily-remind-on"
    } else {
        "daily-remind-off"
    };
    ctx.send(private_reply(
        ctx.data().commands.clickable(lang, &tr!(lang, done)),
    ))
    .await?;
    Ok(())
}

/// A click on one of the daily sea's buttons.
pub(crate) async fn button(c: &Click<'_>, b: DailyButton) -> Result<(), Error> {
    match b {
        DailyButton::Aim {
            action,
            variant,
            owner,
            sight,
        } => panel::click(c, action, variant, owner, sight).await,
        DailyButton::Share {
            variant,
            owner,
            day,
        } => share::click(c, variant, owner, day).await,
    }
}
