//! Propagation of cardinality constraints `lo <= sum(vars) <= hi` over boolean variables, for the
//! propagation-first proofs of `cpsolve/proof/propagate.py` (the cheap first pass of the backbone).
//!
//! The core only propagates and searches: it answers "does assuming this value propagate to a
//! conflict?" and "is there a model (with this value assumed), found by a depth-first search with
//! propagation within a node budget?" with [`Verdict`] `UNSAT` only when every branch ends in a
//! propagation conflict, `SAT` only with a model checked against every constraint, and `UNKNOWN`
//! when the budget ran out. `cpsolve/proof/` decides what that proves and alone makes a `Certainty` of it.
//!
//! This is the loop that ran in Python (same propagation, same branching order, same node counts,
//! same per-part models kept between searches), so the proofs and their engines are unchanged.

mod encoding;
pub use encoding::total_range;
mod first;
mod nominated;
#[cfg(test)]
mod tests;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::model::components::find;
use crate::model::Deadline;
use crate::options::Options;

/// The union-find parents (see [`find`]) of variables `0..=n` once the variables of each of `sets`
/// are joined: two variables share a root when a chain of sets links them (independent parts).
fn linked<'a>(n: usize, sets: impl Iterator<Item = &'a [usize]>) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..=n).collect();
    for vs in sets {
        if let Some((&first, rest)) = vs.split_first() {
            let r0 = find(&mut parent, first);
            for &v in rest {
                let r = find(&mut parent, v);
                if r != r0 {
                    parent[r] = r0;
                }
            }
        }
    }
    parent
}

/// Unassigned; a variable's value is -1, 0 or 1.
const FREE: i8 = -1;

struct GiveUp;

/// A constraint as the propagator keeps it: (variables in 1..=n, lo, hi), 0 <= lo, hi <= len.
pub type Card = (Vec<usize>, usize, usize);

/// Verdict of a search (`cpsolve._core.Verdict`: `SAT`, `UNSAT`, `UNKNOWN`).
#[pyclass(eq, frozen, hash, module = "cpsolve._core", name = "Verdict")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A model was found (and checked against every constraint).
    #[pyo3(name = "SAT")]
    Sat,
    /// Every branch ended in a propagation conflict: no model.
    #[pyo3(name = "UNSAT")]
    Unsat,
    /// The node budget or the deadline ran out first.
    #[pyo3(name = "UNKNOWN")]
    Unknown,
}

/// The constraints (already cleaned: no trivial ones, bounds clamped to 0..=len), their watch
/// lists, the assignment propagation alone gives, and the split search's state.
pub struct Prop {
    n: usize,
    cards: Vec<Card>,
    watch: Vec<Vec<usize>>,
    base: Option<Vec<i8>>,
    /// (variables, card indices) of each independent part, built on the first split search.
    parts: Option<Vec<(Vec<usize>, Vec<usize>)>>,
    part_of: Vec<isize>,
    /// part -> its variables' values in a checked model (kept for the next searches).
    part_models: Vec<Option<Vec<i8>>>,
    kept: usize,
    /// the base with every part's kept model, once every part has one.
    joined: Option<Vec<i8>>,
    /// The whole-system search gave up once: [`Prop::search`] searches part by part from then on.
    split: bool,
}

/// The preferred values (-1 where none) and the variables in the order given.
struct Prefer {
    value: Vec<i8>,
    order: Vec<usize>,
}

impl Prop {
    /// `cards`: (variables in 1..=n, lo, hi) with 0 <= lo, hi <= len; `impossible`: some constraint
    /// of the system can hold in no assignment (then there is no base and every search is `Unsat`).
    pub fn new(n: usize, cards: Vec<Card>, impossible: bool) -> Prop {
        let mut watch = vec![Vec::new(); n + 1];
        for (k, (lits, _, _)) in cards.iter().enumerate() {
            for &v in lits {
                watch[v].push(k);
            }
        }
        let mut p = Prop {
            n,
            cards,
            watch,
            base: None,
            parts: None,
            part_of: Vec::new(),
            part_models: Vec::new(),
            kept: 0,
            joined: None,
            split: false,
        };
        if !impossible {
            let mut val = vec![FREE; n + 1];
            let work: Vec<usize> = (0..p.cards.len()).collect();
            if p.run(&mut val, work) {
                p.base = Some(val);
            }
        }
        p
    }

