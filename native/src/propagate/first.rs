//! The propagation-first pass of the backbone: the one definition of its steps, used by the prover
//! over its encoding (`cpsolve/proof/backbone.py`, through [`PyFirstPass`]) and by the core over
//! its own model ([`super::nominated::settle`]).
//!
//! Over a cardinality system with nominated candidates (variable, value believed forced):
//! 1. a model from a small search preferring every candidate's other value ([`Prop::search`]);
//!    none found this way (or the constraints propagate to a conflict, or one can never hold):
//!    the pass answers nothing and the solver decides;
//! 2. the candidates that model flips are shown free (`conflicts`: nominated, but not forced);
//! 3. each other candidate's other value refuted (`forced`), shown possible by a checked model
//!    (free) or left open (`open`: a search gave up, or the deadline passed) ([`Prop::decide`]);
//! 4. with a mine total, for forced candidates: whether the clues alone refute the other value
//!    ([`FirstPass::alone`]), by the same propagator when the total is trivial (the propagator
//!    keeps no trivial constraint), else by one over every constraint but the total.
//!
//! What is open, and what step 4 leaves unknown, is for the caller: the prover asks its solver,
//! the core's own pass gives up (the prover then takes the solver's path).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{clean, trivial, Prop, Verdict};
use crate::model::Deadline;
use crate::options::Options;

/// A constraint as the caller gives it: (variables in 1..=n, lo, hi), any bounds.
pub type RawCard = (Vec<i64>, i64, i64);

/// The pass after steps 1-2 (see the module docstring): [`FirstPass::decide`] is step 3,
/// [`FirstPass::alone`] step 4.
pub struct FirstPass {
    n: usize,
    prop: Prop,
    /// every constraint but the total (step 4), when there is a total and it is not trivial
    clue_cards: Option<Vec<RawCard>>,
    clues_only: Option<Prop>,
    /// the candidates the model did not flip, in order: the searches' preferred values
    prefer: Vec<(usize, bool)>,
    /// per variable, its nominated value (-1: not a candidate)
    value: Vec<i8>,
    pub conflicts: Vec<usize>,
    pub forced: Vec<(usize, bool)>,
    pub open: Vec<(usize, bool)>,
    /// whether the system has a mine total (step 4 has something to ask)
    pub has_total: bool,
}

impl FirstPass {
    /// Steps 1-2 over the constraints `cards` of `n` variables, `total` the index of the mine
    /// total among them (None: no total), for the candidates `cand` (in order); the search within
    /// `budget`'s `nodes` / `part_nodes` ([`Prop::search`]). Ok(None): no model found this way.
    /// Err: a variable outside 1..=n.
    pub fn start(
        n: usize,
        cards: Vec<RawCard>,
        total: Option<usize>,
        cand: &[(usize, bool)],
        budget: (usize, usize),
    ) -> Result<Option<FirstPass>, String> {
        let (nodes, part_nodes) = budget;
        let total_card = total.and_then(|t| cards.get(t));
        let clue_cards = match total_card {
            Some((lits, lo, hi)) if !trivial(lits.len() as i64, *lo, *hi) => Some(
                cards
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| Some(k) != total)
                    .map(|(_, c)| c.clone())
                    .collect(),
            ),
            _ => None,
        };
        let has_total = total_card.is_some();
        let (kept, impossible) = clean(n, cards)?;
        let mut value = vec![-1i8; n + 1];
        for &(v, x) in cand {
            match value.get_mut(v) {
                Some(slot) if v >= 1 => *slot = i8::from(x),
                _ => return Err(format!("variable {v} outside 1..={n}")),
            }
        }
        if impossible {
            return Ok(None);
        }
        let mut prop = Prop::new(n, kept, false);
        if !prop.ok() {
            return Ok(None);
        }
        let flipped: Vec<(usize, bool)> = cand.iter().map(|&(v, x)| (v, !x)).collect();
        let Some(model) = prop.search(&flipped, nodes, part_nodes, None).1 else {
            return Ok(None);
        };
        let mut conflicts = Vec::new();
        let mut prefer = Vec::with_capacity(cand.len());
        for &(v, x) in cand {
            if model.get(v) == Some(&x) {
                prefer.push((v, x));
            } else {
                conflicts.push(v);
            }
        }
        Ok(Some(FirstPass {
            n,
            prop,
            clue_cards,
            clues_only: None,
            prefer,
            value,
            conflicts,
            forced: Vec::new(),
            open: Vec::new(),
            has_total,
        }))
    }

    /// Step 3: each candidate the model did not flip refuted (`forced`), shown free by a checked
    /// model, or left open (`open`: a search gave up, or the deadline passed), in order.
    pub fn decide(&mut self, budget: (usize, usize), deadline: &Deadline) {
        let (nodes, part_nodes) = budget;
        let verdicts = self
            .prop
            .decide(&self.prefer, &self.prefer, nodes, part_nodes, deadline);
        for (&c, verdict) in self.prefer.iter().zip(verdicts) {
            match verdict {
                Verdict::Unsat => self.forced.push(c),
                Verdict::Unknown => self.open.push(c),
                Verdict::Sat => {} // a checked model gives it its other value: free
            }
        }
    }

    /// Step 4 for the candidates `vars` (in order, each forced with its nominated value): `Unsat`
    /// when the clues alone force it, `Sat` when a checked model of the clues alone flips it (its
    /// proof needs the total), `Unknown` when neither was found in time. Without a total, every
    /// one `Unsat`. Err: a variable that is not a candidate.
    pub fn alone(
        &mut self,
        vars: &[usize],
        budget: (usize, usize),
        deadline: &Deadline,
    ) -> Result<Vec<Verdict>, String> {
        let mut cand = Vec::with_capacity(vars.len());
        for &v in vars {
            match self.value.get(v) {
                Some(&x) if x >= 0 => cand.push((v, x == 1)),
                _ => return Err(format!("variable {v} is not a candidate")),
            }
        }
        if !self.has_total {
            return Ok(vec![Verdict::Unsat; cand.len()]);
        }
        let (nodes, part_nodes) = budget;
        let prop = match self.clue_cards.take() {
            None => self.clues_only.as_mut().unwrap_or(&mut self.prop),
            Some(cards) => {
                let (kept, impossible) = clean(self.n, cards)?;
                self.clues_only.insert(Prop::new(self.n, kept, impossible))
            }
        };
        Ok(prop.decide(&cand, &self.prefer, nodes, part_nodes, deadline))
    }

    /// Whether the searches of the pass's first propagator went part by part.
    pub fn split(&self) -> bool {
        self.prop.split
    }
}

