//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual
//! variables, O(n³), in exact unsigned integer arithmetic.
//!
//! The pairing engine packs its criteria into one wide integer per edge, most important
//! criterion in the highest bits, so a matching of maximum total weight is the best
//! pairing lexicographically. [`Wide`] is that integer; the algorithm only needs adding,
//! subtracting, halving and comparing, and every quantity it forms stays non-negative.
//!
//! [`max_weight_perfect_matching`] seeks a perfect matching instead, started from a
//! given matching: its pairs are kept where the weights leave them tight, and only the
//! vertices freed are matched again, so a good start costs O(k·n²) for k freed
//! vertices instead of O(n³). Its vertex duals may go below zero; they are held with
//! an offset that the weights' headroom bounds.
//!
//! ```
//! use broadside_tournament::matching::{Wide, max_weight_matching};
//!
//! // A path 0–1–2–3: the two outer edges together outweigh the heavy middle one.
//! let w = |v: u64| Wide::<2>::from_u64(v);
//! let mate = max_weight_matching(4, &[(0, 1, w(3)), (1, 2, w(5)), (2, 3, w(3))]);
//! assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
//! ```

// The algorithm's customary one-letter names (b blossom, v and w vertices, k edge, p
// endpoint) keep it recognisable next to its descriptions.
#![expect(
    clippy::many_single_char_names,
    reason = "the algorithm's customary names"
)]

use std::cmp::Ordering;

