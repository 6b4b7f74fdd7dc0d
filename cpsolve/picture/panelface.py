"""Winmine's layout written in a font: two plain numbers in the panel above the board are its mine
counter and timer only with a face between them (bandaranayake's "0038", a round face, "0066").

Two numbers level with each other above the board, one each side of its middle, and nothing round
between them are something else: a settings form's fields (bobby-driggs's React clone,
tests/data/screens/react-flat-lost-10x10.png: "Width 10" and "Height 10" in white input boxes over
its board, whose left "10" was read as the mines left, a total of 18 for 15)."""

from __future__ import annotations

import cv2
import numpy as np

#: the face's bounding box's longer side against the numbers' height (bandaranayake's face 2.8 times
#: its digits' height; a face drawn a cell wide over digits 0.7 of a cell, 2)
FACE_SIZE = (0.8, 4.0)
#: its width against its height (round)
FACE_ASPECT = (0.75, 1.33)


def face_between(ink: np.ndarray, left: tuple[int, int, int, int], right: tuple[int, int, int, int]) -> bool:
    """Whether a round mark (a face: its ring, or its disc) lies between two numbers, about halfway,
    in ``ink`` (the panel's dark ink, 0..1; ``left`` and ``right``: the numbers' (x0, x1, top, height)
    in it)."""
    (_, lx1, top, h), (rx0, _, _, _) = left, right
    gap = rx0 - lx1
    y0, y1 = max(0, top - 2 * h), min(ink.shape[0], top + 3 * h)
    band = ink[y0:y1, lx1:rx0] > 0.3
    if gap <= 0 or band.size == 0:
        return False
    n, _, stats, _ = cv2.connectedComponentsWithStats(band.astype(np.uint8), connectivity=8)
    for i in range(1, n):
        x, _, w, fh = (int(v) for v in stats[i, :4])
        if (FACE_SIZE[0] * h <= max(w, fh) <= FACE_SIZE[1] * h and FACE_ASPECT[0] <= w / fh <= FACE_ASPECT[1]
                and abs(x + w / 2 - gap / 2) <= 0.25 * gap):
            return True
    return False
