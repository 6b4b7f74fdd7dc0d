//! Exact counting: the elimination plan, the DP per component, the combination through the mine
//! total and the marginals.
//!
//! What crosses the boundary is plain data. In: a component as its groups' sizes, each group's
//! constraints (local ids) and each constraint's need; budgets; the seconds left before the
//! analysis deadline. Out: counts, numerators and denominators as Python ints (Fractions are made
//! in Python), or one of the core's exceptions ([`crate::errors`]): `BudgetExceeded` (a DP budget)
//! and `OutOfTime` (the deadline). A counted component
//! stays in Rust as a [`Counted`] handle, which Python holds and passes back for the marginals.
//! Long work runs with the GIL released; nothing here panics on any input.

pub mod combine;
pub mod dp;
pub mod forced;
pub mod num;
pub mod parts;
pub mod plan;
#[cfg(test)]
mod tests;
pub mod whole;

use crate::errors::stop_err;
use num::{either, Deadline, Num, Stop};
use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::OnceLock;

/// An integer that becomes a Python int (through u64 when it fits: the fast conversion).
trait ToPyInt {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
}

impl ToPyInt for u128 {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match u64::try_from(*self) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
            Err(_) => Ok(BigUint::from(*self).into_pyobject(py)?.into_any()),
        }
    }
}

impl ToPyInt for BigUint {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match u64::try_from(self) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
            Err(_) => Ok(self.into_pyobject(py)?.into_any()),
        }
    }
}

fn list<'py, N: ToPyInt>(py: Python<'py>, v: &[N]) -> PyResult<Bound<'py, PyList>> {
    let items = v
        .iter()
        .map(|x| x.to_py(py))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

fn lists<'py, N: ToPyInt>(py: Python<'py>, v: &[Vec<N>]) -> PyResult<Bound<'py, PyList>> {
    let items = v
        .iter()
        .map(|x| list(py, x))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Python ints (non-negative) as big integers, small ones through u64.
fn ints(v: &Bound<'_, PyAny>) -> PyResult<Vec<BigUint>> {
    let mut out = Vec::new();
    for item in v.try_iter()? {
        let item = item?;
        out.push(match item.extract::<u64>() {
            Ok(x) => BigUint::from(x),
            Err(_) => item.extract::<BigUint>().map_err(|_| {
                PyValueError::new_err("counts and weights are non-negative integers")
            })?,
        });
    }
    Ok(out)
}

fn int_lists(v: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<BigUint>>> {
    v.try_iter()?.map(|x| ints(&x?)).collect()
}

fn narrow<N: Num>(v: &[BigUint]) -> Result<Vec<N>, Stop> {
    v.iter()
        .map(|x| N::from_big(x).ok_or(Stop::Overflow))
        .collect()
}

/// Group numerators and Z, on u128 (Ok) or big integers (Err).
type Mines = Result<(Vec<u128>, u128), (Vec<BigUint>, BigUint)>;

enum Counts {
    Small(dp::Dp<u128>),
    Big(dp::Dp<BigUint>),
}

/// A counted component (the DP's layers kept in Rust for the backward pass).
#[pyclass(frozen, module = "cpsolve._core")]
pub struct Counted {
    dp: Counts,
    big: OnceLock<dp::Dp<BigUint>>,
}

impl Counted {
    fn big(&self) -> &dp::Dp<BigUint> {
        match &self.dp {
            Counts::Big(d) => d,
            Counts::Small(d) => self.big.get_or_init(|| d.convert()),
        }
    }

    fn small(&self) -> Option<&dp::Dp<u128>> {
        match &self.dp {
            Counts::Small(d) => Some(d),
            Counts::Big(_) => None,
        }
    }

    fn counts_big(&self) -> Vec<BigUint> {
        match &self.dp {
            Counts::Small(d) => d.counts.iter().map(|&v| BigUint::from(v)).collect(),
            Counts::Big(d) => d.counts.clone(),
        }
    }

    /// Group numerators and Z for big weights, on u128 when the DP and the weights fit.
    fn mines_of(&self, weights: &[BigUint], dl: &Deadline) -> Result<Mines, Stop> {
        let small = self.small();
        either(
            || match small {
                Some(d) => d.group_mines(&narrow::<u128>(weights)?, dl),
                None => Err(Stop::Overflow),
            },
            || self.big().group_mines(weights, dl),
        )
    }
}

/// A component's weighted marginals (`Counted.group_mines`): per group `numerators[g]`, the
/// weighted number of mines it holds over all configurations, and `z`, the weighted number of
/// configurations.
#[pyclass(frozen, module = "cpsolve._core", name = "GroupMines")]
pub struct GroupMines {
    #[pyo3(get)]
    numerators: Py<PyList>,
    #[pyo3(get)]
    z: Py<PyAny>,
}

fn numers(py: Python<'_>, r: Mines) -> PyResult<GroupMines> {
    let (numerators, z) = match r {
        Ok((n, z)) => (list(py, &n)?, z.to_py(py)?),
        Err((n, z)) => (list(py, &n)?, z.to_py(py)?),
    };
    Ok(GroupMines {
        numerators: numerators.unbind(),
        z: z.unbind(),
    })
}

#[pymethods]
impl Counted {
    /// `counts[k]`: configurations with exactly k mines.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.dp {
            Counts::Small(d) => list(py, &d.counts),
            Counts::Big(d) => list(py, &d.counts),
        }
    }

    /// DP states created.
    #[getter]
    fn states(&self) -> u64 {
        match &self.dp {
            Counts::Small(d) => d.states,
            Counts::Big(d) => d.states,
        }
    }

    /// A [`GroupMines`]: per group, the weighted number of mines it holds over all
    /// configurations; z the weighted number of configurations (`weights[k]` per k mines).
    #[pyo3(signature = (weights, seconds=None))]
    fn group_mines<'py>(
        &self,
        py: Python<'py>,
        weights: &Bound<'py, PyAny>,
        seconds: Option<f64>,
    ) -> PyResult<GroupMines> {
        let w = ints(weights)?;
        let dl = Deadline::after(seconds);
        let r = py
            .allow_threads(|| self.mines_of(&w, &dl))
            .map_err(stop_err)?;
        numers(py, r)
    }
}

