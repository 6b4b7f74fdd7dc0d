"""The exact path against brute force over all placements: every fraction equal, on every board."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cpsolve import InconsistentBoard, analyze
from cpsolve.board import COVERED, FLAG, Board, BoardError, check_total, parse_board, validate_board
from tests.support.oracle import brute_force
from tests.support.strategies import small_boards


def _check(board, trust_flags: bool, density: Fraction) -> None:
    try:
        validate_board(board)
        check_total(board, trust_flags)  # more trusted flags than the total: the analysis refuses it
    except BoardError:
        return  # malformed input is the parser's business (tested elsewhere)
    expected = brute_force(board, trust_flags, density)
    if expected is None:
        with pytest.raises(InconsistentBoard):
            analyze(board, trust_flags=trust_flags, density=density, prove=False, exact_limit=None)
        return
    result = analyze(board, trust_flags=trust_flags, density=density, prove=False, exact_limit=None)
    assert result.exact and result.stats.estimated_components == 0  # the exact path ran
    got = {board.index(c.row, c.col): c.probability.fraction for c in result.cells}
    assert got == expected
    if board.mines is not None:
        assert sum(got.values()) == result.remaining


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.booleans(), st.sampled_from([Fraction(1, 5), Fraction(1, 2), Fraction(3, 10)]))
def test_exact_equals_bruteforce(board, trust_flags, density):
    _check(board, trust_flags, density)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(max_unknown=20, allow_wrong=False))
def test_exact_equals_bruteforce_up_to_20_cells(board):
    _check(board, True, Fraction(1, 5))


def test_headline_hand_checked():
    board = parse_board("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n")
    result = analyze(board, prove=False)
    probs = {(c.row, c.col): c.probability.fraction for c in result.cells}
    assert probs.pop((1, 2)) == 1
    assert set(probs.values()) == {0}


def test_headline_without_total_is_not_certain():
    # Without the total the clues alone leave 1,2 a mere 1/17 under a density-1/2 prior (the naive answer).
    board = parse_board(". 1 . . .\n. . . . .\n. . . 1 .\n")
    result = analyze(board, prove=False, density=Fraction(1, 2))
    assert result.cell(1, 2).probability.fraction == Fraction(1, 17)
    assert result.cell(0, 0).probability.fraction == Fraction(4, 17)
    assert result.cell(0, 4).probability.fraction == Fraction(1, 2)  # off the frontier: the prior
    assert "density 1/2" in result.prior


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.booleans(), st.sampled_from([Fraction(1, 5), Fraction(1, 2)]))
# more trusted flags than the total: refused by the reference (a lone flag), or no placement found by
# the clues first (a flag beside 0s); both found by hypothesis in CI
@example(Board(1, 1, (FLAG,), 0), True, Fraction(1, 5))
@example(Board(4, 5, (0, 0, FLAG, 0, 0, 0, 0, 0) + (COVERED,) * 12, 0), True, Fraction(1, 5))
def test_compare_reference_equals_plain_enumeration(board, trust_flags, density):
    # `cpsolve compare` checks against cpsolve.verify (backtracking, off-frontier cells in closed form);
    # that reference must itself agree with the plain 2^n enumeration of tests/support/oracle.py
    from cpsolve.verify import brute_force as backtracking

    expected = brute_force(board, trust_flags, density)
    try:
        check_total(board, trust_flags)
    except BoardError:
        # more trusted flags than the total (d7cecc5): no placement exists (the plain enumeration
        # agrees); the reference refuses the board as the analysis does, or finds no placement
        # first when the clues already rule one out (a flag beside a 0)
        assert expected is None
        try:
            got = backtracking(board, density=density, trust_flags=trust_flags)
        except BoardError:
            return
        assert got.z == 0
        return
    got = backtracking(board, density=density, trust_flags=trust_flags)
    if expected is None:
        assert got.z == 0
    else:
        assert got.z > 0 and got.probability == expected
