"""The exploded mine drawn as a yellow burst on a dark red raised tile (DanielMcPherson's Qt clone,
tests/data/screens/qt-ubuntu-lost-8x8.png: a burst of yellow, white and grey on (128, 0, 0)). No
black in it, and a little saturated red round its points: a red mark alone on a covered tile, which
overlay.red_mark read as a flag, and marks.odd_flags, its tile red-tinted, as a sure wrong flag ``W``
(the mine total one too many). Found when the Qt screenshot, scaled 1.25 in the soak
(tests/pictures/test_picture_scaled_screens.py), was no longer refused (task neverG). A mark with an
explosion's yellow (marks.BURST) is no sure flag."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import _raised, board_origin, encode, random_position, render_board, scale, sure_wrong

DARK_RED = (128, 0, 0)


def _burst(img: np.ndarray, x: int, y: int, s: int) -> None:
    """A four-pointed yellow star with an orange outline and a white core, as the Qt clone's."""
    c = np.array([x + s / 2, y + s / 2])
    pts = [c + s * (0.36 if k % 2 == 0 else 0.12) * np.array([np.cos(np.pi / 4 * (k + 1)), np.sin(np.pi / 4 * (k + 1))])
           for k in range(8)]
    star = np.round(np.array(pts)).astype(np.int32)
    cv2.fillPoly(img, [star], (255, 200, 0), cv2.LINE_AA)
    cv2.polylines(img, [star], True, (230, 120, 0), max(1, s // 20), cv2.LINE_AA)
    cv2.circle(img, (round(c[0]), round(c[1])), max(1, round(s * 0.1)), (255, 255, 240), -1, cv2.LINE_AA)


def draw(cells: list[list[str]], cell: int, counter: int) -> np.ndarray:
    """The classic lost board, its exploded mine a burst on a dark red raised tile."""
    img = render_board([["*" if v == "X" else v for v in row] for row in cells], cell, counter=counter)
    left, top = board_origin(cell, True)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v == "X":
                x, y = left + c * cell, top + r * cell
                _raised(img, x, y, cell, max(1, cell // 8), face=DARK_RED)
                _burst(img, x, y, cell)
    return img


#: (seed, the exploded mine's cell, hand-checked); each read it as a sure W before, mines 11 (drawn 10)
EXPLODED = [(3, (2, 8)), (11, (7, 7))]


@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("cell", [24, 32])
@pytest.mark.parametrize(("seed", "exploded"), EXPLODED)
def test_a_burst_on_a_red_tile_is_no_sure_wrong_flag(seed: int, exploded: tuple[int, int], cell: int,
                                                      factor: float) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state="lost", flags=0.7)
    assert [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "X"] == [exploded]
    img = draw(cells, cell, counter)
    reading = read_image(encode(img if factor == 1.0 else scale(img, factor)))
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert sure_wrong(reading, cells) == []
    assert exploded in reading.unsure
    assert reading.board.mines in (None, 10)
