"""A board on a patterned desktop (docs/pictures.md, "The grid"): wallpaper of outlined squares
larger than the cells, all round the window, joins the whole picture into one group of edges, and
its own lattice (many clean cells) is found before the board's and stops the search there. Its
flat, bare squares are no board, so the reader looks beside that lattice and reads the board (the
French winmine screenshot under a console, on a key-pattern desktop). The boards are drawn here
(tests/support/picture_render.py), so the oracle is the position drawn."""

from __future__ import annotations

import numpy as np

from cpsolve.picture import read_image
from tests.support.picture_render import encode, parse_cells, render_board

POSITION = """\
1 F 1 0 0 0 0 0 0
1 1 1 0 0 1 1 1 0
0 0 0 0 0 1 F 1 0
1 1 0 0 0 1 1 1 0
F 1 0 0 0 0 0 0 0
1 1 0 1 1 1 0 0 0
0 0 0 1 . 1 0 0 0
0 0 0 1 1 1 0 0 0
0 0 0 0 0 0 0 0 0"""
CELL, SQUARE = 16, 32


def _on_wallpaper() -> np.ndarray:
    """The board's window (counter 1: one covered mine left, 3 flagged) at the left of a desktop
    tiled with SQUARE px squares outlined in a dark line, the window drawn over them and nearly as
    high as the picture: the squares' lattice lies beside it."""
    window = render_board(parse_cells(POSITION), CELL, counter=1)
    height, width = window.shape[0] + 40, 720
    img = np.full((height, width, 3), (190, 170, 120), np.uint8)
    for k in range(0, width, SQUARE):
        img[:, k:k + 2] = (60, 50, 30)
    for k in range(0, height, SQUARE):
        img[k:k + 2, :] = (60, 50, 30)
    h, w = window.shape[:2]
    x, y = 20, 20
    img[y - 4:y + h + 4, x - 4:x + w + 4] = (212, 208, 200)   # the window's frame, touching the squares
    img[y:y + h, x:x + w] = window
    return img


def test_a_board_beside_a_wallpaper_lattice_is_read() -> None:
    reading = read_image(encode(_on_wallpaper()))
    assert not reading.unsure, reading.reasons
    want = [v for row in parse_cells(POSITION) for v in row]
    assert [c.value for c in reading.cells] == want
    assert reading.board.mines == 4


def test_the_wallpaper_alone_is_no_board() -> None:
    """The control: the wallpaper's squares are the lattice found first, and alone they are refused."""
    img = _on_wallpaper()
    img[:, 0:260] = (190, 170, 120)   # the window painted out
    try:
        reading = read_image(encode(img))
    except Exception as exc:  # NoBoardFound
        assert "no board found" in str(exc)
    else:
        raise AssertionError(f"read a board from wallpaper: {reading.text()}")
