//! The player's look-ahead: exact counts of a position and of hypothetical ones ("what if this cell
//! showed the number v?", "what if these cells were mines?"), for `cpsolve/play/lookahead.py` and
//! the guess evaluator of `cpsolve/play/guess.py`.
//!
//! A [`Position`] is built from the core's own model of a board (no crossing of its components) and
//! counted with the counter of [`crate::count`]: each component's DP, the combination through the
//! mine total with the true numbers of placements (`z` is compared across positions), the group
//! numerators. A hypothetical position is derived *incrementally*: the new constraint (or the
//! removed cell) touches a few components; only those are split and counted again, every other
//! component is shared with the parent (an `Arc`, its DP included).
//!
//! Counts stay exact (u128 with checked arithmetic, big integers where that overflows), so no board
//! size overflows them. Probabilities are the correctly rounded floats of the exact ratios
//! ([`ratio::ratio`]), bit for bit the floats Python's `num / den` gave, so the evaluator's
//! rankings and its tie-breaks are those of the Python look-ahead this replaced. Nothing here makes
//! a certainty: the player only ranks guesses with it.

mod patterns;
pub mod ratio;
#[cfg(test)]
mod tests;

use crate::count::num::{either, Deadline, Stop};
use crate::count::{combine, dp, plan};
use crate::endgame::neighbours;
use crate::errors::stop_err;
use crate::model::components::{split, Component as ModelComponent};
use crate::model::{fixed_cells, Cells, Constraint as ModelConstraint, PyModel, Src};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

const NONE: u32 = u32::MAX;

/// How a board cell counts in a neighbour's number.
const OTHER: u8 = 0; // revealed or fixed safe: nothing
const MINE: u8 = 1; // a flag, a known mine or a mine the model fixed: one
const UNKNOWN: u8 = 2; // covered and not fixed: one where it is a mine

/// A component's DP, on u128 or (where that overflowed) big integers.
enum Counts {
    Small(dp::Dp<u128>),
    Big(dp::Dp<BigUint>),
}

/// A counted component: its groups' cells, its constraints over board cells, its DP.
struct Comp {
    groups: Vec<Vec<u32>>,
    /// (cells ascending, need) per constraint
    cons: Vec<(Vec<u32>, i64)>,
    counts: Vec<BigUint>,
    dp: Counts,
    big: OnceLock<dp::Dp<BigUint>>,
    /// Per group, per mine count k of the component: the mines the group holds summed over the
    /// configurations with k mines (None: that overflowed u128). [`Comp::group_mines`] is linear
    /// in its weights, so with this it is a dot product per group instead of a backward pass over
    /// the DP (on big integers whenever a weight passes u128, as Expert's do). Made the first time
    /// the component's marginals are asked for with a weight past u128 (its `kn` backward passes on
    /// u128 cost less than one on big integers over the DP converted), else the second time: a
    /// component kept by derived positions is asked for once by each of them.
    per_k: OnceLock<Option<Vec<Vec<u128>>>>,
    asked: AtomicBool,
}

/// A model component ready to count: its plan, its groups' cells, its constraints over board
/// cells. The plan does not depend on the constraints' needs, so one made for the first number of
/// a candidate's clue serves every other ([`Prepared::set_last_need`]).
struct Prepared {
    pc: plan::Comp,
    steps: Vec<plan::Step>,
    groups: Vec<Vec<u32>>,
    /// (cells ascending, need) per constraint
    cons: Vec<(Vec<u32>, i64)>,
}

impl Prepared {
    fn new(mc: &ModelComponent) -> Result<Prepared, Stop> {
        let sizes = mc.groups.iter().map(|g| g.cells.len() as u32).collect();
        let group_cons = mc
            .groups
            .iter()
            .map(|g| g.constraints.iter().map(|&c| c as usize).collect())
            .collect();
        let needs = mc.constraints.iter().map(|(_, n)| *n as i64).collect();
        let pc = plan::Comp::new(sizes, group_cons, needs)?;
        let steps = plan::elimination_plan(&pc);
        let cons = mc
            .constraints
            .iter()
            .map(|(gs, need)| {
                let mut cells: Vec<u32> = gs
                    .iter()
                    .flat_map(|&g| mc.groups[g as usize].cells.iter().copied())
                    .collect();
                cells.sort_unstable();
                (cells, *need as i64)
            })
            .collect();
        Ok(Prepared {
            pc,
            steps,
            groups: mc.groups.iter().map(|g| g.cells.clone()).collect(),
            cons,
        })
    }

    /// The last constraint's need set to `need`: where the plan reads it (the entry of the step
    /// that opens it; [`plan::elimination_plan`] copies a need there and nowhere else), the
    /// component's and the constraint's own. An error when it has no constraint.
    fn set_last_need(&mut self, need: i64) -> Result<(), Stop> {
        let last = self
            .pc
            .needs
            .len()
            .checked_sub(1)
            .ok_or_else(|| Stop::Invalid("the clue's component has no constraint".into()))?;
        // the plan's steps open each constraint once, in its groups' order: find where the
        // last one opens by the constraints the steps before it opened
        let mut opened = vec![false; self.pc.needs.len()];
        for step in &mut self.steps {
            let mut at = 0;
            for &k in &self.pc.group_cons[step.group] {
                if !opened[k] {
                    opened[k] = true;
                    if k == last {
                        let slot = step.new_needs.get_mut(at).ok_or_else(|| {
                            Stop::Invalid("the plan does not open the clue".into())
                        })?;
                        *slot = need;
                        self.pc.needs[last] = need;
                        if let Some(c) = self.cons.get_mut(last) {
                            c.1 = need;
                        }
                        return Ok(());
                    }
                    at += 1;
                }
            }
        }
        Err(Stop::Invalid("the plan does not open the clue".into()))
    }

    /// The component counted (its DP with the needs as they are now).
    fn count(&self, lim: dp::Limits, dl: &Deadline) -> Result<Comp, Stop> {
        Comp::counted(
            &self.pc,
            &self.steps,
            self.groups.clone(),
            self.cons.clone(),
            lim,
            dl,
        )
    }
}

