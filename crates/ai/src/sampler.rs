//! Whole enemy fleets drawn consistent with everything the shooter observed.
//!
//! A [`Model`] turns a [`TargetView`] into constraints on the ships still to be
//! found; [`Model::draw`] builds one fleet ship by ship from bit sets of legal
//! positions (sequential importance sampling), so that the weighted samples
//! follow the [`Prior`] (by default the distribution of [`Fleet::random`])
//! conditioned on everything in the view.
//!
//! * **Classic.** Sunk ships are known. Each group of touching hits belongs to
//!   one afloat ship; the ships covering those groups are placed first, then
//!   the other afloat ships, longest first, on cells of unknown content.
//! * **Game 2000.** Nothing is ever located, so all seven ships are drawn. Each
//!   salvo's reports form a multiset (the processing order is random): per ship
//!   length, how many of its new cells hit a ship of that length and how many
//!   of those hits finished a ship. Per length, the ships are placed so that
//!   these counts come out exactly, the ship covering the earliest unexplained
//!   hit first.
//!
//! Each draw multiplies the number of choices it had at every step (the
//! importance weight of a uniform target), divided by the number of orders in
//! which the same fleet could have been drawn. For the generator prior it is
//! multiplied by an unbiased estimate of [`Fleet::random`]'s chance of the whole
//! fleet (along one random order of equally long ships). A draw that runs into
//! a dead end returns `None`; callers cap their attempts.

use rand::{Rng, RngExt};

use super::habit::{Board, Habits, is_horizontal};
use crate::game::random::placements;
use crate::game::{
    CellSet, Coord, Fleet, FleetError, Report, ReportStyle, Sea, Ship, TargetCell, TargetView,
    Variant,
};

/// The most ships a fleet of any variant has.
pub const MAX_SHIPS: usize = 10;

/// One legal position for a ship still to be drawn, with what it would explain.
#[derive(Clone, Copy, Debug)]
struct Cand {
    ship: Ship,
    cells: CellSet,
    zone: CellSet,
    /// Classic: the hit groups it covers, one bit each (a ship may cover two
    /// groups with an unknown cell between them).
    clusters: u32,
    /// Game 2000: `(salvo index, new cells hit in that salvo)`, up to three entries.
    sig: [(u8, u8); 3],
    sig_len: u8,
    /// Game 2000: the salvo that finished it, if all its cells were fired at.
    dest: u8,
    /// Game 2000: fired cells it covers.
    hits: u8,
    /// Relative chance of being drawn: `exp` of its habit score (1 without habits).
    u: f64,
}

const NONE: u8 = u8::MAX;

/// The ships of one length still to be drawn.
#[derive(Clone, Debug)]
struct Group {
    len: u8,
    count: u8,
    cands: Vec<Cand>,
    /// Game 2000: per salvo, the new cells that hit a ship of this length.
    req_hits: Vec<u8>,
    /// Game 2000: per salvo, the ships of this length it finished.
    req_dest: Vec<u8>,
}

/// The constraints a view puts on the enemy fleet, ready for drawing samples.
#[derive(Clone, Debug)]
pub struct Model {
    variant: Variant,
    groups: Vec<Group>,
    /// Classic: number of hit groups still to be covered.
    clusters: usize,
    /// Classic: ships already known (sunk).
    known: Vec<Ship>,
    /// Cells not yet fired at (and, in classic, not known water).
    open: CellSet,
    /// Which fleets are thought likely before any shot.
    prior: Prior,
    /// The opponent's habits, if known: `Some(weight per close pair)`, and
    /// each candidate's `u` set from them.
    habits: Option<f64>,
}

/// Which fleets the sampler thinks likely before any shot is fired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prior {
    /// Every valid fleet equally likely.
    Uniform,
    /// Fleets as likely as [`Fleet::random`] makes them (longest ship first, each
    /// uniformly among the positions still free), the way the bot places random
    /// fleets. Hand-placed fleets stay possible; they only weigh differently.
    #[default]
    Generator,
}

/// One drawn fleet (the ships still to be found) and its importance weight.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    ships: [Ship; MAX_SHIPS],
    cells: [CellSet; MAX_SHIPS],
    n: u8,
    log_weight: f64,
}

