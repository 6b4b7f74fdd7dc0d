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
mod position;
mod py;
pub mod ratio;
#[cfg(test)]
mod tests;

use crate::count::num::{either, Deadline, Stop};
use crate::count::{combine, dp, plan};
use crate::endgame::neighbours;
use crate::model::components::{split, Component as ModelComponent};
use crate::model::{fixed_cells, Cells, Constraint as ModelConstraint, Src};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
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

pub use py::register;
