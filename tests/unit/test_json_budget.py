"""The JSON document carries the budget's account (docs/json.md, ``budget``): which parts the time
limit cut short and how many cells the proofs left undecided, so that a client can tell "not decided
because the time limit hit" from "decided". Both writers (``to_json`` and ``to_json_text``) and the
inconsistent board's document carry it."""

from __future__ import annotations

import json
import sys

from cpsolve import analyze, parse_board
from cpsolve.board import load
from cpsolve.errors import InconsistentBoard
from cpsolve.result import inconsistent_document
from tests.support.paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))
from bench_large import scattered  # noqa: E402


def _docs(res):  # type: ignore[no-untyped-def]
    # the text first: it is written without per-cell objects only while the cells were not read
    return json.loads(res.to_json_text()), res.to_json()


def test_finished_analysis_says_nothing_was_cut_short():
    res = analyze(load("examples/headline.txt"))
    for doc in _docs(res):
        assert doc["budget"] == {"cut_short": [], "undecided": 0}
        assert list(doc)[-1] == "budget"  # after best_guess: the documented order


def test_model_cut_short_is_named_in_the_document(monkeypatch):
    from cpsolve import budget

    monkeypatch.setattr(budget, "ESTIMATE_FLOOR", 0.0)
    board = next(scattered(60, 60, 576, 1, 2, 0.3)).board
    res = analyze(board, time_limit=1e-9)
    for doc in _docs(res):
        assert doc["budget"]["cut_short"] == ["model", "counting", "estimation", "proofs"]
        assert doc["exact"] is False and doc["proved_safe"] == [] and doc["proved_mine"] == []


def test_proofs_cut_short_count_their_undecided_cells(monkeypatch):
    from cpsolve.proof import prover

    real = prover._solve

    def out_of_time(*args, **kwargs):  # type: ignore[no-untyped-def]
        from cpsolve.budget import OutOfTime

        raise OutOfTime()

    monkeypatch.setattr(prover, "_solve", out_of_time)
    # the solver part asked (counting nominates nothing here, which would settle it without one):
    # the analysis' word that every constraint is bounded withheld, so the prover looks, and its
    # look says there is something to ask
    from cpsolve import analysis

    real_prove = analysis.prove_model
    monkeypatch.setattr(analysis, "prove_model",
                        lambda *args, **kwargs: real_prove(*args, **{**kwargs, "bounded": None}))
    monkeypatch.setattr(analysis, "_prove", analysis._prove_now)  # nor its shortcut on that word
    monkeypatch.setattr(prover, "asks_nothing", lambda *args, **kwargs: False)
    res = analyze(load("examples/expert-midgame.txt"))
    monkeypatch.setattr(prover, "_solve", real)
    undecided = len(res.stats.undecided_cells)
    assert undecided > 0  # the path ran: the solver part was cut, the deductions stand
    for doc in _docs(res):
        assert doc["budget"] == {"cut_short": ["proofs"], "undecided": undecided}
        proved = len(doc["proved_safe"]) + len(doc["proved_mine"])
        assert proved + undecided <= len(doc["cells"])


def test_inconsistent_document_has_every_key_and_an_empty_account():
    board = parse_board("mines: 1\n1 1\n. .\n2 .\n")
    try:
        analyze(board)
    except InconsistentBoard as exc:
        doc = inconsistent_document(exc, board)
    else:
        raise AssertionError("the board is inconsistent")
    assert doc["status"] == "inconsistent" and doc["budget"] == {"cut_short": [], "undecided": 0}
    ok = json.loads(analyze(load("examples/headline.txt")).to_json_text())
    assert list(doc)[:len(ok)] == list(ok)  # every key of a document, in the same order, then the conflict's


def test_nothing_to_ask_needs_no_solver_however_short_the_time(monkeypatch):
    # a blank board: every cell strictly between 0 and 1 by the exact count, so the prover asks
    # nothing: the solver is not even loaded, and nothing is cut short
    from cpsolve.board import Board
    from cpsolve.proof import prover

    def no_load(name: str) -> float:
        raise AssertionError(f"{name} loaded for a board that asks the solver nothing")

    monkeypatch.setattr(prover, "load", no_load)
    res = analyze(Board(30, 30, (-1,) * 900, 100), time_limit=0.3)
    assert res.exact and res.stats.budget == [] and not res.stats.undecided_cells
    for doc in _docs(res):
        assert doc["budget"] == {"cut_short": [], "undecided": 0}
