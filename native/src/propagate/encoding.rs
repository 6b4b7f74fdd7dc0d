//! The prover's encoding of a model, built in one place: for `prove_nominated` ([`super::nominated`])
//! and for Python's `encodings.system_from_model` (`encode_model`), which makes its `CardSystem`
//! from it. Its two rules serve every `CardSystem` (`card_groups`, `total_range`), the original
//! clues' of `system_from_clues` too.
//!
//! A variable per frontier cell (the cells of the simplified constraints, ascending, numbered
//! from one) and, with a mine total and cells off the frontier, one more standing for those cells
//! (they touch no clue, so they are interchangeable); a constraint per simplified constraint, over
//! its cells' variables (ascending) with its need; and, with a total, the total's range over every
//! variable: with `r` mines left among the unfixed cells and `k` cells off the frontier,
//! `r - max(k - 1, 0) <= sum <= r` (the other `k - 1` off-frontier cells take the rest).

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::OutOfTime;
use crate::model::{Deadline, Model, PyModel};
use crate::options::Options;

/// The total's range over the encoding's variables with `remaining` mines left among the unfixed
/// cells, `n_outside` of them off the frontier: (remaining - max(n_outside - 1, 0), remaining).
/// (Saturating: any i64 from Python is taken without overflow; [`super::impossible`] finds the
/// impossible.)
pub fn total_range(remaining: i64, n_outside: usize) -> (i64, i64) {
    let rest = (n_outside as i64 - 1).max(0);
    (remaining.saturating_sub(rest), remaining)
}

/// The prover's encoding of a [`Model`] (see the module docstring).
pub struct Encoding {
    /// The board cell of variable `v` is `frontier[v - 1]` (the off-frontier variable excluded).
    pub frontier: Vec<u32>,
    /// The variable standing for the off-frontier cells, with a total and such cells.
    pub outside_var: Option<usize>,
    /// Variables in all.
    pub n: usize,
    /// Per simplified constraint (in the model's order): its variables, ascending, and its need.
    pub clues: Vec<(Vec<usize>, i64)>,
    /// The total's range over every variable (None: no total).
    pub total: Option<(i64, i64)>,
}

impl Encoding {
    /// The encoding of `m`; `remaining`: the mines left among its unfixed cells (None: no total).
    /// Err once `deadline` has passed (checked every 256 constraints: a huge board's take a second).
    pub fn of(
        m: &Model,
        remaining: Option<i64>,
        deadline: &Deadline,
    ) -> Result<Encoding, crate::deadline::OutOfTime> {
        let mut frontier: Vec<u32> = Vec::new();
        for (k, c) in m.constraints.iter().enumerate() {
            if k & 255 == 0 {
                deadline.check()?;
            }
            frontier.extend_from_slice(c.cells.as_slice());
        }
        frontier.sort_unstable();
        frontier.dedup();
        let outside_var =
            (remaining.is_some() && !m.outside.is_empty()).then_some(frontier.len() + 1);
        let n = frontier.len() + usize::from(outside_var.is_some());
        let mut clues: Vec<(Vec<usize>, i64)> = Vec::with_capacity(m.constraints.len());
        for (k, c) in m.constraints.iter().enumerate() {
            if k & 255 == 0 {
                deadline.check()?;
            }
            let mut vs: Vec<usize> = c
                .cells
                .as_slice()
                .iter()
                .filter_map(|&x| frontier.binary_search(&x).ok().map(|i| i + 1))
                .collect();
            vs.sort_unstable();
            clues.push((vs, i64::from(c.need)));
        }
        let n_out = m.outside.len();
        let total = remaining.map(|rem| total_range(rem, n_out));
        Ok(Encoding {
            frontier,
            outside_var,
            n,
            clues,
            total,
        })
    }

    /// The variable of board cell `cell` of `m` (an off-frontier cell: the stand-in's, for the
    /// first off-frontier cell only), None for a cell outside the encoding.
    pub fn var_of(&self, m: &Model, cell: u32) -> Option<usize> {
        let on = self.frontier.binary_search(&cell).ok().map(|i| i + 1);
        on.or(self
            .outside_var
            .filter(|_| m.outside.first() == Some(&cell)))
    }

    /// The board cells variable `v` decides (every off-frontier cell of `m` for the stand-in).
    pub fn cells_of<'a>(&'a self, m: &'a Model, v: usize) -> &'a [u32] {
        if Some(v) == self.outside_var {
            &m.outside
        } else {
            std::slice::from_ref(&self.frontier[v - 1])
        }
    }

