//! The placement editor in the private preview: a ship select, a column and a row select
//! for the bow cell, → and ↓, Remove ship, Random rest, Remove all and Ready.
//!
//! Every click is an interaction of its own that updates the message it came from
//! (response type 7), so an editor keeps working however old its message is, in the
//! ephemeral answer and in the DM alike. Each click is one session call
//! ([`crate::session::Session::edit`]); the picture is redrawn and the message replaced.
//! Where the message cannot be updated, the answer is a fresh editor of its own.
//! A refusal is said in the message and changes nothing. With every ship placed, Ready is
//! the preview's own Ready button (the fleet is then the player's fleet), handled in
//! [`crate::bot::components`].

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAttachment,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption,
};

use crate::bot::kit::buttons::editor::{Action, Control};
use crate::bot::kit::buttons::{ButtonId, MatchButton};
use crate::bot::kit::error::says;
use crate::bot::kit::i18n::errors::{Explain, bounds};
use crate::bot::kit::i18n::names::variant_name;
use crate::bot::kit::i18n::{Lang, tr};
use crate::bot::kit::markup::channel;
use crate::bot::kit::words::ship_name;
use crate::bot::kit::{Data, Error};
use crate::game::editor::{Cursor, Draft, EditError};
use crate::game::{Coord, Orientation, Variant};
use crate::render::Renderer;
use crate::session::{EditStep, Editing, MatchId};

/// Handles one click on an editor control of match `id`, by the member of `click` (whose
/// language is `lang`).
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    lang: Lang,
    id: MatchId,
    control: Control,
) -> Result<(), Error> {
    let me = crate::game::PlayerId(click.user.id.get());
    if me != control.owner {
        return Err(Error::user(says!("err-not-your-button")));
    }
    let (cursor, step) = step_of(control, picked(click));
    let editing = data.session.matches().edit(id, me, cursor, step).await?;
    let message = || editor_message(&data.renderer, lang, &editing);
    let updated = click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(message()?))
        .await;
    if let Err(e) = updated {
        // The message could not be changed: a fresh editor of its own, privately.
        tracing::warn!(match_id = %id, error = %e, "could not update an editor; answering with a fresh one");
        let fresh = message()?.ephemeral(true);
        click
            .create_response(ctx, CreateInteractionResponse::Message(fresh))
            .await?;
    }
    Ok(())
}

/// The value picked in a select menu, if the click is one.
fn picked(click: &ComponentInteraction) -> Option<&str> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    }
}

/// The cursor to act from and the step, for `control` (and for a select, the value
/// picked). A pick that does not fit leaves the cursor as it was.
fn step_of(control: Control, pick: Option<&str>) -> (Option<Cursor>, EditStep) {
    let mut cursor = control.cursor;
    let pick: Option<u8> = pick.and_then(|v| v.parse().ok());
    let step = match control.action {
        Action::Open => EditStep::Open,
        Action::Ship | Action::Column | Action::Row => {
            if let (Some(c), Some(v)) = (cursor.as_mut(), pick) {
                let (col, row) = (c.bow.col(), c.bow.row());
                match control.action {
                    Action::Ship => c.ship = v,
                    Action::Column => c.bow = Coord::new(v, row).unwrap_or(c.bow),
                    _ => c.bow = Coord::new(col, v).unwrap_or(c.bow),
                }
            }
            EditStep::Aim
        }
        Action::Right => EditStep::Place(Orientation::Horizontal),
        Action::Down => EditStep::Place(Orientation::Vertical),
        Action::Remove => EditStep::Remove,
        Action::Rest => EditStep::RandomRest,
        Action::Clear => EditStep::Clear,
        Action::Ready => EditStep::Ready,
    };
    (cursor, step)
}

/// The whole editor message: words, picture and controls, in `lang`.
fn editor_message(
    renderer: &Renderer,
    lang: Lang,
    editing: &Editing,
) -> Result<CreateInteractionResponseMessage, Error> {
    Ok(CreateInteractionResponseMessage::new()
        .content(editor_text(lang, editing))
        .files([picture(renderer, lang, &editing.draft)?])
        .components(controls(lang, editing))
        .allowed_mentions(serenity::CreateAllowedMentions::new()))
}

/// The editor's picture, drawn by `renderer`, with its alt text, in `lang`.
pub fn picture(renderer: &Renderer, lang: Lang, draft: &Draft) -> Result<CreateAttachment, Error> {
    let png = renderer
        .editor(draft, lang.labels())
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode the editor: {e}")))?;
    let fleet = draft.to_string();
    let alt = tr!(
        lang,
        "editor-alt",
        placed = draft.placed().count(),
        total = draft.slots().len(),
        fleet = fleet.as_str(),
        ship = selected_name(lang, draft),
        cell = draft.cursor().bow.to_string()
    );
    Ok(CreateAttachment::bytes(png, "editor.png")
        .description(alt.chars().take(1000).collect::<String>()))
}

