"""Flags drawn as a banner: a rectangular red cloth at the top of a red pole, no dark part, on a
white tile like the revealed cells' (bobby-driggs's React clone,
tests/data/screens/react-flat-lost-10x10.png: ``banner.banner_flag``). On drawn boards (the oracle
is the position drawn).

Such a flag is no pennant (a triangle), and its red reaches the mark's foot down the pole, as a red
digit's does (:mod:`cpsolve.picture.cloth` takes it for none): it was read by its red as an unsure
3, and a sure 3 beside it on the board's edge, its flags not counted, said the board went on past
it (refused).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import _text, encode, random_position

#: the clone's colours: its page and revealed tiles white, covered tiles and lines grey, red flags,
#: pastel digits
PAGE, LINE, COVERED, REVEALED = (255, 255, 255), (153, 153, 153), (204, 204, 204), (255, 255, 255)
RED = (240, 16, 40)
INKS = {1: (120, 150, 245), 2: (235, 120, 120), 3: (110, 185, 110), 4: (130, 120, 245), 5: (170, 60, 60),
        6: (60, 160, 160), 7: (40, 40, 40), 8: (120, 120, 120)}


def draw_banner(img: np.ndarray, x: int, y: int, s: int) -> None:
    """The flag on its s px tile at (x, y): a pole down from a fifth of the tile to four fifths, a
    rectangular cloth on its upper part, waving right, all in one red."""
    pole, top, bottom = x + round(s * 0.28), y + round(s * 0.2), y + round(s * 0.8)
    cv2.rectangle(img, (pole, top), (pole + max(2, s // 14), bottom), RED, -1)
    cv2.rectangle(img, (pole, top + round(s * 0.06)), (x + round(s * 0.74), y + round(s * 0.6)), RED, -1)


def _board(seed: int, cell: int) -> tuple[np.ndarray, list[str]]:
    """A position drawn as the clone draws it: flat tiles in 1 px grey lines, covered ones grey,
    revealed ones white like the page, pastel digits, its flags banners on white tiles."""
    cells, _ = random_position(10, 10, 15, seed=seed)
    m = cell
    img = np.full((10 * cell + 2 * m, 10 * cell + 2 * m, 3), PAGE, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            img[y:y + cell + 1, x:x + cell + 1] = LINE
            img[y + 1:y + cell, x + 1:x + cell] = COVERED if v == "." else REVEALED
            if v == "F":
                draw_banner(img, x, y, cell)
            elif v.isdigit() and v != "0":
                _text(img, x, y, cell, v, INKS[int(v)])
    return img, [v for row in cells for v in row]


@pytest.mark.parametrize("seed", [1, 3])
@pytest.mark.parametrize("cell", [30, 39, 48])
def test_red_banners_on_white_tiles_are_flags(seed: int, cell: int) -> None:
    """Every flag a sure flag (not an unsure 3), every cell right."""
    img, want = _board(seed, cell)
    assert "F" in want
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want
