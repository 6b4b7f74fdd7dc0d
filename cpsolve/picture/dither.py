"""A palette's ordered dither taken back to the colours it stands for.

A GIF (or any picture of a few hundred colours) saved from a screenshot draws a colour its palette
lacks as a fine pattern of two or three palette colours, pixel by pixel: a checkerboard, or one
lighter pixel in every four (Bayer's matrices). Each channel then steps by a palette level (36,
85) between nearly every two neighbouring pixels: a flat tile is all edges (the grid search finds
the pattern's period instead of the cells), and no cell has one background colour.

Such a pattern is told by its pixels that stand apart from both neighbours across and both
neighbours down, in one channel, the same way (lighter than all four, or darker): over half of the
pixels of a densely dithered area, where a screenshot's own drawing (text, one-pixel lines, icons)
has at most a quarter of them in any 16 px square (the tuning set: 0.26 at most). A picture with
such an area is averaged over squares of 2x2 pixels, all of it: an animated GIF's frames are
dithered region by region, some regions sparsely (one pixel in eight apart, no denser than text),
so the dense areas do not mark every dithered pixel. The 2x2 square takes away the pattern's
checkerboard, its strongest part, and widens a one-pixel line by one pixel only.
"""

from __future__ import annotations

import cv2
import numpy as np

from .colours import channel_max

#: the step (levels, in one channel) by which a pixel stands apart from a neighbour
STEP = 20
#: a DENSE_BOX px square with over DENSE of its pixels apart is dithered
DENSE, DENSE_BOX = 0.4, 16
#: the check on every SAMPLE-th row first: under SAMPLE_SHARE of its pixels apart, no dither
SAMPLE, SAMPLE_SHARE = 16, 0.02
#: the square the picture is averaged over
AVERAGE = 2


def _apart(rgb: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Of the rows ``rows`` of ``rgb`` (not its first or last row), the pixels (less the first and
    last column) that stand apart from their four neighbours: in one channel lighter than all four
    by STEP or more, or darker. (In uint8, by saturating differences: a fifth of the time of int16.)"""
    mid, up, down = rgb[rows], rgb[rows - 1], rgb[rows + 1]
    c = np.ascontiguousarray(mid[:, 1:-1])
    around = (mid[:, :-2], mid[:, 2:], up[:, 1:-1], down[:, 1:-1])
    top = np.maximum(np.maximum(around[0], around[1]), np.maximum(around[2], around[3]))
    low = np.minimum(np.minimum(around[0], around[1]), np.minimum(around[2], around[3]))
    lighter = cv2.subtract(c, np.ascontiguousarray(top))
    darker = cv2.subtract(np.ascontiguousarray(low), c)
    return channel_max(cv2.max(lighter, darker)) >= STEP


def dithered(rgb: np.ndarray) -> bool:
    """Whether some DENSE_BOX px square of the picture is densely dithered."""
    height, width = rgb.shape[:2]
    if height < DENSE_BOX or width < DENSE_BOX:
        return False
    if _apart(rgb, np.arange(1, height - 1, SAMPLE)).mean() < SAMPLE_SHARE:
        return False
    apart = _apart(rgb, np.arange(1, height - 1)).astype(np.float32)
    return bool((cv2.blur(apart, (DENSE_BOX, DENSE_BOX)) > DENSE).any())


def undithered(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` averaged over 2x2 squares where it is dithered (:func:`dithered`), else itself."""
    return cv2.blur(rgb, (AVERAGE, AVERAGE)) if dithered(rgb) else rgb
