//! The constraint model of a position: board scan, clue extraction, simplifier (sources as bitsets of
//! clue ids), components and groups. The Python side (`cpsolve/constraints/`) calls [`build_model`]
//! with plain data (the board's cell codes as bytes, the remaining mine count, the core's
//! `Options`) and gets the core's model back, each part read when needed; the counter in Rust
//! calls [`build`] directly.

use pyo3::prelude::*;

use crate::errors::model_err;
use crate::propagate::{impossible, total_range};
use simplify::clue_source;

pub mod bits;
pub mod cells;
pub mod components;
pub mod scan;
pub mod simplify;

pub use bits::Src;
pub use cells::Cells;
pub use components::{Component, Constraint, Group};
pub use scan::Clue;
pub use simplify::Fact;

/// The analysis deadline, checked in every loop that can grow.
pub use crate::deadline::Deadline;

impl From<crate::deadline::OutOfTime> for Error {
    fn from(_: crate::deadline::OutOfTime) -> Self {
        Error::OutOfTime
    }
}

/// Why a model was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The deadline passed (Python raises `budget.OutOfTime`).
    OutOfTime,
    /// No placement satisfies the model; `src` names the clues (and the total) that conflict.
    Inconsistent { src: Src, reason: String },
    /// Input no Python board can give (a wrong length, a code that is no cell code).
    BadInput(String),
}

/// The options of a model.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub trust_flags: bool,
    pub simplify: bool,
}

/// The simplified constraint model of a position (Python's `cpsolve.constraints.Model`).
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// The board's size.
    pub rows: usize,
    pub cols: usize,
    pub unknown: Vec<u32>,
    pub clues: Vec<Clue>,
    pub clue_cells: usize,
    /// Fixed cells in the order they were fixed, each with its fact's number in `facts`.
    pub fixed: Vec<(u32, u32)>,
    pub facts: Vec<Fact>,
    pub constraints: Vec<Constraint>,
    pub components: Vec<Component>,
    pub outside: Vec<u32>,
    /// Unknown cells in some constraint.
    pub frontier: usize,
}

/// The model of a `rows` x `cols` board of cell `codes`; `remaining`: mines among the unknown cells.
pub fn build(
    rows: usize,
    cols: usize,
    codes: &[u8],
    remaining: Option<i64>,
    opts: Options,
    deadline: &Deadline,
) -> Result<Model, Error> {
    build_with(rows, cols, codes, remaining, opts, true, deadline)
}

/// [`build`] whose facts, constraints and components carry no sources (every `Src` empty; an
/// `Inconsistent` error's too) when `sources` is false: the same cells, needs and facts, since no
/// rule looks at the sources. For the no-guess generator, which builds a model per placement it
/// tries and reads only the fixed cells and the count: a clue's source is a heap vector, and
/// making, merging and dropping them was about a tenth of its time.
pub fn build_with(
    rows: usize,
    cols: usize,
    codes: &[u8],
    remaining: Option<i64>,
    opts: Options,
    sources: bool,
    deadline: &Deadline,
) -> Result<Model, Error> {
    let s = scan::scan(rows, cols, codes, opts.trust_flags, deadline)?;
    build_scanned(rows, cols, s, remaining, opts, sources, deadline)
}

