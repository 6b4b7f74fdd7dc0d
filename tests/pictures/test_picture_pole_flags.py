"""Flags drawn as a red pennant on a golden pole, no black, on flat light tiles, and the mines left
as a plain number right of such a flag in a light header above the board (the tkinter emoji clone,
tests/data/screens/tkinter-emoji-mid-15x15.png: ``marks.pole_flag``, ``textcounter.read_flag_left``).
On drawn boards (the oracle is the position drawn).

By colour alone such a flag is a 3 (red) on a revealed tile (flat), and a red mark on a flat tile is
no sure flag where the covered tiles are raised: its shape, a pennant on a pole, tells it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import _flat, board_origin, encode, random_position, render_board

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#: the clone's flag: a red pennant, a golden pole; its flags' tiles a flat near-white
RED, GOLD, WHITE = (220, 40, 40), (171, 168, 0), (240, 240, 240)
#: the header's light grey and its number's green
PANEL, GREEN = (240, 240, 240), (0, 128, 0)


def draw_pole_flag(img: np.ndarray, x: int, y: int, s: int, right: bool = True) -> None:
    """A red pennant on a golden pole in the s px square at (x, y): the pole down most of the
    square, the pennant at its top, its base on the pole, pointing right (or left)."""
    pole = x + round(s * (0.35 if right else 0.65))
    top, bottom = y + round(s * 0.15), y + round(s * 0.85)
    cv2.line(img, (pole, top), (pole, bottom), GOLD, max(1, s // 27))
    tip = pole + (1 if right else -1) * round(s * 0.42)
    tri = np.array([[pole, top], [pole, top + round(s * 0.36)], [tip, top + round(s * 0.18)]], np.int32)
    cv2.fillPoly(img, [tri], RED, cv2.LINE_AA)


def _board(seed: int, cell: int, right: bool = True) -> tuple[np.ndarray, list[str], int, int]:
    """A position drawn as the clone draws it (classic raised covered tiles and flat grey revealed
    ones with classic digits; its flags on flat near-white tiles), with the mines left and total."""
    cells, left_count = random_position(12, 12, 24, seed=seed)
    img = render_board(cells, cell)
    x0, y0 = board_origin(cell, counter=False)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v == "F":
                _flat(img, x0 + c * cell, y0 + r * cell, cell, WHITE)
                draw_pole_flag(img, x0 + c * cell, y0 + r * cell, cell, right)
    return img, [v for row in cells for v in row], left_count, 24


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("cell", [32, 40, 54])
def test_pennants_on_poles_on_flat_tiles_are_flags(seed: int, cell: int) -> None:
    """Every flag a sure flag (not a red 3, not unsure for lying on a flat tile), every cell right."""
    img, want, _, _ = _board(seed, cell)
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want


def _with_header(img: np.ndarray, cell: int, number: str, right: bool = True, flag: bool = True) -> np.ndarray:
    """The board under a light header a cell and a half high: a flag icon (a pennant on a pole,
    pointing right or left) at its right, the mines left in small green digits right of it."""
    h = round(cell * 1.5)
    out = np.full((img.shape[0] + h, img.shape[1], 3), PANEL, np.uint8)
    out[h:] = img
    icon = round(cell * 0.9)
    ix = img.shape[1] - 3 * cell
    if flag:
        draw_pole_flag(out, ix, (h - icon) // 2, icon, right)
    pil = Image.fromarray(out)
    draw = ImageDraw.Draw(pil)
    draw.text((ix + icon + cell // 2, h // 2 + icon // 6), number, font=ImageFont.truetype(FONT, max(12, cell // 3)),
              fill=GREEN, anchor="lm")
    return np.asarray(pil)


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("cell", [32, 54])
def test_mines_left_right_of_a_flag_icon_are_read(seed: int, cell: int) -> None:
    img, want, left_count, total = _board(seed, cell)
    reading = read_image(encode(_with_header(img, cell, str(left_count))))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want
    assert reading.mine_counter == left_count
    assert reading.board.mines == total  # mines left plus the flags


@pytest.mark.parametrize(("number", "right", "flag"), [("x9", True, True), ("1O", True, True),
                                                       ("12", False, True), ("12", True, False)],
                         ids=["garbled", "letter", "pennant-left", "no-flag"])
def test_no_clear_number_right_of_a_right_pointing_flag_gives_no_counter(number: str, right: bool,
                                                                         flag: bool) -> None:
    """Garbled text, a pennant pointing left (its pole right of it, maybe taken for a 1), no flag
    icon: no counter, so no mine total (never a guessed one)."""
    img, _, _, _ = _board(1, 40)
    try:
        reading = read_image(encode(_with_header(img, 40, number, right, flag)))
    except NoBoardFound:
        return
    assert reading.mine_counter is None and reading.board.mines is None
