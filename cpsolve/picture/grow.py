"""Growing a found lattice over cells of the board that its edges missed (after :mod:`.grid`).

* :func:`grown_over_faint_cells`: a lattice found on strong edges may be the covered part of a
  board whose other cells are parted by faint lines (KMines).
* :func:`grown_over_checkerboard`: a board whose covered cells are a checkerboard of two shades a
  few levels apart, blurred by display scaling (Google's at 2x: steps of 2-4 levels a pixel, below
  every edge threshold), shows no lattice over its covered area; the rows and columns beside the
  lattice whose plain cells carry on its checkerboard are the board's too.
* :func:`grown_over_flat_cells`: a skin that draws no lines between its revealed cells shows a
  lattice only on its raised tiles; it goes on over the flat revealed colour to the tiles beyond.
* :func:`digits_beside`: where a lattice, grown or not, still ends at an opening's digits, it is a
  part of the board: the reader refuses it rather than read it as the whole.
"""

from __future__ import annotations

import numpy as np

from .colours import _mode_colours, channel_max, crops
from .grid import LINED, Grid, edge_maps, lined_cells, on_picture, settle
from .skins import Skin
from .textrun import runs_across


def grown_over_faint_cells(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid | None:
    """``grid`` (found on strong edges), grown over the cells beside it that faint edges (a colour
    step of ``threshold``) line, or None where it does not settle.

    A skin whose revealed cells are parted by faint lines (KMines: a step of 12) shows only its
    covered cells on strong edges: the lattice found there is part of the board, its pitch measured
    on a few tiles' frames. So the row or column of lattice cells just outside each side is looked
    at on faint edges (in a strip along that side only: cheap); where one is lined over half its
    length the board goes on, and the lattice is settled again on the faint edges of the picture.
    The settled lattice must take in each such side's cells: one that grew elsewhere, on a pitch
    drifted off them (a dark skin's faint gaps in a JPEG: 2x4 tiles, lined above, settled as 2x5
    at 19.1 px of 20, read as the whole board), has not found the board's extent (None)."""
    lined = [side for side in "tblr" if lined_beside(rgb, grid, side, threshold) >= 0.5]
    if not lined:
        return grid
    grown = settle(edge_maps(rgb, threshold), grid)
    if grown is None or grown.rows * grown.cols <= grid.rows * grid.cols:
        return None
    if not all(_past(grown, grid, side) for side in lined):
        return None
    return grown


def _past(grown: Grid, grid: Grid, side: str) -> bool:
    """Whether ``grown`` reaches over half a cell past ``grid``'s ``side``."""
    half_x, half_y = grid.pitch_x / 2, grid.pitch_y / 2
    if side == "t":
        return grown.y0 < grid.y0 - half_y
    if side == "l":
        return grown.x0 < grid.x0 - half_x
    if side == "b":
        return grown.y0 + grown.rows * grown.pitch_y > grid.y0 + grid.rows * grid.pitch_y + half_y
    return grown.x0 + grown.cols * grown.pitch_x > grid.x0 + grid.cols * grid.pitch_x + half_x


def lined_beside(rgb: np.ndarray, grid: Grid, side: str, threshold: int) -> float:
    """The fraction of lined lattice cells, on edges of ``threshold``, in the row (side "t" or "b")
    or column ("l", "r") just outside the grid; 0 where that is outside the picture."""
    height, width = rgb.shape[:2]
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        y = grid.y0 - py if side == "t" else grid.y0 + grid.rows * py
        ys = np.array([y, y + py])
        xs = grid.x0 + px * np.arange(grid.cols + 1)
    else:
        x = grid.x0 - px if side == "l" else grid.x0 + grid.cols * px
        xs = np.array([x, x + px])
        ys = grid.y0 + py * np.arange(grid.rows + 1)
    if not (on_picture(xs, width, px).all() and on_picture(ys, height, py).all()):
        return 0.0
    m = int(0.3 * grid.cell_size) + 2  # room for the lines' widening (lined_cells) and the diffs
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    faint = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)
    return float((lined_cells(faint, xs - x_lo, ys - y_lo, grid.cell_size) >= LINED).mean())


