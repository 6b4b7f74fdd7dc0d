"""A window's title bar of the board's own revealed colour, straight above a board that draws no
lines between its revealed cells (pygame's "Démineur" under Windows 10: flat white cells under the
white title bar, no line between them). The lattice, found on a block of tiles, is grown over the
flat cells (grow.grown_over_flat_cells) up to the board's top row and no further: the title bar's
icon and name are no cells' marks, its letters running across the lattice's boundaries
(textrun.runs_across). Before, the bar was taken in as a 17th row, its cells read as 0s and marks:
the board read one row too high (its 16 rows below it, refused or read with a row that is none)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from cpsolve.picture import NoBoardFound
from tests.pictures.test_picture_lineless import CASES, REVEALED, draw_lineless, edges_show
from tests.support.picture_render import board_text, encode, random_position


def titled(cells: list[list[str]], s: int, title: str = "Minesweeper") -> np.ndarray:
    """draw_lineless' board (its header cut off) under a title bar one cell high of its revealed
    grey: a window icon (a blue square) in the bar's first cell, then the ``title`` in dark grey."""
    board = draw_lineless(cells, s)[round(0.8 * s):]
    bar = np.full((s, board.shape[1], 3), REVEALED, np.uint8)
    cv2.rectangle(bar, (s // 4, s // 4), (3 * s // 4, 3 * s // 4), (40, 90, 160), -1)
    cv2.putText(bar, title, (s, 3 * s // 4), cv2.FONT_HERSHEY_SIMPLEX, s / 40, (40, 40, 40), max(1, s // 20),
                cv2.LINE_AA)
    return np.vstack([bar, board])


@pytest.mark.parametrize("rows, cols, mines, seed, cell", CASES)
def test_a_title_bar_of_the_revealed_colour_is_no_row_of_the_board(rows: int, cols: int, mines: int, seed: int,
                                                                   cell: int) -> None:
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    assert edges_show(cells)
    reading = read_image(encode(titled(cells, cell)))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


def test_letters_run_across_the_boundaries_a_digit_keeps_to_its_cell() -> None:
    """textrun.runs_across on a drawn row of four 20 px cells of one colour: a stroke over the
    boundary between cells 0 and 1 marks both; a digit-like block inside cell 2 marks none; a line
    along the whole boundary between cells 2 and 3 (a divider) is no mark running across."""
    from cpsolve.picture.grid import Grid
    from cpsolve.picture.textrun import runs_across

    img = np.full((20, 80, 3), 255, np.uint8)
    img[6:14, 17:24] = (40, 40, 40)     # a letter over the boundary at x=20
    img[5:15, 46:54] = (0, 0, 255)      # a digit in the middle of cell 2
    img[:, 59:61] = (0, 0, 0)           # a line along the boundary at x=60
    strip = Grid(0.0, 0.0, 20.0, 20.0, 4, 1)
    got = runs_across(img, strip, np.full((4, 3), 255.0), np.ones(3, dtype=bool))
    assert got.tolist() == [True, True, False, False]


def titled_grey(cells: list[list[str]], s: int, ink: tuple[int, int, int] = (90, 90, 90)) -> np.ndarray:
    """As :func:`titled`, the icon and title in one grey ``ink`` (a dark grey framed icon, grey letters:
    pygame's "Démineur" bar scaled), which reads as the classic 8's grey: sure 8s beside the board's
    top row unless told from an opening's digits."""
    board = draw_lineless(cells, s)[round(0.8 * s):]
    bar = np.full((s, board.shape[1], 3), REVEALED, np.uint8)
    cv2.rectangle(bar, (s // 4, s // 4), (3 * s // 4, 3 * s // 4), ink, -1)
    cv2.rectangle(bar, (s // 3, s // 3), (2 * s // 3, 2 * s // 3), (255, 255, 255), -1)
    cv2.putText(bar, "Minesweeper", (s, 3 * s // 4), cv2.FONT_HERSHEY_SIMPLEX, s / 40, ink, max(1, s // 20),
                cv2.LINE_AA)
    return np.vstack([bar, board])


#: CASES where the grey title's letters each run across the cells' sides. (16, 16, 40, 9, 60): at
#: 60 px the icon and the title's last letter each keep to a cell, beside covered tiles, read as
#: sure 8s: refused (grow.digits_beside), never read wrong
GREY_TITLE_REFUSED = {(16, 16, 40, 9, 60)}


@pytest.mark.parametrize("rows, cols, mines, seed, cell", CASES)
def test_a_grey_title_bars_letters_are_no_digits_beside_the_board(rows: int, cols: int, mines: int, seed: int,
                                                                   cell: int) -> None:
    """grow.digits_beside: the title's marks that run across the strip's cells' sides
    (textrun.runs_across) are a line of text, not an opening's digits, and do not say the board goes
    on past the lattice. Before, 3 of these 8 boards were refused."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    picture = encode(titled_grey(cells, cell))
    if (rows, cols, mines, seed, cell) in GREY_TITLE_REFUSED:
        with pytest.raises(NoBoardFound):
            read_image(picture)
        return
    reading = read_image(picture)
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