    pub fn ok(&self) -> bool {
        self.base.is_some()
    }

    /// Propagate from the constraints in `work` to a fixpoint; false on a conflict.
    fn run(&self, val: &mut [i8], mut work: Vec<usize>) -> bool {
        let mut queued = vec![false; self.cards.len()];
        for &k in &work {
            queued[k] = true;
        }
        let mut free = Vec::new();
        while let Some(k) = work.pop() {
            queued[k] = false;
            let (lits, lo, hi) = &self.cards[k];
            let mut t = 0usize;
            free.clear();
            for &v in lits {
                match val[v] {
                    FREE => free.push(v),
                    0 => {}
                    _ => t += 1,
                }
            }
            let u = free.len();
            if t > *hi || t + u < *lo {
                return false;
            }
            if u == 0 {
                continue;
            }
            let setv = if t == *hi {
                0
            } else if t + u == *lo {
                1
            } else {
                continue;
            };
            for &v in &free {
                val[v] = setv;
                for &k2 in &self.watch[v] {
                    if !queued[k2] {
                        queued[k2] = true;
                        work.push(k2);
                    }
                }
            }
        }
        true
    }

    /// True when assuming `var` = `value` propagates to a conflict (so `var` is forced to the other
    /// value). Only meaningful when [`Prop::ok`].
    pub fn refutes(&self, var: usize, value: bool) -> bool {
        let Some(base) = &self.base else { return true };
        let x = base[var];
        if x >= 0 {
            return (x == 1) != value; // fixed by propagation alone
        }
        let mut val = base.clone();
        val[var] = i8::from(value);
        !self.run(&mut val, self.watch[var].clone())
    }

    fn assume(&self, val: &mut [i8], assume: Option<(usize, bool)>) -> bool {
        let Some((var, value)) = assume else {
            return true;
        };
        if val[var] >= 0 {
            return (val[var] == 1) == value;
        }
        val[var] = i8::from(value);
        self.run(val, self.watch[var].clone())
    }

    fn prefer(&self, prefer: &[(usize, bool)]) -> Prefer {
        let mut value = vec![FREE; self.n + 1];
        let mut order = Vec::with_capacity(prefer.len());
        for &(v, x) in prefer {
            if value[v] == FREE {
                value[v] = i8::from(x);
                order.push(v);
            }
        }
        Prefer { value, order }
    }

    /// Depth-first search with propagation in place on `val` over one part's variables `vs` (tried
    /// in `order`): true with them all assigned, false when every branch ends in a conflict (`val`
    /// then as it was); GiveUp after `nodes` nodes. Only the part's variables change (no constraint
    /// leaves the part), so a branch is undone by restoring them alone.
    fn dfs_part(
        &self,
        val: &mut [i8],
        vs: &[usize],
        order: &[usize],
        prefer: &[i8],
        nodes: usize,
    ) -> Result<bool, GiveUp> {
        let mut budget = nodes as isize;
        self.dfs(val, vs, order, prefer, &mut budget)
    }

    fn dfs(
        &self,
        val: &mut [i8],
        vs: &[usize],
        order: &[usize],
        prefer: &[i8],
        budget: &mut isize,
    ) -> Result<bool, GiveUp> {
        *budget -= 1;
        if *budget < 0 {
            return Err(GiveUp);
        }
        let Some(&v) = order.iter().find(|&&w| val[w] < 0) else {
            return Ok(true);
        };
        let first = i8::from(prefer[v] == 1);
        let saved: Vec<i8> = vs.iter().map(|&w| val[w]).collect();
        for x in [first, 1 - first] {
            val[v] = x;
            if self.run(val, self.watch[v].clone()) && self.dfs(val, vs, order, prefer, budget)? {
                return Ok(true);
            }
            for (&w, &y) in vs.iter().zip(&saved) {
                val[w] = y;
            }
        }
        Ok(false)
    }

