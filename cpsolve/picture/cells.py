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
    cross: float              # the least marked (dark or red) of the four outer diagonal arms, 0..1
    edge_dark: float          # dark pixels in the ring along the cell's sides (a cursor over it)


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
    out = []
    for r in range(grid.rows):
        # the lattice's boundaries sit up to half a pixel inside a revealed cell's grid line:
        # rounding a quarter pixel down keeps the crop on the cell's own pixels
        y0, y1 = int(round(ys[r] - 0.25)), int(round(ys[r + 1] - 0.25))
        line = []
        for c in range(grid.cols):
            x0, x1 = int(round(xs[c] - 0.25)), int(round(xs[c + 1] - 0.25))
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
            # the background: the most common colour of the cell inside its outermost pixels
            bg = _mode_colour(cell[1:h - 1, 1:wd - 1].reshape(-1, 3))
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
                                 blob_fill, blob_span, _cross(cell, p), _edge_dark(cell, p)))
        out.append(line)
    return out


def _edge_dark(cell: np.ndarray, p: float) -> float:
    """The fraction of near-black pixels in the ring between a cell's outermost pixel and 15% of
    the way in: bevels, grid lines, digits and question marks leave it alone, a mouse cursor over
    the cell does not."""
    h, w = cell.shape[:2]
    k = max(2, round(0.15 * p))
    dark = cell.max(axis=2) < 90
    ring = np.concatenate([dark[1:k, 1:w - 1].ravel(), dark[h - k:h - 1, 1:w - 1].ravel(),
                           dark[k:h - k, 1:k].ravel(), dark[k:h - k, w - k:w - 1].ravel()])
    return float(ring.mean()) if ring.size else 0.0


def _cross(cell: np.ndarray, p: float) -> float:
    """How much of each outer arm of the cell's two diagonals (from 12% to 30% of the way in from each
    corner) is marked dark or red, the least of the four: a crossed-out flag or mine marks all four,
    a flag or a digit at most two."""
    h, w = cell.shape[:2]
    mark = (cell.max(axis=2) < 90) | ((cell[..., 0] > 150) & (cell[..., 1] < 100) & (cell[..., 2] < 100))
    ts = np.linspace(0.12, 0.3, 7)
    arms = []
    for fy, fx in ((ts, ts), (ts, 1 - ts), (1 - ts, ts), (1 - ts, 1 - ts)):
        ys = np.clip(np.round(fy * (h - 1)).astype(int), 0, h - 1)
        xs = np.clip(np.round(fx * (w - 1)).astype(int), 0, w - 1)
        hit = np.zeros(len(ts), bool)
        for dy in (-1, 0, 1):  # a line one pixel off the exact diagonal still counts
            for dx in (-1, 0, 1):
                hit |= mark[np.clip(ys + dy, 0, h - 1), np.clip(xs + dx, 0, w - 1)]
        arms.append(hit.mean())
    return float(min(arms))


def _confidence(margin: float, scale: float) -> float:
    return float(max(0.0, min(1.0, margin / scale)))


#: symbols a cell can carry, whatever its tile
RED_BG, CROSSED, MINE, FLAG, MARK, NOTHING = "red background", "crossed", "mine", "flag", "mark", "nothing"


def symbol(look: CellLook) -> tuple[str, float]:
    """What is drawn on the cell, whatever its tile, and how sure: the exploded mine's red
    background, a crossed-out flag or mine (a wrong flag), a mine, a flag, another mark (a digit or
    a question mark), or nothing."""
    bg = look.background
    red_bg = bg[0] > 170 and bg[1] < 90 and bg[2] < 90 and look.red_fraction > 0.2
    mine_like = (look.dark_fraction >= 0.12 and look.blob_fill >= 0.35 and look.blob_span >= 0.35
                 and max(bg) > 100 and look.dark_fraction < 0.9)
    if red_bg:
        return RED_BG, 1.0 if mine_like else 0.2
    if look.cross >= 0.7 and look.red_fraction >= 0.02 and look.dark_fraction >= 0.05:
        return CROSSED, _confidence(look.cross - 0.5, 0.3)
    if mine_like and look.red_fraction < 0.02:
        return MINE, _confidence(look.blob_fill - 0.3, 0.15)
    if look.red_fraction >= 0.03 and look.dark_fraction >= 0.02:
        return FLAG, _confidence(min(look.red_fraction - 0.015, look.dark_fraction - 0.01), 0.03)
    if look.fg_fraction < 0.02:
        return NOTHING, _confidence(0.035 - look.fg_fraction, 0.015)
    if look.fg_fraction < 0.035:
        return MARK, 0.1
    return MARK, 1.0


def _digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    colour = look.fg_colour
    dists = sorted((float(np.sqrt(((colour - np.array(ref, np.float32)) ** 2).sum())), digit)
                   for digit, ref in skin.digits.items())
    (d1, digit), (d2, _) = dists[0], dists[1]
    conf = _confidence(1 - d1 / max(d2, 1e-6), 0.6) if d1 < 90 else 0.1
    return str(digit), conf


