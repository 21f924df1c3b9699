//! `/matches`: this server's live matches, for spectators.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton};

use crate::bot::buttons::ButtonId;
use crate::bot::context::user_lang;
use crate::bot::error::UserError;
use crate::bot::i18n::names::{pace, variant_name};
use crate::bot::i18n::{Lang, tr};
use crate::bot::{Context, Error, text};
use crate::game::PhaseKind;
use crate::session::{LiveMatches, Session};

// Descriptions, names in other languages and help: `cmd-matches-*` in the catalogues.
/// Show this server's live matches: who plays, how, whose turn, and where to watch.
#[poise::command(slash_command, guild_only)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(guild) = ctx.guild_id() else {
        return Err(Error::user(tr!(lang, "err-leaderboard-dm")));
    };
    let public = crate::bot::context::public_lang(ctx).await;
    let (content, buttons) = page(&ctx.data().session, guild.get(), 0, public, lang).await?;
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .components(buttons)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// Page `page` of `guild`'s live matches in `public`, with Previous / Next buttons;
/// errors in `reader`'s language (also for the page buttons).
pub(crate) async fn page(
    session: &Session,
    guild: u64,
    page: u32,
    public: Lang,
    reader: Lang,
) -> Result<(String, Vec<CreateActionRow>), Error> {
    let live = session.live_in(guild, page).await.map_err(|e| {
        tracing::error!(error = %e, "could not read the live matches");
        Error::Failed(UserError(tr!(reader, "err-storage-read")))
    })?;
    Ok((words(public, &live), buttons(public, &live)))
}

/// The page's text.
fn words(lang: Lang, live: &LiveMatches) -> String {
    if live.total == 0 {
        return tr!(lang, "matches-empty");
    }
    let mut lines = vec![tr!(lang, "matches-title", total = live.total)];
    for m in &live.rows {
        let [a, b] = m.players.map(text::mention);
        let deadline = text::relative(m.deadline);
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
                player = text::mention(p),
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
            channel = text::channel(m.channel.0)
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
    let to = |page: u32| ButtonId::Matches { page }.to_string();
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
