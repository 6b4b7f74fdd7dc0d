"""A no-guess game's start cell: a cell not yet opened, marked with a green X
(minesweeper.online's no-guess mode, tests/data/screens/minesweeper-online-ng-new-16x16.png;
``marks.start_cell``). On drawn boards (the oracle is the position drawn): on a covered tile it is
a covered cell, sure; a green X on a revealed tile is never read as covered, nor a red X (a wrong
flag's mark) as a start cell.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import board_origin, encode, random_position, red_x, render_board

GREEN = (0, 128, 0)


def green_x(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A bold green X across the middle of the s px square at (x, y), as minesweeper.online marks
    the start cell."""
    t = max(2, round(s * 0.14))
    a, b = round(s * 0.3), round(s * 0.7)
    cv2.line(img, (x + a, y + a), (x + b, y + b), GREEN, t, cv2.LINE_AA)
    cv2.line(img, (x + b, y + a), (x + a, y + b), GREEN, t, cv2.LINE_AA)


def _board(seed: int, cell: int, opened: float) -> tuple[np.ndarray, list[list[str]], int, tuple[int, int]]:
    """A position (with the counter), and the covered cell (not flagged) chosen as the start cell."""
    cells, counter = random_position(9, 9, 10, seed=seed, opened=opened, flags=0.0)
    covered = [(r, c) for r in range(9) for c in range(9) if cells[r][c] == "."]
    return render_board(cells, cell, counter=counter), cells, counter, covered[len(covered) // 2]


def _no_sure_covered_cell(img: np.ndarray, r: int, c: int, cell: int,
                          mark: Callable[[np.ndarray, int, int, int], None]) -> None:
    """With ``mark`` drawn on the cell at (r, c) of the 9x9 board in ``img`` (``cell`` px cells),
    that cell is not read a sure covered cell (or the board is refused)."""
    x0, y0 = board_origin(cell)
    mark(img, x0 + c * cell, y0 + r * cell, cell)
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return
    cell_read = reading.cells[r * 9 + c]
    assert cell_read.value != "." or not cell_read.sure


@pytest.mark.parametrize("seed", [1, 3])
@pytest.mark.parametrize("cell", [24, 32, 40])
@pytest.mark.parametrize("opened", [0.0, 0.4], ids=["new", "mid"])
def test_a_green_x_on_a_covered_tile_is_a_covered_cell(seed: int, cell: int, opened: float) -> None:
    img, cells, counter, (r, c) = _board(seed, cell, opened)
    x0, y0 = board_origin(cell)
    green_x(img, x0 + c * cell, y0 + r * cell, cell)
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [v.value for v in reading.cells] == [v for row in cells for v in row]
    assert reading.board.mines == 10 and reading.mine_counter == counter


@pytest.mark.parametrize("cell", [24, 32, 40])
def test_a_green_x_on_a_revealed_tile_is_not_read_covered(cell: int) -> None:
    """On a flat tile it is no start cell (that is never opened): not a sure covered cell."""
    img, cells, _, _ = _board(1, cell, 0.5)
    r, c = next((r, c) for r in range(9) for c in range(9) if cells[r][c] == "0")
    _no_sure_covered_cell(img, r, c, cell, green_x)


@pytest.mark.parametrize("cell", [24, 32])
def test_a_red_x_on_a_covered_tile_is_no_start_cell(cell: int) -> None:
    img, _, _, (r, c) = _board(1, cell, 0.4)
    _no_sure_covered_cell(img, r, c, cell, red_x)
