"""Flags drawn as a pennant in a colour, not the classic red and black (docs/pictures.md, "The
cells": ``marks.pennant``), on drawn boards (the oracle is the position drawn).

zCRUSADERz's Java Swing clone (tests/data/screens/javaswing-ru-lost-16x16.png) draws its covered
cells as flat tiles a darker grey than the revealed ones, and its flags as green pennants on a
faint grey pole: by colour alone a green pennant is a 2, and with its flags read as 2s the covered
grey passes for revealed. A mark shaped as a pennant (a triangle pointing left or right) and like
no digit is a flag whatever its colour.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import DIGITS, _flat, _text, board_origin, encode, random_position, render_board

#: the clone's tiles: covered a flat darker grey, revealed a light grey
COVERED, REVEALED = (177, 177, 177), (220, 220, 220)
GREEN, ORANGE = (22, 146, 29), (240, 130, 20)


def _pennant(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int], right: bool) -> None:
    """A pennant on a faint pole, as the clone draws its flag: the triangle's base along the pole,
    pointing right (or left)."""
    pole = x + round(s * (0.3 if right else 0.7))
    top, bottom = y + round(s * 0.18), y + round(s * 0.82)
    cv2.line(img, (pole, top), (pole, bottom), (135, 135, 135), max(1, s // 20))
    tip = pole + (1 if right else -1) * round(s * 0.45)
    tri = np.array([[pole, top], [pole, top + round(s * 0.34)], [tip, top + round(s * 0.17)]], np.int32)
    cv2.fillPoly(img, [tri], colour, cv2.LINE_AA)


def _board(seed: int, cell: int, colour: tuple[int, int, int], right: bool) -> tuple[np.ndarray, list[str]]:
    cells, _ = random_position(16, 16, 40, seed=seed)
    img = render_board(cells, cell)
    left, top = board_origin(cell, counter=False)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = left + c * cell, top + r * cell
            if v in ".F":
                _flat(img, x, y, cell, COVERED)
                if v == "F":
                    _pennant(img, x, y, cell, colour, right)
            else:
                _flat(img, x, y, cell, REVEALED)
                if v != "0":
                    _text(img, x, y, cell, v, DIGITS[int(v)])
    return img, [v for row in cells for v in row]


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("cell", [24, 25, 32, 40])
@pytest.mark.parametrize(("colour", "right"), [(GREEN, True), (ORANGE, False)], ids=["green-right", "orange-left"])
def test_pennant_flags_in_a_colour_are_flags(seed: int, cell: int, colour: tuple[int, int, int], right: bool) -> None:
    """A flat skin whose flags are green (or orange) pennants, on covered tiles a darker grey than
    the revealed ones: every flag a sure flag, every cell right."""
    img, want = _board(seed, cell, colour, right)
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("cell", [16, 20])
def test_small_pennants_are_never_read_wrong(seed: int, cell: int) -> None:
    """At 16-20 px a pennant's glyph is too coarse to be sure of (like a pennant by under 0.8): the
    board may be refused or cells unsure, but no cell read surely is wrong."""
    img, want = _board(seed, cell, GREEN, True)
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return
    unsure = set(reading.unsure)
    assert [(c.row, c.col) for c, v in zip(reading.cells, want) if c.value != v and (c.row, c.col) not in unsure] == []
