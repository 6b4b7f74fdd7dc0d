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

from collections.abc import Sequence

from .. import _core
from ..boundary import BudgetExceeded, call, invoke, seconds
from ..constraints import Component


class ComponentCount:
    """``counts[k]``: number of configurations of the component with exactly k mines; ``native``
    the core's handle (the DP's layers, for :func:`group_mines`); ``states`` the DP states created
    (a measure of the work done). ``component`` is made when first read for a count of a model's
    component (:meth:`of_model`): a huge board's estimate reads only the counts and the handles,
    and its 6,000 components need not cross to Python."""

    __slots__ = ("_component", "_components", "_index", "counts", "native", "states")

    def __init__(self, component: Component, counts: list[int], native: _core.Counted, states: int) -> None:
        self._component: Component | None = component
        self._components: Sequence[Component] = ()
        self._index = 0
        self.counts, self.native, self.states = counts, native, states

    @classmethod
    def of_model(cls, components: Sequence[Component], index: int, native: _core.Counted) -> ComponentCount:
        """The count of ``components[index]`` (read only when ``component`` is)."""
        cc = cls.__new__(cls)
        cc._component, cc._components, cc._index = None, components, index
        cc.counts, cc.native, cc.states = native.counts, native, native.states
        return cc

    @property
    def component(self) -> Component:
        comp = self._component
        if comp is None:
            comp = self._component = self._components[self._index]
        return comp

    @property
    def total(self) -> int:
        return sum(self.counts)

    def __repr__(self) -> str:
        return f"ComponentCount(counts={self.counts!r}, states={self.states})"


def count_component(comp: Component, max_states: int | None = None,
                    max_terms: int | None = None) -> ComponentCount:
    """Forward DP: configuration counts by mine number. Raises :class:`BudgetExceeded` when more
    than ``max_states`` states are created or more than ``max_terms`` polynomial terms stored, and
    :class:`~cpsolve.budget.OutOfTime` past the current deadline."""
    groups = comp.groups
    options = _core.Options(count=_core.CountLimits(max_states=max_states, max_terms=max_terms), seconds=seconds())
    native = invoke(_core.count_component, [g.size for g in groups], [g.constraints for g in groups],
                    [need for _, need in comp.constraints], options)
    return ComponentCount(comp, native.counts, native, native.states)


def group_mines(cc: ComponentCount, weights: list[int]) -> tuple[list[int], int]:
    """Weighted marginals: for each group, sum over configurations of (mines in group) * weight(k),
    and the normaliser Z = sum over configurations of weight(k), where k is the configuration's
    number of mines in this component and ``weights[k]`` its weight from the rest of the board."""
    got = call(cc.native.group_mines, weights)
    return got.numerators, got.z


__all__ = ["BudgetExceeded", "ComponentCount", "count_component", "group_mines"]
