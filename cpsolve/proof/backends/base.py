"""The small interface every proof backend implements.

A backend holds one solver instance for one :class:`~cpsolve.encodings.CardSystem` and is reused
across calls with assumptions. Literals are DIMACS-style integers: the cell variables are
``1..system.nvars``, further ones come from :meth:`Backend.new_var`. A card listed in ``guarded``
gets a guard variable (``backend.guard[card_index]``) and binds only when that variable is true.

:meth:`Backend.solve` answers SAT (with a model), UNSAT, or UNKNOWN (time ran out, or the solver
gave up). UNKNOWN is never read as UNSAT by anything in :mod:`cpsolve.proof`.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...budget import Deadline, check
from ...encodings import CardSystem


class Status(enum.Enum):
    """One solver call's answer (UNKNOWN: out of time or given up; never read as UNSAT)."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


class ProofStatus(enum.StrEnum):
    """How a proof run ended: every cell decided (OK), some left undecided by the time limit
    (TIMEOUT), or no placement at all (INCONSISTENT). A ``str``, so it prints and serialises as its
    value ("ok", "timeout", "inconsistent")."""

    OK = "ok"
    TIMEOUT = "timeout"
    INCONSISTENT = "inconsistent"


@dataclass(frozen=True)
class Outcome:
    status: Status
    # model[v] for cell variables 1..nvars (index 0 unused); None unless SAT
    model: tuple[bool, ...] | None = None


class Backend(ABC):
    #: engine name recorded in certainties ("cp-sat", "sat:minicard", ...)
    name: str = "?"

    def __init__(self, system: CardSystem, guarded: Iterable[int] = ()) -> None:
        self.system = system
        self.guard: dict[int, int] = {}
        self.calls = 0
        self._top = system.nvars
        self._guarded = set(guarded)

    def _load(self) -> None:
        """Add every cardinality constraint of the system; a guarded one only under its guard."""
        for ci, card in enumerate(self.system.cards):
            if not ci & 255:
                check()  # the analysis deadline (cpsolve.budget): loading a huge board takes time
            g = self.new_var() if ci in self._guarded else None
            if g is not None:
                self.guard[ci] = g
            if card.trivial:
                continue
            if card.impossible:
                self.add_clause([-g] if g is not None else [])
                continue
            self._add_card(card.lits, card.lo, card.hi, g)

    @abstractmethod
    def _add_card(self, lits: Sequence[int], lo: int, hi: int, guard: int | None) -> None:
        """lo <= sum(lits) <= hi, enforced only when ``guard`` is true (always when None)."""

    def _alloc(self) -> int:
        self._top += 1
        return self._top

    @abstractmethod
    def new_var(self) -> int:
        """A fresh variable (e.g. an activation literal for a clause added for one query)."""

    @abstractmethod
    def add_clause(self, lits: Sequence[int]) -> None:
        """Add a clause (permanently)."""

    @abstractmethod
    def _solve(self, assumptions: Sequence[int], time_left: float | None,
               prefer: Sequence[int]) -> Outcome:
        ...

    def solve(self, assumptions: Sequence[int] = (), deadline: Deadline | None = None,
              prefer: Sequence[int] = ()) -> Outcome:
        """Solve under ``assumptions`` before ``deadline`` (None: no deadline).

        ``prefer``: literals the search should try to make true (phases / hints); a preference
        only, it changes which model is found, never the answer."""
        time_left = None if deadline is None else deadline.left()
        if time_left is not None and time_left <= 0:
            return Outcome(Status.UNKNOWN)
        self.calls += 1
        return self._solve(assumptions, time_left, prefer)

    @abstractmethod
    def core(self) -> list[int]:
        """After UNSAT: assumption literals that suffice for it (not necessarily minimal)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the solver."""
