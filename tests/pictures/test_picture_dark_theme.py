"""Dark themes (Qionglu735's PyQt game: tests/data/screens/qt-dark-won-16x30.png): raised dark grey
covered tiles, darker or near-black revealed ones, digits in light shades of the classic hues (a
light blue 1, a pale green 2, a pink 3), flags a red "!" on a covered tile. Every cell was unsure
before: the dark tiles' own pixels passed for near-black (a mine's, a cursor's), the covered and
revealed greys (21 apart) fell in one group of tile colours, the light digits were nearest the
classic grey 8, and at 20 px a "!" blurred into one stroke. Now near-black is darker than the tile
(colours.near_black), dark tile colours group within a share of their luminance (tiles), a digit
on a dark tile is read by the board's own inks and the glyphs' shapes (darkink.dark_palette,
digits._dark_tile_digit) and a "!" is looked for in a strong mark's core too (textmarks.stacked).
The oracle is the position drawn: never a cell read surely and wrong; the dark boards read exactly
(but a digit shown on under three cells, whose ink the board does not teach, may be unsure)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture import darkink as darkink_module
from tests.support.picture_render import board_text, encode, random_position

FONTS = {"DejaVuSans-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "LiberationSans-Bold": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"}

#: (page, covered face, revealed face, digit inks 1-8): light shades of the classic hues on dark tiles
PALETTES = {
    "qt": ((30, 30, 30), (58, 57, 57), (38, 38, 40),
           {1: (120, 120, 190), 2: (135, 205, 145), 3: (235, 110, 115), 4: (80, 80, 235), 5: (165, 60, 60),
            6: (90, 200, 200), 7: (215, 215, 215), 8: (150, 150, 150)}),
    "black": ((6, 6, 8), (72, 74, 80), (24, 24, 26),
              {1: (100, 160, 255), 2: (110, 220, 110), 3: (255, 100, 100), 4: (60, 90, 220), 5: (200, 80, 40),
               6: (80, 220, 220), 7: (230, 230, 230), 8: (160, 160, 160)}),
}
FLAG_RED = (215, 45, 50)


def draw_dark(cells: list[list[str]], s: int, palette: str, font: str, rim: int = 9) -> np.ndarray:
    """The board on its page: covered tiles raised (a lighter top and left edge, a darker bottom and
    right one), revealed tiles flat with a one-pixel rim a little lighter (``rim`` levels; 0: none),
    parted by the page, digits and the "!" flags in a bold font about half the cell high."""
    page, covered, revealed, inks = PALETTES[palette]
    rows, cols = len(cells), len(cells[0])
    img = Image.new("RGB", ((cols + 2) * s, (rows + 2) * s), page)
    d = ImageDraw.Draw(img)
    face = ImageFont.truetype(FONTS[font], max(8, round(0.55 * s)))
    w = max(1, s // 12)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = (c + 1) * s, (r + 1) * s
            if v in ".F":
                lit = tuple(min(255, ch + 30) for ch in covered)
                shade = tuple(max(0, ch - 22) for ch in covered)
                d.rectangle((x + 1, y + 1, x + s - 2, y + s - 2), fill=shade)
                d.rectangle((x + 1, y + 1, x + s - 2 - w, y + s - 2 - w), fill=lit)
                d.rectangle((x + 1 + w, y + 1 + w, x + s - 2 - w, y + s - 2 - w), fill=covered)
            else:  # (a rim a few levels lighter than the face, as Qt's)
                d.rectangle((x + 1, y + 1, x + s - 2, y + s - 2), fill=tuple(ch + rim for ch in revealed))
                d.rectangle((x + 2, y + 2, x + s - 3, y + s - 3), fill=revealed)
            text, ink = ("!", FLAG_RED) if v == "F" else (v, inks[int(v)]) if v in "12345678" else ("", None)
            if text:
                d.text((x + s / 2, y + s / 2), text, fill=ink, font=face, anchor="mm")
    return np.asarray(img)


def _verdict(cells: list[list[str]], data: bytes) -> tuple[set[tuple[int, int]] | None, list[str]]:
    """(the cells read unsure, None where refused; the cells read surely and wrong)."""
    try:
        reading = read_image(data)
    except NoBoardFound:
        return None, []
    board = reading.board
    if (board.rows, board.cols) != (len(cells), len(cells[0])):
        return None, [f"size {board.rows}x{board.cols}"]
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    wrong = [f"{i // board.cols},{i % board.cols}" for i, (w, g) in enumerate(zip(want, board.cells))
             if w != g and divmod(i, board.cols) not in unsure]
    return unsure, wrong


def _lone(cells: list[list[str]]) -> set[tuple[int, int]]:
    """The cells of a digit shown on fewer than darkink.PALETTE_CELLS cells: its ink is learnt from
    no others, and its glyph alone may leave it unsure (a lone 5 among red 3s)."""
    count = {v: sum(row.count(v) for row in cells) for v in "12345678"}
    return {(r, c) for r, row in enumerate(cells) for c, v in enumerate(row)
            if v in count and count[v] < darkink_module.PALETTE_CELLS}


EXACT = [(palette, font, cell, fmt) for palette in PALETTES for font in FONTS for cell in (24, 32, 40)
         for fmt in ("PNG", "JPEG") if fmt == "PNG" or palette == "qt"]


@pytest.mark.parametrize(("palette", "font", "cell", "fmt"), EXACT)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_dark_theme_board_reads_exactly(palette: str, font: str, cell: int, fmt: str, seed: int,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    cells, _ = random_position(12, 16, 30, seed=seed, opened=0.7, flags=1.0)
    ran: list[int] = []
    real = darkink_module.dark_palette

    def spy(values, confidence, looks):  # type: ignore[no-untyped-def]
        ran.append(len(values))
        return real(values, confidence, looks)

    monkeypatch.setattr("cpsolve.picture.cells.dark_palette", spy)
    unsure, wrong = _verdict(cells, encode(draw_dark(cells, cell, palette, font), fmt, 92))
    assert not wrong, f"read wrong: {wrong}"
    assert unsure is not None, "refused"
    assert ran, "the dark palette did not run"
    assert unsure <= _lone(cells), f"unsure: {sorted(unsure - _lone(cells))}"


@pytest.mark.parametrize("palette", list(PALETTES))
@pytest.mark.parametrize("font", list(FONTS))
@pytest.mark.parametrize("cell", [20, 24, 32])
def test_dark_boards_are_never_read_wrong(palette: str, font: str, cell: int) -> None:
    for seed in (3, 4):
        cells = random_position(10, 12, 20, seed=seed, opened=0.6, flags=0.5)[0]
        for fmt in ("PNG", "JPEG"):
            _, wrong = _verdict(cells, encode(draw_dark(cells, cell, palette, font), fmt, 85))
            assert not wrong, f"read wrong at {cell} px, {fmt}, seed {seed}: {wrong}"


def test_the_qt_picture_reads_with_its_flags_and_digits() -> None:
    """tests/data/screens/qt-dark-won-16x30.png: read, never wrong, its 99 "!" flags and its digits
    sure but a few (a lone 6 and two 5s, whose inks show on too few cells; a 3)."""
    from pathlib import Path

    picture = Path(__file__).parent.parent / "data" / "screens" / "qt-dark-won-16x30.png"
    reading = read_image(picture)
    want = cpsolve.parse_board(picture.with_suffix(".txt").read_text()).cells
    unsure = set(reading.unsure)
    assert (reading.board.rows, reading.board.cols) == (16, 30)
    assert all(w == g for i, (w, g) in enumerate(zip(want, reading.board.cells)) if divmod(i, 30) not in unsure)
    assert len(unsure) <= 5