/// "Cruiser · 3 cells": the selected ship.
fn selected_name(lang: Lang, draft: &Draft) -> String {
    draft
        .len_of(usize::from(draft.cursor().ship))
        .map(|len| ship_label(lang, draft.variant(), len))
        .unwrap_or_default()
}

/// "Cruiser": the ship's name, capitalised.
fn ship_title(lang: Lang, variant: Variant, len: u8) -> String {
    let name = ship_name(lang, variant, len);
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "Cruiser · 3 cells" (classic) or "Ship · 3 cells" (Game 2000, whose ships are named by
/// their length anyway).
fn ship_label(lang: Lang, variant: Variant, len: u8) -> String {
    match variant {
        Variant::Classic => tr!(
            lang,
            "editor-ship-option",
            ship = ship_title(lang, variant, len),
            len = len
        ),
        Variant::Game2000 => tr!(lang, "editor-ship-plain", len = len),
    }
}

/// The editor's text: what it is for, the fleet so far, the selection, how to go on, and
/// a refusal if the click was refused.
fn editor_text(lang: Lang, editing: &Editing) -> String {
    let draft = &editing.draft;
    let fleet = draft.to_string();
    let mut text = tr!(
        lang,
        "editor-prompt",
        variant = variant_name(lang, editing.variant()),
        channel = channel(editing.channel.0),
        placed = draft.placed().count(),
        total = draft.slots().len(),
        fleet = if fleet.is_empty() {
            tr!(lang, "editor-no-ships")
        } else {
            format!("`{fleet}`")
        }
    );
    text.push('\n');
    text.push_str(&tr!(
        lang,
        "editor-selected",
        ship = selected_name(lang, draft),
        cell = draft.cursor().bow.to_string()
    ));
    text.push('\n');
    text.push_str(&if draft.missing() == 0 {
        tr!(lang, "editor-complete")
    } else {
        tr!(lang, "editor-how")
    });
    if let Some(refused) = &editing.refused {
        text.push_str("\n⚠️ ");
        text.push_str(&refusal(lang, draft, refused));
    }
    text
}

/// Why a click was refused, in `lang`.
fn refusal(lang: Lang, draft: &Draft, error: &EditError) -> String {
    let variant = draft.variant();
    let selected = || {
        draft
            .len_of(usize::from(draft.cursor().ship))
            .map(|len| ship_title(lang, variant, len))
            .unwrap_or_default()
    };
    match error {
        EditError::NoSuchShip(_) => tr!(lang, "err-editor-no-ship"),
        EditError::BowOffSea(cell) => tr!(
            lang,
            "err-editor-bow-off-sea",
            cell = cell.to_string(),
            bounds = bounds(lang, variant)
        ),
        EditError::OffSea {
            bow,
            len,
            orientation,
            ..
        } => tr!(
            lang,
            "err-editor-off-sea",
            ship = ship_title(lang, variant, *len),
            cell = bow.to_string(),
            way = match orientation {
                Orientation::Horizontal => "right",
                Orientation::Vertical => "down",
            }
        ),
        EditError::Rule(problem) => problem.explain(lang, variant),
        EditError::NotPlaced => tr!(lang, "err-editor-not-placed", ship = selected()),
        EditError::AllPlaced => tr!(lang, "err-editor-all-placed"),
        EditError::NoRoom => tr!(lang, "err-editor-no-room"),
        EditError::Incomplete { missing } => {
            tr!(lang, "err-editor-incomplete", missing = *missing)
        }
    }
}

/// The five rows of controls, labelled in `lang`.
fn controls(lang: Lang, editing: &Editing) -> Vec<CreateActionRow> {
    let draft = &editing.draft;
    let cursor = draft.cursor();
    let variant = draft.variant();
    let id = |action| {
        ButtonId::Editor(
            editing.id,
            Control {
                action,
                owner: editing.player,
                cursor: Some(cursor),
            },
        )
        .to_string()
    };
    let ships: Vec<CreateSelectMenuOption> = draft
        .slots()
        .iter()
        .zip(draft.lengths())
        .enumerate()
        .map(|(slot, (ship, len))| {
            let option =
                CreateSelectMenuOption::new(ship_label(lang, variant, len), slot.to_string())
                    .default_selection(slot == usize::from(cursor.ship));
            match ship {
                Some(ship) => option
                    .description(tr!(lang, "editor-ship-placed", ship = ship.to_string()))
                    .emoji('✅'),
                None => option.description(tr!(lang, "editor-ship-unplaced")),
            }
        })
        .collect();
    let size = variant.size();
    let columns = (0..size)
        .map(|col| {
            let letter = char::from(b'A' + col).to_string();
            CreateSelectMenuOption::new(tr!(lang, "editor-column", col = letter), col.to_string())
                .default_selection(col == cursor.bow.col())
        })
        .collect();
    let rows = (0..size)
        .map(|row| {
            CreateSelectMenuOption::new(tr!(lang, "editor-row", row = row + 1), row.to_string())
                .default_selection(row == cursor.bow.row())
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
    let button = |action, label: String, emoji: char| {
        CreateButton::new(id(action))
            .label(label)
            .emoji(emoji)
            .style(serenity::ButtonStyle::Secondary)
    };
    let ready = match &editing.ready_tag {
        // Every ship placed: the preview's own Ready makes this fleet final.
        Some(tag) => CreateButton::new(
            ButtonId::Match(MatchButton::Ready(editing.id, tag.clone())).to_string(),
        ),
        None => CreateButton::new(id(Action::Ready)),
    }
    .label(tr!(lang, "button-ready"))
    .emoji('✅')
    .style(serenity::ButtonStyle::Success);
    vec![
        select(Action::Ship, ships, tr!(lang, "editor-ship-placeholder")),
        select(
            Action::Column,
            columns,
            tr!(lang, "editor-column-placeholder"),
        ),
        select(Action::Row, rows, tr!(lang, "editor-row-placeholder")),
        CreateActionRow::Buttons(vec![
            button(Action::Right, tr!(lang, "editor-button-right"), '➡'),
            button(Action::Down, tr!(lang, "editor-button-down"), '⬇'),
            button(Action::Remove, tr!(lang, "editor-button-remove"), '✖'),
            button(Action::Rest, tr!(lang, "editor-button-rest"), '🎲'),
            ready,
        ]),
        CreateActionRow::Buttons(vec![button(
            Action::Clear,
            tr!(lang, "editor-button-clear"),
            '🧹',
        )]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::kit::i18n::Catalog;

    #[test]
    fn a_pick_moves_only_its_part_of_the_cursor() {
        let cursor = Cursor {
            ship: 1,
            bow: "C4".parse().unwrap(),
        };
        let control = |action| Control {
            action,
            owner: crate::game::PlayerId(5),
            cursor: Some(cursor),
        };
        let bow = |c: Option<Cursor>| c.map(|c| (c.ship, c.bow.to_string()));
        assert_eq!(
            bow(step_of(control(Action::Column), Some("7")).0),
            Some((1, "H4".into()))
        );
        assert_eq!(
            bow(step_of(control(Action::Row), Some("9")).0),
            Some((1, "C10".into()))
        );
        assert_eq!(
            bow(step_of(control(Action::Ship), Some("4")).0),
            Some((4, "C4".into()))
        );
        // A pick off the largest board, or junk, leaves the cursor.
        assert_eq!(
            bow(step_of(control(Action::Row), Some("12")).0),
            Some((1, "C4".into()))
        );
        assert_eq!(
            bow(step_of(control(Action::Column), Some("x")).0),
            Some((1, "C4".into()))
        );
        assert_eq!(
            step_of(control(Action::Down), None).1,
            EditStep::Place(Orientation::Vertical)
        );
    }

    #[test]
    fn every_editor_word_is_in_every_language() {
        let keys = [
            "button-edit",
            "editor-prompt",
            "editor-no-ships",
            "editor-selected",
            "editor-how",
            "editor-complete",
            "editor-alt",
            "editor-ship-option",
            "editor-ship-plain",
            "editor-ship-placed",
            "editor-ship-unplaced",
            "editor-ship-placeholder",
            "editor-column",
            "editor-column-placeholder",
            "editor-row",
            "editor-row-placeholder",
            "editor-button-right",
            "editor-button-down",
            "editor-button-remove",
            "editor-button-rest",
            "editor-button-clear",
            "err-editor-no-ship",
            "err-editor-bow-off-sea",
            "err-editor-off-sea",
            "err-editor-not-placed",
            "err-editor-all-placed",
            "err-editor-no-room",
            "err-editor-incomplete",
        ];
        for lang in Lang::ALL {
            for key in keys {
                assert!(Catalog::get().has(lang, key), "{lang} lacks {key}");
            }
        }
        // Labels differ from English where the language has its own words.
        for lang in [Lang::Nl, Lang::Da, Lang::SvSe] {
            for key in [
                "editor-button-right",
                "editor-button-remove",
                "editor-button-rest",
            ] {
                let words = |lang| Catalog::get().format(lang, key, None);
                assert_ne!(words(lang), words(Lang::EnUs), "{lang} {key}");
            }
        }
    }

    #[test]
    fn refusals_are_worded_with_what_was_wrong() {
        let mut draft = Draft::new(Variant::Classic);
        draft
            .set_cursor(Cursor {
                ship: 0,
                bow: "H1".parse().unwrap(),
            })
            .unwrap();
        let err = draft.place(Orientation::Horizontal).unwrap_err();
        let text = refusal(Lang::EnUs, &draft, &err);
        assert!(text.contains("H1") && text.contains("Battleship"), "{text}");
        let text = refusal(Lang::Nl, &draft, &EditError::Incomplete { missing: 3 });
        assert!(text.contains('3'), "{text}");
    }
}