    fn model_of(val: &[i8]) -> Vec<bool> {
        let mut m: Vec<bool> = val.iter().map(|&x| x == 1).collect();
        m[0] = false;
        m
    }

    /// Every constraint holds in `model`.
    pub fn check(&self, model: &[bool]) -> bool {
        self.cards.iter().all(|card| holds(card, |v| model[v]))
    }

    /// The search over the whole system: the preferred variables first (in their order), then
    /// every other variable of some constraint, ascending.
    pub fn search_whole(
        &self,
        prefer: &[(usize, bool)],
        nodes: usize,
        assume: Option<(usize, bool)>,
    ) -> (Verdict, Option<Vec<bool>>) {
        let Some(base) = &self.base else {
            return (Verdict::Unsat, None);
        };
        let mut val = base.clone();
        if !self.assume(&mut val, assume) {
            return (Verdict::Unsat, None);
        }
        let pref = self.prefer(prefer);
        let mut order = pref.order.clone();
        order.extend((1..=self.n).filter(|&v| !self.watch[v].is_empty() && pref.value[v] == FREE));
        let vs: Vec<usize> = (1..=self.n).collect();
        match self.dfs_part(&mut val, &vs, &order, &pref.value, nodes) {
            Err(GiveUp) => (Verdict::Unknown, None),
            Ok(false) => (Verdict::Unsat, None),
            Ok(true) => {
                let model = Self::model_of(&val);
                if assume.is_some_and(|(v, x)| model[v] != x) || !self.check(&model) {
                    return (Verdict::Unknown, None); // never expected; the solver decides instead
                }
                (Verdict::Sat, Some(model))
            }
        }
    }

    fn split_parts(&mut self) {
        if self.parts.is_some() {
            return;
        }
        let n = self.n;
        let mut parent = linked(n, self.cards.iter().map(|(lits, _, _)| lits.as_slice()));
        let mut index = vec![usize::MAX; n + 1];
        let mut parts: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        let mut part_of = vec![-1isize; n + 1];
        for (v, watched) in self.watch.iter().enumerate().skip(1) {
            if !watched.is_empty() {
                let r = find(&mut parent, v);
                if index[r] == usize::MAX {
                    index[r] = parts.len();
                    parts.push((Vec::new(), Vec::new()));
                }
                parts[index[r]].0.push(v);
                part_of[v] = index[r] as isize;
            }
        }
        for (ci, (lits, _, _)) in self.cards.iter().enumerate() {
            if let Some(&first) = lits.first() {
                parts[part_of[first] as usize].1.push(ci);
            }
        }
        self.part_models = vec![None; parts.len()];
        self.parts = Some(parts);
        self.part_of = part_of;
    }

