//! `/stats`: a member's rating and statistics as a picture.

use poise::serenity_prelude as serenity;

use crate::bot::kit::audience::{public_lang, user_lang};
use crate::bot::kit::choices::VariantChoice;
use crate::bot::kit::context::player;
use crate::bot::kit::i18n::tr;
use crate::bot::kit::{Context, Error, pictures};
pub mod words;
use crate::game::Variant;

// Descriptions, names in other languages and help: `cmd-stats-*` in the catalogues.
/// Show a member's rating and statistics as a picture (yours by default).
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose statistics"] member: Option<serenity::User>,
    #[description = "Rule set"] variant: Option<VariantChoice>,
    #[description = "Only you see the card"] private: Option<bool>,
) -> Result<(), Error> {
    let private = private.unwrap_or(false);
    let variant: Variant = variant.map_or(Variant::Classic, Into::into);
    let who = member.as_ref().unwrap_or_else(|| ctx.author());
    let card = ctx
        .data()
        .session
        .standings()
        .card(player(who), variant)
        .await?;
    // What follows only adds to the card: a failed read leaves a line out.
    let tournaments = ctx
        .data()
        .session
        .tournaments()
        .tournament_record(player(who))
        .await;
    // A season champion's title (seasons of this server only).
    let titles = ctx
        .data()
        .session
        .seasons()
        .titles(
            player(who),
            ctx.guild_id().map(|g| crate::session::GuildId(g.get())),
            variant,
        )
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "could not read a member's season titles");
            Vec::new()
        });
    let daily_streak = ctx
        .data()
        .session
        .daily_sea()
        .streak(player(who), variant)
        .await;
    // A private card speaks the asker's language, a public one the server's.
    let lang = if private {
        user_lang(ctx)
    } else {
        public_lang(ctx).await
    };
    let name = who.display_name().to_owned();
    let (mut view, mut alt) = words::card_view(lang, &name, variant, &card);
    // The daily sea's streak in this rule set, first after the rule set (issue 52).
    match daily_streak {
        Ok(s) if s.best > 0 => {
            let line = tr!(
                lang,
                "stats-daily-streak",
                streak = s.current,
                best = s.best
            );
            view.subtitle = format!("{} · {line}", view.subtitle);
            alt = format!("{alt} {line}.");
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "could not read a member's daily streak"),
    }
    // Tournaments played to their end, and won (in any rule set).
    match tournaments {
        Ok((played, won)) if played > 0 => {
            let line = tr!(lang, "stats-tournaments", played = played, won = won);
            view.subtitle = format!("{} · {line}", view.subtitle);
            alt = format!("{alt} {line}.");
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "could not read a member's tournaments"),
    }
    // The champion's title, in the card's language.
    if let Some(line) = words::champion_line(lang, variant, &titles) {
        view.subtitle = format!("{} · {line}", view.subtitle);
        alt = format!("{alt} {line}.");
    }
    let picture = pictures::stats_card(&ctx.data().renderer, &view, &alt)?;
    let mut reply = poise::CreateReply::default()
        .attachment(picture)
        .ephemeral(private)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if card.rating.is_none() && card.summary.computer.is_empty() {
        reply = reply.content(words::nothing_text(lang, &name, variant));
    }
    ctx.send(reply).await?;
    Ok(())
}
