"""The mine counter: a seven-segment display (winmine's red LEDs on black, and its descendants)
above the board (or below it, where none is above), read segment by segment.

The display is found as a dark box holding red light within a few cells above the grid (the
leftmost one: the timer is on the right); its lit red pixels are split into digit boxes, and each
digit's seven segments are sampled where a seven-segment digit has them. A pattern that is no
digit gives no counter (the board is then read without a mine total), never a guessed number.
Where no box holds red light, a black box of light segments of any colour (KDE 3 KMines' white
LCD, a Java clone's cyan one) is read alike.
"""

from __future__ import annotations

import cv2
import numpy as np

from .colours import channel_max, redness
from .glyphs import glyphs, read_number
from .grid import Grid
from .span import far_sides

#: lit segments (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle)
PATTERNS = {
    "abcdef": "0", "bc": "1", "abdeg": "2", "abcdg": "3", "bcfg": "4", "acdfg": "5", "acdefg": "6",
    "cdefg": "6", "abc": "7", "abcf": "7", "abcdefg": "8", "abcdfg": "9", "abcfg": "9", "g": "-", "": " ",
}
#: a display holds at least this much lit segment, as a share of its height squared (not of its
#: area: a wide display showing one digit, its other places dark, a lone 1 even, is still the
#: counter, and missing it would make the timer beside it the leftmost display)
LIT_SHARE = 0.01
#: a black box of light segments is a display from this height, in cells: Haiku's Minesweeper draws
#: its blue LCD 22 px high beside 24 px cells (winmine's red LEDs stand 1.4 cells high); raygui's
#: clone its green ones 36 px high beside 51 px cells (0.70; 0.8 until 2026-12-07, headers)
LIGHT_LOW = 0.65
#: red digits straight on a light panel (no dark box) are a display from this height, in cells
PANEL_LOW = 0.5
#: where each segment lies in a digit box (x, y as fractions of its width and height)
SPOTS = {"a": (0.5, 0.06), "b": (0.86, 0.28), "c": (0.86, 0.72), "d": (0.5, 0.94), "e": (0.14, 0.72),
         "f": (0.14, 0.28), "g": (0.5, 0.5)}


def read_counter(rgb: np.ndarray, grid: Grid, values: list[str] | None = None,
                 unsure: set[int] | None = None) -> int | None:
    """The number the mine counter shows, or None where no seven-segment counter is found or read.

    Winmine puts the counter on the left and the timer on the right, some games the other way round
    (timothewt's pygame game), and the two look alike (twins: the same height). Given the board's
    ``values`` (and its ``unsure`` cells), the counter is the first twin, left to right, whose total
    (it plus the flags) the board can hold: a timer's seconds rarely fit. A display not read ends the
    search (a counter that cannot be read is never passed over for the timer beside it); where none
    fits, the leftmost (the rules then leave the total out). Where two twins' totals fit, on a lost
    board (its exploded mine shown, and another) the one whose total is the mines shown and the
    flags, where one is; else only winmine's layout tells which is the counter (its face between them, the counter
    on the left); without it, no counter: a timer's 000 left of the counter fits as well as the
    counter does."""
    area = _panel(rgb, grid)
    if area is None:
        return None
    boxes, lit, red = _displays(area, grid.cell_size)
    twins = _twins(boxes)
    readings = (_display_value(area, lit, box, red) for box in twins)
    first = next(readings, None)
    if values is None or first is None:
        return first
    shown = [first]
    for value in readings:
        if value is None:
            break
        shown.append(value)
    fitting = [v for v in shown if _fits(v, values, unsure or set())]
    if len(fitting) > 1 and "X" in values:
        # a lost board shows every mine not flagged: the total is the mines shown and the flags,
        # so a counter of mines left reads the mines shown less the wrong flags (zCRUSADERz's
        # Java clone puts its timer left of the face, its counter right of it); not where one
        # mine is shown (a game may show only the exploded one, and a timer read 1)
        mines_shown = values.count("*") + values.count("X")
        lost = [v for v in fitting if v + values.count("W") == mines_shown and mines_shown >= 2]
        if len(lost) == 1:
            return lost[0]
    if len(fitting) > 1 and not _face_between(area, twins[0], twins[1]):
        return None
    return fitting[0] if fitting else first


