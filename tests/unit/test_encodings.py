"""Encodings: their models counted against closed forms (as PySAT's own tests do) and against
brute force; the independent model counter pyganak checks component totals."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.formula import IDPool
from pysat.solvers import Solver

from cpsolve.board import parse_board
from cpsolve.constraints import build_model
from cpsolve.count import count_component
from cpsolve.encodings import (
    ENCODINGS,
    Card,
    CardSystem,
    card_clauses,
    raw_model,
    read_dimacs,
    read_opb,
    system_from_clues,
    system_from_model,
    to_cnf,
    to_dimacs,
    to_opb,
)
from cpsolve.proof.backends import Status, get_backend
from cpsolve.simulate import oracle_positions
from tests.support.boardgen import consistent_boards
from tests.support.oracle import brute_force


def count_projected(clauses: list[list[int]], project: list[int], assumptions: list[int] = ()) -> int:  # type: ignore[assignment]
    """Models projected on ``project``, enumerated with blocking clauses (as PySAT's tests do)."""
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        n = 0
        while s.solve(assumptions=list(assumptions)):
            model = set(s.get_model() or [])
            n += 1
            s.add_clause([-v if v in model else v for v in project])
        return n


RANGES = [(n, lo, hi) for n in range(1, 7) for lo in range(-1, n + 2) for hi in range(lo - 1, n + 2)]


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_card_clauses_closed_form(encoding: str) -> None:
    for n, lo, hi in RANGES:
        lits = list(range(1, n + 1))
        pool = IDPool(start_from=n + 2)
        clauses = card_clauses(lits, lo, hi, pool, encoding)
        expected = sum(comb(n, k) for k in range(max(lo, 0), min(hi, n) + 1))
        assert count_projected(clauses, lits) == expected, (n, lo, hi)
        # guarded by variable n+1: switched off it allows everything, on it is the constraint
        g = n + 1
        guarded = [c + [-g] for c in clauses]
        assert count_projected(guarded, lits, [-g]) == 2 ** n
        assert count_projected(guarded, lits, [g]) == expected


def _system(n: int, lo: int, hi: int) -> CardSystem:
    return CardSystem(1, n, tuple(range(n)), (Card(tuple(range(1, n + 1)), lo, hi, frozenset({0})),))


def _count_backend(engine: str, system: CardSystem, guarded: list[int], assumptions: list[int]) -> int:
    b = get_backend(engine)(system, guarded)
    try:
        assume = [b.guard[ci] if a > 0 else -b.guard[ci] for ci, a in assumptions]  # type: ignore[misc]
        n = 0
        while True:
            out = b.solve(assume)
            assert out.status is not Status.UNKNOWN
            if out.status is Status.UNSAT:
                return n
            assert out.model is not None
            n += 1
            b.add_clause([-v if out.model[v] else v for v in range(1, system.nvars + 1)])
    finally:
        b.close()


@pytest.mark.parametrize("engine", ["cp-sat", "sat:minicard", "sat:gluecard4", "sat:cadical195", "sat:glucose4"])
def test_backend_constraints_closed_form(engine: str) -> None:
    """Native cardinality (MiniCard/GlueCard, with padded guards), clauses, and CP-SAT linear
    constraints with enforcement literals all have exactly the closed-form number of models."""
    for n, lo, hi in RANGES[::3]:
        system = _system(n, lo, hi)
        expected = sum(comb(n, k) for k in range(max(lo, 0), min(hi, n) + 1))
        assert _count_backend(engine, system, [], []) == expected, (n, lo, hi)
        assert _count_backend(engine, system, [0], [(0, 1)]) == expected, (n, lo, hi)
        assert _count_backend(engine, system, [0], [(0, -1)]) == 2 ** n, (n, lo, hi)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=consistent_boards(max_unknown=12))
