"""Tiles drawn as buttons with a gap round each, of the window's colour (a tkinter or WinForms clone):
the crop of each cell holds the gap along its sides. A light gap (tkinter's #f0f0f0) beside a
covered button's shadow made the bevel's strips measure it flat; a button edged all round by a
white rim (WinForms) measured flat too, its bevel lying inside the rim, and the shadow inside the
rim reached the middle of the cell, read as a mark. cpsolve/picture/bevel.py measures the bevel on
the tiles' box inside the gap (and inside a rim), the crops moved onto the tiles where the lattice
lies on one side of the gap, and the bevel's lines along the middle's sides are no mark."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from tests.support.picture_render import DIGITS, _flag, _raised, _text, board_text, encode, random_position

FACE, LIGHT, SHADOW, BORDER = (185, 185, 185), (253, 253, 253), (117, 117, 117), (114, 114, 114)


def draw_buttons(cells: list[list[str]], s: int, *, form: tuple[int, int, int], gap: int, rim: bool,
                 lead: int | None = None, face: tuple[int, int, int] = FACE) -> np.ndarray:
    """The board on a window of ``form`` colour, a cell wide round it: each cell ``s`` px, its
    button ``s - gap`` px (the gap's ``lead`` px before it, half by default); a covered cell a
    raised button (light top and left, dark bottom and right; inside a white rim all round where
    ``rim``), a flag on it; a revealed cell a flat box of the same ``face`` grey in a dark 1 px
    border, its digit in the classic colours."""
    rows, cols = len(cells), len(cells[0])
    img = np.full(((rows + 2) * s, (cols + 2) * s, 3), form, np.uint8)
    b = s - gap
    lead = gap // 2 if lead is None else lead
    w, rw = max(2, s // 12), (max(2, s // 16) if rim else 0)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = (c + 1) * s + lead, (r + 1) * s + lead
            img[y:y + b, x:x + b] = face
            if v in ".F":
                img[y:y + b, x:x + b] = LIGHT if rim else face
                _raised(img, x + rw, y + rw, b - 2 * rw, w, face=face, light=LIGHT, shadow=SHADOW)
                if v == "F":
                    _flag(img, x, y, b)
            else:
                img[y, x:x + b] = img[y + b - 1, x:x + b] = BORDER
                img[y:y + b, x] = img[y:y + b, x + b - 1] = BORDER
                if v != "0":
                    _text(img, x, y, b, v, DIGITS[int(v)])
    return img


#: (rows, cols, mines, seed, cell px, gap px)
CASES = [(9, 9, 10, 1, 36, 6), (16, 16, 40, 2, 40, 6), (12, 12, 25, 3, 54, 8), (9, 9, 10, 4, 44, 6)]


@pytest.mark.parametrize("lead", [None, 0], ids=["gap-split", "gap-after"])
@pytest.mark.parametrize("rows, cols, mines, seed, cell, gap", CASES)
def test_raised_buttons_in_a_light_gap_read_covered(rows: int, cols: int, mines: int, seed: int, cell: int,
                                                   gap: int, lead: int | None) -> None:
    """tkinter's look: the gap (#f0f0f0) lighter than the buttons' shadow, beside it in every crop;
    split about the lattice, or all after each button (the lattice on the gap's side)."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.6)
    reading = read_image(encode(draw_buttons(cells, cell, form=(240, 240, 240), gap=gap, rim=False, lead=lead)))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


@pytest.mark.parametrize("lead", [None, 0], ids=["gap-split", "gap-after"])
@pytest.mark.parametrize("rows, cols, mines, seed, cell, gap", CASES)
def test_rimmed_buttons_in_a_grey_gap_read_covered(rows: int, cols: int, mines: int, seed: int, cell: int,
                                                  gap: int, lead: int | None) -> None:
    """WinForms' look: each button in a white rim, in a gap of the form's darker grey."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.6)
    reading = read_image(encode(draw_buttons(cells, cell, form=(169, 169, 169), gap=gap, rim=True, lead=lead,
                                             face=(193, 193, 193))))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
