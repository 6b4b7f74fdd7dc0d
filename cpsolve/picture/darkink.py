"""Digits on a dark theme's tiles (:func:`dark_palette`): the board's own digit colours, learnt
from the board. A dark theme (Qionglu735's PyQt game: near-black revealed tiles, light blue 1s,
pale green 2s, pink 3s) draws its digits in shades of its own, which no skin's digit colours name
(:func:`.digits._dark_tile_digit`), and at 20 px a glyph alone is seldom plainly one digit (a
light blue 1 is 0.87 like a 1 and 0.82 like a 3). But each digit is drawn in one colour all over
the board: the marks of one ink are one digit, and their shapes together tell which."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import _lum, lum_of, redness, redness_of, rgb_distance
from .digits import (
    DARK_TILE,
    GREY_SPREAD,
    HUED,
    SHAPE_AGAINST,
    SHAPE_LIKE,
    _clean_digit,
    _spread,
    crossed,
    other_hues,
)
from .marks import _confidence
from .skins import CLASSIC

if TYPE_CHECKING:
    from .cells import CellLook

#: marks whose inks lie within this (RGB) of a group's mean are of one ink
INK_REACH = 40.0
#: an ink on at least this many cells is one digit's, where the mean of their shapes' likeness to
#: it is SHAPE_LIKE or more, and PALETTE_MARGIN more than to any other digit its hue allows
PALETTE_CELLS, PALETTE_MARGIN = 3, 0.1


def ink_groups(at: list[int], looks: list[CellLook]) -> tuple[list[list[int]], list[np.ndarray]]:
    """The cells ``at`` grouped by their marks' ink, in turn: a cell joins the group whose mean ink
    is nearest, within INK_REACH (the mean then taken again), or starts a group. Returns the
    groups and their mean inks (used by :func:`dark_palette` and :mod:`.boardink`)."""
    groups: list[list[int]] = []
    means: list[np.ndarray] = []
    for i in at:
        ink = np.asarray(looks[i].fg_colour, np.float64)
        near = [float(rgb_distance(ink, m)) for m in means]
        k = int(np.argmin(near)) if near else -1
        if k < 0 or near[k] > INK_REACH:
            groups.append([i])
            means.append(ink)
        else:
            groups[k].append(i)
            means[k] = np.mean([looks[j].fg_colour for j in groups[k]], axis=0)
    return groups, means


def dark_palette(values: list[str], confidence: list[float], looks: list[CellLook]) -> list[CellLook]:
    """The digits on dark tiles (luminance under DARK_TILE) read by their ink, in place: each ink
    (marks within INK_REACH) on PALETTE_CELLS or more cells is the digit its glyphs are most like
    together, against the digits whose classic colour's hue the ink's allows
    (:func:`.digits.other_hues`: a light blue ink is no red 3; a plain hue, HUED, no grey 7 or 8), by
    PALETTE_MARGIN; two inks of one digit name none. A cell of such an ink reads as its digit unless
    its own glyph is plainly another's (SHAPE_AGAINST ahead of it: unsure where it is at all ahead
    of it, colour and shape disagreeing), or something lies over it (a
    stroke over a dot, a cross, a dark part, dark along its sides); a cell whose own ink's hue rules
    the digit out (:func:`_not_of`) is unsure (JPEG at 16 px greys Qt's blue 1s to a slate that a
    lone pink 3, 0.89 like a 3 and 0.77 like a 1, lies within INK_REACH of).
    Returns ``looks`` (for the next pass). And a bare covered dark tile whose face is shaded well
    past the others' (:func:`_faint_marks`) is unsure."""
    _faint_marks(values, confidence, looks)
    at = [i for i, v in enumerate(values) if v in "12345678" and looks[i].shape
          and lum_of(looks[i].background) < DARK_TILE and not looks[i].stacked and not crossed(looks[i])
          and looks[i].edge_dark <= 0.05 and looks[i].dark_fraction < 0.1]
    groups, means = ink_groups(at, looks)
    named: dict[int, list[tuple[int, float, frozenset[int]]]] = {}
    for k, members in enumerate(groups):
        if len(members) < PALETTE_CELLS:
            continue
        ruled_out = _not_of(means[k])
        digits = [d for d in looks[members[0]].shape or {} if d not in ruled_out]
        mean = {d: float(np.mean([(looks[i].shape or {}).get(d, -1.0) for i in members])) for d in digits}
        ranked = sorted(mean, key=lambda d: -mean[d])
        if len(ranked) < 2 or mean[ranked[0]] < SHAPE_LIKE:
            continue
        margin = mean[ranked[0]] - mean[ranked[1]]
        if margin >= PALETTE_MARGIN and not _two_digits(ranked[0], [looks[i] for i in members]):
            named.setdefault(ranked[0], []).append((k, _confidence(margin - 0.05, 0.1), ruled_out))
    known = {digit: inks[0][0] for digit, inks in named.items() if len(inks) == 1}
    for k, members in enumerate(groups):
        if k not in known.values():
            _lone_ink(values, confidence, [looks[i] for i in members], members, means[k], set(known))
    for digit, inks in named.items():
        if len(inks) != 1:
            continue  # (two inks of one digit: the palette is not this)
        k, sure, ruled_out = inks[0]
        for i in groups[k]:
            scores = looks[i].shape or {}
            rival = max((v for d, v in scores.items() if d != digit and d not in ruled_out), default=-1.0)
            if digit in _not_of(np.asarray(looks[i].fg_colour, np.float64)):
                confidence[i] = min(confidence[i], 0.1)
            elif scores.get(digit, -1.0) - rival > -SHAPE_AGAINST:
                values[i], confidence[i] = str(digit), max(confidence[i], sure) if values[i] == str(digit) else sure
                if scores.get(digit, -1.0) < rival:  # (its own glyph leans to another digit)
                    confidence[i] = min(confidence[i], 0.1)
            else:
                confidence[i] = min(confidence[i], 0.1)
    return looks


