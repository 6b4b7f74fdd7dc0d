"""Mine counters written in plain digits: GNOME's "Flags: 6/10" and KMines' "Mines: 1/10" below
the board, modern GNOME's "16/40" in the panel beside it, Google's white number beside a red flag
in the green bar above it, Windows 7's white number in a coloured box below it, dark digits in
the left one of two light boxes above it (a tkinter clone), a number after a label of mines
left ("Mines left: 1") above or below it, Microsoft Minesweeper's white number right of its
blue mine icon in the dark header above it, and a dark number right of a red pennant in a light
header above it (another tkinter clone).

The text is read in a band next to the grid, glyph by glyph (glyphs.py: template matching against
the characters of the fonts shipped in data/glyphs.npz); a glyph not read clearly gives no counter:
the board is then read without a mine total, never with a guessed one.
"""

from __future__ import annotations

import cv2
import numpy as np

from .colours import channel_max, channel_min
from .glyphs import dark_ink, fractions, glyphs, read_fraction, read_number, text_lines, white_ink, word_score, words
from .grid import Grid
from .marks import PENNANT, _triangle
from .panelface import face_between
from .span import far_sides


def read_gnome_total(rgb: np.ndarray, grid: Grid, values: list[str]) -> int | None:
    """GNOME's "Flags: n/m" or KMines' "Mines: n/m" (flags / total, in any language: only the one
    "n/m" word of the band is read, or "n / m") below the board: the total m, when n equals the
    flags on the board and m is at least the flags and mines shown. The band spans the board's
    width; where it holds no such word, the picture's (KF5 KMines writes it at the right of a
    status bar under a window wider than the board). Where none is below, the band above the board
    (jfxmines' "Mines: 15 / 99", its flags / its mines, App.updateFlagsLabel; Tatham's "Marked: 0 /
    10"). Each axis at its own pitch (an oblong grid's rows are not its columns' width apart)."""
    px, py = grid.pitch_x, grid.pitch_y
    height, width = rgb.shape[:2]
    bottom = grid.y0 + grid.rows * py
    x0, x1 = max(0, int(grid.x0 - px)), min(width, int(grid.x0 + (grid.cols + 1) * px))
    if x1 - x0 < 20:
        return None
    fraction = None
    y0, y1 = int(bottom + 0.1 * py), min(height, int(bottom + 3 * py))
    if y1 - y0 >= 6:
        fraction = read_fraction(dark_ink(rgb[y0:y1, x0:x1]), spaced=True)
        if fraction is None and (x0, x1) != (0, width):
            fraction = read_fraction(dark_ink(rgb[y0:y1]), spaced=True)
    y0, y1 = max(0, int(grid.y0 - 3 * py)), max(0, int(grid.y0 - 0.1 * py))
    if fraction is None and y1 - y0 >= 6:
        fraction = read_fraction(dark_ink(rgb[y0:y1, x0:x1]), spaced=True)
    if fraction is None:
        return None
    flags, total = fraction
    shown_flags = values.count("F") + values.count("W")
    if flags != shown_flags or total < values.count("F") + values.count("*") + values.count("X"):
        return None
    return total


