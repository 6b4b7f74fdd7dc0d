"""OR-Tools CP-SAT backend: clues and the total as linear constraints over Boolean variables.

Imported only when the CP-SAT engine runs (importing ortools costs about 0.6 s). One worker: with
the default the solver starts a worker per core, which is slower on small models and on 2 cores.
Presolve, linearisation, symmetry detection and probing are off: on these small models they cost
~20 ms per call and buy nothing (measured in ``benchmarks/bench_proof.py``); they are search
settings and never change an answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ortools.sat.python import cp_model

from ...encodings import CardSystem
from .base import Backend, Outcome, Status

_PARAMS = {
    "num_workers": 1,
    "cp_model_presolve": False,
    "linearization_level": 0,
    "symmetry_level": 0,
    "cp_model_probing_level": 0,
    # CP-SAT otherwise installs its own SIGINT handler at the first solve and never gives it back:
    # Ctrl-C then kills the process (no KeyboardInterrupt, no exit 130, half-written files). The one
    # place this is set; every CpSolver here takes _PARAMS.
    "catch_sigint_signal": False,
}


class CpSatBackend(Backend):
    name = "cp-sat"

    def __init__(self, system: CardSystem, guarded: Iterable[int] = ()) -> None:
        super().__init__(system, guarded)
        m = cp_model.CpModel()
        self.model = m
        self.vars: list[Any] = [None] + [m.new_bool_var(f"x{v}") for v in range(1, system.nvars + 1)]
        self.solver = cp_model.CpSolver()
        for k, v in _PARAMS.items():
            setattr(self.solver.parameters, k, v)
        self._load()

    def _add_card(self, lits: Sequence[int], lo: int, hi: int, guard: int | None) -> None:
        expr = cp_model.LinearExpr.sum([self.vars[v] for v in lits])
        ct = self.model.add_linear_constraint(expr, max(lo, 0), min(hi, len(lits)))
        if guard is not None:
            ct.only_enforce_if(self.vars[guard])

    def new_var(self) -> int:
        v = self._alloc()
        self.vars.append(self.model.new_bool_var(f"a{v}"))
        assert len(self.vars) == v + 1
        return v

    def _lit(self, x: int) -> Any:
        return self.vars[x] if x > 0 else self.vars[-x].negated()

    def add_clause(self, lits: Sequence[int]) -> None:
        if not lits:
            # the empty clause: a variable that must be both true and false
            z = self.vars[self.new_var()]
            self.model.add_bool_or([z])
            self.model.add_bool_or([z.negated()])
            return
        self.model.add_bool_or([self._lit(x) for x in lits])

    def _solve(self, assumptions: Sequence[int], time_left: float | None,
               prefer: Sequence[int]) -> Outcome:
        m = self.model
        m.clear_assumptions()
        m.add_assumptions([self._lit(x) for x in assumptions])
        m.clear_hints()
        for x in prefer:
            m.add_hint(self.vars[abs(x)], x > 0)
        self._assumed = list(assumptions)
        params = self.solver.parameters
        if time_left is not None:
            params.max_time_in_seconds = max(time_left, 1e-3)
        else:
            params.max_time_in_seconds = float("inf")
        st = self.solver.solve(m)
        if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            sol = self.solver.response_proto.solution
            n = self.system.nvars
            return Outcome(Status.SAT, (False,) + tuple(bool(sol[i]) for i in range(n)))
        if st == cp_model.INFEASIBLE:
            return Outcome(Status.UNSAT)
        return Outcome(Status.UNKNOWN)

    def core(self) -> list[int]:
        out = []
        for idx in self.solver.sufficient_assumptions_for_infeasibility():
            # proto literal i is variable i+1; its negation is -i-1, i.e. -(variable)
            out.append(idx + 1 if idx >= 0 else idx)
        return out
