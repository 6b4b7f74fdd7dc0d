"""The backbone of a cardinality system: every variable proved forced, or left undecided by time (the
others are shown free).

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
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from ..budget import Deadline, check, current
from ..constraints import TOTAL
from ..encodings import CardSystem
from .backends import Backend, BackendFactory, ProofStatus, Status
from .propagate import Verdict, first_pass, options


@dataclass
class Forced:
    value: bool
    uses_total: bool
    sources: frozenset[int]
    engine: str | None = None  # "propagation" when no solver call took part; None: the backend's engine


@dataclass
class BackboneResult:
    status: ProofStatus
    forced: dict[int, Forced] = field(default_factory=dict)   # variable -> proof
    undecided: set[int] = field(default_factory=set)  # not decided in time
    calls: int = 0
    rounds: int = 0
    hint_conflicts: list[int] = field(default_factory=list)  # nominated as forced, but a model flips it
    propagation: bool = False  # settled by propagation first (the solver only for what it left)


def _flip(v: int, value: bool) -> int:
    return -v if value else v


def backbone(system: CardSystem, make: BackendFactory, *, nominated: Mapping[int, bool] | None = None,
             split_total: bool = True) -> BackboneResult:
    """Compute the backbone of ``system`` by the current deadline (:mod:`cpsolve.budget`).

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
        if not cand:
            return res
    else:
        cand = {}
    total_idx = next((i for i, c in enumerate(system.cards) if c.is_total), None)
    guarded = [total_idx] if total_idx is not None and split_total else []
    check()  # the analysis deadline (cpsolve.budget): grouping a huge board takes time
    deadline = current()
    solver = _Lazy(make, system, guarded)
    split = total_idx if guarded else None
    try:
        if nominated is None or not _by_propagation(system, solver, res, cand, rep_of, split, deadline):
            _run(system, solver, res, cand, rep_of, split, deadline, nominated is None)
    finally:
        res.calls = solver.calls
        solver.close()
    return res


class _Lazy:
    """The solver backend, built on first use: a position settled by propagation never builds one."""

    def __init__(self, make: BackendFactory, system: CardSystem, guarded: list[int]) -> None:
        self._make, self._system, self._guarded = make, system, guarded
        self._b: Backend | None = None

    def get(self) -> Backend:
        if self._b is None:
            self._b = self._make(self._system, self._guarded)
        return self._b

    @property
    def calls(self) -> int:
        return self._b.calls if self._b is not None else 0

    def close(self) -> None:
        if self._b is not None:
            self._b.close()


def _by_propagation(system: CardSystem, solver: _Lazy, res: BackboneResult, cand: dict[int, bool],
                    rep_of: dict[int, tuple[int, ...]], total_idx: int | None, deadline: Deadline) -> bool:
    """The nominated path with propagation first (the core's pass, :func:`.propagate.first_pass`):
    a checked model from a small search, then each candidate's flip refuted by propagation or by an
    exhausted search, or shown possible by a checked model; only what neither settles within its
    node budget goes to the solver. False (nothing recorded) when no model was found this way."""
    if current().passed():
        return False  # the solver path reports the timeout
    found = first_pass(system, cand, total_idx)
    if found is None:
        return False  # no model found this way (or none exists): the solver path decides
    res.propagation = True
    res.hint_conflicts.extend(found.conflicts)  # nominated, but a checked model flips it (free)
    forced = {v: cand[v] for v in found.forced}
    rest = {v: cand[v] for v in found.open}
    _open_by_solver(solver, res, rest, forced, rep_of, total_idx, deadline)
    alone: set[int] | None = None
    if forced and total_idx is not None:
        alone = _alone(solver, res, forced, found.alone(list(forced), options()), rest, total_idx, deadline)
    _record(system, res, forced, rep_of, total_idx, alone, by_propagation=forced.keys() - rest.keys())
    return True


def _open_by_solver(solver: _Lazy, res: BackboneResult, rest: dict[int, bool], forced: dict[int, bool],
                    rep_of: dict[int, tuple[int, ...]], total_idx: int | None, deadline: Deadline) -> None:
    """The candidates the pass left open (``rest``) decided by the solver, with the total: the
    certified ones join ``forced``, those left by time are undecided (the others are free)."""
    if rest:
        b = solver.get()
        on = [b.guard[total_idx]] if total_idx is not None else []
        more, left = _certify(b, rest, on, deadline, res)
        forced.update(more)
        _undecided(res, left, rep_of)


