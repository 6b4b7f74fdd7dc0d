"""A dark mark on a covered tile that fills its box as a mine's disc does is no sure question mark
(docs/pictures.md, "The cells"; cpsolve/picture/overlay.py ``disc_filled``, applied by the reader).
A lost game that draws its mines on raised tiles (GNOME 1's spiked mines) showed them, scaled by
1.5, a little less round than a mine is read (0.55 for 0.6: the blob's box a pixel taller than wide
and off centre), so they were marks on covered tiles, and every dark mark there was a sure '?'
(tests/data/screens/gnome1-lost-8x8.png at 1.5; Metasweeper's probability tints at 1.25 and 1.5 the
same). A question mark's strokes fill 0.42 of their box at most in every tuning picture at every
scale, a disc about 0.8: filled like a disc, the mark is unsure. On boards drawn here (the oracle is
the position drawn)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image, reader
from tests.support.picture_render import _raised, board_origin, encode, random_position, render_board, scale
from tests.support.spy import spy_on


def _lost(seed: int, cell: int, radius: float) -> tuple[np.ndarray, list[str]]:
    """A lost 9x9 classic game whose shown mines lie on raised tiles, each a dark disc ``radius`` of
    the cell with a spike either side across most of the cell (wider than high: no round mine), and
    its values."""
    cells, _ = random_position(9, 9, 10, seed, state="lost")
    img = render_board(cells, cell)
    left, top = board_origin(cell, False)
    w = max(1, cell // 8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v == "*":
                x, y = left + c * cell, top + r * cell
                _raised(img, x, y, cell, w)
                # the disc right of the middle, a spike to its left (GNOME 1's mine, lit on one side):
                # neither symmetric nor centred
                mid = (x + cell // 2 + round(cell * 0.06), y + cell // 2)
                cv2.circle(img, mid, round(cell * radius), (0, 0, 0), -1, cv2.LINE_AA)
                cv2.line(img, (x + round(cell * 0.22), mid[1]), mid, (0, 0, 0), max(2, cell // 10))
    return img, [v for row in cells for v in row]


@pytest.mark.parametrize("factor", [1, 1.25, 1.5])
@pytest.mark.parametrize("cell", [20, 24, 30])
def test_a_mine_off_round_is_no_sure_question_mark(cell: int, factor: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mines a little off round on raised tiles of a lost game (seeds 1 and 3): every sure cell right
    (or the board refused), and the rule ran on marks filled like discs."""
    seen: list[bool] = spy_on(monkeypatch, reader, "disc_filled")
    for seed in (1, 3):
        img, want = _lost(seed, cell, 0.18)
        try:
            reading = read_image(encode(scale(img, factor)))
        except NoBoardFound:
            continue
        unsure = set(reading.unsure)
        wrong = [(c.row, c.col, c.value, want[c.row * 9 + c.col]) for c in reading.cells
                 if (c.row, c.col) not in unsure and c.value != want[c.row * 9 + c.col]]
        assert wrong == [], seed
    assert any(seen)  # the mines were marks filled like discs, and the rule ran on them