/// [`build_with`] from a scan made elsewhere: `s` must be what [`scan::scan`] answers for the
/// board (the no-guess generator keeps its clues up to date as it plays, instead of scanning the
/// whole board for each placement it tries).
pub fn build_scanned(
    rows: usize,
    cols: usize,
    s: scan::Scan,
    remaining: Option<i64>,
    opts: Options,
    sources: bool,
    deadline: &Deadline,
) -> Result<Model, Error> {
    let scan::Scan {
        unknown,
        clues,
        clue_cells,
    } = s;
    if let Some(rem) = remaining {
        if rem < 0 || rem > unknown.len() as i64 {
            let reason = format!("{rem} mines remain for {} cells", unknown.len());
            return Err(Error::Inconsistent {
                src: Src::total(),
                reason,
            });
        }
    }
    deadline.check()?;
    let mut simp = simplify::Simplifier::new(rows * cols, deadline)?;
    if opts.simplify {
        simp.add_clues(&clues, sources)?;
        simp.run()?;
        if let Some(rem) = remaining {
            // the total alone: no mines left fixes every unfixed cell safe, no room fixes them all mines
            loop {
                let n_free = (unknown.len() - simp.n_fixed()) as i64;
                let left = rem - simp.fixed_mines as i64;
                if (0 < left && left < n_free) || (n_free == 0 && left == 0) {
                    break;
                }
                deadline.check()?;
                // the mines left fill (or overfill) the cells left: the fixed safe cells count too
                let total = Src::total();
                let src = Src::union_of(
                    std::iter::once(&total).chain(
                        simp.facts
                            .iter()
                            .filter(|f| f.mine || left > 0)
                            .map(|f| &f.src),
                    ),
                );
                if left < 0 || left > n_free {
                    return Err(Error::Inconsistent {
                        src,
                        reason: "the mine total cannot be met".into(),
                    });
                }
                let mut slot = u32::MAX;
                for (k, &c) in unknown.iter().enumerate() {
                    if k & 4095 == 0 {
                        deadline.check()?;
                    }
                    if simp.fact(c).is_none() {
                        simp.fix(c, left > 0, &src, &mut slot)?;
                    }
                }
                simp.run()?;
            }
        }
    } else {
        for (cid, clue) in clues.iter().enumerate() {
            let Some(src) = clue_source(cid, clue, sources)? else {
                continue;
            };
            if clue.need < 0 || clue.need > clue.cells.len() as i32 {
                let reason = "a clue needs more mines than it has cells".into();
                return Err(Error::Inconsistent { src, reason });
            }
            match simp.id_of(&clue.cells) {
                None => simp.store(clue.cells, clue.need, src),
                Some(old) if simp.need[old as usize] != clue.need => {
                    let src = src.union(&simp.src[old as usize]);
                    let reason = "two clues on the same cells disagree".into();
                    return Err(Error::Inconsistent { src, reason });
                }
                Some(_) => {}
            }
        }
    }
    deadline.check()?;
    let mut constraints: Vec<Constraint> = Vec::new();
    for k in 0..simp.cells.len() {
        if k & 4095 == 0 {
            deadline.check()?; // a huge board's constraints (and their sources' copies) take a while
        }
        if simp.alive[k] {
            constraints.push(Constraint {
                cells: simp.cells[k],
                need: simp.need[k],
                src: simp.src[k].clone(),
            });
        }
    }
    let (components, in_constraint) = components::split(&constraints, deadline)?;
    // unknown cells in no constraint and not fixed: both lists are ascending
    let mut outside = Vec::new();
    let mut j = 0;
    for (k, &c) in unknown.iter().enumerate() {
        if k & 4095 == 0 {
            deadline.check()?;
        }
        while j < in_constraint.len() && in_constraint[j] < c {
            j += 1;
        }
        if (j >= in_constraint.len() || in_constraint[j] != c) && simp.fact(c).is_none() {
            outside.push(c);
        }
    }
    let fixed = simp
        .order
        .iter()
        .map(|&c| (c, fact_number(&simp, c)))
        .collect();
    Ok(Model {
        rows,
        cols,
        unknown,
        clues,
        clue_cells,
        fixed,
        facts: std::mem::take(&mut simp.facts),
        constraints,
        components,
        outside,
        frontier: in_constraint.len(),
    })
}

fn fact_number(simp: &simplify::Simplifier<'_>, cell: u32) -> u32 {
    simp.fact_index(cell)
}

/// `build` for Python: the core's [`PyModel`] of a board (`codes` its cells, a byte each;
/// `remaining` the mines among its unknown cells; `options` its `trust_flags` and `simplify`, and
/// `seconds`). Raises `Inconsistent` (sources: clue ids with -1 for the mine total), `OutOfTime`
/// and, on input no Python board can give, `ValueError`.
#[pyfunction]
#[pyo3(signature = (rows, cols, codes, remaining, options))]
fn build_model(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    codes: &[u8],
    remaining: Option<i64>,
    options: &crate::options::Options,
) -> PyResult<PyModel> {
    let deadline = options.deadline();
    let opts = options.model();
    let built = py.allow_threads(|| build(rows, cols, codes, remaining, opts, &deadline));
    PyModel::new(py, built.map_err(model_err)?)
}

/// The board scan alone, for Python.
#[pyclass(frozen, module = "cpsolve._core", name = "Scan")]
struct PyScan {
    /// The unknown cells, ascending.
    #[pyo3(get)]
    unknown: Vec<u32>,
    /// The clues as `(index, number, need, cells)`.
    #[pyo3(get)]
    clues: Vec<PyClue>,
    /// Unknown cells next to some clue.
    #[pyo3(get)]
    clue_cells: usize,
}

/// The board scan alone for Python (as in `build_model`). Raises `OutOfTime` after `seconds`,
/// `ValueError` on bad input.
#[pyfunction]
#[pyo3(signature = (rows, cols, codes, trust_flags, seconds))]
fn scan_clues(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    codes: &[u8],
    trust_flags: bool,
    seconds: Option<f64>,
) -> PyResult<PyScan> {
    let deadline = Deadline::after(seconds);
    let s = py
        .allow_threads(|| scan::scan(rows, cols, codes, trust_flags, &deadline))
        .map_err(model_err)?;
    Ok(PyScan {
        unknown: s.unknown,
        clues: clue_list(&s.clues),
        clue_cells: s.clue_cells,
    })
}

