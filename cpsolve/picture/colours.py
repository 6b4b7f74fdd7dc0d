"""Every cell's square crop; a cell's most common colour, and its tile's colour where a large mark
outnumbers it (:func:`_tile_backgrounds`), and sums of pixels over masks: what :mod:`.cells`
measures a cell's background with, and :mod:`.grow` a tile's colour; and the pixel measures of
every cell (luminance, RGB distance, the channels' largest and smallest, darker than, red,
saturation, a cross along the diagonals)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .grid import Grid

#: a pixel this far (RGB distance) from the cell's background is foreground
FOREGROUND = 60.0


def starts(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """The first pixel of every cell's crop and of the board's far edge, columns then rows (cols + 1,
    rows + 1 of them): the lattice's boundaries sit up to half a pixel inside a revealed cell's grid
    line, and rounding a quarter pixel down keeps each crop on its cell's own pixels."""
    return np.round(grid.xs() - 0.25).astype(int), np.round(grid.ys() - 0.25).astype(int)


def crops(rgb: np.ndarray, grid: Grid, at: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Every cell as an equal square crop: (rows, cols, size, size, 3) float32, from :func:`starts`
    or ``at`` (each column's and row's first pixel)."""
    size = max(4, int(np.floor(min(grid.pitch_x, grid.pitch_y))))
    xs, ys = (s[:-1] for s in starts(grid)) if at is None else at
    height, width = rgb.shape[:2]
    # (oblong cells: the square's pixels spread over the longer side, every other one or so left out)
    step_x, step_y = ((np.floor(np.arange(size) * p / size).astype(int) if grid.oblong else np.arange(size))
                      for p in (grid.pitch_x, grid.pitch_y))
    yy = np.clip(ys[:, None] + step_y[None, :], 0, height - 1).ravel()   # rows * size
    xx = np.clip(xs[:, None] + step_x[None, :], 0, width - 1).ravel()    # cols * size
    # the rows taken, then the columns (whole runs of pixels copied: one index per row and column,
    # not five per pixel), then each cell's square made contiguous as it turns to float
    y0, x0 = int(yy.min()), int(xx.min())
    part = rgb[y0:int(yy.max()) + 1, x0:int(xx.max()) + 1]
    picked = part.take(yy - y0, axis=0).take(xx - x0, axis=1)             # rows*size x cols*size x 3
    squares = picked.reshape(len(ys), size, len(xs), size, 3).transpose(0, 2, 1, 3, 4)
    return np.ascontiguousarray(squares, dtype=np.float32)                # rows x cols x size x size x 3


def _masked_sum(px: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per cell, the sum of ``px`` (N x M x 3, whole levels as float32) over ``mask`` (N x M): a
    matrix product, exact as the sums of whole levels are below 2**24 (crops of at most 88 px)."""
    return np.matmul(mask[:, None, :].astype(np.float32), px)[:, 0, :]


#: the bins (of 32 levels a channel) a cell's most common colour is chosen among, and how near
#: (RGB distance) a pixel is to a bin's colour to count for it
MODE_BINS, MODE_NEAR = 3, 40.0


def _mode_colours(px: np.ndarray) -> np.ndarray:
    """Per cell (px: N x M x 3), the most common colour: the mean of the fullest bin of 32 levels
    per channel. Unlike a median per channel it is a colour that is there: a cell crossed by a red
    line and a black mine keeps its grey.

    A colour whose noise (JPEG: minesweeper.online's grey, 195 +- 15 a channel) straddles the bins'
    sides is split over several bins, and a bold digit's one clean colour may fill a bin fuller.
    So where the fullest bin holds under half the pixels, the fullest MODE_BINS are weighed by the
    pixels near their colour (within MODE_NEAR), wherever they lie; where another has more than
    the fullest one, and the mean of the pixels near it is another colour (the fullest bin's would
    be foreground on it: a digit's, not a shade of the same tile), the colour is that mean."""
    n, m = px.shape[:2]
    q = px.astype(np.int32) >> 5
    keys = (q[..., 0] << 6) | (q[..., 1] << 3) | q[..., 2]                 # N x M
    counts = np.bincount((keys + 512 * np.arange(n)[:, None]).ravel(), minlength=512 * n).reshape(n, 512)
    best = counts.argmax(axis=1)
    mask = keys == best[:, None]
    out = _masked_sum(px, mask) / mask.sum(axis=1)[:, None]
    split = np.nonzero(counts[np.arange(n), best] < m / 2)[0]
    if len(split):
        out[split] = _split_mode(px[split], keys[split], counts[split], out[split])
    return out


def _split_mode(px: np.ndarray, keys: np.ndarray, counts: np.ndarray, fullest: np.ndarray) -> np.ndarray:
    """:func:`_mode_colours`' second look, at cells whose fullest bin holds under half their pixels."""
    n = len(px)
    counts = counts.copy()
    out = fullest.copy()
    best_support = np.full(n, -1)
    best_near = np.zeros(keys.shape, bool)
    for k in range(MODE_BINS):
        top = counts.argmax(axis=1)
        filled = counts[np.arange(n), top] > 0
        counts[np.arange(n), top] = 0
        mask = keys == top[:, None]
        colour = fullest if k == 0 else _masked_sum(px, mask) / np.maximum(mask.sum(axis=1), 1)[:, None]
        d = px - colour[:, None, :]
        near = d[..., 0] ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2 < MODE_NEAR ** 2
        support = np.where(filled, near.sum(axis=1), -1)
        more = support > best_support
        best_support = np.where(more, support, best_support)
        best_near[more] = near[more]
        if k == 0:
            first = support.copy()
    for i in np.nonzero(best_support > first)[0].tolist():
        colour = px[i][best_near[i]].mean(axis=0)
        if float(rgb_distance(colour, out[i])) > FOREGROUND:
            out[i] = colour
    return out


#: a colour that this share of the board's cells have for background is one of its tiles' colours
TILE_SHARE = 0.2
#: a cell whose most common colour is no tile colour, but whose pixels within TILE_NEAR (RGB) of a
#: tile colour are at least TILE_HELD as many as those within TILE_NEAR of that most common colour,
#: has that tile colour for background
TILE_NEAR, TILE_HELD = 40.0, 0.5
#: ... where that most common colour is this far (RGB) from every tile colour
MARK_FAR = 80.0


def _tile_backgrounds(px: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """``bg`` (the most common colour of each cell, px: N x M x 3) with the colour of a large mark
    replaced by the cell's tile colour: where a cell's most common colour is far (MARK_FAR) from
    all the colours a fifth of the board's cells have, and about one of them lie nearly as many of its
    pixels (TILE_HELD), the mean of those. JPEG's noise spreads a tile's grey over several bins
    where a bin edge lies in it (192: JSMinesweeper's), and a large bold digit's colour (a 2, a 3)
    or a mine's black filling a cell can then outnumber each of them."""
    n = len(bg)
    # the colours grouped (each with the first group's colour within TILE_NEAR), in Python floats:
    # numpy's cost per call would be most of the work
    centres: list[tuple[float, float, float]] = []
    counts: list[int] = []
    for r, g, b in bg.tolist():
        k = next((j for j, (cr, cg, cb) in enumerate(centres)
                  if (r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb) <= TILE_NEAR * TILE_NEAR), -1)
        if k < 0:
            centres.append((r, g, b))
            counts.append(1)
        else:
            counts[k] += 1
    tiles_ = [c for c, k in zip(centres, counts) if k >= TILE_SHARE * n]
    if not tiles_:
        return bg
    ref = np.array(tiles_)
    # (far from every tile colour: a mark's colour, not another shade of a tile's, as a gradient's)
    odd = np.flatnonzero(rgb_distance(bg[:, None, :], ref[None, :, :]).min(axis=1) > MARK_FAR)
    out = bg.copy()
    for i in odd.tolist():
        cell = px[i]
        mark = rgb_distance(cell, bg[i]) <= TILE_NEAR
        near = rgb_distance(cell[:, None, :], ref[None, :, :])   # M x tiles
        best = int((near <= TILE_NEAR).sum(axis=0).argmax())
        mask = near[:, best] <= TILE_NEAR
        if mask.sum() >= max(1.0, TILE_HELD * mark.sum()):
            out[i] = cell[mask].mean(axis=0)
    return out


def _darker_than(a: np.ndarray, level: float) -> np.ndarray:
    """``a.max(axis=-1) < level`` for RGB pixels: numpy reduces a last axis of 3 some 50 times
    slower than three comparisons."""
    return (a[..., 0] < level) & (a[..., 1] < level) & (a[..., 2] < level)


#: a pixel counts as near-black only this many levels (luminance) darker than its cell's tile, where
#: that is a dark one (luminance under DARK_TILE: a dark theme's)
BELOW_TILE, DARK_TILE = 30.0, 80.0
#: a dark tile's ring just inside a light line along its sides this near its most common colour's
#: luminance is the tile's own, the line a frame (:func:`tile_light`)
FRAME_INSIDE = 15.0
#: ... on a grey tile (channels under this apart: a dark theme's; not an exploded mine's red, 76 by
#: luminance, lifted by the grid lines round it)
FRAME_GREY = 30.0


def near_black(a: np.ndarray, level: float, tile: np.ndarray) -> np.ndarray:
    """The pixels of ``a`` (N x H x W x 3) darker than ``level`` in every channel
    (:func:`_darker_than`) and, on a dark tile (under DARK_TILE: ``tile``, its luminance, N,
    :func:`tile_light`), BELOW_TILE darker than it: a dark theme's tile (Qt's 38 grey) is near-black
    itself, and its own pixels, its gaps and its shading are no dark mark, mine or pointer. (Not on
    a mid-dark tile, GNOME 2's teal, 93: a thin dark X over a flag, blurred, keeps its cross.)"""
    below = np.where(tile < DARK_TILE, tile - BELOW_TILE, 256.0)
    return _darker_than(a, level) & (_lum(a) < below[:, None, None])


def _ring(flat: np.ndarray, k: int, width: int) -> np.ndarray:
    """Per cell (``flat``: N x size x size x 3), the pixels of the ring ``width`` wide whose outer
    side lies ``k`` in from the crop's sides (N x M x 3)."""
    n, size = len(flat), flat.shape[1]
    inner = flat[:, k:size - k, k:size - k]
    s = inner.shape[1]
    return np.concatenate([inner[:, :width].reshape(n, -1, 3), inner[:, s - width:].reshape(n, -1, 3),
                           inner[:, width:s - width, :width].reshape(n, -1, 3),
                           inner[:, width:s - width, s - width:].reshape(n, -1, 3)], axis=1)


def tile_light(flat: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """Per cell (``flat``: N x size x size x 3, ``bg`` its most common colours), its tile's luminance:
    the most common colour's, or the mean of the ring along its sides where that is lighter (a
    black mine filling most of the exploded mine's red tile is its most common colour). But a dark
    grey tile (its most common colour under DARK_TILE, channels under FRAME_GREY apart) framed by a
    light line along its sides (a bot's or a keyboard's focus box, qt-dark's yellow one) stays dark,
    its most common colour's: where the ring lifts it over DARK_TILE, or BELOW_TILE or more over that
    colour (whose pixels :func:`near_black` would then count as near-black), a line along each of its
    four sides in the ring is BELOW_TILE or more lighter than it, and the ring as wide just inside is
    within FRAME_INSIDE of it by its median (a frame's line may reach into that ring where the crop
    lies a pixel off the frame, as on qt-dark; an exploded mine's red tile is no grey, and the grid
    lines round siv3d's, 76 by luminance, lift its ring over DARK_TILE)."""
    size = flat.shape[1]
    k = max(1, size // 7)
    ring_lum = _lum(_ring(flat, 0, k).mean(axis=1))
    out = np.maximum(_lum(bg), ring_lum)
    grey = bg.max(axis=-1) - bg.min(axis=-1) < FRAME_GREY
    lifted = grey & (_lum(bg) < DARK_TILE) & ((ring_lum >= DARK_TILE) | (ring_lum - _lum(bg) >= BELOW_TILE))
    if lifted.any() and size > 4 * k:
        lum, tile = _lum(flat[lifted]), _lum(bg[lifted])
        inside = np.median(_lum(_ring(flat[lifted], k, k)), axis=1)
        # (a line along each of the four sides: not a grid line along two, a bevel's lit top and left)
        sides = np.stack([lum[:, :k].mean(axis=2).max(axis=1), lum[:, size - k:].mean(axis=2).max(axis=1),
                          lum[:, :, :k].mean(axis=1).max(axis=1), lum[:, :, size - k:].mean(axis=1).max(axis=1)])
        framed = (np.abs(inside - tile) < FRAME_INSIDE) & (sides >= tile + BELOW_TILE).all(axis=0)
        out[np.flatnonzero(lifted)[framed]] = tile[framed]
    return np.asarray(out)


def _lum(a: np.ndarray) -> np.ndarray:
    """The luminance of RGB pixels (ITU-R BT.601 weights)."""
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def plain_channels(colour: np.ndarray | tuple[int, int, int]) -> list[float] | None:
    """One colour's three channels as Python numbers, where arithmetic on them is numpy's to the bit
    (a float64 array, or whole levels): numpy's cost per call on three numbers was most of the work
    of the reader's per-cell checks. None for another dtype (float32: its rounding is numpy's own)."""
    if isinstance(colour, np.ndarray):
        return colour.tolist() if colour.dtype == np.float64 else None
    return list(colour)


def redness(a: np.ndarray) -> np.ndarray:
    """How much redder than green and blue each pixel (or colour) of ``a`` is: its red less the
    larger of its green and blue, in levels (in ``a``'s own dtype)."""
    return a[..., 0] - np.maximum(a[..., 1], a[..., 2])


def redness_of(colour: np.ndarray | tuple[int, int, int]) -> float:
    """:func:`redness` of one colour, in Python numbers where :func:`plain_channels` allows."""
    values = plain_channels(colour)
    if values is None:
        return float(redness(np.asarray(colour, np.float64)))
    r, g, b = values
    return float(r - max(g, b))


def lum_of(colour: np.ndarray | tuple[int, int, int]) -> float:
    """:func:`_lum` of one colour, in Python numbers where :func:`plain_channels` allows."""
    values = plain_channels(colour)
    if values is None:
        return float(_lum(np.asarray(colour)))
    r, g, b = values
    return r * 0.299 + g * 0.587 + b * 0.114


def rgb_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The RGB (Euclidean) distance between colours ``a`` and ``b`` along their last axis, as numpy
    broadcasts them (one colour against many, each against each)."""
    return np.asarray(np.sqrt(((a - b) ** 2).sum(axis=-1)))


def channel_max(a: np.ndarray) -> np.ndarray:
    """``a.max(axis=-1)`` for RGB pixels, by slices (see :func:`_darker_than`)."""
    return np.maximum(np.maximum(a[..., 0], a[..., 1]), a[..., 2])


def channel_min(a: np.ndarray) -> np.ndarray:
    """``a.min(axis=-1)`` for RGB pixels, by slices (see :func:`_darker_than`)."""
    return np.minimum(np.minimum(a[..., 0], a[..., 1]), a[..., 2])


def _saturation(a: np.ndarray) -> np.ndarray:
    """The spread of the channels (largest less smallest) of RGB pixels, by slices (see
    :func:`_darker_than`)."""
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    return np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)


def _dist(a: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """The RGB distance of each pixel of ``a`` (N x H x W x 3) to its cell's ``colour`` (N x 3):
    the channels' squares added in numpy's order for ``sum(axis=3)`` (the same floats), a reduction
    over 3 channels being far slower than two additions."""
    d = (a - colour[:, None, None, :]) ** 2
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])


def _red(a: np.ndarray) -> np.ndarray:
    """Saturated red pixels (a flag's cloth, the exploded mine's tile, a wrong flag's cross)."""
    return (a[..., 0] > 150) & (a[..., 1] < 100) & (a[..., 2] < 100)


def _cross(dark: np.ndarray, red: np.ndarray) -> np.ndarray:
    """Per cell, how much of each of its two diagonals (from 10% to 90% of the way across) carries
    a dark or red line, the less of the two: a crossed-out flag or mine is crossed all along, a
    flag's outline or a digit's strokes only here and there. A point counts when it (or a pixel beside it) is
    dark or red and the points a little off the diagonal on both sides are not of that colour: a
    line (a black cross over a red flag's cloth too), not a filled shape the diagonal runs into.
    ``dark``, ``red``: the cells' (N x size x size) pixels darker than 90 (:func:`_darker_than`),
    and red (:func:`_red`); read at those points only (each point's 3 x 3, its two points off
    the diagonal)."""
    n, size = dark.shape[:2]
    kinds = [m.reshape(n, size * size) for m in (dark, red)]
    ts = np.linspace(0.1, 0.9, 17)
    d = max(2, round(0.12 * size))
    last = size - 1
    step = np.arange(-1, 2)
    arms = []
    for fy, fx, sy, sx in ((ts, ts, 1, -1), (ts, 1 - ts, 1, 1)):
        ys = np.clip(np.round(fy * last).astype(int), 0, last)
        xs = np.clip(np.round(fx * last).astype(int), 0, last)
        # a line a pixel off the diagonal still counts: the 3 x 3 about each point (an index
        # clipped to the cell is one of those pixels)
        near = (np.clip(ys[:, None, None] + step[None, :, None], 0, last) * size
                + np.clip(xs[:, None, None] + step[None, None, :], 0, last)).reshape(len(ts), 9)
        o1 = np.clip(ys + sy * d, 0, last) * size + np.clip(xs + sx * d, 0, last)
        o2 = np.clip(ys - sy * d, 0, last) * size + np.clip(xs - sx * d, 0, last)
        hit = np.zeros((n, len(ts)), bool)
        for mask in kinds:
            hit |= mask[:, near].any(axis=2) & ~(mask[:, o1] & mask[:, o2])
        arms.append(hit.mean(axis=1))
    return np.min(np.stack(arms), axis=0)


def _towards_sides(mask: np.ndarray, axis: int, band: int) -> np.ndarray:
    """``mask`` (N x size x size) where, within ``band`` pixels of either side along ``axis``, each
    pixel is set if it or one between it and that side is."""
    out = mask.copy()
    size = mask.shape[axis]
    first = [slice(None)] * 3
    first[axis] = slice(0, band)
    last = [slice(None)] * 3
    last[axis] = slice(size - 1, size - band - 1, -1)
    out[tuple(first)] = np.logical_or.accumulate(mask[tuple(first)], axis=axis)
    out[tuple(last)] = np.logical_or.accumulate(mask[tuple(last)], axis=axis)
    return out


def ring_fraction(mask: np.ndarray, p: float) -> np.ndarray:
    """Per cell, the fraction of ``mask`` (N x size x size) in the ring between the cell's outermost
    pixel and 15% of the way in."""
    size = mask.shape[1]
    k = max(2, round(0.15 * p))
    ring = np.zeros((size, size), bool)
    ring[1:size - 1, 1:size - 1] = True
    ring[k:size - k, k:size - k] = False
    return (mask & ring).sum(axis=(1, 2)) / max(int(ring.sum()), 1)
