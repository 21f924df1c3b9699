//! Random valid fleets.
//!
//! Every legal position of every ship length is listed once per variant
//! (cells and the no-touch zone as bit sets). A fleet is built longest ship
//! first, each ship drawn uniformly from the positions still free; when a ship
//! has no free position left the attempt starts over. With these fleets that is
//! rare, and an attempt costs a few hundred bit operations.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use super::coord::{CellSet, Coord};
use super::fleet::{Fleet, Orientation, Ship};
use super::variant::Variant;

/// One legal position of a ship on an empty board.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// The ship.
    pub ship: Ship,
    /// Its cells.
    pub cells: CellSet,
    /// Its cells and every cell around them: no other ship may use these.
    pub zone: CellSet,
}

/// Every position a ship of length `len` may take on an empty `variant` board,
/// honouring the per-ship rules (board, corners, long side on the edge).
#[must_use]
pub fn placements(variant: Variant, len: u8) -> &'static [Placement] {
    static TABLES: OnceLock<[Vec<Vec<Placement>>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Variant::ALL.map(build_table));
    let table = &tables[variant as usize];
    table.get(usize::from(len)).map_or(&[], Vec::as_slice)
}

fn build_table(variant: Variant) -> Vec<Vec<Placement>> {
    let max = variant.longest_ship();
    (0..=max)
        .map(|len| {
            if len == 0 {
                return Vec::new();
            }
            let orientations: &[Orientation] = if len == 1 {
                &[Orientation::Horizontal]
            } else {
                &[Orientation::Horizontal, Orientation::Vertical]
            };
            let mut out = Vec::new();
            for origin in Coord::all(variant.size()) {
                for &o in orientations {
                    let Ok(ship) = Ship::new(origin, len, o) else {
                        continue;
                    };
                    if ship_allowed(variant, ship) {
                        let cells = ship.cell_set();
                        out.push(Placement {
                            ship,
                            cells,
                            zone: cells.union(cells.halo(variant.size())),
                        });
                    }
                }
            }
            out
        })
        .collect()
}

/// Whether one ship alone is legal on `variant`'s board.
fn ship_allowed(variant: Variant, ship: Ship) -> bool {
    // A one-ship "fleet" check would also complain about counts, so check the
    // per-ship rules directly.
    let rules = variant.rules();
    let last = rules.size - 1;
    if !ship.cells().all(|c| variant.contains(c)) {
        return false;
    }
    if rules.no_corners
        && ship
            .cells()
            .any(|c| (c.col() == 0 || c.col() == last) && (c.row() == 0 || c.row() == last))
    {
        return false;
    }
    if rules.no_long_side_on_edge && ship.len() >= 2 {
        let o = ship.origin();
        let on_edge = match ship.orientation() {
            Orientation::Horizontal => o.row() == 0 || o.row() == last,
            Orientation::Vertical => o.col() == 0 || o.col() == last,
        };
        if on_edge {
            return false;
        }
    }
    true
}

/// A random valid fleet for `variant`, drawn with `rng`.
pub fn random_fleet<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> Fleet {
    let lengths: Vec<u8> = variant.ship_lengths().collect();
    let mut ships = Vec::with_capacity(lengths.len());
    draw(variant, &lengths, CellSet::EMPTY, rng, None, &mut ships);
    Fleet::from_valid_parts(variant, ships)
}

/// Ships of `lengths` (longest first) drawn at random around `placed`, which must be
/// valid together: each new ship keeps the no-touch rule with every other, old and new,
/// and the per-ship rules of `variant`. `None` when `attempts` draws all ran out of room
/// (the placed ships may leave none).
///
/// # Examples
///
/// ```
/// use broadside_game::random::random_rest;
/// use broadside_game::{Fleet, Ship, Variant};
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
///
/// let battleship: Ship = "A1-A4".parse()?;
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let rest = random_rest(Variant::Classic, &[battleship], &[3, 3, 2, 2, 2, 1, 1, 1, 1], &mut rng, 100)
///     .expect("an empty sea has room");
/// let mut ships = rest.clone();
/// ships.push(battleship);
/// assert!(Fleet::new(Variant::Classic, ships).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_rest<R: Rng + ?Sized>(
    variant: Variant,
    placed: &[Ship],
    lengths: &[u8],
    rng: &mut R,
    attempts: u32,
) -> Option<Vec<Ship>> {
    let size = variant.size();
    let taken = placed.iter().fold(CellSet::EMPTY, |acc, s| {
        let cells = s.cell_set();
        acc.union(cells).union(cells.halo(size))
    });
    let mut ships = Vec::with_capacity(lengths.len());
    draw(variant, lengths, taken, rng, Some(attempts), &mut ships).then_some(ships)
}

