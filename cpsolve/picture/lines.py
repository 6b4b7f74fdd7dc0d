"""Grid lines thicker than a pixel between the tiles, and the tiles between them.

The lattice is fitted on one edge of each line, so on a skin whose lines are two or three pixels
thick, or have a frame beside them, the crops begin (or end) on the line, and the bevel's strips,
one pixel in from the crop's sides (:func:`.bevel.bevel_sides`), see the line, the same in every cell,
not the tile: KDE 2's tiles sit in a 1 px grey frame between 2 px dark lines (every cell read sunken
by 150), KDE 2.0's 1 px black line puts the tiles' 1 px shadow on the crop's last pixel, which the
strips skip. Where the grid shows its line (:func:`line_band`, once per grid and axis), the crops
are centred on the tiles between the lines and the bevel read on the tiles' outermost pixels
(:func:`on_tiles`, called by :func:`.cells.measure` where no gap parts the tiles).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .bevel import bevel_sides, raised_by, side_level
from .colours import _lum, starts
from .grid import Grid
from .skins import CLASSIC
from .tiles import WEAK_RAISED

#: a line is darker than the tile on either side of it by this much (luminance) in every cell
#: (KDE 2's grey frame: 45 under its tile)
LINE_DARKER = 20.0
#: ... in this share of the cells at least (KDE 2 draws a sunken tile over the line beside it)
LINE_CELLS = 0.97
#: a line's offsets are within this (luminance) of its darkest one, or within this in every cell
LINE_TONE = 24.0
#: the tiles' own edges: where the cells' luminance at one offset spreads over this much at least
#: (covered and revealed tiles differ there), on both sides of the line
TILES_DIFFER = 40.0
#: a line (with its frame) is at most this share of the cell thick
LINE_SHARE = 0.2
#: cells smaller than this (pixels) have bevels of one pixel, read on the crop's first row and column
#: too, and no line is looked for
SMALL = 15
#: the lattice's boundaries lie at one phase to the pixels where their fractions of a pixel, as
#: angles, average to a vector this long at least
PHASE = 0.9
#: a tile raised past this (the classic skin's threshold) and one under WEAK of it (not even weakly
#: raised, as tiles.py tells a glossy tile) are two kinds
RAISED, WEAK = CLASSIC.bevel, WEAK_RAISED
#: the default bevels tell two kinds of tile where each kind is this share of the cells (two at least)
ODD = 0.02
#: the line is looked for on the middle of each side, this share of it in from either end (off the
#: corners, where lines cross and bevels meet)
SIDE_MIDDLE = 0.25
#: ... at this many pixels down it
SIDE_SAMPLES = 7


def _side_pixels(rgb: np.ndarray, bounds: np.ndarray, across: np.ndarray, along: np.ndarray,
                 vertical: bool) -> np.ndarray:
    """RGB pixels (float32) by the lines of one axis: (cells along the line) x len(bounds) x
    len(along) x len(across), at offsets ``across`` from each boundary's first pixel ``bounds`` and
    ``along`` (cells x L: absolute positions) down the line. ``vertical``: the lines are columns."""
    height, width = rgb.shape[:2]
    line = (bounds[:, None] + across[None, :])[None, :, None, :]      # 1 x B x 1 x K
    side = along[:, None, :, None]                                      # C x 1 x L x 1
    if vertical:
        return rgb[np.clip(side, 0, height - 1), np.clip(line, 0, width - 1)].astype(np.float32)
    return rgb[np.clip(line, 0, height - 1), np.clip(side, 0, width - 1)].astype(np.float32)


def references(lattice: np.ndarray) -> np.ndarray | None:
    """Each boundary's pixel (``lattice``: the boundaries' positions on one axis), all at one phase
    to the picture's pixels: a lattice whose boundaries lie about half a pixel past a pixel's edge
    would round some of them (drifting by a hundredth of a pixel a cell) one way and some the
    other, and a line one pixel thick would lie at two offsets. Rounded about the boundaries' mean
    fraction of a pixel (a circular mean), each lands on the same pixel of its line. None where the
    fractions spread (PHASE: a picture scaled by a fraction, whose lines lie at varying offsets)."""
    turn = 2 * np.pi * (lattice % 1.0)
    sin, cos = float(np.sin(turn).mean()), float(np.cos(turn).mean())
    if np.hypot(sin, cos) < PHASE:
        return None
    return np.floor(lattice - np.arctan2(sin, cos) / (2 * np.pi) + 0.5).astype(int)


def line_band(rgb: np.ndarray, bounds: np.ndarray, others: np.ndarray, size: int, p: float,
              bg_lum: np.ndarray, vertical: bool) -> tuple[int, int] | None:
    """The grid line about the lattice's boundaries on one axis, as offsets ``[lo, hi)`` from each
    boundary's pixel (``bounds``: :func:`references`; ``others``: the cells' first pixels on the
    other axis; ``bg_lum``: each cell's tile luminance, cells along the line first); None where the
    grid shows none. Only the boundaries inside the board count (the board's frame may be thicker).

    The line's core is the darker of the two offsets beside the boundary where nearly every cell
    (LINE_CELLS) is darker than its own tile (LINE_DARKER); the line runs on over the offsets on
    either side that are as dark, of the core's colour (LINE_TONE), or one colour in every cell (a
    frame: KDE 2's grey is the same beside every tile; a covered tile's shadow beside the line is
    not, where a revealed tile lies), and ends where the cells differ (TILES_DIFFER: the tiles
    begin there, covered and revealed ones unlike). A board of one kind of tile shows nothing to
    tell a line from a shadow by: :func:`on_tiles` looks at what the line changes."""
    # (offsets -m..m-1 about the boundary: a band as thick as LINE_SHARE allows, beginning at the
    # boundary, still has an offset beyond it each side to end on)
    m = max(2, int(np.ceil(LINE_SHARE * p))) + 1
    inner = bounds[1:-1]
    if len(inner) == 0 or bg_lum.shape[0] * len(inner) < 4:
        return None
    k = np.arange(-m, m)
    end = round(SIDE_MIDDLE * p)
    down = np.unique(np.linspace(end, max(end, size - end - 1), SIDE_SAMPLES).round().astype(int))
    along = others[:-1, None] + down[None, :]
    # per cell along the line, boundary and offset: the median luminance down the middle of the side
    profile = np.median(_lum(_side_pixels(rgb, inner, k, along, vertical)), axis=2)   # C x B x K
    own = np.where(k[None, None, :] < 0, bg_lum[:, :-1, None], bg_lum[:, 1:, None])
    dark = (profile < own - LINE_DARKER).mean(axis=(0, 1)) >= LINE_CELLS
    level = np.median(profile, axis=(0, 1))
    spread = profile.max(axis=(0, 1)) - profile.min(axis=(0, 1))
    cores = [j for j in (m - 1, m) if dark[j]]
    if not cores:
        return None
    core = level[min(cores, key=lambda j: level[j])]
    kept = (dark & (np.abs(level - core) <= LINE_TONE)) | (spread <= LINE_TONE)
    lo, hi = min(cores), max(cores) + 1
    while lo > 0 and kept[lo - 1]:
        lo -= 1
    while hi < 2 * m and kept[hi]:
        hi += 1
    if lo == 0 or hi == 2 * m or hi - lo > LINE_SHARE * p:
        return None
    if spread[lo - 1] < TILES_DIFFER or spread[hi] < TILES_DIFFER:
        return None
    return lo - m, hi - m


@dataclass(frozen=True)
class Lines:
    """The grid lines a grid shows (:func:`grid_lines`): per axis the line's offsets ``[lo, hi)``
    from each boundary's pixel (:func:`references`) and those pixels, or None where none shows."""

    x: tuple[tuple[int, int], np.ndarray] | None
    y: tuple[tuple[int, int], np.ndarray] | None