/// Constraints split into components, for Python.
#[pyclass(frozen, module = "cpsolve._core", name = "Split")]
struct PySplit {
    /// The components as in [`PyModel::components`].
    #[pyo3(get)]
    components: Vec<PyComponent>,
    /// The cells in some constraint, ascending.
    #[pyo3(get)]
    frontier: Vec<u32>,
}

/// Component splitting for Python: `constraints` as `(cells, need, sources)` (at most 8 distinct
/// cells each; sources clue ids, -1 the total). Raises `OutOfTime` after `seconds`, `ValueError`
/// on bad input.
#[pyfunction]
#[pyo3(signature = (constraints, seconds))]
fn split_components(
    py: Python<'_>,
    constraints: Vec<(Vec<u32>, i32, Vec<i64>)>,
    seconds: Option<f64>,
) -> PyResult<PySplit> {
    let mut cons = Vec::with_capacity(constraints.len());
    for (mut cells, need, ids) in constraints {
        cells.sort_unstable();
        cells.dedup();
        if cells.len() > 8 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "a constraint has more than 8 cells",
            ));
        }
        let mut c = Cells::default();
        for x in cells {
            c.push(x);
        }
        let mut src = Src::default();
        for id in ids {
            match u32::try_from(id) {
                Ok(k) => src.union_in(&Src::clue(k)),
                Err(_) if id == -1 => src.total = true,
                Err(_) => {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "source {id} is no clue id"
                    )))
                }
            }
        }
        cons.push(Constraint {
            cells: c,
            need,
            src,
        });
    }
    let deadline = Deadline::after(seconds);
    let (comps, frontier) = py
        .allow_threads(|| components::split(&cons, &deadline))
        .map_err(model_err)?;
    Ok(PySplit {
        components: component_list(&comps),
        frontier,
    })
}

type PyClue = (u32, u8, i32, Vec<u32>);
type PyComponent = (Vec<(Vec<u32>, Vec<u32>)>, Vec<(Vec<u32>, i32)>, Vec<i64>);

fn clue_list(clues: &[Clue]) -> Vec<PyClue> {
    clues
        .iter()
        .map(|c| (c.index, c.number, c.need, c.cells.as_slice().to_vec()))
        .collect()
}

fn component_list(comps: &[Component]) -> Vec<PyComponent> {
    comps
        .iter()
        .map(|comp| {
            let groups = comp
                .groups
                .iter()
                .map(|g| (g.cells.clone(), g.constraints.clone()))
                .collect();
            (groups, comp.constraints.clone(), comp.src.to_ids())
        })
        .collect()
}

/// The fixed cells of `m` and whether each is fixed as a mine, in fixing order.
pub(crate) fn fixed_cells(m: &Model) -> impl Iterator<Item = (u32, bool)> + '_ {
    m.fixed
        .iter()
        .map(|&(c, f)| (c, m.facts.get(f as usize).is_some_and(|x| x.mine)))
}

/// The fixed cells of `m` fixed as mines.
pub(crate) fn fixed_mines(m: &Model) -> usize {
    fixed_cells(m).filter(|&(_, mine)| mine).count()
}

/// Every constraint of `m` can hold alone, the mine total's included: each needs between 0 and its
/// number of cells (the simplifier keeps no other; a model built without simplification may hold
/// one) and, with `remaining` (the mines left among the unfixed cells; None: no total), those mines
/// fit the total's constraint of the prover's encoding (over the frontier and one off-frontier
/// stand-in: at least the off-frontier cells less one, at most the frontier and one more). The one
/// home of this rule: the count (`count_board`'s `bounded`) and Python (`Model.holds`) ask it.
pub(crate) fn holds(m: &Model, remaining: Option<i64>) -> bool {
    let bounded = m.constraints.iter().all(|c| {
        let need = i64::from(c.need);
        !impossible(c.cells.len() as i64, need, need)
    });
    bounded
        && remaining.map_or(true, |rem| {
            let n_out = m.outside.len();
            let (lo, hi) = total_range(rem, n_out);
            !impossible(m.frontier as i64 + i64::from(n_out > 0), lo, hi)
        })
}

