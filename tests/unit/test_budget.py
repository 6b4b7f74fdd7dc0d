"""Budgets of issue 10: ``time_limit`` bounds the whole analysis (model, counting, estimation,
proofs), and a cut-short analysis degrades to estimates and "not decided", never to a wrong claim.

Speed itself is measured by ``benchmarks/bench_budget.py`` (figures in docs/measurements.md#budgets); these tests check
that each cut path runs and what it answers, with only a loose hang guard on the clock.
"""

from __future__ import annotations

import sys
import time

import pytest

from cpsolve import analyze, budget
from cpsolve.board import Board
from cpsolve.simulate import Position
from tests.support.paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))
from bench_large import scattered  # noqa: E402


def _no_wrong_claims(pos: Position, res) -> int:  # type: ignore[no-untyped-def]
    cols = pos.board.cols
    for c in res.cells:
        if c.proof is not None:
            assert c.proof.mine == ((c.row * cols + c.col) in pos.mines), (c.row, c.col)
        if c.probability.basis == "exact" and c.probability.value in (0.0, 1.0):
            assert (c.probability.value == 1.0) == ((c.row * cols + c.col) in pos.mines)
    return sum(1 for c in res.cells if c.proof is not None)


@pytest.fixture(scope="module")
def large() -> Position:
    # the board of the issue: 200x200, 6,400 mines, scattered reveals (counting took 52 s+ before)
    return next(scattered(200, 200, 6400, 1, 1, 0.3))


def test_large_scattered_board_degrades_within_budget(large):
    t0 = time.perf_counter()
    res = analyze(large.board, time_limit=0.05)
    elapsed = time.perf_counter() - t0
    assert elapsed < 20, elapsed  # a hang guard only (before: 52 s to minutes); figures: bench_budget.py
    assert res.stats.budget, res.stats  # something was cut short, and it says so
    assert not res.exact
    assert all(c.probability.basis == "estimate" for c in res.cells)
    _no_wrong_claims(large, res)


def test_cut_counting_falls_back_to_estimates(monkeypatch):
    import cpsolve.analysis as analysis

    # generous budget for the model, none for counting: the estimator (or its uniform fallback) answers
    monkeypatch.setattr(budget, "COUNT_SHARE", 0.0)
    monkeypatch.setattr(budget, "COUNT_FLOOR", 0.0)
    pos = next(scattered(40, 40, 256, 1, 3, 0.3))
    res = analyze(pos.board, time_limit=30)
    assert "counting" in res.stats.budget
    assert not res.exact and res.stats.estimated_components == res.stats.components
    assert res.stats.estimate is not None and res.stats.estimate.mode != analysis.UNIFORM  # the estimator ran
    _no_wrong_claims(pos, res)


def test_model_cut_short_gives_uniform_estimates(monkeypatch):

    monkeypatch.setattr(budget, "ESTIMATE_FLOOR", 0.0)
    board = next(scattered(60, 60, 576, 1, 2, 0.3)).board
    res = analyze(board, time_limit=1e-9)
    assert res.stats.budget == ["model", "counting", "estimation", "proofs"]
    assert not res.exact and not res.proved_safe and not res.proved_mine
    values = {c.probability.value for c in res.cells}
    assert len(values) == 1 and all(c.probability.basis == "estimate" for c in res.cells)
    assert values.pop() == pytest.approx(res.remaining / len(res.cells))