def test_system_counts_placements(data) -> None:  # type: ignore[no-untyped-def]
    """Models of the clue system (cells + the off-frontier representative), each weighted by the
    ways the other off-frontier cells complete it, add up to brute force's placements."""
    board, _ = data
    model = raw_model(board)
    system = system_from_clues(model.rows, model.cols, model.unknown, model.clues, model.remaining)
    cnf = to_cnf(system)
    project = list(range(1, system.nvars + 1))
    placements = 0
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        while s.solve():
            m = set(s.get_model() or [])
            t = sum(1 for v in project if v in m)
            s.add_clause([-v if v in m else v for v in project])
            if system.total is None:
                placements += 2 ** (len(model.unknown) - system.nvars)
            else:
                rest = max(len(system.outside) - 1, 0)
                placements += comb(rest, system.total.hi - t) if 0 <= system.total.hi - t <= rest else 0
    # brute force counts placements (with a total) -- compare the count, not probabilities
    probs = brute_force(board)
    if model.remaining is not None:
        assert (placements == 0) == (probs is None)
        assert placements == _placements(board)
    else:
        assert (placements == 0) == (probs is None)


def _placements(board) -> int:  # type: ignore[no-untyped-def]
    """Brute-force number of placements with the total (via the oracle's uniform weights)."""
    from itertools import combinations

    model = raw_model(board)
    unknown = list(model.unknown)
    n = 0
    for chosen in combinations(unknown, model.remaining):
        mine = set(chosen)
        if all(len(c.cells & mine) == c.need for c in model.clues):
            n += 1
    return n


def test_model_system_matches_fixed_facts() -> None:
    """The simplified system's total counts only the mines left after the fixed facts."""
    board = parse_board("mines: 3\n. . . .\n1 1 1 1\n. . . .\n")
    model = build_model(board)
    system = system_from_model(model)
    assert system.remaining == model.remaining_free
    if system.total is not None:
        assert system.total.hi == model.remaining_free


def test_dimacs_and_opb_round_trip() -> None:
    board = parse_board("mines: 4\n. . . . .\n. 2 . 3 .\n. . . . .\nF . . . .\n")
    model = raw_model(board)
    system = system_from_clues(model.rows, model.cols, model.unknown, model.clues, model.remaining)
    nv, clauses, show = read_dimacs(to_dimacs(system))
    assert clauses == to_cnf(system).clauses and show == list(range(1, system.nvars + 1))
    nv2, cons = read_opb(to_opb(system))
    assert nv2 == system.nvars
    # every clue is one equality, the total a '>=' pair at most
    assert sum(1 for _, op, _ in cons if op == "=") == len(model.clues)


def test_pyganak_component_totals() -> None:
    """pyganak (an independent exact model counter) on each raw component's CNF gives the number of
    configurations the DP counter finds for it."""
    pyganak = pytest.importorskip("pyganak")
    checked = 0
    for diff, n in (("beginner", 15), ("intermediate", 10), ("expert", 6)):
        for pos in oracle_positions(diff, n, seed=5):
            model = build_model(pos.board, simplify=False)
            for comp in model.components:
                if comp.size > 60:
                    continue
                cells = sorted(comp.cells)
                var = {c: v for v, c in enumerate(cells, start=1)}
                cards = []
                for gi, (groups, need) in enumerate(comp.constraints):
                    lits = tuple(sorted(var[c] for g in groups for c in comp.groups[g].cells))
                    cards.append(Card(lits, need, need, frozenset({gi})))
                system = CardSystem(pos.board.rows, pos.board.cols, tuple(cells), tuple(cards))
                cnf = to_cnf(system)
                counter = pyganak.Counter()
                counter.new_vars(cnf.nvars)
                counter.add_clauses(cnf.clauses)
                counter.set_sampling_set(list(range(1, len(cells) + 1)))
                assert counter.count() == count_component(comp).total
                checked += 1
    assert checked > 20


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 6), lo=st.integers(-3, 9) | st.integers(-2**70, 2**70),
       hi=st.integers(-3, 9) | st.integers(-2**70, 2**70))
def test_card_impossible_is_no_count_fitting(n: int, lo: int, hi: int) -> None:
    """A card is impossible (the core's rule) exactly when no number of true variables from 0 to
    its length lies in [lo, hi] (counted here one by one)."""
    card = Card(tuple(range(1, n + 1)), lo, hi, frozenset())
    assert card.impossible == (not any(lo <= k <= hi for k in range(n + 1)))