def grid_lines(rgb: np.ndarray, grid: Grid, size: int, bg_lum: np.ndarray) -> Lines | None:
    """The lines of ``grid`` (cells cropped ``size`` pixels a side, of tile luminance ``bg_lum``:
    rows x cols), where they show (cells of SMALL pixels or more); None where none does."""
    if grid.cell_size < SMALL:
        return None
    xs, ys = starts(grid)
    found: list[tuple[tuple[int, int], np.ndarray] | None] = []
    for lattice, others, lum, vertical in ((grid.xs(), ys, bg_lum, True), (grid.ys(), xs, bg_lum.T, False)):
        bounds = references(lattice)
        band = None if bounds is None else line_band(rgb, bounds, others, size, grid.cell_size, lum, vertical)
        found.append(None if band is None or bounds is None else (band, bounds))
    return None if found == [None, None] else Lines(found[0], found[1])


def _tile_start(bounds: np.ndarray, band: tuple[int, int], size: int) -> np.ndarray:
    """Per cell, the first pixel of a crop of ``size`` centred on its tile: between the line after
    its boundary ``bounds[:-1]`` and the one before the next, ``bounds[1:]`` (a pixel more before
    than after where they are uneven)."""
    lo, hi = band
    first, last = bounds[:-1] + hi, bounds[1:] + lo      # the tile: [first, last)
    return first - (size - (last - first)) // 2


