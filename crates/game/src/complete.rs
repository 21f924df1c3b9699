//! Completing the cells of a shot or salvo as they are typed (`/fire`'s autocomplete).
//!
//! Only what the shooter may know goes in: the rule set, the match's options and the cells
//! they fired at themselves. Nothing else of the enemy sea is asked for, so a suggestion
//! can never point at a ship: the cells offered are the open ones in sea order (row by
//! row), filtered by what is typed.

use super::coord::{CellSet, Coord, CoordError};
use super::state::FireError;
use super::variant::{MatchOptions, RepeatShots, Variant};

/// Why a typed shot cannot be completed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompleteError {
    /// A cell typed before the last one is not a cell of this sea.
    #[error(transparent)]
    Cell(#[from] CoordError),
    /// More cells than a turn takes, a cell fired at before or the same cell twice where
    /// repeats are refused.
    #[error(transparent)]
    Fire(#[from] FireError),
}

/// The completions of `typed` for a shooter who fired at `fired`, at most `most`, each a
/// whole value for the targets option: the cells typed so far, then one open cell that
/// starts with what is typed of the last one (`C` → `C1` … `C10`), never a cell of the
/// salvo already. With every cell of the turn typed, the salvo itself.
///
/// Where repeat shots are allowed (Game 2000 without `forbid_repeats`) and no open cell
/// fits, the cells fired at before that fit are offered, since they may be fired again;
/// where they are refused, a typed cell fired at before (or typed twice) is the error.
///
/// # Examples
///
/// ```
/// use broadside_game::complete::complete;
/// use broadside_game::{CellSet, Coord, MatchOptions, Variant};
///
/// let fired: CellSet = ["C1", "C2"].iter().map(|c| c.parse::<Coord>().unwrap()).collect();
/// let classic = complete(Variant::Classic, MatchOptions::default(), fired, "c", 25)?;
/// assert_eq!(classic[..3], ["C3", "C4", "C5"]);
/// assert_eq!(classic.len(), 8);
///
/// // Game 2000 keeps the typed cells and completes the last one, without repeating one.
/// let salvo = complete(Variant::Game2000, MatchOptions::default(), fired, "D5 C4 D", 25)?;
/// assert_eq!(salvo[..3], ["D5 C4 D1", "D5 C4 D2", "D5 C4 D3"]);
/// assert!(!salvo.contains(&"D5 C4 D5".to_owned()));
/// # Ok::<(), broadside_game::complete::CompleteError>(())
/// ```
pub fn complete(
    variant: Variant,
    options: MatchOptions,
    fired: CellSet,
    typed: &str,
    most: usize,
) -> Result<Vec<String>, CompleteError> {
    let shots = usize::from(variant.rules().shots_per_turn);
    let strict = options.repeat_shots(variant) == RepeatShots::Refused;
    let mut tokens: Vec<&str> = typed
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .collect();
    // The last token is the cell being typed ("" right after a separator).
    let last = tokens.pop().unwrap_or("").trim().to_ascii_uppercase();
    let mut salvo = Vec::with_capacity(shots);
    let mut seen = CellSet::EMPTY;
    for token in tokens.into_iter().filter(|t| !t.is_empty()) {
        let cell = Coord::parse_for(token, variant)?;
        if strict && fired.contains(cell) {
            return Err(FireError::AlreadyFired(cell).into());
        }
        if strict && seen.contains(cell) {
            return Err(FireError::Duplicate(cell).into());
        }
        seen.insert(cell);
        salvo.push(cell);
    }
    let written: Vec<String> = salvo.iter().map(ToString::to_string).collect();
    let head = written.join(" ");
    let too_many = FireError::WrongShotCount {
        variant: variant.short_name(),
        expected: variant.rules().shots_per_turn,
        given: salvo.len() + usize::from(!last.is_empty()),
    };
    if salvo.len() >= shots {
        return if salvo.len() == shots && last.is_empty() {
            Ok(vec![head])
        } else {
            Err(too_many.into())
        };
    }
    let fits = |c: &Coord| !seen.contains(*c) && c.to_string().starts_with(last.as_str());
    let with = |c: Coord| {
        if head.is_empty() {
            c.to_string()
        } else {
            format!("{head} {c}")
        }
    };
    let mut out: Vec<String> = Coord::all(variant.size())
        .filter(|c| !fired.contains(*c) && fits(c))
        .take(most)
        .map(with)
        .collect();
    if out.is_empty() && !strict {
        out = Coord::all(variant.size())
            .filter(|c| fired.contains(*c) && fits(c))
            .take(most)
            .map(with)
            .collect();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &[&str]) -> CellSet {
        names.iter().map(|c| c.parse::<Coord>().unwrap()).collect()
    }

    const PLAIN: MatchOptions = MatchOptions {
        repeats_forbidden: false,
    };
    const STRICT: MatchOptions = MatchOptions {
        repeats_forbidden: true,
    };

    #[test]
    fn open_cells_in_sea_order_at_most_as_many_as_asked() {
        let fired = cells(&["A1", "C1", "B2"]);
        let all = complete(Variant::Classic, PLAIN, fired, "", 25).unwrap();
        assert_eq!(all.len(), 25);
        assert_eq!(all[..4], ["B1", "D1", "E1", "F1"]);
        assert_eq!(all[8..11], ["A2", "C2", "D2"]);
        // Lower case, spaces around: the same.
        let c = complete(Variant::Classic, PLAIN, fired, " c", 25).unwrap();
        assert_eq!(c, (2..=10).map(|r| format!("C{r}")).collect::<Vec<_>>());
        // "C1" also starts "C10".
        assert_eq!(
            complete(Variant::Classic, PLAIN, cells(&[]), "C1", 25).unwrap(),
            ["C1", "C10"]
        );
        // Nothing fits: nothing offered.
        assert!(
            complete(Variant::Classic, PLAIN, fired, "K", 25)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn game2000_completes_the_last_cell_without_repeating_the_salvo() {
        let fired = cells(&["E1", "E2"]);
        let offered = complete(Variant::Game2000, PLAIN, fired, "C4, d5 e", 25).unwrap();
        assert_eq!(
            offered,
            (3..=9).map(|r| format!("C4 D5 E{r}")).collect::<Vec<_>>()
        );
        // The salvo's own cells are not offered again.
        let offered = complete(Variant::Game2000, PLAIN, cells(&[]), "C4 D", 25).unwrap();
        assert!(offered.contains(&"C4 D4".to_owned()));
        assert!(
            complete(Variant::Game2000, PLAIN, cells(&[]), "C4 C", 25)
                .unwrap()
                .iter()
                .all(|v| v != "C4 C4")
        );
        // Off this sea: J is no column of Game 2000.
        assert!(
            complete(Variant::Game2000, PLAIN, cells(&[]), "C4 J", 25)
                .unwrap()
                .is_empty()
        );
        // Three cells and a separator: the salvo as it is; a fourth is one too many.
        assert_eq!(
            complete(Variant::Game2000, PLAIN, cells(&[]), "c4 d5 e6 ", 25).unwrap(),
            ["C4 D5 E6"]
        );
        assert!(matches!(
            complete(Variant::Game2000, PLAIN, cells(&[]), "C4 D5 E6 F", 25),
            Err(CompleteError::Fire(FireError::WrongShotCount {
                given: 4,
                ..
            }))
        ));
        assert!(matches!(
            complete(Variant::Classic, PLAIN, cells(&[]), "C4 D", 25),
            Err(CompleteError::Fire(FireError::WrongShotCount { .. }))
        ));
        assert!(matches!(
            complete(Variant::Game2000, PLAIN, cells(&[]), "C 4", 25),
            Err(CompleteError::Cell(_))
        ));
    }

    #[test]
    fn forbid_repeats_is_respected() {
        let fired = cells(&["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"]);
        // Repeats allowed: with no open C left, the fired ones may be fired again.
        let again = complete(Variant::Game2000, PLAIN, fired, "A1 C", 25).unwrap();
        assert_eq!(again.len(), 9);
        // Refused: nothing to offer, and a typed repeat is the error.
        assert!(
            complete(Variant::Game2000, STRICT, fired, "A1 C", 25)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            complete(Variant::Game2000, STRICT, fired, "C1 A", 25),
            Err(CompleteError::Fire(FireError::AlreadyFired(
                "C1".parse().unwrap()
            )))
        );
        assert_eq!(
            complete(Variant::Game2000, STRICT, cells(&[]), "A2 A2 B", 25),
            Err(CompleteError::Fire(FireError::Duplicate(
                "A2".parse().unwrap()
            )))
        );
        // Allowed, the same cell twice is the player's choice (it is water).
        assert!(complete(Variant::Game2000, PLAIN, cells(&[]), "A2 A2 B", 25).is_ok());
    }
}
