//! Standings: points, then tiebreaks in this order: Buchholz Cut-1, Sonneborn-Berger,
//! number of wins, rating (then the pairing number, which no two entrants share, only to
//! list equals in a fixed order: they share their place). This is the one ranking of a
//! tournament: the bot's standings, its winner and the TRF export all take it from here.
//!
//! For the Buchholz family and Sonneborn-Berger a round without a played game (a bye, a
//! forfeit either way, an absence) counts as a game against a dummy opponent with the
//! player's own score, as FIDE's tiebreak rules (C.07, 2023) do. Points and tiebreak
//! values are in tenths of a point, like [`Tournament::points`].

use std::cmp::Ordering;

use super::{Entry, PlayerId, Tournament};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Place, 1 first; players tied on points and every tiebreak share it.
    pub rank: u32,
    /// Who.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Points, in tenths.
    pub points: u32,
    /// Sum of the opponents' points (tenths; shown, not a tiebreak).
    pub buchholz: u32,
    /// Buchholz without the lowest contribution (tenths).
    pub buchholz_cut1: u32,
    /// Sum of the points of beaten opponents plus half those of drawn ones (tenths,
    /// rounded down).
    pub sonneborn_berger: u32,
    /// The same in hundredths of a point (exact for a draw worth half a win against an
    /// odd number of tenths; saturates at `u32::MAX`).
    pub sonneborn_berger_hundredths: u32,
    /// Rounds worth a win's points (wins on the board, by forfeit, full-point byes).
    pub wins: u32,
    /// The entrant's rating.
    pub rating: u32,
}

/// Rank all entrants after the rounds recorded so far.
#[must_use]
pub fn standings(t: &Tournament) -> Vec<Row> {
    let win = t.point_values().win.max(1);
    let ids = t.entrant_ids();
    let mut rows: Vec<(Row, u64)> = ids
        .iter()
        .zip(t.entrants())
        .map(|(&id, e)| {
            let own = t.points(id).unwrap_or(0);
            let history = t.history(id).unwrap_or_default();
            let mut contributions = Vec::with_capacity(history.len());
            let mut sb_numerator = 0u64;
            let mut wins = 0;
            for entry in &history {
                let earned = t.entry_points(*entry);
                if earned >= win {
                    wins += 1;
                }
                let opponent_points = match entry {
                    Entry::Played { opponent, .. } => t.points(*opponent).unwrap_or(0),
                    _ => own,
                };
                contributions.push(opponent_points);
                sb_numerator += u64::from(opponent_points) * u64::from(earned);
            }
            let buchholz: u32 = contributions.iter().sum();
            let cut = contributions.iter().min().copied().unwrap_or(0);
            let row = Row {
                rank: 0,
                id,
                name: e.name.clone(),
                points: own,
                buchholz,
                buchholz_cut1: buchholz - cut,
                sonneborn_berger: (sb_numerator / u64::from(win)) as u32,
                sonneborn_berger_hundredths: u32::try_from(sb_numerator * 10 / u64::from(win))
                    .unwrap_or(u32::MAX),
                wins,
                rating: e.rating,
            };
            (row, sb_numerator)
        })
        .collect();
    // Sonneborn-Berger compared exactly (its numerator), not as rounded.
    let order = |a: &(Row, u64), b: &(Row, u64)| {
        b.0.points
            .cmp(&a.0.points)
            .then(b.0.buchholz_cut1.cmp(&a.0.buchholz_cut1))
            .then(b.1.cmp(&a.1))
            .then(b.0.wins.cmp(&a.0.wins))
            .then(b.0.rating.cmp(&a.0.rating))
    };
    rows.sort_by(|a, b| {
        order(a, b).then_with(|| t.pairing_number(a.0.id).cmp(&t.pairing_number(b.0.id)))
    });
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    for i in 0..rows.len() {
        let rank = if i > 0 && order(&rows[i - 1], &rows[i]) == Ordering::Equal {
            out[i - 1].rank
        } else {
            i as u32 + 1
        };
        let mut row = rows[i].0.clone();
        row.rank = rank;
        out.push(row);
    }
    out
}
