"""Cells too oblong to be read oblong (over grid.OBLONG): a square lattice at the pitch of one
axis lines the other axis' boundaries only where they fall on its own, a strip of the board, and
that strip was returned as the whole board, every cell sure (keylocker006's tkinter board of
52 x 39 px buttons read as its 8 rows by 2 columns). Such a lattice is no board (strips.py): the
picture is refused, or read whole. On drawn boards (the oracle is the position drawn)."""

from __future__ import annotations

import cv2
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import encode, random_position, render_board, sure_wrong


@pytest.mark.parametrize(("rows", "cols", "mines", "seed"), [(16, 30, 99, 1), (9, 9, 10, 4), (8, 8, 10, 2),
                                                           (16, 16, 40, 3)])
@pytest.mark.parametrize(("across", "down"), [(1.45, 1.0), (1.0, 1 / 1.45), (1.6, 1.0), (1.0, 1 / 1.6)])
def test_a_strip_of_oblong_cells_is_never_read_as_the_board(rows: int, cols: int, mines: int, seed: int,
                                                           across: float, down: float) -> None:
    cells, counter = random_position(rows, cols, mines, seed=seed)
    img = render_board(cells, 36, counter=counter)
    img = cv2.resize(img, (round(img.shape[1] * across), round(img.shape[0] * down)), interpolation=cv2.INTER_AREA)
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert sure_wrong(reading, cells) == []
    assert reading.board.mines in (None, mines)
