"""A board cut by the picture's edge: the part of a row or column between the lattice and the
picture's edge that the lattice's lines run on into.

A crop of the board alone may take off part of its first or last row or column (Algebra-FUN's
WinMine-Robot keeps its test board as a 144x144 JPEG whose top row is 11 px of 16:
tests/data/screens/winmine-crop-lost-9x9.jpg). The lattice is found on the whole cells; the cut
row is too short for a cell (:data:`.grid.CUT_OFF`) and the lattice ends a part of a cell short of
the picture's edge. Read as the board, the rest is a board of the wrong size, every cell sure.

What tells a cut row from a frame, a margin or a panel beside the board: the lattice's own lines
(a boundary between two cells, where the colour steps: a grid line, a bevel's light side against
its neighbour's dark one, two checkerboard shades) go on across it at the lattice's columns, from
the lattice's edge to the picture's. A frame's bevel or a page runs along the board, not across
it; a panel's text makes no step at every column (tests/pictures/test_picture_cut_edge.py)."""

from __future__ import annotations

import numpy as np

from .grid import CUT_OFF, Grid

#: a part this short (of a cell, and in pixels) is not looked at: too little of the lines shows
MIN_PART, MIN_PART_PX = 0.2, 3
#: a colour step of this many levels (the largest of R, G, B) across a boundary is a line's
STEP = 20
#: a boundary is lined where its step runs along this fraction of the part's pixels ...
ALONG = 0.8
#: ... and the board is cut where this fraction of the boundaries across the part are lined
LINED = 0.75


def cut_sides(rgb: np.ndarray, grid: Grid) -> str:
    """The sides of ``grid`` ("t", "b", "l", "r") where the picture's edge cuts a row or column:
    between the lattice and the edge lies a part of a cell (over :data:`MIN_PART` of one, not a
    whole one), and the lattice's boundaries across it are lined (:func:`_lined_across`)."""
    height, width = rgb.shape[:2]
    found = ""
    for side in "tblr":
        across = side in "tb"                       # (the part lies above or below: its lines are vertical)
        pitch = grid.pitch_y if across else grid.pitch_x
        start = grid.y0 if across else grid.x0
        end = start + (grid.rows * grid.pitch_y if across else grid.cols * grid.pitch_x)
        size = height if across else width
        lo, hi = (0.0, start) if side in "tl" else (end, float(size))
        part = hi - lo
        if part < max(MIN_PART * pitch, MIN_PART_PX) or part > (1 - CUT_OFF) * pitch:
            continue
        if _lined_across(rgb, grid, side, int(np.ceil(lo)), int(np.floor(hi))):
            found += side
    return found


def _lined_across(rgb: np.ndarray, grid: Grid, side: str, lo: int, hi: int) -> bool:
    """Whether the lattice's inner boundaries (between its columns, for side "t" or "b"; rows, for
    "l", "r") are lined across the part from ``lo`` to ``hi`` (pixels along the other axis): each a
    colour step of :data:`STEP` at the boundary or a pixel beside it along :data:`ALONG` of the part,
    and :data:`LINED` of them so."""
    if hi - lo < MIN_PART_PX:
        return False
    part = rgb[lo:hi] if side in "tb" else rgb[:, lo:hi].transpose(1, 0, 2)
    lines = (grid.xs() if side in "tb" else grid.ys())[1:-1]
    limit = part.shape[1] - 1
    lines = lines[(lines >= 2) & (lines <= limit - 2)]
    if len(lines) < 2:
        return False
    px = part.astype(np.int16)
    step = np.abs(px[:, 1:] - px[:, :-1]).max(axis=2) >= STEP   # (a step between pixels k and k+1)
    lined = 0
    for at in lines:
        k = int(round(at)) - 1                      # (the step into the boundary's first pixel)
        near = step[:, max(0, k - 1):k + 2].any(axis=1)
        lined += bool(near.mean() >= ALONG)
    return lined >= LINED * len(lines)