impl Comp {
    fn count(mc: &ModelComponent, lim: dp::Limits, dl: &Deadline) -> Result<Comp, Stop> {
        let p = Prepared::new(mc)?;
        Comp::counted(&p.pc, &p.steps, p.groups, p.cons, lim, dl)
    }

    fn counted(
        pc: &plan::Comp,
        steps: &[plan::Step],
        groups: Vec<Vec<u32>>,
        cons: Vec<(Vec<u32>, i64)>,
        lim: dp::Limits,
        dl: &Deadline,
    ) -> Result<Comp, Stop> {
        let counted = either(
            || dp::count::<u128>(pc, steps, lim, dl),
            || dp::count::<BigUint>(pc, steps, lim, dl),
        )?;
        let (dp, counts) = match counted {
            Ok(d) => {
                let c = d.counts.iter().map(|&v| BigUint::from(v)).collect();
                (Counts::Small(d), c)
            }
            Err(d) => {
                let c = d.counts.clone();
                (Counts::Big(d), c)
            }
        };
        Ok(Comp {
            groups,
            cons,
            counts,
            dp,
            big: OnceLock::new(),
            per_k: OnceLock::new(),
            asked: AtomicBool::new(false),
        })
    }

    /// Per group, the weighted number of mines it holds over all configurations (`w[k]` the weight
    /// of a configuration with k mines): on u128 while everything fits.
    fn group_mines(&self, w: &[BigUint], dl: &Deadline) -> Result<Vec<BigUint>, Stop> {
        let small_w = w.iter().map(|x| x.to_u128()).collect::<Option<Vec<u128>>>();
        if let Counts::Small(d) = &self.dp {
            // asked before, or weights past u128 (whose backward pass would convert the whole DP
            // to big integers): by the rows per mine count, made on u128
            if self.asked.swap(true, Ordering::Relaxed) || small_w.is_none() {
                if let Some(m) = self.per_k.get_or_init(|| per_mine_count(d)) {
                    return Ok(m.iter().map(|row| dot(row, w)).collect());
                }
            }
        }
        match &self.dp {
            Counts::Small(d) => {
                if let Some(ws) = small_w {
                    match d.group_mines(&ws, dl) {
                        Ok((n, _)) => return Ok(n.into_iter().map(BigUint::from).collect()),
                        Err(Stop::Overflow) => {}
                        Err(e) => return Err(e),
                    }
                }
                Ok(self.big.get_or_init(|| d.convert()).group_mines(w, dl)?.0)
            }
            Counts::Big(d) => Ok(d.group_mines(w, dl)?.0),
        }
    }

    fn is_empty(&self) -> bool {
        self.counts.iter().all(|c| c.is_zero())
    }
}

/// [`Comp::per_k`] of a DP: one backward pass per mine count k, weighted 1 at k and 0 elsewhere.
fn per_mine_count(d: &dp::Dp<u128>) -> Option<Vec<Vec<u128>>> {
    let kn = d.counts.len();
    let mut m = vec![vec![0u128; kn]; d.ngroups];
    let mut unit = vec![0u128; kn];
    for k in 0..kn {
        if d.counts[k] == 0 {
            continue; // no configuration with k mines: nothing held
        }
        unit[k] = 1;
        let (numer, _) = d.group_mines(&unit, &Deadline::none()).ok()?;
        unit[k] = 0;
        for (row, v) in m.iter_mut().zip(numer) {
            row[k] = v;
        }
    }
    Some(m)
}

/// `sum_k row[k] * w[k]` (a missing weight is 0), exactly.
fn dot(row: &[u128], w: &[BigUint]) -> BigUint {
    let mut small: Option<u128> = Some(0);
    for (&c, x) in row.iter().zip(w) {
        if c == 0 {
            continue;
        }
        small = small.and_then(|s| x.to_u128()?.checked_mul(c)?.checked_add(s));
        if small.is_none() {
            break;
        }
    }
    if let Some(s) = small {
        return BigUint::from(s);
    }
    let mut acc = BigUint::zero();
    for (&c, x) in row.iter().zip(w) {
        if c != 0 && !x.is_zero() {
            acc += x * c;
        }
    }
    acc
}

/// What the probabilities are made from: per component the group numerators, and the one
/// off-frontier numerator (all over `z`).
struct Marginals {
    nums: Vec<Vec<BigUint>>,
    prob: Vec<f64>,
}

/// A position counted exactly (`cpsolve._core.Position`): the real one of a board, or a
/// hypothetical one derived from it.
#[pyclass(frozen, module = "cpsolve._core", name = "Position")]
pub struct Position {
    rows: usize,
    cols: usize,
    kind: Arc<Vec<u8>>,
    /// the board's cell codes (a number, or COVERED -1, FLAG -2, MINE -3)
    codes: Arc<Vec<i8>>,
    /// fixed cells (mine or not) in the model's order
    fixed: Arc<Vec<(u32, bool)>>,
    /// per board cell: 0 not fixed, 1 fixed safe, 2 fixed mine
    fixed_at: Arc<Vec<u8>>,
    comps: Vec<Arc<Comp>>,
    /// board cell -> its component in `comps`, NONE if in none (made when first read: most derived
    /// positions are only asked for their probabilities)
    comp_of_cells: OnceLock<Vec<u32>>,
    outside: Vec<u32>,
    remaining: i64,
    lim: dp::Limits,
    z: BigUint,
    out_num: BigUint,
    weights: Vec<Vec<BigUint>>,
    marg: OnceLock<Result<Marginals, Stop>>,
    /// per board cell: 0 not known yet, 1 living, 2 dead (one number possible if safe); empty until
    /// the first is known
    dead: Mutex<Vec<u8>>,
    /// the would-be 50/50s' counts, by (mines, safes) ascending ([`patterns`])
    patterns: patterns::Memo,
}

/// The fixed cells in the model's order, and per board cell (0 not fixed, 1 safe, 2 mine).
type Fixed = (Arc<Vec<(u32, bool)>>, Arc<Vec<u8>>);
/// The kinds of board cells and their codes.
type BoardCells = (Arc<Vec<u8>>, Arc<Vec<i8>>);

/// A candidate's score (`Evaluated` in `cpsolve/play/guess.py`).
struct Score {
    weight: f64,
    deferred: bool,
    common: Vec<u32>,
    dominating: Option<u32>,
}

