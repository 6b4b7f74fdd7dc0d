"""Marks on raised (covered) tiles of a lost board that are no mine and no flag, on drawn boards
(the oracle is the position drawn):

* a bold question mark (winmine's bitmap "?", 3 px strokes at 24 px cells: wqhanginge's winmine
  rebuild, tests/data/screens/winmine-rebuild-lost-16x30.png) is a large dark blob too, but its
  strokes fill under 0.45 of their box where a mine's disc fills 0.5 and more (``overlay.DISC_FILL``):
  a question mark, never a sure mine (and so no reason to take the flat tiles' mines for exploded);
* a wrong flag drawn as a red X alone on the raised tile (nholthaus's Qt clone,
  tests/data/screens/qt-nholthaus-lost-16x30.png) is red with no black, as a red flag mark alone is,
  but crosses the cell's diagonals (``overlay.RED_CROSS``): never a sure flag.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import _raised, board_origin, encode, random_position, red_x, render_board

#: winmine's question mark as its rebuild draws it at 24 px cells (# black), from the cell's 5th row
QUESTION = ["...######...", ".###....###.", ".###....###.", ".###....###.", ".###....###.", "........###.",
            "......###...", "......###...", "....####....", "....####....", "....####....", "............",
            "............", "....####....", "....####....", "....####...."]


def _question(img: np.ndarray, x: int, y: int, s: int) -> None:
    glyph = np.array([[ch == "#" for ch in row] for row in QUESTION], np.uint8)
    k = s / 24
    h, w = round(len(QUESTION) * k), round(len(QUESTION[0]) * k)
    mask = cv2.resize(glyph, (w, h), interpolation=cv2.INTER_NEAREST).astype(bool)
    oy, ox = y + round(4 * k), x + (s - w) // 2
    img[oy:oy + h, ox:ox + w][mask] = (0, 0, 0)


#: winmine's own question mark at 16 px cells (2 px strokes), from the cell's 4th row; drawn at 2x
#: (CalebWebsterJCU's tkinter BigMinesweeper, tests/data/screens/winmine2x-tk-mid-16x16.png) its
#: strokes are 4 px
WINMINE_QUESTION = ["..####..", ".##..##.", ".##..##.", ".....##.", "....##..", "...##...", "...##...",
                    "........", "...##...", "...##..."]


def _winmine_question(img: np.ndarray, x: int, y: int, s: int, shift: int = 0) -> None:
    glyph = np.array([[ch == "#" for ch in row] for row in WINMINE_QUESTION], np.uint8)
    k = s // 16
    mask = np.kron(glyph, np.ones((k, k), np.uint8)).astype(bool)
    h, w = mask.shape
    oy, ox = y + 3 * k + shift, x + 4 * k + shift
    img[oy:oy + h, ox:ox + w][mask] = (0, 0, 0)


def _draw(cells: list[list[str]], cell: int, counter: int, marked: list[tuple[int, int]], mark) -> np.ndarray:  # type: ignore[no-untyped-def]
    img = render_board(cells, cell, counter=counter)
    left, top = board_origin(cell)
    for r, c in marked:
        x, y = left + c * cell, top + r * cell
        _raised(img, x, y, cell, max(1, cell // 8))
        mark(img, x, y, cell)
    return img


def _lost(seed: int) -> tuple[list[list[str]], int]:
    return random_position(16, 16, 40, seed=seed, state="lost")


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("cell", [24, 32, 40])
def test_a_bold_question_mark_on_a_lost_board_is_no_mine(seed: int, cell: int) -> None:
    cells, counter = _lost(seed)
    marked = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."][:3]
    for r, c in marked:
        cells[r][c] = "?"
    reading = read_image(encode(_draw(cells, cell, counter, marked, _question)))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()


@pytest.mark.parametrize("shift", [-1, 0, 1])
@pytest.mark.parametrize("seed", [2, 5, 7])
@pytest.mark.parametrize("cell", [16, 32, 48])
def test_winmines_bold_question_marks_on_a_board_in_play_are_sure(seed: int, cell: int, shift: int) -> None:
    """A board in play (no mine shown) with a few question marks, winmine's bitmap at 1x-3x (a pixel
    off the sprite's place, either way): a large dark blob that may pass for a mine drawn over the
    cell, but by its shape a question mark (under 0.45 of its box filled), so a sure ``?`` that
    counts as no shown mine, and the mine total stands."""
    cells, counter = random_position(16, 16, 40, seed=seed)
    marked = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."][::17][:5]
    for r, c in marked:
        cells[r][c] = "?"
    reading = read_image(encode(_draw(cells, cell, counter, marked, functools.partial(_winmine_question, shift=shift))))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert reading.board.mines == 40


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("cell", [20, 24, 32])
def test_a_red_x_on_a_raised_tile_is_no_sure_flag(seed: int, cell: int) -> None:
    cells, counter = _lost(seed)
    crossed = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "W"]
    assert crossed
    reading = read_image(encode(_draw(cells, cell, counter, crossed, red_x)))
    unsure = set(reading.unsure)
    for r, c in crossed:
        assert (r, c) in unsure or reading.cells[r * 16 + c].value == "W"
    want = [v for row in cells for v in row]
    silently_wrong = [(c.row, c.col, c.value, v) for c, v in zip(reading.cells, want)
                      if c.value != v and (c.row, c.col) not in unsure]
    assert silently_wrong == []
    assert reading.board.mines in (None, 40)
