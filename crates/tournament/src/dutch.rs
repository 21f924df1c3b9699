//! Pairing one round by the FIDE Dutch system (FIDE Handbook C.04.3, rules of 2025).
//!
//! The rules pair score brackets from the top down. Each bracket must leave the rest of
//! the round pairable (the completion criterion), must not break an absolute criterion
//! (no rematch; no second pairing-allocated bye; two players with the same absolute
//! colour preference never meet, except topscorers in the last round), and then
//! optimises the quality criteria in their order of priority: as many pairs as
//! possible, downfloaters with scores as low as possible, the same for the next bracket,
//! a bye to the player with the fewest unplayed games, colour preferences (topscorers'
//! colour differences beyond ±2 and three equal colours in a row, then preferences,
//! then strong preferences), and repeated floats (one and two rounds back, first by
//! count, then by score).
//!
//! Here every bracket is settled by a maximum-weight matching over all players still
//! unpaired. Each edge's weight is a wide integer whose bit fields, most significant
//! first, hold those criteria, so the heaviest matching is the best one
//! lexicographically; pairs inside the current bracket are then fixed and its unpaired
//! players float down into the next bracket. The weights are exactly as wide as the
//! bracket's fields need (rounded up to whole 64-bit limbs); a bracket needing more
//! than [`MAX_WEIGHT_BITS`] is refused with [`PairingError::TooLarge`], never cut
//! (it does not happen up to [`super::MAX_ENTRANTS`] players).
//!
//! Below the criteria come the rules' order of candidates inside a bracket, each as a
//! block of fields (one field per player, the first player's most significant, so the
//! heaviest matching makes the rules' choices one player after the other):
//! which moved-down players are paired in the bracket (the highest first), then each
//! moved-down player's opponent (the highest resident it can have); then for the
//! residents left over (the remainder), the top half as large as the pairs made: the
//! fewest exchanges, the smallest difference of the exchanged players' numbers, the
//! lowest top-half players leaving it first, the highest bottom-half players joining
//! it first, and each higher player in turn the highest opponent. A bracket is matched
//! again when the first matching shows that the moved-down players took other
//! residents, or the remainder made another number of pairs, than assumed.
//!
//! The bye's criterion C9 (the fewest unplayed games) counts in a bracket when the bye
//! comes from that bracket's score group and the matching pairs everyone in it within
//! it; rule E5 counts pairing numbers among the entrants who have taken part in a
//! pairing (a game, a forfeit, a double forfeit, the pairing-allocated bye; not an
//! arbiter's full-point bye) or are paired now. Both follow `bbpPairings` (v6), FIDE's
//! endorsed engine, where the handbook leaves the reading open. No known approximation
//! is left: each difference the measurements below found was fixed in the model.
//!
//! Measured with `examples/pair_check.rs --generate` against `bbpPairings` on its own
//! random tournaments (8–100 players, 5–11 rounds, draws, forfeits, retirements,
//! half-point byes): seeds 1–1 000, all 7 753 rounds and all 970 tournaments the
//! generator made identical (it could not pair 30); seeds 1 001–3 000, all 15 302
//! rounds and all 1 934 tournaments (66 not made). The last difference found (seed
//! 2 050, round 2, one game's colours) came from a double forfeit read as two absences,
//! which took a place out of E5's count.
//!
//! Speed: whether the round can be paired at all, and the score group the bye must
//! come from, are asked of an unweighted (cardinality) matching. Each bracket then
//! runs the weighted matching over all players still unpaired, with weights as wide as
//! that bracket's fields need (a field counting pairs inside the bracket is sized by
//! the pairs the bracket can make, not the whole round). Every matching sought is as
//! large as can be, so it is sought as a perfect matching (an odd count gets an extra
//! vertex, the bye) started from the last one found: the cardinality matching for the
//! first, then the last bracket's pairs below it, which keep their place wherever the
//! new weights leave them tight, so only the players whose edges changed (the current
//! and next brackets, mostly) are matched again. Round 9 of a 256-player tournament
//! from `bbpPairings`' generator (seed 7, 254 players to pair), run in turn with
//! `bbpPairings` on the same file on a shared, loaded 2-core machine, 9 runs each:
//! 0.15 s of CPU median (0.12 s at best) against `bbpPairings`' 0.70 s (0.56 s), about
//! a fifth of its time; the matching from scratch took 0.47 s (0.30 s). Peak memory
//! 29 MB. Again after the double forfeit and full-point bye became results of their
//! own, 3 runs each: 0.11–0.14 s against 0.48–0.56 s, the same 127 pairs, 29 MB.

use super::{Colour, Entry, PlayerId, Tournament};
use crate::matching::{Cardinality, Wide, max_weight_matching, max_weight_perfect_matching};

