"""A keyboard focus frame round a cell: a closed rectangle of dark lines along its four sides, with
nothing dark inside it (KDE 2 KMines' black cursor frame, 2 px at the top and left and 1 px at the
bottom and right, inside the cell's 1 px grid lines).

Dark pixels along a cell's sides may be a mouse pointer over it (cells.py ``_edge_dark``), and a
digit beside them is sure only where its glyph is plainly that digit. A frame closed on all four
sides is no pointer (an arrow's outline has no straight top and bottom across the cell), and
where nothing near-black lies inside it (a pointer's outline over the glyph would) it hides nothing
of the cell: its digit is read as on any other cell. Only digits: the frame is no mark, and a
framed cell is no other than it seems (a framed revealed 0 is no covered tile)."""

from __future__ import annotations

import numpy as np

#: a side of the frame: a row (column) dark along at least this fraction of the crop
FRAME_LINE = 0.8
#: the frame's lines lie within this fraction of the crop from its sides, and it spans the rest
FRAME_REACH = 0.25


def focus_framed(dark: np.ndarray) -> np.ndarray:
    """Per cell (``dark``: N x size x size near-black pixels of its crop), whether a focus frame
    closes round it: a full dark row within FRAME_REACH of the top and one of the bottom, a full
    dark column likewise at the left and right, and no dark pixel inside the innermost such lines."""
    n, size = dark.shape[0], dark.shape[1]
    reach = max(2, int(FRAME_REACH * size))
    out = np.zeros(n, bool)
    rows, cols = dark.mean(axis=2) >= FRAME_LINE, dark.mean(axis=1) >= FRAME_LINE
    idx = np.arange(size)
    for k in np.nonzero(rows[:, :reach].any(axis=1) & rows[:, size - reach:].any(axis=1)
                        & cols[:, :reach].any(axis=1) & cols[:, size - reach:].any(axis=1))[0]:
        top = int(idx[:reach][rows[k, :reach]].max())
        bottom = int(idx[size - reach:][rows[k, size - reach:]].min())
        left = int(idx[:reach][cols[k, :reach]].max())
        right = int(idx[size - reach:][cols[k, size - reach:]].min())
        inside = dark[k, top + 1:bottom, left + 1:right]
        out[k] = inside.size > 0 and not inside.any()
    return out