impl Sample {
    /// The drawn ships (classic: the afloat ones only; Game 2000: all seven).
    #[must_use]
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..usize::from(self.n)]
    }

    /// The cells of each drawn ship, in the order of [`Sample::ships`].
    #[must_use]
    pub fn ship_cells(&self) -> &[CellSet] {
        &self.cells[..usize::from(self.n)]
    }

    /// The natural logarithm of the (unnormalised) importance weight.
    #[must_use]
    pub fn log_weight(&self) -> f64 {
        self.log_weight
    }

    /// The whole fleet this sample stands for: the drawn ships plus, in
    /// classic, the sunk ships of `view`.
    pub fn fleet(&self, view: &TargetView) -> Result<Fleet, FleetError> {
        let mut ships = self.ships().to_vec();
        if view.variant.rules().report == ReportStyle::PerCell {
            ships.extend(view.sunk.iter().copied());
        }
        Fleet::new(view.variant, ships)
    }
}

/// Per-salvo facts of a Game 2000 view.
struct Salvos {
    /// For each cell, the index of the salvo that first fired at it (`NONE`: never).
    first: [u8; 100],
    /// `hits[i][len]`: new cells of salvo `i` that hit a ship of length `len`.
    hits: Vec<[u8; 4]>,
    /// `dest[i][len]`: ships of length `len` salvo `i` finished.
    dest: Vec<[u8; 4]>,
}

impl Salvos {
    fn of(view: &TargetView) -> Self {
        let n = view.salvos.len().min(usize::from(NONE) - 1);
        let mut first = [NONE; 100];
        let mut hits = vec![[0u8; 4]; n];
        let mut dest = vec![[0u8; 4]; n];
        for (i, salvo) in view.salvos.iter().take(n).enumerate() {
            for &c in &salvo.cells {
                if view.cell(c) == (TargetCell::Fired { turn: salvo.turn }) {
                    first[c.index()] = i as u8;
                }
            }
            for r in &salvo.reports {
                match *r {
                    Report::Water => {}
                    Report::Hit { len } => {
                        if let Some(l) = len.filter(|&l| l < 4) {
                            hits[i][usize::from(l)] += 1;
                        }
                    }
                    Report::Sunk { len } => {
                        if len < 4 {
                            hits[i][usize::from(len)] += 1;
                            dest[i][usize::from(len)] += 1;
                        }
                    }
                }
            }
        }
        Salvos { first, hits, dest }
    }
}

impl Model {
    /// The constraints `view` puts on the ships still to be found.
    #[must_use]
    pub fn new(view: &TargetView) -> Self {
        match view.variant.rules().report {
            ReportStyle::PerCell => Self::classic(view),
            ReportStyle::LengthOnly => Self::game2000(view),
        }
    }

