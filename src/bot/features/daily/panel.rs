//! The aim panel: the member's sea so far (a picture), the shots used, a column and a row
//! select and Fire, so that the whole daily sea is played by clicks. In Game 2000 a volley
//! is three cells: each is aimed at and added to the salvo (Add; pressed on a cell in the
//! salvo it takes it out again), then Fire fires the three.
//!
//! Every control carries the cell aimed at and the salvo so far (see
//! [`crate::bot::kit::buttons::daily`]), so the panel keeps nothing in memory and works
//! after a restart. A click updates its own message (type 7); a refusal is said in it and
//! changes nothing.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteractionDataKind, CreateActionRow, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::words;
use crate::bot::kit::buttons::daily::Aim;
use crate::bot::kit::buttons::{ButtonId, DailyButton};
use crate::bot::kit::click::Click;
use crate::bot::kit::context::{guild_key, player};
use crate::bot::kit::error::{Error, says};
use crate::bot::kit::i18n::{Lang, tr};
use crate::daily::DayClock;
use crate::game::{Coord, PlayerId, TargetCell, Variant};
use crate::render::{Renderer, alt};
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
    let Some(cursor) = shown
        .cursor
        .filter(|c| variant.contains(*c))
        .or_else(|| first_open(variant, &view))
        .or_else(|| Coord::new(0, 0))
    else {
        return Err(Error::Internal(anyhow::anyhow!("a board without cells")));
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
        text.push_str(&aim_line(lang, variant, cursor, &shown.picked));
    }
    if let Some(refused) = &shown.refused {
        text.push_str("\n⚠️ ");
        text.push_str(refused);
    }
    let picked: &[Coord] = if finished { &[] } else { &shown.picked };
    let labels = lang.labels();
    let picture = renderer.daily_sea(&view, picked, (!finished).then_some(cursor), labels);
    let png = picture
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode the daily sea: {e}")))?;
    let alt_text: String = alt::target_board(&view, labels)
        .chars()
        .take(1000)
        .collect();
    let file = CreateAttachment::bytes(png, "daily-sea.png").description(alt_text);
    let rows = if finished {
        vec![CreateActionRow::Buttons(vec![share_button(
            lang, variant, owner, play.day.0,
        )])]
    } else {
        controls(lang, variant, owner, cursor, &shown.picked)
    };
    Ok((text, file, rows))
}

/// The first cell not fired at, in sea order.
fn first_open(variant: Variant, view: &crate::game::TargetView) -> Option<Coord> {
    Coord::all(variant.size()).find(|&c| view.cell(c) == TargetCell::Unknown)
}

/// The first open cell after `from` in sea order (round the sea), not in `picked`.
#[must_use]
pub fn next_open(
    variant: Variant,
    view: &crate::game::TargetView,
    from: Coord,
    picked: &[Coord],
) -> Option<Coord> {
    let all: Vec<Coord> = Coord::all(variant.size()).collect();
    let at = all.iter().position(|&c| c == from).unwrap_or(0);
    all[at + 1..]
        .iter()
        .chain(&all[..=at.min(all.len().saturating_sub(1))])
        .copied()
        .find(|&c| view.cell(c) == TargetCell::Unknown && !picked.contains(&c))
}

