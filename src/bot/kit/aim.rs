//! The aim panel that the daily sea and a match share: a member's picture of a sea (with
//! the cell aimed at and the salvo so far), a column select, a row select and Fire; in
//! Game 2000 also Add (or Take out) and Clear, and Fire only once the salvo has three
//! cells. Its state is a [`Sight`] that every control carries in its custom id (see
//! [`crate::bot::kit::buttons::aim`]), so a picker move writes nothing and a panel works
//! after a restart.
//!
//! What a sea offers comes from the member's [`TargetView`]: the daily's selects offer
//! every cell (Add refuses one fired at, and says so); a match's offer only the cells not
//! fired at, so a panel never aims at one. What Fire does, and the words around the
//! controls, are the feature's.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteractionDataKind, CreateActionRow, CreateAttachment, CreateButton,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use crate::bot::kit::buttons::aim::{Aim, SALVO, Sight};
use crate::bot::kit::error::Error;
use crate::bot::kit::i18n::{Lang, tr};
use crate::game::{Coord, TargetCell, TargetView, Variant};
use crate::render::{Renderer, alt};

/// Discord's most options in a select.
const MAX_OPTIONS: usize = 25;
// A select lists one option per column or row: every board fits.
const _: () = assert!(crate::game::coord::MAX_SIZE as usize <= MAX_OPTIONS);

/// Which cells a panel's selects offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Every cell of the board (Add refuses one fired at).
    Every,
    /// Only the cells not fired at (nor known to be water).
    Open,
}

/// Why a click on the panel changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The cell was fired at already.
    Fired(Coord),
    /// The salvo has its three cells.
    Full,
}

/// Whether `c` is on `view`'s board and was neither fired at nor is known water.
#[must_use]
pub fn is_open(view: &TargetView, c: Coord) -> bool {
    view.variant.contains(c) && view.cell(c) == TargetCell::Unknown
}

/// The first open cell in sea order.
#[must_use]
pub fn first_open(view: &TargetView) -> Option<Coord> {
    Coord::all(view.variant.size()).find(|&c| is_open(view, c))
}

/// The first open cell after `from` in sea order (round the sea), not in `picked`.
#[must_use]
pub fn next_open(view: &TargetView, from: Coord, picked: &[Coord]) -> Option<Coord> {
    let all: Vec<Coord> = Coord::all(view.variant.size()).collect();
    let at = all.iter().position(|&c| c == from).unwrap_or(0);
    all[at + 1..]
        .iter()
        .chain(&all[..=at.min(all.len().saturating_sub(1))])
        .copied()
        .find(|&c| is_open(view, c) && !picked.contains(&c))
}

/// Where a panel on `view` aims when it shows `cursor` (`None`: nothing yet): there, if
/// the board has it; else the first open cell; else the corner.
pub fn aim_at(view: &TargetView, cursor: Option<Coord>) -> Result<Coord, Error> {
    cursor
        .filter(|c| view.variant.contains(*c))
        .or_else(|| first_open(view))
        .or_else(|| Coord::new(0, 0))
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("a board without cells")))
}

