"""A board whose digits are drawn in one ink, read by groups of like glyphs.

A skin that draws every digit in one colour leaves the shape alone to tell the number: the board is
seen to be one where two different digits are each plainly drawn (:func:`.digits.one_colour_digits`)
in one ink, and each glyph is then read where it is plainly one digit (:func:`.digits.shape_digit`).
A font no stored shape holds may leave no glyph plainly one digit: pygame-heldan's bold serif 1s are
0.94 like a 1 but 0.80 like a 3, its 2s 0.89 like a 2 and 0.72 like a 3 (a margin of 0.2 asked).

But a game draws a digit alike every time, so its glyphs fall into groups: alike within (every two
SAME_GLYPH or more, by correlation) and apart across (every two under APART). Where every mark on
the board's revealed tiles shares one ink (within ONE_COLOUR of each other), and two groups or more,
of GROUP_MIN glyphs each, are each like one digit (CLEAN_SHAPE or more, GROUP_MARGIN ahead of any
other) and like different digits, each more than any other group is like it, the board draws its
digits in one colour: a skin that colours its digits by number parts any two digits' inks by more
than ONE_COLOUR (the classic navy 4 and black 7 by 128), so two different digits in one ink are no
such skin's, and the colour tells nothing. Each such group's glyphs then read as its digit. Shape
never decides against colour on a board whose colours tell the number: the groups' one ink is
what shows that the colour tells nothing. The rules then check the counts against the covered cells,
as for every reading (:mod:`.rules`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import rgb_distance
from .digits import CLEAN_SHAPE, ONE_COLOUR, _clean_digit, one_colour_digits, shape_digit
from .marks import SURE, _confidence

if TYPE_CHECKING:
    from .cells import CellLook

#: glyphs of one digit drawn by one game: every two this alike (correlation) in a group (a game's own
#: 1s and 2s: 0.96-1.0, drawn at one size), every two of two groups less alike than APART (heldan's
#: 1s and 2s 0.39, unity-gray's 0.61)
SAME_GLYPH, APART = 0.9, 0.8
#: a group of this many glyphs or more is read as one digit; a lone glyph may be no digit at all
GROUP_MIN = 2
#: a group's mean likeness to its digit is this far ahead of its likeness to any other digit
#: (heldan's 1s 0.14, its 2s 0.17)
GROUP_MARGIN = 0.1


def _unit_rows(maps: np.ndarray) -> np.ndarray:
    v = maps - maps.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    return np.asarray(v / np.where(norm > 0, norm, 1.0))


def _groups(alike: np.ndarray) -> list[list[int]] | None:
    """The glyphs' groups (indices), from their likeness each to each: every two in a group
    SAME_GLYPH or more alike, every two of two groups less than APART; None where they do not split
    so."""
    groups: list[list[int]] = []
    for i in range(len(alike)):
        for g in groups:
            if alike[i, g[0]] >= SAME_GLYPH:
                g.append(i)
                break
        else:
            groups.append([i])
    for k, g in enumerate(groups):
        if float(alike[np.ix_(g, g)].min()) < SAME_GLYPH:
            return None
        if any(float(alike[np.ix_(g, h)].max()) >= APART for h in groups[k + 1:]):
            return None
    return groups


def group_digits(marks: list[CellLook]) -> dict[int, tuple[str, float]]:
    """Per mark read by its group (keyed by ``id`` of its look), the group's digit and how sure;
    empty where the board's marks are not one ink whose glyphs split into two groups or more read
    as different digits (see the module's text)."""
    if len(marks) < 2 * GROUP_MIN:
        return {}
    inks = np.array([lk.fg_colour for lk in marks], np.float64)
    if float(rgb_distance(inks[:, None, :], inks[None, :, :]).max()) > ONE_COLOUR:
        return {}
    shaped = [lk for lk in marks if lk.glyph is not None and lk.shape]
    if not shaped:
        return {}
    units = _unit_rows(np.array([lk.glyph.reshape(-1) for lk in shaped], np.float64))  # type: ignore[union-attr]
    groups = _groups(units @ units.T)
    if groups is None:
        return {}
    digits = sorted(shaped[0].shape or {})
    likes = np.array([[np.mean([(shaped[i].shape or {}).get(d, -1.0) for i in g]) for d in digits] for g in groups])
    read: dict[int, tuple[int, float]] = {}  # group -> digit, margin
    for k, g in enumerate(groups):
        order = np.argsort(-likes[k])
        best, second = int(order[0]), int(order[1])
        margin = float(likes[k, best] - likes[k, second])
        if len(g) < GROUP_MIN or likes[k, best] < CLEAN_SHAPE or margin < GROUP_MARGIN:
            continue
        if any(likes[j, best] >= likes[k, best] for j in range(len(groups)) if j != k):
            return {}  # another group is as like its digit: no one reading
        read[k] = (best, margin)
    chosen = [best for best, _ in read.values()]
    if len(read) < 2 or len(set(chosen)) < len(chosen):
        return {}
    return {id(shaped[i]): (str(digits[best]), _confidence(margin, 0.3))
            for k, (best, margin) in read.items() for i in groups[k]}


def board_font(marks: list[CellLook]) -> dict[int, tuple[str, float]] | None:
    """None where the board's digit colours tell the number; else (a skin drawing every digit in one
    colour) the marks read by their groups of like glyphs (:func:`group_digits`; may be empty)."""
    grouped = group_digits(marks)
    return grouped if grouped or one_colour_digits(marks) else None


def font_digit(look: CellLook, font: dict[int, tuple[str, float]]) -> tuple[str, float]:
    """The digit of a mark on a board that draws every digit in one colour (``font``:
    :func:`board_font`'s), by its shape: where plainly one digit (:func:`.digits.shape_digit`), or
    as its group reads; unsure where the two disagree."""
    v, conf = shape_digit(look)
    if id(look) not in font:
        return v, conf
    digit, sure = font[id(look)]
    if conf >= SURE and _clean_digit(look, v) and v != digit:
        return digit, 0.1
    return digit, max(sure, conf) if v == digit else sure