/// The core's model held by Python (`cpsolve._core.Model`): its sizes are read at once; each
/// part crosses when Python first reads it (most analyses read few of them: the counter in
/// the core reads the Rust [`Model`] itself).
#[pyclass(frozen, module = "cpsolve._core", name = "Model")]
pub struct PyModel {
    pub model: Model,
    /// Unknown cells (covered, and flags when flags are not trusted).
    #[pyo3(get)]
    unknown_count: PyObject,
    /// Unknown cells next to a clue.
    #[pyo3(get)]
    clue_cells: PyObject,
    /// Fixed cells, and those fixed as mines.
    #[pyo3(get)]
    fixed_count: PyObject,
    #[pyo3(get)]
    fixed_mine_count: PyObject,
    /// Components, and the largest one's cells (0 without a component).
    #[pyo3(get)]
    component_count: PyObject,
    #[pyo3(get)]
    largest_component: PyObject,
    /// Unfixed unknown cells in no constraint.
    #[pyo3(get)]
    outside_count: PyObject,
    /// Unknown cells in some constraint.
    #[pyo3(get)]
    frontier: PyObject,
}

impl PyModel {
    /// `model` for Python, its sizes made Python ints once (every analysis reads them all).
    pub fn new(py: Python<'_>, model: Model) -> PyResult<Self> {
        let int = |v: usize| -> PyResult<PyObject> { Ok(v.into_pyobject(py)?.into_any().unbind()) };
        let largest = model.components.iter().map(|c| c.size()).max().unwrap_or(0);
        Ok(PyModel {
            unknown_count: int(model.unknown.len())?,
            clue_cells: int(model.clue_cells)?,
            fixed_count: int(model.fixed.len())?,
            fixed_mine_count: int(fixed_mines(&model))?,
            component_count: int(model.components.len())?,
            largest_component: int(largest)?,
            outside_count: int(model.outside.len())?,
            frontier: int(model.frontier)?,
            model,
        })
    }
}

#[pymethods]
impl PyModel {
    /// The unknown cells (covered, and flags when flags are not trusted), ascending.
    fn unknown(&self) -> Vec<u32> {
        self.model.unknown.clone()
    }

    /// The fixed cells as cell, fact number, cell, fact number, ... in fixing order.
    fn fixed(&self) -> Vec<u32> {
        self.model.fixed.iter().flat_map(|&(c, f)| [c, f]).collect()
    }

    /// The facts as `(mine, sources)`, sources clue ids with -1 for the mine total.
    fn facts(&self) -> Vec<(bool, Vec<i64>)> {
        self.model
            .facts
            .iter()
            .map(|f| (f.mine, f.src.to_ids()))
            .collect()
    }

    /// The union of the fixed cells' facts' sources, as clue ids with -1 for the mine total first
    /// (the sources of the total's constraint in the prover's encoding), without a fact made per
    /// cell in Python (0.5 s of a mid-game 1000x1000 board's 600,000 fixed cells).
    fn fixed_sources(&self, py: Python<'_>) -> Vec<i64> {
        py.allow_threads(|| {
            let m = &self.model;
            let mut used = vec![false; m.facts.len()];
            for &(_, f) in &m.fixed {
                if let Some(u) = used.get_mut(f as usize) {
                    *u = true;
                }
            }
            let srcs = m.facts.iter().zip(&used).filter(|&(_, &u)| u);
            Src::union_of(srcs.map(|(f, _)| &f.src)).to_ids()
        })
    }

    /// The fixed cells as a dict cell -> is a mine, without the facts' sources (a player reads
    /// this of every position).
    fn fixed_mines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let out = pyo3::types::PyDict::new(py);
        for (c, mine) in fixed_cells(&self.model) {
            out.set_item(c, mine)?;
        }
        Ok(out)
    }

    /// The components as `(groups as (cells, constraints), constraints as (groups, need), sources)`.
    fn components(&self) -> Vec<PyComponent> {
        component_list(&self.model.components)
    }

    /// The unfixed unknown cells in no constraint, ascending.
    fn outside(&self) -> Vec<u32> {
        self.model.outside.clone()
    }

    /// The clues as `(index, number, need, cells)`.
    fn clues(&self) -> Vec<PyClue> {
        clue_list(&self.model.clues)
    }

    /// The simplified constraints as `(cells, need, sources)`, in storing order.
    fn constraints(&self) -> Vec<(Vec<u32>, i32, Vec<i64>)> {
        self.model
            .constraints
            .iter()
            .map(|c| (c.cells.as_slice().to_vec(), c.need, c.src.to_ids()))
            .collect()
    }

    /// Every constraint can hold alone, the total's included, with `remaining` mines left among the
    /// unfixed cells (None: no total): [`holds`].
    #[pyo3(signature = (remaining))]
    fn holds(&self, remaining: Option<i64>) -> bool {
        holds(&self.model, remaining)
    }
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(build_model, m)?)?;
    m.add_function(wrap_pyfunction!(scan_clues, m)?)?;
    m.add_function(wrap_pyfunction!(split_components, m)?)?;
    m.add_class::<PyModel>()?;
    m.add_class::<PyScan>()?;
    m.add_class::<PySplit>()?;
    Ok(())
}

#[cfg(test)]
mod tests;
