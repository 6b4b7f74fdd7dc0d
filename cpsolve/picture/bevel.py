"""A cell's bevel: how much lighter its top and left sides are than its bottom and right ones.

A raised, covered tile is lit along its top and left and shaded along its bottom and right; a
flat, revealed one is not. The sides are measured in strips just inside the tile: by default the
cell's crop less its outermost pixel (the lattice may be half a pixel off, and a neighbour's grid
line must not pass for this cell's shadow).

Some skins draw their tiles as buttons with a gap round each, of the surface they sit on (the
window's colour, which is also round the board): a tkinter or WinForms clone. The crop then holds
that gap along some of its sides, a light one (tkinter's #f0f0f0) beside the shadow, which the
strips take in: the covered buttons measured flat. Where nearly every cell's crop has rows (columns)
of the surround's colour along a side (:func:`gap_margins`), the strips are taken on the tile's own
box inside them; where the gap lies all on one side of the crops (the lattice on the gap's side,
:func:`centring`), the crops are moved onto the tiles first. A button whose box is edged all round
by one light rim (a WinForms button's white border: as light at the bottom and right as at the top
and left) is measured inside the rim too. On such boards a line along a side of the cell's middle
is a button's bevel (a WinForms one reaches a fifth of the cell in), no mark (:func:`off_sides`).
"""

from __future__ import annotations

import numpy as np

from .colours import _lum, _saturation
from .lightlines import light_line_boxes

#: a pixel within this many levels (each channel) of the surround's colour is of the gap
GAP_NEAR = 16
#: a row of the crop is of the gap where this share of its middle is, in this share of the cells
GAP_ROW, GAP_CELLS = 0.85, 0.9
#: a gap: this many rows (columns) outside the tile on some side
GAP_ROWS = 3
#: a rim: the four sides' outer strips within this many levels of each other, and this much lighter
#: than the tile's face
RIM_ALIKE, RIM_LIGHT = 12.0, 40.0
#: a side this much coloured (of its strip's pixels) is coloured all along
SIDE_COLOURED = 0.9
#: ... in a deeper shade of its tile's hue: their tints (channels less their mean) this alike (cosine:
#: within about 20 degrees), on a tile whose channels lie this far apart at least (no grey)
SHADE_HUE, TINTED = 0.94, 30.0
#: ... but not where this share of the cells is so alike (the grid's line)
EVERY_CELL = 0.97


def surround_colour(rgb: np.ndarray, grid_box: tuple[int, int, int, int], p: float) -> np.ndarray | None:
    """The most common colour (bins of 8 levels) of the band from a tenth to four tenths of a cell
    outside the board, on the sides the picture has; None where there is none."""
    x0, y0, w, h = grid_box
    height, width = rgb.shape[:2]
    m1, m2 = max(1, round(0.1 * p)), max(2, round(0.4 * p))
    parts = [rgb[max(0, y0 - m2):max(0, y0 - m1), max(0, x0):x0 + w],
             rgb[y0 + h + m1:min(height, y0 + h + m2), max(0, x0):x0 + w],
             rgb[max(0, y0):y0 + h, max(0, x0 - m2):max(0, x0 - m1)],
             rgb[max(0, y0):y0 + h, x0 + w + m1:min(width, x0 + w + m2)]]
    ring = np.concatenate([part.reshape(-1, 3) for part in parts])
    if len(ring) == 0:
        return None
    q = ring.astype(np.int32) >> 3
    key = (q[:, 0] << 10) | (q[:, 1] << 5) | q[:, 2]
    values, counts = np.unique(key, return_counts=True)
    return np.asarray(ring[key == values[counts.argmax()]].mean(axis=0), np.float64)