    fn classic(view: &TargetView) -> Self {
        let variant = view.variant;
        let size = variant.size();
        let mut hits = CellSet::EMPTY;
        let mut blocked = CellSet::EMPTY;
        let mut open = CellSet::EMPTY;
        for c in Coord::all(size) {
            match view.cell(c) {
                TargetCell::Hit => {
                    hits.insert(c);
                }
                TargetCell::Unknown => {
                    open.insert(c);
                }
                _ => {
                    blocked.insert(c);
                }
            }
        }
        let mut clusters = clusters(hits, size);
        // At most 20 hits exist; the bit masks below hold 32 groups.
        clusters.truncate(32);
        let mut groups = Vec::new();
        for left in &view.ships_left {
            if left.afloat == 0 {
                continue;
            }
            let mut cands = Vec::new();
            for p in placements(variant, left.len) {
                if p.cells.intersects(blocked)
                    || !p.zone.intersection(hits).is_subset(p.cells)
                    || !p.cells.intersects(open)
                {
                    continue;
                }
                let covered = clusters
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.intersects(p.cells))
                    .fold(0u32, |m, (i, _)| m | (1 << i));
                cands.push(Cand {
                    ship: p.ship,
                    cells: p.cells,
                    zone: p.zone,
                    clusters: covered,
                    sig: [(0, 0); 3],
                    sig_len: 0,
                    dest: NONE,
                    hits: 0,
                    u: 1.0,
                });
            }
            groups.push(Group {
                len: left.len,
                count: left.afloat,
                cands,
                req_hits: Vec::new(),
                req_dest: Vec::new(),
            });
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.len));
        Model {
            variant,
            groups,
            clusters: clusters.len(),
            known: view.sunk.clone(),
            prior: Prior::default(),
            habits: None,
            open,
        }
    }

    fn game2000(view: &TargetView) -> Self {
        let variant = view.variant;
        let salvos = Salvos::of(view);
        let open = view.open_cells();
        let mut groups = Vec::new();
        for left in &view.ships_left {
            let l = usize::from(left.len);
            if l >= 4 {
                continue;
            }
            let mut cands = Vec::new();
            'p: for p in placements(variant, left.len) {
                let mut c = Cand {
                    ship: p.ship,
                    cells: p.cells,
                    zone: p.zone,
                    clusters: 0,
                    sig: [(0, 0); 3],
                    sig_len: 0,
                    dest: NONE,
                    hits: 0,
                    u: 1.0,
                };
                let mut last = 0u8;
                for cell in p.cells.iter() {
                    let s = salvos.first[cell.index()];
                    if s == NONE {
                        continue;
                    }
                    c.hits += 1;
                    last = last.max(s);
                    let used = usize::from(c.sig_len);
                    if let Some(e) = c.sig[..used].iter_mut().find(|e| e.0 == s) {
                        e.1 += 1;
                    } else if used < 3 {
                        c.sig[used] = (s, 1);
                        c.sig_len += 1;
                    }
                }
                for &(s, k) in &c.sig[..usize::from(c.sig_len)] {
                    if k > salvos.hits[usize::from(s)][l] {
                        continue 'p;
                    }
                }
                if c.hits == left.len {
                    if salvos.dest[usize::from(last)][l] == 0 {
                        continue;
                    }
                    c.dest = last;
                } else if left.afloat == 0 {
                    continue;
                }
                cands.push(c);
            }
            groups.push(Group {
                len: left.len,
                count: left.total,
                cands,
                req_hits: salvos.hits.iter().map(|h| h[l]).collect(),
                req_dest: salvos.dest.iter().map(|d| d[l]).collect(),
            });
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.len));
        Model {
            variant,
            groups,
            clusters: 0,
            known: Vec::new(),
            prior: Prior::default(),
            habits: None,
            open,
        }
    }

    /// The rule set.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Cells whose content is still unknown.
    #[must_use]
    pub fn open(&self) -> CellSet {
        self.open
    }

    /// Ships known for certain (classic: the sunk ones).
    #[must_use]
    pub fn known(&self) -> &[Ship] {
        &self.known
    }

    /// Every position still possible for one ship taken alone (not yet
    /// checked against the other ships): its cells, how many fired cells it
    /// covers (Game 2000), and whether it would still be afloat.
    pub fn positions(&self) -> impl Iterator<Item = (CellSet, u8, bool)> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.cands.iter().map(|c| (c.cells, c.hits, c.dest == NONE)))
    }

    /// Draws one fleet, or `None` if this attempt ran into a dead end.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Sample> {
        let mut out = Sample {
            ships: [Ship::new(Coord::new(0, 0)?, 1, crate::game::Orientation::Horizontal).ok()?;
                MAX_SHIPS],
            cells: [CellSet::EMPTY; MAX_SHIPS],
            n: 0,
            log_weight: 0.0,
        };
        let mut buf: Vec<&Cand> = Vec::with_capacity(200);
        match self.variant.rules().report {
            ReportStyle::PerCell => self.draw_classic(rng, &mut out, &mut buf)?,
            ReportStyle::LengthOnly => self.draw_game2000(rng, &mut out, &mut buf)?,
        }
        if self.prior == Prior::Generator {
            out.log_weight += self.log_generator_prior(&out, rng)?;
        }
        if let Some(pair) = self.habits
            && pair != 0.0
        {
            let board = Board::of(self.variant);
            let cells: Vec<u128> = out
                .ship_cells()
                .iter()
                .map(|c| c.bits())
                .chain(self.known.iter().map(|s| s.cell_set().bits()))
                .collect();
            out.log_weight += pair * f64::from(board.close_pairs(&cells));
        }
        Some(out)
    }

    /// The same model, with fleets weighed by the opponent's `habits`: the
    /// prior becomes the generator's (or uniform) chance of a fleet times
    /// `exp` of its [habit score](Habits::score). Habits of another variant
    /// are ignored.
    #[must_use]
    pub fn with_habits(self, habits: &Habits) -> Self {
        self.with_habits_scaled(habits, 1.0)
    }

    /// [`Model::with_habits`] with every habit weight multiplied by `scale`
    /// (0: ignore the habits).
    #[must_use]
    pub fn with_habits_scaled(mut self, habits: &Habits, scale: f64) -> Self {
        if habits.variant() != self.variant || habits.is_flat() || scale == 0.0 {
            return self;
        }
        let board = Board::of(self.variant);
        for g in &mut self.groups {
            for c in &mut g.cands {
                let s = habits.ship_score(&board, c.cells.bits(), is_horizontal(c.ship));
                c.u = (scale * s).exp();
            }
        }
        self.habits = Some(scale * habits.pair_weight());
        self
    }

    /// Picks one of `buf` (uniformly, or by habit weight) and returns it with
    /// the logarithm of the total weight it was chosen from.
    fn pick<R: Rng + ?Sized>(&self, buf: &[&Cand], rng: &mut R) -> (usize, f64) {
        if self.habits.is_none() {
            return (rng.random_range(0..buf.len()), ln(buf.len()));
        }
        let total: f64 = buf.iter().map(|c| c.u).sum();
        let mut r = rng.random_range(0.0..total);
        for (i, c) in buf.iter().enumerate() {
            r -= c.u;
            if r < 0.0 {
                return (i, total.ln());
            }
        }
        (buf.len() - 1, total.ln())
    }

    /// The same model with another prior.
    #[must_use]
    pub fn with_prior(mut self, prior: Prior) -> Self {
        self.prior = prior;
        self
    }

    /// An unbiased estimate (up to a constant factor) of the chance that
    /// [`Fleet::random`] draws this whole fleet, as a logarithm: the generator's
    /// chance along one random order of the equally long ships, times the
    /// number of such orders (the same for every fleet, so left out).
    fn log_generator_prior<R: Rng + ?Sized>(&self, sample: &Sample, rng: &mut R) -> Option<f64> {
        let size = self.variant.size();
        let mut ships: Vec<(u8, u32, CellSet)> = sample
            .ships()
            .iter()
            .zip(sample.ship_cells())
            .map(|(s, &c)| (s.len(), 0, c))
            .chain(self.known.iter().map(|s| (s.len(), 0, s.cell_set())))
            .collect();
        for ship in &mut ships {
            ship.1 = rng.next_u32();
        }
        ships.sort_unstable_by_key(|&(len, tie, _)| (std::cmp::Reverse(len), tie));
        let mut blocked = CellSet::EMPTY;
        let mut log_p = 0.0;
        for (len, _, cells) in ships {
            let free = placements(self.variant, len)
                .iter()
                .filter(|p| !p.cells.intersects(blocked))
                .count();
            if free == 0 || cells.intersects(blocked) {
                return None;
            }
            log_p -= ln(free);
            blocked = blocked.union(cells).union(cells.halo(size));
        }
        Some(log_p)
    }

    fn draw_classic<'a, R: Rng + ?Sized>(
        &'a self,
        rng: &mut R,
        out: &mut Sample,
        buf: &mut Vec<&'a Cand>,
    ) -> Option<()> {
        let mut blocked = CellSet::EMPTY;
        let mut left: [u8; MAX_SHIPS] = [0; MAX_SHIPS];
        for (g, group) in self.groups.iter().enumerate() {
            left[g] = group.count;
        }
        let mut log_w = 0.0;
        // The ship of each hit group first (the lowest group not yet covered).
        let mut uncovered: u32 = if self.clusters >= 32 {
            u32::MAX
        } else {
            (1u32 << self.clusters) - 1
        };
        while uncovered != 0 {
            let k = 1u32 << uncovered.trailing_zeros();
            buf.clear();
            let mut owner: Vec<usize> = Vec::new();
            for (g, group) in self.groups.iter().enumerate() {
                if left[g] == 0 {
                    continue;
                }
                for c in &group.cands {
                    if c.clusters & k != 0 && !c.cells.intersects(blocked) {
                        buf.push(c);
                        owner.push(g);
                    }
                }
            }
            if buf.is_empty() {
                return None;
            }
            let (i, lt) = self.pick(buf, rng);
            log_w += lt;
            let pick = buf[i];
            left[owner[i]] -= 1;
            uncovered &= !pick.clusters;
            blocked = blocked.union(pick.zone);
            push(out, pick);
        }
        // Then the rest, longest first, away from every hit.
        for (g, group) in self.groups.iter().enumerate() {
            log_w -= ln_factorial(left[g]);
            for _ in 0..left[g] {
                buf.clear();
                buf.extend(
                    group
                        .cands
                        .iter()
                        .filter(|c| c.clusters == 0 && !c.cells.intersects(blocked)),
                );
                if buf.is_empty() {
                    return None;
                }
                let (i, lt) = self.pick(buf, rng);
                let pick = buf[i];
                log_w += lt;
                blocked = blocked.union(pick.zone);
                push(out, pick);
            }
        }
        out.log_weight = log_w;
        Some(())
    }

    fn draw_game2000<'a, R: Rng + ?Sized>(
        &'a self,
        rng: &mut R,
        out: &mut Sample,
        buf: &mut Vec<&'a Cand>,
    ) -> Option<()> {
        let mut blocked = CellSet::EMPTY;
        let mut log_w = 0.0;
        let mut placed: Vec<&Cand> = Vec::with_capacity(3);
        for group in &self.groups {
            let mut req_h = group.req_hits.clone();
            let mut req_d = group.req_dest.clone();
            let mut total_h: u32 = req_h.iter().map(|&h| u32::from(h)).sum();
            let mut total_d: u32 = req_d.iter().map(|&d| u32::from(d)).sum();
            placed.clear();
            for j in 0..group.count {
                let after = u32::from(group.count - j - 1);
                let pending = req_h.iter().position(|&h| h > 0);
                buf.clear();
                for c in &group.cands {
                    if c.cells.intersects(blocked) {
                        continue;
                    }
                    let sig = &c.sig[..usize::from(c.sig_len)];
                    match pending {
                        Some(p) => {
                            if !sig.iter().any(|&(s, _)| usize::from(s) == p) {
                                continue;
                            }
                        }
                        None => {
                            if c.sig_len > 0 {
                                continue;
                            }
                        }
                    }
                    if sig.iter().any(|&(s, k)| k > req_h[usize::from(s)]) {
                        continue;
                    }
                    let d = u32::from(c.dest != NONE);
                    if d == 1 && req_d[usize::from(c.dest)] == 0 {
                        continue;
                    }
                    let rest_h = total_h - u32::from(c.hits);
                    let rest_d = total_d - d;
                    if rest_h > after * u32::from(group.len) || rest_d > after {
                        continue;
                    }
                    buf.push(c);
                }
                if buf.is_empty() {
                    return None;
                }
                let (i, lt) = self.pick(buf, rng);
                let pick = buf[i];
                log_w += lt;
                for &(s, k) in &pick.sig[..usize::from(pick.sig_len)] {
                    req_h[usize::from(s)] -= k;
                }
                total_h -= u32::from(pick.hits);
                if pick.dest != NONE {
                    req_d[usize::from(pick.dest)] -= 1;
                    total_d -= 1;
                }
                blocked = blocked.union(pick.zone);
                placed.push(pick);
                push(out, pick);
            }
            if total_h != 0 || total_d != 0 {
                return None;
            }
            let orders = orders(&placed, &group.req_hits);
            if orders == 0 {
                return None;
            }
            log_w -= ln(orders);
        }
        out.log_weight = log_w;
        Some(())
    }

    /// Draws up to `want` fleets, making at most `attempts` attempts.
    pub fn sample<R: Rng + ?Sized>(
        &self,
        want: usize,
        attempts: usize,
        rng: &mut R,
    ) -> Vec<Sample> {
        let mut out = Vec::with_capacity(want);
        for _ in 0..attempts {
            if out.len() >= want {
                break;
            }
            if let Some(s) = self.draw(rng) {
                out.push(s);
            }
        }
        out
    }
}

