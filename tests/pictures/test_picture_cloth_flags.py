"""Flags drawn with no dark part: a red cloth at the top of a light pole (an emoji-like flag), on a
flat tile of a colour of their own (miktolon's Vue clone, tests/data/screens/vue-dark-mid-9x9.png:
``cloth.cloth_flag``). On drawn boards (the oracle is the position drawn).

A flag needs a dark part to :func:`cpsolve.picture.marks.symbol`; such a flag's mark is like no
digit, read by its red as a digit with low confidence (unsure). Where its red lies tells it: the
top of the mark (the cloth), the pole going on below; a red digit is red down to its foot.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import DIGITS, _text, encode, random_position

#: the clone's flag: a red cloth, a near-white pole, a lighter disc, on an orange tile; its page, lines
#: and covered and revealed tiles
RED, POLE, DISC, ORANGE = (235, 64, 64), (255, 244, 236), (255, 206, 120), (250, 171, 50)
PAGE, LINE, COVERED, REVEALED = (72, 72, 72), (100, 100, 100), (147, 147, 147), (209, 209, 209)


def draw_cloth_flag(img: np.ndarray, x: int, y: int, s: int) -> None:
    """The flag on its s px tile at (x, y): a lighter disc over the tile's middle, a near-white pole
    down its middle third, a red cloth on the pole's top, waving right."""
    cv2.circle(img, (x + s // 2, y + s // 2), round(s * 0.34), DISC, -1, cv2.LINE_AA)
    pole = x + round(s * 0.4)
    top, bottom = y + round(s * 0.28), y + round(s * 0.74)
    cv2.line(img, (pole, top), (pole, bottom), POLE, max(1, s // 22))
    cloth = np.array([[pole, top], [pole + round(s * 0.3), top + round(s * 0.05)],
                      [pole + round(s * 0.26), top + round(s * 0.2)], [pole, top + round(s * 0.22)]], np.int32)
    cv2.fillPoly(img, [cloth], RED, cv2.LINE_AA)


def _board(seed: int, cell: int) -> tuple[np.ndarray, list[str]]:
    """A position drawn as the clone draws it: on a dark page, flat tiles parted by dark lines,
    covered ones grey, revealed ones light grey with classic digits (the 3s red), its flags on
    orange tiles."""
    cells, _ = random_position(12, 12, 24, seed=seed)
    line, m = max(2, cell // 16), cell
    img = np.full((12 * cell + 2 * m, 12 * cell + 2 * m, 3), PAGE, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            img[y:y + cell, x:x + cell] = LINE
            tile = ORANGE if v == "F" else COVERED if v == "." else REVEALED
            img[y + line:y + cell - line, x + line:x + cell - line] = tile
            if v == "F":
                draw_cloth_flag(img, x, y, cell)
            elif v.isdigit() and v != "0":
                _text(img, x, y, cell, v, DIGITS[int(v)])
    return img, [v for row in cells for v in row]


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("cell", [32, 40, 52])
def test_red_cloths_on_light_poles_are_flags(seed: int, cell: int) -> None:
    """Every flag a sure flag (not a digit, not unsure), every cell right, the red 3s still 3s."""
    img, want = _board(seed, cell)
    assert "F" in want and "3" in want
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want
