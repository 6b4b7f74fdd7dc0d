"""Rows beside a lattice lined but not parted into cells (for :mod:`.reader`, after :mod:`.grow`).

A row of cells beside a board is parted from cell to cell by lines at the lattice's pitch. A
strip of a window beside it (between a counter panel's outline and the board's frame, a cell
above the board) is lined along its length by the panel's edge and the frame's; where its grey is
dithered (a GIF's palette) it carries faint edges across at every column alike, so that each
lattice cell there reads as lined on four sides (and :func:`.grow.grown_over_faint_cells` grows
over it, or a lattice found on faint edges takes it in): yet nothing parts it across at the pitch
more than within the cells (:func:`parting`, :func:`unparted_beside`). A JPEG's revealed cells may
be so too (their digits' edges and the JPEG's noise as strong as their lines), so such a row is
not left out: a lattice taking it in is read only where most of its cells are of the board's
colours (:func:`foreign_rows`), never where the strip is of the window's grey.
"""

from __future__ import annotations

import cv2
import numpy as np

from .grid import Edges, Grid, edge_maps
from .grow import _tile_colours, lined_beside

#: where a cell's inside is looked at across the row (fractions of the pitch from its line)
INSIDE_AT = (0.25, 0.5, 0.75)


def parting(rgb: np.ndarray, grid: Grid, side: str, threshold: int) -> float:
    """How much more the lattice's lines across the row (side "t" or "b") or column ("l", "r") of
    cells just outside ``grid`` carry edges of ``threshold`` than the cells' insides do
    (:func:`carried`: lines less insides); 1.0 where that row is not all on the picture."""
    lines, inside = carried(rgb, grid, side, threshold)
    return lines - inside


def carried(rgb: np.ndarray, grid: Grid, side: str, threshold: int) -> tuple[float, float]:
    """(lines, insides) of the row (side "t" or "b") or column ("l", "r") of cells just outside
    ``grid``: the mean, over the lattice's lines across it, of the fraction of the cells' middle
    60% along them that has an edge of ``threshold`` within a tenth of a cell of the line; the same
    mean over the cells' insides (at each of :data:`INSIDE_AT`, the least). (1.0, 0.0) where that
    row is not all on the picture."""
    height, width = rgb.shape[:2]
    if side in "lr":
        flipped = Grid(grid.y0, grid.x0, grid.pitch_y, grid.pitch_x, grid.rows, grid.cols, grid.score)
        return carried(np.ascontiguousarray(rgb.transpose(1, 0, 2)), flipped, "t" if side == "l" else "b",
                       threshold)
    px, py = grid.pitch_x, grid.pitch_y
    y = grid.y0 - py if side == "t" else grid.y0 + grid.rows * py
    y_lo, y_hi = round(y + 0.2 * py), round(y + 0.8 * py)   # the middle 60% of the cells' sides
    t = max(1, round(0.1 * grid.cell_size))                 # (as lined_cells widens a line)
    x_lo, x_hi = round(grid.x0) - t - 1, round(grid.x0 + grid.cols * px) + t + 1
    if y_lo < 0 or y_hi > height or x_lo < 0 or x_hi > width or y_hi <= y_lo:
        return 1.0, 0.0
    edges: Edges = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)

    # per column of the band, the fraction of its rows with a vertical edge within t pixels: the
    # edges widened once (a dilation; outside the band adds nothing, as clipping to it did)
    near = cv2.dilate(edges.v, np.ones((1, 2 * t + 1), np.uint8)).mean(axis=0)

    def along(xs: np.ndarray) -> np.ndarray:
        """Per x (picture coordinates), the fraction of the band's rows with a vertical edge
        within t pixels of it."""
        return near[np.clip(np.round(xs - 1).astype(int) - x_lo, 0, x_hi - x_lo - 1)]

    lines = along(grid.x0 + px * np.arange(grid.cols + 1))
    inside = np.min([along(grid.x0 + px * (np.arange(grid.cols) + f)) for f in INSIDE_AT], axis=0)
    return float(lines.mean()), float(inside.mean())


#: a row beside a lattice is parted into cells where its lines carry edges over this much more of
#: their length (a fraction) than its cells' insides do (KMines' revealed cells: 0.88 at least; a
#: dark JPEG's revealed cells beside its tiles, their digits carrying edges within: 0.21; the strip
#: between a dithered panel and the board's frame: 0.0 to 0.04)
PARTED = 0.3


