//! The cells an exact count nominates (probability exactly 0 or 1, not fixed by the simplifier),
//! decided by propagation over the core's own model: the propagation-first pass
//! ([`super::first`]) that `cpsolve/proof/backbone.py` runs over its encoding, here without the
//! Python encoding of the model.
//!
//! The encoding is the prover's, [`Encoding`] (built once, in [`super::encoding`]; Python's
//! `encodings.system_from_model` makes its system from the same one). Interchangeable variables
//! (the same clue constraints) form a group, decided by its first member. Per group with a
//! nominated member: the propagation-first pass ([`super::first`]): a checked model of the whole
//! system must exist, with the nominated value; then the other value refuted; then, with a total,
//! whether the clues refute it without the total. Anything left open (a search that gave up, the deadline, a nominated
//! value a model flips, an impossible constraint) answers None: the prover then takes its own path
//! (the solver). The core returns facts and clue ids; `cpsolve/proof/` makes the certainties.

use std::collections::HashMap;

use pyo3::prelude::*;

use super::encoding::Encoding;
use super::first::{FirstPass, RawCard};
use super::{linked, Verdict};
use crate::model::components::find;
use crate::model::{Deadline, Model, PyModel, Src};
use crate::options::Options;

/// Per forced candidate, in the candidates' order: (variable, value, forced by the clues alone).
pub type Settled = Vec<(usize, bool, bool)>;

/// Decide the candidates `cand` ((variable, nominated value), in order) of the system of `n`
/// variables with the clue constraints `clues` ((variables, need) each) and the total `total`
/// ((lo, hi) over every variable) by the propagation-first pass ([`FirstPass`]), its searches
/// within `nodes` / `part_nodes` ([`super::Prop::search`]). None when anything is left open (see the
/// module docstring); otherwise every candidate is forced (listed, with whether the clues alone
/// force it; without a total they do) or shown free by a checked model (not listed).
pub fn settle(
    n: usize,
    clues: &[(Vec<usize>, i64)],
    total: Option<(i64, i64)>,
    cand: &[(usize, bool)],
    nodes: usize,
    part_nodes: usize,
    deadline: &Deadline,
) -> Option<Settled> {
    let as_card =
        |(vs, need): &(Vec<usize>, i64)| (vs.iter().map(|&v| v as i64).collect(), *need, *need);
    let mut cards: Vec<RawCard> = clues.iter().map(as_card).collect();
    if let Some((lo, hi)) = total {
        cards.push(((1..=n as i64).collect(), lo, hi));
    }
    let total_at = total.map(|_| clues.len());
    let budget = (nodes, part_nodes);
    let mut pass = FirstPass::start(n, cards, total_at, cand, budget).ok()??;
    if !pass.conflicts.is_empty() {
        return None; // a nominated value a model flips: the prover's own path records it
    }
    pass.decide(budget, deadline);
    if !pass.open.is_empty() {
        return None; // a search gave up, or the deadline passed: the prover's own path
    }
    let forced = std::mem::take(&mut pass.forced);
    if total.is_none() || forced.is_empty() {
        return Some(forced.into_iter().map(|(v, x)| (v, x, true)).collect());
    }
    let vars: Vec<usize> = forced.iter().map(|&(v, _)| v).collect();
    let alone = pass.alone(&vars, budget, deadline).ok()?;
    forced
        .into_iter()
        .zip(alone)
        .map(|((v, x), verdict)| match verdict {
            Verdict::Unsat => Some((v, x, true)),
            Verdict::Sat => Some((v, x, false)),
            Verdict::Unknown => None,
        })
        .collect()
}

/// Forced cells and their sources: per forced group (its board cells, value, whether its proof uses
/// the total, index of its sources in the list of source sets), and the source sets as clue ids
/// (-1: the total).
type Proved = (Vec<(Vec<u32>, bool, bool, usize)>, Vec<Vec<i64>>);

