"""A hand (link) pointer's palm filling a cell: its white is the cell's most common colour, so the
cell's tile read as white and the pointer's white was not far from it (pointer._under_white).
benchmarks/pointer_risks.py --shapes hand found it: seed 2's game at 16 px, the hand 24 px high
with its finger's tip 1 px into the covered cell at row 2, column 6, its palm over the red 3 below:
the 3's foot (red) and the hand's black outline on a white "raised" tile read as a sure flag. The
tile of a sure mark that reads a pointer's white, where the board's other sure cells of its value
lie on no white tile, is taken as theirs, and the pointer's white beside its black is seen."""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, pointed_board, sure_wrong


@pytest.mark.parametrize("factor", [1.0, 1.5])
def test_a_hands_palm_over_a_red_3_is_no_sure_flag(factor: float) -> None:
    cells, img = pointed_board(2, (2, 6), (1, 1), 24, "hand", factor)
    # (hand-checked in the drawn picture: a covered cell with the 3 below it)
    assert cells[2][6] == "." and cells[3][6] == "3"
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
