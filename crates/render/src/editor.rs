//! The placement editor's picture: the preview's board with the fleet placed so far, the
//! selected ship rimmed in gold, the bow cell ringed, and the cells where the selected
//! ship's bow cannot go shaded.

use crate::game::editor::Draft;
use crate::game::{CellSet, Coord, OwnBoardView, ShipView};

use super::board::Grid;
use super::icons::{self, HullState};
use super::palette::{self, Rgb};
use super::{Labels, Picture, Renderer};

/// The shade over a cell the selected ship's bow cannot take: the water, darkened.
const SHADE: Rgb = Rgb::hex(0x10_2438);
/// The stripes across a shaded cell (so that it reads without colour too).
const SHADE_STRIPE: Rgb = Rgb::hex(0x2B_4158);

impl Renderer {
    /// The editor of `draft`: the board of the placement preview (same layer, same
    /// heading) with the placed ships, the selected one rimmed in gold, its bow cell
    /// ringed, and the cells its bow cannot take shaded ([`Draft::blocked`]).
    #[must_use]
    pub fn editor(&self, draft: &Draft, labels: &Labels) -> Picture {
        let selected = usize::from(draft.cursor().ship);
        let chosen = draft.slots().get(selected).copied().flatten();
        let view = OwnBoardView {
            variant: draft.variant(),
            ships: draft
                .placed()
                .filter(|&s| Some(s) != chosen)
                .map(|ship| ShipView {
                    ship,
                    hits: CellSet::EMPTY,
                    sunk: false,
                })
                .collect(),
            shots: Vec::new(),
        };
        let mut picture = self.own_board(&view, labels);
        let g = picture.grids[0];
        shade(&mut picture, g, shaded_cells(draft));
        if let Some(ship) = chosen {
            selected_hull(&mut picture, g, ship);
        }
        let (cx, cy) = g.centre(draft.cursor().bow);
        let r = g.cell as f32 * 0.36;
        picture.canvas.ring(
            super::canvas::P(cx, cy),
            r,
            (g.cell as f32 * 0.09).max(2.0),
            palette::GOLD,
        );
        picture
    }
}

/// Darkens and stripes each cell of `cells`.
fn shade(picture: &mut Picture, g: Grid, cells: CellSet) {
    let period = (g.cell / 5).max(4);
    for c in cells.iter() {
        let (x, y, w, h) = g.cell_rect(c);
        picture
            .canvas
            .fill_rect(x as i32, y as i32, w as i32, h as i32, SHADE);
        picture.canvas.hatch(
            x as f32,
            y as f32,
            w as f32,
            h as f32,
            0.0,
            period,
            SHADE_STRIPE,
        );
    }
}

/// The selected ship: a gold rim around an ordinary hull.
fn selected_hull(picture: &mut Picture, g: Grid, ship: crate::game::Ship) {
    let (ax, ay, _, _) = g.cell_rect(ship.origin());
    let (bx, by, bw, bh) = g.cell_rect(ship.end());
    let (x, y) = (ax as f32, ay as f32);
    let (w, h) = ((bx + bw - ax) as f32, (by + bh - ay) as f32);
    let rim = g.cell as f32 * 0.06;
    picture.canvas.rounded_rect(
        x + rim,
        y + rim,
        w - 2.0 * rim,
        h - 2.0 * rim,
        g.cell as f32 * 0.4,
        palette::GOLD,
    );
    let inset = g.cell as f32 * 0.16;
    icons::hull(
        &mut picture.canvas,
        (x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset),
        ship.len(),
        ship.orientation(),
        HullState::Afloat,
    );
}

/// The cells of `draft`'s sea, row by row, that its picture shades: where the selected
/// ship's bow cannot go, except under the ships (which are drawn).
#[must_use]
pub fn shaded(draft: &Draft) -> Vec<Coord> {
    shaded_cells(draft).iter().collect()
}

fn shaded_cells(draft: &Draft) -> CellSet {
    let covered = draft
        .placed()
        .fold(CellSet::EMPTY, |acc, s| acc.union(s.cell_set()));
    draft.blocked().difference(covered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::editor::Cursor;
    use crate::game::{Orientation, Variant};

    #[test]
    fn shaded_cells_are_dark_and_the_bow_is_ringed() {
        let r = Renderer::new();
        let mut draft = Draft::new(Variant::Classic);
        draft
            .set_cursor(Cursor {
                ship: 0,
                bow: "D4".parse().unwrap(),
            })
            .unwrap();
        draft.place(Orientation::Horizontal).unwrap();
        // The cruiser is selected now: the battleship's halo is shaded for it.
        let picture = r.editor(&draft, &Labels::default());
        let g = picture.grids()[0];
        let at = |cell: &str| {
            let (x, y) = g.centre_pixel(cell.parse().unwrap());
            picture.canvas().get(x, y - 3).unwrap()
        };
        let shaded = shaded(&draft);
        assert!(shaded.contains(&"C3".parse().unwrap()));
        assert!(matches!(at("C3"), SHADE | SHADE_STRIPE), "{:?}", at("C3"));
        // Open water away from it is not.
        assert_eq!(at("A10"), palette::WATER);
        // The battleship is drawn as a hull, not shaded.
        assert_ne!(at("E4"), SHADE);
        // The same draft draws the same picture.
        assert_eq!(
            r.editor(&draft, &Labels::default()).to_png().unwrap(),
            picture.to_png().unwrap()
        );
    }

    #[test]
    fn the_selected_ship_is_rimmed_in_gold() {
        let r = Renderer::new();
        let mut draft = Draft::new(Variant::Game2000);
        draft
            .set_cursor(Cursor {
                ship: 0,
                bow: "C3".parse().unwrap(),
            })
            .unwrap();
        draft.place(Orientation::Vertical).unwrap();
        draft
            .set_cursor(Cursor {
                ship: 0,
                bow: "F6".parse().unwrap(),
            })
            .unwrap();
        let picture = r.editor(&draft, &Labels::default());
        let g = picture.grids()[0];
        // Near the top edge of C3's cell, inside the rim: gold.
        let (x, y, w, _) = g.cell_rect("C3".parse().unwrap());
        let rim = (x + w / 2, y + (g.cell as f32 * 0.09) as u32);
        assert_eq!(picture.canvas().get(rim.0, rim.1), Some(palette::GOLD));
        // Unselected, the same ship has no gold.
        let mut other = draft.clone();
        other
            .set_cursor(Cursor {
                ship: 1,
                bow: "F6".parse().unwrap(),
            })
            .unwrap();
        let plain = r.editor(&other, &Labels::default());
        assert_ne!(plain.canvas().get(rim.0, rim.1), Some(palette::GOLD));
    }
}
