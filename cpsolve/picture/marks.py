"""What is drawn on a cell, whatever its tile: the exploded mine's red background, a crossed-out
flag, a mine, a flag, another mark (a digit or a question mark), or nothing; and how sure
(:func:`symbol`). The first step of :func:`.cells.classify_board`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .banner import BANNER, BANNER_SCALE, banner_flag, flag_like
from .cloth import CLOTH_REACH, CLOTH_SCALE, cloth_flag
from .colours import rgb_distance

if TYPE_CHECKING:
    from .cells import CellLook


def _confidence(margin: float, scale: float) -> float:
    return float(max(0.0, min(1.0, margin / scale)))


#: a cell whose confidence is below this is unsure
SURE = 0.35


#: symbols a cell can carry, whatever its tile
RED_BG, CROSSED, MINE, FLAG, MARK, NOTHING = "red background", "crossed", "mine", "flag", "mark", "nothing"
RED_AND_DARK = "red and dark"

#: an explosion's yellow: at least this fraction of the interior (GNOME 2.1x's burst: 0.3; Qt's burst
#: on its exploded mine's dark red tile, tests/data/screens/qt-ubuntu-lost-8x8.png: 0.28; no flag or
#: wrong flag of the tuning set shows any)
BURST = 0.1


#: a round mark (:func:`round_marks`): each of its mirror images (left-right, top-bottom, about
#: its diagonal) covers at least this share of it (a disc 0.96 and up, nholthaus's Qt burst with its
#: spikes 0.83; the tuning set's digits, flags and '?'s at most 0.74, but for a 1 or a 6 mirrored
#: left-right, never about the diagonal), sure from ROUND + ROUND_SCALE
ROUND, ROUND_SCALE = 0.75, 0.05
#: ... its middle (the glyph's central quarter) this filled (digits 0.86 at most, a 4's crossing)
ROUND_MIDDLE = 0.9
#: ... its box filled between these (a disc 0.79, a burst's core without its faint rays 0.47; a
#: filled square, a hint's highlight, is no mine)
ROUND_FILL = (0.4, 0.9)
#: ... its box's four corners (a quarter of its side each way) filled this much at most (a disc's
#: 0.37-0.4, a burst's 0.04; an X's arms end there, 0.8 and more: a wrong flag's cross, a
#: no-guess game's start cell)
ROUND_CORNERS = 0.55
#: ... as wide as this share of its height, and its colour this far (RGB) from its tile's (the Qt
#: burst's orange 239 from its light grey, bandaranayake's purple discs 85 from theirs)
ROUND_WIDE, ROUND_APART = 0.85, 60.0


def round_marks(looks: list[CellLook]) -> np.ndarray:
    """Per cell, how round its mark is, as a mine is (a disc, or a burst with short spikes), in any
    colour apart from its tile's: symmetric every way, filled at its middle, bare at its box's
    corners (no X), wide as it is high; a mine shown whatever its colour (not only near-black), which
    no digit or flag is. The margin (above 0: round) in the units of :data:`ROUND`; -1 where the
    mark is not that large, apart, wide or filled, or there is none. All cells at once."""
    out = np.full(len(looks), -1.0)
    glyphs = [(i, lk.glyph) for i, lk in enumerate(looks) if lk.glyph is not None and lk.fg_fraction >= 0.15]
    if not glyphs:
        return out
    which = [i for i, _ in glyphs]
    g = np.stack([glyph for _, glyph in glyphs]).astype(np.float64)  # N x 8 x 8
    fg = np.stack([looks[i].fg_colour for i in which]).astype(np.float64)
    bg = np.stack([looks[i].background for i in which]).astype(np.float64)
    side = g.shape[1]
    idx = np.arange(side)
    cols = g.max(axis=1) > 0.05                                               # N x 8
    first, last = cols.argmax(axis=1), side - 1 - cols[:, ::-1].argmax(axis=1)
    span = np.maximum(last - first + 1, 1)
    in_box = (idx >= first[:, None]) & (idx <= last[:, None])
    fill = (g * in_box[:, None, :]).sum(axis=(1, 2)) / (side * span)
    # the box's corners, a quarter of its side each way
    a, b = max(1, round(side / 4)), np.maximum(1, np.round(span / 4)).astype(int)
    ends = ((idx >= first[:, None]) & (idx < (first + b)[:, None])) | ((idx > (last - b)[:, None]) & in_box)
    rows = (idx < a) | (idx >= side - a)
    corners = (g * rows[None, :, None] * ends[:, None, :]).sum(axis=(1, 2)) / np.maximum(2 * a * ends.sum(axis=1), 1)
    total = np.maximum(g.sum(axis=(1, 2)), 1e-9)
    sym = np.min([1 - np.abs(g - m).sum(axis=(1, 2)) / (2 * total)
                  for m in (g[:, :, ::-1], g[:, ::-1], g.transpose(0, 2, 1))], axis=0)
    ok = ((rgb_distance(fg, bg) >= ROUND_APART) & (cols.sum(axis=1) >= ROUND_WIDE * side)
          & (g[:, 2:6, 2:6].mean(axis=(1, 2)) >= ROUND_MIDDLE) & (fill >= ROUND_FILL[0]) & (fill <= ROUND_FILL[1])
          & (corners <= ROUND_CORNERS))
    out[which] = np.where(ok, sym - ROUND, -1.0)
    return out


#: a dark blob whose box spans the cell's interior (the middle 60%) both ways, CLIPPED_SPAN of it or
#: more, is cut by it or nearly: a mine's disc so large fills its box about as a square holds its
#: inscribed disc (pi / 4) or more, less its highlight (the tuning set's mines so large, scaled
#: 0.65-1.5: 0.52 and up; GNOME 1's, 0.48 at a span of 0.86 at most), a large digit's strokes less
#: (raylib's 4 filling its cell, 0.36-0.39): such a blob filling less than CLIPPED_FILL is no sure mine
CLIPPED_SPAN, CLIPPED_FILL = 0.9, 0.5
#: a flag whose diagonals are crossed this much (:func:`.colours._cross`) or more may be crossed out
#: (a wrong flag), and is no sure flag (sure below FLAG_CROSS - 0.1): GNOME 2's crossed flag scaled
#: 0.8 crosses 0.76 (0.88 at full size), the tuning set's flags 0.71 at most
FLAG_CROSS = 0.75


def red_tile_colour(bg: np.ndarray) -> bool:
    """Whether a tile colour is the exploded mine's red (red over 170, green and blue under 90)."""
    return bool(bg[0] > 170 and bg[1] < 90 and bg[2] < 90)


