"""python-sat backends: MiniCard / GlueCard with native cardinality constraints, or a clause-only
solver (CaDiCaL, Glucose) with the clues and the total encoded through :mod:`pysat.card`.

Kissat is deliberately absent: pysat's kissat ignores assumptions and answers wrongly under them.

Time: pysat solvers take a conflict budget, not a clock, so a call runs under budgets that double
while time is left; an exhausted budget past the deadline is UNKNOWN.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from pysat.formula import IDPool
from pysat.solvers import Solver

from ...encodings import DEFAULT_ENCODING, CardSystem, card_clauses
from .base import Backend, Outcome, Status

_FIRST_BUDGET = 2_000


class PysatBackend(Backend):
    def __init__(self, system: CardSystem, guarded: Iterable[int] = (), *, solver: str = "minicard",
                 encoding: str = DEFAULT_ENCODING) -> None:
        super().__init__(system, guarded)
        self.name = f"sat:{solver}"
        self.s = Solver(name=solver)
        self.native = bool(self.s.supports_atmost())
        self.encoding = encoding
        self.pool = IDPool(start_from=system.nvars + 1)
        self._load()
        self._top = max(self._top, self.pool.top)

    def _add_card(self, lits: Sequence[int], lo: int, hi: int, guard: int | None) -> None:
        if self.native:
            self._add_native(lits, lo, hi, guard)
        else:
            for cl in card_clauses(lits, lo, hi, self.pool, self.encoding):
                self.s.add_clause(cl + [-guard] if guard is not None else cl)

    def _add_native(self, lits: Sequence[int], lo: int, hi: int, g: int | None) -> None:
        n = len(lits)
        if hi < n:
            self._atmost(list(lits), hi, g)
        if lo > 0:
            self._atmost([-x for x in lits], n - lo, g)

    def _atmost(self, lits: list[int], k: int, g: int | None) -> None:
        if g is None:
            self.s.add_atmost(lits, k)
            return
        # sum(lits) <= k when g: add n - k literals implied by g, bound n: g forces sum(lits) <= k,
        # and without g they may all be false, which leaves sum(lits) <= n (no constraint).
        n = len(lits)
        pad = [self.new_var() for _ in range(n - k)]
        for y in pad:
            self.s.add_clause([-g, y])
        self.s.add_atmost(lits + pad, n)

    def new_var(self) -> int:
        v = self.pool.id()
        self._top = v
        return v

    def add_clause(self, lits: Sequence[int]) -> None:
        self.s.add_clause(list(lits))

    def _solve(self, assumptions: Sequence[int], time_left: float | None,
               prefer: Sequence[int]) -> Outcome:
        s = self.s
        if prefer:
            s.set_phases(list(prefer))
        assumptions = list(assumptions)
        if time_left is None:
            res: bool | None = s.solve(assumptions=assumptions)
        else:
            deadline = time.perf_counter() + time_left
            budget = _FIRST_BUDGET
            while True:
                s.conf_budget(budget)
                res = s.solve_limited(assumptions=assumptions)
                if res is not None or time.perf_counter() >= deadline:
                    break
                budget *= 2
        if res is None:
            return Outcome(Status.UNKNOWN)
        if not res:
            return Outcome(Status.UNSAT)
        model = s.get_model()
        n = self.system.nvars
        assert model is not None
        # variables the solver never saw (in no constraint) are free: read them as False
        values = [x > 0 for x in model[:n]]
        values += [False] * (n - len(values))
        return Outcome(Status.SAT, (False, *values))

    def core(self) -> list[int]:
        return list(self.s.get_core() or [])

    def close(self) -> None:
        self.s.delete()
