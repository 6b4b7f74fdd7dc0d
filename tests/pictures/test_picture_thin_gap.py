"""Flat light tiles parted by a thin gap of the page's colour (cpsolve.picture.thingap).

A flat web clone's tiles lie a pixel inside their cells on a light page: between neighbours a gap
of the page's colour two pixels wide (benchmarks/sweep_drawn.py's light palette: revealed tiles
of 228 on a page of 250, raised covered ones of 190). The lattice lies on one side of the gap, so
every crop held both of its rows along its top and left: the second was measured as the tile's
side, lighter by 22 than the bottom one, a weak bevel on every revealed tile, and the revealed
cells read unsure (most boards refused: 31 of 41 PNGs of the sweep's seed 10). Now the crops are
moved onto the tiles and the bevel read on each tile's own sides: read exactly, in the sweep's
palette and in a second one (a white page, bluish covered tiles, warm grey revealed ones), with
and without a lighter rim round the revealed tiles.
"""

from __future__ import annotations

import numpy as np
import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.bevel import surround_colour
from cpsolve.picture.cells import _cropped
from cpsolve.picture.grid import find_grids
from cpsolve.picture.thingap import thin_gap_boxes, thin_gap_starts
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.support.picture_render import DIGITS, board_text, encode, random_position, sure_wrong

#: (page, covered face, revealed face, digit inks): sweep_drawn's light palette, and another
LIGHTS = {"sweep": ((250, 250, 250), (190, 190, 196), (228, 228, 228), DIGITS),
          "white": ((255, 255, 255), (196, 204, 218), (236, 235, 230), DIGITS)}


def _draw(cells: list[list[str]], cell: int, palette: str, rim: int, monkeypatch: pytest.MonkeyPatch) -> np.ndarray:
    monkeypatch.setitem(PALETTES, palette, LIGHTS[palette])
    return draw_dark(cells, cell, palette, "DejaVuSans-Bold", rim)


@pytest.mark.parametrize("palette", list(LIGHTS))
@pytest.mark.parametrize(("cell", "rim"), [(14, 0), (17, 0), (17, 9), (20, 0), (20, 9), (23, 0), (23, 9)])
def test_a_flat_light_board_reads_exactly(palette: str, rim: int, cell: int, monkeypatch: pytest.MonkeyPatch) -> None:
    cells, _ = random_position(10, 14, 22, seed=3, opened=0.6, flags=1.0)
    reading = read_image(encode(_draw(cells, cell, palette, rim, monkeypatch), "PNG"))
    assert (reading.board.rows, reading.board.cols) == (10, 14)
    assert not reading.unsure, f"unsure: {reading.unsure[:8]}"
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells


def test_the_crops_move_onto_the_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 20 px (tiles 18 px, from x + 1 of each cell, the gap its last pixel and the next one's
    first) the lattice lies on the gap's first pixel: every crop is moved a pixel (or two, where the
    lattice's pitch drifts) onto its tile, to begin on the gap's last pixel, a multiple of 20."""
    cells, _ = random_position(10, 14, 22, seed=3, opened=0.6, flags=1.0)
    rgb = _draw(cells, 20, "sweep", 0, monkeypatch)
    grid = find_grids(rgb, 20)[0]
    flat, _ = _cropped(rgb, grid, None)
    surround = surround_colour(rgb, grid.box(), grid.cell_size)
    moved = thin_gap_starts(flat, surround, grid)
    assert moved is not None
    assert list(moved[0]) == [20 * (c + 1) for c in range(14)]
    assert list(moved[1]) == [20 * (r + 1) for r in range(10)]
    # (the lattice's pitch a hair under 20 px: crops of 19, the tile's last row their last; its
    # sides read on the gap's side of the first row, on the crop's own edge of the last)
    assert int(min(grid.pitch_x, grid.pitch_y)) == 19
    boxes = thin_gap_boxes(_cropped(rgb, grid, moved)[0], surround)
    assert boxes is not None and (boxes == [1, 0, 1, 0]).all()


def test_no_thin_gap_on_the_classic_skin() -> None:
    """The classic skin's raised tiles (a white highlight, grid lines darker than the tiles) show no
    gap of the page's colour: nothing is moved."""
    from tests.support.picture_render import render_board

    cells, _ = random_position(9, 9, 10, seed=1, opened=0.5, flags=0.5)
    rgb = render_board(cells, 20)
    grid = find_grids(rgb, 20)[0]
    flat, _ = _cropped(rgb, grid, None)
    surround = surround_colour(rgb, grid.box(), grid.cell_size)
    assert thin_gap_starts(flat, surround, grid) is None
    assert thin_gap_boxes(flat, surround) is None


@pytest.mark.parametrize("palette", list(LIGHTS))
@pytest.mark.parametrize("cell", [14, 16, 19, 22])
def test_flat_light_boards_are_never_read_wrong(palette: str, cell: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in (4, 5):
        cells, _ = random_position(8, 12, 16, seed=seed, opened=0.6, flags=0.5)
        for fmt, rim in (("PNG", 0), ("JPEG", 9), ("JPEG", 0)):
            try:
                reading = read_image(encode(_draw(cells, cell, palette, rim, monkeypatch), fmt, 75))
            except NoBoardFound:
                continue
            assert (reading.board.rows, reading.board.cols) == (8, 12)
            wrong = sure_wrong(reading, cells)
            assert not wrong, f"read wrong at {cell} px, {fmt}, rim {rim}, seed {seed}: {wrong}"
