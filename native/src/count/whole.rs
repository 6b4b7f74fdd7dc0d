//! A whole model counted in one call: every component of the core's own model (no component data
//! crosses from Python), combined through the mine total or a density, and each group's exact mine
//! probability as a numerator and a denominator. The same rules, in the same order, as the steps
//! Python can also call one by one (`count_component`, `total_weights`, `density_marginals`):
//! a component over `exact_limit` cells, or over a DP budget, is left to estimation; the deadline
//! passed while counting leaves this component and the rest to estimation; a component with no
//! configuration, or a total no placement meets, is inconsistent; a combination over its budget,
//! or cut by the deadline, is left to estimation. Whatever is not exact goes back to Python as
//! the counted components' handles, so that nothing is counted twice.

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::num::{either, Deadline, Num, Stop};
use super::{combine, dp, marginals_through_total, plan, Counted, Counts, ToPyInt};
use crate::errors::{model_err, no_configuration, no_total, stop_err};
use crate::model::{self, Component};
use crate::options::Options;

/// Why the whole model was not counted exactly (besides an inconsistency).
pub(super) enum Partial {
    /// Some components were left to estimation (`out_of_time`: the deadline cut counting short).
    Estimated { out_of_time: bool },
    /// The combination through the total is over `combine_budget`.
    OverBudget,
    /// The deadline cut the combination (or the density marginals) short.
    CombineOutOfTime,
}

pub(super) enum Outcome {
    /// Per group (components in order, groups in order): numerator and denominator.
    Exact {
        groups: Vec<(BigOrSmall, BigOrSmall)>,
        outside: Option<(BigOrSmall, BigOrSmall)>,
    },
    Partial(Partial),
    /// Component `ci` has no configuration.
    NoConfiguration(usize),
    /// No placement meets the mine total.
    NoTotal,
}

pub(super) enum BigOrSmall {
    Small(u128),
    Big(BigUint),
}

impl BigOrSmall {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            BigOrSmall::Small(v) => v.to_py(py),
            BigOrSmall::Big(v) => v.to_py(py),
        }
    }
}

fn small(v: u128) -> BigOrSmall {
    BigOrSmall::Small(v)
}

fn big(v: BigUint) -> BigOrSmall {
    BigOrSmall::Big(v)
}

/// A component of the model as the counter's plain data.
pub(super) fn comp_of(c: &Component) -> Result<plan::Comp, Stop> {
    let (sizes, constraints, needs) = key_of(c);
    plan::Comp::new(sizes, constraints, needs)
}

/// A component as the counter reads it: its groups' sizes, each group's constraints, the needs
/// ([`comp_of`]'s parts).
type CompKey = (Vec<u32>, Vec<Vec<usize>>, Vec<i64>);

fn key_of(c: &Component) -> CompKey {
    (
        c.groups.iter().map(|g| g.cells.len() as u32).collect(),
        c.groups
            .iter()
            .map(|g| g.constraints.iter().map(|&k| k as usize).collect())
            .collect(),
        c.constraints.iter().map(|&(_, need)| need as i64).collect(),
    )
}

fn count_one(c: &Component, lim: dp::Limits, dl: &Deadline) -> Result<Counted, Stop> {
    count_comp(comp_of(c)?, lim, dl)
}

pub(super) fn count_comp(
    comp: plan::Comp,
    lim: dp::Limits,
    dl: &Deadline,
) -> Result<Counted, Stop> {
    let steps = plan::elimination_plan(&comp);
    let d = either(
        || dp::count::<u128>(&comp, &steps, lim, dl),
        || dp::count::<BigUint>(&comp, &steps, lim, dl),
    )?;
    Ok(Counted {
        dp: d.map_or_else(Counts::Big, Counts::Small),
        big: std::sync::OnceLock::new(),
    })
}

fn counts_len(c: &Counted) -> usize {
    match &c.dp {
        Counts::Small(d) => d.counts.len(),
        Counts::Big(d) => d.counts.len(),
    }
}

fn total_is_zero(c: &Counted) -> bool {
    match &c.dp {
        Counts::Small(d) => d.counts.iter().all(|v| *v == 0),
        Counts::Big(d) => d.counts.iter().all(|v| v.is_zero()),
    }
}

