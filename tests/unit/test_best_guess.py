"""The best guess is never a mine (issue 26, defect 1): against brute force, and where every covered
cell is a mine the answer is "none", said so by the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

import cpsolve
from cpsolve.cli import main
from cpsolve.result import analysis as result_analysis
from cpsolve.result import groups, safest_cell
from tests.support.oracle import brute_force
from tests.support.strategies import small_boards

ALL_MINES = "mines: 1\n1 .\n1 1\n"


def test_no_best_guess_where_every_covered_cell_is_a_mine(tmp_path, capsys):
    result = cpsolve.analyze(cpsolve.parse_board(ALL_MINES))
    assert result.proved_mine == [(0, 1)]
    assert result.best_guess is None and result.safest is None
    assert result.to_json()["best_guess"] is None and result.to_json()["safest"] is None
    assert json.loads(result.to_json_text())["best_guess"] is None
    path = tmp_path / "b.txt"
    path.write_text(ALL_MINES)
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "best guess: none (every covered cell is a mine)" in out


def test_exact_one_unproved_is_no_guess_either():
    # without proofs the cell is exactly 1 but not proved: still never a guess
    result = cpsolve.analyze(cpsolve.parse_board(ALL_MINES), prove=False)
    assert result.proved_mine == [] and result.best_guess is None and result.safest is None
    assert json.loads(result.to_json_text())["best_guess"] is None


@settings(max_examples=150, deadline=None)
@given(small_boards(max_unknown=10, allow_wrong=False))
def test_best_guess_is_never_a_mine_by_brute_force(board):
    truth = brute_force(board)
    if truth is None:
        return
    result = cpsolve.analyze(board)
    bg, sf = result.best_guess, result.safest
    doc = json.loads(result.to_json_text())
    assert doc["best_guess"] == (list(bg) if bg is not None else None)
    assert doc["safest"] == (list(sf) if sf is not None else None)
    if bg is None:
        assert sf is None
        assert all(p == 1 for p in truth.values())
    else:
        assert truth[board.index(*bg)] < 1  # the best guess: never a mine
        assert truth[board.index(*sf)] == min(truth.values())  # the safest: the lowest probability
        if result.proved_safe:
            assert bg in result.proved_safe and truth[board.index(*bg)] == 0


@settings(max_examples=300, deadline=None)
@given(small_boards(max_unknown=12), st.booleans(), st.booleans(), st.booleans())
def test_grouped_safest_equals_the_per_cell_rule(board, total, trust_flags, prove):
    """The fast safest cell of a counted board (read per group, before the per-cell results exist)
    picks the same cell as the one rule over the per-cell results (:func:`cpsolve.result.safest_cell`),
    flags and known mines (fixed cells), proved mines and ties included."""
    if not total:
        board = replace(board, mines=None)
    try:
        grouped = cpsolve.analyze(board, trust_flags=trust_flags, prove=prove)
        per_cell = cpsolve.analyze(board, trust_flags=trust_flags, prove=prove)
    except (cpsolve.InconsistentBoard, cpsolve.BoardError):  # flags over the total, a wrong clue
        return
    assert grouped._cells is None  # nothing has read the per-cell results yet
    raw = grouped._raw
    counted = raw is not None and groups.counted(raw.probs)
    some_safe = counted and not all(grouped._raw.verdicts().values())
    with patch.object(result_analysis, "lowest_cells", wraps=result_analysis.lowest_cells) as fast_path:
        fast = grouped.safest
    # the grouped path ran wherever the board was counted: among the proved-safe cells if there are
    # any, else over the groups; neither made the per-cell results
    assert fast_path.called == (counted and not some_safe)
    assert (grouped._cells is None) == counted
    cells = per_cell.cells  # the per-cell results made: safest now reads them
    assert per_cell._cells is not None
    assert fast == per_cell.safest == safest_cell(cells, board)