#: a cell's tile carries on the checkerboard when its colour (the most common one of its middle) is
#: within SAME_SHADE levels (each channel) of some cell of the grid on the same squares (the parity
#: of row + column), and at least OTHER_SHADE from every cell of the grid on the other squares
SAME_SHADE, OTHER_SHADE = 4.0, 3.0
#: a board is grown at most this many rows or columns a side
MAX_GROWTH = 100


def grown_over_checkerboard(rgb: np.ndarray, grid: Grid, threshold: int) -> Grid:
    """``grid`` grown over the rows and columns just outside it whose every cell is lined on faint
    edges (a colour step of ``threshold``) or carries on the grid's checkerboard, at least one of
    them the latter; ``grid`` itself where none is.

    The checkerboard is the grid's own: a cell beside it is on it when its tile colour is that of
    cells of the grid on its squares (row + column even or odd) and unlike every cell on the other
    squares. A plain surround (a page, a frame) is one colour on both squares, so it never passes,
    nor does one board's lattice continued over another picture's: only the run of such rows and
    columns up to the first that is not one, or the picture's edge, is grown."""
    shades: tuple[np.ndarray, np.ndarray] | None = None
    for _ in range(4 * MAX_GROWTH):
        for side in "rlbt":
            strip = _strip(grid, side)
            if not _inside(rgb, strip):
                continue
            tile = _tile_colours(rgb, strip)
            if not _alternates(tile):
                continue  # (cheap: no checkerboard along the strip, the grid's colours are not needed)
            if shades is None:
                own = _tile_colours(rgb, grid)
                parity = (np.add.outer(np.arange(grid.rows), np.arange(grid.cols)) % 2).ravel()
                shades = (own.reshape(-1, 3)[parity == 0], own.reshape(-1, 3)[parity == 1])
            r0, c0 = {"r": (0, grid.cols), "l": (0, -1), "b": (grid.rows, 0), "t": (-1, 0)}[side]
            par = (np.add.outer(r0 + np.arange(strip.rows), c0 + np.arange(strip.cols)) % 2).ravel()
            checker = np.array([_on_squares(c, shades[q], shades[1 - q]) for c, q in zip(tile.reshape(-1, 3), par)])
            lined = _lined_strip(rgb, strip, threshold).ravel() >= LINED
            if checker.any() and (checker | lined).all():
                grid = _joined(grid, side)
                break
        else:
            return grid
    return grid


def _strip(grid: Grid, side: str) -> Grid:
    """The row ("t", "b") or column ("l", "r") of lattice cells just outside ``grid``."""
    px, py = grid.pitch_x, grid.pitch_y
    if side in "tb":
        return Grid(grid.x0, grid.y0 - py if side == "t" else grid.y0 + grid.rows * py, px, py, grid.cols, 1)
    return Grid(grid.x0 - px if side == "l" else grid.x0 + grid.cols * px, grid.y0, px, py, 1, grid.rows)


def _joined(grid: Grid, side: str) -> Grid:
    s = _strip(grid, side)
    rows, cols = grid.rows + (side in "tb"), grid.cols + (side in "lr")
    return Grid(min(grid.x0, s.x0), min(grid.y0, s.y0), grid.pitch_x, grid.pitch_y, cols, rows, grid.score)


def _inside(rgb: np.ndarray, g: Grid) -> bool:
    height, width = rgb.shape[:2]
    xs, ys = g.xs(), g.ys()
    return bool(on_picture(xs, width, g.pitch_x).all() and on_picture(ys, height, g.pitch_y).all())


def _tile_colours(rgb: np.ndarray, g: Grid) -> np.ndarray:
    """Per cell (rows x cols x 3), the most common colour of its middle (inside a tenth of its side)."""
    cells = crops(rgb, g)
    size = cells.shape[2]
    k = max(1, round(0.1 * size))
    middle = cells[:, :, k:size - k, k:size - k].reshape(g.rows * g.cols, -1, 3)
    return _mode_colours(middle).reshape(g.rows, g.cols, 3)


def _alternates(tile: np.ndarray) -> bool:
    """Whether some three cells in a row along a strip go shade, other shade, the first shade again."""
    t = tile.reshape(-1, 3)
    if len(t) < 3:
        return False
    step = np.abs(t[1:] - t[:-1]).max(axis=1)
    back = np.abs(t[2:] - t[:-2]).max(axis=1)
    return bool(((step[:-1] >= OTHER_SHADE) & (step[1:] >= OTHER_SHADE) & (back <= SAME_SHADE)).any())


