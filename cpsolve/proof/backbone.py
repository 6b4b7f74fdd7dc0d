"""The backbone of a cardinality system: every variable proved forced, shown free, or undecided.

One solver instance, reused with assumptions. Candidates are one variable per symmetry group
(interchangeable cells share their status). Each round asks one question of the solver: "can any
pending candidate take its other value?" -- a clause ``act -> OR(flipped literals)`` under the
assumption ``act``, with the solver's phases set towards the flips so one model tends to flip many:

* UNSAT certifies every pending candidate at once;
* SAT: the model flips some of them, and exactly those are removed (shown not forced);
* UNKNOWN (time): the pending candidates stay undecided. UNKNOWN is never taken for UNSAT.

Before any certificate there is one plain solve of the whole system: a certificate "no model flips
this cell" means something only if a model exists. With a mine total there are two phases: first
with the total (the backbone), then, on the forced variables only, without it, to record which of
them the clues force on their own (those carry their component's clues and ``uses_total=False``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..budget import check
from ..constraints import TOTAL
from ..encodings import CardSystem
from .backends import Backend, BackendFactory, ProofStatus, Status


@dataclass
class Forced:
    value: bool
    uses_total: bool
    sources: frozenset[int]


@dataclass
class BackboneResult:
    status: ProofStatus
    forced: dict[int, Forced] = field(default_factory=dict)   # variable -> proof
    free: set[int] = field(default_factory=set)     # shown to take both values (by a model or a count)
    undecided: set[int] = field(default_factory=set)  # not decided in time
    calls: int = 0
    rounds: int = 0
    hint_conflicts: list[int] = field(default_factory=list)  # nominated as forced, but a model flips it


def _flip(v: int, value: bool) -> int:
    return -v if value else v


def backbone(system: CardSystem, make: BackendFactory, *, deadline: float | None = None,
             nominated: Mapping[int, bool] | None = None, split_total: bool = True) -> BackboneResult:
    """Compute the backbone of ``system``.

    ``nominated``: variable -> value believed forced (e.g. from exact counts). Variables of a group
    with no nominated member are taken as shown free (the count showed placements with both values);
    the nominated ones are still certified here, and a model contradicting one is recorded in
    ``hint_conflicts``. Without ``nominated`` every group is a candidate.
    """
    res = BackboneResult(ProofStatus.OK)
    groups = system.groups()
    rep_of = {g[0]: g for g in groups}
    if nominated is not None:
        cand = {}
        for g in groups:
            vals = [nominated[v] for v in g if v in nominated]
            if vals:
                cand[g[0]] = vals[0]
            else:
                res.free.update(g)
        if not cand:
            return res
    else:
        cand = {}
    total_idx = next((i for i, c in enumerate(system.cards) if c.is_total), None)
    guarded = [total_idx] if total_idx is not None and split_total else []
    check()  # the analysis deadline (cpsolve.budget): grouping a huge board takes time
    b = make(system, guarded)
    try:
        _run(system, b, res, cand, rep_of, total_idx if guarded else None, deadline, nominated is None)
    finally:
        res.calls = b.calls
        b.close()
    return res


def _run(system: CardSystem, b: Backend, res: BackboneResult, cand: dict[int, bool],
         rep_of: dict[int, tuple[int, ...]], total_idx: int | None, deadline: float | None,
         fresh: bool) -> None:
    on = [b.guard[total_idx]] if total_idx is not None else []
    reps = list(rep_of)
    # 1. a model of the whole system (and the candidates' values, unless nominated)
    out = b.solve(on, deadline, prefer=[_flip(v, x) for v, x in cand.items()])
    if out.status is Status.UNSAT:
        res.status = ProofStatus.INCONSISTENT
        return
    if out.status is Status.UNKNOWN:
        res.status = ProofStatus.TIMEOUT
        for v in (reps if fresh else cand):
            res.undecided.update(rep_of[v])
        return
    model = out.model
    assert model is not None
    if fresh:
        cand = {v: model[v] for v in reps}
    else:
        for v, x in list(cand.items()):
            if model[v] != x:
                res.hint_conflicts.append(v)
                del cand[v]
                res.free.update(rep_of[v])
    # 2. the backbone, with the total
    forced, flipped, left = _certify(b, cand, on, deadline, res)
    for v in flipped:
        res.free.update(rep_of[v])
    for v in left:
        res.undecided.update(rep_of[v])
    if left:
        res.status = ProofStatus.TIMEOUT
    if not forced:
        return
    all_src = frozenset().union(*(c.sources for c in system.cards))
    comp_src = {}
    for vs, src in system.components():
        for v in vs:
            comp_src[v] = src
    if total_idx is None:
        uses_total = system.total is not None
        for v, x in forced.items():
            src = all_src if uses_total else comp_src.get(v, frozenset())
            for w in rep_of[v]:
                res.forced[w] = Forced(x, uses_total, src)
        return
    # 3. which forced ones need the total: ask again with the total switched off
    # (those left undecided here, by time, keep the proof that used the total)
    alone, _, _ = _certify(b, forced, [-b.guard[total_idx]], deadline, res)
    with_total = all_src | {TOTAL}
    for v, x in forced.items():
        f = Forced(x, False, comp_src.get(v, frozenset())) if v in alone else Forced(x, True, with_total)
        for w in rep_of[v]:
            res.forced[w] = f


def _certify(b: Backend, cand: dict[int, bool], base: list[int], deadline: float | None,
             res: BackboneResult) -> tuple[dict[int, bool], set[int], set[int]]:
    """Batched flips: (certified, flipped by some model, left undecided)."""
    pending = dict(cand)
    flipped: set[int] = set()
    while pending:
        flips = [_flip(v, x) for v, x in pending.items()]
        act = b.new_var()
        b.add_clause([-act] + flips)
        out = b.solve([act] + base, deadline, prefer=flips)
        b.add_clause([-act])
        res.rounds += 1
        if out.status is Status.UNSAT:
            return pending, flipped, set()
        if out.status is Status.UNKNOWN:
            return {}, flipped, set(pending)
        model = out.model
        assert model is not None
        moved = [v for v, x in pending.items() if model[v] != x]
        assert moved, "the flip clause holds in every model"
        for v in moved:
            del pending[v]
            flipped.add(v)
    return {}, flipped, set()
