//! FIDE's tournament report format, TRF(x): the text an external pairing engine
//! (`JaVaFo`, `bbpPairings`) reads, so that a pairing can be checked against it.
//!
//! [`export`] writes the header, `XXR` (rounds in total), `XXC` (the first player's
//! colour in round one), point values when they differ from 1, ½, 0, and one `001` line
//! per entrant with the rounds played so far. Players to be left out of the next round
//! can be marked with a zero-point bye for it. [`parse_player_line`] reads a `001` line
//! back.
//!
//! A `001` line has fixed columns (0-based): pairing number 4–7, name 14–46, rating
//! 48–51, points 80–83, rank 85–88, then 10 columns per round from 89: two spaces,
//! the opponent's pairing number (4), a space, the colour (`w`, `b`, `-`), a space and
//! the result (`1`, `=`, `0`; unplayed `+`, `-`, `U` pairing bye, `H` half-point bye,
//! `Z` zero).

use std::fmt::Write;

use unicode_width::UnicodeWidthChar;

use super::{Colour, Entry, PlayerId, Score, Tournament};

/// The TRF(x) text of `t` after the rounds recorded so far. If `next` is given, every
/// entrant not in it gets a zero-point bye (`Z`) in the next round, so an engine pairs
/// only the players in `next`.
#[must_use]
pub fn export(t: &Tournament, next: Option<&[PlayerId]>) -> String {
    let mut out = String::new();
    let ranking = super::standings::standings(t);
    let rank_of = |id: PlayerId| ranking.iter().find(|r| r.id == id).map_or(0, |r| r.rank);
    let _ = writeln!(out, "012 Broadside Swiss");
    let _ = writeln!(out, "062 {}", t.entrants().len());
    let _ = writeln!(out, "XXR {}", t.total_rounds());
    let first = match t.initial_colour() {
        Colour::White => "white1",
        Colour::Black => "black1",
    };
    let _ = writeln!(out, "XXC {first}");
    let p = t.point_values();
    let d = super::Points::default();
    for (code, value, default) in [
        ("BBW", p.win, d.win),
        ("BBD", p.draw, d.draw),
        ("BBL", p.loss, d.loss),
        ("BBZ", p.absent, d.absent),
        ("BBF", p.forfeit_loss, d.forfeit_loss),
        ("BBU", p.pairing_bye, d.pairing_bye),
    ] {
        if value != default {
            let _ = writeln!(out, "{code} {:>4}", tenths(value));
        }
    }
    for (i, e) in t.entrants().iter().enumerate() {
        let mut line = format!(
            "001 {:>4}      {} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            i + 1,
            name_field(&e.name),
            e.rating.min(9999),
            "",
            "",
            "",
            tenths(t.points(e.id).unwrap_or(0)),
            rank_of(e.id),
        );
        for entry in t.history(e.id).unwrap_or_default() {
            let number = |id: PlayerId| t.pairing_number(id).unwrap_or(0);
            let (opponent, colour, result) = match entry {
                Entry::Played {
                    opponent,
                    colour,
                    result,
                } => (
                    number(opponent),
                    if colour == Colour::White { 'w' } else { 'b' },
                    match result {
                        Score::Win => '1',
                        Score::Draw => '=',
                        Score::Loss => '0',
                    },
                ),
                Entry::ForfeitWin { opponent } => (number(opponent), '-', '+'),
                Entry::ForfeitLoss { opponent } => (number(opponent), '-', '-'),
                Entry::PairingBye => (0, '-', 'U'),
                Entry::HalfBye => (0, '-', 'H'),
                Entry::Absent => (0, '-', 'Z'),
            };
            if opponent == 0 {
                let _ = write!(line, "  0000 {colour} {result}");
            } else {
                let _ = write!(line, "  {opponent:>4} {colour} {result}");
            }
        }
        if next.is_some_and(|ids| !ids.contains(&e.id)) {
            line.push_str("  0000 - Z");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Display columns of the name field of a `001` line.
const NAME_COLUMNS: usize = 33;

/// `name` as the 33 display columns of a `001` line: control characters dropped, cut
/// before the character that would pass the last column, then padded with spaces to
/// exactly 33 columns, so that a wide (CJK) or zero-width character never moves the
/// columns after the name.
fn name_field(name: &str) -> String {
    let mut out = String::with_capacity(NAME_COLUMNS);
    let mut width = 0;
    for c in name.chars().filter(|c| !c.is_control()) {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if width + w > NAME_COLUMNS {
            break;
        }
        width += w;
        out.push(c);
    }
    out.extend(std::iter::repeat_n(' ', NAME_COLUMNS - width));
    out
}

/// Tenths of a point as TRF writes them: `1.5`, `10.0`.
fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

/// One round of a parsed `001` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfRound {
    /// The opponent's pairing number, if any.
    pub opponent: Option<u32>,
    /// `w`, `b` or `-`.
    pub colour: char,
    /// The result character.
    pub result: char,
}

/// A parsed `001` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// Pairing number.
    pub number: u32,
    /// Name, trimmed.
    pub name: String,
    /// Rating (0 when blank).
    pub rating: u32,
    /// Points in tenths.
    pub points: u32,
    /// The rounds, in order.
    pub rounds: Vec<TrfRound>,
}

/// Why a `001` line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// Not a `001` line, or shorter than its fixed columns.
    #[error("not a TRF player line")]
    NotPlayerLine,
    /// A number column does not hold a number.
    #[error("bad number in columns {0}")]
    BadNumber(&'static str),
}

/// Read a TRF `001` line.
pub fn parse_player_line(line: &str) -> Result<TrfPlayer, TrfError> {
    let columns = Columns::new(line);
    if columns.len() < 84 || !line.starts_with("001") {
        return Err(TrfError::NotPlayerLine);
    }
    let field = |a: usize, b: usize| columns.text(a, b);
    let number = field(4, 8)
        .trim()
        .parse()
        .map_err(|_| TrfError::BadNumber("4-7"))?;
    let name = field(14, 47).trim().to_owned();
    let rating_text = field(48, 52);
    let rating = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text
            .trim()
            .parse()
            .map_err(|_| TrfError::BadNumber("48-51"))?
    };
    let points = parse_tenths(field(80, 84).trim()).ok_or(TrfError::BadNumber("80-83"))?;
    let mut rounds = Vec::new();
    let mut start = 91;
    while start + 8 <= columns.len() {
        let opp = field(start, start + 4);
        let opponent = match opp.trim() {
            "" => None,
            text => match text.parse() {
                Ok(0) => None,
                Ok(number) => Some(number),
                Err(_) => return Err(TrfError::BadNumber("round opponent")),
            },
        };
        let colour = columns.at(start + 5);
        let result = columns.at(start + 7);
        if opponent.is_some() || colour != ' ' || result != ' ' {
            rounds.push(TrfRound {
                opponent,
                colour,
                result,
            });
        }
        start += 10;
    }
    Ok(TrfPlayer {
        number,
        name,
        rating,
        points,
        rounds,
    })
}

