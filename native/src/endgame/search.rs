//! The game tree over an explicit list of placements (`cpsolve/play/endgame.py` explains the search).
//!
//! A set of placements is a bitset over the list of placements, `nw` 64-bit words. Every value is
//! exact: the number of placements of a set that optimal play wins (its chance to win is this over
//! the set's size), so every comparison is one of integers and ties stay ties. The nodes, the order of
//! the moves, the cut-offs and the tie-breaks are those of the Python search this replaces, so that
//! the same positions give the same moves and the same node counts (and the same budget overruns).

use crate::deadline::Deadline;

use super::memo::{self, Memo};

/// The deadline is read every this many nodes (a node costs about a microsecond: the clock stays a
/// small share of the work, and a search overruns its deadline by about a millisecond at most).
pub const CLOCK_EVERY: u64 = 1024;

// A set is its words and `nz`, the indices of its non-zero words (ascending): every operation below
// reads only those, so a set deep in the tree (a few placements) costs a few words, not the list's
// `nw`. A word index out of range reads as 0.

fn word(s: &[u64], i: u32) -> u64 {
    s.get(i as usize).copied().unwrap_or(0)
}

fn count(s: &[u64], nz: &[u32]) -> u64 {
    nz.iter().map(|&i| u64::from(word(s, i).count_ones())).sum()
}

fn count_and(s: &[u64], nz: &[u32], m: &[u64]) -> u64 {
    nz.iter()
        .map(|&i| u64::from((word(s, i) & word(m, i)).count_ones()))
        .sum()
}

fn subset(s: &[u64], nz: &[u32], m: &[u64]) -> bool {
    nz.iter().all(|&i| word(s, i) & !word(m, i) == 0)
}

/// How a cell's mask `m` meets the set `s`: (some placement of `s` is in `m`, some is not), read up
/// to the first word that shows both.
pub(super) fn meets(s: &[u64], nz: &[u32], m: &[u64]) -> (bool, bool) {
    let (mut inside, mut outside) = (0, 0);
    for &i in nz {
        let (w, mw) = (word(s, i), word(m, i));
        inside |= w & mw;
        outside |= w & !mw;
        if inside != 0 && outside != 0 {
            break;
        }
    }
    (inside != 0, outside != 0)
}

/// The first placement of `s` (None if it is empty).
fn first(s: &[u64], nz: &[u32]) -> Option<u64> {
    nz.iter().find_map(|&i| {
        let w = word(s, i);
        (w != 0).then(|| u64::from(i) * 64 + u64::from(w.trailing_zeros()))
    })
}

fn has(m: &[u64], k: u64) -> bool {
    usize::try_from(k / 64).is_ok_and(|i| m.get(i).is_some_and(|w| w >> (k % 64) & 1 == 1))
}

/// A set's words (`nw`, all 0 outside its non-zero words) and the indices of its non-zero words.
pub(super) type Part = (Vec<u64>, Vec<u32>);

/// `s & m` into `out`, a set whose words are all 0 outside its list (only those are cleared, not
/// all `nw`); false if it is empty.
pub(super) fn and_into(s: &[u64], nz: &[u32], m: &[u64], out: &mut Part) -> bool {
    clear(out);
    let (words, out_nz) = out;
    for &i in nz {
        let w = word(s, i) & word(m, i);
        if w != 0 {
            if let Some(o) = words.get_mut(i as usize) {
                *o = w;
                out_nz.push(i);
            }
        }
    }
    !out_nz.is_empty()
}

/// Empties a set (its words all 0 outside its list: only those are cleared).
fn clear(set: &mut Part) {
    let (words, nz) = set;
    for &i in nz.iter() {
        if let Some(o) = words.get_mut(i as usize) {
            *o = 0;
        }
    }
    nz.clear();
}

/// The words of each of `parts` where `s` (non-zero words `nz`) has any (every other word of a part
/// is 0), the parts sorted: the split itself, the same for the same parts in any order.
pub(super) fn signature(parts: &[Part], nz: &[u32], sig: &mut Vec<u64>) {
    sig.clear();
    for (p, _) in parts {
        sig.extend(nz.iter().map(|&i| word(p, i)));
    }
    let m = nz.len();
    if m == 0 {
        return;
    }
    // insertion sort of the parts' chunks of m words (a split has a few parts)
    for a in 1..parts.len() {
        let mut b = a;
        while b > 0 && sig[(b - 1) * m..b * m] > sig[b * m..(b + 1) * m] {
            let (lo, hi) = sig.split_at_mut(b * m);
            lo[(b - 1) * m..].swap_with_slice(&mut hi[..m]);
            b -= 1;
        }
    }
}

