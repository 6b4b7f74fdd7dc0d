"""Hypothesis strategies: small boards revealed from a random layout (optionally mutated)."""

from __future__ import annotations

from hypothesis import strategies as st

from cpsolve.board import COVERED, FLAG, MINE, Board
from cpsolve.neighbourhood import neighbours


@st.composite
def small_boards(draw: st.DrawFn, max_unknown: int = 16, allow_wrong: bool = True) -> Board:
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, 6))
    n = rows * cols
    mines = draw(st.sets(st.integers(0, n - 1), max_size=n))
    cells = [COVERED] * n
    order = draw(st.permutations(range(n)))
    reveal_count = draw(st.integers(0, n))
    for i in order[:reveal_count]:
        if i not in mines:
            cells[i] = sum(1 for j in neighbours(rows, cols, i) if j in mines)
    for i in range(n):
        if cells[i] == COVERED and i in mines:
            roll = draw(st.integers(0, 9))
            if roll == 0:
                cells[i] = FLAG
            elif roll == 1:
                cells[i] = MINE
    if allow_wrong and draw(st.integers(0, 9)) == 0:
        # a wrong flag or a wrong clue: the board may become inconsistent
        i = draw(st.integers(0, n - 1))
        if cells[i] == COVERED:
            cells[i] = FLAG
        elif cells[i] >= 0:
            cells[i] = draw(st.integers(0, 8))
    unknown = sum(1 for v in cells if v in (COVERED, FLAG))
    if unknown > max_unknown:
        # reveal more safe cells until small enough (keeps the board consistent with the layout)
        for i in order:
            if unknown <= max_unknown:
                break
            if cells[i] == COVERED and i not in mines:
                cells[i] = sum(1 for j in neighbours(rows, cols, i) if j in mines)
                unknown -= 1
            elif cells[i] == COVERED:
                cells[i] = MINE
                unknown -= 1
    total = None
    if draw(st.booleans()):
        total = len(mines)
        if allow_wrong and draw(st.integers(0, 9)) == 0:
            total = max(0, total + draw(st.integers(-2, 2)))
    return Board(rows, cols, tuple(cells), total, "<hypothesis>")