def _off(a: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """How far each pixel of ``a`` (... x 3) is from ``colour``: its largest channel difference (by
    slices: a reduction over 3 channels is far slower)."""
    c = colour.astype(np.float32)
    return np.maximum(np.maximum(np.abs(a[..., 0] - c[0]), np.abs(a[..., 1] - c[1])), np.abs(a[..., 2] - c[2]))


#: a page this dark (luminance) may frame its tiles in an outline darker still: a pixel no lighter
#: than the page (luminance, within OUTLINE_NEAR) is the outline's, or its blend with the page, outside
#: the tile as the page is (Microsoft Minesweeper's black outlines)
DARK_PAGE, OUTLINE_NEAR = 110.0, 4.0


def _gap_pixels(a: np.ndarray, surround: np.ndarray) -> np.ndarray:
    """Which pixels of ``a`` (... x 3) are of the gap: of the surround's colour (GAP_NEAR), or on a
    dark page (DARK_PAGE) of a dark outline round the tiles. A tile's outline is no part of it: in
    its crop it is a pointer's dark pixels along the sides, and a shadow to the bevel."""
    near = _off(a, surround) <= GAP_NEAR
    page = float(_lum(surround))
    if page > DARK_PAGE:
        return near
    return np.asarray(near | (_lum(a) <= page + OUTLINE_NEAR))


def gap_margins(flat: np.ndarray, face: np.ndarray, surround: np.ndarray | None, p: float
                ) -> tuple[int, int, int, int] | None:
    """Where the tiles (flat: N x size x size x 3, their colours ``face``, N x 3) are parted by a gap
    of the surround's colour, the number of the crops' rows (columns) outside the tiles on each
    side, (top, bottom, left, right); else None.

    A row of the gap is of the surround's colour (GAP_NEAR) along most of its middle (GAP_ROW) in
    nearly every cell (GAP_CELLS). On each side, the run of them from the crop's second row in (its
    outermost may be the neighbour's edge) is outside the tile, with that outermost row where the
    run is not empty. A gap is GAP_ROWS or more rows so on some side (a grid line of that colour
    is one or two), none reaching a fifth of the cell in (a board of that colour throughout), on a
    board most of whose cells' own colour (the most common) is another."""
    size = flat.shape[1]
    if surround is None or len(flat) == 0:
        return None
    depth = max(2, round(0.2 * p))
    a, b = round(0.15 * size), size - round(0.15 * size)
    # (first the two rows and columns inside the outermost on each side: a gap has both on one)
    inside = np.array([1, 2, size - 3, size - 2])
    rows = _gap_pixels(flat[:, inside, a:b], surround).mean(axis=2) >= GAP_ROW
    cols = _gap_pixels(flat[:, a:b, inside], surround).mean(axis=1) >= GAP_ROW
    if not any((near.mean(axis=0) >= GAP_CELLS).reshape(2, 2).all(axis=1).any() for near in (rows, cols)):
        return None
    # (a gap is no tile's face: the classic skin's grey round the board is its tiles' too, and a
    # row of their face beside a bevel would pass for one)
    if (_off(face, surround) > GAP_NEAR).mean() < 0.5:
        return None
    bands = np.r_[0:depth + 1, size - depth - 1:size]
    near_rows = _gap_pixels(flat[:, bands, a:b], surround).mean(axis=2) >= GAP_ROW
    near_cols = _gap_pixels(flat[:, a:b, bands], surround).mean(axis=1) >= GAP_ROW
    margins = []
    dark = float(_lum(surround)) <= DARK_PAGE
    for near in (near_rows, near_cols):
        gap = near.mean(axis=0) >= GAP_CELLS
        for side in (gap[:depth + 1], gap[depth + 1:][::-1]):
            # (on a dark page the tiles' outlines and shadows blur into the next tile's edge, two
            # rows of the crop where the lattice is a pixel off from cell to cell)
            k = start = 2 if dark and not side[1] and side[2] else 1
            while k <= depth and side[k]:
                k += 1
            if k > depth:
                return None  # (of that colour a fifth of the cell in: no gap)
            margins.append(k if k > start else int(side[0]))
    if max(margins) < GAP_ROWS:
        return None
    return margins[0], margins[1], margins[2], margins[3]


def outline_lines(flat: np.ndarray, surround: np.ndarray | None, p: float) -> np.ndarray:
    """Per crop (flat: N x size x size x 3), the pixels of its own lines of the gap on a dark page
    (DARK_PAGE): each row (column) within a fifth of the cell from a side that is of the gap along
    most of its middle (GAP_ROW) in that crop, with the next one inward (the pixel blending the
    outline into the tile, where the picture was scaled). Told crop by crop, not by the board's vote
    (:func:`gap_margins`): a lattice a pixel off in its pitch puts the outline a pixel further in
    at the board's far side. The tiles' outlines there are no pointer's dark pixels. All False
    where the page is not dark, or fewer than GAP_CELLS of the crops have such a row, or such a
    column (no tiles parted by a gap)."""
    n, size = flat.shape[:2]
    lines = np.zeros((n, size, size), bool)
    if surround is None or float(_lum(surround)) > DARK_PAGE or n == 0:
        return lines
    depth = max(2, round(0.2 * p))
    a, b = round(0.15 * size), size - round(0.15 * size)
    gaps = []
    for axis in (0, 1):   # rows, then columns
        part = flat[:, :, a:b] if axis == 0 else flat[:, a:b, :].transpose(0, 2, 1, 3)
        gap = _gap_pixels(part, surround).mean(axis=2) >= GAP_ROW   # N x size: per line
        gap[:, depth:size - depth] = False
        # (tiles parted by a gap: nearly every crop has a line of it across and one down, on one
        # side or the other: a lattice a pixel off in its pitch moves it from one to the other)
        if gap.any(axis=1).mean() < GAP_CELLS:
            return lines
        gaps.append(gap)
    for axis, gap in enumerate(gaps):
        # (and the line next to each, inward: the blend)
        inward = gap.copy()
        inward[:, 1:size // 2] |= gap[:, :size // 2 - 1]
        inward[:, size // 2:size - 1] |= gap[:, size // 2 + 1:]
        lines |= inward[:, :, None] if axis == 0 else inward[:, None, :]
    return lines


#: a gap this many rows (columns) wider on one side of the crops than on the other: the lattice lies
#: on the gap's side, not its middle, and the crops are moved onto the tiles
LOPSIDED = 3


def centring(margins: tuple[int, int, int, int]) -> tuple[int, int]:
    """How far (down, right) to move the crops so that the gap round the tiles is split about
    evenly between their sides: the lattice lies on one side of the gap (the near tile's edge, the
    stronger one), so each crop holds the whole gap on that side and misses its tile's far edge."""
    top, bottom, left, right = margins
    dy = int(np.round((top - bottom) / 2)) if abs(top - bottom) >= LOPSIDED else 0
    dx = int(np.round((left - right) / 2)) if abs(left - right) >= LOPSIDED else 0
    return dy, dx


def _coloured(px: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """Which pixels (``px``: N x M x 3) are far more saturated than their tile (``bg``: N x 3): 60
    levels more."""
    return np.asarray(_saturation(px) > (bg.max(axis=1) - bg.min(axis=1) + 60)[:, None])


def side_level(part: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """Per cell, the luminance of one side of its tile (``part``: N x ... x 3, the pixels of the
    side's strip; ``bg``: N x 3, the tiles' colours): the upper (80th) percentile, so that a dark
    digit, flag or mine that reaches the side does not pass for a shadow, and pixels far more
    saturated than the tile (60 levels more: a large digit's coloured stroke, a bold 2's base)
    counting as the tile's face."""
    px = part.reshape(len(part), -1, 3)
    return np.asarray(np.percentile(np.where(_coloured(px, bg), _lum(bg)[:, None], _lum(px)), 80, axis=1))


def _drawn_bevel(flat: np.ndarray, bg: np.ndarray, strips: list[tuple[slice, slice]]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where a cell's bevel is drawn in a colour (flat: N x size x size x 3, bg its tile's colour;
    ``strips``: the top, bottom, left and right sides' strips): its bottom and right sides coloured
    all along (a row or column of the strip SIDE_COLOURED far more saturated than the tile) and
    its top and left not, or the other way round, the coloured sides in a deeper shade of the
    tile's own hue (SHADE_HUE). Returns (shaded below, shaded above, the luminance of the coloured
    pixels of the bottom and right sides, or the top and left ones). A shadow in a tinted tile's
    colour (IamBogdan's Unity clone: light cyan tiles, a cyan shadow, a white highlight on the top
    and left) is then no digit's stroke; a red tile on a grey board (the exploded mine's, framed
    on two sides) is no shade of its tile. Not where nearly every cell is so (EVERY_CELL): that is
    the grid's line, in every crop."""
    n = len(flat)
    coloured, shares = [], []
    for k, (ys, xs) in enumerate(strips):
        part = flat[:, ys, xs]
        mask = _coloured(part.reshape(n, -1, 3), bg).reshape(part.shape[:3])
        along = 2 if k < 2 else 1   # (top and bottom: the strip's rows; left and right: its columns)
        shares.append(mask.mean(axis=along).max(axis=1) >= SIDE_COLOURED)
        coloured.append((part.reshape(n, -1, 3), mask.reshape(n, -1)))
    top, bottom, left, right = shares
    tint = bg - bg.mean(axis=1, keepdims=True)

    def level(sides: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """(whether the sides' coloured pixels are a shade of the tile's hue, their luminance)"""
        px = np.concatenate([coloured[k][0] for k in sides], axis=1).astype(np.float64)
        mask = np.concatenate([coloured[k][1] for k in sides], axis=1)
        count = np.maximum(mask.sum(axis=1), 1)[:, None]
        colour = (px * mask[..., None]).sum(axis=1) / count
        c = colour - colour.mean(axis=1, keepdims=True)
        cos = (c * tint).sum(axis=1) / np.maximum(np.linalg.norm(c, axis=1) * np.linalg.norm(tint, axis=1), 1e-6)
        return np.asarray(cos >= SHADE_HUE), np.asarray(_lum(colour))

    tinted = _saturation(bg) >= TINTED
    hue_below, lum_below = level([1, 3])
    hue_above, lum_above = level([0, 2])
    below = tinted & bottom & right & ~top & ~left & hue_below
    above = tinted & top & left & ~bottom & ~right & hue_above
    if max(below.mean(), above.mean()) >= EVERY_CELL:
        # every cell so: the grid's line, seen in every crop (a lattice on the tiles' first pixels
        # puts the next line in each), no bevel
        below[:] = above[:] = False
    return below, above, np.where(below, lum_below, lum_above)


def raised_by(sides: np.ndarray) -> np.ndarray:
    """Per cell, its bevel (``sides``: 4 x N, :func:`bevel_sides`): the luminance of its top and left
    sides less that of its bottom and right ones, halved."""
    top, bottom, left, right = sides
    return np.asarray((top + left - bottom - right) / 2)


def side_lifts(sides: np.ndarray, bg: np.ndarray) -> list[tuple[float, ...]]:
    """Per cell, how far each side (``sides``: :func:`bevel_sides`' top, bottom, left and right)
    stands out as a raised tile's from the tile (``bg``: N x 3): its top and left sides' luminance
    less the tile's, the tile's less its bottom and right sides' (top, left, bottom, right)."""
    top, bottom, left, right = sides
    face = _lum(bg)
    return [tuple(row) for row in np.stack([top - face, left - face, face - bottom, face - right], axis=1).tolist()]


#: the sides that carry a board's raised look: those on which its raised tiles (the median of each
#: side's lift, :func:`side_lifts`) stand out at least this share of their most standing-out side
CARRY = 0.5
#: a raised cell shows such a side where it stands out at least this share of the board's (median)
#: there. Of the tuning pictures' covered cells read surely, the fewest shown are half the sides
#: carried, at 0.1-0.2 (win7-de's bottom alone of its bottom and right; tatham's tiles at the board's
#: right edge three of four); at 0.3 a few of win7-gif's show less
SHOWN = 0.1


def unlike_raised(lifts: np.ndarray, raised: np.ndarray) -> np.ndarray:
    """Which cells read raised (``raised``: N) stand out on fewer than half of the sides that carry
    the board's raised look (CARRY, SHOWN; ``lifts``: N x 4, :func:`side_lifts`). A board draws its
    covered tiles alike: the classic skin's lit along the top and left and shaded along the bottom
    and right, a flat skin's (vue-flat's) shaded along the right alone. A mouse pointer's black
    outline running down one side of a revealed 0 (the arrow's left side, its tip at the cell's
    right) stands out on that one side alone, by more than a whole bevel: no covered tile of a board
    whose tiles stand out on four sides."""
    out = np.zeros(len(raised), bool)
    if len(lifts) == 0 or not raised.any():
        return out
    board = np.median(lifts[raised], axis=0)
    if board.max() <= 0:
        return out
    carried = board >= CARRY * board.max()
    shown = ((lifts >= SHOWN * board) & carried).sum(axis=1)
    return np.asarray(raised & (2 * shown < carried.sum()))


def bevel_sides(flat: np.ndarray, bg: np.ndarray, p: float, margins: tuple[int, int, int, int] | None = None,
                given: dict[str, np.ndarray] | None = None, boxes: np.ndarray | None = None) -> np.ndarray:
    """Per cell (flat: N x size x size x 3, bg its background, N x 3), the luminance of its top,
    bottom, left and right sides (4 x N): on the tiles' box inside the gap's
    ``margins`` (:func:`gap_margins`) where they are parted by one, else inside the crop's outermost
    pixel. ``given``: sides measured by the caller ("top", "bottom", "left", "right": the tiles'
    outermost pixels between grid lines, :func:`.lines.on_tiles`), taken instead. ``boxes``: per crop,
    how many of its rows (columns) lie outside its tile on each side (N x 4: top, bottom, left,
    right; a thin gap's, :func:`.thingap.thin_gap_boxes`), taken for the light lines'."""
    # (one pixel inside the gap: a lattice a hundredth of a pixel off in its pitch crops some cells a
    # pixel later than others)
    box = (1, 1, 1, 1) if margins is None else (margins[0] + 1, margins[1] + 1, margins[2] + 1, margins[3] + 1)
    size = flat.shape[1]
    w = max(1, round(0.07 * p))

    def strip(ys: slice, xs: slice) -> np.ndarray:
        return side_level(flat[:, ys, xs], bg)

    def sides(t: int, bt: int, lf: int, rt: int) -> tuple[np.ndarray, ...]:
        ya, yb, xa, xb = t + w, size - bt - w, lf + w, size - rt - w
        top, left = strip(slice(t, t + w), slice(xa, xb)), strip(slice(ya, yb), slice(lf, lf + w))
        # small cells have bevels of one pixel, on the crop's first row and column (not where the
        # crops' ``boxes`` are told by a gap: the crop's first row is then the gap's, :mod:`.thingap`)
        if p < 15 and (t, lf) == (1, 1) and boxes is None and margins is None:
            top = np.maximum(top, strip(slice(0, w), slice(xa, xb)))
            left = np.maximum(left, strip(slice(ya, yb), slice(0, w)))
        bottom = strip(slice(size - bt - w, size - bt), slice(xa, xb))
        right = strip(slice(ya, yb), slice(size - rt - w, size - rt))
        return top, bottom, left, right

    top, bottom, left, right = sides(*box)
    lined = boxes if boxes is not None else light_line_boxes(flat, bg, p) if margins is None and not given else None
    if lined is not None:
        # a light line along the crops' sides, of every tile alike: the sides inside it
        # (:mod:`.lightlines`), crop by crop
        for key in {tuple(int(v) for v in row) for row in lined}:
            at = (lined == np.array(key)).all(axis=1)
            for arr, new in zip((top, bottom, left, right), sides(*key)):
                arr[at] = new[at]
    if margins is not None:
        # a light rim round the whole box (as light at the bottom and right as at the top and left)
        # is the button's edge: its bevel lies inside it
        four = np.stack([top, bottom, left, right])
        rim = (four.max(axis=0) - four.min(axis=0) <= RIM_ALIKE) & (four.min(axis=0) >= _lum(bg) + RIM_LIGHT)
        if rim.any():
            inner = sides(*(k + w for k in box))
            top, bottom, left, right = (np.where(rim, new, old) for new, old in zip(inner, (top, bottom, left, right)))
    if margins is None and not given:
        # a bevel drawn in the tile's own hue: its coloured sides at their own luminance
        ya, yb, xa, xb = 1 + w, size - 1 - w, 1 + w, size - 1 - w
        below, above, drawn = _drawn_bevel(flat, bg, [(slice(1, 1 + w), slice(xa, xb)),
                                                      (slice(size - 1 - w, size - 1), slice(xa, xb)),
                                                      (slice(ya, yb), slice(1, 1 + w)),
                                                      (slice(ya, yb), slice(size - 1 - w, size - 1))])
        bottom, right = np.where(below, drawn, bottom), np.where(below, drawn, right)
        top, left = np.where(above, drawn, top), np.where(above, drawn, left)
    if given:
        top, bottom = given.get("top", top), given.get("bottom", bottom)
        left, right = given.get("left", left), given.get("right", right)
    return np.stack([top, bottom, left, right])


def off_sides(dist: np.ndarray, far: float) -> np.ndarray:
    """``dist`` (N x m x m: the pixels' distance from the tile, over the middle of the cell) with the
    lines along the region's sides cleared: on a button parted from the others by a gap, the
    bevel inside its rim reaches a fifth of the cell in (a WinForms button: 9 px of 36), and its
    shadow's edge is no mark. A line is a row (column) among the two outermost on a side whose
    pixels are nearly all (0.85) over ``far``; a digit is centred and never spans the middle so."""
    m = dist.shape[1]
    side = np.zeros(m, bool)
    side[:2] = side[m - 2:] = True
    marked = dist > far
    rows = (marked.mean(axis=2) >= 0.85) & side
    cols = (marked.mean(axis=1) >= 0.85) & side
    return np.where(rows[:, :, None] | cols[:, None, :], 0.0, dist)


def recentre(flat: np.ndarray, face: np.ndarray, surround: np.ndarray | None, p: float
             ) -> tuple[tuple[int, int, int, int] | None, tuple[int, int]]:
    """The crops' gap margins (:func:`gap_margins`) and how far (down, right) to move the crops onto
    their tiles: by :func:`centring` where there are margins, else by :func:`narrow_centring`."""
    margins = gap_margins(flat, face, surround, p)
    return margins, centring(margins) if margins is not None else narrow_centring(flat, face, surround)


#: on a dark page (DARK_PAGE), tiles parted by a gap of two pixels: the lattice on the gap's one
#: side puts both its rows (columns) along that side of nearly every crop (NARROW_CELLS of the
#: tiles unlike the page) and none along the other (in NARROW_OTHER of them at most)
NARROW_CELLS, NARROW_OTHER = 0.9, 0.1
#: ... and only where the crop's row (column) on the other side is the tile's own face (within
#: NARROW_FACE levels, each channel) in NARROW_CELLS of them: the tile goes on past the crop there
#: (where it is the tile's lit or shaded edge, the crop holds the whole tile, and the gap beside it)
NARROW_FACE = 12.0


def narrow_centring(flat: np.ndarray, face: np.ndarray, surround: np.ndarray | None) -> tuple[int, int]:
    """How far (down, right) to move the crops (flat: N x size x size x 3, their tiles' colours
    ``face``) onto tiles parted by a gap too narrow for :func:`gap_margins` (two pixels: GAP_ROWS
    asks three, so that a grid line is no gap) on a dark page: where the lattice lies on the gap's
    one side, each crop holds the whole gap along that side and misses its tile's far edge (its
    shaded side, and the bottom of a mark centred on the tile: a "!"'s dot, so that no "!" was seen
    and the flags' covered tiles read revealed 0s, its bevel measured sunken). On each axis whose
    crops hold two or three rows (columns) of the page along one side and none along the other, the
    other side's outermost row their tile's own face (the tile goes on past the crop), by half of
    them (rounded up); 0 elsewhere. Only the tiles unlike the page are looked at (a dark theme's
    revealed face may lie within GAP_NEAR of its page: Qt's, 8 levels off). (A crop holding its
    tile whole, from its lit edge on, and the gap after it, is not moved: Qt's shaded edge, 6
    levels off the page, passes for the gap there, and the crops moved off the tiles' bottom.)"""
    if surround is None or float(_lum(surround)) > DARK_PAGE or len(flat) == 0:
        return 0, 0
    size = flat.shape[1]
    unlike = _off(face, surround) > GAP_NEAR
    tiles, faces = flat[unlike], face[unlike]
    if len(tiles) < max(4, 0.1 * len(flat)):
        return 0, 0
    a, b = round(0.15 * size), size - round(0.15 * size)
    q = size // 4
    shift = []
    for part, half in ((tiles[:, :, a:b], tiles[:, :, q:size - q]),
                       (tiles[:, a:b, :].transpose(0, 2, 1, 3), tiles[:, q:size - q, :].transpose(0, 2, 1, 3))):
        gap = _gap_pixels(part, surround).mean(axis=2) >= GAP_ROW   # tiles x rows
        # (the rows of the tile's own face, along their middle half (clear of the gap and the lit
        # edge across them): where the crop's last is one, the tile goes on past it)
        own = (np.abs(half - faces[:, None, None, :]).max(axis=3) <= NARROW_FACE).mean(axis=2) >= GAP_ROW
        # (per tile, its gap rows among the three along each side: a lattice a pixel off in its
        # pitch moves the gap a row from tile to tile)
        first, last = gap[:, :3].sum(axis=1), gap[:, size - 3:].sum(axis=1)
        # (by half the gap's rows past the other side's, so that the gap is split between the sides)
        by = int(np.ceil(float(np.median(np.abs(first - last))) / 2))
        down = (first >= 2).mean() >= NARROW_CELLS and (last > 0).mean() <= NARROW_OTHER
        up = (last >= 2).mean() >= NARROW_CELLS and (first > 0).mean() <= NARROW_OTHER
        shift.append(by if down and own[:, size - 1].mean() >= NARROW_CELLS
                     else -by if up and own[:, 0].mean() >= NARROW_CELLS else 0)
    return shift[0], shift[1]
