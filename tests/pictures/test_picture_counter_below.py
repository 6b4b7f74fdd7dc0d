"""Seven-segment displays below the board (Nanoatic's SDL clone, tests/data/screens/
sdl-nano-mid-16x30.png: the timer at the left, the mines left at the right, the face between;
counter.read_counter_below). On drawn boards (the oracle is the number drawn): one display there is
the counter; of two, the one whose total (it plus the flags) the board can hold; where both fit, no
counter (below the board no layout says which side holds it)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve import read_image
from tests.support.picture_render import GREY, draw_counter, encode, random_position, render_board, scale

MINES = 10


def _below(cells: list[list[str]], cell: int, left: int | None, right: int | None) -> np.ndarray:
    """The board with a panel below it holding a display at its left and one at its right (each
    where given), the face between them."""
    board = render_board(cells, cell)
    panel = np.full((round(cell * 2.4), board.shape[1], 3), GREY, np.uint8)
    x0, y = cell // 2, round(cell * 0.4)
    width = draw_counter(panel.copy(), 0, 0, cell, 0, (64, 0, 0))
    if left is not None:
        draw_counter(panel, x0, y, cell, left, (64, 0, 0))
    if right is not None:
        draw_counter(panel, panel.shape[1] - x0 - width, y, cell, right, (64, 0, 0))
    middle = (panel.shape[1] // 2, panel.shape[0] // 2)
    cv2.circle(panel, middle, round(cell * 0.75), (255, 255, 0), -1, cv2.LINE_AA)
    cv2.circle(panel, middle, round(cell * 0.75), (0, 0, 0), max(1, cell // 16), cv2.LINE_AA)
    return np.concatenate([board, panel], axis=0)


CASES = [(1, 16, 1.0), (2, 20, 1.0), (3, 24, 1.5), (4, 18, 1.25)]


@pytest.mark.parametrize("seed, cell, factor", CASES)
def test_one_display_below_the_board_is_the_counter(seed: int, cell: int, factor: float) -> None:
    cells, counter = random_position(9, 12, MINES, seed=seed, state="playing")
    reading = read_image(encode(scale(_below(cells, cell, None, counter), factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == MINES


@pytest.mark.parametrize("seed, cell, factor", CASES)
@pytest.mark.parametrize("timer", [345, 999])
def test_of_two_displays_below_the_one_that_fits_is_the_counter(seed: int, cell: int, factor: float,
                                                                 timer: int) -> None:
    """Nanoatic's order: the timer at the left (its seconds more than the board can hold)."""
    cells, counter = random_position(9, 12, MINES, seed=seed, state="playing")
    reading = read_image(encode(scale(_below(cells, cell, timer, counter), factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == MINES


@pytest.mark.parametrize("seed", [1, 2])
def test_two_displays_below_that_both_fit_give_no_counter(seed: int) -> None:
    """A timer that fits as well as the counter: which is which is not told below the board."""
    cells, counter = random_position(9, 12, MINES, seed=seed, state="playing")
    timer = counter + 1
    reading = read_image(encode(_below(cells, 20, timer, counter)))
    assert reading.mine_counter is None and reading.board.mines is None