/// Settings of one whole-model count.
pub(super) struct Settings {
    pub exact_limit: Option<u64>,
    pub lim: dp::Limits,
    /// Mines among the unfixed cells (with a mine total), or the prior density p / q.
    pub remaining: Option<i64>,
    pub density: Option<(BigUint, BigUint)>,
    pub combine_budget: Option<u64>,
}

pub(super) struct Counting {
    /// `(component index, handle)` of the counted components, ascending.
    pub counted: Vec<(usize, Counted)>,
    pub estimated: Vec<usize>,
    pub states: u64,
    pub max_states: u64,
    pub combine_cost: Option<u64>,
    pub outcome: Outcome,
}

pub(super) fn run(
    comps: &[Component],
    n_outside: u64,
    s: &Settings,
    count_dl: &Deadline,
    combine_dl: &Deadline,
) -> Result<Counting, Stop> {
    let mut count = |c: &Component| count_one(c, s.lim, count_dl);
    run_with(comps, n_outside, s, combine_dl, &mut count)
}

/// [`run`] with each component's count made by `count` (the DP, or a count kept from before).
fn run_with(
    comps: &[Component],
    n_outside: u64,
    s: &Settings,
    combine_dl: &Deadline,
    count: &mut dyn FnMut(&Component) -> Result<Counted, Stop>,
) -> Result<Counting, Stop> {
    let mut counted: Vec<(usize, Counted)> = Vec::new();
    let mut estimated = Vec::new();
    let mut out_of_time = false;
    for (ci, c) in comps.iter().enumerate() {
        if out_of_time || s.exact_limit.is_some_and(|lim| c.size() as u64 > lim) {
            estimated.push(ci);
            continue;
        }
        match count(c) {
            Ok(h) => counted.push((ci, h)),
            Err(Stop::Budget(_)) => estimated.push(ci),
            Err(Stop::OutOfTime) => {
                out_of_time = true;
                estimated.push(ci);
            }
            Err(e) => return Err(e),
        }
    }
    let states_of = |h: &Counted| match &h.dp {
        Counts::Small(d) => d.states,
        Counts::Big(d) => d.states,
    };
    let states = counted.iter().map(|(_, h)| states_of(h)).sum();
    let max_states = counted.iter().map(|(_, h)| states_of(h)).max().unwrap_or(0);
    let mut out = Counting {
        counted,
        estimated,
        states,
        max_states,
        combine_cost: None,
        outcome: Outcome::Partial(Partial::Estimated { out_of_time }),
    };
    if let Some(&(ci, _)) = out.counted.iter().find(|(_, h)| total_is_zero(h)) {
        out.outcome = Outcome::NoConfiguration(ci);
        return Ok(out);
    }
    if !out.estimated.is_empty() {
        return Ok(out);
    }
    let refs: Vec<&Counted> = out.counted.iter().map(|(_, h)| h).collect();
    let sizes: Vec<Vec<u64>> = comps
        .iter()
        .map(|c| c.groups.iter().map(|g| g.cells.len() as u64).collect())
        .collect();
    match (&s.density, s.remaining) {
        (None, Some(remaining)) => {
            // as count.combination_cost: 2 (D + 1) * (sum of the counts' lengths)
            let lens: Vec<u64> = refs.iter().map(|h| counts_len(h) as u64).collect();
            let total_deg: u64 = lens.iter().map(|&l| l.saturating_sub(1)).sum();
            let cost = 2u64
                .saturating_mul(total_deg + 1)
                .saturating_mul(lens.iter().sum());
            out.combine_cost = Some(cost);
            if s.combine_budget.is_some_and(|b| cost > b) {
                out.outcome = Outcome::Partial(Partial::OverBudget);
                return Ok(out);
            }
            let m = match marginals_through_total(&refs, n_outside, remaining, combine_dl) {
                Ok(m) => m,
                Err(Stop::OutOfTime) => {
                    out.outcome = Outcome::Partial(Partial::CombineOutOfTime);
                    return Ok(out);
                }
                Err(e) => return Err(e),
            };
            // the marginals on big integers: where the counts are big already, or where the u128
            // path below overflows
            let big_total = |nums: &[Vec<BigUint>], t: &combine::Total<BigUint>| {
                exact_total(
                    nums,
                    &sizes,
                    t,
                    n_outside,
                    |v| Ok(big(v)),
                    |n, k| Ok(big(n * k)),
                )
            };
            out.outcome = match m {
                Ok((nums, t)) => {
                    if t.z == 0 {
                        Outcome::NoTotal
                    } else {
                        exact_total(
                            &nums,
                            &sizes,
                            &t,
                            n_outside,
                            |v| Ok(small(v)),
                            |n, k| n.checked_mul(k as u128).map(small).ok_or(Stop::Overflow),
                        )
                        .or_else(|_| {
                            // a denominator size * z over u128: the same numbers as big integers
                            let nums: Vec<Vec<BigUint>> = nums
                                .iter()
                                .map(|v| v.iter().map(|&x| x.into()).collect())
                                .collect();
                            let t = combine::Total {
                                weights: Vec::new(),
                                z: BigUint::from(t.z),
                                out_num: BigUint::from(t.out_num),
                                out_den: BigUint::from(t.out_den),
                            };
                            big_total(&nums, &t)
                        })?
                    }
                }
                Err((nums, t)) => {
                    if t.z.is_zero() {
                        Outcome::NoTotal
                    } else {
                        big_total(&nums, &t)?
                    }
                }
            };
        }
        (Some((p, q)), _) => {
            let qp = q - p;
            let mut groups = Vec::new();
            for (h, sz) in refs.iter().zip(&sizes) {
                let size: u64 = sz.iter().sum();
                let r = combine::density_weights::<BigUint>(size as usize, p, &qp, combine_dl)
                    .and_then(|w| h.mines_of(&w, combine_dl));
                let r = match r {
                    Ok(r) => r,
                    Err(Stop::OutOfTime) => {
                        out.outcome = Outcome::Partial(Partial::CombineOutOfTime);
                        return Ok(out);
                    }
                    Err(e) => return Err(e),
                };
                match r {
                    Ok((nums, z)) => {
                        for (n, &k) in nums.into_iter().zip(sz) {
                            match z.checked_mul(k as u128) {
                                Some(d) => groups.push((small(n), small(d))),
                                None => groups.push((big(n.into()), big(BigUint::from(z) * k))),
                            }
                        }
                    }
                    Err((nums, z)) => {
                        for (n, &k) in nums.into_iter().zip(sz) {
                            groups.push((big(n), big(&z * k)));
                        }
                    }
                }
            }
            out.outcome = Outcome::Exact {
                groups,
                outside: Some((big(p.clone()), big(q.clone()))),
            };
        }
        (None, None) => return Err(Stop::Invalid("a mine total or a density is needed".into())),
    }
    Ok(out)
}