/// "Aiming at **E5**" and, in Game 2000, the salvo so far.
fn aim_line(lang: Lang, variant: Variant, cursor: Coord, picked: &[Coord]) -> String {
    match variant {
        Variant::Classic => tr!(lang, "daily-aim", cell = cursor.to_string()),
        Variant::Game2000 => {
            let salvo = if picked.is_empty() {
                tr!(lang, "daily-salvo-empty")
            } else {
                picked
                    .iter()
                    .map(|c| format!("**{c}**"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            tr!(
                lang,
                "daily-aim-salvo",
                cell = cursor.to_string(),
                salvo = salvo,
                count = picked.len()
            )
        }
    }
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

/// The column and row selects and the buttons.
fn controls(
    lang: Lang,
    variant: Variant,
    owner: PlayerId,
    cursor: Coord,
    picked: &[Coord],
) -> Vec<CreateActionRow> {
    let id = |action| {
        ButtonId::Daily(DailyButton::Aim {
            action,
            variant,
            owner,
            cursor,
            picked: picked.to_vec(),
        })
        .to_string()
    };
    let size = variant.size();
    let columns = (0..size)
        .map(|col| {
            let letter = char::from(b'A' + col).to_string();
            CreateSelectMenuOption::new(tr!(lang, "editor-column", col = letter), col.to_string())
                .default_selection(col == cursor.col())
        })
        .collect();
    let rows = (0..size)
        .map(|row| {
            CreateSelectMenuOption::new(tr!(lang, "editor-row", row = row + 1), row.to_string())
                .default_selection(row == cursor.row())
        })
        .collect();
    let select = |action, options, placeholder: String| {
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id(action), CreateSelectMenuKind::String { options })
                .placeholder(placeholder)
                .min_values(1)
                .max_values(1),
        )
    };
    let fire = CreateButton::new(id(Aim::Fire))
        .emoji('🎯')
        .style(serenity::ButtonStyle::Danger);
    let buttons = match variant {
        Variant::Classic => {
            vec![fire.label(tr!(lang, "daily-button-fire-at", cell = cursor.to_string()))]
        }
        Variant::Game2000 => {
            let taking_out = picked.contains(&cursor);
            let add = CreateButton::new(id(Aim::Add))
                .label(if taking_out {
                    tr!(lang, "daily-button-remove", cell = cursor.to_string())
                } else {
                    tr!(lang, "daily-button-add", cell = cursor.to_string())
                })
                .emoji(if taking_out { '➖' } else { '➕' })
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!taking_out && picked.len() >= 3);
            let clear = CreateButton::new(id(Aim::Clear))
                .label(tr!(lang, "daily-button-clear"))
                .emoji('🧹')
                .style(serenity::ButtonStyle::Secondary)
                .disabled(picked.is_empty());
            let fire = fire
                .label(tr!(lang, "daily-button-fire-salvo", count = picked.len()))
                .disabled(picked.len() != 3);
            vec![add, fire, clear]
        }
    };
    vec![
        select(Aim::Column, columns, tr!(lang, "daily-column-placeholder")),
        select(Aim::Row, rows, tr!(lang, "daily-row-placeholder")),
        CreateActionRow::Buttons(buttons),
    ]
}

/// The value picked in a select menu, if the click is one.
fn picked_value(c: &Click<'_>) -> Option<u8> {
    match &c.interaction.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| v.parse().ok())
        }
        _ => None,
    }
}

/// One click on a control of the aim panel.
pub async fn click(
    c: &Click<'_>,
    action: Aim,
    variant: Variant,
    owner: PlayerId,
    cursor: Coord,
    mut picked: Vec<Coord>,
) -> Result<(), Error> {
    let me = player(&c.interaction.user);
    if me != owner {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let lang = c.lang;
    let guild = c.interaction.guild_id.map(guild_key);
    let daily = c.data.session.daily_sea();
    let mut shown = Shown {
        cursor: Some(cursor),
        ..Shown::default()
    };
    let play = match action {
        Aim::Column | Aim::Row => {
            if let Some(v) = picked_value(c) {
                let (col, row) = (cursor.col(), cursor.row());
                let moved = match action {
                    Aim::Column => Coord::new(v, row),
                    _ => Coord::new(col, v),
                };
                shown.cursor = moved.filter(|m| variant.contains(*m)).or(Some(cursor));
            }
            daily.play(me, variant, guild).await?
        }
        Aim::Clear => {
            picked.clear();
            daily.play(me, variant, guild).await?
        }
        Aim::Add => {
            let play = daily.play(me, variant, guild).await?;
            if let Some(at) = picked.iter().position(|&p| p == cursor) {
                picked.remove(at);
            } else if play.attempt.view().cell(cursor) != TargetCell::Unknown {
                shown.refused = Some(tr!(lang, "err-daily-repeat", cell = cursor.to_string()));
            } else if picked.len() >= 3 {
                shown.refused = Some(tr!(lang, "err-daily-salvo-full"));
            } else {
                picked.push(cursor);
                // Aim on at the next open cell, for the salvo's next.
                shown.cursor = next_open(variant, &play.attempt.view(), cursor, &picked);
            }
            play
        }
        Aim::Fire => {
            let cells = match variant {
                Variant::Classic => vec![cursor],
                Variant::Game2000 => picked.clone(),
            };
            match daily.fire(me, variant, &cells, guild).await {
                Ok(fired) => {
                    shown.told = Some(words::volley_line(lang, variant, &fired.volley));
                    picked.clear();
                    // Aim on at the next open cell: Fire again fires there.
                    shown.cursor = next_open(variant, &fired.play.attempt.view(), cursor, &[]);
                    fired.play
                }
                Err(DailyError::Fire(e)) => {
                    shown.refused = Some(words::fire_refusal(lang, &e));
                    daily.play(me, variant, guild).await?
                }
                Err(other) => return Err(other.into()),
            }
        }
    };
    shown.picked = picked;
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
