"""Text in a picture read glyph by glyph: the connected components of text-coloured pixels, each
classified by template matching against characters drawn with DejaVu Sans and Liberation Sans
(regular and bold), at a fixed normalised size. The templates ship with the
package (glyphdata.py reads data/glyphs.npz; glyphs_build.py renders it from the fonts): a picture
reads the same on every machine, whatever fonts are installed. A glyph whose best match is not
clearly ahead of the second best (:data:`MARGIN`) reads as nothing: a number is then not read,
never guessed. Used by the plain-digit mine counters (textcounter.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

import cv2
import numpy as np

from . import glyphdata
from .colours import channel_min
from .spaced import spaced_slashes

#: the normalised glyph: stretched to this box; a different aspect costs this much a unit of log ratio
NORM_H, NORM_W = 24, 16
ASPECT_WEIGHT = 0.3
#: a glyph is read only when its best match scores this well ...
MIN_SCORE = 0.6
#: ... and this much better than the best match of any other character
MARGIN = 0.08
DIGITS = "0123456789"
#: a glyph wider than this fraction of its height is more than one character (the widest digits,
#: a bold 0 or 4, are some 0.75 of theirs)
WIDE = 0.9
#: a glyph split in two is read as the two digits only when they, drawn in one of the fonts at its
#: width, match it this well (three digits run together, cut in two, do not: the middle one is left;
#: benchmarks/fuzz_counter_digits.py measured 0.85 and 0.9)
PAIR_MIN = 0.9
#: a glyph read as one digit may be this much wider (a fraction of the height, at least a pixel)
#: than that digit in the widest font: a wider one is two digits run into one
SLACK = 0.1
#: a glyph level with a number's digits (top and bottom within LEVEL of their height; for a number
#: read alone, any ink :func:`_unread_beside` finds) no further than NEAR of their height before
#: or after it may be a digit of the same number parted from it (Roboto's 1 stands further from
#: the next digit than a space: "16/40" is "1" and "6/40"): the number is then not read, never
#: read short. (A label's colon is not level; three spaces are further: "Flags: 0/99   Time: 0")
LEVEL = 0.2
NEAR = 0.75
#: a space, as wide as the line's height at most (DejaVu Sans' between "15" and "/": 0.55-0.75 of it,
#: a window stretched 12% wide (jfxmines' oblong cells) 0.8), joins a slash to a word (:func:`fractions`)
SPACE = 1.0


def _inked_part(ink: np.ndarray) -> tuple[np.ndarray, int] | None:
    """``ink`` (0..1) cropped to the box of its inked pixels (over 0.25), and the box's top row;
    None where no pixel is inked."""
    ys, xs = np.nonzero(ink > 0.25)
    if len(ys) == 0:
        return None
    return ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1], int(ys.min())


def normalise(ink: np.ndarray) -> tuple[np.ndarray, float] | None:
    """A glyph's ink (0..1), cropped to its ink and stretched to NORM_W x NORM_H (zero mean, unit
    norm), and its aspect (width / height) before stretching."""
    part = _inked_part(ink)
    if part is None:
        return None
    crop = part[0].astype(np.float32)
    h, w = crop.shape
    box = cv2.resize(crop, (NORM_W, NORM_H), interpolation=cv2.INTER_AREA if h > NORM_H else cv2.INTER_LINEAR)
    box = box - box.mean()
    norm = float(np.linalg.norm(box))
    return (box / norm, w / h) if norm > 0 else None


def _without_foot(ink: np.ndarray) -> np.ndarray:
    """A 1 without the foot (base bar) these fonts give it: the 1 of many others (Arial's
    relatives in GNOME 2, Google's sans) is a flag and a stem."""
    rows = (ink > 0.25).sum(axis=1)
    lit = np.nonzero(rows)[0]
    if len(lit) < 4:
        return ink
    stem = float(np.median(rows[lit]))
    out = ink.copy()
    for y in lit[::-1]:
        if rows[y] <= 1.5 * stem:
            break
        out[y] = 0
    return out


def _slashed(ink: np.ndarray) -> np.ndarray:
    """A 0 with a slash across its counter, lower left to upper right, as thick as its sides: the
    zero of the monospaced fonts that clones draw their LED-like counters in (Consolas, Menlo),
    slashed so as not to pass for an O."""
    lit = ink > 0.25
    ys, xs = np.nonzero(lit)
    if len(ys) == 0:
        return ink
    top, bottom, left, right = int(ys.min()), int(ys.max()), int(xs.min()), int(xs.max())
    w, h = right - left, bottom - top
    row = lit[(top + bottom) // 2, left:right + 1]
    stroke = max(1, int(np.argmin(row)) // 2 if not row.all() else 1)  # (half its left side's width)
    out = ink.copy()
    cv2.line(out, (left + round(0.3 * w), top + round(0.78 * h)), (right - round(0.3 * w), top + round(0.22 * h)),
             1.0, stroke, cv2.LINE_AA)
    return out


@lru_cache(maxsize=64)
def templates(chars: str, height: int) -> tuple[tuple[str, tuple[np.ndarray, float]], ...]:
    """Each character of ``chars`` drawn with each font, at the sizes whose digits are ``height``
    pixels high (so hinting and smoothing look as in the picture), normalised."""
    out = []
    for font, s in glyphdata.sizes_at(height):
        for ch in chars:
            ink = glyphdata.char(font, ch, s)
            variants = [ink, _without_foot(ink)] if ch == "1" else [ink, _slashed(ink)] if ch == "0" else [ink]
            for v in variants:
                t = normalise(v)
                if t is not None:
                    out.append((ch, t))
    return tuple(out)


@lru_cache(maxsize=64)
def _stacked(chars: str, height: int) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """templates(chars, height) as (characters, shapes stacked, aspects)."""
    found = templates(chars, height)
    if not found:
        return (), np.zeros((0, NORM_H, NORM_W), np.float32), np.zeros(0)
    return (tuple(ch for ch, _ in found), np.stack([t for _, (t, _) in found]),
            np.array([a for _, (_, a) in found], np.float64))


def classify(ink: np.ndarray, chars: str, height: int) -> str | None:
    """The character of ``chars`` the glyph is (digits of the font being ``height`` px high), or None
    when no match is good and clearly best."""
    glyph = normalise(ink)
    if glyph is None or not 4 <= height <= 120:
        return None
    shape, aspect = glyph
    names, stack, aspects = _stacked(chars, height)
    if not names:
        return None
    # the shapes' correlation, less a penalty for a different width (a 1 and a 7 stretched alike);
    # all templates at once (a splitting classifies every cut of a glyph), each row summed as
    # numpy sums one template's products, so the same floats as one template at a time
    scores = ((stack * shape[None]).reshape(len(names), -1).sum(axis=1).astype(np.float64)
              - ASPECT_WEIGHT * np.abs(np.log(aspect / aspects)))
    best: dict[str, float] = {}
    for ch, score in zip(names, scores.tolist()):
        best[ch] = max(best.get(ch, -1.0), score)
    if len(best) < 2:
        return None
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    (ch, score), (_, second) = ranked[0], ranked[1]
    return ch if score >= MIN_SCORE and score - second >= MARGIN else None


@lru_cache(maxsize=256)
def _word_inks(text: str, height: int) -> tuple[np.ndarray, ...]:
    """``text`` written with each font at each size whose digits are ``height`` px high, cropped to
    its ink."""
    out = []
    for font, s in glyphdata.sizes_at(height):
        drawn = glyphdata.word(font, text, s)
        part = None if drawn is None else _inked_part(drawn)
        if part is not None:
            out.append(part[0])
    return tuple(out)


def word_score(ink: np.ndarray, text: str, height: int) -> float:
    """How well a word's ink matches ``text`` written in one of the fonts (digits ``height`` px
    high): the correlation of the two at the word's size, less a penalty for a different width, as
    a glyph's (:func:`classify`); -1 where there is no ink or no font. A whole word, not glyph by
    glyph: bold letters touch ("ft"), and a word's letters together say more than each alone."""
    part = _inked_part(ink)
    if part is None or not 4 <= height <= 120:
        return -1.0
    mine = part[0].astype(np.float32)
    mine = mine - mine.mean()
    norm = float(np.linalg.norm(mine))
    best = -1.0
    for drawn in _word_inks(text, height):
        sized = cv2.resize(drawn, (mine.shape[1], mine.shape[0]), interpolation=cv2.INTER_AREA)
        sized = sized - sized.mean()
        scale = norm * float(np.linalg.norm(sized))
        if scale > 0:
            aspect = (mine.shape[1] / mine.shape[0]) / (drawn.shape[1] / drawn.shape[0])
            best = max(best, float((mine * sized).sum()) / scale - ASPECT_WEIGHT * abs(float(np.log(aspect))))
    return best


def glyphs(ink: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Glyph boxes (x, y, w, h) on the band's main text line, left to right: components of ink,
    those overlapping in x merged (the dot of an i, the two dots of a colon)."""
    mask = (ink > 0.3).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    band_h, band_w = ink.shape
    # frame lines and borders are no glyphs: too wide, or as high as the band
    boxes = [tuple(int(v) for v in stats[i, :4]) for i in range(1, n)
             if stats[i, 4] >= 2 and stats[i, 2] <= 2 * stats[i, 3] + 2 and stats[i, 3] < 0.7 * band_h]
    tall = [b for b in boxes if b[3] >= 5]
    if not tall:
        return []
    # the main line: the glyph height most boxes share, and the boxes whose middles lie within it
    centre = float(np.median([b[1] + b[3] / 2 for b in tall]))
    height = float(np.median([b[3] for b in tall]))
    line = sorted(b for b in boxes if abs(b[1] + b[3] / 2 - centre) <= 0.7 * height)
    merged: list[list[int]] = []
    for x, y, w, h in line:
        # merged when one lies mostly above the other (a dot over its stem), not where a slash's
        # smoothed edge touches the next glyph's column
        if merged and min(x + w, merged[-1][0] + merged[-1][2]) - x >= 0.5 * min(w, merged[-1][2]):
            m = merged[-1]
            x1, y1 = max(m[0] + m[2], x + w), max(m[1] + m[3], y + h)
            m[0], m[1] = min(m[0], x), min(m[1], y)
            m[2], m[3] = x1 - m[0], y1 - m[1]
        else:
            merged.append([x, y, w, h])
    return [(m[0], m[1], m[2], m[3]) for m in merged]


def words(boxes: list[tuple[int, int, int, int]]) -> list[list[tuple[int, int, int, int]]]:
    """Glyphs split into words at gaps wider than 0.45 of the line's height."""
    if not boxes:
        return []
    height = float(np.median([b[3] for b in boxes]))
    out = [[boxes[0]]]
    for b in boxes[1:]:
        prev = out[-1][-1]
        if b[0] - (prev[0] + prev[2]) > 0.45 * height:
            out.append([b])
        else:
            out[-1].append(b)
    return out


def _crop(ink: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    x, y, w, h = box
    return ink[y:y + h, x:x + w]


@lru_cache(maxsize=64)
def _digit_inks(height: int) -> tuple[dict[str, tuple[np.ndarray, int]], ...]:
    """Per font and size whose digits are ``height`` px high (as templates() picks them), each
    digit's ink cropped to its box, with the box's top in the rendering (digits share a baseline)."""
    out = []
    for font, s in glyphdata.sizes_at(height):
        inks = {}
        for ch in DIGITS:
            part = _inked_part(glyphdata.char(font, ch, s))
            if part is not None:  # (every font draws every digit)
                inks[ch] = part
        out.append(inks)
    return tuple(out)


def widest(digit: str, height: int) -> int:
    """The widest ``digit`` of the fonts at ``height``, in pixels (0 without fonts)."""
    return max((inks[digit][0].shape[1] for inks in _digit_inks(height)), default=0)


def pair_score(glyph: np.ndarray, a: str, b: str, height: int) -> float:
    """How well digits ``a`` and ``b`` drawn side by side at the glyph's width (overlapping or
    apart as that needs), in the font that fits best, match the glyph: the correlation of the two
    normalised (1 is the same picture)."""
    mine = normalise(glyph)
    if mine is None:
        return 0.0
    width = glyph.shape[1]
    best = 0.0
    for inks in _digit_inks(height):
        (la, ta), (lb, tb) = inks[a], inks[b]
        if lb.shape[1] > width or la.shape[1] > width:
            continue
        top = min(ta, tb)
        canvas = np.zeros((max(ta + la.shape[0], tb + lb.shape[0]) - top, width), np.float32)
        canvas[ta - top:ta - top + la.shape[0], :la.shape[1]] = la
        right = canvas[tb - top:tb - top + lb.shape[0], width - lb.shape[1]:]
        np.maximum(right, lb, out=right)
        drawn = normalise(canvas)
        if drawn is not None:
            best = max(best, float((drawn[0] * mine[0]).sum()))
    return best


def _split_touching(ink: np.ndarray, word: list[tuple[int, int, int, int]], h: int,
                    chars: str = DIGITS + "/", need: str = "/") -> list[tuple[int, int, int, int]]:
    """The word with each glyph too wide for one character split in two where that reads as two
    of ``chars`` (one of them ``need``, when given: GNOME 2's "6/" touch; else Google's "40"):
    only where every cut that reads clearly reads the same pair, else the glyph is left whole (and
    reads as nothing: a counter is left out, never guessed)."""
    out: list[tuple[int, int, int, int]] = []
    for x, y, w, bh in word:
        readings = set()
        lefts, rights = {}, {}
        # (digits only in pairs: three run together are too many cuts to trust)
        if WIDE * bh < w and (need or w <= 2 * WIDE * bh):
            for c in range(2, w - 1):
                left, right = (x, y, c, bh), (x + c, y, w - c, bh)
                a, b = classify(_crop(ink, left), chars, h), classify(_crop(ink, right), chars, h)
                lefts[c], rights[c] = a, b
                # (a digit is narrower than WIDE: a wider piece is more than one, read as one)
                one_each = bool(need) or max(c, w - c) <= WIDE * bh
                if a is not None and b is not None and (need in (a, b) and a != b if need else True):
                    readings.add((a, b, c, one_each))
        if not need and readings:
            # digits that overlap rather than touch hide part of each other, and a cut may read a
            # 4 and a 0 as a 2 and a 0: the left piece of every cut right of the first clear one
            # holds the whole left digit, so it must read as that digit or as nothing (the right
            # piece likewise), else the glyph is not split (the cuts counted before the pieces'
            # widths are: a wide piece still shows what the cut reads)
            first, last = min(r[2] for r in readings), max(r[2] for r in readings)
            if (len({v for c, v in lefts.items() if c >= first and v is not None}) > 1
                    or len({v for c, v in rights.items() if c <= last and v is not None}) > 1):
                readings = set()
            if len(readings) < 2:
                readings = set()  # one cut alone reads two digits: by chance, not a clear touch
        readings = {r for r in readings if r[3]}
        pairs = {(a, b) for a, b, _, _ in readings}
        if len(pairs) == 1 and not need:
            # the two digits must make up the whole glyph: three run together and cut in two
            # read as two digits with the middle one hidden in them
            ((a, b),) = pairs
            if pair_score(_crop(ink, (x, y, w, bh)), a, b, h) < PAIR_MIN:
                pairs = set()
        if len(pairs) == 1:
            c = sorted(readings)[len(readings) // 2][2]
            out += [(x, y, c, bh), (x + c, y, w - c, bh)]
        else:
            out.append((x, y, w, bh))
    return out


def _parted(word: list[tuple[int, int, int, int]], line: list[tuple[int, int, int, int]], h: int,
            ink: np.ndarray | None = None) -> bool:
    """Whether a glyph of the line outside ``word`` lies level with its glyphs and no further than
    NEAR of their height ``h`` before or after it (:data:`NEAR`); with ``ink``, one that reads as a
    digit (a spaced "n / m" lies a space from its label's colon)."""
    top = float(np.median([b[1] for b in word]))
    bottom = float(np.median([b[1] + b[3] for b in word]))
    left, right = word[0][0], word[-1][0] + word[-1][2]
    return any(b not in word and abs(b[1] - top) <= LEVEL * h and abs(b[1] + b[3] - bottom) <= LEVEL * h
               and (0 <= left - (b[0] + b[2]) <= NEAR * h or 0 <= b[0] - right <= NEAR * h)
               and (ink is None or classify(_crop(ink, b), DIGITS, h) is not None) for b in line)


def _unread_beside(ink: np.ndarray, word: list[tuple[int, int, int, int]], h: int) -> bool:
    """Whether ink half to one and a half times as high as the word's digits ``h`` (a box's frame
    is higher), beside its rows, lies no further than NEAR of ``h`` before or after it: a digit
    parted from it, or digits run together into a component glyphs() leaves out as too wide for
    text (Liberation Bold's "12345" is a "1" and a wide "2345")."""
    top, bottom = min(b[1] for b in word), max(b[1] + b[3] for b in word)
    left, right = word[0][0], word[-1][0] + word[-1][2]
    n, _, stats, _ = cv2.connectedComponentsWithStats((ink > 0.3).astype(np.uint8), connectivity=8)
    for x, y, w, bh, area in stats[1:].tolist():
        if (area >= 2 and 0.5 * h <= bh <= 1.5 * h and y < bottom and y + bh > top and not left <= x <= x + w <= right
                and x < right + NEAR * h and x + w > left - NEAR * h):
            return True
    return False


def read_fraction(ink: np.ndarray, spaced: bool = False) -> tuple[int, int] | None:
    """The one "n/m" word of a band of text (GNOME's "Flags: 6/10"; with ``spaced``, "n / m" too:
    jfxmines' "Mines: 15 / 99"), or None."""
    found = fractions(ink, spaced=spaced)
    return found[0] if len(found) == 1 else None


def fractions(ink: np.ndarray, digits_level: bool = False, spaced: bool = False) -> list[tuple[int, int] | None]:
    """Each word of the band's main line with one slash between glyphs, read as (n, m), or None
    where its other glyphs are not all clearly digits (a fraction seen but not read). With
    ``digits_level``, a word whose other glyphs do not all share one top and bottom (as digits do)
    is words with a letter taken for a slash (a "t" of "Start Over"), not a fraction: skipped. With
    ``spaced``, a slash a space from a word before or after it (no further than SPACE of the line's
    height) is one word with it ("15 / 99": :func:`.spaced.spaced_slashes`)."""
    found: list[tuple[int, int] | None] = []
    line = glyphs(ink)
    ws = words(line)
    if spaced and ws:
        h_line = int(np.median([b[3] for b in line]))
        ws = spaced_slashes(ws, SPACE * h_line, lambda b: classify(_crop(ink, b), DIGITS + "/", h_line) == "/")
    for word in ws:
        h = int(np.median([b[3] for b in word]))
        word = _split_touching(ink, word, h)
        if len(word) < 3:
            continue
        slashes = [i for i, b in enumerate(word) if classify(_crop(ink, b), DIGITS + "/", h) == "/"]
        if len(slashes) != 1 or not 0 < slashes[0] < len(word) - 1:
            continue
        if digits_level:
            others = [b for i, b in enumerate(word) if i != slashes[0]]
            top = float(np.median([b[1] for b in others]))
            bottom = float(np.median([b[1] + b[3] for b in others]))
            if any(abs(b[1] - top) > 0.15 * h or abs(b[1] + b[3] - bottom) > 0.15 * h for b in others):
                continue
        text = "".join("/" if i == slashes[0] else (classify(_crop(ink, b), DIGITS, h) or "?")
                       for i, b in enumerate(word))
        match = None if _parted(word, line, h, ink if spaced else None) else re.fullmatch(r"(\d{1,4})/(\d{1,4})", text)
        # (a slash between glyphs that are not all clearly digits: seen, so no other is the one)
        found.append(None if match is None else (int(match[1]), int(match[2])))
    return found if None not in found else [None]


def read_number(ink: np.ndarray, boxed: bool = False) -> int | None:
    """The first word of a band of text, read as a number (all its glyphs clearly digits, and no
    digit cut by the band's edge or parted from it), or None.
    ``boxed``: every glyph of the band's line is the number, however far apart (a display box holds
    nothing else, and some draw each digit in a box of its own)."""
    line = glyphs(ink)
    ws = words(line)
    if boxed and ws:
        ws = [[b for w in ws for b in w]]
    if not ws or len(ws[0]) > 4:
        return None
    h = int(np.median([b[3] for b in ws[0]]))
    # a digit cut by the band's edge, or one parted from the rest by a wide gap, would leave the
    # number short ("12345" in a band as wide as four digits read as 1234)
    if ws[0][0][0] <= 0 or ws[0][-1][0] + ws[0][-1][2] >= ink.shape[1] or _unread_beside(ink, ws[0], h):
        return None
    # digits drawn close touch (Google's "40" at some zooms): a glyph as wide as two is split
    word = _split_touching(ink, ws[0], h, DIGITS, need="")
    if len(word) > 4:
        return None
    if any(b[2] > WIDE * b[3] for b in word):
        return None  # digits run together that no cut parts: one would be read for several
    digits = [classify(_crop(ink, b), DIGITS, h) for b in word]
    if any(d is None for d in digits):
        return None
    # a glyph (not a piece of one cut in two) wider than its digit can be is two run into one
    whole = set(ws[0])
    if any(b in whole and b[2] > widest(d, h) + max(1.0, SLACK * h) for b, d in zip(word, digits) if d is not None):
        return None
    return int("".join(d for d in digits if d is not None))


def dark_ink(area: np.ndarray) -> np.ndarray:
    """Dark text on a light background: 0 at the background's grey, 1 at black."""
    grey = area.astype(np.float32).mean(axis=2)
    background = float(np.percentile(grey, 75))
    if background < 120:
        return np.zeros_like(grey)
    return np.clip((background - grey) / max(1.0, background - 20.0), 0.0, 1.0)


def white_ink(area: np.ndarray) -> np.ndarray:
    """White text on a coloured background: the lowest channel's rise above the background's."""
    low = channel_min(area.astype(np.float32))
    background = float(np.median(low))
    return np.clip((low - background) / max(1.0, 255.0 - background - 20.0), 0.0, 1.0)


def text_lines(ink: np.ndarray, most: float) -> list[tuple[np.ndarray, int, int, int]]:
    """The band's lines of text, each alone on a blank band of its own (top to bottom): the ink's
    components no wider or higher than ``most`` (frames and buttons' borders are larger), grouped
    into lines by the blank rows between them; each line keeps only its own components' ink (and
    their smoothed edges), with blank rows above and below as high as half the line, so that
    glyphs() takes the line as the band's main one and no clipped part of a neighbouring line;
    with the line's top and bottom rows in ``ink`` and how many components it has."""
    mask = (ink > 0.3).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    small = [i for i in range(1, n) if stats[i, 2] <= most and stats[i, 3] <= most]
    rows = np.zeros(ink.shape[0], bool)
    for i in small:
        rows[stats[i, 1]:stats[i, 1] + stats[i, 3]] = True
    lines, y = [], 0
    while y < len(rows):
        if not rows[y]:
            y += 1
            continue
        top = y
        while y < len(rows) and rows[y]:
            y += 1
        lines.append((top, y))
    out = []
    for top, bottom in lines:
        mine = [i for i in small if top <= stats[i, 1] < bottom]
        keep = cv2.dilate(np.isin(labels, mine).astype(np.uint8), np.ones((3, 3), np.uint8))
        pad = (bottom - top) // 2 + 3
        band = np.zeros((bottom - top + 2 * pad, ink.shape[1]), np.float32)
        lo, hi = max(0, top - 1), min(ink.shape[0], bottom + 1)
        band[pad - (top - lo):pad + (hi - top)] = ink[lo:hi] * keep[lo:hi]
        out.append((band, top, bottom, len(mine)))
    return out