/// A paired round: games (first-firing player first), board order, and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Round {
    /// `(White, Black)`: the first player fires first. Board 1 first.
    pub pairs: Vec<(PlayerId, PlayerId)>,
    /// The player given the pairing-allocated bye, if the count was odd.
    pub bye: Option<PlayerId>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// A player to pair is not an entrant.
    #[error("player {0} is not in the tournament")]
    Unknown(PlayerId),
    /// A player is listed twice.
    #[error("player {0} is listed twice")]
    Twice(PlayerId),
    /// Every round has been played.
    #[error("all rounds have been played")]
    Finished,
    /// No pairing satisfies the absolute criteria (rematches, byes, colours).
    #[error("no pairing of these players satisfies the absolute criteria")]
    NoLegalPairing,
    /// The criteria of a bracket this large need wider weights than the matching
    /// supports ([`MAX_WEIGHT_BITS`]); never for [`super::MAX_ENTRANTS`] players.
    #[error("a bracket needs {0}-bit weights, more than the pairing supports")]
    TooLarge(u32),
}

/// The widest edge weight the matching is run with, in bits (64 limbs of 64 bits).
pub const MAX_WEIGHT_BITS: u32 = 64 * 64;

/// A float in an earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// What the pairing needs to know about one player.
#[derive(Clone, Debug)]
struct Player {
    id: PlayerId,
    /// Pairing number − 1.
    rank: usize,
    score: u32,
    /// Ranks of the opponents of played games.
    opponents: Vec<usize>,
    /// Whites minus blacks.
    imbalance: i32,
    preference: Option<Colour>,
    /// The colour of the last two played games, when they agree.
    repeated: Option<Colour>,
    strong: bool,
    /// Colours of played games, oldest first.
    colours: Vec<Colour>,
    played: u32,
    /// No pairing-allocated bye, and no unplayed round worth a win, so far.
    bye_eligible: bool,
    /// Floats one and two rounds back.
    floats: [Float; 2],
    /// The rank that decides colours by rule E5: the pairing number − 1 counted among
    /// the entrants who have taken part in a pairing or are paired now (an entrant
    /// absent from every round so far holds no place), as bbpPairings numbers them.
    colour_rank: usize,
}

impl Player {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance.abs() > 1
    }

    fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

fn gather(t: &Tournament, id: PlayerId) -> Player {
    let rank = t.rank_of(id).expect("checked by the caller");
    let history = t.history(id).expect("an entrant");
    let p = t.point_values();
    let mut colours = Vec::new();
    let mut opponents = Vec::new();
    let mut bye_eligible = true;
    for e in &history {
        match *e {
            Entry::Played {
                opponent, colour, ..
            } => {
                colours.push(colour);
                opponents.push(t.rank_of(opponent).expect("an entrant"));
            }
            Entry::PairingBye => bye_eligible = false,
            other => {
                if t.entry_points(other) >= p.win {
                    bye_eligible = false;
                }
            }
        }
    }
    let count = |n: usize| i32::try_from(n).expect("rounds fit in an i32");
    let whites = count(colours.iter().filter(|&&c| c == Colour::White).count());
    let blacks = count(colours.len()) - whites;
    let imbalance = whites - blacks;
    let last = colours.last().copied();
    let run = match last {
        Some(c) => colours.iter().rev().take_while(|&&x| x == c).count(),
        None => 0,
    };
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let preference = if imbalance.abs() > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Colour::opposite)
    } else if imbalance != 0 {
        Some(lower)
    } else {
        last.map(Colour::opposite)
    };
    let repeated = if run > 1 { last } else { None };
    let played_rounds = history.len();
    let float_at = |back: usize| -> Float {
        if played_rounds < back {
            return Float::None;
        }
        let r = played_rounds - back;
        let e = history[r];
        match e {
            Entry::Played { opponent, .. } => {
                let mine = t.points_after(id, r).expect("an entrant");
                let theirs = t.points_after(opponent, r).expect("an entrant");
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            other if t.entry_points(other) > p.loss => Float::Down,
            _ => Float::None,
        }
    };
    let mut player = Player {
        id,
        rank,
        score: t.points(id).expect("an entrant"),
        opponents,
        imbalance,
        preference,
        repeated,
        strong: false,
        played: colours.len() as u32,
        colours,
        bye_eligible,
        floats: [float_at(1), float_at(2)],
        colour_rank: rank,
    };
    player.strong = !player.absolute() && imbalance != 0;
    player
}

