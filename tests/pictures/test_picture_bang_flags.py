"""Covered cells drawn as a toolkit's plain buttons, flags written "!" (Nitepone's min-rs-weeper, a
GTK 3 game: tests/data/screens/gtk-buttons-mid-8x8.png): button faces a few levels lighter than the
window, a 1 px grey outline, no bevel; revealed cells the window's colour with no lines, digits in
black LCD text. The lattice is found on a block of buttons alone; the "!" (a stem over a dot) was
like a 1 by shape, so the buttons' colour passed for the digits' tile, the bare buttons for sure 0s
and the block for the whole board, wrong. textmarks.stacked tells a stroke over a dot (no digit;
"!" a flag), and grow.digits_beside counts only marked cells of the strip as a status line's
unsure letters. The oracle is the position drawn: never a board of the wrong size, nor a cell
stood by and wrong."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import cpsolve
from cpsolve.picture import NoBoardFound, read_image
from tests.support.picture_render import board_text, encode, random_position

WINDOW, FACE, OUTLINE = (239, 240, 241), (252, 252, 252), (188, 190, 191)
#: the GTK picture's position (its flags "F")
GTK = [list(r) for r in ("........", "111123..", "000001..", "000002..", "001111F.", "112F1122", ".F311000",
                         "..200000")]


def _write(img: np.ndarray, x: int, y: int, s: int, text: str) -> None:
    """``text`` in black, centred, its glyphs a fifth of the cell tall, drawn as LCD text is: the
    coverage taken per subpixel (each pixel's R, G, B thirds, left to right)."""
    k = 3
    big = np.zeros((s * k, s * k), np.uint8)
    scale, thick = 0.22 * s * k / 22.0, max(1, round(s * k / 40))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    cv2.putText(big, text, ((s * k - tw) // 2, (s * k + th) // 2), cv2.FONT_HERSHEY_SIMPLEX, scale, 255, thick,
                cv2.LINE_AA)
    sub = (big.reshape(s, k, s * k).mean(axis=1) / 255.0).reshape(s, s, 3)
    img[y:y + s, x:x + s] = np.round(img[y:y + s, x:x + s] * (1 - sub)).astype(np.uint8)


def draw(cells: list[list[str]], s: int) -> np.ndarray:
    rows, cols = len(cells), len(cells[0])
    img = np.full(((rows + 2) * s, (cols + 2) * s, 3), WINDOW, np.uint8)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            x, y = (c + 1) * s, (r + 1) * s
            if v in ".F":
                img[y:y + s, x:x + s] = OUTLINE
                img[y + 1:y + s - 1, x + 1:x + s - 1] = FACE
                for cx, cy in ((x, y), (x + s - 1, y), (x, y + s - 1), (x + s - 1, y + s - 1)):
                    img[cy, cx] = WINDOW  # (rounded corners)
                if v == "F":
                    _write(img, x, y, s, "!")
            elif v != "0":
                _write(img, x, y, s, v)
    return img


@pytest.mark.parametrize("seed", [0, 1, 5, 6])
@pytest.mark.parametrize("cell", [40, 50])
def test_a_block_of_plain_buttons_with_bang_flags_is_never_read_as_the_board(seed: int, cell: int) -> None:
    cells = GTK if seed == 0 else random_position(9, 9, 10, seed=seed, opened=0.6)[0]
    try:
        reading = read_image(encode(draw(cells, cell)))
    except NoBoardFound:
        return  # refused: allowed
    board = reading.board
    assert (board.rows, board.cols) == (len(cells), len(cells[0])), "a part read as the board"
    want = cpsolve.parse_board(board_text(cells)).cells
    unsure = set(reading.unsure)
    assert all(w == g for i, (w, g) in enumerate(zip(want, board.cells)) if divmod(i, board.cols) not in unsure)


def test_a_small_bang_may_reach_the_second_row_from_the_bottom() -> None:
    """A 16 px cell's "!" (Liberation Sans Bold at 9 px: a stem of five rows, a bare row, a one-row
    dot) spans rows 3-9 of its mark's region of eleven, its dot on the second row from the bottom:
    where no line along a side was taken off the mark, a stem over a dot there; where one was, a
    digit may have lost a row there, and it is not looked for so near the side."""
    from cpsolve.picture.textmarks import stacked

    mask = np.zeros((1, 11, 11), bool)
    mask[0, 3:8, 5] = True
    mask[0, 9, 5] = True
    assert stacked(mask) == [""]
    assert stacked(mask, uncut=np.array([True])) == ["!"]
    assert stacked(mask, uncut=np.array([False])) == [""]


def test_a_flat_light_board_with_small_bang_flags_reads_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A white page, bluish raised covered tiles, warm grey revealed ones with a lighter rim, red "!"
    flags in Liberation Sans Bold at 16 px (tests/pictures/test_picture_thin_gap.py's second light
    palette): the flags were one stroke like a 1 in the 3's red, on tiles whose colour then held
    digits, and the board was refused; read exactly."""
    from tests.pictures.test_picture_dark_theme import PALETTES, draw_dark
    from tests.pictures.test_picture_thin_gap import LIGHTS

    monkeypatch.setitem(PALETTES, "white", LIGHTS["white"])
    cells, _ = random_position(10, 14, 22, seed=3, opened=0.6, flags=1.0)
    reading = read_image(encode(draw_dark(cells, 16, "white", "LiberationSans-Bold", 9), "PNG"))
    assert (reading.board.rows, reading.board.cols) == (10, 14)
    assert not reading.unsure, f"unsure: {reading.unsure[:8]}"
    assert reading.board.cells == cpsolve.parse_board(board_text(cells)).cells