/// Counts one component: `sizes[g]` cells in group g, `group_cons[g]` its constraints,
/// `needs[c]` the mines constraint c needs. Raises `BudgetExceeded` past `options.count.max_states` DP
/// states or `options.max_terms` polynomial terms, `OutOfTime` after `options.seconds`.
#[pyfunction]
#[pyo3(signature = (sizes, group_cons, needs, options))]
fn count_component(
    py: Python<'_>,
    sizes: Vec<u32>,
    group_cons: Vec<Vec<usize>>,
    needs: Vec<i64>,
    options: &crate::options::Options,
) -> PyResult<Counted> {
    let dl = options.deadline();
    let lim = options.limits();
    let dp = py
        .allow_threads(|| {
            let comp = plan::Comp::new(sizes, group_cons, needs)?;
            let steps = plan::elimination_plan(&comp);
            either(
                || dp::count::<u128>(&comp, &steps, lim, &dl),
                || dp::count::<BigUint>(&comp, &steps, lim, &dl),
            )
        })
        .map_err(stop_err)?;
    Ok(Counted {
        dp: dp.map_or_else(Counts::Big, Counts::Small),
        big: OnceLock::new(),
    })
}

/// One step of the elimination plan ([`plan::Step`], `elimination_plan`): the group placed and
/// its size, the needs of the constraints it opens, the state slots it touches, those it closes,
/// those kept and their caps.
#[pyclass(frozen, module = "cpsolve._core", name = "PlanStep")]
pub struct PlanStep {
    #[pyo3(get)]
    group: usize,
    #[pyo3(get)]
    size: u32,
    #[pyo3(get)]
    new_needs: Vec<i64>,
    #[pyo3(get)]
    touch: Vec<usize>,
    #[pyo3(get)]
    closing: Vec<usize>,
    #[pyo3(get)]
    keep: Vec<usize>,
    #[pyo3(get)]
    keep_caps: Vec<i64>,
}

/// The elimination plan's [`PlanStep`]s, for the estimator's beam DP.
#[pyfunction]
fn elimination_plan(
    sizes: Vec<u32>,
    group_cons: Vec<Vec<usize>>,
    needs: Vec<i64>,
) -> PyResult<Vec<PlanStep>> {
    let comp = plan::Comp::new(sizes, group_cons, needs).map_err(stop_err)?;
    Ok(plan::elimination_plan(&comp)
        .into_iter()
        .map(|s| PlanStep {
            group: s.group,
            size: s.size,
            new_needs: s.new_needs,
            touch: s.touch,
            closing: s.closing,
            keep: s.keep,
            keep_caps: s.keep_caps,
        })
        .collect())
}

/// Components combined through the mine total (`total_weights`): `weights[c][k]` the ways the
/// rest of the board completes component c holding k mines, `z` the placements of the whole
/// board, `out_num / out_den` (`out_den == z`) the probability of one of the cells in no
/// constraint.
#[pyclass(frozen, module = "cpsolve._core", name = "TotalWeights")]
pub struct TotalWeights {
    #[pyo3(get)]
    weights: Py<PyList>,
    #[pyo3(get)]
    z: Py<PyAny>,
    #[pyo3(get)]
    out_num: Py<PyAny>,
    #[pyo3(get)]
    out_den: Py<PyAny>,
}

fn total_of(
    py: Python<'_>,
    t: Result<combine::Total<u128>, combine::Total<BigUint>>,
) -> PyResult<TotalWeights> {
    fn made<N: ToPyInt>(py: Python<'_>, t: &combine::Total<N>) -> PyResult<TotalWeights> {
        Ok(TotalWeights {
            weights: lists(py, &t.weights)?.unbind(),
            z: t.z.to_py(py)?.unbind(),
            out_num: t.out_num.to_py(py)?.unbind(),
            out_den: t.out_den.to_py(py)?.unbind(),
        })
    }
    match t {
        Ok(t) => made(py, &t),
        Err(t) => made(py, &t),
    }
}

