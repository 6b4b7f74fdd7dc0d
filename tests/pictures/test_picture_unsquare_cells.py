"""A capture scaled differently across and down (thrblock's Java game, 47.2 px across and 45.3 px
down a cell: tests/data/screens/java-cino-mid-16x30.png): the cells are not square. The lattice
is fitted square first (the axis with more boundaries measures the pitch); where that pitch leaves
the other axis' boundaries off by more than 0.06 of a cell while its own fit lies on them, that axis
keeps its own pitch (``grid._unsquare``). A square lattice there drifted over the 16 rows and
returned a 13-row board. On drawn boards (the oracle is the position drawn)."""

from __future__ import annotations

import cv2
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize(("across", "down"), [(1.0, 0.96), (0.96, 1.0), (1.2, 1.15)])
def test_cells_scaled_differently_across_and_down_are_read(seed: int, across: float, down: float) -> None:
    cells, counter = random_position(16, 30, 99, seed=seed)
    img = render_board(cells, 40, counter=counter)
    img = cv2.resize(img, (round(img.shape[1] * across), round(img.shape[0] * down)), interpolation=cv2.INTER_AREA)
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 30)
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert reading.board.mines == 99