/// Pair the next round of `t` among `to_pair` (the players present; everyone else sits
/// out and should be recorded as absent or on a requested bye).
///
/// With an odd count one player gets the pairing-allocated bye: one who has not had it
/// (nor an unplayed win), from the lowest score group possible, preferring the one who
/// has played the most games. Colours follow the rules' allocation E1–E5.
///
/// # Panics
///
/// Never for a consistent `t`; a panic would be a bug in the pairing itself.
#[expect(
    clippy::too_many_lines,
    reason = "the brackets are paired in one sequence"
)]
#[expect(
    clippy::many_single_char_names,
    reason = "h and l: the higher and lower player"
)]
pub fn pair(t: &Tournament, to_pair: &[PlayerId]) -> Result<Round, PairingError> {
    if t.rounds_played() >= t.total_rounds() {
        return Err(PairingError::Finished);
    }
    let mut seen = std::collections::HashSet::new();
    for &id in to_pair {
        if t.rank_of(id).is_none() {
            return Err(PairingError::Unknown(id));
        }
        if !seen.insert(id) {
            return Err(PairingError::Twice(id));
        }
    }
    let mut colour_ranks = Vec::with_capacity(t.entrants().len());
    let mut counted = 0;
    for e in t.entrants() {
        colour_ranks.push(counted);
        let took_part = seen.contains(&e.id)
            || t.history(e.id).is_some_and(|h| {
                h.iter()
                    .any(|x| x.opponent().is_some() || *x == Entry::PairingBye)
            });
        counted += usize::from(took_part);
    }
    let mut players: Vec<Player> = to_pair
        .iter()
        .map(|&id| {
            let mut p = gather(t, id);
            p.colour_rank = colour_ranks[p.rank];
            p
        })
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let n = players.len();
    if n == 0 {
        return Ok(Round::default());
    }

    let last_round = t.rounds_played() + 1 >= t.total_rounds();
    let top_threshold = t.rounds_played() * t.point_values().win.max(t.point_values().draw) / 2;
    let topscorer = |p: &Player| last_round && p.score > top_threshold;
    let compatible = |a: &Player, b: &Player| {
        !a.opponents.contains(&b.rank)
            && (!a.absolute()
                || !b.absolute()
                || a.preference != b.preference
                || topscorer(a)
                || topscorer(b))
    };
    let mut compat = vec![false; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let c = compatible(&players[i], &players[j]);
            compat[i * n + j] = c;
            compat[j * n + i] = c;
        }
    }

    // Score groups, highest first, as ranges of `players`.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    for i in 0..n {
        if i == 0 || players[i].score != players[i - 1].score {
            groups.push((i, i + 1));
        } else {
            groups.last_mut().expect("a group").1 = i + 1;
        }
    }
    let group_of: Vec<usize> = {
        let mut g = vec![0; n];
        for (k, &(s, e)) in groups.iter().enumerate() {
            g[s..e].fill(k);
        }
        g
    };
    let odd = n % 2 == 1;
    let pair_cap = (n / 2) as u64;

    // Can everyone be paired, and from which score group must the bye come (the
    // lowest that leaves the rest pairable)? Asked of a cardinality matching: with an
    // extra vertex joined to a group's bye-eligible players, whether it can be matched
    // too. Only a bye from the top group needs the weighted matching below, for C9.
    let card = Cardinality::new(
        (0..n)
            .map(|i| (0..n).filter(|&j| j != i && compat[i * n + j]).collect())
            .collect(),
    );
    if card.pairs() < n / 2 {
        return Err(PairingError::NoLegalPairing);
    }
    let bye_group = if odd {
        let found = (0..groups.len()).rev().find(|&g| {
            let (gs, ge) = groups[g];
            let eligible: Vec<usize> = (gs..ge).filter(|&v| players[v].bye_eligible).collect();
            !eligible.is_empty() && card.extra_vertex_augments(&eligible)
        });
        match found {
            Some(g) => Some(g),
            None => return Err(PairingError::NoLegalPairing),
        }
    } else {
        None
    };
    // Debug builds check the cardinality matching's answer against the weighted one
    // (on fields small enough for the slow build's tests).
    let verify = cfg!(debug_assertions) && n <= 40;
    // The last matching found, by index in `players`: each matching starts from it.
    let mut last = card.mates();
    let bye_score = if !verify && (bye_group.is_some_and(|g| g > 0) || !odd) {
        (bye_group.map(|g| players[groups[g].0].score), false)
    } else {
        // The bye comes from the top group: a weighted matching, pairing higher groups
        // first, also says whether that group pairs within itself (for C9).

        let mut fields = Fields::new(pair_cap);
        fields.field(3);
        fields.field(2 * groups.len() as u64);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if compat[i * n + j] {
                    let (a, b) = (&players[i], &players[j]);
                    let completion = if odd {
                        1 + u64::from(!a.bye_eligible) + u64::from(!b.bye_eligible)
                    } else {
                        1
                    };
                    let height = (2 * groups.len() - group_of[i] - group_of[j] - 2) as u64;
                    edges.push((i, j, vec![completion, height], Vec::new()));
                }
            }
        }
        let mate = solve(n, &edges, &fields, &last)?;
        last.clone_from(&mate);
        let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v].is_none()).collect();
        let complete = match unmatched.as_slice() {
            [] => !odd,
            [v] => odd && players[*v].bye_eligible,
            _ => false,
        };
        debug_assert!(
            complete,
            "the cardinality matching found a complete pairing"
        );
        if !complete {
            return Err(PairingError::NoLegalPairing);
        }
        let bye_score = unmatched.first().map(|&v| players[v].score);
        // C9 (the bye to the player with the fewest unplayed games) counts in the first
        // bracket when the bye comes from the top score group and that group pairs
        // within itself.
        let top = players[0].score;
        let flag = bye_score.is_some_and(|s| s >= top)
            && (0..n)
                .filter(|&v| players[v].score >= top)
                .all(|v| mate[v].is_none_or(|o| players[o].score >= top));
        if verify {
            assert_eq!(
                bye_score,
                bye_group.map(|g| players[groups[g].0].score),
                "bye score"
            );
        }
        (bye_score, flag)
    };
    let (bye_score, initial_c9) = bye_score;
    let mut c9 = initial_c9;
    let bye_candidate = |p: &Player| p.bye_eligible && bye_score.is_some_and(|s| p.score <= s);
    // For the bye: rank of games played among the bye's score group (fewest unplayed
    // games ranks lowest, so leaving it unpaired costs least).
    let unplayed_rank = |p: &Player| -> u64 {
        match bye_score {
            Some(s) if p.score == s => {
                players
                    .iter()
                    .filter(|q| q.score == s && q.played >= p.played)
                    .count() as u64
                    - 1
            }
            _ => 0,
        }
    };

    let rounds = t.rounds_played();
    let mut alive = vec![true; n];
    let mut moved_down: Vec<usize> = Vec::new();
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    for (g, &(gs, ge)) in groups.iter().enumerate() {
        let current: Vec<usize> = moved_down.iter().copied().chain(gs..ge).collect();
        let mut in_current = vec![false; n];
        for &c in &current {
            in_current[c] = true;
        }
        let next = groups.get(g + 1).copied();
        let in_next = |i: usize| next.is_some_and(|(s, e)| (s..e).contains(&i));
        let remaining: Vec<usize> = (0..n).filter(|&i| alive[i]).collect();

        // Score slots, highest score first: those of the current bracket, and those
        // of the current and next brackets.
        let mut current_scores: Vec<u32> = current.iter().map(|&c| players[c].score).collect();
        current_scores.dedup();
        let mut next_scores = current_scores.clone();
        if let Some((s, _)) = next {
            next_scores.push(players[s].score);
        }
        let slot = |scores: &[u32], s: u32| scores.iter().position(|&x| x == s);
        let position: Vec<usize> = {
            let mut pos = vec![usize::MAX; n];
            for (k, &c) in current.iter().enumerate() {
                pos[c] = k;
            }
            pos
        };
        let k = moved_down.len();
        let residents = ge - gs;

        // Fields that count only pairs inside the current bracket (both players in it:
        // everyone still unpaired above it is in it) hold at most that many pairs'
        // worth; those of the current and next brackets likewise.
        let in_cur = (current.len() / 2) as u64;
        let in_window = usize::midpoint(current.len(), next.map_or(0, |(s, e)| e - s)) as u64;
        let mut fields = Fields::new(pair_cap);
        fields.field(3); // completion and bye eligibility
        fields.capped(1, in_cur); // pairs in the current bracket
        for _ in 0..current_scores.len() {
            fields.capped(1, in_cur); // scores paired in the current bracket
        }
        fields.capped(1, in_window); // pairs in the next bracket
        for _ in 0..next_scores.len() {
            fields.capped(1, in_window); // scores paired in the next bracket
        }
        fields.field(2 * n as u64); // games played by the bye
        for _ in 0..4 {
            fields.capped(1, in_cur); // colours: C8-like, C9-like, preferences, strong preferences
        }
        let back = rounds.min(2) as usize;
        for _ in 0..back {
            fields.capped(2, in_cur); // repeated downfloats
            fields.capped(1, in_cur); // repeated upfloats
        }
        for _ in 0..back {
            for _ in 0..current_scores.len() {
                fields.capped(2, in_cur); // scores of repeated downfloaters
            }
            for _ in 0..current_scores.len() {
                fields.capped(1, in_cur); // opponents of repeated upfloaters
            }
        }

        let mut edges = Vec::new();
        for (x, &i) in remaining.iter().enumerate() {
            for &j in &remaining[x + 1..] {
                if !compat[i * n + j] {
                    continue;
                }
                let (h, l) = (&players[i], &players[j]);
                let cur = in_current[j];
                let to_next = in_next(j);
                let mut v: Vec<u64> = Vec::with_capacity(fields.dense() + 2);
                v.push(if odd {
                    1 + u64::from(!bye_candidate(h)) + u64::from(!bye_candidate(l))
                } else {
                    1
                });
                v.push(u64::from(cur));
                push_slot(
                    &mut v,
                    current_scores.len(),
                    cur.then(|| slot(&current_scores, h.score)).flatten(),
                    1,
                );
                v.push(u64::from(to_next));
                push_slot(
                    &mut v,
                    next_scores.len(),
                    to_next.then(|| slot(&next_scores, h.score)).flatten(),
                    1,
                );
                // Edges reaching below the next bracket keep the weight of the first
                // bracket's view (as they were never inside a bracket pair).
                let window = cur || to_next;
                v.push(if (window && c9) || (!window && initial_c9) {
                    unplayed_rank(h) + unplayed_rank(l)
                } else {
                    0
                });
                let same_pref = h.preference.is_some() && h.preference == l.preference;
                v.push(u64::from(
                    cur && !(h.absolute_imbalance() && l.absolute_imbalance() && same_pref),
                ));
                v.push(u64::from(
                    cur && !(h.absolute()
                        && l.absolute()
                        && same_pref
                        && !third_colour_avoided(h, l)),
                ));
                v.push(u64::from(cur && !same_pref));
                v.push(u64::from(
                    cur && ((!h.strong && !h.absolute())
                        || (!l.strong && !l.absolute())
                        || (h.absolute() && l.absolute())
                        || !same_pref),
                ));
                for b in 0..back {
                    let down = u64::from(l.floats[b] == Float::Down)
                        + u64::from(h.score <= l.score && h.floats[b] == Float::Down);
                    v.push(if cur { down } else { 0 });
                    let up_again = h.score > l.score && l.floats[b] == Float::Up;
                    v.push(u64::from(cur && !up_again));
                }
                for b in 0..back {
                    let s = current_scores.len();
                    let mut slots = vec![0; s];
                    if cur {
                        if l.floats[b] == Float::Down {
                            slots[slot(&current_scores, l.score).expect("in the bracket")] += 1;
                        }
                        if h.floats[b] == Float::Down {
                            slots[slot(&current_scores, h.score).expect("in the bracket")] += 1;
                        }
                    }
                    v.extend(slots);
                    let up_again = h.score > l.score && l.floats[b] == Float::Up;
                    push_slot(
                        &mut v,
                        s,
                        (cur && !up_again)
                            .then(|| slot(&current_scores, h.score))
                            .flatten(),
                        1,
                    );
                }
                debug_assert_eq!(v.len(), fields.dense());
                edges.push((i, j, v));
            }
        }
        // The standard order: moved-down players take residents in order, then the
        // residents left over pair top half against bottom half. Which residents the
        // moved-down players take is first guessed (the top ones) and, if the matching
        // says otherwise, corrected and matched again.
        let may_sit_out = odd && bye_score.is_some_and(|b| current_scores.contains(&b));
        let ordered = |partners: &[bool], pairs: Option<usize>| -> (Fields, Vec<Edge>) {
            let mut rest_index = vec![usize::MAX; residents];
            let mut rest = 0;
            for q in 0..residents {
                if !partners[q] {
                    rest_index[q] = rest;
                    rest += 1;
                }
            }
            // The top half holds as many players as the remainder makes pairs (all but
            // the floaters when some must float).
            let half = pairs.unwrap_or(rest / 2).min(rest / 2);
            let s2 = rest - half;
            let mut f = Fields {
                segments: fields.segments.clone(),
                ..Fields::new(pair_cap)
            };
            let width = residents.max(s2).max(rest) as u64;
            f.lex(k, 1); // block 0: which moved-down players are paired, the first first
            f.lex(k, width); // block 1: the moved-down players' opponents
            f.capped(1, in_cur); // pairs not both from the bottom half (fewest exchanges)
            // Exchanges moving players as close in rank as possible: summed over the
            // pairs, the higher player of each as high as possible.
            f.capped(rest as u64, in_cur);
            // Block 2: top-half players leaving it, the lowest first. Where the bye may
            // fall in this bracket, a top-half player left unpaired leaves it too.
            if may_sit_out {
                f.lex_from_one(half);
            } else {
                f.lex(half, 1);
            }
            f.lex(s2, 1); // block 3: bottom-half players joining it, the highest first
            f.lex(rest, width); // block 4: each higher player's opponent, in order
            let out = edges
                .iter()
                .map(|(i, j, v)| {
                    let mut lex = Vec::new();
                    let mut cross = false;
                    let mut closeness = 0;
                    let rest_of = |x: usize| -> Option<usize> {
                        in_current[x]
                            .then(|| position[x])
                            .filter(|&a| a >= k)
                            .map(|a| rest_index[a - k])
                            .filter(|&r| r != usize::MAX)
                    };
                    let (ri, rj) = (rest_of(*i), rest_of(*j));
                    if in_current[*j] {
                        let (a, b) = (position[*i], position[*j]);
                        if a < k {
                            if b >= k {
                                lex.push((0, a, 1));
                                lex.push((1, a, (residents - (b - k)) as u64));
                            }
                        } else if let (Some(ra), Some(rb)) = (ri, rj) {
                            closeness = (rest - ra) as u64;
                            // Every pair has one player of the top half after the
                            // exchanges: as many pairs without exchange as can be.
                            cross = ra < half;
                            if rb < half && !may_sit_out {
                                // The lower end leaves the top half (paired upwards).
                                lex.push((2, half - 1 - rb, 1));
                            }
                            if ra < half && rb > ra && may_sit_out {
                                // Counted against: the higher end stays in the top half.
                                lex.push((2, half - 1 - ra, 1));
                            }
                            if ra >= half {
                                // The higher end joins the top half.
                                lex.push((3, ra - half, 1));
                            }
                            lex.push((4, ra, (rest - rb) as u64));
                        }
                    }
                    // A top-half player paired outside the remainder leaves it too.
                    if let Some(ra) = ri
                        && rj.is_none()
                        && ra < half
                        && !may_sit_out
                    {
                        lex.push((2, half - 1 - ra, 1));
                    }
                    if let Some(rb) = rj
                        && ri.is_none()
                        && rb < half
                        && !may_sit_out
                    {
                        lex.push((2, half - 1 - rb, 1));
                    }
                    let mut v = v.clone();
                    v.push(u64::from(cross));
                    v.push(closeness);
                    (*i, *j, v, lex)
                })
                .collect();
            (f, out)
        };
        // Renumber the remaining players densely for the matcher.
        let mut local = vec![usize::MAX; n];
        for (x, &i) in remaining.iter().enumerate() {
            local[i] = x;
        }
        let run = |partners: &[bool], pairs: Option<usize>, start: &[Option<usize>]| {
            let (f, e) = ordered(partners, pairs);
            let local_edges: Vec<Edge> = e
                .into_iter()
                .map(|(i, j, v, lex)| (local[i], local[j], v, lex))
                .collect();
            solve(remaining.len(), &local_edges, &f, start)
        };
        let start: Vec<Option<usize>> = remaining
            .iter()
            .map(|&i| last[i].filter(|&o| alive[o]).map(|o| local[o]))
            .collect();
        let mut guess = vec![false; residents];
        guess[..k.min(residents)].fill(true);
        let mut mate = run(&guess, None, &start)?;
        // What the matching made of the bracket: the residents the moved-down players
        // took, and the pairs among the other residents.
        let mut actual = vec![false; residents];
        for &c in &moved_down {
            if let Some(o) = mate[local[c]].map(|o| remaining[o])
                && (gs..ge).contains(&o)
            {
                actual[o - gs] = true;
            }
        }
        let rest_pairs = (gs..ge)
            .filter(|&c| !actual[c - gs])
            .filter(|&c| {
                mate[local[c]]
                    .map(|o| remaining[o])
                    .is_some_and(|o| o > c && o < ge && !actual[o - gs])
            })
            .count();
        let rest = residents - actual.iter().filter(|&&x| x).count();
        if actual != guess || rest_pairs != rest / 2 {
            mate = run(&actual, Some(rest_pairs), &mate)?;
        }
        for (x, &i) in remaining.iter().enumerate() {
            last[i] = mate[x].map(|o| remaining[o]);
        }
        for &c in &current {
            if let Some(o) = mate[local[c]] {
                let o = remaining[o];
                if alive[c] && in_current[o] {
                    alive[c] = false;
                    alive[o] = false;
                    fixed.push((c.min(o), c.max(o)));
                }
            }
        }
        moved_down = current.into_iter().filter(|&c| alive[c]).collect();
        // C9 counts in the next bracket when the bye comes from its score group and
        // the matching just made pairs everyone in it within it.
        c9 = match next {
            Some((s, e)) if odd => {
                let floor = players[s].score;
                bye_score.is_some_and(|b| b >= floor)
                    && moved_down.iter().copied().chain(s..e).all(|x| {
                        mate[local[x]].is_none_or(|o| players[remaining[o]].score >= floor)
                    })
            }
            _ => false,
        };
    }
    let bye = match moved_down.as_slice() {
        [] => None,
        [v] => Some(players[*v].id),
        _ => return Err(PairingError::NoLegalPairing),
    };

    fixed.sort_by(|&(a1, b1), &(a2, b2)| {
        let key = |a: usize, b: usize| {
            (
                std::cmp::Reverse(players[a].score),
                std::cmp::Reverse(players[b].score),
                players[a].rank,
            )
        };
        key(a1, b1).cmp(&key(a2, b2))
    });
    let pairs = fixed
        .into_iter()
        .map(|(a, b)| {
            let (h, l) = (&players[a], &players[b]);
            if colour_of_higher(h, l, t.initial_colour()) == Colour::White {
                (h.id, l.id)
            } else {
                (l.id, h.id)
            }
        })
        .collect();
    Ok(Round { pairs, bye })
}

