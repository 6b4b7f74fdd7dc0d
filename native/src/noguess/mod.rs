//! No-guess generation's play and repair loop (`cpsolve/simulate/noguess.py` is its Python face).
//!
//! [`Table`] holds a layout (the referee's side: where the mines are and the numbers) and the view of
//! a player who moves by forced cells alone: a revealed number whose mines are all marked makes its
//! other covered neighbours safe, one that needs as many mines as it has covered neighbours makes
//! them mines; when no single clue forces anything, the position's model is built
//! ([`crate::model::build`]: the simplifier with the mine total) and its fixed cells are taken;
//! when those give no safe cell, the model is counted exactly through the mine total
//! ([`crate::count::forced::forced_cells`]) and the cells at probability 0 or 1 are taken. Each rule
//! is sound for every placement that meets the clues and the total, so a play won this way is won
//! by `cpsolve verify-ng`'s proofs (the tests and the soak replay every generated layout there).
//! Every move is checked against the layout: a cell taken as safe that holds a mine, or as a mine
//! that holds none, is an error, never hidden. Nothing here is a certainty: the layouts are
//! plain data, and `cpsolve/proof/` alone makes a `Certainty`.
//!
//! [`generate`] (in `generate.rs`): lay, play, re-lay the free frontier where play stops (or
//! Tatham's perturbation with a replay), and accept a layout only once a play from its first click
//! is won. The random numbers come from [`Rng`] (SplitMix64) seeded by Python.

use crate::count::dp;
use crate::count::forced::{forced_cells, CountCache};
use crate::count::num::Stop;
use crate::deadline::Deadline;
use crate::model;
use crate::model::cells::Cells;
use crate::model::scan::{Clue, Scan, COVERED, MINE};

mod generate;
mod py;
#[cfg(test)]
mod tests;

pub use generate::{generate, Generated, Plan, Shortfall};
pub use py::register;

/// SplitMix64: small, fast and good enough to lay mines; seeded by Python's seeded generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A board's neighbour lists, made once per size.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub rows: usize,
    pub cols: usize,
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Geometry {
    pub fn new(rows: usize, cols: usize) -> Self {
        let n = rows * cols;
        let mut start = Vec::with_capacity(n + 1);
        let mut list = Vec::with_capacity(n * 8);
        start.push(0);
        for r in 0..rows {
            for c in 0..cols {
                for dr in -1i64..=1 {
                    for dc in -1i64..=1 {
                        let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                        if (dr, dc) != (0, 0)
                            && 0 <= rr
                            && rr < rows as i64
                            && 0 <= cc
                            && cc < cols as i64
                        {
                            list.push((rr as usize * cols + cc as usize) as u32);
                        }
                    }
                }
                start.push(list.len() as u32);
            }
        }
        Geometry {
            rows,
            cols,
            start,
            list,
        }
    }

    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn nb(&self, i: usize) -> &[u32] {
        &self.list[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The limits of the exact count of a stuck position (the analysis' defaults, from Python).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub exact_limit: Option<u64>,
    pub lim: dp::Limits,
    pub combine_budget: Option<u64>,
    /// Seconds for the model and the count of one position (past them: no deduction, so a repair).
    pub seconds: Option<f64>,
}

/// Why play could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A rule took a cell the layout contradicts (a defect: never hidden).
    Wrong(String),
    /// The position is inconsistent (a defect of the table: a real layout meets its clues).
    Invalid(String),
}

fn is_revealed(v: u8) -> bool {
    v <= 8
}

/// The layout and the player's view (module docstring).
#[derive(Clone, Debug)]
pub struct Table<'g> {
    g: &'g Geometry,
    pub mine: Vec<bool>,
    num: Vec<u8>,
    /// Cell codes as the model reads them: 0-8 revealed, `COVERED`, `MINE` (a mine the play marked).
    pub view: Vec<u8>,
    mines: usize,
    marked_mines: usize,
    covered_safe: usize,
    /// Generation's bookkeeping ([`generate`]): per revealed cell, the epoch it was revealed in; the
    /// epoch counts the strong steps that proved a safe cell.
    stamp: Vec<u32>,
    epoch: u32,
    /// Generation mode: a strong step that proves no safe cell marks nothing (its mines rest on
    /// clues the re-lay may change), and the position before each strong step that proved a safe
    /// cell is kept ([`Snapshot`], the last few) for backtracking.
    track: bool,
    snaps: std::collections::VecDeque<Snapshot>,
    /// Snapshots pushed so far (a trial that is undone drops the ones it pushed).
    pushes: u64,
    /// The whole request's deadline (generation), on top of the per-position seconds.
    until: Deadline,
    /// Per cell: its covered and its marked neighbours, kept up to date with every change of the
    /// view, so that a play (a re-lay tries one per placement) starts without an O(cells) recount.
    cov: Vec<u8>,
    marked: Vec<u8>,
    /// Revealed cells the single-clue rule should look at again: their number or their covered
    /// or marked neighbours changed since play last stopped. The rule's fixpoint does not depend
    /// on the order (every move it makes stays forced), so play reaches the same position from
    /// these alone as from every revealed cell.
    work: Vec<u32>,
    /// Bitsets of the cells (64 a word): the covered ones, and the revealed ones with a covered
    /// neighbour (the clues a model reads); with each cell's revealed neighbours (`rev`) they give
    /// the model's scan ([`Table::scan`]) and the re-lay's regions without reading every cell.
    covered: Vec<u64>,
    active: Vec<u64>,
    rev: Vec<u8>,
    /// The exact count's components kept between positions ([`CountCache`]), and the strong
    /// steps' results ([`Memo`]); generation moves both from table to table.
    caches: Caches,
    /// The opening's work stack ([`Table::open`]), kept to save an allocation per move.
    stack: Vec<u32>,
}

/// Set or clear bit `i` of `bits`.
fn put(bits: &mut [u64], i: usize, on: bool) {
    let (w, m) = (i >> 6, 1u64 << (i & 63));
    if on {
        bits[w] |= m;
    } else {
        bits[w] &= !m;
    }
}

/// The set bits of `bits`, ascending.
fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &x)| {
        let mut x = x;
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let t = x.trailing_zeros() as usize;
                x &= x - 1;
                w * 64 + t
            })
        })
    })
}

