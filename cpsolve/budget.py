"""Time budgets: one deadline for a whole analysis, checked inside every long loop.

``analyze(board, time_limit=T)`` must return within about T seconds whatever the board: building
the model, counting, estimating and proving all share one :class:`Deadline`. Rather than thread
it through every function of every subsystem, :func:`within` makes it the current deadline of the
running context (a :mod:`contextvars` variable, so threads and nested analyses keep their own)
and the long loops call :func:`check`, which raises :class:`OutOfTime` once it has passed.

The caller that set the deadline catches :class:`OutOfTime` and degrades: an exact count that did
not finish becomes an estimate, an estimate that did not finish becomes a cruder estimate, a proof
that did not finish leaves the cell "not decided". Running out of time never makes a claim.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from contextvars import ContextVar
from typing import TypeVar

from .errors import BudgetError


class OutOfTime(BudgetError):
    """The current deadline has passed (raised by :func:`check`)."""


class Deadline:
    """A moment on ``time.perf_counter()``'s clock (``at``), or None for no deadline. Immutable.

    An analysis makes its deadline once (:func:`shares` gives its parts), it travels down as the
    current deadline (:func:`within`, :func:`current`), is asked whether it has passed by
    :meth:`passed` alone, and becomes seconds only at the Rust boundary (``boundary.seconds``)."""

    __slots__ = ("at",)

    def __init__(self, at: float | None) -> None:
        self.at = at

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        return cls(None if seconds is None else time.perf_counter() + seconds)

    def left(self) -> float | None:
        """Seconds left (never negative), None without a deadline."""
        at = self.at
        if at is None:
            return None
        left = at - time.perf_counter()
        return left if left > 0.0 else 0.0

    def passed(self) -> bool:
        """Whether the moment has passed: the one test of a deadline."""
        at = self.at
        return at is not None and time.perf_counter() > at

    def earlier(self, other: Deadline) -> Deadline:
        """The earlier of this deadline and ``other`` (no deadline is the latest)."""
        o = other.at
        return other if o is not None and (self.at is None or o < self.at) else self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deadline) and other.at == self.at

    def __hash__(self) -> int:
        return hash(self.at)

    def __repr__(self) -> str:
        return f"Deadline(at={self.at!r})"


_current: ContextVar[Deadline | None] = ContextVar("cpsolve_deadline", default=None)


class _Within:
    """The context of :func:`within` (a class, not a generator: an analysis enters a few per call)."""

    __slots__ = ("_deadline", "_replace", "_token")

    def __init__(self, deadline: Deadline, replace: bool) -> None:
        self._deadline = deadline
        self._replace = replace

    def __enter__(self) -> Deadline:
        deadline = self._deadline
        outer = _current.get()
        if not self._replace and outer is not None and outer.at is not None and (
                deadline.at is None or outer.at < deadline.at):
            deadline = outer
        self._token = _current.set(deadline)
        return deadline

    def __exit__(self, *exc: object) -> None:
        _current.reset(self._token)


def within(deadline: Deadline, *, replace: bool = False) -> AbstractContextManager[Deadline]:
    """Make ``deadline`` the current one for the code run inside (the earlier of it and an
    enclosing deadline, so a nested analysis never outlives its caller's budget; ``replace``:
    ``deadline`` alone, for work with a budget of its own such as naming a conflict)."""
    return _Within(deadline, replace)


#: What :func:`current` gives outside :func:`within` (one object: a frozen dataclass made at each
#: call cost the player about 2% of its time, asked before every call of the core).
_NO_DEADLINE = Deadline(None)


def current() -> Deadline:
    """The current deadline (``Deadline(None)`` outside :func:`within`)."""
    return _current.get() or _NO_DEADLINE


def check() -> None:
    """Raise :class:`OutOfTime` if the current deadline has passed (:meth:`Deadline.passed`). Cheap
    (~0.1 us): call it in loops."""
    d = _current.get()
    if d is not None and d.passed():
        raise OutOfTime()


_T = TypeVar("_T")


def checked_slices(data: Sequence[_T], every: int) -> Iterator[Sequence[_T]]:
    """``data`` in consecutive slices of ``every`` items, :func:`check` called before each one is
    handed out: a loop that makes Python objects from a huge board's data stops at the deadline."""
    for start in range(0, len(data), every):
        check()
        yield data[start:start + every]