/// A derivation before its new components are counted: see [`Position::split_derived`].
struct Derived {
    kept: Vec<Arc<Comp>>,
    made: Vec<ModelComponent>,
    outside: Vec<u32>,
}

/// The outcome of counting a position: counted, or no placement at all (the first component with
/// no configuration, or None when the mine total cannot be met).
enum Made {
    Counted(Box<Position>),
    Empty(Option<usize>),
}

impl Position {
    #[allow(clippy::too_many_arguments)]
    fn make(
        rows: usize,
        cols: usize,
        kind: BoardCells,
        fixed: Fixed,
        comps: Vec<Arc<Comp>>,
        outside: Vec<u32>,
        remaining: i64,
        lim: dp::Limits,
        dl: &Deadline,
    ) -> Result<Made, Stop> {
        let (fixed, fixed_at) = fixed;
        let (kind, codes) = kind;
        if let Some(k) = comps.iter().position(|c| c.is_empty()) {
            return Ok(Made::Empty(Some(k)));
        }
        let n_out = outside.len() as u64;
        let total = either(
            || {
                let small = comps
                    .iter()
                    .map(|c| {
                        c.counts
                            .iter()
                            .map(|x| x.to_u128().ok_or(Stop::Overflow))
                            .collect()
                    })
                    .collect::<Result<Vec<Vec<u128>>, Stop>>()?;
                combine::total_weights::<u128>(&small, n_out, remaining, dl)
            },
            || {
                let counts: Vec<Vec<BigUint>> = comps.iter().map(|c| c.counts.clone()).collect();
                combine::total_weights::<BigUint>(&counts, n_out, remaining, dl)
            },
        )?;
        let (weights, z, out_num) = match total {
            Ok(t) => (
                t.weights
                    .iter()
                    .map(|w| w.iter().map(|&x| BigUint::from(x)).collect())
                    .collect(),
                BigUint::from(t.z),
                BigUint::from(t.out_num),
            ),
            Err(t) => (t.weights, t.z, t.out_num),
        };
        if z.is_zero() {
            return Ok(Made::Empty(None));
        }
        Ok(Made::Counted(Box::new(Position {
            rows,
            cols,
            kind,
            codes,
            fixed,
            fixed_at,
            comps,
            comp_of_cells: OnceLock::new(),
            outside,
            remaining,
            lim,
            z,
            out_num,
            weights,
            marg: OnceLock::new(),
            dead: Mutex::new(Vec::new()),
            patterns: patterns::Memo::default(),
        })))
    }

    fn marginals(&self) -> Result<&Marginals, Stop> {
        let got = self.marg.get_or_init(|| {
            let dl = Deadline::none();
            let mut prob = vec![f64::NAN; self.rows * self.cols];
            for &(x, mine) in self.fixed.iter() {
                prob[x as usize] = if mine { 1.0 } else { 0.0 };
            }
            if !self.outside.is_empty() {
                let p = ratio::ratio(&self.out_num, &self.z);
                for &x in &self.outside {
                    prob[x as usize] = p;
                }
            }
            let mut nums = Vec::with_capacity(self.comps.len());
            for (c, w) in self.comps.iter().zip(&self.weights) {
                let n = c.group_mines(w, &dl)?;
                for (g, num) in c.groups.iter().zip(&n) {
                    let p = ratio::ratio(num, &(&self.z * BigUint::from(g.len())));
                    for &x in g {
                        prob[x as usize] = p;
                    }
                }
                nums.push(n);
            }
            Ok(Marginals { nums, prob })
        });
        got.as_ref().map_err(|e| e.clone())
    }

    /// Board cell -> its component in `comps`, NONE if in none.
    fn comp_of(&self) -> &[u32] {
        self.comp_of_cells.get_or_init(|| {
            let mut comp_of = vec![NONE; self.rows * self.cols];
            for (k, c) in self.comps.iter().enumerate() {
                for g in &c.groups {
                    for &x in g {
                        if let Some(slot) = comp_of.get_mut(x as usize) {
                            *slot = k as u32;
                        }
                    }
                }
            }
            comp_of
        })
    }

    fn prob(&self) -> Result<&[f64], Stop> {
        Ok(&self.marginals()?.prob)
    }

    /// The cells a probability exists for, in the order of Python's look-ahead: fixed cells, the
    /// off-frontier cells, then the components' groups.
    fn keys(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.fixed.iter().map(|&(x, _)| x).collect();
        out.extend(&self.outside);
        for c in &self.comps {
            for g in &c.groups {
                out.extend(g);
            }
        }
        out
    }

