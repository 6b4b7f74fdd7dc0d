"""Reading the cells of a found grid: what each one shows, and how sure that is.

Every cell is measured (:func:`measure`): its bevel (a raised cell is lighter along its top and
left sides than along its bottom and right), its background colour (the ring just inside its
sides), and its foreground (pixels far from the background: the digit, flag or mine) with their
colour and shape. The conventions of nearly every skin then decide (:func:`classify`):

* covered: raised (or the skin's covered colour); a red mark on it is a flag, a dark one a question
  mark;
* revealed: flat; nothing on it is a 0; a digit by its colour (the skin's digit colours; the classic
  ones 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey by default); a large dark
  round blob a mine (on red: the exploded one; crossed out in red: a wrong flag).

Each decision's margin is its confidence; a cell below :data:`SURE` is unsure.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .grid import Grid
from .skins import Skin

#: a cell whose confidence is below this is unsure
SURE = 0.35
#: a pixel this far (RGB distance) from the cell's background is foreground
FOREGROUND = 60.0


@dataclass(frozen=True)
class CellLook:
    """The measurements of one cell."""

    bevel: float              # luminance of the top/left sides minus that of the bottom/right ones
    background: np.ndarray    # RGB, float
    fg_fraction: float        # of the cell's interior
    fg_colour: np.ndarray     # RGB of the strongest foreground pixels
    dark_fraction: float      # of the interior: near-black pixels
    red_fraction: float       # of the interior: saturated red pixels
    blob_fill: float          # dark pixels over their bounding box (a mine is a filled disc)
    blob_span: float          # the dark pixels' bounding box side over the interior side


def _lum(a: np.ndarray) -> np.ndarray:
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def _mode_colour(px: np.ndarray) -> np.ndarray:
    """The most common colour among ``px`` (N x 3): the mean of the fullest bin of 16 levels per
    channel. Unlike a median per channel it is a colour that is there: a ring crossed by a red
    line and a black mine keeps its grey."""
    q = px.astype(np.int32) >> 4
    keys = (q[:, 0] << 8) | (q[:, 1] << 4) | q[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    best = values[np.argmax(counts)]
    return px[keys == best].mean(axis=0)


def measure(rgb: np.ndarray, grid: Grid) -> list[list[CellLook]]:
    img = rgb.astype(np.float32)
    xs, ys = grid.xs(), grid.ys()
    p = grid.cell_size
    w = max(1, round(0.07 * p))
    inset = max(1, round(0.16 * p))
    ring = max(1, round(0.06 * p))
    edge = max(1, int(np.ceil(0.14 * p)))
    out = []
    for r in range(grid.rows):
        y0, y1 = int(round(ys[r])), int(round(ys[r + 1]))
        line = []
        for c in range(grid.cols):
            x0, x1 = int(round(xs[c])), int(round(xs[c + 1]))
            cell = img[y0:y1, x0:x1]
            h, wd = cell.shape[:2]
            lum = _lum(cell)
            # strips one pixel in from the crop's sides: the lattice may be half a pixel off, and
            # the neighbour's grid line must not pass for this cell's shadow
            # (upper percentiles: a dark digit, flag or mine that reaches a side must not pass for a
            # shadow)
            top = np.percentile(lum[1:1 + w, 1 + w:wd - 1 - w], 80)
            left = np.percentile(lum[1 + w:h - 1 - w, 1:1 + w], 80)
            bottom = np.percentile(lum[h - 1 - w:h - 1, 1 + w:wd - 1 - w], 80)
            right = np.percentile(lum[1 + w:h - 1 - w, wd - 1 - w:wd - 1], 80)
            bevel = float((top + left - bottom - right) / 2)
            inner = cell[inset:h - inset, inset:wd - inset]
            ih, iw = inner.shape[:2]
            # the background: a thin ring just inside the cell's sides (past a bevel or grid line,
            # short of the digit, flag or mine in the middle)
            sq = cell[edge:h - edge, edge:wd - edge]
            sh, sw = sq.shape[:2]
            ring_px = np.concatenate([sq[:ring].reshape(-1, 3), sq[sh - ring:].reshape(-1, 3),
                                      sq[:, :ring].reshape(-1, 3), sq[:, sw - ring:].reshape(-1, 3)])
            bg = _mode_colour(ring_px)
            dist = np.sqrt(((inner - bg) ** 2).sum(axis=2))
            fg = dist > FOREGROUND
            n = fg.sum()
            fg_fraction = float(n / fg.size)
            if n:
                d = dist[fg]
                strong = inner[fg][d >= np.median(d)]
                fg_colour = np.median(strong, axis=0)
            else:
                fg_colour = bg
            dark = inner.max(axis=2) < 80
            red = (inner[..., 0] > 150) & (inner[..., 1] < 100) & (inner[..., 2] < 100)
            dark_fraction = float(dark.mean())
            blob_fill = blob_span = 0.0
            if dark.any():
                yy, xx = np.nonzero(dark)
                bh, bw = yy.max() - yy.min() + 1, xx.max() - xx.min() + 1
                blob_fill = float(dark.sum() / (bh * bw))
                blob_span = float(min(bh, bw) / max(ih, iw))
            line.append(CellLook(bevel, bg, fg_fraction, fg_colour, dark_fraction, float(red.mean()),
                                 blob_fill, blob_span))
        out.append(line)
    return out


def _confidence(margin: float, scale: float) -> float:
    return float(max(0.0, min(1.0, margin / scale)))


def classify(look: CellLook, skin: Skin, covered: bool, covered_conf: float) -> tuple[str, float]:
    """(value, confidence) of one measured cell, given whether it was judged covered."""
    bg = look.background
    red_bg = bg[0] > 170 and bg[1] < 90 and bg[2] < 90 and look.red_fraction > 0.2
    mine_like = look.dark_fraction >= 0.12 and look.blob_fill >= 0.35 and look.blob_span >= 0.35
    if red_bg:  # the exploded mine (its red background can look raised against its grid lines)
        return ("X", 1.0) if mine_like else ("X", 0.2)
    if covered:
        if look.red_fraction >= 0.03:
            return "F", min(covered_conf, _confidence(look.red_fraction - 0.01, 0.04))
        if look.fg_fraction < 0.02:
            return ".", min(covered_conf, _confidence(0.04 - look.fg_fraction, 0.02))
        if look.dark_fraction >= 0.03:
            return "?", min(covered_conf, _confidence(look.dark_fraction - 0.01, 0.05))
        return ".", min(covered_conf, 0.2)
    crossed = look.dark_fraction >= 0.1 and look.blob_span >= 0.5 and look.red_fraction >= 0.05
    if (mine_like and look.red_fraction >= 0.02) or crossed:
        return "W", covered_conf
    if mine_like:
        return "*", min(covered_conf, _confidence(look.blob_fill - 0.3, 0.2))
    if look.fg_fraction < 0.02:
        return "0", min(covered_conf, _confidence(0.04 - look.fg_fraction, 0.02))
    if look.fg_fraction < 0.035:
        return "0", 0.1
    colour = look.fg_colour
    dists = sorted((float(np.sqrt(((colour - np.array(ref, np.float32)) ** 2).sum())), digit)
                   for digit, ref in skin.digits.items())
    (d1, digit), (d2, _) = dists[0], dists[1]
    conf = _confidence(1 - d1 / max(d2, 1e-6), 0.6) if d1 < 90 else 0.1
    return str(digit), min(covered_conf, conf)


def covered_mask(looks: list[list[CellLook]], skin: Skin) -> tuple[np.ndarray, np.ndarray]:
    """Per cell: covered or not, and how sure. A raised cell (bevel) is covered; where the skin
    names a covered colour, a cell of that colour is covered too."""
    bevel = np.array([[lk.bevel for lk in row] for row in looks])
    covered = bevel > skin.bevel
    conf = np.clip(np.abs(bevel - skin.bevel) / max(skin.bevel, 1.0), 0, 1)
    return covered, conf
