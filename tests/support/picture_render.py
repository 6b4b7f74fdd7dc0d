"""Pictures of boards drawn by the tests themselves, to read back (tests/pictures/test_picture*.py).

A classic skin (raised grey covered cells, flat revealed cells with grid lines, the classic digit
colours, red flags, black mines, a seven-segment mine counter) drawn with OpenCV at any cell size,
then scaled by any factor (display scaling: a non-integer one blurs the edges), encoded as PNG or
JPEG, and placed inside a larger "desktop" (a window frame, a title bar, menus, noise). Independent
of the reader: it knows the board it drew, which is the oracle.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import cv2
import numpy as np
from PIL import Image

if TYPE_CHECKING:
    from cpsolve.picture.reading import Reading

GREY = (192, 192, 192)
LIGHT = (255, 255, 255)
SHADOW = (128, 128, 128)
#: the classic digit colours 1..8 (RGB)
DIGITS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128), 5: (128, 0, 0), 6: (0, 128, 128),
          7: (0, 0, 0), 8: (128, 128, 128)}


def parse_cells(text: str) -> list[list[str]]:
    """A board as rows of cell values (``.``, ``0``-``8``, ``F``, ``?``, ``*``, ``X``, ``W``)."""
    return [line.split() for line in text.strip().splitlines() if line.strip() and not line.startswith("mines")]


def board_text(cells: list[list[str]]) -> str:
    """The board's rows as cpsolve's text (values apart by spaces), for :func:`cpsolve.parse_board`."""
    return "\n".join(" ".join(row) for row in cells)


def _raised(img: np.ndarray, x: int, y: int, s: int, w: int, *, face: tuple[int, int, int] = GREY,
            light: tuple[int, int, int] = LIGHT, shadow: tuple[int, int, int] = SHADOW) -> None:
    """A raised tile ``s`` px square at (x, y): its ``face`` with a bevel ``w`` px wide, ``light``
    along its top and left, ``shadow`` along its bottom and right."""
    img[y:y + s, x:x + s] = face
    for k in range(w):
        img[y + k, x:x + s - k] = light              # top
        img[y:y + s - k, x + k] = light              # left
        img[y + s - 1 - k, x + k + 1:x + s] = shadow  # bottom
        img[y + k + 1:y + s, x + s - 1 - k] = shadow  # right


def _flat(img: np.ndarray, x: int, y: int, s: int, bg: tuple[int, int, int] = GREY) -> None:
    line = max(1, s // 16)
    img[y:y + s, x:x + s] = bg
    img[y:y + line, x:x + s] = SHADOW
    img[y:y + s, x:x + line] = SHADOW


def _text(img: np.ndarray, x: int, y: int, s: int, text: str, colour: tuple[int, int, int]) -> None:
    scale = s / 38.0
    thick = max(1, round(s / 9))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    org = (x + (s - tw) // 2, y + (s + th) // 2)
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)


def _mine(img: np.ndarray, x: int, y: int, s: int) -> None:
    c = (x + s // 2, y + s // 2)
    r = max(2, round(s * 0.27))
    t = max(1, s // 12)
    cv2.line(img, (c[0] - r - t, c[1]), (c[0] + r + t, c[1]), (0, 0, 0), t)
    cv2.line(img, (c[0], c[1] - r - t), (c[0], c[1] + r + t), (0, 0, 0), t)
    cv2.circle(img, c, r, (0, 0, 0), -1, cv2.LINE_AA)
    cv2.circle(img, (c[0] - r // 3, c[1] - r // 3), max(1, r // 4), LIGHT, -1)


def _flag(img: np.ndarray, x: int, y: int, s: int) -> None:
    px = x + round(s * 0.55)
    top, bottom = y + round(s * 0.2), y + round(s * 0.78)
    t = max(1, s // 14)
    tri = np.array([[px, top], [px, y + round(s * 0.5)], [x + round(s * 0.22), y + round(s * 0.35)]], np.int32)
    cv2.fillPoly(img, [tri], (255, 0, 0), cv2.LINE_AA)
    cv2.line(img, (px, top), (px, bottom), (0, 0, 0), t)
    img[bottom - 2 * t:bottom, x + round(s * 0.25):x + round(s * 0.78)] = (0, 0, 0)


def red_x(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int] = (255, 0, 0)) -> None:
    """An X across the middle half of the cell (a wrong flag's mark in some clones), in ``colour``."""
    t = max(2, s // 8)
    a, b = round(s * 0.25), round(s * 0.75)
    cv2.line(img, (x + a, y + a), (x + b, y + b), colour, t)
    cv2.line(img, (x + b, y + a), (x + a, y + b), colour, t)


def draw_cell(img: np.ndarray, x: int, y: int, s: int, value: str) -> None:
    w = max(1, s // 8)
    if value in (".", "F", "?"):
        _raised(img, x, y, s, w)
        if value == "F":
            _flag(img, x, y, s)
        elif value == "?":
            _text(img, x, y, s, "?", (0, 0, 0))
        return
    _flat(img, x, y, s, (255, 0, 0) if value == "X" else GREY)
    if value.isdigit() and value != "0":
        _text(img, x, y, s, value, DIGITS[int(value)])
    elif value in ("*", "X", "W"):
        _mine(img, x, y, s)
        if value == "W":
            t = max(1, s // 16)
            a, b = round(s * 0.1), round(s * 0.9)
            cv2.line(img, (x + a, y + a), (x + b, y + b), (255, 0, 0), t)
            cv2.line(img, (x + b, y + a), (x + a, y + b), (255, 0, 0), t)


_SEGMENTS = {  # which of a, b, c, d, e, f, g (clockwise from the top, g the middle) each digit lights
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg", "6": "acdefg", "7": "abc",
    "8": "abcdefg", "9": "abcdfg", "-": "g"}


def draw_counter(img: np.ndarray, x: int, y: int, s: int, value: int, unlit: tuple[int, int, int] | None,
                 leading_zeros: bool = True) -> int:
    """A three-digit seven-segment counter (winmine's LED) at (x, y) for cells of ``s`` px; its width.
    Without ``leading_zeros`` the places before the first digit are left dark (many clones' LEDs)."""
    dw, dh = round(s * 0.8), round(s * 1.45)
    t = max(1, round(s * 0.14))
    text = f"{value:03d}" if value >= 0 else "-" + f"{-value:02d}"
    if not leading_zeros:
        text = f"{value:3d}"
    width = 3 * dw + 4 * t
    img[y:y + dh + 2 * t, x:x + width] = (0, 0, 0)
    for k, ch in enumerate(text):
        ox, oy = x + t + k * (dw + t), y + t
        segs = {"a": (ox + t, oy, dw - 2 * t, t), "g": (ox + t, oy + dh // 2 - t // 2, dw - 2 * t, t),
                "d": (ox + t, oy + dh - t, dw - 2 * t, t), "f": (ox, oy + t, t, dh // 2 - t),
                "b": (ox + dw - t, oy + t, t, dh // 2 - t), "e": (ox, oy + dh // 2, t, dh // 2 - t),
                "c": (ox + dw - t, oy + dh // 2, t, dh // 2 - t)}
        for name, (sx, sy, sw, sh) in segs.items():
            colour = (255, 0, 0) if name in _SEGMENTS.get(ch, "") else unlit
            if colour is not None:
                img[sy:sy + sh, sx:sx + sw] = colour
    return width


def render_board(cells: list[list[str]], cell: int = 16, *, counter: int | None = None,
                 unlit: tuple[int, int, int] | None = (64, 0, 0), leading_zeros: bool = True,
                 timer: int | None = None, timer_left: bool = False) -> np.ndarray:
    """The game's window content: the counter panel (when ``counter`` is given) over the board, in a
    grey frame with sunken borders, at ``cell`` px per cell. RGB uint8. With ``timer``, a second
    display at the panel's right (winmine's timer), or at its left and the counter at the right
    (``timer_left``: timothewt's pygame game), the face between them."""
    rows, cols = len(cells), len(cells[0])
    b = max(2, cell // 5)             # border width
    m = max(4, cell // 2)             # margin
    panel = round(cell * 2.2) if counter is not None else 0
    width = cols * cell + 2 * (m + b)
    height = rows * cell + 2 * (m + b) + (panel + m if panel else 0)
    img = np.full((height, width, 3), GREY, np.uint8)
    left, top = board_origin(cell, counter is not None)
    # sunken border around the board
    img[top - b:top + rows * cell + b, m:m + cols * cell + 2 * b] = SHADOW
    img[top:top + rows * cell + b, m + b:m + cols * cell + 2 * b] = LIGHT
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            draw_cell(img, left + c * cell, top + r * cell, cell, v)
    if counter is not None:
        first, second = (timer, counter) if timer is not None and timer_left else (counter, timer)
        x0 = left + cell // 3
        shown = draw_counter(img, x0, m + round(cell * 0.25), cell, first, unlit, leading_zeros)
        if second is not None:
            draw_counter(img, width - x0 - shown, m + round(cell * 0.25), cell, second, unlit, leading_zeros)
    if counter is not None and cols >= 8:  # the face, where the panel has room for it
        cx = width // 2 if timer is not None else width - m - b - round(cell * 1.2)
        cv2.circle(img, (cx, m + panel // 2), round(cell * 0.75), (255, 255, 0), -1, cv2.LINE_AA)
        cv2.circle(img, (cx, m + panel // 2), round(cell * 0.75), (0, 0, 0), max(1, cell // 16), cv2.LINE_AA)
    return img


def tiled_page(cells: list[list[str]], *, pitch: int, gap: int, margin: int, page: tuple[int, int, int],
               tile: Callable[[np.ndarray, int, int, int, int, int], None]) -> np.ndarray:
    """A page of colour ``page`` with a tile for each cell at (r, c) drawn on it by ``tile(img, x,
    y, side, r, c)`` (x, y its top left corner, ``side`` = ``pitch - gap`` px): tiles parted by a gap
    of the page, ``margin`` px of page round the board (skins of tiles apart, no grid lines). RGB
    uint8."""
    rows, cols = len(cells), len(cells[0])
    img = np.full((rows * pitch + 2 * margin, cols * pitch + 2 * margin, 3), page, np.uint8)
    for r in range(rows):
        for c in range(cols):
            tile(img, margin + c * pitch, margin + r * pitch, pitch - gap, r, c)
    return img


def sure_wrong(reading: Reading, cells: list[list[str]]) -> list[tuple[int, int, str]]:
    """The cells ``reading`` holds surely (not among its unsure cells) that differ from the drawn
    ``cells``: (row, col, value read). Never-wrong means this is empty."""
    unsure = set(reading.unsure)
    return [(k.row, k.col, k.value) for k in reading.cells
            if (k.row, k.col) not in unsure and k.value != cells[k.row][k.col]]


def board_origin(cell: int, counter: bool = True) -> tuple[int, int]:
    """(x, y) of the board's top left corner in :func:`render_board`'s picture (with the counter
    panel above it, or none)."""
    b, m = max(2, cell // 5), max(4, cell // 2)
    return m + b, m + (round(cell * 2.2) + m if counter else 0)


#: the mouse pointer's arrow (Windows'), its tip at (0, 0), 18 units high
_POINTER = [(0, 0), (0, 16), (4, 12), (7, 18), (9, 17), (6, 11), (11, 11)]


#: the hand (link) pointer, its index finger's tip at (0, 0), 18 units high: the finger, three
#: knuckles to its right, the thumb at its left, the palm below; and the black lines parting the
#: fingers (from, to)
_HAND = [(-1, 1), (0, 0), (2, 0), (3, 1), (3, 7), (5, 6), (7, 7), (8, 7), (9, 8), (10, 8), (11, 9), (11, 14),
         (9, 18), (1, 18), (-2, 14), (-5, 10), (-5, 8), (-3, 8), (-1, 10)]
_HAND_LINES = [((5, 9), (5, 12)), ((8, 9), (8, 12))]
#: Windows 7's (Aero) arrow: a white body, a navy outline (as a GIF frame's palette keeps it)
NAVY = (16, 24, 96)
POINTERS = ("arrow", "hand", "win7")


def pointed_board(seed: int, tip: tuple[int, int], offset: tuple[int, int], height: int | None = 19,
                  shape: str = "arrow", factor: float = 1.0) -> tuple[list[list[str]], np.ndarray]:
    """Seed ``seed``'s 16x16 game (40 mines) at 16 px a cell with a mouse pointer ``height`` px high
    (none if None) of ``shape`` whose tip lies ``offset`` (x, y) px into the cell ``tip`` (row, col),
    scaled by ``factor``: the drawn cells and the picture (benchmarks/pointer_risks.py's placements)."""
    cells, counter = random_position(16, 16, 40, seed)
    img = render_board(cells, 16, counter=counter)
    left, top = board_origin(16)
    if height is not None:
        draw_pointer(img, left + tip[1] * 16 + offset[0], top + tip[0] * 16 + offset[1], height, shape)
    return cells, scale(img, factor)


def draw_pointer(img: np.ndarray, x: int, y: int, height: int = 19, shape: str = "arrow") -> None:
    """A mouse pointer with its tip at (x, y), ``height`` px high: ``shape`` "arrow" (a white arrow
    outlined in black, Windows'), "hand" (a white hand, its index finger up, outlined in black: a
    link's pointer) or "win7" (the arrow outlined in navy)."""
    k = height / 18
    outline = NAVY if shape == "win7" else (0, 0, 0)
    points = _HAND if shape == "hand" else _POINTER
    pts = np.array([(x + round(px * k), y + round(py * k)) for px, py in points], np.int32)
    cv2.fillPoly(img, [pts], (255, 255, 255))
    cv2.polylines(img, [pts], True, outline, max(1, round(k)))
    if shape == "hand":
        for (ax, ay), (bx, by) in _HAND_LINES:
            cv2.line(img, (x + round(ax * k), y + round(ay * k)), (x + round(bx * k), y + round(by * k)), outline,
                     max(1, round(k)))


def scale(img: np.ndarray, factor: float) -> np.ndarray:
    """Display scaling: resized by ``factor`` with linear interpolation (blurred edges when not whole)."""
    if factor == 1:
        return img
    h, w = img.shape[:2]
    return cv2.resize(img, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_LINEAR)


def desktop(window: np.ndarray, width: int = 1280, height: int = 800, *, seed: int = 0,
            at: tuple[int, int] | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """``window`` in a title-barred frame on a busy desktop (text, icons, noise). The picture and
    where the window's content landed (x, y)."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    img = np.empty((height, width, 3), np.uint8)
    img[:] = (0, 110, 120)
    img = np.clip(img.astype(np.int16) + nrng.integers(-6, 7, img.shape), 0, 255).astype(np.uint8)
    for _ in range(12):  # icons and text
        x, y = rng.randrange(0, width - 60), rng.randrange(0, height - 40)
        colour = tuple(rng.randrange(256) for _ in range(3))
        cv2.rectangle(img, (x, y), (x + 32, y + 32), colour, -1)
        cv2.putText(img, f"file {rng.randrange(100)}.txt", (x - 5, y + 46), cv2.FONT_HERSHEY_SIMPLEX, 0.4,
                    (255, 255, 255), 1, cv2.LINE_AA)
    h, w = window.shape[:2]
    title, frame = 24, 4
    fw, fh = w + 2 * frame, h + title + 2 * frame + 20
    if at is None:
        at = (rng.randrange(0, max(1, width - fw)), rng.randrange(0, max(1, height - fh)))
    x, y = at
    assert x + fw <= width and y + fh <= height, "the window does not fit on the desktop"
    img[y:y + fh, x:x + fw] = (212, 208, 200)
    img[y + frame:y + frame + title, x + frame:x + fw - frame] = (10, 36, 106)
    cv2.putText(img, "Minesweeper", (x + 10, y + frame + 17), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1,
                cv2.LINE_AA)
    cv2.putText(img, "Game  Help", (x + 8, y + frame + title + 15), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1,
                cv2.LINE_AA)
    ox, oy = x + frame, y + frame + title + 20
    img[oy:oy + h, ox:ox + w] = window
    return img, (ox, oy)


def encode(img: np.ndarray, fmt: str = "PNG", quality: int = 95) -> bytes:
    """The picture as a file's bytes (PNG, JPEG at ``quality``, BMP, GIF, WEBP)."""
    out = io.BytesIO()
    pil = Image.fromarray(img)
    if fmt == "JPEG":
        pil.save(out, fmt, quality=quality)
    else:
        pil.save(out, fmt)
    return out.getvalue()


def random_position(rows: int, cols: int, mines: int, seed: int, *, opened: float = 0.5, flags: float = 0.5,
                    state: str = "playing") -> tuple[list[list[str]], int]:
    """A real position of a random game: cells opened by flood fill from safe clicks until about
    ``opened`` of the safe cells show, about ``flags`` of the mines beside an opened cell flagged.
    ``state``: "playing", "lost" (the mines shown, one exploded, wrong flags crossed) or "won" (every
    mine flagged). The cells and the mine counter (mines minus flags, as a game shows it)."""
    rng = random.Random(seed)
    order = list(range(rows * cols))
    rng.shuffle(order)
    mine = set(order[:mines])

    def nbs(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) != (r, c)]

    count = [sum(j in mine for j in nbs(i)) for i in range(rows * cols)]
    shown: set[int] = set()
    safe = [i for i in range(rows * cols) if i not in mine]
    goal = len(safe) if state == "won" else int(opened * len(safe))
    while len(shown) < goal:
        start = rng.choice([i for i in safe if i not in shown])
        stack = [start]
        while stack:
            i = stack.pop()
            if i in shown:
                continue
            shown.add(i)
            if count[i] == 0:
                stack.extend(j for j in nbs(i) if j not in shown)
    frontier_mines = sorted(i for i in mine if any(j in shown for j in nbs(i)))
    flagged = set(rng.sample(frontier_mines, int(flags * len(frontier_mines))))
    if state == "won":
        flagged = set(mine)
    wrong: set[int] = set()
    if state == "lost":
        hidden = [i for i in safe if i not in shown]
        wrong = set(rng.sample(hidden, min(2, len(hidden))))
    cells = []
    exploded = rng.choice(sorted(mine - flagged)) if state == "lost" and mine - flagged else None
    for i in range(rows * cols):
        if i in shown:
            v = str(count[i])
        elif state == "lost" and i == exploded:
            v = "X"
        elif state == "lost" and i in wrong:
            v = "W"
        elif i in flagged:
            v = "F"
        elif state == "lost" and i in mine:
            v = "*"
        else:
            v = "."
        cells.append(v)
    counter = mines - len(flagged) - len(wrong)
    return [cells[r * cols:(r + 1) * cols] for r in range(rows)], counter
