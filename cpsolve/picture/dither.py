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
such an area is averaged, all of it: an animated GIF's frames are dithered region by region, some
regions sparsely (one pixel in eight apart, no denser than text), so the dense areas do not mark
every dithered pixel. Where a 4x4 square holds one colour dithered (each channel within one palette
step) it is averaged over the whole of Bayer's 4x4 matrix, which gives the colour exactly; beside
edges and strokes over 2x2, the matrix's checkerboard, its strongest part, which widens a one-pixel
line by one pixel only. (2x2 alone leaves a flat area rippling by up to 20 levels: its 2x2 squares
hold different thresholds of the matrix.)
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
#: the squares the picture is averaged over: Bayer's 4x4 matrix whole where the pixels are one
#: colour dithered (their channels within FLAT_RANGE: two neighbouring levels of a palette of four
#: or more a channel), else 2x2, its checkerboard, beside edges and strokes
WHOLE, AVERAGE, FLAT_RANGE = 4, 2, 90


#: the four neighbours across and down of a pixel, not the pixel itself
CROSS = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], np.uint8)


def _apart(rgb: np.ndarray) -> np.ndarray:
    """The pixels of ``rgb`` that stand apart from their four neighbours: in one channel lighter
    than all four by STEP or more, or darker (the first and last row and column never). The
    neighbours' maximum and minimum are a dilation and an erosion by CROSS; the differences are
    uint8's saturating ones (a fifth of the time of int16)."""
    top, low = cv2.dilate(rgb, CROSS), cv2.erode(rgb, CROSS)
    apart = channel_max(cv2.max(cv2.subtract(rgb, top), cv2.subtract(low, rgb))) >= STEP
    apart[[0, -1]] = False
    apart[:, [0, -1]] = False
    return apart


def _apart_map(rgb: np.ndarray) -> np.ndarray | None:
    """The picture's pixels apart from their four neighbours (:func:`_apart`, as 0 and 1), where
    some DENSE_BOX px square is densely dithered; else None. Every SAMPLE-th row is checked first,
    each as the middle row of a strip of three (so its neighbours down are its own strip's)."""
    height, width = rgb.shape[:2]
    if height < DENSE_BOX or width < DENSE_BOX:
        return None
    rows = np.arange(1, height - 1, SAMPLE)
    strips = rgb[(rows[:, None] + np.arange(-1, 2)).ravel()]
    if _apart(strips)[1::3].mean() < SAMPLE_SHARE:
        return None
    apart = _apart(rgb).view(np.uint8)
    share = cv2.boxFilter(apart, cv2.CV_16U, (DENSE_BOX, DENSE_BOX), normalize=False)
    if not (share > DENSE * DENSE_BOX * DENSE_BOX).any():
        return None
    return apart


def dithered(rgb: np.ndarray) -> bool:
    """Whether some DENSE_BOX px square of the picture is densely dithered."""
    return _apart_map(rgb) is not None


def undithered(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` averaged over the dither's pattern where it is dithered (:func:`dithered`), else
    itself: over 4x4 pixels (Bayer's matrix whole: a flat area's exact colour) where those hold a
    pixel apart from its neighbours and no more than one palette step in each channel (FLAT_RANGE);
    else over 2x2 (an edge, a stroke; crisp drawing, where a 4x4 square would smear a bevel)."""
    apart = _apart_map(rgb)
    if apart is None:
        return rgb
    square = np.ones((WHOLE, WHOLE), np.uint8)
    flat = ((channel_max(cv2.subtract(cv2.dilate(rgb, square), cv2.erode(rgb, square))) <= FLAT_RANGE)
            & (cv2.dilate(apart, square) > 0))
    out = cv2.blur(rgb, (AVERAGE, AVERAGE))
    cv2.copyTo(cv2.blur(rgb, (WHOLE, WHOLE)), flat.view(np.uint8), out)
    return out
