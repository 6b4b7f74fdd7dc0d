"""A dark theme's digit read by its ink's group is also checked against its own ink's hue
(darkink.dark_palette). benchmarks/sweep_drawn.py --seed 10 case #601: Qt's palette at 16 px, JPEG
70 (PIL's 4:2:0 chroma), greys the light blue 1s to a slate (133, 131, 144), and the board's only
3 (pink, (235, 110, 115) drawn) to (164, 125, 130): 35 apart, within INK_REACH, so the 3 joined
the 1s' ink, which names 1, and its glyph (0.89 like a 3, 0.77 like a 1: under SHAPE_AGAINST
apart) did not stop it. It read as a sure 1. Its own ink is a red hue, 90 degrees or more from the
classic 1's blue: no 1, so unsure."""

from __future__ import annotations

import cpsolve
from cpsolve.picture import read_image
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.support.picture_render import board_text, encode, random_position


def test_a_lone_pink_3_greyed_near_the_1s_ink_is_no_sure_1() -> None:
    cells, _ = random_position(13, 21, 28, 664, opened=0.3, flags=0.0)
    # (hand-checked in the drawn picture: the board's only 3, at row 2, column 1, among 60 1s)
    assert cells[2][1] == "3" and sum(row.count("3") for row in cells) == 1
    assert sum(row.count("1") for row in cells) == 60
    reading = read_image(encode(draw_dark(cells, 16, "qt", "LiberationSans-Bold"), "JPEG", 70))
    board = reading.board
    assert (board.rows, board.cols) == (13, 21)
    unsure = set(reading.unsure)
    assert (2, 1) in unsure or board.cells[2 * 21 + 1] == 3
    want = cpsolve.parse_board(board_text(cells)).cells
    wrong = [divmod(i, 21) for i, (w, g) in enumerate(zip(want, board.cells)) if w != g and divmod(i, 21) not in unsure]
    assert not wrong
    # (the 1s' ink still names them: every 1 read surely)
    ones = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "1"]
    assert not unsure & set(ones)