/// "Aiming at **E5**" and, in Game 2000, the salvo so far, in `lang`.
#[must_use]
pub fn aim_line(lang: Lang, variant: Variant, sight: &Sight) -> String {
    let cell = sight.cursor.to_string();
    match variant {
        Variant::Classic => tr!(lang, "aim-line", cell = cell),
        Variant::Game2000 => {
            let salvo = if sight.picked.is_empty() {
                tr!(lang, "aim-salvo-empty")
            } else {
                sight
                    .picked
                    .iter()
                    .map(|c| format!("**{c}**"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            tr!(
                lang,
                "aim-line-salvo",
                cell = cell,
                salvo = salvo,
                count = sight.picked.len()
            )
        }
    }
}

/// The picture of `view` with the cell aimed at (`cursor`) and the salvo (`picked`)
/// ringed, as the file `name`, with its words in `lang`.
pub fn picture(
    renderer: &Renderer,
    lang: Lang,
    view: &TargetView,
    picked: &[Coord],
    cursor: Option<Coord>,
    name: &str,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = renderer
        .daily_sea(view, picked, cursor, labels)
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a sea: {e}")))?;
    let alt_text: String = alt::target_board(view, labels).chars().take(1000).collect();
    Ok(CreateAttachment::bytes(png, name).description(alt_text))
}

/// The column and row selects and the buttons of a panel on `view` showing `sight`, in
/// `lang`; `id` is the custom id of each control.
pub fn controls(
    lang: Lang,
    view: &TargetView,
    sight: &Sight,
    offer: Offer,
    id: impl Fn(Aim) -> String,
) -> Vec<CreateActionRow> {
    let variant = view.variant;
    let size = variant.size();
    let cursor = sight.cursor;
    let offered = |c: Coord| offer == Offer::Every || is_open(view, c);
    let columns: Vec<_> = (0..size)
        .filter(|&col| (0..size).any(|row| Coord::new(col, row).is_some_and(offered)))
        .map(|col| {
            let letter = char::from(b'A' + col).to_string();
            CreateSelectMenuOption::new(tr!(lang, "editor-column", col = letter), col.to_string())
                .default_selection(col == cursor.col())
        })
        .collect();
    let rows: Vec<_> = (0..size)
        .filter(|&row| Coord::new(cursor.col(), row).is_some_and(offered))
        .map(|row| {
            CreateSelectMenuOption::new(tr!(lang, "editor-row", row = row + 1), row.to_string())
                .default_selection(row == cursor.row())
        })
        .collect();
    let select = |action, options: Vec<_>, placeholder: String| {
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id(action), CreateSelectMenuKind::String { options })
                .placeholder(placeholder)
                .min_values(1)
                .max_values(1),
        )
    };
    let on_target = offered(cursor);
    let fire = CreateButton::new(id(Aim::Fire))
        .emoji('🎯')
        .style(serenity::ButtonStyle::Danger);
    let buttons = match variant {
        Variant::Classic => vec![
            fire.label(tr!(lang, "aim-button-fire-at", cell = cursor.to_string()))
                .disabled(!on_target),
        ],
        Variant::Game2000 => {
            let picked = &sight.picked;
            let taking_out = picked.contains(&cursor);
            let add = CreateButton::new(id(Aim::Add))
                .label(if taking_out {
                    tr!(lang, "aim-button-remove", cell = cursor.to_string())
                } else {
                    tr!(lang, "aim-button-add", cell = cursor.to_string())
                })
                .emoji(if taking_out { '➖' } else { '➕' })
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!taking_out && (picked.len() >= SALVO || !on_target));
            let clear = CreateButton::new(id(Aim::Clear))
                .label(tr!(lang, "aim-button-clear"))
                .emoji('🧹')
                .style(serenity::ButtonStyle::Secondary)
                .disabled(picked.is_empty());
            let fire = fire
                .label(tr!(lang, "aim-button-fire-salvo", count = picked.len()))
                .disabled(picked.len() != SALVO);
            vec![add, fire, clear]
        }
    };
    let mut out = Vec::with_capacity(3);
    // A select needs an option; a sea in play always has an open cell.
    if !columns.is_empty() {
        out.push(select(
            Aim::Column,
            columns,
            tr!(lang, "aim-column-placeholder"),
        ));
    }
    if !rows.is_empty() {
        out.push(select(Aim::Row, rows, tr!(lang, "aim-row-placeholder")));
    }
    out.push(CreateActionRow::Buttons(buttons));
    out
}

/// The value picked in a select, if `click` is one.
#[must_use]
pub fn picked_value(click: &serenity::ComponentInteraction) -> Option<u8> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| v.parse().ok())
        }
        _ => None,
    }
}

