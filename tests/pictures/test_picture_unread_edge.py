"""A board whose edge row or column reads no cell (each read unsurely, or a 0 beside a cell read
surely covered, which no revealed 0 is) is refused (reader._unread_side): that row says nothing
of the board's extent, and the lattice may have taken in a strip beside the board.

Found on JMines (tests/data/screens/jmines-mid-16x30.png) scaled by 0.8 (test_picture_scaled_screens):
its counter panel over the board, of the revealed cells' colour with the counter's text field on
it, was grown over as a row of revealed cells (0s beside its covered top row, and the field
unsure), and the board read 17x30. Drawn
here (the oracle is the position drawn): a classic board with a toolbar of square buttons on its
pitch right over its top row, each showing an icon that reads as no Minesweeper mark surely; the
lattice runs on over the toolbar, and the board was read a row too large.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import _raised, board_origin, encode, random_position, render_board


def _with_toolbar(cells: list[list[str]], cell: int, icon: str) -> np.ndarray:
    """The board (tests.support.picture_render) with a row of raised buttons, the cells' size,
    right over its top row, each with ``icon`` (a grey gear or a green arrow) drawn on it."""
    img = render_board(cells, cell)
    pad = cell + 4
    img = np.concatenate([np.full((pad, img.shape[1], 3), 192, np.uint8), img])
    left, top = board_origin(cell, False)
    y = top + pad - cell
    for c in range(len(cells[0])):
        x = left + c * cell
        _raised(img, x, y, cell, max(1, cell // 8))
        cx, cy = x + cell // 2, y + cell // 2
        if icon == "gear":
            cv2.circle(img, (cx, cy), cell // 4, (90, 90, 100), max(1, cell // 10))
            for k in range(6):
                end = (cx + round(cell * 0.32 * np.cos(k * np.pi / 3)), cy + round(cell * 0.32 * np.sin(k * np.pi / 3)))
                cv2.line(img, (cx, cy), end, (90, 90, 100), max(1, cell // 12))
        else:
            cv2.arrowedLine(img, (cx - cell // 4, cy), (cx + cell // 4, cy), (30, 120, 40), max(1, cell // 10),
                            tipLength=0.5)
    return img


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("cell", [20, 28])
@pytest.mark.parametrize("icon", ["gear", "arrow"])
def test_a_toolbar_on_the_boards_pitch_is_no_row_of_it(icon: str, cell: int, seed: int) -> None:
    cells, _ = random_position(9, 9, 10, seed=seed, opened=0.6, flags=0.8)
    with pytest.raises(NoBoardFound, match="its top row or column reads as a cell"):
        read_image(encode(_with_toolbar(cells, cell, icon)))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_board_without_the_toolbar_is_read(seed: int) -> None:
    """The same boards alone read exactly: the rule refuses the toolbar's row, not the board."""
    cells, _ = random_position(9, 9, 10, seed=seed, opened=0.6, flags=0.8)
    reading = read_image(encode(render_board(cells, 20)))
    assert reading.unsure == ()
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
