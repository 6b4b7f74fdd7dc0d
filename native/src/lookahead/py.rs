//! The Python face of [`Position`] (`cpsolve._core.Position`): plain data in, the core's exceptions
//! out (native/src/errors.rs), the GIL released while counting.

use super::*;
use crate::errors::{no_configuration, no_total, stop_err};
use crate::model::PyModel;
use crate::options::Options;
use pyo3::exceptions::PyValueError;
use pyo3::types::PyDict;

/// The scoring rule's weights for [`Position::score`] (`cpsolve._core.ScoreWeights`, by keyword
/// only): `progress` the tie-break weight of the chance to make progress, `blend` the weights
/// (w1, w2) of the blended safety.
#[pyclass(frozen, module = "cpsolve._core", name = "ScoreWeights")]
#[derive(Clone)]
pub struct ScoreWeights {
    #[pyo3(get)]
    progress: f64,
    #[pyo3(get)]
    blend: (u32, u32),
}

#[pymethods]
impl ScoreWeights {
    #[new]
    #[pyo3(signature = (*, progress, blend))]
    fn new(progress: f64, blend: (u32, u32)) -> Self {
        ScoreWeights { progress, blend }
    }
}

/// A guess candidate's settings for [`Position::score`], by keyword only: `safety` its chance to
/// be safe, `infl` its 50/50 influence factor, `bar` the weight to beat or None, `pocket` whether it
/// lies in a large covered pocket, and the rule's [`ScoreWeights`].
#[pyclass(frozen, module = "cpsolve._core", name = "Candidate")]
pub struct Candidate {
    #[pyo3(get)]
    safety: f64,
    #[pyo3(get)]
    infl: f64,
    #[pyo3(get)]
    bar: Option<f64>,
    #[pyo3(get)]
    pocket: bool,
    #[pyo3(get)]
    weights: ScoreWeights,
}

#[pymethods]
impl Candidate {
    #[new]
    #[pyo3(signature = (*, safety, infl, bar, pocket, weights))]
    fn new(safety: f64, infl: f64, bar: Option<f64>, pocket: bool, weights: ScoreWeights) -> Self {
        Candidate {
            safety,
            infl,
            bar,
            pocket,
            weights,
        }
    }
}

/// A candidate's score (`Evaluated` in `cpsolve/play/guess.py`): its `weight`, whether it is
/// `deferred`, the cells safe after every number it can show (`common`), and the unique safest
/// living cell after every number when that is safer now (`dominating`).
#[pyclass(frozen, module = "cpsolve._core", name = "Scored")]
pub struct Scored {
    #[pyo3(get)]
    weight: f64,
    #[pyo3(get)]
    deferred: bool,
    #[pyo3(get)]
    common: Vec<u32>,
    #[pyo3(get)]
    dominating: Option<u32>,
}

/// A hypothetical position's blended safety (`Position.blended`) and its unique safest living
/// cell (None: none, or a tie).
#[pyclass(frozen, module = "cpsolve._core", name = "Blended")]
pub struct Blended {
    #[pyo3(get)]
    safety: f64,
    #[pyo3(get)]
    safest: Option<u32>,
}

/// The pseudo-50/50 scan (`Position.scan`): the first pseudo-50/50 cell (`pseudo`, or None) and,
/// when there is none, the would-be 50/50s' summed counts per tile (`cells`) and per missing
/// enabler (`enablers`) as `(cell, count)` pairs.
#[pyclass(frozen, module = "cpsolve._core", name = "PatternScan")]
pub struct PatternScan {
    #[pyo3(get)]
    pseudo: Option<u32>,
    #[pyo3(get)]
    cells: Vec<(u32, BigUint)>,
    #[pyo3(get)]
    enablers: Vec<(u32, BigUint)>,
}

impl Position {
    /// `ValueError` unless `cell` is one of this position's board cells (every method that takes
    /// a cell asks this first).
    fn check_cell(&self, cell: u32) -> PyResult<()> {
        if cell as usize >= self.kind.len() {
            return Err(PyValueError::new_err("no such cell"));
        }
        Ok(())
    }
}

