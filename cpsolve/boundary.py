"""The one door to the native core (:mod:`cpsolve._core`, native/): deadlines become seconds here,
and the core's exceptions become cpsolve's own.

The core takes the time it may use as seconds from the call (an :class:`~cpsolve.budget.Deadline`
cannot cross: its clock is Python's), so :func:`seconds` is the one place a deadline is turned into
them. The core raises its own three exceptions (native/src/errors.rs); :func:`call` and
:func:`invoke` raise each as the member of the error family (:mod:`cpsolve.errors`) it stands for:
``_core.OutOfTime`` as :class:`~cpsolve.budget.OutOfTime`, ``_core.BudgetExceeded`` as
:class:`BudgetExceeded`, ``_core.Inconsistent`` as :class:`~cpsolve.errors.Inconsistent`.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from typing import Any, TypeVar

from . import _core
from .budget import Deadline, OutOfTime, current
from .errors import BudgetError, Inconsistent

R = TypeVar("R")


class BudgetExceeded(BudgetError):
    """The component needs more DP states than the budget allows: count it some other way."""


def seconds(deadline: Deadline | None = None) -> float | None:
    """The seconds ``deadline`` (the current one by default) leaves, as the core takes them: never
    negative, None for no deadline."""
    return seconds_until((current() if deadline is None else deadline).at)


def seconds_until(at: float | None) -> float | None:
    """The seconds from now until the moment ``at`` (``time.perf_counter()``'s clock; None: none),
    as the core takes them: never negative, None for no deadline. The one place a deadline becomes
    seconds in Python (a count's several moments become seconds in the core, ``Options.timed``,
    from one reading of the clock)."""
    if at is None:
        return None
    left = at - perf_counter()
    return left if left > 0.0 else 0.0


def invoke(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)`` in the core, its exceptions raised as cpsolve's own."""
    try:
        return fn(*args)
    except _core.OutOfTime:
        raise OutOfTime() from None
    except _core.BudgetExceeded as exc:
        raise BudgetExceeded(str(exc)) from None
    except _core.Inconsistent as exc:
        sources, reason = exc.args
        raise Inconsistent(frozenset(sources), reason) from None


def call(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args, seconds)`` in the core (:func:`invoke`), ``seconds`` those the current deadline
    leaves."""
    return invoke(fn, *args, seconds_until(current().at))
