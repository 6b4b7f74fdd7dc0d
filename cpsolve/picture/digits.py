"""The digit on a revealed cell: by colour checked by shape (:func:`_digit`), or by the tile's
tint where that tells the number (GNOME 3/40). A glyph's shape is compared by correlation with the
stored shapes of every font in :data:`~.skins.DIGIT_SHAPES` (:func:`shape_table`)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .colours import DARK_TILE, lum_of, plain_channels, rgb_distance
from .marks import SURE, _confidence, mine_shaped
from .skins import DIGIT_SHAPES, Skin

if TYPE_CHECKING:
    from .cells import CellLook


def _unit(v: np.ndarray) -> np.ndarray:
    v = v - v.mean()
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


_SHAPES = np.array([_unit(np.array([int(ch) for ch in text], np.float64))
                    for font in DIGIT_SHAPES.values() for text in font.values()])
_SHAPE_DIGITS = np.array([digit for font in DIGIT_SHAPES.values() for digit in font])
_SHAPE_ROWS = {d: np.flatnonzero(np.equal(_SHAPE_DIGITS, d)) for d in sorted({int(x) for x in _SHAPE_DIGITS})}


def shape_table(maps: np.ndarray, shapes: np.ndarray | None = None,
                rows_of: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """Per glyph (maps: N x GLYPH*GLYPH), per digit (the keys of ``rows_of`` in order; by default
    _SHAPE_ROWS over _SHAPES), how like the digit it is: the best correlation with any font's
    shape of it (-1..1; 0 for a blank glyph)."""
    shapes = _SHAPES if shapes is None else shapes
    rows_of = _SHAPE_ROWS if rows_of is None else rows_of
    v = maps.astype(np.float64) - maps.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    corr = (v / np.where(norm > 0, norm, 1.0)) @ shapes.T
    return np.stack([corr[:, rows].max(axis=1) for rows in rows_of.values()], axis=1)


def shape_scores(glyph: np.ndarray | None) -> dict[int, float]:
    """Per digit, how like it one glyph is (:func:`shape_table`); empty where there is no glyph."""
    if glyph is None:
        return {}
    return dict(zip(_SHAPE_ROWS, shape_table(glyph.reshape(1, -1))[0].tolist()))


@lru_cache(maxsize=16)
def _shape_vector(shape: str) -> np.ndarray:
    """A shape written as in DIGIT_SHAPES, as the unit vector shape_table compares glyphs with
    (parsed once: crossed() asks for CROSS_SHAPE on every digit of a board)."""
    return _unit(np.array([int(ch) for ch in shape], np.float64))


def _shape_like(look: CellLook, shape: str) -> float:
    """How like ``shape`` (as in DIGIT_SHAPES) the cell's glyph is (-1..1; -1 without a glyph):
    shape_table's correlation, for one glyph and one shape."""
    if look.glyph is None:
        return -1.0
    v = look.glyph.ravel().astype(np.float64)
    v = v - v.mean()
    norm = float(np.linalg.norm(v))
    return float(v @ _shape_vector(shape)) / norm if norm > 0 else 0.0


