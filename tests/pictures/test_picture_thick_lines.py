"""Tiles between grid lines thicker than a pixel, or with a frame beside them (KDE 2's KMines: 2 px
dark lines, a 1 px grey frame; covered tiles raised, revealed ones sunken, both the same grey).

The lattice is fitted on the lines, its boundaries on one edge of each: the crops then begin (or
end) on the line, and strips one pixel in from the crop's sides see the line, the same in every
cell, not the tile's bevel (every cell read sunken, or every one raised). Where the grid shows its
lines (:func:`cpsolve.picture.lines.line_band`: the run of offsets about the boundary darker than
the tiles in every cell, the tiles differing beside it), the crops are centred on the tiles between
them and the bevel is read on the tiles' outermost pixels, where those tell two kinds of tile and
the default strips do not."""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve import read_image
from tests.support.picture_render import DIGITS, _flag, _text, board_text, encode, random_position

LIGHT = (255, 255, 255)


def draw_lined(cells: list[list[str]], tile: int, line: int, frame: int, *, face: tuple[int, int, int],
               dark: tuple[int, int, int] = (78, 78, 78), shade: tuple[int, int, int] = (183, 183, 183),
               margin: int = 13) -> np.ndarray:
    """The board on a ``face``-grey window ``margin`` px from its sides: each cell a ``tile`` px
    square after ``line`` px of ``dark`` line and ``frame`` px of ``shade`` frame along its top and
    left (the board closed by a line along its bottom and right). Covered tiles raised (2 px of
    white along the top and left, 1 px of ``shade`` along the bottom and right), revealed ones sunken
    (2 px of ``shade`` along the top and left, 1 px of white along the bottom and right), both of
    ``face``; digits in the classic colours, flags red."""
    rows, cols = len(cells), len(cells[0])
    pitch = line + frame + tile
    size = (rows * pitch + line + 2 * margin, cols * pitch + line + 2 * margin)
    img = np.full((*size, 3), face, np.uint8)
    img[margin:margin + rows * pitch + line, margin:margin + cols * pitch + line] = dark
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            y, x = margin + r * pitch + line, margin + c * pitch + line
            img[y:y + frame + tile, x:x + frame + tile] = shade
            y, x = y + frame, x + frame
            img[y:y + tile, x:x + tile] = face
            lit, shadow = (LIGHT, shade) if v in ".F" else (shade, LIGHT)
            img[y + tile - 1, x:x + tile] = shadow
            img[y:y + tile, x + tile - 1] = shadow
            img[y:y + 2, x:x + tile - 1] = lit
            img[y:y + tile - 1, x:x + 2] = lit
            if v == "F":
                _flag(img, x, y, tile)
            elif v.isdigit() and v != "0":
                _text(img, x, y, tile, v, DIGITS[int(v)])
    return img


#: (line px, frame px, tile px, face grey, seed): lines of 1 to 3 px, with and without a frame, on
#: KDE 2's grey (228: cpsolve's revealed grey, which must not name that flat skin here) and another
CASES = [(2, 1, 17, 228, 1), (2, 1, 17, 200, 2), (3, 0, 18, 228, 3), (3, 1, 20, 210, 4), (2, 0, 16, 220, 5),
         (1, 1, 18, 228, 6), (2, 1, 21, 190, 7), (3, 1, 16, 228, 8)]


@pytest.mark.parametrize("line, frame, tile, face, seed", CASES)
def test_tiles_between_thick_lines_read(line: int, frame: int, tile: int, face: int, seed: int) -> None:
    cells, _ = random_position(9, 9, 10, seed=seed, opened=0.6)
    reading = read_image(encode(draw_lined(cells, tile, line, frame, face=(face, face, face))))
    assert (reading.board.rows, reading.board.cols) == (9, 9)
    assert not reading.unsure, reading.reasons
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells

