"""A lost board whose mines are drawn as an emoji's bomb (💣: a dark ball low left, a fuse and a
spark up right), on flat cells, the exploded one on red (Siv3D's Minesweeper sample,
tests/data/screens/siv3d-lost-13x20.png; cpsolve/picture/balls.py). The ball's dark box takes in
the fuse's holder and lies off the cell's middle, so the cells' measure finds it neither round nor
centred: such mines read as unsure dark digits, and a board with enough of them was refused. Drawn
(the oracle is the position drawn): read exactly, JPEG too; a lone ball (one cell, not a lost
board's mines) stays unsure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import _flat, board_origin, encode, random_position, render_board

#: the ball's dark grey, the fuse's tan, the spark's orange
BALL, FUSE, SPARK = (58, 58, 58), (196, 160, 110), (250, 170, 40)


def _bomb(img: np.ndarray, x: int, y: int, s: int, red: bool) -> None:
    """An emoji's bomb on a flat cell (red for the exploded one): a ball low left, a short dark
    holder and a fuse up right, a spark at its end, a light glint on the ball."""
    _flat(img, x, y, s, (255, 0, 0) if red else (192, 192, 192))
    cx, cy, r = x + round(0.44 * s), y + round(0.58 * s), round(0.27 * s)
    cv2.circle(img, (cx, cy), r, BALL, -1, cv2.LINE_AA)
    hx, hy = cx + round(0.6 * r), cy - round(0.6 * r)
    cv2.line(img, (cx, cy), (hx + round(0.1 * s), hy - round(0.1 * s)), BALL, max(2, round(0.09 * s)), cv2.LINE_AA)
    fx, fy = x + round(0.76 * s), y + round(0.2 * s)
    cv2.line(img, (hx + round(0.1 * s), hy - round(0.1 * s)), (fx, fy), FUSE, max(1, round(0.04 * s)), cv2.LINE_AA)
    cv2.circle(img, (fx, fy), max(2, round(0.08 * s)), SPARK, -1, cv2.LINE_AA)
    cv2.circle(img, (cx - r // 3, cy - r // 3), max(1, r // 5), (150, 150, 150), -1, cv2.LINE_AA)


def _drawn(cells: list[list[str]], cell: int, at: set[tuple[int, int]] | None = None) -> np.ndarray:
    """The board, its shown and exploded mines (those at ``at``, where given) drawn as bombs."""
    img = render_board(cells, cell)
    left, top = board_origin(cell, False)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v in "*X" and (at is None or (r, c) in at):
                _bomb(img, left + c * cell, top + r * cell, cell, v == "X")
    return img


@pytest.mark.parametrize(("cell", "seed", "fmt"), [(24, 1, "PNG"), (32, 2, "PNG"), (40, 3, "PNG"), (48, 4, "PNG"),
                                                   (40, 5, "JPEG")])
def test_a_lost_board_with_emoji_bombs_reads_exactly(cell: int, seed: int, fmt: str) -> None:
    cells, _ = random_position(10, 12, 18, seed=seed, state="lost")
    reading = read_image(encode(_drawn(cells, cell), fmt, 92))
    assert not reading.unsure, reading.reasons
    got = [c.value for c in reading.cells]
    assert got == [v for row in cells for v in row]


def test_a_lone_ball_is_no_sure_mine() -> None:
    """One bomb among classic mines: one dark ball may be anything a game draws on one cell; it is
    not taken for a mine (unsure, or read as the classic mine it is not drawn as: never sure)."""
    cells, _ = random_position(10, 12, 18, seed=6, state="lost")
    one = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "*")
    reading = read_image(encode(_drawn(cells, 32, {one}), "PNG"))
    cell = reading.cells[one[0] * len(cells[0]) + one[1]]
    assert not cell.sure


@pytest.mark.parametrize(("across", "down"), [(1.0, 0.8), (1.25, 1.0), (1.0, 0.88)])
def test_emoji_bombs_on_oblong_cells_read_exactly(across: float, down: float) -> None:
    """Cells scaled differently across and down (grid.oblong): each ball is looked for in its own
    cell, each axis at its own pitch. At one mean cell size for both axes the crops ran off the cells
    on the board's far side (40 px cells at 0.8 down: 36 px a step, 4 px a row too far by the third
    row), and the bombs there were left unsure."""
    cells, _ = random_position(10, 12, 18, seed=3, state="lost")
    img = _drawn(cells, 40)
    img = cv2.resize(img, (round(img.shape[1] * across), round(img.shape[0] * down)), interpolation=cv2.INTER_AREA)
    reading = read_image(encode(img, "PNG"))
    assert not reading.unsure, reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
