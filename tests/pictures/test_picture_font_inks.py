"""Classic boards whose digits are drawn in system fonts (DejaVu Sans, Liberation Serif; PIL), some
in ANOTHER digit's classic colour (a clone whose colours are not winmine's: DanielMcPherson's Qt
clone draws its 3s in the 5's maroon, tests/data/screens/qt-ubuntu-lost-8x8.png). Found by
benchmarks/sweep_fonts.py (task neverD): read a cell SURE and WRONG, the game rules on.

* a black 2 in DejaVu Sans Bold (0.82 like a 2), a large dark blob, read as a sure mine on a board
  showing no other: a glyph more like a digit than any mine's (MINE_NOT_DIGIT, 0.75; the tuning
  set's mines 0.71 at most) is no sure mine (digits.py ``digit_glyph``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve import read_image
from tests.support.picture_render import DIGITS, board_origin, encode, random_position, render_board, sure_wrong

FONTS = {"DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         "DejaVuSans-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "LiberationSerif-Bold": "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"}


def draw(cells: list[list[str]], counter: int | None, s: int, font: str,
         inks: dict[tuple[int, int], int]) -> np.ndarray:
    """The classic skin with its digits drawn in ``font`` about 0.6 of the cell high, in their
    classic colours but at ``inks``' cells, there in that digit's colour."""
    blank = [["0" if v.isdigit() else v for v in row] for row in cells]
    img = Image.fromarray(render_board(blank, s, counter=counter))
    d = ImageDraw.Draw(img)
    face = ImageFont.truetype(FONTS[font], max(8, round(0.6 * s)))
    left, top = board_origin(s, counter is not None)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v.isdigit() and v != "0":
                d.text((left + c * s + s / 2, top + r * s + s / 2), v, fill=DIGITS[inks.get((r, c), int(v))],
                       font=face, anchor="mm")
    return np.asarray(img)


def _swapped(cells: list[list[str]], seed: int, share: float) -> dict[tuple[int, int], int]:
    """benchmarks/sweep_fonts.py's inks: each digit, with probability ``share``, in another's colour."""
    rng, out = random.Random(seed), {}
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v.isdigit() and v != "0" and rng.random() < share:
                out[r, c] = rng.choice([k for k in DIGITS if k != int(v)])
    return out


#: a sweep_fonts.py case (--seed 2 --swap 0.15 #42): (rows, cols, mines, seed, opened, flags, cell,
#: font, JPEG quality or PNG, counter, inks' seed, share), the cells read wrong before, hand-checked:
#: (row, col, drawn, its colour's digit, read before)
CASES = [
    ((10, 11, 19, 261, 0.9, 1.0, 24, "DejaVuSans-Bold", None, True, 475, 0.15), [(8, 3, "2", 7, "*")]),
]


@pytest.mark.parametrize(("case", "before"), CASES, ids=["black-2"])
def test_a_black_digit_in_a_system_font_is_no_sure_mine(
        case: tuple, before: list[tuple[int, int, str, int, str]]) -> None:
    rows, cols, mines, seed, opened, flags, cell, font, quality, counter, inks_seed, share = case
    cells, count = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    inks = _swapped(cells, inks_seed, share)
    for r, c, drawn, ink, _ in before:  # the drawing is the one hand-checked
        assert cells[r][c] == drawn and inks[r, c] == ink
    img = draw(cells, count if counter else None, cell, font, inks)
    reading = read_image(encode(img, "JPEG", quality) if quality else encode(img))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert sure_wrong(reading, cells) == []
    assert reading.board.mines in (None, mines)
    for r, c, *_ in before:
        assert (r, c) in reading.unsure
