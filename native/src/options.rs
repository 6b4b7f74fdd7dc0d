//! The settings of a call into the core as one keyword-only object (`cpsolve._core.Options`), made
//! of small typed groups: the model's flags ([`ModelFlags`]), the counting budgets and density
//! ([`CountLimits`]), the searches' budgets ([`SearchLimits`]) and the seconds the call may take.
//! Python makes one per call (`cpsolve/boundary.py` turns its deadlines into the seconds); a setting
//! passed by name cannot be swapped with its neighbour the way two positional `Option<u64>` could,
//! and no constructor takes more than five.

use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::count::dp;
use crate::deadline::Deadline;
use crate::model;

/// How the model reads the board (`cpsolve._core.ModelFlags`, by keyword only).
#[pyclass(frozen, module = "cpsolve._core", name = "ModelFlags")]
#[derive(Clone, Debug)]
pub struct ModelFlags {
    /// Flags count as mines.
    #[pyo3(get)]
    pub trust_flags: bool,
    /// Run the simplifier (a model built without it keeps every clue's constraint as it is).
    #[pyo3(get)]
    pub simplify: bool,
}

impl Default for ModelFlags {
    fn default() -> Self {
        ModelFlags {
            trust_flags: true,
            simplify: true,
        }
    }
}

#[pymethods]
impl ModelFlags {
    #[new]
    #[pyo3(signature = (*, trust_flags=true, simplify=true))]
    fn new(trust_flags: bool, simplify: bool) -> Self {
        ModelFlags {
            trust_flags,
            simplify,
        }
    }
}

/// What an exact count may spend, and the prior density without a mine total
/// (`cpsolve._core.CountLimits`, by keyword only; every one optional, `None` is no limit).
#[pyclass(frozen, module = "cpsolve._core", name = "CountLimits")]
#[derive(Clone, Debug, Default)]
pub struct CountLimits {
    /// The largest component (in cells) counted exactly; larger ones are left to estimation.
    #[pyo3(get)]
    pub exact_limit: Option<u64>,
    /// DP states one component may create.
    #[pyo3(get)]
    pub max_states: Option<u64>,
    /// Terms of the per-state polynomials one component may store.
    #[pyo3(get)]
    pub max_terms: Option<u64>,
    /// Multiply-adds the combination through the mine total may take.
    #[pyo3(get)]
    pub combine_budget: Option<u64>,
    /// The prior mine density `(p, q)` (p / q) without a mine total.
    #[pyo3(get)]
    pub density: Option<(BigUint, BigUint)>,
}

#[pymethods]
impl CountLimits {
    /// Raises `ValueError` on a density over 1.
    #[new]
    #[pyo3(signature = (*, exact_limit=None, max_states=None, max_terms=None, combine_budget=None, density=None))]
    fn new(
        exact_limit: Option<u64>,
        max_states: Option<u64>,
        max_terms: Option<u64>,
        combine_budget: Option<u64>,
        density: Option<(BigUint, BigUint)>,
    ) -> PyResult<Self> {
        if density.as_ref().is_some_and(|(p, q)| p > q) {
            return Err(PyValueError::new_err("a density is at most 1"));
        }
        Ok(CountLimits {
            exact_limit,
            max_states,
            max_terms,
            combine_budget,
            density,
        })
    }
}

/// The node and position budgets of the core's searches (`cpsolve._core.SearchLimits`, by keyword
/// only; every one optional, `None` is no limit).
#[pyclass(frozen, module = "cpsolve._core", name = "SearchLimits")]
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Nodes the propagator's whole-model search may visit (propagation first: `prove_nominated`).
    #[pyo3(get)]
    pub nodes: Option<u64>,
    /// Nodes each part's search may visit.
    #[pyo3(get)]
    pub part_nodes: Option<u64>,
    /// Placements an exact endgame search may be built over (`Endgame.of_position`).
    #[pyo3(get)]
    pub max_placements: Option<u64>,
    /// Positions an endgame search may visit.
    #[pyo3(get)]
    pub node_budget: Option<u64>,
}

