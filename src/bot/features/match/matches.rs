//! `/matches`: this server's live matches, for spectators.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::kit::asks::Asks;
use crate::bot::kit::audience::user_lang;
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::click::{Click, Refusal, stale_button};
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::names::{pace, variant_name};
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::permissions::Sight;
use crate::bot::kit::{Context, Data, Error};
use crate::game::PhaseKind;
use crate::session::LiveMatches;

/// How many pages of `/matches` (the command or its buttons) one member may ask for within
/// [`ASKS_WINDOW`]: a page may ask Discord about the server, the member and every channel
/// the cache does not hold, so a member who keeps asking cannot use up the bot's rate limit.
pub const ASKS: u32 = 4;
/// See [`ASKS`].
pub const ASKS_WINDOW: std::time::Duration = std::time::Duration::from_secs(20);

/// The window of `/matches` pages for every member (kept in [`Data`]).
#[must_use]
pub fn asks() -> Asks {
    Asks::new(ASKS, ASKS_WINDOW)
}

// Descriptions, names in other languages and help: `cmd-matches-*` in the catalogues.
/// Show the live matches you can see here: who plays, how, whose turn, where to watch.
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Err(Error::user(says!("err-leaderboard-dm")));
    };
    // Who sees which channel is read from Discord, which may take a while: answer
    // "thinking" (privately) first.
    ctx.defer_ephemeral().await?;
    let asker = Asker {
        http: ctx.http(),
        cache: &ctx.serenity_context().cache,
        member: ctx.author().id.get(),
        roles: match ctx {
            poise::Context::Application(a) => a.interaction.member.as_deref().cloned(),
            poise::Context::Prefix(_) => None,
        },
    };
    let live = page(ctx.data(), guild.get(), 0, &asker).await?;
    let lang = user_lang(ctx);
    ctx.send(
        poise::CreateReply::default()
            .content(words(lang, &live))
            .components(buttons(lang, &live))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// Who reads a page of `/matches`: only what they can see is listed.
pub(crate) struct Asker<'a> {
    /// To ask Discord what they see.
    pub http: &'a serenity::Http,
    /// The gateway's cache: the server and its channels are read there first.
    pub cache: &'a serenity::Cache,
    /// The member.
    pub member: u64,
    /// The member with their roles, as the interaction carries them.
    pub roles: Option<serenity::Member>,
}

/// Page `page` of the live matches of `guild` that `asker` can see (worded by [`words`],
/// with [`buttons`]). Matches in private threads are never listed. A member asks at most
/// [`ASKS`] times in [`ASKS_WINDOW`]; past that they are told, privately, when to ask again.
pub(crate) async fn page(
    data: &Data,
    guild: u64,
    page: u32,
    asker: &Asker<'_>,
) -> Result<LiveMatches, Error> {
    data.listings.ask(asker.member).map_err(|left| {
        Error::user(says!("err-matches-too-often", seconds = left.as_secs() + 1))
    })?;
    let all = data
        .session
        .played()
        .live_in(crate::session::GuildId(guild))
        .await?;
    let mut sight =
        Sight::new(asker.http, guild, asker.member).cached(asker.cache, asker.roles.clone());
    let mut seen = Vec::with_capacity(all.len());
    for row in all {
        if sight.sees(row.seen_in.0).await {
            seen.push(row);
        }
    }
    Ok(LiveMatches::page(seen, page))
}

/// The page's text.
fn words(lang: Lang, live: &LiveMatches) -> String {
    if live.total == 0 {
        return tr!(lang, "matches-empty");
    }
    let mut lines = vec![tr!(lang, "matches-title", total = live.total)];
    for m in &live.rows {
        let [a, b] = m.players.map(crate::bot::kit::markup::mention);
        let deadline = crate::bot::kit::markup::relative(m.deadline);
        let state = match (m.phase, m.to_move) {
            (PhaseKind::Challenge, _) => tr!(
                lang,
                "matches-state-challenge",
                player = b.as_str(),
                deadline = deadline.as_str()
            ),
            (PhaseKind::Battle, Some(p)) => tr!(
                lang,
                "matches-state-turn",
                player = crate::bot::kit::markup::mention(p),
                deadline = deadline.as_str()
            ),
            _ => tr!(
                lang,
                "matches-state-placement",
                deadline = deadline.as_str()
            ),
        };
        lines.push(tr!(
            lang,
            "matches-line",
            challenger = a,
            opponent = b,
            variant = variant_name(lang, m.variant),
            pace = pace(lang, m.pace),
            state = state,
            channel = crate::bot::kit::markup::channel(m.channel.0)
        ));
    }
    if live.pages > 1 {
        lines.push(tr!(
            lang,
            "matches-page",
            page = live.page + 1,
            pages = live.pages
        ));
    }
    lines.join("\n")
}

/// Previous / Next, when there is more than one page.
fn buttons(lang: Lang, live: &LiveMatches) -> Vec<CreateActionRow> {
    if live.pages <= 1 {
        return Vec::new();
    }
    let to = |page: u32| ButtonId::Match(MatchButton::Page { page }).to_string();
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(to(live.page.saturating_sub(1)))
            .label(tr!(lang, "button-previous"))
            .emoji('◀')
            .style(serenity::ButtonStyle::Secondary)
            .disabled(live.page == 0),
        CreateButton::new(to(live.page + 1))
            .label(tr!(lang, "button-next"))
            .emoji('▶')
            .style(serenity::ButtonStyle::Secondary)
            .disabled(live.page + 1 >= live.pages),
    ])]
}

// The Previous / Next buttons of a page.

/// Another page of `/matches` (a private answer, so the clicker is the member who asked):
/// only the matches they can see.
pub(crate) async fn page_button(c: &Click<'_>, number: u32) -> Result<(), Error> {
    let click = c.interaction;
    let Some(guild) = click.guild_id else {
        return Err(stale_button());
    };
    // Reading who sees what may take a while: acknowledge first, then change the page (a
    // refusal comes beside it, privately, and the page stays).
    c.acknowledge(Refusal::Beside).await?;
    let asker = Asker {
        http: &c.ctx.http,
        cache: &c.ctx.cache,
        member: click.user.id.get(),
        roles: click.member.clone(),
    };
    let live = page(c.data, guild.get(), number, &asker).await?;
    let edit = serenity::EditInteractionResponse::new()
        .content(words(c.lang, &live))
        .components(buttons(c.lang, &live))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    click.edit_response(c.ctx, edit).await?;
    Ok(())
}
