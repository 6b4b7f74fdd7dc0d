"""Rounded tiles in a black outline, parted by a narrow gap of a dark page, with a solver's tints
over the covered ones (skullbox305's Qt solver: tests/data/screens/qt-overlay-mid-20x20.png;
docs/pictures.md, "The cells").

A flat clone's look: every tile a flat colour, rounded, edged in black, light blue when covered,
light grey when revealed, the digits in the classic colours; the solver paints the covered tiles
it has judged, violet where safe, pink where a mine, green where uncertain. The tiles are grouped
by colour (tiles.py): the digits' grey is revealed, and of the bare colours (nothing on any of
their tiles) only the darkest was read covered; the others, covered blue among them, read as 0s,
unsure (their colour does not say), and the board was refused. The digits tell (bare.py): a digit
has a covered tile beside it, and a revealed 0 none, so a bare colour beside a digit with no other
covered neighbour, or beside tiles read covered, is covered.

Revealed 0s drawn in a colour of their own (bare, as the tints are) never border a covered tile:
they must never be read covered. The boards are drawn here (random real positions), so the
oracle is the position drawn.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.rules import CODE
from tests.support.picture_render import DIGITS, _text, encode, random_position, scale

#: the dark form between the tiles, the outline, the covered tile, the revealed one (Qt's look)
PAGE, OUTLINE = (64, 66, 68), (0, 0, 0)
COVERED, REVEALED = (111, 193, 255), (212, 212, 212)
#: the solver's tints over covered tiles: safe, mine, uncertain
SAFE, MINE, UNCERTAIN = (160, 160, 211), (211, 160, 160), (59, 239, 59)


def _rounded(side: int, radius: float) -> np.ndarray:
    """How much of each pixel of a ``side`` px square lies in the square with its corners rounded
    by ``radius`` (4 x 4 samples a pixel: the edge anti-aliased)."""
    sub = (np.arange(side * 4) + 0.5) / 4
    yy, xx = np.meshgrid(sub, sub, indexing="ij")
    cy = np.clip(yy, radius, side - radius)
    cx = np.clip(xx, radius, side - radius)
    inside = np.hypot(yy - cy, xx - cx) <= radius
    return inside.reshape(side, 4, side, 4).mean(axis=(1, 3))


def _tile(img: np.ndarray, x: int, y: int, side: int, face: tuple[int, int, int]) -> None:
    """A tile ``side`` px square at (x, y): ``face`` inside a one-pixel black outline, its corners
    rounded, on the page."""
    outer, inner = _rounded(side, 4.0)[..., None], np.zeros((side, side, 1))
    inner[1:-1, 1:-1] = _rounded(side - 2, 3.0)[..., None]
    patch = img[y:y + side, x:x + side].astype(np.float64)
    patch = patch * (1 - outer) + np.array(OUTLINE) * outer
    patch = patch * (1 - inner) + np.array(face) * inner
    img[y:y + side, x:x + side] = np.round(patch).astype(np.uint8)


def draw_rounded_board(cells: list[list[str]], tints: dict[tuple[int, int], tuple[int, int, int]], *,
                       pitch: int = 32, gap: int = 2, margin: int = 48,
                       zero: tuple[int, int, int] = REVEALED) -> np.ndarray:
    """The board (``.`` covered, a digit or 0 revealed), each tile ``pitch - gap`` px with its
    outline, the covered ones in their tint where ``tints`` gives one; revealed 0s in ``zero``."""
    rows, cols = len(cells), len(cells[0])
    side = pitch - gap
    img = np.full((rows * pitch + 2 * margin, cols * pitch + 2 * margin, 3), PAGE, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = margin + c * pitch, margin + r * pitch
            face = tints.get((r, c), COVERED) if v == "." else zero if v == "0" else REVEALED
            _tile(img, x, y, side, face)
            if v not in ".0":
                _text(img, x + 1, y + 1, side - 2, v, DIGITS[int(v)])
    return img


def _tints(cells: list[list[str]], seed: int) -> dict[tuple[int, int], tuple[int, int, int]]:
    """A solver's tints: each covered tile beside a revealed one violet, pink or green (at random:
    which, the reader cannot know), and a block of green ones beside one of the lone digits'."""
    rng = random.Random(seed)
    rows, cols = len(cells), len(cells[0])
    tints = {}
    for r in range(rows):
        for c in range(cols):
            near = [cells[rr][cc] for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))]
            if cells[r][c] == "." and any(v != "." for v in near):
                tints[r, c] = rng.choice((SAFE, SAFE, MINE, UNCERTAIN))
    return tints


def _read(cells: list[list[str]], image: np.ndarray) -> tuple[list[str], list[str], set[tuple[int, int]]]:
    """(cells read wrong and sure, cells read wrong or unsure, the unsure cells)."""
    reading = read_image(encode(image))
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    cols = len(cells[0])
    unsure = set(reading.unsure)
    want = [CODE[v] for row in cells for v in row]
    off, wrong = [], []
    for i, (w, g) in enumerate(zip(want, reading.board.cells)):
        where = f"{i // cols},{i % cols}: {cells[i // cols][i % cols]} read {reading.cells[i].value}"
        if w != g and divmod(i, cols) not in unsure:
            wrong.append(where)
        if w != g or divmod(i, cols) in unsure:
            off.append(where)
    return wrong, off, unsure


def _position(seed: int) -> list[list[str]]:
    cells, _ = random_position(16, 16, 40, seed, opened=0.45, flags=0.0)
    return cells


@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_plain_rounded_tiles_read_exactly(seed: int, factor: float) -> None:
    """No tints: two colours, the darker (blue) covered; every cell right and sure."""
    cells = _position(seed)
    wrong, off, _ = _read(cells, scale(draw_rounded_board(cells, {}), factor))
    assert not wrong and not off, off


@pytest.mark.parametrize("factor", [1.0, 1.25])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_a_solvers_tints_over_covered_tiles_read_covered(seed: int, factor: float) -> None:
    """Violet, pink and green over the covered tiles beside the opening: every cell right and
    sure. Before: only the darkest bare colour (green) read covered, the others (covered blue
    among them) unsure 0s, and the board refused (too many unsure cells)."""
    cells = _position(seed)
    wrong, off, _ = _read(cells, scale(draw_rounded_board(cells, _tints(cells, seed)), factor))
    assert not wrong and not off, off


@pytest.mark.parametrize("zero", [(236, 236, 236), (250, 240, 200)])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_zeros_of_their_own_colour_are_never_read_covered(seed: int, zero: tuple[int, int, int]) -> None:
    """The revealed 0s in a colour apart from the digits' tiles (a bare colour, as the tints are),
    with the tints: the board may be refused, or the 0s unsure, but no cell is read wrong and sure
    (a 0 never borders a covered tile, so no digit and no covered tile calls its colour covered)."""
    cells = _position(seed)
    try:
        wrong, _, _ = _read(cells, draw_rounded_board(cells, _tints(cells, seed), zero=zero))
    except NoBoardFound:
        return
    assert not wrong, wrong
