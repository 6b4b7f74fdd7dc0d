"""Near-black boards (tests/pictures/test_picture_dark_theme.py's black palette) in small JPEGs,
read surely and wrong before. Found by benchmarks/sweep_drawn.py (seed 10: 12 of the 15 boards of 800
read wrong on main 64e4ead).

A thin red "!" flag at 14-19 px, JPEG 70-85, loses its red and keeps a stem some 8-20 levels
lighter than its dark grey tile: no foreground, no reddish pixels, and where every mine is flagged
and most cells are open the flags outnumber the bare covered tiles, so the others' median shading
(darkink._faint_marks) was the flags' own, and every flag read a sure covered cell. Now a bare dark
covered tile whose middle holds a lighter stroke (darkink.middle_stroke) is unsure.

At 21 px, JPEG 95, a "!" whose stem JPEG blurred wide (under twice as tall as wide: no "!" to
textmarks.stacked, a stroke over a dot) was 0.76 like a "?" and like no digit, and read a sure
"?". Now a letter must be ahead of a "!" too (textmarks.bang_like).

JPEG greys a light blue 1 and a green 2 to inks some 40 apart, too grey for a hue (so the 2s'
own ink rules out no 1), and the inks grouped one mark at a time took both in one group, named 1
by its many 1s: a 2 whose glyph was ahead of a 1 by under SHAPE_AGAINST read a sure 1. Now an ink
whose marks show another digit on PALETTE_CELLS cells or more names none (darkink._two_digits).

Seed 14 (on main 3fabf01): a "!" at 14-15 px, JPEG 70-75, whose stem is no lighter than a bare
face's noise (middle_stroke 2.6-5.9, bare faces up to 4.5 on the board) read a sure covered cell (cases
125, 383). But JPEG spreads the flag's red over its tile: the face's most common colour some 8 levels
redder (red over green and blue) than the least red bare face's, bare faces 5 at most. Now a bare
dark grey covered face FACE_TINT redder than the least red of the board's is unsure
(darkink._tinted_faces).

Seed 14 case 126, seed 18 case 62: the 2s' ink (150, 180, 151) 37 from the 1s' (141, 160, 181), one
group, named 1; the 2s' glyphs 0.864 like a 2 and 0.767 like a 1, ahead by 0.097: under both
SHAPE_AGAINST and _two_digits' PALETTE_MARGIN, so each read a sure 1. Now a cell whose own glyph is
more like another digit than its ink's is unsure (colour and shape must agree).

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.darkink import MIDDLE_STROKE, middle_stroke
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.support.picture_render import board_text, encode, random_position

#: (rows, cols, mines, seed, opened, flags, font, cell px, JPEG quality, rim): the sweep's boards
#: whose thin "!" flags read sure covered cells (cases 106, 108, 129, 370, 488)
FAINT_FLAGS = [(12, 15, 36, 471, 0.9, 1.0, "LiberationSans-Bold", 19, 70, 9),
               (7, 23, 18, 372, 0.9, 1.0, "LiberationSans-Bold", 18, 75, 9),
               (15, 23, 44, 649, 0.3, 1.0, "DejaVuSans-Bold", 16, 70, 0),
               (8, 24, 22, 750, 0.9, 1.0, "LiberationSans-Bold", 14, 85, 9),
               (14, 8, 11, 488, 0.9, 1.0, "LiberationSans-Bold", 14, 75, 9),
               (6, 24, 24, 951, 0.9, 0.5, "LiberationSans-Bold", 15, 75, 0)]  # (seed 12, case 125)
#: a "!" read as a sure "?" (seed 12, case 385: the flag at 12,14)
WIDE_BANG = (14, 15, 28, 434, 0.3, 1.0, "LiberationSans-Bold", 21, 95, 0)
#: green 2s read as sure 1s (seed 10, case 721: the 2 at 7,2)
TWO_INKS = (12, 9, 10, 34, 0.3, 0.5, "LiberationSans-Bold", 15, 75, 9)
#: flags read sure covered cells, their faces tinted red (seed 14, cases 125 and 383)
TINTED_FLAGS = [(15, 15, 38, 938, 0.9, 1.0, "LiberationSans-Bold", 14, 70, 9),
                (14, 12, 24, 140, 0.9, 1.0, "LiberationSans-Bold", 15, 75, 0)]
#: green 2s read as sure 1s, their glyphs ahead of a 1 by under PALETTE_MARGIN (seed 14 case 126,
#: seed 18 case 62)
LEANING_TWOS = [(9, 15, 24, 135, 0.3, 1.0, "LiberationSans-Bold", 16, 75, 0),
                (6, 13, 14, 12, 0.6, 0.5, "LiberationSans-Bold", 16, 75, 0)]


def _wrong(rows: int, cols: int, mines: int, seed: int, opened: float, flags: float, font: str, cell: int,
           quality: int, rim: int) -> list[str]:
    """The cells read surely and wrong (or the size, where it is wrong); none where refused."""
    cells, _ = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    try:
        reading = read_image(encode(draw_dark(cells, cell, "black", font, rim), "JPEG", quality))
    except NoBoardFound:
        return []
    board = reading.board
    if (board.rows, board.cols) != (rows, cols):
        return [f"size {board.rows}x{board.cols}"]
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    return [f"{i // cols},{i % cols}: {g} for {w}" for i, (w, g) in enumerate(zip(want, board.cells))
            if w != g and divmod(i, cols) not in unsure]


@pytest.mark.parametrize("case", FAINT_FLAGS)
def test_a_thin_flag_on_a_near_black_board_is_no_sure_covered_cell(case: tuple) -> None:  # type: ignore[type-arg]
    assert not _wrong(*case)


def test_a_blurred_bang_is_no_sure_question_mark() -> None:
    assert not _wrong(*WIDE_BANG)


def test_a_grey_2_among_grey_1s_is_no_sure_1() -> None:
    assert not _wrong(*TWO_INKS)


def test_the_middle_stroke_of_a_flag_and_of_a_bare_tile() -> None:
    """A covered tile with a "!" drawn at 17 px, JPEG 85 (its interior, the middle 60%), and a
    bare one: the flag's stem, a few rows lighter and redder, stands over MIDDLE_STROKE; the bare
    face (flat but for JPEG's noise) under it. Hand-checked: 30.1 and 0.0."""
    cells = [["F", ".", "1"], ["1", "1", "1"]]
    s, inset = 17, round(0.2 * 17)
    rgb = np.asarray(Image.open(io.BytesIO(encode(draw_dark(cells, s, "black", "DejaVuSans-Bold"), "JPEG", 85))))
    inner = np.stack([rgb[s + inset:2 * s - inset, (c + 1) * s + inset:(c + 2) * s - inset] for c in (0, 1)])
    flag, bare = middle_stroke(inner).tolist()
    assert flag == pytest.approx(30.1, abs=0.3)
    assert bare == pytest.approx(0.0, abs=0.3)
    assert bare < MIDDLE_STROKE <= flag


@pytest.mark.parametrize("case", TINTED_FLAGS)
def test_a_flag_whose_red_tints_its_face_is_no_sure_covered_cell(case: tuple) -> None:  # type: ignore[type-arg]
    assert not _wrong(*case)


@pytest.mark.parametrize("case", LEANING_TWOS)
def test_a_2_whose_glyph_leans_to_2_is_no_sure_1_of_its_ink(case: tuple) -> None:  # type: ignore[type-arg]
    assert not _wrong(*case)


def test_tinted_faces() -> None:
    """Hand-made faces: (74, 74, 79) and (73, 75, 80) bare (redness -5 and -7), (79, 73, 77) a
    flag's (+2: 9 over the least red) and (76, 74, 78) (-2: 5 over it, JPEG's noise): only the
    flag's made unsure."""
    from types import SimpleNamespace

    from cpsolve.picture.darkink import FACE_TINT, _tinted_faces

    assert FACE_TINT == 6.5
    faces = [(74, 74, 79), (73, 75, 80), (79, 73, 77), (76, 74, 78)]
    looks = [SimpleNamespace(background=np.array(f, np.float64)) for f in faces]
    confidence = [1.0] * 4
    _tinted_faces(confidence, [0, 1, 2, 3], looks)  # type: ignore[arg-type]
    assert confidence == [1.0, 1.0, 0.1, 1.0]