    fn neighbours(&self, cell: u32) -> impl Iterator<Item = usize> + '_ {
        neighbours(self.rows, self.cols, cell as usize)
    }

    fn is_outside(&self, j: usize) -> bool {
        self.kind[j] == UNKNOWN && self.comp_of()[j] == NONE
    }

    fn is_fixed_mine(&self, cell: u32) -> bool {
        self.fixed_at.get(cell as usize) == Some(&2)
    }

    /// Whether `cell` is fixed, and if so a mine.
    fn fixed_as(&self, cell: u32) -> Option<bool> {
        match self.fixed_at.get(cell as usize) {
            Some(1) => Some(false),
            Some(2) => Some(true),
            _ => None,
        }
    }

    /// The conditions "each of `mines` a mine, each of `safes` safe" on the cells that are not
    /// fixed (a derived position's extra constraints), or None when a fixed cell contradicts one:
    /// no placement.
    fn unfixed_conditions(&self, mines: &[u32], safes: &[u32]) -> Option<Vec<(Vec<u32>, i64)>> {
        let mut extra = Vec::new();
        for (cell, need) in mines
            .iter()
            .map(|&c| (c, 1))
            .chain(safes.iter().map(|&c| (c, 0)))
        {
            match self.fixed_as(cell) {
                Some(m) if m != (need == 1) => return None,
                Some(_) => {}
                None => extra.push((vec![cell], need)),
            }
        }
        Some(extra)
    }

    /// (lowest, highest) number `cell` could show, from its neighbours alone.
    fn range_of(&self, cell: u32) -> (i64, i64) {
        let (mut lo, mut unk) = (0i64, 0i64);
        for j in self.neighbours(cell) {
            match self.kind[j] {
                MINE => lo += 1,
                UNKNOWN => unk += 1,
                _ => {}
            }
        }
        (lo, lo + unk)
    }

    /// The position after `cell` (unknown, not a fixed mine) shows `value`; None if impossible.
    fn reveal_value(&self, cell: u32, value: i64, dl: &Deadline) -> Result<Option<Position>, Stop> {
        if (cell as usize) >= self.kind.len() || self.is_fixed_mine(cell) {
            return Ok(None);
        }
        let mut known = 0i64;
        let mut unk: Vec<u32> = Vec::new();
        for j in self.neighbours(cell) {
            match self.kind[j] {
                MINE => known += 1,
                UNKNOWN => unk.push(j as u32),
                _ => {}
            }
        }
        let need = value - known;
        if need < 0 || need > unk.len() as i64 {
            return Ok(None);
        }
        let extra = if unk.is_empty() {
            Vec::new()
        } else {
            vec![(unk, need)]
        };
        let mut kind = (*self.kind).clone();
        kind[cell as usize] = OTHER;
        let mut codes = (*self.codes).clone();
        codes[cell as usize] = value as i8;
        self.derive(Some(cell), extra, (Arc::new(kind), Arc::new(codes)), dl)
    }

    /// `self` with `removed` known safe (out of the unknowns) and `extra` constraints added; only
    /// the components they touch are split and counted again.
    fn derive(
        &self,
        removed: Option<u32>,
        extra: Vec<(Vec<u32>, i64)>,
        kind: BoardCells,
        dl: &Deadline,
    ) -> Result<Option<Position>, Stop> {
        let Some(parts) = self.split_derived(removed, extra)? else {
            return Ok(None);
        };
        let mut comps = parts.kept;
        for mc in &parts.made {
            dl.check()?;
            comps.push(Arc::new(Comp::count(mc, self.lim, dl)?));
        }
        self.made(kind, comps, parts.outside, dl)
    }

    /// The part of [`Position::derive`] that does not count: the components kept, the ones the
    /// change touches split anew (in `split`'s order, after the kept ones), the off-frontier cells
    /// left. None when the change leaves no placement (a constraint of the removed cell unmet).
    fn split_derived(
        &self,
        removed: Option<u32>,
        extra: Vec<(Vec<u32>, i64)>,
    ) -> Result<Option<Derived>, Stop> {
        let mut affected: Vec<usize> = extra
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied())
            .chain(removed)
            .filter_map(|x| match self.comp_of().get(x as usize) {
                Some(&k) if k != NONE => Some(k as usize),
                _ => None,
            })
            .collect();
        affected.sort_unstable();
        affected.dedup();
        let mut new_cons: Vec<(Vec<u32>, i64)> = Vec::new();
        for &k in &affected {
            for (cells, need) in &self.comps[k].cons {
                match removed {
                    Some(r) if cells.contains(&r) => {
                        let cs: Vec<u32> = cells.iter().copied().filter(|&x| x != r).collect();
                        if cs.is_empty() {
                            if *need != 0 {
                                return Ok(None);
                            }
                            continue;
                        }
                        if *need > cs.len() as i64 {
                            return Ok(None);
                        }
                        new_cons.push((cs, *need));
                    }
                    _ => new_cons.push((cells.clone(), *need)),
                }
            }
        }
        new_cons.extend(extra);
        let kept: Vec<Arc<Comp>> = self
            .comps
            .iter()
            .enumerate()
            .filter(|(k, _)| affected.binary_search(k).is_err())
            .map(|(_, c)| Arc::clone(c))
            .collect();
        let mut in_con: Vec<u32> = Vec::new();
        let mut made = Vec::new();
        if !new_cons.is_empty() {
            let cons: Vec<ModelConstraint> = new_cons
                .iter()
                .map(|(cells, need)| {
                    let mut c = Cells::default();
                    for &x in cells {
                        c.push(x);
                    }
                    ModelConstraint {
                        cells: c,
                        need: *need as i32,
                        src: Src::default(),
                    }
                })
                .collect();
            let (comps, cells) = split(&cons, &crate::model::Deadline::none())
                .map_err(|_| Stop::Invalid("the look-ahead's constraints did not split".into()))?;
            in_con = cells;
            made = comps;
        }
        let outside: Vec<u32> = self
            .outside
            .iter()
            .copied()
            .filter(|&c| Some(c) != removed && in_con.binary_search(&c).is_err())
            .collect();
        Ok(Some(Derived {
            kept,
            made,
            outside,
        }))
    }

    /// The derived position of `comps` and `outside` on the board `kind`, None if it has no placement.
    fn made(
        &self,
        kind: BoardCells,
        comps: Vec<Arc<Comp>>,
        outside: Vec<u32>,
        dl: &Deadline,
    ) -> Result<Option<Position>, Stop> {
        match Position::make(
            self.rows,
            self.cols,
            kind,
            (Arc::clone(&self.fixed), Arc::clone(&self.fixed_at)),
            comps,
            outside,
            self.remaining,
            self.lim,
            dl,
        )? {
            Made::Counted(p) => Ok(Some(*p)),
            Made::Empty(_) => Ok(None),
        }
    }

    /// `[(v, position)]` for every number `cell` (unknown, not a fixed mine) can show: what
    /// [`Position::reveal_value`] gives for each v, ascending, the ones with no placement left out.
    /// The positions differ only in the need of `cell`'s clue, so the change is split once, and
    /// every new component but the clue's is counted once and shared by all of them; the clue's is
    /// counted once per number.
    ///
    /// `enough`: stop once that many positions are found (the rest of the numbers not tried).
    fn reveal_values(
        &self,
        cell: u32,
        enough: usize,
        dl: &Deadline,
    ) -> Result<Vec<(i64, Position)>, Stop> {
        let (lo, hi) = self.range_of(cell);
        let mut out = Vec::new();
        if (cell as usize) >= self.kind.len() || self.is_fixed_mine(cell) {
            return Ok(out);
        }
        let unk: Vec<u32> = self
            .neighbours(cell)
            .filter(|&j| self.kind[j] == UNKNOWN)
            .map(|j| j as u32)
            .collect();
        if unk.is_empty() || lo == hi {
            for v in lo..=hi {
                if out.len() >= enough {
                    break;
                }
                if let Some(p) = self.reveal_value(cell, v, dl)? {
                    out.push((v, p));
                }
            }
            return Ok(out);
        }
        let first = unk[0];
        // the clue goes last, so it is the last constraint of the component it lands in
        let Some(parts) = self.split_derived(Some(cell), vec![(unk, 0)])? else {
            return Ok(out);
        };
        let mut shared: Vec<Option<Arc<Comp>>> = Vec::with_capacity(parts.made.len());
        let mut clue = None;
        for (k, mc) in parts.made.iter().enumerate() {
            if mc.groups.iter().any(|g| g.cells.contains(&first)) {
                clue = Some(k);
                shared.push(None);
            } else {
                dl.check()?;
                shared.push(Some(Arc::new(Comp::count(mc, self.lim, dl)?)));
            }
        }
        let Some(clue) = clue else {
            return Err(Stop::Invalid("the clue's component was not found".into()));
        };
        let mut kind = (*self.kind).clone();
        kind[cell as usize] = OTHER;
        let kind = Arc::new(kind);
        // the clue's component planned once: its numbers differ only in the clue's need
        let mut prepared = Prepared::new(&parts.made[clue])?;
        for v in lo..=hi {
            if out.len() >= enough {
                break;
            }
            prepared.set_last_need(v - lo)?;
            let mut comps = parts.kept.clone();
            for c in &shared {
                match c {
                    Some(c) => comps.push(Arc::clone(c)),
                    None => {
                        dl.check()?;
                        comps.push(Arc::new(prepared.count(self.lim, dl)?));
                    }
                }
            }
            let mut codes = (*self.codes).clone();
            codes[cell as usize] = v as i8;
            if let Some(p) = self.made(
                (Arc::clone(&kind), Arc::new(codes)),
                comps,
                parts.outside.clone(),
                dl,
            )? {
                out.push((v, p));
            }
        }
        Ok(out)
    }

    /// Every number `cell` can show when safe, with the position after it (and whether it is dead).
    fn outcomes_of(&self, cell: u32, dl: &Deadline) -> Result<Vec<(i64, Position)>, Stop> {
        let out = self.reveal_values(cell, usize::MAX, dl)?;
        self.set_dead(cell, out.len() <= 1);
        Ok(out)
    }

    fn set_dead(&self, cell: u32, dead: bool) {
        if let Ok(mut d) = self.dead.lock() {
            if d.is_empty() {
                // made when first set: most derived positions are never asked
                d.resize(self.kind.len(), 0);
            }
            if let Some(slot) = d.get_mut(cell as usize) {
                *slot = if dead { 2 } else { 1 };
            }
        }
    }

    /// One possible number if `cell` is safe (a neighbour off the frontier counts as living).
    fn is_dead(&self, cell: u32, dl: &Deadline) -> Result<bool, Stop> {
        if let Ok(d) = self.dead.lock() {
            match d.get(cell as usize) {
                Some(1) => return Ok(false),
                Some(2) => return Ok(true),
                _ => {}
            }
        }
        let dead = if self.neighbours(cell).any(|j| self.is_outside(j)) {
            // an off-frontier neighbour may or may not be a mine: living (in all but the rarest
            // positions, where the mine total decides the whole off-frontier region)
            false
        } else {
            // the numbers tried in order until two are possible, the change split once (what
            // reveal_value gives for each number)
            self.reveal_values(cell, 2, dl)?.len() <= 1
        };
        self.set_dead(cell, dead);
        Ok(dead)
    }

    /// (blended safety, the unique safest living cell) of `hyp`, a position derived from this one:
    /// `(w1 s1 + w2 s2) / (w1 + w2)`, s1 >= s2 the two highest safeties among living cells (off-frontier cells
    /// count as living; a cell's deadness is read on this position).
    fn blend(
        &self,
        hyp: &Position,
        w: (u32, u32),
        dl: &Deadline,
    ) -> Result<(f64, Option<u32>), Stop> {
        let prob = hyp.prob()?;
        let first = if hyp.outside.is_empty() {
            0.0
        } else {
            1.0 - prob[hyp.outside[0] as usize]
        };
        let (mut s1, mut s2) = (first, first);
        let mut top: Option<u32> = None;
        let mut cells: Vec<(u32, f64)> = Vec::new();
        for c in &hyp.comps {
            for g in &c.groups {
                for &x in g {
                    let p = prob[x as usize];
                    if p < 1.0 {
                        cells.push((x, p));
                    }
                }
            }
        }
        // stable: equal probabilities keep the components' order, as Python's sorted did
        cells.sort_by(|a, b| a.1.total_cmp(&b.1));
        for (x, p) in cells {
            let s = 1.0 - p;
            if s <= s2 {
                break;
            }
            if self.is_dead(x, dl)? {
                continue;
            }
            if s > s1 {
                s2 = s1;
                s1 = s;
                top = Some(x);
            } else {
                s2 = s;
            }
        }
        let single = if s1 > s2 { top } else { None };
        // the float operations of Python's `(w1 * s1 + w2 * s2) / (w1 + w2)` on ints w1, w2
        let (w1, w2) = (w.0 as f64, w.1 as f64);
        Ok(((w1 * s1 + w2 * s2) / (w.0 as f64 + w.1 as f64), single))
    }

    /// The secondary-safety score of candidate `x` from its outcomes: the loop of
    /// `Evaluator.evaluate` in `cpsolve/play/guess.py` (which documents the rule), with the same
    /// float operations in the same order. `bar`: the weight to beat (None: nothing to prune
    /// against); `pocket`: x lies in a large covered pocket. None when x has no outcome.
    #[allow(clippy::too_many_arguments)]
    fn score_of(
        &self,
        x: u32,
        safety: f64,
        infl: f64,
        bar: Option<f64>,
        pocket: bool,
        progress_w: f64,
        blend: (u32, u32),
        dl: &Deadline,
    ) -> Result<Option<Score>, Stop> {
        let outs = self.outcomes_of(x, dl)?;
        if outs.is_empty() {
            return Ok(None);
        }
        let n = self.rows * self.cols;
        // per cell: in how many outcomes it is safe; per outcome: how many cells are
        let mut safe_in = vec![0usize; n];
        let mut n_safe = Vec::with_capacity(outs.len());
        for (_, h) in &outs {
            let prob = h.prob()?;
            let mut k = 0;
            for c in h.keys() {
                if prob[c as usize] == 0.0 {
                    safe_in[c as usize] += 1;
                    k += 1;
                }
            }
            n_safe.push(k);
        }
        let common: Vec<u32> = (0..n as u32)
            .filter(|&c| safe_in[c as usize] == outs.len())
            .collect();
        let deferred = outs.len() == 1 || !pocket;
        let comp = self.comp_of().get(x as usize).copied().unwrap_or(NONE);
        for (k, c) in self.comps.iter().enumerate() {
            for g in &c.groups {
                if g.len() > 1
                    && (k as u32 != comp || !g.contains(&x))
                    && g.iter().all(|&y| safe_in[y as usize] == outs.len())
                {
                    // the next move is free: scored by its safety
                    return Ok(Some(Score {
                        weight: safety * (1.0 + progress_w * safety),
                        deferred,
                        common,
                        dominating: None,
                    }));
                }
            }
        }
        let mut weight = 0.0;
        let mut left = safety;
        let mut progress = 0.0;
        let linked = common.len();
        let mut single: Option<u32> = None;
        let mut same = true;
        // by placements, most first; equal ones in the order of their numbers (a stable sort)
        let mut order: Vec<usize> = (0..outs.len()).collect();
        order.sort_by(|&a, &b| outs[b].1.z.cmp(&outs[a].1.z));
        for i in order {
            if let Some(bw) = bar {
                if !deferred && (weight + left * infl) * (1.0 + progress_w) < bw {
                    return Ok(Some(Score {
                        weight,
                        deferred,
                        common,
                        dominating: None,
                    })); // cannot win: pruned
                }
            }
            let h = &outs[i].1;
            let p = ratio::ratio(&h.z, &self.z);
            let (b, top) = self.blend(h, blend, dl)?;
            weight += p * b * infl;
            if n_safe[i] > linked {
                progress += p;
            }
            match (top, single) {
                (None, _) => same = false,
                (Some(t), None) => single = Some(t),
                (Some(t), Some(s1)) if s1 != t => same = false,
                _ => {}
            }
            left -= p;
        }
        let mut dominating = None;
        if same {
            if let Some(t) = single {
                if 1.0 - self.prob()?[t as usize] > safety {
                    dominating = Some(t);
                }
            }
        }
        Ok(Some(Score {
            weight: weight * (1.0 + progress_w * progress),
            deferred,
            common,
            dominating,
        }))
    }

    fn same_board(&self) -> BoardCells {
        (Arc::clone(&self.kind), Arc::clone(&self.codes))
    }

    /// The first cell (ascending) that is a free guess: see `free_guess` in
    /// `cpsolve/play/strategy.py`, whose rule this is.
    fn free_guess_cell(&self, dl: &Deadline) -> Result<Option<u32>, Stop> {
        let prob = self.prob()?;
        let (rows, cols) = (self.rows, self.cols);
        let mut keys = self.keys();
        keys.sort_unstable();
        // the position given each cell a mine, made once: a cell is asked of with up to four
        // neighbours (it and the cell right of or below it, or of it as that cell)
        let mut given: Vec<(usize, Option<Position>)> = Vec::new();
        for x in keys {
            let x = x as usize;
            let px = prob[x];
            if px == 0.0 || px == 1.0 {
                continue;
            }
            let (r, c) = (x / cols, x % cols);
            let right = (c + 1 < cols).then_some(x + 1);
            let down = (r + 1 < rows).then_some(x + cols);
            for y in [right, down].into_iter().flatten() {
                // twins make x and y equally likely to be mines (NaN: y is no unknown cell)
                if prob[y] != px {
                    continue;
                }
                let nx: Vec<usize> = neighbours(rows, cols, x).collect();
                let ny: Vec<usize> = neighbours(rows, cols, y).collect();
                let diff: Vec<usize> = nx
                    .iter()
                    .filter(|j| !ny.contains(j))
                    .chain(ny.iter().filter(|j| !nx.contains(j)))
                    .copied()
                    .filter(|&j| j != x && j != y)
                    .collect();
                if diff.iter().any(|&z| self.codes[z] >= 0) {
                    continue;
                }
                let unsure: Vec<usize> = diff
                    .into_iter()
                    .filter(|&z| self.codes[z] == -1 && self.fixed_at[z] != 2)
                    .collect();
                if unsure.iter().any(|&z| self.comp_of()[z] == NONE) {
                    continue; // a cell off the frontier is never a sure mine given x
                }
                let mut ok = true;
                for (a, b) in [(x, y), (y, x)] {
                    let at = match given.binary_search_by_key(&a, |(c, _)| *c) {
                        Ok(at) => at,
                        Err(at) => {
                            let g = self.derive(
                                None,
                                vec![(vec![a as u32], 1)],
                                self.same_board(),
                                dl,
                            )?;
                            given.insert(at, (a, g));
                            at
                        }
                    };
                    let good = match &given[at].1 {
                        None => false,
                        Some(g) => {
                            let gp = g.prob()?;
                            gp[b] == 0.0 && unsure.iter().all(|&z| gp[z] == 1.0)
                        }
                    };
                    if !good {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    return Ok(Some(x as u32));
                }
            }
        }
        Ok(None)
    }

    fn tally_of(&self, cell: u32) -> Result<Option<BigUint>, Stop> {
        if let Some(mine) = self.fixed_as(cell) {
            return Ok(Some(if mine {
                self.z.clone()
            } else {
                BigUint::zero()
            }));
        }
        if self.is_outside(cell as usize) {
            return Ok(Some(self.out_num.clone()));
        }
        let k = match self.comp_of().get(cell as usize) {
            Some(&k) if k != NONE => k as usize,
            _ => return Ok(None),
        };
        let m = self.marginals()?;
        for (g, num) in self.comps[k].groups.iter().zip(&m.nums[k]) {
            if g.contains(&cell) {
                // by symmetry each cell of a group is a mine in num / size placements (an integer)
                return Ok(Some(num / BigUint::from(g.len())));
            }
        }
        Ok(None)
    }
}