/// The groups' (numerator, size * z) and the outside cells' (out_num, out_den).
fn exact_total<N: Num + Clone>(
    nums: &[Vec<N>],
    sizes: &[Vec<u64>],
    t: &combine::Total<N>,
    n_outside: u64,
    one: impl Fn(N) -> Result<BigOrSmall, Stop>,
    times: impl Fn(&N, u64) -> Result<BigOrSmall, Stop>,
) -> Result<Outcome, Stop> {
    let mut groups = Vec::new();
    for (ns, sz) in nums.iter().zip(sizes) {
        for (n, &k) in ns.iter().zip(sz) {
            groups.push((one(n.clone())?, times(&t.z, k)?));
        }
    }
    let outside = if n_outside > 0 {
        Some((one(t.out_num.clone())?, one(t.out_den.clone())?))
    } else {
        None
    };
    Ok(Outcome::Exact { groups, outside })
}

/// A whole board counted (`count_board`): the model, the sizes of the work, and either every
/// probability exact (`exact`) or the counted components' handles and those left to estimation,
/// with why (`out_of_time`, `over_budget`, `combine_out_of_time`; none of them: a component over
/// `exact_limit` or a DP budget).
#[pyclass(frozen, module = "cpsolve._core", name = "BoardCount")]
pub struct BoardCount {
    /// The core's model of the board.
    #[pyo3(get)]
    model: Py<model::PyModel>,
    /// DP states created in all, and in the largest component (ints made once: every analysis
    /// reads them; so are the other numbers).
    #[pyo3(get)]
    states: PyObject,
    #[pyo3(get)]
    max_states: PyObject,
    /// The combination's cost (with a mine total, once every component is counted), or None.
    #[pyo3(get)]
    combine_cost: PyObject,
    /// Every constraint needs between 0 and its number of cells and, with a total, the mines left
    /// among the unfixed cells fit the total's constraint of the prover's encoding (at least the
    /// off-frontier cells less one, at most the frontier and one more).
    #[pyo3(get)]
    bounded: bool,
    /// An exact count puts some group, or the off-frontier cells, at exactly 0 or 1.
    #[pyo3(get)]
    nominates: bool,
    /// The seconds the model took to build.
    #[pyo3(get)]
    model_seconds: PyObject,
    /// Every probability, exact; None when some part was left to estimation.
    #[pyo3(get)]
    exact: Option<Py<ExactCount>>,
    /// The counted components' indices and their handles (not exact only).
    #[pyo3(get)]
    counted: Vec<usize>,
    #[pyo3(get)]
    handles: Py<PyList>,
    /// The components left to estimation.
    #[pyo3(get)]
    estimated: Vec<usize>,
    /// The deadline cut counting short (the rest estimated).
    #[pyo3(get)]
    out_of_time: bool,
    /// The combination through the total is over `combine_budget`.
    #[pyo3(get)]
    over_budget: bool,
    /// The deadline cut the combination (or the density's marginals) short.
    #[pyo3(get)]
    combine_out_of_time: bool,
}

