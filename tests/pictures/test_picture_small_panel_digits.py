"""Red digits drawn straight on the panel above the board, in no dark box, smaller than a cell
(counter.PANEL_LOW): pygame-xp-mid-18x18.png writes its mine counter "020" and its timer "019" in
red bold monospaced digits 17 px high over 28.8 px cells (0.59 of a cell), the face between them.
The panel's red digits were a display only from 0.8 of a cell (JSMinesweeper's); lower, none was
seen and the board had no mine total. Read, the twins' totals both fit and winmine's layout (the
face between them) tells the counter: the left one.

DejaVu Sans Mono's 0, dotted in its counter, lit the seven-segment reading's middle spot: at 24 px
cells "023" was read as 823 (no total, as it does not fit; a last 0 read as 8 may fit).
counter._dot: a middle lit in a run under DOT_RUN of the place is a dot, no segment (then read
by the fonts: 023)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import read_image
from cpsolve.picture.counter import PANEL_LOW, _light_around
from tests.support.picture_render import GREY, encode, random_position, render_board

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"


def _panel_digits(cells: list[list[str]], cell: int, counter: str, timer: str, high: float) -> np.ndarray:
    """The board with its panel, the two seven-segment displays gone and ``counter`` (left) and
    ``timer`` (right) written in red on the grey panel, digits ``high`` cells high; the face between."""
    img = render_board(cells, cell, counter=0, timer=0)
    b, m = max(2, cell // 5), max(4, cell // 2)
    panel = round(cell * 2.2)
    width = img.shape[1]
    face = cell  # (the face's half width and a margin: left as drawn)
    img[m:m + panel, m + b:width // 2 - face] = GREY
    img[m:m + panel, width // 2 + face:width - m - b] = GREY
    pil = Image.fromarray(img)
    draw = ImageDraw.Draw(pil)
    font = ImageFont.truetype(FONT, round(high * cell / 0.73))  # (a digit is 0.73 of the font's size)
    draw.text((m + b + cell // 3, m + panel / 2), counter, font=font, fill=(255, 0, 0), anchor="lm")
    draw.text((width - m - b - cell // 3, m + panel / 2), timer, font=font, fill=(255, 0, 0), anchor="rm")
    return np.asarray(pil)


@pytest.mark.parametrize("cell", [24, 29])
@pytest.mark.parametrize("seed", [4, 9])
def test_small_red_digits_on_the_panel_are_the_counter_left_of_the_face(seed: int, cell: int) -> None:
    cells, counter = random_position(16, 16, 40, seed=seed, state="playing")
    img = _panel_digits(cells, cell, f"{counter:03d}", f"{counter - 1:03d}", 0.6)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert reading.mine_counter == counter
    assert reading.board.mines == 40  # the counter plus the flags


def test_red_digits_under_the_least_height_are_no_display() -> None:
    """Red digits well under PANEL_LOW of a cell (a label's small print) give no counter."""
    cells, counter = random_position(16, 16, 40, seed=4, state="playing")
    img = _panel_digits(cells, 29, f"{counter:03d}", f"{counter - 1:03d}", PANEL_LOW - 0.15)
    reading = read_image(encode(img))
    assert reading.mine_counter is None and reading.board.mines is None


def test_red_digits_in_a_dark_box_are_no_light_panel() -> None:
    """Only digits on a light panel are a display from PANEL_LOW: winmine's LEDs in their black box,
    the box refused as too small on a lattice of twice the cells' pitch (winmine-cursor-16x16.png
    scaled 0.65, its LEDs 0.72 of that lattice's cells), read 40 and let that lattice, all covered
    cells, pass for the board: read as 8x8 (tests/pictures/test_picture_scaled_screens.py's soak)."""
    area = np.zeros((20, 40, 3), np.int16)
    area[4:16, 4:10] = (255, 0, 0)
    lit = (area[..., 0] > 170) & (area[..., 1] < 110)
    assert not _light_around(area, lit, (2, 2, 36, 16))
    area[~lit] = GREY
    assert _light_around(area, lit, (2, 2, 36, 16))
