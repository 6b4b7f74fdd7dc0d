"""A flag drawn as a banner: a rectangular cloth at the top of a pole, both in one colour, no dark
part (🚩 as some emoji fonts draw it: bobby-driggs's React clone,
tests/data/screens/react-flat-lost-10x10.png, its red flags on white tiles).

:func:`.marks.symbol` needs a flag's dark part, :func:`.marks.pennant` and :func:`.marks.pole_flag`
a triangle, and :func:`.cloth.cloth_flag` a red that stops above the mark's foot; such a flag is
none of them (red to its foot, down the pole), and was read by its red as an unsure 3. Its shape
tells it: the cloth fills the mark's width over the top of its height, the pole alone goes on below
it, down one side."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .cells import CellLook


def _banner(right: bool, top: float, high: float, inset: float, n: int = 8, sub: int = 8) -> np.ndarray:
    """A banner flag as a glyph (:func:`.cells._glyphs`: its box's height the glyph's): a pole an
    eighth of the side wide down the whole height, on the left (``right``: the cloth waves right) or
    the right, and a cloth across the rest of the width from ``top`` of the height, ``high`` of it
    tall, both ``inset`` in from the box's left and right sides (a faint fringe may widen the box);
    each grid cell the fraction of it covered."""
    x = (np.arange(n * sub) + 0.5) / (n * sub)
    across = x if right else 1 - x
    inside = (across >= inset) & (across <= 1 - inset)
    pole = inside & (across < inset + 1 / n)
    cloth = (x >= top) & (x <= top + high)
    drawn = pole[None, :] | (cloth[:, None] & inside[None, :])  # rows (y) x columns
    return drawn.astype(np.float64).reshape(n, sub, n, sub).mean(axis=(1, 3))


#: banners (:func:`_banner`) waving either way, their cloth at the top or an eighth below it (the
#: pole standing above: the React clone's), in a few heights, filling the box's width or an eighth
#: in from each side, as glyphs less their means, unit length
_BANNERS = [(t - t.mean()) / np.linalg.norm(t - t.mean())
            for t in (_banner(right, top, high, inset) for right in (True, False) for top in (0.0, 0.125)
                      for high in (0.5, 0.625, 0.75) for inset in (0.0, 0.125))]

#: a mark this like a banner (correlation), like no digit past the caller's bound and drawn in a
#: colour, is a flag: the React clone's flags 0.91 (tests/pictures/test_picture_banner_flags.py's
#: drawn ones too); the tuning set's other marks so unlike a digit and in a colour 0.83 at most (a
#: wrong flag on its dark red tile, qt-ubuntu-lost-8x8.png), then a website's logo over a covered
#: cell 0.78 and a blue 1 in a GIF frame 0.72 (its other flags: miktolon's Vue pennants 0.85). Sure
#: from BANNER (a confidence of 0.5), wholly from BANNER + BANNER_SCALE / 2
BANNER, BANNER_SCALE = 0.88, 0.04
#: its strokes' RGB channels at least this far apart (as :data:`.marks.POLE_FLAG_CHROMA`: a pointer's
#: black outline round its white body is no flag)
BANNER_CHROMA = 80.0


def banner_flag(look: CellLook, digit_like: float) -> float:
    """How like a banner flag the cell's mark is, -1..1 (:func:`flag_like` on :data:`_BANNERS`)."""
    return flag_like(look, _BANNERS, digit_like, BANNER_CHROMA)


def flag_like(look: CellLook, flags: list[np.ndarray], digit_like: float, chroma: float) -> float:
    """How like the best of ``flags`` (glyphs less their means, unit length) the cell's mark is,
    -1..1; -1 where it has no glyph, is like a digit (past ``digit_like``) or is not drawn in a
    colour (its strokes' RGB channels under ``chroma`` apart). Banners here, pennants on a pole
    (:func:`.marks.pole_flag`): one rule for a flag known by its shape in a colour."""
    g = look.glyph
    if (g is None or max((look.shape or {}).values(), default=0.0) > digit_like
            or float(look.fg_colour.max() - look.fg_colour.min()) < chroma):
        return -1.0
    v = g.ravel() - g.mean()
    norm = float(np.linalg.norm(v))
    return max(float((v * t.ravel()).sum()) / norm for t in flags) if norm > 0 else -1.0
