//! Boards: the water grid with its coordinates, one's own fleet under fire,
//! and the shooter's knowledge of the enemy sea.

use crate::game::{Coord, OwnBoardView, TargetCell, TargetView, Variant};

use super::canvas::{Canvas, P};
use super::icons::{self, HullState};
use super::palette;
use super::text::{Fonts, Style};

/// Where a board's cells lie in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Left edge of the water (the outer grid line).
    pub x: u32,
    /// Top edge of the water.
    pub y: u32,
    /// Pitch of a cell, grid line included.
    pub cell: u32,
    /// Cells per side.
    pub size: u8,
}

impl Grid {
    /// The inside of `c` (grid lines excluded): `(x, y, w, h)`.
    #[must_use]
    pub fn cell_rect(&self, c: Coord) -> (u32, u32, u32, u32) {
        (
            self.x + 1 + u32::from(c.col()) * self.cell,
            self.y + 1 + u32::from(c.row()) * self.cell,
            self.cell - 1,
            self.cell - 1,
        )
    }

    /// The centre of `c`.
    #[must_use]
    pub fn centre(&self, c: Coord) -> (f32, f32) {
        let (x, y, w, h) = self.cell_rect(c);
        (x as f32 + w as f32 / 2.0, y as f32 + h as f32 / 2.0)
    }

    /// The pixel at the middle of `c`.
    #[must_use]
    pub fn centre_pixel(&self, c: Coord) -> (u32, u32) {
        let (x, y, w, h) = self.cell_rect(c);
        (x + w / 2, y + h / 2)
    }

    /// Width (and height) of the water, outer lines included.
    #[must_use]
    pub fn extent(&self) -> u32 {
        self.cell * u32::from(self.size) + 1
    }

    fn p(&self, c: Coord) -> P {
        let (x, y) = self.centre(c);
        P(x, y)
    }
}

/// Room left of the grid for row numbers.
pub const ROW_LABELS: u32 = 24;
/// Room above the grid for column letters.
pub const COL_LABELS: u32 = 20;

/// Draws water, grid lines and the coordinates around them.
pub fn water(canvas: &mut Canvas, fonts: &Fonts, g: Grid) {
    let ext = g.extent() as i32;
    let (x, y) = (g.x as i32, g.y as i32);
    canvas.fill_rect(x, y, ext, ext, palette::GRID);
    for row in 0..g.size {
        for col in 0..g.size {
            if let Some(c) = Coord::new(col, row) {
                let (cx, cy, w, h) = g.cell_rect(c);
                canvas.fill_rect(cx as i32, cy as i32, w as i32, h as i32, palette::WATER);
            }
        }
    }
    let half = g.cell as f32 / 2.0;
    for i in 0..g.size {
        let letter = char::from(b'A' + i).to_string();
        let cx = g.x as f32 + 0.5 + half + f32::from(i) * g.cell as f32;
        let cy = g.y as f32 - COL_LABELS as f32 / 2.0;
        fonts.draw_centred(canvas, Style::Label, &letter, cx, cy, palette::TEXT_DIM);
        let number = (u16::from(i) + 1).to_string();
        let ny = g.y as f32 + 0.5 + half + f32::from(i) * g.cell as f32;
        let nx = g.x as f32 - ROW_LABELS as f32 / 2.0;
        fonts.draw_centred(canvas, Style::Label, &number, nx, ny, palette::TEXT_DIM);
    }
}

/// Draws the ships and enemy shots of `view` on the water of `g`.
pub fn own_marks(canvas: &mut Canvas, g: Grid, view: &OwnBoardView) {
    let inset = g.cell as f32 * 0.12;
    for s in &view.ships {
        let (a, b) = (s.ship.origin(), s.ship.end());
        let (ax, ay, _, _) = g.cell_rect(a);
        let (bx, by, bw, bh) = g.cell_rect(b);
        let rect = (
            ax as f32 + inset,
            ay as f32 + inset,
            (bx + bw - ax) as f32 - 2.0 * inset,
            (by + bh - ay) as f32 - 2.0 * inset,
        );
        let state = if s.sunk {
            HullState::Sunk
        } else {
            HullState::Afloat
        };
        icons::hull(canvas, rect, s.ship.len(), s.ship.orientation(), state);
    }
    let size = g.cell as f32;
    for &(c, _) in &view.shots {
        match view.ships.iter().find(|s| s.ship.contains(c)) {
            Some(s) if s.sunk => icons::sunk_mark(canvas, g.p(c), size),
            Some(_) => icons::hit_mark(canvas, g.p(c), size),
            None => icons::miss_mark(canvas, g.p(c), size),
        }
    }
}

/// Draws what the shooter knows of the enemy sea on the water of `g`.
pub fn target_marks(canvas: &mut Canvas, fonts: &Fonts, g: Grid, view: &TargetView) {
    let size = g.cell as f32;
    let inset = size * 0.12;
    for ship in &view.sunk {
        let (ax, ay, _, _) = g.cell_rect(ship.origin());
        let (bx, by, bw, bh) = g.cell_rect(ship.end());
        let rect = (
            ax as f32 + inset,
            ay as f32 + inset,
            (bx + bw - ax) as f32 - 2.0 * inset,
            (by + bh - ay) as f32 - 2.0 * inset,
        );
        icons::hull(
            canvas,
            rect,
            ship.len(),
            ship.orientation(),
            HullState::Sunk,
        );
    }
    for c in Coord::all(view.variant.size()) {
        match view.cell(c) {
            TargetCell::Unknown => {}
            TargetCell::Miss => icons::miss_mark(canvas, g.p(c), size),
            TargetCell::Halo => icons::halo_mark(canvas, g.p(c), size),
            TargetCell::Hit => icons::hit_mark(canvas, g.p(c), size),
            TargetCell::Sunk => icons::sunk_mark(canvas, g.p(c), size),
            TargetCell::Fired { turn } => {
                let (x, y, w, h) = g.cell_rect(c);
                canvas.fill_rect(x as i32, y as i32, w as i32, h as i32, palette::FIRED);
                let (cx, cy) = g.centre(c);
                fonts.draw_centred(
                    canvas,
                    Style::Label,
                    &turn.to_string(),
                    cx,
                    cy,
                    palette::TEXT,
                );
            }
        }
    }
}

/// Cell pitch of the board pictures.
#[must_use]
pub const fn board_cell(variant: Variant) -> u32 {
    match variant {
        Variant::Classic => 32,
        Variant::Game2000 => 34,
    }
}