    /// The search part by part: no constraint spans two parts, so a model of each part joined
    /// with the others' is a model of the whole; a part whose search is exhausted has no model, so
    /// neither has the whole. Each part's model is checked against the part's own constraints when
    /// found and kept for the next searches, which search again only the assumed variable's part.
    pub fn search_split(
        &mut self,
        prefer: &[(usize, bool)],
        nodes: usize,
        assume: Option<(usize, bool)>,
    ) -> (Verdict, Option<Vec<bool>>) {
        if self.base.is_none() {
            return (Verdict::Unsat, None);
        }
        self.split_parts();
        let base = self.base.as_ref().expect("checked above");
        let parts = self.parts.as_ref().expect("built above");
        let hit = assume.map_or(-1, |(v, _)| self.part_of[v]);
        let mut val = self.joined.as_ref().unwrap_or(base).clone();
        let has_joined = self.joined.is_some();
        if has_joined && hit >= 0 {
            for &w in &parts[hit as usize].0 {
                val[w] = base[w];
            }
        }
        if !self.assume(&mut val, assume) {
            return (Verdict::Unsat, None);
        }
        let pref = self.prefer(prefer);
        let mut new_models: Vec<(usize, Vec<i8>)> = Vec::new();
        let mut outcome = None;
        for (k, (vs, cis)) in parts.iter().enumerate() {
            let here = k as isize == hit;
            if !here && (has_joined || self.part_models[k].is_some()) {
                if !has_joined {
                    let m = self.part_models[k].as_ref().expect("checked");
                    for (&v, &x) in vs.iter().zip(m) {
                        val[v] = x;
                    }
                }
                continue;
            }
            let mut order: Vec<usize> = vs
                .iter()
                .copied()
                .filter(|&v| pref.value[v] != FREE)
                .collect();
            order.extend(vs.iter().copied().filter(|&v| pref.value[v] == FREE));
            match self.dfs_part(&mut val, vs, &order, &pref.value, nodes) {
                Err(GiveUp) => {
                    outcome = Some(Verdict::Unknown);
                    break;
                }
                Ok(false) => {
                    outcome = Some(Verdict::Unsat);
                    break;
                }
                Ok(true) => {}
            }
            if !self.part_holds(&val, cis) {
                outcome = Some(Verdict::Unknown); // never expected; the solver decides instead
                break;
            }
            if !here {
                new_models.push((k, vs.iter().map(|&v| val[v]).collect()));
            }
        }
        for (k, m) in new_models {
            if self.part_models[k].is_none() {
                self.kept += 1;
            }
            self.part_models[k] = Some(m);
        }
        if let Some(v) = outcome {
            return (v, None);
        }
        let parts = self.parts.as_ref().expect("built above");
        if self.joined.is_none() && self.kept == parts.len() {
            // every part has a kept model: later searches start from all of them joined
            let mut joined = self.base.clone().expect("checked above");
            for (k, (vs, _)) in parts.iter().enumerate() {
                let m = self.part_models[k].as_ref().expect("every part kept");
                for (&v, &x) in vs.iter().zip(m) {
                    joined[v] = x;
                }
            }
            self.joined = Some(joined);
        }
        let model = Self::model_of(&val);
        if assume.is_some_and(|(v, x)| model[v] != x) {
            return (Verdict::Unknown, None);
        }
        (Verdict::Sat, Some(model))
    }

    /// A search for a model with `assume`, the `prefer`red values first: over the whole system
    /// within `nodes` nodes until that gives up once (many parts, as a 100x100 board's, do not fit
    /// in a few nodes), then part by part ([`Prop::search_split`], `part_nodes` per part, at least
    /// `nodes`) from then on.
    pub fn search(
        &mut self,
        prefer: &[(usize, bool)],
        nodes: usize,
        part_nodes: usize,
        assume: Option<(usize, bool)>,
    ) -> (Verdict, Option<Vec<bool>>) {
        if !self.split {
            let got = self.search_whole(prefer, nodes, assume);
            if got.0 != Verdict::Unknown {
                return got;
            }
            self.split = true;
        }
        self.search_split(prefer, nodes.max(part_nodes), assume)
    }

    /// Per candidate `(v, x)` (in order): `Unsat` when `v` = not `x` is refuted by propagation or
    /// by an exhausted search (so `v` is forced to `x`), `Sat` when a checked model gives `v` the
    /// value not `x`, `Unknown` when the search gave up or the deadline passed (this and every
    /// later candidate). The searches prefer `prefer`'s values ([`Prop::search`]).
    pub fn decide(
        &mut self,
        cand: &[(usize, bool)],
        prefer: &[(usize, bool)],
        nodes: usize,
        part_nodes: usize,
        deadline: &Deadline,
    ) -> Vec<Verdict> {
        let mut out = Vec::with_capacity(cand.len());
        for &(v, x) in cand {
            if !self.ok() || deadline.check().is_err() {
                out.push(Verdict::Unknown);
            } else if self.refutes(v, !x) {
                out.push(Verdict::Unsat);
            } else {
                out.push(self.search(prefer, nodes, part_nodes, Some((v, !x))).0);
            }
        }
        out
    }

