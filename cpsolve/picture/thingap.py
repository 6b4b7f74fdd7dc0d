"""Tiles parted by a thin gap of the page's colour, the lattice on one side of it.

A flat web clone draws its tiles a pixel inside their cells on a light page: a gap of the page's
colour two pixels wide between neighbours (a light grey revealed tile, 228, on a page of 250). The
lattice lies on one of the gap's sides (each is an edge), so every crop holds both of the gap's
rows along its top (or bottom) and none along the other side; its outermost row is skipped as a
neighbour's, the second is measured as the tile's side: lighter than the bottom one on every flat
tile, a raised tile's bevel, and the revealed cells read unsure. :func:`.bevel.gap_margins` finds
gaps of three rows or more (one or two are a grid line's width, the lattice on their middle).

Where a light gap parts tiles of two kinds (:func:`_gap_rows`), each column (row) of crops most of
whose crops hold the gap's rows on one side only is moved onto its tiles, to begin on the gap's last
row (:func:`thin_gap_starts`; the lattice's pitch may drift a pixel over the board, and a column a
pixel or two further); and each crop's bevel is read on its tile's own sides, inside the gap's
rows, or on its outermost row where the gap lies only on the other side (:func:`thin_gap_boxes`:
a lattice a hair under the cells' pitch crops them a pixel short, and a raised tile's one-pixel
shadow is then the crop's last row).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .bevel import GAP_CELLS, GAP_NEAR, GAP_ROW, _gap_pixels, _off
from .colours import _lum, starts
from .grid import Grid

#: a column (row) of crops is moved where this share of its crops or more would be moved alike
LOPSIDED_SHARE = 0.5
#: two kinds of tile: faces this far apart (luminance), each showing the gap
KINDS_APART = 15.0
#: the gap is at most this many rows wide in a crop (a wider one: :func:`.bevel.gap_margins`)
THIN = 3


def _moves(gap: np.ndarray) -> np.ndarray:
    """Per crop (``gap``: N x size, whether each row is of the gap), how far to move it so that the
    gap's rows by its first side end at its outermost row, or those by its far side begin at its
    last row; 0 where no gap lies within THIN rows of a side, or a wider one does."""
    size = gap.shape[1]
    idx = np.arange(THIN)
    lead = gap[:, :THIN].any(axis=1) & ~gap[:, THIN] & ~gap[:, -1]
    first = np.where(gap[:, :THIN], idx, -1).max(axis=1) + 1          # the tile's first row
    trail = ~lead & gap[:, size - THIN:].any(axis=1) & ~gap[:, size - THIN - 1] & ~gap[:, 0]
    last = size - THIN + np.where(gap[:, size - THIN:], idx, THIN).min(axis=1) - 1   # its last row
    return np.where(lead, first - 1, np.where(trail, last - (size - 2), 0))


def _gap_rows(flat: np.ndarray, surround: np.ndarray | None) -> list[np.ndarray] | None:
    """Per axis (rows across, then columns down), per crop (``flat``: N x size x size x 3), whether
    each of its lines is of the gap (of the surround's colour, or as light, along most of its middle, GAP_ROW);
    None where no thin gap parts the tiles: only on a board
    most of whose tiles are of another colour than the surround, of two kinds (KINDS_APART) each
    of which shows a run of the gap's lines from a side ending within a fifth of the crop
    (:func:`_ends`) across and down in nearly every crop (GAP_CELLS): a raised tile's highlight of
    the page's colour is on covered tiles only, and a tile of the page's colour shows no end to it
    (Tatham's revealed grey)."""
    n, size = flat.shape[:2]
    if surround is None or n == 0 or size < 8:
        return None
    # (the tiles' colours by their middles: a most common colour may take in the gap's rows where
    # they are near it, a revealed tile of 228 measured 234 among rows of the page's 250)
    q = size // 4
    face = np.median(flat[:, q:size - q, q:size - q].reshape(n, -1, 3), axis=1)
    if (_off(face, surround) > GAP_NEAR).mean() < 0.5:
        return None
    lum = _lum(face.astype(np.float64))
    if lum.max() - lum.min() < KINDS_APART:
        return None
    middle = (lum.max() + lum.min()) / 2
    kinds = [lum < middle, lum >= middle]
    if min(int(k.sum()) for k in kinds) < 2:
        return None
    # (a light gap: the page lighter than either kind's tiles, GAP_NEAR or more; a line darker than
    # the tiles is :mod:`.lines`' to find)
    if float(_lum(surround)) < max(float(np.median(lum[k])) for k in kinds) + GAP_NEAR:
        return None
    a, b = round(0.15 * size), size - round(0.15 * size)
    maps = []
    for axis in (0, 1):
        part = flat[:, :, a:b] if axis == 0 else flat[:, a:b, :].transpose(0, 2, 1, 3)
        # (a pixel as light as the page is of the gap too, whatever its tint: JPEG spreads a red
        # flag's colour over the gap beside it, its lightness kept; no tile is so light, above)
        near = _gap_pixels(part, surround) | (_lum(part) >= float(_lum(surround)) - GAP_NEAR)
        gap = np.asarray(near.mean(axis=2) >= GAP_ROW)   # N x size
        # (a thin gap's run ends within THIN lines of a side: a tile of the gap's colour is no gap)
        seen = _ends(gap) | _ends(gap[:, ::-1])
        if any(seen[k].mean() < GAP_CELLS for k in kinds):
            return None
        maps.append(gap)
    return maps


def thin_gap_starts(flat: np.ndarray, surround: np.ndarray | None, grid: Grid
                    ) -> tuple[np.ndarray, np.ndarray] | None:
    """Each column's and row's first pixel (as :func:`.colours.starts` of ``grid``, the last, the
    far edge, left off) moved onto its tiles where a thin gap of the surround's colour lies on one
    side of the crops (``flat``: rows * cols x size x size x 3, row-major; :func:`_gap_rows`): by
    the move most of its crops want (LOPSIDED_SHARE; :func:`_moves`); None where none is moved."""
    maps = _gap_rows(flat, surround)
    return None if maps is None else _starts(maps, grid)


def on_thin_gap(flat: np.ndarray, bg: np.ndarray, surround: np.ndarray | None, grid: Grid,
                crop_at: Callable[[tuple[np.ndarray, np.ndarray]], tuple[np.ndarray, np.ndarray]]
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The crops (``flat``, their backgrounds ``bg``) moved onto their tiles by :func:`thin_gap_starts`
    (``crop_at``: the crops at those first pixels), and their :func:`thin_gap_boxes`, the gap looked
    for once on the crops as they stand and again only where they moved: ``flat``, ``bg`` and None
    where no thin gap parts the tiles."""
    maps = _gap_rows(flat, surround)
    if maps is None:
        return flat, bg, None
    moved = _starts(maps, grid)
    if moved is not None:
        flat, bg = crop_at(moved)
        maps = _gap_rows(flat, surround)
    return flat, bg, None if maps is None else _boxes(maps)


def _starts(maps: list[np.ndarray], grid: Grid) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`thin_gap_starts` of the gap's lines ``maps`` (:func:`_gap_rows`)."""
    moves = []
    for axis, gap in enumerate(maps):
        want = _moves(gap).reshape(grid.rows, grid.cols)
        lines = want if axis == 0 else want.T    # (a row of crops shares its top: the vote is along it)
        best = []
        for line in lines:
            values, counts = np.unique(line, return_counts=True)
            top = int(counts.argmax())
            best.append(int(values[top]) if counts[top] >= LOPSIDED_SHARE * len(line) else 0)
        moves.append(np.array(best))
    dy, dx = moves
    if not dy.any() and not dx.any():
        return None
    xs, ys = starts(grid)
    return xs[:-1] + dx, ys[:-1] + dy


def _run(gap: np.ndarray) -> np.ndarray:
    """Per crop (``gap``: N x lines, outermost first), how many lines of the gap lie along the side:
    a run from the outermost line or the next (the outermost the neighbour's tile), at most THIN."""
    run = np.zeros(len(gap), int)
    for k in range(THIN):
        run = np.where((run == k) & gap[:, k], k + 1, run)
    # (the neighbour's line outside the run: a run from the second line)
    second = ~gap[:, 0] & gap[:, 1]
    run = np.where(second, 2 + (gap[:, 2] & second), run)
    return run


def _ends(gap: np.ndarray) -> np.ndarray:
    """Per crop (``gap``: N x lines, outermost first), whether a run of the gap lies along the side
    (from the outermost line or the next) and ends within a fifth of the crop (a tile of the gap's
    colour throughout is no gap; a revealed tile's rim near the page's colour may lengthen it)."""
    n, size = gap.shape
    depth = max(THIN + 1, round(0.2 * size))
    start = np.where(gap[:, 0], 0, 1)
    has = gap[:, 0] | gap[:, 1]
    after = np.arange(size)[None, :] >= start[:, None]
    end = np.argmax(after & ~gap, axis=1)        # (0 where every line from the start is the gap's)
    return np.asarray(has & (end > start) & (end <= depth))


def thin_gap_boxes(flat: np.ndarray, surround: np.ndarray | None) -> np.ndarray | None:
    """Per crop (as :func:`thin_gap_starts`), how many of its lines lie outside its tile along the
    top, bottom, left and right (N x 4) where a thin gap parts the tiles (:func:`_gap_rows`), for
    :func:`.bevel.bevel_sides` to read the tile's sides on: the lines of the gap on a side; none on
    a side of no gap where the other shows one (the crop, on its tile from that side, may end on
    the tile's last line, its bevel's shadow: a lattice a fraction of a pixel short of the cells'
    pitch crops a pixel short of them); else one (the crop's outermost line may be the neighbour's).
    None where no thin gap parts the tiles."""
    maps = _gap_rows(flat, surround)
    return None if maps is None else _boxes(maps)


def _boxes(maps: list[np.ndarray]) -> np.ndarray:
    """:func:`thin_gap_boxes` of the gap's lines ``maps`` (:func:`_gap_rows`)."""
    boxes = []
    for gap in maps:
        near, far = (np.where(_ends(part), _run(part), 0) for part in (gap, gap[:, ::-1]))
        boxes.append(np.where(near > 0, near, np.where(far > 0, 0, 1)))
        boxes.append(np.where(far > 0, far, np.where(near > 0, 0, 1)))
    return np.stack(boxes, axis=1)