#[pymethods]
impl Position {
    /// The counted position of a board: `codes` its cells (one signed byte each, as `build_model`
    /// takes them), `model` the core's model of it (`Model.core`), `remaining` the mines among its
    /// unfixed unknown cells. Returns `(position, None)`, or `(None, k)` when component k has no
    /// configuration, `(None, None)` when no placement meets the mine total. Raises
    /// `BudgetExceeded` past `max_states` DP states in a component, `OutOfTime` after
    /// `seconds`.
    #[staticmethod]
    #[pyo3(signature = (rows, cols, codes, model, remaining, max_states=None, seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn of_model(
        py: Python<'_>,
        rows: usize,
        cols: usize,
        codes: &[u8],
        model: PyRef<'_, PyModel>,
        remaining: i64,
        max_states: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(Option<Position>, Option<usize>)> {
        if codes.len() != rows * cols {
            return Err(PyValueError::new_err("one code per board cell is needed"));
        }
        let m = &model.model;
        let dl = Deadline::after(seconds);
        let lim = dp::Limits {
            max_states,
            max_terms: None,
        };
        let fixed: Vec<(u32, bool)> = fixed_cells(m).collect();
        let mut kind: Vec<u8> = codes
            .iter()
            .map(|&c| match c as i8 {
                -1 => UNKNOWN,
                v if v < -1 => MINE,
                _ => OTHER,
            })
            .collect();
        for &(x, mine) in &fixed {
            if let Some(k) = kind.get_mut(x as usize) {
                if *k == UNKNOWN {
                    *k = if mine { MINE } else { OTHER };
                }
            }
        }
        if fixed
            .iter()
            .map(|&(x, _)| x)
            .chain(m.outside.iter().copied())
            .chain(
                m.components
                    .iter()
                    .flat_map(|c| c.groups.iter().flat_map(|g| g.cells.iter().copied())),
            )
            .any(|x| x as usize >= rows * cols)
        {
            return Err(PyValueError::new_err("the model is of another board"));
        }
        let made = py
            .allow_threads(|| -> Result<Made, Stop> {
                let mut comps = Vec::with_capacity(m.components.len());
                for mc in &m.components {
                    comps.push(Arc::new(Comp::count(mc, lim, &dl)?));
                }
                let mut fixed_at = vec![0u8; rows * cols];
                for &(x, mine) in &fixed {
                    fixed_at[x as usize] = if mine { 2 } else { 1 };
                }
                Position::make(
                    rows,
                    cols,
                    (
                        Arc::new(kind),
                        Arc::new(codes.iter().map(|&c| c as i8).collect()),
                    ),
                    (Arc::new(fixed), Arc::new(fixed_at)),
                    comps,
                    m.outside.clone(),
                    remaining,
                    lim,
                    &dl,
                )
            })
            .map_err(stop_err)?;
        Ok(match made {
            Made::Counted(p) => (Some(*p), None),
            Made::Empty(k) => (None, k),
        })
    }