def unparted_beside(rgb: np.ndarray, grid: Grid, threshold: int) -> list[tuple[str, Grid]]:
    """The rows and columns of lattice cells just outside ``grid`` (found on strong edges), each with
    its side ("t", "b", "l", "r"), that are lined on edges of ``threshold`` (as
    :func:`.grow.grown_over_faint_cells` grows the lattice over them) but not parted into cells
    (:func:`parting` under :data:`PARTED`).

    Such a row may be a strip of window between a panel and the board (a dithered grey carries
    faint edges everywhere), or the board's own (a JPEG's revealed cells, their lines no clearer
    than their digits' edges and the JPEG's noise): a lattice taking it in is read only where
    its cells are of the board's colours (:func:`foreign_rows`)."""
    return [(side, _beside(grid, side)) for side in "tblr" if lined_beside(rgb, grid, side, threshold) >= 0.5
            and parting(rgb, grid, side, threshold) < PARTED]


#: a cell of a row lined but not parted is of the board's colours where its tile colour is within
#: this many levels (each channel) of that of some cell of the board's (:func:`foreign_rows`); the
#: row is foreign where over FOREIGN of its cells are not (a digit's cell may show its ink's colour)
OWN_COLOUR, FOREIGN = 6.0, 0.5


def foreign_rows(rgb: np.ndarray, grid: Grid, strips: list[tuple[str, Grid]], threshold: int) -> bool:
    """Whether ``grid`` takes in a cell of ``strips`` (rows lined but not parted into cells beside a
    lattice found on strong edges, each with the side of that lattice it lies on) most of whose
    cells' tile colours are those of no cell of the board's in ``grid``: a strip of window between a panel and the board
    (its grey a few levels off the cells'), not the board's cells.

    The board's cells are those of ``grid`` on the lattice's side of the strip, and those beyond it
    in rows (columns) parted into cells on edges of ``threshold`` (a panel's inside beyond the
    strip, dithered as it is, is of its colour but no more parted into cells)."""
    mid_x = grid.x0 + grid.pitch_x * (np.arange(grid.cols) + 0.5)
    mid_y = grid.y0 + grid.pitch_y * (np.arange(grid.rows) + 0.5)
    tiles: np.ndarray | None = None
    takes = [np.outer((mid_y > s.y0) & (mid_y < s.y0 + s.rows * s.pitch_y),
                      (mid_x > s.x0) & (mid_x < s.x0 + s.cols * s.pitch_x)) for _, s in strips]
    in_doubt = np.any(takes, axis=0) if takes else np.zeros((grid.rows, grid.cols), bool)
    for (side, s), taken in zip(strips, takes):
        if not taken.any():
            continue
        x1, y1 = s.x0 + s.cols * s.pitch_x, s.y0 + s.rows * s.pitch_y
        # (flipped to rows: a strip on the left or right is a column)
        across = mid_y if side in "tb" else mid_x
        lo, hi = (s.y0, y1) if side in "tb" else (s.x0, x1)
        board = across > hi if side in "tl" else across < lo
        for k in np.flatnonzero(across < lo if side in "tl" else across > hi):
            board[k] = _row_parted(rgb, grid, side, int(k), threshold)
        own = (board[:, None] if side in "tb" else board[None, :]) & ~in_doubt  # (no strip's cells)
        if not own.any():
            return True
        if tiles is None:
            tiles = _tile_colours(rgb, grid)
        far = np.abs(tiles[taken][:, None, :] - tiles[own][None, :, :]).max(axis=2).min(axis=1)
        if (far > OWN_COLOUR).mean() > FOREIGN:
            return True
    return False


def _row_parted(rgb: np.ndarray, grid: Grid, side: str, k: int, threshold: int) -> bool:
    """Whether row (side "t", "b") or column ("l", "r") ``k`` of ``grid`` is parted into cells."""
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        one = Grid(grid.x0, grid.y0 + (k + 1 if side == "t" else k - 1) * py, px, py, grid.cols, 1)
    else:
        one = Grid(grid.x0 + (k + 1 if side == "l" else k - 1) * px, grid.y0, px, py, 1, grid.rows)
    return parting(rgb, one, side, threshold) >= PARTED


def _beside(grid: Grid, side: str) -> Grid:
    """The row ("t", "b") or column ("l", "r") of lattice cells just outside ``grid``."""
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        return Grid(grid.x0, grid.y0 - py if side == "t" else grid.y0 + grid.rows * py, px, py, grid.cols, 1)
    return Grid(grid.x0 - px if side == "l" else grid.x0 + grid.cols * px, grid.y0, px, py, 1, grid.rows)


#: a row at the lattice's edge whose cells' insides carry edges over OWN_PLACES of their length or
#: more (sides at their own places) is parted as the board's others are only where its lines across
#: it carry edges over at least AS_OTHERS of the length the others' least do (raygui's header:
#: insides 0.24 to 0.38, lines 0.44 to 0.56 against the board's 0.89 to 1.0; Google's top row,
#: its revealed cells' insides flat (0.0), lines 0.45 against 0.82; the picture's edge, padded,
#: takes a line or two off a row's)
OWN_PLACES, AS_OTHERS = 0.15, 0.7