def symbol(look: CellLook) -> tuple[str, float]:
    """What is drawn on the cell, whatever its tile, and how sure: the exploded mine's red
    background, a crossed-out flag or mine (a wrong flag), a mine, a flag, another mark (a digit or
    a question mark), or nothing."""
    bg = look.background
    # the exploded mine's tile is red up to its sides. A wrong flag's red cross over a mine can be
    # the cell's most common colour too (JPEG splits the classic grey, 192, between two bins), but
    # reaches the ring along the sides only at its ends: red along the sides is the second cue, and
    # the red colour alone is none (drawn lost boards: X's sides at least 0.6 red, W's at most 0.3)
    red_bg = red_tile_colour(bg) and (look.side_red >= 0.5 or (look.red_fraction > 0.2 and look.side_red >= 0.35))
    mine_like = (look.dark_fraction >= 0.12 and look.blob_fill >= 0.35 and look.blob_span >= 0.35
                 and max(bg) > 100 and look.dark_fraction < 0.9 and look.blob_round >= 0.6)
    if red_bg:
        # and a mine on it, not crossed out (an X crosses its diagonals at most half way, a W's
        # cross runs along them: the two cues disagree, and the cell is unsure)
        # (a mine drawn in a colour, bandaranayake's dark red disc, as a near-black one)
        round_mine = not mine_like and float(round_marks([look])[0]) > 0
        return RED_BG, min(1.0 if mine_like or round_mine else 0.2, _confidence(look.side_red - 0.3, 0.2),
                           _confidence(0.7 - look.cross, 0.1))
    crossed_mine = (look.dark_fraction >= 0.1 and look.blob_fill >= 0.25 and look.blob_span >= 0.35
                    and look.red_fraction >= 0.02 and max(bg) > 100)
    if look.cross >= 0.8 and look.red_fraction >= 0.02 and look.dark_fraction >= 0.05:
        return CROSSED, _confidence(look.cross - 0.7, 0.1)
    if crossed_mine:  # winmine's wrong flag (a mine crossed in red, on a flat tile), or a flag
        return RED_AND_DARK, 1.0
    if mine_like and look.red_fraction < 0.02:
        # (a trace of red on a mine may be a blurred red cross: a wrong flag, not a mine; and a blob
        # as large as the interior, filling it less than CLIPPED_FILL, is no mine's disc)
        return MINE, min(_confidence(look.blob_fill - 0.3, 0.15), _confidence(0.015 - look.red_fraction, 0.015),
                         _confidence(0.02 - look.reddish, 0.01),
                         0.1 if look.blob_span >= CLIPPED_SPAN and look.blob_fill < CLIPPED_FILL else 1.0)
    if look.red_fraction >= 0.03 and look.dark_fraction >= 0.02:
        # (a flag half crossed out, or whose dark part is a mine's round blob, is no sure flag)
        mine_shape = mine_shaped(look)
        # (nor is one whose sides are red: the exploded mine's red tile, its mine read off the
        # background, which a 16 px mine can outnumber)
        return FLAG, min(_confidence(min(look.red_fraction - 0.015, look.dark_fraction - 0.01), 0.03),
                         _confidence(FLAG_CROSS - look.cross, 0.1), 0.1 if mine_shape else 1.0,
                         _confidence(0.3 - look.side_red, 0.1))
    if look.fg_fraction < 0.02:
        # (but a red stroke too thin to pass for foreground, blurred into a dark tile by JPEG, a
        # small "!" flag, is no bare tile: reddish pixels on a tile that is not itself reddish)
        red_trace = look.reddish >= 0.02 and bg[0] - max(bg[1], bg[2]) < 40
        return NOTHING, min(_confidence(0.035 - look.fg_fraction, 0.015), 0.1 if red_trace else 1.0)
    if look.fg_fraction < 0.035:
        # a small mark may be a speck, but not a thin stroke plainly one digit's shape (a 1 in a
        # thin font at 64 px covers 0.034 of its cell)
        from .digits import _clean_digit  # (digits reads this module)

        return MARK, 1.0 if any(_clean_digit(look, str(d)) for d in look.shape or {}) else 0.1
    return MARK, 1.0