    fn part_holds(&self, val: &[i8], cis: &[usize]) -> bool {
        cis.iter()
            .all(|&ci| holds(&self.cards[ci], |v| val[v] == 1))
    }
}

/// The constraint `card` holds when the variables `is_true` says are true and the others false.
fn holds((lits, lo, hi): &Card, is_true: impl Fn(usize) -> bool) -> bool {
    let t = lits.iter().filter(|&&v| is_true(v)).count();
    *lo <= t && t <= *hi
}

/// The propagator over a cardinality system, for `cpsolve/proof/propagate.py`.
#[pyclass(module = "cpsolve._core", name = "Propagator")]
pub struct PyPropagator {
    inner: Prop,
}

fn checked(n: usize, v: i64) -> Result<usize, String> {
    if v < 1 || v as u64 > n as u64 {
        return Err(format!("variable {v} outside 1..={n}"));
    }
    Ok(v as usize)
}

fn var(n: usize, v: i64) -> PyResult<usize> {
    checked(n, v).map_err(PyValueError::new_err)
}

/// A search's assumption (a variable and its value) checked as `var` checks one.
fn assumed(n: usize, assume: Option<(i64, bool)>) -> PyResult<Option<(usize, bool)>> {
    assume.map(|(v, x)| Ok((var(n, v)?, x))).transpose()
}

fn vars(n: usize, pairs: Vec<(i64, bool)>) -> PyResult<Vec<(usize, bool)>> {
    pairs
        .into_iter()
        .map(|(v, x)| Ok((var(n, v)?, x)))
        .collect()
}

/// A constraint `lo <= sum <= hi` over `len` variables that every assignment meets.
pub fn trivial(len: i64, lo: i64, hi: i64) -> bool {
    lo <= 0 && hi >= len
}

/// A constraint `lo <= sum <= hi` over `len` variables that no assignment meets: `lo` above
/// min(`hi`, `len`), or `hi` below 0. The one definition of "a constraint can hold": the
/// propagator's constraints ([`clean`]), the model's ([`crate::model::holds`]) and Python's
/// (`encodings.Card.impossible`, through `_core.impossible`) ask it.
#[pyfunction]
#[pyo3(signature = (length, lo, hi))]
pub fn impossible(length: i64, lo: i64, hi: i64) -> bool {
    lo > hi.min(length) || hi < 0
}

/// The constraints the propagator keeps: trivial ones (any count fits) left out, bounds clamped to
/// 0..=len; and whether some constraint can never hold (lo above min(hi, len), or hi below 0).
/// Each constraint: (variables in 1..=n, lo, hi).
pub fn clean(n: usize, cards: Vec<(Vec<i64>, i64, i64)>) -> Result<(Vec<Card>, bool), String> {
    let mut kept = Vec::with_capacity(cards.len());
    let mut impossible = false;
    for (lits, lo, hi) in cards {
        let len = lits.len() as i64;
        if trivial(len, lo, hi) {
            continue;
        }
        if self::impossible(len, lo, hi) {
            impossible = true;
        }
        let lits = lits
            .into_iter()
            .map(|v| checked(n, v))
            .collect::<Result<Vec<_>, _>>()?;
        kept.push((lits, lo.max(0) as usize, hi.clamp(0, len) as usize));
    }
    Ok((kept, impossible))
}

