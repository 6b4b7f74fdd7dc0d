"""A wrong flag told by its tile alone (cpsolve/picture/marks.py ``odd_flags``): some games mark a
flag that was wrong, once the game is lost, by drawing it on a pink tile (Justice-Berteig's React
clone, tests/data/screens/react-online-lost-16x30.png). On drawn lost boards (the oracle is the
position drawn): such a flag reads as a wrong flag ``W``; a flag on a tile of another odd colour,
or every flag on a pink tile, is unsure; never a sure flag where there is no mine."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import Reading, read_image
from tests.support.picture_render import _flag, _raised, encode, random_position, render_board

PINK = (255, 182, 182)


Colour = tuple[int, int, int]


def _draw(cells: list[list[str]], cell: int, counter: int, tiles: dict[tuple[int, int], Colour]) -> np.ndarray:
    """The board drawn with each wrong flag ``W`` shown as a flag on a raised tile of the colour
    ``tiles`` gives it (else the classic flag), the classic way otherwise."""
    plain = [["F" if v == "W" else v for v in row] for row in cells]
    img = render_board(plain, cell, counter=counter)
    b, m = max(2, cell // 5), max(4, cell // 2)
    top = m + round(cell * 2.2) + m  # as render_board lays out the counter panel
    for (r, c), colour in tiles.items():
        x, y, w = m + b + c * cell, top + r * cell, max(1, cell // 8)
        _raised(img, x, y, cell, w)
        img[y + w:y + cell - w, x + w:x + cell - w] = colour
        _flag(img, x, y, cell)
    return img


def _lost(seed: int) -> tuple[list[list[str]], int]:
    cells, counter = random_position(16, 16, 40, seed=seed, state="lost", flags=0.7)
    assert any(v == "W" for row in cells for v in row) and any(v == "F" for row in cells for v in row)
    return cells, counter


def _read(cells: list[list[str]], picture: np.ndarray) -> Reading:
    reading = read_image(encode(picture))
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    return reading


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("cell", [16, 24, 40])
def test_a_flag_on_a_pink_tile_of_a_lost_board_is_a_wrong_flag(seed: int, cell: int) -> None:
    cells, counter = _lost(seed)
    wrong = {(r, c): PINK for r, row in enumerate(cells) for c, v in enumerate(row) if v == "W"}
    reading = _read(cells, _draw(cells, cell, counter, wrong))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert reading.board.mines == 40  # the counter plus the flags, the wrong ones included


@pytest.mark.parametrize("colour", [(182, 182, 255), (150, 220, 150)])
def test_a_flag_on_a_tile_of_another_colour_is_unsure(colour: tuple[int, int, int]) -> None:
    """A tile unlike the other flags' but not red: no clear cue, so unsure, never a sure flag."""
    cells, counter = _lost(3)
    wrong = {(r, c): colour for r, row in enumerate(cells) for c, v in enumerate(row) if v == "W"}
    reading = _read(cells, _draw(cells, 24, counter, wrong))
    unsure = set(reading.unsure)
    assert set(wrong) <= unsure
    silently_wrong = [(c.row, c.col, c.value, v) for c, v in zip(reading.cells, (v for row in cells for v in row))
                      if c.value != v and (c.row, c.col) not in unsure]
    assert silently_wrong == []


def test_every_flag_on_a_pink_tile_is_unsure() -> None:
    """When the flags' tiles are all pink, none stands out: each is unsure (it may be wrong)."""
    cells, counter = _lost(3)
    every = {(r, c): PINK for r, row in enumerate(cells) for c, v in enumerate(row) if v in "FW"}
    reading = _read(cells, _draw(cells, 24, counter, every))
    assert set(every) <= set(reading.unsure)


def test_a_flag_on_a_pink_tile_of_a_game_not_lost_is_left_alone() -> None:
    """The cue is a lost board's: while playing, every flag is the player's own."""
    cells, counter = random_position(16, 16, 40, seed=3, state="playing", flags=0.7)
    flags = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "F"]
    marked = [["W" if (r, c) == flags[0] else v for c, v in enumerate(row)] for r, row in enumerate(cells)]
    reading = _read(cells, _draw(marked, 24, counter, {flags[0]: PINK}))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
