"""A digit drawn across most of its tile is read whole (.sidelines): its bar along a side of the
glyph region is no line, as it stops short of the region's ends.

pygame-xp-mid-18x18.png draws winmine's bitmap 2 at 125% on 28.8 px cells: 20 px wide, its base 3 px
high, ending 3 px above the cell's bottom. The base filled 87% of the glyph region's second-last row, so it
was taken off as a tile's border (a side row 85% full), and the 2 without its base read 0.46 like
a 2 and 0.42 like a 3: three unsure 2s. A line runs on to both ends of the region; the base does
not.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture.sidelines import side_lines
from tests.pictures.test_picture_glossy import _redrawn
from tests.support.picture_render import encode, random_position, sure_wrong

#: winmine's 2 as pygame-xp-mid-18x18.png draws it on 28.8 px cells (its sprite at 125%): 18 px wide
#: and 20 high, its base two rows
TWO = ["   ############   ",
       "  ##############  ",
       " ################ ",
       "######       #####",
       "######       #####",
       "             #####",
       "             #####",
       "             #####",
       "             #####",
       "           ###### ",
       "          ####### ",
       "         ######## ",
       "       ########   ",
       "      #########   ",
       "  #########       ",
       " ##########       ",
       "##########        ",
       "#######           ",
       "##################",
       "##################"]


#: its 2s' bright green, 80 from the classic 2's (0, 128, 0): the shape must tell the digit
GREEN = (18, 208, 71)


def _wide_2(img: np.ndarray, x: int, y: int, s: int) -> None:
    """The 2 drawn 0.69 of the cell wide and high (20 px on 29 px cells: with the anti-aliased
    edges, as wide as the picture's), centred across, its base ending 12% of the cell above the
    cell's bottom (on 29 px cells rows 6-25: its base the glyph region's last two rows)."""
    side = round(0.69 * s)
    unit = np.array([[ch == "#" for ch in row] for row in TWO], np.uint8)
    glyph = cv2.resize(unit, (side, side), interpolation=cv2.INTER_NEAREST).astype(bool)
    left, top = (s - side + 1) // 2, s - round(0.12 * s) - side
    img[y + top:y + top + side, x + left:x + left + side][glyph] = GREEN


@pytest.mark.parametrize("cell", [29, 36])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_2_drawn_across_most_of_its_tile_is_a_sure_2(cell: int, seed: int) -> None:
    board, counter = random_position(12, 12, 24, seed=seed)
    assert any(v == "2" for row in board for v in row)
    reading = read_image(encode(_redrawn(board, cell, counter, "2", _wide_2)))
    assert not sure_wrong(reading, board)
    assert not reading.unsure, reading.reasons[:5]
    assert [c.value for c in reading.cells] == [v for row in board for v in row]
    assert reading.board.mines is not None


def test_a_line_along_the_side_is_still_taken_off() -> None:
    """A tile's border across the region's bottom row, end to end, is a line; a bar 21 px of 23
    (0.91 of the row), a pixel short of each end, is not."""
    mask = np.zeros((2, 23, 23), bool)
    mask[0, 21, :] = True          # a border, end to end
    mask[1, 21, 1:22] = True       # a digit's base, a pixel short of each end
    mask[:, 5:15, 10:13] = True    # a stroke in the middle
    rows, cols = side_lines(mask)
    assert rows[0, 21] and not rows[1, 21]
    assert not cols.any()


def test_a_frame_round_the_region_is_taken_off() -> None:
    """A focus box's four sides: its side columns end on its top and bottom rows, taken off first."""
    mask = np.zeros((1, 23, 23), bool)
    mask[0, [0, 22], :] = True
    mask[0, :, [0, 22]] = True
    mask[0, 5:15, 10:13] = True
    rows, cols = side_lines(mask)
    assert rows[0, 0] and rows[0, 22] and cols[0, 0] and cols[0, 22]
