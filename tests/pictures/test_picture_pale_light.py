"""Flat light boards that read unsure or not at all, and now read exactly (fixLight).

Drawn as benchmarks/sweep_drawn.py's light palette draws them (flat tiles a pixel inside their cells
on a light page, raised covered tiles with a one-pixel bevel), in that palette and in a second one:

* under 15 px, tiles with a light rim (237 on a page of 250): the lattice lay on the rim's far side,
  the crops were moved onto the tiles and held the gap's last row first; the small-cell rule that
  reads a one-pixel bevel on the crop's outermost row read the page there, and every revealed tile
  was raised by 13-22 levels: the board was refused (bevel.bevel_sides);
* at 22-23 px, covered tiles whose one-pixel bevel measures 25-30, about the threshold of 25: every
  cell of their colour raised past it, but those under 30 were unsure, where a colour raised 10 and
  up, some under the threshold, was all covered (tiles.tiles);
* in JPEG, the thin gap beside a red flag tinted by its colour, or beside a digit lightened or
  darkened by JPEG's ringing, was no gap in that crop (a channel 16 levels off the page's): too few
  crops showed the gap, and the crops stayed off their tiles (thingap), or one tile's crop ended on
  the gap, read flat among raised ones; the gap's lines are told by their lightness too;
* in JPEG, a red 3 paled to a maroon nearer the 5's colour (or the 8's grey), a green 2 to a
  grey-green: colour and glyph disagreed and the digit was unsure; the colour as JPEG shows it
  (digits.colour_distance) and the glyph agree (paleink).
"""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, Reading, read_image
from cpsolve.picture.digits import colour_distance
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.support.picture_render import DIGITS, board_text, encode, random_position, sure_wrong

#: (page, covered face, revealed face, digit inks): sweep_drawn's light palette, and two others
LIGHTS = {"sweep": ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS),
          "white": ((255, 255, 255), (196, 204, 218), (236, 235, 230), DIGITS),
          "cream": ((246, 244, 238), (178, 182, 190), (226, 224, 218), DIGITS)}


def _read(palette: str, cell: int, rim: int, fmt: str, font: str, seed: int,
          monkeypatch: pytest.MonkeyPatch, quality: int = 75) -> tuple[list[list[str]], Reading]:
    monkeypatch.setitem(PALETTES, palette, LIGHTS[palette])
    cells, _ = random_position(10, 14, 24, seed=seed, opened=0.6, flags=0.5)
    data = encode(draw_dark(cells, cell, palette, font, rim), fmt, quality)
    return cells, read_image(data)


def _exact(cells: list[list[str]], reading: Reading) -> None:
    assert (reading.board.rows, reading.board.cols) == (10, 14)
    assert not reading.unsure, f"unsure: {reading.unsure[:8]}"
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


@pytest.mark.parametrize(("palette", "cell"), [("sweep", 14), ("sweep", 15), ("white", 15)])
def test_small_tiles_with_a_light_rim_read_exactly(palette: str, cell: int, monkeypatch: pytest.MonkeyPatch) -> None:
    cells, reading = _read(palette, cell, 9, "PNG", "DejaVuSans-Bold", 2, monkeypatch)
    _exact(cells, reading)


@pytest.mark.parametrize(("palette", "cell", "rim", "font", "seed"), [
    ("sweep", 22, 0, "DejaVuSans-Bold", 1), ("sweep", 23, 0, "LiberationSans-Bold", 3),
    ("cream", 22, 9, "LiberationSans-Bold", 1), ("cream", 23, 9, "DejaVuSans-Bold", 2)])
def test_weakly_raised_covered_tiles_are_surely_covered(palette: str, cell: int, rim: int, font: str, seed: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cells, reading = _read(palette, cell, rim, "JPEG", font, seed, monkeypatch)
    _exact(cells, reading)


@pytest.mark.parametrize(("palette", "cell", "rim", "font", "seed"), [
    ("sweep", 16, 0, "DejaVuSans-Bold", 2), ("sweep", 20, 0, "LiberationSans-Bold", 2),
    ("white", 20, 0, "LiberationSans-Bold", 2), ("white", 20, 9, "DejaVuSans-Bold", 1)])
def test_digits_jpeg_paled_read_exactly(palette: str, cell: int, rim: int, font: str, seed: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cells, reading = _read(palette, cell, rim, "JPEG", font, seed, monkeypatch)
    _exact(cells, reading)


@pytest.mark.parametrize(("palette", "cell", "quality", "seed"), [
    ("cream", 18, 75, 1), ("cream", 22, 75, 1), ("sweep", 14, 70, 2)])
def test_a_gap_jpeg_tinted_is_still_the_gap(palette: str, cell: int, quality: int, seed: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """JPEG spreads a flag's red (and a digit's ringing) over the thin gap beside it, its lightness
    kept: the gap's lines are told by their lightness too, and the crops move onto the tiles."""
    cells, reading = _read(palette, cell, 0, "JPEG", "DejaVuSans-Bold", seed, monkeypatch, quality)
    _exact(cells, reading)


def test_a_paled_red_is_the_3s_as_jpeg_shows_it() -> None:
    """A JPEG-paled red 3's stroke, (168, 48, 60) on a tile of 232: 87 from the 5's maroon and 116
    from the 3's red in plain RGB, but its brightness (85) is the 3's (76), not the maroon's (38):
    as JPEG mixes colour, 11 from the red and 47 from the maroon."""
    stroke, tile = np.array([168.0, 48.0, 60.0]), np.array([232.0, 232.0, 231.0])
    assert round(colour_distance(stroke, np.array([255.0, 0.0, 0.0]), tile)) == 11
    assert round(colour_distance(stroke, np.array([128.0, 0.0, 0.0]), tile)) == 47


@pytest.mark.parametrize("palette", list(LIGHTS))
@pytest.mark.parametrize("cell", [15, 18, 20, 22])
def test_light_boards_in_swapped_inks_are_never_read_wrong(palette: str, cell: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Each digit drawn in its JPEG twin's ink (1 and 4, 3 and 5, 2 and 6 swapped): colour and
    glyph disagree, and no cell is read surely wrong."""
    swapped = dict(DIGITS)
    for a, b in ((1, 4), (3, 5), (2, 6)):
        swapped[a], swapped[b] = DIGITS[b], DIGITS[a]
    page, covered, revealed, _ = LIGHTS[palette]
    monkeypatch.setitem(PALETTES, palette, (page, covered, revealed, swapped))
    for seed in (4, 5):
        cells, _ = random_position(8, 12, 16, seed=seed, opened=0.7, flags=0.5)
        for fmt, rim in (("PNG", 0), ("JPEG", 9), ("JPEG", 0)):
            try:
                reading = read_image(encode(draw_dark(cells, cell, palette, "DejaVuSans-Bold", rim), fmt, 75))
            except NoBoardFound:
                continue
            assert (reading.board.rows, reading.board.cols) == (8, 12)
            wrong = sure_wrong(reading, cells)
            assert not wrong, f"read wrong at {cell} px, {fmt}, rim {rim}, seed {seed}: {wrong}"
