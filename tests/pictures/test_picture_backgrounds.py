"""A cell's background is its tile's colour even where a large mark outnumbers it, and only grey
near-black along a cell's sides is taken for a cursor (cpsolve/picture/colours.py and cells.py,
issue 39).

Drawn cells, each with a known tile colour: the oracle is the colour they were drawn with.
"""

from __future__ import annotations

import numpy as np

from cpsolve.picture import cells, colours

SIZE = 22


def _grey_cells(n: int, seed: int) -> np.ndarray:
    """n crops of a grey tile about 190, each channel jittered by JPEG-like noise of +-6 levels
    (so the tile's pixels fall on both sides of the bin edge at 192)."""
    rng = np.random.default_rng(seed)
    grey = 190 + rng.integers(-6, 7, size=(n, SIZE, SIZE, 1))
    return np.repeat(grey, 3, axis=3).astype(np.float32) + rng.integers(-2, 3, size=(n, SIZE, SIZE, 3))


def _backgrounds(flat: np.ndarray) -> np.ndarray:
    middle = flat[:, 1:SIZE - 1, 1:SIZE - 1].reshape(len(flat), -1, 3)
    return colours._tile_backgrounds(middle, colours._mode_colours(middle))


def test_a_large_mark_is_not_taken_for_the_tile() -> None:
    flat = _grey_cells(30, 1)
    # three cells carry a large black mine over 55% of the crop (GNOME 2.1x's): its colour fills
    # more than half the pixels, so it is the cell's most common colour
    for i in (3, 11, 20):
        flat[i, 3:18, 3:18] = (20, 20, 20)
    before = colours._mode_colours(flat[:, 1:SIZE - 1, 1:SIZE - 1].reshape(30, -1, 3))
    assert all(before[i].max() < 40 for i in (3, 11, 20))
    after = _backgrounds(flat)
    assert np.abs(after - 190).max() < 8


def test_a_mark_that_covers_most_of_the_cell_keeps_its_colour() -> None:
    """Where the tile's colour is not nearly as common as the mark's, the mark's colour stays (the
    exploded mine's red tile, one cell of its colour, is such a background)."""
    flat = _grey_cells(30, 2)
    flat[5, 1:SIZE - 1, 1:SIZE - 1] = (230, 20, 20)
    flat[5, 9:12, 9:12] = (190, 190, 190)
    after = _backgrounds(flat)
    assert after[5][0] > 200 and after[5][1] < 40


def test_shades_of_a_gradient_stay_their_own() -> None:
    """Windows 7's covered tiles shade from light to dark blue over the board: a shade that few
    cells share is no mark, and keeps its colour."""
    rng = np.random.default_rng(3)
    shades = np.linspace(80, 180, 40)
    flat = np.stack([np.broadcast_to(np.array([s * 0.7, s, 235.0], np.float32), (SIZE, SIZE, 3)) for s in shades])
    flat = flat + rng.integers(-2, 3, size=flat.shape)
    middle = flat[:, 1:SIZE - 1, 1:SIZE - 1].reshape(40, -1, 3)
    mode = colours._mode_colours(middle)
    assert np.array_equal(colours._tile_backgrounds(middle, mode), mode)


def test_only_grey_near_black_along_the_sides_is_a_cursor() -> None:
    flat = _grey_cells(3, 4)
    flat[1, 2:20, 18:21] = (10, 10, 80)   # a dark navy stem reaching the right side
    flat[2, 2:20, 18:21] = (10, 10, 10)   # a black cursor's outline there
    edge = cells._edge_dark(flat, SIZE)
    assert edge[0] == 0 and edge[1] == 0 and edge[2] > 0.05