/// When `h` and `l` share an absolute preference, whether the one who does not get it
/// avoids a third equal colour in a row.
fn third_colour_avoided(h: &Player, l: &Player) -> bool {
    let pref = h.preference.expect("an absolute preference");
    if h.imbalance.abs() == l.imbalance.abs() {
        h.repeated.is_none() || h.repeated != l.repeated
    } else {
        let loser = if h.imbalance.abs() > l.imbalance.abs() {
            l
        } else {
            h
        };
        loser.repeated != Some(pref.opposite())
    }
}

/// The colour of `h`, the higher-ranked player, against `l` (rules E1–E5).
fn colour_of_higher(h: &Player, l: &Player, initial: Colour) -> Colour {
    match (h.preference, l.preference) {
        // E1: both preferences granted.
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return b.opposite(),
        (None, None) => {
            // E5: the higher player's pairing number decides.
            return if h.colour_rank.is_multiple_of(2) {
                initial
            } else {
                initial.opposite()
            };
        }
        _ => {}
    }
    let pref = h.preference.expect("both have the same preference");
    // E2: the stronger preference wins (absolute, then the wider imbalance; strong).
    if h.absolute() && (!l.absolute() || h.imbalance.abs() > l.imbalance.abs()) {
        return pref;
    }
    if l.absolute() && (!h.absolute() || l.imbalance.abs() > h.imbalance.abs()) {
        return pref.opposite();
    }
    if h.strong && !l.strong {
        return pref;
    }
    if l.strong && !h.strong {
        return pref.opposite();
    }
    // E3: alternate from the most recent round in which their colours differed.
    for (a, b) in h.colours.iter().rev().zip(l.colours.iter().rev()) {
        if a != b {
            return b.to_owned();
        }
    }
    // E4: the higher player's preference.
    pref
}