/// [`settle`] over the prover's encoding of `m` (see the module docstring); `remaining`: the mines
/// left among the unfixed cells (None: no total); `nominated`: (board cell, value) of the cells an
/// exact count put at 0 or 1 (any cell; those outside the encoding are ignored).
fn prove(
    m: &Model,
    remaining: Option<i64>,
    nominated: &[(u32, bool)],
    nodes: usize,
    part_nodes: usize,
    deadline: &Deadline,
) -> Option<Proved> {
    let enc = Encoding::of(m, remaining, deadline).ok()?;
    let (n, clues, total) = (enc.n, &enc.clues, enc.total);
    let groups = enc.groups();
    deadline.check().ok()?;
    let mut value = vec![-1i8; n + 1];
    for &(cell, x) in nominated {
        if let Some(v) = enc.var_of(m, cell) {
            value[v] = i8::from(x);
        }
    }
    let mut cand = Vec::new();
    let mut group_of = HashMap::new();
    for (gi, g) in groups.iter().enumerate() {
        if let Some(&v) = g.iter().find(|&&v| value[v] >= 0) {
            cand.push((g[0], value[v] == 1));
            group_of.insert(g[0], gi);
        }
    }
    if cand.is_empty() {
        return None;
    }
    let settled = settle(n, clues, total, &cand, nodes, part_nodes, deadline)?;
    // sources: with the total, every constraint's and fixed fact's and the total; by the clues
    // alone, the clue constraints of the variable's component (linked by shared variables)
    let mut sets: Vec<Src> = Vec::new();
    let mut with_total: Option<usize> = None;
    let mut parent = linked(n, clues.iter().map(|(vs, _)| vs.as_slice()));
    let mut comp_set: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::with_capacity(settled.len());
    for (v, x, alone) in settled {
        let uses_total = total.is_some() && !alone;
        let set = if uses_total {
            *with_total.get_or_insert_with(|| {
                sets.push(every_source(m));
                sets.len() - 1
            })
        } else {
            let root = find(&mut parent, v);
            match comp_set.get(&root) {
                Some(&k) => k,
                None => {
                    let mut srcs = Vec::new();
                    for (c, (vs, _)) in m.constraints.iter().zip(clues) {
                        if let Some(&first) = vs.first() {
                            if find(&mut parent, first) == root {
                                srcs.push(&c.src);
                            }
                        }
                    }
                    sets.push(Src::union_of(srcs));
                    comp_set.insert(root, sets.len() - 1);
                    sets.len() - 1
                }
            }
        };
        let mut cells = Vec::new();
        for &w in &groups[*group_of.get(&v)?] {
            cells.extend_from_slice(enc.cells_of(m, w));
        }
        out.push((cells, x, uses_total, set));
    }
    Some((out, sets.iter().map(Src::to_ids).collect()))
}

/// Every constraint's sources, every fixed cell's fact's and the total.
fn every_source(m: &Model) -> Src {
    let mut used = vec![false; m.facts.len()];
    for &(_, f) in &m.fixed {
        if let Some(u) = used.get_mut(f as usize) {
            *u = true;
        }
    }
    let facts = m
        .facts
        .iter()
        .zip(&used)
        .filter(|&(_, &u)| u)
        .map(|(f, _)| &f.src);
    let total = Src::total();
    Src::union_of(
        m.constraints
            .iter()
            .map(|c| &c.src)
            .chain(facts)
            .chain([&total]),
    )
}

/// A group propagation forced (`Nominated.forced`): its board `cells`, whether they are mines,
/// whether the proof uses the total, and its `source` (an index into `Nominated.sources`).
#[pyclass(frozen, module = "cpsolve._core", name = "ForcedGroup")]
#[derive(Clone)]
pub struct ForcedGroup {
    #[pyo3(get)]
    cells: Vec<u32>,
    #[pyo3(get)]
    mine: bool,
    #[pyo3(get)]
    uses_total: bool,
    #[pyo3(get)]
    source: usize,
}

/// The cells an exact count decided by propagation (`prove_nominated`): the [`ForcedGroup`]s in
/// `forced`, and each source set as clue ids (-1: the total) in `sources`.
#[pyclass(frozen, module = "cpsolve._core", name = "Nominated")]
pub struct Nominated {
    #[pyo3(get)]
    forced: Vec<ForcedGroup>,
    #[pyo3(get)]
    sources: Vec<Vec<i64>>,
}

/// The cells an exact count nominates, decided by propagation over the core's model (see the
/// module docstring): None when anything is left open, else the forced groups and their sources.
/// `remaining`: the mines left among the unfixed cells (None: no total); `nominated`: (cell, is a
/// mine) of the cells at exactly 0 or 1; `options.nodes` / `options.part_nodes`: the searches'
/// budgets (`cpsolve/proof/propagate.py`); `options.seconds`: the time left (None: no deadline).
#[pyfunction]
#[pyo3(signature = (model, remaining, nominated, options))]
pub fn prove_nominated(
    py: Python<'_>,
    model: &Bound<'_, PyModel>,
    remaining: Option<i64>,
    nominated: Vec<(u32, bool)>,
    options: &Options,
) -> Option<Nominated> {
    let m = &model.get().model;
    let deadline = options.deadline();
    let (nodes, part_nodes) = (options.nodes(), options.part_nodes());
    py.allow_threads(|| prove(m, remaining, &nominated, nodes, part_nodes, &deadline))
        .map(|(forced, sources)| Nominated {
            forced: forced
                .into_iter()
                .map(|(cells, mine, uses_total, source)| ForcedGroup {
                    cells,
                    mine,
                    uses_total,
                    source,
                })
                .collect(),
            sources,
        })
}
