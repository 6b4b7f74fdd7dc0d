"""Digits whose ink a screenshot's palette shifted, read by the board's own ink for them
(:func:`board_inks`). A GIF of few colours gives a digit's strokes the palette's nearest colour, cell by
cell: Windows 7's slate 1s (70, 83, 193) come out grey-slate, (74, 82, 132), nearer the classic 8's grey
by RGB than any digit colour, while their glyphs are plainly 1s. Colour and shape disagree, and the
cell is unsure (:func:`.digits._coloured_digit`). But the board shows its own ink for the 1 on many
cells read surely, colour and shape agreeing; a stroke whose colour is nearer that ink than any other
(the skin's digit colours and the board's other inks) is that ink, where its glyph is plainly that
digit. The colour is compared as :func:`.digits.colour_distance` does (its brightness kept, its
chroma towards the tile's: a palette, like JPEG, keeps a stroke's lightness better than its hue).
Never where the colour is plainly another digit's (sdl-nano's 4 drawn in the classic 5's maroon: the
5's colour is the nearest, and the cell stays unsure)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import DARK_TILE, lum_of, rgb_distance
from .darkink import PALETTE_CELLS, PALETTE_MARGIN, ink_groups
from .digits import (
    COLOUR_NEAR,
    GREY_SPREAD,
    HUED,
    OTHER_HUE,
    SHADE_DARK,
    SHADE_HUE,
    SHAPE_LIKE,
    UNNAMED,
    _clean_digit,
    _hue,
    _inked,
    _spread,
    colour_distance,
    crossed,
    hue_apart,
    other_hues,
    own_dark_strokes,
)
from .marks import SURE, _confidence

if TYPE_CHECKING:
    from .cells import CellLook
    from .skins import Skin

#: a digit read surely (colour and shape agreeing) on at least this many cells has the mean of their
#: strokes' colours for the board's ink
INK_CELLS = 5
#: a stroke is the board's ink for a digit where it lies within half of COLOUR_NEAR of it, and nearer
#: it than every other digit colour, the skin's and the board's (by their ratio: sure at INK_RATIO)
INK_NEAR, INK_RATIO = COLOUR_NEAR / 2, 0.5
#: a stroke darker than a hued ink (and under SHADE_DARK) is a dark shade of it where it lies nearer
#: the ink's shades (the line from black through the ink) than the greys', by this ratio of the two
#: distances or less, with channels SHADE_SPREAD or more apart (a hue of its own, not a black's noise)
SHADE_LINE, SHADE_SPREAD = 0.8, 10.0
_GREYS = np.ones(3) / np.sqrt(3.0)


def board_inks(values: list[str], confidence: list[float], looks: list[CellLook], skin: Skin) -> None:
    """Unsure digits on light tiles read by the board's own inks (see the module), in place: a cell
    whose glyph is plainly one digit (:func:`.digits._clean_digit`, against every digit), with
    nothing else on it (no stroke over a dot, no cross, nothing dark along its sides, no near-black
    part but the digit's own strokes), whose stroke's colour is within INK_NEAR of the board's ink for
    that digit and nearer it than every other digit colour, the skin's and the board's, is that digit."""
    light = [lum_of(lk.background) >= DARK_TILE for lk in looks]
    inks: dict[int, np.ndarray] = {}
    for d in range(1, 9):
        cells = [i for i, v in enumerate(values) if v == str(d) and confidence[i] >= SURE and light[i]]
        if len(cells) >= INK_CELLS:
            inks[d] = np.mean([looks[i].fg_colour for i in cells], axis=0)
    if not inks:
        return
    for i, v in enumerate(values):
        look = looks[i]
        if confidence[i] >= SURE or not v.isdigit() or v == "0" or not light[i] or not look.shape:
            continue
        best = max(look.shape, key=lambda d: look.shape[d] if look.shape else 0.0)
        dark_part = look.dark_fraction >= 0.1 and not own_dark_strokes(look, skin, str(best))
        if (best not in inks or not _clean_digit(look, str(best)) or look.stacked or crossed(look)
                or look.edge_dark > 0.05 or dark_part):
            continue
        colour, tile = look.fg_colour, look.background
        own = colour_distance(colour, inks[best], tile)
        others = [colour_distance(colour, np.array(ref, np.float64), tile) for d, ref in skin.digits.items()
                  if d != best]
        others += [colour_distance(colour, ink, tile) for d, ink in inks.items() if d != best]
        nearest = min(others, default=np.inf)
        second = max((s for d, s in look.shape.items() if d != best), default=-1.0)
        if own < INK_NEAR and own < nearest:
            values[i] = str(best)
            confidence[i] = min(_confidence(look.shape[best] - second, 0.3),
                                _confidence(1.0 - own / max(nearest, 1e-6), INK_RATIO))
        elif _names_a_grey(colour, best, skin, inks) and dark_shade(colour, inks[best], tile):
            # a GIF's palette darkened the ink to near-black (Windows 7's dark red 3s, (15, 4, 7) to
            # (41, 15, 16), nearest the 7's black by RGB), the glyph plainly the digit's
            values[i] = str(best)
            confidence[i] = _confidence(look.shape[best] - second, 0.3)


def _names_a_grey(colour: np.ndarray, digit: int, skin: Skin, inks: dict[int, np.ndarray]) -> bool:
    """Whether the colour nearest a stroke's (RGB), of the skin's digit colours and the board's inks
    for digits other than ``digit``, is a grey digit's (channels under GREY_SPREAD apart: the 7's
    black, the 8's grey), which no hued ink darkened is told from; not a hued digit's (a 4's navy:
    a stroke in it is plainly that digit's colour, whatever the glyph)."""
    refs = [np.array(ref, np.float64) for d, ref in skin.digits.items() if d != digit]
    refs += [ink for d, ink in inks.items() if d != digit]
    if not refs:
        return False
    nearest = min(refs, key=lambda ref: float(rgb_distance(colour, ref)))
    return _spread(nearest) < GREY_SPREAD


def dark_shade(colour: np.ndarray, ink: np.ndarray, tile: np.ndarray) -> bool:
    """Whether a stroke's ``colour`` is a dark shade of the hued ``ink`` (HUED): darker than it and
    than SHADE_DARK, with channels SHADE_SPREAD or more apart, its hue within SHADE_HUE of the ink's
    and not lent by its tile (a grey one, or one of a hue OTHER_HUE or more from the stroke's), and
    nearer the ink's shades than the greys' (SHADE_LINE). A black digit (the classic 7) in a palette or
    through JPEG keeps its channels together, a grey's shade; a dark red 3 a palette darkened keeps
    its red ahead of its green and blue, a shade of its ink."""
    if _spread(ink) < HUED or _spread(colour) < SHADE_SPREAD or lum_of(colour) >= min(SHADE_DARK, lum_of(ink)):
        return False
    if hue_apart(_hue(colour), _hue(ink)) >= SHADE_HUE:
        return False
    if _spread(tile) >= GREY_SPREAD and hue_apart(_hue(colour), _hue(tile)) < OTHER_HUE:
        return False
    c = np.asarray(colour, np.float64)
    shades = np.asarray(ink, np.float64) / float(np.linalg.norm(ink))
    off_shades = float(np.linalg.norm(c - (c @ shades) * shades))
    off_greys = float(np.linalg.norm(c - (c @ _GREYS) * _GREYS))
    return off_shades <= SHADE_LINE * off_greys


def _unnamed(look: CellLook, skin: Skin) -> bool:
    """Whether a cell's stroke is ink (:func:`.digits._inked`) UNNAMED or further from every digit
    colour of the skin: a colour of the game's own that the skin does not know."""
    colour = look.fg_colour
    return _inked(colour, look.background) and all(
        float(rgb_distance(colour, np.array(ref, np.float64))) >= UNNAMED for ref in skin.digits.values())


def unnamed_inks(values: list[str], confidence: list[float], looks: list[CellLook], skin: Skin) -> None:
    """Digits on light tiles in an ink the skin does not name, read as :func:`.darkink.dark_palette`
    reads a dark theme's, in place: each digit is drawn in one ink all over the board, so the marks
    of one ink (within INK_REACH) on PALETTE_CELLS or more cells are the digit their glyphs are most
    like together (SHAPE_LIKE or more, PALETTE_MARGIN ahead of every digit whose colour the ink's hue
    allows: :func:`.digits.other_hues`; Microsoft Minesweeper's 3s fading in pass through a slate
    grey, a hue no 3 of its pink has). A cell of the ink reads as that digit where its own glyph is
    most like it, SHAPE_LIKE or more, with nothing else on it (as :func:`board_inks`). Microsoft
    Minesweeper's green 2s, (40, 148, 38), 126 from the skin's olive 2, in a font no stored shape
    holds (0.7-0.89 like a 2)."""
    at = [i for i, v in enumerate(values) if v.isdigit() and v != "0" and looks[i].shape
          and lum_of(looks[i].background) >= DARK_TILE and _unnamed(looks[i], skin)
          and not looks[i].stacked and not crossed(looks[i]) and looks[i].edge_dark <= 0.05
          and looks[i].dark_fraction < 0.1]
    if len(at) < PALETTE_CELLS:
        return
    groups, means = ink_groups(at, looks)
    for members, mean_ink in zip(groups, means):
        if len(members) < PALETTE_CELLS:
            continue
        ruled_out = other_hues(mean_ink, skin)
        digits = [d for d in looks[members[0]].shape or {} if d not in ruled_out]
        mean = {d: float(np.mean([(looks[i].shape or {}).get(d, -1.0) for i in members])) for d in digits}
        ranked = sorted(mean, key=lambda d: -mean[d])
        if len(ranked) < 2 or mean[ranked[0]] < SHAPE_LIKE:
            continue
        digit, margin = ranked[0], mean[ranked[0]] - mean[ranked[1]]
        if margin < PALETTE_MARGIN:
            continue
        for i in members:
            scores = {d: v for d, v in (looks[i].shape or {}).items() if d not in ruled_out}
            if confidence[i] >= SURE or max(scores, key=lambda d: scores[d]) != digit or scores[digit] < SHAPE_LIKE:
                continue
            second = max((v for d, v in scores.items() if d != digit), default=-1.0)
            values[i] = str(digit)
            confidence[i] = min(_confidence(margin - 0.05, 0.1), _confidence(scores[digit] - second, 0.3))