/// The search ran over its node budget (or its depth limit): it proves nothing about the best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget;

/// Deeper than this the search gives up as over budget (a line of play reveals a cell per level and
/// each level leaves fewer placements, so with the player's limits it is never reached; it bounds the
/// stack of the thread the search runs on).
pub const MAX_DEPTH: usize = 50_000;

/// A first move evaluated from the full set: (live index, placements won or an upper bound, exact).
pub type FirstMove = (usize, u64, bool);

/// A split of a set already evaluated by [`Search::best`]: its parts, sorted and joined, and its
/// (placements won or an upper bound, exact).
type Seen = (Vec<u64>, (u64, bool));

pub struct Search {
    nw: usize,
    n: u64,
    /// per live cell: the placements where it is a mine
    mine: Vec<Vec<u64>>,
    /// per live cell: the placements by the number it shows, in order of the first placement showing it
    values: Vec<Vec<Vec<u64>>>,
    memo: Memo,
    pub nodes: u64,
    pub budget: u64,
    /// the analysis deadline (`cpsolve/budget.py`), checked every [`CLOCK_EVERY`] nodes
    pub deadline: Deadline,
    /// the last search stopped at the deadline (not at the node budget)
    pub out_of_time: bool,
    /// first moves evaluated from the full set, in the order evaluated
    pub first: Vec<FirstMove>,
    /// buffers given back by finished nodes, taken again by new ones (a node made a few vectors
    /// of its own: their allocation was about half of the search's time); each set all 0 outside
    /// its list of non-zero words
    sets: Vec<Part>,
    /// the same for the signatures of splits
    words: Vec<Vec<u64>>,
    cells: Vec<Vec<usize>>,
    splits: Vec<Vec<Part>>,
    sigs: Vec<Vec<Seen>>,
    ranks: Vec<Vec<(u64, usize)>>,
}