    /// Placements of the whole board (an exact int).
    #[getter]
    fn z(&self) -> BigUint {
        self.z.clone()
    }

    /// `(cells, probabilities)`: every unknown cell's mine probability (the float of the exact
    /// ratio), fixed cells first, then the off-frontier cells, then the components' groups.
    fn probs(&self, py: Python<'_>) -> PyResult<(Vec<u32>, Vec<f64>)> {
        let prob = py
            .allow_threads(|| self.prob().map(|p| p.to_vec()))
            .map_err(stop_err)?;
        let keys = self.keys();
        let vals = keys.iter().map(|&x| prob[x as usize]).collect();
        Ok((keys, vals))
    }

    /// The mine probability of `cell`, None if it is not unknown.
    fn prob_of(&self, cell: u32) -> PyResult<Option<f64>> {
        let prob = self.prob().map_err(stop_err)?;
        Ok(prob.get(cell as usize).copied().filter(|p| !p.is_nan()))
    }

    /// `(cells, placements with each a mine)`, exact, in the order of `probs`.
    fn tallies(&self, py: Python<'_>) -> PyResult<(Vec<u32>, Vec<BigUint>)> {
        let keys = self.keys();
        let vals = py
            .allow_threads(|| {
                keys.iter()
                    .map(|&x| self.tally_of(x).map(|t| t.unwrap_or_default()))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(stop_err)?;
        Ok((keys, vals))
    }

    /// Placements with `cell` a mine (exact), None if it is not unknown: one cell of `tallies`.
    /// (`seconds` is accepted for `cpsolve.boundary.call`; the counts are made already.)
    #[pyo3(signature = (cell, seconds=None))]
    fn tally(&self, py: Python<'_>, cell: u32, seconds: Option<f64>) -> PyResult<Option<BigUint>> {
        let _ = seconds;
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        py.allow_threads(|| self.tally_of(cell)).map_err(stop_err)
    }

    /// Each component's configuration counts by mine number.
    fn counts(&self) -> Vec<Vec<BigUint>> {
        self.comps.iter().map(|c| c.counts.clone()).collect()
    }

    /// Cells of probability exactly 0 (fixed safe ones included), in the order of `probs`.
    fn safe_cells(&self, py: Python<'_>) -> PyResult<Vec<u32>> {
        let prob = py
            .allow_threads(|| self.prob().map(|p| p.to_vec()))
            .map_err(stop_err)?;
        Ok(self
            .keys()
            .into_iter()
            .filter(|&x| prob[x as usize] == 0.0)
            .collect())
    }

    /// `(lowest, highest)` number `cell` could show, from its neighbours alone.
    fn value_range(&self, cell: u32) -> PyResult<(i64, i64)> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        Ok(self.range_of(cell))
    }

    /// The position after `cell` shows `value`; None if impossible.
    #[pyo3(signature = (cell, value, seconds=None))]
    fn reveal(
        &self,
        py: Python<'_>,
        cell: u32,
        value: i64,
        seconds: Option<f64>,
    ) -> PyResult<Option<Position>> {
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.reveal_value(cell, value, &dl))
            .map_err(stop_err)
    }

