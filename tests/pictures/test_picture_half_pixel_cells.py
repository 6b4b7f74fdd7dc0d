"""A flat checkerboard skin scaled to a cell size of a whole and a half pixels (docs/pictures.md,
"The grid"; cpsolve/picture/subcells.py): Google's two greens, 8 levels apart, at 125% display
scaling (30 px cells drawn 37.5 px). Every other boundary then lies between two pixels, blurred
into two steps of 4 levels, under the faint edges' 6: the lattice was found on every second
boundary, at twice the pitch, and the board read as a quarter of itself with every cell sure
(tests/data/screens/google-browser-new-14x18.png at 1.25 read as 7x8). Such a lattice's cells each
hold a checkerboard of their quadrants, which no board's cell does: the lattice is halved. On
boards drawn here (the oracle is the position drawn), scaled by OpenCV's bilinear filter."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image, subcells
from tests.support.picture_render import encode, scale

#: Google's covered greens and revealed tans
GREENS = ((170, 215, 81), (162, 209, 73))
TANS = ((229, 194, 159), (215, 184, 153))
FRAME = (74, 117, 44)


def _draw(cells: list[list[str]], cell: int) -> np.ndarray:
    """The board as Google draws it (no lines, no bevel, two shades a tile), a dark green band around it;
    every cell covered or a blank revealed one ("0"; no marks: the lattice is what is tested)."""
    rows, cols = len(cells), len(cells[0])
    m = 2 * cell
    img = np.full((rows * cell + 2 * m, cols * cell + 2 * m, 3), FRAME, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            shades = TANS if v == "0" else GREENS
            img[m + r * cell:m + (r + 1) * cell, m + c * cell:m + (c + 1) * cell] = shades[(r + c) % 2]
    return img


def _read(img: np.ndarray, spy: list[bool], monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, list[str]] | None:
    real = subcells.halved

    def halved(rgb: np.ndarray, grid: subcells.Grid) -> subcells.Grid | None:
        out = real(rgb, grid)
        spy.append(out is not None)
        return out

    monkeypatch.setattr("cpsolve.picture.reader.halved", halved)
    try:
        reading = read_image(encode(img))
    except NoBoardFound:
        return None
    sure = [c.value if (c.row, c.col) not in set(reading.unsure) else "?" for c in reading.cells]
    return reading.board.rows, reading.board.cols, sure


@pytest.mark.parametrize(("cell", "factor"), [(30, 1.25), (26, 1.25), (22, 1.25), (25, 1.5), (27, 1.5)])
@pytest.mark.parametrize("size", [(14, 18), (16, 16)])
def test_a_new_board_at_half_pixel_cells_is_read_whole(cell: int, factor: float, size: tuple[int, int],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game (every cell covered): read at its size, or refused; never a block of it."""
    rows, cols = size
    spy: list[bool] = []
    got = _read(scale(_draw([["."] * cols for _ in range(rows)], cell), factor), spy, monkeypatch)
    assert got is None or got[:2] == (rows, cols), got
    assert any(spy)


def test_a_board_of_whole_pixel_cells_is_not_halved() -> None:
    """The control: at a whole cell size no lattice cell holds a checkerboard of quadrants."""
    img = _draw([["."] * 18 for _ in range(14)], 30)
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (14, 18)
