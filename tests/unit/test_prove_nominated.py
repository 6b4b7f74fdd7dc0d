"""The core's propagation over its own model for the cells an exact count nominates
(:func:`cpsolve.proof.propagate.prove_nominated`, ``native/src/propagate/nominated.rs``) against
brute force (:mod:`cpsolve.verify`): on small boards, with every cell that brute force puts at
exactly 0 or 1 (and the simplifier left unfixed) nominated, whatever the core settles is exactly
those cells with those values; a proof said not to use the total holds without it (brute force of
the board with no total); and the sources are the ones the prover's own propagation-first pass over
its encoding gives (:func:`cpsolve.proof.prove_model` without ``nominates``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings

from cpsolve.board import BoardError
from cpsolve.constraints import Inconsistent, build_model
from cpsolve.proof import prove_model
from cpsolve.proof.propagate import prove_nominated
from cpsolve.simulate import played_positions
from cpsolve.verify.brute import TooLarge, brute_force
from tests.support.boardgen import consistent_boards

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(board) -> bool:  # type: ignore[no-untyped-def]
    """Checks one board; True when the core settled some nominated cell."""
    try:
        brute = brute_force(board)
        model = build_model(board)
    except (BoardError, Inconsistent, TooLarge):
        return False
    if not brute.z:
        return False
    hints = {c: Fraction(int(mine)) for c, mine in brute.forced().items() if c not in model.fixed}
    if not hints:
        return False
    got = prove_nominated(model, hints)
    if got is None:
        return False
    clues_alone = brute_force(replace(board, mines=None)).forced() if board.mines is not None else brute.forced()
    # (no total: the density prior puts a cell at 0 or 1 only where the clues force it)
    settled = {}
    for cells, mine, uses_total, _ in got:
        for c in cells:
            settled[c] = mine
            assert uses_total or clues_alone.get(c) == mine, c
            assert uses_total == (board.mines is not None and c not in clues_alone), c
    assert settled == {c: h == 1 for c, h in hints.items()}
    own = prove_model(model, hints=hints)  # the prover's pass over its encoding
    assert own.stats.propagation and own.stats.solver_calls == 0
    by_core = {c: (mine, sources, uses_total) for cells, mine, uses_total, sources in got for c in cells}
    for c, (mine, sources, uses_total) in by_core.items():
        cert = own.certainties[c]
        assert (cert.mine, cert.uses_total, cert.engine) == (mine, uses_total, "propagation")
        assert cert.clues == tuple(model.clue_cells(sources))
    return True


@SETTINGS
@given(data=consistent_boards())
def test_settled_cells_against_brute_force(data) -> None:  # type: ignore[no-untyped-def]
    _check(data[0])


def test_the_core_settles_some() -> None:
    # played Beginner positions where a count nominates cells (the checks above are not vacuous)
    settled = sum(_check(p.board) for p in played_positions("beginner", 200, 1))
    assert settled > 0
