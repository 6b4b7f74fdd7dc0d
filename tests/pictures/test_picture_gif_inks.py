"""Digits whose inks a GIF's palette shifted, drawn here (tests/data/screens/win7-de-mid-16x30.png,
Windows 7 through a GIF of few colours):

* slate 1s on a bluish revealed tile, (88, 105, 190) on (180, 184, 215): 77 from the classic 8's
  grey, nearer it than any other digit colour, but with channels 102 apart on a tile whose are 35
  apart: a grey 8 blurred into that tile could not take that much hue (digits.py ``_hue_on_grey``);
* a slate 1 whose glyph is nearly as like Haiku's heavy 3 as a 1 (0.92 against 0.87), its colour
  near enough the classic 1's blue to let the shape decide: against the digits whose colour the
  ink's hue allows (no red 3 is drawn in slate), as where the colour names no digit;
* dark green 2s whose lower strokes the palette made near-black: that near-black part is the 2's
  own strokes, a dark shade of its ink, no mine under it (digits.py ``own_dark_strokes``);
* dark red 3s, near-black with a light red fringe: red and dark as a flag or a crossed mine is,
  but on a revealed tile and plainly a 3 in a 3's colour (cells.py, ``dark_digit(hued=True)``);
* 1s in Windows 7's slate, every third one grey-slate, (74, 82, 132) or (72, 80, 120): nearer the
  classic 8's grey than any digit colour by RGB, but nearer the board's own ink for its 1s (those read
  surely) than any digit colour as a palette keeps a colour (its brightness; boardink.py);
* dark red 3s, every third one near-black, (15, 4, 7) to (41, 15, 16): nearest the classic 7's black,
  but a dark shade of the board's own ink for its 3s, its red ahead of its green and blue
  (boardink.py ``dark_shade``).
Each read exactly; each was unsure before. But a 1 drawn in a plain grey, the 8's or a darker one, is
no 1 by the board's ink, and a 3 in black or a near-black of another hue no 3 by it: they stay unsure."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture.skins import DIGIT_SHAPES
from tests.support.picture_render import _flat, _text, board_origin, encode, random_position, render_board

Draw = Callable[[np.ndarray, int, int, int], None]


def _board(digit: str, tile: tuple[int, int, int], draw: Draw, cell: int = 20) -> tuple[np.ndarray, list[str]]:
    """A classic board whose ``digit``s lie on ``tile`` and are drawn by ``draw``, and its values."""
    board, counter = random_position(16, 16, 40, seed=2)
    img = render_board(board, cell, counter=counter)
    x0, y0 = board_origin(cell)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            if v == digit:
                x, y = x0 + c * cell, y0 + r * cell
                _flat(img, x, y, cell, tile)
                draw(img, x, y, cell)
    return img, [v for row in board for v in row]


def _assert_exact(img: np.ndarray, drawn: list[str]) -> None:
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert [c.value for c in reading.cells] == drawn


def test_slate_1s_on_a_bluish_tile_are_no_grey_8s() -> None:
    ink = (88, 105, 190)
    _assert_exact(*_board("1", (180, 184, 215), lambda img, x, y, s: _text(img, x, y, s, "1", ink)))


def test_a_slate_1_like_a_heavy_3_is_no_red_3() -> None:
    """Windows 7's 1 with a share of Haiku's heavy 3 in its strokes, a block of 2 px a glyph cell."""
    one = np.array([int(ch) for ch in DIGIT_SHAPES["win7"][1]], float)
    three = np.array([int(ch) for ch in DIGIT_SHAPES["haiku"][3]], float)
    bits = (0.55 * one + 0.45 * three >= 4).reshape(8, 8)
    ink, tile = (70, 81, 177), (209, 210, 225)

    def draw(img: np.ndarray, x: int, y: int, s: int) -> None:
        k = s // 10
        ox, oy = x + (s - 8 * k) // 2, y + (s - 8 * k) // 2
        for i, j in zip(*np.nonzero(bits)):
            img[oy + i * k:oy + (i + 1) * k, ox + j * k:ox + (j + 1) * k] = ink

    _assert_exact(*_board("1", tile, draw))


def _two_tone(digit: str, tile: tuple[int, int, int], ink: tuple[int, int, int], dark: tuple[int, int, int],
              part: float) -> Draw:
    """``digit`` in ``ink``, its strokes in the lowest ``part`` of the cell in ``dark``."""
    def draw(img: np.ndarray, x: int, y: int, s: int) -> None:
        _text(img, x, y, s, digit, ink)
        cell = img[y:y + s, x:x + s].astype(int)
        inked = np.abs(cell - np.array(tile)).sum(axis=2) > 120
        cell[inked & (np.arange(s)[:, None] >= round(s * (1 - part)))] = dark
        img[y:y + s, x:x + s] = cell
    return draw


def test_dark_green_2s_near_black_below_are_2s() -> None:
    tile = (205, 209, 228)
    _assert_exact(*_board("2", tile, _two_tone("2", tile, (40, 110, 20), (64, 78, 30), 0.45)))


def test_near_black_red_3s_with_a_red_fringe_are_3s() -> None:
    def draw(img: np.ndarray, x: int, y: int, s: int) -> None:
        _text(img, x, y, s, "3", (180, 20, 20))
        _text(img, x + 1, y, s, "3", (74, 5, 3))

    _assert_exact(*_board("3", (205, 209, 228), draw))


def _every_third(ink: tuple[int, int, int], odd: tuple[int, int, int], tile: tuple[int, int, int],
                 cell: int = 20, digit: str = "1", mines: int = 40,
                 crisp: bool = False) -> tuple[np.ndarray, list[str], list[int]]:
    """A classic board of ``mines`` whose ``digit``s lie on ``tile``, in ``ink`` but every third one
    in ``odd`` (``crisp``: with no anti-aliasing, every pixel the ink or the tile, as a GIF's palette
    of few colours leaves them): the picture, its values and the odd ones' places."""
    board, counter = random_position(16, 16, mines, seed=2)
    img = render_board(board, cell, counter=counter)
    x0, y0 = board_origin(cell)
    ones = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == digit]
    for k, (r, c) in enumerate(ones):
        x, y = x0 + c * cell, y0 + r * cell
        _flat(img, x, y, cell, tile)
        _text(img, x, y, cell, digit, odd if k % 3 == 0 else ink)
        if crisp:
            crop = img[y:y + cell, x:x + cell]
            inked = np.abs(crop.astype(int) - np.array(tile)).sum(axis=2) > 120
            crop[:] = tile
            crop[inked] = odd if k % 3 == 0 else ink
    return img, [v for row in board for v in row], [r * 16 + c for r, c in ones[::3]]