impl Search {
    /// The search over `placements` (each a list of live indices that are mines; indices < `live`),
    /// where live cell `x` shows `base[x]` plus its mines among `nb[x]` (live indices) when safe.
    /// Indices out of range are ignored (the boundary checks them).
    pub fn new(
        live: usize,
        base: &[u64],
        nb: &[Vec<usize>],
        placements: &[Vec<usize>],
        budget: u64,
    ) -> Search {
        let n = placements.len();
        let nw = n.div_ceil(64);
        let mut mine = vec![vec![0u64; nw]; live];
        let mut by_value: Vec<Vec<(u64, Vec<u64>)>> = vec![Vec::new(); live];
        let mut is_mine = vec![false; live];
        for (k, p) in placements.iter().enumerate() {
            for &x in p {
                if let Some(m) = is_mine.get_mut(x) {
                    *m = true;
                }
            }
            let (word, bit) = (k / 64, 1u64 << (k % 64));
            for x in 0..live {
                if is_mine[x] {
                    mine[x][word] |= bit;
                    continue;
                }
                let around = nb.get(x).map_or(0, |js| {
                    js.iter()
                        .filter(|&&j| is_mine.get(j) == Some(&true))
                        .count()
                });
                let v = base.get(x).copied().unwrap_or(0) + around as u64;
                let slots = &mut by_value[x];
                match slots.iter_mut().find(|(u, _)| *u == v) {
                    Some((_, mask)) => mask[word] |= bit,
                    None => {
                        let mut mask = vec![0u64; nw];
                        mask[word] |= bit;
                        slots.push((v, mask));
                    }
                }
            }
            for &x in p {
                if let Some(m) = is_mine.get_mut(x) {
                    *m = false;
                }
            }
        }
        let values = by_value
            .into_iter()
            .map(|slots| slots.into_iter().map(|(_, m)| m).collect())
            .collect();
        Search {
            nw,
            n: n as u64,
            mine,
            values,
            memo: Memo::default(),
            nodes: 0,
            budget,
            deadline: Deadline::none(),
            out_of_time: false,
            first: Vec::new(),
            sets: Vec::new(),
            words: Vec::new(),
            cells: Vec::new(),
            splits: Vec::new(),
            sigs: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// A set of `nw` words (contents unspecified: [`and_into`] overwrites it).
    fn take_set(&mut self) -> Part {
        self.sets
            .pop()
            .unwrap_or_else(|| (vec![0; self.nw], Vec::new()))
    }

    /// An empty list of cells.
    fn take_cells(&mut self) -> Vec<usize> {
        let mut v = self.cells.pop().unwrap_or_default();
        v.clear();
        v
    }

    pub fn placements(&self) -> u64 {
        self.n
    }

    /// A bound on the depth of [`Search::win`]'s recursion: each level's set is a strict subset of
    /// the one above (a move splits off at least its mines, or its numbers differ), and each level
    /// decides one more live cell (the one opened: safe with one number in each part, it is dropped
    /// from the cells the levels below look at), so a line of play is at most one level per
    /// placement and at most one per live cell, plus the leaf.
    pub fn levels(&self) -> u64 {
        self.n.min(self.mine.len() as u64 + 1)
    }

    /// The set of every placement, and its non-zero words (all of them).
    fn full(&self) -> (Vec<u64>, Vec<u32>) {
        let mut s = vec![u64::MAX; self.nw];
        let tail = (self.n % 64) as u32;
        if let (Some(last), true) = (s.last_mut(), tail != 0) {
            *last = (1u64 << tail) - 1;
        }
        (s, (0..self.nw as u32).collect())
    }

    fn every(&self) -> Vec<usize> {
        (0..self.mine.len()).collect()
    }

    /// Placements of the full set where each live cell is safe.
    pub fn safety(&self) -> Vec<u64> {
        let every: Vec<u32> = (0..self.nw as u32).collect();
        self.mine
            .iter()
            .map(|m| self.n - count(m, &every))
            .collect()
    }

    /// The moves from `s`, looking only at `active` (live cells in order, a superset of those undecided
    /// in `s`): the first cell safe in every placement that tells something (or None), and the cells the
    /// positions below need to look at (with no such cell: the undecided cells, the moves to choose
    /// from). A decided cell stays decided in every subset, so the positions below drop it.
    fn moves(&mut self, s: &[u64], nz: &[u32], active: &[usize]) -> (Option<usize>, Vec<usize>) {
        let mut keep = self.take_cells();
        for (i, &k) in active.iter().enumerate() {
            let (mined, safe) = meets(s, nz, &self.mine[k]);
            if !safe {
                continue; // a mine in every placement (or no placement left)
            }
            if !mined {
                // safe in every placement: it tells something unless they all show one number, the
                // number of the first (a cell's numbers split the placements where it is safe)
                let one = first(s, nz).is_some_and(|p| {
                    self.values[k]
                        .iter()
                        .find(|vm| has(vm, p))
                        .is_some_and(|vm| subset(s, nz, vm))
                });
                if !one {
                    keep.extend_from_slice(&active[i + 1..]);
                    return (Some(k), keep);
                }
                continue; // safe, with one number: tells nothing
            }
            keep.push(k);
        }
        (None, keep)
    }

    /// Placements of `s` (non-zero words `nz`) won by optimal play.
    fn win(
        &mut self,
        s: &[u64],
        nz: &[u32],
        active: &[usize],
        depth: usize,
    ) -> Result<u64, OverBudget> {
        let key = memo::key(s, nz);
        if let Some(v) = self.memo.get(s, &key) {
            return Ok(v);
        }
        self.nodes += 1;
        if self.nodes > self.budget || depth > MAX_DEPTH {
            return Err(OverBudget);
        }
        if self.nodes % CLOCK_EVERY == 0 && self.deadline.check().is_err() {
            self.out_of_time = true;
            return Err(OverBudget);
        }
        let n = count(s, nz);
        if n == 1 {
            self.memo.insert(s, &key, 1);
            return Ok(1);
        }
        let (safe, below) = self.moves(s, nz, active);
        let val = if let Some(k) = safe {
            // a safe cell that tells something: open it first
            let mut total = 0;
            let mut p = self.take_set();
            for i in 0..self.values[k].len() {
                if and_into(s, nz, &self.values[k][i], &mut p) {
                    total += self.win(&p.0, &p.1, &below, depth + 1)?;
                }
            }
            self.sets.push(p);
            total
        } else if below.is_empty() {
            n // every cell decided
        } else {
            self.best(s, nz, n, &below, false, depth)?.1
        };
        self.cells.push(below);
        self.memo.insert(s, &key, val);
        Ok(val)
    }

    /// The best of the undecided cells `below` from `s`: (live index, placements won). Cells are tried
    /// safest first (ties in live order); a cell no safer than the best so far cannot beat it, and a
    /// cell's evaluation stops once what is left of its safe placements cannot lift it over the best
    /// (its value is then an upper bound, not exact). Equal splits of `s` are evaluated once.
    fn best(
        &mut self,
        s: &[u64],
        nz: &[u32],
        n: u64,
        below: &[usize],
        record: bool,
        depth: usize,
    ) -> Result<(Option<usize>, u64), OverBudget> {
        let mut undecided = self.ranks.pop().unwrap_or_default();
        undecided.clear();
        undecided.extend(
            below
                .iter()
                .map(|&k| (n - count_and(s, nz, &self.mine[k]), k)),
        );
        undecided.sort_by_key(|t| std::cmp::Reverse(t.0)); // stable: ties stay in live order
                                                           // the splits already evaluated: (the split's parts, sorted and joined; its value)
        let mut seen = self.sigs.pop().unwrap_or_default();
        let mut parts = self.splits.pop().unwrap_or_default();
        let got = self.best_of(
            (s, nz),
            &undecided,
            &mut seen,
            &mut parts,
            below,
            record,
            depth,
        );
        self.ranks.push(undecided);
        for (sig, _) in seen.drain(..) {
            self.words.push(sig);
        }
        self.sigs.push(seen);
        self.sets.append(&mut parts);
        self.splits.push(parts);
        got
    }

    /// [`Search::best`]'s loop over the cells `undecided` ((safe placements, live index), safest first),
    /// with its buffers: `set` the set and its non-zero words, `parts` the parts of a move.
    #[allow(clippy::too_many_arguments)]
    fn best_of(
        &mut self,
        set: (&[u64], &[u32]),
        undecided: &[(u64, usize)],
        seen: &mut Vec<Seen>,
        parts: &mut Vec<Part>,
        below: &[usize],
        record: bool,
        depth: usize,
    ) -> Result<(Option<usize>, u64), OverBudget> {
        let (s, nz) = set;
        let mut best_k = None;
        let mut best: Option<u64> = None; // None: below every value (the Python search's -1)
        let beats = |v: u64, best: Option<u64>| match best {
            Some(b) => v > b,
            None => true,
        };
        for &(safe, k) in undecided {
            if !beats(safe, best) {
                break; // no cell further down can beat the best: its safety bounds its value
            }
            self.sets.append(parts);
            for i in 0..self.values[k].len() {
                let mut p = self.take_set();
                if and_into(s, nz, &self.values[k][i], &mut p) {
                    parts.push(p);
                } else {
                    self.sets.push(p);
                }
            }
            let mut sig = self.words.pop().unwrap_or_default();
            signature(parts, nz, &mut sig);
            if let Some((_, got)) = seen.iter().find(|(g, _)| *g == sig) {
                // the same split of the placements: the same value
                if record {
                    self.first.push((k, got.0, got.1));
                }
                self.words.push(sig);
                continue;
            }
            let mut val = 0;
            let mut left = safe;
            let mut done = true;
            for (p, pnz) in parts.iter() {
                val += self.win(p, pnz, below, depth + 1)?;
                left = left.saturating_sub(count(p, pnz));
                if !beats(val + left, best) {
                    done = left == 0;
                    val += left; // an upper bound when the rest was not searched
                    break;
                }
            }
            seen.push((sig, (val, done)));
            if record {
                self.first.push((k, val, done));
            }
            if beats(val, best) {
                best_k = Some(k);
                best = Some(val);
            }
        }
        Ok((best_k, best.unwrap_or(0)))
    }

    /// (live index, placements won) of an optimal first move; None if nothing is left to decide.
    pub fn best_move(&mut self) -> Result<Option<(usize, u64)>, OverBudget> {
        let (full, nz) = self.full();
        let every = self.every();
        let (safe, below) = self.moves(&full, &nz, &every);
        if let Some(k) = safe {
            return Ok(Some((k, self.win(&full, &nz, &every, 0)?)));
        }
        if below.is_empty() {
            return Ok(None);
        }
        self.first.clear();
        let (k, val) = self.best(&full, &nz, self.n, &below, true, 0)?;
        Ok(k.map(|k| (k, val)))
    }

    /// Placements won by optimal play from the full set.
    pub fn value(&mut self) -> Result<u64, OverBudget> {
        let ((full, nz), every) = (self.full(), self.every());
        self.win(&full, &nz, &every, 0)
    }

    /// Placements won by opening live cell `k` first, then playing optimally (0 if `k` is no live cell).
    pub fn move_value(&mut self, k: usize) -> Result<u64, OverBudget> {
        let ((full, nz), every) = (self.full(), self.every());
        let Some(masks) = self.values.get(k) else {
            return Ok(0);
        };
        let masks = masks.clone();
        let mut total = 0;
        let mut p = (vec![0u64; self.nw], Vec::new());
        for vm in &masks {
            if and_into(&full, &nz, vm, &mut p) {
                total += self.win(&p.0, &p.1, &every, 1)?;
            }
        }
        Ok(total)
    }
}
