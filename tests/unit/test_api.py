"""The public API at the prompt: short reprs, the board as text, any cell, the grid, load, errors."""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest

import cpsolve
from tests.support.paths import EXAMPLES


def test_reprs_are_short_and_str_of_a_board_is_its_text():
    board = cpsolve.load(EXAMPLES / "expert-midgame.txt")
    result = cpsolve.analyze(board, prove=False)
    assert len(repr(board)) < 300 and len(repr(result)) < 300
    assert "30x16" in repr(board) and "177 covered" in repr(result)  # width x height (issue 43 item 11)
    assert cpsolve.parse_board(str(board)).cells == board.cells  # the grid in the board text format
    small = cpsolve.parse_board("mines: 1\n. 1\n")
    assert eval(repr(small), {"Board": cpsolve.Board}) == small  # a small board's repr rebuilds it


def test_cell_answers_for_every_cell_and_grid_matches_cells():
    board = cpsolve.parse_board("mines: 1\n. 1 . . .\n. . . . .\n. . . 1 .\n")
    result = cpsolve.analyze(board)
    assert result.cell(0, 1).state == "revealed" and result.cell(0, 1).probability.fraction == 0
    assert result.cell(1, 2).state == "covered" and result.cell(1, 2).proof is not None
    with pytest.raises(IndexError, match="off the board"):
        result.cell(3, 0)
    grid = result.grid(exact=True)
    assert len(grid) == 3 and all(len(row) == 5 for row in grid)
    assert grid[0][1] is None and grid[1][2] == Fraction(1)
    assert sum(v for row in grid for v in row if v is not None) == result.remaining


def test_finished_board_has_no_best_guess():
    result = cpsolve.analyze(cpsolve.parse_board("mines: 1\n1 *\n"))
    assert result.cells == [] and result.best_guess is None


def test_help_documents_every_parameter_of_analyze():
    doc = inspect.getdoc(cpsolve.analyze) or ""
    for name in inspect.signature(cpsolve.analyze).parameters:
        if name != "board":
            assert f"``{name}``" in doc, name
    assert inspect.getdoc(cpsolve.Analysis)


def test_options_object_and_keywords_agree():
    board = cpsolve.load(EXAMPLES / "headline.txt")
    a = cpsolve.analyze(board, cpsolve.AnalysisOptions(prove=False))
    b = cpsolve.analyze(board, prove=False)
    assert a.to_json() == b.to_json() and not a.proved_safe
    with pytest.raises(ValueError):
        cpsolve.AnalysisOptions(density=2)


def test_one_error_family(tmp_path):
    with pytest.raises(cpsolve.BoardError) as bad:
        cpsolve.load(tmp_path / "missing.txt")
    assert isinstance(bad.value, cpsolve.CpsolveError) and isinstance(bad.value, ValueError)
    with pytest.raises(cpsolve.InconsistentBoard) as inc:
        cpsolve.analyze(cpsolve.parse_board("mines: 1\n. 2 .\n. . .\n"), trust_flags=True)
    assert isinstance(inc.value, cpsolve.CpsolveError)
    from cpsolve.count import BudgetExceeded
    assert issubclass(BudgetExceeded, cpsolve.BudgetError)


def test_proved_cells_and_exact_extremes_without_cell_objects():
    """What a player reads every move (proofs, exact 0/1, the safest cell, the probability of the
    cell it opens) comes off the proofs and the group probabilities without building the per-cell
    results, and equals what the cells say."""
    from cpsolve.probability import Exact
    from cpsolve.result import safest_cell
    from cpsolve.simulate import played_positions

    seen_proof = seen_extreme = seen_unproved_guess = 0
    for difficulty, seed in (("intermediate", 8), ("beginner", 9), ("expert", 10)):
        for pos in played_positions(difficulty, 40, seed=seed):
            a = cpsolve.analyze(pos.board)
            fast_proved, fast_extremes = a.proved_cells(), a.exact_extremes()
            again = a.exact_extremes()  # made once: the same list's copy, not a second scan
            assert again == fast_extremes and again is not fast_extremes and a._extremes is not None
            assert a.proved_cells() == fast_proved and a.proved_cells() is not a.proved_cells()
            fast_safe, fast_mine = a.proved_safe, a.proved_mine
            fast_guess = a.safest
            cols = a.cols
            assert sorted(a.proved_verdicts().items()) == [(r * cols + c, m) for r, c, m in fast_proved]
            assert a.certain_cells() == [(r * cols + c, one) for r, c, one in fast_extremes]
            assert a.certain_verdicts() == {r * cols + c: one for r, c, one in fast_extremes}
            covered = [divmod(i, a.cols) for i, v in enumerate(pos.board.cells) if v < 0]
            fast_probs = [a.probability(r, c) for r, c in covered]
            assert a._cells is None  # the path ran: no CellResult was made
            cells = a.cells
            assert fast_proved == [(c.row, c.col, c.proof.mine) for c in cells if c.proof is not None]
            assert fast_extremes == [(c.row, c.col, c.probability.fraction == 1) for c in cells
                                     if isinstance(c.probability, Exact) and c.probability.fraction in (0, 1)]
            assert (fast_safe, fast_mine) == (a.proved_safe, a.proved_mine)  # now read from the cells
            assert fast_safe == [(r, c) for r, c, m in fast_proved if not m]
            assert fast_mine == [(r, c) for r, c, m in fast_proved if m]
            assert fast_guess == safest_cell(cells, pos.board)
            assert fast_probs == [a.cell(r, c).probability for r, c in covered]
            seen_proof += len(fast_proved)
            seen_extreme += len(fast_extremes)
            seen_unproved_guess += not fast_safe and fast_guess is not None
    assert seen_proof and seen_extreme and seen_unproved_guess


def test_notebook_reprs_analysis_svg_is_the_cli_svg_and_board_shows_its_grid(tmp_path):
    """Jupyter: Analysis._repr_svg_ is byte for byte what `cpsolve solve --svg` writes for the same
    board file; Board's pretty repr (IPython) is its grid."""
    from cpsolve.cli import main

    path = tmp_path / "headline.txt"
    path.write_text((EXAMPLES / "headline.txt").read_text())
    out = tmp_path / "h.svg"
    assert main(["solve", str(path), "--svg", str(out)]) == 0
    board = cpsolve.load(path)
    result = cpsolve.analyze(board)
    assert result._repr_svg_() == out.read_text(encoding="utf-8")

    class Printer:
        def __init__(self) -> None:
            self.out = ""

        def text(self, s: str) -> None:
            self.out += s

    p = Printer()
    board._repr_pretty_(p, False)
    assert p.out == str(board) and p.out.splitlines()[1:] == [". 1 . . .", ". . . . .", ". . . 1 ."]