def tiles(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], skin: Skin
          ) -> tuple[np.ndarray, np.ndarray]:
    """Per cell: is its tile covered, and how sure. Where the board has raised cells (a bevel), the
    bevel decides; on a flat skin the tiles' colours are grouped, and a group is covered when it
    holds flags or mines, revealed when it holds digits, and of two bare groups the darker is
    covered (so it is in every skin the reader knows)."""
    rows, cols = len(looks), len(looks[0])
    bevel = np.array([[lk.bevel for lk in row] for row in looks])
    if (bevel > 40).sum() >= 2:
        covered = bevel > skin.bevel
        conf = np.clip(np.abs(bevel - skin.bevel) / max(skin.bevel, 1.0), 0, 1)
        return covered, conf
    colours = np.array([[lk.background for lk in row] for row in looks]).reshape(-1, 3)
    centres: list[np.ndarray] = []
    members: list[list[int]] = []
    label = np.zeros(rows * cols, int)
    for i, col in enumerate(colours):
        d = [float(np.sqrt(((col - c) ** 2).sum())) for c in centres]
        k = int(np.argmin(d)) if d else -1
        if k < 0 or d[k] > 30:
            centres.append(col.copy())
            members.append([i])
            label[i] = len(centres) - 1
        else:
            members[k].append(i)
            label[i] = k
            centres[k] = colours[members[k]].mean(axis=0)
    flat = [sym for row in symbols for sym, _ in row]
    state: list[bool | None] = []
    for idx in members:
        kinds = [flat[i] for i in idx]
        closed = sum(x in (FLAG, MINE, CROSSED) for x in kinds)
        digits = sum(x == MARK for x in kinds)
        state.append(True if closed > digits else False if digits else None)
    bare = [k for k, st in enumerate(state) if st is None]
    if len(state) == 1 and bare:
        # one bare colour over the whole board: raised cells are a new game; flat ones could be
        # a board of 0s or the covered cells of a flat skin, so they stay unsure
        mean_bevel = float(np.median(bevel))
        covered = np.full((rows, cols), mean_bevel > 0)
        conf = np.full((rows, cols), 1.0 if mean_bevel >= 15 else 0.0)
        return covered, conf
    if bare:
        lum = [float(_lum(centres[k])) for k in bare]
        known_covered = [k for k, st in enumerate(state) if st is True]
        if not known_covered and len(bare) >= 2:
            darkest = bare[int(np.argmin(lum))]
            state[darkest] = True
        for k in bare:
            if state[k] is None:
                # a bare group like a covered group's colour is covered; otherwise revealed (0s)
                near = [float(np.sqrt(((centres[k] - centres[j]) ** 2).sum())) for j, st in enumerate(state)
                        if st is True]
                state[k] = bool(near and min(near) < 40) or (len(bare) == 1 and not any(
                    st is False for st in state))
    covered = np.array([bool(state[label[i]]) for i in range(rows * cols)]).reshape(rows, cols)
    conf = np.ones((rows, cols))
    return covered, conf


def classify_board(looks: list[list[CellLook]], skin: Skin) -> tuple[list[str], list[float]]:
    """Every cell's value and confidence, row-major."""
    symbols = [[symbol(lk) for lk in row] for row in looks]
    covered, cov_conf = tiles(looks, symbols, skin)
    rows, cols = len(looks), len(looks[0])
    mines_on_covered = any(sym == MINE and covered[r, c] for r in range(rows) for c, (sym, _) in
                           enumerate(symbols[r]))
    values: list[str] = []
    confidence: list[float] = []
    for r in range(rows):
        for c in range(cols):
            look, (sym, sconf) = looks[r][c], symbols[r][c]
            cov, cconf = bool(covered[r, c]), float(cov_conf[r, c])
            if sym == RED_BG:
                v, conf = "X", sconf
            elif sym == CROSSED:
                v, conf = "W", sconf
            elif sym == MINE:
                # a mine on a flat tile where the others lie on raised ones is the exploded one
                v, conf = ("X" if mines_on_covered and not cov else "*"), min(sconf, cconf)
            elif sym == FLAG:
                v, conf = "F", sconf
            elif cov:
                if sym == NOTHING:
                    v, conf = ".", min(sconf, cconf)
                else:
                    v, conf = "?", min(sconf, cconf, 1.0 if look.dark_fraction >= 0.03 else 0.2)
                if look.edge_dark > 0.02:  # something over the cell (a cursor): not its own mark
                    conf = min(conf, 0.1)
            elif sym == NOTHING:
                v, conf = "0", min(sconf, cconf)
            else:
                v, conf = _digit(look, skin)
                conf = min(conf, sconf, cconf, 0.1 if look.edge_dark > 0.05 else 1.0)
            values.append(v)
            confidence.append(conf)
    return values, confidence
