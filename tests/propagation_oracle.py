"""The propagation-first pass of the backbone written in Python over the core's propagator: the
oracle for the core's own pass (``native/src/propagate/first.rs``, which
:func:`cpsolve.proof.backbone.backbone` calls). The steps, each from the core's primitives
(``_core.Propagator``: propagation, searches, per-candidate verdicts):

1. a model from a small search preferring each candidate's other value; none: nothing recorded;
2. the candidates it flips recorded as hint conflicts;
3. each other candidate refuted (forced), shown free by a checked model, or left to the solver;
4. with a guarded mine total, whether the clues alone refute the other value of each forced one
   (the same propagator when the total is trivial, else one without it), the solver for what
   propagation leaves unknown.

:func:`backbone` is :func:`cpsolve.proof.backbone.backbone` with this pass in place of the core's.
"""

from __future__ import annotations

from collections.abc import Mapping

from cpsolve import _core
from cpsolve.boundary import seconds
from cpsolve.budget import Deadline, check, current
from cpsolve.encodings import CardSystem
from cpsolve.proof import propagate
from cpsolve.proof.backbone import BackboneResult, _certify, _drop_hint_conflicts, _Lazy, _record, _run, _undecided
from cpsolve.proof.backends import BackendFactory, ProofStatus
from cpsolve.proof.propagate import Verdict


class Propagator:
    """Propagation over the constraints of ``system``; ``skip``: a constraint index left out (the
    total, to ask what the clues force on their own). Node budgets: :mod:`cpsolve.proof.propagate`'s
    at call time."""

    def __init__(self, system: CardSystem, skip: int | None = None) -> None:
        self.n = system.nvars
        self._core = _core.Propagator(
            self.n, [(list(c.lits), c.lo, c.hi) for ci, c in enumerate(system.cards) if ci != skip])
        #: False when the constraints themselves propagate to a conflict (or one can never hold)
        self.ok: bool = self._core.ok

    @property
    def split(self) -> bool:
        return bool(self._core.split)

    def refutes(self, var: int, value: bool) -> bool:
        assert self.ok
        return self._core.refutes(var, value)

    def search(self, prefer: Mapping[int, bool], nodes: int | None = None,
               assume: tuple[int, bool] | None = None) -> tuple[Verdict, tuple[bool, ...] | None]:
        """(``SAT``, model) with ``model[v]`` for v in 1..n, (``UNSAT``, None) or (``UNKNOWN``, None)."""
        if not self.ok:
            return Verdict.UNSAT, None
        nodes = propagate.MODEL_NODES if nodes is None else nodes
        got = self._core.search(list(prefer.items()), _core.Options(nodes=nodes, part_nodes=propagate.PART_NODES),
                                assume)
        return got.verdict, (tuple(got.model) if got.model is not None else None)

    def decide(self, cand: Mapping[int, bool], prefer: Mapping[int, bool]) -> list[Verdict]:
        budget = _core.Options(nodes=propagate.MODEL_NODES, part_nodes=propagate.PART_NODES, seconds=seconds())
        return self._core.decide(list(cand.items()), list(prefer.items()), budget)


def backbone(system: CardSystem, make: BackendFactory, nominated: Mapping[int, bool]) -> BackboneResult:
    """:func:`cpsolve.proof.backbone.backbone` with ``nominated``, the pass by :func:`by_propagation`."""
    res = BackboneResult(ProofStatus.OK)
    groups = system.groups()
    rep_of = {g[0]: g for g in groups}
    cand = {}
    for g in groups:
        vals = [nominated[v] for v in g if v in nominated]
        if vals:
            cand[g[0]] = vals[0]
    if not cand:
        return res
    total_idx = next((i for i, c in enumerate(system.cards) if c.is_total), None)
    guarded = [total_idx] if total_idx is not None else []
    check()
    deadline = current()
    solver = _Lazy(make, system, guarded)
    try:
        if not by_propagation(system, solver, res, cand, rep_of, total_idx, deadline):
            _run(system, solver, res, cand, rep_of, total_idx, deadline, False)
    finally:
        res.calls = solver.calls
        solver.close()
    return res


def by_propagation(system: CardSystem, solver: _Lazy, res: BackboneResult, cand: dict[int, bool],
                   rep_of: dict[int, tuple[int, ...]], total_idx: int | None, deadline: Deadline) -> bool:
    """The pass (see the module docstring); False (nothing recorded) when step 1 found no model."""
    if current().passed():
        return False
    prop = Propagator(system)
    if not prop.ok:
        return False
    _, model = prop.search({v: not x for v, x in cand.items()})
    if model is None:
        return False
    res.propagation = True
    cand = _drop_hint_conflicts(res, cand, model, rep_of)
    forced: dict[int, bool] = {}
    rest: dict[int, bool] = {}
    prefer = dict(cand)
    for (v, x), verdict in zip(cand.items(), prop.decide(cand, prefer)):
        if verdict == Verdict.UNSAT:
            forced[v] = x
        elif verdict == Verdict.UNKNOWN:
            rest[v] = x
    if rest:
        b = solver.get()
        on = [b.guard[total_idx]] if total_idx is not None else []
        more, left = _certify(b, rest, on, deadline, res)
        forced.update(more)
        _undecided(res, left, rep_of)
    alone: set[int] | None = None
    if forced and total_idx is not None:
        clues_only = prop if system.cards[total_idx].trivial else Propagator(system, skip=total_idx)
        alone = set()
        unsure: dict[int, bool] = {}
        for (v, x), verdict in zip(forced.items(), clues_only.decide(forced, prefer)):
            if verdict == Verdict.UNSAT:
                alone.add(v)
            elif verdict == Verdict.UNKNOWN:
                unsure[v] = x
        if unsure:
            b = solver.get()
            more_alone, _ = _certify(b, unsure, [-b.guard[total_idx]], deadline, res)
            alone.update(more_alone)
            rest.update(unsure)
    _record(system, res, forced, rep_of, total_idx, alone, by_propagation=forced.keys() - rest.keys())
    return True
