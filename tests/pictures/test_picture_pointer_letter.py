"""A hand pointer's finger over a covered cell is no letter written on it.

benchmarks/pointer_risks.py --seeds 3 4 --cells 3 --shapes hand --over covered flags found it: at
1.25x the hand (19 or 24 px high) with its finger's tip 13,9 px into a covered cell (seed 3's at
row 2, columns 2, 5 and 8; seed 4's at row 2, columns 3, 6 and 11), or 1,13 px in (seed 3's at 2,2:
the cell below left, 3,1): the finger's black outline in the cell's corner, a stem with a bar across
its top, read as a written F (textmarks.letter), or as a "!" (a stem over a dot: textmarks.stacked),
a sure flag on a covered cell; at 1.5x, the tip 1,13 px into seed 3's flags at 10,4 and 12,12, the
thumb's grey-blurred outline by the right side of the cell below left, a sure "!". Too little of the
ring along the cell's sides was dark (edge_dark) to tell a pointer. The glyphs' boxes lay 0.41 of
the cell off its middle (CellLook.glyph_off), where a game writes its letters in the middle
(textmarks.pointer_piece): such a letter is unsure. Winmine's bold "?" drawn a pixel off centre stays
a sure "?" (test_picture_marks_on_raised.py).
"""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, pointed_board, sure_wrong


@pytest.mark.parametrize(("seed", "tip", "offset", "height", "factor", "under"), [
    (3, (2, 2), (13, 9), 19, 1.25, (2, 2)), (3, (2, 8), (13, 9), 24, 1.25, (2, 8)),
    (4, (2, 11), (13, 9), 24, 1.25, (2, 11)), (3, (2, 2), (1, 13), 19, 1.25, (3, 1)),
    (3, (10, 4), (1, 13), 19, 1.5, (11, 3)), (3, (12, 12), (1, 13), 19, 1.5, (13, 11))])
def test_a_hands_finger_on_a_covered_cell_is_no_sure_flag(seed: int, tip: tuple[int, int], offset: tuple[int, int],
                                                         height: int, factor: float, under: tuple[int, int]) -> None:
    cells, img = pointed_board(seed, tip, offset, height, "hand", factor)
    # (hand-checked in the drawn picture: the cell the finger's outline lies in is covered)
    assert cells[under[0]][under[1]] == "."
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
    # (read unsure, or covered: never a sure flag)
    cell = reading.cells[under[0] * 16 + under[1]]
    assert cell.value == "." or under in set(reading.unsure)