#: round marks (:func:`round_marks`) within this (RGB) of each other's colour are alike
ROUND_ALIKE = 40.0
#: a round mark whose saturated red pixels (a flag's cloth: :func:`.colours._red`) are at least this
#: share of its foreground is no sure mine: pygame's red pennants with their grey poles, scaled to
#: 13 px, blur into round marks (red 0.64 of them); the tuning set's round mines 0.06 at most
#: (nholthaus's orange bursts)
RED_CLOTH = 0.5


def marks_of(looks: list[list[CellLook]]) -> list[list[tuple[str, float]]]:
    """What is drawn on each cell (:func:`symbol`), row by row, with the mines drawn in a colour
    (:func:`round_mines`), the flags drawn as a pennant in a colour (:func:`pennant`), those drawn
    as a red cloth on a pole that is not dark (:func:`.cloth.cloth_flag`) and those drawn as a
    rectangular cloth atop a pole of its colour (:func:`.banner.banner_flag`)."""
    symbols = [[symbol(lk) for lk in row] for row in looks]
    round_mines(looks, symbols)
    for r, row in enumerate(looks):
        for c, lk in enumerate(row):
            if symbols[r][c][0] != MARK:
                continue
            if (like := pennant(lk)) >= PENNANT:
                symbols[r][c] = (FLAG, _confidence(like - PENNANT + PENNANT_SCALE / 2, PENNANT_SCALE))
            elif (like := pole_flag(lk)) >= POLE_FLAG:
                symbols[r][c] = (FLAG, _confidence(like - POLE_FLAG + POLE_FLAG_SCALE / 2, POLE_FLAG_SCALE))
            elif cloth_flag(lk, PENNANT_DIGIT):
                # (a red cloth atop a light pole, no dark part: an emoji-like flag, :mod:`.cloth`)
                symbols[r][c] = (FLAG, _confidence(CLOTH_REACH - lk.red_reach, CLOTH_SCALE))
            elif (like := banner_flag(lk, PENNANT_DIGIT)) >= BANNER:
                # (a rectangular cloth atop a pole of its colour: an emoji's flag, :mod:`.banner`)
                symbols[r][c] = (FLAG, _confidence(like - BANNER + BANNER_SCALE / 2, BANNER_SCALE))
    return symbols