#[pymethods]
impl Position {
    /// The counted position of a board: `model` the core's model of it (`Model.core`), `codes` its
    /// cells (one signed byte each, as `build_model` takes them), `remaining` the mines among its
    /// unfixed unknown cells. Raises `Inconsistent` when a component has no configuration or no
    /// placement meets the mine total (as `count_board`), `BudgetExceeded` past
    /// `options.count.max_states` DP states in a component, `OutOfTime` after `options.seconds`.
    #[staticmethod]
    #[pyo3(signature = (model, codes, remaining, options))]
    fn of_model(
        py: Python<'_>,
        model: PyRef<'_, PyModel>,
        codes: &[u8],
        remaining: i64,
        options: &Options,
    ) -> PyResult<Position> {
        let m = &model.model;
        let (rows, cols) = (m.rows, m.cols);
        if codes.len() != rows * cols {
            return Err(PyValueError::new_err("one code per board cell is needed"));
        }
        let dl = options.deadline();
        let lim = dp::Limits {
            max_states: options.count.max_states,
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
        match made {
            Made::Counted(p) => Ok(*p),
            Made::Empty(Some(k)) => Err(no_configuration(m, k)),
            Made::Empty(None) => Err(no_total(m)),
        }
    }

    /// Placements of the whole board (an exact int).
    #[getter]
    fn z(&self) -> BigUint {
        self.z.clone()
    }

    /// Cell -> mine probability of every unknown cell (the float of the exact ratio), fixed cells
    /// first, then the off-frontier cells, then the components' groups.
    fn probs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let prob = py
            .allow_threads(|| self.prob().map(|p| p.to_vec()))
            .map_err(stop_err)?;
        let out = PyDict::new(py);
        for x in self.keys() {
            out.set_item(x, prob[x as usize])?;
        }
        Ok(out)
    }

    /// The mine probability of `cell`, None if it is not unknown.
    fn prob_of(&self, cell: u32) -> PyResult<Option<f64>> {
        let prob = self.prob().map_err(stop_err)?;
        Ok(prob.get(cell as usize).copied().filter(|p| !p.is_nan()))
    }

    /// Cell -> placements with it a mine, exact, in the order of `probs`.
    fn tallies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let keys = self.keys();
        let vals = py
            .allow_threads(|| {
                keys.iter()
                    .map(|&x| self.tally_of(x).map(|t| t.unwrap_or_default()))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(stop_err)?;
        let out = PyDict::new(py);
        for (x, v) in keys.into_iter().zip(vals) {
            out.set_item(x, v)?;
        }
        Ok(out)
    }

    /// Placements with `cell` a mine (exact), None if it is not unknown: one cell of `tallies`.
    /// (`seconds` is accepted for `cpsolve.boundary.call`; the counts are made already.)
    #[pyo3(signature = (cell, seconds=None))]
    fn tally(&self, py: Python<'_>, cell: u32, seconds: Option<f64>) -> PyResult<Option<BigUint>> {
        let _ = seconds;
        self.check_cell(cell)?;
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
        self.check_cell(cell)?;
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
        self.check_cell(cell)?;
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.outcomes_of(cell, &dl))
            .map_err(stop_err)
    }

