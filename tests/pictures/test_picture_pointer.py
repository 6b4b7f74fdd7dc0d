"""A mouse pointer over a digit beside an opening (a bot's GIF frame: Google Minesweeper with the
pointer over a 1): the cell under it is never a sure wrong digit (the pointer's black outline makes
the colour say 7, but the glyph is nothing like a 7: cpsolve/picture/digits.py SHAPE_NONE), and it
being unsure does not make the opening's 0s beside it unsure (its tile is surely revealed:
cpsolve/picture/rules.py), so the rest of the board reads."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from cpsolve import read_image
from cpsolve.picture import cells
from cpsolve.picture.grid import find_grids
from cpsolve.picture.skins import CLASSIC
from tests.support.picture_render import draw_pointer, encode, random_position, render_board

#: (seed of a 16x16 game with 40 mines, a 1 with three or more 0s beside it)
CASES = [(1, (1, 7)), (3, (7, 5)), (6, (8, 6)), (9, (4, 6))]


def _pointed(seed: int, at: tuple[int, int], cell: int) -> tuple[list[list[str]], bytes]:
    """The game drawn with the mouse pointer's tip at the middle of the 1 at ``at``."""
    board, counter = random_position(16, 16, 40, seed=seed)
    img = render_board(board, cell, counter=counter)
    m, b = max(4, cell // 2), max(2, cell // 5)
    top = m + round(cell * 2.2) + m
    x, y = m + b + at[1] * cell, top + at[0] * cell
    draw_pointer(img, x + round(0.45 * cell), y + round(0.35 * cell))
    return board, encode(img)


@pytest.mark.parametrize("cell", [32, 40])
@pytest.mark.parametrize("seed, at", CASES)
def test_a_pointer_over_a_1_is_no_sure_other_digit(seed: int, at: tuple[int, int], cell: int) -> None:
    """By the cell alone, before the rules of the game: a 1 read, or unsure."""
    board, data = _pointed(seed, at, cell)
    rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    grid = next(g for g in find_grids(rgb, 20)[:3] if (g.rows, g.cols) == (16, 16))
    values, confidence, _ = cells.classify_board(cells.measure(rgb, grid), CLASSIC, grid.cell_size)
    i = at[0] * 16 + at[1]
    assert values[i] == "1" or confidence[i] < cells.SURE, (values[i], confidence[i])


@pytest.mark.parametrize("cell", [32, 40])
@pytest.mark.parametrize("seed, at", CASES)
def test_a_pointer_over_a_1_leaves_the_opening_read(seed: int, at: tuple[int, int], cell: int) -> None:
    """The whole picture: every other cell right and sure; the pointer's cell right or unsure."""
    board, data = _pointed(seed, at, cell)
    reading = read_image(data)
    assert set(reading.unsure) <= {at}
    got = [c.value for c in reading.cells]
    want = [v for row in board for v in row]
    assert [i for i, (g, w) in enumerate(zip(got, want)) if g != w and divmod(i, 16) != at] == []
