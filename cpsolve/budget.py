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
from dataclasses import dataclass
from typing import TypeVar

from .errors import BudgetError


class OutOfTime(BudgetError):
    """The current deadline has passed (raised by :func:`check`)."""


@dataclass(frozen=True)
class Deadline:
    """A moment on ``time.perf_counter()``'s clock, or None for no deadline."""

    at: float | None

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        return cls(None if seconds is None else time.perf_counter() + seconds)

    def left(self) -> float | None:
        """Seconds left (never negative), None without a deadline."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())

    def expired(self) -> bool:
        return self.at is not None and time.perf_counter() > self.at


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


def current_at() -> float | None:
    """The current deadline's moment (``time.perf_counter()``'s clock), None without one."""
    d = _current.get()
    return None if d is None else d.at


def passed(at: float | None) -> bool:
    """Whether the earlier of the moment ``at`` (None: none) and the current deadline has passed:
    what ``within(Deadline(at))``'s deadline says of itself (``expired()``), without entering the
    context (an analysis asks it once per call)."""
    d = _current.get()
    if d is not None and d.at is not None and (at is None or d.at < at):
        at = d.at
    return at is not None and time.perf_counter() > at


def check() -> None:
    """Raise :class:`OutOfTime` if the current deadline has passed. Cheap (~0.1 us): call it in loops."""
    d = _current.get()
    if d is not None and d.at is not None and time.perf_counter() > d.at:
        raise OutOfTime()


_T = TypeVar("_T")


def checked_slices(data: Sequence[_T], every: int) -> Iterator[Sequence[_T]]:
    """``data`` in consecutive slices of ``every`` items, :func:`check` called before each one is
    handed out: a loop that makes Python objects from a huge board's data stops at the deadline."""
    for start in range(0, len(data), every):
        check()
        yield data[start:start + every]