def unparted_edge(rgb: np.ndarray, grid: Grid, threshold: int) -> str | None:
    """The side ("top", "bottom", "left", "right") of ``grid`` whose outermost row (column) is not
    parted into cells on edges of ``threshold`` as every other row (column) of it is; None where
    there is none. The others are parted (:func:`parting` :data:`PARTED` or more); the outermost is
    not, or its cells' insides carry edges (:data:`OWN_PLACES`) and its lines across it over less
    than :data:`AS_OTHERS` of the length the others' least do.

    A board's rows are parted into cells alike: where all are but the one at the lattice's edge,
    that row is no row of the board's but a strip beside it taken in at the pitch (raygui's header
    above its board: buttons and LED boxes on the page's grey, the revealed cells' colour, their
    sides at their own places, not the lattice's). The picture is padded (its edge pixels
    repeated) so that a board at the picture's edge is measured too."""
    for img, lattice, count, ends in _padded(rgb, grid):
        if count < 3:
            continue
        rows = [carried(img, _one(lattice, k), "t", threshold) for k in range(count)]
        for end, rest in ((0, rows[1:]), (count - 1, rows[:-1])):
            if any(lines - inside < PARTED for lines, inside in rest):
                continue
            if not_parted_as(rows[end], rest):
                return ends[0 if end == 0 else 1]
    return None


def not_parted_as(row: tuple[float, float], rest: list[tuple[float, float]]) -> bool:
    """Whether a row's (lines, insides) (:func:`carried`) is not parted into cells as rows ``rest``
    (each parted) are: under :data:`PARTED`, or its insides carrying edges (:data:`OWN_PLACES`) and
    its lines over less than :data:`AS_OTHERS` of the length the others' least do."""
    lines, inside = row
    return lines - inside < PARTED or (inside >= OWN_PLACES and lines < AS_OTHERS * min(o for o, _ in rest))


def row_carried(rgb: np.ndarray, grid: Grid, threshold: int) -> list[tuple[float, float]]:
    """Each row of ``grid``'s (lines, insides) (:func:`carried`), top to bottom, measured on the
    picture padded as :func:`unparted_edge` pads it."""
    img, lattice, count, _ = _padded(rgb, grid)[0]
    return [carried(img, _one(lattice, k), "t", threshold) for k in range(count)]


def _padded(rgb: np.ndarray, grid: Grid) -> list[tuple[np.ndarray, Grid, int, tuple[str, str]]]:
    """(picture, lattice on it, rows, the ends' names) for ``grid``'s rows and then its columns (the
    picture turned): the lattice's box and a margin, padded (its edge pixels repeated) so that a
    board at the picture's edge is measured too; [] where the box is off the picture."""
    pad = max(1, round(0.1 * grid.cell_size)) + 2
    # (only the lattice's box and a margin wider than :func:`carried`'s lines reach: padding and
    # turning the whole picture for each column cost 0.7 s on a 1920x1080 desktop)
    height, width = rgb.shape[:2]
    x_lo = max(-pad, int(np.floor(grid.x0)) - pad - 2)
    x_hi = min(width + pad, int(np.ceil(grid.x0 + grid.cols * grid.pitch_x)) + pad + 2)
    y_lo = max(-pad, int(np.floor(grid.y0)) - pad - 2)
    y_hi = min(height + pad, int(np.ceil(grid.y0 + grid.rows * grid.pitch_y)) + pad + 2)
    # (a shift of the same parity as the whole padding's: rounding halves to even lands alike)
    x_lo, y_lo = x_lo - (x_lo + pad) % 2, y_lo - (y_lo + pad) % 2
    if x_hi <= x_lo or y_hi <= y_lo:
        return []
    padded = np.pad(rgb[max(0, y_lo):min(height, y_hi), max(0, x_lo):min(width, x_hi)],
                    ((max(0, -y_lo), max(0, y_hi - height)), (max(0, -x_lo), max(0, x_hi - width)), (0, 0)),
                    mode="edge")
    moved = Grid(grid.x0 - x_lo, grid.y0 - y_lo, grid.pitch_x, grid.pitch_y, grid.cols, grid.rows, grid.score)
    # (the columns as the rows of the picture turned once, as :func:`carried` turns it for each)
    turned = Grid(moved.y0, moved.x0, moved.pitch_y, moved.pitch_x, moved.rows, moved.cols, moved.score)
    return [(padded, moved, grid.rows, ("top", "bottom")),
            (np.ascontiguousarray(padded.transpose(1, 0, 2)), turned, grid.cols, ("left", "right"))]


def _one(grid: Grid, k: int) -> Grid:
    """The one-row lattice just below row ``k`` of ``grid``: the row above it (:func:`carried`'s
    side "t") is ``k``."""
    return Grid(grid.x0, grid.y0 + (k + 1) * grid.pitch_y, grid.pitch_x, grid.pitch_y, grid.cols, 1)
