"""Exact counting of one component by a dynamic programme over its groups.

Groups are placed one at a time in an order that keeps few constraints "open" (touched by placed
and unplaced groups alike). The DP state is the tuple of residual needs of the open constraints, so
the work follows the *width* of the frontier, not its number of configurations. Each state carries a
polynomial in the number of mines placed so far (Python ints: a group of s cells with j mines
contributes C(s, j)).

A backward pass with the component's weight per mine count (from :mod:`.combine`) then gives, for
every group, the weighted number of mines it holds over all configurations: exact marginals.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..constraints import Component
from ..errors import BudgetError
from .plan import elimination_plan

#: A DP state: the residual needs of the open constraints.
Residual = tuple[int, ...]
# One DP step: group id, group size, the states before it with their polynomials, and for each such
# state its transitions (j mines in the group, next state).
Step = tuple[int, int, list[tuple[Residual, list[int]]], list[list[tuple[int, Residual]]]]


class BudgetExceeded(BudgetError):
    """The component needs more DP states than the budget allows: count it some other way."""


@dataclass
class ComponentCount:
    """``counts[k]``: number of configurations of the component with exactly k mines."""

    component: Component
    counts: list[int]
    steps: list[Step]
    states: int  # DP states created, a measure of the work done

    @property
    def total(self) -> int:
        return sum(self.counts)


def count_component(comp: Component, max_states: int | None = None,
                    max_terms: int | None = None) -> ComponentCount:
    """Forward DP: configuration counts by mine number. Raises :class:`BudgetExceeded` when more
    than ``max_states`` states are created or more than ``max_terms`` polynomial terms stored."""
    frontier: dict[Residual, list[int]] = {(): [1]}
    steps: list[Step] = []
    total_states = 1
    total_terms = 1
    for step in elimination_plan(comp):
        g, size = step.group, step.size
        coeff = [comb(size, j) for j in range(size + 1)]
        nxt: dict[Residual, list[int]] = {}
        items = list(frontier.items())
        trans_all: list[list[tuple[int, Residual]]] = []
        for s, poly in items:
            trans = step.transitions(s)
            for j, s2 in trans:
                cj = coeff[j]
                acc = nxt.get(s2)
                need_len = len(poly) + j
                if acc is None:
                    acc = [0] * need_len
                    nxt[s2] = acc
                elif len(acc) < need_len:
                    acc.extend([0] * (need_len - len(acc)))
                for a, v in enumerate(poly):
                    if v:
                        acc[a + j] += cj * v
            trans_all.append(trans)
        steps.append((g, size, items, trans_all))
        total_states += len(nxt)
        if max_states is not None and total_states > max_states:
            raise BudgetExceeded(f"more than {max_states} DP states")
        if max_terms is not None:
            total_terms += sum(len(p) for p in nxt.values())
            if total_terms > max_terms:
                raise BudgetExceeded(f"more than {max_terms} DP polynomial terms")
        frontier = nxt
    counts = frontier.get((), [0])
    return ComponentCount(comp, list(counts), steps, total_states)


def group_mines(cc: ComponentCount, weights: list[int]) -> tuple[list[int], int]:
    """Weighted marginals: for each group, sum over configurations of (mines in group) * weight(k),
    and the normaliser Z = sum over configurations of weight(k), where k is the configuration's
    number of mines in this component and ``weights[k]`` its weight from the rest of the board."""
    ngroups = len(cc.component.groups)
    numer = [0] * ngroups
    final = cc.counts
    if len(weights) < len(final):
        weights = list(weights) + [0] * (len(final) - len(weights))
    z = sum(c * w for c, w in zip(final, weights))
    back: dict[Residual, list[int]] = {(): list(weights)}
    for g, size, items, trans_all in reversed(cc.steps):
        coeff = [comb(size, j) for j in range(size + 1)]
        prev: dict[Residual, list[int]] = {}
        num = 0
        for (s, poly), trans in zip(items, trans_all):
            n = len(poly)
            vec = [0] * n
            for j, s2 in trans:
                g2 = back.get(s2)
                if g2 is None:
                    continue
                cj = coeff[j]
                jc = j * cj
                for a in range(n):
                    v = g2[a + j]
                    if v:
                        vec[a] += cj * v
                        if jc and poly[a]:
                            num += poly[a] * jc * v
            prev[s] = vec
        numer[g] = num
        back = prev
    return numer, z