/// Every probability of a board, exact: the frontier `cells` flat (components in model order,
/// then their groups in order), `sizes[g]` cells in group g, whose probability is
/// `numerators[g] / denominators[g]` (not in lowest terms); `outside` the off-frontier cells'
/// `(numerator, denominator)` (None without such a cell; with a density, the density's).
#[pyclass(frozen, module = "cpsolve._core", name = "ExactCount")]
pub struct ExactCount {
    #[pyo3(get)]
    cells: Py<PyList>,
    #[pyo3(get)]
    sizes: Py<PyList>,
    #[pyo3(get)]
    numerators: Py<PyList>,
    #[pyo3(get)]
    denominators: Py<PyList>,
    #[pyo3(get)]
    outside: Option<Py<PyTuple>>,
}

/// The model of a board built (as `build_model`) and counted exactly where it can be (see the
/// module docstring), in one call: the analysis' one crossing for the model and the counts.
///
/// `codes` and `remaining` as for `build_model` (the board's cell codes, a byte each, and the mines
/// among its unknown cells, or None with `options.count.density`); the count is through the mines
/// left among the unfixed cells. `options`: `trust_flags`, the budgets, and `seconds`,
/// `count_seconds` and `combine_seconds`, the time from this call until the model, the count and
/// the combination must be done. Raises `Inconsistent` (the model's, a component with no
/// configuration, or no placement meeting the total), `OutOfTime` (the model not built in time:
/// the count degrades instead) and `ValueError` (bad input).
#[pyfunction]
#[pyo3(signature = (rows, cols, codes, remaining, options))]
pub fn count_board(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    codes: &[u8],
    remaining: Option<i64>,
    options: &Options,
) -> PyResult<BoardCount> {
    let model_dl = options.deadline();
    let (count_dl, combine_dl) = options.count_deadlines();
    let opts = model::Options {
        trust_flags: options.flags.trust_flags,
        simplify: true,
    };
    let mut s = Settings {
        exact_limit: options.count.exact_limit,
        lim: options.limits(),
        remaining: None,
        density: options.count.density.clone(),
        combine_budget: options.count.combine_budget,
    };
    let got = py.allow_threads(|| {
        let start = std::time::Instant::now();
        let m = model::build(rows, cols, codes, remaining, opts, &model_dl)?;
        let model_time = start.elapsed().as_secs_f64();
        if s.density.is_none() {
            // the mines left among the unfixed cells
            s.remaining = remaining.map(|r| r - model::fixed_mines(&m) as i64);
        }
        let counting = run(
            &m.components,
            m.outside.len() as u64,
            &s,
            &count_dl,
            &combine_dl,
        );
        Ok::<_, model::Error>((m, counting, model_time))
    });
    let (m, counting, model_seconds) = got.map_err(model_err)?;
    let bounded = model::holds(&m, s.remaining);
    let got = counting.map_err(stop_err)?;
    let density = s.density.is_some();
    let mut out = BoardCount {
        model: Py::new(py, model::PyModel::new(py, m)?)?,
        states: got.states.into_pyobject(py)?.into_any().unbind(),
        max_states: got.max_states.into_pyobject(py)?.into_any().unbind(),
        combine_cost: got.combine_cost.into_pyobject(py)?.unbind(),
        bounded,
        nominates: false,
        model_seconds: model_seconds.into_pyobject(py)?.into_any().unbind(),
        exact: None,
        counted: Vec::new(),
        handles: PyList::empty(py).unbind(),
        estimated: got.estimated,
        out_of_time: false,
        over_budget: false,
        combine_out_of_time: false,
    };
    let model = out.model.bind(py).get();
    let m = &model.model;
    match got.outcome {
        Outcome::Exact { groups, outside } => {
            out.nominates = groups.iter().any(|(n, d)| certain(n, d))
                || (!m.outside.is_empty() && outside.as_ref().is_some_and(|(n, d)| certain(n, d)));
            // without a total the off-frontier cells' probability is the density, not the count's
            let outside = if density { None } else { outside };
            out.exact = Some(Py::new(py, exact_count(py, m, &groups, outside)?)?);
        }
        Outcome::Partial(why) => {
            let (counted, handles): (Vec<usize>, Vec<Counted>) = got.counted.into_iter().unzip();
            out.counted = counted;
            let handles = handles
                .into_iter()
                .map(|h| Bound::new(py, h))
                .collect::<PyResult<Vec<_>>>()?;
            out.handles = PyList::new(py, handles)?.unbind();
            match why {
                Partial::Estimated { out_of_time } => out.out_of_time = out_of_time,
                Partial::OverBudget => out.over_budget = true,
                Partial::CombineOutOfTime => out.combine_out_of_time = true,
            }
        }
        Outcome::NoConfiguration(ci) => return Err(no_configuration(m, ci)),
        Outcome::NoTotal => return Err(no_total(m)),
    }
    Ok(out)
}

