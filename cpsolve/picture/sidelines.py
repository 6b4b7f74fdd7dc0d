"""Lines along the sides of a cell's glyph region: the tile's border or the board's frame, not strokes.

:func:`.cells._glyphs` takes a cell's mark from the region inside 12% of the cell's side; a line
along that region's side (within two pixels of it, across 85% of it or more) is a tile's border,
a lattice a pixel off at the board's edge or Windows 7's glossy rim, and is taken off before the
mark's box is measured. Such a line runs on from one end of the region to the other, as the
cell's side does: it is marked at both of the region's ends. A digit's bar is not: a large glyph
(winmine's 2 drawn across most of its tile, its base 19-20 px of a 22 px region) may fill 85% of a
side row, but it stops short of an end, inside the tile. Taken off as a line, the 2 lost its base
and read 0.46 like a 2 (pygame-xp-mid-18x18.png's bright green 2s, unsure).
"""

from __future__ import annotations

import numpy as np

#: a side row (column) this full, and marked at both ends of the region, is a line
LINE_FILL = 0.85
#: how near the region's side a line lies (pixels)
SIDE = 2


def side_lines(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per region (mask: N x m x m), which rows and which columns are lines along its sides:
    within SIDE pixels of a side, LINE_FILL full, and marked at both ends (a line runs the cell's
    length, past the region; a glyph narrower than the region, however wide, cannot reach both)."""
    m = mask.shape[1]
    side = np.zeros(m, bool)
    side[:SIDE] = side[m - SIDE:] = True
    rows = (mask.mean(axis=2) >= LINE_FILL) & side & _ends(mask, 2)
    # (the columns' ends on the mask as drawn: a frame's side lines end on its top and bottom ones)
    cols = (np.mean(mask & ~rows[:, :, None], axis=1) >= LINE_FILL) & side & _ends(mask, 1)
    return rows, cols


def _ends(mask: np.ndarray, axis: int) -> np.ndarray:
    """Per row (axis 2) or column (axis 1), whether its first and last pixels are both marked."""
    return np.asarray(np.take(mask, 0, axis=axis) & np.take(mask, -1, axis=axis))
