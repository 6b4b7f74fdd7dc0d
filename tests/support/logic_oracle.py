"""An independent logic-level classifier: every level's moves by plain enumeration.

Shares nothing with cpsolve's rules or proof subsystem. Single: every placement of one clue's
covered neighbours that meets it; pair: every placement of two clues' covered neighbours meeting
both; chain: every placement of the whole frontier meeting every clue (no mine total, by
:mod:`noguess_oracle`'s backtracking); total: :func:`noguess_oracle.forced` (clues and the total).
A cell is a move when every placement gives it the same value. Play takes the lowest level with a
move, as ``cpsolve.simulate.logic.classify`` does.
"""

from __future__ import annotations

from itertools import product

from .noguess_oracle import _enumerate, _nbrs, forced, opener

LEVELS = ("single", "pair", "chain", "total")
Clue = tuple[int, list[int]]


def _clues(rows: int, cols: int, view: list[int | None]) -> list[Clue]:
    out = []
    for i, v in enumerate(view):
        if v is None or v < 0:
            continue
        nb = _nbrs(rows, cols, i)
        cells = [j for j in nb if view[j] is None]
        if cells:
            out.append((v - sum(1 for j in nb if view[j] == -1), cells))
    return out


def _fixed(group: list[Clue]) -> dict[int, bool]:
    """Cells every placement of the group's cells meeting all its clues gives one value."""
    cells = sorted({c for _, cs in group for c in cs})
    seen: dict[int, set[int]] = {c: set() for c in cells}
    for bits in product((0, 1), repeat=len(cells)):
        val = dict(zip(cells, bits))
        if all(sum(val[c] for c in cs) == need for need, cs in group):
            for c in cells:
                seen[c].add(val[c])
    return {c: s == {1} for c, s in seen.items() if len(s) == 1}


def level_moves(rows: int, cols: int, view: list[int | None], total: int, level: int) -> dict[int, bool]:
    clues = _clues(rows, cols, view)
    if level == 0:
        return {c: m for clue in clues for c, m in _fixed([clue]).items()}
    if level == 1:
        # two clues with no covered cell in common settle only what each settles alone
        return {c: m for x in range(len(clues)) for y in range(x + 1, len(clues))
                if set(clues[x][1]) & set(clues[y][1])
                for c, m in _fixed([clues[x], clues[y]]).items()}
    if level == 2:
        # each group of frontier cells linked by clues is enumerated on its own (no total links them)
        groups: list[tuple[set[int], list[Clue]]] = []
        for clue in clues:
            linked = [g for g in groups if g[0] & set(clue[1])]
            merged: tuple[set[int], list[Clue]] = (set(clue[1]), [clue])
            for g in linked:
                groups.remove(g)
                merged[0].update(g[0])
                merged[1].extend(g[1])
            groups.append(merged)
        out: dict[int, bool] = {}
        for cells_set, group in groups:
            cells = sorted(cells_set)
            per_k = _enumerate(cells, group, [10_000_000])
            can_mine = set().union(*(m for m, _ in per_k.values()))
            can_safe = set().union(*(s for _, s in per_k.values()))
            out.update({c: c not in can_safe for c in cells if (c in can_mine) != (c in can_safe)})
        return out
    safe, mine = forced(rows, cols, view, total)
    return {**dict.fromkeys(safe, False), **dict.fromkeys(mine, True)}


def classify(rows: int, cols: int, mines: frozenset[int], first: tuple[int, int]
             ) -> tuple[str | None, dict[str, int]]:
    """(the hardest level needed, or None when a guess is needed; cells settled per level)."""
    view, open_ = opener(rows, cols, mines)
    open_(first[0] * cols + first[1])
    moves = dict.fromkeys(LEVELS, 0)
    hardest = 0
    while sum(1 for v in view if v is None) > len(mines) - sum(1 for v in view if v == -1):
        for level in range(4):
            got = {c: m for c, m in level_moves(rows, cols, view, len(mines), level).items() if view[c] is None}
            if got:
                break
        else:
            return None, moves
        hardest = max(hardest, level)
        moves[LEVELS[level]] += len(got)  # every cell proved, an opening started here may reveal it first
        for c, m in got.items():
            if view[c] is not None:
                continue
            assert m == (c in mines)
            if m:
                view[c] = -1
            else:
                open_(c)
    return LEVELS[hardest], moves
