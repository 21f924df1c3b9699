//! Share: a cleared day's card, posted in the channel as the click's public answer. The
//! card shows the count, the par, the streak and a hit/miss strip in shot order; neither
//! the card, its alt text nor the words beside it name a cell.

use poise::serenity_prelude as serenity;
use serenity::{CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::words::{count, day_label};
use crate::bot::kit::click::Click;
use crate::bot::kit::context::player;
use crate::bot::kit::error::{Error, says};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::mention;
use crate::daily::{DayClock, Mark};
use crate::game::{PlayerId, Variant};
use crate::render::stats::Tile;
use crate::render::{DailyCard, Renderer, StripMark};
use crate::session::DailyPlay;

/// The card of `play` in `lang`, with its alt text.
#[must_use]
pub fn card(
    lang: Lang,
    clock: DayClock,
    variant: Variant,
    play: &DailyPlay,
) -> (DailyCard, String) {
    let day = day_label(clock, play.day);
    let strip: Vec<StripMark> = play
        .attempt
        .strip()
        .into_iter()
        .map(|m| match m {
            Mark::Miss => StripMark::Miss,
            Mark::Hit => StripMark::Hit,
            Mark::Sunk => StripMark::Sunk,
        })
        .collect();
    let fired = play.attempt.shots();
    let card = DailyCard {
        title: tr!(lang, "daily-card-title"),
        subtitle: tr!(
            lang,
            "daily-card-subtitle",
            variant = variant_name(lang, variant),
            day = day.clone()
        ),
        figures: vec![
            Tile {
                label: tr!(lang, "daily-card-fired", rules = variant.key()),
                value: fired.to_string(),
            },
            Tile {
                label: tr!(lang, "daily-card-par"),
                value: play.par.to_string(),
            },
            Tile {
                label: tr!(lang, "daily-card-streak"),
                value: play.streak.current.to_string(),
            },
        ],
        strip: strip.clone(),
    };
    let hits = strip.iter().filter(|m| **m != StripMark::Miss).count();
    let alt = tr!(
        lang,
        "daily-card-alt",
        day = day,
        fired = count(lang, variant, fired),
        par = count(lang, variant, play.par),
        streak = play.streak.current,
        shots = strip.len(),
        hits = hits
    );
    (card, alt)
}

/// The card as an attachment.
pub fn attachment(
    renderer: &Renderer,
    card: &DailyCard,
    alt: &str,
) -> Result<CreateAttachment, Error> {
    let png = renderer
        .daily_card(card)
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a daily card: {e}")))?;
    Ok(CreateAttachment::bytes(png, "daily-card.png")
        .description(alt.chars().take(1000).collect::<String>()))
}

/// Share under a cleared sea: the card goes public, as the click's own answer (so it also
/// works where the bot is no member of the conversation).
pub async fn click(
    c: &Click<'_>,
    variant: Variant,
    owner: PlayerId,
    day: u64,
) -> Result<(), Error> {
    if player(&c.interaction.user) != owner {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let daily = c.data.session.daily_sea();
    let play = daily
        .play_on(owner, variant, crate::daily::Day(day), None)
        .await?;
    if !play.attempt.is_finished() {
        return Err(Error::user(says!("err-daily-share-unfinished")));
    }
    let lang = c.public_lang().await;
    let clock = daily.clock();
    let (view, alt) = card(lang, clock, variant, &play);
    let file = attachment(&c.data.renderer, &view, &alt)?;
    let text = tr!(
        lang,
        "daily-shared",
        member = mention(owner),
        fired = count(lang, variant, play.attempt.shots()),
        par = count(lang, variant, play.par),
        day = day_label(clock, play.day)
    );
    let post = CreateInteractionResponseMessage::new()
        .content(c.data.commands.clickable(lang, &text))
        .files([file])
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    c.interaction
        .create_response(c.ctx, CreateInteractionResponse::Message(post))
        .await?;
    Ok(())
}
