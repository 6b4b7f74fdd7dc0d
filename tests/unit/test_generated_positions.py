"""Generated positions with known layouts: exact identities and agreement with the hidden layout."""

from __future__ import annotations

import pytest

from cpsolve import analyze
from cpsolve.simulate import oracle_positions, played_positions


def _check_position(pos) -> None:
    result = analyze(pos.board, prove=False)
    assert result.exact and result.stats.estimated_components == 0  # the exact path ran
    fractions = {pos.board.index(c.row, c.col): c.probability.fraction for c in result.cells}
    # linearity of expectation: the probabilities sum exactly to the mines not yet known
    assert sum(fractions.values()) == result.remaining
    for i, f in fractions.items():
        if f == 0:
            assert i not in pos.mines, f"cell {divmod(i, pos.board.cols)} has probability 0 but is a mine"
        elif f == 1:
            assert i in pos.mines, f"cell {divmod(i, pos.board.cols)} has probability 1 but is safe"


@pytest.mark.parametrize("difficulty", ["beginner", "intermediate", "expert"])
def test_oracle_positions(difficulty):
    for pos in oracle_positions(difficulty, 150, seed=11):
        _check_position(pos)


def test_played_expert_positions():
    for pos in played_positions("expert", 300, seed=5):
        _check_position(pos)


def test_layout_probability_not_degenerate():
    # A solver claiming 0 for every mine would pass the checks above only if mines never got 0;
    # make sure the positions actually exercise both outcomes (the checks can fail).
    zeros = ones = 0
    for pos in played_positions("expert", 100, seed=2):
        result = analyze(pos.board, prove=False)
        zeros += sum(c.probability.fraction == 0 for c in result.cells)
        ones += sum(c.probability.fraction == 1 for c in result.cells)
    assert zeros > 100 and ones > 100