def _on_squares(colour: np.ndarray, same: np.ndarray, other: np.ndarray) -> bool:
    if len(same) == 0:
        return False
    near_same = np.abs(same - colour).max(axis=1).min() <= SAME_SHADE
    near_other = len(other) and np.abs(other - colour).max(axis=1).min() < OTHER_SHADE
    return bool(near_same and not near_other)


def _lined_strip(rgb: np.ndarray, strip: Grid, threshold: int) -> np.ndarray:
    """Per cell of ``strip``, how much of its sides carry an edge of ``threshold`` (in a window
    around the strip only)."""
    height, width = rgb.shape[:2]
    xs, ys = strip.xs(), strip.ys()
    m = int(0.3 * strip.cell_size) + 2
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    faint = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)
    return lined_cells(faint, xs - x_lo, ys - y_lo, strip.cell_size)


#: two neighbouring cells of one tile colour are parted by no line where, along the middle of
#: their common side, PLAIN_SIDE of the points have every pixel within PLAIN_NEAR levels of it
#: (LINE_HALF pixels either side of the boundary); LINELESS such sides between two marked cells
#: (digits) make a skin without lines (KMines' faint lines are 12 levels)
PLAIN_SIDE, PLAIN_NEAR, LINE_HALF, LINELESS = 0.8, 6.0, 2, 2
#: a flat cell is of the board's revealed colour within FLAT_NEAR levels (each channel); blank when
#: under FLAT_INK of its middle is further than 40 levels from that colour; marked (a digit) when
#: MARKED of its central half is
FLAT_NEAR, FLAT_INK, MARKED = 10.0, 0.01, 0.05


def grown_over_flat_cells(rgb: np.ndarray, grid: Grid, strong: int) -> Grid | None:
    """``grid`` grown over the rows and columns beside it whose every cell is a tile lined on four
    sides (on edges of ``strong``) or a flat cell of the board's revealed colour, blank or marked in
    its middle, where the skin draws no lines between its revealed cells; ``grid`` itself where it
    does; None where the board's edge cannot be told.

    Only the raised tiles of such a skin make edges (CaptainBoulbi's raylib game: flat grey
    revealed cells, not a line between them), so the lattice found is a block of tiles, part of the
    board; the board goes on over the revealed colour, and tiles further on lie on the same lattice.
    That the skin draws no lines shows in the grid: neighbouring digits on one colour with not a
    line between them (so a lattice found on a block of tiles alone is not grown: the cells round
    it show it too, but so does a counter panel round a lined board). The
    growth stops at the picture's edge or at a row or column holding anything else (a header, a
    frame's line along a cell's side). A grown side whose outermost row or column is blank (the
    revealed colour and nothing on it) could be a panel of that colour beside the board: no board
    (None) rather than a guessed edge."""
    revealed = _lineless_colour(rgb, grid)
    if revealed is None:
        return grid
    # the tiles' own colours (a tile on the picture's edge has a side there that makes no edge)
    own = _tile_colours(rgb, grid).reshape(-1, 3)
    faces = own[np.abs(own - revealed).max(axis=1) > FLAT_NEAR]
    grown: set[str] = set()
    for _ in range(4 * MAX_GROWTH):
        for side in "rlbt":
            strip = _strip(grid, side)
            if not _inside(rgb, strip):
                continue
            if _of_board(rgb, strip, revealed, faces, strong).all():
                grid = _joined(grid, side)
                grown.add(side)
                break
        else:
            break
    for side in grown:
        # the grid's own outermost row or column on that side
        px, py = grid.pitch_x, grid.pitch_y
        x = grid.x0 + (grid.cols - 1) * px if side == "r" else grid.x0
        y = grid.y0 + (grid.rows - 1) * py if side == "b" else grid.y0
        outer = Grid(x, y, px, py, 1, grid.rows) if side in "lr" else Grid(x, y, px, py, grid.cols, 1)
        if _of_board(rgb, outer, revealed, faces, strong, blank=True).all():
            return None
    return grid


