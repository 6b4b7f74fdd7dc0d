"""Flat skins drawn as a checkerboard (docs/pictures.md, "The cells"): each tile, covered and
revealed, in two shades that alternate square by square (Google's greens and tans, and its clones
in other colours). The two shades are one tile (cpsolve/picture/tiles.py ``checker_pairs``): a
covered shade with no flag on it is covered like its twin, never a revealed 0 for being far from
the other shade's colour. And a skin that draws every digit in one colour (a grey for all) is read
by the digits' shapes (cpsolve/picture/digits.py ``one_colour_digits``). On boards drawn here:
the oracle is the position drawn.
"""

from __future__ import annotations

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
