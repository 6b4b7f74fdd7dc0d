"""The elimination plan of a component as the estimator's beam DP reads it: the order its groups
are placed in and each step's bookkeeping, made by the native core (native/src/count/plan.rs, the
plan the exact counter follows too)."""

from __future__ import annotations

from typing import NamedTuple

from .. import _core
from ..budget import check
from ..constraints import Component


class PlanStep(NamedTuple):
    """One step of a dynamic programme over a component's groups.

    The DP state before the step holds the residual needs of the open constraints; ``new_needs`` are
    appended for the constraints this group opens. ``touch`` are the slots (in that extended state)
    of the group's constraints, ``closing`` the slots that must reach 0 here, ``keep`` the slots that
    form the next state and ``keep_caps`` their room left in groups still to place.
    """

    group: int
    size: int
    new_needs: tuple[int, ...]
    touch: tuple[int, ...]
    closing: tuple[int, ...]
    keep: tuple[int, ...]
    keep_caps: tuple[int, ...]

    def transitions(self, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """Every feasible number j of mines in this group from ``state``, with the next state.

        Checks the analysis deadline (:func:`cpsolve.budget.check`) once per state, so no beam DP
        outlives the budget."""
        check()
        base = list(state + self.new_needs)
        touch = self.touch
        hi = self.size
        for k in touch:
            if base[k] < hi:
                hi = base[k]
        lo = 0
        for k in self.closing:  # a closing constraint must be met exactly by this group
            r = base[k]
            lo = max(lo, r)
            hi = min(hi, r)
        out = []
        keep, caps = self.keep, self.keep_caps
        for j in range(lo, hi + 1):
            for k in touch:
                base[k] -= j
            for k, cp in zip(keep, caps):
                if base[k] > cp:
                    break
            else:
                out.append((j, tuple([base[k] for k in keep])))
            for k in touch:
                base[k] += j
        return out


def elimination_plan(comp: Component) -> list[PlanStep]:
    """The steps of placing the groups of ``comp`` in the core's greedy order."""
    check()  # the analysis deadline (cpsolve.budget): estimation plans every component up front
    groups = comp.groups
    steps = _core.elimination_plan([g.size for g in groups], [g.constraints for g in groups],
                                   [need for _, need in comp.constraints])
    return [PlanStep(s.group, s.size, tuple(s.new_needs), tuple(s.touch), tuple(s.closing), tuple(s.keep),
                     tuple(s.keep_caps)) for s in steps]
