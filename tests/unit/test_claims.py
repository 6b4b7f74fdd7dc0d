"""Claims of issue 10: a named conflict is proved before it is printed, says when it is not minimal,
and the JSON of an inconsistent board has every key; forcing sets of ``check`` are minimal."""

from __future__ import annotations

import json

import pytest

from cpsolve import InconsistentBoard, analyze, budget, parse_board
from cpsolve.budget import AnalysisDeadline
from cpsolve.cli import main
from cpsolve.proof import explain_cell
from tests.support.paths import BOARDS
from tests.support.unsat_check import conflict_is_unsat

NO_DEADLINE = AnalysisDeadline(None, None, None, None)

REGRESS = BOARDS / "regress"
CANDIDATE = REGRESS / "conflict-candidate-satisfiable.txt"


def test_the_models_candidate_is_satisfiable():
    """The premise of the regression board: what the model blames first is no conflict at all."""
    from cpsolve.constraints import TOTAL, Inconsistent, board_clues
    from cpsolve.count import count_board

    board = parse_board(CANDIDATE.read_text())
    with pytest.raises(Inconsistent) as err:
        count_board(board.rows, board.cols, board.codes, board.remaining_mines(), trust_flags=True,
                    exact_limit=400, state_budget=200_000, combine_budget=2_000_000, density=None,
                    deadline=NO_DEADLINE)
    _, clues = board_clues(board)
    named = [(clues[s].row, clues[s].col) for s in err.value.sources if s != TOTAL]
    assert not conflict_is_unsat(board, named, TOTAL in err.value.sources)


def test_conflict_cut_short_names_a_proved_set(monkeypatch):
    # no time at all to shrink: the conflict named must still be proved (before: the model's
    # satisfiable candidate was printed as "the conflict")
    monkeypatch.setattr(budget, "CONFLICT_FLOOR", 0.0)
    board = parse_board(CANDIDATE.read_text())
    with pytest.raises(InconsistentBoard) as err:
        analyze(board, time_limit=1e-6)
    e = err.value
    assert not e.minimal
    assert conflict_is_unsat(board, e.conflict, e.uses_total)
    assert "not shown minimal" in str(e)


def test_conflict_with_time_is_minimal_and_proved():
    board = parse_board(CANDIDATE.read_text())
    with pytest.raises(InconsistentBoard) as err:
        analyze(board)
    e = err.value
    assert e.minimal and e.uses_total
    assert conflict_is_unsat(board, e.conflict, e.uses_total)
    assert not conflict_is_unsat(board, e.conflict, False)  # the total is needed
    # (that no single clue can be left out is the shrinker's claim, settled by its own SAT
    # answers; checking it again here needs the very counting arguments clause learning lacks)


def test_minimal_conflict_returns_only_answered_sets():
    """A backend whose cores are wrong (here: always empty) must not make a satisfiable set the
    answer: the core is confirmed by a call of its own before it is returned."""
    from cpsolve.proof import explain as ex
    from cpsolve.proof.backends.base import Backend

    board = parse_board(CANDIDATE.read_text())
    real_core = Backend.core

    def empty_core(self: Backend) -> list[int]:
        real_core(self)
        return []

    orig = ex.get_backend

    def lying(name: str):  # type: ignore[no-untyped-def]
        make = orig(name)

        def wrapped(system, guarded=()):  # type: ignore[no-untyped-def]
            b = make(system, guarded)
            b.core = empty_core.__get__(b)  # type: ignore[method-assign]
            return b
        return wrapped

    ex.get_backend = lying  # type: ignore[assignment]
    try:
        reason = ex.minimal_conflict(board, engine="sat", time_limit=30)
    finally:
        ex.get_backend = orig  # type: ignore[assignment]
    assert reason is not None and not reason.minimal
    from cpsolve.constraints import TOTAL, board_clues
    _, clues = board_clues(board)
    named = [(clues[s].row, clues[s].col) for s in reason.sources if s != TOTAL]
    assert conflict_is_unsat(board, named, TOTAL in reason.sources)


def test_inconsistent_json_has_every_key(capsys):
    status = main(["solve", "--json", str(REGRESS / "inconsistent-total.txt")])
    out, err = capsys.readouterr()
    assert status == 1
    doc = json.loads(out)
    ok = json.loads(_ok_document(capsys))
    assert set(ok) <= set(doc)
    assert doc["status"] == "inconsistent"
    assert doc["cells"] == [] and doc["proved_safe"] == [] and doc["proved_mine"] == []
    assert doc["exact"] is False and doc["best_guess"] is None
    assert doc["conflict"] and isinstance(doc["conflict_uses_total"], bool)
    assert doc["conflict_minimal"] is True


def _ok_document(capsys) -> str:  # type: ignore[no-untyped-def]
    assert main(["solve", "--json", str(BOARDS / "headline.txt")]) == 0
    return capsys.readouterr()[0]


# Intermediate positions whose forcing sets needed the total and took the shrinking past 10 s
# (clause learning cannot count; escalating to CP-SAT's LP relaxation settles them in ms).
@pytest.mark.parametrize("name, row, col", [("check-hard-154.txt", 6, 15), ("check-hard-343.txt", 13, 0)])
def test_forcing_set_minimal_within_the_default_budget(name, row, col):
    board = parse_board((REGRESS / name).read_text())
    ex = explain_cell(board, row, col)
    assert ex.verdict in ("safe", "mine") and ex.uses_total
    assert ex.minimal and not ex.timed_out
    cert = analyze(board).cell(row, col).proof
    assert cert is not None and cert.verdict == ex.verdict


def test_conflict_from_the_candidate_builds_a_small_system(monkeypatch):
    """A huge board with one impossible clue: the conflict is shrunk within the clues the model
    blamed (a system of those clues alone), never the whole board's system, which took seconds to
    build at 500x500 and overran the time limit; the conflict named is still proved (oracle)."""
    import cpsolve.proof.explain as ex
    from cpsolve.board import Board
    from cpsolve.simulate import midgame_positions

    board = next(iter(midgame_positions((120, 120, 2300), 1, seed=3))).board
    cells = list(board.cells)
    spoiled = next(i for i, v in enumerate(cells) if 0 < v < 8 and sum(
        1 for j in board.neighbours(i) if cells[j] < 0) < 8)
    cells[spoiled] = 8  # fewer than 8 covered neighbours: impossible on its own
    bad = Board(board.rows, board.cols, tuple(cells), board.mines)
    built: list[int] = []
    original = ex.board_system

    def spy(b, **kw):  # type: ignore[no-untyped-def]
        system, clues = original(b, **kw)
        built.append(len(system.cards))
        return system, clues

    monkeypatch.setattr(ex, "board_system", spy)
    with pytest.raises(InconsistentBoard) as err:
        analyze(bad)
    e = err.value
    assert e.minimal and e.conflict == [divmod(spoiled, bad.cols)] and not e.uses_total
    assert built and max(built) < 10  # the candidate's clues only (the board has thousands)
    assert conflict_is_unsat(bad, e.conflict, e.uses_total)
