"""A lost classic board drawn at 10 px and scaled by 1.25 (benchmarks/sweep_drawn.py --n 300 --seed 14
--scales 1.25 1.5 1.75 --lost 0.5 --questions 0.1 --cells 8 80, case 217) read its shown mines, on
flat tiles, as sure exploded ones ("X") before (main 3fabf01): three blurred shown mines' tiles read
raised, so "a mine on a flat tile where the others lie on raised ones" made every other shown mine
the exploded one, eight of them. A lost game explodes one mine: where several cells read "X",
which one is not told, and none is sure (cells.classify_board). (Three of its flags read sure
wrong flags, "W", too: the blurred pennant, pole and base mark the four diagonal arms as a cross
does. With the shown mines unsure, the board is refused.)

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import random

from cpsolve.picture import NoBoardFound, read_image
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