fn push_slot(v: &mut Vec<u64>, slots: usize, which: Option<usize>, value: u64) {
    for s in 0..slots {
        v.push(if Some(s) == which { value } else { 0 });
    }
}

/// An edge for [`solve`]: its ends, its dense field values in order, and its values
/// in lexicographic blocks as (block, field in the block, value).
type Edge = (usize, usize, Vec<u64>, Vec<(usize, usize, u64)>);

/// A run of bits in an edge weight.
#[derive(Clone, Copy, Debug)]
enum Segment {
    /// A field every edge has a value in, summed over the matching.
    Dense(u32),
    /// `count` fields of `width` bits, the first most significant, each filled by at
    /// most one edge of a matching; or, when `ones`, each field 1 on every edge less
    /// the edge's value in it (at most 1), so that a field sums to the pairs made less
    /// one when the one edge it counts against is in the matching, and an unmatched
    /// player scores as well as any edge but that one.
    Lex {
        count: usize,
        width: u32,
        ones: bool,
    },
}

/// The bit fields of an edge weight, most significant first.
struct Fields {
    pair_cap: u64,
    segments: Vec<Segment>,
}

impl Fields {
    fn new(pair_cap: u64) -> Self {
        Fields {
            pair_cap,
            segments: Vec::new(),
        }
    }

