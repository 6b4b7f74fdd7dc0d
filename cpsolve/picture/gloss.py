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
    if not (saturated | pale | flagged).all() or saturated.sum() < FEWEST or pale.sum() < FEWEST:
        return None

    def plain_digit(i: int) -> bool:
        return kinds[i] == MARK and any(_clean_digit(flat[i], str(d)) for d in flat[i].shape or {})

    on_pale, on_saturated = np.flatnonzero(pale).tolist(), np.flatnonzero(saturated).tolist()
    if any(kinds[i] in (FLAG, MINE, CROSSED, RED_BG) for i in on_pale) or not any(map(plain_digit, on_pale)):
        return None
    if any(plain_digit(i) for i in on_saturated):
        return None
    if any(kinds[i] == NOTHING and flat[i].bevel < RAISED_SHARE * skin.bevel for i in on_saturated):
        return None
    return (saturated | flagged).reshape(rows, cols), np.ones((rows, cols))


#: a mark on a glossy covered tile within SHEEN_HUE degrees of hue of its tile, its channels
#: spanning SHEEN_SPAN levels or more (tinted, not grey: no black and white cursor, no grey mine),
#: is the tile's own sheen (a lighter streak across it, a darker rim); the GIF's are 118-135, a
#: light streak on the lightest corner's blue about 50
SHEEN_HUE, SHEEN_SPAN = 30.0, 35.0


def sheen(look: CellLook) -> bool:
    """Whether the mark on a glossy covered tile is the tile's own sheen: in its hue (SHEEN_HUE) and
    tinted (SHEEN_SPAN), with no red or near-black pixel (a flag, a mine, a question mark's
    outline). A question mark drawn in the tile's hue would be read as a plain covered cell, which
    is the same cell to the board."""
    fg = np.asarray(look.fg_colour, np.float64)
    if float(fg.max() - fg.min()) < SHEEN_SPAN or look.red_fraction > 0 or look.dark_fraction > 0:
        return False
    return hue_apart(_hue(fg), _hue(look.background)) <= SHEEN_HUE
