"""The elimination plan of a component: the order its groups are placed in by a dynamic programme,
and each step's bookkeeping (shared by the exact counter and the estimator's beam DP)."""

from __future__ import annotations

from typing import NamedTuple

from ..budget import check
from ..constraints import Component


def group_order(comp: Component) -> list[int]:
    """A placement order keeping the set of open constraints small (greedy, min-width first)."""
    groups = comp.groups
    n = len(groups)
    unplaced_in = [len(gs) for gs, _ in comp.constraints]
    opened: set[int] = set()
    placed = [False] * n
    con_groups = [gs for gs, _ in comp.constraints]
    order: list[int] = []
    frontier: set[int] = set()  # unplaced groups touching an open constraint
    for _ in range(n):
        candidates = frontier if frontier else (g for g in range(n) if not placed[g])
        best, best_key = -1, None
        for g in candidates:
            cons = groups[g].constraints
            new = 0
            closes = 0
            for c in cons:
                if c not in opened:
                    new += 1
                if unplaced_in[c] == 1:
                    closes += 1
            key = (new - closes, new, g)
            if best_key is None or key < best_key:
                best, best_key = g, key
        g = best
        placed[g] = True
        frontier.discard(g)
        order.append(g)
        for c in groups[g].constraints:
            unplaced_in[c] -= 1
            if unplaced_in[c] == 0:
                opened.discard(c)
            else:
                if c not in opened:
                    opened.add(c)
                    frontier.update(x for x in con_groups[c] if not placed[x])
    return order

class PlanStep(NamedTuple):
    """One step of a dynamic programme over a component's groups (shared by counter and estimator).

    The DP state before the step holds the residual needs of the open constraints; ``new_needs`` are
    appended for the constraints this group opens. ``touch`` are the slots (in that extended state)
    of the group's constraints, ``closing`` the slots that must reach 0 here, ``keep`` the slots that
    form the next state and ``keep_caps`` their room left in groups still to place.

    A named tuple, not a frozen dataclass: a plan is made for every component of every position
    (and of every hypothetical position of the player), and building a frozen dataclass was most of
    the plan's cost.
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

        Checks the analysis deadline (:func:`cpsolve.budget.check`): every DP over a component,
        exact or estimated, goes through here once per state, so no DP outlives the budget."""
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
    """The steps of placing the groups of ``comp`` in :func:`group_order`."""
    check()  # the analysis deadline (cpsolve.budget): estimation plans every component up front
    groups = comp.groups
    con_groups = [gs for gs, _ in comp.constraints]
    needs = [need for _, need in comp.constraints]
    order = group_order(comp)
    pos = [0] * len(groups)
    for i, g in enumerate(order):
        pos[g] = i
    last = [max([pos[g] for g in gs]) for gs in con_groups]
    # capacity of each constraint still to be placed after step i
    cap = [sum([groups[g].size for g in gs]) for gs in con_groups]
    opened = [False] * len(con_groups)
    active: list[int] = []
    steps = []
    for i, g in enumerate(order):
        group = groups[g]
        size = group.size
        cg = group.constraints
        new = []
        for c in cg:
            cap[c] -= size
            if not opened[c]:  # a constraint opens at its first group and closes at its last
                opened[c] = True
                new.append(c)
        ext = active + new
        ext_index = {c: k for k, c in enumerate(ext)}
        keep = [k for k, c in enumerate(ext) if last[c] != i]
        steps.append(PlanStep(g, size, tuple([needs[c] for c in new]), tuple([ext_index[c] for c in cg]),
                              tuple([ext_index[c] for c in cg if last[c] == i]), tuple(keep),
                              tuple([cap[ext[k]] for k in keep])))
        active = [ext[k] for k in keep]
    return steps