def _of_board(rgb: np.ndarray, g: Grid, revealed: np.ndarray, faces: np.ndarray, strong: int, *,
              blank: bool = False) -> np.ndarray:
    """Per cell of ``g`` (row-major): a tile lined on four sides on edges of ``strong`` (or on half
    of them with a face of one of the grid's tiles' colours ``faces``: on the picture's edge), or a
    flat cell of the ``revealed`` colour, blank or marked in its middle (a line along its side, a
    frame's, is neither); with ``blank``, a flat cell of that colour with nothing on it."""
    tile_colour, ink, central = _flat_cells(rgb, g, revealed)
    near = np.abs(tile_colour - revealed).max(axis=1) <= FLAT_NEAR
    lined = _lined_strip(rgb, g, strong).ravel()
    face = (np.abs(tile_colour[:, None, :] - faces[None, :, :]).max(axis=2) <= FLAT_NEAR).any(axis=1)
    tile = (lined >= LINED) | ((lined >= 0.5) & face)
    if blank:
        return near & (ink < FLAT_INK) & ~tile
    # (a title bar's text over flat cells: its letters run across their sides)
    text = runs_across(rgb, g, np.broadcast_to(revealed, tile_colour.shape), near[:-1] & near[1:])
    return tile | (near & ((ink < FLAT_INK) | (central >= MARKED)) & ~text)


