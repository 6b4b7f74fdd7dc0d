"""Reading the cells of a found grid: what each one shows, and how sure that is.

Every cell is measured (:func:`measure`): its bevel (a raised cell is lighter along its top and
left sides than along its bottom and right), its background colour (the ring just inside its
sides), and its foreground (pixels far from the background: the digit, flag or mine) with their
colour and shape. The conventions of nearly every skin then decide (:func:`classify`):

* covered: raised (or the skin's covered colour); a red mark on it is a flag, a dark one a question
  mark;
* revealed: flat; nothing on it is a 0; a digit by its colour (the skin's digit colours; the classic
  ones 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey by default) checked by its
  shape (the fonts of :data:`~.skins.DIGIT_SHAPES`): a sure digit is one both agree on; a large dark
  round blob a mine (on red: the exploded one; crossed out in red: a wrong flag).

Each decision's margin is its confidence; a cell below :data:`SURE` is unsure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .grid import Grid
from .skins import DIGIT_SHAPES, SKIN_BY_NAME, Skin, known_tile

#: a cell whose confidence is below this is unsure
SURE = 0.35
#: a pixel this far (RGB distance) from the cell's background is foreground
FOREGROUND = 60.0
#: a mark's shape is compared on a grid of this many cells a side
GLYPH = 8


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
    side_red: float           # red pixels in the ring along the cell's sides (a red background)
    blob_round: float         # the dark pixels' bounding box: shorter side over longer, times how
                              # near its centre is to the cell's (1: a centred square box, as a mine's)
    reddish: float            # of the interior: pixels redder than they are green or blue by 40
    glyph: np.ndarray | None = None  # the mark's shape (:func:`_glyphs`), GLYPH x GLYPH; None: too little
    shape: dict[int, float] | None = None  # how like each digit the glyph is (:func:`shape_table`)
    shading: float = 0.0      # spread (sd of luminance) of the interior's background pixels: a
                              # shaded tile face, not a flat one


def _lum(a: np.ndarray) -> np.ndarray:
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def crops(rgb: np.ndarray, grid: Grid) -> np.ndarray:
    """Every cell as an equal square crop: (rows, cols, size, size, 3) float32. The lattice's
    boundaries sit up to half a pixel inside a revealed cell's grid line: rounding a quarter pixel
    down keeps each crop on its cell's own pixels."""
    size = max(4, int(np.floor(min(grid.pitch_x, grid.pitch_y))))
    xs = np.round(grid.xs()[:-1] - 0.25).astype(int)
    ys = np.round(grid.ys()[:-1] - 0.25).astype(int)
    height, width = rgb.shape[:2]
    yy = np.clip(ys[:, None] + np.arange(size)[None, :], 0, height - 1)   # rows x size
    xx = np.clip(xs[:, None] + np.arange(size)[None, :], 0, width - 1)    # cols x size
    out = rgb[yy[:, None, :, None], xx[None, :, None, :]]                 # rows x cols x size x size x 3
    return out.astype(np.float32)


def _darker_than(a: np.ndarray, level: float) -> np.ndarray:
    """``a.max(axis=-1) < level`` for RGB pixels: numpy reduces a last axis of 3 some 50 times
    slower than three comparisons."""
    return (a[..., 0] < level) & (a[..., 1] < level) & (a[..., 2] < level)


def _dist(a: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """The RGB distance of each pixel of ``a`` (N x H x W x 3) to its cell's ``colour`` (N x 3):
    the channels' squares added in numpy's order for ``sum(axis=3)`` (the same floats), a reduction
    over 3 channels being far slower than two additions."""
    d = (a - colour[:, None, None, :]) ** 2
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])


