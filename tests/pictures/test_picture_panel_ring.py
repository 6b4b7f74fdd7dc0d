"""A dark ring round the counter, the face and the timer is no display (counter._inside).

win98mac-new-8x8.png (Windows 98's Minesweeper on a Mac, scaled up about 4x) draws the sunken panel
round its two LED displays and the face with dark edges: their box, 524x124 px over 64 px cells
(ratio 4.2, within a display's), held the LEDs' lit segments and began left of the counter, so it
passed for the leftmost display, read as nothing, and ended the search: no mine total. A box round
other displays is no display itself."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from cpsolve.picture.counter import _inside
from tests.support.picture_render import board_origin, encode, random_position, render_board


def _ringed(cells: list[list[str]], cell: int, counter: int) -> np.ndarray:
    """The board with counter and timer, a dark ring 2 px wide round both displays and the face,
    a few pixels off them."""
    img = render_board(cells, cell, counter=counter, timer=0)
    left, top = board_origin(cell)
    m = max(4, cell // 2)
    # the displays' boxes (render_board's): the ring 5 px off them
    high = round(cell * 1.45) + 2 * max(1, round(cell * 0.14))  # (the displays' height)
    y0, y1 = m + round(cell * 0.25) - 7, m + round(cell * 0.25) + high + 7
    x0, x1 = left + cell // 3 - 7, img.shape[1] - left - cell // 3 + 7
    ring = (30, 30, 30)
    img[y0:y0 + 2, x0:x1] = ring
    img[y1 - 2:y1, x0:x1] = ring
    img[y0:y1, x0:x0 + 2] = ring
    img[y0:y1, x1 - 2:x1] = ring
    assert y1 < top
    return img


@pytest.mark.parametrize("cell", [20, 24])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_dark_ring_round_the_displays_is_no_display(seed: int, cell: int) -> None:
    cells, counter = random_position(8, 8, 10, seed=seed, state="playing")
    reading = read_image(encode(_ringed(cells, cell, counter)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10


def test_inside() -> None:
    assert _inside((5, 5, 10, 10), (0, 0, 20, 20))
    assert not _inside((0, 0, 20, 20), (5, 5, 10, 10))
    assert not _inside((15, 5, 10, 10), (0, 0, 20, 20))
