"""A seven-segment counter too blurred for its segments' reading is not read in a font instead.

benchmarks/sweep_drawn.py --seed 10 (case #794, found once the sweep checked the mine total) drew
a classic board of 7x19 cells at 14 px, 21 mines, 14 flags, its counter 007 as a JPEG of quality
95: the thin lit segments blurred below the LEDs' lit red (the 0s' left sides, the 7's top bar),
so the segments gave no reading, and the red digits read in a font (counter.py's fallback, for a
Java clone's font digits) read 001: a mine total of 15 stated, a wrong one. A font's digits stand
equally tall; the seven-segment 7 ends above its neighbours' bottom bar (19 px beside 22), so the
font reading is not taken (counter._equally_tall) and no total is stated.
"""

from __future__ import annotations

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board, sure_wrong


def test_a_blurred_seven_segment_7_is_not_read_as_a_font_1() -> None:
    cells, counter = random_position(7, 19, 21, 259, opened=0.6, flags=1.0)
    # (hand-checked in the drawn picture: the counter shows 007, 14 flags on the board)
    assert counter == 7 and sum(v == "F" for row in cells for v in row) == 14
    reading = read_image(encode(render_board(cells, 14, counter=counter), "JPEG", 95))
    assert (reading.board.rows, reading.board.cols) == (7, 19)
    assert reading.mine_counter in (None, 7)
    assert reading.board.mines in (None, 21)
    assert sure_wrong(reading, cells) == []