def _triangle(right: bool, n: int = 8, sub: int = 8) -> np.ndarray:
    """An isosceles triangle filling an n x n box, its base on the left side (pointing right) or on
    the right, each grid cell the fraction of it covered."""
    x = (np.arange(n * sub) + 0.5) / (n * sub)
    t = x if right else 1 - x
    inside = np.abs(x[:, None] - 0.5) <= 0.5 * (1 - t[None, :])   # rows (y) x columns
    return inside.reshape(n, sub, n, sub).mean(axis=(1, 3))


#: a flag's pennant, pointing either way, as a glyph (:func:`pennant`), less its mean, unit length
_PENNANTS = [(t - t.mean()) / np.linalg.norm(t - t.mean()) for t in (_triangle(True), _triangle(False))]
#: a mark whose glyph is this like a pennant (correlation), and no more like any digit than
#: PENNANT_DIGIT, is a flag whatever its colour (zCRUSADERz's green pennants: 0.84, like no digit
#: past 0.24; Windows 7's red one 0.98); the tuning set's other marks 0.70 at most (a solver's hint
#: square), its digits 0.60. Sure from PENNANT + PENNANT_SCALE / 2
PENNANT, PENNANT_DIGIT, PENNANT_SCALE = 0.8, 0.5, 0.1


def pennant(look: CellLook) -> float:
    """How like a flag's pennant (a triangle pointing left or right) the cell's mark is, -1..1; -1
    where it has no glyph or is like a digit (past PENNANT_DIGIT)."""
    g = look.glyph
    if g is None or max((look.shape or {}).values(), default=0.0) > PENNANT_DIGIT:
        return -1.0
    v = g.ravel() - g.mean()
    norm = float(np.linalg.norm(v))
    return max(float((v * t.ravel()).sum()) / norm for t in _PENNANTS) if norm > 0 else -1.0


def _pole_flag(right: bool, high: float, wide: float, n: int = 8, sub: int = 8) -> np.ndarray:
    """A flag drawn as a pennant on a pole, as a glyph (:func:`.cells._glyphs`: its box's height
    the glyph's, its width in proportion, centred): a pole an eighth of the glyph's side less a
    little wide, down the glyph's whole height, and at its top a triangle ``high`` of the height
    tall and ``wide`` times that long, its base on the pole, pointing right or left; each grid cell
    the fraction of it covered."""
    pole = 0.6 / n
    x = (np.arange(n * sub) + 0.5) / (n * sub)
    across = x if right else 1 - x
    base = 0.5 - (pole + wide * high) / 2 + pole
    t = (across - base) / (wide * high)
    triangle = (t >= 0) & (t <= 1) & (np.abs(x[:, None] - high / 2) <= high / 2 * (1 - t[None, :]))
    drawn = ((across >= base - pole) & (across < base))[None, :] | triangle  # rows (y) x columns
    return drawn.astype(np.float64).reshape(n, sub, n, sub).mean(axis=(1, 3))


#: flags as a pennant on a pole (:func:`pole_flag`), pointing either way, in a few proportions, as
#: glyphs less their means, unit length; and a tall pennant on a short pole (three quarters of the
#: flag's height: TheToasterMonster's Unity flags, all red, a foot under the pole, 0.89-0.93 like it,
#: 0.77 like the others)
_POLE_FLAGS = [(t - t.mean()) / np.linalg.norm(t - t.mean())
               for t in (_pole_flag(right, high, wide) for right in (True, False)
                         for high, wide in [(h, w) for h in (0.4, 0.5, 0.6) for w in (0.8, 1.1, 1.4)] + [(0.75, 0.8)])]