fn count_ones(bits: &[u64]) -> usize {
    bits.iter().map(|x| x.count_ones() as usize).sum()
}

/// What a table keeps between positions only to go faster: generation moves it from table to
/// table (it holds what a position's step finds, whatever the layout).
#[derive(Clone, Debug, Default)]
pub(crate) struct Caches {
    counts: CountCache,
    memo: Memo,
}

/// The results of strong steps by position: the view, which with the table's mine total is all
/// that a step reads (its model and count are built from them alone), so a position met again (a
/// replay from the first click goes through the positions of the play before it up to where the
/// layout changed) takes the cells found then. Kept: the steps that proved a safe cell, where the
/// deadline cut nothing short. The mine total must be the same for every position kept (one
/// generation's tables).
#[derive(Default)]
struct Memo {
    map: std::collections::HashMap<Vec<u8>, Vec<(u32, bool)>, crate::count::forced::WordsBuild>,
    bytes: usize,
}

/// The memo is emptied before it would hold more than this many bytes of positions and cells.
const MEMO_BYTES: usize = 1 << 23;

impl Memo {
    fn keep(&mut self, key: Vec<u8>, cells: &[(u32, bool)]) {
        let size = key.len() + 8 * cells.len() + 64;
        if self.bytes + size > MEMO_BYTES {
            self.map.clear();
            self.bytes = 0;
        }
        self.bytes += size;
        self.map.insert(key, cells.to_vec());
    }
}

/// A copy starts empty: the memo is only a speed-up, never part of a table's position.
impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} positions)", self.map.len())
    }
}

/// A position of a tracked play, before a strong step that proved a safe cell.
#[derive(Clone, Debug)]
struct Snapshot {
    view: Vec<u8>,
    marked_mines: usize,
    covered_safe: usize,
    epoch: u32,
}

/// Snapshots a tracked play keeps (backtracking deeper than this restarts instead).
const SNAPSHOTS: usize = 8;

