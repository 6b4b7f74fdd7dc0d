"""KDE 2 KMines' keyboard focus frame: a black rectangle inside the cell's sides (2 px at the top and
left, 1 px at the bottom and right), closed on all four sides, nothing dark inside it. It is no
mouse pointer and hides nothing: the digit inside reads as on any other cell (focus.py), where its
glyph is not plainly its digit (DejaVu Sans 2s at 20 px: before, the frame left them unsure, as the
2 of kmines-kde2-one-8x8, 0.83 like a 2). A pointer over a framed digit still leaves it unsure.

And a light focus box round a dark theme's tile (qt-dark-won-16x30's bot draws a yellow one): the
tile stays dark (colours.tile_light), so its own pixels are no near-black mark under the digit."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from cpsolve.picture import glyphs_build
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.pictures.test_picture_glossy import _board_with
from tests.support.picture_render import board_origin, board_text, draw_pointer, encode, random_position

CELL = 20
DEJAVU = [p for p in glyphs_build.font_files() if p.name == "DejaVuSans.ttf"]


def _frame(img: np.ndarray, x: int, y: int, s: int) -> None:
    """KDE 2's focus frame on the cell at (x, y): black, a pixel in from its sides."""
    img[y + 1:y + 3, x + 1:x + s - 2] = 0
    img[y + 1:y + s - 2, x + 1:x + 3] = 0
    img[y + s - 3, x + 1:x + s - 2] = 0
    img[y + 1:y + s - 2, x + s - 3] = 0


def _framed_2s() -> tuple[np.ndarray, list[list[str]], list[tuple[int, int]]]:
    img, board = _board_with("2", (0, 128, 0), str(DEJAVU[0]), 0.7, CELL, seed=4)
    twos = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v == "2"]
    return np.array(img), board, twos


@pytest.mark.skipif(not DEJAVU, reason="no DejaVu Sans on this machine")
@pytest.mark.parametrize("k", [0, 1])
def test_a_digit_in_a_focus_frame_is_read_surely(k: int) -> None:
    img, board, twos = _framed_2s()
    r, c = twos[k]
    x0, y0 = board_origin(CELL)
    _frame(img, x0 + c * CELL, y0 + r * CELL, CELL)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert [cell.value for cell in reading.cells] == [v for row in board for v in row]


@pytest.mark.skipif(not DEJAVU, reason="no DejaVu Sans on this machine")
def test_a_pointer_over_a_framed_digit_leaves_it_unsure() -> None:
    img, board, twos = _framed_2s()
    r, c = twos[0]
    x0, y0 = board_origin(CELL)
    _frame(img, x0 + c * CELL, y0 + r * CELL, CELL)
    draw_pointer(img, x0 + c * CELL + CELL // 2, y0 + r * CELL + CELL // 3)
    reading = read_image(encode(img))
    cols = len(board[0])
    wrong = [i for i, (want, got) in enumerate(zip((v for row in board for v in row), (x.value for x in reading.cells)))
             if want != got and divmod(i, cols) not in set(reading.unsure)]
    assert not wrong
    assert (r, c) in set(reading.unsure)


def _light_frame(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int], width: int = 2) -> None:
    """A light focus box round the cell at (x, y) (qt-dark's bot draws a yellow one): ``width`` px
    lines over the tile's sides."""
    img[y + 1:y + 1 + width, x + 1:x + s - 1] = colour
    img[y + s - 1 - width:y + s - 1, x + 1:x + s - 1] = colour
    img[y + 1:y + s - 1, x + 1:x + 1 + width] = colour
    img[y + 1:y + s - 1, x + s - 1 - width:x + s - 1] = colour


@pytest.mark.parametrize("cell", [24, 32, 40])
@pytest.mark.parametrize("colour", [(190, 180, 60), (90, 200, 220)])
def test_a_light_focus_box_round_a_dark_tile_leaves_it_dark(cell: int, colour: tuple[int, int, int]) -> None:
    """A dark theme's digit in a light focus box (qt-dark-won-16x30's bot draws a yellow one round the
    cell it looks at): the box lifted the ring along the tile's sides over DARK_TILE, so the dark tile's
    own pixels counted as near-black (a mine under the digit) and the cell was unsure. The tile stays
    dark (colours.tile_light: just inside the box it is its own colour), and the digit reads surely."""
    cells, _ = random_position(12, 16, 30, seed=1, opened=0.7, flags=1.0)
    img = np.array(draw_dark(cells, cell, "qt", "DejaVuSans-Bold"))
    counts = {v: sum(row.count(v) for row in cells) for v in "12345678"}
    at = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row)
          if counts.get(v, 0) >= 5 and 0 < r < len(cells) - 1 and 0 < c < len(row) - 1][:3]
    assert at
    for r, c in at:
        _light_frame(img, (c + 1) * cell, (r + 1) * cell, cell, colour)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