#: a mark whose glyph is this like a pennant on a pole (correlation), like no digit past
#: PENNANT_DIGIT, and drawn in a colour (its strokes' RGB channels POLE_FLAG_CHROMA apart or more)
#: is a flag: the tkinter clone's red pennants on golden poles, no black, on flat white tiles
#: (0.93); the tuning set's other marks so unlike a digit 0.68 at most (a blue 1 scaled and
#: dithered), but for a mouse pointer's arrow over a covered cell (0.86), black and white. Sure
#: from POLE_FLAG + POLE_FLAG_SCALE / 2
POLE_FLAG, POLE_FLAG_SCALE, POLE_FLAG_CHROMA = 0.85, 0.1, 80.0


def pole_flag(look: CellLook) -> float:
    """How like a flag drawn as a pennant on a pole the cell's mark is, -1..1; -1 where it has no
    glyph, is like a digit (past PENNANT_DIGIT), or is not drawn in a colour (a pointer's black
    outline round its white body)."""
    return flag_like(look, _POLE_FLAGS, PENNANT_DIGIT, POLE_FLAG_CHROMA)


def pole_flagged(look: CellLook) -> bool:
    """Whether the cell's mark is a pennant on a pole in a colour (:func:`pole_flag`): a flag by its
    shape, whatever its tile (the tkinter clone draws its flags on flat tiles)."""
    return pole_flag(look) >= POLE_FLAG


def _cross_glyph(half: float, n: int = 8, sub: int = 8) -> np.ndarray:
    """An X from corner to corner of an n x n box, its strokes ``half`` of the side either side of
    each diagonal, each grid cell the fraction of it covered."""
    x = (np.arange(n * sub) + 0.5) / (n * sub)
    drawn = (np.abs(x[:, None] - x[None, :]) <= half) | (np.abs(x[:, None] + x[None, :] - 1) <= half)
    return drawn.astype(np.float64).reshape(n, sub, n, sub).mean(axis=(1, 3))


#: an X as a glyph, in a few stroke widths, less its mean, unit length
_CROSSES = [(t - t.mean()) / np.linalg.norm(t - t.mean()) for t in (_cross_glyph(h) for h in (0.1, 0.15, 0.2, 0.25))]
#: a mark whose glyph is this like an X (correlation), like no digit past PENNANT_DIGIT, and green
#: (its strokes' green this far above their red and blue) is a no-guess game's start cell, a cell
#: not yet opened (minesweeper.online's green X: 0.96, green by 123); the tuning set's other marks
#: 0.71 at most (GNOME 1's crossed flag), its green ones 0.24. Sure from START_X + START_X_SCALE / 2
START_X, START_X_SCALE, START_GREEN = 0.85, 0.1, 60.0


def start_cell(look: CellLook) -> float:
    """How sure it is that the cell's mark is a no-guess game's start cell, a green X on a cell
    not yet opened (0 where it is none): for a covered tile only, the caller's to know. A red X
    is a wrong flag's, and a dark one no start cell either."""
    g, fg = look.glyph, look.fg_colour
    if (g is None or max((look.shape or {}).values(), default=0.0) > PENNANT_DIGIT
            or float(fg[1] - max(fg[0], fg[2])) < START_GREEN):
        return 0.0
    v = g.ravel() - g.mean()
    norm = float(np.linalg.norm(v))
    like = max(float((v * t.ravel()).sum()) / norm for t in _CROSSES) if norm > 0 else -1.0
    return _confidence(like - START_X + START_X_SCALE / 2, START_X_SCALE) if like >= START_X else 0.0


def other_mark(look: CellLook, sure: float) -> tuple[str, float]:
    """What a mark on a covered tile that is no flag is, no surer than ``sure``: a no-guess game's
    start cell (:func:`start_cell`), a covered cell; else a question mark, unsure unless dark."""
    start = start_cell(look)
    if start > 0:
        return ".", min(sure, start)
    return "?", min(sure, 1.0 if look.dark_fraction >= 0.03 else 0.2)


#: a mine on a red tile: its red at least this share of the interior that is not the mine
#: (DeclanAS's tkinter clone: 0.93, drawn ones 0.75 and up; a mine crossed in red, its cross
#: blurred, at most 0.3)
RED_TILE = 0.55