def read_counter_below(rgb: np.ndarray, grid: Grid, values: list[str], unsure: set[int]) -> int | None:
    """The number the mine counter shows where its seven-segment display lies below the board
    (Nanoatic's SDL clone: its timer at the left, the mines left at the right, the face between),
    read as above it (:func:`read_counter`): the one display there, or of twins the one whose total
    (it plus the flags) the board can hold. Where two fit, none: no layout is known to put the
    counter on one side below the board (winmine's face between the two says the left one above
    it; Nanoatic's timer is the left one below it). A display not read gives none."""
    bottom = far_sides(grid)[1]
    area = _band(rgb, grid, bottom + 0.1 * grid.cell_size, bottom + 5 * grid.cell_size)
    if area is None:
        return None
    boxes, lit, red = _displays(area, grid.cell_size)
    shown = [_display_value(area, lit, box, red) for box in _twins(boxes)]
    if not shown or None in shown:
        return None
    fitting = [v for v in shown if v is not None and _fits(v, values, unsure)]
    if len(shown) == 1:
        return shown[0]
    return fitting[0] if len(fitting) == 1 else None


def _band(rgb: np.ndarray, grid: Grid, top: float, bottom: float) -> np.ndarray | None:
    """The rows from ``top`` to ``bottom`` (within the picture) across the grid and a cell each side
    (int16 RGB), or None where that is too small to hold a display."""
    height, width = rgb.shape[:2]
    y0, y1 = max(0, int(top)), min(height, max(0, int(bottom)))
    x0 = max(0, int(grid.x0 - grid.cell_size))
    x1 = min(width, int(far_sides(grid)[0] + grid.cell_size))
    if y1 - y0 < 8 or x1 - x0 < 8:
        return None
    return rgb[y0:y1, x0:x1].astype(np.int16)


