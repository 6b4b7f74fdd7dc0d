"""Windows 7's look at 2x (a bot's GIF frame of a 44 px board), drawn here on the classic skin one
trait at a time, each read back against the position drawn:

* grid lines two pixels thick, black, which the cells' crops take in beside the lattice:
  a dark line across a whole side is no mouse pointer over the cell (cells.py ``_edge_dark``);
* covered tiles with weak bevels spread about the threshold (glossy tiles, shaded by a gradient):
  a tile colour whose every cell is raised, most past the threshold, is covered in every cell
  (tiles.py ``WEAK_RAISED``);
* digits in a palette of their own (Windows 7's slate 1): a stroke colour far from every digit
  colour names no digit, and a glyph plainly one digit is that digit (digits.py ``UNNAMED``); so
  does a hue near a grey digit's colour (``_hue_on_grey``: JMines' olive 3); and a colour between
  two digits' is settled by the shape against those two alone (``_colour_rivals``: CaptainBoulbi's
  raylib game's blue 1s, whose glyph is nearly as like a 3); and a lighter shade of the one digit
  colour of its hue, where the shape agrees, is that digit (``_hue_digit``: its light green 2s)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve import read_image
from cpsolve.picture import glyphs_build
from tests.support.picture_render import DIGITS, _flat, _text, board_origin, encode, random_position, render_board

CELL = 32
#: Windows 7's covered blue
BLUE = (90, 130, 210)


def _values(reading) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.value for c in reading.cells]


def _redrawn(board: list[list[str]], cell: int, counter: int, digit: str, draw) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The board drawn by render_board, each cell of ``digit`` then a bare revealed tile on which
    ``draw(img, x, y, cell)`` writes it."""
    img = render_board(board, cell, counter=counter)
    x0, y0 = board_origin(cell)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            if v == digit:
                _flat(img, x0 + c * cell, y0 + r * cell, cell)
                draw(img, x0 + c * cell, y0 + r * cell, cell)
    return img


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("thick", [2])
def test_thick_black_grid_lines_are_no_pointer(seed: int, thick: int) -> None:
    board, counter = random_position(16, 16, 40, seed=seed)
    img = render_board(board, CELL, counter=counter)
    x0, y0 = board_origin(CELL)
    for k in range(1, 16):  # a black line along each inner boundary, on the earlier cell's pixels
        img[y0 + k * CELL - thick:y0 + k * CELL, x0:x0 + 16 * CELL] = (0, 0, 0)
        img[y0:y0 + 16 * CELL, x0 + k * CELL - thick:x0 + k * CELL] = (0, 0, 0)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