def read_side_total(rgb: np.ndarray, grid: Grid, values: list[str]) -> int | None:
    """Modern GNOME's (3.x, 40+) "n/m" under a flag in the panel right of the board, among other
    lines (the clock, buttons' labels): the total m, when exactly one line reads as a fraction, it
    lies just under an icon, n equals the flags on the board, and m is at least the flags and mines
    shown."""
    p = grid.cell_size
    right, bottom = far_sides(grid)
    x0 = int(right + 0.2 * p)
    x1 = min(rgb.shape[1], int(right + 6 * p))
    y0, y1 = max(0, int(grid.y0)), min(rgb.shape[0], int(bottom))
    if y1 - y0 < 6 or x1 - x0 < 20:
        return None
    # (GNOME draws the flag icon 32 px high whatever the cells' size: above a cell's at cells under
    # 32 px, so shapes are kept up to one and a half cells; frames and buttons are larger still)
    lines = text_lines(dark_ink(rgb[y0:y1, x0:x1]), 1.5 * p)
    # GNOME's counter lies just under the flag icon (one shape, at least twice as high as the text):
    # such lines are read first, so that no other text beside a board (a desktop's) is read for
    # nothing, and no text with a slash elsewhere is taken for the counter
    under_icon = [k for k in range(1, len(lines))
                  if lines[k - 1][3] == 1 and lines[k - 1][2] - lines[k - 1][1] >= 2 * (lines[k][2] - lines[k][1])
                  and lines[k][1] - lines[k - 1][2] <= lines[k][2] - lines[k][1]]
    # every fraction seen counts, read or not: beside one that is not read (a slash run into its
    # digits is seen as no fraction at all), the one read may not be the counter
    found = [f for k in under_icon for f in fractions(lines[k][0], digits_level=True)]
    if len(found) != 1 or found[0] is None:
        return None
    flags, total = found[0]
    shown_flags = values.count("F") + values.count("W")
    if flags != shown_flags or total < values.count("F") + values.count("*") + values.count("X"):
        return None
    # and no other line of the panel shows a fraction either
    if any(fractions(band, digits_level=True) for k, (band, _, _, _) in enumerate(lines) if k not in under_icon):
        return None
    return total


def read_win7_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Windows 7's mines left: white digits in the right one of the two coloured boxes below the
    board (blue or green with the tiles; the timer's box, at the left, is its twin)."""
    p = grid.cell_size
    right, bottom = far_sides(grid)
    y0 = int(bottom + 0.1 * p)
    y1 = min(rgb.shape[0], int(bottom + 3 * p))
    x0, x1 = max(0, int(grid.x0 - p)), min(rgb.shape[1], int(right + p))
    if y1 - y0 < 8 or x1 - x0 < 20:
        return None
    area = rgb[y0:y1, x0:x1].astype(np.int16)
    low = channel_min(area)
    coloured = (channel_max(area) - low > 50) & (low < 120)
    twins = _twin_boxes(coloured, p, grid.x0 + grid.cols * p / 2 - x0, max_height=1.6, aspect=(1.5, 5), fill=0.6)
    if twins is None:
        return None
    rx, ry, rw, rh = twins[1]
    return read_number(white_ink(rgb[y0 + ry:y0 + ry + rh, x0 + rx:x0 + rx + rw]))


Box = tuple[int, int, int, int]


def _twin_boxes(mask: np.ndarray, p: float, middle: float, *, max_height: float, aspect: tuple[float, float],
                fill: float) -> tuple[Box, Box] | None:
    """The two boxes (x, y, w, h, left one first) of a counter and its timer in ``mask`` (closed by
    3x3), each 0.5-``max_height`` cells high, ``aspect`` wide for its height and filled at least
    ``fill``; None unless there are exactly two and they are twins, level with each other, one each
    side of ``middle`` (the board's middle, in the mask's x)."""
    closed = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=8)
    boxes = [(int(stats[i, 0]), int(stats[i, 1]), int(stats[i, 2]), int(stats[i, 3])) for i in range(1, n)
             if 0.5 * p <= stats[i, 3] <= max_height * p and aspect[0] <= stats[i, 2] / stats[i, 3] <= aspect[1]
             and stats[i, 4] >= fill * stats[i, 2] * stats[i, 3]]
    if len(boxes) != 2:
        return None
    left, right = sorted(boxes)
    (lx, ly, lw, lh), (rx, ry, rw, rh) = left, right
    if (abs(lw - rw) > 0.15 * max(lw, rw) or abs(lh - rh) > 0.15 * max(lh, rh) or abs(ly - ry) > 0.2 * p
            or not lx + lw <= middle <= rx):
        return None
    return left, right


