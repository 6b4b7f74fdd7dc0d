"""The propagation-first pass of the backbone written in Python over the core's propagator: the
oracle for the core's own pass (``native/src/propagate/first.rs``, which
:func:`cpsolve.proof.backbone.backbone` calls). The steps, each from the core's primitives
(``_core.Propagator``: propagation, searches, per-candidate verdicts):

1. a model from a small search preferring each candidate's other value; none: nothing recorded;
2. the candidates it flips recorded as hint conflicts;
3. each other candidate refuted (forced), shown free by a checked model, or left to the solver;
4. with a guarded mine total, whether the clues alone refute the other value of each forced one
   (the same propagator when the total is trivial, else one without it).

:func:`backbone` is :func:`cpsolve.proof.backbone.backbone` with this pass in place of the core's
(the solver's part after each step, what the pass left open, is the backbone's own).
"""

from __future__ import annotations

from collections.abc import Mapping

from cpsolve import _core
from cpsolve.budget import Deadline, current
from cpsolve.encodings import CardSystem
from cpsolve.proof import backbone as backbone_module
from cpsolve.proof import propagate
from cpsolve.proof.backbone import BackboneResult, _alone, _drop_hint_conflicts, _Lazy, _open_by_solver, _record
from cpsolve.proof.backends import BackendFactory
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
        limits = _core.SearchLimits(nodes=nodes, part_nodes=propagate.PART_NODES)
        got = self._core.search(list(prefer.items()), _core.Options(search=limits), assume)
        return got.verdict, (tuple(got.model) if got.model is not None else None)

    def decide(self, cand: Mapping[int, bool], prefer: Mapping[int, bool]) -> list[Verdict]:
        budget = propagate.options()
        return self._core.decide(list(cand.items()), list(prefer.items()), budget)


def backbone(system: CardSystem, make: BackendFactory, nominated: Mapping[int, bool]) -> BackboneResult:
    """:func:`cpsolve.proof.backbone.backbone` with ``nominated``, the pass by :func:`by_propagation`."""
    own = backbone_module._by_propagation
    backbone_module._by_propagation = by_propagation
    try:
        return backbone_module.backbone(system, make, nominated=nominated)
    finally:
        backbone_module._by_propagation = own


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
    _open_by_solver(solver, res, rest, forced, rep_of, total_idx, deadline)
    alone: set[int] | None = None
    if forced and total_idx is not None:
        clues_only = prop if system.cards[total_idx].trivial else Propagator(system, skip=total_idx)
        alone = _alone(solver, res, forced, clues_only.decide(forced, prefer), rest, total_idx, deadline)
    _record(system, res, forced, rep_of, total_idx, alone, by_propagation=forced.keys() - rest.keys())
    return True
