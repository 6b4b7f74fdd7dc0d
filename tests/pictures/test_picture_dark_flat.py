"""Flat dark boards (tests/pictures/test_picture_dark_theme.py's palettes) read exactly more often,
and never wrong. Found by benchmarks/sweep_drawn.py --only dark.

Seed 10 case 42 (on main 7a8e62f): a qt board at 20 px, its revealed tiles rimless (parted from the
page by 8 levels), JPEG 75. Its strong edges found a 2x4 block of covered tiles in the bottom left,
lined on faint edges above; settled again on faint edges it grew one column right on a pitch of
19.1 px (of 20) and not up at all, and the 2x5 lattice was read as the whole board (size wrong;
the digits above it, read with it on that pitch, were unsure, so digits_beside let it be). Now a
lattice grown over faint lines must take in the side whose lines called for the growth
(grow.grown_over_faint_cells).

Seed 10 (on main 7a8e62f), boards with flags at 16-18 px, even in PNG, were mostly refused: their
tiles parted by a gap of two pixels of the page, the lattice lay on the gap's near side, so each
crop held the whole gap along its top and left and missed its tile's bottom and right edge: the
covered tiles measured sunken, and a "!" centred on its tile reached the glyph region's two bottom
rows with its dot, where no "!" is looked for. The flags read as 1s, the covered tiles (holding
"digits") as revealed, every bare one a sure 0; only a digit on the edge counting mines past it
refused the board. Now crops on a dark page are moved onto tiles parted by so narrow a gap
(bevel.narrow_centring). A third dark palette, slate, drawn here only, reads so too.

Seed 16 case 216 (on main 9842b1a): a part of a qt board, ended at the opening's digits, was read as
the whole: the faint 1s beside it, read unsurely, were taken for a status line's letters. Now a
digit read unsurely on the very tile of the revealed cell beside it is no letter (grow.digits_beside).

Seed 16 case 98 (on main 9842b1a): faint "!" flags in crops a pixel off their tiles (a lattice's
pitch drifted by 0.05 px) read as sure covered cells: darkink.middle_stroke looks a pixel and a half
either side of the interior's centre, no longer one.

The oracle is the position drawn: never a cell read surely and wrong (refusing is allowed)."""

from __future__ import annotations

import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture import darkink as darkink_module
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.support.picture_render import board_text, encode, random_position


def _wrong(rows: int, cols: int, mines: int, seed: int, opened: float, flags: float, palette: str, font: str,
           cell: int, fmt: str, quality: int, rim: int) -> list[str] | None:
    """The cells read surely and wrong (or the size, or the total, where wrong); None where refused."""
    cells, _ = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    try:
        reading = read_image(encode(draw_dark(cells, cell, palette, font, rim), fmt, quality))
    except NoBoardFound:
        return None
    board = reading.board
    if (board.rows, board.cols) != (rows, cols):
        return [f"size {board.rows}x{board.cols}"]
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    wrong = [f"{i // cols},{i % cols}" for i, (w, g) in enumerate(zip(want, board.cells))
             if w != g and divmod(i, cols) not in unsure]
    if board.mines is not None and board.mines != mines:
        wrong.append(f"mines {board.mines}")
    return wrong


def test_a_lattice_grown_off_its_faint_lines_is_not_the_board() -> None:
    """Seed 10 case 42: read as a 2x5 board before (of 12x13); now refused or read whole."""
    assert not _wrong(12, 13, 18, 69, 0.6, 0.5, "qt", "DejaVuSans-Bold", 20, "JPEG", 75, 0)


def test_unsure_digits_on_the_opening_beside_a_lattice_are_no_status_line() -> None:
    """sweep_drawn.py --n 400 --seed 16 --only dark case 216 (on main 9842b1a): a qt board of 11x23 at
    19 px, rimless, JPEG 70. Its lattice, found on 11x13 cells (pitch 19.03), ended at the opening's
    digits in the column right of it: two sure 2s, but two faint 1s read unsurely there, and half the
    strip's marks unsure read as a status line's letters (grow.digits_beside), so the 11x13 part was
    read as the whole board. A digit read unsurely on the tile of the revealed cell beside it is the
    opening going on, no letter: now refused (or read whole)."""
    assert not _wrong(11, 23, 27, 857, 0.3, 0.0, "qt", "LiberationSans-Bold", 19, "JPEG", 70, 0)


def test_faint_flags_a_pixel_off_the_crops_middle_are_unsure() -> None:
    """sweep_drawn.py --n 400 --seed 16 --only dark case 98 (on main 9842b1a): the black palette at 16 px,
    every mine flagged, JPEG 75. The lattice's pitch, 16.05 px, put the crops of the 18th column on a
    pixel right of their tiles; the faint "!" stems (pixel for pixel as the others') fell outside the
    two middle columns of the even interior that darkink.middle_stroke looked down, and five flags
    were read as sure covered cells. Now it looks within a pixel and a half: refused (or read, never
    wrong)."""
    assert not _wrong(7, 20, 28, 375, 0.3, 1.0, "black", "LiberationSans-Bold", 16, "JPEG", 75, 0)


#: a third dark palette (page, covered face, revealed face, digit inks), drawn by no other test
SLATE = ((16, 18, 24), (66, 72, 84), (30, 32, 38),
         {1: (110, 150, 240), 2: (120, 210, 120), 3: (240, 110, 110), 4: (150, 120, 240), 5: (230, 150, 60),
          6: (90, 210, 210), 7: (220, 220, 220), 8: (150, 150, 150)})


@pytest.mark.parametrize("palette", ["qt", "black", "slate"])
@pytest.mark.parametrize("cell", [16, 18])
@pytest.mark.parametrize("rim", [0, 9])
def test_small_flagged_dark_boards_read_exactly(palette: str, cell: int, rim: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mine flagged with a red "!", most cells open, PNG: refused before (seed 1, each
    palette, cell and rim); now read, never wrong, unsure only where a digit shows on under three
    cells (its ink learnt from no others)."""
    monkeypatch.setitem(PALETTES, "slate", SLATE)
    cells, _ = random_position(10, 14, 24, 1, opened=0.7, flags=1.0)
    reading = read_image(encode(draw_dark(cells, cell, palette, "DejaVuSans-Bold", rim), "PNG"))
    assert (reading.board.rows, reading.board.cols) == (10, 14)
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    assert not [i for i, (w, g) in enumerate(zip(want, reading.board.cells)) if w != g and divmod(i, 14) not in unsure]
    count = {v: sum(row.count(v) for row in cells) for v in "12345678"}
    assert all(cells[r][c] in count and count[cells[r][c]] < darkink_module.PALETTE_CELLS for r, c in unsure)
