"""Where the board ends: its right side's x and its bottom's y, for the bands beside it that the
counters are looked for in (counter.py, textcounter.py, lcdbox.py).

The bands were measured at the cells' mean size on both axes: on oblong cells (:attr:`.grid.Grid.oblong`)
that ended the board short of its far side where its cells are longer that way. Drawn cells 26 x 35
px (a classic 11x21 board stretched 1.35 down, no counter): the band "below" the board began inside
its last row and a half, its cells were read as a seven-segment 4, and the mine total was stated
30 for 36. Square cells keep the mean size, as the counters were tuned on it.
"""

from __future__ import annotations

from .grid import Grid


def far_sides(grid: Grid) -> tuple[float, float]:
    """(the x of the board's right side, the y of its bottom): each axis at its own pitch where the
    cells are oblong, at their mean size where square."""
    px, py = (grid.pitch_x, grid.pitch_y) if grid.oblong else (grid.cell_size, grid.cell_size)
    return grid.x0 + grid.cols * px, grid.y0 + grid.rows * py
