"""A tile's rim on a board of tiles parted by a gap, where the board's vote found no gap.

:func:`.bevel.gap_margins` finds the gap round a board's tiles by a vote: rows (columns) of the
gap's colour in nearly every crop. On a board drawn at a pitch of a fraction of a pixel the gap falls
a row further in or out from one row of cells to the next, no row wins the vote, the crops are not
moved onto the tiles, and a tile's rim may lie along the middle of the crop, where marks are looked
for (:func:`off_gap_sides`).
"""

from __future__ import annotations

import numpy as np

from .bevel import GAP_CELLS, GAP_NEAR, GAP_ROW, _gap_pixels, _off

#: a tile's rim: its rows (columns) this share of the cell in from its edge
RIM_DEPTH = 0.1


def off_gap_sides(dist: np.ndarray, flat: np.ndarray, face: np.ndarray, surround: np.ndarray | None,
                  p: float, inset: int) -> np.ndarray:
    """``dist`` (as :func:`.bevel.off_sides`: over the crops' middle, ``inset`` pixels in) with each tile's
    rim cleared where the board's vote found no gap (:func:`.bevel.gap_margins`: None) but the crops show
    one. On a board of tiles parted by a gap of the surround's colour at a pitch of a fraction of a
    pixel, the lattice puts the gap a row further in or out from cell to cell (Microsoft Minesweeper
    at 22.6 px: in rows 0-2 of some crops, 1-3 of others), so no row is of the gap in GAP_CELLS of
    them, the crops are not moved onto the tiles, and a revealed tile's grey rim lies along the
    middle's outermost row (read as a mark: its 0s unsure). Where nearly every crop (GAP_CELLS)
    holds a row and a column of the gap within a fifth of the cell from its sides, on a board most
    of whose tiles are of another colour than the gap (and, on a dark page, lighter than it),
    each crop's tile begins after its gap's innermost row (column) there (none where the band is
    of the gap a fifth of the cell in), and the tile's own first RIM_DEPTH of the cell (a pixel at least)
    is its rim: cleared where it reaches the middle. A digit is centred on its tile and never
    reaches its rim."""
    n, size = flat.shape[:2]
    if surround is None or n == 0 or (_off(face, surround) > GAP_NEAR).mean() < 0.5:
        return dist
    if _gap_pixels(face, surround).mean() >= 0.5:  # (most tiles as dark as the page: no gap told)
        return dist
    depth, rim = max(2, round(0.2 * p)), max(1, round(RIM_DEPTH * p))
    a, b = round(0.15 * size), size - round(0.15 * size)
    idx = np.arange(size)
    edges = []  # per axis: per crop, the tile's first and last row (column) inside the gap
    for gap in (_gap_pixels(flat[:, :, a:b], surround).mean(axis=2) >= GAP_ROW,
                _gap_pixels(flat[:, a:b, :], surround).mean(axis=1) >= GAP_ROW):
        # (a side whose band is of the gap a fifth of the cell in shows no tile's edge: a dark
        # theme's tiles on a dark page are as dark, the whole crop of the gap's pixels)
        first = np.where(gap & (idx < depth), idx, -1).max(axis=1) + 1
        first[gap[:, depth]] = 0
        last = np.where(gap & (idx > size - depth - 1), idx, size).min(axis=1) - 1
        last[gap[:, size - depth - 1]] = size - 1
        edges.append((first, last, (first > 0) | (last < size - 1)))
    if (edges[0][2] & edges[1][2]).mean() < GAP_CELLS:
        return dist
    m = dist.shape[1]
    at = np.arange(inset, inset + m)
    rows, cols = ((at[None, :] < first[:, None] + rim) & (first[:, None] > 0)
                  | (at[None, :] > last[:, None] - rim) & (last[:, None] < size - 1) for first, last, _ in edges)
    return np.where(rows[:, :, None] | cols[:, None, :], 0.0, dist)
