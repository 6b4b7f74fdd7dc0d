"""Rounded tiles in a black outline, parted by a narrow gap of a dark page, with a solver's tints
over the covered ones (skullbox305's Qt solver: tests/data/screens/qt-overlay-mid-20x20.png;
docs/pictures.md, "The cells").

A flat clone's look: every tile a flat colour, rounded, edged in black, light blue when covered,
light grey when revealed, the digits in the classic colours; the solver paints the covered tiles
it has judged, violet where safe, pink where a mine, green where uncertain. The tiles are grouped
by colour (tiles.py): the digits' grey is revealed, and of the bare colours (nothing on any of
their tiles) only the darkest was read covered; the others, covered blue among them, read as 0s,
unsure (their colour does not say), and the board was refused. The digits tell (bare.py): a digit
has a covered tile beside it, and a revealed 0 none, so a bare colour beside a digit with no other
covered neighbour, or beside tiles read covered, is covered.

The game shows the mines left as a Qt LCD number (thin segments) in a white box after "# Mines
left:" on a light panel above the board, on the dark form (lcdbox.py): read, and after another
label not; a segment neither lit nor dark is no digit.

Revealed 0s drawn in a colour of their own (bare, as the tints are) never border a covered tile:
they must never be read covered. The boards are drawn here (random real positions), so the
oracle is the position drawn.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import NoBoardFound, glyphs_build, read_image
from cpsolve.picture.lcdbox import segments
from cpsolve.picture.rules import CODE
from tests.support.picture_render import DIGITS, _text, encode, random_position, scale, sure_wrong, tiled_page

#: the dark form between the tiles, the outline, the covered tile, the revealed one (Qt's look)
PAGE, OUTLINE = (64, 66, 68), (0, 0, 0)
COVERED, REVEALED = (111, 193, 255), (212, 212, 212)
#: the solver's tints over covered tiles: safe, mine, uncertain
SAFE, MINE, UNCERTAIN = (160, 160, 211), (211, 160, 160), (59, 239, 59)


def _rounded(side: int, radius: float) -> np.ndarray:
    """How much of each pixel of a ``side`` px square lies in the square with its corners rounded
    by ``radius`` (4 x 4 samples a pixel: the edge anti-aliased)."""
    sub = (np.arange(side * 4) + 0.5) / 4
    yy, xx = np.meshgrid(sub, sub, indexing="ij")
    cy = np.clip(yy, radius, side - radius)
    cx = np.clip(xx, radius, side - radius)
    inside = np.hypot(yy - cy, xx - cx) <= radius
    return inside.reshape(side, 4, side, 4).mean(axis=(1, 3))


def _tile(img: np.ndarray, x: int, y: int, side: int, face: tuple[int, int, int]) -> None:
    """A tile ``side`` px square at (x, y): ``face`` inside a one-pixel black outline, its corners
    rounded, on the page."""
    outer, inner = _rounded(side, 4.0)[..., None], np.zeros((side, side, 1))
    inner[1:-1, 1:-1] = _rounded(side - 2, 3.0)[..., None]
    patch = img[y:y + side, x:x + side].astype(np.float64)
    patch = patch * (1 - outer) + np.array(OUTLINE) * outer
    patch = patch * (1 - inner) + np.array(face) * inner
    img[y:y + side, x:x + side] = np.round(patch).astype(np.uint8)


def draw_rounded_board(cells: list[list[str]], tints: dict[tuple[int, int], tuple[int, int, int]], *,
                       pitch: int = 32, gap: int = 2, margin: int = 48,
                       zero: tuple[int, int, int] = REVEALED) -> np.ndarray:
    """The board (``.`` covered, a digit or 0 revealed), each tile ``pitch - gap`` px with its
    outline, the covered ones in their tint where ``tints`` gives one; revealed 0s in ``zero``."""
    def tile(img: np.ndarray, x: int, y: int, side: int, r: int, c: int) -> None:
        v = cells[r][c]
        _tile(img, x, y, side, tints.get((r, c), COVERED) if v == "." else zero if v == "0" else REVEALED)
        if v not in ".0":
            _text(img, x + 1, y + 1, side - 2, v, DIGITS[int(v)])

    return tiled_page(cells, pitch=pitch, gap=gap, margin=margin, page=PAGE, tile=tile)


def _tints(cells: list[list[str]], seed: int) -> dict[tuple[int, int], tuple[int, int, int]]:
    """A solver's tints: each covered tile beside a revealed one violet, pink or green (at random:
    which, the reader cannot know), and a block of green ones beside one of the lone digits'."""
    rng = random.Random(seed)
    rows, cols = len(cells), len(cells[0])
    tints = {}
    for r in range(rows):
        for c in range(cols):
            near = [cells[rr][cc] for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))]
            if cells[r][c] == "." and any(v != "." for v in near):
                tints[r, c] = rng.choice((SAFE, SAFE, MINE, UNCERTAIN))
    return tints