/// A line's characters by the display column each starts in (0-based), the layout
/// [`export`] writes; for text of one column per character (ASCII, Latin, Greek,
/// Cyrillic: everything FIDE's files hold) display columns and character positions agree.
struct Columns {
    /// `(column, character)` in order.
    chars: Vec<(usize, char)>,
    /// Columns in all.
    width: usize,
}

impl Columns {
    fn new(line: &str) -> Self {
        let mut width = 0;
        let chars = line
            .chars()
            .map(|c| {
                let at = width;
                width += UnicodeWidthChar::width(c).unwrap_or(0);
                (at, c)
            })
            .collect();
        Columns { chars, width }
    }

    fn len(&self) -> usize {
        self.width
    }

    /// The characters starting in columns `a..b`.
    fn text(&self, a: usize, b: usize) -> String {
        self.chars
            .iter()
            .filter(|&&(at, _)| (a..b).contains(&at))
            .map(|&(_, c)| c)
            .collect()
    }

    /// The character in column `at` (a space when none starts there).
    fn at(&self, at: usize) -> char {
        self.chars
            .iter()
            .find(|&&(c, ch)| c == at && UnicodeWidthChar::width(ch).unwrap_or(0) > 0)
            .map_or(' ', |&(_, c)| c)
    }
}

fn parse_tenths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    let frac = frac.chars().next().unwrap_or('0').to_digit(10)?;
    Some(whole.parse::<u32>().ok()? * 10 + frac)
}
