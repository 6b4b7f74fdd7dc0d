"""A lost game of KDE KMines (KF5, tests/data/screens/kmines-lost-16x16.png), drawn here: its
revealed cells are see-through, the window's background (a grey with a lighter swoosh) showing
through them, so that where the swoosh lies they are nearly as light as the covered buttons (flat
grey faces shaded top to bottom, weak bevels); its shown mines lie on revealed cells, the exploded
one on an orange tile of its own; and the status bar ("Mines: 2/40", flags / total) lies at the
right of a window wider than the board, outside the band under the board.

* one group of tile colours then holds covered tiles, digits and shown mines (torn): the faces'
  shading tells them (tiles.py ``_torn_face``);
* the exploded mine's orange tile is no covered tile with a mine, and its mine is the exploded one
  (tiles.py ``warm_exploded``);
* the total is read in the picture's width where the board's holds no "n/m" (textcounter.py
  ``read_gnome_total``).

On drawn boards (the oracle is the position drawn)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve import parse_board
from cpsolve.picture import NoBoardFound, glyphs_build, read_image
from tests.support.picture_render import DIGITS, _mine, _text, board_text, encode

#: the window's background, and where its lighter swoosh lies; the covered buttons' face (the mean
#: of its shading); the exploded mine's orange
BACKGROUND, SWOOSH, FACE, ORANGE = 172, 194, 197, (255, 202, 87)
#: a lost game (drawn as seen, by hand after the picture's pattern): 40 mines, 2 flags, the
#: exploded mine at 13,13, no wrong flag
LOST = """\
.*....*.........
.*...*....*.....
12.112.*.*......
01*101*.......**
02.202....*..*..
01*102*.**.....*
011102F*....*...
000112222**.1..*
0002F2001222....
0002*2000001*...
110111001222....
*21000113**...*.
.*10001*.**.....
1110002...*..X..
0001111*........
0001*........*.."""
STATUS_FONT = [p for p in glyphs_build.font_files() if p.name == "DejaVuSans.ttf"]


def _button(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A covered button: a dark outline, a light inner rim, a face lighter in its top three tenths
    and darker in its bottom three (its middle's shading, sd, about 7: KMines' buttons 7.9)."""
    band = round(0.3 * s)
    img[y:y + s, x:x + s] = FACE
    img[y:y + band, x:x + s] = FACE + 12
    img[y + s - band:y + s, x:x + s] = FACE - 12
    img[y, x:x + s] = img[y + s - 1, x:x + s] = 140
    img[y:y + s, x] = img[y:y + s, x + s - 1] = 140
    img[y + 2, x + 2:x + s - 2] = img[y + s - 3, x + 2:x + s - 2] = FACE + 20
    img[y + 2:y + s - 2, x + 2] = img[y + 2:y + s - 2, x + s - 3] = FACE + 20


def _flag(img: np.ndarray, x: int, y: int, s: int) -> None:
    """KMines' flag: a red cloth on a thin dark pole."""
    t = max(1, s // 16)
    img[y + round(0.2 * s):y + round(0.8 * s), x + round(0.3 * s):x + round(0.3 * s) + t] = (40, 40, 40)
    img[y + round(0.2 * s):y + round(0.5 * s), x + round(0.3 * s) + t:x + round(0.75 * s)] = (190, 30, 30)


def draw(cells: list[list[str]], s: int, status: str | None) -> np.ndarray:
    """The window: the board at (40, 60) over the background, the swoosh behind its top rows, and
    ``status`` written at the right of the status bar under it."""
    rows, cols = len(cells), len(cells[0])
    width, height = cols * s + 80 + 12 * s, rows * s + 60 + 3 * s
    img = np.full((height, width, 3), BACKGROUND, np.uint8)
    x0, y0 = 40, 60
    # the swoosh: lighter behind the top six rows, fading over the seventh and eighth
    for y in range(height):
        t = np.clip((y0 + 8 * s - y) / (2 * s), 0.0, 1.0)
        img[y, :] = round(BACKGROUND + (SWOOSH - BACKGROUND) * t)
    img[y0 - 4:y0 + rows * s + 4, x0 - 4:x0 + cols * s + 4] = 90  # the board's dark frame
    img[y0:y0 + rows * s, x0:x0 + cols * s] = img[y0:y0 + rows * s, x0 + cols * s + 10:x0 + cols * s + 11]
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = x0 + c * s, y0 + r * s
            if v in ".F":
                _button(img, x, y, s)
                if v == "F":
                    _flag(img, x, y, s)
                continue
            # a revealed cell: see-through, a lighter line along its sides
            img[y, x:x + s] = np.minimum(img[y, x:x + s].astype(int) + 24, 255)
            img[y:y + s, x] = np.minimum(img[y:y + s, x].astype(int) + 24, 255)
            if v == "X":
                img[y + 1:y + s, x + 1:x + s] = ORANGE
            if v in "*X":
                _mine(img, x, y, s)
            elif v in "12345678":
                _text(img, x, y, s, v, DIGITS[int(v)])
    if status is not None:
        image = Image.fromarray(img)
        font = ImageFont.truetype(str(STATUS_FONT[0]), 13)
        ImageDraw.Draw(image).text((width - 190, height - 2 * s), status + "   Time: 00:14", fill=(35, 38, 39),
                                   font=font)
        img = np.asarray(image)
    return img


def _position() -> list[list[str]]:
    return [list(line) for line in LOST.splitlines()]


@pytest.mark.skipif(not STATUS_FONT, reason="no DejaVu Sans on this machine (fonts-dejavu-core)")
@pytest.mark.parametrize("cell", [35, 40, 44])
def test_a_see_through_lost_board_reads_exactly(cell: int) -> None:
    cells = _position()
    reading = read_image(encode(draw(cells, cell, "Mines: 2/40")))
    assert not reading.unsure, reading.reasons[:5]
    got = ["".join(c.value for c in reading.cells[r * 16:(r + 1) * 16]) for r in range(16)]
    assert got == LOST.splitlines()
    assert reading.board.mines == 40
    assert reading.text().split("\n", 1)[1].strip() == board_text(cells).replace("X", "*").strip()


@pytest.mark.skipif(not STATUS_FONT, reason="no DejaVu Sans on this machine (fonts-dejavu-core)")
@pytest.mark.parametrize(("cell", "fmt"), [(28, "PNG"), (30, "PNG"), (35, "JPEG"), (40, "JPEG")])
def test_a_see_through_lost_board_is_never_read_wrong(cell: int, fmt: str) -> None:
    """Smaller, or in JPEG (q85): cells may be unsure (at 28-30 px the drawn 1s are no plain digit
    shape, and stay unsure on a torn tile colour), never wrong; the total only where every cell is
    sure."""
    cells = _position()
    try:
        reading = read_image(encode(draw(cells, cell, "Mines: 2/40"), fmt, 85))
    except NoBoardFound:
        return
    unsure = set(reading.unsure)
    want = parse_board(board_text(cells).replace("X", "*")).cells
    got = reading.board.cells
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert not [divmod(i, 16) for i in range(256) if divmod(i, 16) not in unsure and got[i] != want[i]]
    assert reading.board.mines in (None, 40)