    /// The variables that touch the same clue constraints ([`groups_of`]).
    pub fn groups(&self) -> Vec<Vec<usize>> {
        groups_of(
            self.n,
            self.clues.iter().map(|(vs, _)| vs.as_slice()),
            self.outside_var,
        )
    }
}

/// The variables 1..=`n` that touch the same clue constraints (`clues`, each its variables), in
/// order of their first member (`outside_var`, the off-frontier stand-in, a group of its own):
/// interchangeable, so one is forced exactly when all are. The total touches every variable alike
/// and does not split them. Every variable of `clues` must be in 1..=`n`.
pub fn groups_of<'a>(
    n: usize,
    clues: impl Iterator<Item = &'a [usize]>,
    outside_var: Option<usize>,
) -> Vec<Vec<usize>> {
    let mut sig: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for (ci, vs) in clues.enumerate() {
        for &v in vs {
            sig[v].push(ci as u32);
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index: HashMap<&[u32], usize> = HashMap::new();
    for (v, s) in sig.iter().enumerate().skip(1) {
        if Some(v) == outside_var {
            groups.push(vec![v]);
            continue;
        }
        let g = *index.entry(s.as_slice()).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(v);
    }
    groups
}

/// [`groups_of`] for Python's `CardSystem.groups`: `n` variables, `lits` each clue card's
/// variables, `outside_var` the stand-in (None: none). Raises `ValueError` on a variable outside
/// 1..=`n`.
#[pyfunction]
#[pyo3(signature = (n, lits, outside_var))]
pub fn card_groups(
    py: Python<'_>,
    n: usize,
    lits: Vec<Vec<usize>>,
    outside_var: Option<usize>,
) -> PyResult<Vec<Vec<usize>>> {
    if lits.iter().flatten().any(|&v| v == 0 || v > n) {
        return Err(PyValueError::new_err("a variable outside 1..=n"));
    }
    Ok(py.allow_threads(|| groups_of(n, lits.iter().map(Vec::as_slice), outside_var)))
}

/// The total's range over an encoding's variables ([`total_range`]) for Python's
/// `system_from_clues` (`cpsolve._core.TotalRange`): `lo <= sum <= hi`.
#[pyclass(frozen, module = "cpsolve._core", name = "TotalRange")]
pub struct TotalRange {
    #[pyo3(get)]
    lo: i64,
    #[pyo3(get)]
    hi: i64,
}

/// [`total_range`] for Python: `remaining` mines left among the unfixed cells, `n_outside` of them
/// off the frontier.
#[pyfunction]
#[pyo3(name = "total_range", signature = (remaining, n_outside))]
pub fn py_total_range(remaining: i64, n_outside: usize) -> TotalRange {
    let (lo, hi) = total_range(remaining, n_outside);
    TotalRange { lo, hi }
}

/// A model's encoding as Python's `system_from_model` reads it (`encode_model`): `cells`, the board
/// cell of each variable (the first off-frontier cell for the stand-in); `lits`, each simplified
/// constraint's variables in the model's order (its need and sources are the model's own);
/// `outside_var`; `total_lo` and `total_hi`, the total's range over every variable (None: no total).
#[pyclass(frozen, module = "cpsolve._core", name = "Encoded")]
pub struct Encoded {
    #[pyo3(get)]
    cells: Vec<u32>,
    #[pyo3(get)]
    lits: Vec<Vec<usize>>,
    #[pyo3(get)]
    outside_var: Option<usize>,
    #[pyo3(get)]
    total_lo: Option<i64>,
    #[pyo3(get)]
    total_hi: Option<i64>,
}

/// The prover's encoding of `model` (see the module docstring); `remaining`: the mines left among
/// its unfixed cells (None: no total); `options.seconds`: the time left (None: no deadline). Raises
/// `OutOfTime` once that has passed.
#[pyfunction]
#[pyo3(signature = (model, remaining, options))]
pub fn encode_model(
    py: Python<'_>,
    model: &Bound<'_, PyModel>,
    remaining: Option<i64>,
    options: &Options,
) -> PyResult<Encoded> {
    let m = &model.get().model;
    let deadline = options.deadline();
    let e = py
        .allow_threads(|| Encoding::of(m, remaining, &deadline))
        .map_err(|_| OutOfTime::new_err("the analysis deadline passed"))?;
    let mut cells = e.frontier;
    if e.outside_var.is_some() {
        cells.push(m.outside[0]);
    }
    Ok(Encoded {
        cells,
        lits: e.clues.into_iter().map(|(vs, _)| vs).collect(),
        outside_var: e.outside_var,
        total_lo: e.total.map(|t| t.0),
        total_hi: e.total.map(|t| t.1),
    })
}
