"""A game's header taken in as the lattice's edge rows is cut off, never a board's own row (issue 39).

web-tiny-won-4x4.jpg (tests/data/screens: a web clone) draws a clock box and a face button above its
4x4 board, each about a cell high on the board's columns: the lattice took them in as two rows (6x4),
refused. raygui-lost-8x8.png draws its header of buttons and LED boxes a cell high: 9x8, refused
since crosslines.unparted_edge. Since headers.py the reader, where a lattice is refused, tries it
without the edge rows that are not parted into cells as the board's rows are, hold something (a
box, a face, digits) and read as no Minesweeper cell: both read exactly since.

Here such windows are drawn: a web-tiny skin (flat grey cells, raised covered and flagged tiles,
parted by a gap of the panel's darker grey) under headers of several kinds (a clock box above a
face button, two rows; LED boxes beside a face button, one row; a counter box under the board, a
footer), scaled. Each is refused or read at the board's size, every sure cell right; of them,
main 2da38ea refused the 18 of CUT and read one (WAS_WRONG) 9x6 for 8x6, the header a row of
cells: all 19 read exactly since. (Drawn so that the lattice takes the header in: the clock box's
sides on the columns' lines, the boxes a cell high; on boards wider than 6 columns the lattice
found leaves these headers out, and they read on main too.)

The other way: a board whose edge row is plain (all revealed 0s, all covered, a flat skin's plain
revealed cells with no line between them) keeps that row, with a header above it or not: refused
or read whole, never a row short. Those pictures pass on main too (their lattices never call for a
cut); test_an_unparted_board_row_is_never_cut gives headers.without_header itself a board's top
row that is not parted into cells while every other row is (a header's pattern), plain or holding
digits: left, and cut with either guard off.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.grid import Grid
from cpsolve.picture.headers import without_header
from tests.support.picture_render import (
    DIGITS,
    _flag,
    _raised,
    _text,
    draw_counter,
    encode,
    random_position,
    scale,
    sure_wrong,
)

PANEL = (128, 128, 128)
CELL_GREY = (169, 169, 169)
PITCH, GAP, MARGIN = 28, 3, 10


def _cell(img: np.ndarray, x: int, y: int, s: int, v: str, flat: tuple[int, int, int] = CELL_GREY) -> None:
    """web-tiny's cell ``v`` at (x, y), ``s`` px: covered and flagged raised with a white bevel,
    revealed flat grey with the classic digit colours."""
    if v in ".F":
        _raised(img, x, y, s, max(1, s // 12), face=CELL_GREY, light=(255, 255, 255), shadow=CELL_GREY)
        if v == "F":
            _flag(img, x, y, s)
    else:
        img[y:y + s, x:x + s] = flat
        if v != "0":
            _text(img, x, y, s, v, DIGITS[int(v)])


def _face(img: np.ndarray, cx: int, y: int, w: int, h: int) -> None:
    """A face button ``w`` x ``h`` px centred on ``cx``: a light box with a yellow face."""
    img[y:y + h, cx - w // 2:cx + w - w // 2] = (235, 235, 235)
    r = min(w, h) // 3
    cv2.circle(img, (cx, y + h // 2), r, (255, 210, 0), -1, cv2.LINE_AA)
    cv2.circle(img, (cx, y + h // 2), r, (0, 0, 0), 1, cv2.LINE_AA)


def _box(img: np.ndarray, x: int, y: int, w: int, h: int, value: int) -> None:
    """A black box ``w`` x ``h`` px in a yellow frame, red seven-segment digits in it (a clock or a
    counter)."""
    img[y:y + h, x:x + w] = (0, 0, 0)
    cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (250, 240, 100), 1)
    draw_counter(img, x + (w - 40) // 2, y + (h - 21) // 2, 12, value, None)


def header(img: np.ndarray, kind: str, top: int, cols: int, counter: int) -> None:
    """The header of ``kind`` on ``img`` above a board whose top is at ``top`` (or, "footer", its
    bottom), ``cols`` wide at :data:`PITCH` from :data:`MARGIN`."""
    side, width = PITCH - GAP, img.shape[1]
    if kind == "clock_face":
        # web-tiny's: the clock box a cell high over the first three columns, its sides on the
        # lattice's lines; the face button under it astride the middle line, a little less high
        _box(img, MARGIN, top - 2 * PITCH, min(3, cols) * PITCH - GAP, side, counter)
        _face(img, MARGIN + cols // 2 * PITCH - GAP // 2, top - PITCH + 2, side, side - 4)
    elif kind == "leds_face":
        # raygui's: LED boxes and a face button a cell high, their sides at their own places
        _box(img, MARGIN + 5, top - PITCH, 46, side, counter)
        _face(img, width // 2 + PITCH // 3, top - PITCH, side, side)
        _box(img, width - MARGIN - 51, top - PITCH, 46, side, 7)
    elif kind == "footer":
        _box(img, MARGIN + 5, top, 46, side, counter)


def window(cells: list[list[str]], counter: int, kind: str, factor: float = 1.0) -> np.ndarray:
    """The game on its panel: a header of ``kind`` ("clock_face": a clock box a cell high above a
    face button; "leds_face": LED boxes beside a face button, one row; "footer": a counter box
    under the board; "none") and the board's cells, scaled by ``factor``."""
    rows, cols = len(cells), len(cells[0])
    above = {"clock_face": 2, "leds_face": 1}.get(kind, 0)
    below = 1 if kind == "footer" else 0
    height = 2 * MARGIN + (rows + above + below) * PITCH
    width = 2 * MARGIN + cols * PITCH
    img = np.full((height, width, 3), PANEL, np.uint8)
    top = MARGIN + above * PITCH
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            _cell(img, MARGIN + c * PITCH, top + r * PITCH, PITCH - GAP, v)
    header(img, kind, top + rows * PITCH if kind == "footer" else top, cols, counter)
    return scale(img, factor)