/// The [`TotalWeights`] of components with these counts through the mine total, with `outside`
/// cells in no constraint.
#[pyfunction]
#[pyo3(signature = (counts, outside, remaining, seconds=None))]
fn total_weights<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    outside: u64,
    remaining: i64,
    seconds: Option<f64>,
) -> PyResult<TotalWeights> {
    let counts = int_lists(counts)?;
    let dl = Deadline::after(seconds);
    let t = py
        .allow_threads(|| {
            either(
                || {
                    combine::total_weights::<u128>(
                        &counts
                            .iter()
                            .map(|c| narrow(c))
                            .collect::<Result<Vec<_>, _>>()?,
                        outside,
                        remaining,
                        &dl,
                    )
                },
                || combine::total_weights::<BigUint>(&counts, outside, remaining, &dl),
            )
        })
        .map_err(stop_err)?;
    total_of(py, t)
}

type Marginals<N> = (Vec<Vec<N>>, combine::Total<N>);

fn marginals_through_total(
    comps: &[&Counted],
    outside: u64,
    remaining: i64,
    dl: &Deadline,
) -> Result<Result<Marginals<u128>, Marginals<BigUint>>, Stop> {
    either(
        || {
            let small: Vec<&dp::Dp<u128>> = comps
                .iter()
                .map(|c| c.small().ok_or(Stop::Overflow))
                .collect::<Result<_, _>>()?;
            let counts: Vec<Vec<u128>> = small.iter().map(|d| d.counts.clone()).collect();
            let total = combine::total_ratio(&counts, outside, remaining, dl)?;
            let mut nums = Vec::with_capacity(small.len());
            for (d, w) in small.iter().zip(&total.weights) {
                nums.push(d.group_mines(w, dl)?.0);
            }
            Ok((nums, total))
        },
        || {
            let counts: Vec<Vec<BigUint>> = comps.iter().map(|c| c.counts_big()).collect();
            let total = combine::total_ratio(&counts, outside, remaining, dl)?;
            let mut nums = Vec::with_capacity(comps.len());
            for (c, w) in comps.iter().zip(&total.weights) {
                nums.push(c.big().group_mines(w, dl)?.0);
            }
            Ok((nums, total))
        },
    )
}

/// Per component its [`GroupMines`] under an independent prior of density `p / q` (no mine total),
/// `sizes[c]` the cells of component c: group g's probability is numerators[g] / (size * z).
#[pyfunction]
#[pyo3(signature = (comps, sizes, p, q, seconds=None))]
fn density_marginals<'py>(
    py: Python<'py>,
    comps: Vec<PyRef<'py, Counted>>,
    sizes: Vec<usize>,
    p: BigUint,
    q: BigUint,
    seconds: Option<f64>,
) -> PyResult<Vec<GroupMines>> {
    if p > q || sizes.len() != comps.len() {
        return Err(PyValueError::new_err(
            "a density is at most 1, and each component needs its size",
        ));
    }
    let refs: Vec<&Counted> = comps.iter().map(|c| &**c).collect();
    let dl = Deadline::after(seconds);
    let qp = &q - &p;
    let out = py
        .allow_threads(|| {
            let mut out = Vec::with_capacity(refs.len());
            for (c, &size) in refs.iter().zip(&sizes) {
                let w = combine::density_weights::<BigUint>(size, &p, &qp, &dl)?;
                out.push(c.mines_of(&w, &dl)?);
            }
            Ok(out)
        })
        .map_err(stop_err)?;
    out.into_iter().map(|r| numers(py, r)).collect()
}

/// `out[i + j] += a[i] * b[j]`, exactly.
#[pyfunction]
fn convolve<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (a, b) = (ints(a)?, ints(b)?);
    let out = py
        .allow_threads(|| combine::convolve::<BigUint>(&a, &b))
        .map_err(stop_err)?;
    list(py, &out)
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Counted>()?;
    m.add_class::<GroupMines>()?;
    m.add_class::<PlanStep>()?;
    m.add_class::<TotalWeights>()?;
    m.add_class::<parts::Marginals>()?;
    m.add_class::<parts::ForcedCells>()?;
    m.add_class::<whole::BoardCount>()?;
    m.add_class::<whole::ExactCount>()?;
    m.add_function(wrap_pyfunction!(count_component, m)?)?;
    m.add_function(wrap_pyfunction!(elimination_plan, m)?)?;
    m.add_function(wrap_pyfunction!(total_weights, m)?)?;
    m.add_function(wrap_pyfunction!(density_marginals, m)?)?;
    m.add_function(wrap_pyfunction!(convolve, m)?)?;
    m.add_function(wrap_pyfunction!(whole::count_board, m)?)?;
    parts::register(m)
}
