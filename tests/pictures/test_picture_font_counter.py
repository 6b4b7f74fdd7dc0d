"""A mine counter of red digits drawn in a font, not in seven segments, in a black box above the
board (helbaz's Java XP clone, tests/data/screens/javaxp-mid-16x30.png): read glyph by glyph
(counter.py, after the segments give no reading). On drawn boards (the oracle is the number drawn):
read as drawn, and garbled digits give no counter, never a guessed one."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import read_image
from tests.support.picture_render import encode, random_position, render_board

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _with_font_counter(cells: list[list[str]], cell: int, text: str) -> np.ndarray:
    """The board with its counter panel, the seven-segment display replaced by ``text`` in red
    font digits on a black box of the same place."""
    img = render_board(cells, cell, counter=0)
    b, m = max(2, cell // 5), max(4, cell // 2)
    x, y = m + b + cell // 3, m + round(cell * 0.25)
    w, h = round(cell * 2.6), round(cell * 1.45) + 2 * max(1, round(cell * 0.14))
    img[y:y + h, x:x + w + cell] = (192, 192, 192)  # the segments' display gone
    pil = Image.fromarray(img)
    draw = ImageDraw.Draw(pil)
    draw.rectangle((x, y, x + w, y + h), fill=(0, 0, 0))
    font = ImageFont.truetype(FONT, round(h * 0.8))
    draw.text((x + w / 2, y + h / 2), text, font=font, fill=(255, 0, 0), anchor="mm")
    return np.asarray(pil)


@pytest.mark.parametrize("cell", [16, 24])
@pytest.mark.parametrize("seed", [4, 9, 21])
def test_red_font_digits_are_read_as_drawn(seed: int, cell: int) -> None:
    cells, counter = random_position(16, 16, 40, seed=seed, state="playing")
    reading = read_image(encode(_with_font_counter(cells, cell, f"{counter:03d}")))
    assert reading.mine_counter == counter
    assert reading.board.mines == 40  # the counter plus the flags


@pytest.mark.parametrize("text", ["0#6", "A76", "0%6"])
def test_garbled_font_digits_give_no_counter(text: str) -> None:
    cells, _ = random_position(16, 16, 40, seed=4, state="playing")
    reading = read_image(encode(_with_font_counter(cells, 24, text)))
    assert reading.mine_counter is None and reading.board.mines is None


def _boxed_slashed_counter(cells: list[list[str]], cell: int, text: str) -> np.ndarray:
    """The board with its counter drawn as wesmar's GDI WinMine draws it: each digit in a black box
    of its own, grey lines between them, red digits of a monospaced font whose 0 is slashed
    (Consolas'): here DejaVu Sans Bold's digits, a slash drawn across each 0's counter."""
    img = render_board(cells, cell, counter=0)
    b, m = max(2, cell // 5), max(4, cell // 2)
    x, y = m + b + cell // 3, m + round(cell * 0.25)
    w, h = round(cell * 2.6), round(cell * 1.45) + 2 * max(1, round(cell * 0.14))
    img[y:y + h, x:x + w + cell] = (192, 192, 192)  # the segments' display gone
    pil = Image.fromarray(img)
    draw = ImageDraw.Draw(pil)
    font = ImageFont.truetype(FONT, round(h * 0.6))
    step = round(h * 0.75)  # (boxes as wide as wesmar's: digits about 0.7 of their height apart)
    for k, ch in enumerate(text):
        left = x + k * step
        draw.rectangle((left, y, left + step - 2, y + h), fill=(0, 0, 0))  # a grey line between boxes
        cx, cy = left + (step - 2) / 2, y + h / 2
        draw.text((cx, cy), ch, font=font, fill=(255, 0, 0), anchor="mm")
        if ch == "0":
            gx0, gy0, gx1, gy1 = draw.textbbox((cx, cy), ch, font=font, anchor="mm")
            gw, gh = gx1 - gx0, gy1 - gy0
            draw.line((gx0 + 0.3 * gw, gy0 + 0.78 * gh, gx1 - 0.3 * gw, gy0 + 0.22 * gh), fill=(255, 0, 0),
                      width=max(2, round(gw / 4)))
    return np.asarray(pil)


@pytest.mark.parametrize("cell", [20, 24])
@pytest.mark.parametrize("seed", [4, 9, 21])
def test_slashed_zeros_in_boxes_of_their_own_are_read_as_drawn(seed: int, cell: int) -> None:
    """A counter whose digits stand each in a box of its own (wider apart than a word's letters) is
    read whole, every glyph in the display, and a slashed 0 is a 0: the number drawn, its leading 0
    and any 0 inside it. (On main the 0 matched no font's and the display was not read; read by
    words, a display of boxes far apart would have been its first digit alone.)"""
    cells, counter = random_position(16, 16, 40, seed=seed, state="playing")
    reading = read_image(encode(_boxed_slashed_counter(cells, cell, f"{counter:03d}")))
    assert reading.mine_counter == counter
    assert reading.board.mines == 40
