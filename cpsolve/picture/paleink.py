"""Digits whose ink JPEG paled: the digit colour nearest the stroke's as JPEG shows it.

:func:`.digits._coloured_digit` names a digit by the skin's colour nearest the stroke's in plain RGB.
JPEG keeps a thin stroke's brightness but mixes its colour with the tile's, so a red 3 turns a
pale maroon, (168, 48, 60), nearer the classic 5's (128, 0, 0) than the 3's, or nearer the 8's grey;
a green 2 a grey-green, (67, 103, 64), 92 from the 8's grey and 96 from the 2's green. Colour and
shape then disagree and the digit is unsure, though the glyph is plainly a 3 (or a 2) and the
stroke's brightness the 3's, not the darker 5's.

:func:`pale_digit` reads such a digit as :func:`.digits.colour_distance` has it (which allows for
that mixing): where the digit colour nearest the stroke so is the one the glyph is most like, a
plain shape (SHAPE_LIKE), the stroke ink (darker than its light tile), the digit is that one, as sure
as the colour's lead over the next nearest colour and the glyph's over every digit whose colour
the stroke may also be (within COLOUR_NEAR so, and the plain nearest) allow. Colour and shape must
still agree: a glyph like another digit than the colour's stays unsure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import DARK_TILE, lum_of
from .digits import COLOUR_NEAR, SHAPE_LIKE, _digit, colour_distance
from .marks import SURE, _confidence
from .skins import Skin

if TYPE_CHECKING:
    from .cells import CellLook


def pale_digit(look: CellLook, skin: Skin) -> tuple[str, float]:
    """The digit on a revealed cell and how sure: :func:`.digits._digit`'s, or where that is unsure
    and the stroke's colour as JPEG shows it and the glyph agree, that digit (module doc)."""
    value, conf = _digit(look, skin)
    if conf >= SURE:
        return value, conf
    paled = _paled(look, skin)
    return paled if paled is not None and paled[1] >= SURE else (value, conf)


def _paled(look: CellLook, skin: Skin) -> tuple[str, float] | None:
    scores = look.shape
    if skin.digit_tiles or not scores or len(skin.digits) < 2:
        return None
    colour, background = look.fg_colour, look.background
    if lum_of(background) < DARK_TILE or lum_of(colour) >= lum_of(background):
        return None
    best = max(scores, key=lambda d: scores[d])
    if scores[best] < SHAPE_LIKE or best not in skin.digits:
        return None
    apart = sorted((colour_distance(colour, np.array(ref, np.float64), background), d)
                   for d, ref in skin.digits.items())
    (d1, nearest), (d2, _) = apart[0], apart[1]
    if nearest != best or d1 >= COLOUR_NEAR:
        return None
    plain = min(skin.digits, key=lambda d: float(np.linalg.norm(np.asarray(colour, np.float64) -
                                                                np.array(skin.digits[d], np.float64))))
    rivals = ({d for dist, d in apart if dist < COLOUR_NEAR} | {plain}) - {best}
    second = max((scores.get(d, -1.0) for d in rivals), default=-1.0)
    return str(best), min(_confidence(1 - d1 / max(d2, 1e-6), 0.6), _confidence(scores[best] - second, 0.3))
