"""A board cut by the picture's edge through a row or column (a crop of the board alone that took
off part of its first row: tests/data/screens/winmine-crop-lost-9x9.jpg, the top row 11 px of 16)
is never read as the rest: the lattice, found on the whole cells, ends a part of a cell short of
the picture's edge, and the lattice's lines run on into that part. Read as the board, the rows or
columns left are a board of the wrong size, every cell sure. Refused, or read whole; never part.

On drawn boards (tests/support/picture_render.py, the classic skin): the oracle is the position
drawn."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import board_origin, encode, random_position, render_board, sure_wrong


def _cut(cells: list[list[str]], cell: int, side: str, left: float) -> np.ndarray:
    """The board alone (its frame cropped off), then cut through its first (side "t", "l") or last
    ("b", "r") row or column, ``left`` of it kept."""
    img = render_board(cells, cell)
    x, y = board_origin(cell, counter=False)
    rows, cols = len(cells), len(cells[0])
    img = img[y:y + rows * cell, x:x + cols * cell]
    cut = round(cell * (1 - left))
    return {"t": img[cut:], "b": img[:img.shape[0] - cut], "l": img[:, cut:], "r": img[:, :img.shape[1] - cut]}[side]


@pytest.mark.parametrize("left", [0.35, 0.5, 0.7])
@pytest.mark.parametrize("side", ["t", "b", "l", "r"])
@pytest.mark.parametrize("cell", [16, 24])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_board_cut_through_a_row_is_not_read_as_the_rest(seed: int, cell: int, side: str, left: float) -> None:
    cells, _ = random_position(9, 9, 10, seed, state="lost" if seed % 2 else "playing")
    try:
        reading = read_image(encode(_cut(cells, cell, side, left)))
    except NoBoardFound:
        return  # refused: allowed
    assert (reading.board.rows, reading.board.cols) == (9, 9), "part of the board read as the whole"
    assert not sure_wrong(reading, cells)


@pytest.mark.parametrize("cell", [16, 24])
def test_the_whole_board_alone_is_still_read(cell: int) -> None:
    cells, _ = random_position(9, 9, 10, 3)
    img = render_board(cells, cell)
    x, y = board_origin(cell, counter=False)
    reading = read_image(encode(img[y:y + 9 * cell, x:x + 9 * cell]))
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert not sure_wrong(reading, cells)