def _masked_sum(px: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per cell, the sum of ``px`` (N x M x 3, whole levels as float32) over ``mask`` (N x M): a
    matrix product, exact as the sums of whole levels are below 2**24 (crops of at most 88 px)."""
    return np.matmul(mask[:, None, :].astype(np.float32), px)[:, 0, :]


def _mode_colours(px: np.ndarray) -> np.ndarray:
    """Per cell (px: N x M x 3), the most common colour: the mean of the fullest bin of 8 levels
    per channel. Unlike a median per channel it is a colour that is there: a cell crossed by a red
    line and a black mine keeps its grey."""
    n, m = px.shape[:2]
    q = px.astype(np.int32) >> 5
    keys = (q[..., 0] << 6) | (q[..., 1] << 3) | q[..., 2]                 # N x M
    counts = np.bincount((keys + 512 * np.arange(n)[:, None]).ravel(), minlength=512 * n).reshape(n, 512)
    best = counts.argmax(axis=1)
    mask = keys == best[:, None]
    return _masked_sum(px, mask) / mask.sum(axis=1)[:, None]


def measure(rgb: np.ndarray, grid: Grid) -> list[list[CellLook]]:
    """Every cell's measurements, all cells at once (numpy over the stacked crops)."""
    cells = crops(rgb, grid)
    rows, cols, size = cells.shape[0], cells.shape[1], cells.shape[2]
    n = rows * cols
    flat = cells.reshape(n, size, size, 3)
    p = grid.cell_size
    w = max(1, round(0.07 * p))
    inset = max(1, round(0.2 * p))
    lum = _lum(flat)
    # the bevel: strips one pixel in from the crop's sides (the lattice may be half a pixel off and
    # the neighbour's grid line must not pass for this cell's shadow); upper percentiles, so that a
    # dark digit, flag or mine that reaches a side does not pass for a shadow
    a, b = 1 + w, size - 1 - w
    top = np.percentile(lum[:, 1:1 + w, a:b].reshape(n, -1), 80, axis=1)
    left = np.percentile(lum[:, a:b, 1:1 + w].reshape(n, -1), 80, axis=1)
    if p < 15:  # small cells have bevels of one pixel, on the crop's first row and column
        top = np.maximum(top, np.percentile(lum[:, 0:w, a:b].reshape(n, -1), 80, axis=1))
        left = np.maximum(left, np.percentile(lum[:, a:b, 0:w].reshape(n, -1), 80, axis=1))
    bottom = np.percentile(lum[:, size - 1 - w:size - 1, a:b].reshape(n, -1), 80, axis=1)
    right = np.percentile(lum[:, a:b, size - 1 - w:size - 1].reshape(n, -1), 80, axis=1)
    bevel = (top + left - bottom - right) / 2
    # the background: the most common colour of the cell inside its outermost pixels
    bg = _mode_colours(flat[:, 1:size - 1, 1:size - 1].reshape(n, -1, 3))
    inner = flat[:, inset:size - inset, inset:size - inset]
    ih = inner.shape[1]
    dist = _dist(inner, bg)
    fg = dist > FOREGROUND
    fg_fraction = fg.mean(axis=(1, 2))
    plain = dist < 40
    count_plain = np.maximum(plain.sum(axis=(1, 2)), 1)
    ilum = _lum(inner)
    mean_plain = (ilum * plain).sum(axis=(1, 2)) / count_plain
    shading = np.sqrt(np.maximum((ilum ** 2 * plain).sum(axis=(1, 2)) / count_plain - mean_plain ** 2, 0.0))
    # the foreground's colour: the mean of its strongest pixels (the stroke's core, not its edges)
    strong = fg & (dist >= 0.75 * dist.max(axis=(1, 2))[:, None, None])
    count = strong.sum(axis=(1, 2))
    fg_colour = np.where(count[:, None] > 0, _masked_sum(inner.reshape(n, -1, 3), strong.reshape(n, -1)) /
                         np.maximum(count, 1)[:, None], bg)
    dark = _darker_than(inner, 80)
    red = (inner[..., 0] > 150) & (inner[..., 1] < 100) & (inner[..., 2] < 100)
    dark_fraction = dark.mean(axis=(1, 2))
    red_fraction = red.mean(axis=(1, 2))
    reddish = ((inner[..., 0] - np.maximum(inner[..., 1], inner[..., 2])) > 40).mean(axis=(1, 2))
    any_rows, any_cols = dark.any(axis=2), dark.any(axis=1)
    has = np.any(any_rows, axis=1)
    idx = np.arange(ih)
    bh = np.where(any_rows, idx, -1).max(axis=1) - np.where(any_rows, idx, ih).min(axis=1) + 1
    bw = np.where(any_cols, idx, -1).max(axis=1) - np.where(any_cols, idx, ih).min(axis=1) + 1
    blob_fill = np.where(has, dark.sum(axis=(1, 2)) / np.maximum(bh * bw, 1), 0.0)
    blob_span = np.where(has, np.minimum(bh, bw) / ih, 0.0)
    top_i, left_i = np.where(any_rows, idx, ih).min(axis=1), np.where(any_cols, idx, ih).min(axis=1)
    off = np.maximum(np.abs(top_i + bh / 2 - ih / 2), np.abs(left_i + bw / 2 - ih / 2)) / ih
    blob_round = np.where(has, np.minimum(bh, bw) / np.maximum(np.maximum(bh, bw), 1) * np.clip(1 - 4 * off, 0, 1), 0.0)
    cross = _cross(flat, size)
    edge_dark = _edge_dark(flat, p)
    side_red = _ring_fraction((flat[..., 0] > 150) & (flat[..., 1] < 100) & (flat[..., 2] < 100), p)
    marked = np.nonzero(fg_fraction >= 0.02)[0]  # (symbol()'s least mark: only those can be digits)
    glyphs: list[np.ndarray | None] = [None] * n
    shapes: list[dict[int, float] | None] = [None] * n
    found = _glyphs(flat[marked], bg[marked], p)
    drawn = [(i, g) for i, g in zip(marked, found) if g is not None]
    if drawn:
        table = shape_table(np.array([g.ravel() for _, g in drawn]))
        for (i, g), row in zip(drawn, table.tolist()):
            glyphs[i] = g
            shapes[i] = dict(zip(_SHAPE_ROWS, row))
    looks = [CellLook(float(bevel[i]), bg[i], float(fg_fraction[i]), fg_colour[i], float(dark_fraction[i]),
                      float(red_fraction[i]), float(blob_fill[i]), float(blob_span[i]), float(cross[i]),
                      float(edge_dark[i]), float(side_red[i]), float(blob_round[i]),
                      float(reddish[i]), glyphs[i], shapes[i], float(shading[i])) for i in range(n)]
    return [looks[r * cols:(r + 1) * cols] for r in range(rows)]


def _glyphs(flat: np.ndarray, bg: np.ndarray, p: float) -> list[np.ndarray | None]:
    """Per cell (flat: N x size x size x 3), the shape of its mark: the pixels at least half as far
    from the background as its farthest (the strokes, not their blurred or JPEG-ringing edges),
    inside 12% of the cell's side (off the grid lines and bevels), cut to their bounding box and
    scaled to GLYPH rows, the width in proportion and centred (a 1 stays narrow), each grid cell
    the fraction of it covered. Scaled so, a digit looks alike at every cell size. None where
    fewer than 3 pixels are marked."""
    if len(flat) == 0:
        return []
    size = flat.shape[1]
    k = max(1, round(0.12 * p))
    region = flat[:, k:size - k, k:size - k]
    m = region.shape[1]
    dist = _dist(region, bg)
    mask = (dist > FOREGROUND) & (dist >= 0.5 * dist.max(axis=(1, 2))[:, None, None])
    # a line along the region's side is the tile's border or the board's frame (a lattice a pixel
    # off at the board's edge, Windows 7's glossy rim), not a stroke: digits are centred
    side = np.zeros(m, bool)
    side[:2] = side[m - 2:] = True
    mask &= ~((mask.mean(axis=2) >= 0.85) & side)[:, :, None]
    mask &= ~((mask.mean(axis=1) >= 0.85) & side)[:, None, :]
    rows, cols = mask.any(axis=2), mask.any(axis=1)
    idx = np.arange(m)
    top = np.where(rows, idx, m).min(axis=1)
    height = np.where(rows, idx, -1).max(axis=1) + 1 - top
    left = np.where(cols, idx, m).min(axis=1)
    right = np.where(cols, idx, -1).max(axis=1) + 1
    sub = 4  # samples per grid cell each way
    steps = (np.arange(GLYPH * sub) + 0.5) / (GLYPH * sub)
    h = np.maximum(height, 1)[:, None].astype(np.float64)
    ys = np.floor(top[:, None] + steps[None, :] * h).astype(int)
    xs = np.floor((left + right)[:, None] / 2 + (steps[None, :] - 0.5) * h).astype(int)
    inside = (xs >= 0) & (xs < m)
    n = len(flat)
    samples = mask[np.arange(n)[:, None, None], np.clip(ys, 0, m - 1)[:, :, None], np.clip(xs, 0, m - 1)[:, None, :]]
    samples &= inside[:, None, :]
    maps = samples.reshape(n, GLYPH, sub, GLYPH, sub).mean(axis=(2, 4))
    enough = mask.sum(axis=(1, 2)) >= 3
    return [maps[i] if enough[i] else None for i in range(n)]


def _ring_fraction(mask: np.ndarray, p: float) -> np.ndarray:
    """Per cell, the fraction of ``mask`` (N x size x size) in the ring between the cell's outermost
    pixel and 15% of the way in."""
    size = mask.shape[1]
    k = max(2, round(0.15 * p))
    ring = np.zeros((size, size), bool)
    ring[1:size - 1, 1:size - 1] = True
    ring[k:size - k, k:size - k] = False
    return (mask & ring).sum(axis=(1, 2)) / max(int(ring.sum()), 1)


def _edge_dark(flat: np.ndarray, p: float) -> np.ndarray:
    """Per cell, the fraction of near-black pixels in the ring along its sides: bevels, grid lines,
    digits and question marks leave it alone, a mouse cursor over the cell does not."""
    return _ring_fraction(_darker_than(flat, 90), p)


def _grow(mask: np.ndarray) -> np.ndarray:
    """``mask`` (N x size x size) grown by one pixel each way (3 x 3)."""
    grown = mask.copy()
    grown[:, 1:, :] |= mask[:, :-1, :]
    grown[:, :-1, :] |= mask[:, 1:, :]
    out = grown.copy()
    out[:, :, 1:] |= grown[:, :, :-1]
    out[:, :, :-1] |= grown[:, :, 1:]
    return out


def _cross(flat: np.ndarray, size: int) -> np.ndarray:
    """Per cell, how much of each of its two diagonals (from 10% to 90% of the way across) carries
    a dark or red line, the less of the two: a crossed-out flag or mine is crossed all along, a
    flag's outline or a digit's strokes only here and there. A point counts when it (or a pixel beside it) is
    dark or red and the points a little off the diagonal on both sides are not of that colour: a
    line (a black cross over a red flag's cloth too), not a filled shape the diagonal runs into."""
    dark = _darker_than(flat, 90)
    red = (flat[..., 0] > 150) & (flat[..., 1] < 100) & (flat[..., 2] < 100)
    ts = np.linspace(0.1, 0.9, 17)
    d = max(2, round(0.12 * size))
    kinds = [(_grow(dark), dark), (_grow(red), red)]  # a line a pixel off the diagonal still counts
    arms = []
    for fy, fx, sy, sx in ((ts, ts, 1, -1), (ts, 1 - ts, 1, 1)):
        ys = np.clip(np.round(fy * (size - 1)).astype(int), 0, size - 1)
        xs = np.clip(np.round(fx * (size - 1)).astype(int), 0, size - 1)
        o1y, o1x = np.clip(ys + sy * d, 0, size - 1), np.clip(xs + sx * d, 0, size - 1)
        o2y, o2x = np.clip(ys - sy * d, 0, size - 1), np.clip(xs - sx * d, 0, size - 1)
        hit = np.zeros((flat.shape[0], len(ts)), bool)
        for grown, mask in kinds:
            hit |= grown[:, ys, xs] & ~(mask[:, o1y, o1x] & mask[:, o2y, o2x])
        arms.append(hit.mean(axis=1))
    return np.min(np.stack(arms), axis=0)


def _confidence(margin: float, scale: float) -> float:
    return float(max(0.0, min(1.0, margin / scale)))


#: symbols a cell can carry, whatever its tile
RED_BG, CROSSED, MINE, FLAG, MARK, NOTHING = "red background", "crossed", "mine", "flag", "mark", "nothing"
RED_AND_DARK = "red and dark"


def symbol(look: CellLook) -> tuple[str, float]:
    """What is drawn on the cell, whatever its tile, and how sure: the exploded mine's red
    background, a crossed-out flag or mine (a wrong flag), a mine, a flag, another mark (a digit or
    a question mark), or nothing."""
    bg = look.background
    # the exploded mine's tile is red up to its sides. A wrong flag's red cross over a mine can be
    # the cell's most common colour too (JPEG splits the classic grey, 192, between two bins), but
    # reaches the ring along the sides only at its ends: red along the sides is the second cue, and
    # the red colour alone is none (drawn lost boards: X's sides at least 0.6 red, W's at most 0.3)
    red_bg = bg[0] > 170 and bg[1] < 90 and bg[2] < 90 and (look.side_red >= 0.5 or (look.red_fraction > 0.2
                                                                                    and look.side_red >= 0.35))
    mine_like = (look.dark_fraction >= 0.12 and look.blob_fill >= 0.35 and look.blob_span >= 0.35
                 and max(bg) > 100 and look.dark_fraction < 0.9 and look.blob_round >= 0.6)
    if red_bg:
        # and a mine on it, not crossed out (an X crosses its diagonals at most half way, a W's
        # cross runs along them: the two cues disagree, and the cell is unsure)
        return RED_BG, min(1.0 if mine_like else 0.2, _confidence(look.side_red - 0.3, 0.2),
                           _confidence(0.7 - look.cross, 0.1))
    crossed_mine = (look.dark_fraction >= 0.1 and look.blob_fill >= 0.25 and look.blob_span >= 0.35
                    and look.red_fraction >= 0.02 and max(bg) > 100)
    if look.cross >= 0.8 and look.red_fraction >= 0.02 and look.dark_fraction >= 0.05:
        return CROSSED, _confidence(look.cross - 0.7, 0.1)
    if crossed_mine:  # winmine's wrong flag (a mine crossed in red, on a flat tile), or a flag
        return RED_AND_DARK, 1.0
    if mine_like and look.red_fraction < 0.02:
        # (a trace of red on a mine may be a blurred red cross: a wrong flag, not a mine)
        return MINE, min(_confidence(look.blob_fill - 0.3, 0.15), _confidence(0.015 - look.red_fraction, 0.015),
                         _confidence(0.02 - look.reddish, 0.01))
    if look.red_fraction >= 0.03 and look.dark_fraction >= 0.02:
        # (a flag half crossed out, or whose dark part is a mine's round blob, is no sure flag)
        mine_shape = look.dark_fraction >= 0.15 and look.blob_fill >= 0.42 and look.blob_round >= 0.6
        # (nor is one whose sides are red: the exploded mine's red tile, its mine read off the
        # background, which a 16 px mine can outnumber)
        return FLAG, min(_confidence(min(look.red_fraction - 0.015, look.dark_fraction - 0.01), 0.03),
                         _confidence(0.75 - look.cross, 0.1), 0.1 if mine_shape else 1.0,
                         _confidence(0.3 - look.side_red, 0.1))
    if look.fg_fraction < 0.02:
        return NOTHING, _confidence(0.035 - look.fg_fraction, 0.015)
    if look.fg_fraction < 0.035:
        return MARK, 0.1
    return MARK, 1.0


def _unit(v: np.ndarray) -> np.ndarray:
    v = v - v.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


_SHAPES = np.array([_unit(np.array([int(ch) for ch in text], np.float64))
                    for font in DIGIT_SHAPES.values() for text in font.values()])
_SHAPE_DIGITS = np.array([digit for font in DIGIT_SHAPES.values() for digit in font])
_SHAPE_ROWS = {d: np.flatnonzero(np.equal(_SHAPE_DIGITS, d)) for d in sorted({int(x) for x in _SHAPE_DIGITS})}


def shape_table(maps: np.ndarray, shapes: np.ndarray | None = None,
                rows_of: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """Per glyph (maps: N x GLYPH*GLYPH), per digit (the keys of ``rows_of`` in order; by default
    _SHAPE_ROWS over _SHAPES), how like the digit it is: the best correlation with any font's
    shape of it (-1..1; 0 for a blank glyph)."""
    shapes = _SHAPES if shapes is None else shapes
    rows_of = _SHAPE_ROWS if rows_of is None else rows_of
    v = maps.astype(np.float64) - maps.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    corr = (v / np.where(norm > 0, norm, 1.0)) @ shapes.T
    return np.stack([corr[:, rows].max(axis=1) for rows in rows_of.values()], axis=1)


def shape_scores(glyph: np.ndarray | None) -> dict[int, float]:
    """Per digit, how like it one glyph is (:func:`shape_table`); empty where there is no glyph."""
    if glyph is None:
        return {}
    return dict(zip(_SHAPE_ROWS, shape_table(glyph.reshape(1, -1))[0].tolist()))


def _shape_like(look: CellLook, shape: str) -> float:
    """How like ``shape`` (as in DIGIT_SHAPES) the cell's glyph is (-1..1; -1 without a glyph)."""
    if look.glyph is None:
        return -1.0
    return float(shape_table(look.glyph.reshape(1, -1), _unit(np.array([int(ch) for ch in shape], np.float64))
                             .reshape(1, -1), {0: np.array([0])})[0, 0])


def _ycc(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    return (0.299 * r + 0.587 * g + 0.114 * b, -0.1687 * r - 0.3313 * g + 0.5 * b,
            0.5 * r - 0.4187 * g - 0.0813 * b)


def colour_distance(colour: np.ndarray, ref: np.ndarray, background: np.ndarray) -> float:
    """How far a stroke's colour is from a digit colour ``ref``, allowing for JPEG: it keeps the
    brightness of a thin stroke but averages its colour (chroma) with the background's over two
    pixels, so a thin blue 1 turns navy (a 4's colour) and a red 3 maroon (a 5's). The least of
    the plain RGB distance and the distance to ``ref`` with its chroma mixed 35-100% into the
    background's (in JPEG's YCbCr)."""
    c3 = (float(colour[0]), float(colour[1]), float(colour[2]))
    r3 = (float(ref[0]), float(ref[1]), float(ref[2]))
    plain = sum((a - b) ** 2 for a, b in zip(c3, r3)) ** 0.5
    bg3 = (float(background[0]), float(background[1]), float(background[2]))
    (cy, cb, cr), (ry, rb, rr), (_, bb, br) = _ycc(c3), _ycc(r3), _ycc(bg3)
    sb, sr = rb - bb, rr - br
    beta = ((cb - bb) * sb + (cr - br) * sr) / max(sb * sb + sr * sr, 1e-6)
    beta = min(1.0, max(0.35, beta))
    mixed = ((cy - ry) ** 2 + (cb - bb - beta * sb) ** 2 + (cr - br - beta * sr) ** 2) ** 0.5
    return min(plain, mixed)


#: shape evidence: a glyph is like a digit when its best correlation is at least SHAPE_LIKE, and
#: against the colour's digit when another is better by SHAPE_AGAINST. Each tuning game's glyphs
#: against the other games' shapes (a font not seen): no rival was like the glyph and ahead of the
#: true digit by 0.1 (tests/test_picture_digits.py), so these leave unseen fonts to colour alone
SHAPE_LIKE = 0.65
SHAPE_AGAINST = 0.15
#: a digit colour this near (colour_distance) the stroke's is one the picture may show
COLOUR_NEAR = 60.0


def _digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """The digit on a revealed cell, and how sure: by colour (the nearest of the skin's digit
    colours, or of its tiles' tints where those tell the number), checked by shape. Where the
    shape is clearly another digit's, that digit is read if its colour could be the stroke's (JPEG
    turns a thin blue 1 into a 4's navy), else the cell is unsure: colour and shape must agree for
    a sure digit."""
    if skin.digit_tiles:
        return _tinted_digit(look, skin)
    colour = look.fg_colour
    # in Python floats (numpy's cost per call was most of this function), numpy's arithmetic to
    # the bit: whole-level references, squares as x * x added in order
    c0, c1, c2 = (float(v) for v in colour)
    dists = sorted((math.sqrt((c0 - r) * (c0 - r) + (c1 - g) * (c1 - g) + (c2 - b) * (c2 - b)), digit)
                   for digit, (r, g, b) in skin.digits.items())
    (d1, digit), (d2, _) = dists[0], dists[1]
    conf = _confidence(1 - d1 / max(d2, 1e-6), 0.6) if d1 < 90 else 0.1
    scores = look.shape
    if not scores:
        return str(digit), conf
    best = max(scores, key=lambda d: scores[d])
    if scores[best] < SHAPE_LIKE or (best == digit and conf >= 1.0):
        return str(digit), conf
    if best != digit and scores[best] - scores.get(digit, -1.0) < SHAPE_AGAINST:
        return str(digit), conf
    near = best in skin.digits and colour_distance(colour, np.array(skin.digits[best], np.float64),
                                                   look.background) < COLOUR_NEAR
    if best == digit:
        # a colour between two digits' (JPEG's blur) is settled by a clear shape
        second = max((v for d, v in scores.items() if d != best), default=-1.0)
        return str(digit), max(conf, _confidence(scores[best] - second, 0.3) if near else 0.0)
    if not near:
        return str(digit), min(conf, 0.1)
    second = max((v for d, v in scores.items() if d != best), default=-1.0)
    return str(best), _confidence(scores[best] - second, 0.3)


#: a tile this near (RGB) one of the skin's tints is that tint
TINT_NEAR = 12.0


def _tinted_digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """A digit where the tile's tint tells the number (GNOME): the tint and the shape must agree."""
    bg = look.background
    dists = sorted((float(np.sqrt(((bg - np.array(ref, np.float64)) ** 2).sum())), digit)
                   for digit, ref in skin.digit_tiles.items())
    d1, digit = dists[0]
    conf = _confidence(1 - d1 / TINT_NEAR, 0.5) if d1 < TINT_NEAR else 0.0
    scores = look.shape or {}
    own = scores.get(digit, -1.0)
    rival = max((v for d, v in scores.items() if d != digit), default=-1.0)
    if own < SHAPE_LIKE or rival - own > -SHAPE_AGAINST:
        return str(digit), min(conf, 0.1)
    return str(digit), min(conf, _confidence(own - rival, 0.3))


#: a glyph this like a digit's shape, and this much more than like any other digit's, is clean
CLEAN_SHAPE, CLEAN_MARGIN = 0.85, 0.2


def _clean_digit(look: CellLook, digit: str) -> bool:
    """Whether the cell's glyph is plainly ``digit``: nothing else drawn over it."""
    scores = look.shape
    if not scores or not digit.isdigit() or int(digit) not in scores:
        return False
    own = scores[int(digit)]
    return own >= CLEAN_SHAPE and all(own - v >= CLEAN_MARGIN for d, v in scores.items() if d != int(digit))


#: a raised skin's tile colour shared by at least LIFT_GROUP cells, all raised or all flat, makes
#: sure each of them whose own bevel is at least LIFT_OWN (its confidence) on that side
LIFT_GROUP, LIFT_OWN = 4, 0.2


def tiles(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], skin: Skin
          ) -> tuple[np.ndarray, np.ndarray, str | None]:
    """Per cell: is its tile covered, and how sure; and the flat skin recognised by its tile
    colours, if any. Where the board has raised cells (a bevel), the
    bevel decides; on a flat skin the tiles' colours are grouped, and a group is covered when it
    holds flags or mines, revealed when it holds digits, and of two bare groups the darker is
    covered (so it is in every skin the reader knows)."""
    rows, cols = len(looks), len(looks[0])
    bevel = np.array([[lk.bevel for lk in row] for row in looks])
    raised = bool((bevel > 40).any())
    colours = np.array([[lk.background for lk in row] for row in looks]).reshape(-1, 3)
    members: list[list[int]] = []
    label = np.zeros(rows * cols, int)
    # in Python floats (numpy's cost per call made this loop a tenth of a read), with numpy's
    # arithmetic to the bit: squares as x * x (numpy's ** 2) added in order, and a group's mean its
    # colours summed in order (as numpy's mean over axis 0) over their count
    means: list[tuple[float, float, float]] = []
    sums: list[tuple[float, float, float]] = []
    for i, (r, g, b) in enumerate(colours.tolist()):
        d = [math.sqrt((r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)) for cr, cg, cb in means]
        k = min(range(len(d)), key=d.__getitem__) if d else -1
        if k < 0 or d[k] > 30:
            means.append((r, g, b))
            sums.append((r, g, b))
            members.append([i])
            label[i] = len(means) - 1
        else:
            members[k].append(i)
            label[i] = k
            sr, sg, sb = sums[k]
            sums[k] = (sr + r, sg + g, sb + b)
            m = len(members[k])
            means[k] = (sums[k][0] / m, sums[k][1] / m, sums[k][2] / m)
    centres = [np.array(c) for c in means]
    flat = [sym for row in symbols for sym, _ in row]
    state: list[bool | None] = []
    for idx in members:
        kinds = [flat[i] for i in idx]
        closed = sum(x in (FLAG, MINE, CROSSED) for x in kinds)
        digits = sum(x == MARK for x in kinds)
        state.append(True if closed > digits else False if digits else None)
    # a flat skin's known tile colours say which is which, when they account for the board: the
    # groups of a tenth of the cells or more all match one skin (gnome's light grey revealed tiles
    # alone must not pass for cpsolve's)
    known = [known_tile(tuple(float(v) for v in centre)) for centre in centres]
    big = [k for k, idx in enumerate(members) if len(idx) >= 0.1 * rows * cols]
    names = {known[k][0] if known[k] is not None else None for k in big}  # type: ignore[index]
    skin_name = None
    named = next(iter(names)) if len(names) == 1 else None
    # (a skin whose covered grey is near other skins' greys needs its revealed tiles seen too)
    if named is not None and (SKIN_BY_NAME[named].named_alone or
                              {known[k][1] for k in big} == {True, False}):  # type: ignore[index]
        skin_name = named
        for k, kn in enumerate(known):
            if kn is not None and kn[0] == skin_name and len(members[k]) >= 2:
                state[k] = kn[1]
    if raised and skin_name is None:
        covered = bevel > skin.bevel
        conf = np.clip(np.abs(bevel - skin.bevel) / max(skin.bevel, 1.0), 0, 1)
        # glossy tiles (Windows 7) have weak bevels, near the threshold: where every cell of a tile
        # colour falls on the same side, the colour backs each cell's own call (never turning it
        # over, nor one with next to no bevel of its own); not where a plain digit lies on a
        # raised tile, which says the bevels of this board are misread
        flat_cov, flat_conf = covered.ravel(), conf.ravel()
        looks_flat = [lk for row in looks for lk in row]
        misread = any(flat_cov[i] and flat[i] == MARK and any(_clean_digit(looks_flat[i], str(d))
                                                              for d in looks_flat[i].shape or {})
                      for i in range(rows * cols))
        for idx in members if not misread else []:
            if len(idx) >= LIFT_GROUP and len({bool(flat_cov[i]) for i in idx}) == 1:
                for i in idx:
                    if flat_conf[i] >= LIFT_OWN:
                        flat_conf[i] = 1.0
        return covered, conf, None
    bare = [k for k, st in enumerate(state) if st is None]
    if len(state) == 1 and bare:
        # one bare colour over the whole board: raised cells are a new game; flat ones could be
        # a board of 0s or the covered cells of a flat skin, so they stay unsure
        mean_bevel = float(np.median(bevel))
        covered = np.full((rows, cols), mean_bevel > 0)
        conf = np.full((rows, cols), 1.0 if mean_bevel >= 15 else 0.0)
        return covered, conf, skin_name
    if bare:
        lum = {k: float(_lum(centres[k])) for k in range(len(centres))}
        revealed_lum = [lum[k] for k, st in enumerate(state) if st is False]
        if not any(st is True for st in state):
            # no group holds a flag or a mine: the darkest bare group is covered when it is darker
            # than the groups with digits (or there are none); so it is in every skin the reader knows
            darkest = min(bare, key=lambda k: lum[k])
            if not revealed_lum or lum[darkest] < min(revealed_lum):
                state[darkest] = True
        for k in bare:
            if state[k] is None:
                # a bare group like a covered group's colour is covered; otherwise revealed (0s)
                near = [float(np.sqrt(((centres[k] - centres[j]) ** 2).sum())) for j, st in enumerate(state)
                        if st is True]
                state[k] = bool(near and min(near) < 40)
    covered = np.array([bool(state[label[i]]) for i in range(rows * cols)]).reshape(rows, cols)
    conf = np.ones((rows, cols))
    return covered, conf, skin_name


#: a tile face whose shading (sd of luminance) is at most PLAIN is flat; at least SHADED, shaded
PLAIN, SHADED = 5.0, 6.0


def _shaded_blanks(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], covered: np.ndarray,
                   conf: np.ndarray) -> None:
    """Cells read revealed whose tile face is shaded like the flags' where (nearly) every digit lies
    on a flat face are covered: blank ones, and marked ones whose mark is no plain digit (KDE
    KMines: covered tiles are shaded buttons with no bevel at their sides, revealed ones flat,
    both grey). Changes ``covered`` and ``conf`` in place."""
    cells_ = [(r, c, lk, symbols[r][c][0]) for r, row in enumerate(looks) for c, lk in enumerate(row)]
    digits = [lk.shading for r, c, lk, sym in cells_ if sym == MARK and not covered[r, c]]
    flags = [lk.shading for r, c, lk, sym in cells_ if sym == FLAG]
    if len(digits) < 3 or sum(x <= PLAIN for x in digits) < 0.9 * len(digits) or not flags or min(flags) <= PLAIN:
        return
    for r, c, lk, sym in cells_:
        if covered[r, c] or sym not in (NOTHING, MARK) or lk.shading <= PLAIN:
            continue
        if sym == MARK and any(_clean_digit(lk, str(d)) for d in lk.shape or {}):
            conf[r, c] = min(conf[r, c], 0.1)  # a digit on a shaded face: one of the two is misread
        elif lk.shading >= SHADED:
            covered[r, c], conf[r, c] = True, 1.0
        else:
            conf[r, c] = min(conf[r, c], 0.1)


#: below this cell size (pixels) a flag, a mine, a wrong flag and a question mark are a few pixels
#: each and are told apart unreliably: they are never sure there
SMALL_CELL = 12.0


def classify_board(looks: list[list[CellLook]], skin: Skin, cell_size: float | None = None
                   ) -> tuple[list[str], list[float], Skin]:
    """Every cell's value and confidence, row-major, and the skin read (``skin`` unless the tiles'
    colours name another)."""
    symbols = [[symbol(lk) for lk in row] for row in looks]
    covered, cov_conf, named = tiles(looks, symbols, skin)
    _shaded_blanks(looks, symbols, covered, cov_conf)
    if named is not None:
        skin = SKIN_BY_NAME[named]
    rows, cols = len(looks), len(looks[0])
    # the tiles were told by their bevels (as tiles() does: a raised board, no flat skin named)
    bevelled = named is None and any(lk.bevel > 40 for row in looks for lk in row)
    # (a dark flag is a mine-like blob too: a flag's shape is no mine shown on a covered tile)
    mines_on_covered = any(sym == MINE and covered[r, c] and not (skin.flag_shape and _shape_like(
        looks[r][c], skin.flag_shape) >= 0.6) for r in range(rows) for c, (sym, _) in enumerate(symbols[r]))
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
            elif sym == RED_AND_DARK:
                # a mine crossed in red (a wrong flag: a large round dark blob, on a flat tile) or a
                # flag (a small dark pole and base, on a raised tile); where shape and tile disagree,
                # unsure
                mine_shape = look.dark_fraction >= 0.15 and look.blob_fill >= 0.42 and look.blob_round >= 0.6
                v = "W" if mine_shape else "F"
                conf = min(sconf, cconf) if mine_shape != cov else 0.1
            elif sym == MINE and skin.flag_shape and cov and _shape_like(look, skin.flag_shape) >= 0.6:
                # a dark flag is a large dark blob too: by its shape a flag, else unsure
                like = _shape_like(look, skin.flag_shape)
                v, conf = ("F", min(cconf, _confidence(like - 0.7, 0.15))) if like >= 0.8 else ("*", 0.1)
            elif sym == MINE:
                # a mine on a flat tile where the others lie on raised ones is the exploded one
                v, conf = ("X" if mines_on_covered and not cov else "*"), min(sconf, cconf)
                if any(_clean_digit(look, str(d)) for d in look.shape or {}):
                    conf = min(conf, 0.1)  # a bold dark digit is a large dark blob too
            elif sym == FLAG:
                # red and dark is one cue; where the tiles are told by their bevels, a flag also lies
                # on a raised one (a maroon 5 blurred by JPEG has red and dark pixels too, on a flat
                # tile). Flat skins' tiles are grouped by their marks, flags included, and KDE's
                # shaded flags have no bevel: no second cue there. (Not the glyph: a flag's pole and
                # base are a clean 1.)
                v, conf = "F", sconf if cov or not bevelled else min(sconf, 0.1)
            elif cov:
                if sym == NOTHING:
                    v, conf = ".", min(sconf, cconf)
                elif look.red_fraction >= 0.03 and look.dark_fraction < 0.01:  # a red flag mark alone
                    v, conf = "F", min(sconf, cconf)
                elif skin.flag_shape:
                    # a skin whose flags are dark: by shape, a flag or (anything else) unsure
                    like = _shape_like(look, skin.flag_shape)
                    v, conf = ("F", min(sconf, cconf, _confidence(like - 0.7, 0.15))) if like >= 0.8 else ("?", 0.1)
                else:
                    v, conf = "?", min(sconf, cconf, 1.0 if look.dark_fraction >= 0.03 else 0.2)
                if v == "?" and look.red_fraction >= 0.03:
                    conf = min(conf, 0.2)
                if look.edge_dark > 0.02:  # something over the cell (a cursor): not its own mark
                    conf = min(conf, 0.1)
            elif sym == NOTHING:
                v, conf = "0", min(sconf, cconf)
            else:
                v, conf = _digit(look, skin)
                # something dark along the sides may be a cursor over the cell, and its mark not
                # the cell's own; unless the mark is the digit's very shape (GNOME's dotted focus
                # frame is along the sides and leaves the digit clean)
                covered_up = look.edge_dark > 0.05 and not _clean_digit(look, v)
                conf = min(conf, sconf, cconf, 0.1 if covered_up else 1.0)
                # a coloured digit has no near-black part: a dark blob under a colour is something
                # else (a blurred mine, a crossed one), not this digit
                if _lum(np.array(skin.digits.get(int(v), (0, 0, 0)), np.float64)) > 50 and look.dark_fraction >= 0.1:
                    conf = min(conf, 0.1)
            if cell_size is not None and cell_size < SMALL_CELL and v in "F?*XW":
                conf = min(conf, 0.2)
            values.append(v)
            confidence.append(conf)
    return values, confidence, skin
