"""OR-Tools CP-SAT backend: clues and the total as linear constraints over Boolean variables.

Built on CP-SAT's native layer, ``ortools.sat.python.cp_model_helper``: the ``CpModelProto`` is
filled field by field and solved by a ``SolveWrapper``. The pure-Python ``cp_model`` module is
never imported: it pulls in pandas and numpy (about 1.5 s of a cold start; a test guards this),
and its expression objects cost milliseconds per call on our small models, while the native solve
of one of them takes tens of microseconds.

Literals: proto variable ``i`` is our variable ``i + 1``; the proto negation of ``i`` is ``-i - 1``,
which is exactly our ``-(i + 1)``, so a negative literal passes through unchanged.

One worker: with the default the solver starts a worker per core, which is slower on small models
and on 2 cores. Presolve, linearisation, symmetry detection and probing are off: on these small
models they cost ~20 ms per call and buy nothing (measured in ``benchmarks/bench_proof.py``); they
are search settings and never change an answer. ``catch_sigint_signal`` is off so that Ctrl-C stays
Python's ``KeyboardInterrupt`` instead of being swallowed by the solver as "stop the search".
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence

from ortools.sat.python import cp_model_helper as _h

from ...encodings import CardSystem
from .base import Backend, Outcome, Status

_FEASIBLE = (_h.CpSolverStatus.OPTIMAL, _h.CpSolverStatus.FEASIBLE)
_INFEASIBLE = _h.CpSolverStatus.INFEASIBLE


#: Seconds past a call's time limit after which it is stopped from outside (see ``_run``).
STOP_GRACE = 0.02
#: Models with fewer variables keep to their time limit on their own and are spared the timer
#: thread (starting one costs more than most of their calls).
TIMER_VARIABLES = 2000
#: Seconds a call runs with the light settings before it is asked again with the LP relaxation.
ESCALATE_AFTER = 0.1


def _params(time_left: float | None, *, lp: bool = False) -> _h.SatParameters:
    p = _h.SatParameters()
    p.num_workers = 1
    p.cp_model_presolve = False
    # level 2 adds the LP relaxation with cuts: it settles in milliseconds the counting arguments
    # (disjoint clues against the mine total) that take clause learning seconds or more
    p.linearization_level = 2 if lp else 0
    p.symmetry_level = 0
    p.cp_model_probing_level = 0
    # otherwise CP-SAT installs its own SIGINT handler at the first solve and keeps it: Ctrl-C then
    # kills the process (no KeyboardInterrupt, no exit 130, half-written files). Set only here.
    p.catch_sigint_signal = False
    if time_left is not None:
        p.max_time_in_seconds = max(time_left, 1e-3)
    return p


def _proto(x: int) -> int:
    """Our literal as a proto literal (see the module docstring)."""
    return x - 1 if x > 0 else x


class CpSatBackend(Backend):
    name = "cp-sat"

    def __init__(self, system: CardSystem, guarded: Iterable[int] = ()) -> None:
        super().__init__(system, guarded)
        self.model = _h.CpModelProto()
        self._core: list[int] = []
        variables = self.model.variables
        for _ in range(system.nvars):
            variables.add().domain.extend((0, 1))
        self._load()

    def _add_card(self, lits: Sequence[int], lo: int, hi: int, guard: int | None) -> None:
        ct = self.model.constraints.add()
        if guard is not None:
            ct.enforcement_literal.append(guard - 1)
        lin = ct.linear
        lin.vars.extend([v - 1 for v in lits])
        lin.coeffs.extend([1] * len(lits))
        lin.domain.extend((max(lo, 0), min(hi, len(lits))))

    def new_var(self) -> int:
        v = self._alloc()
        self.model.variables.add().domain.extend((0, 1))
        return v

    def add_clause(self, lits: Sequence[int]) -> None:
        if not lits:
            # the empty clause: a variable that must be both true and false
            z = self.new_var() - 1
            self.model.constraints.add().bool_or.literals.append(z)
            self.model.constraints.add().bool_or.literals.append(-z - 1)
            return
        self.model.constraints.add().bool_or.literals.extend([_proto(x) for x in lits])

    def _solve(self, assumptions: Sequence[int], time_left: float | None,
               prefer: Sequence[int]) -> Outcome:
        m = self.model
        m.assumptions.clear()
        m.assumptions.extend([_proto(x) for x in assumptions])
        hint = m.solution_hint
        hint.vars.clear()
        hint.values.clear()
        if prefer:
            hint.vars.extend([abs(x) - 1 for x in prefer])
            hint.values.extend([1 if x > 0 else 0 for x in prefer])
        # a fresh wrapper per call: a reused one keeps state between solves (it aborted the process
        # with "Infeasible solution! source: 'main [hint]'" once the model had grown a flip clause)
        # light settings first (tens of microseconds on most calls); a call they do not settle
        # within ESCALATE_AFTER is asked again with the LP relaxation (see _params)
        end = None if time_left is None else time.perf_counter() + time_left
        quick = time_left if time_left is not None and time_left <= ESCALATE_AFTER else ESCALATE_AFTER
        r = self._run(m, quick)
        st = r.status
        if st not in _FEASIBLE and st != _INFEASIBLE:
            rest = None if end is None else end - time.perf_counter()
            if rest is None or rest > 0:
                r = self._run(m, rest, lp=True)
                st = r.status
        if st in _FEASIBLE:
            sol = list(r.solution)[:self.system.nvars]
            return Outcome(Status.SAT, (False, *map(bool, sol)))
        if st == _INFEASIBLE:
            # proto literal i is variable i+1; its negation -i-1 is -(variable): see _proto
            self._core = [x + 1 if x >= 0 else x for x in r.sufficient_assumptions_for_infeasibility]
            return Outcome(Status.UNSAT)
        return Outcome(Status.UNKNOWN)

    @staticmethod
    def _run(m: _h.CpModelProto, time_left: float | None, *, lp: bool = False) -> _h.CpSolverResponse:
        w = _h.SolveWrapper()
        w.set_parameters(_params(time_left, lp=lp))
        if time_left is None or len(m.variables) < TIMER_VARIABLES:
            return w.solve(m)
        # CP-SAT reads its time limit only between steps of its own: loading a model of tens of
        # thousands of variables, or one long propagation, ran 0.05 s into 0.9 s. A timer stops
        # the search from outside (the solve releases the GIL), shortly after the limit.
        timer = threading.Timer(max(time_left, 1e-3) + STOP_GRACE, w.stop_search)
        timer.daemon = True
        timer.start()
        try:
            return w.solve(m)
        finally:
            timer.cancel()

    def core(self) -> list[int]:
        return list(self._core)
