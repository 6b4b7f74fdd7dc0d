"""Which of two look-alike displays is the mine counter (counter.py's ``pick_counter``): winmine puts
the counter on the left and the timer on the right, timothewt's pygame game the other way round.
The counter is the first display, left to right, whose total (it plus the flags) the board can
hold; a display that cannot be read is never skipped for the one beside it."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from tests.support.picture_render import encode, random_position, render_board, scale

CASES = [(1, 16, 1.0), (2, 20, 1.0), (3, 24, 1.5), (4, 16, 1.25), (5, 30, 1.0)]


@pytest.mark.parametrize("seed, cell, factor", CASES)
@pytest.mark.parametrize("timer", [100, 345, 999])
def test_a_timer_on_the_left_that_no_total_fits_is_passed_over(seed: int, cell: int, factor: float,
                                                               timer: int) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = render_board(cells, cell, counter=counter, timer=timer, timer_left=True)
    reading = read_image(encode(scale(img, factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10


@pytest.mark.parametrize("seed, cell, factor", CASES)
@pytest.mark.parametrize("timer", [0, 7, 345])
def test_the_left_display_is_the_counter_where_its_total_fits(seed: int, cell: int, factor: float,
                                                               timer: int) -> None:
    """Winmine's order: the counter on the left, whatever the timer on the right shows."""
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    reading = read_image(encode(scale(render_board(cells, cell, counter=counter, timer=timer), factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10


@pytest.mark.parametrize("seed", range(4))
def test_a_left_display_not_read_gives_no_total_not_the_timer(seed: int) -> None:
    """The left display's dark segments half lit (every other pixel of every other row: neither
    clearly lit nor clearly dark), the right one showing a number whose total would fit."""
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = render_board(cells, 20, counter=counter, timer=counter, unlit=None)
    panel = img[:round(20 * 2.2) + 10, :img.shape[1] // 2]
    ys, xs = np.nonzero(panel.max(axis=2) == 0)  # the left display's black box
    box = panel[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    dots = np.zeros(box.shape[:2], bool)
    dots[::2, ::2] = True
    box[dots & (box.max(axis=2) == 0)] = (255, 0, 0)
    reading = read_image(encode(img))
    assert reading.mine_counter is None
    assert reading.board.mines is None
