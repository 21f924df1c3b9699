//! Every word the pictures and their alt texts use, so that another language
//! can be passed in. `{…}` placeholders are filled in by the renderer.

use std::borrow::Cow;

/// Words and short templates for pictures and alt texts. [`Labels::default`] is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Heading of one's own board.
    pub your_fleet: Cow<'static, str>,
    /// Heading of the target board.
    pub enemy_waters: Cow<'static, str>,
    /// Heading of the Game 2000 report history.
    pub history: Cow<'static, str>,
    /// "Turn {n}".
    pub turn: Cow<'static, str>,
    /// Heading of the ships-left legend.
    pub ships_left: Cow<'static, str>,
    /// A Game 2000 report of a miss.
    pub water: Cow<'static, str>,
    /// "length {len} hit".
    pub hit_len: Cow<'static, str>,
    /// "length {len} destroyed".
    pub destroyed_len: Cow<'static, str>,
    /// Classic per-cell words for alt texts.
    pub miss: Cow<'static, str>,
    /// Classic: a hit.
    pub hit: Cow<'static, str>,
    /// Classic: "ship of length {len} sunk".
    pub sunk_len: Cow<'static, str>,
    /// "{name} wins".
    pub wins: Cow<'static, str>,
    /// A drawn match.
    pub draw: Cow<'static, str>,
    /// A match called off.
    pub cancelled: Cow<'static, str>,
    /// Why the winner won: every enemy ship sunk.
    pub reason_fleet: Cow<'static, str>,
    /// Why the winner won: the other gave up.
    pub reason_forfeit: Cow<'static, str>,
    /// Why the winner won: the other let a turn run out.
    pub reason_timeout: Cow<'static, str>,
    /// The reason of a draw at the turn limit.
    pub reason_turn_limit: Cow<'static, str>,
    /// Statistics: shots fired.
    pub shots: Cow<'static, str>,
    /// Statistics: hits.
    pub hits: Cow<'static, str>,
    /// Statistics: hits per shot.
    pub accuracy: Cow<'static, str>,
    /// Statistics: turns played.
    pub turns: Cow<'static, str>,
    /// A whole percentage: "{n}%" (some languages put a space before the sign).
    pub percent: Cow<'static, str>,
    /// Alt text: "{afloat} of {total} ships afloat".
    pub afloat: Cow<'static, str>,
    /// Alt text: "enemy shots: {shots}, hits: {hits}".
    pub enemy_shots: Cow<'static, str>,
    /// Alt text of the classic target board, after a semicolon: "shots: {shots}, hits: {hits}".
    pub shots_fired: Cow<'static, str>,
    /// Alt text: "no shots yet".
    pub no_shots: Cow<'static, str>,
    /// Alt text of the classic target board: "Sunk: {cells}", the sunk ships.
    pub alt_sunk: Cow<'static, str>,
    /// Alt text of the classic target board: "Hit, not sunk yet: {cells}".
    pub alt_hits: Cow<'static, str>,
    /// Alt text of the classic target board: "Missed: {cells}".
    pub alt_misses: Cow<'static, str>,
    /// Alt text of the classic target board: "Water around sunk ships: {cells}", the cells
    /// known to be empty that were not fired at.
    pub alt_known_water: Cow<'static, str>,
    /// Alt text of the Game 2000 target board: "Water (turns without a hit): {cells}", cells first fired at in
    /// turns that reported nothing but water.
    pub alt_only_water: Cow<'static, str>,
    /// Alt text of the Game 2000 target board when the oldest turns do not fit:
    /// "Older turns left out: {n}".
    pub alt_left_out: Cow<'static, str>,
    /// Alt text of one's own board: "Ships: {ships}".
    pub alt_ships: Cow<'static, str>,
    /// Alt text of one's own board, a damaged ship: "{ship} (hit: {cells})".
    pub alt_ship_hit: Cow<'static, str>,
    /// Alt text of one's own board, a sunk ship: "{ship} (sunk)".
    pub alt_ship_sunk: Cow<'static, str>,
    /// Alt text of one's own board: "Enemy misses: {cells}".
    pub alt_enemy_misses: Cow<'static, str>,
    /// Replay frames: "Move {n} of {total}: {name}".
    pub replay_move: Cow<'static, str>,
    /// Replay frames of a long match: "one frame per {k} moves".
    pub replay_sampled: Cow<'static, str>,
    /// Alt text of a replay: "Replay of {a} against {b}, {moves} moves".
    pub replay_alt: Cow<'static, str>,
}

impl Default for Labels {
    fn default() -> Self {
        Labels {
            your_fleet: "Your fleet".into(),
            enemy_waters: "Enemy waters".into(),
            history: "Reports".into(),
            turn: "Turn {n}".into(),
            ships_left: "Ships left".into(),
            water: "water".into(),
            hit_len: "length {len} hit".into(),
            destroyed_len: "length {len} destroyed".into(),
            miss: "miss".into(),
            hit: "hit".into(),
            sunk_len: "ship of length {len} sunk".into(),
            wins: "{name} wins".into(),
            draw: "Draw".into(),
            cancelled: "Called off".into(),
            reason_fleet: "every ship sunk".into(),
            reason_forfeit: "by forfeit".into(),
            reason_timeout: "on time".into(),
            reason_turn_limit: "turn limit reached".into(),
            shots: "Shots".into(),
            hits: "Hits".into(),
            accuracy: "Accuracy".into(),
            turns: "Turns".into(),
            percent: "{n}%".into(),
            afloat: "{afloat} of {total} ships afloat".into(),
            enemy_shots: "enemy shots: {shots}, hits: {hits}".into(),
            shots_fired: "shots: {shots}, hits: {hits}".into(),
            no_shots: "no shots yet".into(),
            alt_sunk: "Sunk: {cells}".into(),
            alt_hits: "Hit, not sunk yet: {cells}".into(),
            alt_misses: "Missed: {cells}".into(),
            alt_known_water: "Water around sunk ships: {cells}".into(),
            alt_only_water: "Water (turns without a hit): {cells}".into(),
            alt_left_out: "Older turns left out: {n}".into(),
            alt_ships: "Ships: {ships}".into(),
            alt_ship_hit: "{ship} (hit: {cells})".into(),
            alt_ship_sunk: "{ship} (sunk)".into(),
            alt_enemy_misses: "Enemy misses: {cells}".into(),
            replay_move: "Move {n} of {total}: {name}".into(),
            replay_sampled: "one frame per {k} moves".into(),
            replay_alt: "Replay of {a} against {b}, {moves} moves".into(),
        }
    }
}

/// `template` with each `{key}` replaced by its value.
#[must_use]
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_placeholders() {
        let l = Labels::default();
        assert_eq!(fill(&l.hit_len, &[("len", "2")]), "length 2 hit");
        assert_eq!(fill(&l.wins, &[("name", "Ann")]), "Ann wins");
        assert_eq!(fill(&l.sunk_len, &[("len", "3")]), "ship of length 3 sunk");
        assert_eq!(fill(&l.percent, &[("n", "47")]), "47%");
    }
}
