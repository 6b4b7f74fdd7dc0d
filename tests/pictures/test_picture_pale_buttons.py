"""A flat skin whose covered cells are pale buttons (rbelohl's JavaFX jfxmines: a face shaded 239
to 219 top to bottom in a grey outline, its bevel about 16) beside flat revealed cells of 244 parted
by light grey lines: the two tile colours lie 19 apart, within one colour group's reach
(tiles._colour_groups: 30), and the bevel is under tiles.BEVELLED (40), so the board was one tile
colour, its covered cells read as unsure 0s: refused. A colour group whose cells fall into raised
ones and flat ones, each of a colour of its own, is two tiles (tiles._split_raised)."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from tests.support.picture_render import DIGITS, _flag, _text, board_text, encode, random_position

REVEALED, LINE, OUTLINE = 244, 213, 181


def draw_pale(cells: list[list[str]], s: int) -> np.ndarray:
    """The board in a margin of its revealed colour: revealed cells flat REVEALED with a LINE grey
    line along their top and left sides, covered ones buttons shaded 239 to 219 down their face in
    an OUTLINE grey frame with a white inner top line; flags the tests' red pennant, digits in the
    classic colours."""
    rows, cols = len(cells), len(cells[0])
    m = s
    img = np.full((rows * s + 2 * m, cols * s + 2 * m, 3), REVEALED, np.uint8)
    face = np.linspace(239, 219, s - 3).round().astype(np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * s, m + r * s
            img[y, x:x + s] = LINE
            img[y:y + s, x] = LINE
            if v in ".F":
                img[y:y + s, x:x + s] = OUTLINE
                img[y + 1, x + 1:x + s - 1] = 253
                img[y + 2:y + s - 1, x + 1:x + s - 1] = face[:s - 3, None, None]
                if v == "F":
                    _flag(img, x, y, s)
            elif v.isdigit() and v != "0":
                _text(img, x, y, s, v, DIGITS[int(v)])
    return img


@pytest.mark.parametrize("rows, cols, mines, seed, cell", [(16, 30, 99, 1, 26), (9, 9, 10, 2, 30), (16, 16, 40, 3, 24),
                                                           (16, 16, 40, 5, 36)])
def test_pale_buttons_beside_flat_cells_of_a_near_colour_are_read(rows: int, cols: int, mines: int, seed: int,
                                                                  cell: int) -> None:
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.6)
    reading = read_image(encode(draw_pale(cells, cell)))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