def _read(img: np.ndarray):  # type: ignore[no-untyped-def]
    return read_image(encode(img, "PNG"))


def _game(seed: int, rows: int, cols: int) -> tuple[list[list[str]], int]:
    return random_position(rows, cols, max(2, rows * cols // 6), seed, state="won" if seed == 0 else "playing")


#: (kind, seed, rows, cols, factor): headers of each kind over won and mid games, at 1 and 1.25
HEADED = [(kind, seed, rows, cols, factor) for kind in ("clock_face", "leds_face") for seed in (0, 1, 2)
          for rows, cols in ((4, 4), (5, 6), (8, 6), (8, 8)) for factor in (1.0, 1.25)]

#: of HEADED, those main 2da38ea refused (the header taken in as rows) or read wrong (WAS_WRONG):
#: read exactly since headers.py
CUT = [("clock_face", 0, 4, 4, 1.25), ("clock_face", 2, 4, 4, 1.25)] + [
    ("leds_face", seed, rows, cols, factor) for seed in (0, 1, 2) for rows, cols in ((4, 4), (5, 6), (8, 6))
    for factor in (1.0, 1.25) if (seed, rows, cols, factor) != (1, 4, 4, 1.25)]
#: read 9x6 on main 2da38ea: the header's LED boxes, their sides on the columns' lines, a row of
#: cells (two of them sure flags, the rest unsure): a wrong size
WAS_WRONG = [("leds_face", 0, 8, 6, 1.0)]


@pytest.mark.parametrize(("kind", "seed", "rows", "cols", "factor"), HEADED)
def test_header_is_never_read_as_cells(kind: str, seed: int, rows: int, cols: int, factor: float) -> None:
    """Refused, or read at the board's size with every sure cell right."""
    cells, counter = _game(seed, rows, cols)
    try:
        reading = _read(window(cells, counter, kind, factor))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (rows, cols), "a header row read as cells"
    assert not sure_wrong(reading, cells)


@pytest.mark.parametrize(("kind", "seed", "rows", "cols", "factor"), CUT)
def test_header_rows_are_cut_off(kind: str, seed: int, rows: int, cols: int, factor: float) -> None:
    """Read exactly: the lattice without the header's rows (main 2da38ea: refused, or WAS_WRONG)."""
    cells, counter = _game(seed, rows, cols)
    reading = _read(window(cells, counter, kind, factor))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure
    assert not sure_wrong(reading, cells)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_footer_is_never_read_as_cells(seed: int) -> None:
    """A counter box under the board: refused or read at the board's size, every sure cell right."""
    cells, counter = random_position(6, 8, 8, seed)
    try:
        reading = _read(window(cells, counter, "footer"))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (6, 8)
    assert not sure_wrong(reading, cells)


def plain_top(value: str, seed: int) -> list[list[str]]:
    """A won 6x8 game (the first from seed ``seed`` on whose top row no mine lies) with a plain row of
    ``value`` ("0": revealed 0s, ".": covered, no mine under them) put on top: 7x8."""
    for k in range(seed * 50, seed * 50 + 50):
        cells, _ = random_position(6, 8, 6, k, state="won")
        if "F" not in cells[0]:
            return [[value] * 8] + cells
    raise AssertionError("no such game")


#: boards whose top row is plain, with a header above or none: never cut
PLAIN = [(value, kind, seed) for value in ("0", ".") for kind in ("none", "leds_face", "clock_face")
         for seed in range(4)]


@pytest.mark.parametrize(("value", "kind", "seed"), PLAIN)
def test_plain_top_row_is_never_cut(value: str, kind: str, seed: int) -> None:
    """A board whose top row is all revealed 0s or all covered: refused or read whole."""
    board = plain_top(value, seed)
    try:
        reading = _read(window(board, 0, kind))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (len(board), len(board[0])), "a board row cut"
    assert not sure_wrong(reading, board)


def lineless(cells: list[list[str]], kind: str) -> np.ndarray:
    """A flat skin drawing no line between its revealed cells (the panel's grey, plain), raised
    covered tiles, under a header of ``kind``: its plain revealed cells are not parted into cells."""
    rows, cols = len(cells), len(cells[0])
    above = {"clock_face": 2, "leds_face": 1}.get(kind, 0)
    img = np.full((2 * MARGIN + (rows + above) * PITCH, 2 * MARGIN + cols * PITCH, 3), PANEL, np.uint8)
    top = MARGIN + above * PITCH
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = MARGIN + c * PITCH, top + r * PITCH
            if v in ".F":
                _cell(img, x, y, PITCH, v)
            elif v != "0":
                _text(img, x, y, PITCH, v, DIGITS[int(v)])
    header(img, kind, top, cols, 0)
    return img


@pytest.mark.parametrize(("kind", "seed"), [(kind, seed) for kind in ("none", "leds_face", "clock_face")
                                            for seed in range(4)])
def test_flat_plain_revealed_row_is_never_cut(kind: str, seed: int) -> None:
    """A flat skin's board whose top row is plain revealed cells (no line between them): refused or
    read whole."""
    board = plain_top("0", seed)
    try:
        reading = _read(lineless(board, kind))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (len(board), len(board[0])), "a board row cut"
    assert not sure_wrong(reading, board)


def unlined_top(kind: str) -> tuple[np.ndarray, Grid]:
    """A won 6x6 game in web-tiny's skin under a top row of flat revealed cells drawn with no gap
    between them (a lineless skin's row: not parted into cells, as a header is not), plain ("plain")
    or with digits ("digits"); the 7x6 lattice over both."""
    cells, _ = random_position(6, 6, 5, 3, state="won")
    img = np.full((2 * MARGIN + 7 * PITCH, 2 * MARGIN + 6 * PITCH, 3), PANEL, np.uint8)
    img[MARGIN:MARGIN + PITCH - GAP, MARGIN:MARGIN + 6 * PITCH - GAP] = CELL_GREY
    if kind == "digits":
        for c, v in enumerate("112211"):
            _text(img, MARGIN + c * PITCH, MARGIN, PITCH - GAP, v, DIGITS[int(v)])
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            _cell(img, MARGIN + c * PITCH, MARGIN + (r + 1) * PITCH, PITCH - GAP, v)
    return img, Grid(float(MARGIN), float(MARGIN), float(PITCH), float(PITCH), 6, 7)


@pytest.mark.parametrize("kind", ["plain", "digits"])
def test_an_unparted_board_row_is_never_cut(kind: str) -> None:
    """The top row is not parted into cells (lines 0.29, insides 0.0) and every other row is (1.0):
    the pattern of a header. Yet it is the board's: plain (no box, face or digits in it: its right
    cell reads unsure, the lattice's end) or holding sure digits. headers.without_header leaves it:
    checked to cut it with either guard off (FILLED below 0: the plain row; DIGITS empty: the
    digits' row)."""
    img, grid = unlined_top(kind)
    assert without_header(img, grid, 6, 20) is None
