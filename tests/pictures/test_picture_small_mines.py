"""A lost board's shown mines at small cells are never sure digits (issue 39: never silently wrong).

A GIF frame of XP winmine's lost Expert board (tests/data/screens/winmine-zh-lost-16x30.png),
scaled to 0.8 (12.8 px a cell), had shown mines read as sure 7s (the classic 7 is black): a mine's
dark box, 5 px by 6 in an interior of 6, lay half a pixel off the interior's middle, as a box of
whole pixels must where its width's parity is not the interior's, and that half pixel cost it a
third of its roundness (:func:`cpsolve.picture.cells.measure`'s ``blob_round``, 0.56 for a mine's
0.6), so it was no mine and the black mark went to the digits. Half a pixel off is no offset now.

Drawn here: the classic skin (tests/support/picture_render.py) with that frame's shown mine drawn on
the revealed cells instead of the renderer's (its pixels, a GIF palette's colours), every fifth of a
pixel of placement under Pillow's bilinear scaling to 0.8. The oracle is the position drawn."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import board_origin, random_position, render_board, sure_wrong

#: the frame's shown mine on its revealed cell, 16 px (the cell's grey line at the left, the next
#: cell's first column at the right), in its GIF palette's colours
MINE = ("bcccccccccccccch", "cefffffccffffffi", "cffffffbbffffffi", "cefcccbbbbcccffi",
        "cffcbbaaaabbcffi", "cffcbbdbaaabcffi", "cffbadjdaaaabffi", "ccbbabdbaaaabbci",
        "ccbbaaaaaaaabbci", "cffbaaaaaaaabffi", "cffcbaaaaaabcffi", "cefcbbaaaabbcfdi",
        "cefcccbbbbcccefi", "cffffffbbeffeefi", "cffffffccfffffeg", "giiiiiiiiiiiiigg")
PALETTE = {"a": (0, 0, 0), "b": (132, 132, 132), "c": (173, 165, 165), "d": (189, 189, 189),
           "e": (197, 197, 197), "f": (197, 206, 197), "g": (206, 206, 206), "h": (206, 214, 214),
           "i": (230, 230, 230), "j": (255, 255, 255)}


def _lost_board(seed: int) -> tuple[np.ndarray, list[list[str]]]:
    """A lost Expert board at 16 px with the frame's mine on every shown mine's cell."""
    cells, counter = random_position(16, 30, 99, seed, state="lost")
    img = render_board(cells, 16, counter=counter)
    x0, y0 = board_origin(16, True)
    sprite = np.array([[PALETTE[ch] for ch in row] for row in MINE], np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v == "*":
                img[y0 + 16 * r:y0 + 16 * r + 16, x0 + 16 * c:x0 + 16 * c + 16] = sprite
    return img, cells


@pytest.mark.parametrize("shift", range(5), ids=lambda s: f"shift{s}")
@pytest.mark.parametrize("seed", [0, 1])
def test_shown_mines_at_small_cells_are_no_sure_digits(seed: int, shift: int) -> None:
    img, cells = _lost_board(seed)
    for dy in range(5):  # (0.8 repeats every 5 px: every placement of the board on the scaled pixels)
        placed = np.pad(img, ((dy, 0), (shift, 0), (0, 0)), mode="edge")
        scaled = Image.fromarray(placed).resize((round(placed.shape[1] * 0.8), round(placed.shape[0] * 0.8)),
                                                Image.Resampling.BILINEAR)
        data = io.BytesIO()
        scaled.save(data, "PNG")
        try:
            reading = read_image(data.getvalue())
        except NoBoardFound:
            continue  # refused: allowed
        assert (reading.board.rows, reading.board.cols) == (16, 30)
        assert not sure_wrong(reading, cells), f"placed {shift},{dy}"