#[pymethods]
impl SearchLimits {
    #[new]
    #[pyo3(signature = (*, nodes=None, part_nodes=None, max_placements=None, node_budget=None))]
    fn new(
        nodes: Option<u64>,
        part_nodes: Option<u64>,
        max_placements: Option<u64>,
        node_budget: Option<u64>,
    ) -> Self {
        SearchLimits {
            nodes,
            part_nodes,
            max_placements,
            node_budget,
        }
    }
}

/// The settings of one call (every group optional: its defaults; `None` seconds is no limit).
#[pyclass(frozen, module = "cpsolve._core", name = "Options")]
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// How the model reads the board.
    #[pyo3(get)]
    pub flags: ModelFlags,
    /// The exact count's budgets and density.
    #[pyo3(get)]
    pub count: CountLimits,
    /// The searches' budgets.
    #[pyo3(get)]
    pub search: SearchLimits,
    /// Seconds from the call until the whole call (for a count: the model) must be done.
    #[pyo3(get)]
    pub seconds: Option<f64>,
    /// Seconds from the call until the count must be done (None: `seconds`; set by `timed`).
    #[pyo3(get)]
    pub count_seconds: Option<f64>,
    /// Seconds from the call until the combination must be done (None: `seconds`; set by `timed`).
    #[pyo3(get)]
    pub combine_seconds: Option<f64>,
}

#[pymethods]
impl Options {
    /// Every group by keyword only.
    #[new]
    #[pyo3(signature = (*, flags=None, count=None, search=None, seconds=None))]
    fn new(
        flags: Option<ModelFlags>,
        count: Option<CountLimits>,
        search: Option<SearchLimits>,
        seconds: Option<f64>,
    ) -> Self {
        Options {
            flags: flags.unwrap_or_default(),
            count: count.unwrap_or_default(),
            search: search.unwrap_or_default(),
            seconds,
            count_seconds: None,
            combine_seconds: None,
        }
    }

    /// These settings with the seconds of one call, from moments on the caller's clock (Python's
    /// `time.perf_counter()`; None: none) and `now` on it: the whole call's (`at`), the count's and
    /// the combination's; a moment passed is 0 seconds (the rest made once and kept by the caller).
    #[pyo3(signature = (now, at, count_at, combine_at))]
    fn timed(
        &self,
        now: f64,
        at: Option<f64>,
        count_at: Option<f64>,
        combine_at: Option<f64>,
    ) -> Self {
        let left = |m: Option<f64>| m.map(|m| if m > now { m - now } else { 0.0 });
        Options {
            seconds: left(at),
            count_seconds: left(count_at),
            combine_seconds: left(combine_at),
            ..self.clone()
        }
    }
}

impl Options {
    /// The model's part of the settings.
    pub fn model(&self) -> model::Options {
        model::Options {
            trust_flags: self.flags.trust_flags,
            simplify: self.flags.simplify,
        }
    }

    /// The DP's budgets.
    pub fn limits(&self) -> dp::Limits {
        dp::Limits {
            max_states: self.count.max_states,
            max_terms: self.count.max_terms,
        }
    }

    /// The whole-model search's node budget (none: no limit).
    pub fn nodes(&self) -> usize {
        self.search
            .nodes
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Each part's search's node budget (none: no limit).
    pub fn part_nodes(&self) -> usize {
        self.search
            .part_nodes
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// The endgame's placement limit (none: no limit).
    pub fn max_placements(&self) -> usize {
        self.search
            .max_placements
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// The deadline of the whole call, from now.
    pub fn deadline(&self) -> Deadline {
        Deadline::after(self.seconds)
    }

    /// The deadlines of the count and of the combination, from now (each the call's own when not set).
    pub fn count_deadlines(&self) -> (Deadline, Deadline) {
        let or_call = |s: Option<f64>| Deadline::after(s.or(self.seconds));
        (or_call(self.count_seconds), or_call(self.combine_seconds))
    }
}

/// Adds the classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ModelFlags>()?;
    m.add_class::<CountLimits>()?;
    m.add_class::<SearchLimits>()?;
    m.add_class::<Options>()
}
