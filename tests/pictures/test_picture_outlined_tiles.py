"""Tiles each drawn in its own dark outline, parted by a gap of the page (Microsoft Minesweeper, the
Windows 8/10 Store app, and clones of its look: docs/pictures.md, "The grid").

Such a skin draws four edges at every boundary between two tiles, nearly alike: the tile's side to
its black outline, the outline to the page's dark grey, the page to the next tile's outline, that
outline to the tile. The lattice's fit took the highest point of each boundary's profile, which is
any one of the four, so the boundaries scattered over the gap's width about the line, and the
fitted pitch was off by half a pixel a cell (tests/data/screens/msminesweeper-new-9x9.png: 56.8 px
for 57.3, the crops five pixels off the tiles by the far side). The middle of the four is the gap's.

The boards are drawn here: a covered tile is a light-blue face lighter towards its middle with a
lighter line and a darker band along its bottom (the app's raised tile), a revealed one a white
face; each has rounded corners and a black outline, on the dark page, the whole scaled by a
fraction (a scaled window, as the app's pictures are). The oracle is the drawing's own geometry and position.
"""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.picture.decode import load_rgb
from cpsolve.picture.grid import find_grids
from tests.support.picture_render import encode, random_position, scale, tiled_page

#: the page between the tiles, the outline, the covered tile's face (its edge, its middle) and lip,
#: the revealed tile's face
PAGE, OUTLINE = (48, 53, 58), (0, 0, 0)
COVERED_EDGE, COVERED_MIDDLE = (100, 178, 255), (128, 215, 255)
LIP_LIGHT, LIP_DARK = (164, 208, 248), (56, 154, 252)
REVEALED = (240, 240, 240)


def _tile(img: np.ndarray, x: int, y: int, side: int, covered: bool) -> None:
    """One tile ``side`` px square at (x, y) with its outline, rounded corners of 2 px."""
    face = np.zeros((side, side, 3), np.float64)
    if covered:
        yy, xx = np.mgrid[0:side, 0:side]
        d = np.hypot(yy - side / 2, xx - side / 2) / (side / 2 * np.sqrt(2))
        face[:] = np.array(COVERED_MIDDLE) + d[..., None] * (np.array(COVERED_EDGE) - np.array(COVERED_MIDDLE))
        lip = max(2, side // 12)
        face[side - 1 - lip] = LIP_LIGHT
        face[side - lip:] = LIP_DARK
    else:
        face[:] = REVEALED
    face[0, :] = face[-1, :] = face[:, 0] = face[:, -1] = OUTLINE
    for cy, cx in ((0, 0), (0, side - 1), (side - 1, 0), (side - 1, side - 1)):  # the rounded corners
        face[cy, cx] = PAGE
        face[abs(cy - 1), cx] = face[cy, abs(cx - 1)] = OUTLINE
    img[y:y + side, x:x + side] = np.round(face).astype(np.uint8)


def draw_outlined_board(cells: list[list[str]], *, pitch: int = 40, gap: int = 4, margin: int = 80
                        ) -> tuple[np.ndarray, list[float], list[float]]:
    """The board drawn on the page (covered tiles where ``.``, revealed ones elsewhere, blank), and
    the middles of the gaps between its columns and between its rows (pixel coordinates, the
    board's outer ones included)."""
    img = tiled_page(cells, pitch=pitch, gap=gap, margin=margin, page=PAGE,
                     tile=lambda img, x, y, side, r, c: _tile(img, x, y, side, cells[r][c] == "."))
    side = pitch - gap
    return img, _middles(len(cells[0]), pitch, side, margin), _middles(len(cells), pitch, side, margin)


def _middles(count: int, pitch: int, side: int, margin: int) -> list[float]:
    """The middles of the gaps before each of ``count`` tiles and after the last (coordinates between
    pixels: a gap runs from the end of one tile, its first pixel + ``side``, to the next one's first)."""
    starts = [margin + k * pitch for k in range(count + 1)]
    first_gap = starts[1] - starts[0] - side
    return [starts[0] - first_gap / 2] + [(starts[k - 1] + side + starts[k]) / 2 for k in range(1, count + 1)]


@pytest.mark.parametrize(("pitch", "factor"), [(40, 1.43), (24, 0.95), (48, 1.2)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_lattice_keeps_the_tiles_pitch(pitch: int, factor: float, seed: int) -> None:
    """Drawn at ``pitch`` and scaled by ``factor`` (a scaled window: the edges blurred, so which of
    a boundary's four is highest varies from boundary to boundary), the lattice found has the board's
    size, the tiles' pitch within a tenth of a pixel, and every line within the gap and its outlines
    (half the gap and a pixel of the gap's middle). Before: the pitch 0.4-0.7 px a cell off, the
    lines drifting across the gaps onto the tiles."""
    cells, _ = random_position(9, 9, 10, seed, opened=0.5, flags=0.0)
    gap = pitch // 9
    img, xs, ys = draw_outlined_board(cells, pitch=pitch, gap=gap)
    grid = find_grids(load_rgb(encode(scale(img, factor)), "drawn"), 20)[0]
    assert (grid.rows, grid.cols) == (9, 9)
    want = pitch * factor
    assert abs(grid.pitch_x - want) < 0.1 and abs(grid.pitch_y - want) < 0.1, (grid.pitch_x, grid.pitch_y, want)
    reach = gap * factor / 2 + 1
    assert np.abs(grid.xs() - factor * np.array(xs)).max() <= reach, (grid.xs(), factor * np.array(xs))
    assert np.abs(grid.ys() - factor * np.array(ys)).max() <= reach, (grid.ys(), factor * np.array(ys))
