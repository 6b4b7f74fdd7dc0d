"""The board's last column and row, whose outer sides are faint (cpsolve/picture/outer.py).

A dark theme's tiles (tests/pictures/test_picture_dark_theme.py's qt palette) are parted by two
pixels of the page: a raised tile's light top and left make strong edges, its shade (6 levels
over the page) a faint one. The lattice lies on the strong edges, so the board's last column and
row have their outer side a gap's width off it: at 14 px a cell they were lined 0.61-0.69 (under
LINED), and the board was read a column and a row short, every cell sure (13x12 read as 12x11;
10x6 as 10x5). Found by benchmarks/sweep_drawn.py (seed 1, case 135; seed 0, case 85). The
oracle is the position drawn."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.grid import Grid
from cpsolve.picture.outer import grown_over_outer_tiles, short_edge_digit
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.support.picture_render import board_text, encode, random_position

#: (rows, cols, mines, seed, opened, flags, font, cell px, JPEG quality): the two boards the sweep
#: found read short
SHORT = [(13, 12, 22, 96, 0.3, 1.0, "LiberationSans-Bold", 14, 95),
         (10, 6, 11, 645, 0.3, 0.5, "DejaVuSans-Bold", 14, 70)]


@pytest.mark.parametrize(("rows", "cols", "mines", "seed", "opened", "flags", "font", "cell", "quality"), SHORT)
def test_the_last_column_and_row_are_read(rows: int, cols: int, mines: int, seed: int, opened: float, flags: float,
                                          font: str, cell: int, quality: int) -> None:
    cells, _ = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    reading = read_image(encode(draw_dark(cells, cell, "qt", font), "JPEG", quality))
    board = reading.board
    assert (board.rows, board.cols) == (rows, cols)
    # the board drawn at (cell, cell): one cell of page round it
    x, y, w, h = reading.box
    assert abs(x - cell) <= 2 and abs(y - cell) <= 2 and abs(w - cols * cell) <= 3 and abs(h - rows * cell) <= 3
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    wrong = [divmod(i, cols) for i, (w_, g) in enumerate(zip(want, board.cells))
             if w_ != g and divmod(i, cols) not in unsure]
    assert not wrong


def test_the_first_board_is_exact() -> None:
    """13x12 at 14 px, JPEG 95: every cell sure and right, the last column (". . . . 1 0 0 ...")
    and row with them."""
    rows, cols, mines, seed, opened, flags, font, cell, quality = SHORT[0]
    cells, _ = random_position(rows, cols, mines, seed, opened=opened, flags=flags)
    assert [row[-1] for row in cells] == [".", ".", ".", ".", "1", "0", "0", "0", "0", "0", "0", "0", "0"]
    reading = read_image(encode(draw_dark(cells, cell, "qt", font), "JPEG", quality))
    assert not reading.unsure
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


def _page_with_tiles(strip: str) -> tuple[np.ndarray, Grid]:
    """A 6x6 qt board (every cell revealed but three covered mines) and, right of it, a column drawn
    as ``strip`` says: "board" (the board's own next column), "page" (nothing), "half" (its top
    half the board's tiles, the rest page). The picture and the lattice of the 6x6 cells."""
    mines = {(0, 0), (3, 2), (5, 5)}
    cells = [[("." if (r, c) in mines else
               str(sum((rr, cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))))
              for c in range(7)] for r in range(6)]
    img = np.array(draw_dark(cells, 14, "qt", "DejaVuSans-Bold"))
    if strip != "board":
        top = 14 + (3 * 14 if strip == "half" else 0)
        img[top:14 + 6 * 14, 14 + 6 * 14:14 + 7 * 14] = (30, 30, 30)
    return img, Grid(15.0, 15.0, 14.0, 14.0, 6, 6)


def test_a_column_of_the_boards_tiles_is_grown_over() -> None:
    img, grid = _page_with_tiles("board")
    grown = grown_over_outer_tiles(img, grid, 6)
    assert grown is not None and (grown.rows, grown.cols) == (6, 7)


def test_the_page_beside_the_board_is_not() -> None:
    img, grid = _page_with_tiles("page")
    assert grown_over_outer_tiles(img, grid, 6) == grid


def test_a_column_half_of_the_boards_tiles_is_no_board() -> None:
    """Its edge is not told: the column may be the board's, some of its tiles not seen."""
    img, grid = _page_with_tiles("half")
    assert grown_over_outer_tiles(img, grid, 6) is None


def test_a_column_of_one_colour_is_no_board() -> None:
    """A column of 0s beside a board's 0s, lined as they are, could be a panel of their colour
    lined at the board's pitch: it is not grown over (the board refused, not read a column short
    or long)."""
    mines = {(0, 0), (3, 2), (2, 0)}
    cells = [[("." if (r, c) in mines else
               str(sum((rr, cc) in mines for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))))
              for c in range(7)] for r in range(6)]
    assert all(row[-1] == "0" and row[-2] == "0" for row in cells)
    img = np.array(draw_dark(cells, 14, "qt", "DejaVuSans-Bold"))
    assert grown_over_outer_tiles(img, Grid(15.0, 15.0, 14.0, 14.0, 6, 6), 6) is None
    try:
        reading = read_image(encode(img, "PNG"))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (6, 7)


