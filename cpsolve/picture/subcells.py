"""A lattice of twice the cell size (:func:`halved`): found on every other boundary of a board.

A board scaled to a cell size of a whole and a half pixels (Google's 30 px cells at 125% display
scaling: 37.5 px) lays every other boundary between two pixels, where the bilinear filter blurs
it into two steps of half the colour difference: a flat skin's faint boundaries (Google's two
greens, 8 levels apart) then make an edge only on the boundaries that fall on a pixel, every
second one, and the lattice is found at twice the pitch, each of its cells a block of 2x2 cells:
the board read as a quarter of itself, every cell sure. Such a cell holds a checkerboard of its
quadrants (the top-left one's colour in the bottom-right, the top-right one's in the bottom-left,
the two unlike), which a cell of a board never does: a tile is one colour, a mark lies in its
middle, a bevel or a gradient runs along its sides or across it."""

from __future__ import annotations

import numpy as np

from .colours import crops
from .grid import Grid

#: a cell's quadrants form a checkerboard where the diagonal ones are within SAME levels (each
#: channel) of each other and the neighbouring ones UNLIKE levels apart or more
SAME, UNLIKE = 3.0, 4.0
#: the lattice is halved where this fraction of its cells (or more) holds such a checkerboard
CHECKERED = 0.5


def checkered(rgb: np.ndarray, grid: Grid) -> np.ndarray:
    """Per cell (rows x cols), whether its quadrants form a checkerboard: each quadrant's median colour
    taken in its own middle (a sixth of the cell clear of the cell's sides and of its middle lines)."""
    cells = crops(rgb, grid)
    size = cells.shape[2]
    half, k = size // 2, max(1, round(size / 6))
    lo, hi = slice(k, half - k), slice(size - half + k, size - k)
    if lo.stop - lo.start < 1 or hi.stop - hi.start < 1:
        return np.zeros((grid.rows, grid.cols), bool)

    def quadrant(ys: slice, xs: slice) -> np.ndarray:
        return np.median(cells[:, :, ys, xs].reshape(grid.rows, grid.cols, -1, 3), axis=2)

    tl, tr, bl, br = quadrant(lo, lo), quadrant(lo, hi), quadrant(hi, lo), quadrant(hi, hi)

    def apart(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.abs(a - b).max(axis=2)

    return ((apart(tl, br) <= SAME) & (apart(tr, bl) <= SAME)
            & (apart(tl, tr) >= UNLIKE) & (apart(tl, bl) >= UNLIKE))


def halved(rgb: np.ndarray, grid: Grid) -> Grid | None:
    """``grid`` at half its pitch (twice the rows and columns) where CHECKERED of its cells hold a
    checkerboard of their quadrants; None where they do not."""
    if grid.rows * grid.cols == 0 or checkered(rgb, grid).mean() < CHECKERED:
        return None
    return Grid(grid.x0, grid.y0, grid.pitch_x / 2, grid.pitch_y / 2, grid.cols * 2, grid.rows * 2, grid.score)
