"""Mines shown as dark balls off their cell's middle: an emoji's bomb (💣: a dark ball low left,
its fuse and spark up right; Siv3D's Minesweeper sample draws a lost board's mines so, on flat
cells, and its exploded one on red). The cells' measure (:func:`.cells.measure`) takes the box of
every dark pixel, the fuse's holder too, and weighs how far that box lies off the middle: such a
mine is neither round nor centred there, and reads as an unsure dark digit (a 7). Here the dark
pixels are opened with a disc a tenth of the cell wide, which wipes out strokes, fuses, poles and
outlines (a digit, a flag, a pointer's edge: nothing is left of them), and what is left must be one
ball: round, filling its box as a disc does (not a square's corners: a flag drawn as a black
square), at least BALL_SPAN of the cell's interior, holding most of the dark pixels.

Only cells read unsure are looked at (a sure reading is never changed), on flat tiles with no red
drawn on them (a wrong flag's cross) or on the exploded mine's red, and only where two cells or
more hold such a ball: a lost board shows its
mines, and one dark ball may be anything a game draws on one cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from .colours import near_black, tile_light
from .marks import SURE, red_tile_colour
from .tiles import BEVELLED

if TYPE_CHECKING:
    from .cells import CellLook
    from .grid import Grid

#: the opening disc's radius, and the margin left out at the cell's sides, in cells
BALL_OPEN, BALL_MARGIN = 0.1, 0.12
#: the ball left: its box's shorter side over its longer at least BALL_ASPECT, its pixels over its
#: box between BALL_FILL (a disc fills 0.785 of its box, less a glint's hole; a square 1.0), its shorter side at least
#: BALL_SPAN of the interior, and holding BALL_SHARE of the cell's dark pixels or more
BALL_ASPECT, BALL_FILL, BALL_SPAN, BALL_SHARE = 0.85, (0.55, 0.9), 0.3, 0.6
#: a pixel this dark in every channel is the ball's (as the cells' measure takes a mine's)
BALL_DARK = 80.0
#: a flat cell with this much of its interior red is no shown mine's (as :func:`.marks.symbol`'s mine)
BALL_RED = 0.02


def _red_tile(look: CellLook) -> bool:
    """The exploded mine's red tile (as :func:`.marks.symbol` tells it)."""
    return red_tile_colour(look.background) and look.side_red >= 0.5


def dark_ball(rgb: np.ndarray, grid: Grid, row: int, col: int, look: CellLook) -> bool:
    """Whether the cell's dark pixels, opened with a disc BALL_OPEN of the cell wide, are one ball
    (module doc)."""
    # (each axis at its own pitch: on oblong cells, grid.oblong, one mean size for both ran the crop
    # off the cells on the board's far side; margin and disc by the shorter side)
    p = min(grid.pitch_x, grid.pitch_y)
    m = int(round(BALL_MARGIN * p))
    x0, y0 = int(round(grid.x0 + col * grid.pitch_x)), int(round(grid.y0 + row * grid.pitch_y))
    width, height = int(round(grid.pitch_x)), int(round(grid.pitch_y))
    cell = rgb[y0:y0 + height, x0:x0 + width].astype(np.float64)
    inner = cell[m:height - m, m:width - m]
    if cell.shape[:2] != (height, width) or min(inner.shape[:2]) < 8:
        return False
    # (the tile's light as the cells' measure takes it: its ring too, the exploded mine's red tile's
    # grid lines, so that its red is no dark tile whose own dark grey ball would not count)
    square = cell
    if grid.oblong:  # (tile_light measures a square crop: the cell's spread over its longer side)
        side = min(height, width)
        square = cell[(np.arange(side) * height // side)[:, None], np.arange(side) * width // side]
    tile = tile_light(square[None], np.asarray(look.background, np.float64)[None])
    dark = near_black(inner[None], BALL_DARK, tile)[0].astype(np.uint8)
    total = int(dark.sum())
    if total == 0:
        return False
    r = max(1, int(round(BALL_OPEN * p)))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    opened = cv2.morphologyEx(dark, cv2.MORPH_OPEN, disc)
    n, _, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    if n != 2:  # (nothing left, or more than one blob)
        return False
    _, _, w, h, area = (int(v) for v in stats[1])
    # (round as the cell is drawn: a picture scaled differently across and down stretches its balls
    # as it does its cells)
    across, down = w / grid.pitch_x, h / grid.pitch_y
    return (min(across, down) >= BALL_ASPECT * max(across, down) and BALL_FILL[0] <= area / (w * h) <= BALL_FILL[1]
            and min(w, h) >= BALL_SPAN * min(inner.shape[:2]) and area >= BALL_SHARE * total)


def shown_balls(rgb: np.ndarray, grid: Grid, flat: list[CellLook], values: list[str], confidence: list[float]) -> None:
    """Cells read unsure, on a flat tile or the exploded mine's red, holding a dark ball
    (:func:`dark_ball`), read as shown mines ("*"; "X" on red) where two or more do. In place."""
    found = []
    for i, look in enumerate(flat):
        if confidence[i] >= SURE or values[i] in ".FW":
            continue
        red = _red_tile(look)
        # (not on a raised tile: a covered cell's; nor with red drawn on a flat one: a wrong flag's
        # cross over its mine, which opening leaves a ball too)
        if not red and (look.bevel > BEVELLED or look.red_fraction >= BALL_RED):
            continue
        r, c = divmod(i, grid.cols)
        if dark_ball(rgb, grid, r, c, look):
            found.append((i, red))
    if len(found) < 2:
        return
    for i, red in found:
        values[i], confidence[i] = ("X" if red else "*"), 1.0
