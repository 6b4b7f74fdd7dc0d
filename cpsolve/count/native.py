"""The one door to the native core's counting (:mod:`cpsolve._core`, native/src/count/).

Calls pass plain data (group sizes, constraint lists, needs, ints) and the seconds left before the
analysis deadline (:mod:`cpsolve.budget`); the core's two budget errors come back as this
package's own: a DP over its budget as :class:`BudgetExceeded`, the deadline as
:class:`~cpsolve.budget.OutOfTime`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .. import _core
from ..budget import OutOfTime, current
from ..errors import BudgetError

R = TypeVar("R")


class BudgetExceeded(BudgetError):
    """The component needs more DP states than the budget allows: count it some other way."""


def call(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args, seconds)`` in the core, with the seconds left before the current deadline."""
    try:
        return fn(*args, current().left())
    except _core.CountBudgetExceeded as exc:
        raise BudgetExceeded(str(exc)) from None
    except _core.CountOutOfTime:
        raise OutOfTime() from None
