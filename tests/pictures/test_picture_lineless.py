"""A skin that draws no lines between its revealed cells (CaptainBoulbi's raylib game): raised
tiles on a flat revealed grey, not a line between two revealed cells, the board running to the
picture's edges under a coloured header. Only the tiles make edges, so the lattice is found on a
block of them; grow.py's ``grown_over_flat_cells`` carries it over the revealed grey to the tiles
beyond, and refuses a board whose edge cannot be told from a panel of its revealed colour. Before
it every one of these boards was read cut short, as the block of tiles alone."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from cpsolve.picture import NoBoardFound
from tests.support.picture_render import DIGITS, _flag, _raised, _text, board_text, encode, random_position

REVEALED, FACE, LIGHT = (198, 198, 198), (142, 142, 142), (255, 255, 255)
HEADER = (255, 230, 0)


def draw_lineless(cells: list[list[str]], s: int, *, shadow: tuple[int, int, int] = (100, 100, 100),
                  colours: dict[int, tuple[int, int, int]] = DIGITS,
                  panel: tuple[int, int, int] | None = None) -> np.ndarray:
    """The board under a yellow header, to the picture's left, right and bottom edges (or inside a
    margin of ``panel`` colour a cell wide): covered cells raised tiles (a face of FACE, white top
    and left sides, ``shadow`` bottom and right ones), revealed cells the flat REVEALED grey with
    no line between them, digits in ``colours``."""
    rows, cols = len(cells), len(cells[0])
    top, m = round(0.8 * s), (0 if panel is None else s)
    img = np.full((top + rows * s + 2 * m, cols * s + 2 * m, 3), panel or REVEALED, np.uint8)
    img[:top] = HEADER
    img[top + m:top + m + rows * s, m:m + cols * s] = REVEALED
    w = max(2, s // 8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = m + c * s, top + m + r * s
            if v in ".F":
                _raised(img, x, y, s, w, face=FACE, light=LIGHT, shadow=shadow)
                if v == "F":
                    _flag(img, x, y, s)
            elif v.isdigit() and v != "0":
                _text(img, x, y, s, v, colours[int(v)])
    return img


def edges_show(cells: list[list[str]]) -> bool:
    """Whether each outermost row and column holds a tile or a digit (not only blank 0s)."""
    sides = [cells[0], cells[-1], [row[0] for row in cells], [row[-1] for row in cells]]
    return all(any(v != "0" for v in side) for side in sides)


#: (rows, cols, mines, seed, cell px): boards whose lattice is found on a block of tiles with
#: neighbouring digits in it. Not read whole: a lattice found on a block of tiles alone (no two
#: neighbouring digits inside it) shows nothing of the skin; the digits beside it refuse it
#: (test_a_block_of_tiles_alone_is_never_read_as_the_board); nor is a board with two tiles or
#: fewer together (refused).
CASES = [(16, 16, 40, 3, 30), (12, 20, 40, 5, 36), (16, 16, 40, 7, 40), (16, 30, 99, 8, 32), (16, 16, 40, 9, 60),
         (16, 16, 40, 10, 32), (16, 30, 99, 11, 30), (16, 16, 40, 13, 36)]


@pytest.mark.parametrize("rows, cols, mines, seed, cell", CASES)
def test_a_board_without_lines_between_revealed_cells_reads_whole(rows: int, cols: int, mines: int, seed: int,
                                                                  cell: int) -> None:
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    assert edges_show(cells)  # (an outermost row of blank 0s could be a panel of their grey: refused)
    reading = read_image(encode(draw_lineless(cells, cell)))
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


@pytest.mark.parametrize("rows, cols, mines, seed, cell", [c for c in CASES if c[3] in (5, 7, 8, 9, 13)])
def test_a_panel_of_the_revealed_grey_round_the_board_is_never_read_as_more_board(
        rows: int, cols: int, mines: int, seed: int, cell: int) -> None:
    """The board inside a cell-wide margin of its own revealed grey: where it ends cannot be told
    (the margin reads as a row and column of 0s), so it is refused, or read with its own size."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    try:
        reading = read_image(encode(draw_lineless(cells, cell, panel=REVEALED)))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (rows, cols)
    unsure = set(reading.unsure)
    want = cpsolve.parse_board(board_text(cells)).cells
    assert all(g == w for i, (g, w) in enumerate(zip(reading.board.cells, want)) if divmod(i, cols) not in unsure)