    /// The position conditioned on `mines` being mines and `safes` safe: None if no placement has
    /// both, this very position if every cell is already fixed so, else the derived position.
    #[pyo3(signature = (mines, safes, seconds=None))]
    fn condition(
        slf: Bound<'_, Self>,
        mines: Vec<u32>,
        safes: Vec<u32>,
        seconds: Option<f64>,
    ) -> PyResult<Option<Bound<'_, Position>>> {
        let py = slf.py();
        let this = slf.get();
        if mines
            .iter()
            .chain(&safes)
            .any(|&c| c as usize >= this.kind.len())
        {
            return Err(PyValueError::new_err("no such cell"));
        }
        let Some(extra) = this.unfixed_conditions(&mines, &safes) else {
            return Ok(None);
        };
        if extra.is_empty() {
            return Ok(Some(slf));
        }
        let dl = Deadline::after(seconds);
        let got = py
            .allow_threads(|| this.derive(None, extra, this.same_board(), &dl))
            .map_err(stop_err)?;
        got.map(|p| Bound::new(py, p)).transpose()
    }

    /// One possible number if `cell` is safe (cached per position).
    #[pyo3(signature = (cell, seconds=None))]
    fn dead(&self, py: Python<'_>, cell: u32, seconds: Option<f64>) -> PyResult<bool> {
        self.check_cell(cell)?;
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.is_dead(cell, &dl))
            .map_err(stop_err)
    }

    /// The [`Blended`] safety of `hyp`, derived from this position, with `weights` (w1, w2) of the
    /// safest and the second safest living cell.
    #[pyo3(signature = (hyp, weights, seconds=None))]
    fn blended(
        &self,
        py: Python<'_>,
        hyp: PyRef<'_, Position>,
        weights: (u32, u32),
        seconds: Option<f64>,
    ) -> PyResult<Blended> {
        if hyp.kind.len() != self.kind.len() {
            return Err(PyValueError::new_err("a position of another board"));
        }
        let dl = Deadline::after(seconds);
        let h: &Position = &hyp;
        let (safety, safest) = py
            .allow_threads(|| self.blend(h, weights, &dl))
            .map_err(stop_err)?;
        Ok(Blended { safety, safest })
    }

    /// The score of candidate `cell` (see `Evaluator.evaluate`) with `candidate`'s settings, or
    /// None when it has no outcome.
    #[pyo3(signature = (cell, candidate, seconds=None))]
    fn score(
        &self,
        py: Python<'_>,
        cell: u32,
        candidate: &Candidate,
        seconds: Option<f64>,
    ) -> PyResult<Option<Scored>> {
        self.check_cell(cell)?;
        let dl = Deadline::after(seconds);
        let (c, w) = (candidate, &candidate.weights);
        let got = py
            .allow_threads(|| {
                self.score_of(
                    cell, c.safety, c.infl, c.bar, c.pocket, w.progress, w.blend, &dl,
                )
            })
            .map_err(stop_err)?;
        Ok(got.map(|s| Scored {
            weight: s.weight,
            deferred: s.deferred,
            common: s.common,
            dominating: s.dominating,
        }))
    }

    /// The free guess of this position (ascending first), or None: see `cpsolve/play/strategy.py`.
    #[pyo3(signature = (seconds=None))]
    fn free_guess(&self, py: Python<'_>, seconds: Option<f64>) -> PyResult<Option<u32>> {
        let dl = Deadline::after(seconds);
        py.allow_threads(|| self.free_guess_cell(&dl))
            .map_err(stop_err)
    }

    /// The pseudo-50/50 scan of the guess evaluator (native/src/lookahead/patterns.rs), a
    /// [`PatternScan`]; `threshold` the share of placements above which a pattern counts.
    #[pyo3(signature = (threshold, seconds=None))]
    fn scan(&self, py: Python<'_>, threshold: f64, seconds: Option<f64>) -> PyResult<PatternScan> {
        let dl = Deadline::after(seconds);
        let got = py
            .allow_threads(|| self.scan_patterns(threshold, &dl))
            .map_err(stop_err)?;
        Ok(PatternScan {
            pseudo: got.pseudo,
            cells: got.cells,
            enablers: got.enablers,
        })
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
        self.check_cell(cell)?;
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
    m.add_class::<ScoreWeights>()?;
    m.add_class::<Candidate>()?;
    m.add_class::<Scored>()?;
    m.add_class::<Blended>()?;
    m.add_class::<PatternScan>()?;
    m.add_function(wrap_pyfunction!(ratio_float, m)?)?;
    Ok(())
}
