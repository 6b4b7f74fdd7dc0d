"""Mines shown in a colour, not black (docs/pictures.md, "The cells": ``marks.round_marks``,
``marks.round_mines``), on drawn boards (the oracle is the position drawn):

* nholthaus's Qt clone draws every shown mine as an orange burst on a flat tile, none apart as the
  exploded one, and a wrong flag as a red X alone on its raised tile
  (tests/data/screens/qt-nholthaus-lost-16x30.png);
* bandaranayake's game draws its mines as dark purple discs (tests/data/screens/purplechecker-*.png).

A mark as round as a mine (a disc, or a burst with short spikes: symmetric every way, filled at its
middle, bare at its box's corners, wide as it is high, darker than its tile) is a shown mine where
two cells or more carry one alike. An X (minesweeper.online's no-guess start cell, a green X on a
flat tile of a new game) and a lone round mark are not.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import (
    _flat,
    _raised,
    board_origin,
    encode,
    random_position,
    red_x,
    render_board,
    scale,
)

ORANGE, YELLOW, PURPLE, GREEN = (242, 142, 21), (253, 196, 3), (74, 58, 125), (7, 131, 7)


def _burst(img: np.ndarray, x: int, y: int, s: int) -> None:
    """An explosion as nholthaus's clone draws a mine: an orange disc, yellow at its middle, with
    eight short spikes."""
    cx, cy = x + s // 2, y + s // 2
    r = s * 0.24
    for k in range(8):
        a = k * math.pi / 4 + math.pi / 8
        tip = (round(cx + 1.55 * r * math.cos(a)), round(cy + 1.55 * r * math.sin(a)))
        cv2.line(img, (cx, cy), tip, ORANGE, max(1, s // 12), cv2.LINE_AA)
    cv2.circle(img, (cx, cy), round(r), ORANGE, -1, cv2.LINE_AA)
    cv2.circle(img, (cx, cy), round(r * 0.5), YELLOW, -1, cv2.LINE_AA)


def _disc(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int] = PURPLE) -> None:
    cv2.circle(img, (x + s // 2, y + s // 2), round(s * 0.22), colour, -1, cv2.LINE_AA)


def _lost_drawn(seed: int, cell: int, mine) -> tuple[np.ndarray, list[str]]:  # type: ignore[no-untyped-def]
    """A random lost 16x16 board of 40 mines, every shown mine (the exploded one too) drawn by
    ``mine`` on a flat tile and every wrong flag as a red X alone on a raised tile; and the values
    to read (the exploded mine drawn as the others is a mine shown, ``*``)."""
    cells, counter = random_position(16, 16, 40, seed=seed, state="lost")
    img = render_board(cells, cell, counter=counter)
    left, top = board_origin(cell)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = left + c * cell, top + r * cell
            if v in "*X":
                _flat(img, x, y, cell)
                mine(img, x, y, cell)
            elif v == "W":
                _raised(img, x, y, cell, max(1, cell // 8))
                red_x(img, x, y, cell)
    return img, ["*" if v == "X" else v for row in cells for v in row]


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize(("cell", "factor"), [(20, 1), (24, 1), (32, 1), (24, 1.5)])
@pytest.mark.parametrize("mine", [_burst, _disc], ids=["burst", "disc"])
def test_mines_drawn_in_a_colour_are_mines_shown(seed: int, cell: int, factor: float, mine) -> None:  # type: ignore[no-untyped-def]
    """Every mine shown as an orange burst or a purple disc, none apart as the exploded one, and
    the wrong flags as red Xs: each read, sure, and the mine total (the counter plus the flags and
    wrong flags) stands."""
    img, want = _lost_drawn(seed, cell, mine)
    reading = read_image(encode(scale(img, factor)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want
    assert reading.board.mines == 40


def _new_board(cell: int) -> np.ndarray:
    return render_board([["."] * 16 for _ in range(16)], cell, counter=40)


@pytest.mark.parametrize("cell", [24, 32, 40])
def test_green_xs_on_a_new_board_are_no_mines(cell: int) -> None:
    """minesweeper.online's no-guess mode marks the start cell of a new game with a thick green X on
    a flat tile: symmetric every way and filled at its middle as a disc is, but its arms fill its
    box's corners. Two alike on a new board, on a flat tile and on a raised one: never sure mines."""
    img = _new_board(cell)
    left, top = board_origin(cell)
    _flat(img, left, top + 3 * cell, cell)
    for r, c in ((3, 0), (8, 5)):
        x, y = left + c * cell, top + r * cell
        t, a, b = max(2, cell // 5), round(cell * 0.3), round(cell * 0.7)
        cv2.line(img, (x + a, y + a), (x + b, y + b), GREEN, t, cv2.LINE_AA)
        cv2.line(img, (x + b, y + a), (x + a, y + b), GREEN, t, cv2.LINE_AA)
    reading = read_image(encode(img))
    for r, c in ((3, 0), (8, 5)):
        assert (r, c) in reading.unsure or reading.cells[r * 16 + c].value in ".?", reading.cells[r * 16 + c]


@pytest.mark.parametrize("mine", [_burst, _disc], ids=["burst", "disc"])
def test_a_lone_round_mark_is_no_sure_mine(mine) -> None:  # type: ignore[no-untyped-def]
    """One round coloured mark on a raised tile of a new board: a lost board shows its mines, and a
    lone mark may be anything a game draws on one cell; never a sure mine."""
    img = _new_board(24)
    left, top = board_origin(24)
    mine(img, left + 5 * 24, top + 7 * 24, 24)
    reading = read_image(encode(img))
    assert (7, 5) in reading.unsure or reading.cells[7 * 16 + 5].value in ".?", reading.cells[7 * 16 + 5]


@pytest.mark.parametrize("cell", [20, 24, 32, 40])
@pytest.mark.parametrize("digit", [1, 2, 3, 4, 5, 6, 8])
def test_an_x_in_a_digit_colour_is_no_digit(digit: int, cell: int) -> None:
    """An X on a flat tile of a new board in a classic digit's colour, its lines 12-20% of the cell
    thick: its colour names the digit, its shape no digit (0.5 at most), and colour alone decides
    where the glyph is like no font's digit (an unseen font). Two crossing diagonals are no digit
    (digits.crossed): never a sure digit. (Black is left out: a large dark blob, told as mines are.)"""
    from cpsolve.picture import cells, digits
    from cpsolve.picture.grid import find_grids
    from tests.support.picture_render import DIGITS

    for thick, a, b in ((0.2, 0.3, 0.7), (0.125, 0.25, 0.75), (0.15, 0.3, 0.7)):
        img = render_board([["."] * 9 for _ in range(9)], cell, counter=10)
        left, top = board_origin(cell)
        x, y = left + 4 * cell, top + 4 * cell
        _flat(img, x, y, cell)
        t, p, q = max(2, round(cell * thick)), round(cell * a), round(cell * b)
        cv2.line(img, (x + p, y + p), (x + q, y + q), DIGITS[digit], t, cv2.LINE_AA)
        cv2.line(img, (x + q, y + p), (x + p, y + q), DIGITS[digit], t, cv2.LINE_AA)
        grid = next(g for g in find_grids(img, 20) if (g.rows, g.cols) == (9, 9))
        assert digits.crossed(cells.measure(img, grid)[4][4]), thick  # the path: the mark is an X
        reading = read_image(encode(img))
        assert (4, 4) in reading.unsure or reading.cells[4 * 9 + 4].value in ".?", (thick, reading.cells[4 * 9 + 4])
