"""A seven-segment mine counter of light segments in a black box (KDE 3 KMines' white LCD, a Java
clone's cyan one; counter.py's ``_light_segments``): the tests' drawn counter with its red segments
made white, cyan or green reads the same."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve import read_image
from tests.support.picture_render import board_origin, draw_counter, encode, random_position, render_board, scale


def white_lcd(cells: list[list[str]], cell: int, counter: int,
              colour: tuple[int, int, int] = (255, 255, 255)) -> np.ndarray:
    """The drawn window with its counter's lit segments in ``colour`` (white unless told) and no
    unlit ones drawn."""
    img = render_board(cells, cell, counter=counter, unlit=None)
    panel = img[:round(cell * 2.2) + cell // 2]  # the counter panel, above the board (its flags are red too)
    lit = (panel[..., 0] == 255) & (panel[..., 1] == 0) & (panel[..., 2] == 0)
    panel[lit] = colour
    return img


@pytest.mark.parametrize("colour", [(255, 255, 255), (0, 200, 255), (40, 255, 40)], ids=["white", "cyan", "green"])
@pytest.mark.parametrize("seed, cell, factor", [(1, 16, 1.0), (2, 20, 1.0), (3, 24, 1.5), (4, 16, 1.25)])
def test_a_light_lcd_counter_gives_the_mine_total(seed: int, cell: int, factor: float,
                                                  colour: tuple[int, int, int]) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = white_lcd(cells, cell, counter, colour)
    top = img[:round(cell * 2.2)]
    assert not ((top[..., 0] == 255) & (top[..., 1] == 0) & (top[..., 2] == 0)).any()  # no red segment left
    reading = read_image(encode(scale(img, factor)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10


def test_white_text_on_a_light_panel_is_no_counter() -> None:
    """The segments white on the panel's own grey, no black box: no counter, no total."""
    cells, counter = random_position(9, 9, 10, seed=5, state="playing")
    img = white_lcd(cells, 16, counter)
    panel = img[:round(16 * 2.2) + 8]
    panel[(panel[..., 0] < 50) & (panel[..., 1] < 50) & (panel[..., 2] < 50)] = (192, 192, 192)
    reading = read_image(encode(img))
    assert reading.mine_counter is None and reading.board.mines is None


@pytest.mark.parametrize("colour", [(0, 200, 255), (255, 255, 255)], ids=["cyan", "white"])
@pytest.mark.parametrize("seed, cell", [(1, 24), (2, 32), (3, 28)])
def test_an_lcd_shorter_than_a_cell_gives_the_mine_total(seed: int, cell: int, colour: tuple[int, int, int]) -> None:
    """Haiku's Minesweeper draws its blue LCD 22 px high beside 24 px cells: the counter drawn with
    its box about 0.9 of a cell high (winmine's is 1.7 in these drawings). On main no display under a
    cell's height was looked at: no counter, no total."""
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = render_board(cells, cell, counter=counter, unlit=None)
    m = max(4, cell // 2)
    panel = img[m:round(cell * 2.2) + m]
    panel[(panel[..., 2] < 50) | (panel[..., 0] == 255) & (panel[..., 1] == 0)] = (192, 192, 192)  # the LED gone
    x0, y0 = board_origin(cell)[0] + cell // 3, m + round(cell * 0.5)
    s = round(cell * 0.52)
    draw_counter(img, x0, y0, s, counter, None)
    box = img[y0:y0 + round(s * 1.45) + 2 * max(1, round(s * 0.14))]
    assert 0.8 * cell <= box.shape[0] < cell
    box[(box[..., 0] == 255) & (box[..., 1] == 0) & (box[..., 2] == 0)] = colour
    reading = read_image(encode(img))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10


@pytest.mark.parametrize("seed, cell", [(1, 24), (2, 32), (3, 28), (4, 40)])
def test_a_green_lcd_under_three_quarters_of_a_cell_gives_the_mine_total(seed: int, cell: int) -> None:
    """raygui's clone (raygui-lost-8x8.png) draws its green LCD boxes 36 px high beside 51 px cells
    (0.70 of a cell): the counter drawn with its box 0.70 to 0.75 of a cell high, green. Main
    7d556af looked at no light display under 0.8 of a cell: no counter, no total."""
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    img = render_board(cells, cell, counter=counter, unlit=None)
    m = max(4, cell // 2)
    panel = img[m:round(cell * 2.2) + m]
    panel[(panel[..., 2] < 50) | (panel[..., 0] == 255) & (panel[..., 1] == 0)] = (192, 192, 192)  # the LED gone
    x0, y0 = board_origin(cell)[0] + cell // 3, m + round(cell * 0.6)
    s = round(cell * 0.42)
    draw_counter(img, x0, y0, s, counter, None)
    box = img[y0:y0 + round(s * 1.45) + 2 * max(1, round(s * 0.14))]
    assert 0.65 * cell <= box.shape[0] < 0.8 * cell
    box[(box[..., 0] == 255) & (box[..., 1] == 0) & (box[..., 2] == 0)] = (0, 228, 48)
    reading = read_image(encode(img))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10