/// Draws one ship of each of `lengths` into `out`, each uniformly among the positions that
/// keep clear of `taken` and of the ships drawn before it; starts over when a ship finds
/// no room, at most `attempts` times (`None`: until it succeeds). Returns whether it did.
fn draw<R: Rng + ?Sized>(
    variant: Variant,
    lengths: &[u8],
    taken: CellSet,
    rng: &mut R,
    attempts: Option<u32>,
    out: &mut Vec<Ship>,
) -> bool {
    let mut free_buf: Vec<&Placement> = Vec::with_capacity(200);
    let mut tried = 0;
    'attempt: loop {
        if attempts.is_some_and(|most| tried >= most) {
            out.clear();
            return false;
        }
        tried += 1;
        out.clear();
        let mut blocked = taken;
        for &len in lengths {
            free_buf.clear();
            free_buf.extend(
                placements(variant, len)
                    .iter()
                    .filter(|p| !p.cells.intersects(blocked)),
            );
            if free_buf.is_empty() {
                continue 'attempt;
            }
            let pick = free_buf[rng.random_range(0..free_buf.len())];
            blocked = blocked.union(pick.zone);
            out.push(pick.ship);
        }
        return true;
    }
}

impl Fleet {
    /// A random valid fleet for `variant`, drawn with `rng`.
    ///
    /// # Examples
    ///
    /// ```
    /// use broadside_game::{Fleet, Variant};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(7);
    /// let fleet = Fleet::random(Variant::Game2000, &mut rng);
    /// assert_eq!(fleet.ships().len(), 7);
    ///
    /// // It passes every placement rule: its fleet string parses back to it.
    /// assert_eq!(Fleet::parse(Variant::Game2000, &fleet.to_string())?, fleet);
    ///
    /// // The same seed draws the same fleet; the next draw is another one.
    /// let again = Fleet::random(Variant::Game2000, &mut ChaCha8Rng::seed_from_u64(7));
    /// assert_eq!(again, fleet);
    /// assert_ne!(Fleet::random(Variant::Game2000, &mut rng), fleet);
    /// # Ok::<(), broadside_game::FleetError>(())
    /// ```
    pub fn random<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> Self {
        random_fleet(variant, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn placement_tables_have_the_expected_sizes() {
        // Classic: a ship of length L has 2 * 10 * (11 - L) positions (one orientation for L = 1).
        assert_eq!(placements(Variant::Classic, 1).len(), 100);
        assert_eq!(placements(Variant::Classic, 4).len(), 2 * 10 * 7);
        // Game 2000: singles anywhere but the 4 corners.
        assert_eq!(placements(Variant::Game2000, 1).len(), 81 - 4);
        // Length 3 horizontal: rows 2..=8 (7 rows), start columns A..=G (7) minus those covering
        // a corner — none, since corner rows are excluded. Same vertically.
        assert_eq!(placements(Variant::Game2000, 3).len(), 2 * 7 * 7);
        assert!(placements(Variant::Game2000, 4).is_empty());
    }

    #[test]
    fn random_fleets_are_valid_and_vary() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for variant in Variant::ALL {
            let a = Fleet::random(variant, &mut rng);
            let b = Fleet::random(variant, &mut rng);
            // Re-validating through the public constructor proves validity.
            assert_eq!(Fleet::new(variant, a.ships().to_vec()).unwrap(), a);
            assert_ne!(a, b);
        }
    }

    #[test]
    fn the_rest_is_drawn_around_the_placed_ships() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let placed: Vec<Ship> = ["B3-D3", "H7-H8"].map(|s| s.parse().unwrap()).to_vec();
        for _ in 0..50 {
            let rest = random_rest(Variant::Game2000, &placed, &[3, 2, 2, 1, 1], &mut rng, 100)
                .expect("room enough");
            assert_eq!(
                rest.iter().map(|s| s.len()).collect::<Vec<_>>(),
                [3, 2, 2, 1, 1]
            );
            let mut all = placed.clone();
            all.extend(rest);
            assert!(Fleet::new(Variant::Game2000, all).is_ok());
        }
        // No more than 25 one-cell ships keep clear of each other on a 10 × 10 sea.
        assert_eq!(
            random_rest(Variant::Classic, &[], &[1; 26], &mut rng, 20),
            None
        );
    }

    #[test]
    fn random_fleets_are_reproducible_from_a_seed() {
        let a = Fleet::random(Variant::Game2000, &mut ChaCha8Rng::seed_from_u64(42));
        let b = Fleet::random(Variant::Game2000, &mut ChaCha8Rng::seed_from_u64(42));
        assert_eq!(a, b);
    }
}
