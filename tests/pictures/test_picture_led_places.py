"""A seven-segment mine counter whose places before the first digit are dark, not drawn dim (many
clones' LEDs: a lone 5, or 12 whose 1 is only its right-hand strokes; counter.py's ``_places``):
the tests' drawn counter with no unlit segments and no leading zeros reads the number it shows,
or nothing, never another number."""

from __future__ import annotations

import pytest

from cpsolve import read_image
from tests.support.picture_render import encode, random_position, render_board, scale

SIZES = [(16, 1.0), (20, 1.0), (24, 1.5), (16, 1.25), (50, 1.0)]


@pytest.mark.parametrize("cell, factor", SIZES)
@pytest.mark.parametrize("shown", [0, 5, 7, 10, 12, 20, 34, 40, 99, 117, 404])
def test_a_counter_with_dark_leading_places_reads_its_number(shown: int, cell: int, factor: float) -> None:
    cells, _ = random_position(9, 9, 10, seed=7, state="playing")
    img = render_board(cells, cell, counter=shown, unlit=None, leading_zeros=False)
    assert read_image(encode(scale(img, factor))).mine_counter == shown


@pytest.mark.parametrize("cell, factor", SIZES)
@pytest.mark.parametrize("shown", [1, 11, 111])
def test_ones_alone_give_no_digit_width_and_read_right_or_not_at_all(shown: int, cell: int, factor: float) -> None:
    """Only 1s (strokes on the places' right sides): nothing says how wide a place is."""
    cells, _ = random_position(9, 9, 10, seed=7, state="playing")
    img = render_board(cells, cell, counter=shown, unlit=None, leading_zeros=False)
    assert read_image(encode(scale(img, factor))).mine_counter in (shown, None)


@pytest.mark.parametrize("seed", range(6))
def test_the_mine_total_from_a_counter_with_dark_leading_places(seed: int) -> None:
    cells, counter = random_position(9, 9, 10, seed=seed, state="playing")
    reading = read_image(encode(render_board(cells, 20, counter=counter, unlit=None, leading_zeros=False)))
    assert reading.mine_counter == counter
    assert reading.board.mines == 10