def _ycc(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    return (0.299 * r + 0.587 * g + 0.114 * b, -0.1687 * r - 0.3313 * g + 0.5 * b,
            0.5 * r - 0.4187 * g - 0.0813 * b)


def colour_distance(colour: np.ndarray, ref: np.ndarray, background: np.ndarray) -> float:
    """How far a stroke's colour is from a digit colour ``ref``, allowing for JPEG: it keeps the
    brightness of a thin stroke but averages its colour (chroma) with the background's over two
    pixels, so a thin blue 1 turns navy (a 4's colour) and a red 3 maroon (a 5's). The least of
    the plain RGB distance and the distance to ``ref`` with its chroma mixed 35-100% into the
    background's (in JPEG's YCbCr)."""
    c3 = (float(colour[0]), float(colour[1]), float(colour[2]))
    r3 = (float(ref[0]), float(ref[1]), float(ref[2]))
    plain = sum((a - b) ** 2 for a, b in zip(c3, r3)) ** 0.5
    bg3 = (float(background[0]), float(background[1]), float(background[2]))
    (cy, cb, cr), (ry, rb, rr), (_, bb, br) = _ycc(c3), _ycc(r3), _ycc(bg3)
    sb, sr = rb - bb, rr - br
    beta = ((cb - bb) * sb + (cr - br) * sr) / max(sb * sb + sr * sr, 1e-6)
    beta = min(1.0, max(0.35, beta))
    mixed = ((cy - ry) ** 2 + (cb - bb - beta * sb) ** 2 + (cr - br - beta * sr) ** 2) ** 0.5
    return min(plain, mixed)


#: shape evidence: a glyph is like a digit when its best correlation is at least SHAPE_LIKE, and
#: against the colour's digit when another is better by SHAPE_AGAINST. Each tuning game's glyphs
#: against the other games' shapes (a font not seen): no rival was like the glyph and ahead of the
#: true digit by 0.1 (tests/pictures/test_picture_digits.py), so these leave unseen fonts to colour alone
SHAPE_LIKE = 0.65
SHAPE_AGAINST = 0.15
#: a glyph less like a dark digit (a 7: black, dark grey) than this is not that digit, whatever
#: the font, where its colour says so: something black is drawn over the cell (a mouse pointer's
#: outline, a text box). The tuning set's digits score 0.18 and up against their own digit even with
#: their own game's shapes left out (qt-overlay-mid-20x20's aside, whose glyphs take in more than the
#: digit), a 1 with the mouse pointer over it 0.04 against the 7 its pointer's black makes the colour
#: say. (Only dark digits, and a grey one where the stroke has a hue: where specks or dots lie over
#: a digit the glyph may be theirs alone, but its colour, told without them, the digit's.)
SHAPE_NONE = 0.15
#: a glyph this more like another digit than its colour's is unsure
SHAPE_VETO = 0.07
#: a digit colour darker than this (luminance) is a dark digit
DARK_DIGIT = 100.0
#: a stroke's colour this far (RGB) from every digit colour of the skin names none
UNNAMED = 90.0
#: a digit colour this near (colour_distance) the stroke's is one the picture may show
COLOUR_NEAR = 60.0


def _digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """The digit on a revealed cell, and how sure (:func:`_coloured_digit`); where that leaves it
    unsure, a shade of the one digit colour of its hue (CaptainBoulbi's light green 2s, 90 from the
    classic 2's green, in a thin font under SHAPE_LIKE) is that digit, where the shape agrees, ahead
    of every other digit's (:func:`_hue_digit`)."""
    value, conf = _coloured_digit(look, skin)
    if conf >= SURE or skin.digit_tiles or not look.shape:
        return value, conf
    hued = _hue_digit(look.fg_colour, look.background, skin)
    scores = look.shape
    best = max(scores, key=lambda d: scores[d])
    if hued is None or best != hued:
        return value, conf
    second = max((v for d, v in scores.items() if d != best), default=-1.0)
    return str(best), max(conf if value == str(best) else 0.0, _confidence(scores[best] - second, 0.3))


def _coloured_digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """The digit on a revealed cell, and how sure: by colour (the nearest of the skin's digit
    colours, or of its tiles' tints where those tell the number), checked by shape. Where the
    shape is clearly another digit's, that digit is read if its colour could be the stroke's (JPEG
    turns a thin blue 1 into a 4's navy), else the cell is unsure: colour and shape must agree for
    a sure digit."""
    if skin.digit_tiles:
        return _tinted_digit(look, skin)
    if lum_of(look.background) < DARK_TILE:
        return _dark_tile_digit(look, skin)
    colour = look.fg_colour
    # in Python floats (numpy's cost per call was most of this function), numpy's arithmetic to
    # the bit: whole-level references, squares as x * x added in order
    c0, c1, c2 = (float(v) for v in colour)
    dists = sorted((math.sqrt((c0 - r) * (c0 - r) + (c1 - g) * (c1 - g) + (c2 - b) * (c2 - b)), digit)
                   for digit, (r, g, b) in skin.digits.items())
    (d1, digit), (d2, _) = dists[0], dists[1]
    unnamed = d1 >= UNNAMED or _hue_on_grey(colour, skin.digits[digit], look.background) or _grey_for_hue(
        colour, skin.digits[digit])
    conf = 0.1 if unnamed else _confidence(1 - d1 / max(d2, 1e-6), 0.6)
    scores = look.shape
    if not scores:
        return str(digit), conf
    best = max(scores, key=lambda d: scores[d])
    grey_hued = _spread(skin.digits[digit]) < GREY_SPREAD <= _spread(colour)  # a grey digit named by a hued stroke
    if scores[best] < SHAPE_LIKE or (best == digit and conf >= 1.0):
        # the colour decides, where the glyph is not plainly another digit; but a glyph nothing
        # like the dark digit its colour says is something black over the cell (a mouse pointer's
        # outline over a blue 1 makes a 7's dark grey)
        # (a grey digit's too, the classic 8's, where the stroke has a hue, no grey of its own:
        # Windows 7's navy-outlined arrow at 1.25x, its outline blurred into its white, made a covered
        # cell's grey-blue (101, 105, 146) diagonal, 0.04 like an 8: a sure 8; red specks over a grey
        # 8 leave its colour the 8's own grey, test_picture_specks.py)
        dark = lum_of(skin.digits[digit]) < DARK_DIGIT or grey_hued
        return str(digit), min(conf, 0.1) if dark and scores.get(digit, 1.0) < SHAPE_NONE else conf
    near = best in skin.digits and colour_distance(colour, np.array(skin.digits[best], np.float64),
                                                   look.background) < COLOUR_NEAR
    if best != digit and (lead := scores[best] - scores.get(digit, -1.0)) < SHAPE_AGAINST:
        # no sure digit leaning to one the stroke's colour may be (JPEG's navy 1), by over SHAPE_VETO, or grey_hued
        return str(digit), min(conf, 0.1) if near or lead > SHAPE_VETO or grey_hued else conf
    inked = unnamed and _inked(colour, look.background)
    # (against the digits whose colour the ink's hue does not rule out)
    ruled_out = other_hues(colour, skin) - {best} if inked else frozenset()
    plain_ink = inked and _clean_digit(look, str(best), ruled_out)
    if best == digit and (near or not plain_ink):
        # a colour between two digits' (JPEG's blur, a skin's own shade) is settled by a clear
        # shape, against the digits the colour may be: the next nearest, and any whose colour is near
        rivals = _colour_rivals(colour, look.background, skin, digit, dists[1][1])
        second = max((v for d, v in scores.items() if d in rivals), default=-1.0)
        return str(digit), max(conf, _confidence(scores[best] - second, 0.3) if near else 0.0)
    if not near and not plain_ink:
        return str(digit), min(conf, 0.1)
    # the shape's digit has a colour the stroke's may be; or the stroke's colour names no digit
    # (far from every one: a skin's own palette, Windows 7's slate 1), is ink (a hue, darker than
    # the tile: no bevel's white highlight) and the glyph is plainly one digit, as on GNOME's flat look
    # (the nearest colour's digit too: Microsoft Minesweeper's green 2s, 126 from its own 2's olive);
    # where the shape's digit has the ink's colour, against the digits the ink's hue allows (a GIF's
    # blue 1 nearer the 4's navy, 0.91 like a 1 and 0.90 like the red 3: minesweeperonline.com's)
    hues_out = other_hues(colour, skin) - {best} if near and _inked(colour, look.background) else frozenset()
    second = max((v for d, v in scores.items() if d != best and d not in ruled_out | hues_out), default=-1.0)
    return str(best), _confidence(scores[best] - second, 0.3)


#: a colour whose channels lie within this of each other is a grey (a tile's, a grey or black digit's);
#: one whose channels lie HUED apart or more has a hue
GREY_SPREAD, HUED = 30.0, 60.0


def _spread(colour: tuple[int, int, int] | np.ndarray) -> float:
    """How far apart a colour's channels lie (its largest less its smallest), in Python numbers
    where :func:`.colours.plain_channels` allows."""
    values = plain_channels(colour)
    if values is None:
        return float(np.max(colour) - np.min(colour))
    return float(max(values) - min(values))


def _hue_on_grey(colour: np.ndarray, ref: tuple[int, int, int], background: np.ndarray) -> bool:
    """Whether a stroke is ink of a hue (:func:`_inked`) on a grey tile where the digit colour
    nearest it is a grey (the classic 8's, 7's black): no grey digit is drawn in a hue, and a grey
    tile lends its strokes none (JMines' olive 3, 87 from the 8's grey and far from the 3's red,
    names no digit). Nor does a tinted tile lend one more hue than its own: a grey stroke blurred
    into it has channels no further apart than the tile's, so ink HUED further apart than its tile's
    is no grey digit either (Windows 7's slate 1s, (88, 105, 190), 77 from the 8's grey, on its
    bluish (180, 184, 215))."""
    tile = _spread(background)
    return _spread(ref) < GREY_SPREAD and (tile < GREY_SPREAD or _spread(colour) >= tile + HUED) and _inked(
        colour, background)


def _grey_for_hue(colour: np.ndarray, ref: tuple[int, int, int]) -> bool:
    """Whether a grey stroke (channels under GREY_SPREAD apart) has for its nearest digit colour one
    of a hue (HUED): no digit drawn in a hue turns grey, and a grey mark names none (Microsoft
    Minesweeper's 1 fading in, light grey (163, 165, 166), 79 from its green 2 at 1.5x, read a sure 2)."""
    return _spread(colour) < GREY_SPREAD and _spread(ref) >= HUED


#: a stroke's hue this near (degrees) a digit colour's, and this far from every other digit
#: colour's, names that digit (:func:`_hue_digit`)
HUE_NEAR, HUE_APART = 20.0, 40.0


def _hue(colour: tuple[int, int, int] | np.ndarray) -> float:
    """A colour's hue in degrees (HSV's: red 0, green 120, blue 240); 0 for a grey."""
    r, g, b = (float(v) for v in colour)
    high, low = max(r, g, b), min(r, g, b)
    if high == low:
        return 0.0
    if high == r:
        h = (g - b) / (high - low)
    elif high == g:
        h = 2.0 + (b - r) / (high - low)
    else:
        h = 4.0 + (r - g) / (high - low)
    return (60.0 * h) % 360.0


def hue_apart(a: float, b: float) -> float:
    """How far apart two hues (degrees) are around the circle (0..180)."""
    apart = abs(a - b) % 360.0
    return min(apart, 360.0 - apart)


def _hue_digit(colour: np.ndarray, background: np.ndarray, skin: Skin) -> int | None:
    """The digit whose colour has the hue of a stroke of ink (:func:`_inked`) on a grey tile, where
    only one digit colour has it (within HUE_NEAR, every other hued digit colour HUE_APART away):
    a skin's lighter or darker shade of that colour. None where two share the hue (the classic
    blue 1 and navy 4, red 3 and maroon 5) or none has it."""
    if _spread(background) >= GREY_SPREAD or not _inked(colour, background):
        return None
    mine = _hue(colour)
    apart = sorted((hue_apart(mine, _hue(ref)), d) for d, ref in skin.digits.items() if _spread(ref) >= HUED)
    if not apart or apart[0][0] > HUE_NEAR or (len(apart) > 1 and apart[1][0] < HUE_APART):
        return None
    return apart[0][1]


def _colour_rivals(colour: np.ndarray, background: np.ndarray, skin: Skin, digit: int, next_nearest: int) -> set[int]:
    """The digits other than ``digit`` whose colour a stroke of ``colour`` may be: the next nearest
    and those near it (:func:`colour_distance`). A blue 1 between the classic 1's and 4's colours
    (CaptainBoulbi's raylib game: 80 and 81 from them) is no red 3, however alike their glyphs."""
    near = {d for d, ref in skin.digits.items()
            if colour_distance(colour, np.array(ref, np.float64), background) < COLOUR_NEAR}
    return (near | {next_nearest}) - {digit}


def _inked(colour: np.ndarray, background: np.ndarray) -> bool:
    """Whether a stroke's colour is a digit's ink: a hue (channels HUED levels apart or more) darker
    than its tile, or of any lightness on a dark tile (a dark theme's light blue 1s and green 2s on
    near-black, lighter shades of the classic hues). A raised tile's white or grey highlight is neither."""
    return _spread(colour) >= HUED and (lum_of(colour) < lum_of(background) or lum_of(background) < DARK_TILE)


#: a tile this near (RGB) one of the skin's tints is that tint
TINT_NEAR = 12.0


def _tinted_digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """A digit where the tile's tint tells the number (GNOME): the tint and the shape must agree."""
    bg = look.background
    dists = sorted((float(rgb_distance(bg, np.array(ref, np.float64))), digit)
                   for digit, ref in skin.digit_tiles.items())
    d1, digit = dists[0]
    conf = _confidence(1 - d1 / TINT_NEAR, 0.5) if d1 < TINT_NEAR else 0.0
    scores = look.shape or {}
    plain = [ref for ref in skin.revealed if ref not in skin.digit_tiles.values()]
    if d1 >= TINT_NEAR and any(float(rgb_distance(bg, np.array(ref, np.float64))) < TINT_NEAR
                               for ref in plain) and scores:
        # the skin's flat look (GNOME 3's "flat" theme: every digit on the plain revealed tile, no
        # tint): the shape alone, where it is plainly one digit (:func:`_clean_digit`: a glyph this
        # clean never read as a wrong digit in the tuning set, only flags' poles as 1s, and those
        # are told as flags before a digit is looked for)
        return shape_digit(look)
    own = scores.get(digit, -1.0)
    rival = max((v for d, v in scores.items() if d != digit), default=-1.0)
    if own < SHAPE_LIKE or rival - own > -SHAPE_AGAINST:
        return str(digit), min(conf, 0.1)
    return str(digit), min(conf, _confidence(own - rival, 0.3))


#: a glyph this like a digit's shape, and this much more than like any other digit's, is clean
CLEAN_SHAPE, CLEAN_MARGIN = 0.85, 0.2


def _clean_digit(look: CellLook, digit: str, ruled_out: frozenset[int] = frozenset()) -> bool:
    """Whether the cell's glyph is plainly ``digit``: nothing else drawn over it (against every other
    digit but those ``ruled_out``)."""
    scores = look.shape
    if not scores or not digit.isdigit() or int(digit) not in scores:
        return False
    own = scores[int(digit)]
    return own >= CLEAN_SHAPE and all(own - v >= CLEAN_MARGIN for d, v in scores.items()
                                      if d != int(digit) and d not in ruled_out)


#: a mine's glyph is at most this like a digit's shape (the tuning set's shown mines: 0.67, exploded
#: ones 0.71); a black glyph more like one is no sure mine (benchmarks/sweep_fonts.py: black 2s and 4s
#: in DejaVu Sans Bold, 0.82 and 0.88 like their digit, read as mines on a board showing none)
MINE_NOT_DIGIT = 0.75


def digit_glyph(look: CellLook) -> bool:
    """Whether a large dark blob may be a bold dark digit, not a mine: plainly a digit's shape
    (:func:`_clean_digit`), or more like one than any mine's glyph is."""
    scores = look.shape or {}
    return any(_clean_digit(look, str(d)) for d in scores) or max(scores.values(), default=0.0) > MINE_NOT_DIGIT


#: a digit whose colour has a hue this many degrees or more from an ink's hue is no rival to it
OTHER_HUE = 90.0


def other_hues(colour: np.ndarray, skin: Skin) -> frozenset[int]:
    """The digits whose colour is a hue OTHER_HUE or more from the ink ``colour``'s (a hue itself):
    whatever a glyph's shape, a slate stroke is no red 3 (Windows 7's 1s, 0.98 like a 1 and 0.78
    like Haiku's heavy 3 sprite). Greys are no hue and stay rivals."""
    ink = _hue(colour)
    return frozenset(d for d, ref in skin.digits.items()
                     if _spread(ref) >= HUED and hue_apart(_hue(ref), ink) >= OTHER_HUE)


#: a dark blob no fuller than this over its box may be a bold digit rather than a mine (a mine is a
#: filled disc, about 0.6-0.8 of its box; Tatham's 7 fills 0.36)
DIGIT_FILL = 0.5


def dark_digit(look: CellLook, skin: Skin, hued: bool = False) -> tuple[str, float] | None:
    """The digit a mine-like dark blob is, where it is plainly one: its glyph cleanly that digit's
    shape, read surely by colour checked by shape (:func:`_digit`), and not filled as a
    mine's disc; else None. ``hued``: only a digit whose colour has a hue (HUED), for a blob with red
    (a red 3's strokes darkened to near-black in places by a GIF's palette, Windows 7's: a crossed
    mine's and a flag's dark part is black, the 7's and 8's grey)."""
    if look.blob_fill >= DIGIT_FILL or not look.shape:
        return None
    v, conf = _digit(look, skin)
    if hued and _spread(skin.digits.get(int(v), (0, 0, 0)) if v.isdigit() else (0, 0, 0)) < HUED:
        return None
    return (v, conf) if conf >= SURE and _clean_digit(look, v) else None


#: a dark shade of a digit's ink: darker than this (luminance), its hue this near (degrees) the
#: digit colour's
SHADE_DARK, SHADE_HUE = 100.0, 40.0


def own_dark_strokes(look: CellLook, skin: Skin, digit: str) -> bool:
    """Whether a revealed cell's near-black part is its digit's own strokes: the glyph plainly the
    digit's shape (:func:`_clean_digit`), and the stroke's colour near-black itself (under 80 in
    every channel: a dark grey digit, Google's 7), or a dark shade of the digit's own hued ink
    (HUED, luminance under SHADE_DARK, hue within SHADE_HUE of the digit colour's: a GIF's palette
    darkened Windows 7's green 2s and red 3s, parts of them near-black) whose dark part is no mine's
    round filled disc."""
    if not digit.isdigit() or not _clean_digit(look, digit):
        return False
    colour = look.fg_colour
    if float(colour.max()) < 80:
        return True
    ref = skin.digits.get(int(digit))
    return (ref is not None and _spread(ref) >= HUED and _spread(colour) >= HUED and not mine_shaped(look)
            and lum_of(colour) < SHADE_DARK and hue_apart(_hue(colour), _hue(ref)) < SHADE_HUE)


def _dark_tile_digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """The digit on a dark tile (a dark theme's, under DARK_TILE). Every skin known colours its
    digits for a light tile; a dark theme draws shades of its own (Qt's light blue 1s, pale green
    2s, pink 3s, olive 5s, nearest the classic grey 8 by RGB), so no digit colour names the number:
    the shape does, where it is plainly one digit (:func:`_clean_digit`) against every digit whose
    colour's hue is not OTHER_HUE or more from the ink's (:func:`other_hues`), and the digit's own
    hue is not that far (a green stroke shaped as a 1 is unsure). Else unsure."""
    scores = look.shape or {}
    if not scores:
        return "8", 0.0
    best = max(scores, key=lambda d: scores[d])
    ruled_out = other_hues(look.fg_colour, skin) if _spread(look.fg_colour) >= GREY_SPREAD else frozenset()
    if best in ruled_out or not _clean_digit(look, str(best), ruled_out):
        return str(best), 0.1
    second = max((v for d, v in scores.items() if d != best and d not in ruled_out), default=-1.0)
    return str(best), _confidence(scores[best] - second, 0.3)


def shape_digit(look: CellLook) -> tuple[str, float]:
    """The digit by its shape alone, where the colour does not tell the number: sure only where
    the glyph is plainly one digit (:func:`_clean_digit`: a glyph this clean never read as a wrong
    digit in the tuning set, only flags' poles as 1s, and those are told as flags before a digit
    is looked for)."""
    scores = look.shape or {}
    if not scores:
        return "8", 0.0
    best = max(scores, key=lambda d: scores[d])
    if not _clean_digit(look, str(best)):
        return str(best), 0.0
    second = max((v for d, v in scores.items() if d != best), default=-1.0)
    return str(best), _confidence(scores[best] - second, 0.3)


#: an X as a glyph (as in DIGIT_SHAPES): two diagonals from corner to corner, each about a third of
#: the box wide (drawn at 80 px, 28 px wide, and scaled down)
CROSS_SHAPE = "9950059999955999599999950599995005999950599999959995599999500599"
#: a glyph this like CROSS_SHAPE, and ahead of every digit's shape by SHAPE_AGAINST, is an X: drawn
#: Xs (20-48 px cells, lines 8-25% of the cell) score 0.70 and up where their lines stay apart; the
#: tuning set's digits and picture_render's at most 0.35
CROSS_LIKE = 0.55


def crossed(look: CellLook) -> bool:
    """Whether the cell's mark is an X, two crossing diagonals, and no digit: a no-guess game's
    start cell (minesweeper.online's green X), a wrong flag's cross. Its colour may be a digit's (a
    green X is a 2's green) and its shape like no digit (0.3 at most), where colour alone decides
    an unseen font's digit; a font whose digit is some way like an X (a heavy 2) must not make it one."""
    like = _shape_like(look, CROSS_SHAPE)
    return like >= CROSS_LIKE and all(like - v >= SHAPE_AGAINST for v in (look.shape or {}).values())


#: plainly different digits whose strokes come this near (RGB) are drawn in one colour: the skin
#: draws every digit alike (a grey or a black for all), and its colour does not tell the number
ONE_COLOUR = 40.0


def one_colour_digits(marks: list[CellLook]) -> bool:
    """Whether the board's digits (``marks``: the looks of the marks on revealed tiles) are drawn in
    one colour: at least two different digits plainly drawn (:func:`_clean_digit`), and each two
    of those digits with strokes within ONE_COLOUR of each other somewhere on the board (a thin
    stroke takes some of its tile's colour, so a checkerboard's two tiles part one digit's
    strokes by as much as two digits'). Every skin that colours its digits by number parts its
    nearest two (the classic navy 4 and black 7) by 128."""
    by_digit: dict[int, list[np.ndarray]] = {}
    for lk in marks:
        for d in lk.shape or {}:
            if _clean_digit(lk, str(d)):
                by_digit.setdefault(d, []).append(lk.fg_colour)
    if len(by_digit) < 2:
        return False
    sets = [np.array(c, np.float64) for c in by_digit.values()]
    return all(float(rgb_distance(a[:, None, :], b[None, :, :]).min()) <= ONE_COLOUR
               for i, a in enumerate(sets) for b in sets[i + 1:])


#: a tile this far (RGB) from every tile a shape-confirmed digit lies on is of another colour
DIGIT_TILE_APART = 30.0
#: so many shape-confirmed digits show which tile colours digits lie on
CONFIRMED_ENOUGH = 3


def stray_digits(values: list[str], confidence: list[float], looks: list[CellLook]) -> None:
    """A digit read by its colour alone (its glyph not confirmed as that digit's shape: an unseen
    font, or no digit at all) on a tile of another colour than every digit whose shape confirms it
    is unsure: digits lie on the revealed tile, and a mark on a tile of its own colour may be a flag
    drawn as a picture (a green pennant reads as a green 2 by colour alone; tkinter clones draw a
    flag on a white button). In place."""
    def confirmed(look: CellLook, v: str) -> bool:
        scores = look.shape or {}
        own = scores.get(int(v), -1.0)
        return own >= SHAPE_LIKE and own >= max(scores.values())

    digits = [i for i, v in enumerate(values) if v.isdigit() and v != "0"]
    sure = {i for i in digits if confirmed(looks[i], values[i])}
    if len(sure) < CONFIRMED_ENOUGH:
        return
    tiles = np.array([looks[i].background for i in sorted(sure)], np.float64)
    for i in digits:
        if i in sure:
            continue
        apart = float(rgb_distance(tiles, looks[i].background).min())
        if apart > DIGIT_TILE_APART:
            confidence[i] = min(confidence[i], 0.1)
