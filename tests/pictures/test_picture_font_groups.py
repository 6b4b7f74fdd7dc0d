"""A board whose digits are all one ink in a font no stored shape holds plainly (fontgroups.py;
tests/data/screens/pygame-heldan-mid-16x16.png): pygame-heldan draws bold serif 1s and 2s, both
blue (5, 24, 229), on flat grey (190) revealed cells, its covered tiles light grey (230) inside
4 px grey rims. Its 1s are 0.94 like a 1 but 0.80 like a 3, its 2s 0.89 like a 2 and 0.72 like a
3: neither plainly one digit, so the board was not seen to draw its digits in one colour and its
2s, blue as a classic 1, were read as 1s by colour, unsure by shape. Its glyphs fall into two
groups, alike within and apart across, each like a different digit: the board's one ink tells
nothing, and each group reads as its digit. Drawn here as the game draws them (the sprites taken
from the tuning picture, by coverage 0-9), at several cell sizes and scales."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, scale, sure_wrong

#: the sprites at 40 px cells, each pixel's ink coverage 0-9 (their antialiased rims included)
SPRITES = {
    "1": ["00000289999600000", "00016999999600000", "00599999999600000", "08996399999600000",
          "19720299999600000", "13000299999600000", *["00000299999600000"] * 15,
          "05888899999988881", "06999999999999991"],
    "2": ["024678999876300000", "699999889999994000", "699830002799999600", "699200000189999940",
          "696000000049999990", "693000000029999992", "000000000019999993", "000000000019999992",
          "000000000029999990", "000000000039999960", "000000000079999810", "000000000299999200",
          "000000001899981000", "000000018999600000", "000000289983000000", "000004999500000000",
          "000179982000000573", "003999400000000794", "169972111111111794", *["899999999999999994"] * 4],
}
BLUE, REVEALED, COVERED, FRAME = (5, 24, 229), (190, 190, 190), (230, 230, 230), (255, 255, 255)

#: the tuning picture's own position (its .cells)
HELDAN = """\
................
................
................
........21212...
...1....10001...
.......210112...
...21211012.....
...1000002......
...1100002......
....101222......
...1101.........
....112.........
................
................
................
................"""


def heldan_board(values: list[list[str]], cell: int, inks: dict[str, tuple[int, int, int]] | None = None) -> np.ndarray:
    """The board as pygame-heldan draws it: every cell a grey (190) square, a covered one's
    middle light grey (230) inside a rim of a tenth of the cell, a digit's sprite scaled to the cell
    (23 of 40 px high) and laid centred by its coverage, in ``inks`` (by default all blue)."""
    rows, cols, margin = len(values), len(values[0]), cell
    img = np.empty((rows * cell + 2 * margin, cols * cell + 2 * margin, 3), np.float64)
    img[:] = FRAME
    rim, k = max(2, round(cell / 10)), cell / 40
    for r, row in enumerate(values):
        for c, v in enumerate(row):
            x, y = margin + c * cell, margin + r * cell
            img[y:y + cell, x:x + cell] = REVEALED
            if v == ".":
                img[y + rim:y + cell - rim // 2, x + rim:x + cell - rim // 2] = COVERED
            elif v in SPRITES:
                art = np.array([[int(ch) / 9 for ch in line] for line in SPRITES[v]])
                h, w = max(3, round(art.shape[0] * k)), max(2, round(art.shape[1] * k))
                cover = cv2.resize(art, (w, h), interpolation=cv2.INTER_AREA)[..., None]
                top, left = y + (cell - h) // 2, x + (cell - w) // 2
                patch = img[top:top + h, left:left + w]
                ink = np.array((inks or {}).get(v, BLUE), np.float64)
                img[top:top + h, left:left + w] = patch * (1 - cover) + ink * cover
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def _position(mines: int, seed: int) -> list[list[str]]:
    """A game in progress, no flags (the tuning picture shows none), no digit above 2."""
    values, _ = random_position(16, 16, mines, seed=seed, flags=0.0, opened=0.3)
    assert {v for row in values for v in row} <= {".", "0", "1", "2"}, seed
    assert sum(v == "2" for row in values for v in row) >= 8, seed
    return values


POSITIONS = {"heldan": [list(line) for line in HELDAN.splitlines()],
             "seed50": _position(25, 50), "seed2": _position(30, 2), "seed21": _position(30, 21)}


@pytest.mark.parametrize("position", sorted(POSITIONS))
@pytest.mark.parametrize(("cell", "factor"), [(40, 1.0), (36, 1.0), (44, 1.0), (32, 1.0), (32, 1.25), (40, 1.5)])
def test_one_ink_serif_digits_read_exactly(position: str, cell: int, factor: float) -> None:
    values = POSITIONS[position]
    reading = read_image(encode(scale(heldan_board(values, cell), factor)))
    assert reading.unsure == (), reading.reasons
    assert [c.value for c in reading.cells] == [v for row in values for v in row]


def test_the_board_in_classic_colours_reads_by_colour() -> None:
    """The same font with the classic colours (2s green): the inks differ, no group reading, and
    the colours tell the number (every cell right)."""
    values = POSITIONS["heldan"]
    reading = read_image(encode(heldan_board(values, 40, {"2": (0, 128, 0)})))
    assert sure_wrong(reading, values) == []
    assert [c.value for c in reading.cells] == [v for row in values for v in row]


def test_a_lone_glyph_of_the_ink_is_no_group() -> None:
    """A 2 alone among 1s, all blue: one group only (a lone glyph forms none), so the board is not
    seen to draw one ink, and the 2, blue as a classic 1, is unsure (never a sure 1)."""
    values = [row[:] for row in POSITIONS["heldan"]]
    for r, row in enumerate(values):
        for c, v in enumerate(row):
            if v == "2" and (r, c) != (3, 8):
                values[r][c] = "1"
    reading = read_image(encode(heldan_board(values, 40)))
    assert (3, 8) in reading.unsure
    assert sure_wrong(reading, values) == []
