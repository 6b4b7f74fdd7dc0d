"""Growing a found lattice over cells of the board that its edges missed (after :mod:`.grid`).

* :func:`grown_over_faint_cells`: a lattice found on strong edges may be the covered part of a
  board whose other cells are parted by faint lines (KMines).
* :func:`grown_over_checkerboard`: a board whose covered cells are a checkerboard of two shades a
  few levels apart, blurred by display scaling (Google's at 2x: steps of 2-4 levels a pixel, below
  every edge threshold), shows no lattice over its covered area; the rows and columns beside the
  lattice whose plain cells carry on its checkerboard are the board's too.
"""

from __future__ import annotations

import numpy as np

from .grid import LINED, Grid, edge_maps, lined_cells, on_picture, settle


def grown_over_faint_cells(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid | None:
    """``grid`` (found on strong edges), grown over the cells beside it that faint edges (a colour
    step of ``threshold``) line, or None where it does not settle.

    A skin whose revealed cells are parted by faint lines (KMines: a step of 12) shows only its
    covered cells on strong edges: the lattice found there is part of the board, its pitch measured
    on a few tiles' frames. So the row or column of lattice cells just outside each side is looked
    at on faint edges (in a strip along that side only: cheap); where one is lined over half its
    length the board goes on, and the lattice is settled again on the faint edges of the picture."""
    if not any(_lined_beside(rgb, grid, side, threshold) >= 0.5 for side in "tblr"):
        return grid
    grown = settle(edge_maps(rgb, threshold), grid)
    if grown is None or grown.rows * grown.cols <= grid.rows * grid.cols:
        return None
    return grown


def _lined_beside(rgb: np.ndarray, grid: Grid, side: str, threshold: int) -> float:
    """The fraction of lined lattice cells, on edges of ``threshold``, in the row (side "t" or "b")
    or column ("l", "r") just outside the grid; 0 where that is outside the picture."""
    height, width = rgb.shape[:2]
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        y = grid.y0 - py if side == "t" else grid.y0 + grid.rows * py
        ys = np.array([y, y + py])
        xs = grid.x0 + px * np.arange(grid.cols + 1)
    else:
        x = grid.x0 - px if side == "l" else grid.x0 + grid.cols * px
        xs = np.array([x, x + px])
        ys = grid.y0 + py * np.arange(grid.rows + 1)
    if not (on_picture(xs, width, px).all() and on_picture(ys, height, py).all()):
        return 0.0
    m = int(0.3 * grid.cell_size) + 2  # room for the lines' widening (lined_cells) and the diffs
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    faint = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)
    return float((lined_cells(faint, xs - x_lo, ys - y_lo, grid.cell_size) >= LINED).mean())


#: a cell's tile carries on the checkerboard when its colour (the most common one of its middle) is
#: within SAME_SHADE levels (each channel) of some cell of the grid on the same squares (the parity
#: of row + column), and at least OTHER_SHADE from every cell of the grid on the other squares
SAME_SHADE, OTHER_SHADE = 4.0, 3.0
#: a board is grown at most this many rows or columns a side
MAX_GROWTH = 100


