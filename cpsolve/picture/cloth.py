"""A flag drawn as a red cloth at the top of a pole that is not dark (an emoji-like flag: a light
pole, no black anywhere), which :func:`.marks.symbol` takes for no flag, as it needs a dark part.

The cue is where the red lies in the mark: a flag's cloth fills the top of it, and its pole goes on
below; a digit drawn in red is red over its whole height, and so are a red mine or question mark."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .extents import extent

if TYPE_CHECKING:
    from .cells import CellLook


def red_reach(fg: np.ndarray, red: np.ndarray) -> np.ndarray:
    """Per cell (``fg``, ``red``: N x h x w masks of the interior's foreground and saturated red
    pixels), how far down the mark its red reaches: the lowest red row's place between the mark's
    top (0) and bottom (1) rows; 1.0 where the cell has no red or no mark (a red digit: 1)."""
    n = fg.shape[0]
    mark_rows, red_rows = np.any(fg | red, axis=2), np.any(red, axis=2)
    top, bottom = extent(mark_rows)
    red_bottom = extent(red_rows)[1]
    span = np.maximum(bottom - top, 1)
    reach = (red_bottom - top) / span
    return np.where(np.any(red_rows, axis=1) & (bottom > top), reach, np.ones(n))


#: a red cloth's share of the interior at least (the tuning set's emoji-like flags: 0.13; a speck of
#: red, a digit's anti-aliased fringe, is none)
CLOTH_RED = 0.05
#: the red reaches at most this far down the mark (:func:`red_reach`): the cloth the top of it, the
#: pole the rest (the tuning set's flags with no dark part: 0.48-0.7, miktolon's Vue flags 0.52,
#: Siv3D's emoji flags 0.7); its red digits, mines and question marks reach its foot (0.88 and up:
#: a 5's flat foot). Sure from CLOTH_REACH - CLOTH_SCALE
CLOTH_REACH, CLOTH_SCALE = 0.8, 0.1
#: nearly no dark pixel (a flag with a dark pole or foot is :func:`.marks.symbol`'s already)
CLOTH_DARK = 0.02


def cloth_flag(look: CellLook, digit_like: float) -> bool:
    """Whether the cell's mark is a red cloth on the upper part of a pole that is not dark: red
    CLOTH_RED of the interior or more, reaching no further than CLOTH_REACH down the mark, next to
    no dark pixel, and the mark like no digit (``digit_like``: the caller's bound, past which a
    mark is a digit's)."""
    return (look.red_fraction >= CLOTH_RED and look.dark_fraction < CLOTH_DARK and look.red_reach <= CLOTH_REACH
            and look.side_red < 0.1 and max((look.shape or {}).values(), default=0.0) <= digit_like)
