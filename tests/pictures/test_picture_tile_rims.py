"""A revealed tile's grey rim where the crops are not moved onto the tiles (rims.off_gap_sides;
tests/data/screens/ms-store-mid-30x16.png).

Microsoft Minesweeper draws each tile in a black outline on a dark page; a revealed tile is
near-white with a grey rim two pixels deep (about 140, then 196). At 22.6 px a cell the lattice lay
on the gap's top, so the crops held the gap along their top and the tile ran on past their bottom;
at that fraction of a pixel the gap falls a row further in or out from one row of cells to the next
(rows 0-2 of some crops, 1-3 of others), so no row was of the gap in nearly every crop
(``bevel.gap_margins`` voted none) and the crops were not moved onto the tiles: the rim's inner row
lay along the middle's top row, read as a grey mark, and 15 revealed 0s were unsure. Each crop's
own gap now tells where its tile begins, and the tile's rim is no mark.

Drawn here after the app's pixels, tiles placed at a fraction of a pixel's pitch (as the app
places them), the lattice put on the gap's top (as it lay on the tuning picture) and the cells
measured and classified on it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cpsolve.picture.cells import classify_board, measure
from cpsolve.picture.decode import load_rgb
from cpsolve.picture.grid import find_grids
from cpsolve.picture.marks import SURE
from cpsolve.picture.skins import CLASSIC
from tests.pictures.test_picture_ms_app import APP_DIGITS, OUTLINE, PAGE, _covered_tile
from tests.support.picture_render import _text as draw_text
from tests.support.picture_render import encode, random_position

#: a revealed tile's rim, from its edge in (ms-store-mid-30x16's: 128-159, then 190-211)
RIM = ((140, 146, 150), (194, 200, 204))


def _revealed_tile(w: int, h: int) -> np.ndarray:
    """A revealed tile's face: near-white, lighter towards its middle (252), inside a grey rim two
    pixels deep (RIM)."""
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.maximum(np.abs(yy - h / 2) / (h / 2), np.abs(xx - w / 2) / (w / 2))
    face = np.repeat((252 - 60 * np.maximum(d - 0.3, 0) ** 2)[..., None], 3, axis=2)
    for k, level in enumerate(RIM):
        face[k, k:w - k] = face[h - 1 - k, k:w - k] = level
        face[k:h - k, k] = face[k:h - k, w - 1 - k] = level
    return np.round(face).astype(np.uint8)


def draw_rimmed_game(cells: list[list[str]], pitch: float, margin: int = 60) -> np.ndarray:
    """The game as the app draws it at ``pitch`` px a cell (a fraction of a pixel: each tile at
    its rounded place): per cell a row and a column of the page, an outline round the tile (the
    row above it, the column after it and the row below it), the tile (covered blue, or revealed
    with its rim and digit)."""
    rows, cols = len(cells), len(cells[0])
    img = np.full((round(rows * pitch) + 2 * margin, round(cols * pitch) + 2 * margin, 3), PAGE, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x0, x1 = margin + round(c * pitch), margin + round((c + 1) * pitch)
            y0, y1 = margin + round(r * pitch), margin + round((r + 1) * pitch)
            img[y0 + 1:y1, x0 + 1:x1] = OUTLINE
            w, h = x1 - x0 - 2, y1 - y0 - 3
            tile = np.ascontiguousarray(_covered_tile(w, h) if v == "." else _revealed_tile(w, h))
            if v in "12345":
                draw_text(tile, 2, 2, min(w, h) - 4, v, APP_DIGITS[int(v)])
            img[y0 + 2:y0 + 2 + h, x0 + 1:x0 + 1 + w] = tile
    return img


@pytest.mark.parametrize(("pitch", "into_gap"), [(22.65, 3), (24.3, 3), (26.6, 3), (21.4, 1), (19.7, 1), (22.65, 1)])
def test_a_revealed_tiles_rim_is_no_mark(pitch: float, into_gap: int) -> None:
    """The lattice ``into_gap`` px up into the gap (its rows then end within a fifth of the cell
    from the crop's top: a side whose band is all of the gap shows no tile's edge): every revealed
    0 holds no mark and reads a sure 0, and no cell is read sure and wrong. Before: with the
    lattice 3 px up every 0 held its rim as a mark and read as a sure digit (the rules left to
    catch it), 1 px up at 21.4 and 19.7 px most of them (unsure)."""
    cells, _ = random_position(16, 16, 40, 1, opened=0.5, flags=0.0)
    rgb = load_rgb(encode(draw_rimmed_game(cells, pitch)), "drawn")
    grid = find_grids(rgb, 20)[0]
    assert (grid.rows, grid.cols) == (16, 16)
    grid = replace(grid, y0=grid.y0 - into_gap)
    looks = measure(rgb, grid)
    values, confidence, _ = classify_board(looks, CLASSIC, grid.cell_size)
    zeros = [(r, c) for r in range(16) for c in range(16) if cells[r][c] == "0"]
    assert len(zeros) >= 40
    assert [(r, c) for r, c in zeros if looks[r][c].fg_fraction > 0] == []
    assert [(r, c) for r, c in zeros if values[r * 16 + c] != "0" or confidence[r * 16 + c] < SURE] == []
    wrong = [(i // 16, i % 16, v) for i, v in enumerate(values)
             if v != cells[i // 16][i % 16] and confidence[i] >= SURE]
    assert wrong == []
