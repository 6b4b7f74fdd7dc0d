"""Revealed 0s written as a "0" glyph (:func:`written_zeros`): skins that write every revealed 0
instead of leaving the tile blank (sfml-dark-lost-15x20: VT323's 0, blue on grey like its digits,
at 30 px a ring two pixels thick round a slit one pixel wide; raylib's pixel font's square ring).
The 8x8 glyph the digits are read by holds too little of a narrow ring to tell it (VT323's 0 read
as a 4 at 0.62: unsure on 173 cells, the board refused), so the ring is told on the cell's own
pixels (:func:`ring`): the ink closes round one inner region (its hole, with any stroke standing
free inside it: a dotted 0), that region tall and centred in the glyph, the ring filling its box
as an oval does. An 8 closes round two holes, one above the other, a 6 and a 9 round one high or
low, a 4 round a triangle, short and off the middle, its box far from filled; a 0 crossed by a
slash that joins its ring (OpenCV's Hershey 0) round two halves side by side (:func:`_slashed`).
A ring is read a 0 only in the ink of the board's digits read surely, on the tile they lie on (a
ring in a mark's colour, or on a covered tile, is no 0), and only on a cell read unsurely. The
rules of the game then check it as any 0 (:func:`.rules.check`: a 0 beside a covered cell, a flag
or a mine is unsure): a digit read as a 0 by mistake has a mine beside it, so is never a sure 0."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import crops, rgb_distance
from .marks import SURE

if TYPE_CHECKING:
    from .cells import CellLook
    from .grid import Grid

#: the digits read surely whose strokes show the board's digit ink: at least this many, each within
#: INK_NEAR (RGB) of the ring's strokes and on a tile within TILE_NEAR of the ring's
INK_CELLS, INK_NEAR, TILE_NEAR = 3, 40.0, 20.0
#: a pixel of the ring at least this far from the tile, of the ink's distance from it
INK_PART, INK_OFF = 0.35, 0.3
#: the ring's glyph at least this tall (of the cell's side), and this narrow or wider (of its height)
GLYPH_TALL, GLYPH_NARROW, GLYPH_WIDE = 0.3, 0.3, 1.1
#: its inner region at least this tall and wide (of the glyph's height and width), its centre no
#: further than CENTRED_Y and CENTRED_X (of the glyph's height and width) off the glyph's; and the
#: ring with what it closes round at least FILLED of the glyph's box. Drawn 0-9 in 22 fonts (DejaVu
#: and Liberation, a pixel font, Hershey), 14-62 px, scaled 0.8-1.5, in three inks: the 0s 0.45-0.9
#: tall, 0-0.08 and 0-0.12 off, 0.67-1 filled; DejaVu Sans's 4 (a triangle) up to 0.53 tall, 0.63
#: filled; 6s and 9s 0.09 off and more
INNER_TALL, INNER_WIDE, CENTRED_Y, CENTRED_X, FILLED = 0.5, 0.1, 0.07, 0.1, 0.66
#: the inner region at least this much hole (the rest a dotted 0's dot)
HOLE_SHARE = 0.4
#: a slashed 0's two halves (:func:`_slashed`)
SLASH_ROWS, SLASH_APART, SLASH_SHARE = 0.3, 0.1, 0.25
#: a ring read as a 0 is this sure
ZERO_SURE = 0.8
DIGITS = frozenset("12345678")


def _flood(free: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """The pixels of ``free`` reached from ``seeds`` (both boolean, same shape) by steps up, down,
    left and right through ``free``."""
    reached = seeds & free
    while True:
        grown = reached.copy()
        grown[1:] |= reached[:-1]
        grown[:-1] |= reached[1:]
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        grown &= free
        if (grown == reached).all():
            return reached
        reached = grown


def _parts(mask: np.ndarray) -> list[np.ndarray]:
    """The parts ``mask`` falls into, pixels joined up, down, left and right (each a mask)."""
    left = mask.copy()
    parts = []
    while left.any():
        seed = np.zeros_like(left)
        seed[tuple(np.argwhere(left)[0])] = True
        part = _flood(left, seed)
        parts.append(part)
        left &= ~part
    return parts


def _span(mask: np.ndarray, axis: int) -> tuple[int, int]:
    """The first and last row (axis 1) or column (axis 0) ``mask`` holds a pixel in."""
    at = np.nonzero(mask.any(axis=axis))[0]
    return int(at[0]), int(at[-1])


def _slashed(parts: list[np.ndarray], w: int) -> bool:
    """Whether two inner parts are a slashed 0's halves, the slash joining the ring: side by side
    (their rows overlapping by SLASH_ROWS of the shorter one's or more, their middles SLASH_APART of
    the glyph's width apart or more), each SLASH_SHARE of the two's area or more. An 8's two holes
    lie one above the other, their rows apart."""
    if len(parts) != 2:
        return False
    (a0, a1), (b0, b1) = _span(parts[0], 1), _span(parts[1], 1)
    overlap = min(a1, b1) + 1 - max(a0, b0)
    if overlap < SLASH_ROWS * min(a1 + 1 - a0, b1 + 1 - b0):
        return False
    (c0, c1), (d0, d1) = _span(parts[0], 0), _span(parts[1], 0)
    if abs((c0 + c1) - (d0 + d1)) / 2 < SLASH_APART * w:
        return False
    areas = [int(p.sum()) for p in parts]
    return min(areas) >= SLASH_SHARE * sum(areas)


def _ink_mask(square: np.ndarray, ink: np.ndarray, tile: np.ndarray) -> np.ndarray:
    """The pixels of ``square`` (size x size x 3) of the stroke colour ``ink`` on the tile colour
    ``tile``: on the way from the tile's colour to the ink's (within INK_OFF of the line between
    them, of their distance), at least INK_PART of the way (a pixel font scaled up blurs the
    corners where its ring closes: VT323's 0 at 30 px closes in pixels 0.41 of the way)."""
    step = ink - tile
    apart2 = float(step @ step)
    if apart2 <= 0:
        return np.zeros(square.shape[:2], bool)
    d = square.astype(np.float64) - tile
    t = (d @ step) / apart2
    off = rgb_distance(d, t[..., None] * step)
    return np.asarray((t >= INK_PART) & (off <= INK_OFF * apart2 ** 0.5))


def ring(square: np.ndarray, ink: np.ndarray, tile: np.ndarray, size: float) -> bool:
    """Whether the mark of colour ``ink`` on the cell ``square`` (its crop, size x size x 3, the
    tile ``tile``; ``size`` the cell's side in pixels) is a written 0: a ring (see the module)."""
    k = max(1, round(0.12 * size))
    mask = _ink_mask(square[k:square.shape[0] - k, k:square.shape[1] - k], ink, tile)
    if mask.sum() < 6:
        return False
    ys, xs = np.nonzero(mask.any(axis=1))[0], np.nonzero(mask.any(axis=0))[0]
    box = mask[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]
    h, w = box.shape
    if h < GLYPH_TALL * size or not GLYPH_NARROW * h <= w <= GLYPH_WIDE * h:
        return False
    # the outside: what is reached from around the glyph's box without crossing its ink
    padded = np.pad(box, 1)
    seeds = np.zeros_like(padded)
    seeds[0, :] = seeds[-1, :] = seeds[:, 0] = seeds[:, -1] = True
    outside = _flood(~padded, seeds)
    # the ring: the ink touching the outside (pixels side by side or corner to corner)
    near = outside.copy()
    near[1:] |= outside[:-1]
    near[:-1] |= outside[1:]
    near[:, 1:] |= outside[:, :-1]
    near[:, :-1] |= outside[:, 1:]
    rim = _flood8(padded, padded & near)
    inner = ~outside & ~rim
    if not inner.any() or int((inner & ~padded).sum()) < HOLE_SHARE * int(inner.sum()):
        return False
    parts = _parts(inner)
    if len(parts) != 1 and not _slashed(parts, w):
        return False
    iy, ix = np.nonzero(inner.any(axis=1))[0], np.nonzero(inner.any(axis=0))[0]
    ih, iw = iy[-1] + 1 - iy[0], ix[-1] + 1 - ix[0]
    if ih < INNER_TALL * h or iw < INNER_WIDE * w:
        return False
    # centres, in the padded box (the glyph's box runs 1..h, 1..w)
    cy, cx = (iy[0] + iy[-1]) / 2, (ix[0] + ix[-1]) / 2
    if abs(cy - (h + 1) / 2) > CENTRED_Y * h or abs(cx - (w + 1) / 2) > CENTRED_X * w:
        return False
    return int((~outside).sum()) >= FILLED * h * w


def _flood8(free: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """The pixels of ``free`` reached from ``seeds`` by steps to any of the eight neighbours."""
    reached = seeds & free
    while True:
        grown = reached.copy()
        grown[1:] |= reached[:-1]
        grown[:-1] |= reached[1:]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        grown &= free
        if (grown == reached).all():
            return reached
        reached = grown


def _board_ink(looks: list[CellLook], values: list[str], confidence: list[float]
               ) -> list[tuple[np.ndarray, np.ndarray]]:
    """(stroke colour, tile colour) of each digit read surely."""
    return [(looks[i].fg_colour, looks[i].background) for i, v in enumerate(values)
            if v in DIGITS and confidence[i] >= SURE]


def written_zeros(rgb: np.ndarray, grid: Grid, looks: list[CellLook], values: list[str],
                  confidence: list[float]) -> None:
    """Cells read unsurely whose mark is a written 0 (see the module), read as sure 0s, in place."""
    candidates = [i for i, lk in enumerate(looks) if confidence[i] < SURE and lk.glyph is not None]
    if not candidates:
        return
    inks = _board_ink(looks, values, confidence)
    if len(inks) < INK_CELLS:
        return
    strokes = np.array([s for s, _ in inks], np.float64)
    tiles = np.array([t for _, t in inks], np.float64)
    squares: np.ndarray | None = None
    for i in candidates:
        lk = looks[i]
        like = (rgb_distance(strokes, lk.fg_colour) <= INK_NEAR) & (rgb_distance(tiles, lk.background) <= TILE_NEAR)
        if int(like.sum()) < INK_CELLS:
            continue
        if squares is None:
            cut = crops(rgb, grid)
            squares = cut.reshape(grid.rows * grid.cols, *cut.shape[2:])
        if ring(squares[i], np.asarray(lk.fg_colour, np.float64), np.asarray(lk.background, np.float64),
                grid.cell_size):
            values[i], confidence[i] = "0", max(confidence[i], ZERO_SURE)
