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
from tests.support.picture_render import board_origin, draw_pointer, encode, random_position, render_board, scale


@pytest.mark.parametrize("factor", [1.0, 1.5])
def test_a_hands_palm_over_a_red_3_is_no_sure_flag(factor: float) -> None:
    cells, counter = random_position(16, 16, 40, 2)
    # (hand-checked in the drawn picture: a covered cell with the 3 below it)
    assert cells[2][6] == "." and cells[3][6] == "3"
    img = render_board(cells, 16, counter=counter)
    left, top = board_origin(16)
    draw_pointer(img, left + 6 * 16 + 1, top + 2 * 16 + 1, 24, "hand")
    reading = read_image(encode(scale(img, factor)))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    unsure = set(reading.unsure)
    wrong = [(k.row, k.col, k.value) for k in reading.cells
             if (k.row, k.col) not in unsure and k.value != cells[k.row][k.col]]
    assert not wrong
