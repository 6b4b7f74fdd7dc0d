"""Solid dark tiles among lighter covered ones: no sure covered cell.

A game may draw a flag as a tile filled with one dark colour and nothing on it (yydrowz3's Win32
GDI game fills a flagged cell with black: its ``coverdisplay``). Such a tile is as flat as a
covered one, and :func:`.tiles.tiles` groups it with them by being the darker tile, so it would be
read a sure covered cell. Where the board's other covered cells are lighter, a covered cell that is
a near-black square with no mark on it is not sure: it may be a flag, or anything else a game fills
its tile with. Used by :func:`.cells.classify_board`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .cells import CellLook

#: a tile whose brightest channel is under this is near-black (its greatest channel, not
#: :data:`.colours.DARK_TILE`'s luminance: a dark theme's tile)
NEAR_BLACK_MAX_CHANNEL = 60.0
#: the covered tiles' typical brightest channel must be over this for a dark one to stand out
LIGHT_COVER = 120.0
#: at most this fraction of the interior marked: a plain filled square
PLAIN = 0.05


def solid_dark_covered(values: list[str], confidence: list[float], looks: list[CellLook]) -> None:
    """Lower to unsure each cell read covered whose tile is a plain near-black square, where the
    other covered cells are light (most of them, by their median). In place."""
    covered = [i for i, v in enumerate(values) if v == "."]
    dark = [i for i in covered if float(np.max(looks[i].background)) < NEAR_BLACK_MAX_CHANNEL
            and looks[i].fg_fraction < PLAIN]
    if not dark or len(dark) * 2 >= len(covered):
        return
    dark_set = set(dark)
    light = [float(np.max(looks[i].background)) for i in covered if i not in dark_set]
    if float(np.median(light)) < LIGHT_COVER:
        return
    for i in dark:
        confidence[i] = min(confidence[i], 0.1)