    /// A field whose value per edge is at most `max`: wide enough for a whole matching.
    fn field(&mut self, max: u64) {
        let total = max.saturating_mul(self.pair_cap.max(1));
        self.segments
            .push(Segment::Dense(64 - total.leading_zeros()));
    }

    /// A field whose value per edge is at most `max`, and non-zero on at most `pairs`
    /// edges of any matching.
    fn capped(&mut self, max: u64, pairs: u64) {
        let total = max.saturating_mul(pairs.min(self.pair_cap).max(1));
        self.segments
            .push(Segment::Dense(64 - total.leading_zeros()));
    }

    /// A block of `count` lexicographic fields of values at most `max`.
    fn lex(&mut self, count: usize, max: u64) {
        self.segments.push(Segment::Lex {
            count,
            width: 64 - max.leading_zeros(),
            ones: false,
        });
    }

    /// A block of `count` fields, each 1 on every edge less its value on the edge.
    fn lex_from_one(&mut self, count: usize) {
        self.segments.push(Segment::Lex {
            count,
            width: 64 - self.pair_cap.max(1).leading_zeros(),
            ones: true,
        });
    }

    fn dense(&self) -> usize {
        self.segments
            .iter()
            .filter(|s| matches!(s, Segment::Dense(_)))
            .count()
    }