def _above(rgb: np.ndarray, grid: Grid, cells: float, wider: float) -> tuple[np.ndarray, int, int] | None:
    """The band above the grid where a header's numbers lie, as (its pixels in int16, its top y,
    its left x): ``cells`` cells high up to a tenth of a cell over the grid, ``wider`` cells past it
    on each side (a header may reach past the board), clipped to the picture; None where too small
    to hold a number."""
    p = grid.cell_size
    y0, y1 = max(0, int(grid.y0 - cells * p)), max(0, int(grid.y0 - 0.1 * p))
    x0, x1 = max(0, int(grid.x0 - wider * p)), min(rgb.shape[1], int(far_sides(grid)[0] + wider * p))
    if y1 - y0 < 8 or x1 - x0 < 20:
        return None
    return rgb[y0:y1, x0:x1].astype(np.int16), y0, x0


def read_panel_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Mines left as dark digits in the left one of two light boxes in the panel above the board
    (DeclanAS's tkinter clone: "9" left of the face, the timer's twin box right of it)."""
    p = grid.cell_size
    above = _above(rgb, grid, 5, 1)
    if above is None:
        return None
    area, y0, x0 = above
    low = channel_min(area)
    light = (low > 225) & (channel_max(area) - low < 20)
    twins = _twin_boxes(light, p, grid.x0 + grid.cols * p / 2 - x0, max_height=2, aspect=(1.2, 6), fill=0.9)
    if twins is None:
        return None
    lx, ly, lw, lh = twins[0]
    return read_number(dark_ink(rgb[y0 + ly:y0 + ly + lh, x0 + lx:x0 + lx + lw]))


def read_panel_numbers(rgb: np.ndarray, grid: Grid) -> int | None:
    """Mines left as the left one of two plain dark numbers in a light panel above the board, one
    each side of its middle, alike in height and level (winmine's layout, the counter left of the
    face and the timer right of it, written in a font: bandaranayake's "0038" and "0066"); None
    unless exactly two numbers, each a whole word, are read level with each other there, with a face
    between them (:func:`.panelface.face_between`)."""
    p = grid.cell_size
    above = _above(rgb, grid, 4, 0)
    if above is None:
        return None
    area, _, _ = above
    # dark on the panel's own grey (its most common level: a white title bar above must not make
    # the grey ink, joining the digits' smoothed edges into one)
    grey = area.astype(np.float32).mean(axis=2)
    panel = float(np.bincount(grey.astype(np.int64).ravel(), minlength=256).argmax())
    if panel < 120:
        return None
    ink = np.clip((panel - grey) / max(1.0, panel - 20.0), 0.0, 1.0)
    n, _, stats, _ = cv2.connectedComponentsWithStats((ink > 0.3).astype(np.uint8), connectivity=8)
    # glyph-like components (a digit is no wider than high), chained into words: the same height
    # and top, parted by less than half their height
    boxes = sorted((int(stats[i, 0]), int(stats[i, 1]), int(stats[i, 2]), int(stats[i, 3])) for i in range(1, n)
                   if stats[i, 3] >= 6 and stats[i, 2] <= stats[i, 3] and stats[i, 4] >= 4)
    chains: list[list[tuple[int, int, int, int]]] = []
    for b in boxes:
        for chain in chains:
            x, y, w, h = chain[-1]
            if (abs(b[3] - h) <= 0.15 * h and abs(b[1] - y) <= 0.15 * h and 0 <= b[0] - (x + w) <= 0.5 * h):
                chain.append(b)
                break
        else:
            chains.append([b])
    inked = [(int(stats[i, 0]), int(stats[i, 1]), int(stats[i, 2]), int(stats[i, 3])) for i in range(1, n)]
    numbers = []
    for chain in chains:
        left, top = chain[0][0], min(b[1] for b in chain)
        right, bottom = chain[-1][0] + chain[-1][2], max(b[1] + b[3] for b in chain)
        gap = 0.5 * (bottom - top)
        # a whole word: no other ink just before or after it on its line (an "x9" is no 9)
        if len(chain) > 4 or any(b not in chain and b[1] < bottom and b[1] + b[3] > top
                                 and left - gap <= b[0] + b[2] and b[0] <= right + gap for b in inked):
            continue
        pad = (bottom - top) // 2
        band = np.zeros((bottom - top + 2 * pad, right - left + 2 * pad), np.float32)
        band[pad:pad + bottom - top, pad:pad + right - left] = ink[top:bottom, left:right]
        value = read_number(band)
        if value is not None:
            numbers.append((left, right, top, bottom - top, value))
    # the two on one line, alike in height (numbers elsewhere, a title's, are no display's)
    level = [[b for b in numbers if abs(b[3] - a[3]) <= 0.15 * max(a[3], b[3]) and abs(b[2] - a[2]) <= 0.3 * a[3]]
             for a in numbers]
    pairs = {tuple(group) for group in level if len(group) > 1}
    if len(pairs) != 1 or len(next(iter(pairs))) != 2:
        return None
    (left_a, right_a, top_a, height_a, counter), (left_b, right_b, top_b, height_b, _) = next(iter(pairs))
    if not right_a <= grid.cols * p / 2 <= left_b:
        return None
    # (with a face between them, as winmine's: two fields of a form are no counter and timer)
    faced = face_between(ink, (left_a, right_a, top_a, height_a), (left_b, right_b, top_b, height_b))
    return counter if faced else None


#: labels of mines left written out ("Mines left: 1"), word by word, each matched as a whole word
#: (capitalised, lower or upper case; the last with a colon or without)
LEFT_LABELS = (("mines", "left"), ("bombs", "left"), ("flags", "left"), ("mines", "remaining"))
#: a word is its label's where it matches it this well (kwantton's "Mines" and "left:" 0.82-0.83;
#: other words of its panels, "Time:", "MAP", "bot", at most 0.46 against any label word)
WORD_MIN = 0.7


def read_labelled_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Mines left written with a label ("Mines left: 1": kwantton's pygame bot, white on the black
    panel above the board, over a "Time: 0.434" line) above or below the board: the number just
    after the one label read (:data:`LEFT_LABELS`); None unless exactly one is read."""
    p = grid.cell_size
    right, bottom = far_sides(grid)
    x0, x1 = max(0, int(grid.x0 - p)), min(rgb.shape[1], int(right + p))
    above = (max(0, int(grid.y0 - 5 * p)), max(0, int(grid.y0 - 0.1 * p)))
    below = (int(bottom + 0.1 * p), min(rgb.shape[0], int(bottom + 3 * p)))
    found: list[int | None] = []
    for y0, y1 in (above, below):
        if y1 - y0 < 8 or x1 - x0 < 20:
            continue
        for band, _, _, _ in text_lines(_text_ink(rgb[y0:y1, x0:x1]), 1.5 * p):
            found += _labelled_numbers(band)
    # (a label whose number does not read counts: the one read may not be the counter)
    return found[0] if len(found) == 1 else None


def _text_ink(area: np.ndarray) -> np.ndarray:
    """Text on a plain panel, light on dark or dark on light: 0 at the panel's most common grey, 1
    at white (black)."""
    grey = area.astype(np.float32).mean(axis=2)
    panel = float(np.bincount(grey.astype(np.int64).ravel(), minlength=256).argmax())
    if panel < 128:
        return np.clip((grey - panel) / max(1.0, 235.0 - panel), 0.0, 1.0)
    return np.clip((panel - grey) / max(1.0, panel - 20.0), 0.0, 1.0)


def _labelled_numbers(band: np.ndarray) -> list[int | None]:
    """The word after each mines-left label on a line of text (None where it is no number)."""
    ws = words(glyphs(band))
    out: list[int | None] = []
    for k in range(len(ws) - 2):
        number = ws[k + 2]
        h = int(np.median([b[3] for b in number]))
        # (each first word once: two labels begin with "mines")
        firsts = {first: _spells(band, ws[k], first, h) for first in dict.fromkeys(f for f, _ in LEFT_LABELS)}
        if not any(firsts[first] and _spells(band, ws[k + 1], second, h, colon=True) for first, second in LEFT_LABELS):
            continue
        left, right = number[0][0], number[-1][0] + number[-1][2]
        out.append(read_number(band[:, max(0, left - 2):right + 2]))
    return out


def _spells(band: np.ndarray, word: list[tuple[int, int, int, int]], text: str, height: int,
            colon: bool = False) -> bool:
    """Whether the word is ``text`` (capitalised, in lower or upper case; with a colon after it or
    none, where ``colon``)."""
    if not len(text) // 2 <= len(word) <= len(text) + 1:  # (letters may touch, but not half of them)
        return False
    # (the band's whole height: the line alone is on it, and an i's dot lies above its glyph's box)
    ink = band[:, word[0][0]:word[-1][0] + word[-1][2]]
    forms = (text.capitalize(), text, text.upper())
    ends = (":", "") if colon else ("",)
    return any(word_score(ink, form + end, height) >= WORD_MIN for form in forms for end in ends)


#: the band read for a number right of an icon, in the icon's heights: five digits and the gap
#: before them (a number of more than four digits is none, 12345 is not read as 1234)
NUMBER_WIDTH = 3.5


def read_google_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Google's mines left: the white number just right of the red flag in the bar above the board."""
    p = grid.cell_size
    y0 = max(0, int(grid.y0 - 2 * p))
    y1 = max(0, int(grid.y0 - 0.05 * p))
    x0, x1 = max(0, int(grid.x0)), min(rgb.shape[1], int(far_sides(grid)[0]))
    if y1 - y0 < 8 or x1 - x0 < 20:
        return None
    area = rgb[y0:y1, x0:x1].astype(np.int16)
    r, g, b = area[..., 0], area[..., 1], area[..., 2]
    # the bar is green: most of the band has green above red and blue
    if float(((g > r) & (g > b)).mean()) < 0.5:
        return None
    red = ((r > 180) & (g < 110) & (b < 110)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(red, connectivity=8)
    flags = [tuple(int(v) for v in stats[i, :4]) for i in range(1, n) if stats[i, 4] >= 0.02 * p * p]
    if len(flags) != 1:
        return None
    fx, fy, fw, fh = flags[0]
    # the number: from the flag's right edge, over a width of a few digits, at the flag's height
    # (NUMBER_WIDTH: wide enough to hold five digits, so that a longer number is seen, not cut short)
    sx0, sx1 = fx + fw, min(area.shape[1], fx + fw + int(NUMBER_WIDTH * fh))
    sy0, sy1 = max(0, fy - fh // 4), min(area.shape[0], fy + fh + fh // 4)
    band = area[sy0:sy1, sx0:sx1]
    if band.size == 0:
        return None
    return read_number(white_ink(band))


def read_app_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Microsoft Minesweeper's (the Windows 8/10 Store app) mines left: the white number just right
    of its blue mine icon, in the dark header above the board, where the clock's blue icon (the
    timer right of it) is the only other one: two blue icons alike in size and level, the counter
    after the right one. None unless the header is dark (the app's page) and there are exactly two
    such icons (blue shapes at least half as high as the highest)."""
    p = grid.cell_size
    above = _above(rgb, grid, 4, 1)
    if above is None:
        return None
    area, _, _ = above
    if float(np.median(area.mean(axis=2))) > 110:
        return None
    blue = ((area[..., 2] > 150) & (area[..., 2] - area[..., 0] > 60)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(blue, connectivity=8)
    shapes = [tuple(int(v) for v in stats[i, :4]) for i in range(1, n)
              if 8 <= stats[i, 3] <= 1.5 * p and 0.75 <= stats[i, 2] / stats[i, 3] <= 1.33]
    # (an icon's parts apart from it, a spike or the clock's hand, are far smaller than it)
    icons = sorted(b for b in shapes if b[3] >= 0.5 * max(h for _, _, _, h in shapes)) if shapes else []
    if len(icons) != 2:
        return None
    (_, ay, _, ah), (bx, by, bw, bh) = icons
    if abs(ah - bh) > 0.3 * max(ah, bh) or abs(ay - by) > 0.3 * max(ah, bh):
        return None
    band = area[max(0, by - bh // 4):by + bh + bh // 4, bx + bw:min(area.shape[1], bx + bw + int(NUMBER_WIDTH * bh))]
    if band.size == 0:
        return None
    return read_number(white_ink(band))


def read_text_counter(rgb: np.ndarray, grid: Grid, values: list[str]) -> tuple[int, int, bool] | None:
    """(the number the counter shows, the mine total it implies, whether it counts the mines left:
    the mines less the flags) from a plain-digit counter, or None."""
    total = read_gnome_total(rgb, grid, values)
    if total is not None:
        return total, total, False
    # (the first of the mines-left readers that reads a number, in this order)
    for reader in (read_google_left, read_win7_left, read_panel_left, read_panel_numbers, read_labelled_left,
                   read_app_left, read_flag_left):
        left = reader(rgb, grid)
        if left is not None:
            return left, left + values.count("F") + values.count("W"), True
    total = read_side_total(rgb, grid, values)
    if total is not None:
        return total, total, False
    return None


#: a header whose median grey is at least this is light (the tkinter emoji clone's 240)
LIGHT_HEADER = 200
#: the red pennant's shape, pointing right, less its mean, unit length
_PENNANT_RIGHT = (_triangle(True) - _triangle(True).mean()) / np.linalg.norm(_triangle(True) - _triangle(True).mean())


def read_flag_left(rgb: np.ndarray, grid: Grid) -> int | None:
    """Mines left as a dark number right of a flag icon in a light header above the board (the
    tkinter emoji clone's green "28" right of its flag button, a red pennant on a golden pole): the
    first number right of the header's one red shape, level with it. None unless the header is
    light, exactly one red shape of some size lies in it, a flag's (0.02 of a cell or more) shaped
    as a pennant pointing right (like it as :data:`.marks.PENNANT` asks of a cell's mark; its pole
    then on its left, not taken for a 1), and the number reads clearly."""
    p = grid.cell_size
    above = _above(rgb, grid, 2, 1)
    if above is None:
        return None
    area, _, _ = above
    if float(np.median(area.mean(axis=2))) < LIGHT_HEADER:
        return None
    red = ((area[..., 0] > 180) & (area[..., 1] < 110) & (area[..., 2] < 110)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(red, connectivity=8)
    shapes = [i for i in range(1, n) if stats[i, 4] >= 0.005 * p * p]  # (not a red speck of text's edges)
    if len(shapes) != 1 or stats[shapes[0], 4] < 0.02 * p * p:
        return None
    fx, fy, fw, fh = (int(v) for v in stats[shapes[0], :4])
    if fw < 4 or fh < 4:
        return None
    glyph = cv2.resize((labels[fy:fy + fh, fx:fx + fw] == shapes[0]).astype(np.float32), (8, 8),
                       interpolation=cv2.INTER_AREA).astype(np.float64)
    v = glyph.ravel() - glyph.mean()
    if float(np.linalg.norm(v)) == 0 or float((v * _PENNANT_RIGHT.ravel()).sum()) / float(np.linalg.norm(v)) < PENNANT:
        return None
    # the number: right of the pennant's tip, level with the icon (its pole reaches below the cloth)
    band = area[max(0, fy - fh // 2):min(area.shape[0], fy + 5 * fh // 2), fx + fw + 2:]
    if band.shape[0] < 8 or band.shape[1] < 8:
        return None
    return read_number(_text_ink(band))  # (dark on the panel's own grey: a white desktop may lie beside it)
