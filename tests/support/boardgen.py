"""Hypothesis strategies and helpers for small random boards (with a layout, so always consistent,
or with arbitrary numbers, so sometimes impossible)."""

from __future__ import annotations

from hypothesis import strategies as st

from cpsolve.board import COVERED, FLAG, MINE, Board


def _number(rows: int, cols: int, mines: set[int], i: int) -> int:
    r, c = divmod(i, cols)
    return sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
               and (r + dr) * cols + c + dc in mines)


@st.composite
def consistent_boards(draw: st.DrawFn, max_cells: int = 20,
                      max_unknown: int = 14) -> tuple[Board, frozenset[int]]:
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, max(1, min(5, max_cells // rows))))
    n = rows * cols
    mines = set(draw(st.sets(st.integers(0, n - 1), max_size=n)))
    safe = [i for i in range(n) if i not in mines]
    min_revealed = max(0, n - max_unknown)
    revealed = set(draw(st.sets(st.sampled_from(safe), min_size=min(min_revealed, len(safe)))
                        if safe else st.just(set())))
    flags = set(draw(st.sets(st.sampled_from(sorted(mines)))) if mines else set())
    cells = []
    for i in range(n):
        if i in revealed:
            cells.append(_number(rows, cols, mines, i))
        elif i in flags:
            cells.append(FLAG)
        else:
            cells.append(COVERED)
    # too many covered cells for brute force: show some mines as known ('*')
    extra = sum(1 for v in cells if v == COVERED) - max_unknown
    for i in sorted(mines):
        if extra <= 0:
            break
        if cells[i] == COVERED:
            cells[i] = MINE
            extra -= 1
    with_total = draw(st.booleans())
    return Board(rows, cols, tuple(cells), len(mines) if with_total else None), frozenset(mines)


@st.composite
def any_boards(draw: st.DrawFn) -> Board:
    """Random numbers on random cells: often impossible (but well formed)."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 4))
    n = rows * cols
    cells = []
    for i in range(n):
        r, c = divmod(i, cols)
        room = sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols)
        cells.append(draw(st.one_of(st.just(COVERED), st.just(COVERED), st.integers(0, min(room, 3)))))
    for i, v in enumerate(cells):  # a clue needs room: numbers above the covered neighbours become 0
        if v > 0:
            r, c = divmod(i, cols)
            cov = sum(1 for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
                      and cells[(r + dr) * cols + c + dc] < 0)
            cells[i] = min(v, cov)
    covered = sum(1 for v in cells if v < 0)
    mines = draw(st.one_of(st.none(), st.integers(0, covered)))
    return Board(rows, cols, tuple(cells), mines)
