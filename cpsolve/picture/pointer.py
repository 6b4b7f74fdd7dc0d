"""A mouse pointer drawn over the board: its white body beside its black outline.

A pointer is drawn in black and white, whatever the game's colours: a white arrow outlined in black
(Windows'), or a black one outlined in white. Where it lies over a cell, the cell's interior holds
white pixels right beside black ones, both far from the tile's own colour. The game draws no such
pair on a digit, a flag or a question mark (a mine's white glint inside its black disc is one, and
mines are left alone here). The reader (:func:`.reader.read_grid`) makes such cells unsure: what
lies under the pointer is not seen whole, and what is seen may be the pointer's (its black outline
down a covered cell's middle, its white body flattening the tile's bevel, reads as a 1 on a
revealed tile; over a red 3, its outline and white make a flag's red, black and raised tile).
Windows 7's arrow, in a GIF frame's palette, is outlined in navy: a dark of a hue beside the white
(HUED_DARK) is a pointer's too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from .colours import _dist, starts

if TYPE_CHECKING:
    from .cells import CellLook
    from .grid import Grid

#: a pointer's white: every channel at least this (its body, blurred at its edges by scaling)
WHITE = 230.0
#: a pointer's black: every channel under this, and grey (channels within GREY of each other)
BLACK, GREY = 80.0, 40.0
#: both at least this far (RGB distance) from the cell's tile: no tile of its own colour
APART = 60.0
#: a cell whose interior (inside INSET of the cell's side) is this share or more of white pixels
#: beside black ones shows a pointer. Drawn pointers over the classic skin (scaled by 1-1.5) make
#: 0.036 and more of each cell they made a sure wrong digit or flag; of the tuning pictures'
#: digits, flags and question marks read surely (at 0.65-1.5), only arbiter-won-8x8's 1 at 0.8,
#: under a real pointer, reaches 0.005 (0.125, with nothing dark along its sides)
POINTER_EDGE = 0.015
#: a row or column by a side of a cell's square (its outer quarter) this share white or more is a
#: tile's bevel, not a pointer's body (its widest row about 0.6 of a 16 px cell's side)
BEVEL_RUN = 0.75
INSET = 0.15
#: white beside black: within this many pixels (the outline's black touches the body's white, a
#: pixel of their blend between where the picture is scaled; a tile's light bevel lies further from
#: a flag's black pole)
NEAR = 2
#: ... and something dark along the cell's sides (``CellLook.edge_dark``, as :mod:`.cells` takes a
#: cursor over a covered cell's mark): the outline running on past the cell. A button's white bevel
#: (WinForms' rim and bevel, 5 px at 36 px cells) touching a flag's black pole is white beside black
#: inside the crop too, where the crop straddles the gap round the buttons, with nothing dark along
#: its sides
RING_DARK = 0.02
#: the values a pointer over the cell makes unsure (not a mine: its glint is white in black)
HIDDEN = "12345678F?"
#: a pointer's outline of a hue: luminance under this and not grey (channels over GREY apart).
#: Windows 7's arrow in a GIF frame's palette is outlined in navy (16, 24, 96: 30), which the black
#: above leaves out, and a navy-outlined arrow over a classic covered tile (its white body flattening
#: the bevel) read as a sure navy 4 (its glyph 0.17 like a 4, over digits.SHAPE_NONE). Such an
#: outline beside the white is a pointer without the dark along the sides (which counts grey pixels
#: only: a game's navy 4 reaching the side is none): a dark of a hue (navy, the classic blue 1, a
#: maroon) touching pure white, both APART from the tile, is no game's mark (flags' poles and the
#: bevels they touch are black and grey). Of the tuning pictures' cells read surely (at 0.65-1.5),
#: only arbiter-won-8x8's 1 under its real pointer (at 0.8 and 1.25) is so marked
HUED_DARK = 60.0
#: BT.601's luminance weights in thousandths (a pixel's luminance is its channels' weighted sum over
#: 1000: whole numbers under 2**24, which float32 holds exactly)
LUMA = np.array([299.0, 587.0, 114.0], np.float32)


def under_pointer(rgb: np.ndarray, grid: Grid, looks: list[CellLook], values: list[str], sure: list[bool]
                  ) -> list[int]:
    """The cells (row-major) read surely (``sure``) as a digit, flag or question mark that a mouse
    pointer lies over: dark along their sides, white beside black in their interior."""
    backgrounds = [lk.background for lk in looks]
    read = [i for i, v in enumerate(values) if v in HIDDEN and sure[i]]
    marked = [i for i in read if looks[i].edge_dark > RING_DARK]
    shares = pointer_edges(rgb, grid, marked, _under_white(looks, values, sure) if marked else backgrounds)
    read = _white_and_hued(rgb, grid, read)
    hued = pointer_edges(rgb, grid, read, backgrounds, hued=True)
    return sorted({i for i, share in zip(marked, shares.tolist()) if share >= POINTER_EDGE}
                  | {i for i, share in zip(read, hued.tolist()) if share >= POINTER_EDGE})


def _under_white(looks: list[CellLook], values: list[str], sure: list[bool]) -> list[np.ndarray]:
    """Each cell's tile colour, but where a sure mark's tile reads a pointer's white (every channel
    WHITE or more) and the board's other sure cells of its value lie on no white tile, theirs (the
    median): a pointer's body filling most of a cell is its most common colour, so its white was
    not far from the tile. (A hand pointer's palm over a classic red 3 left the 3's foot, red, and
    the hand's black outline on a white raised tile: a sure flag.)"""
    backgrounds = [lk.background for lk in looks]
    white = [float(np.min(bg)) >= WHITE for bg in backgrounds]
    usual: dict[str, np.ndarray | None] = {}
    for i, v in enumerate(values):
        if not (white[i] and sure[i] and v in HIDDEN):
            continue
        if v not in usual:
            others = [j for j, w in enumerate(values) if w == v and sure[j] and j != i]
            usual[v] = (np.median(np.array([backgrounds[j] for j in others], np.float64), axis=0)
                        if others and not any(white[j] for j in others) else None)
        tile = usual[v]
        if tile is not None:
            backgrounds[i] = tile
    return backgrounds


def _white_and_hued(rgb: np.ndarray, grid: Grid, cells: list[int]) -> list[int]:
    """Those of ``cells`` whose square holds both a pointer's white and a dark of a hue (HUED_DARK),
    by two integral images over the board (most cells hold neither: each cell cropped costs more)."""
    if not cells:
        return []
    size = max(4, int(np.floor(min(grid.pitch_x, grid.pitch_y))))
    xs, ys = starts(grid)
    height, width = rgb.shape[:2]
    x0, y0 = max(0, int(xs[0])), max(0, int(ys[0]))
    x1, y1 = min(width, int(xs[-2]) + size), min(height, int(ys[-2]) + size)
    if x1 <= x0 or y1 <= y0:
        return cells
    board = rgb[y0:y1, x0:x1]
    r, g, b = cv2.split(board)
    lo, hi = cv2.min(cv2.min(r, g), b), cv2.max(cv2.max(r, g), b)
    counts = [cv2.integral(mask.astype(np.uint8)) for mask in (lo >= WHITE, hued_dark(board, lo, hi))]
    out = []
    for i in cells:
        top, left = int(ys[i // grid.cols]) - y0, int(xs[i % grid.cols]) - x0
        t, lft = min(max(top, 0), y1 - y0), min(max(left, 0), x1 - x0)
        bot, rgt = min(max(top + size, 0), y1 - y0), min(max(left + size, 0), x1 - x0)
        if all(c[bot, rgt] - c[t, rgt] - c[bot, lft] + c[t, lft] > 0 for c in counts):
            out.append(i)
    return out


def pointer_edges(rgb: np.ndarray, grid: Grid, cells: list[int], backgrounds: list[np.ndarray],
                  hued: bool = False) -> np.ndarray:
    """Per cell of ``cells`` (row-major indices), the share of its interior that is a pointer's
    white within NEAR pixels of its black (``hued``: of its outline of a hue, HUED_DARK), both APART
    from the cell's tile colour (``backgrounds``, one per cell of the board)."""
    if not cells:
        return np.zeros(0)
    size = max(4, int(np.floor(min(grid.pitch_x, grid.pitch_y))))
    xs, ys = starts(grid)
    height, width = rgb.shape[:2]
    span = np.arange(size)
    # (each cell's square by slicing: a crop's pixels clipped only at the picture's edges)
    flat = np.stack([rgb[y:y + size, x:x + size] if 0 <= y <= height - size and 0 <= x <= width - size
                     else rgb[np.clip(y + span, 0, height - 1)[:, None], np.clip(x + span, 0, width - 1)[None, :]]
                     for y, x in ((int(ys[i // grid.cols]), int(xs[i % grid.cols])) for i in cells)])
    r, g, b = flat[..., 0], flat[..., 1], flat[..., 2]
    lo, hi = np.minimum(np.minimum(r, g), b), np.maximum(np.maximum(r, g), b)
    white = lo >= WHITE
    black = hued_dark(flat, lo, hi) if hued else (hi < BLACK) & (hi - lo <= GREY)
    shares = np.zeros(len(cells))
    # (only cells with both: most have neither, and this is the reader's every digit and flag)
    both = np.flatnonzero(white.any(axis=(1, 2)) & black.any(axis=(1, 2)))
    if len(both) == 0:
        return shares
    tile = np.array([backgrounds[cells[i]] for i in both], np.float32)
    far = _dist(flat[both].astype(np.float32), tile) >= APART
    near = _spread_out(_spread_out(black[both] & far, NEAR, 1), NEAR, 2)   # (within NEAR each way: a square)
    # (not a tile's bevel: a straight white run along most of the square, which the interior takes
    # in where the lattice drifts a pixel or two off the tiles; a pointer's body is an arrow)
    w = white[both]
    rim = np.minimum(span, span[::-1]) < max(2, round(0.25 * size))   # (rows and columns by the sides)
    bevel = (((w.mean(axis=2) >= BEVEL_RUN) & rim)[:, :, None]) | (((w.mean(axis=1) >= BEVEL_RUN) & rim)[:, None, :])
    k = max(1, round(INSET * grid.cell_size))
    shares[both] = (w & ~bevel & far & near)[:, k:size - k, k:size - k].mean(axis=(1, 2))
    return shares


def hued_dark(pixels: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Which of ``pixels`` (uint8 RGB, ... x 3; ``lo``, ``hi``: each one's least and greatest
    channel) are a dark of a hue: luminance under HUED_DARK, channels over GREY apart. The one rule
    for :func:`_white_and_hued`'s board and :func:`pointer_edges`' cells (the luminance exact, by
    LUMA: no rounding to tell them apart at the threshold)."""
    # (OpenCV's transform: a matrix product by BLAS is slowed many times where other work holds the cores)
    lum = cv2.transform(pixels.reshape(-1, pixels.shape[-2], 3).astype(np.float32), LUMA[None, :])
    lum = lum.reshape(pixels.shape[:-1])
    return (lum < HUED_DARK * 1000) & (hi - lo > GREY)


def _spread_out(mask: np.ndarray, d: int, axis: int) -> np.ndarray:
    """``mask`` (N x size x size) grown by ``d`` pixels both ways along ``axis`` (1: rows, 2: columns)."""
    out = mask.copy()
    size = mask.shape[axis]
    for k in range(1, d + 1):
        ahead, behind = [slice(None)] * 3, [slice(None)] * 3
        ahead[axis], behind[axis] = slice(k, size), slice(0, size - k)
        out[tuple(ahead)] |= mask[tuple(behind)]
        out[tuple(behind)] |= mask[tuple(ahead)]
    return out