def _two_digits(digit: int, looks: list[CellLook]) -> bool:
    """Whether the marks of one ink show another digit too: PALETTE_CELLS of them or more each
    like one other digit by PALETTE_MARGIN more than like ``digit``. JPEG greys a light blue 1 (100
    160 255) and a green 2 (110 220 110) to inks some 40 apart, and a group of inks grown one mark
    at a time, its mean moving, took in both: the 1s, more, named it, and a 2 whose glyph was
    ahead of a 1 by less than SHAPE_AGAINST, its own ink too grey for a hue (GREY_SPREAD), read a
    sure 1. Such an ink names no digit: its marks are read each by its own glyph (:func:`_lone_ink`)."""
    other: dict[int, int] = {}
    for look in looks:
        scores = look.shape or {}
        best = max(scores, key=lambda d: scores[d], default=digit)
        if best != digit and scores[best] - scores.get(digit, -1.0) >= PALETTE_MARGIN:
            other[best] = other.get(best, 0) + 1
    return max(other.values(), default=0) >= PALETTE_CELLS


def _not_of(ink: np.ndarray) -> frozenset[int]:
    """The digits an ink is not: those whose classic colour's hue is OTHER_HUE or more from its own
    (:func:`.digits.other_hues`), and where it is a plain hue (HUED) the grey 7 and 8."""
    ruled_out = other_hues(ink, CLASSIC) if _spread(ink) >= GREY_SPREAD else frozenset()
    if _spread(ink) >= HUED:
        ruled_out |= {d for d, ref in CLASSIC.digits.items() if _spread(ref) < GREY_SPREAD}
    return ruled_out


def _lone_ink(values: list[str], confidence: list[float], looks: list[CellLook], at: list[int], ink: np.ndarray,
              named: set[int]) -> None:
    """The cells ``at`` of an ink that names no digit (on too few cells: a lone 5), in place: each
    the digit its glyph plainly is (:func:`.digits._clean_digit`) against every digit the ink may
    be, which is none whose own ink the board showed (``named``: each digit has one ink)."""
    ruled_out = _not_of(ink) | frozenset(named)
    for i, look in zip(at, looks):
        scores = {d: v for d, v in (look.shape or {}).items() if d not in ruled_out}
        best = max(scores, key=lambda d: scores[d], default=None)
        if best is None or not _clean_digit(look, str(best), ruled_out):
            continue
        second = max((v for d, v in scores.items() if d != best), default=-1.0)
        values[i], confidence[i] = str(best), _confidence(scores[best] - second, 0.3)


#: a bare dark covered tile whose face's shading (sd of its luminance) is this many times the median
#: of the board's bare dark covered tiles, and FAINT_SHADING or more, carries something faint
SHADED, FAINT_SHADING = 2.0, 2.5
#: ... as does one whose interior's middle holds a stroke this much lighter and redder than the
#: face (:func:`middle_stroke`), in levels
MIDDLE_STROKE = 6.5
#: ... as does a grey one whose face is this much redder (red over the larger of green and blue, in
#: levels) than the least red of the board's bare dark grey covered faces (:func:`_tinted_faces`)
FACE_TINT = 6.5