/// An unsigned integer of `N` 64-bit limbs, least significant limb first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Wide([0; N]);

    /// The value `v`.
    #[must_use]
    pub fn from_u64(v: u64) -> Self {
        let mut limbs = [0; N];
        limbs[0] = v;
        Wide(limbs)
    }

    /// `self / 2`, rounding down.
    #[must_use]
    pub fn half(self) -> Self {
        let mut out = [0; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    /// Set the bits of `value` from bit `at` up (onto zero bits, so it adds), as far
    /// as they fit.
    pub fn or_at(&mut self, at: u32, value: u64) {
        let limb = (at / 64) as usize;
        let shift = at % 64;
        if cfg!(debug_assertions) && limb < N {
            let mut before = self.0[limb] >> shift;
            if shift > 0 && limb + 1 < N {
                before |= self.0[limb + 1] << (64 - shift);
            }
            debug_assert!(before & value == 0, "the bits set are zero before");
        }
        if limb < N {
            self.0[limb] |= value << shift;
        }
        if shift > 0 && limb + 1 < N {
            self.0[limb + 1] |= value >> (64 - shift);
        }
    }

    /// Clear bit `at`.
    pub fn clear_at(&mut self, at: u32) {
        let limb = (at / 64) as usize;
        if limb < N {
            debug_assert!(
                self.0[limb] & (1 << (at % 64)) != 0,
                "the bit is set before"
            );
            self.0[limb] &= !(1 << (at % 64));
        }
    }

    /// `a + b - c` in one pass (`c` must not exceed `a + b`).
    #[must_use]
    #[expect(clippy::cast_sign_loss, reason = "the low 64 bits of a signed sum")]
    pub fn sum_less(a: &Self, b: &Self, c: &Self) -> Self {
        let mut out = [0; N];
        let mut carry: i128 = 0;
        for (i, slot) in out.iter_mut().enumerate() {
            let acc = i128::from(a.0[i]) + i128::from(b.0[i]) - i128::from(c.0[i]) + carry;
            *slot = acc as u64;
            carry = acc >> 64;
        }
        debug_assert!(carry == 0, "unsigned slack below zero");
        Wide(out)
    }

    /// Whether the value is zero.
    #[must_use]
    pub fn is_zero(self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// The number of bits needed to write the value (0 for zero).
    #[must_use]
    pub fn bits(self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }
}

impl<const N: usize> std::ops::Add for Wide<N> {
    type Output = Self;

    /// Wraps on overflow: callers leave headroom.
    fn add(self, other: Self) -> Self {
        let mut out = [0; N];
        let mut carry = false;
        for (slot, (&a, &b)) in out.iter_mut().zip(self.0.iter().zip(&other.0)) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *slot = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> std::ops::Sub for Wide<N> {
    type Output = Self;

    /// `other` must not exceed `self`.
    fn sub(self, other: Self) -> Self {
        debug_assert!(self >= other, "unsigned subtraction below zero");
        let mut out = [0; N];
        let mut borrow = false;
        for (slot, (&a, &b)) in out.iter_mut().zip(self.0.iter().zip(&other.0)) {
            let (d, b1) = a.overflowing_sub(b);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *slot = d;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> std::ops::Shl<u32> for Wide<N> {
    type Output = Self;

    /// Bits shifted past the top are lost.
    fn shl(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

/// No vertex, edge or blossom.
const NONE: usize = usize::MAX;

/// A label in the alternating forest: unreached, outer (S) or inner (T).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    Outer,
    Inner,
}

/// The working state of one run; vertices are `0..n`, blossoms `n..2n`.
struct Solver<const N: usize> {
    n: usize,
    /// Edges as (u, v, 4·weight): doubled so that every dual change is integral, and
    /// doubled again as the slack uses it.
    edges: Vec<(usize, usize, Wide<N>)>,
    /// `endpoint[p]`: the vertex at end `p` of edge `p / 2`.
    endpoint: Vec<usize>,
    /// For each vertex, the far endpoints of its edges.
    neighbours: Vec<Vec<usize>>,
    /// For each vertex, the far endpoint of its matched edge.
    mate: Vec<usize>,
    label: Vec<Label>,
    /// The endpoint through which a blossom got its label.
    label_end: Vec<usize>,
    /// The top-level blossom holding each vertex.
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// Endpoints joining consecutive children of a blossom.
    endps: Vec<Vec<usize>>,
    /// Least-slack edge to an outer blossom, per vertex or blossom.
    best_edge: Vec<usize>,
    /// For outer blossoms, the least-slack edges to other outer blossoms.
    blossom_best: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<N>>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
    /// A perfect matching is sought: vertex duals may go below zero (held with an
    /// offset), and the search ends only when no augmenting path is left.
    perfect: bool,
}

/// A maximum-weight matching of the graph with vertices `0..n` and the given
/// edges `(u, v, weight)` (weights positive; no loops; at most one edge per pair).
///
/// Returns, for each vertex, its partner or `None`. The weights need four bits of
/// headroom below `2^(64·N)`. Deterministic: the same input gives the same matching.
///
/// # Panics
///
/// If an edge names a vertex outside `0..n` or joins a vertex to itself.
#[must_use]
pub fn max_weight_matching<const N: usize>(
    n: usize,
    edges: &[(usize, usize, Wide<N>)],
) -> Vec<Option<usize>> {
    if edges.is_empty() {
        return vec![None; n];
    }
    let mut s = Solver::new(n, edges);
    s.run();
    s.mate
        .iter()
        .map(|&p| (p != NONE).then(|| s.endpoint[p]))
        .collect()
}

/// A maximum-weight perfect matching of the graph with vertices `0..n` and the given
/// edges `(u, v, weight)` (no loops; at most one edge per pair), found from the
/// matching `start` (each vertex's partner or `None`, along edges of the graph):
/// its pairs are kept where the weights allow, so a good start saves most of the
/// work.
///
/// Returns, for each vertex, its partner, or `None` if the graph has no perfect
/// matching. The weights need `6 + b` bits of headroom below `2^(64·N)`, where `b` is
/// the number of bits of `n` (the vertex duals go negative; they are held with an
/// offset that bound makes sure of). Deterministic: the same input gives the same
/// matching.
///
/// # Panics
///
/// If an edge names a vertex outside `0..n` or joins a vertex to itself, or `start`
/// is not a matching along the edges.
#[must_use]
pub fn max_weight_perfect_matching<const N: usize>(
    n: usize,
    edges: &[(usize, usize, Wide<N>)],
    start: &[Option<usize>],
) -> Option<Vec<usize>> {
    if n == 0 {
        return Some(Vec::new());
    }
    if edges.is_empty() || n % 2 == 1 {
        return None;
    }
    let mut s = Solver::new(n, edges);
    s.warm_start(start);
    s.run();
    s.mate
        .iter()
        .map(|&p| (p != NONE).then(|| s.endpoint[p]))
        .collect()
}

impl<const N: usize> Solver<N> {
    /// Turn a fresh solver into one for a perfect matching started from `start`.
    ///
    /// Vertex duals are held as `y + OFF` and each edge as `4w + 2·OFF`, so the slack
    /// `y_u + y_v - 4w` is computed as before. With every start dual `y` in
    /// `[0, 4·W]` (`W` the largest weight), the dual objective starts at most at
    /// `4·n·W` and stays non-negative while it drops by at least the dual change at
    /// every step, so no dual moves by more than `4·n·W`: `OFF = 4·W·2^b` (`2^b > n`)
    /// keeps every held value non-negative and below `2^(b + 6)·W`.
    fn warm_start(&mut self, start: &[Option<usize>]) {
        let n = self.n;
        self.perfect = true;
        let mut max = Wide::ZERO;
        for e in &self.edges {
            max = max.max(e.2);
        }
        // `max` is already 4·W here.
        let b = usize::BITS - n.leading_zeros();
        let off = max << b;
        let twice = off + off;
        for e in &mut self.edges {
            e.2 = e.2 + twice;
        }
        self.dual[..n].fill(off);
        // The start's pairs, each end with half the edge: tight.
        for v in 0..n {
            let Some(u) = start.get(v).copied().flatten() else {
                continue;
            };
            assert!(
                start.get(u).copied().flatten() == Some(v),
                "the start is a matching"
            );
            if u < v {
                continue;
            }
            let p = self.neighbours[v]
                .iter()
                .copied()
                .find(|&p| self.endpoint[p] == u)
                .expect("the start pairs along edges");
            self.mate[v] = p;
            self.mate[u] = p ^ 1;
            let w4 = self.edges[p / 2].2 - twice;
            let half = w4.half();
            self.dual[v] = off + half;
            self.dual[u] = off + (w4 - half);
        }
        // Raise each vertex's dual until its edges are feasible; a raised vertex's
        // pair is no longer tight, so it and its partner become free.
        for v in 0..n {
            let mut need = self.dual[v];
            for &p in &self.neighbours[v] {
                let k = p / 2;
                let u = self.endpoint[p];
                let want = self.edges[k].2 - self.dual[u];
                need = need.max(want);
            }
            if need > self.dual[v] {
                self.dual[v] = need;
                let m = self.mate[v];
                if m != NONE {
                    self.mate[self.endpoint[m]] = NONE;
                    self.mate[v] = NONE;
                }
            }
        }
        // Free vertices joined by a tight edge are paired at once.
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            let tight = self.neighbours[v]
                .iter()
                .copied()
                .find(|&p| self.mate[self.endpoint[p]] == NONE && self.slack(p / 2).is_zero());
            if let Some(p) = tight {
                self.mate[v] = p;
                self.mate[self.endpoint[p]] = p ^ 1;
            }
        }
    }

    fn new(n: usize, edges: &[(usize, usize, Wide<N>)]) -> Self {
        let mut max = Wide::ZERO;
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![Vec::new(); n];
        let doubled: Vec<_> = edges
            .iter()
            .enumerate()
            .map(|(k, &(u, v, w))| {
                assert!(
                    u < n && v < n && u != v,
                    "edge {k} is not between two vertices"
                );
                max = max.max(w);
                endpoint.push(u);
                endpoint.push(v);
                neighbours[u].push(2 * k + 1);
                neighbours[v].push(2 * k);
                (u, v, w + w + w + w)
            })
            .collect();
        let mut dual = vec![max + max; n];
        dual.extend(std::iter::repeat_n(Wide::ZERO, n));
        Solver {
            n,
            edges: doubled,
            endpoint,
            neighbours,
            mate: vec![NONE; n],
            label: vec![Label::Free; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            endps: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
            perfect: false,
        }
    }

    /// The slack of edge `k` in the doubled weights: `dual(u) + dual(v) - 2w`.
    fn slack(&self, k: usize) -> Wide<N> {
        let (u, v, w4) = &self.edges[k];
        Wide::sum_less(&self.dual[*u], &self.dual[*v], w4)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// Label the top blossom of vertex `w` with `t`, reached through endpoint `p`.
    fn assign_label(&mut self, w: usize, t: Label, p: usize) {
        let b = self.in_blossom[w];
        debug_assert!(self.label[w] == Label::Free && self.label[b] == Label::Free);
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == Label::Outer {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            debug_assert!(m != NONE);
            let partner = self.endpoint[m];
            self.assign_label(partner, Label::Outer, m ^ 1);
        }
    }

    /// Trace back from `v` and `w`; the base of a new blossom, or `NONE` for an
    /// augmenting path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut found = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] == Label::Free {
                // Marked on this scan (labels are restored below).
                found = self.base[b];
                break;
            }
            debug_assert!(self.label[b] == Label::Outer);
            path.push(b);
            self.label[b] = Label::Free;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                debug_assert!(self.label[b] == Label::Inner);
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = Label::Outer;
        }
        found
    }

    /// Make a blossom with base `base` through edge `k` joining two outer vertices.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n blossoms exist at once");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        debug_assert!(self.label[bb] == Label::Outer);
        self.label[b] = Label::Outer;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = Wide::ZERO;
        self.children[b].clone_from(&path);
        for leaf in self.leaves_of(b) {
            if self.label[self.in_blossom[leaf]] == Label::Inner {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        // The least-slack edges from the new blossom to other outer blossoms.
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbours[leaf].iter().map(|&p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k2 in list {
                    let (i, j, _) = self.edges[k2];
                    let j = if self.in_blossom[j] == b { i } else { j };
                    let bj = self.in_blossom[j];
                    if bj != b
                        && self.label[bj] == Label::Outer
                        && (best_to[bj] == NONE || self.slack(k2) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k2;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let list: Vec<usize> = best_to.into_iter().filter(|&k2| k2 != NONE).collect();
        self.best_edge[b] = NONE;
        for &k2 in &list {
            if self.best_edge[b] == NONE || self.slack(k2) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k2;
            }
        }
        self.blossom_best[b] = Some(list);
        self.endps[b] = endps;
    }

    /// Undo blossom `b`, relabelling its children when done mid-stage.
    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        let children = self.children[b].clone();
        for &s in &children {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s].is_zero() {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == Label::Inner {
            let len = children.len();
            let entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let mut j = children
                .iter()
                .position(|&c| c == entry)
                .expect("entry child");
            // Walk towards the base the even way round.
            let forward = j % 2 == 1;
            let step = |j: usize| {
                if forward {
                    (j + 1) % len
                } else {
                    (j + len - 1) % len
                }
            };
            let endp = |j: usize, this: &Self| {
                if forward {
                    this.endps[b][j]
                } else {
                    this.endps[b][(j + len - 1) % len] ^ 1
                }
            };
            let mut p = self.label_end[b];
            while j != 0 {
                let e = endp(j, self);
                self.label[self.endpoint[p ^ 1]] = Label::Free;
                self.label[self.endpoint[e ^ 1]] = Label::Free;
                let target = self.endpoint[p ^ 1];
                self.assign_label(target, Label::Inner, p);
                self.allowed[e / 2] = true;
                j = step(j);
                p = endp(j, self);
                self.allowed[p / 2] = true;
                j = step(j);
            }
            let bv = children[j];
            let entry_vertex = self.endpoint[p ^ 1];
            self.label[entry_vertex] = Label::Inner;
            self.label[bv] = Label::Inner;
            self.label_end[entry_vertex] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j = step(j);
            while children[j] != entry {
                let bv = children[j];
                if self.label[bv] == Label::Outer {
                    j = step(j);
                    continue;
                }
                let reached = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&v| self.label[v] != Label::Free);
                if let Some(v) = reached {
                    debug_assert!(self.label[v] == Label::Inner);
                    debug_assert!(self.in_blossom[v] == bv);
                    self.label[v] = Label::Free;
                    let m = self.mate[self.base[bv]];
                    self.label[self.endpoint[m]] = Label::Free;
                    let lend = self.label_end[v];
                    self.assign_label(v, Label::Inner, lend);
                }
                j = step(j);
            }
        }
        self.label[b] = Label::Free;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.endps[b].clear();
        self.base[b] = NONE;
        self.blossom_best[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Swap matched and unmatched edges inside blossom `b` so that vertex `v` becomes
    /// its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len();
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("child");
        let mut j = i;
        let forward = i % 2 == 1;
        while j != 0 {
            let p;
            if forward {
                j = (j + 1) % len;
                t = self.children[b][j];
                p = self.endps[b][j];
            } else {
                j = (j + len - 1) % len;
                t = self.children[b][j];
                p = self.endps[b][(j + len - 1) % len] ^ 1;
            }
            if t >= self.n {
                let vertex = self.endpoint[p];
                self.augment_blossom(t, vertex);
            }
            if forward {
                j = (j + 1) % len;
            } else {
                j = (j + len - 1) % len;
            }
            t = self.children[b][j];
            if t >= self.n {
                let vertex = self.endpoint[p ^ 1];
                self.augment_blossom(t, vertex);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.children[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
        debug_assert!(self.base[b] == v);
    }

    /// Flip the augmenting path through edge `k` between two outer vertices.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.in_blossom[s];
                debug_assert!(self.label[bs] == Label::Outer);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                debug_assert!(self.label[bt] == Label::Inner);
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one stage of the algorithm is one loop"
    )]
    fn run(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(Label::Free);
            self.best_edge.fill(NONE);
            for b in n..2 * n {
                self.blossom_best[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == Label::Free {
                    self.assign_label(v, Label::Outer, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    debug_assert!(self.label[self.in_blossom[v]] == Label::Outer);
                    let mut i = 0;
                    while i < self.neighbours[v].len() {
                        let p = self.neighbours[v][i];
                        i += 1;
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut kslack = Wide::ZERO;
                        if !self.allowed[k] {
                            kslack = self.slack(k);
                            if kslack.is_zero() {
                                self.allowed[k] = true;
                            }
                        }
                        if self.allowed[k] {
                            if self.label[self.in_blossom[w]] == Label::Free {
                                self.assign_label(w, Label::Inner, p ^ 1);
                            } else if self.label[self.in_blossom[w]] == Label::Outer {
                                let base = self.scan_blossom(v, w);
                                if base == NONE {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                                self.add_blossom(base, k);
                            } else if self.label[w] == Label::Free {
                                debug_assert!(self.label[self.in_blossom[w]] == Label::Inner);
                                self.label[w] = Label::Inner;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[self.in_blossom[w]] == Label::Outer {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || kslack < self.slack(self.best_edge[b]) {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == Label::Free
                            && (self.best_edge[w] == NONE || kslack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path yet: pick the smallest dual change.
                // 1: a vertex dual reaches zero (the matching is then optimal).
                // (Not when a perfect matching is sought: no vertex dual is bound
                // below, and no dual change left means no augmenting path is left.)
                let mut delta_type = u8::from(!self.perfect);
                let mut delta = if self.perfect {
                    Wide::ZERO
                } else {
                    self.dual[..n].iter().copied().min().expect("n > 0")
                };
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                // 2: an edge from an outer blossom to a free vertex becomes tight.
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == Label::Free && self.best_edge[v] != NONE {
                        let d = self.slack(self.best_edge[v]);
                        if delta_type == 0 || d < delta {
                            delta = d;
                            delta_type = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                // 3: an edge between two outer blossoms becomes tight.
                for b in 0..2 * n {
                    if self.parent[b] == NONE
                        && self.label[b] == Label::Outer
                        && self.best_edge[b] != NONE
                    {
                        let d = self.slack(self.best_edge[b]).half();
                        if delta_type == 0 || d < delta {
                            delta = d;
                            delta_type = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                // 4: an inner blossom's dual reaches zero.
                for b in n..2 * n {
                    if self.base[b] != NONE
                        && self.parent[b] == NONE
                        && self.label[b] == Label::Inner
                        && (delta_type == 0 || self.dual[b] < delta)
                    {
                        delta = self.dual[b];
                        delta_type = 4;
                        delta_blossom = b;
                    }
                }
                if delta_type == 0 {
                    // No augmenting path is left.
                    break;
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        Label::Outer => self.dual[v] = self.dual[v] - delta,
                        Label::Inner => self.dual[v] = self.dual[v] + delta,
                        Label::Free => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE && self.parent[b] == NONE {
                        match self.label[b] {
                            Label::Outer => self.dual[b] = self.dual[b] + delta,
                            Label::Inner => self.dual[b] = self.dual[b] - delta,
                            Label::Free => {}
                        }
                    }
                }
                match delta_type {
                    1 => break,
                    2 | 3 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, j, _) = self.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == Label::Free {
                            i = j;
                        }
                        debug_assert!(self.label[self.in_blossom[i]] == Label::Outer);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == Label::Outer
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

/// A maximum-cardinality matching of a graph given by adjacency lists (Edmonds'
/// blossom algorithm without weights), kept so that the search for one more
/// augmenting path can be repeated from chosen vertices.
///
/// The pairing uses it to ask only whether everyone can be paired, and from which
/// score group a bye can come, where a weighted matching would spend its time on ties.
#[derive(Clone, Debug)]
pub struct Cardinality {
    adj: Vec<Vec<usize>>,
    mate: Vec<usize>,
}

impl Cardinality {
    /// The graph with vertices `0..adj.len()` and the edges `v–u` for `u` in `adj[v]`
    /// (both directions must be listed), matched greedily then to maximum
    /// cardinality. Deterministic.
    #[must_use]
    pub fn new(adj: Vec<Vec<usize>>) -> Self {
        let n = adj.len();
        let mut m = Cardinality {
            adj,
            mate: vec![NONE; n],
        };
        for v in 0..n {
            if m.mate[v] == NONE
                && let Some(&u) = m.adj[v].iter().find(|&&u| m.mate[u] == NONE)
            {
                m.mate[v] = u;
                m.mate[u] = v;
            }
        }
        for v in 0..n {
            if m.mate[v] == NONE {
                m.augment(v);
            }
        }
        m
    }

    /// The number of matched pairs.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// Each vertex's partner, or `None`.
    #[must_use]
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&m| (m != NONE).then_some(m))
            .collect()
    }

    /// Whether an extra vertex joined to `neighbours` could be matched too: an
    /// augmenting path from it exists. The matching itself is left as it is.
    #[must_use]
    pub fn extra_vertex_augments(&self, neighbours: &[usize]) -> bool {
        let mut with = self.clone();
        let x = with.adj.len();
        for &u in neighbours {
            with.adj[u].push(x);
        }
        with.adj.push(neighbours.to_vec());
        with.mate.push(NONE);
        with.augment(x)
    }

    /// Search for an augmenting path from the free vertex `root` and flip it.
    fn augment(&mut self, root: usize) -> bool {
        let n = self.adj.len();
        let mut base: Vec<usize> = (0..n).collect();
        let mut parent = vec![NONE; n];
        let mut used = vec![false; n];
        let mut queue = std::collections::VecDeque::new();
        used[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            for i in 0..self.adj[v].len() {
                let u = self.adj[v][i];
                if base[v] == base[u] || self.mate[v] == u {
                    continue;
                }
                if u == root || (self.mate[u] != NONE && parent[self.mate[u]] != NONE) {
                    // An odd cycle: shrink it into its base.
                    let top = self.common_base(&base, &parent, root, v, u);
                    let mut in_cycle = vec![false; n];
                    self.mark_cycle(&base, &mut parent, &mut in_cycle, v, top, u);
                    self.mark_cycle(&base, &mut parent, &mut in_cycle, u, top, v);
                    for x in 0..n {
                        if in_cycle[base[x]] {
                            base[x] = top;
                            if !used[x] {
                                used[x] = true;
                                queue.push_back(x);
                            }
                        }
                    }
                } else if parent[u] == NONE {
                    parent[u] = v;
                    if self.mate[u] == NONE {
                        // Flip the path ending at u.
                        let mut x = u;
                        while x != NONE {
                            let p = parent[x];
                            let next = self.mate[p];
                            self.mate[x] = p;
                            self.mate[p] = x;
                            x = next;
                        }
                        return true;
                    }
                    let w = self.mate[u];
                    used[w] = true;
                    queue.push_back(w);
                }
            }
        }
        false
    }

    /// The base of the blossom closing at the edge `v–u` (the first common base on
    /// their alternating paths to the root).
    fn common_base(
        &self,
        base: &[usize],
        parent: &[usize],
        root: usize,
        mut v: usize,
        mut u: usize,
    ) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            v = base[v];
            seen[v] = true;
            if v == root {
                break;
            }
            v = parent[self.mate[v]];
        }
        loop {
            u = base[u];
            if seen[u] {
                return u;
            }
            u = parent[self.mate[u]];
        }
    }

    /// Mark the blossom's bases on the path from `v` to `top`, pointing the path's
    /// even vertices back across the closing edge (to `child`).
    fn mark_cycle(
        &self,
        base: &[usize],
        parent: &mut [usize],
        in_cycle: &mut [bool],
        mut v: usize,
        top: usize,
        mut child: usize,
    ) {
        while base[v] != top {
            in_cycle[base[v]] = true;
            in_cycle[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn brute(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>, v: usize) -> u64 {
        if v == n {
            return 0;
        }
        if used[v] {
            return brute(n, w, used, v + 1);
        }
        used[v] = true;
        let mut best = brute(n, w, used, v + 1);
        for u in v + 1..n {
            if !used[u] && w[v][u] > 0 {
                used[u] = true;
                best = best.max(w[v][u] + brute(n, w, used, v + 1));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    #[expect(
        clippy::needless_range_loop,
        reason = "u < v over a square matrix reads clearer with indices"
    )]
    fn matches_brute_force_on_small_random_graphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for case in 0..3000 {
            let n = rng.random_range(1..=9);
            let mut w = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(0.6) {
                        let x = rng.random_range(1..=20);
                        w[u][v] = x;
                        w[v][u] = x;
                        edges.push((u, v, Wide::<1>::from_u64(x)));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges);
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = *m {
                    assert_eq!(mate[u], Some(v), "case {case}: matching is symmetric");
                    assert!(w[u][v] > 0, "case {case}: matched along an edge");
                    if u > v {
                        total += w[u][v];
                    }
                }
            }
            let best = brute(n, &w, &mut vec![false; n], 0);
            assert_eq!(total, best, "case {case}: n = {n}, edges {edges:?}");
        }
    }

    /// The heaviest perfect matching's weight, or `None` if there is none.
    fn brute_perfect(n: usize, w: &[Vec<Option<u64>>], used: &mut Vec<bool>) -> Option<u64> {
        let Some(v) = (0..n).find(|&v| !used[v]) else {
            return Some(0);
        };
        used[v] = true;
        let mut best = None;
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                if let Some(rest) = brute_perfect(n, w, used) {
                    best = best.max(Some(x + rest));
                }
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    #[expect(
        clippy::needless_range_loop,
        reason = "u < v over a square matrix reads clearer with indices"
    )]
    fn perfect_matching_from_any_start_matches_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut found = 0;
        for case in 0..3000 {
            let n = 2 * rng.random_range(1..=5);
            let mut w = vec![vec![None; n]; n];
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(0.6) {
                        // Zero weights too, and a spread like the pairing's fields.
                        let x = if rng.random_bool(0.2) {
                            0
                        } else {
                            rng.random_range(0..=20) << rng.random_range(0..40)
                        };
                        w[u][v] = Some(x);
                        w[v][u] = Some(x);
                        edges.push((u, v, Wide::<2>::from_u64(x)));
                    }
                }
            }
            // A random start: a greedy matching over the edges in a random order.
            let mut start = vec![None; n];
            for &(u, v, _) in &edges {
                if start[u].is_none() && start[v].is_none() && rng.random_bool(0.5) {
                    start[u] = Some(v);
                    start[v] = Some(u);
                }
            }
            let best = brute_perfect(n, &w, &mut vec![false; n]);
            let mate = max_weight_perfect_matching(n, &edges, &start);
            let Some(best) = best else {
                assert!(mate.is_none(), "case {case}: no perfect matching exists");
                continue;
            };
            found += 1;
            let mate = mate.unwrap_or_else(|| panic!("case {case}: a perfect matching exists"));
            let mut total = 0;
            for (v, &u) in mate.iter().enumerate() {
                assert_eq!(mate[u], v, "case {case}: the matching is symmetric");
                if u > v {
                    total += w[u][v].expect("matched along an edge");
                }
            }
            assert_eq!(total, best, "case {case}: edges {edges:?}, start {start:?}");
        }
        assert!(
            found > 1000,
            "enough graphs have a perfect matching: {found}"
        );
    }

    #[test]
    fn cardinality_matches_brute_force_and_tests_an_extra_vertex() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for case in 0..2000 {
            let n = rng.random_range(1..=9);
            let mut w = vec![vec![0u64; n + 1]; n + 1];
            let mut adj = vec![Vec::new(); n];
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(0.4) {
                        w[u][v] = 1;
                        w[v][u] = 1;
                        adj[u].push(v);
                        adj[v].push(u);
                    }
                }
            }
            let m = Cardinality::new(adj);
            let mates = m.mates();
            for (v, x) in mates.iter().enumerate() {
                if let Some(u) = *x {
                    assert_eq!(mates[u], Some(v), "case {case}");
                    assert_eq!(w[u][v], 1, "case {case}: matched along an edge");
                }
            }
            let sub: Vec<Vec<u64>> = w[..n].iter().map(|r| r[..n].to_vec()).collect();
            let best = brute(n, &sub, &mut vec![false; n], 0);
            assert_eq!(m.pairs() as u64, best, "case {case}");
            // An extra vertex joined to a random set.
            let joined: Vec<usize> = (0..n).filter(|_| rng.random_bool(0.3)).collect();
            for &u in &joined {
                w[u][n] = 1;
                w[n][u] = 1;
            }
            let with = brute(n + 1, &w, &mut vec![false; n + 1], 0);
            assert_eq!(
                m.extra_vertex_augments(&joined),
                with > best,
                "case {case}: joined to {joined:?}"
            );
            assert_eq!(m.pairs() as u64, best, "the matching is left as it was");
        }
    }

    #[test]
    fn wide_arithmetic_carries_across_limbs() {
        let a = Wide::<2>::from_u64(u64::MAX);
        let b = a + Wide::from_u64(1);
        assert_eq!(b.0, [0, 1]);
        assert_eq!(b - Wide::from_u64(1), a);
        assert_eq!((Wide::<2>::from_u64(1) << 64).0, [0, 1]);
        assert_eq!((Wide::<2>::from_u64(3) << 63).0, [1 << 63, 1]);
        assert_eq!(b.half().0, [1 << 63, 0]);
        assert_eq!(b.bits(), 65);
        assert!(b > a);
    }
}