impl<'g> Table<'g> {
    pub fn new(g: &'g Geometry, mine: Vec<bool>) -> Self {
        let n = g.len();
        let mut num = vec![0u8; n];
        let mut mines = 0;
        for (i, &m) in mine.iter().enumerate() {
            if m {
                mines += 1;
                for &j in g.nb(i) {
                    num[j as usize] += 1;
                }
            }
        }
        Table {
            g,
            mine,
            num,
            view: vec![COVERED; n],
            mines,
            marked_mines: 0,
            covered_safe: n - mines,
            stamp: vec![0; n],
            epoch: 0,
            track: false,
            snaps: std::collections::VecDeque::new(),
            pushes: 0,
            until: Deadline::none(),
            cov: (0..n).map(|i| g.nb(i).len() as u8).collect(),
            marked: vec![0; n],
            work: Vec::new(),
            covered: (0..n.div_ceil(64))
                .map(|w| match n - w * 64 {
                    k if k >= 64 => u64::MAX,
                    k => (1u64 << k) - 1,
                })
                .collect(),
            active: vec![0; n.div_ceil(64)],
            rev: vec![0; n],
            caches: Caches::default(),
            stack: Vec::new(),
        }
    }

    /// A table for generation: tracked play (epochs and snapshots) under the request's deadline.
    pub fn tracked(g: &'g Geometry, mine: Vec<bool>, until: Deadline) -> Self {
        let mut t = Table::new(g, mine);
        t.track = true;
        t.until = until;
        t
    }

    pub fn won(&self) -> bool {
        self.covered_safe == 0
    }

    /// Reveal the safe cell `start` and the opening it starts.
    pub fn open(&mut self, start: usize) {
        let g = self.g;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(start as u32);
        while let Some(i) = stack.pop() {
            let i = i as usize;
            if self.view[i] != COVERED {
                continue;
            }
            self.view[i] = self.num[i];
            self.stamp[i] = self.epoch;
            self.covered_safe -= 1;
            self.work.push(i as u32);
            put(&mut self.covered, i, false);
            for &j in g.nb(i) {
                let j = j as usize;
                self.cov[j] -= 1;
                self.rev[j] += 1;
                if self.cov[j] == 0 {
                    put(&mut self.active, j, false);
                }
                let v = self.view[j];
                if v == COVERED {
                    if self.num[i] == 0 {
                        stack.push(j as u32);
                    }
                } else if is_revealed(v) && v > 0 {
                    self.work.push(j as u32);
                }
            }
            put(&mut self.active, i, self.cov[i] > 0);
        }
        self.stack = stack;
    }

    /// Mark the covered cell `i` as a mine.
    fn mark(&mut self, i: usize) {
        self.view[i] = MINE;
        self.marked_mines += 1;
        put(&mut self.covered, i, false);
        for &j in self.g.nb(i) {
            let j = j as usize;
            self.cov[j] -= 1;
            if self.cov[j] == 0 {
                put(&mut self.active, j, false);
            }
            self.marked[j] += 1;
            if is_revealed(self.view[j]) {
                self.work.push(j as u32);
            }
        }
    }

    /// Take back the mark on cell `i` (covered again).
    fn unmark(&mut self, i: usize) {
        self.view[i] = COVERED;
        self.marked_mines -= 1;
        put(&mut self.covered, i, true);
        for &j in self.g.nb(i) {
            let j = j as usize;
            self.cov[j] += 1;
            self.marked[j] -= 1;
            if is_revealed(self.view[j]) {
                self.work.push(j as u32);
                put(&mut self.active, j, true);
            }
        }
    }