def tile_starts(grid: Grid, lines: Lines, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The first pixel of every cell's crop (cols, rows), each crop centred on its tile on an axis
    whose lines show (:func:`starts` on the others)."""
    xs, ys = (s[:-1] for s in starts(grid))
    return (xs if lines.x is None else _tile_start(lines.x[1], lines.x[0], size),
            ys if lines.y is None else _tile_start(lines.y[1], lines.y[0], size))


def two_kinds(bevel: np.ndarray, least: float = 1.0) -> bool:
    """Whether bevels tell two kinds of tile, ``least`` cells of each at least: some raised past the
    threshold (the classic skin's), some flat or sunken (under WEAK of it)."""
    return bool((bevel > RAISED).sum() >= least and (bevel < WEAK * RAISED).sum() >= least)


def _edges(rgb: np.ndarray, lines: Lines, others: tuple[np.ndarray, np.ndarray], size: int, p: float,
           bg: np.ndarray) -> dict[str, np.ndarray]:
    """Per cell (``bg``: the tile colours, row-major), the luminance of the tile's outermost pixel
    on each side where the axis' lines show (a strip one pixel wide along the middle of the side,
    ``others``: the crops' first pixels, columns and rows), read as :func:`.bevel.bevel_sides` reads a
    side (:func:`.bevel.side_level`). With the
    line found no pixel need be skipped, and the crop, a whole number of pixels, may end before
    the tile does (KDE 2's shadow is one pixel, which a wider strip's upper percentile would pass
    over)."""
    n = len(bg)
    w = max(1, round(0.07 * p))
    span = np.arange(1 + w, size - 1 - w)
    out: dict[str, np.ndarray] = {}
    for found, along, vertical, names in ((lines.x, others[1], True, ("left", "right")),
                                          (lines.y, others[0], False, ("top", "bottom"))):
        if found is None:
            continue
        (lo, hi), bounds = found
        for name, at in zip(names, (bounds[:-1] + hi, bounds[1:] + lo - 1)):
            part = _side_pixels(rgb, at, np.zeros(1, int), along[:, None] + span[None, :], vertical)
            if not vertical:   # cells along the line are the board's columns
                part = part.swapaxes(0, 1)
            out[name] = side_level(part.reshape(n, -1, 3), bg)
    return out


def on_tiles(rgb: np.ndarray, grid: Grid, flat: np.ndarray, bg: np.ndarray,
             crop_at: Callable[[tuple[np.ndarray, np.ndarray]], tuple[np.ndarray, np.ndarray]],
             boxes: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The crops (``flat``: N x size x size x 3, row-major), their tile colours (``bg``) and bevels'
    sides (:func:`.bevel.bevel_sides`) the cells are measured on: the default ones
    (:func:`.colours.starts`), or, where the grid shows lines thicker than a pixel or with a frame
    beside them, crops centred on the tiles between them (``crop_at``: the crops and tile colours
    from each column's and row's first pixel) and bevels on the tiles' outermost pixels
    (:func:`_edges`). Only where those tell two kinds of tile (one revealed tile among covered ones
    is two kinds) and the default ones do not (ODD: a cell or two unlike the rest may be a cursor
    over them), and where that changes more than a cell or two: the default strips, on the line, see
    the same line in every cell (KDE 2: every cell sunken by 150); a board of one kind of tile shows
    nothing to tell a tile's shadow from a line by, and a website's logo over it differs from the
    tiles wherever it lies."""
    size = flat.shape[1]
    p = grid.cell_size
    default_sides = bevel_sides(flat, bg, p, boxes=boxes)
    default = raised_by(default_sides)
    lines = grid_lines(rgb, grid, size, _lum(bg).reshape(grid.rows, grid.cols))
    if lines is None or two_kinds(default, max(2.0, ODD * len(default))):
        return flat, bg, default_sides
    at = tile_starts(grid, lines, size)
    moved_flat, moved_bg = crop_at(at)
    moved_sides = bevel_sides(moved_flat, moved_bg, p, given=_edges(rgb, lines, at, size, p, moved_bg))
    moved = raised_by(moved_sides)
    # (and only where that changes more than a cell or two from raised to not, or back: a logo
    # over a new game's tiles changes those it lies on)
    changed = int(((moved > RAISED) != (default > RAISED)).sum()) >= max(2.0, ODD * len(default))
    return (moved_flat, moved_bg, moved_sides) if two_kinds(moved) and changed else (flat, bg, default_sides)
