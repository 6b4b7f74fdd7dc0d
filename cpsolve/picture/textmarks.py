"""Marks written as letters: a flag drawn as the text "F", a question mark as "?" (clones that write
their marks in a font, in a colour of the tile's own hue: no red, no black), told by the glyph's
shape (:func:`letters`); a flag written "!", told by its two parts (:func:`stacked`). Step one of
:func:`.cells.classify_board`, before the tiles are grouped: a letter mark lies on a covered tile,
as a flag does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .colours import _lum, redness
from .digits import _unit
from .extents import extent
from .marks import FLAG, MARK, NOTHING, _confidence

if TYPE_CHECKING:
    from .cells import CellLook

#: each letter's glyph (as :data:`.skins.DIGIT_SHAPES`: cells.py ``_glyphs``, 8 rows, coverage 0-9)
#: drawn in the fonts the counters read (DejaVu Sans, Liberation Sans, regular and bold) at cells
#: of 18-56 px; built by tests/pictures/test_picture_text_marks.py ``build_letter_shapes``
LETTER_SHAPES: dict[str, dict[str, str]] = {
    'F': {
        'DejaVuSans': '0399993003811100038000000396651003944400038000000380000003800000',
        'DejaVuSans-Bold': '0899998008942210089300000897663008964430089300000893000008930000',
        'LiberationSans-Bold': '0999999009811110098000000996664009955540098000000980000009800000',
        'LiberationSans-Regular': '0888886008200000082000000854443008433320082000000820000008200000',
    },
    '?': {
        'DejaVuSans': '0069940000414910000027100002610000072000000610000004100000192000',
        'DejaVuSans-Bold': '0289971003328940000188300005950000288100001310000038400000496000',
        'LiberationSans-Bold': '0079981006921970054008700000593000058200000320000006400000097000',
        'LiberationSans-Regular': '0068860004600450020004600000183000036200000520000001000000073000',
    },
}
_LETTERS = {ch: np.array([_unit(np.array([int(v) for v in text], np.float64)) for text in fonts.values()])
            for ch, fonts in LETTER_SHAPES.items()}
#: a glyph is a letter when it is this like the letter's shape and this much more than like any digit
#: or the other letter (a '?' is like a 7 by 0.76-0.82 in these fonts, an F like a 5 by 0.61)
LETTER_LIKE, LETTER_MARGIN = 0.75, 0.1


#: a mark in two parts one above the other (rows with no stroke between them) whose lower part is
#: at most DOT_SHARE of the mark's height, and no wider than half the upper part, is a letter's
#: stroke over its dot ("?"): no digit is drawn so; "!" where the upper part is a stem, at least
#: STEM times as tall as wide, over a dot no wider than the stem (its pixel of antialiasing allowed)
DOT_SHARE, STEM = 0.35, 2.0
#: a mark's core, where a "!" is looked for too: its pixels this far from the tile of the farthest's
BANG_CORE = 0.7


def stacked(mask: np.ndarray, core: np.ndarray | None = None, uncut: np.ndarray | None = None,
            luma: np.ndarray | None = None) -> list[str]:
    """Per mark (``mask``: N x m x m, its stroke pixels), "!" for a stem over a dot, "?" for another
    stroke over a dot (a question mark's, or another letter's: no digit), "" for a mark in one part
    (or two side by side).

    Games that write their flag as the text "!" (GTK and JavaFX clones whose covered cells are the
    toolkit's buttons) draw it small, a stem of a few pixels over a dot: by shape it is like a 1
    (0.74 at min-rs-weeper's 50 px cells), so the buttons' colour was taken for the digits' tile and
    the bare buttons for 0s. ``core``: the marks' strongest pixels (N x m x m), where a "!" seen in
    them counts too: a GIF frame's dither averaged (dither.py) blurs the one-row gap between a
    small stem and its dot to 0.6 of the stroke's contrast, inside ``mask`` (Qt's red "!" at 20 px);
    only a core clear of the two outermost rows and columns (a glossy tile's rim is no stem).
    ``uncut``: per mark, whether no line along a side was taken off it (:func:`.cells._glyphs`): such
    a mark may reach the second row from the top or bottom (a 16 px cell's "!", seven rows of its
    region's eleven, its dot on the second row from the bottom, was one part with no gap: a 1)."""
    if core is not None or luma is not None:
        # (a "!" seen in the core, or in the luminance's core of a slim mark only: :func:`luma_core`;
        # else the mark's own reading)
        foot = _narrow_foot(mask)
        bang = _core_bang(core, foot) if core is not None else np.zeros(len(mask), bool)
        if luma is not None:
            bang |= _core_bang(luma, foot) & _slim(mask)
        return ["!" if b else s for s, b in zip(stacked(mask, uncut=uncut), bang.tolist())]
    m = mask.shape[1]
    rows = mask.any(axis=2)
    idx = np.arange(m)
    top, bottom = extent(rows)
    inside = (idx[None, :] > top[:, None]) & (idx[None, :] < bottom[:, None])
    gap = ~rows & inside
    first, last = extent(gap)   # the first row of the first gap, the last row of the last
    upper = mask & (idx < first[:, None])[:, :, None]
    lower = mask & (idx > last[:, None])[:, :, None]
    upper_w = upper.any(axis=1).sum(axis=1)
    dot_w = lower.any(axis=1).sum(axis=1)
    # two parts: the rows from the first gap to the last all bare (one gap), the lower part short
    # and narrow (a dot: no wider than the stem, or than half the stroke over it), the whole mark
    # clear of the two rows along the top and bottom (where a line along the side is taken off the
    # mark: a digit reaching them may have lost a row there)
    inner = (top >= 2) & (bottom <= m - 3)
    if uncut is not None:
        inner |= uncut & (top >= 1) & (bottom <= m - 2)
    two = gap.any(axis=1) & (gap.sum(axis=1) == last - first + 1) & inner
    two &= (bottom - last) <= DOT_SHARE * (bottom - top + 1)
    bang = two & ((first - top) >= STEM * upper_w) & (dot_w <= upper_w + 1)
    dotted = two & (dot_w <= upper_w / 2)
    return ["!" if b else "?" if t else "" for b, t in zip(bang.tolist(), dotted.tolist())]


def _core_bang(core: np.ndarray, foot: np.ndarray) -> np.ndarray:
    """Per mark, whether its ``core`` (N x m x m) is a stem over a dot, clear of the two outermost
    rows and columns, where ``foot`` (:func:`_narrow_foot` of the whole mark) allows."""
    side = np.zeros(core.shape[1], bool)
    side[:2] = side[core.shape[1] - 2:] = True
    clear = ~(core[:, :, side].any(axis=(1, 2)) | core[:, side, :].any(axis=(1, 2))) & foot
    return np.asarray(clear & (np.array(stacked(core)) == "!"))


#: a mark's luminance core (:func:`luma_core`): its pixels this share of the farthest's contrast or more,
#: where that is LUMA_STRONG levels or more
LUMA_STRONG, LUMA_RED = 10.0, 15.0


def luma_core(region: np.ndarray, bg: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per mark (``region``: N x m x m x 3, ``bg``: N x 3, ``mask``: its stroke pixels by colour), the
    stroke pixels of the strongest luminance contrast to the tile (BANG_CORE of the farthest's, that
    LUMA_STRONG levels or more), where they are red (LUMA_RED levels redder than the tile, red over
    the larger of green and blue) and the mark covers 0.02 of the region, for :func:`stacked`. JPEG
    keeps the luminance whole and halves the colour each way, so a thin red "!" on a grey tile of
    about its luminance (a dark theme's, some 20-40 levels apart) keeps the gap between its stem and
    its dot in the luminance alone; by colour the stem runs into the dot, a 1 (flags drawn on dark
    boards at 14-24 px, JPEG 70-85, read as digits, their covered tiles' colour then taken for
    revealed tiles': the board refused). Red only: a light blue 1 over a dark tile, its stem fading
    into its base, is a stem over a dot by luminance too. And :func:`stacked` takes a "!" from it
    only in a slim mark (:func:`_slim`): the classic red 3 at 16 px, JPEG 75, on a light tile, is one
    in its luminance's strongest pixels (its flags read unsure)."""
    contrast = np.abs(_lum(region) - _lum(bg)[:, None, None]) * mask
    top = contrast.max(axis=(1, 2))[:, None, None]
    core = (contrast >= BANG_CORE * top) & (top >= LUMA_STRONG) & (mask.mean(axis=(1, 2), keepdims=True) >= 0.02)
    red = redness(region.astype(np.float64)) - redness(bg.astype(np.float64))[:, None, None]
    tint = (red * core).sum(axis=(1, 2)) / np.maximum(core.sum(axis=(1, 2)), 1)
    return core & (tint >= LUMA_RED)[:, None, None]


#: a mark whose box is no wider than SLIM of its height is slim (a "!", not a 3)
SLIM = 0.5


def _slim(mask: np.ndarray) -> np.ndarray:
    """Per mark (``mask``: N x m x m), whether its box is no wider than SLIM of its height."""
    (top, bottom), (left, right) = extent(mask.any(axis=2)), extent(mask.any(axis=1))
    height, width = bottom - top + 1, right - left + 1
    return np.asarray(width <= SLIM * height)


def _narrow_foot(mask: np.ndarray) -> np.ndarray:
    """Per mark (``mask``: N x m x m), whether its lowest rows (DOT_SHARE of its height) are no
    wider than its widest row above them: a "!"'s dot is no wider than its stem's top (drawn "!"
    flags, JPEG'd: rows 1 3 1 1 1 0 3 2 wide); a 1 whose stem fades a row above its base (a light
    blue 1 on a dark tile, JPEG'd at 16 px) is a stem over a dot in its core, but its base is wider
    than its flag (rows 4 2 2 2 2 2 2 6: read as "!" flags, the revealed tiles' colour was taken for
    covered tiles', and revealed 0s read surely covered)."""
    width = mask.sum(axis=2)
    idx = np.arange(mask.shape[1])
    top, bottom = extent(width > 0)
    foot = idx[None, :] > bottom[:, None] - np.maximum(1, np.ceil(DOT_SHARE * (bottom - top + 1)))[:, None]
    return np.asarray(np.where(foot, width, 0).max(axis=1) <= np.where(foot, 0, width).max(axis=1))


def letter_scores(glyphs: np.ndarray) -> np.ndarray:
    """Per glyph (N x GLYPH*GLYPH), per letter (in LETTER_SHAPES' order), its best correlation with
    the letter's shapes."""
    v = glyphs.astype(np.float64) - glyphs.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    v = v / np.where(norm > 0, norm, 1.0)
    return np.stack([(v @ shapes.T).max(axis=1) for shapes in _LETTERS.values()], axis=1)


def _bang(wide: float, dot: float, n: int = 8, sub: int = 8) -> np.ndarray:
    """A "!" as a glyph (:func:`.cells._glyphs`: its box's height the glyph's, its width in
    proportion, centred): a stem ``wide`` of the height wide over a dot as wide, ``dot`` of the
    height high, BANG_GAP between them; each grid cell the fraction of it covered."""
    x = (np.arange(n * sub) + 0.5) / (n * sub)
    drawn = ((x <= 1 - dot - BANG_GAP) | (x >= 1 - dot))[:, None] & (np.abs(x - 0.5) <= wide / 2)[None, :]
    return drawn.astype(np.float64).reshape(n, sub, n, sub).mean(axis=(1, 3))


#: the gap between a "!"'s stem and its dot, a share of its height
BANG_GAP = 0.12
#: a "!" as glyphs (:func:`_bang`), in a few widths and dots, less their means, unit length
_BANGS = np.array([(t - t.mean()).ravel() / np.linalg.norm(t - t.mean())
                   for t in (_bang(wide, dot) for wide in (0.15, 0.25, 0.35, 0.45) for dot in (0.15, 0.25))])


def bang_like(glyph: np.ndarray) -> float:
    """How like a "!" (a stem over a dot) a glyph is: its best correlation with :data:`_BANGS`."""
    v = glyph.ravel().astype(np.float64) - glyph.mean()
    norm = float(np.linalg.norm(v))
    return float((_BANGS @ v).max()) / norm if norm > 0 else -1.0


#: a letter's glyph whose box is centred this far or more off the middle (``CellLook.glyph_off``,
#: a share of the square it is looked for in) may be a piece of a mouse pointer: :func:`pointer_piece`
LETTER_OFF = 0.33


def pointer_piece(look: CellLook) -> bool:
    """A mark off the cell's middle (its glyph's box centred LETTER_OFF or more from it), where the
    game writes its letters and "!" in the middle (the tuning pictures' at 0.65-1.5: 0.29 at most;
    a "?" drawn a pixel off it, winmine's, stays near it): a piece of something drawn across the
    cells, a mouse pointer's outline. A hand pointer's finger, its tip in a covered cell's corner at
    1.25x, left the cell its outline's top left corner (0.41 off), a stem with a bar across its top:
    a sure F (or, its thumb by the cell's side at 1.5x, a stem over a dot: a sure "!"); too little dark
    along the cell's sides to be told a pointer there (``edge_dark``)."""
    return look.glyph_off >= LETTER_OFF


def letter(look: CellLook, scores: dict[str, float]) -> tuple[str, float] | None:
    """The letter mark (F or ?) the cell's glyph plainly is, its likeness to each letter being
    ``scores`` (like it, and ahead of every digit and of a "!", :func:`bang_like`), and how sure
    (how far ahead of the other letter); else None. A "!" flag whose stem JPEG blurred wide (21 px,
    JPEG 95: a stem under twice as tall as wide, :func:`stacked`'s "?") was 0.76 like a "?", like
    no digit (a stroke over a dot is like none: its digit likenesses are 0), and read a sure "?"."""
    best = max(scores, key=lambda ch: scores[ch])
    bang = [bang_like(look.glyph)] if look.glyph is not None else []
    rival = max([s for ch, s in scores.items() if ch != best] + list((look.shape or {}).values()) + bang + [-1.0])
    if scores[best] < LETTER_LIKE or scores[best] - rival < LETTER_MARGIN:
        return None
    # (on a covered tile, where a letter is read, no digit is: how sure is how far from the other letter)
    # (no sure letter where a pointer's outline may be what was read: :func:`pointer_piece`)
    sure = _confidence(scores[best] - max(s for ch, s in scores.items() if ch != best), 0.3)
    return best, min(sure, 0.1) if pointer_piece(look) else sure


def letters(looks: list[list[CellLook]], symbols: list[list[tuple[str, float]]]
            ) -> tuple[list[list[tuple[str, float]]], dict[tuple[int, int], tuple[str, float]]]:
    """The cells whose mark (or faint mark, read as nothing) is a letter, by position, and the
    symbols with those taken for flags: for grouping the tiles, a letter is a mark of a covered
    tile. A stem over a dot is the "!" that some games write for a flag (:func:`stacked`)."""
    cells = [(r, c, lk) for r, row in enumerate(looks) for c, lk in enumerate(row)
             if lk.glyph is not None and symbols[r][c][0] in (MARK, NOTHING)]
    if not cells:
        return symbols, {}
    table = letter_scores(np.array([lk.glyph.ravel() for _, _, lk in cells]))  # type: ignore[union-attr]
    found = {(r, c): hit for (r, c, lk), row in zip(cells, table.tolist())
             if (hit := _bang_flag(lk, dict(zip(_LETTERS, row))) if lk.stacked == "!"
                 else letter(lk, dict(zip(_LETTERS, row)))) is not None}
    return [[(FLAG, 1.0) if (r, c) in found else sym for c, sym in enumerate(row)]
            for r, row in enumerate(symbols)], found


#: a stem over a dot is a sure "!" flag where its glyph is this much more like a "!" than like a "?"
#: (:func:`_bang_flag`)
BANG_OVER_QUESTION = 0.15


def _bang_flag(look: CellLook, scores: dict[str, float]) -> tuple[str, float]:
    """A stem over a dot (:func:`stacked`'s "!") read as a flag, sure where its glyph is more like
    a "!" (:func:`bang_like`) than like a "?" (``scores``: its likeness to each letter) by
    BANG_OVER_QUESTION: a "?" blurred small (the classic skin's at 8-11 px scaled by 1.25-1.75) loses
    its hook's curve, a stroke over a dot, its top no wider than the stem below it, yet more like a
    "?" (0.62-0.68, and like a "!" 0.54-0.56) or like neither (0.19 and -0.01). Drawn "!" flags on
    near-black boards (14-24 px, JPEG 70-95): 0.18 or more ahead. Nor is a "!" off the cell's middle
    (:func:`pointer_piece`) a sure flag."""
    bang = bang_like(look.glyph) if look.glyph is not None else -1.0
    sure = _confidence(bang - scores["?"], BANG_OVER_QUESTION)
    return "F", min(sure, 0.1) if pointer_piece(look) else sure  # (a pointer's piece: no sure flag)
