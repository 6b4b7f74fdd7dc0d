"""A game's header taken in as the lattice's edge rows (for :mod:`.reader`, after :mod:`.crosslines`).

A game draws its mine counter, face, clock or buttons in a header right above the board (or in a
footer below it). Where the header is a cell or two high and lies on the board's columns, the
lattice found takes it in as one or two rows (web-tiny-won-4x4.jpg: its clock box and face read as
two rows, 6x4; raygui-lost-8x8.png: its buttons and LED boxes as a ninth row). Such rows are not
parted into cells by lines at the lattice's pitch as the board's rows are
(:func:`.crosslines.not_parted_as`), and what is in them is no Minesweeper cell. (unity-cyan's two
rows of LED digits, each a cell wide on the board's columns, are parted as the board's rows are and
read as sure wrong flags: not cut.)

:func:`without_header` gives the lattice without them, where every one of these holds:

- every row of the lattice that is not parted into cells (:data:`.crosslines.PARTED`) lies within
  :data:`MOST` rows of one end (or, every row parted, the edge row is parted unlike the others:
  :func:`.crosslines.not_parted_as`, or under :data:`RELATIVE` of their least), and at least
  :data:`LEAST_LEFT` rows are left, each parted;
- each row cut holds something (:func:`filled`): a plain row (a flat skin's revealed 0s, its
  covered tiles or plain revealed cells, a row of one colour with no lines between its cells) is
  never cut; the reader refuses the lattice as before;
- no cell of the rows cut reads surely as a digit (a board row of a flat skin's digits, not parted
  by lines, is the board's), and in each some cell reads as no Minesweeper cell (unsure: a face,
  an LED box's digits, a clock's; a button may read as a flag or a crossed mine).

The lattice left is then read as any other, with every check of :mod:`.reader`'s (digits or tiles
beside it, covered tiles going on past it: a row cut that was the board's is refused there).
"""

from __future__ import annotations

import numpy as np

from .cells import SURE, classify_board, measure
from .crosslines import PARTED, not_parted_as, row_carried
from .grid import Grid, edge_maps, refine
from .skins import CLASSIC

#: at most this many rows at one end are cut (a header two cells high: unity-cyan's LED digits,
#: web-tiny's clock box and face)
MOST = 2
#: an edge row parted less than RELATIVE of the least the others are is unlike them (LED boxes a
#: cell high on the board's columns, drawn: 0.31 against the board's 0.76 at least; web-tiny's
#: clock box, its sides on the lines: 0.56 against 0.75)
RELATIVE = 0.5
#: at least this many rows are left, every one parted into cells (the evidence a row is unlike
#: the board's is that the board's rows are parted and it is not)
LEAST_LEFT = 2
#: a row holds something where over FILLED of its middle band's pixels lie over INK levels (any
#: channel) off the band's median colour (raygui's LED boxes, web-tiny's face and clock box)
INK, FILLED = 48.0, 0.06
#: a row holding a cell read surely as a digit is the board's (a flat skin's revealed cells)
DIGITS = frozenset("12345678")


def without_header(rgb: np.ndarray, grid: Grid, threshold: int, fit_threshold: int) -> Grid | None:
    """``grid`` without the rows at its top or bottom that are a header's, not the board's (see the
    module's notes), measured on edges of ``threshold`` and fitted again on edges of
    ``fit_threshold`` (those it was found on: :func:`refitted`); None where there are none to cut
    or any check fails."""
    if grid.rows < LEAST_LEFT + 1:
        return None
    rows = row_carried(rgb, grid, threshold)
    if not rows:
        return None
    parted = [lines - inside >= PARTED for lines, inside in rows]
    unparted = [k for k, p in enumerate(parted) if not p]
    cut: range | None = None
    if unparted and max(unparted) < MOST:
        cut = range(0, max(unparted) + 1)                       # the top rows, to the last unparted
    elif unparted and min(unparted) >= grid.rows - MOST:
        cut = range(min(unparted), grid.rows)                   # the bottom rows
    else:
        # every row parted: the edge row may still be unlike the others (its insides carry edges
        # and its lines few: crosslines.unparted_edge's second test), or parted far less than they
        # are (LED boxes a cell high on the columns, their insides' digits edged: :data:`RELATIVE`)
        for k, rest in ((0, rows[1:]), (grid.rows - 1, rows[:-1])):
            least = min(lines - inside for lines, inside in rest)
            if not_parted_as(rows[k], rest) or rows[k][0] - rows[k][1] < RELATIVE * least:
                cut = range(k, k + 1)
                break
    if cut is None or grid.rows - len(cut) < LEAST_LEFT:
        return None
    kept = [k for k in range(grid.rows) if k not in cut]
    if not all(parted[k] for k in kept):
        return None
    if not all(filled(rgb, grid, k) for k in cut):
        return None
    values, confidence, _ = classify_board(measure(rgb, grid), CLASSIC, grid.cell_size, set(), set())
    for k in cut:
        row = range(k * grid.cols, (k + 1) * grid.cols)
        if any(values[i] in DIGITS and confidence[i] >= SURE for i in row) or all(confidence[i] >= SURE for i in row):
            return None
    top = kept[0]
    cut_grid = Grid(grid.x0, grid.y0 + top * grid.pitch_y, grid.pitch_x, grid.pitch_y, grid.cols, len(kept), grid.score)
    return refitted(rgb, cut_grid, fit_threshold)


def refitted(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid:
    """``grid`` (a lattice without a header's rows) with its pitch and start fitted again on its own
    rows' lines (:func:`.grid.refine`: the pitch found with the header's boxes taken in may be a
    few percent off, the far cells' crops then off their tiles), its rows and columns as they are;
    ``grid`` itself where the fit fails."""
    fitted = refine(edge_maps(rgb, threshold), grid)
    if fitted is None:
        return grid
    x0 = fitted.x0 + fitted.pitch_x * round((grid.x0 - fitted.x0) / fitted.pitch_x)
    y0 = fitted.y0 + fitted.pitch_y * round((grid.y0 - fitted.y0) / fitted.pitch_y)
    if abs(x0 - grid.x0) > grid.pitch_x / 4 or abs(y0 - grid.y0) > grid.pitch_y / 4:
        return grid
    return Grid(x0, y0, fitted.pitch_x, fitted.pitch_y, grid.cols, grid.rows, grid.score)


def filled(rgb: np.ndarray, grid: Grid, k: int) -> bool:
    """Whether row ``k`` of ``grid`` holds something: over :data:`FILLED` of its middle band's
    pixels (the middle 60% of its height, the lattice's width) over :data:`INK` levels off the
    band's median colour."""
    height, width = rgb.shape[:2]
    y = grid.y0 + k * grid.pitch_y
    y_lo, y_hi = max(0, round(y + 0.2 * grid.pitch_y)), min(height, round(y + 0.8 * grid.pitch_y))
    x_lo, x_hi = max(0, round(grid.x0)), min(width, round(grid.x0 + grid.cols * grid.pitch_x))
    if y_hi <= y_lo or x_hi <= x_lo:
        return False
    band = rgb[y_lo:y_hi, x_lo:x_hi].reshape(-1, 3).astype(np.float64)
    off = np.abs(band - np.median(band, axis=0)).max(axis=1)
    return float((off > INK).mean()) > FILLED
