"""Lone pixels drawn over every cell (docs/pictures.md, "The cells"): a bot's one-pixel sampling
dots, four at the middle of each cell, over digits and covered tiles alike (a screenshot of
Google Minesweeper with such marks). A lone pixel unlike all four of its neighbours is no stroke,
so it must not set the digit's colour: a grey 8 with pure red dots on it is still an 8, not a red 3.
The boards are drawn here (tests/support/picture_render.py), so the oracle is the position drawn."""

from __future__ import annotations

import numpy as np

from cpsolve.picture import read_image
from tests.support.picture_render import encode, render_board

ROWS, COLS, CELL = 6, 6, 32
#: the mines: a ring of eight around (1, 1), so that cell shows an 8; one flagged
MINES = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
FLAGGED = {(0, 0)}


def _cells() -> list[list[str]]:
    cells = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            if (r, c) in MINES:
                row.append("F" if (r, c) in FLAGGED else ".")
            else:
                row.append(str(sum((r + dr, c + dc) in MINES for dr in (-1, 0, 1) for dc in (-1, 0, 1))))
        cells.append(row)
    return cells


def _with_dots(img: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """Four lone pixels of ``colour`` about the middle of every cell (render_board's layout)."""
    out = img.copy()
    b, m, panel = max(2, CELL // 5), max(4, CELL // 2), round(CELL * 2.2)
    left, top = m + b, m + panel + m
    for r in range(ROWS):
        for c in range(COLS):
            cx, cy = left + c * CELL + CELL // 2, top + r * CELL + CELL // 2
            for dx, dy in ((-3, -3), (2, -3), (-3, 2), (2, 2)):
                out[cy + dy, cx + dx] = colour
    return out


def test_one_pixel_dots_over_every_cell_do_not_colour_the_digits() -> None:
    cells = _cells()
    assert cells[1][1] == "8"
    img = _with_dots(render_board(cells, CELL, counter=len(MINES) - len(FLAGGED)), (255, 0, 0))
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.board.mines == len(MINES)


def test_the_same_board_without_dots_reads_the_same() -> None:
    """The control: the drawn board without the dots reads exactly (the dots are the only change)."""
    cells = _cells()
    reading = read_image(encode(render_board(cells, CELL, counter=len(MINES) - len(FLAGGED))))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