def test_estimation_out_of_time_answers_uniform_without_the_facts(monkeypatch):
    """Issue 27: when the model and the count used the budget up, estimation does not start (no
    components crossing to Python) and the uniform answer reads the fixed cells' mine flags, never
    their facts (0.5 s + 0.8 s of a 1000x1000 board); fixed cells at estimates of 0 and 1, checked
    against the layout, never a certainty."""
    import cpsolve.analysis as analysis
    from cpsolve import estimate
    from cpsolve.constraints.model import FixedCells

    for name in ("COUNT_SHARE", "COUNT_FLOOR", "ESTIMATE_SHARE", "ESTIMATE_FLOOR"):
        monkeypatch.setattr(budget, name, 0.0)
    pos = next(scattered(60, 60, 576, 1, 2, 0.3))

    def no_facts(self: FixedCells) -> None:
        raise AssertionError("the fixed cells' facts were made")

    with monkeypatch.context() as m:
        m.setattr(FixedCells, "as_dict", no_facts)
        m.setattr(estimate, "estimate_parts", lambda *a, **k: pytest.fail("estimation started after the deadline"))
        res = analyze(pos.board, time_limit=30, prove=False)  # the prover, given time, reads the facts
    assert "estimation" in res.stats.budget and res.stats.estimate.mode == analysis.UNIFORM
    assert not res.exact and not res.exact_extremes() and not res.certain_cells() and not res.proved_safe
    cols = pos.board.cols
    fixed = [c for c in res.cells if c.probability.value in (0.0, 1.0)]
    assert fixed  # the board has fixed cells, at 0 or 1 by the layout, labelled estimates
    for c in res.cells:
        assert c.probability.basis == "estimate"
    for c in fixed:
        assert (c.probability.value == 1.0) == ((c.row * cols + c.col) in pos.mines)
    assert len({c.probability.value for c in res.cells} - {0.0, 1.0}) == 1
    _no_wrong_claims(pos, res)


def test_small_board_still_counted_under_a_tiny_limit():
    # the floors: a tiny limit still counts a small board exactly (only the solver is cut)
    b = Board(3, 5, (-1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1), 1)
    res = analyze(b, time_limit=1e-9)
    assert res.exact and res.cell(1, 2).probability.fraction == 1
    assert res.cell(1, 2).proof is None or res.cell(1, 2).proof.engine == "deduction"


def test_deadline_context_nests_and_checks():
    with budget.within(budget.Deadline.after(100)) as outer:
        with budget.within(budget.Deadline.after(1000)) as inner:
            assert inner.at == outer.at  # the earlier one wins
        with budget.within(budget.Deadline(None), replace=True) as free:
            assert free.at is None
            budget.check()
    with budget.within(budget.Deadline(time.perf_counter() - 1)), pytest.raises(budget.OutOfTime):
        budget.check()
    budget.check()  # no deadline outside


def test_cpsat_call_stopped_from_outside():
    """CP-SAT's own time limit is read between its steps; a timer stops a large model's call
    shortly after the limit (the path runs: the model has more variables than TIMER_VARIABLES)."""
    from cpsolve.constraints import build_model
    from cpsolve.encodings import system_from_model
    from cpsolve.proof.backends import cpsat, get_backend

    model = build_model(next(scattered(100, 100, 1600, 1, 1, 0.3)).board)
    system = system_from_model(model)
    assert system.nvars >= cpsat.TIMER_VARIABLES
    b = get_backend("cp-sat")(system, [])
    t0 = time.perf_counter()
    b.solve([], budget.Deadline.after(0.01))
    assert time.perf_counter() - t0 < 5  # hang guard; overrun figures in bench_budget.py


def test_unmodelled_answer_lists_the_covered_cells_and_makes_them_lazily():
    # the answer when not even the model was built in time: every covered cell (and every flag when
    # flags are ignored) at one average density, all undecided; hand-checked on a 2x3 board
    import time as _time

    from cpsolve.analysis import _unmodelled
    from cpsolve.board import COVERED, FLAG, Board

    board = Board(2, 3, (FLAG, COVERED, 0, FLAG, 1, COVERED), 2)
    trusted = _unmodelled(board, True, None, _time.perf_counter())
    assert trusted._cells is None  # nothing per cell made before it is read
    assert [(c.row, c.col) for c in trusted.cells] == [(0, 1), (1, 2)]
    assert trusted.stats.undecided_cells == [(0, 1), (1, 2)]
    assert {c.probability.value for c in trusted.cells} == {0.0}  # both flags trusted: 0 mines left
    ignored = _unmodelled(board, False, None, _time.perf_counter())
    assert [(c.row, c.col) for c in ignored.cells] == [(0, 0), (0, 1), (1, 0), (1, 2)]
    assert ignored.stats.undecided_cells == [(0, 0), (0, 1), (1, 0), (1, 2)]
    assert {c.probability.value for c in ignored.cells} == {0.5}  # 2 mines over 4 unknown cells
    assert not ignored.exact and ignored.stats.budget == ["model", "counting", "estimation", "proofs"]


