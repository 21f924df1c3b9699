//! Ratings and statistics, pure: no database, no Discord.
//!
//! Every member has one Glicko-2 rating per rule set. A rated match (member against
//! member, ended by sinking, a draw, a forfeit or a timeout) is one rating period for
//! both players: each is updated against the other's rating from before the match. The
//! maths is the `skillratings` crate's; this module only decides what counts and keeps
//! the numbers together. [`summarise`] turns a member's stored results into the figures
//! of `/stats`, and [`season`] is the calendar of rating seasons (where each starts and
//! ends in a server's time zone).

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

pub mod season;
pub mod settle;

/// Fewer rated games than this, and a rating is shown as provisional.
pub const PROVISIONAL_GAMES: u32 = 5;

/// Points of rating trend kept for the chart: the rating before the last 20 rated games
/// and after each of them.
pub const TREND_POINTS: usize = 21;

/// A member's Glicko-2 rating in one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 to start with).
    pub rating: f64,
    /// Its deviation (350 to start with): how unsure it is.
    pub deviation: f64,
    /// Its volatility (0.06 to start with): how erratic the member's results are.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        let start = Glicko2Rating::new();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
        }
    }
}

impl Rating {
    /// The rating as shown and ranked: rounded to a whole number.
    #[must_use]
    pub fn shown(&self) -> i64 {
        // Ratings stay within a few thousand, far inside i64.
        self.rating.round() as i64
    }

    /// Whether too few rated games were played for the rating to mean much.
    #[must_use]
    pub const fn is_provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }

    const fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    const fn after(g: Glicko2Rating, games: u32) -> Self {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games,
        }
    }
}

/// A result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Won.
    Win,
    /// Lost (also by forfeit or timeout).
    Loss,
    /// Drawn (Game 2000 only).
    Draw,
}

impl Outcome {
    /// The same result from the other side.
    #[must_use]
    pub const fn flipped(self) -> Self {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// How it is stored: `win`, `loss` or `draw`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        }
    }

    /// The inverse of [`Outcome::key`].
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "win" => Some(Outcome::Win),
            "loss" => Some(Outcome::Loss),
            "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }

    const fn glicko(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Loss => Outcomes::LOSS,
            Outcome::Draw => Outcomes::DRAW,
        }
    }
}

/// Both ratings after one rated match; `outcome` is `a`'s result.
#[must_use]
pub fn update(a: Rating, b: Rating, outcome: Outcome) -> (Rating, Rating) {
    let (na, nb) = glicko2(
        &a.glicko(),
        &b.glicko(),
        &outcome.glicko(),
        &Glicko2Config::new(),
    );
    (
        Rating::after(na, a.games.saturating_add(1)),
        Rating::after(nb, b.games.saturating_add(1)),
    )
}

/// One rating period with several games, as in Glickman's paper: `player`'s rating after
/// playing each `(opponent, result)` once. The bot rates every match as its own period
/// ([`update`]); this is the general form, used to check the maths against the paper.
#[must_use]
pub fn period(player: Rating, games: &[(Rating, Outcome)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(r, o)| (r.glicko(), o.glicko()))
        .collect();
    let games_played = u32::try_from(games.len()).unwrap_or(u32::MAX);
    Rating::after(
        glicko2_rating_period(&player.glicko(), &results, &Glicko2Config::new()),
        player.games.saturating_add(games_played),
    )
}

/// One finished match from one member's side, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// The match.
    pub match_id: u64,
    /// When it ended (ms since the epoch).
    pub ended_ms: i64,
    /// The member's result.
    pub outcome: Outcome,
    /// How it ended: `sunk`, `draw`, `forfeit` or `timeout`.
    pub how: String,
    /// The computer's difficulty when it was the opponent (then the match is not rated).
    pub computer: Option<String>,
    /// The opponent (the computer's user id against the computer).
    pub opponent: u64,
    /// Shots the member fired.
    pub shots: u32,
    /// Of which hits.
    pub hits: u32,
    /// Turns the member began.
    pub turns: u32,
    /// The rating before and after, for rated matches.
    pub rating: Option<(f64, f64)>,
}

/// Won, lost and drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Wins.
    pub wins: u32,
    /// Losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
}

impl Record {
    /// Counts one more result.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Loss => self.losses += 1,
            Outcome::Draw => self.draws += 1,
        }
    }

    /// Games in all.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// The figures of a member's statistics card in one rule set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Rated games: won, lost, drawn.
    pub record: Record,
    /// Hits per shot over the rated games, if a shot was fired.
    pub accuracy: Option<f64>,
    /// Average shots (classic) or turns (Game 2000) in rated games won by sinking.
    pub to_win: Option<f64>,
    /// The rated game won by sinking in the fewest shots (classic) or turns (Game 2000):
    /// its match id and that count.
    pub best: Option<(u64, u32)>,
    /// Rated wins in a row up to the last rated game.
    pub streak: u32,
    /// The longest run of rated wins.
    pub longest_streak: u32,
    /// The rating before the last 20 rated games and after each of them, oldest first.
    pub trend: Vec<f64>,
    /// Results against the computer per difficulty key, in the order first met.
    pub computer: Vec<(String, Record)>,
}

/// The statistics of `rows` (one member, one rule set, oldest first). `by_turns` counts
/// a game's length in turns (Game 2000) rather than shots (classic).
#[must_use]
pub fn summarise(rows: &[ResultRow], by_turns: bool) -> Summary {
    let mut s = Summary::default();
    let (mut shots, mut hits) = (0_u64, 0_u64);
    let (mut win_lengths, mut won_by_sinking) = (0_u64, 0_u32);
    let mut trend: Vec<f64> = Vec::new();
    for row in rows {
        if let Some(level) = &row.computer {
            let at = if let Some(i) = s.computer.iter().position(|(k, _)| k == level) {
                i
            } else {
                s.computer.push((level.clone(), Record::default()));
                s.computer.len() - 1
            };
            s.computer[at].1.add(row.outcome);
            continue;
        }
        s.record.add(row.outcome);
        shots += u64::from(row.shots);
        hits += u64::from(row.hits);
        if row.outcome == Outcome::Win {
            s.streak += 1;
            s.longest_streak = s.longest_streak.max(s.streak);
            if row.how == "sunk" {
                let length = if by_turns { row.turns } else { row.shots };
                win_lengths += u64::from(length);
                won_by_sinking += 1;
                if s.best.is_none_or(|(_, best)| length < best) {
                    s.best = Some((row.match_id, length));
                }
            }
        } else {
            s.streak = 0;
        }
        if let Some((before, after)) = row.rating {
            if trend.is_empty() {
                trend.push(before);
            }
            trend.push(after);
        }
    }
    if shots > 0 {
        // Counts stay far below 2^52, so the conversions are exact.
        #[expect(clippy::cast_precision_loss)]
        let accuracy = hits as f64 / shots as f64;
        s.accuracy = Some(accuracy);
    }
    if won_by_sinking > 0 {
        #[expect(clippy::cast_precision_loss)]
        let average = win_lengths as f64 / f64::from(won_by_sinking);
        s.to_win = Some(average);
    }
    // The rating before the 20th-last game is the one after the 21st-last.
    let keep = trend.len().min(TREND_POINTS);
    s.trend = trend.split_off(trend.len() - keep);
    s
}

#[cfg(test)]
mod tests;