def _weak(img: np.ndarray, x: int, y: int, s: int, step: int) -> None:
    """A raised blue tile (Windows 7's covered colour) whose sides are only ``step`` levels lighter
    (top, left) and darker (bottom, right) than its face."""
    w = max(2, s // 8)
    face = np.array(BLUE, int)
    img[y:y + s, x:x + s] = face
    img[y:y + w, x:x + s] = face + step
    img[y:y + s, x:x + w] = face + step
    img[y + s - w:y + s, x + w:x + s] = face - step
    img[y + w:y + s, x + s - w:x + s] = face - step


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_weak_bevels_about_the_threshold_are_covered(seed: int) -> None:
    """Covered blue tiles' bevels spread from about 10 to 60 (half of them under the classic threshold of
    25), the revealed grey ones flat, as Windows 7's glossy tiles measure."""
    board, counter = random_position(16, 16, 40, seed=seed, flags=0.0)
    img = render_board(board, CELL, counter=counter)
    x0, y0 = board_origin(CELL)
    rng = np.random.default_rng(seed)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            if v == ".":
                _weak(img, x0 + c * CELL, y0 + r * CELL, CELL, int(rng.integers(5, 31)))
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.parametrize("colour", [(70, 89, 190), (150, 60, 200)], ids=["slate", "purple"])
@pytest.mark.parametrize("seed", [1, 5])
def test_1s_in_a_colour_no_digit_has_read_by_shape(seed: int, colour: tuple[int, int, int]) -> None:
    board, counter = random_position(16, 16, 40, seed=seed)
    img = _redrawn(board, CELL, counter, "1", lambda img, x, y, s: _text(img, x, y, s, "1", colour))
    assert all(np.linalg.norm(np.subtract(colour, d)) >= 90 for d in DIGITS.values())
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.parametrize(("digit", "colour"), [("3", (152, 129, 44)), ("1", (150, 110, 60)), ("2", (100, 160, 60))],
                         ids=["olive-3", "brown-1", "lime-2"])
@pytest.mark.parametrize("seed", [1, 5])
def test_digits_in_a_hue_near_the_8s_grey_read_by_shape(seed: int, digit: str, colour: tuple[int, int, int]) -> None:
    """JMines' olive 3 lies 87 from the classic 8's grey, under UNNAMED, but no grey digit is drawn
    in a hue: on a grey tile its colour names no digit, and the glyph plainly one digit is read."""
    board, counter = random_position(16, 16, 40, seed=seed)
    img = _redrawn(board, CELL, counter, digit, lambda img, x, y, s: _text(img, x, y, s, digit, colour))
    nearest = min(DIGITS, key=lambda d: np.linalg.norm(np.subtract(colour, DIGITS[d])))
    assert nearest == 8 and np.linalg.norm(np.subtract(colour, DIGITS[8])) < 90
    assert any(v == digit for row in board for v in row)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


def _flat_flagged_1(img: np.ndarray, x: int, y: int, s: int, colour: tuple[int, int, int]) -> None:
    """A sans 1 whose flag is drawn flat (a bar to the left of the stem's top, 0.22 of the cell):
    its glyph is nearly as like a stored 3 as a 1 (0.76 against 0.85)."""
    t = max(2, s // 10)
    top, bottom = (x + int(s * 0.58), y + int(s * 0.18)), (x + int(s * 0.58), y + int(s * 0.82))
    cv2.line(img, top, bottom, colour, t, cv2.LINE_AA)
    cv2.line(img, top, (x + int(s * 0.36), y + int(s * 0.18)), colour, t, cv2.LINE_AA)


@pytest.mark.parametrize("cell", [48, 56])
@pytest.mark.parametrize("seed", [2, 3])
def test_1s_between_the_1s_and_4s_colours_are_told_by_shape_from_the_4_alone(seed: int, cell: int) -> None:
    """A blue between the classic 1's and 4's (CaptainBoulbi's raylib game's, 80 and 81 from them)
    leaves the shape to tell a 1 from a 4, not from a red 3 the colour rules out."""
    colour = (33, 37, 192)
    board, counter = random_position(16, 16, 40, seed=seed)
    img = _redrawn(board, cell, counter, "1", lambda img, x, y, s: _flat_flagged_1(img, x, y, s, colour))
    apart = [float(np.linalg.norm(np.subtract(colour, DIGITS[d]))) for d in (1, 4)]
    assert abs(apart[0] - apart[1]) < 2
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


#: light green, 90 from the classic 2's green (CaptainBoulbi's raylib game's 2s)
LIGHT_GREEN = (54, 191, 34)


def _board_with(digit: str, colour: tuple[int, int, int], font: str, size: float, cell: int,
                seed: int = 2) -> tuple[np.ndarray, list[list[str]]]:
    """A classic board whose ``digit``s are written in ``colour`` with ``font`` at ``size`` of the
    cell (a font whose glyphs the stored shapes may not hold), and the position."""
    from PIL import Image, ImageDraw, ImageFont

    board, counter = random_position(16, 16, 40, seed=seed)
    img = render_board(board, cell, counter=counter)
    x0, y0 = board_origin(cell)
    spots = [(x0 + c * cell, y0 + r * cell) for r, row in enumerate(board) for c, v in enumerate(row) if v == digit]
    for x, y in spots:
        _flat(img, x, y, cell)
    pil = Image.fromarray(img)
    face = ImageFont.truetype(font, round(cell * size))
    for x, y in spots:
        ImageDraw.Draw(pil).text((x + cell / 2, y + cell / 2), digit, font=face, fill=colour, anchor="mm")
    return np.asarray(pil), board


SANS = [p for p in glyphs_build.font_files() if p.name in ("DejaVuSans.ttf", "LiberationSans-Regular.ttf")]


@pytest.mark.skipif(len(SANS) < 2, reason="no DejaVu Sans or Liberation Sans on this machine")
@pytest.mark.parametrize(("font", "size"), [("DejaVuSans.ttf", 0.6), ("DejaVuSans.ttf", 1.0),
                                            ("LiberationSans-Regular.ttf", 0.6), ("LiberationSans-Regular.ttf", 0.8)])
def test_2s_in_a_lighter_green_read_by_hue_and_shape(font: str, size: float) -> None:
    """Light green 2s lie 90 from the classic 2's green, where the colour names no digit (or barely),
    and their glyphs, in a font the stored shapes may not hold, are not plain enough alone: the
    hue, the 2's alone among the classic colours, names the 2, and the shape agrees."""
    path = next(p for p in SANS if p.name == font)
    img, board = _board_with("2", LIGHT_GREEN, str(path), size, 40)
    reading = read_image(encode(img))
    assert not reading.unsure, reading.reasons[:5]
    assert _values(reading) == [v for row in board for v in row]


@pytest.mark.skipif(len(SANS) < 2, reason="no DejaVu Sans or Liberation Sans on this machine")
@pytest.mark.parametrize("digit", ["3", "1"])
def test_other_digits_in_the_2s_hue_are_never_sure_2s(digit: str) -> None:
    """A green the hue gives to the 2, on a glyph the shape gives to another digit: colour and shape
    disagree, never a sure 2 (a sure cell is always the drawn digit)."""
    img, board = _board_with(digit, LIGHT_GREEN, str(SANS[0]), 0.6, 40)
    reading = read_image(encode(img))
    drawn = [v for row in board for v in row]
    assert all(c.value == drawn[k] for k, c in enumerate(reading.cells) if c.sure)
