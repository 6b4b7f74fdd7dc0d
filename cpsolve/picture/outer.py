"""The board's outermost row or column, missed by the lattice: grown over where its tiles show
(:func:`grown_over_outer_tiles`), the board refused where a digit on the edge counts mines past it
(:func:`short_edge_digit`).

Tiles drawn apart by a gap of the page (a dark theme's: Qionglu735's PyQt game) make two edges at
every boundary, the near tile's side and the far one's; where one tile's side is a strong edge
(the light top and left of a raised tile, 58 levels over the page) and the other's faint (its
shade, 6 levels), the lattice lies on the strong one. The board's last column and row have only
the faint side outward, a gap's width (two pixels) off the lattice's line: at 14-16 px a cell,
past the pixel of slack a lattice line is given, so those cells are lined on three sides of four
(0.64-0.69, under LINED) and the lattice stops a column and a row short: the board read 12x11
for 13x12, every cell sure.

Such a strip continues the lattice in every way but that one side: each of its cells is lined
along the sides it shares with the board and with its neighbours in the strip, its outer side
lies within a fifth of a cell of the lattice's line, its tile is of a colour the board's cells
show, and its inside is drawn as one of the board's cells is. A frame, a page or a panel beside a
board is not lined across at the board's pitch (winmine's frame, a page's panel: lines along the
board only).

Where the strip makes no lines at all (revealed tiles 8 levels off the page, no lighter rim: a
column of 0s and digits), the digits on the lattice's edge may still tell: one that counts more
mines than the cells round it inside the lattice could hold has some past it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from .colours import crops
from .grid import LINED, Grid, edge_maps, lined_cells
from .grow import _inside, _joined, _strip, _tile_colours

#: a strip's cell is of the board where it is lined (LINED), its outer side looked for up to
#: OUTER_SLACK of a cell either side of the lattice's line, and its tile colour is within TILE_NEAR
#: levels (each channel) of some cell of the board
OUTER_SLACK, TILE_NEAR = 0.2, 10.0
#: ... and its inside (as BLOCKS x BLOCKS block means) is within LIKE levels of some cell's of the board
BLOCKS, LIKE = 4, 8.0
#: a side where this share of the strip's cells (or more), but not all, are of the board: no board
#: (its edge is not told); where all are and they are not all alike, the board is grown
SOME = 0.25


def outer_cells(rgb: np.ndarray, grid: Grid, side: str, threshold: int, tiles: np.ndarray,
                own: Callable[[], np.ndarray]) -> np.ndarray:
    """Per cell of the strip just outside ``grid`` on ``side`` ("t", "b", "l", "r"), whether it is of
    the board: lined on edges of ``threshold`` with its outer side up to OUTER_SLACK of a cell off the
    lattice's line, on a tile of one of the board's tile colours (``tiles``: N x 3), its inside like
    some cell's of the board (``own``: gives the board's :func:`_inner_blocks`, called only where
    needed)."""
    strip = _strip(grid, side)
    height, width = rgb.shape[:2]
    xs, ys = strip.xs(), strip.ys()
    p = strip.cell_size
    m = int(0.3 * p) + 2 + int(np.ceil(OUTER_SLACK * p))
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    # (the window padded by its own edge pixels, which make no edges: a strip at the picture's edge)
    window = np.pad(rgb[y_lo:y_hi, x_lo:x_hi], ((m, m), (m, m), (0, 0)), mode="edge")
    edges = edge_maps(window, threshold)
    xs, ys = xs - x_lo + m, ys - y_lo + m
    k = max(1, round(OUTER_SLACK * p))
    best = np.zeros(strip.rows * strip.cols)
    for d in range(-k, k + 1):
        sx, sy = xs.copy(), ys.copy()
        if side == "r":
            sx[-1] += d
        elif side == "l":
            sx[0] += d
        elif side == "b":
            sy[-1] += d
        else:
            sy[0] += d
        best = np.maximum(best, lined_cells(edges, sx, sy, p).ravel())
    colour = _tile_colours(rgb, strip).reshape(-1, 3)
    near = (np.abs(colour[:, None, :] - tiles[None, :, :]).max(axis=2) <= TILE_NEAR).any(axis=1)
    of_board = (best >= LINED) & near
    # (the insides compared only where a cell is lined on a board's tile: most strips, a frame or
    # a page beside the board, have none, and the comparison crops every cell of the board)
    return np.asarray(of_board & _like_board_cells(rgb, strip, grid, own)) if of_board.any() else of_board


def _inner_blocks(rgb: np.ndarray, g: Grid) -> np.ndarray:
    """Per cell of ``g`` (row-major), its inside (clear of OUTER_SLACK of a cell along each side)
    as BLOCKS x BLOCKS block means, flattened: N x BLOCKS*BLOCKS*3."""
    cells = crops(rgb, g)
    size = cells.shape[2]
    k = max(1, round(OUTER_SLACK * size))
    inner = cells[:, :, k:size - k, k:size - k]
    n = inner.shape[2]
    edges = np.linspace(0, n, BLOCKS + 1).round().astype(int)
    blocks = [inner[:, :, a:b, c:d].mean(axis=(2, 3)) for a, b in zip(edges[:-1], edges[1:])
              for c, d in zip(edges[:-1], edges[1:])]
    return np.stack(blocks, axis=2).reshape(g.rows * g.cols, -1)


def _like_board_cells(rgb: np.ndarray, strip: Grid, grid: Grid, own: Callable[[], np.ndarray]) -> np.ndarray:
    """Per cell of ``strip``, whether its inside is within LIKE levels (the mean over its blocks and
    channels) of some cell of ``grid`` (``own()``: their :func:`_inner_blocks`): a tile of the
    board's own, drawn as the board draws them."""
    if min(strip.cell_size, grid.cell_size) < 2 * BLOCKS:
        return np.zeros(strip.rows * strip.cols, bool)
    board, beside = own(), _inner_blocks(rgb, strip)
    apart = np.array([np.abs(board - b[None, :]).mean(axis=1).min() for b in beside])
    return np.asarray(apart <= LIKE)


