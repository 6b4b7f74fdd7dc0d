"""The lattice's pitch on a small board is not tilted by one boundary measured off its line.

An 8x8 lost board drawn at 16 px cells (a hypothesis example of test_picture_property's
test_clean_renders_read_back_exactly) was refused at 1x and left 7 cells unsure at 1.5x: with
seven boundaries across, the fit of the pitch took one of them at a covered cell's bevel edge, two
pixels (three at 1.5x) before the boundary where the others lie, and the least-squares line tilted
to 16.3 px (24.43 px at 1.5x), two pixels (three) off by the far side. A boundary that lies off
the line the others lie on (a least-absolute-deviations line) is left out of the fit (pitch._outliers).
At 1.25 the same board read exactly before and now leaves its last column unsure (the lattice at
20.35 px for 20: past the bevel's edge, the two last boundaries lie a pixel late, another kind of
edge), never wrong.
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture import read_image
from cpsolve.picture.pitch import _fit
from tests.support.picture_render import encode, render_board, scale

LOST = [".......W", ".......*", ".......*", "F...W*21", ".1....10", "......10", ".*...*20", "...X.F20"]


@pytest.mark.parametrize("factor", [1.0, 1.5, 2.0])
def test_small_lost_board_reads_back_exactly(factor: float) -> None:
    cells = [list(row) for row in LOST]
    reading = read_image(encode(scale(render_board(cells, 16, counter=4), factor)))
    assert [c.value for c in reading.cells] == [v for row in cells for v in row]
    assert reading.unsure == ()
    assert reading.mine_counter == 4
    assert reading.board.mines == 8
    assert abs(reading.cell_size - 16 * factor) < 0.2 * factor


def test_small_lost_board_at_one_and_a_quarter_is_never_wrong() -> None:
    cells = [list(row) for row in LOST]
    reading = read_image(encode(scale(render_board(cells, 16, counter=4), 1.25)))
    unsure = set(reading.unsure)
    assert all(c.value == cells[c.row][c.col] for c in reading.cells if (c.row, c.col) not in unsure)
    assert reading.mine_counter == 4
    # 5 shown mines, the exploded one and 2 flags; where a wrong flag is unsure, no total
    assert reading.board.mines in (None, 8)


def test_one_boundary_off_the_line_is_left_out() -> None:
    # the first boundary at a bevel's inner edge, two pixels early; the others on a 16 px lattice
    k = np.arange(1.0, 8.0)
    pos = np.array([25.0, 43.0, 59.0, 75.0, 91.0, 107.0, 123.0])
    start, pitch, rms = _fit(k, pos, np.ones(7), None)
    assert (start, pitch, rms) == pytest.approx((11.0, 16.0, 0.0), abs=1e-9)


def test_a_boundary_off_as_far_as_the_others_scatter_is_kept() -> None:
    # boundaries scattered two pixels either side of the line (Qt's Windows 95 look), one three off:
    # no further off than the rest, kept: the fit is the least-squares one over all
    k = np.arange(1.0, 9.0)
    pos = 27.0 + 50.0 * k + np.array([-2.0, 2.0, -1.5, -2.0, 2.0, -1.5, 2.0, 3.0])
    fit = _fit(k, pos, np.ones(8), None)
    slope, start = np.polyfit(k, pos, 1)
    assert fit[:2] == pytest.approx((start, slope))


def test_boundaries_of_two_kinds_are_both_fitted() -> None:
    # boundaries alternating between two kinds of edge a pixel and a half apart (a bevel's, a line's):
    # no lattice the most lie on, so the fit is the least-squares one over all
    k = np.arange(1.0, 8.0)
    pos = 11.0 + 16.0 * k + np.array([0.0, -1.5, 0.0, -1.5, 0.0, -1.5, 0.0])
    start, pitch, _ = _fit(k, pos, np.ones(7), None)
    assert pitch == pytest.approx(16.0)
    assert start == pytest.approx(11.0 - 1.5 * 3 / 7)
