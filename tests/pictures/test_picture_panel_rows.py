"""A panel above the board is no row of cells (issue 39: never silently wrong).

winmine-port-lost-9x9.png and winmine-port-mid-9x9.png (tests/data/screens: XP winmine scaled about
2.55x in a GIF frame) are refused: the 9x9 lattice found on strong edges was grown
(grow.grown_over_faint_cells) over the counter panel above it, whose outline, smoothed and banded
by the GIF's palette, lines the lattice's cells one row up on faint edges above and below (the
panel's outline, the board's frame) and, in the banded rows, at every column alike (tuneK,
2026-12-07).

Here such a window is drawn (tests/support/picture_render.py's classic board at 16 px, a sunken
panel box as wide as the board a cell above it, the window's grey a few levels off the cells' and
banded by a dither over the panel, scaled). Main 00dc802 read six of these 16 windows as a board of
10 or 11 rows, the strip between panel and board (the panel's light lower edge above it, the
board's dark frame below: a raised tile's bevel) read as a row of cells: a wrong size, silently
wrong. It was grown over on strong edges, or taken in by a lattice found on faint edges (the
dither's edges line it too). Since crosslines.py a row beside a lattice that is lined but not
parted into cells (its lines carrying edges no more than its cells' insides: here both everywhere)
is kept: a lattice that takes it in is not read where most of its cells are of no colour of the
board's cells (here the window's grey, 20 levels off). Each window must be refused or read 9x9 with
every sure cell right; all 16 are refused today.

Not growing over such a row instead (tuneK's rule) cut a dark JPEG board short: the revealed cells
beside its tiles, their digits carrying faint edges as much as their lines, were left out and the
12x6 board read as 6x6 (sweep_drawn --n 400 --seed 12 #46, drawn again here): it must be refused or
read whole.
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from tests.pictures.test_picture_dark_theme import draw_dark
from tests.support.picture_render import (
    GREY,
    LIGHT,
    SHADOW,
    board_origin,
    encode,
    random_position,
    render_board,
    scale,
    sure_wrong,
)

#: the window's grey, a few levels off the cells' (as a GIF's palette leaves it)
WINDOW = (212, 212, 204)
CELL = 16


def panel_window(seed: int, factor: float) -> tuple[list[list[str]], np.ndarray]:
    """Seed ``seed``'s 9x9 game (10 mines) in a window with a sunken panel box above the board, its
    lower edge a cell above the board's top, scaled by ``factor``, the panel's grey dithered by
    +-3 levels of blue from pixel to pixel in three of every four bands of 8 rows."""
    cells, _ = random_position(9, 9, 10, seed)
    board = render_board(cells, CELL)
    b, m = max(2, CELL // 5), max(4, CELL // 2)
    pad = 3 * CELL
    img = np.concatenate([np.full((pad, board.shape[1], 3), GREY, np.uint8), board])
    left, top = board_origin(CELL, counter=False)
    top += pad
    right = m + 9 * CELL + 2 * b
    bottom = top - CELL
    img[m:bottom, m:right] = SHADOW
    img[m + b:bottom, m + b:right] = LIGHT
    img[m + b:bottom - b, m + b:right - b] = GREY
    chrome = (img == GREY).all(axis=2)
    chrome[top:top + 9 * CELL, left:left + 9 * CELL] = False
    img[chrome] = WINDOW
    big = scale(img, factor).astype(np.int16)
    h, w = big.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    dither = np.where((yy // 8) % 4 != 3, np.where(xx % 2 == 0, 3, -3), 0)
    above = yy < round(top * factor) - round(2 * b * factor)  # the panel, above the board's frame
    big[..., 2] += (dither * above).astype(np.int16)
    return cells, np.clip(big, 0, 255).astype(np.uint8)


#: (seed, factor) read as a board of 10 or 11 rows on main 00dc802 (2026-12-07): refused since crosslines.py
WERE_WRONG = {(0, 1.75), (1, 1.5), (2, 1.5), (2, 1.75), (2, 3.0), (3, 3.0)}
CASES = [(seed, factor) for seed in (0, 1, 2, 3) for factor in (1.5, 1.75, 2.5, 3.0)]


@pytest.mark.parametrize(("seed", "factor"), CASES)
def test_panel_above_board_is_never_read_as_cells(seed: int, factor: float) -> None:
    """Refused, or read 9x9 with every sure cell right."""
    cells, img = panel_window(seed, factor)
    try:
        reading = read_image(encode(img, "PNG"))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (9, 9), "a panel row read as cells"
    assert not sure_wrong(reading, cells)


@pytest.mark.parametrize(("seed", "factor"), sorted(WERE_WRONG))
def test_panel_row_once_read_as_cells_is_refused(seed: int, factor: float) -> None:
    """The six windows main read as 10 or 11 rows: the strip beside the lattice is lined but not
    parted, so no lattice taking it in is read (refused: the board's extent is in doubt)."""
    _, img = panel_window(seed, factor)
    with pytest.raises(NoBoardFound, match="not parted into cells"):
        read_image(encode(img, "PNG"))


def test_dark_jpeg_board_beside_faint_revealed_row_is_never_cut_short() -> None:
    """sweep_drawn --n 400 --seed 12 #46: a 12x6 board on the black dark theme (cell 19, JPEG 85);
    the lattice found on strong edges is its five bottom rows, and the revealed row above them (four
    1s) carries faint edges inside its cells as much as on their lines. Refused, or read whole."""
    cells, _ = random_position(12, 6, 14, 582, opened=0.6, flags=1.0)
    img = draw_dark(cells, 19, "black", "LiberationSans-Bold", 0)
    try:
        reading = read_image(encode(img, "JPEG", 85))
    except NoBoardFound:
        return
    assert (reading.board.rows, reading.board.cols) == (12, 6), "a board cut short"
    assert not sure_wrong(reading, cells)
