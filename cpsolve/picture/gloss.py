"""Windows 7's glossy tiles (:func:`glossy_split`): covered tiles of one saturated colour (blue, or
green), shaded by a gradient over the board and lit by a hover glow, revealed ones flat and pale,
nearly grey. Their bevels say little: a glossy tile is dark along all four sides, so it measures
from about 10 to 60 about the threshold of 25 (at 1x, in JPEG, 25-30 on every covered tile, and no
cell past :data:`.tiles.BEVELLED`, so the board passed for a flat skin), and its colour, a gradient,
groups into many colours. Its saturation does not vary so: the covered tiles are told by it, where
the marks and the bevels agree (any skin of saturated raised covered tiles and pale revealed ones
is split so: GNOME 2's, Nanoatic's SDL clone's, virgs's Vue clone's in the tuning set, read as
before). A mark in a glossy tile's own hue is its sheen (:func:`sheen`). Called by
:func:`.cells.classify_board` before :func:`.tiles.tiles`, which decides where this does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import _lum
from .digits import _clean_digit, _hue, hue_apart
from .marks import CROSSED, FLAG, MARK, MINE, NOTHING, RED_BG
from .skins import Skin
from .tiles import BEVELLED

if TYPE_CHECKING:
    from .cells import CellLook

#: a tile colour whose channels span at least SATURATED levels (max - min) is a glossy covered
#: tile's; at most PALE, and at least PALE_LUM light, a revealed one's. The tuning set's Windows 7
#: pictures: covered 58 and up (JPEG's lightest corner; the GIF's hover glow 68), revealed 46 at
#: most (the green skin's pale green; the blue skin's blue-grey 38). A board with a tile colour
#: between them is not split so
SATURATED, PALE, PALE_LUM = 55.0, 50.0, 150.0
#: every bare covered tile is raised by at least this share of the skin's bevel threshold: a gloss
#: is lit along its top (the tuning set's 11 and up, of 25); a saturated highlight over a flat or
#: sunken revealed cell is no covered tile
RAISED_SHARE = 0.4
#: the fewest cells of each kind that tell a board's two kinds of tile
FEWEST = 4


#: a tile stands out as raised on each of its four sides by this much or more (.bevel.side_lifts)
RAISED_SIDES = 8.0


def glossy_split(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]], skin: Skin
                 ) -> tuple[np.ndarray, np.ndarray] | None:
    """Per cell, whether its tile is covered and how sure (1 for every cell), where the board is one
    of glossy covered tiles and pale revealed ones: every tile colour saturated (covered) or pale
    (revealed), FEWEST of each, but for flags' tiles (covered, not pale); no flag, mine or red tile
    on a pale tile and some plain digit on one; no plain digit on a saturated tile; every bare
    saturated tile raised (RAISED_SHARE). Else None, and the bevels or the tile colours decide as
    on any board."""
    rows, cols = len(looks), len(looks[0])
    flat = [lk for row in looks for lk in row]
    kinds = [sym for row in symbols for sym, _ in row]
    bg = np.array([lk.background for lk in flat], np.float64)
    span = bg.max(axis=1) - bg.min(axis=1)
    saturated = span >= SATURATED
    pale = (span <= PALE) & (_lum(bg) >= PALE_LUM)
    # (a flag says its tile is covered, whose colour its red and black may have pulled off the blue
    # in a small cell)
    flagged = np.array([sym == FLAG for sym in kinds]) & ~pale
    if saturated.all() and _new_glossy_game(flat, kinds, skin):
        return np.ones((rows, cols), bool), np.ones((rows, cols))
    if not (saturated | pale | flagged).all() or saturated.sum() < FEWEST or pale.sum() < FEWEST:
        return None

    def plain_digit(i: int) -> bool:
        return kinds[i] == MARK and any(_clean_digit(flat[i], str(d)) for d in flat[i].shape or {})

    on_pale, on_saturated = np.flatnonzero(pale).tolist(), np.flatnonzero(saturated).tolist()
    if any(kinds[i] in (FLAG, MINE, CROSSED, RED_BG) for i in on_pale) or not any(map(plain_digit, on_pale)):
        return None
    if any(plain_digit(i) for i in on_saturated):
        return None
    if sum(kinds[i] == NOTHING and flat[i].bevel > BEVELLED and bool(flat[i].sides)
           and min(flat[i].sides) >= RAISED_SIDES for i in on_pale) >= FEWEST:
        # bare pale tiles plainly raised, standing out on all four sides, are covered, not revealed
        # (no skin draws its revealed tiles raised): winmine drawn lighter, its shown mines on tan
        # tiles and its exploded one on purple, read as glossy covered tiles and every raised grey
        # tile as a revealed 0 (winmine-tinted-lost-9x9.png: sides 17-39). A line along one side of
        # a revealed tile measures a bevel too, on that side alone (Windows 7's navy lines at 30.4
        # px, 205 on one side, 0 on the others)
        return None
    if any(kinds[i] == NOTHING and max(flat[i].bevel, flat[i].rim_bevel) < RAISED_SHARE * skin.bevel
           for i in on_saturated):
        return None
    return (saturated | flagged).reshape(rows, cols), np.ones((rows, cols))


def _new_glossy_game(flat: list[CellLook], kinds: list[str], skin: Skin) -> bool:
    """Whether a board whose every tile colour is saturated is a new game of glossy tiles, every cell
    covered: each bare (or bearing only its tile's sheen), raised inside its dark rim (RAISED_SHARE
    of the skin's bevel: :func:`rim_bevels`), and all of one hue (within SHEEN_HUE of the board's
    median: Windows 7's blue, shaded light to deep over the board, which groups into several
    colours, none pale, so that no revealed tile is seen to tell them by). A revealed board shows
    digits, unless it has no mine; and no skin draws its revealed tiles raised."""
    if len(flat) < FEWEST or any(k != NOTHING and not (k == MARK and sheen(lk)) for k, lk in zip(kinds, flat)):
        return False
    if any(max(lk.bevel, lk.rim_bevel) < RAISED_SHARE * skin.bevel for lk in flat):
        return False
    hues = [_hue(np.asarray(lk.background, np.float64)) for lk in flat]
    middle = float(np.median(hues))
    return all(hue_apart(h, middle) <= SHEEN_HUE for h in hues)


#: a mark on a glossy covered tile within SHEEN_HUE degrees of hue of its tile, its channels
#: spanning SHEEN_SPAN levels or more (tinted, not grey: no black and white cursor, no grey mine),
#: is the tile's own sheen (a lighter streak across it, a darker rim); the GIF's are 118-135, a
#: light streak on the lightest corner's blue about 50
SHEEN_HUE, SHEEN_SPAN = 30.0, 35.0


#: a row (column) along a crop's side whose middle is darker than RIM_DARK of the crop's median
#: luminance is the tile's dark rim or the line beside it: left out with those outside it, looked for
#: no deeper than RIM_DEPTH of the crop's side from each side
RIM_DARK, RIM_DEPTH = 0.75, 0.25


def rim_bevels(flat: np.ndarray, p: float) -> np.ndarray:
    """Per cell (``flat``: N x size x size x 3, the crops), its bevel on its tile's face inside the
    dark rim: the rows and columns along each side up to the innermost one darker than RIM_DARK of
    the crop's median luminance (RIM_DEPTH at most) left out, the mean luminance of the face's top and left strips
    less that of its bottom and right ones, halved (as :func:`.bevel.bevel_sides` on a box; 0 where no
    face is left). A glossy tile is dark along all four sides, its face lit along the top and left
    and deeper along the bottom and right: where the lattice lies a pixel into the line before it
    (a GIF of the game at 18 px), the crop's own sides hold the rim on one side and the face on the
    other, and its bevel reads sunken (-47 to -127) or raised by chance; inside the rim it is raised."""
    lum = np.asarray(_lum(flat), np.float64)
    n, size = lum.shape[:2]
    if n == 0 or size < 8:
        return np.zeros(n)
    q = size // 4
    median = np.median(lum.reshape(n, -1), axis=1)[:, None]
    rows = lum[:, :, q:size - q].mean(axis=2) < RIM_DARK * median
    cols = lum[:, q:size - q, :].mean(axis=1) < RIM_DARK * median
    depth = max(1, int(RIM_DEPTH * size))

    def run(dark: np.ndarray) -> np.ndarray:
        """Per crop, the rows (columns) from its side to the innermost dark one within the depth: a
        line's blended edge before it may be lighter than the rim, not dark by itself."""
        near = dark[:, :depth]
        return np.where(near.any(axis=1), depth - np.argmax(near[:, ::-1], axis=1), 0)

    top, bottom, left, right = run(rows), run(rows[:, ::-1]), run(cols), run(cols[:, ::-1])
    w = max(1, round(0.07 * p))
    idx = np.arange(size)
    inside_x = (idx[None, :] >= (left + w)[:, None]) & (idx[None, :] < (size - right - w)[:, None])
    inside_y = (idx[None, :] >= (top + w)[:, None]) & (idx[None, :] < (size - bottom - w)[:, None])
    row_band = (idx[None, :] >= top[:, None]) & (idx[None, :] < (top + w)[:, None])
    low_band = (idx[None, :] >= (size - bottom - w)[:, None]) & (idx[None, :] < (size - bottom)[:, None])
    col_band = (idx[None, :] >= left[:, None]) & (idx[None, :] < (left + w)[:, None])
    far_band = (idx[None, :] >= (size - right - w)[:, None]) & (idx[None, :] < (size - right)[:, None])

    def mean(ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        mask = ys[:, :, None] & xs[:, None, :]
        return np.asarray((lum * mask).sum(axis=(1, 2)) / np.maximum(mask.sum(axis=(1, 2)), 1))

    bevel = (mean(row_band, inside_x) + mean(inside_y, col_band) - mean(low_band, inside_x)
             - mean(inside_y, far_band)) / 2
    face = (inside_x.sum(axis=1) >= 2) & (inside_y.sum(axis=1) >= 2)
    return np.where(face, bevel, 0.0)


def sheen(look: CellLook) -> bool:
    """Whether the mark on a glossy covered tile is the tile's own sheen: in its hue (SHEEN_HUE) and
    tinted (SHEEN_SPAN), with no red or near-black pixel (a flag, a mine, a question mark's
    outline). A question mark drawn in the tile's hue would be read as a plain covered cell, which
    is the same cell to the board."""
    fg = np.asarray(look.fg_colour, np.float64)
    if float(fg.max() - fg.min()) < SHEEN_SPAN or look.red_fraction > 0 or look.dark_fraction > 0:
        return False
    return hue_apart(_hue(fg), _hue(look.background)) <= SHEEN_HUE