def mine_shaped(look: CellLook) -> bool:
    """A mine's shape: a large dark blob (0.15 of the interior or more) filling its box and round
    (a flag's pole and base, a digit's strokes, fill their box less or are not round)."""
    return look.dark_fraction >= 0.15 and look.blob_fill >= 0.42 and look.blob_round >= 0.6


def mine_on_red(look: CellLook) -> bool:
    """A mine's shape (a large dark blob filling its box, round) on a tile whose red is at least
    RED_TILE of the interior that is not the mine (:func:`.cells.classify_board`'s exploded mine)."""
    return mine_shaped(look) and look.red_fraction >= RED_TILE * (1.0 - look.dark_fraction)


def round_mines(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]]) -> None:
    """Marks as round as a mine (:func:`round_marks`), drawn in a colour, are mines shown where two
    cells or more carry one alike (their colours within ROUND_ALIKE): a lost board shows its mines,
    and a lone round mark may be anything a game draws on one cell (a start cell's marker). In
    place, over ``symbols`` (:func:`symbol`'s, row by row)."""
    flat = [lk for row in looks for lk in row]
    cols = len(looks[0]) if looks else 0
    margins = round_marks(flat)
    found = [(i, float(m)) for i, m in enumerate(margins.tolist()) if m > 0 and symbols[i // cols][i % cols][0] == MARK]
    if len(found) < 2:
        return
    colours = np.array([flat[i].fg_colour for i, _ in found], np.float64)
    alike = (rgb_distance(colours[:, None], colours[None]) <= ROUND_ALIKE).sum(axis=1)
    for (i, margin), k in zip(found, alike.tolist()):
        if k >= 2:
            r, c = divmod(i, cols)
            # (a mark mostly of a flag's saturated red may be a flag's cloth, blurred round at a few
            # pixels: either, unsure)
            red = flat[i].red_fraction >= RED_CLOTH * flat[i].fg_fraction
            symbols[r][c] = (MINE, min(_confidence(margin, ROUND_SCALE), 0.1 if red else 1.0))


#: a tile this much redder than it is green or blue is red-tinted (the React clone's wrong flag's
#: pink, 255 182 182: 73; classic greys 0, the skins' covered greens and blues below 0)
TINT = 40.0
#: a flag's tile this far (RGB) from the other flags' tiles is of another colour
TILE_APART = 40.0


def _tint(bg: np.ndarray) -> float:
    return float(bg[0] - max(bg[1], bg[2]))


def odd_flags(values: list[str], confidence: list[float], backgrounds: list[np.ndarray]) -> None:
    """On a lost board (a mine shown), a flag whose tile is red-tinted, or of another colour than
    the other flags' tiles and every plain covered cell's, is no sure flag: a game may mark a wrong
    flag by its tile alone (Justice-Berteig's React clone draws it on a pink tile). Red-tinted where the other flags'
    tiles are not (the cue is clear): a wrong flag ``W``; otherwise unsure. In place."""
    if not any(v in ("X", "*") for v in values):
        return
    flags = [i for i, v in enumerate(values) if v == "F"]
    # (a flag on a tile of a colour plain covered cells have is on a covered tile like theirs: a
    # checkerboard's other shade, bandaranayake's purples)
    plain = np.array([backgrounds[i] for i, v in enumerate(values) if v == "."], np.float64).reshape(-1, 3)
    for i in flags:
        bg = backgrounds[i]
        others = [backgrounds[j] for j in flags if j != i]
        ref = np.median(np.array(others), axis=0) if others else None
        apart = 0.0 if ref is None else float(rgb_distance(bg, ref))
        tint = _tint(bg)
        near_plain = len(plain) > 0 and float(rgb_distance(plain, bg).min()) < TILE_APART
        if tint < TINT and (apart < TILE_APART or near_plain):
            continue
        if ref is not None and tint >= TINT and apart >= TILE_APART and _tint(ref) < TINT / 2:
            values[i] = "W"
            confidence[i] = min(confidence[i], _confidence(tint - TINT / 2, TINT / 2),
                                _confidence(apart - TILE_APART / 2, TILE_APART / 2))
        else:
            confidence[i] = min(confidence[i], 0.1)
