//! Standings: points, then tiebreaks in this order: Buchholz, Buchholz Cut-1,
//! Sonneborn-Berger, direct encounter, number of wins, rating.
//!
//! For the Buchholz family and Sonneborn-Berger a round without a played game (a bye, a
//! forfeit either way, an absence) counts as a game against a dummy opponent with the
//! player's own score, as FIDE's tiebreak rules (C.07, 2023) do. Points and tiebreak
//! values are in tenths of a point, like [`Tournament::points`].

use std::cmp::Ordering;

use super::{Entry, PlayerId, Score, Tournament};

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
    /// Sum of the opponents' points (tenths).
    pub buchholz: u32,
    /// Buchholz without the lowest contribution (tenths).
    pub buchholz_cut1: u32,
    /// Sum of the points of beaten opponents plus half those of drawn ones (tenths,
    /// rounded down).
    pub sonneborn_berger: u32,
    /// The same in hundredths of a point (exact for a draw worth half a win against an
    /// odd number of tenths; saturates at `u32::MAX`).
    pub sonneborn_berger_hundredths: u32,
    /// Points scored against the others tied with this player on points and the
    /// tiebreaks above, when all of them met each other; else 0 (tenths).
    pub direct_encounter: u32,
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
                direct_encounter: 0,
                wins,
                rating: e.rating,
            };
            (row, sb_numerator)
        })
        .collect();
    let before_encounter = |a: &(Row, u64), b: &(Row, u64)| {
        b.0.points
            .cmp(&a.0.points)
            .then(b.0.buchholz.cmp(&a.0.buchholz))
            .then(b.0.buchholz_cut1.cmp(&a.0.buchholz_cut1))
            .then(b.1.cmp(&a.1))
    };
    rows.sort_by(before_encounter);
    // Direct encounter inside each group tied so far.
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        while end < rows.len() && before_encounter(&rows[start], &rows[end]) == Ordering::Equal {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<PlayerId> = rows[start..end].iter().map(|r| r.0.id).collect();
            let scores: Vec<Option<u32>> =
                group.iter().map(|&id| encounter(t, id, &group)).collect();
            if scores.iter().all(Option::is_some) {
                for (row, s) in rows[start..end].iter_mut().zip(scores) {
                    row.0.direct_encounter = s.unwrap_or(0);
                }
            }
        }
        start = end;
    }
    let full = |a: &(Row, u64), b: &(Row, u64)| {
        before_encounter(a, b)
            .then(b.0.direct_encounter.cmp(&a.0.direct_encounter))
            .then(b.0.wins.cmp(&a.0.wins))
            .then(b.0.rating.cmp(&a.0.rating))
    };
    rows.sort_by(|a, b| {
        full(a, b).then_with(|| t.pairing_number(a.0.id).cmp(&t.pairing_number(b.0.id)))
    });
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    for i in 0..rows.len() {
        let rank = if i > 0 && full(&rows[i - 1], &rows[i]) == Ordering::Equal {
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

/// Points `id` scored in played games against the rest of `group`, or `None` if it has
/// not met all of them.
fn encounter(t: &Tournament, id: PlayerId, group: &[PlayerId]) -> Option<u32> {
    let history = t.history(id)?;
    let mut total = 0;
    for &other in group.iter().filter(|&&o| o != id) {
        let games: Vec<&Entry> = history
            .iter()
            .filter(|e| e.played() && e.opponent() == Some(other))
            .collect();
        if games.is_empty() {
            return None;
        }
        for e in games {
            if let Entry::Played { result, .. } = e {
                total += match result {
                    Score::Win => t.point_values().win,
                    Score::Draw => t.point_values().draw,
                    Score::Loss => t.point_values().loss,
                };
            }
        }
    }
    Some(total)
}
