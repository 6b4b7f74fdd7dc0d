"""Flat tiles parted by a gap of a lighter surround (GNOME Mines 3.x/40+: docs/pictures.md, "The cells").

GNOME draws each cell as a flat tile 4 px inside its square, grey when covered, light grey for a 0,
tinted by the number otherwise (gnome-mines data/themes/bgcolors/theme.css), on the window's light
background. Two things read such a board wrong (tests/data/screens/gnome-ubuntu-mid-8x8.png, 14 cells):

- the tints of the 1s and the 2s lie 20 levels apart, within one group of tile colours, and a group
  holding both has a mean colour no skin names: the skin was not named by its colours, and
  the bevels decided;
- the lattice lies on one side of the gap (the fit takes one of its two equally strong edges), so
  each cell's crop held a band of the light surround along its top and left and none along its
  bottom and right, which read as a bevel: every tile darker than the surround looked raised, the
  covered grey most, the 0s' light grey just past the threshold, a 4's tint well past it.

The first is fixed here (tiles._known_members: the skin is named, and its colours decide); the
second by bevel.py (the bevel measured on the tiles' own box inside the gap). Where no skin names
the colours (GNOME's tiles shifted, or darkened 20-30 levels below the surround: every tile then
looked raised and the whole opening read as sure covered cells before bevel.py), the board is
refused or unsure, never read wrong.
The boards are drawn here (random real positions), so the oracle is the position drawn."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from cpsolve.picture import NoBoardFound, read_image
from cpsolve.picture.rules import CODE
from tests.support.picture_render import encode, random_position

#: the window's background (between the tiles) and GNOME's tile colours (theme.css: the covered grey,
#: the 0s' light grey, #DDFAC3 #ECEDBF #EDDAB4 #EDC38A #F7A1A2 #FEA785 #FF7D60 #FF323C), its dark ink
SURROUND = (247, 247, 247)
COVERED, ZERO = (186, 189, 182), (222, 222, 220)
TINTS = {1: (221, 250, 195), 2: (236, 237, 191), 3: (237, 218, 180), 4: (237, 195, 138), 5: (247, 161, 162),
         6: (254, 167, 133), 7: (255, 125, 96), 8: (255, 50, 60)}
INK = (46, 52, 54)


def draw_gap_board(cells: list[list[str]], *, tile: int = 45, gap: int = 4, margin: int = 40) -> np.ndarray:
    """The board as GNOME draws it: flat tiles ``tile`` px a side, ``gap`` px apart on the surround,
    bold dark digits on the tinted tiles (no flags: a board in play before any is placed)."""
    rows, cols = len(cells), len(cells[0])
    pitch = tile + gap
    img = np.full((rows * pitch + 2 * margin, cols * pitch + 2 * margin, 3), SURROUND, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = margin + c * pitch + gap // 2, margin + r * pitch + gap // 2
            img[y:y + tile, x:x + tile] = COVERED if v == "." else ZERO if v == "0" else TINTS[int(v)]
            if v not in ".0":
                scale, thick = tile / 48, max(2, round(tile / 10))
                (tw, th), _ = cv2.getTextSize(v, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
                cv2.putText(img, v, (x + (tile - tw) // 2, y + (tile + th) // 2), cv2.FONT_HERSHEY_SIMPLEX, scale,
                            INK, thick, cv2.LINE_AA)
    return img


def _position(seed: int) -> list[list[str]]:
    """An 8x8 game of 10 mines in play, about half its safe cells open, no flags; with 1s and 2s
    (their tints one group of tile colours)."""
    cells, _ = random_position(8, 8, 10, seed, opened=0.6, flags=0.0)
    flat = [v for row in cells for v in row]
    assert flat.count("1") >= 2 and flat.count("2") >= 2, seed
    return cells


def _wrong_and_unsure(cells: list[list[str]], image: np.ndarray) -> tuple[list[str], set[tuple[int, int]]]:
    reading = read_image(encode(image))
    assert (reading.board.rows, reading.board.cols) == (len(cells), len(cells[0]))
    cols = len(cells[0])
    unsure = set(reading.unsure)
    want = [CODE[v] for row in cells for v in row]
    wrong = [f"{i // cols},{i % cols}: {cells[i // cols][i % cols]} read {reading.cells[i].value}"
             for i, (w, g) in enumerate(zip(want, reading.board.cells)) if w != g and divmod(i, cols) not in unsure]
    return wrong, unsure


@pytest.mark.parametrize("seed", [9, 11, 13])
def test_gnome_tiles_whose_tints_group_together_still_name_the_skin(seed: int) -> None:
    """The 1s' and 2s' tints in one group of tile colours: each tile of the group is one of GNOME's
    revealed colours, so the skin is named and its colours tell covered from revealed (before: the
    group's mean named no skin, and the 0s were unsure or read covered)."""
    cells = _position(seed)
    reading = read_image(encode(draw_gap_board(cells)))
    assert reading.skin == "gnome"
    wrong, unsure = _wrong_and_unsure(cells, draw_gap_board(cells))
    assert not wrong and not unsure, (wrong, sorted(unsure))


@pytest.mark.parametrize("shift", [(12, -10, 8), (-25, -20, -30)])
@pytest.mark.parametrize("seed", [4, 10])
def test_a_board_of_no_known_skin_on_a_gap_is_never_read_wrong(shift: tuple[int, int, int], seed: int) -> None:
    """Not wrong where no skin names the colours (every tile's colour moved by ``shift``, the
    surround kept): refused or unsure, never a sure cell read wrong."""
    cells, _ = random_position(8, 8, 10, seed, opened=0.6, flags=0.0)
    img = draw_gap_board(cells).astype(np.int16)
    img = np.clip(img + np.array(shift, np.int16) * (img.sum(axis=2, keepdims=True) < 3 * 245), 0, 255)
    try:
        wrong, _ = _wrong_and_unsure(cells, img.astype(np.uint8))
    except NoBoardFound:
        return
    assert not wrong
