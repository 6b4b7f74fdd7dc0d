"""Flat skins drawn as a checkerboard (docs/pictures.md, "The cells"): each tile, covered and
revealed, in two shades that alternate square by square (Google's greens and tans, and its clones
in other colours). The two shades are one tile (cpsolve/picture/tiles.py ``checker_pairs``): a
covered shade with no flag on it is covered like its twin, never a revealed 0 for being far from
the other shade's colour. And a skin that draws every digit in one colour (a grey for all) is read
by the digits' shapes (cpsolve/picture/digits.py ``one_colour_digits``). On boards drawn here:
the oracle is the position drawn.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import DIGITS, _flag, _text, encode, random_position

#: two shades of a covered tile far enough apart (RGB 69) that one alone is no colour of the other
COVERED = ((60, 100, 160), (100, 140, 200))
REVEALED = ((236, 236, 226), (214, 214, 204))


def _draw(cells: list[list[str]], cell: int, digit_colour: tuple[int, int, int] | None = None,
          covered: tuple[tuple[int, int, int], ...] = COVERED) -> np.ndarray:
    """The board on a checkerboard skin (no lines, no bevel), in a plain dark frame; digits in the
    classic colours, or all in ``digit_colour``; flags red and black."""
    rows, cols = len(cells), len(cells[0])
    m = cell
    img = np.full((rows * cell + 2 * m, cols * cell + 2 * m, 3), (40, 40, 48), np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            shades = covered if v in ".F" else REVEALED
            img[y:y + cell, x:x + cell] = shades[(r + c) % 2]
            if v == "F":
                _flag(img, x, y, cell)
            elif v in "12345678":
                _text(img, x, y, cell, v, digit_colour or DIGITS[int(v)])
    return img


def _position(seed: int, flags_on: int | None = None) -> list[list[str]]:
    """A 12x14 game's position; with ``flags_on``, flags only on the squares of that colour
    ((row + col) % 2), the other flags left covered."""
    cells, _ = random_position(12, 14, 24, seed)
    if flags_on is not None:
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v == "F" and (r + c) % 2 != flags_on:
                    row[c] = "."
        assert any(v == "F" for row in cells for v in row)
    return cells


@pytest.mark.parametrize("flags_on", [0, 1])
@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("cell", [20, 32])
def test_a_covered_tile_in_two_shades_is_one_tile(flags_on: int, seed: int, cell: int) -> None:
    """Flags drawn on squares of one colour only: that shade is covered by its flags, the other,
    69 away from it, by being its twin. Without the pairing it is taken for revealed 0s, and the
    rules then unsure every cell beside it (or the board is refused)."""
    cells = _position(seed, flags_on)
    reading = read_image(encode(_draw(cells, cell)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]


@pytest.mark.parametrize("grey", [(128, 128, 128), (90, 90, 110)])
@pytest.mark.parametrize("cell", [24, 36])
def test_digits_all_in_one_colour_are_read_by_shape(grey: tuple[int, int, int], cell: int) -> None:
    """Every digit drawn in one grey: its colour says 8 (the classic grey) or nothing, its shape the
    number. Without the one-colour rule colour and shape disagree and every digit but the 8s is
    unsure."""
    cells = _position(1)
    assert len({v for row in cells for v in row if v in "12345678"}) >= 3
    reading = read_image(encode(_draw(cells, cell, digit_colour=grey)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]


def test_coloured_digits_are_still_read_by_colour() -> None:
    """The control: the same board in the classic colours reads exactly; a 1 painted green (no 1's
    colour, and 2s are green) is then unsure, since the colours do tell the numbers there."""
    cells = _position(1)
    img = _draw(cells, 24)
    reading = read_image(encode(img))
    assert reading.unsure == ()
    r, c = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "1" and r > 0 and c > 0)
    x, y = 24 + c * 24, 24 + r * 24
    img[y:y + 24, x:x + 24] = REVEALED[(r + c) % 2]
    _text(img, x, y, 24, "1", DIGITS[2])
    reading = read_image(encode(img))
    assert (r, c) in reading.unsure


def _lost(seed: int, cell: int, thin: bool = False) -> tuple[np.ndarray, list[str]]:
    """A lost 12x14 game on the checkerboard as bandaranayake's game draws one: every mine shown a
    dark disc on its covered shade, the exploded one a dark red disc on red, flags on both shades
    (a wrong flag left a plain covered cell), digits all in one grey (``thin``: the 1s of 2 px
    strokes, a thin font's); and the values to read."""
    cells, _ = random_position(12, 14, 24, seed, state="lost")
    cells = [["." if v == "W" else v for v in row] for row in cells]
    m = cell
    img = _draw([["." if v in "*X" else v for v in row] for row in cells], cell, digit_colour=(150, 143, 159))
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * cell, m + r * cell
            if v in "*X":
                tile = (250, 30, 30) if v == "X" else COVERED[(r + c) % 2]
                img[y:y + cell, x:x + cell] = tile
                disc = tuple(round(0.65 * t) for t in tile)
                cv2.circle(img, (x + cell // 2, y + cell // 2), round(cell * 0.2), disc, -1, cv2.LINE_AA)
            elif thin and v == "1":
                # a 1 of a thin font: a stem of 2 px, a quarter of the cell high, with a short flag
                img[y:y + cell, x:x + cell] = REVEALED[(r + c) % 2]
                cx, top, bottom = x + cell // 2, y + round(cell * 0.36), y + round(cell * 0.64)
                img[top:bottom, cx:cx + 2] = (150, 143, 159)
                for dx in (0, 1):
                    cv2.line(img, (cx + dx, top), (cx + dx - cell // 16, top + cell // 16), (150, 143, 159), 1)
    return img, [v for row in cells for v in row]


@pytest.mark.parametrize("seed", [1, 4, 6])
@pytest.mark.parametrize("cell", [32, 48])
def test_a_lost_checkerboard_shows_its_mines_as_discs(seed: int, cell: int) -> None:
    """Mines shown as dark discs in the tile's own hue, the exploded one on red, flags on both
    covered shades: every cell sure. A flag on the other shade than the other flags' is on a covered
    tile all the same (plain covered cells share its colour: ``marks.odd_flags``), and the dark red
    disc on red is the exploded mine though no near-black one (``marks.round_marks``)."""
    img, want = _lost(seed, cell)
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want


@pytest.mark.parametrize("seed", [1, 4])
def test_thin_digits_in_large_cells_are_sure(seed: int) -> None:
    """1s of 2 px strokes in 64 px cells (a thin font's, bandaranayake's): each covers about 0.03 of
    its cell, as little as a speck, but its glyph is plainly a 1; sure."""
    img, want = _lost(seed, 64, thin=True)
    reading = read_image(encode(img))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == want
