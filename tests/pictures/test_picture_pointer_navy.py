"""Windows 7's mouse pointer (a white arrow outlined in navy, as a GIF frame's palette keeps it) over
covered cells: never a sure digit (pointer.HUED_DARK). benchmarks/pointer_risks.py --shapes win7
found it: over seed 1's covered cell at row 2, column 2 (16 px, the arrow 24 px high) its white body
flattens the tile's bevel and its navy outline is the classic 4's colour, its glyph 0.17 like a 4
(over digits.SHAPE_NONE), so the covered cell read as a sure 4 (and with the tip 13 px down, the
cell below as a sure 1). The black outline of Windows' own arrow is caught by the dark along the
cell's sides, which counts grey pixels only; a navy outline touching the pointer's pure white is
now a pointer too."""

from __future__ import annotations

import pytest

from cpsolve.picture import read_image
from tests.support.picture_render import encode, pointed_board, sure_wrong


@pytest.mark.parametrize("factor", [1.0, 1.5])
@pytest.mark.parametrize(("at", "tip"), [((2, 2), (9, 5)), ((2, 2), (9, 13)), ((3, 2), (9, 5))])
def test_a_navy_outlined_pointer_over_covered_cells_is_no_sure_digit(
        at: tuple[int, int], tip: tuple[int, int], factor: float) -> None:
    cells, img = pointed_board(1, at, tip, 24, "win7", factor)
    # (hand-checked: the cells under the arrow are covered)
    assert cells[2][2] == cells[3][2] == cells[2][3] == cells[3][3] == "."
    reading = read_image(encode(img))
    assert (reading.board.rows, reading.board.cols) == (16, 16)
    assert sure_wrong(reading, cells) == []
