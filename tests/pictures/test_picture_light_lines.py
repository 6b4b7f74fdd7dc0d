"""Flat tiles of two greys parted by lines lighter than both (cpsolve.picture.lightlines).

TheToasterMonster's Unity clone (tests/data/screens/unity-gray-mid-10x10.png) draws (100,100,100)
covered and (150,150,150) revealed tiles with (200,200,200) lines 4 px wide between them. The
lattice lies on one side of each line, so every crop held a light band along its top and left,
which the bevel took for a raised tile's highlight: the whole board read sure covered, its 0s
and digits wrong. Drawn here the same way (a tile per cell, the lines round and between them, in a
white window), with the classic digits and flags: read exactly; scaled, never wrong. And with
the game's own flags, all red (a tall pennant on a short pole with a foot: marks.pole_flag):
flags, by their shape.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture.cells import _cropped
from cpsolve.picture.grid import find_grids
from cpsolve.picture.lightlines import light_line_boxes
from cpsolve.picture.reading import NoBoardFound
from tests.support.picture_render import DIGITS, _flag, _text, encode, parse_cells, render_board, scale, tiled_page

BOARD = """
. . . . . . . . .
. . . . . . . . .
. . . . 2 1 2 F .
. . . F 1 0 1 1 1
. . . 2 1 0 0 0 0
. . . 1 0 0 0 0 0
. . . 1 0 0 1 1 1
. . . 1 0 0 1 . .
. . . 1 0 0 1 . .
"""
COVERED, REVEALED, LINE = (100, 100, 100), (150, 150, 150), (200, 200, 200)


def red_flag(img: np.ndarray, x: int, y: int, s: int) -> None:
    """The Unity game's flag in the ``s`` px tile at (x, y), all red: a pennant pointing right from a
    pole at the flag's left, three quarters of the flag's height, the pole on below it to a foot."""
    red = (255, 0, 0)
    left, top, high = x + round(s * 0.34), y + round(s * 0.3), round(s * 0.5)
    pole = max(2, s // 30)
    tip = (left + round(high * 0.9), top + round(high * 0.36))
    tri = np.array([[left, top], [left, top + round(high * 0.72)], tip], np.int32)
    cv2.fillPoly(img, [tri], red, cv2.LINE_AA)
    img[top:top + high, left:left + pole] = red
    foot = max(2, s // 30)
    img[top + high - foot:top + high, left - round(s * 0.05):left + round(s * 0.08)] = red


def lined_board(cells: list[list[str]], pitch: int, gap: int, top: int = 30,
                flag: Callable[[np.ndarray, int, int, int], None] = _flag) -> np.ndarray:
    """The board's tiles (``pitch - gap`` px) with a light line ``gap`` px wide before each and round
    the board, in a white window with a title band ``top`` px high; its flags drawn by ``flag``."""
    def tile(img: np.ndarray, x: int, y: int, s: int, r: int, c: int) -> None:
        v = cells[r][c]
        img[y:y + s, x:x + s] = COVERED if v in ".F" else REVEALED
        if v == "F":
            flag(img, x, y, s)
        elif v.isdigit() and v != "0":
            _text(img, x, y, s, v, DIGITS[int(v)])

    board = tiled_page(cells, pitch=pitch, gap=gap, margin=0, page=LINE, tile=tile)
    h, w = board.shape[:2]
    img = np.full((h + gap + top + 6, w + gap + 6, 3), 255, np.uint8)
    img[top:top + h + gap, 3:3 + w + gap] = LINE
    img[top + gap:top + gap + h, 3 + gap:3 + gap + w] = board
    return img


def _values(reading) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.value for c in reading.cells]


@pytest.mark.parametrize(("pitch", "gap"), [(40, 4), (30, 3), (60, 5), (80, 4)])
def test_light_lines_between_flat_tiles_read_exactly(pitch: int, gap: int) -> None:
    cells = parse_cells(BOARD)
    reading = read_image(encode(lined_board(cells, pitch, gap)))
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert not reading.unsure
    assert _values(reading) == [v for row in cells for v in row]


@pytest.mark.parametrize(("pitch", "gap"), [(40, 4), (60, 5), (80, 4)])
def test_all_red_pennants_on_short_poles_are_flags(pitch: int, gap: int) -> None:
    cells = parse_cells(BOARD)
    reading = read_image(encode(lined_board(cells, pitch, gap, flag=red_flag)))
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert not reading.unsure, reading.reasons
    assert _values(reading) == [v for row in cells for v in row]


@pytest.mark.parametrize("factor", [0.75, 1.25, 1.5, 2.0])
@pytest.mark.parametrize(("pitch", "gap"), [(40, 4), (30, 3)])
def test_light_lines_scaled_never_wrong(pitch: int, gap: int, factor: float) -> None:
    cells = parse_cells(BOARD)
    try:
        reading = read_image(encode(scale(lined_board(cells, pitch, gap), factor)))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    want = [v for row in cells for v in row]
    unsure = {r * 9 + c for r, c in reading.unsure}
    assert [i for i, v in enumerate(_values(reading)) if i not in unsure and v != want[i]] == []


def test_a_raised_tiles_highlight_is_no_light_line() -> None:
    """The classic skin's covered tiles are lit along their top and left, its revealed ones not:
    no band lighter than every tile lies along a side of nearly every crop."""
    cells = parse_cells(BOARD)
    img = render_board(cells, 24, counter=None)
    grid = find_grids(img, 20)[0]
    flat, bg = _cropped(img, grid, None)
    assert light_line_boxes(flat, bg, grid.cell_size) is None


def test_the_lines_are_found_on_the_lined_board() -> None:
    img = lined_board(parse_cells(BOARD), 40, 4)
    grid = find_grids(img, 20)[0]
    flat, bg = _cropped(img, grid, None)
    boxes = light_line_boxes(flat, bg, grid.cell_size)
    assert boxes is not None and int(boxes.max()) >= 4
