"""A seven-segment counter whose unlit segments are drawn dim as a checkerboard (Windows 3.1's
Minesweeper: every other pixel of an unlit segment (195, 0, 0), the rest black; its new game,
tests/data/screens/winmine31-new-8x8.png, had its 010 read as 888): that red is bright enough to
pass for lit, so every segment was lit. A lit segment's pixels border each other along it; a
checkerboard's border none (``counter._not_dithered``).

Drawn here (tests/support/picture_render.py, the classic skin, its counter's unlit segments drawn
so): the total read must be the one drawn."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board

DIM = (195, 0, 0)


def _dithered(img: np.ndarray) -> np.ndarray:
    """Every pixel of the dim red on odd squares of the checkerboard made black."""
    yy, xx = np.mgrid[:img.shape[0], :img.shape[1]]
    dim = (img == DIM).all(axis=2) & ((yy + xx) % 2 == 1)
    img[dim] = (0, 0, 0)
    return img


@pytest.mark.parametrize("cell", [16, 24])
@pytest.mark.parametrize(("rows", "cols", "mines", "seed"), [(8, 8, 10, 1), (16, 16, 40, 2), (16, 30, 99, 3)])
def test_dim_checkerboard_segments_are_not_lit(rows: int, cols: int, mines: int, seed: int, cell: int) -> None:
    cells, counter = random_position(rows, cols, mines, seed)
    img = _dithered(render_board(cells, cell, counter=counter, unlit=DIM))
    reading = read_image(encode(img))
    assert reading.mine_counter == counter
    assert reading.board.mines == mines or reading.unsure
