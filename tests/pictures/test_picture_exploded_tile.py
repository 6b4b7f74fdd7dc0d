"""The exploded mine drawn as a mine on a sunken red tile with a dark frame along its right and
bottom sides, on a board whose other shown mines lie on raised tiles (DeclanAS's tkinter clone,
tests/data/screens/tkinter-lost-16x30.png): the frame leaves no red along the sides and the mine
can outnumber the red, so it is told by the red filling the rest of the cell
(``marks.mine_on_red``), where it is the one. On drawn boards (the oracle is the position drawn)."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import _mine, _raised, encode, random_position, render_board


def _draw(cells: list[list[str]], cell: int, counter: int, red: set[tuple[int, int]]) -> np.ndarray:
    """The board drawn with shown mines on raised tiles (this game's way) and the cells ``red``
    as a mine on a sunken red tile (light red along the top and left, black along the bottom and
    right)."""
    img = render_board(cells, cell, counter=counter)
    b, m = max(2, cell // 5), max(4, cell // 2)
    top = m + round(cell * 2.2) + m  # as render_board lays out the counter panel
    w = max(1, cell // 8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + b + c * cell, top + r * cell
            if (r, c) in red:
                img[y:y + cell, x:x + cell] = (255, 0, 0)
                img[y:y + w, x:x + cell] = (255, 128, 128)
                img[y:y + cell, x:x + w] = (255, 128, 128)
                img[y + cell - w:y + cell, x:x + cell] = (0, 0, 0)
                img[y:y + cell, x + cell - w:x + cell] = (0, 0, 0)
                _mine(img, x, y, cell)
            elif v == "*":
                _raised(img, x, y, cell, w)
                _mine(img, x, y, cell)
    return img


def _lost(seed: int) -> tuple[list[list[str]], int, tuple[int, int]]:
    cells, counter = random_position(16, 16, 40, seed=seed, state="lost")
    exploded = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "X")
    return cells, counter, exploded


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("cell", [16, 24, 40])
def test_a_mine_on_a_sunken_red_tile_is_the_exploded_one(seed: int, cell: int) -> None:
    cells, counter, exploded = _lost(seed)
    reading = read_image(encode(_draw(cells, cell, counter, {exploded})))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()


def test_two_mines_on_red_tiles_are_not_both_sure() -> None:
    """Only one mine explodes: where two cells look so, neither is read as sure (never wrong)."""
    cells, counter, exploded = _lost(2)
    other = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "*")
    reading = read_image(encode(_draw(cells, 24, counter, {exploded, other})))
    want = [v for row in cells for v in row]
    unsure = set(reading.unsure)
    assert other in unsure or reading.cells[other[0] * 16 + other[1]].value == "*"
    silently_wrong = [(c.row, c.col, c.value, v) for c, v in zip(reading.cells, want)
                      if c.value != v and (c.row, c.col) not in unsure and (c.row, c.col) != other]
    assert silently_wrong == []
