"""A board whose revealed cells are flat with no lines between them shows lattice edges only
around its covered tiles (q-g-j's qminesweeper, fbafelipe's JMines): the lattice found there may
end inside the board, at an opening's digits, and the part must never be read as the whole board
(a board of the wrong size, every cell sure). Where digits lie just outside the lattice the board
goes on past it: refused, or read whole (``grow.digits_beside``). On drawn boards: the oracle is
the position drawn."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import DIGITS, GREY, _text, encode, render_board


def _opening_beside_covered(rows: int) -> list[list[str]]:
    """Five columns of 0s, a column of digits, then six columns of covered cells, mines on every
    other row of the first covered column (so no digit beside them is a 0)."""
    mines = set(range(0, rows, 2))
    cells = []
    for r in range(rows):
        digit = sum(1 for k in (r - 1, r, r + 1) if k in mines)
        cells.append(["0"] * 5 + [str(digit)] + ["."] * 6)
    return cells


def _draw_flat_open(cells: list[list[str]], cell: int) -> np.ndarray:
    """The classic skin, but its revealed cells plain grey with no grid lines (qminesweeper's)."""
    img = render_board(cells, cell)
    b, m = max(2, cell // 5), max(4, cell // 2)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v.isdigit():
                x, y = m + b + c * cell, m + r * cell
                img[y:y + cell, x:x + cell] = GREY
                if v != "0":
                    _text(img, x, y, cell, v, DIGITS[int(v)])
    return img


@pytest.mark.parametrize("transposed", [False, True], ids=["opening-left", "opening-above"])
@pytest.mark.parametrize("cell", [16, 24, 32])
def test_a_lattice_ending_at_digits_is_not_read_as_the_board(cell: int, transposed: bool) -> None:
    cells = _opening_beside_covered(10)
    if transposed:
        cells = [list(col) for col in zip(*cells)]
    try:
        reading = read_image(encode(_draw_flat_open(cells, cell)))
    except NoBoardFound:
        return  # refused: allowed
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0])), "a part read as the board"
    want = [v for row in cells for v in row]
    unsure = set(reading.unsure)
    assert all(c.value == want[i] for i, c in enumerate(reading.cells) if (c.row, c.col) not in unsure)
