"""A square lattice laid on cells too oblong to be read oblong (over :data:`.grid.OBLONG`, 1.6;
1.3 when this was written):
the lattice takes the pitch of one axis, and its lines fall on the other axis' boundaries only now
and then, so it lines a strip of the board (a few columns, or rows) and that strip was returned as
the whole board, every cell sure (keylocker006's tkinter board of 52 x 39 px buttons read as its 8
rows by 2 columns at 39 px). A board's row boundaries end at its edges; a strip's run on past them,
across the cells beside it: such a lattice is no board (:func:`.grid.grid_in_box` gives it up).
"""

from __future__ import annotations

import numpy as np

#: the boundaries are looked for from NEAR to FAR of a cell past the lattice's edge
NEAR, FAR = 0.25, 1.25
#: a boundary runs on where its edge is found along this share of that stretch (a pixel either side)
RUNS = 0.8
#: the lattice is a strip where this share of its inner boundaries (two at least) run on, on one side
MOST = 0.7


def runs_past(edge_map: np.ndarray, lines: np.ndarray, lo: float, hi: float, pitch: float) -> bool:
    """Whether most of the inner ``lines`` (rows of ``edge_map``: y of horizontal boundaries in a map
    of horizontal edges, or x of vertical ones in the transposed map of vertical edges) run on past
    the lattice's ends ``lo`` and ``hi`` along them, on either side."""
    inner = lines[1:-1]
    if len(inner) < 2:
        return False
    size = edge_map.shape[1]
    for a, b in ((hi + NEAR * pitch, hi + FAR * pitch), (lo - FAR * pitch, lo - NEAR * pitch)):
        a, b = max(0, int(round(a))), min(size, int(round(b)))
        if b - a < max(4, 0.5 * pitch):
            continue
        running = 0
        for y in inner:
            y0, y1 = max(0, int(round(y)) - 1), min(edge_map.shape[0], int(round(y)) + 2)
            if y1 > y0 and edge_map[y0:y1, a:b].any(axis=0).mean() >= RUNS:
                running += 1
        if running >= MOST * len(inner):
            return True
    return False


def strip_of_cells(v: np.ndarray, h: np.ndarray, xs: np.ndarray, ys: np.ndarray, pitch: float) -> bool:
    """Whether the lattice with boundaries ``xs`` (across) and ``ys`` (down) is a strip of a larger
    board of other cells: its row boundaries run on past its left or right end (a few columns of
    wide cells), or its column boundaries past its top or bottom (a few rows of high cells), in the
    picture's edge maps ``v`` (vertical edges) and ``h`` (horizontal edges)."""
    return (runs_past(h, ys, float(xs[0]), float(xs[-1]), pitch)
            or runs_past(v.T, xs, float(ys[0]), float(ys[-1]), pitch))
