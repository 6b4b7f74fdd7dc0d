"""Component splitting: constraints linked by shared cells, their cells grouped by membership."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .. import _core
from ..boundary import invoke, seconds
from ..budget import checked_slices


class UnionFind:
    """Disjoint sets over ``0..n-1`` (path halving; the one union-find of the package)."""

    __slots__ = ("parent",)

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union_all(self, items: list[int] | tuple[int, ...]) -> None:
        """Put every item of ``items`` in the set of the first."""
        find = self.find
        r0 = find(items[0])
        for x in items[1:]:
            r = find(x)
            if r != r0:
                self.parent[r] = r0


@dataclass(frozen=True)
class Constraint:
    """``need`` mines among ``cells``; ``sources`` are the clue ids it was derived from."""

    cells: frozenset[int]
    need: int
    sources: frozenset[int]


@dataclass(frozen=True)
class Group:
    """Cells touching exactly the same constraints; ``constraints`` index into the component's list."""

    cells: tuple[int, ...]
    constraints: tuple[int, ...]

    @cached_property
    def size(self) -> int:
        # cached (in the instance dict, which a frozen dataclass still has): read in the counter's
        # inner loops, where a property call per read was a few percent of an Expert analysis
        return len(self.cells)


@dataclass(frozen=True)
class Component:
    """Groups linked by constraints; independent of every other component except through the total."""

    groups: tuple[Group, ...]
    # (group ids, need) per constraint
    constraints: tuple[tuple[tuple[int, ...], int], ...]
    sources: frozenset[int]

    @cached_property
    def size(self) -> int:
        return sum(g.size for g in self.groups)

    @cached_property
    def cells(self) -> tuple[int, ...]:
        return tuple(c for g in self.groups for c in g.cells)


def split_components(constraints: tuple[Constraint, ...]) -> tuple[tuple[Component, ...], set[int]]:
    """Split constraints (at most 8 cells each) into independent components and group their cells by
    membership, in the native core (``native/src/model/components.rs``): components ordered by their
    least cell, a component's groups by their least cell, a group's constraints ascending."""
    got = invoke(_core.split_components, [(list(c.cells), c.need, list(c.sources)) for c in constraints], seconds())
    return make_components(got.components), set(got.frontier)


def make_components(data: list[tuple[list[tuple[list[int], list[int]]], list[tuple[list[int], int]], list[int]]]
                    ) -> tuple[Component, ...]:
    """The components from the core's plain data: (groups as (cells, constraints), constraints as
    (groups, need), sources) each. Checks the current deadline (:func:`cpsolve.budget.check`)
    every :data:`CHECK_EVERY` components: a huge board's took 1.2 s to make (1000x1000 scattered,
    load 5), and an estimation begun just before its deadline waited for all of them."""
    out: list[Component] = []
    for part in checked_slices(data, CHECK_EVERY):
        out += [Component(tuple([Group(tuple(cells), tuple(cons)) for cells, cons in groups]),
                          tuple([(tuple(gs), need) for gs, need in con_groups]), frozenset(src))
                for groups, con_groups, src in part]
    return tuple(out)


#: Components made between two deadline checks in :func:`make_components`.
CHECK_EVERY = 512