    /// `[(value, position)]`: every number `cell` can show when safe, ascending, with the position
    /// after it. `sum(p.z for _, p in result) == z * P(cell safe)` exactly.
    #[pyo3(signature = (cell, seconds=None))]
    fn outcomes(
        &self,
        py: Python<'_>,
        cell: u32,
        seconds: Option<f64>,
    ) -> PyResult<Vec<(i64, Position)>> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.outcomes_of(cell, &dl))
            .map_err(stop_err)
    }

    /// The position conditioned on `mines` being mines and `safes` safe: `(0, None)` if no
    /// placement has both, `(1, None)` if that is this position (every cell already fixed so),
    /// `(2, position)` otherwise.
    #[pyo3(signature = (mines, safes, seconds=None))]
    fn condition(
        &self,
        py: Python<'_>,
        mines: Vec<u32>,
        safes: Vec<u32>,
        seconds: Option<f64>,
    ) -> PyResult<(u8, Option<Position>)> {
        if mines
            .iter()
            .chain(&safes)
            .any(|&c| c as usize >= self.kind.len())
        {
            return Err(PyValueError::new_err("no such cell"));
        }
        let Some(extra) = self.unfixed_conditions(&mines, &safes) else {
            return Ok((0, None));
        };
        if extra.is_empty() {
            return Ok((1, None));
        }
        let dl = Deadline::after(seconds);
        let got = py
            .allow_threads(|| self.derive(None, extra, self.same_board(), &dl))
            .map_err(stop_err)?;
        Ok(match got {
            Some(p) => (2, Some(p)),
            None => (0, None),
        })
    }

    /// One possible number if `cell` is safe (cached per position).
    #[pyo3(signature = (cell, seconds=None))]
    fn dead(&self, py: Python<'_>, cell: u32, seconds: Option<f64>) -> PyResult<bool> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.is_dead(cell, &dl))
            .map_err(stop_err)
    }

    /// `(blended safety, unique safest living cell or None)` of `hyp`, derived from this position,
    /// with `weights` (w1, w2) of the safest and the second safest living cell.
    #[pyo3(signature = (hyp, weights, seconds=None))]
    fn blended(
        &self,
        py: Python<'_>,
        hyp: PyRef<'_, Position>,
        weights: (u32, u32),
        seconds: Option<f64>,
    ) -> PyResult<(f64, Option<u32>)> {
        if hyp.kind.len() != self.kind.len() {
            return Err(PyValueError::new_err("a position of another board"));
        }
        let dl = Deadline::after(seconds);
        let h: &Position = &hyp;
        py.allow_threads(|| self.blend(h, weights, &dl))
            .map_err(stop_err)
    }

    /// `(weight, deferred, common, dominating)` of candidate `cell` (see `Evaluator.evaluate`), or
    /// None when it has no outcome: `bar` the weight to beat or None, `pocket` whether it lies in a
    /// large covered pocket, `progress` the tie-break weight, `blend` the weights of the blended
    /// safety.
    #[pyo3(signature = (cell, safety, infl, bar, pocket, progress, blend, seconds=None))]
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn score(
        &self,
        py: Python<'_>,
        cell: u32,
        safety: f64,
        infl: f64,
        bar: Option<f64>,
        pocket: bool,
        progress: f64,
        blend: (u32, u32),
        seconds: Option<f64>,
    ) -> PyResult<Option<(f64, bool, Vec<u32>, Option<u32>)>> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        let dl = Deadline::after(seconds);
        let got = py
            .allow_threads(|| self.score_of(cell, safety, infl, bar, pocket, progress, blend, &dl))
            .map_err(stop_err)?;
        Ok(got.map(|s| (s.weight, s.deferred, s.common, s.dominating)))
    }

    /// The free guess of this position (ascending first), or None: see `cpsolve/play/strategy.py`.
    #[pyo3(signature = (seconds=None))]
    fn free_guess(&self, py: Python<'_>, seconds: Option<f64>) -> PyResult<Option<u32>> {
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.free_guess_cell(&dl))
            .map_err(stop_err)
    }

    /// The pseudo-50/50 scan of the guess evaluator (native/src/lookahead/patterns.rs):
    /// `(pseudo, cells, enablers)`, the first pseudo-50/50 cell or None, and (when there is none)
    /// the would-be 50/50s' summed counts per tile and per missing enabler as `(cell, count)` pairs,
    /// `threshold` the share of placements above which a pattern counts.
    #[pyo3(signature = (threshold, seconds=None))]
    #[allow(clippy::type_complexity)]
    fn scan(
        &self,
        py: Python<'_>,
        threshold: f64,
        seconds: Option<f64>,
    ) -> PyResult<(Option<u32>, Vec<(u32, BigUint)>, Vec<(u32, BigUint)>)> {
        let dl = Deadline::after(seconds);
        let got = py
            .allow_threads(|| self.scan_patterns(threshold, &dl))
            .map_err(stop_err)?;
        Ok((got.pseudo, got.cells, got.enablers))
    }

    /// The 50/50 influence of `cell` (an unknown cell): placements in which opening it breaks a
    /// would-be 50/50, `enabler` its count as a missing enabler in `scan` (patterns.rs).
    #[pyo3(signature = (cell, enabler, seconds=None))]
    fn influence(
        &self,
        py: Python<'_>,
        cell: u32,
        enabler: BigUint,
        seconds: Option<f64>,
    ) -> PyResult<BigUint> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.influence_of(cell, &enabler, &dl))
            .map_err(stop_err)?
            .ok_or_else(|| PyValueError::new_err("not an unknown cell"))
    }

    /// `hyp.z / z` as Python's float division gives it.
    fn share(&self, hyp: PyRef<'_, Position>) -> f64 {
        ratio::ratio(&hyp.z, &self.z)
    }
}

/// `num / den` correctly rounded (Python's `int / int`), for the tests.
#[pyfunction]
fn ratio_float(num: BigUint, den: BigUint) -> PyResult<f64> {
    if den.is_zero() {
        return Err(PyValueError::new_err("division by zero"));
    }
    Ok(ratio::ratio(&num, &den))
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(ratio_float, m)?)?;
    Ok(())
}
