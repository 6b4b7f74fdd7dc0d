"""Boards of oblong cells, up to :data:`cpsolve.picture.grid.OBLONG` (1.6) times as wide as high or
high as wide: a window stretched one way, a phone screen scaled, tkinter's buttons (keylocker006's
52 x 39 px, 1.33 to 1). Each axis keeps its own pitch; the lattice settles keeping the shape it was
found with (the axis with more boundaries measures the pitch, the other the same shape of it:
each axis' own fit on a few rows drifted, and a 14x11 board of 25 x 32.5 px cells never settled).
Before, cells over 1.3 to 1 were not read at all (the square lattice lined a strip of them, no
board: strips.py). Never a wrong size or a wrong sure cell: read exactly or refused. On drawn
boards (the oracle is the position drawn), the classic skin and the flat dark and light ones of
benchmarks/sweep_drawn.py."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.grid import OBLONG
from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
from tests.support.picture_render import encode, random_position, render_board, sure_wrong

#: sweep_drawn.py's light theme drawn as the dark ones
LIGHT = ((250, 250, 250), (190, 190, 196), (228, 228, 228), PALETTES["qt"][3])


def stretched(img: np.ndarray, ratio: float, wide: bool, scale: float = 1.0) -> np.ndarray:
    """The picture resized ``ratio`` times more across than down (``wide``) or down than across."""
    fx, fy = (ratio * scale, scale) if wide else (scale, ratio * scale)
    size = (round(img.shape[1] * fx), round(img.shape[0] * fy))
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)


def never_wrong(data: bytes, cells: list[list[str]], mines: int) -> bool:
    """Whether the picture was read exactly (True) or refused (False); fails on anything wrong."""
    try:
        reading = read_image(data)
    except NoBoardFound:
        return False
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0])), "board size"
    assert sure_wrong(reading, cells) == []
    assert reading.board.mines in (None, mines)
    return not reading.unsure


def test_oblong_reads_as_far_as_one_point_six() -> None:
    assert OBLONG >= 1.6


@pytest.mark.parametrize(("rows", "cols", "mines", "seed", "ratio", "wide"), [
    (9, 9, 10, 4, 1.35, True), (9, 9, 10, 4, 1.35, False), (9, 9, 10, 4, 1.5, True), (9, 9, 10, 4, 1.5, False),
    (16, 30, 99, 1, 1.35, True), (16, 30, 99, 1, 1.35, False), (16, 30, 99, 1, 1.5, True), (16, 30, 99, 1, 1.6, True),
    (8, 8, 10, 2, 1.35, True), (8, 8, 10, 2, 1.35, False), (8, 8, 10, 2, 1.5, True), (8, 8, 10, 2, 1.5, False)])
def test_classic_boards_of_oblong_cells_read_exactly(rows: int, cols: int, mines: int, seed: int, ratio: float,
                                                      wide: bool) -> None:
    """Beyond the 1.3 read oblong before: every one of these was refused (the square lattice lined
    a strip of 2 columns or rows, strips.py); now each reads exactly. (Not yet exact, never wrong:
    the 16x30 at 1.5 high, its 1s unsure (the glyph's shape checks); the 9x9 at 1.6 wide, refused;
    the 8x8 at 1.6 wide, a 1 unsure.)"""
    cells, counter = random_position(rows, cols, mines, seed=seed)
    img = stretched(render_board(cells, 24, counter=counter), ratio, wide)
    assert never_wrong(encode(img), cells, mines)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ratio", [1.1, 1.2, 1.3, 1.4, 1.5, 1.6])
@pytest.mark.parametrize("skin", ["classic", "qt", "light"])
def test_oblong_cells_are_read_exactly_or_refused(skin: str, ratio: float, seed: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Both orientations, several cell sizes and scales, flat and classic skins: never a wrong
    size, a wrong sure cell or a wrong mine total."""
    rng = np.random.default_rng(1000 * seed + round(100 * ratio))
    rows, cols = int(rng.integers(5, 17)), int(rng.integers(5, 25))
    mines = int(rng.integers(max(1, rows * cols // 10), rows * cols // 5 + 1))
    cells, counter = random_position(rows, cols, mines, seed=seed, opened=0.6)
    cell = int(rng.integers(16, 33))
    if skin == "classic":
        img = render_board(cells, cell, counter=counter)
    else:
        monkeypatch.setitem(PALETTES, "light", LIGHT)
        img = draw_dark(cells, cell, skin, "DejaVuSans-Bold", 9)
    img = stretched(img, ratio, seed % 2 == 0, (0.8, 1.0, 1.25)[seed % 3])
    never_wrong(encode(img), cells, mines)


def test_no_counter_is_read_inside_a_board_of_high_cells() -> None:
    """A classic 11x21 board stretched 1.35 down (cells 26 x 35 px), no counter drawn: the band
    below the board was measured at the cells' mean size, began inside its last row and a half,
    and its cells were read as a seven-segment 4: the mine total stated 30 for 36 (span.py)."""
    cells, _ = random_position(11, 21, 36, seed=270, opened=0.6, flags=1.0)
    img = stretched(render_board(cells, 26), 1.35, False)
    assert never_wrong(encode(img, "JPEG", 85), cells, 36)


def test_a_ball_is_looked_for_on_cells_higher_than_wide() -> None:
    """A classic 10x16 board stretched 1.6 down (cells 31 x 49.6 px): a cell read unsure was looked
    at for a shown mine's ball, its tile's light measured on a crop taken as square, and the crop
    higher than wide raised a ValueError from read_image. Now measured spread square: refused (or
    read), never an error."""
    cells, counter = random_position(10, 16, 22, seed=463, opened=0.3, flags=1.0)
    img = stretched(render_board(cells, 31, counter=counter), 1.6, False)
    never_wrong(encode(img, "JPEG", 95), cells, 22)


@pytest.mark.xfail(strict=True, reason="known wrong (oblong's probe sweep, seed 1, case 130; wrong on 2da38ea "
                                       "too): a 14x11 dark flat board without rims, cells 25 x 32.5 px, read as its "
                                       "upper block, the covered tiles' lattice never settling between 5 and 6 rows")
def test_dark_board_of_blank_rows_is_never_read_wrong() -> None:
    """Kept so the failure stays measured: the case of the oblong helper's probe sweep (ratios 1.1 to
    1.6 over sweep_drawn.case, seed 1) read wrong both before and after OBLONG was raised; strict, so
    a fix shows (then drop the mark)."""
    cells, _ = random_position(14, 11, 16, seed=743, opened=0.3, flags=1.0)
    img = stretched(draw_dark(cells, 25, "qt", "DejaVuSans-Bold", 0), 1.3, False)
    never_wrong(encode(img, "JPEG", 85), cells, 16)