def middle_stroke(inner: np.ndarray) -> np.ndarray:
    """Per cell (``inner``: N x h x w x 3, the interior's RGB), how much lighter (luminance) and, counted half, redder
    (red over the larger of green and blue) than the face (the interior's median) its middle columns are (within a
    pixel and a half of the interior's centre, as a mark drawn on a tile is centred, give or take the pixel a
    lattice's pitch drifts over a board: at 16.05 px of 16 the crops of the 18th column on lie a pixel right of
    their tiles, and an even interior holds but two columns within one pixel of its centre), down the rows of the
    interior's middle half (their median: a "!" has a gap between its stem and its dot); the most of those columns.
    A thin red "!" on a dark grey tile, drawn 1-2 px wide at 14-19 px and JPEG'd at 70-85, loses most of its red
    and keeps a stem some 8-20 levels lighter: 7.5 and more so (560 flags of drawn near-black boards, 14-24 px,
    JPEG 70-95, read covered before); a bare face's JPEG noise (stripes down the tile from its bevel's edges; red
    bled from a flag beside it, spread over the tile) 6.0 at most (34,746 bare tiles), 5.0 on Qt's grey tiles at 16
    px, JPEG 70. Looked for within one pixel of the centre, 61 of 4,101 flags of drawn dark boards (sweep_drawn.py
    --only dark, seeds 12 and 16) stayed under MIDDLE_STROKE; within a pixel and a half, 10 (4 to 5 of 23,853 bare
    tiles over it)."""
    h, w = inner.shape[1:3]
    if h < 4 or w < 3:
        return np.zeros(len(inner))
    rgb = inner.astype(np.float64)
    mark = _lum(rgb) + 0.5 * redness(rgb)
    centre = np.abs(np.arange(w) - (w - 1) / 2) <= 1.5
    middle = np.median(mark[:, h // 4:h - h // 4][:, :, centre], axis=1)
    face = np.median(mark.reshape(len(mark), -1), axis=1)
    return np.asarray((middle - face[:, None]).max(axis=1))


def _faint_marks(values: list[str], confidence: list[float], looks: list[CellLook]) -> None:
    """Bare covered cells on dark tiles whose face is shaded past the others' made unsure, in place:
    a thin red "!" on a dark grey tile, JPEG's chroma halved, keeps a stroke some 20 levels lighter
    and no red (at 20 px, 1 px wide: under the foreground's 60), so the flag passed for a bare tile.
    And grey ones whose middle holds a lighter stroke (:func:`middle_stroke`): where most covered
    tiles carry such a "!" (every mine flagged, most cells open), the others' median shading is the
    flags' own, and no flag stands out from it."""
    bare = [i for i, v in enumerate(values) if v == "." and lum_of(looks[i].background) < DARK_TILE]
    for i in bare:  # (a grey tile's: Windows 7's glossy blue ones, some under DARK_TILE, shine in their middle)
        if looks[i].stroke >= MIDDLE_STROKE and _spread(looks[i].background) < GREY_SPREAD:
            confidence[i] = min(confidence[i], 0.1)
    _tinted_faces(confidence, [i for i in bare if _spread(looks[i].background) < GREY_SPREAD], looks)
    if len(bare) < PALETTE_CELLS:
        return
    usual = float(np.median([looks[i].shading for i in bare]))
    for i in bare:
        if looks[i].shading >= max(FAINT_SHADING, SHADED * usual):
            confidence[i] = min(confidence[i], 0.1)


def _tinted_faces(confidence: list[float], grey: list[int], looks: list[CellLook]) -> None:
    """The bare covered dark grey tiles ``grey`` whose face (its most common colour) is FACE_TINT or more
    redder than the least red of theirs made unsure, in place: a board draws its covered faces in one
    colour, and a red "!" flag too faint for a stroke (1-2 px wide at 14-16 px, JPEG 70-75: its stem
    5 levels lighter, no lighter than a bare face's noise) bleeds its red over the face, JPEG's chroma
    spread over the tile. Drawn near-black boards (14-24 px, JPEG 70-95; 22,699 bare faces): a bare
    face 5.0 redder than the least red at most, a flag read bare 7.8 and more."""
    if len(grey) < 2:
        return
    least = min(redness_of(looks[i].background) for i in grey)
    for i in grey:
        if redness_of(looks[i].background) - least >= FACE_TINT:
            confidence[i] = min(confidence[i], 0.1)
