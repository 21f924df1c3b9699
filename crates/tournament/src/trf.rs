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
                Entry::FullBye => (0, '-', 'F'),
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
        rounds.push(TrfRound {
            opponent,
            colour,
            result,
        });
        start += 10;
    }
    // Blank fields count where later rounds follow (a round missed); trailing ones not.
    while rounds
        .last()
        .is_some_and(|r| r.opponent.is_none() && r.colour == ' ' && r.result == ' ')
    {
        rounds.pop();
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

/// A tournament read from a TRF file, and who is to be paired in its next round.
#[derive(Clone, Debug)]
pub struct TrfTournament {
    /// The entrants (their ids are their TRF numbers, in the file's numbering order)
    /// and the rounds played.
    pub tournament: Tournament,
    /// The entrants to pair next: all but those with an arbiter's bye (`H`, `F`, `Z`)
    /// already entered in the next round's column.
    pub to_pair: Vec<PlayerId>,
}

/// What is wrong with a line of a TRF file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// A `001` line that its columns cannot be read from.
    #[error("{0}")]
    Player(TrfError),
    /// Two `001` lines with one number.
    #[error("pairing number {0} is used twice")]
    DuplicateNumber(u32),
    /// A round names an opponent who has no `001` line.
    #[error("round {round}: no player has number {opponent}")]
    UnknownOpponent {
        /// The round (1-based).
        round: usize,
        /// The number named.
        opponent: u32,
    },
    /// The opponent's line does not show the same game.
    #[error("round {round}: player {opponent}'s line does not show this game")]
    Mismatch {
        /// The round (1-based).
        round: usize,
        /// The opponent's number.
        opponent: u32,
    },
    /// A round field that is not a game, a forfeit or a bye.
    #[error("round {0}: an unknown colour or result")]
    BadRound(usize),
    /// Something written after the round to be paired next.
    #[error("round {0}: entered beyond the next round")]
    TooFar(usize),
    /// An `XXR` or `XXC` line without a readable value.
    #[error("unreadable value")]
    BadHeader,
    /// More rounds played than `XXR` says.
    #[error("{played} rounds played, but XXR says {total}")]
    TooManyRounds {
        /// Rounds in the file.
        played: usize,
        /// The `XXR` value.
        total: u32,
    },
}

/// Why a TRF file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// A line (1-based) could not be read.
    #[error("line {line}: {problem}")]
    Line {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: LineProblem,
    },
    /// No `001` line at all.
    #[error("no player lines (001)")]
    NoPlayers,
    /// The tournament itself is refused (duplicate or too many entrants).
    #[error("{0}")]
    Tournament(#[from] super::NewTournamentError),
}

/// One round field, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// A game or forfeit against the player of this index.
    Game {
        opponent: usize,
        colour: Option<Colour>,
        result: char,
    },
    /// The pairing-allocated bye (`U`, or `+` without an opponent).
    PairingBye,
    /// An arbiter's bye not paired: `H` half point, `F` full point, `Z` or `-` zero.
    Bye(char),
    /// Nothing written.
    Blank,
}

impl Field {
    /// Whether the player took part in the pairing of this round.
    fn paired(self) -> bool {
        matches!(self, Field::Game { .. } | Field::PairingBye)
    }
}