/// What a click on a select (its `value`), Add or Clear does to the `sight` of a panel
/// on `view` (Fire is the feature's: this leaves it alone). A column whose cell in the
/// aimed row is not offered aims at the column's first offered cell.
pub fn step(
    view: &TargetView,
    offer: Offer,
    action: Aim,
    value: Option<u8>,
    sight: &mut Sight,
) -> Result<(), Refusal> {
    let variant = view.variant;
    let cursor = sight.cursor;
    match action {
        Aim::Column | Aim::Row => {
            let Some(v) = value else { return Ok(()) };
            let moved = match action {
                Aim::Column => Coord::new(v, cursor.row()),
                _ => Coord::new(cursor.col(), v),
            }
            .filter(|m| variant.contains(*m));
            let Some(moved) = moved else { return Ok(()) };
            sight.cursor = match offer {
                Offer::Open if !is_open(view, moved) => (0..variant.size())
                    .filter_map(|row| Coord::new(moved.col(), row))
                    .find(|&c| is_open(view, c))
                    .unwrap_or(moved),
                _ => moved,
            };
        }
        Aim::Clear => sight.picked.clear(),
        Aim::Add => {
            if let Some(at) = sight.picked.iter().position(|&p| p == cursor) {
                sight.picked.remove(at);
            } else if !is_open(view, cursor) {
                return Err(Refusal::Fired(cursor));
            } else if sight.picked.len() >= SALVO {
                return Err(Refusal::Full);
            } else {
                sight.picked.push(cursor);
                // Aim on at the next open cell, for the salvo's next.
                if let Some(next) = next_open(view, cursor, &sight.picked) {
                    sight.cursor = next;
                }
            }
        }
        Aim::Fire => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Fleet, Sea};

    fn cell(s: &str) -> Coord {
        s.parse().unwrap()
    }

    /// A Game 2000 sea with A1..C1 fired at.
    fn fired_view() -> TargetView {
        let fleet = Fleet::parse(Variant::Game2000, "B2-B4 D2-D4 F2-G2 B6-C6 E6-F6 H4 H8").unwrap();
        let mut sea = Sea::new(fleet);
        for c in ["A1", "B1", "C1"] {
            let _ = sea.resolve(cell(c), 1);
        }
        TargetView::of_sea(&sea)
    }

    #[test]
    fn a_salvo_takes_three_open_cells_and_the_selects_skip_the_fired() {
        let view = fired_view();
        assert_eq!(first_open(&view), Some(cell("D1")));
        let mut sight = Sight {
            cursor: cell("A1"),
            picked: Vec::new(),
        };
        assert_eq!(
            step(&view, Offer::Open, Aim::Add, None, &mut sight),
            Err(Refusal::Fired(cell("A1")))
        );
        // Row 1 in column A is fired: the column aims at its first open cell.
        step(&view, Offer::Open, Aim::Column, Some(0), &mut sight).unwrap();
        assert_eq!(sight.cursor, cell("A2"));
        step(&view, Offer::Every, Aim::Row, Some(0), &mut sight).unwrap();
        assert_eq!(sight.cursor, cell("A1"), "the daily's selects go anywhere");
        sight.cursor = cell("D1");
        for _ in 0..3 {
            step(&view, Offer::Open, Aim::Add, None, &mut sight).unwrap();
        }
        assert_eq!(sight.picked, [cell("D1"), cell("E1"), cell("F1")]);
        assert_eq!(sight.cursor, cell("G1"));
        assert_eq!(
            step(&view, Offer::Open, Aim::Add, None, &mut sight),
            Err(Refusal::Full)
        );
        // Add on a cell of the salvo takes it out; Clear empties it.
        sight.cursor = cell("E1");
        step(&view, Offer::Open, Aim::Add, None, &mut sight).unwrap();
        assert_eq!(sight.picked, [cell("D1"), cell("F1")]);
        step(&view, Offer::Open, Aim::Clear, None, &mut sight).unwrap();
        assert!(sight.picked.is_empty());
        assert_eq!(next_open(&view, cell("I9"), &[]), Some(cell("D1")));
    }
}
