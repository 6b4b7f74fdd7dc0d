"""A lost board whose game draws its flagged mines as mines (DeclanAS's tkinter clone,
tests/data/screens/tkinter-lost-16x30.png; rules.flags_shown_as_mines): the mine counter still
counts the flags placed, the board shows none, so the counter plus the flags seen is less than the
mines shown. The shown mines are every mine, so they are the total. On drawn boards (the oracle is
the number of mines the position was dealt): read as that total; where a flag is left on the board,
or the board shows no exploded mine, no total."""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board

MINES = 14


def _flags_as_mines(cells: list[list[str]]) -> list[list[str]]:
    return [["*" if v == "F" else v for v in row] for row in cells]


@pytest.mark.parametrize("cell", [16, 24])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_flags_drawn_as_mines_on_a_lost_board_give_the_shown_mines_as_total(seed: int, cell: int) -> None:
    cells, counter = random_position(10, 12, MINES, seed=seed, state="lost")
    assert any(v == "F" for row in cells for v in row)  # flags were placed: the counter counts them
    lost = _flags_as_mines(cells)
    reading = read_image(encode(render_board(lost, cell, counter=counter)))
    assert not reading.unsure
    assert reading.mine_counter == counter
    assert reading.board.mines == MINES


@pytest.mark.parametrize("seed", [1, 2])
def test_a_flag_left_on_the_board_gives_no_total(seed: int) -> None:
    """A flag beside mines drawn over flags may be a wrong flag such a game leaves as a flag: the
    shown mines need not be every mine, nor the flag one."""
    cells, counter = random_position(10, 12, MINES, seed=seed, state="lost")
    flags = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"]
    lost = _flags_as_mines(cells)
    r, c = flags[0]
    lost[r][c] = "F"
    reading = read_image(encode(render_board(lost, 20, counter=counter)))
    assert reading.board.mines is None


def test_no_exploded_mine_gives_no_total() -> None:
    """Mines shown over flags without an exploded mine: no lost board, the counter does not fit."""
    cells, counter = random_position(10, 12, MINES, seed=1, state="lost")
    lost = [["*" if v == "X" else v for v in row] for row in _flags_as_mines(cells)]
    reading = read_image(encode(render_board(lost, 20, counter=counter)))
    assert reading.board.mines is None
