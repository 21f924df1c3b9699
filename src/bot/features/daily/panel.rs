//! The aim panel: the member's sea so far (a picture), the shots used, a column and a row
//! select and Fire, so that the whole daily sea is played by clicks. In Game 2000 a volley
//! is three cells: each is aimed at and added to the salvo (Add; pressed on a cell in the
//! salvo it takes it out again), then Fire fires the three.
//!
//! Every control carries the cell aimed at and the salvo so far (see
//! [`crate::bot::kit::buttons::daily`]), so the panel keeps nothing in memory and works
//! after a restart. A click updates its own message (type 7); a refusal is said in it and
//! changes nothing. The controls and what a pick does are the aim panel a match shares
//! ([`crate::bot::kit::aim`]); here are the daily's words, its Fire and Share.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};

use super::words;
use crate::bot::kit::aim::{self, Offer, Refusal};
use crate::bot::kit::buttons::aim::{Aim, Sight};
use crate::bot::kit::buttons::{ButtonId, DailyButton};
use crate::bot::kit::click::Click;
use crate::bot::kit::context::{guild_key, player};
use crate::bot::kit::error::{Error, says};
use crate::bot::kit::i18n::{Lang, tr};
use crate::daily::DayClock;
use crate::game::{Coord, PlayerId, Variant};
use crate::render::Renderer;
use crate::session::{DailyError, DailyPlay};

/// What a panel shows besides the member's sea: where it aims, the salvo so far, what the
/// last volley was told and a refusal.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// The cell aimed at (`None`: the first open cell).
    pub cursor: Option<Coord>,
    /// Game 2000: the salvo so far.
    pub picked: Vec<Coord>,
    /// What the last volley was told.
    pub told: Option<String>,
    /// Why the last click was refused.
    pub refused: Option<String>,
}

/// The panel of `play` for `owner` in `lang`: words, picture and, while the sea is not
/// cleared, the controls (cleared: the result and Share).
pub fn message(
    renderer: &Renderer,
    clock: DayClock,
    lang: Lang,
    owner: PlayerId,
    variant: Variant,
    play: &DailyPlay,
    shown: &Shown,
) -> Result<(String, CreateAttachment, Vec<CreateActionRow>), Error> {
    let view = play.attempt.view();
    let cursor = aim::aim_at(&view, shown.cursor)?;
    let sight = Sight {
        cursor,
        picked: shown.picked.clone(),
    };
    let finished = play.attempt.is_finished();
    let mut text = words::heading(lang, variant, &words::day_label(clock, play.day));
    text.push('\n');
    text.push_str(&words::progress(lang, variant, play));
    if let Some(told) = &shown.told {
        text.push('\n');
        text.push_str(told);
    }
    if finished {
        text.push_str("\n\n");
        text.push_str(&words::result(lang, variant, play));
    } else {
        text.push('\n');
        text.push_str(&aim::aim_line(lang, variant, &sight));
    }
    if let Some(refused) = &shown.refused {
        text.push_str("\n⚠️ ");
        text.push_str(refused);
    }
    let picked: &[Coord] = if finished { &[] } else { &shown.picked };
    let file = aim::picture(
        renderer,
        lang,
        &view,
        picked,
        (!finished).then_some(cursor),
        "daily-sea.png",
    )?;
    let rows = if finished {
        vec![CreateActionRow::Buttons(vec![share_button(
            lang, variant, owner, play.day.0,
        )])]
    } else {
        let id = |action| {
            ButtonId::Daily(DailyButton::Aim {
                action,
                variant,
                owner,
                sight: Sight {
                    cursor,
                    picked: shown.picked.clone(),
                },
            })
            .to_string()
        };
        aim::controls(lang, &view, &sight, Offer::Every, id)
    };
    Ok((text, file, rows))
}

/// The Share button of a cleared day.
pub fn share_button(lang: Lang, variant: Variant, owner: PlayerId, day: u64) -> CreateButton {
    CreateButton::new(
        ButtonId::Daily(DailyButton::Share {
            variant,
            owner,
            day,
        })
        .to_string(),
    )
    .label(tr!(lang, "daily-button-share"))
    .emoji('📣')
    .style(serenity::ButtonStyle::Primary)
}

/// One click on a control of the aim panel.
pub async fn click(
    c: &Click<'_>,
    action: Aim,
    variant: Variant,
    owner: PlayerId,
    mut sight: Sight,
) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    if me != owner {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let lang = c.lang;
    let guild = c.interaction.guild_id.map(guild_key);
    let daily = c.data.session.daily_sea();
    let mut shown = Shown::default();
    let cursor = sight.cursor;
    let play = match action {
        Aim::Fire => {
            let cells = match variant {
                Variant::Classic => vec![cursor],
                Variant::Game2000 => sight.picked.clone(),
            };
            match daily.fire(me, variant, &cells, guild).await {
                Ok(fired) => {
                    shown.told = Some(words::volley_line(lang, variant, &fired.volley));
                    sight.picked.clear();
                    // Aim on at the next open cell: Fire again fires there.
                    shown.cursor = aim::next_open(&fired.play.attempt.view(), cursor, &[]);
                    fired.play
                }
                Err(DailyError::Fire(e)) => {
                    shown.refused = Some(words::fire_refusal(lang, &e));
                    shown.cursor = Some(cursor);
                    daily.play(me, variant, guild).await?
                }
                Err(other) => return Err(other.into()),
            }
        }
        action => {
            let play = daily.play(me, variant, guild).await?;
            let value = aim::picked_value(c.interaction);
            match aim::step(
                &play.attempt.view(),
                Offer::Every,
                action,
                value,
                &mut sight,
            ) {
                Ok(()) => {}
                Err(Refusal::Fired(cell)) => {
                    shown.refused = Some(tr!(lang, "err-daily-repeat", cell = cell.to_string()));
                }
                Err(Refusal::Full) => shown.refused = Some(tr!(lang, "err-aim-salvo-full")),
            }
            shown.cursor = Some(sight.cursor);
            play
        }
    };
    shown.picked = sight.picked;
    let (text, file, rows) = message(
        &c.data.renderer,
        daily.clock(),
        lang,
        me,
        variant,
        &play,
        &shown,
    )?;
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .files([file])
        .components(rows)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    c.interaction
        .create_response(c.ctx, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    Ok(())
}