/// Normalised weights of `samples` (summing to 1), or empty if there are none.
#[must_use]
pub fn weights(samples: &[Sample]) -> Vec<f64> {
    let max = samples
        .iter()
        .map(|s| s.log_weight)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut w: Vec<f64> = samples.iter().map(|s| (s.log_weight - max).exp()).collect();
    let sum: f64 = w.iter().sum();
    if sum > 0.0 && sum.is_finite() {
        for x in &mut w {
            *x /= sum;
        }
    } else {
        w.clear();
    }
    w
}

fn push(out: &mut Sample, c: &Cand) {
    let i = usize::from(out.n);
    if i < MAX_SHIPS {
        out.ships[i] = c.ship;
        out.cells[i] = c.cells;
        out.n += 1;
    }
}

#[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
fn ln(n: usize) -> f64 {
    (n as f64).ln()
}

fn ln_factorial(n: u8) -> f64 {
    (2..=usize::from(n)).map(ln).sum()
}

/// In how many orders the Game 2000 draw could have placed `ships` (the ship
/// covering the earliest unexplained hit always comes next).
fn orders(ships: &[&Cand], req_hits: &[u8]) -> usize {
    fn count(ships: &[&Cand], used: u8, req: &mut [u8]) -> usize {
        if usize::from(used.count_ones() as u8) == ships.len() {
            return 1;
        }
        let pending = req.iter().position(|&h| h > 0);
        let mut total = 0;
        for (i, c) in ships.iter().enumerate() {
            if used & (1 << i) != 0 {
                continue;
            }
            let sig = &c.sig[..usize::from(c.sig_len)];
            let fits = match pending {
                Some(p) => sig.iter().any(|&(s, _)| usize::from(s) == p),
                None => sig.is_empty(),
            };
            if !fits {
                continue;
            }
            for &(s, k) in sig {
                req[usize::from(s)] -= k;
            }
            total += count(ships, used | (1 << i), req);
            for &(s, k) in sig {
                req[usize::from(s)] += k;
            }
        }
        total
    }
    let mut req = req_hits.to_vec();
    count(ships, 0, &mut req)
}