/// The propagation-first pass of the backbone over a cardinality system (see the module
/// docstring), after steps 1-3: the candidates a model flipped (`conflicts`), those refuted
/// (`forced`) and those left open (`open`), each in the candidates' order, by variable; the
/// others were shown free. [`PyFirstPass::alone`] is step 4.
#[pyclass(module = "cpsolve._core", name = "FirstPass")]
pub struct PyFirstPass {
    inner: FirstPass,
}

#[pymethods]
impl PyFirstPass {
    #[getter]
    fn conflicts(&self) -> Vec<usize> {
        self.inner.conflicts.clone()
    }

    #[getter]
    fn forced(&self) -> Vec<usize> {
        self.inner.forced.iter().map(|&(v, _)| v).collect()
    }

    #[getter]
    fn open(&self) -> Vec<usize> {
        self.inner.open.iter().map(|&(v, _)| v).collect()
    }

    /// Whether the searches went part by part (the whole-system search gave up once).
    #[getter]
    fn split(&self) -> bool {
        self.inner.split()
    }

    /// Step 4 ([`FirstPass::alone`]) for the forced candidates `vars`, in order: `UNSAT` (the
    /// clues alone force it), `SAT` (its proof needs the total) or `UNKNOWN`; the searches'
    /// budgets `options.nodes` and `options.part_nodes`, `options.seconds` the time left.
    fn alone(
        &mut self,
        py: Python<'_>,
        vars: Vec<usize>,
        options: &Options,
    ) -> PyResult<Vec<Verdict>> {
        let deadline = options.deadline();
        let budget = (options.nodes(), options.part_nodes());
        let inner = &mut self.inner;
        py.allow_threads(|| inner.alone(&vars, budget, &deadline))
            .map_err(PyValueError::new_err)
    }
}

/// Steps 1-3 of the pass ([`FirstPass::start`], [`FirstPass::decide`]) over the constraints `cards` ((variables, lo,
/// hi) each) of `n` variables, `total` the index of the mine total among them, for the candidates
/// `cand` ((variable, nominated value), in order): None when no model was found this way; the
/// searches' budgets `options.nodes` and `options.part_nodes`, `options.seconds` the time left.
#[pyfunction]
#[pyo3(signature = (n, cards, total, cand, options))]
pub fn first_pass(
    py: Python<'_>,
    n: usize,
    cards: Vec<RawCard>,
    total: Option<usize>,
    cand: Vec<(usize, bool)>,
    options: &Options,
) -> PyResult<Option<PyFirstPass>> {
    let deadline = options.deadline();
    let budget = (options.nodes(), options.part_nodes());
    py.allow_threads(|| {
        let mut pass = FirstPass::start(n, cards, total, &cand, budget)?;
        if let Some(pass) = pass.as_mut() {
            pass.decide(budget, &deadline);
        }
        Ok::<_, String>(pass)
    })
    .map(|got| got.map(|inner| PyFirstPass { inner }))
    .map_err(PyValueError::new_err)
}
