"""A flags / mines counter written with spaces round its slash, above the board: jfxmines'
"Mines: 15 / 99" (its App.updateFlagsLabel: "Mines: " + flags + " / " + mines) in a light header
over a board whose cells are 29 px wide and 26 px high. textcounter.read_gnome_total read an "n/m"
word below the board only, and "15 / 99" is three words: no mine total. Now the band above the
board is read too (where none is below), the slash alone between two numbers a space from it is one
fraction with them (spaced.spaced_slashes), and each band lies at the rows' own pitch (an oblong
grid's pitch_y, not its mean cell size). The total is taken only where n is the flags on the board,
as below it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import cpsolve
from cpsolve import read_image
from cpsolve.picture import glyphs
from tests.pictures.test_picture_textcounter import FONTS, READ, gnome_band, needs_fonts
from tests.support.picture_render import board_text, encode, random_position, render_board

HEADER = (244, 244, 244)


def band(text: str, size: int, font_path: object) -> np.ndarray:
    return gnome_band(text, size, font_path, wide=14, background=HEADER)


@needs_fonts
@pytest.mark.parametrize("size", [11, 13, 16, 22])
@pytest.mark.parametrize("text, want", [("Mines: 15 / 99", (15, 99)), ("Marked: 0 / 10", (0, 10)),
                                        ("Mines: 7 / 40      Time: 00:47", (7, 40))])
def test_a_spaced_fraction_is_read_as_drawn(text: str, want: tuple[int, int], size: int) -> None:
    for path in FONTS:
        ink = glyphs.dark_ink(band(text, size, path))
        got = glyphs.read_fraction(ink, spaced=True)
        assert got == want if path in READ else got in (want, None), (path.name, size, got)
        assert glyphs.read_fraction(ink) is None  # (three words: no "n/m" word without ``spaced``)


@needs_fonts
@pytest.mark.parametrize("text", ["Mines: 3 15 / 99", "Mines: 15 / 99 4", "Mines: 15 /", "Mines: / 99",
                                  "Mines: 15 / 9a", "Mines: 15  99", "Mines: 15 /  /  99"])
def test_a_spaced_fraction_with_a_digit_beside_or_a_part_missing_gives_none(text: str) -> None:
    for path in FONTS:
        got = glyphs.read_fraction(glyphs.dark_ink(band(text, 16, path)), spaced=True)
        assert got is None, (path.name, text, got)


def headed(cells: list[list[str]], text: str, font_path: object, *, cell: int = 26,
           wide: float = 29 / 26) -> np.ndarray:
    """render_board's board (no LED counter) under a light header with ``text`` at its left,
    the whole stretched ``wide`` across (cells 29 px wide, 26 high, as jfxmines')."""
    board = render_board(cells, cell)
    size = max(11, cell // 2)
    header = Image.new("RGB", (board.shape[1], 2 * size), HEADER)
    ImageDraw.Draw(header).text((cell // 2, size // 3), text, fill=(0, 0, 0),
                                font=ImageFont.truetype(str(font_path), size))
    img = np.vstack([np.asarray(header), board])
    return cv2.resize(img, (round(img.shape[1] * wide), img.shape[0]), interpolation=cv2.INTER_NEAREST)


@needs_fonts
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("wide", [1.0, 29 / 26])
def test_a_spaced_flags_and_mines_counter_above_the_board_gives_the_total(seed: int, wide: float) -> None:
    cells, _ = random_position(9, 12, 20, seed=seed, opened=0.6)
    flags = sum(row.count("F") for row in cells)
    reading = read_image(encode(headed(cells, f"Mines: {flags} / 20", READ[0], wide=wide)))
    assert (reading.board.rows, reading.board.cols) == (9, 12) and not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
    assert reading.board.mines == 20


@needs_fonts
def test_a_spaced_fraction_whose_first_number_is_not_the_flags_gives_no_total() -> None:
    """"n / m" with n not the flags on the board (the mines left, say, or anything else): no total."""
    cells, _ = random_position(9, 12, 20, seed=2, opened=0.6)
    flags = sum(row.count("F") for row in cells)
    reading = read_image(encode(headed(cells, f"Mines: {20 - flags} / 20", READ[0])))
    assert 20 - flags != flags and reading.board.mines is None
