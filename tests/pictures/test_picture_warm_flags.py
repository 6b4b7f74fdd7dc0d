"""Flags drawn in one warm colour with no black, orange rather than the classic red and black, on
covered tiles told by their bevel (docs/pictures.md, "The cells": ``overlay.warm_mark``), on drawn
boards (the oracle is the position drawn).

virgs's Vue clone (tests/data/screens/vue-flat-mid-16x16.png) draws its covered cells light blue
with a darker strip along their bottom (a bevel), its revealed ones light grey, and its flags as an
orange banner on an orange pole: orange (238, 109, 41) is no saturated red (green over 100), so its
flags were marks like no digit on covered tiles, unsure, and the board refused. A covered tile
carries a flag or a question mark; a mark on it in a warm hue alone is a flag as a red one is.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import DIGITS, _text, draw_counter, encode, random_position, red_x

#: the clone's tiles: covered light blue with a darker strip along the bottom, revealed light grey,
#: each with a grey line along its top and left
COVERED, SHADE, REVEALED, LINE = (87, 195, 229), (0, 110, 150), (229, 229, 229), (140, 140, 140)
ORANGE = (238, 109, 41)


def _banner(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int]) -> None:
    """A flag as web icon sets draw it: a pole on the left and a cloth over its top half, one colour."""
    pole = x + round(s * 0.3)
    top, bottom = y + round(s * 0.2), y + round(s * 0.8)
    cv2.line(img, (pole, top), (pole, bottom), colour, max(1, s // 12))
    cloth = np.array([[pole, top], [x + round(s * 0.75), top + round(s * 0.03)],
                      [x + round(s * 0.72), y + round(s * 0.5)], [pole, y + round(s * 0.48)]], np.int32)
    cv2.fillPoly(img, [cloth], colour, cv2.LINE_AA)


def draw(cells: list[list[str]], cell: int, counter: int, *, shade: bool = True) -> np.ndarray:
    """The board in the clone's skin, its mine counter (a seven-segment display) above it. A lost
    board's mines are black discs on revealed tiles, the exploded one on red, and a wrong flag an
    orange X on a covered tile; ``shade``: the covered tiles' bevel (without it, a flat skin)."""
    rows, cols = len(cells), len(cells[0])
    m = cell // 2
    panel = round(cell * 2.2)
    img = np.full((rows * cell + 2 * m + panel, cols * cell + 2 * m, 3), (240, 240, 240), np.uint8)
    top = m + panel
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, top + r * cell
            closed = v in ".FW"
            img[y:y + cell, x:x + cell] = COVERED if closed else (255, 0, 0) if v == "X" else REVEALED
            if closed and shade:
                img[y + cell - max(2, cell // 8):y + cell, x:x + cell] = SHADE
            img[y, x:x + cell] = LINE
            img[y:y + cell, x] = LINE
            if v == "F":
                _banner(img, x, y, cell, ORANGE)
            elif v == "W":
                red_x(img, x, y, cell, ORANGE)
            elif v in "*X":
                cv2.circle(img, (x + cell // 2, y + cell // 2), round(cell * 0.3), (0, 0, 0), -1, cv2.LINE_AA)
            elif v != "0" and v != ".":
                _text(img, x, y, cell, v, DIGITS[int(v)])
    draw_counter(img, m, m // 2, cell, counter, (64, 0, 0))
    return img


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("cell", [20, 28, 40])
def test_orange_flags_on_covered_tiles_are_flags(seed: int, cell: int) -> None:
    """Every flag a sure flag, every cell right, and the mine total (the counter plus the flags)."""
    cells, counter = random_position(16, 16, 40, seed=seed, opened=0.6, flags=0.8)
    reading = read_image(encode(draw(cells, cell, counter)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.board.mines == 40


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("shade", [True, False], ids=["bevelled", "flat"])
def test_orange_marks_are_never_read_wrong_on_a_lost_board(seed: int, shade: bool) -> None:
    """A lost board: its flags orange banners, its wrong flags orange Xs on covered tiles. The cross
    is measured on saturated red pixels, which an orange X has none of: on a board that shows its
    mines a warm mark is no sure flag (a wrong flag read as a flag would claim a mine). Refused or
    unsure, never wrong; the same on a flat skin (no bevel to say which tiles are covered)."""
    cells, counter = random_position(16, 16, 40, seed=seed, opened=0.6, flags=0.8, state="lost")
    assert any(v == "W" for row in cells for v in row)
    try:
        reading = read_image(encode(draw(cells, 28, counter, shade=shade)))
    except NoBoardFound:
        return
    unsure = set(reading.unsure)
    want = [v for row in cells for v in row]
    wrong = [(c.row, c.col, want[i], c.value) for i, c in enumerate(reading.cells)
             if c.value != want[i] and (c.row, c.col) not in unsure and not (want[i] == "W" and c.value == ".")]
    assert wrong == []
    assert reading.board.mines in (None, 40)