#: The sharing policy of an analysis' time limit: shares of ``time_limit`` (from the start of the
#: analysis) by which counting, then estimation, must be done; proofs have the rest. On small boards
#: counting takes milliseconds and proofs get nearly all of it.
COUNT_SHARE = 0.5
ESTIMATE_SHARE = 0.8
#: ... but never less than these many seconds (a tiny limit still gets a small board counted and
#: a large one estimated; well inside the half second the budget allows beyond ``time_limit``).
COUNT_FLOOR = 0.1
ESTIMATE_FLOOR = 0.2
#: The least time a conflict is given to be shrunk, even when the analysis used its budget (keeps
#: small inconsistent boards minimal under tiny limits; bounded, so the budget stays kept).
CONFLICT_FLOOR = 0.1


class AnalysisDeadline(Deadline):
    """An analysis' deadline, made once (:func:`shares`): ``at`` the whole analysis' (proofs end
    there), and the moments of its parts by the sharing policy above: ``outer`` the model's,
    counting's and estimation's outer bound (never before ``ESTIMATE_FLOOR``), ``count_at`` and
    ``estimate_at`` by when counting and estimation must be done. Each is the earlier of its own and
    the enclosing deadline; None is none."""

    __slots__ = ("outer", "count_at", "estimate_at")

    def __init__(self, at: float | None, outer: float | None, count_at: float | None,
                 estimate_at: float | None) -> None:
        self.at, self.outer, self.count_at, self.estimate_at = at, outer, count_at, estimate_at

    def estimation(self) -> Deadline:
        """Estimation's deadline."""
        return Deadline(self.estimate_at)

    def conflict_seconds(self) -> float | None:
        """The seconds a conflict is given to be shrunk: what the analysis has left, at least
        ``CONFLICT_FLOOR`` (None: no limit)."""
        left = self.left()
        return None if left is None else max(left, CONFLICT_FLOOR)

    def __repr__(self) -> str:
        return (f"AnalysisDeadline(at={self.at!r}, outer={self.outer!r}, count_at={self.count_at!r}, "
                f"estimate_at={self.estimate_at!r})")


#: No deadline for any part (an analysis without a time limit, outside any deadline).
_UNLIMITED = AnalysisDeadline(None, None, None, None)


def shares(time_limit: float | None, start: float) -> AnalysisDeadline:
    """The deadline of an analysis started at ``start`` (``time.perf_counter()``) with ``time_limit``
    seconds (None: none), made once, with its parts by the sharing policy above; a caller's own
    current deadline bounds every part (a nested analysis never outlives it)."""
    enclosing = _current.get()
    encl = None if enclosing is None else enclosing.at
    if time_limit is None and encl is None:
        return _UNLIMITED
    # comparisons, not max/min: a builtin call each was a tenth of a small board's Python here
    at = None if time_limit is None else start + time_limit
    if encl is not None and (at is None or encl < at):
        at = encl
    outer = None
    if at is not None:
        floor = start + ESTIMATE_FLOOR
        outer = at if at > floor else floor
    if encl is not None and (outer is None or encl < outer):
        outer = encl
    count_at = estimate_at = outer
    if time_limit is not None and outer is not None:
        share = COUNT_SHARE * time_limit
        by = start + (share if share > COUNT_FLOOR else COUNT_FLOOR)
        if by < outer:
            count_at = by
        share = ESTIMATE_SHARE * time_limit
        by = start + (share if share > ESTIMATE_FLOOR else ESTIMATE_FLOOR)
        if by < outer:
            estimate_at = by
    return AnalysisDeadline(at, outer, count_at, estimate_at)
