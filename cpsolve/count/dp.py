"""Exact counting of one component, by the native core's dynamic programme over its groups
(native/src/count/dp.rs).

Groups are placed one at a time in an order that keeps few constraints "open"; the DP state is the
tuple of residual needs of the open constraints, so the work follows the *width* of the frontier,
not its number of configurations. Each state carries a polynomial in the number of mines placed so
far (u128 with checked arithmetic, big integers where that overflows). The DP's layers stay in the
core (:attr:`ComponentCount.native`) for the backward pass of :func:`group_mines`, which gives every
group the weighted number of mines it holds over all configurations: exact marginals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import _core
from ..constraints import Component
from .native import BudgetExceeded, call


@dataclass
class ComponentCount:
    """``counts[k]``: number of configurations of the component with exactly k mines."""

    component: Component
    counts: list[int]
    native: _core.Counted = field(repr=False, compare=False)
    states: int  # DP states created, a measure of the work done

    @property
    def total(self) -> int:
        return sum(self.counts)


def count_component(comp: Component, max_states: int | None = None,
                    max_terms: int | None = None) -> ComponentCount:
    """Forward DP: configuration counts by mine number. Raises :class:`BudgetExceeded` when more
    than ``max_states`` states are created or more than ``max_terms`` polynomial terms stored, and
    :class:`~cpsolve.budget.OutOfTime` past the current deadline."""
    groups = comp.groups
    native = call(_core.count_component, [g.size for g in groups], [g.constraints for g in groups],
                  [need for _, need in comp.constraints], max_states, max_terms)
    return ComponentCount(comp, native.counts, native, native.states)


def group_mines(cc: ComponentCount, weights: list[int]) -> tuple[list[int], int]:
    """Weighted marginals: for each group, sum over configurations of (mines in group) * weight(k),
    and the normaliser Z = sum over configurations of weight(k), where k is the configuration's
    number of mines in this component and ``weights[k]`` its weight from the rest of the board."""
    return call(cc.native.group_mines, weights)


__all__ = ["BudgetExceeded", "ComponentCount", "count_component", "group_mines"]