#[pymethods]
impl PyPropagator {
    /// `cards`: (variables, lo, hi) of every constraint (trivial ones may be left out); an
    /// impossible one (lo above min(hi, len), or hi below 0) leaves no base: every search `UNSAT`.
    #[new]
    fn new(n: usize, cards: Vec<(Vec<i64>, i64, i64)>) -> PyResult<Self> {
        let (kept, impossible) = clean(n, cards).map_err(PyValueError::new_err)?;
        Ok(PyPropagator {
            inner: Prop::new(n, kept, impossible),
        })
    }

    #[getter]
    fn ok(&self) -> bool {
        self.inner.ok()
    }

    fn refutes(&self, v: i64, value: bool) -> PyResult<bool> {
        Ok(self.inner.refutes(var(self.inner.n, v)?, value))
    }

    /// A search for a model with `assume`, the `prefer`red values first ([`Prop::search`]: the
    /// whole system within `options.nodes` nodes, part by part with `options.part_nodes` each once
    /// that gave up; the node budgets bound it, `options.seconds` is not read). A [`Searched`]:
    /// `SAT` with the model (checked), `UNSAT` or `UNKNOWN`.
    #[pyo3(signature = (prefer, options, assume=None))]
    fn search(
        &mut self,
        prefer: Vec<(i64, bool)>,
        options: &Options,
        assume: Option<(i64, bool)>,
    ) -> PyResult<Searched> {
        let n = self.inner.n;
        let assume = assumed(n, assume)?;
        let prefer = vars(n, prefer)?;
        let (nodes, part_nodes) = (options.nodes(), options.part_nodes());
        let (verdict, model) = self.inner.search(&prefer, nodes, part_nodes, assume);
        Ok(Searched { verdict, model })
    }

    /// [`Prop::decide`]: per candidate `(variable, value)`, `UNSAT` (the variable is forced to
    /// the value), `SAT` (a checked model gives it the other value) or `UNKNOWN`; the searches'
    /// budgets are `options.nodes` and `options.part_nodes`, `options.seconds` the time left (None:
    /// no deadline).
    #[pyo3(signature = (cand, prefer, options))]
    fn decide(
        &mut self,
        py: Python<'_>,
        cand: Vec<(i64, bool)>,
        prefer: Vec<(i64, bool)>,
        options: &Options,
    ) -> PyResult<Vec<Verdict>> {
        let n = self.inner.n;
        let cand = vars(n, cand)?;
        let prefer = vars(n, prefer)?;
        let deadline = options.deadline();
        let (nodes, part_nodes) = (options.nodes(), options.part_nodes());
        let inner = &mut self.inner;
        Ok(py.allow_threads(|| inner.decide(&cand, &prefer, nodes, part_nodes, &deadline)))
    }

    /// Whether the searches go part by part (the whole-system search gave up once).
    #[getter]
    fn split(&self) -> bool {
        self.inner.split
    }
}

/// A search's answer (`Propagator.search`): its verdict and, with `SAT`, the model (`model[v]`
/// for v in 1..=n, index 0 unused).
#[pyclass(frozen, module = "cpsolve._core", name = "Searched")]
pub struct Searched {
    #[pyo3(get)]
    verdict: Verdict,
    #[pyo3(get)]
    model: Option<Vec<bool>>,
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPropagator>()?;
    m.add_class::<Verdict>()?;
    m.add_class::<Searched>()?;
    m.add_function(wrap_pyfunction!(nominated::prove_nominated, m)?)?;
    m.add_function(wrap_pyfunction!(first::first_pass, m)?)?;
    m.add_function(wrap_pyfunction!(encoding::encode_model, m)?)?;
    m.add_function(wrap_pyfunction!(impossible, m)?)?;
    m.add_class::<encoding::Encoded>()?;
    m.add_function(wrap_pyfunction!(encoding::card_groups, m)?)?;
    m.add_function(wrap_pyfunction!(encoding::py_total_range, m)?)?;
    m.add_class::<encoding::TotalRange>()?;
    m.add_class::<first::PyFirstPass>()?;
    m.add_class::<nominated::Nominated>()?;
    m.add_class::<nominated::ForcedGroup>()?;
    Ok(())
}
