"""The core's propagator (``native/src/propagate/``, through :mod:`tests.support.propagation_oracle`) against
brute force (:mod:`cpsolve.verify`): on small boards' original clues and total, a cell whose value
propagation refutes never takes it in any placement; the constraints propagate to a conflict only on
boards with no placement; a search with a budget that covers its whole tree finds a model with the
assumed value exactly when a placement has it, and a small budget may give up but never says
UNSAT or SAT wrongly. Every model returned meets every constraint."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from cpsolve import parse_board
from cpsolve.board import Board, BoardError
from cpsolve.encodings import board_system
from cpsolve.proof.propagate import Verdict
from cpsolve.verify.brute import brute_force
from tests.support.boardgen import any_boards, consistent_boards
from tests.support.propagation_oracle import Propagator

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WHOLE_TREE = 1 << 20


def _holds(system, model: tuple[bool, ...]) -> bool:  # type: ignore[no-untyped-def]
    return all(c.lo <= sum(1 for v in c.lits if model[v]) <= c.hi for c in system.cards)


def _check(board: Board) -> int:
    """Checks one board; returns how many (cell, value) pairs propagation alone refuted."""
    try:
        brute = brute_force(board)
        system, _ = board_system(board)
    except BoardError:
        return 0  # more trusted flags than mines: refused before any proof
    prop = Propagator(system)
    if not prop.ok:
        assert brute.z == 0, "propagation found a conflict on a board with a placement"
        assert prop.search({}) == (Verdict.UNSAT, None)
        return 0
    refuted = 0
    frontier = [v for v, c in enumerate(system.cells, start=1) if v != system.outside_var]
    for v in frontier:
        p = brute.probability[system.cells[v - 1]] if brute.z else None
        for x in (False, True):
            possible = p is not None and (p > 0 if x else p < 1)
            if prop.refutes(v, x):
                refuted += 1
                assert not possible, (v, x)
            verdict, model = prop.search({w: True for w in frontier[::2]}, nodes=WHOLE_TREE, assume=(v, x))
            assert verdict == (Verdict.SAT if possible else Verdict.UNSAT), (v, x)
            if model is not None:
                assert model[v] == x and _holds(system, model)
            verdict, model = prop.search({}, nodes=2, assume=(v, x))
            assert verdict in ((Verdict.SAT, Verdict.UNKNOWN) if possible else (Verdict.UNSAT, Verdict.UNKNOWN)), (v, x)
            if model is not None:
                assert model[v] == x and _holds(system, model)
    return refuted


@SETTINGS
@given(data=consistent_boards())
def test_propagation_against_brute_force(data) -> None:  # type: ignore[no-untyped-def]
    _check(data[0])


@SETTINGS
@given(board=any_boards())
def test_conflicts_only_without_placements(board: Board) -> None:
    _check(board)


def test_propagation_path_runs() -> None:
    # a 1 next to one covered cell: propagation alone refutes its being safe (the checks above are
    # not vacuous)
    assert _check(parse_board("mines: 1\n1 .\n")) == 1