def _alone(solver: _Lazy, res: BackboneResult, forced: dict[int, bool], verdicts: list[Verdict],
           rest: dict[int, bool], total_idx: int, deadline: Deadline) -> set[int]:
    """The ``forced`` variables the clues force without the total: those the pass's ``verdicts``
    (one per forced variable, in order) say ``UNSAT``, and those it left ``UNKNOWN`` that the solver
    certifies with the total switched off (they join ``rest``: a solver call took part). ``SAT``: a
    checked model of the clues alone flips it, so its proof needs the total."""
    alone = set()
    unsure: dict[int, bool] = {}
    for (v, x), verdict in zip(forced.items(), verdicts):
        if verdict == Verdict.UNSAT:
            alone.add(v)
        elif verdict == Verdict.UNKNOWN:
            unsure[v] = x
    if unsure:
        b = solver.get()
        alone.update(_certify(b, unsure, [-b.guard[total_idx]], deadline, res)[0])
        rest.update(unsure)
    return alone


def _drop_hint_conflicts(res: BackboneResult, cand: dict[int, bool], model: tuple[bool, ...],
                         rep_of: dict[int, tuple[int, ...]]) -> dict[int, bool]:
    """The nominated candidates a model does not flip (a flipped one, shown free, is recorded)."""
    kept = {}
    for v, x in cand.items():
        if model[v] != x:
            res.hint_conflicts.append(v)
        else:
            kept[v] = x
    return kept


def _undecided(res: BackboneResult, left: set[int], rep_of: dict[int, tuple[int, ...]]) -> None:
    for v in left:
        res.undecided.update(rep_of[v])
    if left:
        res.status = ProofStatus.TIMEOUT


def _record(system: CardSystem, res: BackboneResult, forced: dict[int, bool], rep_of: dict[int, tuple[int, ...]],
            total_idx: int | None, alone: set[int] | None, by_propagation: AbstractSet[int] = frozenset()) -> None:
    """Record the forced variables with their provenance. ``alone``: those the clues force without
    the total (needed when the total is a guarded constraint, ``total_idx`` not None);
    ``by_propagation``: those settled without a solver call (labelled engine "propagation")."""
    if not forced:
        return
    all_src = frozenset().union(*(c.sources for c in system.cards))
    if total_idx is None:
        uses_total = system.total is not None
        # the component's sources only where they are used (not every component's variables)
        comp_src = system.component_sources(() if uses_total else forced)
        for v, x in forced.items():
            src = all_src if uses_total else comp_src.get(v, frozenset())
            engine = "propagation" if v in by_propagation else None
            for w in rep_of[v]:
                res.forced[w] = Forced(x, uses_total, src, engine)
        return
    assert alone is not None
    comp_src = system.component_sources(v for v in forced if v in alone)
    with_total = all_src | {TOTAL}
    for v, x in forced.items():
        engine = "propagation" if v in by_propagation else None
        f = (Forced(x, False, comp_src.get(v, frozenset()), engine) if v in alone
             else Forced(x, True, with_total, engine))
        for w in rep_of[v]:
            res.forced[w] = f


def _run(system: CardSystem, solver: _Lazy, res: BackboneResult, cand: dict[int, bool],
         rep_of: dict[int, tuple[int, ...]], total_idx: int | None, deadline: Deadline,
         fresh: bool) -> None:
    b = solver.get()
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
    cand = {v: model[v] for v in reps} if fresh else _drop_hint_conflicts(res, cand, model, rep_of)
    # 2. the backbone, with the total
    forced, left = _certify(b, cand, on, deadline, res)
    _undecided(res, left, rep_of)
    # 3. which forced ones need the total: ask again with the total switched off
    # (those left undecided here, by time, keep the proof that used the total)
    alone = None
    if forced and total_idx is not None:
        alone = set(_certify(b, forced, [-b.guard[total_idx]], deadline, res)[0])
    _record(system, res, forced, rep_of, total_idx, alone)


def _certify(b: Backend, cand: dict[int, bool], base: list[int], deadline: Deadline,
             res: BackboneResult) -> tuple[dict[int, bool], set[int]]:
    """Batched flips: (certified, left undecided); the others were flipped by some model (free)."""
    pending = dict(cand)
    while pending:
        flips = [_flip(v, x) for v, x in pending.items()]
        act = b.new_var()
        b.add_clause([-act] + flips)
        out = b.solve([act] + base, deadline, prefer=flips)
        b.add_clause([-act])
        res.rounds += 1
        if out.status is Status.UNSAT:
            return pending, set()
        if out.status is Status.UNKNOWN:
            return {}, set(pending)
        model = out.model
        assert model is not None
        moved = [v for v, x in pending.items() if model[v] != x]
        assert moved, "the flip clause holds in every model"
        for v in moved:
            del pending[v]
    return {}, set()