def test_components_crossing_to_python_check_the_deadline():
    """Issue 27: a huge board's components took 1.2 s to cross from the core, not interruptible;
    an estimation begun just before its deadline waited for all of them. Under a passed deadline
    reading them raises OutOfTime (the estimation's caller answers the uniform estimate); read
    again without one they are all made, the same as a fresh model's."""
    from cpsolve.constraints import build_model

    board = next(scattered(60, 60, 576, 1, 2, 0.3)).board
    model = build_model(board)
    with budget.within(budget.Deadline(time.perf_counter() - 1)), pytest.raises(budget.OutOfTime):
        model.components[0]
    comps = tuple(model.components)
    assert len(comps) == model.stats["components"] > 0
    assert comps == tuple(build_model(board).components)



def test_count_cut_by_the_combination_deadline_leaves_every_component_to_the_estimator(monkeypatch):
    """Issue 27: after the core's count, the counted components' Python objects were made outside
    any deadline (1.9 s of a 1000x1000 board). Made past the combination's deadline they are not:
    every component is left to the estimator, none lost, and the count says it ran out of time."""
    import cpsolve.count.marginals as marginals
    from cpsolve import _core

    board = next(scattered(60, 60, 576, 1, 2, 0.3)).board
    args = dict(trust_flags=False, exact_limit=6, state_budget=None, combine_budget=None, density=None)
    _, whole = marginals.count_board(board.rows, board.cols, board.codes, board.mines,
                                     deadline=budget.AnalysisDeadline(None, None, None, None), **args)
    assert whole.count is not None and whole.count.counted and whole.count.estimated  # some of each
    n = len(whole.count.counted) + len(whole.count.estimated)
    real = marginals._core.count_board

    def slow(rows, cols, codes, remaining, options):  # type: ignore[no-untyped-def]
        # the core itself not cut: the deadline passes while it counts
        got = real(rows, cols, codes, remaining, _core.Options(flags=options.flags, count=options.count))
        time.sleep(0.05)
        return got

    monkeypatch.setattr(marginals, "_core", type("Core", (), {"Options": _core.Options,
                                                              "ModelFlags": _core.ModelFlags,
                                                              "CountLimits": _core.CountLimits,
                                                              "count_board": staticmethod(slow)}))
    model, whole = marginals.count_board(board.rows, board.cols, board.codes, board.mines,
                                         deadline=budget.AnalysisDeadline(None, None, None, time.perf_counter() + 0.01),
                                         **args)
    assert whole.count is not None and whole.count.out_of_time
    assert whole.count.counted == {} and whole.count.estimated == list(range(n)) and len(model.components) == n


def test_the_sharing_policy_by_hand() -> None:
    """budget.shares, the one home of the sharing policy (issue 44): counting by half the limit,
    estimation by four fifths, floors of 0.1 s and 0.2 s, and an enclosing deadline bounds every part.
    Hand-computed moments from a start of 100.0."""
    d = budget.shares(10.0, 100.0)
    assert (d.at, d.outer, d.count_at, d.estimate_at) == (110.0, 110.0, 105.0, 108.0)
    d = budget.shares(0.01, 100.0)  # the floors: the model, counting and estimation still get 0.2 / 0.1 s
    assert (d.at, d.outer, d.count_at, d.estimate_at) == (100.01, 100.2, 100.1, 100.2)
    assert budget.shares(None, 100.0).at is None and budget.shares(None, 100.0).count_at is None
    with budget.within(budget.Deadline(50.0)):
        d = budget.shares(10.0, 100.0)
        assert (d.at, d.outer, d.count_at, d.estimate_at) == (50.0, 50.0, 50.0, 50.0)
        assert d.passed() and budget.current().passed()


def test_the_command_line_refuses_the_time_limits_the_analysis_refuses() -> None:
    import argparse

    from cpsolve.cli.args import positive_float
    from cpsolve.options import AnalysisOptions, OptionsError

    for text in ("inf", "nan", "0", "-1"):
        with pytest.raises(argparse.ArgumentTypeError, match="positive, finite"):
            positive_float(text)
        with pytest.raises(OptionsError):
            AnalysisOptions(time_limit=float(text))
    assert positive_float("2.5") == 2.5 and AnalysisOptions(time_limit=2.5).time_limit == 2.5
