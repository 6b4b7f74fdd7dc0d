"""A header above the board is no row of cells (issue 39: never silently wrong).

raygui-lost-8x8.png (tests/data/screens: a raygui clone) draws its header a cell high right above
its 8x8 board: a "?" button, a black LED box, a face button, a second LED box, a sound button, on
the page's grey, which is also the revealed cells' colour. The lattice found takes it in as a ninth
row (9x8); scaled 0.8 (the soak, tests/pictures/test_picture_scaled_screens.py) main bd63ee4 read
it so, the LED box's 7 a sure 1 in that row: a wrong size, silently wrong (headerRow, 2026-12-07).

Here such a window is drawn (a flat board of 3 px lines on the page's grey, its covered tiles
bevelled, the header of buttons and seven-segment LED boxes a cell high above it, scaled). The
board's rows are each parted into cells by lines at the lattice's pitch; the header's buttons and
boxes have their sides at their own places: since crosslines.unparted_edge a lattice whose edge
row alone is not parted into cells is not read. Each window must be refused or read 8x8 with every
sure cell right. Main 231af30 read the four at 1.25 as 9x8 (the header a row of cells); they are
refused since; at 0.8 and 1.0 the lattice found leaves the header out and all read right. Since
headers.py the lattice without such a row is read: the four at 1.25 read 8x8.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import (
    DIGITS,
    _flag,
    _mine,
    _text,
    draw_counter,
    encode,
    random_position,
    scale,
    sure_wrong,
)

PAGE = (245, 245, 245)
LINE = (201, 201, 201)
CELL = 40


def _tile(img: np.ndarray, x: int, y: int, s: int) -> None:
    """raygui's covered tile: mid grey, lighter along the top and left, darker along the bottom and right."""
    w = max(2, s // 10)
    img[y:y + s, x:x + s] = (188, 188, 188)
    img[y + w:y + s, x + w:x + s] = (99, 99, 99)
    img[y + w:y + s - w, x + w:x + s - w] = (157, 157, 157)


def _button(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A square button: light grey in a grey outline."""
    b = max(2, s // 12)
    img[y:y + s, x:x + s] = (131, 131, 131)
    img[y + b:y + s - b, x + b:x + s - b] = LINE


def header_window(seed: int, factor: float) -> tuple[list[list[str]], np.ndarray]:
    """Seed ``seed``'s lost 8x8 game (10 mines) on the page's grey in 3 px lines, the header (buttons
    and LED boxes a cell high) right above it, scaled by ``factor``."""
    cells, counter = random_position(8, 8, 10, seed, state="lost")
    line, margin = 3, 8
    pitch = CELL + line
    top = margin + CELL + line          # the header's row, then the board's first line
    width = 2 * margin + 8 * pitch + line
    img = np.full((top + 8 * pitch + line + margin, width, 3), PAGE, np.uint8)
    img[top:top + 8 * pitch + line, margin:margin + 8 * pitch + line] = LINE
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = margin + line + c * pitch, top + line + r * pitch
            if v in ".F?":
                _tile(img, x, y, CELL)
                if v == "F":
                    _flag(img, x, y, CELL)
            else:
                img[y:y + CELL, x:x + CELL] = (230, 40, 40) if v == "X" else PAGE
                if v.isdigit() and v != "0":
                    _text(img, x, y, CELL, v, DIGITS[int(v)])
                elif v in "*XW":
                    _mine(img, x, y, CELL)
                if v == "W":  # (a wrong flag: its mine crossed out)
                    cv2.line(img, (x + 4, y + 4), (x + CELL - 4, y + CELL - 4), (255, 0, 0), 3)
                    cv2.line(img, (x + CELL - 4, y + 4), (x + 4, y + CELL - 4), (255, 0, 0), 3)
    # the header: "?" button, LED box (the mines left), face button, LED box (the time), sound button
    s, y = CELL - 6, margin + 3
    _button(img, margin + 6, y, s)
    _text(img, margin + 6, y, s, "?", (80, 80, 80))
    led = round(CELL * 0.5)
    draw_counter(img, margin + 6 + s + 2 * line + 10, y + 2, led, max(counter, 0), None)
    _button(img, width // 2 - s // 2, y, s)
    timer_x = width - margin - 6 - s - 10 - (3 * round(led * 0.8) + 4 * max(1, round(led * 0.14)))
    draw_counter(img, timer_x, y + 2, led, 7, None)
    _button(img, width - margin - 6 - s, y, s)
    return cells, scale(img, factor)


CASES = [(seed, factor) for seed in (0, 1, 2, 3) for factor in (0.8, 1.0, 1.25)]


@pytest.mark.parametrize(("seed", "factor"), CASES)
def test_header_above_board_is_never_read_as_cells(seed: int, factor: float) -> None:
    """Refused, or read 8x8 with every sure cell right."""
    cells, img = header_window(seed, factor)
    try:
        reading = read_image(encode(img, "PNG"))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (8, 8), "a header row read as cells"
    assert not sure_wrong(reading, cells)


#: (seed, factor) read as a board of 9 rows on main 231af30 (2026-12-07), the header a row of cells:
#: refused since crosslines.unparted_edge, read 8x8 since headers.py (the lattice without that row)
WERE_WRONG = [(0, 1.25), (1, 1.25), (2, 1.25), (3, 1.25)]


@pytest.mark.parametrize(("seed", "factor"), WERE_WRONG)
def test_header_row_once_read_as_cells_is_cut_off(seed: int, factor: float) -> None:
    """The header row's lattice lines carry edges over about half their length (the buttons' and
    boxes' sides where they cross them), the board's rows' over all of it: not a row of the board's.
    Refused from d18f7c4 (crosslines.unparted_edge); since headers.py the lattice without it is
    read: 8x8, every sure cell right (its wrong flags, drawn crossed in red on the page, unsure)."""
    cells, img = header_window(seed, factor)
    reading = read_image(encode(img, "PNG"))
    assert (reading.board.rows, reading.board.cols) == (8, 8)
    assert not sure_wrong(reading, cells)