def _all_alike(rgb: np.ndarray, strip: Grid) -> bool:
    """Whether every cell of ``strip`` is like its first (tile and inside within LIKE levels): a
    run of one tile, nothing on them (a column of covered tiles, of 0s, or a panel lined at the
    board's pitch)."""
    colour = _tile_colours(rgb, strip).reshape(-1, 3)
    inside = _inner_blocks(rgb, strip)
    return bool((np.abs(colour - colour[0]).max(axis=1) <= TILE_NEAR).all()
                and (np.abs(inside - inside[0]).mean(axis=1) <= LIKE).all())


def grown_over_outer_tiles(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid | None:
    """``grid`` grown over the row or column beside it each side whose every cell is of the board
    (:func:`outer_cells`, on edges of ``threshold``), where those cells are not all alike
    (:func:`_all_alike`); ``grid`` itself where no side has such a strip; None where a side's strip
    is SOME of the board but not all, or all of it and all alike (a column of 0s, or a panel of
    their colour lined at the board's pitch): the board's edge is not told."""
    # (each tile colour once: the strips' cells are compared with every one, four times)
    tiles = np.unique(_tile_colours(rgb, grid).reshape(-1, 3), axis=0)
    # (the board's cells cropped once for all four sides, and only where some strip needs them)
    own = cache(lambda: _inner_blocks(rgb, grid))
    grown = grid
    for side in "rblt":
        strip = _strip(grid, side)
        if not _inside(rgb, strip):
            continue
        of_board = outer_cells(rgb, grid, side, threshold, tiles, own)
        if of_board.all() and not _all_alike(rgb, strip):
            grown = _joined(grown, side)
        elif of_board.mean() >= SOME:
            return None
    return grown


def open_sides(rgb: np.ndarray, grid: Grid) -> str:
    """The sides of ``grid`` ("t", "b", "l", "r") with a row or column of cells beside them on the
    picture."""
    return "".join(side for side in "tblr" if _inside(rgb, _strip(grid, side)))


def short_edge_digit(values: list[str], low: set[int], open_tiles: set[int], rows: int, cols: int,
                     open_sides: str) -> str | None:
    """A digit on the board's edge, read surely (not in ``low``), that counts more mines than its
    neighbours inside the board could hold (covered, flagged, a mine shown, or read unsurely but on
    a tile not surely revealed, as ``open_tiles`` are) and
    no more than those and its neighbours past the edge could, on a side in ``open_sides`` (the
    sides with picture beyond them: "t", "b", "l", "r"): its "r,c" and side, or None.

    Such a digit's mines lie past the edge: the board goes on, and the lattice found is part of it
    (revealed tiles a few levels off the page, no lighter rim: a column of 0s and digits beside them
    made no lattice lines, and the board was read a column short, every other cell sure). A digit
    that no neighbours could meet even with those past the edge (an 8 on the edge) is a misreading,
    left to the rules."""
    for i, v in enumerate(values):
        if v not in "12345678" or i in low:
            continue
        r, c = divmod(i, cols)
        sides = "".join(s for s, on in (("t", r == 0), ("b", r == rows - 1), ("l", c == 0), ("r", c == cols - 1))
                        if on and s in open_sides)
        if not sides:
            continue
        around = [(rr, cc) for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2) if (rr, cc) != (r, c)]
        inside = [rr * cols + cc for rr, cc in around if 0 <= rr < rows and 0 <= cc < cols]
        may = sum(values[j] not in "012345678" or (j in low and j not in open_tiles) for j in inside)
        if may < int(v) <= may + len(around) - len(inside):
            return f"{r},{c} ({sides})"
    return None
