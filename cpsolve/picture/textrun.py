"""Marks that run across the lattice's boundaries: a line of text beside a board, not its cells.

A board's marks keep to their cells: a digit is drawn in its cell's middle, clear of its sides.
A window's title bar above a board whose revealed cells are flat white (pygame's "Démineur" under
Windows 10: the bar white too, with no line under it) holds the window's icon and name, letters
drawn one against the next over the lattice's boundaries. Growing a lattice over flat cells
(:func:`.grow.grown_over_flat_cells`) stops at such a row, and its marks are not taken for an
opening's digits beside the lattice (:func:`.grow.digits_beside`).
"""

from __future__ import annotations

import numpy as np

from .colours import channel_max
from .grid import Grid

#: a mark is a pixel further than INK levels (any channel) from the cells' colour
INK = 40.0
#: a line along the boundary (a frame's, a panel's divider) marks this much of its length or more:
#: that is no mark running across it
LINE_ALONG = 0.8


def runs_across(rgb: np.ndarray, strip: Grid, colours: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Per cell of ``strip``, one row or one column of cells (row-major, their tiles' ``colours``),
    whether a mark runs across its side into a neighbour where the two are ``plain`` (per boundary
    between them: cells of one flat colour): the two pixels either side of their common boundary
    both marked, level with each other, in the middle half of that side, and not along most of it
    (a line)."""
    height, width = rgb.shape[:2]
    across = np.zeros(strip.rows * strip.cols, dtype=bool)
    if strip.rows * strip.cols < 2:
        return across
    horizontal = strip.rows == 1  # (a row: its cells parted by the columns' boundaries)
    bounds, ends = (strip.xs(), strip.ys()) if horizontal else (strip.ys(), strip.xs())
    limit = width if horizontal else height
    span = ends[1] - ends[0]
    lo, hi = max(0, int(round(ends[0])) + 2), int(round(ends[1])) - 2   # the side, but its ends
    mid_lo, mid_hi = max(0, int(round(ends[0] + span / 4))) - lo, int(round(ends[1] - span / 4)) - lo
    if hi - lo < 2 or mid_hi <= mid_lo:
        return across
    for k, b in enumerate(bounds[1:-1]):
        if not plain[k]:
            continue
        at = int(np.floor(b))
        if at < 0 or at + 2 > limit:
            continue
        pair = rgb[lo:hi, at:at + 2] if horizontal else rgb[at:at + 2, lo:hi].transpose(1, 0, 2)
        colour = (np.asarray(colours[k], np.float32) + np.asarray(colours[k + 1], np.float32)) / 2
        marked = channel_max(np.abs(pair.astype(np.float32) - colour)) > INK
        both = marked[:, 0] & marked[:, 1]
        if len(both) and both[max(0, mid_lo):mid_hi].any() and both.mean() < LINE_ALONG:
            across[k] = across[k + 1] = True
    return across