def grown_over_checkerboard(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid:
    """``grid`` grown over the rows and columns just outside it whose every cell is lined on faint
    edges (a colour step of ``threshold``) or carries on the grid's checkerboard, at least one of
    them the latter; ``grid`` itself where none is.

    The checkerboard is the grid's own: a cell beside it is on it when its tile colour is that of
    cells of the grid on its squares (row + column even or odd) and unlike every cell on the other
    squares. A plain surround (a page, a frame) is one colour on both squares, so it never passes,
    nor does one board's lattice continued over another picture's: only the run of such rows and
    columns up to the first that is not one, or the picture's edge, is grown."""
    shades: tuple[np.ndarray, np.ndarray] | None = None
    for _ in range(4 * MAX_GROWTH):
        for side in "rlbt":
            strip = _strip(grid, side)
            if not _inside(rgb, strip):
                continue
            tile = _tile_colours(rgb, strip)
            if not _alternates(tile):
                continue  # (cheap: no checkerboard along the strip, the grid's colours are not needed)
            if shades is None:
                own = _tile_colours(rgb, grid)
                parity = (np.add.outer(np.arange(grid.rows), np.arange(grid.cols)) % 2).ravel()
                shades = (own.reshape(-1, 3)[parity == 0], own.reshape(-1, 3)[parity == 1])
            r0, c0 = {"r": (0, grid.cols), "l": (0, -1), "b": (grid.rows, 0), "t": (-1, 0)}[side]
            par = (np.add.outer(r0 + np.arange(strip.rows), c0 + np.arange(strip.cols)) % 2).ravel()
            checker = np.array([_on_squares(c, shades[q], shades[1 - q]) for c, q in zip(tile.reshape(-1, 3), par)])
            lined = _lined_strip(rgb, strip, threshold).ravel() >= LINED
            if checker.any() and (checker | lined).all():
                grid = _joined(grid, side)
                break
        else:
            return grid
    return grid


def _strip(grid: Grid, side: str) -> Grid:
    """The row ("t", "b") or column ("l", "r") of lattice cells just outside ``grid``."""
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        return Grid(grid.x0, grid.y0 - py if side == "t" else grid.y0 + grid.rows * py, px, py, grid.cols, 1)
    return Grid(grid.x0 - px if side == "l" else grid.x0 + grid.cols * px, grid.y0, px, py, 1, grid.rows)


def _joined(grid: Grid, side: str) -> Grid:
    s = _strip(grid, side)
    rows, cols = grid.rows + (side in "tb"), grid.cols + (side in "lr")
    return Grid(min(grid.x0, s.x0), min(grid.y0, s.y0), grid.pitch_x, grid.pitch_y, cols, rows, grid.score)


def _inside(rgb: np.ndarray, g: Grid) -> bool:
    height, width = rgb.shape[:2]
    xs, ys = g.xs(), g.ys()
    return bool(on_picture(xs, width, g.pitch_x).all() and on_picture(ys, height, g.pitch_y).all())


def _tile_colours(rgb: np.ndarray, g: Grid) -> np.ndarray:
    """Per cell (rows x cols x 3), the most common colour of its middle (inside a tenth of its side)."""
    from .cells import _mode_colours, crops  # (cells reads the grid module too)

    cells = crops(rgb, g)
    size = cells.shape[2]
    k = max(1, round(0.1 * size))
    middle = cells[:, :, k:size - k, k:size - k].reshape(g.rows * g.cols, -1, 3)
    return _mode_colours(middle).reshape(g.rows, g.cols, 3)


def _alternates(tile: np.ndarray) -> bool:
    """Whether some three cells in a row along a strip go shade, other shade, the first shade again."""
    t = tile.reshape(-1, 3)
    if len(t) < 3:
        return False
    step = np.abs(t[1:] - t[:-1]).max(axis=1)
    back = np.abs(t[2:] - t[:-2]).max(axis=1)
    return bool(((step[:-1] >= OTHER_SHADE) & (step[1:] >= OTHER_SHADE) & (back <= SAME_SHADE)).any())


def _on_squares(colour: np.ndarray, same: np.ndarray, other: np.ndarray) -> bool:
    if len(same) == 0:
        return False
    near_same = np.abs(same - colour).max(axis=1).min() <= SAME_SHADE
    near_other = len(other) and np.abs(other - colour).max(axis=1).min() < OTHER_SHADE
    return bool(near_same and not near_other)


def _lined_strip(rgb: np.ndarray, strip: Grid, threshold: int) -> np.ndarray:
    """Per cell of ``strip``, how much of its sides carry an edge of ``threshold`` (in a window
    around the strip only)."""
    height, width = rgb.shape[:2]
    xs, ys = strip.xs(), strip.ys()
    m = int(0.3 * strip.cell_size) + 2
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    faint = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)
    return lined_cells(faint, xs - x_lo, ys - y_lo, strip.cell_size)
