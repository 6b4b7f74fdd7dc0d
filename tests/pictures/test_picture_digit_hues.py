"""A glyph most like a digit whose colour the ink may be (near it) is that digit against the digits
whose colour the ink's hue allows, not a digit of another hue (digits.py ``_coloured_digit``):
minesweeperonline.com's blue 1s in a GIF frame, (21, 2, 190), nearer the classic 4's navy than the
1's blue, have glyphs about as like the classic red 3 as a 1 (0.909 against 0.902); the red 3 made
them unsure, though no blue stroke is a red 3. A glyph plainly another hue's digit, or most like
one, still leaves the cell unsure (the ink may be taken in from beside the glyph).

And a glyph leaning to a digit (ahead by under SHAPE_AGAINST) whose colour the ink may be too is no
sure digit of the nearest colour: benchmarks/sweep_drawn.py --seed 18 case 212 (a light palette,
DejaVu Sans Bold at 14 px, JPEG 70) darkens the blue 1s to (37, 34, 155), nearer the 4's navy by
RGB, 0.774 like a 1 and 0.63 like a 4: read sure 4s. The ink is within COLOUR_NEAR of the 1's blue
(19.7 by colour_distance): colour and shape disagree, unsure."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture import NoBoardFound
from cpsolve.picture.cells import CellLook
from cpsolve.picture.digits import _digit
from cpsolve.picture.marks import SURE
from cpsolve.picture.skins import CLASSIC
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.pictures.test_picture_glossy import _flat_flagged_1, _redrawn
from tests.support.picture_render import DIGITS, encode, random_position

#: the GIF's blue 1s (minesweeperonline-cursor-16x30, cell 1,21): nearer the 4's navy than the 1's blue
GIF_BLUE = (21, 2, 190)
GREY = (179, 180, 180)


def _look(shape: dict[int, float], colour: tuple[int, int, int] = GIF_BLUE,
          tile: tuple[int, int, int] = GREY) -> CellLook:
    """A revealed grey tile whose stroke is ``colour`` and whose glyph scores ``shape``."""
    return CellLook(bevel=0.0, background=np.array(tile, np.float64), fg_fraction=0.12,
                    fg_colour=np.array(colour, np.float64), dark_fraction=0.0, red_fraction=0.0, blob_fill=0.0,
                    blob_span=0.0, cross=0.0, edge_dark=0.0, side_red=0.0, blob_round=0.0, reddish=0.0, shape=shape)


#: the glyph scores measured on minesweeperonline-cursor-16x30's cell 1,21 (a blue 1): as like the
#: red 3 as the 1
GIF_1 = {1: 0.909, 2: 0.805, 3: 0.902, 4: 0.597, 5: 0.599, 6: 0.48, 7: 0.538, 8: 0.333}


def test_a_blue_glyph_as_like_a_red_3_as_a_1_is_a_1() -> None:
    apart = [float(np.linalg.norm(np.subtract(GIF_BLUE, DIGITS[d]))) for d in (1, 4)]
    assert apart[1] < apart[0]  # the colour alone says 4
    value, conf = _digit(_look(GIF_1), CLASSIC)
    assert value == "1"
    assert conf >= SURE


def test_a_blue_glyph_plainly_a_3_is_no_sure_digit() -> None:
    """The red 3's shape ahead by SHAPE_AGAINST or more: something the colour does not explain, unsure."""
    plain_3 = {**GIF_1, 3: 0.95, 1: 0.70}
    _, conf = _digit(_look(plain_3), CLASSIC)
    assert conf < SURE


def test_a_glyph_most_like_a_digit_of_another_hue_than_its_ink_is_no_sure_digit() -> None:
    """sdl-nano-mid-16x30 scaled by 0.65: a navy 4 whose crop took in red from beside it (ink
    (137, 27, 27), nearest the maroon 5) and whose glyph is most like a 4 (0.77), then a 3 (0.70):
    the ink's hue rules the 4 out only where the glyph is not most like it, else a red 3 is read."""
    scores = {1: 0.699, 2: 0.701, 3: 0.703, 4: 0.77, 5: 0.476, 6: 0.598, 7: 0.511, 8: 0.519}
    _, conf = _digit(_look(scores, (137, 27, 27)), CLASSIC)
    assert conf < SURE


@pytest.mark.parametrize("seed", [2, 3])
def test_1s_nearer_the_4s_navy_are_told_from_a_4_by_shape_not_from_a_red_3(seed: int) -> None:
    """Drawn at 48 px (the 1 of CaptainBoulbi's raylib game, its glyph 0.85 like a 1 and 0.76 like a
    3) in the GIF's blue: read exactly, none unsure (before, the 3 left each 1 unsure)."""
    board, counter = random_position(16, 16, 40, seed=seed)
    img = _redrawn(board, 48, counter, "1", lambda img, x, y, s: _flat_flagged_1(img, x, y, s, (21, 2, 189)))
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert [c.value for c in reading.cells] == [v for row in board for v in row]


#: the 1 measured at sweep_drawn --seed 18 case 212's cell 4,2: its ink (JPEG-darkened blue) and glyph
DARK_BLUE_1 = {1: 0.774, 2: 0.675, 3: 0.76, 4: 0.63, 5: 0.533, 6: 0.285, 7: 0.707, 8: 0.362}


def test_a_darkened_blue_1_leaning_to_a_1_is_no_sure_4() -> None:
    apart = [float(np.linalg.norm(np.subtract((37, 34, 155), DIGITS[d]))) for d in (1, 4)]
    assert apart[1] < apart[0]  # the colour alone says 4
    value, conf = _digit(_look(DARK_BLUE_1, (37, 34, 155), (241, 241, 244)), CLASSIC)
    assert value != "4" or conf < SURE


def test_the_light_palettes_darkened_1s_are_no_sure_4s(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's board: never a cell read surely and wrong (refusing is allowed)."""
    monkeypatch.setitem(PALETTES, "light", ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS))
    cells, _ = random_position(16, 14, 34, 855, opened=0.3, flags=0.5)
    assert cells[4][2] == "1"
    try:
        reading = read_image(encode(draw_dark(cells, 14, "light", "DejaVuSans-Bold", 0), "JPEG", 70))
    except NoBoardFound:
        return
    unsure = set(reading.unsure)
    assert (reading.board.rows, reading.board.cols) == (16, 14)
    wrong = [(c.row, c.col) for c in reading.cells if c.value != cells[c.row][c.col] and (c.row, c.col) not in unsure]
    assert not wrong
