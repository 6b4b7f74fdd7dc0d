"""A capture scaled differently across and down (thrblock's Java game, 47.2 px across and 45.3 px
down a cell: tests/data/screens/java-cino-mid-16x30.png): the cells are not square. The lattice
is fitted square first (the axis with more boundaries measures the pitch); where that pitch leaves
the other axis' boundaries off by more than 0.06 of a cell while its own fit lies on them, that axis
keeps its own pitch (``grid._unsquare``). A square lattice there drifted over the 16 rows and
returned a 13-row board. Cells further from square (10% to 25%: jfxmines' 29 x 26 px) are found
oblong from the first, each axis' edges repeating at a pitch of their own (``grid.oblong_pitches``).
On drawn boards (the oracle is the position drawn)."""

from __future__ import annotations

import cv2
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board


def _reads_exactly_stretched(rows: int, cols: int, mines: int, seed: int, cell: int, across: float,
                             down: float) -> None:
    """A random position drawn at ``cell`` px, stretched ``across`` and ``down``, reads back exactly:
    its size, every cell, none unsure, and its counter's total."""
    cells, counter = random_position(rows, cols, mines, seed=seed)
    img = render_board(cells, cell, counter=counter)
    img = cv2.resize(img, (round(img.shape[1] * across), round(img.shape[0] * down)), interpolation=cv2.INTER_AREA)
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert reading.board.mines == mines


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize(("across", "down"), [(1.0, 0.96), (0.96, 1.0), (1.2, 1.15)])
def test_cells_scaled_differently_across_and_down_are_read(seed: int, across: float, down: float) -> None:
    _reads_exactly_stretched(16, 30, 99, seed, 40, across, down)


@pytest.mark.parametrize(("rows", "cols", "mines", "seed"), [(16, 30, 99, 1), (9, 9, 10, 4), (16, 16, 40, 4)])
@pytest.mark.parametrize(("across", "down", "cell"), [(1.0, 0.88, 40), (0.9, 1.0, 40), (1.0, 0.8, 30), (1.25, 1.0, 24),
                                                      (1.0, 0.9, 20)])
def test_oblong_cells_are_read_each_axis_at_its_own_pitch(rows: int, cols: int, mines: int, seed: int, across: float,
                                                          down: float, cell: int) -> None:
    """Cells 10% to 25% wider than high, or higher than wide (jfxmines' window: 29 x 26 px), beyond
    what a square lattice refits (6%): each axis' edges repeat at a pitch of their own
    (grid.oblong_pitches), the lattice is found and refined oblong, and each cell's square crop
    spread over its longer side (colours.crops). Before, the square lattice lined only the rows or
    columns where the other axis' boundaries fell on its own: refused, or a part read as the whole
    board (16x30 read as 16x2, 9x9 as 3x9 or 9x2, every cell sure)."""
    _reads_exactly_stretched(rows, cols, mines, seed, cell, across, down)


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize(("across", "down", "cell"), [(38.5 / 36, 1.0, 36), (1.0, 36 / 38.5, 38)])
def test_a_small_board_a_half_pixel_off_whole_is_read_oblong(seed: int, across: float, down: float,
                                                             cell: int) -> None:
    """A 9x9 board whose cells are 38.5 px one way and 36 the other (Fyne's go-minesweeper:
    tests/data/screens/fyne-light-mid-9x9.png). At a pitch half a pixel off whole, each boundary's
    edges fall a pixel apart in turn and the profile repeats whole only at twice the pitch (77), too
    far from the other axis' 36 to be read as oblong: the edges are spread over three pixels to find
    it (grid.oblong_pitches). And on a board this small the square lattice at 37 px lines as many
    cells as the oblong one (each line within a lined cell's slack), but does not settle on the
    lines: of two lattices lining as many cells, the one that settles is taken (grid._settled).
    Before, refused: no grid of square cells."""
    _reads_exactly_stretched(9, 9, 10, seed, cell, across, down)