    fn bits(&self) -> u32 {
        self.segments
            .iter()
            .map(|s| match *s {
                Segment::Dense(w) => w,
                Segment::Lex { count, width, .. } => count as u32 * width,
            })
            .sum()
    }
}

/// Pack the field values and run the matcher with as many 64-bit limbs as the fields
/// need (with the matcher's headroom), or refuse when that is more than
/// [`MAX_WEIGHT_BITS`]: a weight is never cut. The matching starts from `start` (the
/// last matching found, by the same indices).
fn solve(
    n: usize,
    edges: &[Edge],
    fields: &Fields,
    start: &[Option<usize>],
) -> Result<Vec<Option<usize>>, PairingError> {
    // The perfect matching's headroom: 6 bits and the bits of the vertex count (with
    // the extra vertex an odd count gets).
    let bits = fields.bits() + 6 + (usize::BITS - (n + 1).leading_zeros());
    let args = (n, edges, fields, start);
    Ok(match bits.div_ceil(64) {
        0 | 1 => solve_with::<1>(args),
        2 => solve_with::<2>(args),
        3 => solve_with::<3>(args),
        4 => solve_with::<4>(args),
        5 => solve_with::<5>(args),
        6 => solve_with::<6>(args),
        7 => solve_with::<7>(args),
        8 => solve_with::<8>(args),
        9..=12 => solve_with::<12>(args),
        13..=16 => solve_with::<16>(args),
        17..=24 => solve_with::<24>(args),
        25..=32 => solve_with::<32>(args),
        33..=48 => solve_with::<48>(args),
        49..=64 => solve_with::<64>(args),
        _ => return Err(PairingError::TooLarge(bits)),
    })
}

/// The arguments of [`solve_with`]: the vertex count, the edges, their fields and the
/// start.
type Problem<'a> = (usize, &'a [Edge], &'a Fields, &'a [Option<usize>]);

