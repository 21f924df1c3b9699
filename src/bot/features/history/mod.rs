//! `/history`: the last ten finished matches of a member, privately.

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::user_lang;
use crate::bot::kit::context::player;
use crate::bot::kit::error::{private_reply, says};
use crate::bot::kit::{Context, Error};
pub mod words;

/// Matches listed.
const LISTED: u32 = 10;

// Descriptions, names in other languages and help: `cmd-history-*` in the catalogues.
/// List the last ten finished matches of a member (yours by default); only you see it.
#[poise::command(slash_command, ephemeral)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose matches"] member: Option<serenity::User>,
) -> Result<(), Error> {
    let who = member.as_ref().unwrap_or_else(|| ctx.author());
    // Your own matches from everywhere; another member's only from this server (as their
    // replays), and not at all in a DM.
    let guild = if who.id == ctx.author().id {
        None
    } else {
        let Some(guild) = ctx.guild_id() else {
            return Err(Error::user(says!("err-history-dm")));
        };
        Some(crate::bot::kit::context::guild_key(guild))
    };
    let rows = ctx
        .data()
        .session
        .played()
        .history(player(who), guild, LISTED)
        .await?;
    // A tournament's match says which, and the round.
    let mut tournaments = Vec::with_capacity(rows.len());
    for row in &rows {
        let of = ctx
            .data()
            .session
            .tournaments()
            .tournament_of(crate::session::MatchId(row.result.match_id))
            .await;
        tournaments.push(of);
    }
    let lang = user_lang(ctx);
    let tags: Vec<Option<String>> = tournaments
        .iter()
        .map(|of| {
            of.as_ref()
                .map(|t| crate::bot::kit::words::tournament_header(lang, &t.name, t.round))
        })
        .collect();
    let text = words::history_text_tagged(lang, who.display_name(), &rows, &tags);
    ctx.send(private_reply(text)).await?;
    Ok(())
}