@pytest.mark.parametrize(("odd", "tile"), [((74, 82, 132), (213, 221, 239)), ((72, 80, 120), (211, 217, 236))])
def test_grey_slate_1s_read_by_the_boards_own_ink(odd: tuple[int, int, int], tile: tuple[int, int, int]) -> None:
    img, drawn, _ = _every_third((70, 83, 193), odd, tile)
    _assert_exact(img, drawn)


@pytest.mark.parametrize("odd", [(128, 128, 128), (100, 100, 110)])
def test_grey_1s_beside_slate_ones_stay_unsure(odd: tuple[int, int, int]) -> None:
    img, drawn, odds = _every_third((70, 83, 193), odd, (213, 221, 239))
    reading = read_image(encode(img))
    assert not [(c.row, c.col) for k, c in enumerate(reading.cells) if c.sure and c.value != drawn[k]]
    assert odds and all(not reading.cells[k].sure for k in odds)


@pytest.mark.parametrize("odd", [(29, 9, 14), (41, 15, 16), (15, 4, 7)])
def test_near_black_shades_of_the_boards_red_3s_are_3s(odd: tuple[int, int, int]) -> None:
    """Windows 7's dark red 3s, (111, 15, 18), some a GIF's palette made near-black: nearest the
    classic 7's black by RGB, but a shade of the board's own ink for its 3s (its red ahead of its
    green and blue), the glyph plainly a 3 (boardink.dark_shade; at 32 px, where the drawn font's 3 is
    plainly one, 0.96 like a 3 and 0.73 like a 5; crisp, as the GIF's strokes are)."""
    img, drawn, odds = _every_third((111, 15, 18), odd, (205, 209, 228), 32, "3", mines=60, crisp=True)
    assert len(odds) >= 3
    _assert_exact(img, drawn)


@pytest.mark.parametrize("odd", [(20, 20, 20), (8, 20, 12), (24, 10, 40)])
def test_near_black_3s_of_no_shade_of_the_boards_red_stay_unsure(odd: tuple[int, int, int]) -> None:
    """A 3 in black (the 7's colour), in a green or a violet near-black: no shade of the board's red
    ink for its 3s, colour and shape disagree, and the cell stays unsure."""
    img, drawn, odds = _every_third((111, 15, 18), odd, (205, 209, 228), 32, "3", mines=60, crisp=True)
    reading = read_image(encode(img))
    assert not [(c.row, c.col) for k, c in enumerate(reading.cells) if c.sure and c.value != drawn[k]]
    assert odds and all(not reading.cells[k].sure for k in odds)
