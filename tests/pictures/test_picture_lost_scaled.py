"""A lost classic board drawn at 10 px and scaled by 1.25 (benchmarks/sweep_drawn.py --n 300 --seed 14
--scales 1.25 1.5 1.75 --lost 0.5 --questions 0.1 --cells 8 80, case 217) read its shown mines, on
flat tiles, as sure exploded ones ("X") before (main 3fabf01): three blurred shown mines' tiles read
raised, so "a mine on a flat tile where the others lie on raised ones" made every other shown mine
the exploded one, eight of them. A lost game explodes one mine: where several cells read "X",
which one is not told, and none is sure (cells.classify_board). Three of its flags read sure
wrong flags, "W", too: at 12.5 px the blurred pennant, pole and base fill the cell's middle, and
the points a pixel beside each diagonal take in their sides, so they cross the diagonals 0.82-0.88
as a crossed-out mark does (0.8). With the shown mines unsure the board is refused, and the sure
wrong flags were hidden by the refusal; under cells.CROSS_CELL (14 px) a crossed mark on a raised
tile is no sure wrong flag, by the cells alone, before the board is refused.

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from PIL import Image

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.cells import SURE, classify_board, measure
from cpsolve.picture.grid import find_grids
from cpsolve.picture.skins import CLASSIC
from tests.support.picture_render import encode, random_position, render_board, scale


def _drawn() -> tuple[list[list[str]], bytes]:
    """The sweep's case 217, drawn as benchmarks/sweep_drawn.py draws it."""
    cells, counter = random_position(16, 20, 41, 441, opened=0.9, flags=0.5, state="lost")
    marks = random.Random(172)
    cells = [[("?" if v == "." and marks.random() < 0.1 else v) for v in row] for row in cells]
    return cells, encode(scale(render_board(cells, 10, counter=counter), 1.25), "PNG", 95)


def test_a_scaled_lost_board_reads_no_cell_surely_and_wrong() -> None:
    cells, data = _drawn()
    # (hand-checked in the drawn picture: the flags at 4,12, 8,4 and 12,2; shown mines at 10,0 and 10,3)
    assert [cells[4][12], cells[8][4], cells[12][2], cells[10][0], cells[10][3]] == ["F", "F", "F", "*", "*"]
    assert sum(row.count("X") for row in cells) == 1
    try:
        reading = read_image(data)
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (16, 20)
    unsure = set(reading.unsure)
    wrong = [(c.row, c.col, c.value) for c in reading.cells
             if c.value != cells[c.row][c.col] and (c.row, c.col) not in unsure]
    assert not wrong


def _sure_wrong_flags(cells: list[list[str]], data: bytes) -> list[tuple[int, int, str]]:
    """The drawn flags the cells alone (cells.classify_board, before the rules and any refusal) read
    surely as something else: (row, col, value read)."""
    rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    rows, cols = len(cells), len(cells[0])
    grid = next(g for t in (20, 6) for g in find_grids(rgb, t)[:3] if (g.rows, g.cols) == (rows, cols))
    values, confidence, _ = classify_board(measure(rgb, grid), CLASSIC, grid.cell_size)
    return [(r, c, values[r * cols + c]) for r in range(rows) for c in range(cols)
            if cells[r][c] == "F" and values[r * cols + c] != "F" and confidence[r * cols + c] >= SURE]


def test_its_blurred_flags_are_no_sure_wrong_flags_by_the_cells_alone() -> None:
    cells, data = _drawn()
    assert _sure_wrong_flags(cells, data) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_a_lost_board_at_10_px_scaled_reads_no_flag_as_a_sure_wrong_flag(seed: int) -> None:
    """Lost boards at 10 px scaled by 1.25 (cells of 12.6 px, above cells.SMALL_CELL): the classic
    flag, blurred, crosses its diagonals 0.76-0.82, and 2-7 flags of each board were sure wrong flags
    by their cells alone. None is, and no cell of the reading is sure and wrong."""
    cells, counter = random_position(9, 12, 20, seed, opened=0.9, flags=1.0, state="lost")
    data = encode(scale(render_board(cells, 10, counter=counter), 1.25), "PNG", 95)
    assert _sure_wrong_flags(cells, data) == []
    try:
        reading = read_image(data)
    except NoBoardFound:
        return
    assert [(c.row, c.col) for c in reading.cells
            if c.value != cells[c.row][c.col] and (c.row, c.col) not in set(reading.unsure)] == []
