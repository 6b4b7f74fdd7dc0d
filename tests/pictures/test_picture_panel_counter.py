"""Mines left as dark font digits in the left one of two light boxes in the panel above the board,
the timer's twin box right of the middle (DeclanAS's tkinter clone,
tests/data/screens/tkinter-mid-10x10.png; textcounter.read_panel_left). On drawn boards (the oracle
is the number drawn): read as drawn; no twin box, or digits garbled, give no counter."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cpsolve.picture import read_image
from tests.support.picture_render import GREY, encode, random_position, render_board

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _with_panel(cells: list[list[str]], cell: int, left: str, right: str | None) -> np.ndarray:
    """The board with its panel's display replaced by two light boxes (the right one only where
    ``right`` is given) holding ``left`` and ``right`` in dark font digits."""
    img = render_board(cells, cell, counter=0)
    b, m = max(2, cell // 5), max(4, cell // 2)
    panel = round(cell * 2.2)
    width = img.shape[1]
    img[m:m + panel, m + b:width - m - b] = GREY  # the seven-segment display and the face gone
    pil = Image.fromarray(img)
    draw = ImageDraw.Draw(pil)
    font = ImageFont.truetype(FONT, round(cell * 0.6))
    bw, bh = 2 * cell, round(cell * 1.3)
    y = m + (panel - bh) // 2
    for text, x in ((left, m + b + cell // 2), (right, width - m - b - cell // 2 - bw)):
        if text is None:
            continue
        draw.rectangle((x, y, x + bw - 1, y + bh - 1), fill=(240, 240, 240))
        draw.text((x + bw / 2, y + bh / 2), text, font=font, fill=(0, 0, 0), anchor="mm")
    return np.asarray(pil)


@pytest.mark.parametrize("cell", [20, 23, 30])
@pytest.mark.parametrize("seed", [1, 6])
def test_mines_left_in_the_left_light_box_are_read(seed: int, cell: int) -> None:
    cells, counter = random_position(10, 10, 10, seed=seed, state="playing")
    reading = read_image(encode(_with_panel(cells, cell, str(counter), "217")))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10  # mines left plus the flags


def test_one_light_box_alone_gives_no_counter() -> None:
    """No twin: not a counter's pair (a lone box could be anything)."""
    cells, counter = random_position(10, 10, 10, seed=1, state="playing")
    reading = read_image(encode(_with_panel(cells, 23, str(counter), None)))
    assert reading.mine_counter is None and reading.board.mines is None


@pytest.mark.parametrize("text", ["A7", "#", "x9"])
def test_garbled_digits_give_no_counter(text: str) -> None:
    cells, _ = random_position(10, 10, 10, seed=1, state="playing")
    reading = read_image(encode(_with_panel(cells, 23, text, "20")))
    assert reading.mine_counter is None and reading.board.mines is None


# ---------------------------------------------------------------- two plain numbers, no boxes

def _with_numbers(cells: list[list[str]], cell: int, left: str | None, right: str | None,
                  face: bool = True) -> np.ndarray:
    """The board with its panel holding ``left`` and ``right`` in dark font digits on the panel's
    own grey, one each side of a face (bandaranayake's "0038" and "0066", textcounter
    .read_panel_numbers), and a white title bar with dark text above the panel."""
    img = render_board(cells, cell, counter=0)
    b, m = max(2, cell // 5), max(4, cell // 2)
    panel = round(cell * 2.2)
    width = img.shape[1]
    img[m:m + panel, m + b:width - m - b] = GREY
    title = 24
    out = np.full((img.shape[0] + title, width, 3), 255, np.uint8)
    out[title:] = img
    pil = Image.fromarray(out)
    draw = ImageDraw.Draw(pil)
    draw.text((6, 4), "Minesweeper 2", font=ImageFont.truetype(FONT, 14), fill=(0, 0, 0))
    font = ImageFont.truetype(FONT, round(cell * 0.7))
    y = title + m + panel // 2
    middle = width // 2
    if face:
        draw.ellipse((middle - cell // 2, y - cell // 2, middle + cell // 2, y + cell // 2), outline=(0, 0, 0), width=2)
    for text, x in ((left, middle - 3 * cell), (right, middle + 3 * cell)):
        if text is not None:
            draw.text((x, y), text, font=font, fill=(0, 0, 0), anchor="mm")
    return np.asarray(pil)


@pytest.mark.parametrize("cell", [24, 30, 36])
@pytest.mark.parametrize("seed", [1, 6])
def test_mines_left_as_the_left_of_two_plain_numbers_are_read(seed: int, cell: int) -> None:
    """Without read_panel_numbers no counter is read (no box, no seven segments)."""
    cells, counter = random_position(10, 12, 14, seed=seed, state="playing")
    reading = read_image(encode(_with_numbers(cells, cell, f"{counter:04d}", "0066")))
    assert reading.mine_counter == counter
    assert reading.board.mines == 14  # mines left plus the flags


@pytest.mark.parametrize(("left", "right"), [("0012", None), (None, "0012"), ("0012", "A7"), ("0012", "0012 7")])
def test_not_two_plain_numbers_give_no_counter(left: str | None, right: str | None) -> None:
    """One number alone (which side is the counter's?), a garbled second one, or a third number:
    no counter."""
    cells, _ = random_position(10, 12, 14, seed=1, state="playing")
    reading = read_image(encode(_with_numbers(cells, 30, left, right)))
    assert reading.mine_counter is None and reading.board.mines is None


@pytest.mark.parametrize("cell", [24, 30, 36])
@pytest.mark.parametrize("seed", [1, 6])
def test_two_plain_numbers_with_no_face_between_give_no_counter(seed: int, cell: int) -> None:
    """Two numbers level above the board with nothing round between them are no counter and timer
    (a settings form's "Width 10" and "Height 10" over bobby-driggs's React board,
    tests/data/screens/react-flat-lost-10x10.png, read as 10 mines left: a total of 18 for 15):
    panelface.face_between."""
    cells, counter = random_position(10, 12, 14, seed=seed, state="playing")
    reading = read_image(encode(_with_numbers(cells, cell, f"{counter:04d}", "0066", face=False)))
    assert reading.mine_counter is None and reading.board.mines is None
