"""A mouse pointer that raises a revealed cell on one side: no sure covered tile, no sure flag.

benchmarks/pointer_risks.py --over zeros --shapes arrow found the first: seed 2's game at 16 px, the
arrow (19 or 24 px high) with its tip 13 px right of and 1 px below the top left corner of the
revealed 0 at row 7, column 4. The arrow's left side, black, runs down the 0's right side the whole
cell high (and is left out of the ring where a cursor is looked for, as a grid line), so the 0 read
raised by 96 on its right side alone: a sure covered cell. The board's covered tiles stand out on
all four sides; a cell raised on fewer than half of them is not surely covered
(bevel.unlike_raised).

pointer_risks.py --over flags --shapes arrow found the second at 1.5x: seed 2's game, the 19 px
arrow's tip 9 px into the flag at row 2, column 5; its tail's white lies along the left side of
the red 3 at row 3, column 6, raising the 3 (by 31, past the classic threshold of 25, so covered
but not surely) and its black beside the red made a red and dark mark: a sure flag, the pointer's
white beside black (0.009 of the cell) too little to be seen as a pointer (pointer.POINTER_EDGE).
A flag where the tiles are told by their bevels lies on a raised tile, and is no surer than that
tile is raised (cells.classify_board).
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from cpsolve.picture.bevel import unlike_raised
from tests.support.picture_render import encode, pointed_board, sure_wrong


@pytest.mark.parametrize("height", [19, 24])
def test_an_arrows_side_down_a_revealed_0_is_no_sure_covered_tile(height: int) -> None:
    cells, img = pointed_board(2, (7, 4), (13, 1), height, "arrow")
    # (hand-checked in the drawn picture: a revealed 0, the arrow's left side down its right side)
    assert cells[7][4] == "0"
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
    assert (7, 4) in reading.unsure or reading.cells[7 * 16 + 4].value == "0"


def test_an_arrows_tail_beside_a_red_3_is_no_sure_flag() -> None:
    cells, img = pointed_board(2, (2, 5), (9, 9), 19, "arrow", 1.5)
    # (hand-checked: the flag pointed at, the red 3 its tail lies over)
    assert cells[2][5] == "F" and cells[3][6] == "3"
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
    assert (3, 6) in reading.unsure or reading.cells[3 * 16 + 6].value == "3"


def test_a_cell_raised_on_one_of_four_sides_is_unlike_the_boards_raised_tiles() -> None:
    # the classic skin's covered tiles: each side 64 out (top and left lighter than the tile,
    # bottom and right darker); the 0 with the arrow's side down its right: 192 out on the right
    classic = [(63.0, 63.0, 64.0, 64.0)] * 5
    lifts = np.array(classic + [(0.0, 0.0, 0.0, 192.0), (0.0, 0.0, 0.0, 0.0)])
    raised = np.array([True] * 6 + [False])
    assert unlike_raised(lifts, raised).tolist() == [False] * 5 + [True, False]
    # tiles shaded along the right alone (vue-flat's): the board's own look, on its one side
    flat = np.array([(0.0, 0.0, 0.0, 82.0)] * 5 + [(0.0, 0.0, 0.0, 0.0)])
    assert not unlike_raised(flat, np.array([True] * 5 + [False])).any()
    # half the board's sides (a tile at the board's edge, its right side on the frame): still its look
    edge = np.array(classic + [(37.0, 37.0, 0.0, 0.0)])
    assert not unlike_raised(edge, np.array([True] * 6)).any()