    /// Count the covered and marked neighbours afresh and put every revealed cell with a covered
    /// neighbour on the work list (after the view was replaced).
    fn recount(&mut self) {
        let g = self.g;
        self.cov.fill(0);
        self.marked.fill(0);
        self.rev.fill(0);
        for i in 0..g.len() {
            let v = self.view[i];
            put(&mut self.covered, i, v == COVERED);
            for &j in g.nb(i) {
                if v == COVERED {
                    self.cov[j as usize] += 1;
                } else if v == MINE {
                    self.marked[j as usize] += 1;
                } else {
                    self.rev[j as usize] += 1;
                }
            }
        }
        for i in 0..g.len() {
            put(
                &mut self.active,
                i,
                is_revealed(self.view[i]) && self.cov[i] > 0,
            );
        }
        self.work.clear();
        self.work.extend(
            (0..g.len() as u32)
                .filter(|&i| is_revealed(self.view[i as usize]) && self.cov[i as usize] > 0),
        );
    }

    /// The position, for [`Table::push_snapshot`].
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            view: self.view.clone(),
            marked_mines: self.marked_mines,
            covered_safe: self.covered_safe,
            epoch: self.epoch,
        }
    }

    /// Keep `s` as the newest snapshot (the oldest goes past [`SNAPSHOTS`]).
    fn push_snapshot(&mut self, s: Snapshot) {
        if self.snaps.len() == SNAPSHOTS {
            self.snaps.pop_front();
        }
        self.snaps.push_back(s);
        self.pushes += 1;
    }

    /// Play by forced cells until won (`true`) or stuck (`false`; every forced mine is marked).
    pub fn play(&mut self, limits: &Limits) -> Result<bool, Error> {
        let g = self.g;
        let mut forced: Vec<(u32, bool)> = Vec::new();
        while !self.won() {
            while let Some(i) = self.work.pop() {
                let i = i as usize;
                let v = self.view[i];
                if !is_revealed(v) || self.cov[i] == 0 {
                    continue;
                }
                let need = v as i32 - self.marked[i] as i32;
                if need != 0 && need != self.cov[i] as i32 {
                    continue;
                }
                forced.clear();
                forced.extend(
                    g.nb(i)
                        .iter()
                        .filter(|&&j| self.view[j as usize] == COVERED)
                        .map(|&j| (j, need > 0)),
                );
                self.apply(&forced)?;
                if self.won() {
                    return Ok(true);
                }
            }
            // the model's fixed cells, then the exact count's
            let any_safe = self.strong(limits, &mut forced)?;
            if !any_safe {
                if !self.track {
                    self.apply(&forced)?;
                }
                return Ok(self.won());
            }
            if self.track {
                // the clues active now are used by this step: they are frozen from here on
                let snap = self.snapshot();
                self.push_snapshot(snap);
                self.epoch += 1;
            }
            self.apply(&forced)?;
        }
        Ok(true)
    }

    /// What [`model::scan::scan`] finds in the view, from the bitsets: the covered cells, the
    /// revealed ones with a covered neighbour as clues, and the covered cells next to a revealed
    /// one. A revealed cell with no covered neighbour has as many marked neighbours as its number
    /// (every mark is a mine of the layout), so the scan would drop it too.
    fn scan(&self) -> Scan {
        let g = self.g;
        let mut unknown = Vec::with_capacity(count_ones(&self.covered));
        let mut clue_cells = 0;
        for c in ones(&self.covered) {
            unknown.push(c as u32);
            clue_cells += usize::from(self.rev[c] > 0);
        }
        let mut clues = Vec::with_capacity(count_ones(&self.active));
        for i in ones(&self.active) {
            let mut cells = Cells::default();
            for &j in g.nb(i) {
                if self.view[j as usize] == COVERED {
                    cells.push(j);
                }
            }
            let number = self.view[i];
            clues.push(Clue {
                index: i as u32,
                number,
                need: i32::from(number) - i32::from(self.marked[i]),
                cells,
            });
        }
        let s = Scan {
            unknown,
            clues,
            clue_cells,
        };
        #[cfg(test)]
        {
            let full = model::scan::scan(g.rows, g.cols, &self.view, false, &Deadline::none())
                .expect("a table's view is a board");
            assert_eq!(
                (&full.unknown, &full.clues, full.clue_cells),
                (&s.unknown, &s.clues, s.clue_cells)
            );
        }
        s
    }

    /// The forced cells of the position beyond single clues, into `out`; whether any is safe.
    /// A position met before (the same view: with the mine total, all the step reads) takes the
    /// cells found then ([`Memo`]).
    fn strong(&mut self, limits: &Limits, out: &mut Vec<(u32, bool)>) -> Result<bool, Error> {
        if let Some(cells) = self.caches.memo.map.get(self.view.as_slice()) {
            out.clear();
            out.extend_from_slice(cells);
            #[cfg(test)]
            {
                let mut again = Vec::new();
                let dl = Deadline::none();
                self.strong_step(limits, &dl, &mut again)?;
                assert_eq!(&again, out, "a kept strong step differs");
            }
            return Ok(out.iter().any(|&(_, mine)| !mine));
        }
        // one deadline for the step: the model and the count share its seconds
        let dl = Deadline::after(limits.seconds).earliest(self.until);
        let any_safe = self.strong_step(limits, &dl, out)?;
        // kept when it proved a safe cell (a replay goes through those; most steps that prove
        // none are a re-lay's tries, not met again) and the deadline cut nothing short
        if any_safe && !dl.passed() {
            self.caches.memo.keep(self.view.clone(), out);
        }
        Ok(any_safe)
    }

    /// [`Table::strong`]'s step under the deadline `dl`.
    fn strong_step(
        &mut self,
        limits: &Limits,
        dl: &Deadline,
        out: &mut Vec<(u32, bool)>,
    ) -> Result<bool, Error> {
        out.clear();
        let remaining = (self.mines - self.marked_mines) as i64;
        let dl = *dl;
        let opts = model::Options {
            trust_flags: false,
            simplify: true,
        };
        // no sources: play reads only the fixed cells and the count
        let m = match model::build_scanned(
            self.g.rows,
            self.g.cols,
            self.scan(),
            Some(remaining),
            opts,
            false,
            &dl,
        ) {
            Ok(m) => m,
            Err(model::Error::OutOfTime) => return Ok(false),
            Err(model::Error::Inconsistent { reason, .. })
            | Err(model::Error::BadInput(reason)) => return Err(Error::Invalid(reason)),
        };
        for &(cell, f) in &m.fixed {
            let mine = m.facts.get(f as usize).is_some_and(|x| x.mine);
            out.push((cell, mine));
        }
        if out.iter().any(|&(_, mine)| !mine) {
            return Ok(true);
        }
        let got = forced_cells(
            &m,
            remaining,
            limits.exact_limit,
            limits.lim,
            limits.combine_budget,
            &dl,
            &mut self.caches.counts,
        );
        #[cfg(test)]
        {
            // the same cells as the exact marginals through the total (the oracle), when neither
            // ran out of time
            let oracle = crate::count::whole::forced_by_marginals(
                &m,
                remaining,
                limits.exact_limit,
                limits.lim,
                limits.combine_budget,
                &Deadline::none(),
            );
            if !dl.passed() {
                match (&got, &oracle) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b),
                    (Err(Stop::Invalid(_)), Err(Stop::Invalid(_))) => {}
                    (a, b) => panic!("forced cells {a:?} against the marginals' {b:?}"),
                }
            }
        }
        match got {
            Ok(Some(cells)) => out.extend(cells),
            Ok(None) | Err(Stop::Budget(_)) => {}
            Err(Stop::Invalid(reason)) => return Err(Error::Invalid(reason)),
            Err(Stop::OutOfTime) | Err(Stop::Overflow) => {}
        }
        Ok(out.iter().any(|&(_, mine)| !mine))
    }

    /// Reveal the safe cells and mark the mines of `forced`, checking each against the layout.
    fn apply(&mut self, forced: &[(u32, bool)]) -> Result<(), Error> {
        let cols = self.g.cols;
        for &(cell, mine) in forced {
            let i = cell as usize;
            if self.view[i] != COVERED {
                continue;
            }
            if mine != self.mine[i] {
                let what = if mine { "a mine" } else { "safe" };
                return Err(Error::Wrong(format!(
                    "cell {},{} was taken as {what} but the layout says otherwise",
                    i / cols,
                    i % cols
                )));
            }
            if mine {
                self.mark(i);
            } else {
                self.open(i);
            }
        }
        Ok(())
    }
}
