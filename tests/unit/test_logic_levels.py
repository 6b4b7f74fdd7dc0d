"""Logic levels of no-guess layouts (cpsolve/simulate/logic.py) against a brute-force classifier."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.layout import Layout
from cpsolve.simulate.logic import LEVELS, LogicRangeError, classify, pair_moves, parse_range, single_moves
from cpsolve.simulate.noguess import generate, play_proved
from tests.support import logic_oracle


@st.composite
def small_layouts(draw: st.DrawFn) -> tuple[Layout, tuple[int, int]]:
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    first = draw(st.integers(0, rows * cols - 1))
    others = [i for i in range(rows * cols) if i != first]
    mines = draw(st.sets(st.sampled_from(others), min_size=1, max_size=max(1, len(others) // 3)))
    return Layout(rows, cols, frozenset(mines)), divmod(first, cols)


def _check(layout: Layout, first: tuple[int, int]) -> str | None:
    got = classify(layout, first)
    level, moves = logic_oracle.classify(layout.rows, layout.cols, layout.mines, first)
    assert not got.cut_short
    assert (got.level, got.moves) == (level, moves)
    assert got.won == (level is not None) == play_proved(layout, first).won
    return level


@given(small_layouts())
@settings(max_examples=150, deadline=None)
def test_level_matches_brute_force(case: tuple[Layout, tuple[int, int]]) -> None:
    _check(*case)


def test_generated_layouts_match_brute_force() -> None:
    # no-guess layouts (every one is won), denser than the random ones: every level occurs
    rng = random.Random(12)
    seen = set()
    for _ in range(150):
        rows, cols = rng.randint(4, 9), rng.randint(4, 9)
        mines = rng.randint(3, rows * cols // 3)
        first = (rng.randrange(rows), rng.randrange(cols))
        g = generate(rows, cols, mines, first_cell=first, rng=rng, time_limit=10)
        seen.add(_check(g.layout, first))
    assert seen == set(LEVELS)


def _layout(text: str) -> Layout:
    rows = [r.replace(" ", "") for r in text.strip().splitlines()]
    return Layout(len(rows), len(rows[0]), frozenset(r * len(rows[0]) + c for r, row in enumerate(rows)
                                                      for c, ch in enumerate(row) if ch == "*"))


# docs/layouts.md's examples, one per level (the reasoning is written out there)
EXAMPLES = {
    "single": ("""
. . * .
. . * .
. . . .
""", {"single": 6, "pair": 0, "chain": 0, "total": 0}),
    "pair": ("""
. . . .
. . * .
. . . .
""", {"single": 4, "pair": 2, "chain": 0, "total": 0}),
    "chain": ("""
. . * .
. . . .
* . . .
""", {"single": 3, "pair": 0, "chain": 1, "total": 0}),
    "total": ("""
. . * .
. . * .
""", {"single": 2, "pair": 0, "chain": 0, "total": 2}),
}


@pytest.mark.parametrize("level", list(EXAMPLES))
def test_documented_examples(level: str) -> None:
    text, moves = EXAMPLES[level]
    layout = _layout(text)
    got = classify(layout, (0, 0), first_click="opening")
    assert (got.level, got.moves) == (level, moves)
    assert logic_oracle.classify(layout.rows, layout.cols, layout.mines, (0, 0)) == (level, moves)


def test_single_and_pair_rules_by_hand() -> None:
    # a 1 with covered a, b next to a 1 with covered a, b, c: c is safe (the 1-1 pattern)
    a, b, c = 10, 11, 12
    assert single_moves([(1, frozenset({a, b})), (1, frozenset({a, b, c}))]) == {}
    assert pair_moves([(1, frozenset({a, b})), (1, frozenset({a, b, c}))]) == {c: False}
    # a 1 over a, b and a 2 over a, b, c: c is a mine (the 1-2 pattern)
    assert pair_moves([(1, frozenset({a, b})), (2, frozenset({a, b, c}))]) == {c: True}
    # a 2 over a, b, c and a 1 over b, c: a is a mine; a 1 over a, b and a 1 over b, c: nothing
    assert pair_moves([(2, frozenset({a, b, c})), (1, frozenset({b, c}))]) == {a: True}
    assert pair_moves([(1, frozenset({a, b})), (1, frozenset({b, c}))]) == {}
    assert single_moves([(0, frozenset({a})), (2, frozenset({b, c}))]) == {a: False, b: True, c: True}


@pytest.mark.parametrize(("text", "low", "high"), [
    ("pair", 1, 1), ("pair..", 1, 3), ("..pair", 0, 1), ("single..chain", 0, 2), ("TOTAL", 3, 3),
])
def test_parse_range(text: str, low: int, high: int) -> None:
    r = parse_range(text)
    assert (r.low, r.high) == (low, high)
    assert parse_range(str(r)) == r
    assert all((lv in r) == (low <= k <= high) for k, lv in enumerate(LEVELS))


@pytest.mark.parametrize(("text", "words"), [
    ("", "give a level"), ("..", "give a level"), ("hard", "'hard' is not a level"),
    ("chain..pair", "chain is harder than pair"), ("pair...chain", "'.chain' is not a level"),
])
def test_parse_range_rejects(text: str, words: str) -> None:
    with pytest.raises(LogicRangeError, match=words):
        parse_range(text)


def test_every_level_occurs_in_the_random_cases() -> None:
    # every level occurs among small random layouts, each checked against the brute force
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        rows, cols = rng.randint(3, 5), rng.randint(3, 5)
        first = rng.randrange(rows * cols)
        mines = frozenset(rng.sample([i for i in range(rows * cols) if i != first], rng.randint(1, 5)))
        seen.add(_check(Layout(rows, cols, mines), divmod(first, cols)))
    assert seen == {*LEVELS, None}


def test_an_analysis_cut_short_is_said() -> None:
    # the pair example needs no analysis; the chain one does, and with no time for it the
    # classification says it is not sure (what it proved is still proved: the level may be too high)
    text, _ = EXAMPLES["chain"]
    layout = _layout(text)
    assert classify(layout, (0, 0)).to_json()["logic_sure"] is True
    cut = classify(layout, (0, 0), time_limit=1e-9)
    assert cut.cut_short and cut.to_json()["logic_sure"] is False
    assert classify(_layout(EXAMPLES["pair"][0]), (0, 0), time_limit=1e-9).to_json()["logic_sure"] is True


def test_up_to_stops_past_its_level() -> None:
    # classify(up_to=k) is the full classification where the level is at most k, else it stops
    rng = random.Random(5)
    for _ in range(60):
        rows, cols = rng.randint(4, 8), rng.randint(4, 8)
        first = (rng.randrange(rows), rng.randrange(cols))
        g = generate(rows, cols, rng.randint(3, rows * cols // 3), first_cell=first, rng=rng, time_limit=10)
        full = classify(g.layout, first)
        assert full.level is not None
        for k in range(len(LEVELS)):
            part = classify(g.layout, first, up_to=k)
            if LEVELS.index(full.level) <= k:
                assert (part.level, part.moves, part.above) == (full.level, full.moves, False)
            else:
                assert part.above and part.level is None
