"""A digit whose mine is shown beside it says nothing of the bare colours round it (bare.py).

bare.covered_by_digits makes a bare tile colour covered where a plain digit has, besides its
revealed neighbours, only tiles of that colour round it: its mine must lie there. On a lost board
the mine may be shown beside it on a tile of the revealed colour (a flat web clone draws its shown
mines on the near-white of its digits): webgreen-lost-14x11.png (tests/data/screens), scaled to
0.65-1.5 in the soak, had its 37 beige revealed 0s read as sure covered cells so (at 0.65 by a 1
beside a flag read as a mark, its orange tile so taken for a revealed colour). Here the rule is run
on a hand-made 3x3 board: a 1 in the middle, at a corner a shown mine, or a mark not plainly a
digit, on the digits' colour, the other seven tiles of one bare colour (revealed 0s). The corner
may hold the 1's mine, so the bare colour is not shown covered; with the corner bare, or a plain
digit, the rule still finds it covered.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cpsolve.picture.bare import covered_by_digits
from cpsolve.picture.marks import MARK, MINE, NOTHING

WHITE, BEIGE = (244, 245, 245), (219, 214, 170)


def run(corner: tuple[str, int], plain: bool = True) -> list[int]:
    """covered_by_digits on the 3x3 board: the 1 at the middle (group 0, the digits' near-white),
    the corner cell 0 as ``corner`` (symbol, group), the rest bare beige (group 1)."""
    sym, group = corner
    digit = SimpleNamespace(shape={"1": 0.95}, stacked=False, edge_dark=0.0)
    blank = SimpleNamespace(shape=None, stacked=False, edge_dark=0.0)
    looks = [[blank] * 3 for _ in range(3)]
    looks[1] = [blank, digit, blank]
    looks[0] = [digit if plain else SimpleNamespace(shape={"1": 0.5}, stacked=False, edge_dark=0.0), blank, blank]
    symbols = [[(NOTHING, 1.0)] * 3 for _ in range(3)]
    symbols[1] = [(NOTHING, 1.0), (MARK, 1.0), (NOTHING, 1.0)]
    symbols[0] = [(sym, 1.0), (NOTHING, 1.0), (NOTHING, 1.0)]
    label = np.ones(9, int)
    label[4] = 0
    label[0] = group
    members = [[i for i in range(9) if label[i] == k] for k in (0, 1)]
    colours = np.array([WHITE if label[i] == 0 else BEIGE for i in range(9)], np.float64)
    return covered_by_digits(looks, symbols, label, members, [False, None], [1], [], colours, {})


def test_a_mine_shown_beside_the_digit_keeps_the_bare_colour_in_doubt() -> None:
    assert run((MINE, 0)) == []


def test_a_mark_not_plainly_a_digit_beside_the_digit_keeps_the_bare_colour_in_doubt() -> None:
    assert run((MARK, 0), plain=False) == []


def test_a_plain_digit_beside_it_leaves_the_bare_colour_covered() -> None:
    assert run((MARK, 0)) == [1]


def test_with_no_mine_shown_the_digit_shows_the_bare_colour_covered() -> None:
    assert run((NOTHING, 1)) == [1]
