"""Which of two look-alike displays is the mine counter (counter.py's ``pick_counter``): winmine puts
the counter on the left and the timer on the right, timothewt's pygame game the other way round.
The counter is the first display, left to right, whose total (it plus the flags) the board can
hold; a display that cannot be read is never skipped for the one beside it."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from tests.support.picture_render import GREY, encode, random_position, render_board, scale

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
    """The left display's dark segments half lit (every other pair of pixels of every other row:
    neither clearly lit nor clearly dark; pairs, as a lone lit pixel is a dim segment's checkerboard,
    counter._not_dithered), the right one showing a number whose total would fit."""
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = render_board(cells, 20, counter=counter, timer=counter, unlit=None)
    panel = img[:round(20 * 2.2) + 10, :img.shape[1] // 2]
    ys, xs = np.nonzero(panel.max(axis=2) == 0)  # the left display's black box
    box = panel[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    dots = np.zeros(box.shape[:2], bool)
    dots[::2, ::4] = dots[::2, 1::4] = True
    box[dots & (box.max(axis=2) == 0)] = (255, 0, 0)
    reading = read_image(encode(img))
    assert reading.mine_counter is None
    assert reading.board.mines is None


def _faceless(img: np.ndarray, cell: int) -> np.ndarray:
    """``render_board``'s picture with the face between the displays painted over (a clone that draws
    none: timothewt's pygame game)."""
    m = max(4, cell // 2)
    cx, cy, r = img.shape[1] // 2, m + round(cell * 2.2) // 2, round(cell * 0.75) + 2
    img[cy - r:cy + r + 1, cx - r:cx + r + 1] = GREY
    return img


#: (seed, cell): 9x9 positions, every mine beside an opened cell flagged, some mine left unflagged
#: away from the opening (a total of just the flags breaks no rule)
FACELESS = [(3, 20), (5, 24), (6, 16), (13, 30), (14, 20), (3, 32)]


@pytest.mark.parametrize("seed, cell", FACELESS)
def test_a_timer_at_000_left_of_the_counter_with_no_face_gives_no_total(seed: int, cell: int) -> None:
    """A new clone's timer shows 000 until the first click, and its total (the flags) fits as well as
    the counter's: with no face between them nothing tells which is the counter, so no total (the
    first that fits was taken: the flags alone, a wrong total)."""
    cells, counter = random_position(9, 9, 12, seed=seed, opened=0.8, flags=1.0)
    assert counter > 0
    img = _faceless(render_board(cells, cell, counter=counter, timer=0, timer_left=True), cell)
    reading = read_image(encode(img))
    assert reading.board.mines in (None, 12), reading.mine_counter
    assert reading.board.mines is None


@pytest.mark.parametrize("seed, cell", FACELESS[:3])
def test_twin_displays_that_both_fit_with_no_face_give_no_total(seed: int, cell: int) -> None:
    """The counter left of a timer whose seconds fit too, no face between them: which is the
    counter is not told, so no total (winmine's face is what says the left one is)."""
    cells, counter = random_position(9, 9, 12, seed=seed, opened=0.8, flags=1.0)
    img = _faceless(render_board(cells, cell, counter=counter, timer=7), cell)
    reading = read_image(encode(img))
    assert reading.mine_counter is None
    assert reading.board.mines is None


@pytest.mark.parametrize("seed, cell, factor", CASES)
@pytest.mark.parametrize("later", [5, 18])
def test_on_a_lost_board_the_display_whose_total_is_the_mines_shown_is_the_counter(
        seed: int, cell: int, factor: float, later: int) -> None:
    """zCRUSADERz's Java clone: the timer left of the face, the counter (mines left) right of it.
    Both totals fit the board (the timer ``later`` above the counter, the covered cells room for
    it), and the face between them says winmine's order (the left one); but a lost board shows
    every mine not flagged, so its total is the mines shown and the flags: the display that gives
    it is the counter."""
    cells, counter = random_position(16, 16, 40, seed=seed, state="lost")
    img = render_board(cells, cell, counter=counter, timer=counter + later, timer_left=True)
    reading = read_image(encode(scale(img, factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 40