def _read(cells: list[list[str]], image: np.ndarray) -> tuple[list[str], list[str], set[tuple[int, int]]]:
    """(cells read wrong and sure, cells read wrong or unsure, the unsure cells)."""
    reading = read_image(encode(image))
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    cols = len(cells[0])
    unsure = set(reading.unsure)
    want = [CODE[v] for row in cells for v in row]
    off, wrong = [], []
    for i, (w, g) in enumerate(zip(want, reading.board.cells)):
        where = f"{i // cols},{i % cols}: {cells[i // cols][i % cols]} read {reading.cells[i].value}"
        if w != g and divmod(i, cols) not in unsure:
            wrong.append(where)
        if w != g or divmod(i, cols) in unsure:
            off.append(where)
    return wrong, off, unsure


def _position(seed: int) -> list[list[str]]:
    cells, _ = random_position(16, 16, 40, seed, opened=0.45, flags=0.0)
    return cells


@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_plain_rounded_tiles_read_exactly(seed: int, factor: float) -> None:
    """No tints: two colours, the darker (blue) covered; every cell right and sure."""
    cells = _position(seed)
    wrong, off, _ = _read(cells, scale(draw_rounded_board(cells, {}), factor))
    assert not wrong and not off, off


@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_a_solvers_tints_over_covered_tiles_read_covered(seed: int, factor: float) -> None:
    """Violet, pink and green over the covered tiles beside the opening: no cell read wrong and
    sure, each tinted cell read covered or unsure; the board may be refused. Once (bare.py) every
    cell was right and sure; but a plain tint over a covered tile is, pixel for pixel, a game's flag
    drawn as a plain tile of its own colour (FriedrichtenHagen's: test_picture_plain_flags.py), so
    where several bare colours may be covered none is sure (bare.plain_flag_doubt), and with most
    of the board's cells unsure these boards are refused. Before bare.py: only the darkest bare
    colour (green) read covered, the others (covered blue among them) unsure 0s, and refused."""
    cells = _position(seed)
    tints = _tints(cells, seed)
    try:
        reading = read_image(encode(scale(draw_rounded_board(cells, tints), factor)))
    except NoBoardFound:
        return
    assert not sure_wrong(reading, cells)
    cols, unsure = len(cells[0]), set(reading.unsure)
    assert all(reading.cells[r * cols + c].value == "." or (r, c) in unsure for r, c in tints)


@pytest.mark.parametrize("zero", [(236, 236, 236), (250, 240, 200)])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_zeros_of_their_own_colour_are_never_read_covered(seed: int, zero: tuple[int, int, int]) -> None:
    """The revealed 0s in a colour apart from the digits' tiles (a bare colour, as the tints are),
    with the tints: the board may be refused, or the 0s unsure, but no cell is read wrong and sure
    (a 0 never borders a covered tile, so no digit and no covered tile calls its colour covered)."""
    cells = _position(seed)
    try:
        wrong, _, _ = _read(cells, draw_rounded_board(cells, _tints(cells, seed), zero=zero))
    except NoBoardFound:
        return
    assert not wrong, wrong


# ------------------------------------------------ the counter: an LCD box after "# Mines left:"

FONTS = [f for f in glyphs_build.font_files() if f.name in ("DejaVuSans.ttf", "LiberationSans-Regular.ttf")]
needs_fonts = pytest.mark.skipif(not FONTS, reason="no DejaVu or Liberation fonts on this machine")
PANEL = (212, 212, 212)
#: the seven segments' lines in a digit w x h: (row or column, along rows, from, to) as fractions
_SEGMENT_LINES = {"a": ("row", 0.0), "d": ("row", 1.0), "g": ("row", 0.5),
                  "f": ("col", 0.0, 0), "b": ("col", 1.0, 0), "e": ("col", 0.0, 1), "c": ("col", 1.0, 1)}
_LIT = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg", "6": "acdefg", "7": "abc",
        "8": "abcdefg", "9": "abcdfg"}


