"""The card system's two rules that live in the core (native/src/propagate/encoding.rs) and that
Python calls rather than copies: the interchangeable variables (``CardSystem.groups``, the core's
``groups_of``) and the total's range (``system_from_clues``' total, the core's ``total_range``).
Each is checked against an independent Python transcription of its definition, kept here as the
oracle only."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cpsolve import _core
from cpsolve.constraints import build_model
from cpsolve.encodings import system_from_clues, system_from_model
from cpsolve.simulate import oracle_positions


def groups_oracle(nvars: int, lits: list[list[int]], outside_var: int | None) -> list[tuple[int, ...]]:
    """Variables keyed by the clue cards they touch, in order of their first member; the stand-in
    alone."""
    sig: dict[int, list[int]] = {v: [] for v in range(1, nvars + 1)}
    for ci, card in enumerate(lits):
        for v in card:
            sig[v].append(ci)
    out: dict[tuple[int, ...], list[int]] = {}
    for v, s in sig.items():
        key = tuple(s) if v != outside_var else (-1,)
        out.setdefault(key, []).append(v)
    return [tuple(vs) for vs in out.values()]


def range_oracle(remaining: int, n_outside: int) -> tuple[int, int]:
    """The other n_outside - 1 off-frontier cells can take up to that many of the mines."""
    return remaining - max(n_outside - 1, 0), remaining


@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.integers(1, n), max_size=6, unique=True).map(sorted), max_size=8),
    st.none() | st.integers(1, n))))
def test_groups_are_the_oracles(case: tuple[int, list[list[int]], int | None]) -> None:
    n, lits, outside_var = case
    assert [tuple(g) for g in _core.card_groups(n, lits, outside_var)] == groups_oracle(n, lits, outside_var)


def test_groups_refuse_a_variable_off_the_system() -> None:
    with pytest.raises(ValueError):
        _core.card_groups(3, [[1, 4]], None)
    with pytest.raises(ValueError):
        _core.card_groups(3, [[0]], None)


@given(st.integers(-10**6, 10**6), st.integers(0, 10**6))
def test_total_range_is_the_oracles(remaining: int, n_outside: int) -> None:
    got = _core.total_range(remaining, n_outside)
    assert (got.lo, got.hi) == range_oracle(remaining, n_outside)


def test_systems_of_real_positions() -> None:
    """Both systems of real positions (the original clues' and the model's): their groups and
    total are the oracles'."""
    rng = random.Random(44)
    seen = 0
    for size in ((9, 9, 10), (16, 16, 40), (16, 30, 99)):
        for pos in oracle_positions(size, 30, seed=rng.randrange(1 << 30)):
            model = build_model(pos.board)
            for system in (system_from_clues(model.rows, model.cols, model.unknown, model.clues, model.remaining),
                           system_from_model(model)):
                lits = [list(c.lits) for _, c in system.clue_cards()]
                assert system.groups() == groups_oracle(system.nvars, lits, system.outside_var)
                total = system.total
                if total is not None:
                    n_out = len(system.outside) if system.outside_var is not None else 0
                    assert system.remaining is not None  # the mines left among its cells and outside
                    assert (total.lo, total.hi) == range_oracle(system.remaining, n_out)
                seen += 1
    assert seen == 180
