"""Cross-checking the proof engines against each other, the exact counter, brute force and a
known layout: the logic behind ``cpsolve compare`` and the soundness tests.

Each *method* gives the cells it finds forced (cell index -> mine?):

* ``cp-sat``, ``sat:...``: the backbone of the board's original clues and total, computed by that
  engine alone (:func:`cpsolve.proof.prove_model` with ``independent=True``: no simplification,
  no deductions, no counts);
* ``analysis``: the certainties :func:`cpsolve.analyze` reports (deductions, solver, count hints);
* ``counter``: the cells whose exact probability is 0 or 1 (when the board is counted exactly);
* ``brute``: the same from brute-force enumeration (small frontiers only).

Methods must agree on every cell; with a layout, every forced value must match it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..analysis import InconsistentBoard, analyze
from ..board import Board
from ..options import DEFAULT_DENSITY, DEFAULT_ENGINE, DEFAULT_TIME_LIMIT
from ..probability import Exact
from ..proof import ProofStatus, prove_board
from .brute import TooLarge, brute_force


@dataclass
class Method:
    name: str
    forced: dict[int, bool] | None          # None: did not run (too large, not exact, ...)
    inconsistent: bool = False
    complete: bool = True                   # False when it ran out of time
    ms: float = 0.0
    calls: int = 0
    note: str = ""


@dataclass
class CrossCheck:
    board: Board
    methods: list[Method]
    disagreements: list[tuple[int, dict[str, bool | None]]] = field(default_factory=list)
    wrong: list[tuple[str, int, bool]] = field(default_factory=list)   # (method, cell, claimed mine)
    inconsistent_disagreement: bool = False

    @property
    def ok(self) -> bool:
        return not self.disagreements and not self.wrong and not self.inconsistent_disagreement

    @property
    def complete(self) -> bool:
        return all(m.complete for m in self.methods if m.forced is not None or m.inconsistent)

    def forced(self) -> dict[int, bool]:
        for m in self.methods:
            if m.forced is not None and m.complete:
                return m.forced
        return {}


def _engine_method(board: Board, engine: str, time_limit: float | None, trust_flags: bool) -> Method:
    t0 = time.perf_counter()
    r = prove_board(board, engine=engine, time_limit=time_limit, trust_flags=trust_flags)
    ms = (time.perf_counter() - t0) * 1e3
    name = r.stats.engine or engine
    if r.status is ProofStatus.INCONSISTENT:
        return Method(name, None, inconsistent=True, ms=ms, calls=r.stats.solver_calls)
    return Method(name, {c: ce.mine for c, ce in r.certainties.items()}, complete=r.status is ProofStatus.OK,
                  ms=ms, calls=r.stats.solver_calls)


def crosscheck(board: Board, *, engines: Sequence[str] = ("cp-sat", "sat"), analysis_engine: str = DEFAULT_ENGINE,
               brute_frontier: int = 20, layout: frozenset[int] | None = None,
               time_limit: float | None = DEFAULT_TIME_LIMIT, trust_flags: bool = True,
               density: Fraction | None = None) -> CrossCheck:
    methods = [_engine_method(board, e, time_limit, trust_flags) for e in engines]
    # the analysis (certainties shown to users) and the exact counter's 0/1 cells
    t0 = time.perf_counter()
    try:
        a = analyze(board, exact_limit=None, time_limit=time_limit, engine=analysis_engine,
                    trust_flags=trust_flags, density=density)
    except InconsistentBoard:
        ms = (time.perf_counter() - t0) * 1e3
        methods.append(Method("analysis", None, inconsistent=True, ms=ms))
        methods.append(Method("counter", None, inconsistent=True, ms=ms))
    else:
        ms = (time.perf_counter() - t0) * 1e3
        cells = {board.index(c.row, c.col): c for c in a.cells}
        methods.append(Method("analysis", {i: c.proof.mine for i, c in cells.items() if c.proof is not None},
                              complete=a.stats.proof_status is ProofStatus.OK, ms=ms,
                              calls=a.stats.proof.solver_calls if a.stats.proof is not None else 0))
        if a.exact:
            counter = {i: c.probability.fraction == 1 for i, c in cells.items()
                       if isinstance(c.probability, Exact) and c.probability.fraction in (0, 1)}
            methods.append(Method("counter", counter, ms=a.stats.ms_count))
        else:
            methods.append(Method("counter", None, note="estimated (not counted exactly)"))
    t0 = time.perf_counter()
    try:
        br = brute_force(board, trust_flags=trust_flags, max_frontier=brute_frontier,
                         density=density if density is not None else DEFAULT_DENSITY)
    except TooLarge as exc:
        methods.append(Method("brute", None, note=f"skipped: {exc}"))
    else:
        ms = (time.perf_counter() - t0) * 1e3
        if br.z == 0:
            methods.append(Method("brute", None, inconsistent=True, ms=ms))
        else:
            methods.append(Method("brute", br.forced(), ms=ms))
    return _judge(board, methods, layout)


def _judge(board: Board, methods: list[Method], layout: frozenset[int] | None) -> CrossCheck:
    cc = CrossCheck(board, methods)
    ran = [m for m in methods if m.forced is not None or m.inconsistent]
    incons = {m.inconsistent for m in ran}
    if len(incons) > 1:
        cc.inconsistent_disagreement = True
    full = [m for m in ran if m.forced is not None and m.complete]
    cells = sorted(set().union(*(m.forced for m in full if m.forced is not None))) if full else []
    for c in cells:
        vals = {m.name: (m.forced or {}).get(c) for m in full}
        if len(set(vals.values())) > 1:
            cc.disagreements.append((c, vals))
    if layout is not None:
        for m in ran:
            for c, mine in (m.forced or {}).items():
                if mine != (c in layout):
                    cc.wrong.append((m.name, c, mine))
    return cc