def _flat_cells(rgb: np.ndarray, g: Grid, colour: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per cell of ``g`` (row-major): its tile colour, and the share of its middle (inside a tenth of
    its side) and of its central half further than 40 levels from ``colour`` (one, or one a cell)."""
    cells = crops(rgb, g)
    size = cells.shape[2]
    k, q = max(1, round(0.1 * size)), size // 4
    ref = colour.reshape(g.rows, g.cols, 1, 1, 3) if colour.ndim == 2 else colour
    far = np.abs(cells - ref).max(axis=4) > 40
    ink = far[:, :, k:size - k, k:size - k].reshape(g.rows * g.cols, -1).mean(axis=1)
    central = far[:, :, q:size - q, q:size - q].reshape(g.rows * g.cols, -1).mean(axis=1)
    return _tile_colours(rgb, g).reshape(-1, 3), ink, central


def _lineless_colour(rgb: np.ndarray, grid: Grid) -> np.ndarray | None:
    """The tile colour of the grid's neighbouring cells, both marked in their middle (digits), of
    one colour and parted by no line (the pixels along the middle of their common side all within
    PLAIN_NEAR levels of one another), where at least LINELESS such pairs are; else None. (The sides
    first, from a few pixels each: a lined board stops there, before any cell is cropped.)"""
    height, width = rgb.shape[:2]
    xs, ys = grid.xs(), grid.ys()
    t = np.linspace(0.2, 0.8, 8)
    d = np.arange(-LINE_HALF, LINE_HALF + 1)
    sides = []
    for horizontal in (False, True):
        along, across = (xs, ys) if horizontal else (ys, xs)
        if len(across) < 3:
            continue
        at = np.round(across[1:-1]).astype(int)                     # the inner boundaries
        pts = (along[:-1, None] + np.outer(np.diff(along), t)).round().astype(int)  # cells x 8 along
        if horizontal:   # boundaries between rows: pixels rgb[at + d, pts]
            yy = np.clip(at[:, None, None, None] + d[None, None, None, :], 0, height - 1)
            xx = np.clip(pts[None, :, :, None], 0, width - 1)
        else:            # boundaries between columns: rgb[pts, at + d]
            yy = np.clip(pts[None, :, :, None], 0, height - 1)
            xx = np.clip(at[:, None, None, None] + d[None, None, None, :], 0, width - 1)
        px = rgb[yy, xx].astype(np.float32)                         # boundaries x cells x 8 x (2h+1) x 3
        spread = channel_max(px.max(axis=3) - px.min(axis=3))       # boundaries x cells x 8
        plain = (spread <= PLAIN_NEAR).mean(axis=2) >= PLAIN_SIDE
        for b, c in zip(*np.nonzero(plain)):
            first = (b, c) if horizontal else (c, b)
            second = (b + 1, c) if horizontal else (c, b + 1)
            sides.append((first, second, px[b, c].reshape(-1, 3).mean(axis=0)))
    if len(sides) < LINELESS:
        return None
    colours = _tile_colours(rgb, grid)
    marked = (_flat_cells(rgb, grid, colours.reshape(-1, 3))[2] >= MARKED).reshape(grid.rows, grid.cols)
    found = [colour for first, second, colour in sides if marked[first] and marked[second]
             and max(np.abs(colours[first] - colour).max(), np.abs(colours[second] - colour).max()) <= FLAT_NEAR]
    if len(found) < LINELESS:
        return None
    return np.median(np.array(found), axis=0)


#: a side's strip goes on with the board where at least OPENING of its cells continue the opening
#: and no more than STRIP_UNSURE of its marked cells read unsurely (as a board may: a digit in a colour no skin
#: knows, JMines' olive 3s; a digit unsure on its revealed neighbour's tile is none: a dark JPEG's faint 1s)
OPENING, STRIP_UNSURE = 2, 0.25
#: a digit beside the lattice continues the opening where its tile's colour is within SAME_TILE
#: (each channel) of the revealed cell of the lattice beside it ...
SAME_TILE = 12.0
#: ... and its mark lies inside its cell, clear of each side by INSET of the cell (a frame's line
#: along the board runs the cell's whole length: minesweeper.online's read as a column of 1s),
#: where its mark runs along ALONG of that side or more
INSET, ALONG = 0.1, 0.5


def digits_beside(rgb: np.ndarray, grid: Grid, skin: Skin, values: list[str], confidence: list[float],
                  backgrounds: np.ndarray) -> list[str]:
    """The sides ("t", "b", "l", "r") of ``grid`` (read as ``values``, ``confidence``, the cells'
    ``backgrounds``) whose row or column just outside continues the board's opening: digits read
    surely there, beside covered cells or revealed ones of their tile's colour.

    A skin whose revealed cells are flat with no lines between them (qminesweeper, JMines) shows
    lattice edges only around its covered tiles: where the covered ones do not fill whole rows or
    columns up to the board's edge, the lattice found ends inside the board, at an opening's
    digits. A frame, a panel or a page beside a board carries no digits centred on the lattice's
    cells (a frame's line runs a cell's whole length; a status line's letters read unsure), so
    digits there mean the lattice is a part of the board, never to be read as the whole. The strip
    is read with the board (measured and told as one board with it), only where it shows marks
    clear of its cells' sides (cheap, on the strip alone)."""
    from .cells import SURE, classify_board, measure  # (cells reads the grid module too)

    found = []
    for side in "tblr":
        strip = _strip(grid, side)
        if not _inside(rgb, strip):
            continue
        if side in "tb":
            edge = [(0 if side == "t" else grid.rows - 1) * grid.cols + c for c in range(grid.cols)]
        else:
            edge = [r * grid.cols + (0 if side == "l" else grid.cols - 1) for r in range(grid.rows)]
        tile = _tile_colours(rgb, strip).reshape(-1, 3)
        cells = crops(rgb, strip).reshape(len(edge), -1, 3)
        # (cheap, on the strip alone) marks clear of their cells' sides, each beside a cell read
        # surely: covered (an opening's digits border covered tiles), or revealed on the same tile
        clear = _clear_of_sides(cells, tile)
        # (a title bar's icon and name over flat cells of the revealed colour: its marks run across
        # the cells' sides, where an opening's digits keep to their cells)
        plain = np.abs(tile[1:] - tile[:-1]).max(axis=1) <= SAME_TILE
        clear &= ~runs_across(rgb, strip, tile, plain)
        maybe = [k for k, i in enumerate(edge) if confidence[i] >= SURE and clear[k]
                 and (values[i] not in "012345678" or np.abs(tile[k] - backgrounds[i]).max() <= SAME_TILE)]
        if len(maybe) < OPENING:
            continue
        joined = _joined(grid, side)
        ring_values, ring_conf, _ = classify_board(measure(rgb, joined), skin, joined.cell_size)
        if side in "tb":
            ring = [(0 if side == "t" else grid.rows) * joined.cols + c for c in range(grid.cols)]
        else:
            ring = [r * joined.cols + (0 if side == "l" else grid.cols) for r in range(grid.rows)]
        # (a status line's text beside the board: letters, no cells; its marks read unsure. Only
        # the marked cells count: a blank cell read unsurely, a tile of a colour the board does not
        # show surely, is no letter; nor is a digit read unsurely on the very tile of the revealed
        # cell beside it, the opening going on in the board's own colours: a dark JPEG's faint 1s)
        opening = [values[i] in "012345678" and confidence[i] >= SURE
                   and np.abs(tile[k] - backgrounds[i]).max() <= SAME_TILE for k, i in enumerate(edge)]
        letters = [k for k in range(len(ring)) if clear[k] and ring_conf[ring[k]] < SURE
                   and not (ring_values[ring[k]] in "12345678" and opening[k])]
        if len(letters) > STRIP_UNSURE * int(clear.sum()):
            continue
        if sum(ring_values[ring[k]] in "12345678" and ring_conf[ring[k]] >= SURE for k in maybe) >= OPENING:
            found.append(side)
    return found


def _clear_of_sides(cells: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """Per cell (``cells``: n x size*size x 3, on tiles ``bg``: n x 3), whether its mark (its pixels
    60 levels from its tile) lies clear of every side of the cell: no mark within :data:`INSET` of a
    side along :data:`ALONG` of its length."""
    n = len(cells)
    size = int(round(cells.shape[1] ** 0.5))
    mark = (channel_max(np.abs(cells - bg[:, None, :])) > 60).reshape(n, size, size)
    k = max(1, round(INSET * size))
    inner = mark[:, k:size - k, k:size - k].any(axis=(1, 2))
    # (per side, the band's columns or rows holding mark: a line along the side runs along most of
    # it, a line across the cell reaches both opposite sides; a digit's foot reaching into one
    # band, on a lattice a pixel off, is neither)
    along = np.stack([mark[:, :k].any(axis=1).sum(axis=1), mark[:, size - k:].any(axis=1).sum(axis=1),
                      mark[:, :, :k].any(axis=2).sum(axis=1), mark[:, :, size - k:].any(axis=2).sum(axis=1)])
    touched = along > 0
    sides = ((along >= ALONG * size).any(axis=0) | (touched[0] & touched[1]) | (touched[2] & touched[3]))
    return np.asarray(inner & ~sides)
#: a cell-sized square just outside the lattice whose middle is this much of a covered tile's
#: colour (within COVERED_NEAR levels, each channel) is a covered cell of the board
COVERED_SHARE, COVERED_NEAR = 0.9, 12


def covered_beyond(rgb: np.ndarray, grid: Grid, colours: np.ndarray) -> str | None:
    """The side ("top", "bottom", "left", "right") of ``grid`` beyond which the board goes on: a
    cell just outside it whose middle (inside 15% of its side) is nearly all of one of the flat
    covered tiles' ``colours`` (K x 3); None where no such cell lies on the picture. A flat skin
    may draw no line between covered cells (one flat area): a row of them gives no edge, so the
    lattice may stop there, a part of the board."""
    height, width = rgb.shape[:2]
    size = int(min(grid.pitch_x, grid.pitch_y))
    k = max(1, round(0.15 * size))
    xs, ys = grid.xs(), grid.ys()
    bands = {"top": [(x, ys[0] - grid.pitch_y) for x in xs[:-1]], "bottom": [(x, ys[-1]) for x in xs[:-1]],
             "left": [(xs[0] - grid.pitch_x, y) for y in ys[:-1]], "right": [(xs[-1], y) for y in ys[:-1]]}
    ref = colours.astype(np.int16)
    for side, corners in bands.items():
        for x, y in corners:
            x0, y0 = int(round(x)) + k, int(round(y)) + k
            x1, y1 = int(round(x)) + size - k, int(round(y)) + size - k
            if x0 < 0 or y0 < 0 or x1 > width or y1 > height or x1 <= x0 or y1 <= y0:
                continue
            middle = rgb[y0:y1, x0:x1].astype(np.int16).reshape(-1, 1, 3)
            near = (np.abs(middle - ref[None, :, :]).max(axis=2) <= COVERED_NEAR).any(axis=1)
            if near.mean() >= COVERED_SHARE:
                return side
    return None


#: a side of a cell is lined where LINED_SHARE of the pixels along it (either of its two outermost
#: rows or columns) are COVERED_NEAR levels or more from the cell's tile colour
LINED_SHARE = 0.8


def lined_tiles(rgb: np.ndarray, grid: Grid, cells: list[int]) -> bool:
    """Whether most of ``cells`` (row-major indices of ``grid``) show a line along a side of theirs:
    tiles drawn apart, so that a flat area beside the lattice is no more of them."""
    from .cells import crops  # (cells reads the grid module too)

    every = crops(rgb, grid)
    px = every.reshape(grid.rows * grid.cols, *every.shape[2:])[cells]
    size = px.shape[1]
    inner = px[:, size // 4:size - size // 4, size // 4:size - size // 4].reshape(len(cells), -1, 3)
    tile = np.median(inner, axis=1)[:, None, :]
    bands = [px[:, 0], px[:, 1], px[:, -1], px[:, -2], px[:, :, 0], px[:, :, 1], px[:, :, -1], px[:, :, -2]]
    off = np.stack([(np.abs(b[:, 2:-2] - tile).max(axis=2) > COVERED_NEAR).mean(axis=1) for b in bands])
    return bool(((off >= LINED_SHARE).any(axis=0)).mean() > 0.5)


#: a lined cell beside the lattice whose pixels lie within TWIN levels (mean, each channel) of a
#: lined cell of the lattice's in its row or column is a tile of the board (GTK's buttons scaled:
#: 1.9 at most; a panel beside a board, ruled along the lattice's edge, 6.6 at least)
TWIN = 3.0


def tiles_beside(rgb: np.ndarray, grid: Grid, threshold: int) -> list[str]:
    """The sides ("t", "b", "l", "r") of ``grid`` where a cell just outside it is lined on edges of
    ``threshold`` (three of its sides) and, pixel for pixel, a twin of a lined cell of the grid in
    its row (side "l", "r") or column ("t", "b"): the board's tiles go on past the lattice.

    A lattice is found as a rectangle of lined cells: where the covered tiles of a skin that draws
    no lines between its revealed cells (GTK's buttons over a flat opening) fill one row further
    than the rest, the lattice ends at the rest, inside the board, and that row's tiles beyond it
    are the very tiles of the lattice's row. A frame, a panel or a page beside a board is no
    lattice cell's twin (a panel ruled along the board's edge is lined on one side only)."""
    found = []
    for side in "tblr":
        strip = _strip(grid, side)
        if not _inside(rgb, strip):
            continue
        lined = _lined(rgb, strip, threshold) >= LINED
        if not lined.any():
            continue  # (cheap: no lined cell beside, the grid's cells are not needed)
        joined = _joined(grid, side)
        own = _lined(rgb, joined, threshold).reshape(joined.rows, joined.cols) >= LINED
        tiles = crops(rgb, joined)
        if side in "tb":
            own, tiles = own.T, tiles.transpose(1, 0, 2, 3, 4)  # (lines of cells across the side)
        beside = 0 if side in "tl" else -1
        inner = slice(1, None) if side in "tl" else slice(0, -1)
        for k in np.flatnonzero(lined):
            mates = tiles[k, inner][own[k, inner]]
            if len(mates) and float(np.abs(mates - tiles[k, beside]).mean(axis=(1, 2, 3)).min()) <= TWIN:
                found.append(side)
                break
    return found


def _lined(rgb: np.ndarray, g: Grid, threshold: int) -> np.ndarray:
    """Per cell of ``g`` (row-major), the fraction of its sides lined on edges of ``threshold`` (in
    a strip round ``g`` only)."""
    height, width = rgb.shape[:2]
    xs, ys = g.xs(), g.ys()
    m = int(0.3 * g.cell_size) + 2  # room for the lines' widening (lined_cells) and the diffs
    x_lo, x_hi = max(0, int(xs[0]) - m), min(width, int(xs[-1]) + m)
    y_lo, y_hi = max(0, int(ys[0]) - m), min(height, int(ys[-1]) + m)
    faint = edge_maps(rgb[y_lo:y_hi, x_lo:x_hi], threshold)
    return lined_cells(faint, xs - x_lo, ys - y_lo, g.cell_size).ravel()
