"""KDE 2 KMines' keyboard focus frame: a black rectangle inside the cell's sides (2 px at the top and
left, 1 px at the bottom and right), closed on all four sides, nothing dark inside it. It is no
mouse pointer and hides nothing: the digit inside reads as on any other cell (focus.py), where its
glyph is not plainly its digit (DejaVu Sans 2s at 20 px: before, the frame left them unsure, as the
2 of kmines-kde2-one-8x8, 0.83 like a 2). A pointer over a framed digit still leaves it unsure."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture import glyphs_build
from tests.pictures.test_picture_glossy import _board_with
from tests.support.picture_render import board_origin, draw_pointer, encode

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
