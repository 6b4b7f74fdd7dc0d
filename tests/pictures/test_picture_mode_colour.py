"""A cell's most common colour where JPEG's noise splits it over bins (cpsolve/picture/colours.py,
``_mode_colours``): drawn cells of a known grey with a bold mark of one clean colour; the oracle
is the grey they were drawn with."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture.colours import _mode_colours

SIZE = 22


def _cells(grey: int, noise: int, mark: tuple[int, int, int], share: float, n: int, seed: int) -> np.ndarray:
    """n crops (inside their outermost pixels, as pixel lists) of a grey tile, each channel jittered
    by +-noise, with a solid block of ``mark`` over ``share`` of each."""
    rng = np.random.default_rng(seed)
    flat = grey + rng.integers(-noise, noise + 1, size=(n, SIZE, SIZE, 3))
    side = round(SIZE * share ** 0.5)
    flat[:, 2:2 + side, 2:2 + side] = mark
    return flat[:, 1:SIZE - 1, 1:SIZE - 1].reshape(n, -1, 3).astype(np.float32)


@pytest.mark.parametrize("mark", [(0, 128, 0), (255, 0, 0), (0, 0, 128)])
def test_a_noisy_grey_split_over_bins_outweighs_a_bold_mark(mark: tuple[int, int, int]) -> None:
    """minesweeper.online in JPEG: its grey 195 +- 15 a channel straddles the bins' side at 192 and
    the bold digit's one colour (28% of the cell) fills a bin fuller than any of the grey's."""
    px = _cells(195, 15, mark, 0.28, 40, 1)
    mode = _mode_colours(px)
    assert np.abs(mode - 195).max() < 10, mode[np.abs(mode - 195).max(axis=1) >= 10][:3]


def test_a_mark_over_more_than_the_grey_keeps_its_colour() -> None:
    """A mark that fills most of the cell (the exploded mine's red tile) is its most common colour."""
    px = _cells(195, 15, (230, 20, 20), 0.7, 20, 2)
    assert (_mode_colours(px)[:, 0] > 200).all()


def test_a_clean_cell_keeps_its_bin() -> None:
    """A grey with no noise whose bin is the fullest: the mean of that bin, as before."""
    px = _cells(190, 0, (0, 0, 255), 0.2, 10, 3)
    assert np.array_equal(_mode_colours(px), np.full((10, 3), 190.0))
