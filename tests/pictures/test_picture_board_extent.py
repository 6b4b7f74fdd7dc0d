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
from tests.support.picture_render import DIGITS, GREY, _text, encode, render_board, scale


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


#: GTK's look (tests/data/screens/gtk-buttons-mid-8x8.png, min-rs-weeper): the opening flat, no line
#: between its cells, its digits dark grey; each covered cell a white button ruled off its neighbours
#: by a line of two shades
GTK_FLAT, GTK_BUTTON, GTK_LINES, GTK_INK = (239, 240, 241), (252, 252, 252), ((164,) * 3, (188,) * 3), (50, 50, 50)
#: that picture's position (its .txt, checked by hand): the covered cells fill the top row, a block
#: of two columns on the right down to row 4, and two cells at the bottom left
GTK_POSITION = """\
. . . . . . . .
1 1 1 1 2 3 . .
0 0 0 0 0 1 . .
0 0 0 0 0 2 . .
0 0 1 1 1 1 F .
1 1 2 F 1 1 2 2
. F 3 1 1 0 0 0
. . 2 0 0 0 0 0"""


def _draw_gtk(cells: list[list[str]], s: int) -> np.ndarray:
    """The board a cell in from a dark title bar and the window's sides: a covered cell a white
    button, its top and left ruled in the darker shade, its bottom and right in the lighter (a line
    of both between two buttons), a flag a dark "!"; a revealed cell the window's flat grey."""
    img = np.full(((len(cells) + 2) * s, (len(cells[0]) + 2) * s, 3), GTK_FLAT, np.uint8)
    img[:s // 2] = (40, 40, 40)
    dark, light = GTK_LINES
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = (c + 1) * s, (r + 1) * s
            if v in ".F":
                img[y:y + s, x:x + s] = GTK_BUTTON
                img[y, x:x + s] = img[y:y + s, x] = dark
                img[y + s - 1, x:x + s] = img[y:y + s, x + s - 1] = light
            if v != "0" and v != ".":
                _text(img, x, y, s, "!" if v == "F" else v, GTK_INK)
    return img


@pytest.mark.parametrize("factor", [0.65, 0.8])
def test_a_row_of_tiles_going_on_past_the_lattice_is_not_read_as_the_board(factor: float) -> None:
    """The lattice is found on the block of buttons (5x2), the top row's buttons going on to its
    left: the board goes on past it (``grow.tiles_beside``: a button beside the lattice is one of
    its own tiles' twins, pixel for pixel). Refused, or read whole. Before: scaled by 0.65 and 0.8,
    its digits beside the block too faint to read surely, the block was read as a 5x2 board of
    covered cells, every cell sure (as the picture was, scaled by 0.65, 0.8 and 1.5)."""
    cells = [line.split() for line in GTK_POSITION.splitlines()]
    try:
        reading = read_image(encode(scale(_draw_gtk(cells, 32), factor)))
    except NoBoardFound:
        return  # refused: allowed
    assert (reading.board.rows, reading.board.cols) == (8, 8), "a part read as the board"
    want = [v for row in cells for v in row]
    unsure = set(reading.unsure)
    assert all(c.value == want[i] for i, c in enumerate(reading.cells) if (c.row, c.col) not in unsure)