/// How many distinct denominators `exact_count` keeps to share (a linear search each; beyond
/// them, a denominator is converted on its own).
const SHARED_DENOMINATORS: usize = 16;

/// Whether a ratio is exactly 0 or exactly 1.
fn certain(n: &BigOrSmall, d: &BigOrSmall) -> bool {
    match (n, d) {
        (BigOrSmall::Small(a), BigOrSmall::Small(b)) => *a == 0 || a == b,
        (BigOrSmall::Big(a), BigOrSmall::Big(b)) => a.is_zero() || a == b,
        (BigOrSmall::Small(a), BigOrSmall::Big(b)) => *a == 0 || BigUint::from(*a) == *b,
        (BigOrSmall::Big(a), BigOrSmall::Small(b)) => a.is_zero() || *a == BigUint::from(*b),
    }
}

/// The exact probabilities of `m`'s groups (`groups`, components in order, groups in order) and
/// of its off-frontier cells, for Python.
fn exact_count(
    py: Python<'_>,
    m: &model::Model,
    groups: &[(BigOrSmall, BigOrSmall)],
    outside: Option<(BigOrSmall, BigOrSmall)>,
) -> PyResult<ExactCount> {
    let mut cells = Vec::new();
    let mut sizes = Vec::new();
    for c in &m.components {
        for g in &c.groups {
            cells.extend_from_slice(&g.cells);
            sizes.push(g.cells.len());
        }
    }
    let nums = groups
        .iter()
        .map(|(n, _)| n.to_py(py))
        .collect::<PyResult<Vec<_>>>()?;
    // the denominators are z * (a group's size): few values, each made a Python int once
    // and shared (converting a big one is most of this object's cost on a large board)
    let mut made: Vec<(&BigOrSmall, Bound<'_, PyAny>)> = Vec::new();
    let mut dens = Vec::with_capacity(groups.len());
    for (_, d) in groups {
        let known = made
            .iter()
            .find(|(v, _)| v.equals(d))
            .map(|(_, o)| o.clone());
        let o = match known {
            Some(o) => o,
            None => {
                let o = d.to_py(py)?;
                if made.len() < SHARED_DENOMINATORS {
                    made.push((d, o.clone()));
                }
                o
            }
        };
        dens.push(o);
    }
    let outside = match outside {
        Some((n, d)) => Some(PyTuple::new(py, [n.to_py(py)?, d.to_py(py)?])?.unbind()),
        None => None,
    };
    Ok(ExactCount {
        cells: PyList::new(py, cells)?.unbind(),
        sizes: PyList::new(py, sizes)?.unbind(),
        numerators: PyList::new(py, nums)?.unbind(),
        denominators: PyList::new(py, dens)?.unbind(),
        outside,
    })
}

impl BigOrSmall {
    #[cfg(test)]
    fn is_zero(&self) -> bool {
        match self {
            BigOrSmall::Small(v) => *v == 0,
            BigOrSmall::Big(v) => v.is_zero(),
        }
    }

    fn equals(&self, other: &BigOrSmall) -> bool {
        match (self, other) {
            (BigOrSmall::Small(a), BigOrSmall::Small(b)) => a == b,
            (BigOrSmall::Big(a), BigOrSmall::Big(b)) => a == b,
            (BigOrSmall::Small(a), BigOrSmall::Big(b))
            | (BigOrSmall::Big(b), BigOrSmall::Small(a)) => BigUint::from(*a) == *b,
        }
    }
}

/// The cells an exact count of the whole model `m` puts at probability 0 (false) or 1 (true)
/// through the mines left among its unfixed cells (`remaining` counts the model's unknown cells, as
/// `build`'s), from the marginals: the oracle that [`super::forced::forced_cells`] (which decides
/// the same cells without the combination's numbers) is checked against in the no-guess tests.
/// `None` when the count is not exact; an inconsistent model is `Err(Stop::Invalid)`.
#[cfg(test)]
pub(crate) fn forced_by_marginals(
    m: &model::Model,
    remaining: i64,
    exact_limit: Option<u64>,
    lim: dp::Limits,
    combine_budget: Option<u64>,
    dl: &Deadline,
) -> Result<Option<Vec<(u32, bool)>>, Stop> {
    let s = Settings {
        exact_limit,
        lim,
        remaining: Some(remaining - model::fixed_mines(m) as i64),
        density: None,
        combine_budget,
    };
    let counting = match run(&m.components, m.outside.len() as u64, &s, dl, dl) {
        Ok(c) => c,
        Err(Stop::OutOfTime) => return Ok(None),
        Err(e) => return Err(e),
    };
    let (groups, outside) = match counting.outcome {
        Outcome::Exact { groups, outside } => (groups, outside),
        Outcome::Partial(_) => return Ok(None),
        Outcome::NoConfiguration(_) | Outcome::NoTotal => {
            return Err(Stop::Invalid("the position is inconsistent".into()))
        }
    };
    let mut out = Vec::new();
    let mut it = groups.iter();
    for g in m.components.iter().flat_map(|c| &c.groups) {
        let Some((num, den)) = it.next() else {
            return Err(Stop::Invalid("a group without its probability".into()));
        };
        if num.is_zero() || num.equals(den) {
            let mine = !num.is_zero();
            out.extend(g.cells.iter().map(|&c| (c, mine)));
        }
    }
    if let Some((num, den)) = &outside {
        if num.is_zero() || num.equals(den) {
            let mine = !num.is_zero();
            out.extend(m.outside.iter().map(|&c| (c, mine)));
        }
    }
    Ok(Some(out))
}