@pytest.mark.parametrize("strips", [True, False])
def test_a_board_whose_revealed_tiles_have_no_rim_is_not_read_a_column_short(
        strips: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Revealed tiles 8 levels over the page, no lighter rim (draw_dark's rim=0), at 20 px in JPEG
    85: the first column (0s down to a 1 and a flag) made no lattice lines, and the board was read
    10x11, its 2 at 6,0 (whose second flag lies in the column missed) made unsure by the rules,
    every other cell sure. Four of that column's ten cells are of the board's tiles (its covered
    ones, the flag: the 0s make no lines), so its edge is not told; and without that rule
    (``strips`` False; nor grow.tiles_beside), that 2 counts more mines than the cells round it in the lattice could
    hold: the board goes on past it. Refused either way (or read whole)."""
    if not strips:  # (and grow.tiles_beside, which finds the column's covered tiles too)
        monkeypatch.setattr("cpsolve.picture.reader.grown_over_outer_tiles", lambda rgb, grid, threshold: grid)
        monkeypatch.setattr("cpsolve.picture.reader.tiles_beside", lambda rgb, grid, threshold: [])
    cells = random_position(10, 12, 20, seed=3, opened=0.6, flags=0.5)[0]
    assert [row[0] for row in cells] == ["0", "0", "0", "0", "0", "0", "1", "F", ".", "."]
    data = encode(draw_dark(cells, 20, "qt", "DejaVuSans-Bold", rim=0), "JPEG", 85)
    try:
        reading = read_image(data)
    except NoBoardFound as exc:
        reason = "partly of the board's tiles" if strips else "counts more mines than the cells round it"
        assert reason in str(exc)
        return
    assert (reading.board.rows, reading.board.cols) == (10, 12)
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    assert all(w == g for i, (w, g) in enumerate(zip(want, reading.board.cells)) if divmod(i, 12) not in unsure)


def _values(text: str) -> list[str]:
    return text.split()


def test_a_digit_short_of_mines_on_the_edge() -> None:
    # a 2 on the left edge with one flag beside it inside the board: its other mine lies past the edge
    values = _values("0 0 0  2 1 0  F 1 0")
    assert short_edge_digit(values, set(), set(), 3, 3, "tblr") == "1,0 (l)"
    # ... not where the picture ends on that side
    assert short_edge_digit(values, set(), set(), 3, 3, "tbr") is None
    # an unsure neighbour may hold the mine, unless its tile is surely revealed
    values = _values("0 0 0  2 3 0  F 1 0")
    assert short_edge_digit(values, {4}, set(), 3, 3, "tblr") is None
    assert short_edge_digit(values, {4}, {4}, 3, 3, "tblr") == "1,0 (l)"
    # the digit itself unsure: left to the rules
    assert short_edge_digit(values, {3}, set(), 3, 3, "tblr") is None


def test_a_digit_no_cells_could_meet_is_left_to_the_rules() -> None:
    """An 8 on the top edge (tests/pictures/test_picture_input.py's doctored 1): five neighbours
    in the board, three past the edge, eight mines: a misreading, not a board going on."""
    values = _values("0 8 0  0 0 0  0 0 0")
    assert short_edge_digit(values, set(), set(), 3, 3, "tblr") is None
    # a 3 on the top edge beside two covered cells: the third may lie past it
    values = _values(". 3 .  1 2 1  0 0 0")
    assert short_edge_digit(values, set(), set(), 3, 3, "tblr") == "0,1 (t)"
