"""A piece of a mouse pointer's outline off a cell's middle is no sure digit, nor, shaped like no 8,
a grey-blue one the classic grey 8.

benchmarks/pointer_risks.py --seeds 3 4 --cells 3 --over zeros covered --shapes hand win7 found, at
1.25x:

* the hand (24 px high), its finger's tip 13,5 px into a revealed 0 (seed 4's at 3,13, 5,12 and
  7,10): the finger's dark grey outline (49, 49, 49) down the cell's right side, a 1's shape (0.69),
  its colour nearest the classic 7's black but near the blue 1's by JPEG's blur (digits.colour_distance
  takes a thin stroke's hue as mixed down to 35% into the tile's): a sure 1. Its glyph's box lay
  0.41 off the cell's middle (CellLook.glyph_off), with some dark along the sides (edge_dark 0.03):
  a piece of a pointer (textmarks.pointer_piece, cells._revealed_digit), now unsure. (Not by its
  colour: a grey stroke near a hued digit's by that blur is black LCD text's digits, whose reading
  keeps a block of buttons from passing for the board, test_picture_bang_flags.py.)
* Windows 7's arrow (24 px high, outlined in navy), its tip 1,1 px into seed 3's covered cell at 2,8:
  its white body flattening the bevel, its outline blurred into it a grey-blue (101, 105, 146)
  diagonal, nearest the classic 8's grey, 0.04 like an 8: a sure 8. A glyph nothing like the digit
  its colour says (digits.SHAPE_NONE) was unsure for dark digits only; a grey one's too now.
"""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, pointed_board, sure_wrong


@pytest.mark.parametrize(("seed", "tip", "offset", "shape", "drawn"), [
    (4, (3, 13), (13, 5), "hand", "0"), (4, (5, 12), (13, 5), "hand", "0"), (4, (7, 10), (13, 5), "hand", "0"),
    (3, (2, 8), (1, 1), "win7", ".")])
def test_a_pointers_grey_outline_is_no_sure_digit(seed: int, tip: tuple[int, int], offset: tuple[int, int],
                                                 shape: str, drawn: str) -> None:
    cells, img = pointed_board(seed, tip, offset, 24, shape, 1.25)
    # (hand-checked in the drawn picture: the cell under the outline)
    assert cells[tip[0]][tip[1]] == drawn
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
    cell = reading.cells[tip[0] * 16 + tip[1]]
    assert cell.value == drawn or tip in set(reading.unsure)
