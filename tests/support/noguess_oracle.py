"""An independent no-guess check: plays a layout revealing the cells that every placement makes safe.

Shares nothing with cpsolve's model, counter or proof subsystem: the clues are read off the view,
each group of linked frontier cells is enumerated by plain backtracking (feasibility only, no
counting), and the mine total is applied by combining each group's possible mine numbers with the
number of cells off the frontier.
"""

from __future__ import annotations

from collections.abc import Callable


class TooBig(Exception):
    pass


def _nbrs(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    return [rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols]


def forced(rows: int, cols: int, view: list[int | None], total: int, limit: int = 2_000_000
           ) -> tuple[set[int], set[int]]:
    """(cells every placement makes safe, cells every placement makes mines). ``view``: None covered,
    -1 a known mine, 0-8 a revealed number."""
    unknown = [i for i, v in enumerate(view) if v is None]
    known = sum(1 for v in view if v == -1)
    clues = []
    for i, v in enumerate(view):
        if v is None or v < 0:
            continue
        nb = _nbrs(rows, cols, i)
        cells = [j for j in nb if view[j] is None]
        need = v - sum(1 for j in nb if view[j] == -1)
        if cells:
            clues.append((need, cells))
    # groups of frontier cells linked by clues (union-find)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, cells in clues:
        for c in cells:
            parent.setdefault(c, c)
        for c in cells[1:]:
            parent[find(c)] = find(cells[0])
    groups: dict[int, list[int]] = {}
    for c in parent:
        groups.setdefault(find(c), []).append(c)
    outside = [c for c in unknown if c not in parent]
    remaining = total - known
    budget = [limit]
    per_group = []  # per group: {k: (mask of cells that can be mines, mask that can be safe)}
    for cells in groups.values():
        cells.sort()
        gclues = [(need, cs) for need, cs in clues if cs[0] in cells]
        per_group.append((cells, _enumerate(cells, gclues, budget)))
    sums = [set(ks) for _, ks in per_group]
    safe: set[int] = set()
    mine: set[int] = set()
    for gi, (cells, ks) in enumerate(per_group):
        others = {0}
        for gj, s in enumerate(sums):
            if gj != gi:
                others = {a + b for a in others for b in s}
        can_mine: set[int] = set()
        can_safe: set[int] = set()
        for k, (m, s) in ks.items():
            if any(0 <= remaining - k - o <= len(outside) for o in others):
                can_mine |= m
                can_safe |= s
        safe |= set(cells) - can_mine
        mine |= set(cells) - can_safe
    if outside:
        all_sums = {0}
        for s in sums:
            all_sums = {a + b for a in all_sums for b in s}
        outs = {remaining - t for t in all_sums if 0 <= remaining - t <= len(outside)}
        if outs == {0}:
            safe |= set(outside)
        elif outs == {len(outside)}:
            mine |= set(outside)
    return safe, mine


def _enumerate(cells: list[int], clues: list[tuple[int, list[int]]], budget: list[int]
               ) -> dict[int, tuple[set[int], set[int]]]:
    pos = {c: k for k, c in enumerate(cells)}
    # a clue is checked once its last cell (in enumeration order) is assigned; partial checks prune
    by_cell: list[list[tuple[int, list[int]]]] = [[] for _ in cells]
    for need, cs in clues:
        for c in cs:
            by_cell[pos[c]].append((need, [pos[x] for x in cs]))
    out: dict[int, tuple[set[int], set[int]]] = {}
    assign: list[int | None] = [None] * len(cells)

    def ok(k: int) -> bool:
        for need, idx in by_cell[k]:
            m = sum(1 for x in idx if assign[x] == 1)
            free = sum(1 for x in idx if assign[x] is None)
            if m > need or m + free < need:
                return False
        return True

    def rec(k: int, mines: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
        if k == len(cells):
            m, s = out.setdefault(mines, (set(), set()))
            for c, v in zip(cells, assign):
                (m if v else s).add(c)
            return
        for v in (0, 1):
            assign[k] = v
            if ok(k):
                rec(k + 1, mines + v)
        assign[k] = None

    rec(0, 0)
    return out


def opener(rows: int, cols: int, mines: set[int] | frozenset[int]
           ) -> tuple[list[int | None], Callable[[int], None]]:
    """A view of the layout with every cell covered (None; a number once opened, -1 once flagged by
    its player) and how to open a cell in it: its number, and its neighbours too where it is 0.
    Opening a mine is an assertion error: the oracles open only cells they found safe."""
    num = [sum(1 for j in _nbrs(rows, cols, i) if j in mines) for i in range(rows * cols)]
    view: list[int | None] = [None] * (rows * cols)

    def open_(i: int) -> None:
        stack = [i]
        while stack:
            x = stack.pop()
            if view[x] is not None:
                continue
            assert x not in mines
            view[x] = num[x]
            if num[x] == 0:
                stack.extend(_nbrs(rows, cols, x))

    return view, open_


def no_guess(rows: int, cols: int, mines: set[int] | frozenset[int], first: tuple[int, int]) -> bool:
    """Is the layout won from ``first`` by revealing only cells every placement makes safe?"""
    view, open_ = opener(rows, cols, mines)
    open_(first[0] * cols + first[1])
    while sum(1 for v in view if v is None or v == -1) > len(mines):
        safe, mine = forced(rows, cols, view, len(mines))
        for i in mine:
            assert i in mines
            view[i] = -1
        if not safe:
            return False
        for i in safe:
            open_(i)
    return True
