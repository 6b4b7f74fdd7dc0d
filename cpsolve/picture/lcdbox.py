"""Mines left shown as an LCD number in a box after a "Mines left:" label, on a light panel above
the board (skullbox305's Qt solver: a QLCDNumber, thin dark segments in a white box with a rounded
black border, on a light grey settings panel, the window's form dark round it).

The panels are the light parts of the band above the board (each read apart: their text is dark on
them, the form round them dark too); on each line of a panel's text, the word after a mines-left
label (:data:`.textcounter.LEFT_LABELS`) that is a box higher than the label's letters is read as a
seven-segment number (:func:`segments`): every digit's seven segments lit or plainly dark, the
pattern a digit's (:data:`.counter.PATTERNS`); anything else gives no counter, never a guess. Only
where exactly one such box is read.
"""

from __future__ import annotations

import cv2
import numpy as np

from .counter import PATTERNS
from .glyphs import dark_ink, glyphs, text_lines, words
from .grid import Grid
from .span import far_sides
from .textcounter import LEFT_LABELS, _spells

#: a panel: light (each channel at least this), at least PANEL_CELLS cells wide and a cell high
LIGHT, PANEL_CELLS = 170, 3
#: a box: at least this many times as high as the label's letters
BOX_HIGH = 1.3
#: a segment is lit where a row (column) along it is inked along this share of it, dark where none
#: is along more than DARK
LIT, DARK = 0.6, 0.25


def read_lcd_left(rgb: np.ndarray, grid: Grid, values: list[str]) -> tuple[int, int, bool] | None:
    """(the mines left, the mine total they imply: with the flags, True) from an LCD box after a
    mines-left label above the board, or None."""
    p = grid.cell_size
    x0, x1 = max(0, int(grid.x0 - p)), min(rgb.shape[1], int(far_sides(grid)[0] + p))
    y0, y1 = max(0, int(grid.y0 - 5 * p)), max(0, int(grid.y0 - 0.1 * p))
    if y1 - y0 < p or x1 - x0 < PANEL_CELLS * p:
        return None
    area = rgb[y0:y1, x0:x1]
    light = (area.min(axis=2) >= LIGHT).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=4)
    found: list[int | None] = []
    for k in range(1, n):
        x, y, w, h = (int(v) for v in stats[k, :4])
        if w >= PANEL_CELLS * p and h >= p:
            found += _boxed_numbers(area[y:y + h, x:x + w], p)
    if len(found) != 1 or found[0] is None:
        return None
    return found[0], found[0] + values.count("F") + values.count("W"), True


def _boxed_numbers(panel: np.ndarray, p: float) -> list[int | None]:
    """The numbers in the boxes after a mines-left label on the panel's lines (None where a box
    does not read)."""
    out: list[int | None] = []
    ink = dark_ink(panel)
    for band, top, bottom, _ in text_lines(ink, 1.5 * p):
        ws = words(glyphs(band))
        for k in range(len(ws) - 2):
            box = ws[k + 2]
            h = max(b[3] for b in ws[k])  # (the capital's height: a digit's)
            if len(box) != 1 or box[0][3] < BOX_HIGH * h:
                continue
            if not any(_spells(band, ws[k], first, h) and _spells(band, ws[k + 1], second, h, colon=True)
                       for first, second in LEFT_LABELS):
                continue
            bx, _, bw, _ = box[0]
            out.append(_in_box(panel[top:bottom, bx:bx + bw]))
    return out


def _in_box(crop: np.ndarray) -> int | None:
    """The number in a box (its border round it): read inside the largest light part."""
    light = (crop.min(axis=2) >= LIGHT).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=4)
    if n < 2:
        return None
    k = 1 + int(np.argmax(stats[1:, 4]))
    x, y, w, h = (int(v) for v in stats[k, :4])
    inside = crop[y + 1:y + h - 1, x + 1:x + w - 1]
    return segments(dark_ink(inside) > 0.5) if inside.size else None


def segments(mask: np.ndarray) -> int | None:
    """The number drawn in seven-segment digits (``mask``: their pixels), or None: digits are the
    runs of inked columns, each as wide as the widest (a narrower one, a 1, at its right), as
    high as the inked rows; each segment lit (LIT) or dark (DARK), the pattern a digit's."""
    rows = np.nonzero(mask.any(axis=1))[0]
    if len(rows) == 0:
        return None
    top, height = int(rows[0]), int(rows[-1]) - int(rows[0]) + 1
    cols = np.asarray(mask.any(axis=0)).tolist()
    runs, x = [], 0
    while x < len(cols):
        if cols[x]:
            start = x
            while x < len(cols) and cols[x]:
                x += 1
            runs.append((start, x))
        x += 1
    width = max(b - a for a, b in runs)
    if height < 7 or width < 3 or not 1 <= len(runs) <= 4:
        return None
    text = ""
    for a, b in runs:
        if b - a < 0.6 * width:
            a = b - width
        if a < 0:
            return None
        digit = PATTERNS.get(_lit(mask[top:top + height, a:b]))
        if digit is None or digit in " -":
            return None
        text += digit
    return int(text)


def _lit(cell: np.ndarray) -> str:
    """The lit segments of one digit's box (``cell``: its pixels), "?" for one neither lit nor dark."""
    h, w = cell.shape
    across = (slice(round(0.2 * w), max(round(0.8 * w), round(0.2 * w) + 1)),)
    parts = {"a": (slice(0, max(1, round(0.2 * h))), across[0], 1),
             "g": (slice(round(0.35 * h), round(0.65 * h) + 1), across[0], 1),
             "d": (slice(round(0.8 * h), h), across[0], 1),
             "f": (slice(round(0.15 * h), round(0.45 * h) + 1), slice(0, max(1, round(0.25 * w))), 0),
             "b": (slice(round(0.15 * h), round(0.45 * h) + 1), slice(round(0.75 * w), w), 0),
             "e": (slice(round(0.55 * h), round(0.85 * h) + 1), slice(0, max(1, round(0.25 * w))), 0),
             "c": (slice(round(0.55 * h), round(0.85 * h) + 1), slice(round(0.75 * w), w), 0)}
    lit = ""
    for name in "abcdefg":
        ys, xs, along = parts[name]
        share = float(cell[ys, xs].mean(axis=along).max()) if cell[ys, xs].size else 0.0
        if share >= LIT:
            lit += name
        elif share > DARK:
            return "?"
    return lit