fn solve_with<const N: usize>((n, edges, fields, start): Problem) -> Vec<Option<usize>> {
    // Each segment's lowest bit, and each block's pattern of a 1 in every field.
    let mut offsets = Vec::with_capacity(fields.segments.len());
    let mut below = fields.bits();
    for segment in &fields.segments {
        below -= match *segment {
            Segment::Dense(width) => width,
            Segment::Lex { count, width, .. } => count as u32 * width,
        };
        offsets.push(below);
    }
    let mut ones = Wide::<N>::ZERO;
    for (segment, &at) in fields.segments.iter().zip(&offsets) {
        if let Segment::Lex {
            count,
            width,
            ones: true,
        } = *segment
        {
            for f in 0..count {
                ones.or_at(at + f as u32 * width, 1);
            }
        }
    }
    let lex_blocks: Vec<(u32, usize, u32, bool)> = fields
        .segments
        .iter()
        .zip(&offsets)
        .filter_map(|(s, &at)| match *s {
            Segment::Lex { count, width, ones } => Some((at, count, width, ones)),
            Segment::Dense(_) => None,
        })
        .collect();
    let dense: Vec<(u32, u32)> = fields
        .segments
        .iter()
        .zip(&offsets)
        .filter_map(|(s, &at)| match *s {
            Segment::Dense(width) => Some((at, width)),
            Segment::Lex { .. } => None,
        })
        .collect();
    let packed: Vec<(usize, usize, Wide<N>)> = edges
        .iter()
        .map(|(i, j, values, lex)| {
            let mut w = ones;
            debug_assert_eq!(values.len(), dense.len());
            for (&value, &(at, width)) in values.iter().zip(&dense) {
                debug_assert!(width == 64 || value < (1 << width));
                w.or_at(at, value);
            }
            for &(b, field, value) in lex {
                let (at, count, width, ones) = lex_blocks[b];
                debug_assert!(field < count && (width == 64 || value < (1 << width)));
                let pos = at + (count - 1 - field) as u32 * width;
                if ones {
                    // The field holds 1 on every edge; its value (at most 1) is taken off.
                    debug_assert!(value <= 1);
                    if value == 1 {
                        w.clear_at(pos);
                    }
                } else {
                    w.or_at(pos, value);
                }
            }
            (*i, *j, w)
        })
        .collect();
    // Every matching sought is as large as can be (the completion field comes first,
    // and the round can be completed), so it is a perfect one once an odd count gets
    // an extra vertex, joined to everyone by edges of no weight: being paired with it
    // is being left unpaired. That lets the matching start from the last one found.
    let mut packed = packed;
    let mut from: Vec<Option<usize>> = start.to_vec();
    from.resize(n, None);
    let extra = n % 2 == 1;
    if extra {
        packed.extend((0..n).map(|v| (v, n, Wide::ZERO)));
        let lone = (0..n).find(|&v| from[v].is_none());
        from.push(lone);
        if let Some(v) = lone {
            from[v] = Some(n);
        }
    }
    let size = n + usize::from(extra);
    match max_weight_perfect_matching(size, &packed, &from) {
        Some(mate) => mate[..n].iter().map(|&o| (o < n).then_some(o)).collect(),
        // Not when the round can be completed; the general matching then says the rest.
        None => max_weight_matching(n, &packed[..packed.len() - if extra { n } else { 0 }]),
    }
}

#[cfg(test)]
mod tests {
    use super::{Fields, PairingError, Segment, solve};

    #[test]
    fn weights_wider_than_supported_are_refused_not_cut() {
        let mut fields = Fields::new(1);
        fields.segments.push(Segment::Dense(64));
        let edges = vec![(0, 1, vec![5], Vec::new())];
        assert_eq!(solve(2, &edges, &fields, &[]), Ok(vec![Some(1), Some(0)]));
        fields.segments.push(Segment::Lex {
            count: 64,
            width: 64,
            ones: false,
        });
        let edges = vec![(0, 1, vec![5], vec![(0, 3, 1)])];
        assert_eq!(
            solve(2, &edges, &fields, &[]),
            // The fields, 6 bits of headroom and the 2 bits of 3 (the vertices and the
            // extra one an odd count gets).
            Err(PairingError::TooLarge(64 + 64 * 64 + 6 + 2))
        );
    }

    #[test]
    fn the_widest_supported_weight_still_matches() {
        // 63 limbs of lexicographic fields: the first field decides.
        let mut fields = Fields::new(1);
        fields.segments.push(Segment::Lex {
            count: 63,
            width: 64,
            ones: false,
        });
        let edges = vec![
            (0, 1, Vec::new(), vec![(0, 0, 1)]),
            (1, 2, Vec::new(), vec![(0, 1, u64::MAX)]),
            (2, 3, Vec::new(), vec![(0, 62, u64::MAX)]),
        ];
        assert_eq!(
            solve(4, &edges, &fields, &[]),
            Ok(vec![Some(1), Some(0), Some(3), Some(2)])
        );
    }
}
