"""A seven-segment counter whose box holds a dim red edge apart from its digits (a GIF frame of
winmine scaled 1.26x, tests/data/screens/winmine-swiper-flags-9x9.png: a column of dim red at the
box's left, a dark column between it and the first digit): the sliver is no digit's place
(counter.py's ``_without_slivers``), and the counter reads the number it shows. Without the rule
the sliver was taken for a place and no counter was read (checked: every case here read None)."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from tests.support.picture_render import board_origin, encode, random_position, render_board, scale


def _with_dim_edge(cells: list[list[str]], cell: int, shown: int) -> np.ndarray:
    img = render_board(cells, cell, counter=shown)
    left, _ = board_origin(cell)
    x0, y0 = left + cell // 3, max(4, cell // 2) + round(cell * 0.25)   # the counter box's corner
    t, dh = max(1, round(cell * 0.14)), round(cell * 1.45)
    img[y0 + t:y0 + dh, x0] = (120, 0, 0)   # dim red, not lit: a column at the box's left edge
    return img


@pytest.mark.parametrize("cell", [16, 20, 24])
@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("shown", [0, 7, 10, 40, 99])
def test_a_dim_edge_in_the_counter_box_is_no_digit(shown: int, factor: float, cell: int) -> None:
    cells, _ = random_position(9, 9, 10, seed=7, state="playing")
    assert read_image(encode(scale(_with_dim_edge(cells, cell, shown), factor))).mine_counter == shown


@pytest.mark.parametrize("seed", range(4))
def test_the_mine_total_beside_a_dim_edge(seed: int) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    reading = read_image(encode(_with_dim_edge(cells, 20, counter)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10
