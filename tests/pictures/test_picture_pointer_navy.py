"""Windows 7's mouse pointer (a white arrow outlined in navy, as a GIF frame's palette keeps it) over
covered cells: never a sure digit (pointer.HUED_DARK). benchmarks/pointer_risks.py --shapes win7
found it: over seed 1's covered cell at row 2, column 2 (16 px, the arrow 24 px high) its white body
flattens the tile's bevel and its navy outline is the classic 4's colour, its glyph 0.17 like a 4
(over digits.SHAPE_NONE), so the covered cell read as a sure 4 (and with the tip 13 px down, the
cell below as a sure 1). The black outline of Windows' own arrow is caught by the dark along the
cell's sides, which counts grey pixels only; a navy outline touching the pointer's pure white is
now a pointer too."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from cpsolve.picture.grid import find_grids
from cpsolve.picture.pointer import POINTER_EDGE, _white_and_hued, hued_dark, pointer_edges
from tests.support.picture_render import NAVY, encode, pointed_board, sure_wrong


@pytest.mark.parametrize("factor", [1.0, 1.5])
@pytest.mark.parametrize(("at", "tip"), [((2, 2), (9, 5)), ((2, 2), (9, 13)), ((3, 2), (9, 5))])
def test_a_navy_outlined_pointer_over_covered_cells_is_no_sure_digit(
        at: tuple[int, int], tip: tuple[int, int], factor: float) -> None:
    cells, img = pointed_board(1, at, tip, 24, "win7", factor)
    # (hand-checked: the cells under the arrow are covered)
    assert cells[2][2] == cells[3][2] == cells[2][3] == cells[3][3] == "."
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []


#: a dark of a hue whose luminance (59.902) is under HUED_DARK, which OpenCV's grey (whole levels,
#: rounded) makes 60: and beside it one over (60.489)
UNDER, OVER = (22, 52, 200), (22, 53, 200)


def test_a_dark_of_a_hue_is_told_by_its_exact_luminance() -> None:
    pixels = np.array([[UNDER, OVER, (16, 24, 96), (59, 59, 59), (0, 0, 255)]], np.uint8)
    lo, hi = pixels.min(axis=2), pixels.max(axis=2)
    # (hand-checked: 0.299 R + 0.587 G + 0.114 B = 59.902, 60.489, 30.0, 59 but grey, 29.07)
    assert hued_dark(pixels, lo, hi).tolist() == [[True, False, True, False, True]]


def test_the_board_and_its_cells_take_one_rule_for_a_dark_of_a_hue() -> None:
    """pointer._white_and_hued (over the board: which cells hold a pointer's white and a dark of a
    hue) keeps every cell that pointer_edges (cell by cell) finds a pointer over: it once took
    OpenCV's rounded grey, and a pointer outlined in UNDER was found over no cell."""
    cells, img = pointed_board(1, (2, 2), (9, 5), 24, "win7")
    img[(img == NAVY).all(axis=2)] = UNDER
    grid = next(g for g in find_grids(img, 20)[:3] if (g.rows, g.cols) == (16, 16))
    every = list(range(256))
    shares = pointer_edges(img, grid, every, [np.array([192.0, 192.0, 192.0])] * 256, hued=True)
    pointed = [i for i in every if shares[i] >= POINTER_EDGE]
    assert 2 * 16 + 2 in pointed   # (the tip's cell, covered: hand-checked above)
    assert set(pointed) <= set(_white_and_hued(img, grid, every))