def _face_between(area: np.ndarray, left: Box, right: Box) -> bool:
    """Whether winmine's face (a yellow round button, its emoji in clones) lies between two displays,
    about halfway: the layout whose left display is the mine counter."""
    h = left[3]
    gap = right[0] - left[0] - left[2]
    band = area[max(0, left[1] - h // 2):left[1] + h + h // 2, left[0] + left[2]:right[0]]
    if gap <= 0 or band.size == 0:
        return False
    r, g, b = band[..., 0], band[..., 1], band[..., 2]
    yellow = ((r > 170) & (g > 140) & (r - b > 80)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(yellow, connectivity=8)
    for i in range(1, n):
        x, _, w, fh = (int(v) for v in stats[i, :4])
        if FACE_SIZE[0] * h <= max(w, fh) <= FACE_SIZE[1] * h and abs(x + w / 2 - gap / 2) <= 0.1 * gap + h:
            return True
    return False


#: the face's size (its bounding box's longer side) against the displays' height
FACE_SIZE = (0.4, 2.0)


def _fits(shown_on_counter: int, values: list[str], unsure: set[int]) -> bool:
    """Whether the board can hold the total a counter implies (it plus the flags): at least the
    mines it shows, at most those and every covered or unsure cell."""
    sure = [v for i, v in enumerate(values) if i not in unsure]
    total = shown_on_counter + values.count("F") + values.count("W")
    shown = sure.count("F") + sure.count("*") + sure.count("X")
    room = len(values) - len(sure) + sum(sure.count(v) for v in ".?W")
    return shown <= total <= shown + room


def _twins(boxes: list[Box]) -> list[Box]:
    """The leftmost display and those of its height, left to right."""
    return [b for b in boxes if abs(b[3] - boxes[0][3]) <= 0.15 * boxes[0][3]] if boxes else []


def _display_value(area: np.ndarray, lit: np.ndarray, box: Box, red: bool) -> int | None:
    """What the display in ``box`` shows: red segments (or red digits drawn in a font), or light ones."""
    if not red:
        return _read_digits(_cut(lit, box), np.zeros((box[3], box[2]), bool))
    reds = redness(_cut(area, box))
    segment_red = (_cut(area, box)[..., 0] > 60) & (reds > 40)
    value = _read_digits(_cut(lit, box), segment_red)
    if value is None:
        # red digits drawn in a font, not in segments (helbaz's Java XP clone): read glyph by
        # glyph against the installed fonts, every glyph clearly a digit or no counter
        # (with a blank margin: the box may end at the digits' edges)
        ink = np.pad(np.clip(reds.astype(np.float32) / 200.0, 0.0, 1.0), max(2, box[3] // 2))
        value = read_number(ink, boxed=True)
        if value is not None and not _equally_tall(ink):
            value = None
    return value


#: a font's digits stand equally tall: their glyphs' heights within this share of the median (and
#: a pixel). The tuning pictures' counters read in fonts (javaxp, javaswing-ru, pygame-flat,
#: winmine-vector) are within a pixel at 13-23 px
ALIKE_TALL = 0.05


def _equally_tall(ink: np.ndarray) -> bool:
    """Whether the glyphs of a display read in a font (``ink``) are of one height, as a font's digits
    are. A seven-segment 7 or 1 ends above its neighbours' bottom bar: winmine's 007 at 14 px in a
    JPEG, the lit segments too blurred for the segments' reading, was read by the fonts as 001 (its
    7, 19 px high beside the 0s' 22, like a 1): a wrong mine total (benchmarks/sweep_drawn.py
    --seed 10, case #794)."""
    heights = [b[3] for b in glyphs(ink)]
    return not heights or max(heights) - min(heights) <= max(1.0, ALIKE_TALL * float(np.median(heights)))


def other_displays(rgb: np.ndarray, grid: Grid) -> list[int]:
    """What the seven-segment displays right of the mine counter (:func:`read_counter`'s) show,
    where they read: most games put the timer there, but some put it on the left, so a counter
    read 0 may be a new game's timer."""
    area = _panel(rgb, grid)
    if area is None:
        return []
    boxes, lit, red = _displays(area, grid.cell_size)
    values = [_read_digits(_cut(lit, box), (_cut(area, box)[..., 0] > 60) & (redness(_cut(area, box)) > 40)
                           if red else np.zeros((box[3], box[2]), bool)) for box in boxes[1:]]
    return [v for v in values if v is not None]


Box = tuple[int, int, int, int]


def _cut(a: np.ndarray, box: Box) -> np.ndarray:
    bx, by, bw, bh = box
    return a[by:by + bh, bx:bx + bw]


def _panel(rgb: np.ndarray, grid: Grid) -> np.ndarray | None:
    """The band above the grid where its displays lie (int16 RGB), or None where there is none."""
    return _band(rgb, grid, grid.y0 - 5 * grid.cell_size, grid.y0 - 0.1 * grid.cell_size)


def _displays(area: np.ndarray, p: float) -> tuple[list[Box], np.ndarray, bool]:
    """The displays in ``area``, left to right, their lit pixels, and whether they are red LEDs:
    red light (:func:`_red_displays`) where there is any, else light segments in black boxes."""
    boxes, lit = _red_displays(area, p)
    if boxes:
        return boxes, lit, True
    boxes, lit = _light_displays(area, p)
    return boxes, lit, False


def _red_displays(area: np.ndarray, p: float) -> tuple[list[Box], np.ndarray]:
    """The displays of red light in ``area``, left to right (x, y, width, height), and its lit
    pixels: dark boxes holding red light, or where there is none red digits straight on the panel."""
    r, g, b = area[..., 0], area[..., 1], area[..., 2]
    lit = _not_dithered((r > 170) & (g < 110) & (b < 110))
    display = lit | ((r - np.maximum(g, b) > 40) & (g < 90)) | (channel_max(area) < 50)
    display = cv2.morphologyEx(display.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(display, connectivity=8)
    boxes = []
    for i in range(1, n):
        bx, by, bw, bh = (int(v) for v in stats[i, :4])
        if bh < 1.0 * p or bh > 3 * p or not 1.0 <= bw / bh <= 4.5:
            continue
        if lit[by:by + bh, bx:bx + bw].sum() < LIT_SHARE * bh * bh:
            continue
        boxes.append((bx, by, bw, bh))
    # a box round others is no display: a sunken panel round the displays and the face, its dark
    # edges joined to a display's black (win98mac-new-8x8.png, scaled up about 4x)
    boxes = [b for b in boxes if not any(o != b and _inside(o, b) for o in boxes)]
    if not boxes:
        # no dark box: red digits straight on the panel (JSMinesweeper); the digits' lit strokes,
        # joined across their gaps, make the box
        joined = cv2.dilate(lit.astype(np.uint8), np.ones((max(1, int(0.2 * p)), max(1, int(0.4 * p))), np.uint8))
        n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
        for i in range(1, n):
            bx, by, bw, bh = (int(v) for v in stats[i, :4])
            # (from PANEL_LOW of a cell on a light panel; on a dark one from 0.8: a display box
            # refused as too small is no panel, winmine's LEDs on a lattice of twice their pitch)
            least = PANEL_LOW if _light_around(area, lit, (bx, by, bw, bh)) else 0.8
            if least * p <= bh <= 3 * p and 1.0 <= bw / bh <= 4.5:
                boxes.append((bx, by, bw, bh))
    return sorted(boxes), lit


def _inside(inner: Box, outer: Box) -> bool:
    """Whether box ``inner`` lies within box ``outer``."""
    return (outer[0] <= inner[0] and inner[0] + inner[2] <= outer[0] + outer[2]
            and outer[1] <= inner[1] and inner[1] + inner[3] <= outer[1] + outer[3])


def _light_around(area: np.ndarray, lit: np.ndarray, box: Box) -> bool:
    """Whether the pixels of ``box`` that are not lit are mostly light (a grey panel's, median
    luminance LIGHT_PANEL or more), not a dark display's."""
    cut, on = _cut(area, box), _cut(lit, box)
    rest = cut[~on]
    return bool(rest.size) and float(np.median(rest @ np.array([0.299, 0.587, 0.114]))) >= LIGHT_PANEL


#: a panel this light (median luminance) round red digits is no display box (winmine's grey: 192)
LIGHT_PANEL = 100


def _not_dithered(lit: np.ndarray) -> np.ndarray:
    """``lit`` without its pixels that no lit pixel borders above, below, left or right: an unlit
    segment drawn dim as a checkerboard of a red bright enough to pass for lit, every other pixel
    (Windows 3.1's Minesweeper: (195, 0, 0) on black), whose digits were read as 888. A lit
    segment's pixels, a pixel wide or more, border each other along it."""
    near = np.zeros_like(lit)
    near[1:] |= lit[:-1]
    near[:-1] |= lit[1:]
    near[:, 1:] |= lit[:, :-1]
    near[:, :-1] |= lit[:, 1:]
    return lit & near


def _light_displays(area: np.ndarray, p: float) -> tuple[list[Box], np.ndarray]:
    """Displays of light segments in a black box (KDE 3 KMines' white LCD, cyan or green ones in
    clones), left to right, and the light pixels (some channel bright, whatever the hue): the black
    boxes of a digit's height."""
    top = channel_max(area)
    lit = top > 170
    black = top < 50
    # the box is the black around the segments (the light panel beside it is no part of it)
    n, _, stats, _ = cv2.connectedComponentsWithStats(black.astype(np.uint8), connectivity=8)
    boxes = []
    for i in range(1, n):
        bx, by, bw, bh = (int(v) for v in stats[i, :4])
        if bh < LIGHT_LOW * p or bh > 3 * p or not 1.0 <= bw / bh <= 4.5:
            continue
        # mostly black (a panel's dark text is no display), some light segments in it
        if black[by:by + bh, bx:bx + bw].mean() < 0.5 or lit[by:by + bh, bx:bx + bw].sum() < LIT_SHARE * bh * bh:
            continue
        boxes.append((bx, by, bw, bh))
    return sorted(boxes), lit


def _read_digits(lit: np.ndarray, unlit: np.ndarray) -> int | None:
    """The number a display's lit pixels show (``unlit``: segments drawn dim, which only widen the
    digits' extent)."""
    unlit = _without_slivers(lit, unlit)
    ys, xs = np.nonzero(unlit | lit)
    if len(xs) == 0:
        return None
    top, bottom, left, right = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    h, w = bottom - top, right - left
    places = _places((unlit | lit)[top:bottom].any(axis=0), h)
    if places is None:
        # the digits' places not told apart by the gaps between them: spread evenly over the lit
        # extent, a tenth of their pitch apart
        count = max(1, round(w / (0.6 * h)))
        if not 2 <= count <= 4:
            return None
        pitch = w / (count - 0.1)
        places = [(left + k * pitch, left + (k + 0.9) * pitch) for k in range(count)]
    text = ""
    for dx0, dx1 in places:
        on = ""
        for seg, (fx, fy) in SPOTS.items():
            cx, cy = dx0 + fx * (dx1 - dx0), top + fy * h
            rx, ry = max(1, int(0.08 / 0.9 * (dx1 - dx0))), max(1, int(0.04 * h))
            win = lit[max(0, int(cy) - ry):int(cy) + ry + 1, max(0, int(cx) - rx):int(cx) + rx + 1]
            share = float(win.mean()) if win.size else 0.0
            if 0.15 < share < 0.3:  # neither clearly lit nor clearly dark: no reading, not a guess
                return None
            if share >= 0.3:
                on += seg
        digit = PATTERNS.get(on)
        if digit is None or ("g" in on and _dot(lit, top, h, dx0, dx1)):
            return None
        text += digit
    text = text.strip()
    if not text or text == "-" or " " in text:
        return None
    try:
        return int(text)
    except ValueError:
        return None


#: a run of dim columns (no lit pixel in it) narrower than this share of the display's height is no
#: digit's place: a digit's dim segments span half its height or more (winmine's 13x23 LEDs)
SLIVER = 0.15


def _without_slivers(lit: np.ndarray, unlit: np.ndarray) -> np.ndarray:
    """``unlit`` without its first and last runs of columns where such a run holds no lit pixel and
    is narrower than SLIVER of the display's height: a dim red edge of the box, apart from the
    digits (a GIF frame of winmine scaled 1.26x: winmine-swiper-flags-9x9.png), was taken for a
    digit's place and the counter's 000 not read."""
    ys = np.nonzero((unlit | lit).any(axis=1))[0]
    if len(ys) == 0:
        return unlit
    h = int(ys[-1] - ys[0] + 1)
    cols = np.asarray((unlit | lit).any(axis=0), np.int8)
    lit_cols = np.asarray(lit.any(axis=0), bool)
    edges = np.flatnonzero(np.diff(np.concatenate(([0], cols, [0]))))
    runs = [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2])]
    out = unlit.copy()
    for x0, x1 in {runs[0], runs[-1]} if len(runs) > 1 else set():
        if not lit_cols[x0:x1].any() and x1 - x0 < SLIVER * h:
            out[:, x0:x1] = False
    return out


def _dot(lit: np.ndarray, top: int, h: int, dx0: float, dx1: float) -> bool:
    """Whether what is lit in the middle of a digit's place, along its middle rows, is a dot: a
    run of lit columns through the middle under DOT_RUN of the place's width. A font's 0 dotted in
    its counter (DejaVu Sans Mono's) lights the middle segment's spot, and its places were read as
    8s ("023" as 823); a segment's middle bar runs across the place between its sides."""
    ry = max(1, int(0.04 * h))
    y = int(top + 0.5 * h)
    row = np.asarray(lit[max(0, y - ry):y + ry + 1, max(0, int(dx0)):int(np.ceil(dx1))].any(axis=0))
    mid = min(len(row) - 1, int((dx1 - dx0) / 2))
    if len(row) == 0 or not row[mid]:
        return False
    left = mid + 1 - int(np.argmin(row[mid::-1])) if not row[:mid + 1].all() else 0
    right = mid + int(np.argmin(row[mid:])) if not row[mid:].all() else len(row)
    return right - left < DOT_RUN * (dx1 - dx0)


#: a middle segment runs across this share of its digit's place or more (the tuning pictures' LED
#: middle bars light half their place's middle row or more)
DOT_RUN = 0.4


def _places(columns: np.ndarray, h: int) -> list[tuple[float, float]] | None:
    """The digits' places (left, right) from the columns holding lit (or dim) segments, or None where
    the gaps do not part them into digits.

    A seven-segment digit's columns are one run (its top, middle or bottom bar spans it), a 1 only
    its right-hand strokes; digits are parted by dark columns. Many displays leave the places before
    the first digit dark (a lone 5, or 12 whose 1 is only strokes), so the lit extent is no measure
    of how many digits there are: each run is a digit ending at the run's right edge, as wide as the
    widest run, and runs follow at one pitch (a dark place between two digits gives no number)."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], columns.astype(np.int8), [0]))))
    runs = list(zip(edges[::2], edges[1::2]))
    width = max(b - a for a, b in runs)
    if not 0.3 * h <= width <= 0.75 * h or len(runs) > 4:  # all 1s (no digit's width), or runs joined
        return None
    if any(b - a < 0.6 * width and b - a > 0.35 * width for a, b in runs):
        return None  # neither a whole digit nor a 1's strokes
    rights = [float(b) for _, b in runs]
    steps = np.diff(rights)
    if len(steps) and not (width < steps.min() and steps.max() < min(1.6 * width, 1.15 * steps.min())):
        return None
    return [(r - width, r) for r in rights]