def _lcd_digit(img: np.ndarray, x: int, y: int, w: int, h: int, digit: str) -> None:
    """A seven-segment digit w x h at (x, y), segments one pixel thick, a pixel apart at the corners
    (Qt's flat QLCDNumber)."""
    mid = y + h // 2
    for s in _LIT[digit]:
        line = _SEGMENT_LINES[s]
        if line[0] == "row":
            yy = y if line[1] == 0.0 else y + h - 1 if line[1] == 1.0 else mid
            img[yy, x + 1:x + w - 1] = 0
        else:
            xx = x if line[1] == 0.0 else x + w - 1
            img[(y + 1 if line[2] == 0 else mid + 1):(mid if line[2] == 0 else y + h - 1), xx] = 0


def with_lcd_panel(board: np.ndarray, pitch: int, value: int, font: Path, label: str = "# Mines left:") -> np.ndarray:
    """The board with a light panel above it on the dark form: ``label`` in ``font``, then a white
    box with a black border holding ``value`` in LCD digits, right-aligned."""
    height = round(2.5 * pitch)
    top = np.full((height, board.shape[1], 3), PAGE, np.uint8)
    px0, py0, px1, py1 = pitch, pitch // 3, board.shape[1] - pitch, height - pitch // 3
    top[py0:py1, px0:px1] = PANEL
    pil = Image.fromarray(top)
    draw = ImageDraw.Draw(pil)
    face = ImageFont.truetype(str(font), round(pitch * 0.5))
    ty = (py0 + py1) // 2 - round(pitch * 0.3)
    draw.text((px0 + pitch // 2, ty), label, font=face, fill=(0, 0, 0))
    bx = px0 + pitch // 2 + round(draw.textlength(label, font=face)) + pitch // 4
    bw, bh = round(1.45 * pitch), round(0.85 * pitch)
    by = (py0 + py1) // 2 - bh // 2
    draw.rounded_rectangle((bx, by, bx + bw, by + bh), radius=4, fill=(255, 255, 255), outline=(0, 0, 0))
    top = np.array(pil)
    dw, dh = max(5, round(0.19 * pitch)), max(9, round(0.44 * pitch))
    text = str(value)
    x = bx + bw - 4 - len(text) * (dw + 3)
    for d in text:
        _lcd_digit(top, x, by + (bh - dh) // 2, dw, dh, d)
        x += dw + 3
    return np.concatenate([top, board], axis=0)


@needs_fonts
@pytest.mark.parametrize("font", FONTS, ids=lambda f: f.stem)
@pytest.mark.parametrize(("seed", "pitch", "mines"), [(3, 32, 40), (5, 40, 19), (8, 32, 87), (9, 36, 8)])
def test_the_lcd_box_after_its_label_gives_the_mines_left(seed: int, pitch: int, mines: int, font: Path) -> None:
    """The mines left (the mines less the flags: none here) in the LCD box after "# Mines left:":
    read, and the mine total with it. Before: no counter. (The board untinted: with the solver's
    tints it is refused, its covered colours unsure: bare.plain_flag_doubt.)"""
    cells, left = random_position(16, 16, mines, seed, opened=0.45, flags=0.0)
    assert left == mines
    board = draw_rounded_board(cells, {}, pitch=pitch, gap=2 * pitch // 16)
    reading = read_image(encode(with_lcd_panel(board, pitch, left, font)))
    assert reading.mine_counter == left and reading.board.mines == mines
    assert not reading.unsure


@needs_fonts
@pytest.mark.parametrize("label", ["# Mines:", "Time:", "Width:"])
def test_an_lcd_box_after_another_label_gives_no_counter(label: str) -> None:
    """The box after another label (the mines of the next game, a timer, a setting): no counter
    (the board untinted, as above)."""
    cells = _position(5)
    board = draw_rounded_board(cells, {})
    reading = read_image(encode(with_lcd_panel(board, 32, 40, FONTS[0], label)))
    assert reading.mine_counter is None and reading.board.mines is None


def test_a_broken_lcd_digit_reads_as_none() -> None:
    """A pattern that is no digit (a segment half lit, or lit where no digit has it) is no number."""
    mask = np.zeros((14, 20), bool)
    box = np.zeros((14, 6, 3), np.uint8) + 255
    _lcd_digit(box, 0, 0, 6, 14, "8")
    mask[:, :6] = box[..., 0] == 0
    assert segments(mask) == 8
    mask[1:5, 0] = False  # f left 2 pixels of 6: neither lit nor dark
    assert segments(mask) is None
    one = np.zeros((14, 6), bool)
    one[1:6, 0] = one[0, 1:5] = True  # a and f alone: no digit
    assert segments(one) is None
