"""Reading the cells of a found grid: what each one shows, and how sure that is.

Every cell is measured (:func:`measure`): its bevel (a raised cell is lighter along its top and
left sides than along its bottom and right), its background colour (the ring just inside its
sides), and its foreground (pixels far from the background: the digit, flag or mine) with their
colour and shape. The conventions of nearly every skin then decide (:func:`classify_board`: what
is drawn by :mod:`.marks`, the tile by :mod:`.tiles`, a digit by :mod:`.digits`):

* covered: raised (or the skin's covered colour); a red mark on it a flag, a dark one a question mark;
* revealed: flat; nothing on it is a 0; a digit by its colour (the skin's digit colours; the classic
  ones 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey by default) checked by its
  shape (the fonts of :data:`~.skins.DIGIT_SHAPES`): a sure digit is one both agree on; a large dark
  round blob a mine (on red: the exploded one; crossed out in red: a wrong flag).

Each decision's margin is its confidence; a cell below :data:`SURE` is unsure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .bevel import bevel_sides, gap_margins, off_sides, outline_lines, raised_by, recentre, side_lifts, surround_colour
from .cloth import red_reach
from .colours import (
    FOREGROUND,
    _cross,
    _darker_than,
    _dist,
    _lum,
    _masked_sum,
    _mode_colours,
    _red,
    _saturation,
    _tile_backgrounds,
    _towards_sides,
    channel_min,
    crops,
    lum_of,
    near_black,
    redness,
    ring_fraction,
    tile_light,
)
from .darkink import dark_palette, middle_stroke
from .digits import (
    _SHAPE_ROWS,
    _clean_digit,
    _shape_like,
    crossed,
    dark_digit,
    digit_glyph,
    own_dark_strokes,
    shape_table,
    stray_digits,
)
from .extents import extent
from .focus import focus_framed
from .fontgroups import board_font, font_digit
from .gloss import glossy_split, rim_bevels, sheen
from .grid import Grid
from .lines import on_tiles
from .marks import (
    BURST,
    CROSSED,
    FLAG,
    FLAG_CROSS,
    MARK,
    MINE,
    NOTHING,
    RED_AND_DARK,
    RED_BG,
    RED_TILE,
    SURE,
    _confidence,
    marks_of,
    mine_on_red,
    mine_shaped,
    odd_flags,
    pole_flagged,
)
from .overlay import covered_mark, mine_overlay, question_like, question_stroke, shows_loss
from .paleink import pale_digit
from .rims import off_gap_sides
from .shadows import HALF_DARK, shadow_lines
from .sidelines import side_lines
from .skins import SKIN_BY_NAME, Skin
from .solid import solid_dark_covered
from .textmarks import BANG_CORE, letters, luma_core, pointer_piece, stacked
from .thingap import on_thin_gap
from .tiles import BEVELLED, shaded_faces, shifted_skins, tiles, unseen_covered

#: a mark whose strokes are at least this far (RGB) from the tile, and less than twice as far, is a
#: faint one: its glyph is its pixels at least half as far as its farthest
FAINT = 45.0
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
    shading: float = 0.0      # spread (sd of luminance) of the interior's background pixels: a shaded face
    yellow: float = 0.0       # of the interior: yellow pixels (an explosion's fire)
    stacked: str = ""         # "!" a stem over a dot, "?" another stroke over one (.textmarks.stacked), "" neither
    rim_bevel: float = 0.0    # the bevel inside the tile's dark rim (:func:`.gloss.rim_bevels`)
    framed: float = 0.0       # 1 where a focus frame closes round the cell (:func:`.focus.focus_framed`)
    stroke: float = 0.0       # a faint lighter stroke down the interior's middle (:func:`.darkink.middle_stroke`)
    sides: tuple[float, ...] = ()  # how far each side stands out as a raised tile's (:func:`.bevel.side_lifts`)
    glyph_off: float = 0.0    # the glyph box's centre off the middle, the larger way, over its square's side
    red_reach: float = 1.0    # how far down the mark its red reaches, 0 top to 1 foot (:func:`.cloth.red_reach`)


def _cropped(rgb: np.ndarray, grid: Grid, at: tuple[np.ndarray, np.ndarray] | None) -> tuple[np.ndarray, np.ndarray]:
    """The crops (N x size x size x 3) and their backgrounds (a tile's most common colour)."""
    flat = crops(rgb, grid, at)
    n, size = grid.rows * grid.cols, flat.shape[2]
    flat = flat.reshape(n, size, size, 3)
    middle = flat[:, 1:size - 1, 1:size - 1].reshape(n, -1, 3)
    return flat, _tile_backgrounds(middle, _mode_colours(middle))


def measure(rgb: np.ndarray, grid: Grid) -> list[list[CellLook]]:
    """Every cell's measurements, all cells at once (numpy over the stacked crops)."""
    flat, bg = _cropped(rgb, grid, None)
    rows, cols, size = grid.rows, grid.cols, flat.shape[1]
    n = rows * cols
    p = grid.cell_size
    inset = max(1, round(0.2 * p))
    # tiles parted by a gap of the board's surround: the crops centred on them, the bevel on their box
    surround = surround_colour(rgb, grid.box(), p)
    margins, (dy, dx) = recentre(flat, bg, surround, p)
    if (dy, dx) != (0, 0):
        flat, bg = _cropped(rgb, replace(grid, x0=grid.x0 + dx, y0=grid.y0 + dy), None)
        margins = None if margins is None else gap_margins(flat, bg, surround, p) or (0, 0, 0, 0)
    if margins is None:
        # a gap two pixels wide on one side of the crops on a light page: the crops moved onto the
        # tiles, the bevel read on the tiles' own sides (.thingap)
        flat, bg, boxes = on_thin_gap(flat, bg, surround, grid, lambda at: _cropped(rgb, grid, at))
        # (where the grid shows lines thicker than a pixel: the tiles between them)
        flat, bg, sides = on_tiles(rgb, grid, flat, bg, lambda at: _cropped(rgb, grid, at), boxes)
    else:
        sides = bevel_sides(flat, bg, p, margins)
    inner = flat[:, inset:size - inset, inset:size - inset]
    ih = inner.shape[1]
    dist = _dist(inner, bg)
    # (a button's bevel reaching the middle of its cell; a tile's rim where no gap was voted)
    dist = off_sides(dist, FOREGROUND) if margins is not None else off_gap_sides(dist, flat, bg, surround, p, inset)
    fg = dist > FOREGROUND
    fg_fraction = fg.mean(axis=(1, 2))
    plain = dist < 40
    count_plain = np.maximum(plain.sum(axis=(1, 2)), 1)
    ilum = _lum(inner)
    mean_plain = (ilum * plain).sum(axis=(1, 2)) / count_plain
    shading = np.sqrt(np.maximum((ilum ** 2 * plain).sum(axis=(1, 2)) / count_plain - mean_plain ** 2, 0.0))
    # the foreground's colour: the mean of its strongest pixels (the stroke's core, not its edges),
    # among pixels with a neighbour of their own colour: a lone pixel unlike all four of its
    # neighbours is no stroke (a speck, a bot's one-pixel sampling dots drawn over every cell, over
    # the digits too) and must not pass for the digit's colour
    stroke: np.ndarray = np.array(fg)
    mid = inner[:, 1:-1, 1:-1]
    alike = np.zeros(mid.shape[:3], bool)
    for near in (inner[:, :-2, 1:-1], inner[:, 2:, 1:-1], inner[:, 1:-1, :-2], inner[:, 1:-1, 2:]):
        step = np.abs(mid - near)
        alike |= np.maximum(np.maximum(step[..., 0], step[..., 1]), step[..., 2]) < 40
    stroke[:, 1:-1, 1:-1] &= alike
    kept = np.asarray(stroke.any(axis=(1, 2)))
    stroke = np.where(kept[:, None, None], stroke, fg)
    strong = stroke & (dist >= 0.75 * np.where(stroke, dist, 0).max(axis=(1, 2))[:, None, None])
    count = strong.sum(axis=(1, 2))
    fg_colour = np.where(count[:, None] > 0, _masked_sum(inner.reshape(n, -1, 3), strong.reshape(n, -1)) /
                         np.maximum(count, 1)[:, None], bg)
    lit = tile_light(flat, bg)  # (near-black of a mark: a dark theme's tile is near-black too)
    dark = near_black(inner, 80, lit)
    red = _red(inner)
    dark_fraction = dark.mean(axis=(1, 2))
    red_fraction = red.mean(axis=(1, 2))
    reddish = (redness(inner) > 40).mean(axis=(1, 2))
    yellow = ((inner[..., 0] > 180) & (inner[..., 1] > 140) & (inner[..., 2] < 100)).mean(axis=(1, 2))
    any_rows, any_cols = dark.any(axis=2), dark.any(axis=1)
    has = np.any(any_rows, axis=1)
    (top, bottom), (left, right) = extent(any_rows), extent(any_cols)
    bh, bw = bottom - top + 1, right - left + 1
    blob_fill = np.where(has, dark.sum(axis=(1, 2)) / np.maximum(bh * bw, 1), 0.0)
    blob_span = np.where(has, np.minimum(bh, bw) / ih, 0.0)
    # (in an interior of 8 px or less, half a pixel off is none: a box of whole pixels lies so where its parity differs)
    off = np.maximum(np.abs(top + bh / 2 - ih / 2), np.abs(left + bw / 2 - ih / 2))
    off = np.maximum(off - 0.5 * (ih <= 8), 0) / ih
    blob_round = np.where(has, np.minimum(bh, bw) / np.maximum(np.maximum(bh, bw), 1) * np.clip(1 - 4 * off, 0, 1), 0.0)
    dark_px, red_px = near_black(flat, 90, lit), _red(flat)  # (each made once: three measures read them)
    cross = _cross(dark_px, red_px)
    edge_px = dark_px & ~outline_lines(flat, surround, p)  # (not the tiles' outlines)
    edge_dark, framed = _edge_dark(flat, p, edge_px), focus_framed(edge_px)
    side_red = ring_fraction(red_px, p)
    # (symbol()'s least mark: only those can be digits; and faint marks, text drawn in a colour
    # near its tile's, which may be letters)
    top_dist = dist.max(axis=(1, 2))
    faint = (top_dist >= FAINT) & ((dist >= 0.5 * top_dist[:, None, None]).mean(axis=(1, 2)) >= 0.02)
    marked = np.nonzero((fg_fraction >= 0.02) | faint)[0]
    glyphs: list[np.ndarray | None] = [None] * n
    shapes: list[dict[int, float] | None] = [None] * n
    stacks = [""] * n
    found, parts, offs = _glyphs(flat[marked], bg[marked], p)
    glyph_off = np.zeros(n)
    glyph_off[marked] = offs
    drawn = [(i, g, s) for i, g, s in zip(marked, found, parts) if g is not None]
    if drawn:
        table = shape_table(np.array([g.ravel() for _, g, _ in drawn]))
        for (i, g, s), row in zip(drawn, table.tolist()):
            # (a stroke over a dot is like no digit, however like a 1 a "!" is)
            glyphs[i], shapes[i], stacks[i] = g, dict(zip(_SHAPE_ROWS, [0.0] * len(row) if s else row)), s
    # (the measures as lists of Python floats: made by the list, not one by one)
    measures = {name: np.asarray(a, np.float64).tolist() for name, a in (
        ("bevel", raised_by(sides)), ("fg_fraction", fg_fraction), ("dark_fraction", dark_fraction), ("cross", cross),
        ("red_fraction", red_fraction), ("blob_fill", blob_fill), ("blob_span", blob_span), ("yellow", yellow),
        ("edge_dark", edge_dark), ("side_red", side_red), ("blob_round", blob_round), ("reddish", reddish),
        ("shading", shading), ("rim_bevel", rim_bevels(flat, p)), ("framed", framed), ("stroke", middle_stroke(inner)),
        ("glyph_off", glyph_off), ("red_reach", red_reach(fg, red)))}
    columns = {**measures, "background": list(bg), "fg_colour": list(fg_colour), "glyph": glyphs, "shape": shapes,
               "stacked": stacks, "sides": side_lifts(sides, bg)}
    looks = [CellLook(*row) for row in zip(*(columns[name] for name in CellLook.__dataclass_fields__))]
    return [looks[r * cols:(r + 1) * cols] for r in range(rows)]


def _glyphs(flat: np.ndarray, bg: np.ndarray, p: float) -> tuple[list[np.ndarray | None], list[str], np.ndarray]:
    """Per cell (flat: N x size x size x 3), the shape of its mark: the pixels at least half as far
    from the background as its farthest (the strokes, not their blurred or JPEG-ringing edges),
    inside 12% of the cell's side (off the grid lines and bevels), cut to their bounding box and
    scaled to GLYPH rows, the width in proportion and centred (a 1 stays narrow), each grid cell
    the fraction of it covered. Scaled so, a digit looks alike at every cell size. None where
    fewer than 3 pixels are marked. And per cell whether the mark is a stroke over a dot
    (:func:`.textmarks.stacked`), and how far off the middle its box lies (``CellLook.glyph_off``)."""
    if len(flat) == 0:
        return [], [], np.zeros(0)
    size = flat.shape[1]
    k = max(1, round(0.12 * p))
    region = flat[:, k:size - k, k:size - k]
    m = region.shape[1]
    dist = _dist(region, bg)
    top_dist = dist.max(axis=(1, 2))[:, None, None]
    mask = (dist > np.where(top_dist >= 2 * FAINT, FOREGROUND, FAINT / 2)) & (dist >= 0.5 * top_dist)
    # a line along the region's side is the tile's border or the board's frame (a lattice a pixel
    # off at the board's edge, Windows 7's glossy rim), not a stroke: digits are centred
    # (.sidelines: a line runs on to the region's ends, a large digit's bar stops short of them)
    cut_rows, cut_cols = side_lines(mask)
    mask &= ~cut_rows[:, :, None] & ~cut_cols[:, None, :]
    uncut = np.asarray(~(cut_rows.any(axis=1) | cut_cols.any(axis=1)))  # (no line taken off: .textmarks.stacked)
    rows, cols = mask.any(axis=2), mask.any(axis=1)
    (top, bottom), (left, right) = extent(rows), extent(cols)
    height, right = bottom + 1 - top, right + 1
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
    # (a strong mark's, 0.02 of the region or more: a "!" blurred; not a glossy tile's faint sheen)
    strong = (top_dist >= 2 * FAINT) & (mask.mean(axis=(1, 2), keepdims=True) >= 0.02)
    core = mask & (dist >= BANG_CORE * top_dist) & strong
    off = np.maximum(np.abs(2 * top + height - m), np.abs(left + right - m)) / (2 * m)
    parts = stacked(mask, core, uncut, luma_core(region, bg, mask))  # (and by luminance)
    return [maps[i] if enough[i] else None for i in range(n)], parts, np.where(enough, off, 0.0)


def _edge_dark(flat: np.ndarray, p: float, dark_px: np.ndarray | None = None) -> np.ndarray:
    """Per cell, the fraction of near-black pixels in the ring along its sides: bevels, grid lines,
    digits and question marks leave it alone, a mouse cursor over the cell does not. Only grey
    ones (channels within 40 levels): a cursor is drawn in black and white, and the dark navy of
    a large 4 whose stem reaches the side (JSMinesweeper's) is no cursor. Nor a dark row or column
    across the cell within a tenth of it from a side (a grid line 2-3 px thick: Windows 7 at 2x; a
    column across the rows not left out, as lines run along two sides of a crop), nor
    on a tile lit along its top (over 200) the run of rows (columns) dark along 70% of the side from
    its bottom (right) side in, within a quarter of the cell, and its edges (:func:`.shadows.shadow_lines`).
    ``dark_px``: the near-black pixels (:func:`.colours.near_black`, darker than 90), where the
    caller has them; else those darker than 90."""
    blackish = _darker_than(flat, 90) if dark_px is None else dark_px
    dark = blackish & (_saturation(flat) <= 40)
    size = flat.shape[1]
    b = max(2, round(0.1 * p))
    band = np.zeros(size, bool)
    band[:b] = band[size - b:] = True
    top = flat[:, 1:max(2, size // 8)]
    lit = (channel_min(top) > 200).mean(axis=(1, 2)) >= 0.5
    counted = np.full((len(flat), 1), float(size))
    half = _darker_than(flat, HALF_DARK)
    for axis in (2, 1):   # rows, then columns over the rows left (lines along two sides)
        # (a line is told by its near-black pixels of any tint: Windows 7's lines are navy beside the
        # blue tiles, and only their grey pixels were left to count along the line; and by those of
        # the rows (columns) between it and the crop's side too: a line scaled by a fraction steps by
        # a pixel along the side, so that no one row of it is dark all along)
        full = _towards_sides(blackish, 3 - axis, b).sum(axis=axis) / counted
        drop = ((full >= 0.9) & band) | shadow_lines(full, half.sum(axis=axis) / counted, lit)
        dropped = drop[:, :, None] if axis == 2 else drop[:, None, :]
        dark &= ~dropped
        blackish, half = blackish & ~dropped, half & ~dropped  # (new arrays: the caller's dark_px is kept)
        counted = np.maximum(size - drop.sum(axis=1, keepdims=True), 1).astype(float)
    return ring_fraction(dark, p)


#: below this cell size (pixels) a flag, a mine, a wrong flag and a question mark are a few pixels
#: each and are told apart unreliably: they are never sure there
SMALL_CELL = 12.0
#: below this cell size (pixels) a flag's diagonals are crossed as a wrong flag's are: its mark fills
#: the cell's middle, and the points a pixel beside each diagonal (:func:`.colours._cross`) take in
#: its sides (the classic flag drawn and blurred: 0.82-0.88 up to 13 px, 0.76 at 14-16); a crossed
#: mark on a raised tile there is no sure wrong flag
CROSS_CELL = 14.0


def _revealed_digit(look: CellLook, skin: Skin, font: dict[int, tuple[str, float]] | None) -> tuple[str, float]:
    """The digit of a mark on a revealed tile, and how sure: by its shape alone on a skin that draws
    every digit in one colour (``font``: :func:`.fontgroups.font_digit`), else by colour checked by
    shape (:func:`.paleink.pale_digit`); unsure where something else may lie over it."""
    v, conf = pale_digit(look, skin) if font is None else font_digit(look, font)
    if look.stacked or crossed(look):  # a stroke over a dot (a letter: "!", "?"), an X: no digit
        conf = min(conf, 0.1)
    # something dark along the sides may be a cursor over the cell, and its mark not the cell's
    # own; unless a focus frame closes round it (KDE 2's) or the mark is the digit's very shape
    # (GNOME's dotted focus frame is along the sides and leaves the digit clean)
    if look.edge_dark > 0.05 and not look.framed and not _clean_digit(look, v):
        conf = min(conf, 0.1)
    # (and a mark off the cell's middle with some dark along the sides: a piece of a pointer's outline)
    if look.edge_dark > 0.02 and pointer_piece(look):
        conf = min(conf, 0.1)
    # a coloured digit has no near-black part: a dark blob under a colour is something else (a
    # blurred mine, a crossed one), not this digit (unless the near-black part is the digit's own
    # strokes, plainly its shape: a dark grey digit, Google's 7)
    own_strokes = own_dark_strokes(look, skin, v)
    if (lum_of(skin.digits.get(int(v), (0, 0, 0))) > 50 and look.dark_fraction >= 0.1
            and not own_strokes):
        conf = min(conf, 0.1)
    return v, conf


def classify_board(looks: list[list[CellLook]], skin: Skin, cell_size: float | None = None,
                   overlays: set[int] | None = None,
                   open_unsure: set[int] | None = None) -> tuple[list[str], list[float], Skin]:
    """Every cell's value and confidence, row-major, and the skin read (``skin`` unless the tiles'
    colours name another). A cell read covered by :mod:`.overlay` alone is sure only where its index
    is put in ``overlays``, for the caller to count (:func:`.overlay.overlay_mark`). Unsure digits
    on tiles surely revealed (something over the digit, not over the tile) go in ``open_unsure``."""
    flat = [lk for row in looks for lk in row]  # (row-major, as the values)
    symbols = marks_of(looks)
    as_flags, written = letters(looks, symbols)  # (letters group the tiles as flags do)
    # tiles by bevels or tile colours; Windows 7's glossy covered tiles by their colour, where no skin
    # is named (Microsoft Minesweeper's glossy blue and near-white ones: its own digit colours)
    covered, cov_conf, named = tiles(looks, as_flags, skin)
    glossy = glossy_split(looks, as_flags, skin) if named is None else None
    covered, cov_conf = glossy if glossy is not None else (covered, cov_conf)
    named_skin = SKIN_BY_NAME.get(named or "")
    raised = any(lk.bevel > BEVELLED for lk in flat)  # (tiles() then tells them by their bevels)
    if named is None and not raised and glossy is None:
        # a flat board no skin names may be one whose colours the screenshot shifted
        shifted = shifted_skins(np.array([lk.background for lk in flat], np.float64))
        if shifted:
            again = tiles(looks, as_flags, skin, shifted)
            if again[2] is not None:
                covered, cov_conf, named = again
                named_skin = next(sk for sk in shifted if sk.name == named)
    exploded = shaded_faces(looks, symbols, covered, cov_conf)  # (KMines: shaded buttons, an orange exploded tile)
    if named is None and not raised:
        unseen_covered(looks, symbols, covered, cov_conf)  # a flat cell is a sure 0 only beside a covered tile seen
    if named_skin is not None:
        skin = named_skin
    rows, cols = len(looks), len(looks[0])
    bevelled = named is None and raised  # the tiles were told by their bevels
    # (a dark flag is a mine-like blob too: a flag's shape is no mine shown on a covered tile)
    # (nor is a bold question mark's stroke)
    mines_on_covered = any(sym == MINE and covered[r, c] and not (skin.flag_shape and _shape_like(
        looks[r][c], skin.flag_shape) >= 0.6) and (skin.flag_shape or question_stroke(looks[r][c]) <= 0)
        for r in range(rows) for c, (sym, _) in enumerate(symbols[r]))
    # an explosion (red, dark and yellow fire: GNOME 2.1x's grey look), or a mine on red that fills
    # its cell's every other pixel (a sunken red tile whose mine outnumbers its red: DeclanAS's
    # tkinter clone), drawn on a revealed tile of a board whose other shown mines lie on covered
    # ones is the exploded mine, where it is the one
    # (the mine on red only where no other cell shows the exploded mine: no red background, no
    # mine on a revealed tile; a crossed mine's thick red cross, blurred, could pass for one)
    other_x = any(sym == RED_BG or (sym == MINE and not covered[r, c])
                  for r in range(rows) for c, (sym, _) in enumerate(symbols[r]))
    bursts = [(r, c) for r in range(rows) for c in range(cols)
              if symbols[r][c][0] in (RED_AND_DARK, FLAG) and not covered[r, c]
              and (looks[r][c].yellow >= BURST or (not other_x and mine_on_red(looks[r][c])))]
    burst = bursts[0] if mines_on_covered and len(bursts) == 1 else exploded
    lost = shows_loss(symbols, covered, burst is not None)
    overlaid = bevelled and not skin.flag_shape and not lost
    # a skin that draws every digit in one colour: the shape alone tells the number (.fontgroups)
    font = None if skin.digit_tiles else board_font(
        [looks[r][c] for r in range(rows) for c in range(cols) if symbols[r][c][0] == MARK and not covered[r, c]])
    values: list[str] = []
    confidence: list[float] = []
    for r in range(rows):
        for c in range(cols):
            look, (sym, sconf) = looks[r][c], symbols[r][c]
            cov, cconf = bool(covered[r, c]), float(cov_conf[r, c])
            converted = sym == MINE and cov and overlaid and mine_overlay(look)
            if converted:
                sym = MARK
            if (r, c) in written:  # a letter written on the tile: F or ?, on a covered one
                v, conf = written[r, c][0], min(written[r, c][1], cconf) if cov else 0.1
            elif sym == RED_BG:
                v, conf = "X", sconf
            elif sym == CROSSED:
                # (under CROSS_CELL, a crossed mark on a raised tile may be a blurred flag)
                small = cell_size is not None and cell_size < CROSS_CELL and cov
                v, conf = "W", min(sconf, 0.1) if small else sconf
            elif (r, c) == burst:
                # (a mine on red is no flag, sure or not: how red its tile is decides)
                v, conf = "X", min(sconf if look.yellow >= BURST else _confidence(
                    look.red_fraction / max(1e-6, 1.0 - look.dark_fraction) - RED_TILE, 0.15), cconf)
            elif sym == RED_AND_DARK and (cov or dark_digit(look, skin, hued=True) is None):
                # a mine crossed in red (a wrong flag: a large round dark blob, on a flat tile) or a
                # flag (a small dark pole and base, on a raised tile); where shape and tile disagree,
                # unsure; a flag half crossed out is no sure flag (as symbol() holds for red alone)
                v = "W" if mine_shaped(look) else "F"
                conf = min(sconf, cconf) if (v == "W") != cov else 0.1
                conf = min(conf, _confidence(FLAG_CROSS - look.cross, 0.1)) if v == "F" else conf
            elif sym == MINE and skin.flag_shape and cov and _shape_like(look, skin.flag_shape) >= 0.6:
                # a dark flag is a large dark blob too: by its shape a flag, else unsure
                like = _shape_like(look, skin.flag_shape)
                v, conf = ("F", min(cconf, _confidence(like - 0.7, 0.15))) if like >= 0.8 else ("*", 0.1)
            elif sym in (MINE, RED_AND_DARK) and not cov and dark_digit(look, skin) is not None:
                # a bold dark digit is a large dark blob too (Tatham's black 7), a darkened red one red and
                # dark (hued=True above): on a revealed tile, plainly that digit's shape in its colour, the digit
                v, conf = dark_digit(look, skin)  # type: ignore[misc]
                conf = min(conf, cconf)
            elif sym == MINE and cov and not skin.flag_shape and question_stroke(look) > 0:
                # a bold question mark's strokes are a large dark blob too, filling less of their box
                # (a skin whose flags are dark tells its marks by their shape, below)
                v, conf = "?", min(cconf, _confidence(question_stroke(look), 0.1))
            elif sym == MINE:
                # a mine on a flat tile where the others lie on raised ones is the exploded one; one on a raised
                # tile of a board showing no loss, no overlay's own mark (a disc blurred to its sides), unsure
                v, conf = ("X" if mines_on_covered and not cov else "*"), min(sconf, cconf)
                conf = min(conf, 0.2) if cov and overlaid else conf  # (an overlay, or a missed loss's mine)
                if cov and question_like(look):  # near a question mark's stroke: no sure mine
                    conf = min(conf, _confidence(-question_stroke(look), 0.1))
                conf = min(conf, 0.1) if digit_glyph(look) else conf  # a bold dark digit is a large dark blob too
            elif sym == FLAG:
                # red and dark is one cue; where the tiles are told by their bevels, a flag also lies on a
                # surely raised one (a JPEG-blurred maroon 5 is red and dark too, on a flat tile; a pointer's
                # white by a red 3 raised it on one side). Flat skins' tiles are grouped by their marks, flags
                # included, and KDE's shaded flags have no bevel: no second cue there. (Not the glyph: a
                # flag's pole and base are a clean 1; but a pennant on a pole, in a colour, is no digit: pole_flag)
                v, conf = "F", min(sconf, cconf) if cov and bevelled else sconf if (
                    cov or not bevelled or pole_flagged(look)) else min(sconf, 0.1)
            elif cov and glossy is not None and sym == MARK and sheen(look):
                # a glossy tile's own sheen, no mark (but something dark along its sides: a cursor)
                v, conf = ".", cconf if look.edge_dark <= 0.02 else min(cconf, 0.1)
            elif cov:
                v, conf, overlay = covered_mark(look, sym, min(sconf, cconf), skin, lost,
                                                 overlaid and sym == MARK, converted, overlays is not None)
                if overlay and overlays is not None:
                    overlays.add(r * cols + c)
            elif sym == NOTHING:
                v, conf = "0", min(sconf, cconf)
            else:
                v, conf = _revealed_digit(look, skin, font)
                conf = min(conf, sconf, cconf)
            if cell_size is not None and cell_size < SMALL_CELL and v in "F?*XW":
                conf = min(conf, 0.2)
            values.append(v)
            confidence.append(conf)
            if open_unsure is not None and v in "12345678" and conf < SURE and not cov and cconf >= SURE:
                open_unsure.add(r * cols + c)
    if values.count("X") > 1:  # a lost game explodes one mine: which of these is not told
        confidence = [min(conf, 0.1) if v == "X" else conf for v, conf in zip(values, confidence)]
    odd_flags(values, confidence, [lk.background for lk in flat])  # a wrong flag told by its tile
    solid_dark_covered(values, confidence, flat)  # a black square: maybe a flag
    # (a dark theme's digits by their ink; then a digit on no digits' tile)
    stray_digits(values, confidence, dark_palette(values, confidence, flat))
    return values, confidence, skin