/// Read a TRF-16 tournament: the `001` player lines with the rounds played so far,
/// `XXR` (rounds in all), `XXC white1` or `XXC black1` (the colour of player 1 in round
/// one; when absent, inferred from the first round with colours: the highest player
/// paired by then had it, the next the other colour, and so on), and the point values `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`,
/// `BBU` that [`export`] writes. Other lines are ignored. Lines may end in LF, CR LF
/// or CR.
///
/// The rounds played are those up to the last one in which some player was paired (a
/// game, a forfeit or the pairing-allocated bye). In the column after them, an
/// arbiter's bye (`0000 - H`, `F`, `Z` or `-`) marks a player not to be paired next.
/// A full-point bye (`F`) in a round played is recorded as one
/// ([`super::GameResult::FullBye`]: a win's points, unplayed, never the
/// pairing-allocated bye after it, but no part in that round's pairing); a
/// double forfeit (`-` on both sides) as one ([`super::GameResult::DoubleForfeit`]:
/// both lost, both took part in the pairing). Entrants' ids are
/// their TRF numbers.
///
/// # Errors
///
/// [`ReadError::Line`] naming the first line that cannot be read or does not agree with
/// another, [`ReadError::NoPlayers`] for a file without players, and
/// [`ReadError::Tournament`] above [`super::MAX_ENTRANTS`].
#[expect(clippy::too_many_lines, reason = "one pass over the file's rounds")]
pub fn read(text: &str) -> Result<TrfTournament, ReadError> {
    let at = |line: usize, problem: LineProblem| ReadError::Line { line, problem };
    let mut total: Option<(usize, u32)> = None;
    let mut initial = None;
    let mut points = super::Points::default();
    let mut players: Vec<(usize, TrfPlayer)> = Vec::new();
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    for (k, line) in normalised.split('\n').enumerate() {
        let number = k + 1;
        let value = line.get(3..).unwrap_or("").trim();
        if line.starts_with("001") {
            let player = parse_player_line(line).map_err(|e| at(number, LineProblem::Player(e)))?;
            players.push((number, player));
        } else if line.starts_with("XXR") {
            let rounds = value
                .parse()
                .map_err(|_| at(number, LineProblem::BadHeader))?;
            total = Some((number, rounds));
        } else if line.starts_with("XXC") {
            let first = value.split_whitespace().next().unwrap_or("");
            initial = match first {
                "white1" => Some(Colour::White),
                "black1" => Some(Colour::Black),
                _ => return Err(at(number, LineProblem::BadHeader)),
            };
        } else if let Some(slot) = match line.get(..3) {
            Some("BBW") => Some(&mut points.win),
            Some("BBD") => Some(&mut points.draw),
            Some("BBL") => Some(&mut points.loss),
            Some("BBZ") => Some(&mut points.absent),
            Some("BBF") => Some(&mut points.forfeit_loss),
            Some("BBU") => Some(&mut points.pairing_bye),
            _ => None,
        } {
            *slot = parse_tenths(value).ok_or_else(|| at(number, LineProblem::BadHeader))?;
        }
    }
    if players.is_empty() {
        return Err(ReadError::NoPlayers);
    }
    players.sort_by_key(|(_, p)| p.number);
    for pair in players.windows(2) {
        if pair[0].1.number == pair[1].1.number {
            return Err(at(
                pair[1].0,
                LineProblem::DuplicateNumber(pair[1].1.number),
            ));
        }
    }
    let index_of = |number: u32| {
        players
            .binary_search_by_key(&number, |(_, p)| p.number)
            .ok()
    };
    // Every player's round fields, checked one by one.
    let mut fields: Vec<Vec<Field>> = Vec::with_capacity(players.len());
    for (line, p) in &players {
        let mut row = Vec::with_capacity(p.rounds.len());
        for (r, round) in p.rounds.iter().enumerate() {
            let colour = match round.colour {
                'w' | 'W' => Some(Colour::White),
                'b' | 'B' => Some(Colour::Black),
                '-' | ' ' => None,
                _ => return Err(at(*line, LineProblem::BadRound(r + 1))),
            };
            let result = round.result.to_ascii_uppercase();
            let field = match round.opponent {
                Some(opponent) => {
                    let Some(o) = index_of(opponent) else {
                        return Err(at(
                            *line,
                            LineProblem::UnknownOpponent {
                                round: r + 1,
                                opponent,
                            },
                        ));
                    };
                    let played = matches!(result, '1' | '0' | '=' | 'W' | 'D' | 'L');
                    if !(played && colour.is_some() || matches!(result, '+' | '-')) {
                        return Err(at(*line, LineProblem::BadRound(r + 1)));
                    }
                    Field::Game {
                        opponent: o,
                        colour,
                        result,
                    }
                }
                None => match result {
                    'U' | '+' => Field::PairingBye,
                    'H' | 'F' | 'Z' | '-' => Field::Bye(result),
                    ' ' if colour.is_none() => Field::Blank,
                    _ => return Err(at(*line, LineProblem::BadRound(r + 1))),
                },
            };
            row.push(field);
        }
        fields.push(row);
    }
    let played = fields
        .iter()
        .map(|row| row.iter().rposition(|f| f.paired()).map_or(0, |r| r + 1))
        .max()
        .unwrap_or(0);
    for (k, row) in fields.iter().enumerate() {
        if row.len() > played + 1 {
            return Err(at(players[k].0, LineProblem::TooFar(played + 2)));
        }
    }
    let (total_line, total_rounds) = total.unwrap_or((0, played as u32));
    if played > total_rounds as usize {
        return Err(at(
            total_line,
            LineProblem::TooManyRounds {
                played,
                total: total_rounds,
            },
        ));
    }
    // Without XXC, the colours of the first round that has any tell: the highest
    // player paired by then has the initial colour in it, the next one the other, and
    // so on down the ranking (as bbpPairings reads it). White when no round has one.
    let initial = initial.unwrap_or_else(|| {
        let coloured = |f: &Field| {
            matches!(
                f,
                Field::Game {
                    colour: Some(_),
                    ..
                }
            )
        };
        let Some(first) =
            (0..played).find(|&r| fields.iter().any(|row| row.get(r).is_some_and(coloured)))
        else {
            return Colour::White;
        };
        let mut k = 0;
        for row in &fields {
            if !row[..row.len().min(first + 1)].iter().any(|f| f.paired()) {
                continue;
            }
            if let Some(Field::Game {
                colour: Some(c), ..
            }) = row.get(first)
            {
                return if k % 2 == 0 { *c } else { c.opposite() };
            }
            k += 1;
        }
        Colour::White
    });
    let entrants = players
        .iter()
        .map(|(_, p)| super::Entrant {
            id: PlayerId(u64::from(p.number)),
            name: p.name.clone(),
            rating: p.rating,
        })
        .collect();
    let mut tournament = Tournament::ranked(entrants, total_rounds, initial)?.with_points(points);
    let id = |k: usize| PlayerId(u64::from(players[k].1.number));
    for r in 0..played {
        let mut results = Vec::new();
        for (k, row) in fields.iter().enumerate() {
            let field = row.get(r).copied().unwrap_or(Field::Blank);
            let result = match field {
                Field::Game {
                    opponent,
                    colour,
                    result,
                } => {
                    let back = fields[opponent].get(r).copied().unwrap_or(Field::Blank);
                    let Field::Game {
                        opponent: their_opponent,
                        colour: their_colour,
                        result: their_result,
                    } = back
                    else {
                        return Err(mismatch(&players, k, opponent, r));
                    };
                    let score = |c: char| match c {
                        '1' | 'W' | '+' => 2,
                        '=' | 'D' => 1,
                        _ => 0,
                    };
                    let forfeit = matches!(result, '+' | '-');
                    if their_opponent != k
                        || forfeit != matches!(their_result, '+' | '-')
                        || (!forfeit
                            && (colour == their_colour || score(result) + score(their_result) != 2))
                        || (forfeit && result == '+' && their_result == '+')
                    {
                        return Err(mismatch(&players, k, opponent, r));
                    }
                    if opponent < k {
                        continue;
                    }
                    if forfeit {
                        match (result, their_result) {
                            ('+', _) => Some(super::GameResult::Forfeit {
                                winner: id(k),
                                loser: id(opponent),
                            }),
                            (_, '+') => Some(super::GameResult::Forfeit {
                                winner: id(opponent),
                                loser: id(k),
                            }),
                            _ => Some(super::GameResult::DoubleForfeit(id(k), id(opponent))),
                        }
                    } else {
                        let (first, second, outcome) = if colour == Some(Colour::White) {
                            (k, opponent, score(result))
                        } else {
                            (opponent, k, score(their_result))
                        };
                        Some(super::GameResult::Played {
                            first: id(first),
                            second: id(second),
                            outcome: match outcome {
                                2 => super::Outcome::FirstWins,
                                1 => super::Outcome::Draw,
                                _ => super::Outcome::SecondWins,
                            },
                        })
                    }
                }
                Field::PairingBye => Some(super::GameResult::PairingBye(id(k))),
                Field::Bye('F') => Some(super::GameResult::FullBye(id(k))),
                Field::Bye('H') => Some(super::GameResult::HalfBye(id(k))),
                Field::Bye(_) | Field::Blank => None,
            };
            results.extend(result);
        }
        tournament
            .record_round(&results)
            .map_err(|_| at(players[0].0, LineProblem::BadRound(r + 1)))?;
    }
    let to_pair = fields
        .iter()
        .enumerate()
        .filter(|(_, row)| !matches!(row.get(played), Some(Field::Bye(_))))
        .map(|(k, _)| id(k))
        .collect();
    Ok(TrfTournament {
        tournament,
        to_pair,
    })
}

