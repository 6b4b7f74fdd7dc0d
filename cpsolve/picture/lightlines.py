"""Light lines between flat tiles: where the bevel is measured on a board parted by a light gap.

Some skins part flat tiles of two greys by a line lighter than both (TheToasterMonster's Unity
clone: (200,200,200) lines 4 px wide between (100,100,100) covered and (150,150,150) revealed
tiles, at a pitch of 79.6 px). The lattice lies on one side of each line, so every cell's crop
holds a light band along its top and left: to :func:`.bevel.bevel_sides` a raised tile's highlight, on
every cell alike, and the whole board read as covered. :mod:`.lines` finds the lines between tiles
only where they are darker than the tiles, on a lattice of a whole number of pixels.

A raised tile's highlight is no such line: a revealed tile beside it has none, or its own
dark line, so no band lighter than its tile lies along the same side of nearly every crop, on
tiles of two kinds. Where one does (:func:`light_line_boxes`), the sides of each tile are
measured inside it.
"""

from __future__ import annotations

import numpy as np

from .colours import _lum

#: a row (column) of the line is this much lighter (luminance, its middle's median) than its tile
LINE_LIGHTER = 20.0
#: ... in this share of the crops at least, on the same side (a crop or two may lie under a pointer)
LINE_CELLS = 0.97
#: the line's rows are within this of one level (their median over the crops), crop by crop
LINE_TONE = 24.0
#: two kinds of tile: tile colours this far apart (luminance), two cells of each at least
TILES_DIFFER = 40.0
#: a line is at most this share of the cell thick
LINE_SHARE = 0.2
#: ... and starts within this share of the cell from the crop's side (a lattice off the lines' pitch
#: puts a pixel or two of the neighbour's tile outside it)
LEAD = 0.06


def _profiles(lum: np.ndarray, depth: int) -> list[np.ndarray]:
    """Per crop (``lum``: N x size x size), the median luminance of the middle half of each of the
    ``depth`` + 1 outermost rows (columns) on each side, outermost first: top, bottom, left, right."""
    size = lum.shape[1]
    a, b = round(0.25 * size), size - round(0.25 * size)
    return [np.median(lum[:, :depth + 1, a:b], axis=2),
            np.median(lum[:, size - 1 - depth:, a:b], axis=2)[:, ::-1],
            np.median(lum[:, a:b, :depth + 1], axis=1),
            np.median(lum[:, a:b, size - 1 - depth:], axis=1)[:, ::-1]]


def _runs(prof: np.ndarray, face: np.ndarray, lead: int, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """Per crop (``prof``: N x depth + 1 rows from one side, outermost first; ``face``: its tile's
    luminance), whether a light line lies along that side, and the rows to skip to pass it: a run
    of rows LINE_LIGHTER lighter than the tile and of the line's level (LINE_TONE; the level: the
    crops' median of their lightest row near the side) starting within ``lead`` rows of the side
    (the rows outside it the neighbour's tile) and ending before ``depth``."""
    lighter = prof > face[:, None] + LINE_LIGHTER
    near = np.asarray(lighter[:, :lead + 1].any(axis=1))
    if not near.any():
        return near, np.ones(len(prof), int)
    level = float(np.median(prof[near, :lead + 1].max(axis=1)))
    line = lighter & (np.abs(prof - level) <= LINE_TONE)
    has = line[:, :lead + 1].any(axis=1)
    first = np.argmax(line, axis=1)
    after = np.arange(prof.shape[1])[None, :] >= first[:, None]
    # (the run from its first row: a row past it not of the line ends it)
    stop = np.where((after & ~line).any(axis=1), np.argmax(after & ~line, axis=1), depth + 1)
    has &= stop <= depth
    return has, np.where(has, np.maximum(1, stop), 1)


def light_line_boxes(flat: np.ndarray, bg: np.ndarray, p: float) -> np.ndarray | None:
    """Per crop (flat: N x size x size x 3; bg: its tile's colour, N x 3), how many rows (columns)
    of a light line lie along its top, bottom, left and right (N x 4), where tiles of two kinds
    (TILES_DIFFER) are parted by one: across (down) the board nearly every crop (LINE_CELLS) has one
    along its top or its bottom (its left or its right: :func:`_runs`, within LEAD of the side,
    never a fifth of the cell in, LINE_SHARE). At least 1 on every side (the crop's outermost pixel,
    as :func:`.bevel.bevel_sides` skips it). None where no such line shows."""
    n = len(flat)
    face = _lum(bg.astype(np.float64))
    if n < 4 or face.max() - face.min() < TILES_DIFFER:
        return None
    if min(int((face <= face.min() + TILES_DIFFER / 2).sum()), int((face >= face.max() - TILES_DIFFER / 2).sum())) < 2:
        return None
    depth = max(2, int(np.ceil(LINE_SHARE * p)))
    lead = max(1, round(LEAD * p))
    boxes = np.ones((n, 4), int)
    found = False
    sides = [_runs(prof, face, lead, depth) for prof in _profiles(_lum(flat.astype(np.float32)), depth)]
    for axis in (0, 1):   # top and bottom, left and right
        (near, near_skip), (far, far_skip) = sides[2 * axis], sides[2 * axis + 1]
        # (a lattice off the lines' pitch by a fraction of a pixel moves the line from one side of
        # the crops to the other across the board: nearly every crop has it on one side or the other)
        if (near | far).mean() < LINE_CELLS:
            continue
        boxes[:, 2 * axis] = near_skip
        boxes[:, 2 * axis + 1] = far_skip
        found = True
    return boxes if found else None