/// The groups of touching cells of `set` (sides and corners).
fn clusters(set: CellSet, size: u8) -> Vec<CellSet> {
    let mut left = set;
    let mut out = Vec::new();
    while let Some(start) = left.iter().next() {
        let mut group = CellSet::single(start);
        loop {
            let grown = group.union(group.halo(size).intersection(left));
            if grown == group {
                break;
            }
            group = grown;
        }
        left = left.difference(group);
        out.push(group);
    }
    out
}

/// Whether `fleet` (a whole fleet) reproduces every observation of `view`:
/// replaying the observed shots on it gives the same view (classic) or, for
/// each salvo, the same multiset of reports (Game 2000).
#[must_use]
pub fn reproduces(view: &TargetView, fleet: &Fleet) -> bool {
    if fleet.variant() != view.variant {
        return false;
    }
    let mut sea = Sea::new(fleet.clone());
    match view.variant.rules().report {
        ReportStyle::PerCell => {
            for c in Coord::all(view.variant.size()) {
                if matches!(
                    view.cell(c),
                    TargetCell::Miss | TargetCell::Hit | TargetCell::Sunk
                ) {
                    sea.resolve(c, 1);
                }
            }
            let replay = TargetView::of_sea(&sea);
            let mut a = replay.sunk.clone();
            let mut b = view.sunk.clone();
            a.sort();
            b.sort();
            a == b
                && replay.ships_left == view.ships_left
                && Coord::all(view.variant.size()).all(|c| replay.cell(c) == view.cell(c))
        }
        ReportStyle::LengthOnly => view.salvos.iter().all(|salvo| {
            let mut got: Vec<Report> = salvo
                .cells
                .iter()
                .map(|&c| sea.resolve(c, salvo.turn))
                .collect();
            let mut want = salvo.reports.clone();
            let key = |r: &Report| match *r {
                Report::Water => (0, 0),
                Report::Hit { len } => (1, len.unwrap_or(0)),
                Report::Sunk { len } => (2, len),
            };
            got.sort_by_key(key);
            want.sort_by_key(key);
            got == want
        }),
    }
}
