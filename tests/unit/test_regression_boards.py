"""Regression boards stored as files, with expectations from brute force or by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cpsolve import InconsistentBoard, analyze, parse_board
from tests.support.paths import BOARDS

REGRESS = BOARDS / "regress"
CASES = sorted(p for p in REGRESS.glob("*.txt") if p.with_suffix(".expected.json").exists())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_regression_board(path):
    board = parse_board(path.read_text(), str(path))
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    if expected.get("status") == "inconsistent":
        with pytest.raises(InconsistentBoard) as err:
            analyze(board)
        assert sorted(map(list, err.value.conflict)) == expected["conflict"]
        assert err.value.uses_total == expected["uses_total"]
        return
    result = analyze(board, density=Fraction(expected["density"]), prove=False)
    got = {f"{c.row},{c.col}": c.probability.text() for c in result.cells}
    assert got == expected["cells"]


def test_inconsistent_clues_without_total():
    path = REGRESS / "inconsistent-clues.txt"
    with pytest.raises(InconsistentBoard) as err:
        analyze(parse_board(path.read_text()))
    assert not err.value.uses_total
    assert err.value.conflict == [(0, 0), (1, 1)]


def test_cases_present():
    assert len(CASES) >= 6