@pytest.mark.parametrize("rows, cols, mines, seed, cell", CASES[:5])
def test_a_tiles_near_black_shadow_is_no_cursor(rows: int, cols: int, mines: int, seed: int, cell: int) -> None:
    """The tiles' bottom and right sides near-black (68, as the raylib game draws them): a dark
    band all along a tile's side is its bevel, not a mouse pointer over it (cells.py _edge_dark)."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    reading = read_image(encode(draw_lineless(cells, cell, shadow=(68, 68, 68))))
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


def _half_dark_inner_edges(img: np.ndarray, cells: list[list[str]], s: int) -> np.ndarray:
    """draw_lineless' picture with, on every tile, the row just inside its bottom shadow and the
    column just inside its right one half near-black: every other pixel 40, the rest 120 (what
    dither.py's average leaves of a GIF's ordered dither along a shadow's edge: the SFML clone's,
    0.53 of that row near-black, 0.89 darker than 140)."""
    out = img.copy()
    top, w = round(0.8 * s), max(2, s // 8)
    mix = np.where(np.arange(s) % 2 == 0, 40, 120).astype(np.uint8)[:, None]
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v in ".F":
                x, y = c * s, top + r * s
                out[y + s - 1 - w, x + w + 1:x + s - w] = mix[w + 1:s - w]
                out[y + w + 1:y + s - w, x + s - 1 - w] = mix[w + 1:s - w]
    return out


@pytest.mark.parametrize("rows, cols, mines, seed, cell",
                         [(16, 16, 40, 3, 55), (16, 16, 40, 9, 44), (16, 30, 99, 8, 40), (16, 16, 40, 13, 36)])
def test_a_shadows_half_dark_inner_edge_is_no_cursor(rows: int, cols: int, mines: int, seed: int, cell: int) -> None:
    """The tiles' near-black shadows (60) with a half near-black row and column along their inner
    edges (:func:`_half_dark_inner_edges`): that row is part of the shadow (shadows.py), not a mouse
    pointer along the tile's side. Before, it was left in the ring where a pointer is looked for,
    and every covered tile read unsure (the SFML clone's 15 tiles of row 1), so no mine total."""
    cells, _ = random_position(rows, cols, mines, seed=seed, opened=0.7)
    reading = read_image(encode(_half_dark_inner_edges(draw_lineless(cells, cell, shadow=(60, 60, 60)), cells, cell)))
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


def test_a_block_of_tiles_alone_is_never_read_as_the_board() -> None:
    """A 12x20 board whose lattice is found on a 2x3 block of tiles in its bottom row, digits beside
    it on three sides, the digits' feet within a tenth of the cell of its bottom side (the lattice
    found a pixel off): those digits were taken for lines along the side (grow._clear_of_sides), so
    nothing said the board goes on and it was read as the 2x3 block, every cell sure and covered.
    A mark reaching into one side's band is no line along it: refused (digits beside it; or, since
    outer.py, before that: the tiles beside the block are partly the board's own)."""
    cells, _ = random_position(12, 20, 40, seed=6, opened=0.7)
    try:
        reading = read_image(encode(draw_lineless(cells, 36)))
    except NoBoardFound as exc:
        assert "digits lie beside it" in str(exc) or "partly of the board's tiles" in str(exc)
        return
    assert (reading.board.rows, reading.board.cols) == (12, 20)


def test_a_mark_clear_of_the_sides_is_told_from_lines_along_or_across_the_cell() -> None:
    """grow._clear_of_sides on drawn 20 px cells: a glyph whose foot reaches a side's band is clear;
    a line along a side, or across the cell from side to side, is not (a frame's line)."""
    from cpsolve.picture.grow import _clear_of_sides

    def cell(*boxes: tuple[int, int, int, int]) -> np.ndarray:
        c = np.full((20, 20, 3), 198.0)
        for y0, y1, x0, x1 in boxes:
            c[y0:y1, x0:x1] = (0, 0, 255)
        return c.reshape(-1, 3)

    foot = cell((4, 19, 8, 12))            # a 1's stroke down into the bottom band
    glyph = cell((4, 16, 6, 14))           # clear of every band
    along = cell((4, 16, 8, 12), (18, 20, 1, 19))   # a glyph over a line along the bottom side
    across = cell((9, 11, 0, 20))          # a line across the cell
    got = _clear_of_sides(np.stack([foot, glyph, along, across]), np.full((4, 3), 198.0))
    assert got.tolist() == [True, True, False, False]
