"""A mouse pointer whose white body and black outline lie over a cell leaves it no sure wrong
digit or flag (docs/pictures.md, "The cells"; cpsolve/picture/pointer.py, applied by the reader).

The pointer's left edge running down a covered cell's middle, its white body over the tile's right
half and its shadow side, made the tile look flat and its black line a sure 1 (scaled by 1 and 1.5),
or, with the outline's slant beside it, a sure written 'F' (1.25, and the tip's own cell at 1.5);
over a revealed red 3, its white lit the tile's top (raised) and its black outline beside the red
made a sure flag; over a blue 1, its outline made it a sure 4. 11 of 1,152 placements, and 41 of
2,304 more (benchmarks/pointer_risks.py, its seeds 1-2 and 3-6: classic 16x16 games at 16 px a
cell, a pointer 19 or 24 px high with its tip at 4x4 points of a covered cell, scaled by OpenCV's
bilinear filter). The cells under the pointer hold white pixels beside black ones, far from the
tile's grey, and black along their sides: the game draws no such pair on a digit or a flag. The
oracle is the position drawn."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from cpsolve.picture.grid import find_grids
from cpsolve.picture.pointer import POINTER_EDGE, pointer_edges
from tests.support.picture_render import encode, pointed_board, render_board, scale, sure_wrong

#: (seed of a 16x16 game with 40 mines, scale, pointer height, its tip's cell and offset in it (x, y),
#: the cell read wrong and what it was read, its drawn value)
CASES = [
    (1, 1.0, 24, (2, 2), (9, 13), (3, 2), "1", "."),
    (2, 1.0, 24, (2, 12), (9, 13), (3, 12), "1", "."),
    (2, 1.0, 24, (3, 7), (9, 13), (4, 7), "1", "."),
    (2, 1.5, 24, (3, 7), (9, 13), (4, 7), "1", "."),
    (1, 1.25, 24, (2, 2), (9, 13), (3, 2), "F", "."),
    (2, 1.25, 24, (4, 2), (9, 13), (5, 2), "F", "."),
    (2, 1.0, 19, (2, 6), (9, 5), (3, 6), "F", "3"),
    (2, 1.0, 24, (2, 6), (9, 1), (3, 6), "F", "3"),
    (2, 1.5, 19, (2, 6), (1, 5), (3, 6), "F", "3"),
    (2, 1.5, 19, (2, 6), (5, 5), (3, 6), "F", "3"),
    (2, 1.5, 24, (2, 6), (1, 1), (3, 6), "F", "3"),
    (3, 1.5, 19, (2, 2), (9, 1), (2, 2), "F", "."),
    (5, 1.0, 24, (5, 10), (9, 5), (6, 10), "4", "1"),
]


def _drawn(seed: int, factor: float, height: int | None, tip: tuple[int, int], offset: tuple[int, int]
           ) -> tuple[list[list[str]], np.ndarray]:
    return pointed_board(seed, tip, offset, height, factor=factor)


@pytest.mark.parametrize("seed, factor, height, tip, offset, at, misread, drawn", CASES)
def test_a_pointer_edge_over_a_cell_leaves_no_sure_wrong_cell(
        seed: int, factor: float, height: int, tip: tuple[int, int], offset: tuple[int, int],
        at: tuple[int, int], misread: str, drawn: str) -> None:
    """Every cell read surely is the one drawn, the mine total (where stated) the game's 40; the
    cell once misread is unsure."""
    cells, img = _drawn(seed, factor, height, tip, offset)
    assert cells[at[0]][at[1]] == drawn
    reading = read_image(encode(img))
    unsure = set(reading.unsure)
    assert sure_wrong(reading, cells) == []
    assert reading.board.mines in (None, 40)
    assert at in unsure


@pytest.mark.parametrize("factor", [1.0, 1.25, 1.5])
def test_no_pointer_no_pointer_edge(factor: float) -> None:
    """The game's own cells (digits, flags, covered tiles) show no pointer's edge; the cell under
    the pointer does."""
    for height in (None, 24):
        cells, img = _drawn(2, factor, height, (2, 6), (1, 1))
        grid = next(g for g in find_grids(img, 20)[:3] if (g.rows, g.cols) == (16, 16))
        backgrounds = [np.array([192.0, 192.0, 192.0])] * 256
        shares = pointer_edges(img, grid, list(range(256)), backgrounds)
        if height is None:
            assert float(shares.max()) == 0.0
        else:
            assert float(shares[3 * 16 + 6]) >= POINTER_EDGE


#: a position hypothesis found (tests/pictures/test_picture_property.py, CI on main 13101f8): drawn
#: at 16 px with no pointer, its lattice fits at 15.92 px, so the bottom row's crops start a pixel
#: and more above their tiles and take in the top bevel's white, 2 px above the flag's black pole at
#: 14,1 (beside a wrong flag, whose mine is dark along the cell's side): 0.041 white beside black,
#: the flag made unsure. A bevel is a straight white run by a side of the cell: no pointer's body
DRIFTED = ["0000000000", "0000001110", "1100002F20", "*100002*20", ".100001110", ".110000000",
           ".*10000000", "1110000000", "0001110000", "1111F21111", ".*..W.F..*", "*.........",
           "..........", "1..X...*..", ".FW......."]


def test_a_tiles_bevel_taken_in_by_a_drifted_lattice_is_no_pointer(monkeypatch: pytest.MonkeyPatch) -> None:
    import cpsolve.picture.reader as reader

    measured: dict[int, float] = {}

    def spy(rgb, grid, cells, backgrounds, hued=False):  # type: ignore[no-untyped-def]
        shares = pointer_edges(rgb, grid, cells, backgrounds, hued)
        if not hued:   # (the black outline's measure; a hued one's is measured on every sure mark)
            measured.update(zip(cells, shares.tolist()))
        return shares

    monkeypatch.setitem(reader.under_pointer.__globals__, "pointer_edges", spy)
    cells = [list(row) for row in DRIFTED]
    reading = read_image(encode(scale(render_board(cells, 16, counter=6), 1.0)))
    assert 14 * 10 + 1 in measured, "the flag at 14,1 was measured for a pointer"
    assert measured[14 * 10 + 1] < POINTER_EDGE
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