fn mismatch(players: &[(usize, TrfPlayer)], k: usize, opponent: usize, r: usize) -> ReadError {
    ReadError::Line {
        line: players[k].0,
        problem: LineProblem::Mismatch {
            round: r + 1,
            opponent: players[opponent].1.number,
        },
    }
}

/// Why [`pair_next`] printed no round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairNextError {
    /// The text is not a readable TRF.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// The tournament read cannot have its next round paired.
    #[error("cannot pair the next round: {0}")]
    Pair(#[from] super::dutch::PairingError),
}

/// What the `pair` example does with a TRF text: read it and pair its next round by
/// the Dutch system among the players without a bye entered for it, as
/// [`round_text`] writes it; or why not (the example then exits with code 1).
///
/// # Errors
///
/// [`PairNextError::Read`] for an unreadable text (naming the line),
/// [`PairNextError::Pair`] when the next round cannot be paired or all are played.
pub fn pair_next(text: &str) -> Result<String, PairNextError> {
    let read = read(text)?;
    let round = super::dutch::pair(&read.tournament, &read.to_pair)?;
    Ok(round_text(&round))
}

/// A paired round as pairing programs print it: the number of pairs on the first line,
/// then `white black` per line, the pairing-allocated bye as `N 0`. Players are written
/// as their ids' numbers (for a tournament from [`read`], their TRF numbers).
#[must_use]
pub fn round_text(round: &super::dutch::Round) -> String {
    let mut out = String::new();
    let count = round.pairs.len() + usize::from(round.bye.is_some());
    let _ = writeln!(out, "{count}");
    for (white, black) in &round.pairs {
        let _ = writeln!(out, "{white} {black}");
    }
    if let Some(bye) = round.bye {
        let _ = writeln!(out, "{bye} 0");
    }
    out
}

/// A round as numbers: `(white, black)` games and the pairing-allocated bye.
pub type RoundNumbers = (Vec<(u64, u64)>, Option<u64>);

/// Read a round as [`round_text`] writes it (and bbpPairings and `JaVaFo` do): games as
/// `(white, black)` numbers, and the bye. `None` when the text is not such a round.
#[must_use]
pub fn parse_round_text(text: &str) -> Option<RoundNumbers> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines.next()?.parse().ok()?;
    let mut pairs = Vec::new();
    let mut bye = None;
    for line in lines {
        let mut nums = line.split_whitespace().map(str::parse::<u64>);
        let (Some(Ok(a)), Some(Ok(b)), None) = (nums.next(), nums.next(), nums.next()) else {
            return None;
        };
        if b == 0 {
            bye = Some(a);
        } else {
            pairs.push((a, b));
        }
    }
    (pairs.len() + usize::from(bye.is_some()) == count).then_some((pairs, bye))
}
